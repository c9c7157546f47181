"""Condition operators, and the random conditions other families use.

A *slot* is a place that holds a condition: a draw phase's ``condition``, a play phase's
``valid_play_condition``, a discard phase's ``matching_condition`` (all optional) and a card-scoring
rule's ``condition`` (required). Each slot allows a pool of condition types (``slot_pool``):

* a draw from the deck judges no card: state tests only (``STATE_TYPES``);
* a play, a discard, or a draw from elsewhere: card tests and state tests;
* a scoring rule: ``card_is_rank`` / ``card_is_suit`` (what a scoring card is);
* ``hand_value`` joins the state tests only when ``scoring.hand_evaluation`` exists.

``random_condition`` shapes a condition as ``genome.conditions`` documents its type: numeric types get an
operator and a value (hand_size 0..10, location_size 0..20, score_compare 0..100, hand_value 0..30),
counted types a count (sets 2..4, runs 3..5), ranks come from the game's deck, location types name a
place, card comparisons a reference card.

* ``mutate_condition`` (``MutateConditionMutation``): one simple condition of one slot: with probability
  ¼ replaced by a new random condition of the slot's pool; otherwise its value (±1 within its range,
  another rank / suit), its operator, or its reference is redrawn; a condition with none of those is
  replaced.
* ``add_condition`` (``AddConditionMutation``): an empty slot gets a random condition; a filled one
  becomes AND / OR of its condition and a new one (a compound gains a member instead), at most
  ``MAX_LEAVES`` simple conditions per slot.
* ``remove_condition`` (``RemoveConditionMutation``): one member of a compound leaves it (a compound left
  with one member becomes that member); a simple condition in an optional slot is cleared.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Literal

from darwindeck.evolve.mutations._edit import nudge, other_choice, removed_at, replaced_at, with_phases
from darwindeck.genome.cards import Location, Suit
from darwindeck.genome.conditions import (
    CARD_REFERENCE_TYPES,
    CARD_TESTS,
    COUNTED,
    NUMERIC,
    RANK_VALUED,
    SUIT_VALUED,
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    ConditionValue,
    Logic,
    Operator,
    Reference,
    iter_conditions,
)
from darwindeck.genome.phases import DiscardPhase, DrawPhase, Phase, PlayPhase
from darwindeck.genome.schema import CardScoringRule, GameGenome, Scoring

#: Types that need no candidate card and no hand evaluation.
STATE_TYPES: tuple[ConditionType, ...] = tuple(
    kind for kind in ConditionType if kind not in CARD_TESTS and kind is not ConditionType.HAND_VALUE
)
CARD_TYPES: tuple[ConditionType, ...] = tuple(kind for kind in ConditionType if kind in CARD_TESTS)
SCORING_TYPES = (ConditionType.CARD_IS_RANK, ConditionType.CARD_IS_SUIT)
MAX_LEAVES = 4

NUMERIC_RANGES: dict[ConditionType, tuple[int, int]] = {
    ConditionType.HAND_SIZE: (0, 10),
    ConditionType.LOCATION_SIZE: (0, 20),
    ConditionType.SCORE_COMPARE: (0, 100),
    ConditionType.HAND_VALUE: (0, 30),
}
COUNT_RANGES: dict[ConditionType, tuple[int, int]] = {
    ConditionType.HAS_SET_OF_N: (2, 4),
    ConditionType.HAS_RUN_OF_N: (3, 5),
}
CARD_REFERENCES = (Reference.TOP_DISCARD, Reference.TABLEAU_TOP, Reference.LEAD_CARD, Reference.LAST_PLAYED)
PLACE_REFERENCES = (
    Reference.HAND,
    Reference.DECK,
    Reference.DISCARD,
    Reference.TABLEAU,
    Reference.CAPTURED,
    Reference.OPPONENT_HAND,
)
LOCATION_TYPES = (ConditionType.LOCATION_EMPTY, ConditionType.LOCATION_SIZE)

Path = tuple[int, ...]


@dataclass(frozen=True)
class Slot:
    """A place holding a condition: ``phase`` index or scoring ``rule`` index."""

    kind: Literal["phase", "rule"]
    index: int


# ------------------------------------------------------------------------------------- random conditions


def card_references(genome: GameGenome) -> tuple[Reference, ...]:
    """The cards a card test may compare with: the card turned up for trumps too when one is."""
    turned = (Reference.TURNED_CARD,) if genome.setup.turned_trump is not None else ()
    return CARD_REFERENCES + turned


def random_condition(rng: random.Random, genome: GameGenome, pool: tuple[ConditionType, ...]) -> Condition:
    """A new simple condition of a type from ``pool``, shaped as its type requires."""
    kind = rng.choice(pool)
    if kind in NUMERIC:
        low, high = NUMERIC_RANGES[kind]
        reference = rng.choice(PLACE_REFERENCES) if kind is ConditionType.LOCATION_SIZE else None
        return Condition(kind, rng.choice(list(Operator)), rng.randint(low, high), reference)
    if kind in COUNTED:
        low, high = COUNT_RANGES[kind]
        return Condition(kind, None, rng.randint(low, high))
    if kind in RANK_VALUED:
        return Condition(kind, None, rng.choice(genome.setup.initial_deck.ranks()))
    if kind in SUIT_VALUED:
        return Condition(kind, None, rng.choice(list(Suit)))
    if kind in LOCATION_TYPES:
        return Condition(kind, None, None, rng.choice(PLACE_REFERENCES))
    if kind in CARD_REFERENCE_TYPES:
        return Condition(kind, None, None, rng.choice(card_references(genome)))
    return Condition(kind)


def state_pool(genome: GameGenome) -> tuple[ConditionType, ...]:
    """The state tests, with ``hand_value`` when the game evaluates hands."""
    extra = (ConditionType.HAND_VALUE,) if genome.scoring.hand_evaluation is not None else ()
    return STATE_TYPES + extra


def slot_pool(genome: GameGenome, slot: Slot) -> tuple[ConditionType, ...]:
    if slot.kind == "rule":
        return SCORING_TYPES
    phase = genome.phases[slot.index]
    if isinstance(phase, DrawPhase) and phase.source is Location.DECK:
        return state_pool(genome)
    return CARD_TYPES + state_pool(genome)


# -------------------------------------------------------------------------------------------- slots


def condition_slots(genome: GameGenome) -> list[Slot]:
    """Every slot of the genome, phases first, in order."""
    slots = [
        Slot("phase", i)
        for i, phase in enumerate(genome.phases)
        if isinstance(phase, DrawPhase | PlayPhase | DiscardPhase)
    ]
    return slots + [Slot("rule", i) for i in range(len(genome.scoring.card_rules))]


def slot_condition(genome: GameGenome, slot: Slot) -> ConditionLike | None:
    if slot.kind == "rule":
        return genome.scoring.card_rules[slot.index].condition
    phase = genome.phases[slot.index]
    if isinstance(phase, DrawPhase):
        return phase.condition
    if isinstance(phase, PlayPhase):
        return phase.valid_play_condition
    if isinstance(phase, DiscardPhase):
        return phase.matching_condition
    raise ValueError(f"turn_structure.phases[{slot.index}] holds no condition")


def with_slot_condition(genome: GameGenome, slot: Slot, condition: ConditionLike | None) -> GameGenome:
    if slot.kind == "rule":
        if condition is None:
            raise ValueError(f"scoring.card_rules[{slot.index}].condition is required")
        rules = genome.scoring.card_rules
        rule = dataclasses.replace(rules[slot.index], condition=condition)
        return genome.replace(scoring=_with_rules(genome.scoring, replaced_at(rules, slot.index, rule)))
    phase = genome.phases[slot.index]
    changed: Phase
    if isinstance(phase, DrawPhase):
        changed = dataclasses.replace(phase, condition=condition)
    elif isinstance(phase, PlayPhase):
        changed = dataclasses.replace(phase, valid_play_condition=condition)
    elif isinstance(phase, DiscardPhase):
        changed = dataclasses.replace(phase, matching_condition=condition)
    else:
        raise ValueError(f"turn_structure.phases[{slot.index}] holds no condition")
    return with_phases(genome, replaced_at(genome.phases, slot.index, changed))


def _with_rules(scoring: Scoring, rules: tuple[CardScoringRule, ...]) -> Scoring:
    return dataclasses.replace(scoring, card_rules=rules)


# ------------------------------------------------------------------------------------ tree editing


def leaf_paths(condition: ConditionLike, prefix: Path = ()) -> list[Path]:
    """The path (child indices) of every simple condition in the tree, depth first."""
    if isinstance(condition, Condition):
        return [prefix]
    paths: list[Path] = []
    for i, child in enumerate(condition.conditions):
        paths.extend(leaf_paths(child, (*prefix, i)))
    return paths


def compound_paths(condition: ConditionLike, prefix: Path = ()) -> list[Path]:
    """The path of every compound condition in the tree, depth first."""
    if isinstance(condition, Condition):
        return []
    paths = [prefix]
    for i, child in enumerate(condition.conditions):
        paths.extend(compound_paths(child, (*prefix, i)))
    return paths


def node_at(condition: ConditionLike, path: Path) -> ConditionLike:
    for index in path:
        assert isinstance(condition, CompoundCondition)
        condition = condition.conditions[index]
    return condition


def replace_node(condition: ConditionLike, path: Path, new: ConditionLike) -> ConditionLike:
    if not path:
        return new
    assert isinstance(condition, CompoundCondition)
    head, rest = path[0], path[1:]
    child = replace_node(condition.conditions[head], rest, new)
    return CompoundCondition(condition.logic, replaced_at(condition.conditions, head, child))


# ------------------------------------------------------------------------------------------ operators


def tweaked_condition(rng: random.Random, genome: GameGenome, condition: Condition) -> Condition | None:
    """``condition`` with its value, operator or reference redrawn; None when it has none of them."""
    kind = condition.type
    choices: list[str] = []
    if condition.value is not None:
        choices.append("value")
    if kind in NUMERIC:
        choices.append("operator")
    if condition.reference is not None and (kind in LOCATION_TYPES or kind in CARD_REFERENCE_TYPES):
        choices.append("reference")
    if not choices:
        return None
    field = rng.choice(choices)
    if field == "operator":
        return dataclasses.replace(condition, operator=other_choice(rng, list(Operator), condition.operator))
    if field == "reference":
        references = PLACE_REFERENCES if kind in LOCATION_TYPES else card_references(genome)
        return dataclasses.replace(condition, reference=other_choice(rng, references, condition.reference))
    return dataclasses.replace(condition, value=_tweaked_value(rng, genome, condition))


def _tweaked_value(rng: random.Random, genome: GameGenome, condition: Condition) -> ConditionValue:
    kind, value = condition.type, condition.value
    if kind in RANK_VALUED:
        return other_choice(rng, genome.setup.initial_deck.ranks(), value)
    if kind in SUIT_VALUED:
        return other_choice(rng, list(Suit), value)
    low, high = NUMERIC_RANGES.get(kind) or COUNT_RANGES.get(kind) or (0, 52)
    assert isinstance(value, int)
    return nudge(rng, value, min(low, value), max(high, value))


def mutate_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    filled = [slot for slot in condition_slots(genome) if slot_condition(genome, slot) is not None]
    if not filled:
        return genome
    slot = rng.choice(filled)
    tree = slot_condition(genome, slot)
    assert tree is not None
    path = rng.choice(leaf_paths(tree))
    leaf = node_at(tree, path)
    assert isinstance(leaf, Condition)
    new = tweaked_condition(rng, genome, leaf) if rng.random() >= 0.25 else None
    if new is None:
        new = random_condition(rng, genome, slot_pool(genome, slot))
    return with_slot_condition(genome, slot, replace_node(tree, path, new))


def add_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    slots = [
        slot
        for slot in condition_slots(genome)
        if len(iter_conditions(slot_condition(genome, slot))) < MAX_LEAVES
    ]
    if not slots:
        return genome
    slot = rng.choice(slots)
    tree = slot_condition(genome, slot)
    new = random_condition(rng, genome, slot_pool(genome, slot))
    if tree is None:
        return with_slot_condition(genome, slot, new)
    if isinstance(tree, CompoundCondition) and rng.random() < 0.5:
        path = rng.choice(compound_paths(tree))
        node = node_at(tree, path)
        assert isinstance(node, CompoundCondition)
        grown = CompoundCondition(node.logic, (*node.conditions, new))
        return with_slot_condition(genome, slot, replace_node(tree, path, grown))
    return with_slot_condition(genome, slot, CompoundCondition(rng.choice(list(Logic)), (tree, new)))


def remove_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    removable = [
        slot
        for slot in condition_slots(genome)
        if isinstance(slot_condition(genome, slot), CompoundCondition)
        or (slot.kind == "phase" and slot_condition(genome, slot) is not None)
    ]
    if not removable:
        return genome
    slot = rng.choice(removable)
    tree = slot_condition(genome, slot)
    if isinstance(tree, Condition):
        return with_slot_condition(genome, slot, None)
    assert tree is not None
    path = rng.choice(compound_paths(tree))
    node = node_at(tree, path)
    assert isinstance(node, CompoundCondition)
    members = removed_at(node.conditions, rng.randrange(len(node.conditions)))
    shrunk = members[0] if len(members) == 1 else CompoundCondition(node.logic, members)
    return with_slot_condition(genome, slot, replace_node(tree, path, shrunk))
