"""Euchre, move for move against OpenSpiel's ``euchre``.

Each game deals the same cards in both engines (``oracle.euchre.deal``: OpenSpiel's dealer, its 20
cards dealt round from the dealer's left and the turned-up card; ours arranged to the same hands, turned
card, kitty and dealer), with OpenSpiel's parameters set to our rules (``oracle.euchre``). Seats and
partnerships are the same in both: 0 and 2 against 1 and 3. Then both play random legal moves drawn from
OpenSpiel's list, mapped to ours (``oracle.euchre.our_action``). At every step both engines must agree on
who acts and on the exact set of legal moves: ordering up or passing, naming another suit or passing, the
dealer's discard, and each card played (the left bower following trumps, not its printed suit). At the
end of the hand, on each partnership's score.

OpenSpiel asks the maker, once trump is made, whether to go alone; ours has no going alone, so OpenSpiel
is always answered "with partner" (action 30) and that answer is not a compared decision. OpenSpiel's
returns are zero-sum: the makers get +1 (3 or 4 tricks), +2 (a march) or −2 (euchred) and the defenders
the negative; ours adds the positive amount to the side that scores it (1 or 2 to the makers, 2 to the
defenders when the makers are euchred), so each partnership's score is ``max(0, its OpenSpiel return)``.
(OpenSpiel's source speaks of −4 "super-euchres"; its scoring gives −4 only against a lone defender, which
these parameters rule out.) When all four pass twice, OpenSpiel ends the game with every return 0; ours
throws the hand in, scores nothing and deals the next hand (hand number one higher, the next seat
dealing); the comparison stops there, after the eight passes.

One rule differs, stated here once; at that point our legal moves must be OpenSpiel's plus exactly the
extra move our rules allow (``allowed_beyond_openspiel``), and the move played is always one
OpenSpiel offers:

* OpenSpiel refuses the turned-up card as the dealer's discard after an order-up; ours allows it
  (Pagat's rules have the dealer take the turned card and discard one card face down, with no
  exception for the card just taken).

1,000 random hands compare 22,884 decisions: 1,942 bidding decisions (942 hands ordered up in round
1, 58 trumps named in round 2), 942 dealer's discards and 20,000 cards played. Random bidders almost
never all pass twice (1 hand in 4,096), so 100 more deals are bid by passing every time: 800 bidding
decisions, each hand thrown in. 23,684 decisions in all, every one equal apart from the allowance.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from oracle.euchre import (
    GO_ALONE,
    OPENSPIEL_PARAMS,
    PASS,
    PLAYERS,
    WITH_PARTNER,
    deal,
    dealt_by,
    our_action,
    our_card,
)

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

GAMES = 1000
THROWN_IN_GAMES = 100


def allowed_beyond_openspiel(state: GameState, turned: int) -> set[int]:
    """Our legal moves that OpenSpiel refuses (module docstring): at the dealer's discard, the turned
    card."""
    return {turned} if state.array[L.S_DISCARDER] >= 0 else set()


def play_one(seed: int, pass_every_bid: bool = False) -> tuple[Counter[str], str]:
    """Play one hand in both engines; the decisions compared by kind, and how the bidding ended (every
    bidder passing when ``pass_every_bid``)."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("euchre", OPENSPIEL_PARAMS).new_initial_state()
    dealt = deal(theirs, rng, seed)
    ours, dealer, turned = dealt.ours, dealt.dealer, dealt.turned
    assert ours.current_player == (dealer + 1) % PLAYERS, f"seed {seed}: first to bid"

    compared: Counter[str] = Counter()
    passes = 0
    ending = "thrown in"
    while not theirs.is_terminal():
        legal = theirs.legal_actions()
        if legal == [GO_ALONE, WITH_PARTNER]:  # ours has no going alone (module docstring)
            theirs.apply_action(WITH_PARTNER)
            continue
        where = f"seed {seed}, decision {sum(compared.values())}"
        assert ours.current_player == theirs.current_player(), where
        expected = {our_action(a) for a in legal} | allowed_beyond_openspiel(ours, turned)
        assert sorted(ours.legal_actions()) == sorted(expected), where
        action = PASS if pass_every_bid and PASS in legal else rng.choice(legal)
        if action >= PASS:
            compared["bid"] += 1
            if action == PASS:
                passes += 1
            else:
                ending = "ordered up" if passes < PLAYERS else "named"
        elif ours.array[L.S_DISCARDER] >= 0:
            compared["discard"] += 1
        else:
            compared["card"] += 1
        theirs.apply_action(action)
        ours.apply_action(our_action(action))

    returns = [int(value) for value in theirs.returns()]
    if ending == "thrown in":
        # OpenSpiel ends with nothing scored; ours scores nothing and the next seat deals a new hand.
        assert returns == [0] * PLAYERS, f"seed {seed}: thrown in"
        assert ours.array[L.S_HAND_NO] == dealer + 3, f"seed {seed}: the next hand"
        assert ours.current_player == (dealer + 2) % PLAYERS, f"seed {seed}: the next hand's first bid"
    expected_scores = [max(0, returns[0]), max(0, returns[1])]
    assert list(ours.team_scores()) == expected_scores, f"seed {seed}: scores"
    return compared, ending


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel Euchre numbers 9♣ 0, 9♦ 1, 9♥ 2, 9♠ 3, 10♣ 4, ..., J♣ 8, ..., A♠ 23.
    assert our_card(0) == card_id(Rank.NINE, Suit.CLUBS)
    assert our_card(3) == card_id(Rank.NINE, Suit.SPADES)
    assert our_card(2 * 4 + 1) == card_id(Rank.JACK, Suit.DIAMONDS)
    assert our_card(23) == card_id(Rank.ACE, Suit.SPADES)
    assert our_action(PASS) == L.A_PASS
    assert our_action(27) == L.A_SUIT0 + Suit.HEARTS.code


def test_our_hand_is_dealt_by_the_same_dealer_with_the_same_turned_card() -> None:
    # South (2) deals: West (3), on the dealer's left, decides first; the 9♥ (OpenSpiel's 2) is turned.
    hands = [[our_card(card) for card in range(5 * p + 3, 5 * p + 8)] for p in range(PLAYERS)]
    state = dealt_by(2, hands, our_card(2), [our_card(card) for card in (0, 1, 23)], 0)
    assert state.current_player == 3
    assert state.discard() == (card_id(Rank.NINE, Suit.HEARTS),)
    assert state.legal_actions() == [L.A_PASS, L.A_SUIT0 + Suit.HEARTS.code]


def test_euchre_agrees_with_openspiel_move_for_move() -> None:
    compared: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for seed in range(GAMES):
        counts, ending = play_one(seed)
        compared += counts
        endings[ending] += 1
    assert endings == {"ordered up": 942, "named": 58}
    assert compared == {"bid": 1942, "discard": 942, "card": GAMES * 20}
    assert sum(compared.values()) == 22884


def test_a_hand_all_pass_twice_agrees_until_it_is_thrown_in() -> None:
    # Random bidders rarely all pass twice (1 in 4,096 hands), so these deals pass every bid.
    compared: Counter[str] = Counter()
    for seed in range(THROWN_IN_GAMES):
        counts, ending = play_one(seed, pass_every_bid=True)
        assert ending == "thrown in", f"seed {seed}"
        compared += counts
    assert compared == {"bid": THROWN_IN_GAMES * 8}
