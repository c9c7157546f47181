"""Idle rules: idle when no play measure drops without the rule beyond the deals' noise (``quality.idle``)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from darwindeck.agents import batch as B
from darwindeck.evolve.fitness import live_form, screening_profile
from darwindeck.evolve.quality.ablation import removable_rules
from darwindeck.evolve.quality.idle import (
    ALPHA,
    COMPONENTS,
    RESAMPLES,
    Profile,
    idle_test,
    resamples,
    significant_drops,
)
from darwindeck.evolve.quality.play import Games, batch_seed
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PassPhase
from darwindeck.genome.schema import GameGenome

DEALS = 40


def _rows(winners: list[int], meaningful: list[int], turns: int = 20) -> np.ndarray:
    """Stats rows of hand-made games: game d won by ``winners[d]`` (−1 a draw) with ``meaningful[d]``
    meaningful decisions of 20 (the rest forced) in ``turns`` turns."""
    rows = np.zeros((len(winners), B.N_STATS), dtype=np.int64)
    rows[:, B.STAT_WINNER] = winners
    rows[:, B.STAT_WINNING_TEAM] = -1
    rows[:, B.STAT_TURNS] = turns
    rows[:, B.STAT_DECISIONS] = 20
    rows[:, B.STAT_FORCED] = [20 - m for m in meaningful]
    return rows


def _profile(genome: GameGenome, rows: np.ndarray) -> Profile:
    """A profile whose greedy self-play is ``rows`` and whose rung 0 has every deal won by its strong side
    (a 4-player game: the strong side is seat ``side`` in replay ``side``)."""
    replays = []
    for side in range(genome.player_count):
        won = rows.copy()
        won[:, B.STAT_WINNER] = side
        replays.append(Games(genome, won))
    return Profile(genome, Games(genome, rows), tuple(replays))


def _seats() -> list[int]:
    return [deal % 4 for deal in range(DEALS)]


def _has_pass(genome: GameGenome) -> bool:
    return any(isinstance(phase, PassPhase) for phase in genome.phases)


def test_the_significance_level_and_resamples() -> None:
    # Ten components tested at 0.05 in all (Bonferroni): p < 0.05 / 10 = 0.005, which a bootstrap of 500
    # resamples can show (its least p is 1 / 501 = 0.002).
    assert (ALPHA, RESAMPLES, len(COMPONENTS)) == (0.05, 500, 10)
    assert ALPHA / len(COMPONENTS) > 1 / (RESAMPLES + 1)


def test_a_drop_seen_in_every_resample_is_significant_and_a_rise_never_is() -> None:
    # The drop 0.5 → 0.3 holds in all 999 resamples: p = 1 / 1000 < 0.05 / 2. The second component rises.
    draws = np.array([[0.5, 0.2]] * 999)
    found = significant_drops(np.array([0.5, 0.2]), np.array([0.3, 0.4]), draws, draws - [0.2, -0.2])
    assert found == [(0, 1 / 1000)]


def test_a_rule_that_changes_nothing_a_measure_reads_is_idle() -> None:
    # Without each rule the games differ (their digests and card effects), but no column a component
    # reads changes: every component is equal on every resample, so nothing drops and every rule is idle.
    hearts = get_game("hearts")
    base = _rows(_seats(), [10] * DEALS)
    other = base.copy()
    other[:, B.STAT_DIGEST] = 12345
    other[:, B.STAT_EFFECTS] = 3
    test = idle_test(hearts, lambda genome: _profile(genome, base if genome is hearts else other))
    assert len(test.rules) == len(removable_rules(hearts)) and test.untested == 0
    assert len(test.idle) == len(test.rules)
    # The components of the base, worked out: 10 meaningful decisions in 20 turns = 0.5; no interaction;
    # no lead change; closeness 1 / (1 + 0 / scale) = 1; no comebacks; seats win 10 games each, so the
    # first player's share is 1/4 (advantage 0, balance 1); every game decided; no bids; rung 0 won by
    # the strong side every time (K = 1) and, the strong side's hand winning, two replays of a deal are
    # never won by the same hand (P = 0: luck 0, control 1).
    assert test.components == (0.5, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0)


def test_a_drop_on_one_deal_is_noise() -> None:
    # Without the pass phase one of the 40 games has 9 meaningful decisions instead of 10: decisions drop
    # from 0.5 to 399/800 = 0.49875, but a resample misses that game with probability (39/40)^40 ≈ 0.36,
    # and then shows no drop: p ≈ 0.36, far above 0.05 / 10. Idle.
    hearts = get_game("hearts")
    base = _rows(_seats(), [10] * DEALS)
    fewer = _rows(_seats(), [9] + [10] * (DEALS - 1))
    test = idle_test(hearts, lambda genome: _profile(genome, base if _has_pass(genome) else fewer))
    assert len(test.idle) == len(test.rules)
    seen = resamples(DEALS)
    missing = float((~(seen == 0).any(axis=1)).mean())
    assert abs(missing - (39 / 40) ** 40) < 0.04


def test_a_rule_that_decides_games_earns_its_place() -> None:
    # Without the pass phase every game is a draw: decided drops 1 → 0 (and balance 1 → 0.75: no decided
    # game, the first player's share is 0, advantage −1/4) in every resample: p = 1 / 501 each.
    hearts = get_game("hearts")
    base = _rows(_seats(), [10] * DEALS)
    drawn = _rows([-1] * DEALS, [10] * DEALS)
    test = idle_test(hearts, lambda genome: _profile(genome, base if _has_pass(genome) else drawn))
    earning = [rule for rule in test.rules if not rule.idle]
    assert len(earning) == 1 and "PassPhase" in earning[0].text
    drops = {drop.component: (drop.with_rule, drop.without, drop.p_value) for drop in earning[0].drops}
    assert drops == {"balance": (1.0, 0.75, 1 / 501), "decided": (1.0, 0.0, 1 / 501)}


def test_a_variant_without_a_profile_is_needed() -> None:
    # A variant the engine cannot run or that the gate stops has no profile: the rule is needed.
    hearts = get_game("hearts")
    base = _profile(hearts, _rows(_seats(), [10] * DEALS))
    test = idle_test(hearts, lambda genome: base if _has_pass(genome) else None)
    needed = [rule for rule in test.rules if rule.needed]
    assert len(needed) == 1 and not needed[0].idle and "PassPhase" in needed[0].text


def test_rules_beyond_the_budget_are_untested_and_never_idle() -> None:
    hearts = get_game("hearts")
    base = _profile(hearts, _rows(_seats(), [10] * DEALS))
    allowed = iter([True, True])
    test = idle_test(
        hearts, lambda genome: dataclasses.replace(base, genome=genome), lambda rule: next(allowed, False)
    )
    assert len(test.rules) == 2
    assert test.untested == len(removable_rules(hearts)) - 2


@pytest.mark.slow
def test_the_library_calibration_of_the_idle_test() -> None:
    # docs/fitness.md §6 and docs/experiments/2026-11-28-idle.md: with the screening's batches on 100 deals
    # (seed 7), 24 of the 102 removable rules of the classics are idle, in 16 classics; pinned here on six
    # quick games. Fan Tan's sequence tableau, Scopone's teams, Whist's teams and turned trump earn their
    # places. Knockout Whist's turned trump and Polignac's four knaves (one penalty card of several each)
    # are the measure's misses: they change which cards win, not how play goes; Simple Poker's play
    # condition likewise.
    settings = EvolutionSettings()
    seed = batch_seed(7, "idle")
    idle = {}
    for name in ("fan-tan", "knockout-whist", "polignac", "scopone", "simple-poker", "whist"):
        live = live_form(get_game(name))[0]
        test = idle_test(live, lambda genome: screening_profile(genome, settings, seed))
        idle[name] = [rule.text for rule in test.idle]
    assert idle == {
        "fan-tan": [],
        "knockout-whist": ["trumps turned up (upcard)"],
        "polignac": ["+1 per card on trick_win"] * 3 + ["+2 per card on trick_win"],
        "scopone": [],
        "simple-poker": ["the condition of phase 2"],
        "whist": [],
    }
