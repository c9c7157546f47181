"""The greedy player's bidding system (``engine.auction``'s natural system), on hands worked by hand.

Every expected call is worked out from the system the module docstring states (high-card points A 4,
K 3, Q 2, J 1; a length point for each card past four; 1NT 15-17 balanced; one of a suit with 12
high-card points; answers to 1NT: 2NT with 23-24 combined points reading the opener at 16, 3NT with
25; raises: 18 combined points for two of a major, 23 for three, 26 for four; a redouble needs 10
high-card points and combined points 4 past the contract's need), never read off the program. Seats:
North 0, East 1, South 2, West 3; West deals hand 1 and calls first.
"""

from __future__ import annotations

import numpy as np
import pytest

from darwindeck.agents.competent import competent_params
from darwindeck.agents.determinize import new_knowledge
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, cards

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
STRAINS = "CDHSN"
PASS, DOUBLE, REDOUBLE = L.A_PASS, L.A_DOUBLE, L.A_REDOUBLE


def bid(text: str) -> int:
    """The action of a bid written ``'1N'``, ``'4S'``."""
    return L.A_CONTRACT0 + (int(text[0]) - 1) * L.N_STRAINS + STRAINS.index(text[1])


def deal(seat: int, hand: str) -> GameState:
    """Bridge's first deal with ``hand`` at ``seat``; the other 39 cards go round the other seats."""
    held = cards(hand)
    rest = [x for x in range(52) if x not in held]
    hands: list[list[int]] = []
    for p in range(4):
        hands.append(held if p == seat else rest[:13])
        rest = rest if p == seat else rest[13:]
    return arranged(get_game("bridge"), hands=hands, current=NORTH)


def system(state: GameState, *calls: int) -> int:
    """The greedy player's call after ``calls``, by the seat then to call."""
    for action in calls:
        state.apply_action(action)
    return int(greedy_choice(state.program, state.array))


FIFTEEN_BALANCED = "AS KS 2S KH QH 2H QD 4D 3D 2D JC 3C 2C"  # 4+3+3+2+2+1 = 15, 3-3-4-3


def test_fifteen_balanced_points_open_one_no_trump() -> None:
    # ♠A K 2 (7) ♥K Q 2 (5) ♦Q 4 3 2 (2) ♣J 3 2 (1): 15 high-card points, 3-3-4-3, balanced: 1NT.
    assert system(deal(WEST, FIFTEEN_BALANCED)) == bid("1N")


def test_ten_points_pass() -> None:
    # ♠K Q 5 3 2 (5) ♥K 3 2 (3) ♦Q 3 2 (2) ♣3 2: 10 high-card points, below the 12 that open: pass.
    assert system(deal(WEST, "KS QS 5S 3S 2S KH 3H 2H QD 3D 2D 3C 2C")) == PASS


def test_twelve_points_with_five_spades_open_one_spade() -> None:
    # ♠A Q 5 3 2 (6) ♥K 3 2 (3) ♦K 3 2 (3) ♣3 2: 12 high-card points and five spades: 1♠.
    assert system(deal(WEST, "AS QS 5S 3S 2S KH 3H 2H KD 3D 2D 3C 2C")) == bid("1S")


def test_four_four_in_the_minors_open_one_diamond() -> None:
    # ♠A 3 2 (4) ♥K 2 (3) ♦K Q 3 2 (5) ♣J 4 3 2 (1): 13, a doubleton heart, no five-card major, four of
    # each minor: 1♦ (13 is not a 1NT opening).
    assert system(deal(WEST, "AS 3S 2S KH 2H KD QD 3D 2D JC 4C 3C 2C")) == bid("1D")


EIGHT_NO_FIT = "KS 3S 2S QH 3H 2H KD 4D 3D 2D 4C 3C 2C"  # 3+2+3 = 8, 3-3-4-3


