"""Novelty: a structural distance between genomes, read from their features.

``genome_distance(a, b)`` is a weighted sum of ten feature distances, each in [0, 1], so the result is
in [0, 1]. It reads only rules (never ``name`` or ``description``), so a relabelled game is at distance
0 from its original, ``genome_distance(g, g) == 0``, and every term is symmetric.

==============  ======  ==============================================================================
feature         weight  distance
==============  ======  ==============================================================================
phases          0.25    edit (Levenshtein) distance between the sequences of phase kinds (draw, play,
                        …), divided by the longer sequence's length
tableau mode    0.05    0 when equal, else 1
win types       0.15    Jaccard distance between the sets of win types
effects         0.10    over the union of trigger ranks (the last effect listed per rank, as played):
                        0 same type, target and value; ½ same type only; 1 otherwise or absent on one
                        side; the mean (0 when neither game has effects)
teams           0.05    0 both individual, or both team games with the same team sizes; ½ team games
                        with other sizes; 1 one team game and one individual game
bidding         0.05    0 when both or neither have a bidding phase, else 1
scoring         0.10    Jaccard distance between the sets of scoring items: each card rule as (trigger,
                        condition, sign of its points) and the hand-evaluation method (0 when neither
                        scores cards)
deck            0.05    0 when the decks are equal (the genome's deck type; a published game's own deck,
                        ``evolve.published``), else 1
player count    0.05    |difference| / 4, at most 1 (the mutation range is 2..6)
numbers         0.15    mean absolute difference of normalised numbers: share of the deck dealt
                        (cards × players / deck size), log max_turns / log 65535, wild ranks / 13,
                        a trump suit (0/1), betting chips (0/1)
==============  ======  ==============================================================================

``features`` also records what the words need and the distance does not read (the deck's size, the
cards dealt to each player). ``scoring_item`` is the one encoding of a card-scoring rule, shared with the
published corpus: (trigger, the condition's ``repr``, whether the points are positive).

``edit_script(a, b)`` is one cheapest Levenshtein edit from ``a`` to ``b`` (what ``evolve.differences``
puts in words).

How far a genome is from the published corpus (the library and the described published games) is
``published.nearest_known``; from its peers in a generation, ``ga.population_novelty``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from darwindeck.genome.cards import Rank
from darwindeck.genome.conditions import ConditionLike
from darwindeck.genome.identity import PHASE_KIND_NAMES
from darwindeck.genome.phases import BettingPhase, BiddingPhase
from darwindeck.genome.schema import (
    EffectType,
    GameGenome,
    ScoringTrigger,
    TableauMode,
    TargetSelector,
    WinType,
)
from darwindeck.genome.validation import MAX_TURNS

WEIGHTS: dict[str, float] = {
    "phases": 0.25,
    "tableau_mode": 0.05,
    "win_types": 0.15,
    "effects": 0.10,
    "teams": 0.05,
    "bidding": 0.05,
    "scoring": 0.10,
    "deck": 0.05,
    "player_count": 0.05,
    "numbers": 0.15,
}
PLAYER_SPAN = 4


@dataclass(frozen=True)
class Features:
    """What ``genome_distance`` compares, read once per genome."""

    phase_kinds: tuple[str, ...]
    tableau_mode: TableauMode
    win_types: frozenset[WinType]
    effects: Mapping[Rank, tuple[EffectType, TargetSelector, int]]
    team_sizes: tuple[int, ...] | None
    bidding: bool
    scoring_items: frozenset[Hashable]
    deck: str
    player_count: int
    numbers: tuple[float, ...]
    deck_size: int = 0
    cards_dealt: int = 0


def scoring_item(trigger: ScoringTrigger, condition: ConditionLike, positive: bool) -> Hashable:
    """A card-scoring rule as the scoring feature reads it (module docstring)."""
    return (trigger, repr(condition), positive)


def number_features(
    dealt: float, max_turns: int, wild_ranks: int, trump: bool, chips: bool
) -> tuple[float, ...]:
    """The numbers feature: share of the deck dealt (at most 1), log turn limit / log 65535, wild ranks /
    13, a fixed trump suit, betting chips."""
    turns = math.log(max(1, max_turns)) / math.log(MAX_TURNS)
    return (min(1.0, dealt), turns, wild_ranks / 13, float(trump), float(chips))


@functools.lru_cache(maxsize=4096)
def features(genome: GameGenome) -> Features:
    """The features of ``genome`` (cached: genomes are frozen values)."""
    setup = genome.setup
    phases = genome.phases
    trump = setup.trump_suit is not None or any(getattr(p, "trump_suit", None) is not None for p in phases)
    numbers = number_features(
        setup.cards_per_player * genome.player_count / setup.initial_deck.size,
        genome.max_turns,
        len(set(setup.wild_cards)),
        trump,
        setup.starting_chips > 0 and any(isinstance(p, BettingPhase) for p in phases),
    )
    rules = {
        scoring_item(rule.trigger, rule.condition, rule.points > 0) for rule in genome.scoring.card_rules
    }
    evaluation = genome.scoring.hand_evaluation
    items: set[Hashable] = {*rules, ("hand_evaluation", evaluation.method)} if evaluation else set(rules)
    return Features(
        phase_kinds=tuple(PHASE_KIND_NAMES[type(phase)] for phase in phases),
        tableau_mode=setup.tableau_mode,
        win_types=frozenset(win.type for win in genome.win_conditions),
        effects={e.trigger_rank: (e.effect_type, e.target, e.value) for e in genome.special_effects},
        team_sizes=tuple(sorted(len(team) for team in genome.teams)) if genome.team_mode else None,
        bidding=any(isinstance(phase, BiddingPhase) for phase in phases),
        scoring_items=frozenset(items),
        deck=setup.initial_deck.value,
        player_count=genome.player_count,
        numbers=numbers,
        deck_size=setup.initial_deck.size,
        cards_dealt=setup.cards_per_player,
    )


def edit_distance(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Levenshtein distance: insertions, deletions and substitutions, each costing 1."""
    previous = list(range(len(b) + 1))
    for i, item in enumerate(a, start=1):
        current = [i]
        for j, other in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (item != other)))
        previous = current
    return previous[-1]


