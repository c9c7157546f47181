"""Blind Nil in Spades, by Pagat's rules (https://www.pagat.com/auctionwhist/spades.html): a player whose
side is at least 100 points behind may, before looking at their cards, bid blind Nil; it scores twice a
Nil: +200 when the bidder takes no trick, -200 otherwise, and the partner's bid is scored as usual.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Partnership Spades: North 0 and South 2 against East 1 and West 3; North bids first.
"""

from __future__ import annotations

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.contracts import contract_scoring_array, evaluate_contracts
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import ContractScoring

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def deal(north_south: int, east_west: int) -> GameState:
    """A first-hand deal with the partnerships' scores set to these."""
    state = GameState.new(get_game("partnership-spades"), 7)
    state.array[L.B_TEAM_SCORE] = north_south
    state.array[L.B_TEAM_SCORE + 1] = east_west
    hands = [[card for card in range(52) if card % 4 == seat] for seat in range(4)]
    state.arrange(hands=hands, deck=[], discard=[], current=NORTH)
    return state


def test_a_side_100_behind_may_bid_blind_before_seeing_its_cards() -> None:
    # North-South 50, East-West 150: North's side trails by 100, so North first decides, unseen, between
    # blind Nil and looking at the cards; its own hand is hidden from it meanwhile.
    state = deal(50, 150)
    assert state.legal_actions() == [L.A_PASS, L.A_BLIND_NIL]
    assert state.observation(NORTH).hand is None
    state.apply_action(L.A_BLIND_NIL)
    # Blind Nil is a bid of 0 marked 2 (twice a Nil); East bids next and, its side ahead, just bids.
    assert state.block(L.B_BID, 1) == (0,) and state.block(L.B_IS_NIL, 1) == (2,)
    assert state.current_player == EAST
    assert state.legal_actions() == [L.A_BID0 + n for n in range(14)]


def test_looking_at_the_cards_leads_to_the_usual_bids() -> None:
    state = deal(50, 150)
    state.apply_action(L.A_PASS)  # look at the cards
    assert state.current_player == NORTH
    assert state.observation(NORTH).hand == state.hand(NORTH)
    assert state.legal_actions() == [L.A_BID0 + n for n in range(14)]  # Nil (0) and 1..13


def test_a_side_only_90_behind_may_not_bid_blind() -> None:
    state = deal(60, 150)
    assert state.legal_actions() == [L.A_BID0 + n for n in range(14)]


def test_blind_nil_scores_twice_a_nil() -> None:
    # North-South: North blind Nil, South bids 4. East-West: 3 and 3.
    # Made: North takes no trick, South 4 -> +200 for the blind Nil and 4 x 10 = 40 for South's contract:
    # 240. East-West take the other 9 tricks against a contract of 6: 60 + 3 overtricks = 63, 3 bags.
    # Failed: North takes 1 trick, South 4 -> -200, and the side's 5 tricks make South's 4: 40 + 1 = 41,
    # so 41 - 200 = -159 and 1 bag; East-West take 8: 60 + 2 = 62, 2 bags.
    scoring = contract_scoring_array(ContractScoring())
    teams = np.array([0, 1, 0, 1], dtype=np.int64)
    bids = np.array([0, 3, 4, 3], dtype=np.int64)
    blind = np.array([2, 0, 0, 0], dtype=np.int64)
    for tricks, scores, bags in (([0, 5, 4, 4], [240, 63], [0, 3]), ([1, 4, 4, 4], [-159, 62], [1, 2])):
        team_scores = np.zeros(2, dtype=np.int64)
        team_bags = np.zeros(2, dtype=np.int64)
        trick_counts = np.array(tricks, dtype=np.int64)
        evaluate_contracts(bids, blind, trick_counts, teams, 2, scoring, team_scores, team_bags)
        assert team_scores.tolist() == scores and team_bags.tolist() == bags
