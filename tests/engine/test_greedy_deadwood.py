"""The greedy player in a deadwood game (Gin Rummy): take the discard only when it lowers the deadwood,
discard the card whose loss leaves the least deadwood.

The hand of every scenario: the run 7♥ 8♥ 9♥, the set 4♣ 4♦ 4♠, and K♠ 6♦ 2♥ 3♣ unmatched, so its
deadwood is 10 + 6 + 2 + 3 = 21 (aces 1, faces 10, other cards their rank).
"""

from __future__ import annotations

import numpy as np

from darwindeck.engine.policies import GREEDY, choose
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

HAND = cards("7H 8H 9H 4C 4D 4S KS 6D 2H 3C")


def _greedy(state: object) -> str:
    rng = np.array([1], dtype=np.int64)
    action = choose(state.program, state.array, GREEDY, rng)  # type: ignore[attr-defined]
    return str(state.action_to_string(action))  # type: ignore[attr-defined]


def _gin(top: str) -> object:
    other = cards("2S 3S 5S 6S 7S 8S 9S 10S JS QS")
    return arranged(get_game("gin-rummy"), [HAND, other], discard=[c(top)])


def test_greedy_takes_a_discard_that_extends_a_run() -> None:
    # Taking 10♥ makes the run 7♥–10♥; discarding K♠ then leaves 6 + 2 + 3 = 11 < 21.
    assert _greedy(_gin("10H")) == "draw"


def test_greedy_leaves_a_discard_that_cannot_lower_the_deadwood() -> None:
    # Taking K♣ melds nothing: the best discard afterwards (a king) leaves 21 again, not lower.
    assert _greedy(_gin("KC")) == "pass"


def test_greedy_discards_the_card_that_leaves_the_least_deadwood() -> None:
    state = _gin("10H")
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "draw"))
    # Eleven cards now: discarding K♠ leaves 11; 6♦ leaves 10 + 2 + 3 = 15; 10♥ (back) leaves 21.
    assert _greedy(state) == "card K♠"
