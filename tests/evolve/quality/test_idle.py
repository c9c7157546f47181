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
    lower_components,
    resamples,
    significant_drops,
)
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome
from evolve.quality.hand_made import DEALS, hand_profile, has_pass, rotating_winners, stats_rows


def test_the_significance_level_and_resamples() -> None:
    # Ten components tested at 0.05 in all (Bonferroni): p < 0.05 / 10 = 0.005, which a bootstrap of 500
    # resamples can show (its least p is 1 / 501 = 0.002).
    assert (ALPHA, RESAMPLES, len(COMPONENTS)) == (0.05, 500, 10)
    assert ALPHA / len(COMPONENTS) > 1 / (RESAMPLES + 1)


def test_a_drop_seen_in_every_resample_is_significant_and_a_rise_never_is() -> None:
    # The drop 0.5 → 0.3 holds in all 999 resamples: p = 1 / 1000 < 0.05 / 2. The second component rises.
    draws = np.array([[0.5, 0.2]] * 999)
    lower = lower_components(np.array([0.5, 0.2]), np.array([0.3, 0.4]), draws, draws - [0.2, -0.2])
    assert lower == [(0, 1 / 1000)]
    assert significant_drops(lower, 2) == [(0, 1 / 1000)]
    # A drop seen in 995 of 999 resamples: p = (1 + 4) / 1000 = 0.005, not below 0.05 / 10 = 0.005.
    assert significant_drops([(3, 0.005)], 10) == []


def test_a_rule_that_changes_nothing_a_measure_reads_is_idle() -> None:
    # Without each rule the games differ (their digests and card effects), but no column a component
    # reads changes: every component is equal on every resample, so nothing drops. The pass phase and
    # breaking hearts are idle; the two card rules (Q♠ 13, each heart 1) are all Hearts scores, so
    # without both the game cannot be made valid and each earns its place with that scheme.
    hearts = get_game("hearts")
    base = stats_rows(rotating_winners(), [10] * DEALS)
    other = base.copy()
    other[:, B.STAT_DIGEST] = 12345
    other[:, B.STAT_EFFECTS] = 3
    test = idle_test(hearts, lambda genome: hand_profile(genome, base if genome is hearts else other))
    assert len(test.rules) == len(removable_rules(hearts)) == 4 and test.untested == 0
    assert [rule.text for rule in test.idle] == ["phase 1 (PassPhase)", "breaking suit H in phase 2"]
    assert all(rule.drops == () for rule in test.rules)
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
    base = stats_rows(rotating_winners(), [10] * DEALS)
    fewer = stats_rows(rotating_winners(), [9] + [10] * (DEALS - 1))
    test = idle_test(hearts, lambda genome: hand_profile(genome, base if has_pass(genome) else fewer))
    assert all(rule.drops == () for rule in test.rules)
    assert "phase 1 (PassPhase)" in [rule.text for rule in test.idle]
    seen = resamples(DEALS)
    missing = float((~(seen == 0).any(axis=1)).mean())
    assert abs(missing - (39 / 40) ** 40) < 0.04


def test_a_rule_that_decides_games_earns_its_place() -> None:
    # Without the pass phase every game is a draw: decided drops 1 → 0 (and balance 1 → 0.75: no decided
    # game, the first player's share is 0, advantage −1/4) in every resample: p = 1 / 501 each.
    hearts = get_game("hearts")
    base = stats_rows(rotating_winners(), [10] * DEALS)
    drawn = stats_rows([-1] * DEALS, [10] * DEALS)
    test = idle_test(hearts, lambda genome: hand_profile(genome, base if has_pass(genome) else drawn))
    earning = [rule for rule in test.rules if rule.drops]
    assert len(earning) == 1 and "PassPhase" in earning[0].text
    drops = {drop.component: (drop.with_rule, drop.without, drop.p_value) for drop in earning[0].drops}
    assert drops == {"balance": (1.0, 0.75, 1 / 501), "decided": (1.0, 0.0, 1 / 501)}


