"""Fitness: metrics worked out by hand, the gate on competent play, the length and skill factors, seed
001's coherence penalties, the style tables, the novelty factor, the live genome, determinism, and the
library's order (the calibration the fitness is judged by).

Genomes are played 20 games per kind of play so the file stays fast; the calibration is ``slow``."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from typing import Any

import numpy as np
import pytest

from darwindeck.agents.simulate import BatchStats
from darwindeck.errors import DarwinDeckError, GenomeValidationError
from darwindeck.evolve import fitness, ga
from darwindeck.evolve.fitness import (
    FitnessResult,
    Penalty,
    coherence_penalties,
    evaluate_fitness,
    evaluate_fitness_mcts,
    greedy_self_play,
    length_penalties,
    mixed_mechanics_penalty,
    novelty_factor,
    skill_factor,
    strip_dead_rules,
)
from darwindeck.evolve.metrics import (
    balance,
    betting_engagement,
    control,
    decision_density,
    interaction,
    ladder_skill,
    rules_complexity,
    score_tension,
    structure_count,
)
from darwindeck.evolve.quality.ablation import removable_rules
from darwindeck.evolve.quality.ladder import Ladder, Rung, duplicate_match
from darwindeck.evolve.quality.play import GREEDY, batch_seed, mcts, play
from darwindeck.evolve.settings import STYLES
from darwindeck.evolve.store import Evaluation
from darwindeck.evolve.styles import METRIC_NAMES, STYLE_WEIGHTS, style_weights
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    ClaimPhase,
    KnockPhase,
    PassPhase,
    PlayPhase,
)
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


def rung(wins: int, decided: int) -> Rung:
    return Rung("weak", "strong", 2, decided // 2, decided, decided, wins, 0, 0, 0.0, 10.0)


def never_ending() -> GameGenome:
    """Crazy Eights cut to 3 turns: nobody can empty a hand of 5 cards, every game is a draw."""
    return get_game("crazy-eights").replace(name="Never Ending", max_turns=3)


# ----------------------------------------------------------------------------------------------- metrics


def test_metrics_by_hand() -> None:
    stats = batch()
    # 50 decisions × (1 − 0.2) = 40 meaningful over 40 turns: density 1; 10 events / 40 turns: 0.25.
    assert decision_density(stats) == 1.0
    assert interaction(stats) == 0.25
    # ½ clamp(2 / 4) + ½ / (1 + 3.5 / 5 cards per player) = 0.25 + 0.5 / 1.7.
    genome = get_game("crazy-eights")
    assert score_tension(stats, genome) == pytest.approx(0.25 + 0.5 / 1.7)
    # Balance: 1 − |fpa| / 0.25; control: 1 − clamp((luck − ½) / ½).
    assert balance(0.1) == pytest.approx(0.6)
    assert balance(-0.3) == 0.0
    assert control(0.4) == 1.0
    assert control(0.75) == pytest.approx(0.5)


def test_skill_from_the_ladder_by_hand() -> None:
    # Two sides: 70 of 100 → K₀ = (0.7 − ½) / ½ = 0.4; 55 of 100 → K₁ = 0.1;
    # skill = (clamp(0.8) + clamp(0.2)) / 2 = 0.5. One rung only: (0.8 + 0) / 2.
    assert ladder_skill(Ladder((rung(70, 100), rung(55, 100)), True)) == pytest.approx(0.5)
    assert ladder_skill(Ladder((rung(70, 100),), True)) == pytest.approx(0.4)


def test_skill_factor_by_depth() -> None:
    assert [skill_factor(depth) for depth in range(4)] == [0.25, 0.625, 1.0, 1.0]


def test_length_is_judged_per_hand() -> None:
    # Hearts to 100: 445 meaningful decisions over 11 hands is 40.5 a hand, inside 6–120: no factor.
    assert length_penalties(445.0, 11.0) == ()
    # One padded hand of 240 decisions keeps 120 / 240; a hand of 3 keeps 3 / 6.
    assert [p.factor for p in length_penalties(240.0, 1.0)] == [0.5]
    assert [p.factor for p in length_penalties(3.0, 1.0)] == [0.5]
    # 40 hands of 20 decisions: per hand fine, but 30 / 40 for the hands.
    assert [(p.name, p.factor) for p in length_penalties(800.0, 40.0)] == [("hands_per_game", 0.75)]


def test_rules_complexity_prefers_a_moderate_structure() -> None:
    whist = get_game("whist")
    count = structure_count(whist)
    assert rules_complexity(whist) == (1.0 if 5 <= count <= 12 else rules_complexity(whist))
    assert rules_complexity(never_ending().replace(special_effects=())) <= 1.0


def test_betting_engagement_by_kind_of_game() -> None:
    assert betting_engagement(batch(bids_made=100, bids_met=25), get_game("spades")) == 4 * 0.25 * 0.75
    assert betting_engagement(batch(), get_game("cheat")) == 0.25
    assert betting_engagement(batch(avg_interaction=4.0), get_game("simple-poker")) == 0.1
    assert betting_engagement(batch(), get_game("crazy-eights")) == 0.0


# ------------------------------------------------------------------------------------------------- gate


def test_a_game_that_always_draws_is_gated_on_competent_play() -> None:
    # 20 games per genome: the limit is 0.40 × 20 = 8 draws. Greedy self-play is played 10 games at a
    # time; after the first 10, all drawn, 10 > 8 whatever the other 10 do, so it stops there, and the
    # random baseline (needed only by a game that passes) is not played.
    result = evaluate_fitness(never_ending(), SMALL, 3)
    assert result.total == 0.0
    assert result.gate_reason == (
        "greedy self-play: draw rate above the limit 0.40 whatever the rest do "
        "(10 of the first 10 of 20 games)"
    )
    assert result.breakdown["draw_rate"] == 1.0
    assert "weighted_sum" not in result.breakdown and "random_draw_rate" not in result.breakdown


def test_greedy_self_play_by_chunks_is_the_one_batch() -> None:
    # Game i of a batch is dealt from (seed, i) alone, so 25 games played 10, 10 and 5 at a time are the
    # 25 games of one batch, row for row; a game that ends is never stopped.
    genome = get_game("crazy-eights")
    games, failure = greedy_self_play(genome, 25, 11)
    assert failure is None
    assert np.array_equal(games.rows, play(genome, [GREEDY], 25, 11).rows)
    # A never-ending game's 25: the limit is 0.40 × 25 = 10 draws. After 10 games, 10 draws are not above
    # it; after 20, 20 are, with 5 games left: it stops at 20.
    stopped, why = greedy_self_play(never_ending(), 25, 11)
    assert stopped.count == 20
    assert why == (
        "greedy self-play: draw rate above the limit 0.40 whatever the rest do "
        "(20 of the first 20 of 25 games)"
    )


def test_a_game_without_choices_is_gated() -> None:
    one_card = GameGenome(
        name="One Card",
        setup=SetupRules(cards_per_player=1),
        turn_structure=TurnStructure(phases=(PlayPhase(),)),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
    )
    result = evaluate_fitness(one_card, SMALL, 3)
    assert result.total == 0.0
    assert result.gate_reason == "greedy self-play: 0.00 meaningful decisions per game, fewer than 3"


def test_a_game_the_engine_cannot_run_is_gated_with_the_engines_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(genome: GameGenome, seed: int) -> Any:
        raise GenomeValidationError(genome.name, ["turn_structure.phases[0]: not executable"])

    monkeypatch.setattr(fitness, "ablate", refuse)
    # live_form is remembered per process: a test run earlier in this worker may have settled Whist
    fitness.live_form.cache_clear()
    try:
        result = evaluate_fitness(get_game("whist"), SMALL, 3)
    finally:
        fitness.live_form.cache_clear()  # forget the refused form for the tests after this one
    assert result.total == 0.0
    assert result.gate_reason == (
        "the engine cannot run this game: genome 'Whist' is invalid (1 problem(s)): "
        "- turn_structure.phases[0]: not executable"
    )
    assert strip_dead_rules(get_game("whist")) == get_game("whist")


def test_a_game_random_players_cannot_finish_is_not_gated() -> None:
    # Spades to 500 without its -200 floor: random bidders fail nearly every contract and never reach
    # 500, so random self-play ends at the turn limit without a winner; competent play finishes.
    spades = get_game("spades")
    to_500 = spades.replace(win_conditions=spades.win_conditions[:1])
    result = evaluate_fitness(to_500, SMALL, 2)
    assert result.breakdown["random_draw_rate"] > 0.4
    assert result.gate_reason is None
    assert result.total > 0.0
    assert result.breakdown["total_as_new"] > 0.0


def test_spades_with_its_floor_has_a_positive_fitness() -> None:
    result = evaluate_fitness(get_game("spades"), SMALL, 2)
    assert result.gate_reason is None
    assert result.breakdown["total_as_new"] > 0.0


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
    reason = f"{mode.value} tableau with the {win.value} win condition: ×{factor:g} (spec 001)"
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
    # Betting is a third signature mechanic beside passing and tricks, which costs ×0.8 besides.
    mixed = "3 signature mechanics (passing, tricks, betting); the classics combine at most 2: ×0.8"
    assert coherence_penalties(betting_hearts) == (
        Penalty("betting_without_showdown", 0.5, reason),
        Penalty("mixed_mechanics", 0.8, mixed),
    )
    assert coherence_penalties(get_game("simple-poker")) == ()
    assert coherence_penalties(get_game("draw-poker")) == ()
    assert coherence_penalties(hearts) == ()


def test_good_pairings_carry_no_penalty() -> None:
    for slug in ("war", "scopa", "fan-tan", "crazy-eights"):
        assert coherence_penalties(get_game(slug)) == ()
    none_mode = never_ending().replace(win_conditions=(WinCondition(WinType.CAPTURE_ALL),))
    assert coherence_penalties(none_mode) == ()


def _with_phases(genome: GameGenome, *phases: Any) -> GameGenome:
    return genome.replace(
        turn_structure=dataclasses.replace(genome.turn_structure, phases=(*phases, *genome.phases))
    )


def test_mixing_more_than_two_signature_mechanics_costs_a_fifth_each() -> None:
    hearts = get_game("hearts")  # passing and tricks: two, the most any classic combines
    assert mixed_mechanics_penalty(hearts) == ()
    asking = _with_phases(hearts, AskPhase())
    reason = "3 signature mechanics (asking, passing, tricks); the classics combine at most 2: ×0.8"
    assert coherence_penalties(asking) == (Penalty("mixed_mechanics", 0.8, reason),)
    # Asking, passing, claiming and knocking in one game (the demo's "Opal Cascade" before this rule): 0.8².
    (penalty,) = mixed_mechanics_penalty(
        _with_phases(get_game("go-fish"), PassPhase(), ClaimPhase(), KnockPhase())
    )
    assert penalty.factor == pytest.approx(0.64)
    assert penalty.reason.startswith("4 signature mechanics (asking, passing, claiming, knocking)")
    # A bidding and an auction phase are one mechanic; draw, play and discard are no signature at all.
    assert mixed_mechanics_penalty(_with_phases(get_game("spades"), AuctionPhase())) == ()
    assert mixed_mechanics_penalty(get_game("gin-rummy")) == ()
    # A tableau mode counts: claiming and betting in War make three.
    war_mixed = _with_phases(get_game("war"), ClaimPhase(), BettingPhase())
    assert mixed_mechanics_penalty(war_mixed)[0].reason.startswith(
        "3 signature mechanics (claiming, betting, war battles)"
    )


def test_no_classic_mixes_more_than_two_signature_mechanics() -> None:
    assert {slug: mixed_mechanics_penalty(get_game(slug)) for slug in all_games()} == {
        slug: () for slug in all_games()
    }


def test_a_penalty_multiplies_the_total_and_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    penalty = Penalty("match_rank_with_capture_all", 0.8, "test")
    monkeypatch.setattr(fitness, "coherence_penalties", lambda genome: (penalty,))
    result = evaluate_fitness(get_game("scopa"), SMALL, 5)
    b = result.breakdown
    assert result.gate_reason is None
    assert b["penalty.match_rank_with_capture_all"] == 0.8
    assert b["coherence_factor"] == 0.8
    assert result.total == pytest.approx(
        b["weighted_sum"] * b["skill_factor"] * b["length_factor"] * 0.8 * b["novelty_factor"]
    )
    assert result.penalties[0] == penalty


def test_a_dead_incoherent_rule_costs_nothing() -> None:
    # A capture_all win added to Scopa never decides a game: ablation strips it before coherence is judged.
    scopa = get_game("scopa")
    incoherent = scopa.replace(win_conditions=(*scopa.win_conditions, WinCondition(WinType.CAPTURE_ALL)))
    result = evaluate_fitness(incoherent, SMALL, 5)
    assert result.breakdown["coherence_factor"] == 1.0
    assert result.breakdown["dead_rules"] == 1.0


# ----------------------------------------------------------------------------------------------- styles


def test_style_tables_match_the_ga_and_sum_to_one() -> None:
    assert tuple(STYLE_WEIGHTS) == STYLES
    for style, weights in STYLE_WEIGHTS.items():
        assert tuple(weights) == METRIC_NAMES, style
        assert math.isclose(sum(weights.values()), 1.0), style
        assert all(weight >= 0 for weight in weights.values()), style


def test_style_presets() -> None:
    assert dict(style_weights("balanced")) == {
        "decision_density": 0.15,
        "comeback": 0.05,
        "tension": 0.10,
        "interaction": 0.05,
        "skill": 0.30,
        "balance": 0.15,
        "control": 0.10,
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
    assert result.total == pytest.approx(b["total_as_new"] * 0.1)


def test_dead_rules_are_stripped_before_anything_is_measured() -> None:
    whist = get_game("whist")  # tricks only: effects trigger on cards played in play phases
    effects = (
        SpecialEffect(Rank.FIVE, EffectType.REVERSE_DIRECTION),
        SpecialEffect(Rank.NINE, EffectType.SKIP_NEXT, value=3),
    )
    decorated = whist.replace(special_effects=effects)
    result = evaluate_fitness(decorated, SMALL, 4)
    plain = evaluate_fitness(whist, SMALL, 4)
    # The two effects are dead (the trick phase's repeated trump goes already in the canonical form).
    assert result.breakdown["dead_rules"] == 2.0
    assert plain.breakdown["dead_rules"] == 0.0
    assert result.live == plain.live
    assert result.live is not None and result.live.special_effects == ()
    assert result.breakdown["fingerprint"] == plain.breakdown["fingerprint"]
    assert result.total == plain.total


def test_novelty_factor() -> None:
    assert novelty_factor(0.0) == 0.1
    assert novelty_factor(0.075) == pytest.approx(0.55)
    assert novelty_factor(0.15) == 1.0
    assert novelty_factor(0.6) == 1.0


# ---------------------------------------------------------------------------------------------- judging


@pytest.mark.slow
def test_judging_climbs_the_ladder_and_measures_the_arc() -> None:
    settings = dataclasses.replace(SMALL, mcts_games=8)
    result = evaluate_fitness_mcts(get_game("whist"), settings, 5)
    b = result.breakdown
    assert b["mcts"] == 1.0
    assert result.ladder is not None and len(result.ladder.rungs) == 2
    assert b["judged_deals"] == 8.0
    assert 0.0 <= b["hidden_information"] <= 1.0
    assert {"lead_changes", "drama", "decisiveness"} <= set(b)


def test_a_judging_budget_too_small_for_eight_deals_skips_both_search_matches() -> None:
    # One step cannot pay for one deal of any search match, so rung 1 and the hidden-information match
    # are skipped: the ladder keeps rung 0 only and nothing is spent; the arc is still measured.
    settings = dataclasses.replace(SMALL, mcts_step_budget=1)
    result = evaluate_fitness_mcts(get_game("whist"), settings, 5)
    b = result.breakdown
    assert (b["mcts"], b["mcts_over_budget"], b["mcts_steps"]) == (1.0, 1.0, 0.0)
    assert result.ladder is not None and len(result.ladder.rungs) == 1
    assert "judged_deals" not in b and "hidden_information" not in b
    assert {"lead_changes", "drama", "decisiveness"} <= set(b)


def test_the_judging_cost_projects_both_matches_within_the_budget() -> None:
    # War: 2 players, no teams. batch(): 50 decisions a game, 20 % forced → m = 40 meaningful; one hand,
    # so a rollout is 1 + 50 / 2 = 26 steps an iteration. Rung 1 (MCTS-25 against greedy) costs per deal
    # 40 decisions × 2 replays × (25 + 0) / 2 seats = 1,000 iterations = 26,000 steps; the hidden match
    # (MCTS-25 against MCTS-25) twice that, 52,000 steps.
    war, stats, settings = get_game("war"), batch(), SMALL
    significant, even = rung(40, 40), rung(20, 40)
    assert significant.significant and not even.significant
    assert fitness.judging_cost(war, settings, significant, stats, 1.0) == 20 * 26_000 + 10 * 52_000
    assert fitness.judging_cost(war, settings, even, stats, 1.0) == 10 * 52_000  # no rung 1
    # 600,000 steps: rung 1's 20 deals fit (520,000); one hidden deal would, but fewer than 4 are skipped.
    tight = dataclasses.replace(settings, mcts_step_budget=600_000)
    assert fitness.judging_cost(war, tight, significant, stats, 1.0) == 520_000
    # 100,000 steps: 3 deals of rung 1 fit, fewer than 8: nothing is played.
    assert (
        fitness.judging_cost(
            war, dataclasses.replace(settings, mcts_step_budget=100_000), significant, stats, 1.0
        )
        == 0
    )


def test_the_screening_records_its_judging_cost() -> None:
    result = evaluate_fitness(get_game("whist"), SMALL, 5)
    assert result.breakdown["judging_cost"] > 0.0


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
    assert ga._default_strip() is strip_dead_rules


# ------------------------------------------------------------------------------------------ calibration

#: Games people play for their depth, and games of chance (issue 10's calibration). Go Fish left the
#: games of chance on 2026-11-28: its greedy player now remembers the last ask that missed, so greedy
#: beats random (85 of 178 decided games against three random players) and the first rung of its ladder
#: is real; memory is skill, and docs/fitness.md §8 says where it now ranks.
DEEP = ("hearts", "spades", "partnership-spades", "whist", "euchre", "gin-rummy", "scopa", "president")
CHANCE = ("war", "old-maid")


@pytest.mark.slow
def test_the_library_ranks_deep_games_above_games_of_chance() -> None:
    settings = ga.EvolutionSettings()
    games = all_games()
    scores = {
        name: evaluate_fitness_mcts(games[name], settings, 7).breakdown.get("total_as_new", 0.0)
        for name in DEEP + CHANCE
    }
    assert min(scores[name] for name in DEEP) > max(scores[name] for name in CHANCE), scores
    # War has no decision at all.
    assert scores["war"] == 0.0


def test_the_judging_cost_projects_the_idle_test_between_the_two_matches() -> None:
    # Hearts' live genome has 4 removable rules (the pass phase, breaking hearts, the two trick-win
    # scorings), so the idle test screens 5 genomes (the game and each variant) on
    # idle_games = min(100, 20) = 20 games per batch: 20 × (30 random decisions + 50 greedy decisions ×
    # (1 greedy batch + 4 sides of rung 0)) = 5,600 steps each, 28,000 in all. Rung 1 is not played
    # (rung 0 not significant); the hidden-information match costs per deal 40 meaningful decisions ×
    # 4 replays × (25 + 3 × 25) / 4 seats = 4,000 iterations × 26 steps = 104,000 steps, 10 deals.
    hearts = fitness.live_form(get_game("hearts"))[0]
    assert len(removable_rules(hearts)) == 4
    cost = fitness.judging_cost(hearts, SMALL, rung(20, 40), batch(), 1.0, 30.0, weigh_rules=True)
    assert cost == pytest.approx(28_000 + 10 * 104_000)
    # The GA's judging does not weigh rules (the idle test is not charged): the hidden match alone.
    assert fitness.judging_cost(hearts, SMALL, rung(20, 40), batch(), 1.0, 30.0) == pytest.approx(1_040_000)


def test_a_flaw_read_from_the_genome_is_charged_at_the_screening() -> None:
    # Whist without its book scoring plays tricks that nothing counts: ×0.7 (quality.elegance).
    whist = get_game("whist")
    result = evaluate_fitness(whist.replace(book_scoring=None), SMALL, 3)
    assert result.breakdown["elegance_factor"] == pytest.approx(0.7)
    assert [p.name for p in result.penalties if p.name == "unread_tricks"] == ["unread_tricks"]
    assert evaluate_fitness(whist, SMALL, 3).breakdown["elegance_factor"] == 1.0


def test_a_judging_match_stops_once_its_steps_reach_the_budget() -> None:
    # MCTS-4 against greedy in Crazy Eights on 12 deals, 2 at a time, each searched iteration counted as
    # one step. With room for everything the match is the one match of 12 deals, game for game. With room
    # for exactly what the first 4 deals spend, it stops after them (after 2 it has spent less, after 4
    # all that was left), and is over budget (None) when it needed 8 deals at least.
    genome = get_game("crazy-eights")
    strong, seed = mcts(4), 9
    whole = fitness._Budget(genome, 40.0, 1.0, 1e12).match(strong, GREEDY, 12, seed, 8)
    assert whole == duplicate_match(genome, strong, GREEDY, 12, seed)
    first = duplicate_match(genome, strong, GREEDY, 4, seed)
    tight = fitness._Budget(genome, 40.0, 1.0, first.mcts_iterations)
    assert tight.match(strong, GREEDY, 12, seed, 4) == first
    assert tight.left == 0.0
    assert (
        fitness._Budget(genome, 40.0, 1.0, first.mcts_iterations).match(strong, GREEDY, 12, seed, 8) is None
    )
