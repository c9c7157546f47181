"""Partnership Spades, move for move against OpenSpiel's ``spades``.

Each game deals the same 52 cards in both engines (OpenSpiel deals card ``k`` of its chance sequence to
player ``k mod 4``; ours is arranged to the same hands), then plays random legal moves drawn from
OpenSpiel's list: the four bids (OpenSpiel's action 52 is Nil, ``52 + n`` a bid of ``n``; ours is
``BID n`` with ``BID 0`` as Nil) and the 52 cards. At every step both engines must agree on who acts
and on the exact set of legal moves; at the end of the hand, on each partnership's score (10 a trick
bid, 1 a bag, −10 a trick of a failed contract, ±100 for Nil, −100 at 10 bags).

Two rules differ, stated here once; at those points our legal moves must be OpenSpiel's plus exactly
the extra moves our rules allow (``allowed_beyond_openspiel``), and the move played is always one
OpenSpiel offers:

* OpenSpiel refuses a bid that would take a partnership's bids above 13 tricks; ours allows it
  (Pagat's rules set no such limit: a side that overbids simply fails its contract);
* OpenSpiel never marks spades as broken (its ``is_spades_broken_`` is never set), so a player holding
  another suit may never lead a spade; in the real game, and ours, spades may be led once one has been
  played to a trick.

Otherwise OpenSpiel's defaults are our Partnership Spades. OpenSpiel plays one hand (a
score it reports as the players' returns); our game goes on to 500, so the comparison stops at the
hand's end.
"""

from __future__ import annotations

import random

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id, card_suit
from darwindeck.genome.library import get_game

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

GAMES = 1000
PLAYERS = 4
FIRST_BID = 52  # OpenSpiel: 52 is Nil, 52 + n bids n
TRICKS = 13


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Spades' card ``suit * 13 + rank`` (suits C, D, H, S; ranks 2..A; its Hearts numbers
    cards the other way round) as our card id."""
    rank = "23456789TJQKA"[openspiel_card % 13]
    suit = "CDHS"[openspiel_card // 13]
    return card_id(Rank("10" if rank == "T" else rank), Suit(suit))


def our_action(action: int) -> int:
    """OpenSpiel's action as ours: a card, or a bid."""
    return our_card(action) if action < FIRST_BID else L.A_BID0 + action - FIRST_BID


def allowed_beyond_openspiel(state: GameState, bidding: bool) -> set[int]:
    """Our legal moves that OpenSpiel refuses (module docstring): at a bid, those taking the partnership
    past 13 tricks; at a lead after spades were broken, the spades in hand."""
    player = state.current_player
    if bidding:
        partner_bid = state.block(L.B_BID, PLAYERS)[(player + 2) % PLAYERS]
        if partner_bid < 0:  # the partner has not bid yet
            return set()
        return {L.A_BID0 + n for n in range(1, 14) if partner_bid + n > TRICKS}
    if state.trick() or not state.array[L.S_SUIT_BROKEN]:
        return set()
    return {card for card in state.hand(player) if card_suit(card) is Suit.SPADES}


def play_one(seed: int) -> int:
    """Play one hand in both engines; return the number of decisions compared."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("spades").new_initial_state()
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    dealt = 0
    while theirs.is_chance_node():
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        hands[dealt % PLAYERS].append(our_card(card))
        theirs.apply_action(card)
        dealt += 1
    ours = GameState.new(get_game("partnership-spades"), seed)
    ours.arrange(hands=hands, deck=[], discard=[], current=0)
    steps = 0
    while not theirs.is_terminal():
        where = f"seed {seed}, step {steps}"
        assert ours.current_player == theirs.current_player(), where
        legal = theirs.legal_actions()
        expected = {our_action(a) for a in legal} | allowed_beyond_openspiel(ours, min(legal) >= FIRST_BID)
        assert sorted(ours.legal_actions()) == sorted(expected), where
        action = rng.choice(legal)
        theirs.apply_action(action)
        ours.apply_action(our_action(action))
        steps += 1
    returns = [int(value) for value in theirs.returns()]
    assert list(ours.team_scores()) == [returns[0], returns[1]], f"seed {seed}: scores"
    return steps


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel Spades numbers 2♣ 0, 3♣ 1, ..., A♣ 12, 2♦ 13, ..., A♠ 51.
    assert our_card(0) == card_id(Rank.TWO, Suit.CLUBS)
    assert our_card(13) == card_id(Rank.TWO, Suit.DIAMONDS)
    assert our_card(3 * 13 + 8) == card_id(Rank.TEN, Suit.SPADES)
    assert our_card(51) == card_id(Rank.ACE, Suit.SPADES)
    assert our_action(52) == L.A_BID0 and our_action(52 + 4) == L.A_BID0 + 4


@pytest.mark.slow
def test_partnership_spades_agrees_with_openspiel_move_for_move() -> None:
    compared = sum(play_one(seed) for seed in range(GAMES))
    # 56 decisions a hand: 4 bids and 52 cards.
    assert compared == GAMES * 56
