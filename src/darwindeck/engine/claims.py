"""Claim phases (Cheat / I Doubt It): cards face down with a claimed rank, and challenges.

The turn's player first declares a rank of the deck (CLAIM_RANK r; a rank the deck lacks is never offered)
unless ``sequential_rank``, where the claim is the deck's next rank after the hand's last claim (the
first claim of a hand is Aces, as in Cheat; then 2, 3, …, King, and after King comes Ace again; a short
deck's missing ranks are skipped: with 9 to A, Aces are followed by 9s). They then
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
from darwindeck.engine.program import deck_card, phase_at

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def claim_rank_needed(tables: Int64Array, state: Int64Array, phase: int) -> bool:
    return phase_at(tables, phase, L.PH_C) == 0 and state[L.S_CLAIM_RANK] < 0


@kernel_jit
def rank_in_deck(tables: Int64Array, rank: int) -> bool:
    """Whether the game's deck holds a card of ``rank``."""
    held = False
    for i in range(tables[L.H_DECK_SIZE]):
        if deck_card(tables, i) % L.N_RANKS == rank:
            held = True
            break
    return held


@kernel_jit
def next_claim_rank(tables: Int64Array, last: int) -> int:
    """The deck's next rank after ``last`` in the order A, 2, …, K, A."""
    rank = (last + 1) % L.N_RANKS
    for _ in range(L.N_RANKS - 1):
        if rank_in_deck(tables, rank):
            break
        rank = (rank + 1) % L.N_RANKS
    return rank


@kernel_jit
def start_claim(tables: Int64Array, state: Int64Array, phase: int) -> None:
    """Set the rank of a sequential claim (called when the phase starts)."""
    state[L.S_CLAIM_COUNT] = 0
    state[L.S_CLAIM_STAGE] = 0
    state[L.S_CLAIM_RANK] = -1
    if phase_at(tables, phase, L.PH_C) != 0:
        state[L.S_CLAIM_RANK] = next_claim_rank(tables, state[L.S_LAST_CLAIM])


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
