"""The pass phase: every player chooses cards, then the chosen cards change hands at once.

Once per hand (``S_PASS_DONE``), the first time the phase is reached: hand ``h`` passes in the direction
``directions[(h - 1) % n]`` (codes packed in the phase row, two bits each: 0 left = the next seat, 1 right
= the previous seat, 2 across = half the table away, 3 hold = no pass). Starting with the turn's player
and going round in seat order, each player chooses ``min(count, hand size)`` cards, one card per action;
a chosen card stays in the hand, marked in ``B_PASSED`` (a bit per card id), and is not offered again.
When everyone has chosen, every marked card leaves its hand and then goes into the receiver's hand (so
nobody receives a card before passing), the marks are cleared and the phase ends.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, push, remove_card
from darwindeck.engine.program import phase_at

Int64Array = npt.NDArray[np.int64]

HOLD = 3
_DIRECTION_BITS = 2


@kernel_jit
def pass_offset(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """How many seats on the receiver sits from the passer this hand; 0 when the hand holds its cards."""
    n_directions = phase_at(tables, phase, L.PH_B)
    index = (int(state[L.S_HAND_NO]) - 1) % n_directions
    direction = (phase_at(tables, phase, L.PH_C) >> (_DIRECTION_BITS * index)) & 3
    n_players = int(tables[L.H_PLAYERS])
    if direction == HOLD:
        return 0
    if direction == 0:
        return 1
    if direction == 1:
        return n_players - 1
    return n_players // 2


@kernel_jit
def chosen_count(state: Int64Array, player: int) -> int:
    mask = int(state[L.B_PASSED + player])
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@kernel_jit
def _still_choosing(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    needed = min(phase_at(tables, phase, L.PH_A), int(state[L.L_HAND + player]))
    return chosen_count(state, player) < needed


@kernel_jit
def _exchange(tables: Int64Array, state: Int64Array, offset: int) -> None:
    n_players = tables[L.H_PLAYERS]
    for p in range(n_players):
        for card in range(L.FULL_DECK):
            if (state[L.B_PASSED + p] >> card) & 1:
                remove_card(state, hand_off(p), L.L_HAND + p, card)
    for p in range(n_players):
        receiver = (p + offset) % n_players
        for card in range(L.FULL_DECK):
            if (state[L.B_PASSED + p] >> card) & 1:
                push(state, hand_off(receiver), L.L_HAND + receiver, card)
        state[L.B_PASSED + p] = 0
    state[L.S_INTERACTION] += 1


@kernel_jit
def pass_step(tables: Int64Array, state: Int64Array) -> bool:
    """Place the next chooser (True: a choice waits), else exchange once (False: the phase is over)."""
    phase = state[L.S_PHASE]
    offset = pass_offset(tables, state, phase)
    if state[L.S_PASS_DONE] == 0 and offset != 0:
        n_players = tables[L.H_PLAYERS]
        for step in range(n_players):
            player = (state[L.S_CUR] + step) % n_players
            if _still_choosing(tables, state, phase, player):
                state[L.S_ACTOR] = player
                return True
        _exchange(tables, state, offset)
    state[L.S_PASS_DONE] = 1
    return False


@kernel_jit
def choose_to_pass(state: Int64Array, player: int, card: int) -> None:
    state[L.B_PASSED + player] |= 1 << card
    state[L.S_TURN_MOVED] = 1
