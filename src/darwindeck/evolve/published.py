"""The published corpus: the library's games and descriptions of further published card games, in the
feature space of ``novelty``, and each genome's nearest known game.

**The corpus** (``corpus()``) is the library's games (their genomes' ``novelty.features``) and the
``PUBLISHED`` descriptions: published games the genome language cannot (yet) state, each written as
data: name, family (the classification of pagat.com: point-trick, plain-trick, climbing, …), the usual
number of players, its deck, the cards dealt to each, and its mechanisms in the features the distance
reads, with the rules reference the facts come from. A description becomes a ``novelty.Features``
record with this encoding:

* **phases**: the phase kinds of a turn, in order, in the genome's words (``genome.identity
  .PHASE_KIND_NAMES``): ``auction`` for bidding to win a contract or the declarer's seat (Skat, 500,
  Dou Dizhu), ``bidding`` for a bid of a number of tricks (Oh Hell), ``trump`` for choosing trumps from
  a turned card (Belote), ``play`` for laying cards to the table (climbing, melding, building, beating),
  ``trick`` for a trick, ``draw``/``discard`` for the stock and the exchange, ``betting`` for each betting
  round, ``count`` for Cribbage's counting play, ``pass`` for an exchange of cards between players;
* **deck**: a deck type's value for the four decks genomes use (``standard_52``, ``piquet_32``,
  ``euchre_24``, ``italian_40``); any other deck by its own name and size (``DECKS``: Pinochle's 48, a
  36-card 6–A pack, two packs with jokers …); two decks are equal only when their names are;
* **wins**, **tableau**, **effects** (rank → effect, target, value), **teams** as in a genome;
* **scoring**: card-scoring rules made by ``novelty.scoring_item`` from the same condition constructors
  the library uses (``genome.library.parts``), and hand evaluations as ``("hand_evaluation", method)``,
  so a published rule and a genome's equal rule are one item;
* **numbers**: cards dealt × players / deck size; a turn limit of ``PUBLISHED_TURNS`` (1000, the
  library's most common limit: a turn limit is an engine limit, not a rule of the published game, and
  moves the distance by at most 0.03 here); wild ranks; a suit that is trumps by rule (a turned or bid
  trump is not fixed, as in genomes); betting chips.

Where a published rule has no word in the feature space, the nearest is used and the description says
so in its ``note`` (a Rook counter 14 counted as an ace, a slap as a play).

**Nearest known game** (``nearest_known(genome)``): the corpus entry at the smallest
``novelty.features_distance`` (ties by slug), with ``differences.describe_difference`` saying how the
genome differs, and ``rediscovery`` when the distance is below ``REDISCOVERY_DISTANCE`` (0.08): one
parameter of a known game changed (the players, the deck, a team split, a second win condition, a phase
of a long turn), which the corpus's own close pairs show is how published variants differ (Omnibus Hearts
is 0.033 from Hearts, Black Maria 0.063); a mechanism stapled onto a game of up to three phases (a
phase costs 0.25 / its number of phases ≥ 0.083, a new special effect 0.10, a replaced win 0.15) is
past it. ``exclude`` leaves entries out (a library game's nearest *other* game).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from darwindeck.evolve.differences import describe_difference
from darwindeck.evolve.novelty import Features, features, features_distance, number_features, scoring_item
from darwindeck.evolve.quality.descriptors import family
from darwindeck.genome.cards import DeckType, Rank, Suit
from darwindeck.genome.conditions import Operator
from darwindeck.genome.library import all_games
from darwindeck.genome.library.parts import hand_size, is_card, is_rank, is_suit
from darwindeck.genome.schema import (
    EffectType,
    EvaluationMethod,
    GameGenome,
    ScoringTrigger,
    TableauMode,
    TargetSelector,
    WinType,
)

PUBLISHED_TURNS = 1000
REDISCOVERY_DISTANCE = 0.08


@dataclass(frozen=True)
class Deck:
    """A deck by name (what the deck feature compares), its size, and its ranks in words."""

    name: str
    size: int
    ranks: str


def _type_deck(deck: DeckType, ranks: str) -> Deck:
    return Deck(deck.value, deck.size, ranks)


DECKS: dict[str, Deck] = {
    "52": _type_deck(DeckType.STANDARD_52, "2–A in four suits"),
    "32": _type_deck(DeckType.PIQUET_32, "7–A in four suits"),
    "24": _type_deck(DeckType.EUCHRE_24, "9–A in four suits"),
    "40": _type_deck(DeckType.ITALIAN_40, "A–7 and J–K in four suits"),
    "36": Deck("six_to_ace_36", 36, "6–A in four suits"),
    "43": Deck("five_hundred_43", 43, "5–A in four suits, the red fours and a joker"),
    "48": Deck("pinochle_48", 48, "9–A twice in four suits"),
    "54": Deck("standard_54", 54, "2–A in four suits and two jokers"),
    "56": Deck("tichu_56", 56, "2–A in four suits and four special cards"),
    "57": Deck("rook_57", 57, "1–14 in four colours and the Rook card"),
    "64": Deck("bezique_64", 64, "7–A twice in four suits"),
    "104": Deck("double_104", 104, "2–A twice in four suits"),
    "106": Deck("double_106", 106, "2–A twice in four suits and two jokers"),
    "108": Deck("double_108", 108, "2–A twice in four suits and four jokers"),
    "416": Deck("shoe_416", 416, "eight 52-card packs"),
}


@dataclass(frozen=True)
class Published:
    """One published game described in the feature space (module docstring)."""

    slug: str
    name: str
    family: str
    source: str
    players: int
    deck: Deck
    dealt: int
    phases: tuple[str, ...]
    wins: frozenset[WinType]
    tableau: TableauMode = TableauMode.NONE
    effects: Mapping[Rank, tuple[EffectType, TargetSelector, int]] = field(default_factory=dict)
    teams: tuple[int, ...] | None = None
    scoring: frozenset[Hashable] = frozenset()
    wild_ranks: int = 0
    fixed_trump: bool = False
    chips: bool = False
    note: str = ""

    def features(self) -> Features:
        return Features(
            phase_kinds=self.phases,
            tableau_mode=self.tableau,
            win_types=self.wins,
            effects=self.effects,
            team_sizes=self.teams,
            bidding="bidding" in self.phases,
            scoring_items=self.scoring,
            deck=self.deck.name,
            player_count=self.players,
            numbers=number_features(
                self.dealt * self.players / self.deck.size,
                PUBLISHED_TURNS,
                self.wild_ranks,
                self.fixed_trump,
                self.chips,
            ),
            deck_size=self.deck.size,
            cards_dealt=self.dealt,
        )


# ----------------------------------------------------------------------------------- scoring builders

_TRICK, _CAPTURE, _PLAY, _END = (
    ScoringTrigger.TRICK_WIN,
    ScoringTrigger.CAPTURE,
    ScoringTrigger.PLAY,
    ScoringTrigger.HAND_END,
)


def _ranks(trigger: ScoringTrigger, *ranks: Rank, positive: bool = True) -> frozenset[Hashable]:
    """Each rank scores when ``trigger`` takes it (card points: Skat's A, 10, K, Q, J)."""
    return frozenset(scoring_item(trigger, is_rank(rank), positive) for rank in ranks)


def _cards(trigger: ScoringTrigger, *cards: tuple[Rank, Suit], positive: bool = True) -> frozenset[Hashable]:
    return frozenset(scoring_item(trigger, is_card(rank, suit), positive) for rank, suit in cards)


def _suit(trigger: ScoringTrigger, suit: Suit, positive: bool = True) -> frozenset[Hashable]:
    return frozenset({scoring_item(trigger, is_suit(suit), positive)})


#: Cards left in hand at the hand's end count against their holder (President's rule in the library).
LEFT_IN_HAND = frozenset({scoring_item(_END, hand_size(Operator.GE, 1), False)})


def _evaluation(method: EvaluationMethod) -> frozenset[Hashable]:
    return frozenset({("hand_evaluation", method)})


_ACE_TEN = _ranks(_TRICK, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_W = WinType


def _wins(*wins: WinType) -> frozenset[WinType]:
    return frozenset(wins)


def _effects(*items: tuple[Rank, EffectType, int]) -> dict[Rank, tuple[EffectType, TargetSelector, int]]:
    return {rank: (effect, TargetSelector.NEXT_PLAYER, value) for rank, effect, value in items}


# ------------------------------------------------------------------------------------------- corpus

PUBLISHED: tuple[Published, ...] = (
    # Point-trick games: an auction or a trump choice, then tricks whose cards carry points.
    Published(
        "skat",
        "Skat",
        "point-trick",
        "pagat.com, Skat",
        3,
        DECKS["32"],
        10,
        ("auction", "trick"),
        _wins(_W.HANDS_PLAYED),
        scoring=_ACE_TEN,
    ),
    Published(
        "schafkopf",
        "Schafkopf",
        "point-trick",
        "pagat.com, Schafkopf",
        4,
        DECKS["32"],
        8,
        ("auction", "trick"),
        _wins(_W.HANDS_PLAYED),
        scoring=_ACE_TEN,
        note="partners are chosen per hand by the called ace, so there are no fixed teams",
    ),
    Published(
        "sheepshead",
        "Sheepshead",
        "point-trick",
        "pagat.com, Sheepshead",
        5,
        DECKS["32"],
        6,
        ("auction", "discard", "trick"),
        _wins(_W.HANDS_PLAYED),
        scoring=_ACE_TEN,
        note="the picker takes the two-card blind and buries two",
    ),
    Published(
        "pinochle",
        "Partnership Auction Pinochle",
        "point-trick",
        "pagat.com, Pinochle",
        4,
        DECKS["48"],
        12,
        ("auction", "play", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        scoring=_ranks(_TRICK, Rank.ACE, Rank.TEN, Rank.KING),
        note="the play phase is the meld laid before the tricks",
    ),
    Published(
        "belote",
        "Belote",
        "point-trick",
        "pagat.com, Belote",
        4,
        DECKS["32"],
        8,
        ("trump", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        scoring=_ranks(_TRICK, Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN),
    ),
    Published(
        "twenty-nine",
        "Twenty-Nine",
        "point-trick",
        "pagat.com, Twenty-Nine",
        4,
        DECKS["32"],
        8,
        ("auction", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        scoring=_ranks(_TRICK, Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN),
    ),
    Published(
        "pitch",
        "Auction Pitch",
        "point-trick",
        "pagat.com, Pitch",
        4,
        DECKS["52"],
        6,
        ("auction", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        scoring=_ranks(_TRICK, Rank.JACK, Rank.ACE, Rank.TEN),
        note="high, low, jack and game: the jack of trumps and the card points of 'game'",
    ),
    Published(
        "rook",
        "Rook",
        "point-trick",
        "Rook rules (Parker Brothers, now Hasbro)",
        4,
        DECKS["57"],
        13,
        ("auction", "discard", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        scoring=_ranks(_TRICK, Rank.FIVE, Rank.TEN, Rank.ACE),
        note="the counters 5, 10 and 14 are written as 5, 10 and ace; the bidder takes the nest",
    ),
    Published(
        "briscola",
        "Briscola",
        "point-trick",
        "pagat.com, Briscola",
        2,
        DECKS["40"],
        3,
        ("trick", "draw"),
        _wins(_W.HIGH_SCORE),
        scoring=_ranks(_TRICK, Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK),
    ),
    Published(
        "bezique",
        "Bezique",
        "point-trick",
        "pagat.com, Bezique",
        2,
        DECKS["64"],
        8,
        ("trick", "play", "draw"),
        _wins(_W.FIRST_TO_SCORE),
        scoring=_ranks(_TRICK, Rank.ACE, Rank.TEN),
        note="the winner of a trick may declare a meld, then both draw; brisques (aces, tens) score",
    ),
    # Plain-trick games: tricks count, not cards.
    Published(
        "five-hundred",
        "500",
        "plain-trick",
        "pagat.com, 500",
        4,
        DECKS["43"],
        10,
        ("auction", "discard", "trick"),
        _wins(_W.FIRST_TO_SCORE, _W.SCORE_FLOOR),
        teams=(2, 2),
    ),
    Published(
        "bid-whist",
        "Bid Whist",
        "plain-trick",
        "pagat.com, Bid Whist",
        4,
        DECKS["54"],
        12,
        ("auction", "discard", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
    ),
    Published(
        "napoleon",
        "Napoleon",
        "plain-trick",
        "pagat.com, Napoleon",
        4,
        DECKS["52"],
        5,
        ("auction", "trick"),
        _wins(_W.HIGH_SCORE),
    ),
    Published(
        "ninety-nine",
        "Ninety-Nine",
        "plain-trick",
        "pagat.com, Ninety-Nine",
        3,
        DECKS["36"],
        12,
        ("bidding", "trick"),
        _wins(_W.FIRST_TO_SCORE),
        note="the bid is made by discarding three cards that encode it",
    ),
    Published(
        "german-whist",
        "German Whist",
        "plain-trick",
        "pagat.com, German Whist",
        2,
        DECKS["52"],
        13,
        ("trick", "draw"),
        _wins(_W.MOST_TRICKS),
    ),
    Published(
        "ecarte",
        "Écarté",
        "plain-trick",
        "pagat.com, Écarté",
        2,
        DECKS["32"],
        5,
        ("discard", "draw", "trick"),
        _wins(_W.FIRST_TO_SCORE),
    ),
    Published(
        "piquet",
        "Piquet",
        "plain-trick",
        "pagat.com, Piquet",
        2,
        DECKS["32"],
        12,
        ("discard", "draw", "trick"),
        _wins(_W.HANDS_PLAYED),
        note="declarations of point, sequence and set score before the tricks; a partie is six deals",
    ),
    # Climbing games: beat the last play or pass; go out first.
    Published(
        "tichu",
        "Tichu",
        "climbing",
        "pagat.com, Tichu",
        4,
        DECKS["56"],
        14,
        ("pass", "play"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        scoring=_ranks(_TRICK, Rank.FIVE, Rank.TEN, Rank.KING),
        note="each player passes one card to each other player; fives, tens and kings won score",
    ),
    Published(
        "big-two",
        "Big Two",
        "climbing",
        "pagat.com, Big Two",
        4,
        DECKS["52"],
        13,
        ("play",),
        _wins(_W.EMPTY_HAND),
        scoring=LEFT_IN_HAND,
    ),
    Published(
        "dou-dizhu",
        "Dou Dizhu",
        "climbing",
        "pagat.com, Dou Dizhu",
        3,
        DECKS["54"],
        17,
        ("auction", "play"),
        _wins(_W.EMPTY_HAND),
        note="the landlord, who won the auction, plays alone against the two peasants",
    ),
    Published(
        "daifugo",
        "Daifugō",
        "climbing",
        "pagat.com, Daifugō",
        4,
        DECKS["52"],
        13,
        ("pass", "play"),
        _wins(_W.EMPTY_HAND, _W.HIGH_SCORE),
        scoring=LEFT_IN_HAND,
        note="the President family with a tribute of best cards passed by the lowest-ranked",
    ),
    # Beating and shedding games.
    Published(
        "durak",
        "Durak",
        "beating",
        "pagat.com, Durak",
        2,
        DECKS["36"],
        6,
        ("play", "play", "draw"),
        _wins(_W.EMPTY_HAND),
        note="attack, defence, then both refill to six from the stock",
    ),
    Published(
        "switch",
        "Switch",
        "shedding",
        "pagat.com, Switch",
        4,
        DECKS["52"],
        7,
        ("draw", "play"),
        _wins(_W.EMPTY_HAND),
        effects=_effects(
            (Rank.TWO, EffectType.DRAW_CARDS, 2),
            (Rank.EIGHT, EffectType.SKIP_NEXT, 1),
            (Rank.ACE, EffectType.NAME_SUIT, 1),
        ),
    ),
    Published(
        "speed",
        "Speed",
        "shedding",
        "pagat.com, Speed",
        2,
        DECKS["52"],
        5,
        ("play", "draw"),
        _wins(_W.EMPTY_HAND),
        tableau=TableauMode.SEQUENCE,
        note="both play at once onto two centre piles, one rank up or down",
    ),
    Published(
        "spite-and-malice",
        "Spite and Malice",
        "patience race",
        "pagat.com, Spite and Malice",
        2,
        DECKS["104"],
        5,
        ("draw", "play", "discard"),
        _wins(_W.EMPTY_HAND),
        tableau=TableauMode.SEQUENCE,
        wild_ranks=1,
        note="kings are wild; a 20-card pay-off pile each",
    ),
    # War and slapping games.
    Published(
        "egyptian-ratscrew",
        "Egyptian Ratscrew",
        "war and slapping",
        "pagat.com, Egyptian Ratscrew",
        2,
        DECKS["52"],
        26,
        ("play",),
        _wins(_W.CAPTURE_ALL),
        note="the slap on a pair is a race of reflexes, not a turn: it is written as the play",
    ),
    Published(
        "slapjack",
        "Slapjack",
        "war and slapping",
        "pagat.com, Slapjack",
        4,
        DECKS["52"],
        13,
        ("play",),
        _wins(_W.CAPTURE_ALL),
    ),
    Published(
        "beggar-my-neighbour",
        "Beggar-My-Neighbour",
        "war and slapping",
        "pagat.com, Beggar-My-Neighbour",
        2,
        DECKS["52"],
        26,
        ("play",),
        _wins(_W.CAPTURE_ALL),
        note="a court card demands one to four cards in payment",
    ),
    # Rummy games.
    Published(
        "canasta",
        "Canasta",
        "rummy",
        "pagat.com, Canasta",
        4,
        DECKS["108"],
        11,
        ("draw", "play", "discard"),
        _wins(_W.FIRST_TO_SCORE),
        teams=(2, 2),
        wild_ranks=1,
        scoring=_ranks(_PLAY, Rank.ACE, Rank.TWO) | LEFT_IN_HAND,
        note="twos and jokers are wild; melded cards score, cards left in hand count against",
    ),
    Published(
        "rummy-500",
        "Rummy 500",
        "rummy",
        "pagat.com, Rummy 500",
        4,
        DECKS["52"],
        7,
        ("draw", "play", "play", "discard"),
        _wins(_W.FIRST_TO_SCORE),
        scoring=_ranks(_PLAY, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN) | LEFT_IN_HAND,
    ),
    Published(
        "kalooki",
        "Kalooki",
        "rummy",
        "pagat.com, Kaluki",
        4,
        DECKS["106"],
        13,
        ("draw", "play", "play", "discard"),
        _wins(_W.EMPTY_HAND),
        scoring=LEFT_IN_HAND,
        note="the jokers are wild; the first meld must reach 51 points",
    ),
    Published(
        "knock-rummy",
        "Knock Rummy",
        "rummy",
        "pagat.com, Knock Rummy",
        3,
        DECKS["52"],
        7,
        ("draw", "discard", "knock"),
        _wins(_W.FIRST_TO_SCORE),
        scoring=_evaluation(EvaluationMethod.DEADWOOD),
        note="a player may knock after drawing; the lowest unmatched total wins the hand",
    ),
    Published(
        "conquian",
        "Conquian",
        "rummy",
        "pagat.com, Conquian",
        2,
        DECKS["40"],
        10,
        ("draw", "play", "discard"),
        _wins(_W.EMPTY_HAND),
        note="the ancestor of rummy, on the Spanish 40-card pack; the winner melds eleven cards",
    ),
    Published(
        "golf",
        "Golf (six-card)",
        "draw and discard",
        "pagat.com, Golf",
        4,
        DECKS["52"],
        6,
        ("draw", "discard"),
        _wins(_W.LOW_SCORE),
        scoring=_evaluation(EvaluationMethod.POINT_TOTAL),
    ),
    # Fishing and adding games.
    Published(
        "cassino",
        "Cassino",
        "fishing",
        "pagat.com, Cassino",
        2,
        DECKS["52"],
        4,
        ("play",),
        _wins(_W.FIRST_TO_SCORE),
        tableau=TableauMode.MATCH_RANK,
        scoring=_cards(_CAPTURE, (Rank.TEN, Suit.DIAMONDS), (Rank.TWO, Suit.SPADES))
        | _ranks(_CAPTURE, Rank.ACE)
        | _suit(_CAPTURE, Suit.SPADES),
        note="big and little casino, the aces, the most spades (and the most cards) score",
    ),
    Published(
        "authors",
        "Authors",
        "quartets",
        "pagat.com, Authors",
        4,
        DECKS["52"],
        13,
        ("ask",),
        _wins(_W.HIGH_SCORE),
        note="ask a player for a card of a rank; the most books of four wins",
    ),
    # Banking and vying games: chips and a showdown.
    Published(
        "casino-blackjack",
        "Blackjack (against the dealer)",
        "banking",
        "pagat.com, Blackjack",
        2,
        DECKS["416"],
        2,
        ("betting", "draw"),
        _wins(_W.BEST_HAND),
        chips=True,
        scoring=_evaluation(EvaluationMethod.POINT_TOTAL),
    ),
    Published(
        "baccarat",
        "Baccarat (punto banco)",
        "banking",
        "pagat.com, Baccarat",
        2,
        DECKS["416"],
        2,
        ("betting",),
        _wins(_W.BEST_HAND),
        chips=True,
        scoring=_evaluation(EvaluationMethod.POINT_TOTAL),
        note="a fixed table, not a player, decides each draw, so only the betting is a phase; totals are "
        "taken modulo 10",
    ),
    Published(
        "omaha",
        "Omaha Hold'em",
        "vying",
        "pagat.com, Omaha",
        6,
        DECKS["52"],
        4,
        ("betting", "betting", "betting", "betting"),
        _wins(_W.BEST_HAND),
        chips=True,
        scoring=_evaluation(EvaluationMethod.POKER),
        note="exactly two of the four hole cards are used",
    ),
    Published(
        "five-card-stud",
        "Five-Card Stud",
        "vying",
        "pagat.com, Five Card Stud",
        5,
        DECKS["52"],
        5,
        ("betting", "betting", "betting", "betting"),
        _wins(_W.BEST_HAND),
        chips=True,
        scoring=_evaluation(EvaluationMethod.POKER),
        note="one card down, four up, a betting round each",
    ),
    # Patience (one player).
    Published(
        "klondike",
        "Klondike",
        "patience",
        "pagat.com, Klondike",
        1,
        DECKS["52"],
        28,
        ("draw", "play"),
        _wins(_W.EMPTY_HAND),
        tableau=TableauMode.SEQUENCE,
        note="28 cards dealt to seven columns; winning is moving every card to the foundations",
    ),
    Published(
        "freecell",
        "FreeCell",
        "patience",
        "pagat.com, FreeCell",
        1,
        DECKS["52"],
        52,
        ("play",),
        _wins(_W.EMPTY_HAND),
        tableau=TableauMode.SEQUENCE,
        note="every card dealt face up",
    ),
)


@dataclass(frozen=True)
class KnownGame:
    """One corpus entry: a library game (its family is ``quality.descriptors.family``, its source "DarwinDeck
    library") or a published description (pagat.com's family, its rules reference)."""

    slug: str
    name: str
    family: str
    source: str
    features: Features


@dataclass(frozen=True)
class Nearest:
    """A genome's nearest known game, its distance, how the genome differs in words, and whether it is a
    rediscovery (distance below ``REDISCOVERY_DISTANCE``)."""

    game: KnownGame
    distance: float
    difference: str
    rediscovery: bool

    @property
    def line(self) -> str:
        """ "nearest published game (0.125): Whist, with a Cheat claim after every trick"."""
        verdict = ", a rediscovery" if self.rediscovery else ""
        return f"nearest published game ({self.distance:.3f}{verdict}): {self.difference}"


def _library_entry(slug: str, genome: GameGenome) -> KnownGame:
    return KnownGame(slug, genome.name, family(genome), "DarwinDeck library", features(genome))


@functools.cache
def corpus() -> tuple[KnownGame, ...]:
    """The library's games and the published descriptions (module docstring), by slug."""
    library = [_library_entry(slug, genome) for slug, genome in all_games().items()]
    published = [KnownGame(p.slug, p.name, p.family, p.source, p.features()) for p in PUBLISHED]
    return tuple(sorted(library + published, key=lambda game: game.slug))


def nearest_known(
    genome: GameGenome | Features, exclude: Iterable[str] = (), games: Iterable[KnownGame] | None = None
) -> Nearest:
    """The nearest entry of ``games`` (default: the corpus) not in ``exclude`` (module docstring)."""
    mine = genome if isinstance(genome, Features) else features(genome)
    left_out = set(exclude)
    candidates = [game for game in (corpus() if games is None else games) if game.slug not in left_out]
    if not candidates:
        raise ValueError("nearest_known: no game left to compare with")
    distance, game = min(((features_distance(mine, g.features), g) for g in candidates), key=_by_distance)
    sentence = describe_difference(game.name, mine, game.features)
    return Nearest(game, distance, sentence, distance < REDISCOVERY_DISTANCE)


def _by_distance(pair: tuple[float, KnownGame]) -> tuple[float, str]:
    return (pair[0], pair[1].slug)
