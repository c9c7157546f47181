"""Lead changes, drama and decisiveness on hand-made traces of estimated chances."""

from __future__ import annotations

import math

import numpy as np
import pytest

from darwindeck.evolve.quality.arc import arc_of, decisiveness, drama, lead_changes, one_swing


def test_a_game_the_winner_led_from_the_start() -> None:
    # Side 0 ahead by ≥ 0.1 at both checkpoints and wins: no change, no drama, settled at t* = 1.
    points = np.array([[0.7, 0.3], [0.8, 0.2], [1.0, 0.0]])
    assert lead_changes(points) == 0
    assert drama(points, 0) == 0.0
    assert decisiveness(points, 0) == 0.0


def test_a_comeback() -> None:
    # Side 1 leads (0.8 vs 0.2), then side 0 (0.6 vs 0.4), side 0 wins: one lead change;
    # drama = mean(√(0.8 − 0.2), √max(0, 0.4 − 0.6)) = √0.6 / 2; the winner leads from point 2 on,
    # so t* = 2 and decisiveness = (2 − 1) / 2 = ½.
    points = np.array([[0.2, 0.8], [0.6, 0.4], [1.0, 0.0]])
    assert lead_changes(points) == 1
    assert drama(points, 0) == pytest.approx(math.sqrt(0.6) / 2)
    assert decisiveness(points, 0) == pytest.approx(0.5)


def test_a_near_tie_is_not_a_lead_change() -> None:
    # 0.52 vs 0.48 is within the 0.1 margin: side 0 keeps the lead it had.
    points = np.array([[0.7, 0.3], [0.48, 0.52], [0.8, 0.2], [1.0, 0.0]])
    assert lead_changes(points) == 0


def test_settled_only_by_the_outcome() -> None:
    points = np.array([[0.5, 0.5], [0.5, 0.5], [0.0, 1.0]])
    assert decisiveness(points, 1) == pytest.approx(1.0)


def test_tension_averages_the_three_parts() -> None:
    # The comeback above: (clamp(1/2) + clamp(2 · √0.6/2) + ½) / 3.
    points = np.array([[0.2, 0.8], [0.6, 0.4], [1.0, 0.0]])
    arc = arc_of([(points, 0)])
    assert arc.tension == pytest.approx((0.5 + min(1.0, math.sqrt(0.6)) + 0.5) / 3)


def test_one_swing_decides_a_game_from_behind() -> None:
    # Three sides, fair share 1/3: the winner (side 2) sits at 0.1 < 1/3 − 0.1 at the second checkpoint
    # and the outcome lifts it to 1, a rise of 0.9 ≥ ½: one swing decided it.
    points = np.array([[0.3, 0.4, 0.3], [0.5, 0.4, 0.1], [0.0, 0.0, 1.0]])
    assert one_swing(points, 2)
    # The comeback above rises by 0.4 (0.2 → 0.6) and then 0.4 (0.6 → 1): no single step of ½.
    assert not one_swing(np.array([[0.2, 0.8], [0.6, 0.4], [1.0, 0.0]]), 0)
    # A close game's last step (0.45 → 1) starts within the margin of the fair share ½: not a swing.
    assert not one_swing(np.array([[0.5, 0.5], [0.45, 0.55], [1.0, 0.0]]), 0)


def test_one_swing_is_a_share_of_the_games_with_a_winner() -> None:
    # Of the two decided games one was decided by one swing; the drawn game (winner −1) is not counted.
    swung = np.array([[0.3, 0.4, 0.3], [0.5, 0.4, 0.1], [0.0, 0.0, 1.0]])
    steady = np.array([[0.7, 0.3], [0.8, 0.2], [1.0, 0.0]])
    drawn = np.array([[0.5, 0.5], [0.5, 0.5]])
    assert arc_of([(swung, 2), (steady, 0), (drawn, -1)]).one_swing == pytest.approx(0.5)
