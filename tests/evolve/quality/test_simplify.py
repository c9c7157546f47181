"""Simplified games: idle rules dropped one at a time, the least useful first (``quality.simplify``)."""

from __future__ import annotations

import pytest

from darwindeck.evolve.fitness import evaluate_fitness, live_form, screening_profile, strip_dead_rules
from darwindeck.evolve.quality.ablation import removable_rules
from darwindeck.evolve.quality.idle import Profile
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.evolve.quality.simplify import IdleRule, simplify
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import TrickPhase
from darwindeck.genome.schema import GameGenome
from evolve.quality.hand_made import DEALS, hand_profile, has_pass, rotating_winners, stats_rows


def _breaks(genome: GameGenome) -> bool:
    return any(isinstance(phase, TrickPhase) and phase.breaking_suit is not None for phase in genome.phases)


def _hearts_without(*rules: str) -> GameGenome:
    """Hearts without the removable rules whose text starts with one of ``rules``, dropped in order."""
    genome = get_game("hearts")
    for text in rules:
        genome = next(rule.without for rule in removable_rules(genome) if rule.text.startswith(text))
    return genome


BASE = stats_rows(rotating_winners(), [10] * DEALS)
#: Without the pass phase one of the 40 games has 9 meaningful decisions instead of 10 (test_idle: p ≈ 0.36).
FEWER = stats_rows(rotating_winners(), [9] + [10] * (DEALS - 1))
DRAWN = stats_rows([-1] * DEALS, [10] * DEALS)


def _same(genome: GameGenome) -> GameGenome:
    return genome


def test_a_rule_nothing_reads_is_dropped_and_a_needed_one_stays() -> None:
    # Hearts' removable rules: the pass phase, breaking hearts, and its two card rules (Q♠ 13, each heart
    # 1), all it scores, so their scheme cannot go (test_idle). By construction the game without breaking
    # hearts profiles exactly as Hearts (nothing is lower: idle), and without the pass phase every game
    # is drawn (decided 1 → 0 on every resample: needed). One round drops breaking hearts; the second,
    # on Hearts without it, finds nothing idle.
    def profile(genome: GameGenome) -> Profile:
        return hand_profile(genome, BASE if has_pass(genome) else DRAWN)

    found = simplify(get_game("hearts"), profile, _same, lambda genome: 1.0)
    assert found.genome == _hearts_without("breaking suit")
    assert found.dropped == (
        IdleRule("breaking suit H in phase 2", "phase option", "nothing is lower without it", 1.0),
    )
    assert found.kept == () and found.rounds == 2
    assert (found.score_before, found.score_after) == (1.0, 1.0)


def test_the_least_useful_idle_rule_goes_first_and_the_test_runs_again() -> None:
    # Both the pass phase (one game of 40 one decision shorter without it: a drop within the noise, p ≈
    # 0.36) and breaking hearts (nothing lower: p taken as 1) are idle. Breaking hearts came least near
    # to earning its place, so it goes first; the second round, on Hearts without it, finds the pass
    # phase idle again and drops it; the third finds only the card rules, needed with their scheme.
    def profile(genome: GameGenome) -> Profile:
        return hand_profile(genome, BASE if has_pass(genome) else FEWER)

    found = simplify(get_game("hearts"), profile, _same, lambda genome: 1.0)
    assert found.genome == _hearts_without("breaking suit", "phase 1")
    assert [rule.text for rule in found.dropped] == ["breaking suit H in phase 2", "phase 1 (PassPhase)"]
    assert found.dropped[1].reason.startswith("within the noise: decisions 0.500 → 0.499 (p ")
    assert found.rounds == 3


def test_a_drop_that_costs_the_score_is_put_back() -> None:
    # Both rules are idle (as above), but the score as new falls from 1.0 to 0.5 without the pass phase
    # (more than 5 %): it is put back and not tried again; breaking hearts costs 4 % (0.96 ≥ 0.95): dropped.
    def profile(genome: GameGenome) -> Profile:
        return hand_profile(genome, BASE if has_pass(genome) else FEWER)

    def score(genome: GameGenome) -> float:
        return (1.0 if has_pass(genome) else 0.5) - (0.0 if _breaks(genome) else 0.04)

    found = simplify(get_game("hearts"), profile, _same, score)
    assert found.genome == _hearts_without("breaking suit")
    assert [rule.text for rule in found.dropped] == ["breaking suit H in phase 2"]
    assert found.kept == (
        IdleRule(
            "phase 1 (PassPhase)",
            "phase",
            "idle, but the score as new falls 1.000 → 0.460 without it",
            0.46,
            kept=True,
        ),
    )
    assert (found.score_before, found.score_after) == (1.0, 0.96)


def test_a_game_without_an_idle_rule_is_left_alone_and_never_scored() -> None:
    scored = []

    def score(genome: GameGenome) -> float:
        scored.append(genome)
        return 1.0

    # Without any one rule every game is drawn, but for a card rule, whose scheme is all Hearts scores:
    # every rule earns its place.
    def profile(genome: GameGenome) -> Profile:
        whole = _breaks(genome) and has_pass(genome)
        return hand_profile(genome, BASE if whole else DRAWN)

    found = simplify(get_game("hearts"), profile, _same, score)
    assert found.genome == get_game("hearts") and found.dropped == () and scored == []
    assert (found.score_before, found.score_after, found.rounds) == (None, None, 1)


@pytest.mark.slow
def test_classics_lose_only_their_named_exceptions() -> None:
    # docs/fitness.md §6: with the screening's batches on 100 deals (seed 7), Knockout Whist's turned trump
    # and Crazy Eights' card turned up to start the discard are idle (the test's named misses), and no rule
    # of Fan Tan is. Simplified (settled by the fitness's own path, scored by the screening's score as
    # new), each loses exactly those.
    settings = EvolutionSettings()
    seed = batch_seed(7, "idle")

    def score(genome: GameGenome) -> float:
        return evaluate_fitness(genome, settings, 7).breakdown.get("total_as_new", 0.0)

    dropped = {}
    for name in ("fan-tan", "knockout-whist", "crazy-eights"):
        live = live_form(get_game(name))[0]
        found = simplify(
            live, lambda genome: screening_profile(genome, settings, seed), strip_dead_rules, score
        )
        dropped[name] = [rule.text for rule in found.dropped]
    assert dropped == {
        "fan-tan": [],
        "knockout-whist": ["trumps turned up (upcard)"],
        "crazy-eights": ["1 card(s) turned up to start the discard"],
    }
