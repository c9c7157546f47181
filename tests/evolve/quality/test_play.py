"""The competent MCTS configuration per game (``quality.play``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from darwindeck.agents.competent import ROLLOUT_DEPTH, rollout_depth
from darwindeck.engine.search_params import P_DEPTH, P_ITERATIONS, P_SEES_ALL
from darwindeck.evolve.quality import play as P
from darwindeck.evolve.quality.play import GREEDY, competent, mcts, pimc, seat_params
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import EvaluationMethod


def test_a_knock_game_valued_by_deadwood_is_judged_without_rollouts() -> None:
    gin = get_game("gin-rummy")
    assert rollout_depth(gin) == 0
    _, params = seat_params(gin, [mcts(25), GREEDY])
    assert params[0, P_DEPTH] == 0
    assert params[0, P_ITERATIONS] == 25
    assert params[0, P_SEES_ALL] == 0


def test_other_games_roll_out_to_the_end_of_the_hand() -> None:
    assert rollout_depth(get_game("hearts")) == ROLLOUT_DEPTH
    assert rollout_depth(get_game("spades")) == ROLLOUT_DEPTH
    # Gin's knock without a deadwood valuation (cards counted by points): no in-hand measure, so rollouts.
    gin = get_game("gin-rummy")
    evaluation = replace(gin.scoring.hand_evaluation, method=EvaluationMethod.POINT_TOTAL)
    points = replace(gin, scoring=replace(gin.scoring, hand_evaluation=evaluation))
    assert rollout_depth(points) == ROLLOUT_DEPTH


def test_the_competent_player_is_read_per_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """``competent`` reads the family's player from ``PIMC_FAMILIES``: the competent MCTS where the family
    is not listed (every family today: ``docs/fitness.md``), PIMC with the listed worlds where it is, for
    that family's games only (Whist is a trick-taking game, Bridge a bidding game:
    ``quality.descriptors.family``)."""
    whist, bridge = get_game("whist"), get_game("bridge")
    assert P.PIMC_FAMILIES == {}
    assert competent(whist, 25) == mcts(25)
    monkeypatch.setitem(P.PIMC_FAMILIES, "trick-taking", 8)
    assert competent(whist, 25) == pimc(8)
    assert competent(whist, 25, sees_all=True) == pimc(8, sees_all=True)
    assert competent(bridge, 25) == mcts(25)
