"""A Dou Dizhu hand's flow (``engine.climb``): the call, the turn in the climb, the stake; worked by hand.

Rules: the published Dou Dizhu and OpenSpiel's ``dou_dizhu`` (``genome.library.climbing``): bids 1-3, each
higher than the last; the landlord leads; two passes in a row clear the table for the last player; the
stake is the bid doubled per bomb or rocket and for a spring; the landlord wins or loses twice the stake,
each peasant the stake.
"""

from __future__ import annotations

import numpy as np

from darwindeck.engine import climb as K
from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L

BID = L.A_BID0


def started(first: int) -> np.ndarray:
    cells = np.zeros(K.N_CELLS, dtype=np.int64)
    K.call_start(cells, first)
    return cells


def calls(cells: np.ndarray, actions: list[int], once_around: bool) -> list[int]:
    return [K.call(cells, a, 3, 3, once_around) for a in actions]


def test_the_caller_may_pass_or_bid_above_the_highest_bid() -> None:
    cells = started(0)
    out = np.zeros(8, dtype=np.int64)
    assert list(out[: K.call_actions(cells, 3, out)]) == [L.A_PASS, BID + 1, BID + 2, BID + 3]
    K.call(cells, BID + 2, 3, 3, True)
    assert list(out[: K.call_actions(cells, 3, out)]) == [L.A_PASS, BID + 3]


def test_once_around_each_player_calls_once_and_the_highest_bidder_is_landlord() -> None:
    # seat 2 passes, seat 0 bids 1, seat 1 bids 2: three calls, seat 1 is landlord at 2 and leads.
    cells = started(2)
    assert calls(cells, [L.A_PASS, BID + 1, BID + 2], True) == [0, 0, K.CALL_DECIDED]
    assert (cells[K.CL_DECLARER], cells[K.CL_BID], cells[K.CL_CUR]) == (1, 2, 1)


def test_openspiels_call_goes_on_until_the_others_pass_after_a_bid() -> None:
    # The same calls: the call goes on; seat 2 may bid again (3 ends it), or both others pass.
    cells = started(2)
    assert calls(cells, [L.A_PASS, BID + 1, BID + 2, L.A_PASS], False) == [0, 0, 0, 0]
    assert calls(cells, [L.A_PASS], False) == [K.CALL_DECIDED]
    assert (cells[K.CL_DECLARER], cells[K.CL_BID]) == (1, 2)


def test_a_bid_of_three_ends_the_call_and_all_passing_throws_the_hand_in() -> None:
    cells = started(1)
    assert calls(cells, [BID + 3], True) == [K.CALL_DECIDED]
    assert cells[K.CL_DECLARER] == 1
    cells = started(1)
    assert calls(cells, [L.A_PASS] * 3, False) == [0, 0, K.CALL_THROWN_IN]
    scores = np.ones(3, dtype=np.int64)
    K.stake_scores(cells, 3, True, True, scores)
    assert list(scores) == [0, 0, 0]


def test_two_passes_in_a_row_give_the_lead_back_to_the_last_player() -> None:
    cells = started(0)
    calls(cells, [BID + 3], True)
    hand = np.zeros(C.N_RANKS, dtype=np.int64)
    hand[0] = 2  # two 3s
    no_kickers = np.zeros(C.N_RANKS, dtype=np.int64)
    K.climb_play(cells, hand, C.primal_id(C.C_SOLO, 0, 1), no_kickers, 3)
    K.climb_pass(cells, 3)
    assert (cells[K.CL_CUR], cells[K.CL_TABLE]) == (2, C.primal_id(C.C_SOLO, 0, 1))
    K.climb_pass(cells, 3)
    assert (cells[K.CL_CUR], cells[K.CL_TABLE]) == (0, C.NO_COMBO)


def finish(cells: np.ndarray, plays: list[int], bombs: int, winner: int) -> list[int]:
    cells[K.CL_PLAYS : K.CL_PLAYS + 3] = plays
    cells[K.CL_BOMBS] = bombs
    cells[K.CL_WINNER] = winner
    cells[K.CL_STAGE] = K.STAGE_OVER
    scores = np.zeros(3, dtype=np.int64)
    K.stake_scores(cells, 3, True, True, scores)
    return [int(s) for s in scores]


def test_a_spring_doubles_the_stake_after_the_bombs() -> None:
    # Landlord seat 0 at 2 goes out, one bomb played, the peasants never played: a spring.
    # Stake 2 x 2 (bomb) x 2 (spring) = 8: the landlord +16, each peasant -8.
    cells = started(0)
    calls(cells, [BID + 2, L.A_PASS, L.A_PASS], True)
    assert finish(cells, [6, 0, 0], 1, 0) == [16, -8, -8]


def test_a_peasant_out_while_the_landlord_played_once_is_a_spring_too() -> None:
    # Landlord seat 1 at 1 played only the opening; seat 2 goes out. Stake 1 x 2 = 2: landlord -4.
    cells = started(1)
    calls(cells, [BID + 1, L.A_PASS, L.A_PASS], True)
    assert finish(cells, [3, 1, 4], 0, 2) == [2, -4, 2]


def test_no_spring_when_both_sides_played() -> None:
    # Landlord seat 0 at 3 went out, two bombs, a peasant played: stake 3 x 4 = 12, landlord +24.
    cells = started(0)
    calls(cells, [BID + 3], True)
    assert finish(cells, [5, 2, 0], 2, 0) == [24, -12, -12]
