"""Oh Hell, move for move against OpenSpiel's ``oh_hell``.

OpenSpiel is loaded for four players and ten tricks (``num_tricks_fixed``), its other parameters at
their defaults. Its chance events fix the number of tricks, then the dealer (always West, seat 3, here:
our first hand is dealt by West, so North bids first and leads), then deal the cards one at a time,
card ``k`` to player ``k mod 4``, then turn up the trump card from the rest. Ours is arranged to the
same hands, the same turned card on the discard pile and the eleven undealt cards as the stock.
OpenSpiel numbers a card ``rank * 4 + suit`` with suits in the order clubs, diamonds, spades, hearts;
its action ``52 + n`` is a bid of ``n``, ours ``BID n``.

Random legal moves are drawn from OpenSpiel's list. At every decision both engines must agree on who
acts and on the exact set of legal moves (the bids 0 to 10, the cards that follow suit); at the end of
the hand, on each player's points. Both play the hook (the dealer, bidding last, may not make the
bids add up to the number of tricks). One rule differs, stated here once:

OpenSpiel scores a point per trick taken plus 10 for an exact bid (``points_per_trick`` 1); ours
only the exact bid, 10 plus the bid (Pagat's rule; mapped in ``our_points``). A player who missed their
bid has OpenSpiel's trick count there and 0 here; an exact bidder 10 + tricks in both.

OpenSpiel plays one deal; our game goes on to 100 points, so the comparison stops at the end of the
first hand. Compared: 1,000 hands, 44,000 decisions (4,000 bids, 40,000 cards), every hand's points.
"""

from __future__ import annotations

import random

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from oracle.cards import rank_major_card

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

GAMES = 1000
PLAYERS = 4
TRICKS = 10
DEALER = 3  # West deals our first hand
FIRST_BID = 52  # OpenSpiel: 52 + n bids n
DECISIONS_PER_HAND = PLAYERS + PLAYERS * TRICKS  # four bids, forty cards


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Oh Hell's card ``rank * 4 + suit`` (suits C, D, S, H; ranks 2..A) as our card id."""
    return rank_major_card(openspiel_card, suits="CDSH")


def our_action(action: int) -> int:
    return our_card(action) if action < FIRST_BID else L.A_BID0 + action - FIRST_BID


def our_points(openspiel_points: int, bid: int, tricks: int) -> int:
    """The hand's points in our rules from OpenSpiel's (module docstring): only an exact bid scores."""
    return openspiel_points if bid == tricks else 0


def deal_both(rng: random.Random, seed: int) -> tuple[object, GameState]:
    theirs = pyspiel.load_game(
        "oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS}
    ).new_initial_state()
    theirs.apply_action(TRICKS)
    theirs.apply_action(DEALER)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    for k in range(PLAYERS * TRICKS):
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        hands[k % PLAYERS].append(our_card(card))
        theirs.apply_action(card)
    trump = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
    theirs.apply_action(trump)
    assert not theirs.is_chance_node()
    dealt = {card for hand in hands for card in hand} | {our_card(trump)}
    stock = [card for card in range(52) if card not in dealt]
    ours = GameState.new(get_game("oh-hell"), seed)
    ours.arrange(hands=hands, deck=stock, discard=[our_card(trump)], current=0)
    return theirs, ours


def play_one(seed: int) -> int:
    """Play one hand in both engines; return the number of decisions compared."""
    rng = random.Random(seed)
    theirs, ours = deal_both(rng, seed)
    assert ours.turned_card == our_card(theirs.history()[-1])  # type: ignore[attr-defined]
    steps = 0
    bids = [-1] * PLAYERS
    while not theirs.is_terminal():  # type: ignore[attr-defined]
        where = f"seed {seed}, step {steps}"
        assert ours.current_player == theirs.current_player(), where  # type: ignore[attr-defined]
        legal = theirs.legal_actions()  # type: ignore[attr-defined]
        assert sorted(ours.legal_actions()) == sorted(our_action(a) for a in legal), where
        action = rng.choice(legal)
        if action >= FIRST_BID:
            bids[ours.current_player] = action - FIRST_BID
        theirs.apply_action(action)  # type: ignore[attr-defined]
        ours.apply_action(our_action(action))
        steps += 1
    returns = [int(value) for value in theirs.returns()]  # type: ignore[attr-defined]
    tricks = openspiel_tricks(str(theirs))
    expected = [our_points(returns[p], bids[p], tricks[p]) for p in range(PLAYERS)]
    assert list(ours.scores()) == expected, f"seed {seed}: scores"
    return steps


def openspiel_tricks(text: str) -> list[int]:
    """The tricks each player took, from OpenSpiel's state text ("Tricks Won:    3 2 4 1")."""
    (line,) = [line for line in text.splitlines() if line.startswith("Tricks Won:")]
    return [int(word) for word in line.split(":")[1].split()]


def test_a_card_maps_to_the_same_card() -> None:
    # OpenSpiel Oh Hell numbers C2 0, D2 1, S2 2, H2 3, C3 4, ..., HA 51.
    assert our_card(0) == card_id(Rank.TWO, Suit.CLUBS)
    assert our_card(2) == card_id(Rank.TWO, Suit.SPADES)
    assert our_card(3) == card_id(Rank.TWO, Suit.HEARTS)
    assert our_card(8 * 4 + 1) == card_id(Rank.TEN, Suit.DIAMONDS)
    assert our_card(51) == card_id(Rank.ACE, Suit.HEARTS)
    assert our_action(52) == L.A_BID0 and our_action(52 + 7) == L.A_BID0 + 7


def test_only_an_exact_bid_scores_here() -> None:
    # OpenSpiel: a trick a point, +10 when exact. Bid 3, took 3: 13 in both. Bid 2, took 4: 4 there, 0 here.
    assert our_points(13, 3, 3) == 13
    assert our_points(4, 2, 4) == 0


@pytest.mark.slow
def test_oh_hell_agrees_with_openspiel_move_for_move() -> None:
    compared = sum(play_one(seed) for seed in range(GAMES))
    assert compared == GAMES * DECISIONS_PER_HAND
