"""Idle rules: a rule is idle when the game without it is not worse by the margin (``quality.idle``)."""

from __future__ import annotations

import pytest

from darwindeck.evolve.fitness import live_form, screening_quality
from darwindeck.evolve.quality.ablation import removable_rules
from darwindeck.evolve.quality.idle import IDLE_MARGIN, idle_test, is_idle
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PassPhase
from darwindeck.genome.schema import GameGenome


def _passing(genome: GameGenome) -> float:
    """A stand-in quality: 1.0 for a game that passes cards, 0.5 for one that does not."""
    return 1.0 if any(isinstance(phase, PassPhase) for phase in genome.phases) else 0.5


def test_the_margin() -> None:
    # 5 % of 0.40 is 0.02: losing 0.01 is idle, losing 0.03 is not.
    assert IDLE_MARGIN == 0.05
    assert is_idle(0.40, 0.39) and not is_idle(0.40, 0.37)
    # A rule whose removal improves the game is idle; a game of quality 0 has no idle rule.
    assert is_idle(0.40, 0.45) and not is_idle(0.0, 0.0)


def test_only_the_rule_the_quality_reads_earns_its_place() -> None:
    # With a quality that only sees the pass phase, Hearts without its pass phase drops from 1.0 to 0.5
    # (contribution +0.5, not idle) and without any other rule stays at 1.0 (contribution 0, idle).
    hearts = get_game("hearts")
    test = idle_test(hearts, _passing)
    rules = removable_rules(hearts)
    assert test.quality == 1.0 and test.untested == 0
    assert [rule.path for rule in test.rules] == [rule.path for rule in rules]
    earning = [rule for rule in test.rules if not rule.idle]
    assert [(rule.kind, rule.contribution, rule.quality_without) for rule in earning] == [("phase", 0.5, 0.5)]
    assert "PassPhase" in earning[0].text
    assert len(test.idle) == len(rules) - 1


def test_rules_beyond_the_budget_are_untested_and_never_idle() -> None:
    hearts = get_game("hearts")
    allowed = iter([True, True])
    test = idle_test(hearts, _passing, lambda rule: next(allowed, False))
    assert len(test.rules) == 2
    assert test.untested == len(removable_rules(hearts)) - 2


@pytest.mark.slow
def test_the_library_calibration_of_the_idle_test() -> None:
    # docs/fitness.md §8: with the screening's quality (seed 7, the default settings), 12 of the 32
    # classics lose no rule and 20 lose at least one; pinned here on five quick games. Bridge, Cheat,
    # Fan Tan, President and Scopa lose nothing; Whist's turned trump (−0.1 %) is idle: the screening
    # plays greedy against random and greedy against itself, and a trump suit changes which cards win
    # without changing how much better play wins, so the measures cannot see what the trump is for.
    settings = EvolutionSettings()
    seed = batch_seed(7, "idle")
    idle = {}
    for name in ("bridge", "cheat", "fan-tan", "president", "scopa", "whist"):
        live = live_form(get_game(name))[0]
        test = idle_test(live, lambda genome: screening_quality(genome, settings, seed))
        idle[name] = [rule.text for rule in test.idle]
    assert idle == {
        "bridge": [],
        "cheat": [],
        "fan-tan": [],
        "president": [],
        "scopa": [],
        "whist": ["trumps turned up (dealer_last)"],
    }
