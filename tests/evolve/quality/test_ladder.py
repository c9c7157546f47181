"""The skill ladder's statistics, worked out by hand, and the ladder on games whose answer is known."""

from __future__ import annotations

import math

import pytest

from darwindeck.engine.policies import PIMC
from darwindeck.engine.search_params import P_BUDGET, P_ITERATIONS, P_WORLDS
from darwindeck.evolve.quality.ladder import LADDERS, Ladder, Rung, duplicate_match, measure_ladder
from darwindeck.evolve.quality.play import GREEDY, PIMC_BUDGET, PIMC_MCTS, RANDOM, pimc
from darwindeck.genome.library import get_game
from darwindeck.stats import binomial_tail


def _rung(wins: int, decided: int, same: int, pairs: int, sides: int = 2) -> Rung:
    return Rung("weak", "strong", sides, decided // sides, decided, decided, wins, same, pairs, 0.0, 10.0)


def test_binomial_tail_by_hand() -> None:
    # P(X ≥ 8 | n = 10, p = ½) = (C(10,8) + C(10,9) + C(10,10)) / 2¹⁰ = (45 + 10 + 1) / 1024.
    assert binomial_tail(8, 10, 0.5) == pytest.approx(56 / 1024)
    # P(X ≥ 2 | n = 2, p = ¼) = 1/16; P(X ≥ 0) = 1.
    assert binomial_tail(2, 2, 0.25) == pytest.approx(1 / 16)
    assert binomial_tail(0, 5, 0.3) == 1.0


def test_skill_and_luck_shares_by_hand() -> None:
    # Two sides, the strong side wins 60 of 100: K = (0.6 − ½) / (1 − ½) = 0.2.
    # Replays of one deal won by the same hand in 30 of 50 pairs: P = 0.6, so
    # L² = (P − (1 − K²)/S) / (1 − 1/S) = (0.6 − 0.96/2) / 0.5 = 0.24, L = √0.24.
    rung = _rung(wins=60, decided=100, same=30, pairs=50)
    assert rung.skill == pytest.approx(0.2)
    assert rung.luck == pytest.approx(math.sqrt(0.24))
    # 8 of 10 at chance ½ has p = 56/1024 ≈ 0.055: not significant at 0.05; 9 of 10 (11/1024) is.
    assert not _rung(8, 10, 0, 0).significant
    assert _rung(9, 10, 0, 0).significant


def test_depth_counts_consecutive_significant_rungs() -> None:
    strong, weak = _rung(9, 10, 0, 0), _rung(5, 10, 0, 0)
    assert Ladder((strong, strong), True).depth == 2
    assert Ladder((strong, weak, strong), True).depth == 1
    assert Ladder((weak, strong), True).depth == 0


def test_war_is_all_luck_and_no_skill() -> None:
    # War has no decision: greedy and random play the same cards, so both replays of every deal are won
    # by the same hand (P = 1), the strong side wins exactly its chance share, K = 0 and L = 1.
    rung = duplicate_match(get_game("war"), GREEDY, RANDOM, 20, seed=3)
    assert rung.same_hand_pairs == rung.pairs > 0
    assert rung.wins * 2 == rung.decided
    assert rung.skill == 0.0 and rung.luck == 1.0
    assert measure_ladder(get_game("war"), 3, 20).depth == 0


def test_greedy_beats_random_at_hearts() -> None:
    ladder = measure_ladder(get_game("hearts"), 5, 40, top=1)
    assert ladder.depth == 1
    assert ladder.rungs[0].rate > 0.5


def test_the_pimc_ladder_climbs_by_worlds() -> None:
    """``--search pimc``: random → greedy → PIMC-8 → PIMC-16 → PIMC-32; a PIMC seat is policy 4 with
    its worlds, the solver's budget and the MCTS iterations it bids with (0: greedy bids) in its row."""
    assert [policy.name for policy in LADDERS["pimc"]] == ["random", "greedy", "PIMC-8", "PIMC-16", "PIMC-32"]
    row = pimc(16).params_row(get_game("whist"))
    assert pimc(16).code == PIMC
    assert (row[P_WORLDS], row[P_BUDGET], row[P_ITERATIONS]) == (16, PIMC_BUDGET, PIMC_MCTS)
