"""Behaviour descriptors: what kind of game a genome is, in terms a designer recognises.

The quality-diversity archive (``evolve.archive``) keeps the best game of every *niche*: a combination of
the descriptors below. Family and players come from the live genome's structure; the rest from the
fitness breakdown (competent play and the ladder).

**Family** (the first that applies, in this order):

==============  ========================================================================================
bidding         a bidding or auction phase (contracts: Spades, Bridge)
betting         a betting phase (chips and a showdown: poker)
claiming        a claim phase (bluffing: Cheat)
trick-taking    a trick phase (Hearts, Whist)
capture         a match-rank tableau, or a capture win (``capture_all``, ``most_captured``) (Scopa)
collecting      a hand evaluation decides (``best_hand``, a hand-value condition, a knock): sets, melds,
                deadwood, point totals (Gin Rummy, Blackjack)
shedding        an empty-hand win (Crazy Eights, President)
other           anything else (War)
==============  ========================================================================================

**Players**: 2, 3 or "4+". **Length** (meaningful decisions per game in greedy self-play):
``short`` < 30 ≤ ``medium`` < 120 ≤ ``long``. **Luck** (the ladder's luck share): ``skill`` < 0.33 ≤
``mixed`` < 0.66 ≤ ``luck``. **Interaction** (interaction events per turn): ``solitary`` < 0.2 ≤
``some`` < 0.6 ≤ ``direct``. **Hidden information** (the sees-all searcher's skill share, judged games
only): ``decoration`` < 0.1 ≤ ``matters``, ``unmeasured`` when not measured.

The archive's niche is (family, players, length): what a designer browses by. Luck, interaction and
hidden information are shown beside every game of the gallery.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from darwindeck.genome.conditions import ConditionType, iter_conditions
from darwindeck.genome.phases import (
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    Phase,
    PlayPhase,
    TrickPhase,
)
from darwindeck.genome.schema import GameGenome, TableauMode, WinType

FAMILIES = ("bidding", "betting", "claiming", "trick-taking", "capture", "collecting", "shedding", "other")
PLAYER_BINS = ("2", "3", "4+")
LENGTH_BINS = ("short", "medium", "long")
LENGTH_EDGES = (30.0, 120.0)
LUCK_EDGES = (0.33, 0.66)
INTERACTION_EDGES = (0.2, 0.6)
INTERACTION_BINS = ("solitary", "some", "direct")
LUCK_BINS = ("skill", "mixed", "luck")
HIDDEN_EDGE = 0.1

_CAPTURE_WINS = {WinType.CAPTURE_ALL, WinType.MOST_CAPTURED}


def _uses_hand_value(genome: GameGenome) -> bool:
    conditions = []
    for phase in genome.phases:
        if isinstance(phase, DrawPhase):
            conditions.append(phase.condition)
        elif isinstance(phase, PlayPhase):
            conditions.append(phase.valid_play_condition)
        elif isinstance(phase, DiscardPhase):
            conditions.append(phase.matching_condition)
    simple = [part for condition in conditions for part in iter_conditions(condition)]
    return any(part.type is ConditionType.HAND_VALUE for part in simple)


def _knocks(phases: tuple[Phase, ...]) -> bool:
    return any(isinstance(p, KnockPhase) for p in phases)


def family(genome: GameGenome) -> str:
    """The mechanics family of ``genome`` (module table)."""
    phases = genome.phases
    wins = {condition.type for condition in genome.win_conditions}
    checks = (
        ("bidding", any(isinstance(p, BiddingPhase | AuctionPhase) for p in phases)),
        ("betting", any(isinstance(p, BettingPhase) for p in phases)),
        ("claiming", any(isinstance(p, ClaimPhase) for p in phases)),
        ("trick-taking", any(isinstance(p, TrickPhase) for p in phases)),
        ("capture", genome.setup.tableau_mode is TableauMode.MATCH_RANK or bool(wins & _CAPTURE_WINS)),
        ("collecting", WinType.BEST_HAND in wins or _uses_hand_value(genome) or _knocks(phases)),
        ("shedding", WinType.EMPTY_HAND in wins),
    )
    return next((name for name, applies in checks if applies), "other")


def _bin(value: float, edges: tuple[float, ...], names: tuple[str, ...]) -> str:
    for edge, name in zip(edges, names, strict=False):
        if value < edge:
            return name
    return names[len(edges)]


def players_bin(genome: GameGenome) -> str:
    return PLAYER_BINS[min(genome.player_count, 4) - 2]


@dataclass(frozen=True)
class Descriptors:
    """A game's descriptors (module docstring)."""

    family: str
    players: str
    length: str
    luck: str
    interaction: str
    hidden: str

    @property
    def niche(self) -> tuple[str, str, str]:
        """The archive's niche: (family, players, length)."""
        return (self.family, self.players, self.length)


def describe(genome: GameGenome, breakdown: Mapping[str, float]) -> Descriptors:
    """The descriptors of the live ``genome`` from its fitness breakdown."""
    hidden = breakdown.get("hidden_information")
    return Descriptors(
        family=family(genome),
        players=players_bin(genome),
        length=_bin(breakdown.get("meaningful_decisions", 0.0), LENGTH_EDGES, LENGTH_BINS),
        luck=_bin(breakdown.get("luck", 1.0), LUCK_EDGES, LUCK_BINS),
        interaction=_bin(breakdown.get("interaction", 0.0), INTERACTION_EDGES, INTERACTION_BINS),
        hidden="unmeasured" if hidden is None else ("decoration" if hidden < HIDDEN_EDGE else "matters"),
    )
