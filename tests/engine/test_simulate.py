"""Batches: one compiled call, identical for any split or worker count; BatchStats; the GameState API."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.agents import batch as B
from darwindeck.agents.simulate import simulate, simulate_rows
from darwindeck.engine import layout as L
from darwindeck.engine.policies import RANDOM, choose, policy_codes
from darwindeck.engine.rng import game_seed
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tables import compile_program
from darwindeck.errors import DarwinDeckError
from darwindeck.genome import EffectType, Rank, SpecialEffect
from darwindeck.stats import wilson_interval
from engine.scenario import arranged, cards, shedding_genome

UNO_ISH = shedding_genome(
    3,
    effects=(
        SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),
        SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION),
        SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=2),
    ),
)


def test_batch_results_do_not_depend_on_how_games_are_split() -> None:
    program = compile_program(UNO_ISH)
    policies = np.zeros(3, dtype=np.int64)
    whole = np.zeros((20, B.N_STATS), dtype=np.int64)
    B.play_batch(program, 0, 20, 7, policies, whole)
    parts = np.zeros((20, B.N_STATS), dtype=np.int64)
    B.play_batch(program, 0, 8, 7, policies, parts[:8])
    B.play_batch(program, 8, 12, 7, policies, parts[8:])
    assert np.array_equal(whole, parts)
    assert (whole[:, B.STAT_DECISIONS] > 0).all()


def test_simulate_is_identical_for_any_worker_count() -> None:
    one = simulate_rows(UNO_ISH, 1200, ("random",), seed=3, workers=1)
    two = simulate_rows(UNO_ISH, 1200, ("random",), seed=3, workers=2)
    assert np.array_equal(one, two)


def test_batch_stats_add_up() -> None:
    stats = simulate(UNO_ISH, games=300, policies=("random", "greedy", "random"), seed=1)
    assert stats.games == 300
    assert sum(stats.wins) + stats.draws == 300
    assert stats.errors == 0 and stats.timeouts == 0
    assert stats.avg_effects > 0
    assert stats.avg_legal_moves >= 1.0
    low, high = stats.win_rate_ci(0)
    assert 0.0 <= low <= stats.wins[0] / 300 <= high <= 1.0


def test_batch_game_zero_replays_through_the_state_api() -> None:
    rows = simulate_rows(UNO_ISH, 1, ("random",), seed=11, workers=1)
    state = GameState.new(UNO_ISH, seed=11)
    policy_rng = np.array([game_seed(11, 0, 1)], dtype=np.int64)
    while not state.is_terminal():
        state.apply_action(int(choose(state.program, state.array, RANDOM, policy_rng)))
    assert state.winner == rows[0, B.STAT_WINNER]
    assert int(state.array[L.S_TURN]) == rows[0, B.STAT_TURNS]
    assert int(state.array[L.S_DECISIONS]) == rows[0, B.STAT_DECISIONS]


def test_wilson_interval_values() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596


def test_bad_policy_names_and_counts_are_one_clear_error() -> None:
    with pytest.raises(DarwinDeckError, match="unknown policy 'smart'"):
        policy_codes(["smart"], 2)
    with pytest.raises(DarwinDeckError, match="3 given for 2 players"):
        policy_codes(["random"] * 3, 2)
    with pytest.raises(DarwinDeckError, match="games"):
        simulate(UNO_ISH, games=0)


def test_clone_is_independent_and_equal() -> None:
    state = GameState.new(UNO_ISH, seed=4)
    twin = state.clone()
    assert np.array_equal(state.array, twin.array)
    action = state.legal_actions()[0]
    state.apply_action(action)
    twin.apply_action(action)
    assert np.array_equal(state.array, twin.array)
    twin.apply_action(twin.legal_actions()[-1])
    assert not np.array_equal(state.array, twin.array)


def test_observation_hides_other_hands() -> None:
    state = arranged(shedding_genome(2), [cards("2H 3H"), cards("4H 5H 6H")], discard=cards("9C"))
    seen = state.observation(1)
    assert seen.hand == tuple(cards("4H 5H 6H"))
    assert seen.hand_sizes == (2, 3)
    assert seen.discard_top == cards("9C")[0]
    assert seen.legal_actions == ()
    assert state.observation(0).legal_actions == tuple(sorted(cards("2H 3H")))
    with pytest.raises(ValueError, match="seat 5"):
        state.observation(5)


def test_state_layout_fits() -> None:
    assert L.P_LEGAL + L.LEGAL_CAP == L.STATE_SIZE
    # every action of any one phase fits (layout.LEGAL_CAP): every id below the climb's, and the climb's
    # most, one COMBO per primal part and PASS (its KICKER step offers at most 15)
    assert L.A_COMBO0 <= L.LEGAL_CAP and L.N_PRIMALS + 1 <= L.LEGAL_CAP


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6))
def test_random_playouts_conserve_cards_and_end(seed: int, players: int) -> None:
    state = GameState.new(shedding_genome(players, effects=UNO_ISH.special_effects), seed=seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal))
        state.apply_action(legal[int(rng.integers(len(legal)))])
        assert state.total_cards() == 52
    assert state.legal_actions() == []
