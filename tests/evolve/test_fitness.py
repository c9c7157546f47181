"""Fitness: metrics on hand-built batch stats, the playability gate, seed 001's coherence penalties, the
style tables, the novelty factor on a relabelled library game, the MCTS skill hook and determinism.

Genomes are played 20 games per kind of play so the file stays fast."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from typing import Any

import pytest

from darwindeck.engine.simulate import BatchStats
from darwindeck.errors import DarwinDeckError, GenomeValidationError
from darwindeck.evolve import fitness, ga
from darwindeck.evolve.fitness import (
    FitnessResult,
    Penalty,
    batch_seed,
    coherence_penalties,
    decisions_reason,
    evaluate_fitness,
    gate_reason,
    novelty_factor,
)
from darwindeck.evolve.metrics import (
    GreedyRun,
    balance,
    betting_engagement,
    decision_density,
    first_player_advantage,
    greedy_share,
    interaction,
    margin_scale,
    rules_complexity,
    session_length,
    skill_above_chance,
    structure_count,
    tension,
)
from darwindeck.evolve.store import Evaluation
from darwindeck.evolve.styles import METRIC_NAMES, STYLE_WEIGHTS, style_weights
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PlayPhase
from darwindeck.genome.schema import GameGenome, SetupRules, TableauMode, TurnStructure, WinCondition, WinType
from darwindeck.genome.validation import ensure_valid

SMALL = ga.EvolutionSettings(games_per_genome=20)


def batch(**changes: Any) -> BatchStats:
    """Batch stats of 10 two-player games, with ``changes``."""
    base = BatchStats(
        games=10,
        wins=(5, 5),
        team_wins=(),
        draws=0,
        timeouts=0,
        errors=0,
        avg_turns=40.0,
        avg_decisions=50.0,
        avg_legal_moves=3.0,
        forced_fraction=0.2,
        avg_hand_size=5.0,
        avg_lead_changes=2.0,
        avg_margin=3.5,
        comeback_fraction=0.3,
        avg_interaction=10.0,
        avg_effects=0.0,
        bids_made=0,
        bids_met=0,
        avg_hands=1.0,
        decisions=500,
    )
    return dataclasses.replace(base, **changes)


def never_ending() -> GameGenome:
    """Crazy Eights cut to 3 turns: nobody can empty a hand of 5 cards, every game is a draw."""
    return get_game("crazy-eights").replace(name="Never Ending", max_turns=3)


# ----------------------------------------------------------------------------------------------- metrics


def test_decision_density_counts_meaningful_choices_per_turn() -> None:
    assert decision_density(batch()) == 50.0 * (1 - 0.2) / 40.0
    assert decision_density(batch(avg_turns=10.0)) == 1.0  # capped
    assert decision_density(batch(avg_turns=0.0)) == 0.0


def test_tension_mixes_lead_changes_and_closeness() -> None:
    crazy_eights = get_game("crazy-eights")  # empty_hand: the margin is measured in hand sizes (5 cards)
    assert margin_scale(crazy_eights) == 5.0
    assert tension(batch(), crazy_eights) == 0.5 * (2.0 / 4.0) + 0.5 * (1 / (1 + 3.5 / 5.0))
    hearts = get_game("hearts")  # low_score to 100: the margin is measured against the threshold
    assert margin_scale(hearts) == 100.0
    assert tension(batch(avg_margin=-50.0, avg_lead_changes=9.0), hearts) == 0.5 + 0.5 * (1 / 1.5)


def test_interaction_is_events_per_turn() -> None:
    assert interaction(batch()) == 0.25
    assert interaction(batch(avg_interaction=80.0)) == 1.0


def test_skill_compares_the_greedy_share_with_chance() -> None:
    genome = get_game("crazy-eights")  # 4 players
    runs = [
        GreedyRun(0, batch(wins=(3, 1, 1, 0))),
        GreedyRun(1, batch(wins=(1, 2, 1, 1), draws=5)),
    ]
    assert greedy_share(runs, genome) == 5 / 10
    assert skill_above_chance(0.5, 4) == (0.5 - 0.25) / 0.75
    assert skill_above_chance(0.1, 4) == 0.0


def test_team_games_count_the_greedy_seats_team() -> None:
    genome = get_game("partnership-spades")
    assert genome.team_mode
    assert genome.teams == ((0, 2), (1, 3))
    runs = [GreedyRun(1, batch(wins=(0, 0, 0, 0), team_wins=(2, 6)))]
    assert greedy_share(runs, genome) == 6 / 8
    self_play = batch(wins=(0, 0, 0, 0), team_wins=(7, 3))
    assert first_player_advantage(self_play, genome) == pytest.approx(0.2)


def test_first_player_advantage_uses_decided_games_and_is_penalised() -> None:
    genome = get_game("gin-rummy")  # 2 players
    assert first_player_advantage(batch(wins=(6, 2), draws=2), genome) == 0.75 - 0.5
    assert balance(0.0) == 1.0
    assert balance(0.15) == 0.5
    assert balance(0.45) == 0.0


def test_session_length_band() -> None:
    assert session_length(10.0) == 0.5
    assert session_length(20.0) == 1.0
    assert session_length(150.0) == 1.0
    assert session_length(300.0) == 0.5


def test_rules_complexity_prefers_a_moderate_structure() -> None:
    uno = get_game("uno-style")  # 2 phases + 2 conditions + 4 effects + 1 win
    assert structure_count(uno) == 9
    assert rules_complexity(uno) == 1.0
    whist = get_game("whist")  # 1 phase + 1 win + team play
    assert structure_count(whist) == 3
    assert rules_complexity(whist) == 3 / 5
    scotch_whist = get_game("scotch-whist")  # 1 phase + 10 conditions + 1 win + 5 card-scoring rules
    assert structure_count(scotch_whist) == 17
    assert rules_complexity(scotch_whist) == 1.0 - 5 / 12


def test_betting_engagement_by_kind_of_game() -> None:
    assert betting_engagement(batch(bids_made=100, bids_met=25), get_game("spades")) == 4 * 0.25 * 0.75
    assert betting_engagement(batch(), get_game("cheat")) == 0.25
    assert betting_engagement(batch(avg_interaction=4.0), get_game("simple-poker")) == 0.1
    assert betting_engagement(batch(), get_game("crazy-eights")) == 0.0


# ------------------------------------------------------------------------------------------------- gate


def test_a_game_that_always_draws_is_gated() -> None:
    genome = never_ending()
    ensure_valid(genome)
    result = evaluate_fitness(genome, SMALL, 3)
    assert result.total == 0.0
    assert result.gate_reason == "random self-play: draw rate 1.00 above the limit 0.40"
    assert result.breakdown["draw_rate"] == 1.0
    assert result.breakdown["avg_turns"] == 3.0
    assert "weighted_sum" not in result.breakdown


def test_gate_thresholds() -> None:
    clean = {"error_rate": 0.0, "draw_rate": 0.4, "timeout_rate": 0.05}
    assert gate_reason(clean, "x") is None
    assert gate_reason({**clean, "error_rate": 0.01}, "x") == "x: error rate 0.01 above the limit 0.00"
    assert gate_reason({**clean, "timeout_rate": 0.1}, "x") == "x: timeout rate 0.10 above the limit 0.05"
    assert decisions_reason(3.0) is None
    assert decisions_reason(2.5) == "random self-play: 2.50 meaningful decisions per game, fewer than 3"


def test_a_game_without_choices_is_gated() -> None:
    one_card = GameGenome(
        name="One Card",
        setup=SetupRules(cards_per_player=1),
        turn_structure=TurnStructure(phases=(PlayPhase(),)),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
    )
    result = evaluate_fitness(one_card, SMALL, 3)
    assert result.total == 0.0
    assert result.gate_reason == "random self-play: 0.00 meaningful decisions per game, fewer than 3"


def test_a_game_the_engine_cannot_run_is_gated_with_the_engines_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(genome: GameGenome, **_: Any) -> BatchStats:
        raise GenomeValidationError(genome.name, ["turn_structure.phases[0]: not executable"])

    monkeypatch.setattr(fitness, "simulate", refuse)
    result = evaluate_fitness(get_game("whist"), SMALL, 3)
    assert result.total == 0.0
    assert result.gate_reason == (
        "the engine cannot run this game: genome 'Whist' is invalid (1 problem(s)): "
        "- turn_structure.phases[0]: not executable"
    )
    assert result.breakdown["novelty_library_distance"] == 0.0


# -------------------------------------------------------------------------------------------- coherence


@pytest.mark.parametrize(
    ("mode", "win", "name", "factor"),
    [
        (TableauMode.WAR, WinType.EMPTY_HAND, "war_with_empty_hand", 0.7),
        (TableauMode.MATCH_RANK, WinType.CAPTURE_ALL, "match_rank_with_capture_all", 0.8),
        (TableauMode.SEQUENCE, WinType.CAPTURE_ALL, "sequence_with_capture_all", 0.7),
    ],
)
def test_seed_001_coherence_penalties(mode: TableauMode, win: WinType, name: str, factor: float) -> None:
    genome = never_ending().replace(setup=SetupRules(tableau_mode=mode), win_conditions=(WinCondition(win),))
    reason = f"{mode.value} tableau with the {win.value} win condition: ×{factor:g} (seed 001)"
    assert coherence_penalties(genome) == (Penalty(name, factor, reason),)


def test_good_pairings_carry_no_penalty() -> None:
    for slug in ("war", "scopa", "fan-tan", "crazy-eights"):
        assert coherence_penalties(get_game(slug)) == ()
    none_mode = never_ending().replace(win_conditions=(WinCondition(WinType.CAPTURE_ALL),))
    assert coherence_penalties(none_mode) == ()


def test_a_penalty_multiplies_the_total_and_is_recorded() -> None:
    scopa = get_game("scopa")
    incoherent = scopa.replace(win_conditions=(*scopa.win_conditions, WinCondition(WinType.CAPTURE_ALL)))
    result = evaluate_fitness(incoherent, SMALL, 5)
    b = result.breakdown
    assert result.gate_reason is None
    assert b["penalty.match_rank_with_capture_all"] == 0.8
    assert b["coherence_factor"] == 0.8
    assert result.total == b["weighted_sum"] * 0.8 * b["novelty_factor"]
    assert [p.name for p in result.penalties] == ["match_rank_with_capture_all"]


# ----------------------------------------------------------------------------------------------- styles


def test_style_tables_match_the_ga_and_sum_to_one() -> None:
    assert tuple(STYLE_WEIGHTS) == ga.STYLES
    for style, weights in STYLE_WEIGHTS.items():
        assert tuple(weights) == METRIC_NAMES, style
        assert math.isclose(sum(weights.values()), 1.0), style
        assert all(weight >= 0 for weight in weights.values()), style


def test_style_presets() -> None:
    assert dict(style_weights("balanced")) == {
        "decision_density": 0.15,
        "comeback": 0.10,
        "tension": 0.15,
        "interaction": 0.10,
        "skill": 0.15,
        "balance": 0.15,
        "session_length": 0.10,
        "rules_complexity": 0.05,
        "betting_engagement": 0.05,
        "trick_play": 0.00,
    }
    assert style_weights("strategic")["skill"] == 0.30
    assert style_weights("party")["interaction"] == 0.20
    assert style_weights("trick-taking")["trick_play"] == 0.20
    assert style_weights("bluffing")["betting_engagement"] == 0.25
    with pytest.raises(DarwinDeckError, match="fitness style 'nope': unknown"):
        style_weights("nope")


def test_the_style_changes_only_the_weighting() -> None:
    genome = get_game("whist")
    balanced = evaluate_fitness(genome, SMALL, 11)
    tricks = evaluate_fitness(genome, dataclasses.replace(SMALL, style="trick-taking"), 11)
    for name in METRIC_NAMES:
        assert balanced.breakdown[name] == tricks.breakdown[name]
    weights = style_weights("trick-taking")
    expected = sum(weights[name] * tricks.breakdown[name] for name in METRIC_NAMES)
    assert tricks.breakdown["weighted_sum"] == expected
    assert tricks.breakdown["trick_play"] == 1.0


# ---------------------------------------------------------------------------------------------- novelty


def test_a_relabelled_library_game_gets_the_novelty_penalty() -> None:
    original = get_game("crazy-eights")
    relabelled = original.replace(name="Mad Sevens", description="A brand new game, honest.")
    result = evaluate_fitness(relabelled, SMALL, 7)
    b = result.breakdown
    assert result.nearest_library_game == "crazy-eights"
    assert b["novelty_library_distance"] == 0.0
    assert b["novelty_factor"] == 0.1
    assert result.gate_reason is None
    assert result.total == b["weighted_sum"] * 1.0 * 0.1
    assert result == evaluate_fitness(original, SMALL, 7)


def test_novelty_factor() -> None:
    assert novelty_factor(0.0) == 0.1
    assert novelty_factor(0.075) == pytest.approx(0.55)
    assert novelty_factor(0.15) == 1.0
    assert novelty_factor(0.6) == 1.0


# ---------------------------------------------------------------------------------- skill and determinism


def test_the_mcts_skill_hook_replaces_the_greedy_skill() -> None:
    genome = get_game("gin-rummy")
    calls: list[tuple[str, int]] = []

    def fixed_skill(g: GameGenome, seed: int) -> float:
        calls.append((g.name, seed))
        return 0.25

    plain = evaluate_fitness(genome, SMALL, 9)
    hooked = evaluate_fitness(genome, SMALL, 9, mcts_skill=fixed_skill)
    assert calls == [("Gin Rummy", 9)]
    assert hooked.breakdown["skill"] == 0.25
    assert hooked.breakdown["mcts_skill"] == 0.25
    assert hooked.breakdown["greedy_skill"] == plain.breakdown["greedy_skill"] == plain.breakdown["skill"]
    assert "mcts_skill" not in plain.breakdown


def test_same_seed_same_result_and_the_seed_matters() -> None:
    genome = get_game("uno-style")
    first = evaluate_fitness(genome, SMALL, 123)
    assert evaluate_fitness(genome, SMALL, 123) == first
    assert evaluate_fitness(genome, SMALL, 124).breakdown != first.breakdown
    assert batch_seed(123, "random") == int.from_bytes(hashlib.sha256(b"123:random").digest()[:4], "big")


def test_every_metric_is_in_range_and_the_store_keeps_the_result() -> None:
    result = evaluate_fitness(get_game("hearts"), SMALL, 1)
    assert isinstance(result, FitnessResult)
    for name in METRIC_NAMES:
        assert 0.0 <= result.breakdown[name] <= 1.0, name
        assert result.breakdown[f"weight.{name}"] == style_weights("balanced")[name]
    stored = Evaluation.of(result)
    assert stored.total == result.total
    assert stored.breakdown == result.breakdown
    assert stored.gate_reason is None


def test_the_ga_default_fitness_is_this_function() -> None:
    assert ga._default_fitness() is evaluate_fitness
