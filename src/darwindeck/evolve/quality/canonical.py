"""The canonical form of a genome: one way of writing each game, so that identity means "same rules".

``canonical(genome)`` rewrites only what the engine's semantics make order- or repetition-free, and
plays exactly the same games (a test replays every library game both ways):

* special effects: one per rank (the last listed wins, as in the engine), sorted by rank;
* card-scoring rules: sorted (their points add up whatever the order);
* conditions: a compound's operands of the same logic are flattened into it, duplicates dropped, the
  operands sorted, and a compound of one operand replaced by the operand;
* wild ranks: sorted, without repeats; hand-evaluation patterns: in the standard order, without repeats;
* teams: members in seat order, teams ordered by their first seat;
* a trick phase's trump equal to the setup's trump is dropped (the setup's applies anyway).

Phases and win conditions keep their order: both are meaningful (turn order; the first win condition
met ends the game).
"""

from __future__ import annotations

import dataclasses

from darwindeck.genome.conditions import CompoundCondition, ConditionLike
from darwindeck.genome.phases import DiscardPhase, DrawPhase, Phase, PlayPhase, TrickPhase
from darwindeck.genome.schema import GameGenome, HandPattern, Scoring, SpecialEffect


def canonical_condition(condition: ConditionLike) -> ConditionLike:
    """Flattened, deduplicated, sorted (module docstring)."""
    if not isinstance(condition, CompoundCondition):
        return condition
    operands: list[ConditionLike] = []
    for operand in condition.conditions:
        child = canonical_condition(operand)
        if isinstance(child, CompoundCondition) and child.logic is condition.logic:
            operands.extend(child.conditions)
        else:
            operands.append(child)
    unique = sorted(set(operands), key=repr)
    if len(unique) == 1:
        return unique[0]
    return CompoundCondition(condition.logic, tuple(unique))


def _optional(condition: ConditionLike | None) -> ConditionLike | None:
    return None if condition is None else canonical_condition(condition)


def _canonical_phase(phase: Phase, setup_trump: object) -> Phase:
    if isinstance(phase, DrawPhase):
        return dataclasses.replace(phase, condition=_optional(phase.condition))
    if isinstance(phase, PlayPhase):
        return dataclasses.replace(phase, valid_play_condition=_optional(phase.valid_play_condition))
    if isinstance(phase, DiscardPhase):
        return dataclasses.replace(phase, matching_condition=_optional(phase.matching_condition))
    if isinstance(phase, TrickPhase) and setup_trump is not None and phase.trump_suit is setup_trump:
        return dataclasses.replace(phase, trump_suit=None)
    return phase


def _effects(effects: tuple[SpecialEffect, ...]) -> tuple[SpecialEffect, ...]:
    last = {effect.trigger_rank: effect for effect in effects}
    return tuple(last[rank] for rank in sorted(last, key=lambda rank: rank.code))


def canonical(genome: GameGenome) -> GameGenome:
    """``genome`` in canonical form (module docstring)."""
    setup = genome.setup
    phases = tuple(_canonical_phase(phase, setup.trump_suit) for phase in genome.phases)
    card_rules = genome.scoring.card_rules
    scored = (dataclasses.replace(r, condition=canonical_condition(r.condition)) for r in card_rules)
    rules = tuple(sorted(scored, key=repr))
    evaluation = genome.scoring.hand_evaluation
    if evaluation is not None:
        patterns = tuple(p for p in HandPattern if p in evaluation.patterns)
        evaluation = dataclasses.replace(evaluation, patterns=patterns)
    teams = tuple(sorted((tuple(sorted(team)) for team in genome.teams), key=lambda team: team[:1]))
    wild = tuple(sorted(set(setup.wild_cards), key=lambda rank: rank.code))
    return genome.replace(
        setup=dataclasses.replace(setup, wild_cards=wild),
        turn_structure=dataclasses.replace(genome.turn_structure, phases=phases),
        special_effects=_effects(genome.special_effects),
        scoring=Scoring(rules, evaluation),
        teams=teams,
    )
