"""Claim phases (Cheat / I Doubt It): cards face down with a claimed rank, and challenges.

The turn's player first declares the rank (CLAIM_RANK r) unless ``sequential_rank``, where the claim is
the rank after the hand's last claim (the first claim of a hand is Aces, as in Cheat; then 2, 3, …, King,
and after King comes Ace again). They then
put down cards one at a time (the card actions, any card of their hand) onto the claim pile: at least
``min_cards`` (PASS ends the claim once that many are down), at most ``max_cards``. With
``allow_challenge`` each opponent, in the direction of play from the next player, then chooses CHALLENGE
or NO_CHALLENGE; the first challenge settles it: if any card put down is not of the claimed rank the
claimer lied and takes the whole claim pile into their hand, otherwise the challenger takes it
(``pile_penalty``; without it the pile goes to the discard). Nobody challenging leaves the pile growing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, move_all, push, remove_card
from darwindeck.engine.program import phase_at

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def claim_rank_needed(tables: Int64Array, state: Int64Array, phase: int) -> bool:
    return phase_at(tables, phase, L.PH_C) == 0 and state[L.S_CLAIM_RANK] < 0


@kernel_jit
def start_claim(tables: Int64Array, state: Int64Array, phase: int) -> None:
    """Set the rank of a sequential claim (called when the phase starts)."""
    state[L.S_CLAIM_COUNT] = 0
    state[L.S_CLAIM_STAGE] = 0
    state[L.S_CLAIM_RANK] = -1
    if phase_at(tables, phase, L.PH_C) != 0:
        state[L.S_CLAIM_RANK] = (state[L.S_LAST_CLAIM] + 1) % L.N_RANKS


@kernel_jit
def put_down(state: Int64Array, player: int, card: int) -> None:
    remove_card(state, hand_off(player), L.L_HAND + player, card)
    push(state, L.P_CLAIM, L.L_CLAIM, card)
    state[L.S_CLAIM_COUNT] += 1
    state[L.S_TURN_MOVED] = 1


@kernel_jit
def claim_was_true(state: Int64Array) -> bool:
    n = state[L.L_CLAIM]
    for i in range(n - state[L.S_CLAIM_COUNT], n):
        if state[L.P_CLAIM + i] % L.N_RANKS != state[L.S_CLAIM_RANK]:
            return False
    return True


@kernel_jit
def challenge(tables: Int64Array, state: Int64Array, phase: int, challenger: int) -> None:
    loser = challenger if claim_was_true(state) else state[L.S_CUR]
    if phase_at(tables, phase, L.PH_E) != 0:
        move_all(state, L.P_CLAIM, L.L_CLAIM, hand_off(loser), L.L_HAND + loser)
    else:
        move_all(state, L.P_CLAIM, L.L_CLAIM, L.P_DISCARD, L.L_DISCARD)
    state[L.S_INTERACTION] += 1


@kernel_jit
def finish_claim(state: Int64Array) -> None:
    state[L.S_LAST_CLAIM] = state[L.S_CLAIM_RANK]
