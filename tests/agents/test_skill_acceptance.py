"""Acceptance: MCTS beats random players, significantly (one-sided binomial p < 0.01).

Stated settings: MCTS-40 (UCB 0.7, random rollouts of 8 actions) over 200 games for Hearts, Spades,
Partnership Spades, Gin Rummy and Scopa; MCTS-100 over 1600 games for Crazy Eights, where most
decisions are forced (a draw) and the edge over random players is small.
"""

from __future__ import annotations

import pytest

from darwindeck.agents.skill import skilled_rate
from darwindeck.genome.library import get_game

CASES = [
    ("hearts", 200, 40),
    ("spades", 200, 40),
    ("partnership-spades", 200, 40),
    ("gin-rummy", 200, 40),
    ("scopa", 200, 40),
    ("crazy-eights", 1600, 100),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "games", "iterations"), CASES)
def test_mcts_beats_random_players(game: str, games: int, iterations: int) -> None:
    rate = skilled_rate(get_game(game), "mcts", games, 2024, iterations, 1)
    assert rate.decided >= games // 2
    assert rate.rate > rate.chance
    assert rate.p_value < 0.01, rate
