"""Spec 000: special effects, PlayDirection, SkipCount, AdvanceTurn; the issue's acceptance values."""

from __future__ import annotations

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.tables import compile_program
from darwindeck.engine.turns import advance_turn, apply_effect
from darwindeck.genome import EffectType, Rank, SpecialEffect, TargetSelector
from engine.scenario import arranged, c, cards, shedding_genome


def kernel_state(players: int, effect: SpecialEffect) -> tuple[np.ndarray, np.ndarray]:
    program = compile_program(shedding_genome(players, effects=(effect,)))
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    state[L.S_DIR] = 1
    state[L.S_RNG] = 12345
    return program, state


def test_skip_one_from_player_0_of_3_lands_on_2() -> None:
    program, state = kernel_state(3, SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, value=1))
    apply_effect(program, state, Rank.JACK.code, 0)
    advance_turn(state, 3)
    assert state[L.S_CUR] == 2
    assert state[L.S_SKIP] == 0


def test_skip_five_is_capped_at_two_with_three_players() -> None:
    program, state = kernel_state(3, SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, value=5))
    apply_effect(program, state, Rank.JACK.code, 0)
    assert state[L.S_SKIP] == 2


def test_reverse_flips_direction_both_ways_and_goes_back_from_1_to_0() -> None:
    program, state = kernel_state(4, SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION))
    state[L.S_CUR] = 1
    apply_effect(program, state, Rank.QUEEN.code, 1)
    assert state[L.S_DIR] == -1
    advance_turn(state, 4)
    assert state[L.S_CUR] == 0
    apply_effect(program, state, Rank.QUEEN.code, 0)
    assert state[L.S_DIR] == 1


def test_draw_two_with_a_deck_of_three() -> None:
    effect = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2)
    program, state = kernel_state(3, effect)
    state[L.P_DECK : L.P_DECK + 3] = cards("5H 7H 9H")
    state[L.L_DECK] = 3
    apply_effect(program, state, Rank.TWO.code, 0)
    assert state[L.L_HAND + 1] == 2
    assert state[L.L_DECK] == 1
    assert list(state[L.P_HAND + L.PILE_CAP : L.P_HAND + L.PILE_CAP + 2]) == cards("9H 7H")


def test_draw_with_an_empty_deck_draws_nothing() -> None:
    effect = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2)
    program, state = kernel_state(3, effect)
    apply_effect(program, state, Rank.TWO.code, 0)
    assert state[L.L_HAND + 1] == 0
    assert state[L.L_DECK] == 0


def test_extra_turn_gives_the_same_player_again() -> None:
    program, state = kernel_state(3, SpecialEffect(Rank.KING, EffectType.EXTRA_TURN))
    state[L.S_CUR] = 1
    apply_effect(program, state, Rank.KING.code, 1)
    advance_turn(state, 3)
    assert state[L.S_CUR] == 1


def test_force_discard_two_of_a_three_card_hand() -> None:
    effect = SpecialEffect(Rank.FIVE, EffectType.FORCE_DISCARD, TargetSelector.NEXT_PLAYER, 2)
    program, state = kernel_state(3, effect)
    state[L.P_HAND + L.PILE_CAP : L.P_HAND + L.PILE_CAP + 3] = cards("2H 5H 8H")
    state[L.L_HAND + 1] = 3
    apply_effect(program, state, Rank.FIVE.code, 0)
    assert state[L.L_HAND + 1] == 1
    assert state[L.L_DISCARD] == 2
    assert state[L.P_HAND + L.PILE_CAP] == c("2H")


def test_advance_turn_from_2_of_3_wraps_to_0() -> None:
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    state[L.S_DIR] = 1
    state[L.S_CUR] = 2
    advance_turn(state, 3)
    assert state[L.S_CUR] == 0


def test_random_opponent_comes_from_the_state_rng_and_is_never_the_player() -> None:
    effect = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.RANDOM_OPPONENT, 1)
    program, state = kernel_state(4, effect)
    state[L.P_DECK : L.P_DECK + 40] = np.arange(40)
    state[L.L_DECK] = 40
    state[L.S_CUR] = 2
    twin = state.copy()
    for _ in range(30):
        apply_effect(program, state, Rank.TWO.code, 2)
        apply_effect(program, twin, Rank.TWO.code, 2)
    assert state[L.L_HAND + 2] == 0
    hits = [int(state[L.L_HAND + p]) for p in (0, 1, 3)]
    assert sum(hits) == 30 and min(hits) > 0
    assert np.array_equal(state, twin)


def test_all_opponents_each_draw() -> None:
    effect = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.ALL_OPPONENTS, 2)
    program, state = kernel_state(3, effect)
    state[L.P_DECK : L.P_DECK + 10] = np.arange(10)
    state[L.L_DECK] = 10
    apply_effect(program, state, Rank.TWO.code, 0)
    assert [int(state[L.L_HAND + p]) for p in range(3)] == [0, 2, 2]


def test_skip_changes_whose_turn_it_is_in_real_play() -> None:
    genome = shedding_genome(3, effects=(SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),))
    state = arranged(genome, [cards("JH 3H"), cards("4H 5H"), cards("6H 7H")])
    assert state.current_player == 0
    state.apply_action(c("JH"))
    assert state.current_player == 2
    state.apply_action(c("6H"))
    assert state.current_player == 0


def test_reverse_changes_the_order_in_real_play() -> None:
    reverse = SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION)
    state = arranged(
        shedding_genome(4, effects=(reverse,)),
        [cards("2H QH 3H"), *[cards(f"{r}D {r}C") for r in "456"]],
        current=1,
    )
    state.apply_action(c("4D"))
    assert state.current_player == 2
    state.apply_action(c("5D"))
    state.apply_action(c("6D"))
    state.apply_action(c("QH"))  # player 0 reverses: next is 3
    assert state.current_player == 3


def test_extra_turn_in_real_play() -> None:
    extra = SpecialEffect(Rank.KING, EffectType.EXTRA_TURN)
    state = arranged(shedding_genome(3, effects=(extra,)), [cards("KH 3H"), cards("4H 5H"), cards("6H 7H")])
    state.apply_action(c("KH"))
    assert state.current_player == 0


def test_player_choice_target_is_a_decision() -> None:
    effect = SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.PLAYER_CHOICE, 2)
    state = arranged(shedding_genome(3, effects=(effect,)), [cards("2H 3H"), cards("4H 5H"), cards("6H 7H")])
    state.apply_action(c("2H"))
    assert state.current_player == 0
    assert state.legal_actions() == [L.A_TARGET0 + 1, L.A_TARGET0 + 2]
    state.apply_action(L.A_TARGET0 + 2)
    assert len(state.hand(2)) == 4
    assert state.current_player == 1


def test_last_effect_listed_for_a_rank_wins() -> None:
    effects = (
        SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),
        SpecialEffect(Rank.JACK, EffectType.EXTRA_TURN),
    )
    state = arranged(shedding_genome(3, effects=effects), [cards("JH 3H"), cards("4H 5H"), cards("6H 7H")])
    state.apply_action(c("JH"))
    assert state.current_player == 0
