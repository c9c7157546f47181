"""The search's projection of an auction's contract (``agents.contract_value``), worked by hand."""

from __future__ import annotations

import numpy as np

from darwindeck.agents.contract_value import add_projected_contract, projected_tricks
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import bridge_last_trick

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def last_trick(contract: int) -> GameState:
    """Bridge's deal 1 at its last trick (North-South 9 tricks, East-West 3): North A♠, East 2♥, South
    3♦, West 4♣; West passes, North bids ``contract`` and everyone passes: North declares."""
    state = bridge_last_trick("AS,2H,3D,4C", ns_tricks=9, ew_tricks=3)
    for action in (L.A_PASS, L.A_CONTRACT0 + contract, L.A_PASS, L.A_PASS, L.A_PASS):
        state.apply_action(action)
    assert state.array[L.S_DECLARER] == NORTH
    return state


def projected(state: GameState) -> list[float]:
    scores = np.zeros(2, dtype=np.float64)
    add_projected_contract(state.program, state.array, scores)
    return scores.tolist()


def test_the_last_trump_ace_projects_four_spades_made() -> None:
    # Spades are trumps: North's A♠ is worth 2 half tricks, the other three cards nothing, so North-South
    # hold the whole share of the one trick left: 9 + 1 = 10 tricks, 4♠ (6 + 4) just made, not
    # vulnerable on deal 1: 4 × 30 = 120 + 300 = 420 to North-South.
    state = last_trick(3 * 5 + 3)  # 4♠
    assert projected_tricks(state.program, state.array, 0) == 10
    assert projected(state) == [420.0, 0.0]


def test_one_trick_short_of_five_spades_projects_fifty_to_the_defenders() -> None:
    # 5♠ needs 11; the projection gives 10: down one, undoubled, not vulnerable: 50 to East-West.
    assert projected(last_trick(4 * 5 + 3)) == [0.0, 50.0]


def test_no_contract_no_projection() -> None:
    state = GameState.new(get_game("bridge"), 0)
    assert projected(state) == [0.0, 0.0]
