"""Behaviour descriptors: what kind of game a genome is, in terms a designer recognises.

The quality-diversity archive (``evolve.archive``) keeps the best game of every *niche*: a combination of
the descriptors below. Family, players, deck and decisions come from the live genome's structure; the
rest from the fitness breakdown (competent play and the ladder).

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
only): ``decoration`` < 0.1 ≤ ``matters``, ``unmeasured`` when not measured. **Deck**: the deck's size,
``52``, ``40``, ``32`` or ``24`` (``genome.cards.DeckType``). **Decisions** (decision kinds per turn): the
distinct kinds of phase the turn has (draw, play, trick, bidding, …: one a phase class), ``1``, ``2`` or
``3+``; what the rules ask of a turn, read from the genome so that every game has it (the judging's traced
``decision_kinds`` measures only the few judged games). **Hands** (hands dealt per game in greedy
self-play): ``one`` < 1.5 ≤ ``few`` < 6 ≤ ``many``: one deal, a short rubber, or a running score over many
hands.

**The archive's axes** (``niche_axes``): three descriptors; a game's *niche* is its values on them
(``Descriptors.cell``). By default (family, players, length): what a designer browses by. A descriptor a
designer's brief fixes (``evolve.brief.fixed_descriptors``) would hold one bin, so it is replaced, in its
place, by the first of ``SPARE_AXES`` the brief does not fix, in this order:

1. ``interaction``: the next question after "what kind of game" ("do I play against the others or
   beside them?"); measured on every game by greedy self-play, the same at the screening and the
   judging, so a game does not change niche when it is judged;
2. ``luck``: skill or chance, the question a designer asks of every game; measured on every game that
   passes the gate (the ladder's first rung at the screening, the second once judged: an elite keeps the
   niche it entered);
3. ``hands``: one deal or a score run over many, which a fixed playing time leaves open (a long hand or
   many short ones); measured on every game by greedy self-play, the same at the judging;
4. ``deck``: read from the genome, a property a designer states first in a rulebook and that players
   choose a game by (a piquet deck or a full one); after the measured ones since mutation changes it
   seldom, so its bins fill slowly;
5. ``decisions``: read from the genome; last, because it partly repeats the family (a trick game's turn
   is its trick phase).

A brief that fixes the default's family, players and length, the deck and interaction (3 players, a
32-card deck, a playing time and a wanted trick phase: every trick game reads interaction 1,
``evolve.brief``) therefore files games by (luck, hands, decisions). Without a brief the axes are the
default, so an old run's archive is rebuilt as it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from darwindeck.genome.cards import DeckType
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
DECK_BINS = tuple(str(deck.size) for deck in DeckType)
DECISION_BINS = ("1", "2", "3+")
HANDS_EDGES = (1.5, 6.0)
HANDS_BINS = ("one", "few", "many")
#: Every descriptor an archive axis may be, with its bins in order.
AXIS_BINS: dict[str, tuple[str, ...]] = {
    "family": FAMILIES,
    "players": PLAYER_BINS,
    "length": LENGTH_BINS,
    "interaction": INTERACTION_BINS,
    "luck": LUCK_BINS,
    "deck": DECK_BINS,
    "hands": HANDS_BINS,
    "decisions": DECISION_BINS,
}
#: The archive's axes without a brief (module docstring).
DEFAULT_AXES = ("family", "players", "length")
#: The descriptors that replace a fixed axis, in order (module docstring).
SPARE_AXES = ("interaction", "luck", "hands", "deck", "decisions")

Axes = tuple[str, str, str]
Niche = tuple[str, str, str]

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


def decisions_bin(genome: GameGenome) -> str:
    """The distinct kinds of phase of ``genome``'s turn, binned (module docstring).

    >>> from darwindeck.genome.library import get_game
    >>> [decisions_bin(get_game(name)) for name in ("whist", "hearts", "gin-rummy")]
    ['1', '2', '3+']
    """
    return DECISION_BINS[min(max(phase_kind_count(genome), 1), len(DECISION_BINS)) - 1]


def phase_kind_count(genome: GameGenome) -> int:
    """The distinct kinds of phase (one a phase class) of ``genome``'s turn: what the rules ask of a player
    (``elegance``'s ``phase_kinds`` charge reads it too)."""
    return len({type(phase) for phase in genome.phases})


def niche_axes(fixed: Collection[str] = ()) -> Axes:
    """The archive's axes when the descriptors ``fixed`` hold one bin (module docstring).

    >>> niche_axes(), niche_axes({"players"})
    (('family', 'players', 'length'), ('family', 'interaction', 'length'))
    >>> niche_axes({"family", "players", "length", "deck", "interaction"})
    ('luck', 'hands', 'decisions')
    """
    spares = [axis for axis in SPARE_AXES if axis not in fixed]
    chosen = [spares.pop(0) if axis in fixed and spares else axis for axis in DEFAULT_AXES]
    return (chosen[0], chosen[1], chosen[2])


@dataclass(frozen=True)
class Descriptors:
    """A game's descriptors (module docstring)."""

    family: str
    players: str
    length: str
    luck: str
    interaction: str
    hidden: str
    deck: str
    decisions: str
    hands: str

    def cell(self, axes: Axes = DEFAULT_AXES) -> Niche:
        """The game's niche on the archive's ``axes`` (names of ``AXIS_BINS``)."""
        values = dataclasses.asdict(self)
        return (values[axes[0]], values[axes[1]], values[axes[2]])


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
        deck=str(genome.setup.initial_deck.size),
        decisions=decisions_bin(genome),
        hands=_bin(breakdown.get("hands_per_game", 1.0), HANDS_EDGES, HANDS_BINS),
    )
