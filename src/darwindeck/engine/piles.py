"""Pile operations on the flat state array (a pile is ``PILE_CAP`` cells at an offset plus a length cell).

The top of a pile is its last card. Removing a card from the middle shifts the cards above it down, so a
pile keeps its order (a face-down hand stays a stack). Every function is ``njit`` over the state array.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.rng import rand_below

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def hand_off(player: int) -> int:
    return L.P_HAND + player * L.PILE_CAP


@kernel_jit
def captured_off(player: int) -> int:
    return L.P_CAPTURED + player * L.PILE_CAP


@kernel_jit
def tableau_off(pile: int) -> int:
    return L.P_TABLEAU + pile * L.PILE_CAP


@kernel_jit
def push(state: Int64Array, off: int, len_slot: int, card: int) -> None:
    n = state[len_slot]
    state[off + n] = card
    state[len_slot] = n + 1


@kernel_jit
def push_bottom(state: Int64Array, off: int, len_slot: int, card: int) -> None:
    n = state[len_slot]
    for i in range(n, 0, -1):
        state[off + i] = state[off + i - 1]
    state[off] = card
    state[len_slot] = n + 1


@kernel_jit
def pop(state: Int64Array, off: int, len_slot: int) -> int:
    """Take the top card; -1 when the pile is empty."""
    n = state[len_slot]
    if n == 0:
        return L.NO_CARD
    state[len_slot] = n - 1
    return int(state[off + n - 1])


@kernel_jit
def top(state: Int64Array, off: int, len_slot: int) -> int:
    n = state[len_slot]
    return L.NO_CARD if n == 0 else state[off + n - 1]


@kernel_jit
def remove_at(state: Int64Array, off: int, len_slot: int, index: int) -> int:
    n = state[len_slot]
    card = state[off + index]
    for i in range(index, n - 1):
        state[off + i] = state[off + i + 1]
    state[len_slot] = n - 1
    return int(card)


@kernel_jit
def find(state: Int64Array, off: int, len_slot: int, card: int) -> int:
    """Index of ``card`` in the pile, -1 when absent."""
    for i in range(state[len_slot]):
        if state[off + i] == card:
            return i
    return -1


@kernel_jit
def remove_card(state: Int64Array, off: int, len_slot: int, card: int) -> bool:
    index = find(state, off, len_slot, card)
    if index < 0:
        return False
    remove_at(state, off, len_slot, index)
    return True


@kernel_jit
def shuffle(state: Int64Array, off: int, len_slot: int) -> None:
    """Fisher-Yates with the state's RNG."""
    n = state[len_slot]
    for i in range(n - 1, 0, -1):
        j = rand_below(state, L.S_RNG, i + 1)
        tmp = state[off + i]
        state[off + i] = state[off + j]
        state[off + j] = tmp


@kernel_jit
def move_all(state: Int64Array, src: int, src_len: int, dst: int, dst_len: int) -> None:
    """Put every card of one pile on top of another (order kept), emptying the source."""
    for i in range(state[src_len]):
        push(state, dst, dst_len, state[src + i])
    state[src_len] = 0


@kernel_jit
def total_cards(state: Int64Array, n_players: int) -> int:
    """Cards in every pile together (conservation: equals the deck size)."""
    total = state[L.L_DECK] + state[L.L_DISCARD] + state[L.L_TRICK] + state[L.L_CLAIM]
    for p in range(n_players):
        total += state[L.L_HAND + p] + state[L.L_CAPTURED + p]
    for k in range(L.N_TABLEAU):
        total += state[L.L_TABLEAU + k]
    return int(total)
