"""Fitness: metrics on hand-built batch stats, the playability gate, seed 001's coherence penalties, the
style tables, the novelty factor on a relabelled library game, the MCTS skill hook, the budgeted MCTS
measurement and determinism.

Genomes are played 20 games per kind of play so the file stays fast."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from typing import Any

import pytest

from darwindeck.agents.mcts import default_params
from darwindeck.engine import batch as B
from darwindeck.engine.simulate import BatchStats, simulate_rows
from darwindeck.errors import DarwinDeckError, GenomeValidationError
from darwindeck.evolve import fitness, ga
from darwindeck.evolve.fitness import (
    MCTS_ITERATION_BUDGET,
    FitnessResult,
    MctsMeasurement,
    Penalty,
    batch_seed,
    coherence_penalties,
    decisions_reason,
    evaluate_fitness,
    evaluate_fitness_mcts,
    gate_reason,
    length_penalty,
    measure_mcts_skill,
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
    live_genome,
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
from darwindeck.genome.phases import BettingPhase, PlayPhase
from darwindeck.genome.schema import (
    EffectType,
    GameGenome,
    Rank,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TurnStructure,
    WinCondition,
    WinType,
)
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


def test_games_outside_10_to_200_decisions_are_penalised() -> None:
    assert length_penalty(10.0) is None
    assert length_penalty(200.0) is None
    assert length_penalty(800.0) == Penalty(
        "decisions_per_game", 0.25, "800.0 decisions per game in random self-play, above 200: ×0.25"
    )
    assert length_penalty(5.0) == Penalty(
        "decisions_per_game", 0.5, "5.0 decisions per game in random self-play, below 10: ×0.5"
    )


def test_a_long_game_keeps_only_its_share_of_200_decisions() -> None:
    result = evaluate_fitness(get_game("hearts"), SMALL, 1)  # about 600 decisions per game
    factor = result.breakdown["penalty.decisions_per_game"]
    assert factor == 200.0 / result.breakdown["avg_decisions"]
    assert 0.2 < factor < 0.5
    assert result.total == pytest.approx(
        result.breakdown["weighted_sum"]
        * result.breakdown["coherence_factor"]
        * result.breakdown["novelty_factor"]
        * factor
    )
    assert [p.name for p in result.penalties] == ["decisions_per_game"]


def test_session_length_band() -> None:
    assert session_length(10.0) == 0.5
    assert session_length(20.0) == 1.0
    assert session_length(150.0) == 1.0
    assert session_length(300.0) == 0.5


def test_rules_complexity_prefers_a_moderate_structure() -> None:
    uno = get_game("uno-style")  # 2 phases + 2 conditions + 5 effects + 1 win
    assert structure_count(uno) == 10
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


def test_betting_without_a_showdown_is_penalised() -> None:
    hearts = get_game("hearts")
    betting_hearts = hearts.replace(
        setup=dataclasses.replace(hearts.setup, starting_chips=100),
        turn_structure=dataclasses.replace(
            hearts.turn_structure, phases=(BettingPhase(min_bet=4), *hearts.turn_structure.phases)
        ),
    )
    reason = (
        "betting phase without a best_hand win condition: the chips decide nothing and folding only "
        "sits out the hand: ×0.5"
    )
    assert coherence_penalties(betting_hearts) == (Penalty("betting_without_showdown", 0.5, reason),)
    assert coherence_penalties(get_game("simple-poker")) == ()
    assert coherence_penalties(get_game("draw-poker")) == ()
    assert coherence_penalties(hearts) == ()


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


def test_special_effects_of_a_game_without_a_play_phase_are_inert() -> None:
    whist = get_game("whist")  # tricks only: effects trigger on cards played in play phases
    effects = (
        SpecialEffect(Rank.FIVE, EffectType.REVERSE_DIRECTION),
        SpecialEffect(Rank.NINE, EffectType.SKIP_NEXT, value=3),
    )
    decorated = whist.replace(special_effects=effects)
    assert live_genome(decorated) == whist
    assert structure_count(decorated) == structure_count(whist) + 2
    result = evaluate_fitness(decorated, SMALL, 4)
    plain = evaluate_fitness(whist, SMALL, 4)
    assert result.breakdown["inert_effects"] == 2.0
    assert result.breakdown["novelty_library_distance"] == 0.0
    assert result.nearest_library_game == "whist"
    assert result.breakdown["rules_complexity"] == plain.breakdown["rules_complexity"]
    assert result.total == plain.total
    uno = get_game("uno-style")  # a play phase: its effects are live
    assert len(uno.special_effects) == 5
    assert live_genome(uno) == uno
    assert evaluate_fitness(uno, SMALL, 4).breakdown["inert_effects"] == 0.0


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
    assert hooked.breakdown["mcts"] == 1.0
    assert "mcts_skill" not in plain.breakdown
    assert "mcts" not in plain.breakdown


def _documented_mcts_games(genome: GameGenome, seed: int, games: int, iterations: int) -> list[Any]:
    """(side, winner, meaningful decisions) per game, played as the module docstring says."""
    played = []
    for side in range(genome.player_count):
        agents = ["mcts" if seat == side else "random" for seat in range(genome.player_count)]
        for game in range(games // genome.player_count + (1 if side < games % genome.player_count else 0)):
            rows = simulate_rows(
                genome,
                1,
                agents,
                batch_seed(seed, f"mcts:{side}:{game}"),
                1,
                mcts_params=default_params(iterations),
            )
            meaningful = int(rows[0, B.STAT_DECISIONS] - rows[0, B.STAT_FORCED])
            played.append((side, int(rows[0, B.STAT_WINNER]), meaningful))
    return played


def test_the_mcts_measurement_rotates_the_searching_seat_and_counts_its_cost() -> None:
    genome = get_game("knockout-whist")  # 4 players, no teams: sides 0..3 play 2, 1, 1, 1 of 5 games
    played = _documented_mcts_games(genome, 77, 5, 10)
    assert [side for side, _, _ in played] == [0, 0, 1, 2, 3]
    wins = sum(winner == side for side, winner, _ in played)
    decided = sum(winner >= 0 for _, winner, _ in played)
    cost = sum(meaningful / 4 * 10 for _, _, meaningful in played)
    result = measure_mcts_skill(genome, 77, games=5, iterations=10)
    assert result == MctsMeasurement(skill_above_chance(wins / decided, 4), cost, 5)
    assert measure_mcts_skill(genome, 77, games=5, iterations=10) == result
    assert MCTS_ITERATION_BUDGET == 1_000_000


def test_a_measurement_over_its_budget_stops_and_keeps_the_greedy_skill() -> None:
    genome = get_game("scopa")
    first_game_cost = _documented_mcts_games(genome, 5, 1, 10)[0][2] / 2 * 10
    stopped = measure_mcts_skill(genome, 5, games=20, iterations=10, budget=first_game_cost - 1)
    assert stopped == MctsMeasurement(None, first_game_cost, 1)

    def over_budget(g: GameGenome, seed: int) -> MctsMeasurement:
        return measure_mcts_skill(g, seed, games=20, iterations=10, budget=first_game_cost - 1)

    plain = evaluate_fitness(genome, SMALL, 5)
    hooked = evaluate_fitness(genome, SMALL, 5, mcts_skill=over_budget)
    assert hooked.breakdown["mcts"] == hooked.breakdown["mcts_over_budget"] == 1.0
    assert hooked.breakdown["mcts_cost"] == first_game_cost
    assert hooked.breakdown["mcts_games_played"] == 1.0
    assert "mcts_skill" not in hooked.breakdown
    assert hooked.breakdown["skill"] == plain.breakdown["skill"] == plain.breakdown["greedy_skill"]
    assert hooked.total == plain.total


def test_the_mcts_re_scoring_follows_the_mcts_settings() -> None:
    genome = get_game("scopa")
    settings = dataclasses.replace(SMALL, mcts_games=3, mcts_iterations=10)
    result = evaluate_fitness_mcts(genome, settings, 8)
    measured = measure_mcts_skill(genome, 8, games=3, iterations=10)
    assert measured.skill is not None
    assert result.breakdown["mcts_skill"] == result.breakdown["skill"] == measured.skill
    assert result.breakdown["mcts_games_played"] == 3.0
    assert result.breakdown["mcts_cost"] == measured.cost
    assert result.breakdown["mcts"] == 1.0
    plain = evaluate_fitness(genome, settings, 8)
    assert {k: v for k, v in result.breakdown.items() if not k.startswith("mcts")} == {
        **plain.breakdown,
        "skill": measured.skill,
        "weighted_sum": result.breakdown["weighted_sum"],
    }


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
    assert ga._default_fitness("evaluate_fitness_mcts") is evaluate_fitness_mcts