@dataclass(frozen=True)
class Edit:
    """One step of an edit script from ``a`` to ``b``: ``old`` (from ``a``) replaced by ``new`` (in
    ``b``), ``old`` None for an insertion, ``new`` None for a deletion; ``index`` is the position in ``b``
    (for a deletion, where the removed item would have stood)."""

    old: str | None
    new: str | None
    index: int


def edit_script(a: Sequence[str], b: Sequence[str]) -> list[Edit]:
    """One cheapest edit from ``a`` to ``b`` (its length is ``edit_distance(a, b)``), read from the end;
    on ties a match is preferred, then a deletion, an insertion, a substitution (so equal phases stay
    matched and the words name what was added and removed)."""
    rows = [list(range(len(b) + 1))]
    for i, item in enumerate(a, start=1):
        row = [i]
        for j, other in enumerate(b, start=1):
            row.append(min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (item != other)))
        rows.append(row)
    edits: list[Edit] = []
    i, j = len(a), len(b)
    while i or j:
        if i and j and a[i - 1] == b[j - 1] and rows[i][j] == rows[i - 1][j - 1]:
            i, j = i - 1, j - 1
        elif i and rows[i][j] == rows[i - 1][j] + 1:
            edits.append(Edit(a[i - 1], None, j))
            i -= 1
        elif j and rows[i][j] == rows[i][j - 1] + 1:
            edits.append(Edit(None, b[j - 1], j - 1))
            j -= 1
        else:
            edits.append(Edit(a[i - 1], b[j - 1], j - 1))
            i, j = i - 1, j - 1
    return edits[::-1]


def jaccard_distance(a: frozenset[Hashable], b: frozenset[Hashable]) -> float:
    """1 − |a ∩ b| / |a ∪ b|; 0 for two empty sets."""
    union = a | b
    return 1.0 - len(a & b) / len(union) if union else 0.0


def _effects_distance(a: Features, b: Features) -> float:
    ranks = set(a.effects) | set(b.effects)
    if not ranks:
        return 0.0
    total = 0.0
    for rank in ranks:
        left, right = a.effects.get(rank), b.effects.get(rank)
        if left is None or right is None or left[0] != right[0]:
            total += 1.0
        elif left != right:
            total += 0.5
    return total / len(ranks)


def _teams_distance(a: Features, b: Features) -> float:
    if a.team_sizes == b.team_sizes:
        return 0.0
    return 1.0 if a.team_sizes is None or b.team_sizes is None else 0.5


def feature_distances(a: Features, b: Features) -> dict[str, float]:
    """Each feature's distance in [0, 1], by the names of ``WEIGHTS``."""
    longest = max(len(a.phase_kinds), len(b.phase_kinds), 1)
    numbers = sum(abs(x - y) for x, y in zip(a.numbers, b.numbers, strict=True)) / len(a.numbers)
    return {
        "phases": edit_distance(a.phase_kinds, b.phase_kinds) / longest,
        "tableau_mode": float(a.tableau_mode != b.tableau_mode),
        "win_types": jaccard_distance(a.win_types, b.win_types),
        "effects": _effects_distance(a, b),
        "teams": _teams_distance(a, b),
        "bidding": float(a.bidding != b.bidding),
        "scoring": jaccard_distance(a.scoring_items, b.scoring_items),
        "deck": float(a.deck != b.deck),
        "player_count": min(1.0, abs(a.player_count - b.player_count) / PLAYER_SPAN),
        "numbers": numbers,
    }


def features_distance(a: Features, b: Features) -> float:
    """The weighted structural distance of the module table between two feature records, in [0, 1]."""
    distances = feature_distances(a, b)
    return min(1.0, sum(WEIGHTS[name] * distance for name, distance in distances.items()))


def genome_distance(a: GameGenome, b: GameGenome) -> float:
    """The weighted structural distance of the module table, in [0, 1]."""
    return features_distance(features(a), features(b))
