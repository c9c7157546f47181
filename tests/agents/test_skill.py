"""The skill evaluation of the recorded 2026-11 experiment (``docs/experiments/run_experiment.py``):
p-values, the no-decision case, seat rotation."""

from __future__ import annotations

import math

from darwindeck.agents.skill import (
    binomial_tail,
    evaluate_skill,
    rate_of,
    skilled_rate,
)
from darwindeck.genome.library import get_game


def test_the_binomial_tail_is_exact() -> None:
    assert abs(binomial_tail(3, 5, 0.5) - 0.5) < 1e-12
    assert abs(binomial_tail(8, 10, 0.5) - 56 / 1024) < 1e-12
    exact = sum(math.comb(40, k) * 0.25**k * 0.75 ** (40 - k) for k in range(17, 41))
    assert abs(binomial_tail(17, 40, 0.25) - exact) < 1e-12
    assert binomial_tail(0, 10, 0.3) == 1.0
    assert binomial_tail(1500, 2000, 0.25) < 1e-200


def test_a_rate_carries_its_wilson_interval_and_chance() -> None:
    rate = rate_of("mcts", 120, 60, 100, 4)
    assert (rate.rate, rate.chance, rate.wins, rate.decided) == (0.6, 0.25, 60, 100)
    assert round(rate.low, 3) == 0.502 and round(rate.high, 3) == 0.691
    assert rate.p_value < 1e-12


def test_war_has_no_decisions_and_no_skill() -> None:
    report = evaluate_skill(get_game("war"), 20, 3)
    assert report.has_decisions is False
    assert report.forced_fraction == 1.0
    assert report.skill == 0.0
    assert report.greedy is None and report.mcts is None
    assert report.first_player.games == 20


def test_a_skilled_run_rotates_over_the_sides_and_is_reproducible() -> None:
    first = skilled_rate(get_game("partnership-spades"), "greedy", 4, 2, 10, 1)
    assert first.games == 4 and first.chance == 0.5
    assert first == skilled_rate(get_game("partnership-spades"), "greedy", 4, 2, 10, 1)