def test_a_penalty_card_idle_alone_earns_its_place_with_its_scheme() -> None:
    # Knaves scores four card rules on trick_win (the knaves, −4 to −1) beside a point a trick. By
    # construction the game without any one knave plays like the game (idle alone), and the game without
    # all four (its scoring scheme, which leaves the trick points) ends every game drawn: decided 1 → 0
    # and, three players, seat 0 winning 14 of the 40 games (deal d won by seat d mod 3), balance
    # 1 − |14/40 − 1/3| = 59/60 → 1 − |0 − 1/3| = 2/3, on every resample: p = 1 / 501. So each knave
    # earns its place with its scheme, tested once; the turned trump and the trick points (no change)
    # are idle.
    knaves = get_game("knaves")
    base = stats_rows([deal % 3 for deal in range(DEALS)], [10] * DEALS)
    drawn = stats_rows([-1] * DEALS, [10] * DEALS)
    schemes = []

    def profile(genome: GameGenome) -> Profile:
        if not genome.scoring.card_rules:
            schemes.append(genome)
            return hand_profile(genome, drawn)
        return hand_profile(genome, base)

    test = idle_test(knaves, profile)
    assert [rule.kind for rule in test.idle] == ["setup rule", "book scoring"]
    cards = [rule for rule in test.rules if rule.kind == "card scoring"]
    assert len(cards) == 4 and len(schemes) == 1
    for rule in cards:
        assert rule.drops == () and rule.scheme is not None and not rule.idle
        assert rule.scheme.text == "every card scored on trick_win"
        drops = {drop.component: (drop.with_rule, drop.without, drop.p_value) for drop in rule.scheme.drops}
        assert drops == {"balance": pytest.approx((59 / 60, 2 / 3, 1 / 501)), "decided": (1.0, 0.0, 1 / 501)}


def test_a_scheme_that_is_all_the_game_scores_is_needed() -> None:
    # Black Maria's four trick_win card rules are everything it scores and its lowest score wins: the
    # game without them cannot be made valid, so the scheme is needed and each card rule, idle alone,
    # earns its place with it (the profile of the game without the scheme is never asked for).
    maria = get_game("black-maria")
    base = hand_profile(maria, stats_rows(rotating_winners(), [10] * DEALS))
    test = idle_test(maria, lambda genome: dataclasses.replace(base, genome=genome))
    assert [rule.text for rule in test.idle] == ["phase 1 (PassPhase)"]
    cards = [rule for rule in test.rules if rule.kind == "card scoring"]
    assert len(cards) == 4
    assert all(rule.scheme is not None and rule.scheme.needed and not rule.idle for rule in cards)


def test_a_variant_without_a_profile_is_needed() -> None:
    # A variant the engine cannot run or that the gate stops has no profile: the rule is needed.
    hearts = get_game("hearts")
    base = hand_profile(hearts, stats_rows(rotating_winners(), [10] * DEALS))
    test = idle_test(hearts, lambda genome: base if has_pass(genome) else None)
    needed = [rule for rule in test.rules if rule.needed]
    assert len(needed) == 1 and not needed[0].idle and "PassPhase" in needed[0].text


def test_rules_beyond_the_budget_are_untested_and_never_idle() -> None:
    hearts = get_game("hearts")
    base = hand_profile(hearts, stats_rows(rotating_winners(), [10] * DEALS))
    allowed = iter([True, True])
    test = idle_test(
        hearts, lambda genome: dataclasses.replace(base, genome=genome), lambda rule: next(allowed, False)
    )
    assert len(test.rules) == 2
    assert test.untested == len(removable_rules(hearts)) - 2


@pytest.mark.slow
def test_the_library_calibration_of_the_idle_test() -> None:
    # docs/fitness.md §6 and docs/experiments/2026-11-28-idle.md: with the screening's batches on 100 deals
    # (seed 7), 15 of the 102 removable rules of the classics are idle, in 13 classics; pinned here on six
    # quick games. Fan Tan's sequence tableau, Scopone's teams, Whist's teams and turned trump earn their
    # places, and Polignac's four knaves with their scheme (all the game scores). Knockout Whist's turned
    # trump is the measure's miss: it changes which cards win, not how play goes. Simple Poker's play
    # condition earns its place since the greedy player bets by its hand's equity (what it plays moves
    # its bets).
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
        "polignac": [],
        "scopone": [],
        "simple-poker": [],
        "whist": [],
    }