def test_eight_points_over_partners_one_no_trump_invite_with_two_no_trump() -> None:
    # West pass, North 1NT, East pass. South: ♠K 3 2 ♥Q 3 2 ♦K 4 3 2 ♣4 3 2, 8 points, no five-card
    # major. Combined 8 + 16 = 24: 2NT (23-24), an invitation.
    state = deal(SOUTH, EIGHT_NO_FIT)
    assert system(state, PASS, bid("1N"), PASS) == bid("2N")


@pytest.mark.parametrize(("hand", "expected"), [(FIFTEEN_BALANCED, PASS), ("17", bid("3N"))])
def test_the_one_no_trump_opener_accepts_the_invitation_with_a_maximum(hand: str, expected: int) -> None:
    # North opened 1NT and South invited with 2NT (read at 8). With 15, 15 + 8 = 23: 2NT stands, pass;
    # with 17 (the 15 above plus the ♣Q for the ♣3: ♣Q J 2), 17 + 8 = 25: 3NT.
    north = FIFTEEN_BALANCED if hand != "17" else FIFTEEN_BALANCED.replace("3C", "QC")
    state = deal(NORTH, north)
    assert system(state, PASS, bid("1N"), PASS, bid("2N"), PASS) == expected


def test_no_redouble_with_six_points() -> None:
    # West pass, North 1NT, East doubles. South: ♠K 3 2 ♥Q 3 2 ♦J 4 3 2 ♣4 3 2, 6 high-card points,
    # below the 10 a redouble needs: pass.
    state = deal(SOUTH, "KS 3S 2S QH 3H 2H JD 4D 3D 2D 4C 3C 2C")
    assert system(state, PASS, bid("1N"), DOUBLE) == PASS


def test_redouble_with_twelve_points() -> None:
    # The same auction; South ♠A K 2 ♥Q 3 2 ♦K 4 3 2 ♣4 3 2: 12 high-card points, combined 12 + 16 =
    # 28, 1NT needs 19: 28 ≥ 19 + 4, and 12 ≥ 10: redouble.
    state = deal(SOUTH, "AS KS 2S QH 3H 2H KD 4D 3D 2D 4C 3C 2C")
    assert system(state, PASS, bid("1N"), DOUBLE) == REDOUBLE


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # ♠K 3 2 ♥Q 3 2 ♦Q 4 3 2 ♣4 3 2: 7 points with three spades, 13 + 7 = 20: 2♠, not game.
        ("KS 3S 2S QH 3H 2H QD 4D 3D 2D 4C 3C 2C", bid("2S")),
        # ♠K 3 2 ♥A Q 2 ♦Q 4 3 2 ♣K 3 2: 14 points with three spades, 13 + 14 = 27 ≥ 26: 4♠.
        ("KS 3S 2S AH QH 2H QD 4D 3D 2D KC 3C 2C", bid("4S")),
    ],
)
def test_a_raise_of_partners_spades_reaches_game_only_with_the_points(hand: str, expected: int) -> None:
    state = deal(SOUTH, hand)
    assert system(state, PASS, bid("1S"), PASS) == expected


def test_no_penalty_double_without_defensive_tricks() -> None:
    # West opens 1♠, North passes, East raises to 2♠. South: ♠3 2 ♥Q J 3 2 ♦Q J 3 2 ♣Q 3 2: 9 high-card
    # points but no ace or king, 0 defensive half tricks + 2 for the partner: 2♠ needs 6 tricks (12
    # halves) to defeat: no double; no five-card suit to overcall: pass.
    state = deal(SOUTH, "3S 2S QH JH 3H 2H QD JD 3D 2D QC 3C 2C")
    assert system(state, bid("1S"), PASS, bid("2S")) == PASS


def test_the_competent_player_calls_by_the_system() -> None:
    # The competent search (a greedy bias) makes the system's call unsearched: West's 15 balanced
    # points open 1NT, whatever its samples would say.
    state = deal(WEST, FIFTEEN_BALANCED)
    params = competent_params(state.genome, 50)
    rng = np.array([7], dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    action = search(
        state.program, state.array, new_knowledge()[WEST], params[WEST], rng, new_tree(51), scratch
    )
    assert action == bid("1N")
