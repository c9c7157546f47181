"""The one home of the project's statistics (``darwindeck.stats``), checked against values worked by hand
from Wilson's formula and the binomial distribution."""

from __future__ import annotations

import pytest

from darwindeck.stats import binomial_tail, rate_interval, wilson_interval


def test_wilson_interval_by_hand() -> None:
    # 5 of 10, z = 1.96: z²/n = 0.38416, centre (0.5 + 0.19208) / 1.38416 = 0.5,
    # half 1.96 · sqrt(0.025 + 0.009604) / 1.38416 = 0.263411.
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236589, abs=1e-6) and high == pytest.approx(0.763411, abs=1e-6)
    # 10 of 10: centre 1.19208 / 1.38416 = 0.861229, half 1.96 · 0.098 / 1.38416 = 0.138771; the top is
    # clipped to 1 (the textbook 95 % interval of 10/10 is [0.722, 1]).
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.722459, abs=1e-5) and high == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_draw_counts_half_a_success() -> None:
    # 3 wins and 2 draws of 6: p = 4/6, z²/n = 0.640267, centre (2/3 + 0.320133) / 1.640267 = 0.601609,
    # half 1.96 · sqrt(0.037037 + 0.026678) / 1.640267 = 0.301621.
    rate, low, high = rate_interval(3 + 2 / 2, 6)
    assert rate == pytest.approx(4 / 6)
    assert low == pytest.approx(0.299988, abs=1e-5) and high == pytest.approx(0.903230, abs=1e-5)
    assert rate_interval(0, 0) == (0.0, 0.0, 0.0)


def test_binomial_tail_far_in_the_tail() -> None:
    # 160 wins of 160 at chance ¼ (Spades' greedy rung in docs/skill.md): ¼¹⁶⁰ = 2⁻³²⁰ ≈ 4.68e-97, which a
    # product of floats would round to 0.
    assert binomial_tail(160, 160, 0.25) == pytest.approx(2.0**-320, rel=1e-9)
    # P(X ≥ 1 | n = 3, p = ½) = 1 − ⅛.
    assert binomial_tail(1, 3, 0.5) == pytest.approx(7 / 8)
    assert binomial_tail(4, 3, 0.5) == 0.0
