"""The information-set MCTS: forced moves, determinism, terminal values, per-seat policies in batches."""

from __future__ import annotations

import math

import numpy as np
import pytest

from darwindeck.agents import batch as B
from darwindeck.agents.determinize import new_knowledge
from darwindeck.agents.mcts import leaf_values, near_meld_outs, new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.search_params import default_params
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tables import compile_program
from darwindeck.genome.library import get_game
from engine.scenario import cards


def run_search(state: GameState, seed: int, iterations: int = 40) -> tuple[int, int]:
    """(decision, the search RNG afterwards)."""
    knowledge = new_knowledge()
    knowledge[:, -1] = state.array[L.S_HAND_NO]
    rng = np.array([seed], dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    params = default_params(iterations)[0]
    seat = state.current_player
    action = search(
        state.program, state.array, knowledge[seat], params, rng, new_tree(iterations + 1), scratch
    )
    return action, int(rng[0])


def test_a_forced_decision_is_returned_without_searching() -> None:
    state = GameState.new(get_game("war"), 2)
    assert len(state.legal_actions()) == 1
    assert run_search(state, 99) == (state.legal_actions()[0], 99)


def test_the_same_seed_gives_the_same_legal_decision() -> None:
    state = GameState.new(get_game("gin-rummy"), 4)
    state.apply_action(L.A_PASS)
    state.apply_action(L.A_DRAW)
    first = run_search(state, 7)
    assert first == run_search(state, 7)
    assert first[0] in state.legal_actions()
    assert first[1] != 7  # the search drew from its RNG


def test_the_search_does_not_change_the_real_state() -> None:
    state = GameState.new(get_game("hearts"), 9)
    before = state.array.copy()
    run_search(state, 3)
    assert np.array_equal(state.array, before)


def terminal(game: str, winner: int, team: int) -> tuple[GameState, np.ndarray]:
    state = GameState.new(get_game(game), 1)
    state.array[L.S_TERMINAL] = 1
    state.array[L.S_WINNER] = winner
    state.array[L.S_WIN_TEAM] = team
    sides = int(state.tables.header[L.H_N_TEAMS])
    values = np.zeros(sides, dtype=np.float64)
    leaf_values(state.program, state.array, np.zeros(sides), values, True)
    return state, values


def test_terminal_values_are_win_loss_and_half_for_a_draw() -> None:
    assert terminal("hearts", 2, -1)[1].tolist() == [0.0, 0.0, 1.0, 0.0]
    assert terminal("hearts", -1, -1)[1].tolist() == [0.5, 0.5, 0.5, 0.5]
    assert terminal("partnership-spades", -1, 1)[1].tolist() == [0.0, 1.0]  # both partners' side


def test_unfinished_values_follow_score_changes() -> None:
    state = GameState.new(get_game("hearts"), 1)
    values = np.zeros(4, dtype=np.float64)
    base = np.zeros(4, dtype=np.float64)
    state.array[L.B_TEAM_SCORE + 1] = 13  # seat 1 took the queen of spades: bad in a low-score game
    leaf_values(state.program, state.array, base, values, True)
    assert values[1] < 0.5 < values[0]
    assert values[0] == values[2] == values[3]
    assert abs(values.sum() - 2.0) < 1e-9  # pairwise comparisons: Σ = sides / 2


def test_a_knock_game_counts_deadwood_less_outs_only_within_the_hand() -> None:
    # Gin Rummy, scores level, the discard pile 2♥. North melds A♣2♣3♣, 4♦4♥4♠, 7♣7♦7♥ and keeps 5♠:
    # deadwood 5. North's outs (a live card that makes a held pair a meld): each of the three pairs of
    # 4s waits on 4♣ (3), each pair of 7s on 7♠ (3), 2♣3♣ on 4♣ (A♣ is held; A♣2♣ and A♣3♣ wait on
    # cards North holds) (1), 4♠5♠ on 3♠ and 6♠ (2): 9 outs, so the measure is −(5 − 9) = +4. East has
    # ten ranks and no two cards of a suit within two places (K♠ and A♠ do not wrap): no outs, deadwood
    # K 10 + Q 10 + 9 + 6 + 2 + A 1 + 3 + 5 + 8 + J 10 = 64, measure −64. Scale 100/10, so North's value
    # is σ(68/10) and East's the rest; without the hand's terms both ½.
    state = GameState.new(get_game("gin-rummy"), 1)
    north = cards("AC 2C 3C 4D 4H 4S 7C 7D 7H 5S")
    east = cards("KS QH 9C 6D 2D AS 3H 5C 8H JD")
    rest = [card for card in range(52) if card not in north + east]
    state.arrange(
        hands=[north, east], deck=[c for c in rest if c != cards("2H")[0]], discard=cards("2H"), current=0
    )
    assert (near_meld_outs(state.array, 0), near_meld_outs(state.array, 1)) == (9, 0)
    values = np.zeros(2, dtype=np.float64)
    leaf_values(state.program, state.array, np.zeros(2), values, True)
    assert values[0] == pytest.approx(1 / (1 + math.exp(-6.8)))
    assert values[1] == pytest.approx(1 - values[0])
    leaf_values(state.program, state.array, np.zeros(2), values, False)
    assert values.tolist() == [0.5, 0.5]


def test_outs_are_only_cards_neither_held_nor_discarded() -> None:
    # North: 9♠10♠ wait on 8♠ and J♠, but J♠ is in the discard pile: 1. 5♥5♦ wait on 5♣ and 5♠; 5♣ is
    # discarded: 1. No other two cards share a rank, and no other two of a suit are within two places
    # (Q♣ A♣ with the ace low, 7♣; 2♦ 5♦ K♦; 5♥ J♥): 0. Total 2.
    state = GameState.new(get_game("gin-rummy"), 1)
    north = cards("9S 10S 5H 5D QC AC 2D KD JH 7C")
    discard = cards("JS 5C")
    rest = [card for card in range(52) if card not in north + discard]
    state.arrange(hands=[north, rest[:10]], deck=rest[10:], discard=discard, current=0)
    assert near_meld_outs(state.array, 0) == 2


def test_batches_with_a_searching_seat_are_reproducible_and_leave_others_unchanged() -> None:
    program = compile_program(get_game("scopa"))
    params = default_params(10)
    rows = [np.zeros((6, B.N_STATS), dtype=np.int64) for _ in range(3)]
    B.play_batch_with(program, 0, 6, 5, np.array([2, 0]), params, rows[0])
    B.play_batch_with(program, 0, 6, 5, np.array([2, 0]), params, rows[1])
    assert np.array_equal(rows[0], rows[1])
    B.play_batch_with(program, 0, 6, 5, np.array([0, 0]), params, rows[2])
    plain = np.zeros((6, B.N_STATS), dtype=np.int64)
    B.play_batch(program, 0, 6, 5, np.array([0, 0]), plain)
    assert np.array_equal(rows[2], plain)
    assert not np.array_equal(rows[0], plain)


def test_a_euchre_hand_made_is_a_meaningful_gap() -> None:
    # Euchre (Pagat): a made hand scores 1 point, so the search's scale there is 1 (module docstring),
    # not the floor of 5 of the other score games: a side 1 point up on the sample is worth
    # σ(1/1) = 1/(1+e^-1) and its opponent 1 − that. Whist to 5 keeps the floor: σ(1/5).
    for game, scale in (("euchre", 1.0), ("whist", 5.0)):
        state = GameState.new(get_game(game), 1)
        base = np.zeros(2, dtype=np.float64)
        for t in range(2):
            base[t] = state.array[L.B_TEAM_SCORE + t]
        state.array[L.B_TEAM_SCORE] += 1
        out = np.zeros(2, dtype=np.float64)
        leaf_values(state.program, state.array, base, out, True)
        expected = 1.0 / (1.0 + math.exp(-1.0 / scale))
        assert out[0] == pytest.approx(expected)
        assert out[1] == pytest.approx(1.0 - expected)
