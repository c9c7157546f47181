"""The ask phase: ask an opponent for a rank, take every card of it, or go fish (Go Fish's turn).

The asker is the turn's player. Progress is ``S_SUB``:

* 0, the start of an ask (automatic): books are laid down (``book`` n > 0: while the asker holds n
  cards of one rank, the n lowest-suit ones go to the discard pile, scored as played). An asker with
  an empty hand draws the top card of the deck and then asks; with the deck empty too, the phase
  ends. With no opponent holding a card the phase ends. With one such opponent, that opponent is
  asked (``S_ASK_TARGET``) and the rank is chosen next; with several, the opponent is chosen first.
* 1, choosing whom to ask: TARGET p for each opponent holding a card.
* 2, choosing the rank: CLAIM_RANK r for each rank of which the asker holds a card.

Asking for rank ``r``: the opponent hands over every card of rank ``r``. When they had any, books
are laid down and, with ``again``, the asker asks again (back to 0); otherwise the phase ends. When
they had none: with ``fish`` and a card in the deck, the asker draws its top card ("go fish", books
laid down); with ``again`` and that card of rank ``r`` the asker asks again; otherwise the phase
ends. An ask counts as a move of the turn (the idle-turn stalemate rule does not end a game of asks
that miss), so the turn limit bounds a game in which asks keep missing.

Phase row: ``PH_A`` fish, ``PH_B`` again, ``PH_C`` book (0 or 2..4).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import find, hand_off, pop, push, remove_card
from darwindeck.engine.program import phase_at
from darwindeck.engine.scoring import TRIGGER_PLAY, score_card

Int64Array = npt.NDArray[np.int64]

CHOOSE_TARGET = 1
CHOOSE_RANK = 2


@kernel_jit
def _end_phase(state: Int64Array, phase: int) -> None:
    state[L.S_PHASE] = phase + 1
    state[L.S_SUB] = 0
    state[L.S_ACTOR] = state[L.S_CUR]
    state[L.S_LEADER] = state[L.S_CUR]


@kernel_jit
def _held_of_rank(state: Int64Array, player: int, rank: int) -> int:
    """Bit mask of the suits of rank ``rank`` in ``player``'s hand."""
    off = hand_off(player)
    suits = 0
    for suit in range(L.N_SUITS):
        if find(state, off, L.L_HAND + player, suit * L.N_RANKS + rank) >= 0:
            suits |= 1 << suit
    return suits


@kernel_jit
def _lay_books(tables: Int64Array, state: Int64Array, phase: int, player: int) -> None:
    size = phase_at(tables, phase, L.PH_C)
    if size == 0:
        return
    off = hand_off(player)
    for rank in range(L.N_RANKS):
        suits = _held_of_rank(state, player, rank)
        held = 0
        for suit in range(L.N_SUITS):
            held += (suits >> suit) & 1
        while held >= size:
            laid = 0
            for suit in range(L.N_SUITS):
                card = suit * L.N_RANKS + rank
                if laid < size and (suits >> suit) & 1:
                    remove_card(state, off, L.L_HAND + player, card)
                    push(state, L.P_DISCARD, L.L_DISCARD, card)
                    score_card(tables, state, player, card, TRIGGER_PLAY)
                    suits &= ~(1 << suit)
                    laid += 1
            held -= size
            state[L.S_TURN_MOVED] = 1


@kernel_jit
def _fish(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    """Draw the top card of the deck into ``player``'s hand and lay books; the card, -1 when empty."""
    if state[L.L_DECK] == 0:
        return -1
    card = pop(state, L.P_DECK, L.L_DECK)
    push(state, hand_off(player), L.L_HAND + player, card)
    state[L.S_TURN_MOVED] = 1
    _lay_books(tables, state, phase, player)
    return card


@kernel_jit
def ask_step(tables: Int64Array, state: Int64Array) -> bool:
    """Run the automatic start of an ask; True when a decision (whom, or which rank) waits."""
    phase = state[L.S_PHASE]
    player = state[L.S_CUR]
    state[L.S_ACTOR] = player
    if state[L.S_SUB] != 0:
        return True
    _lay_books(tables, state, phase, player)
    if state[L.L_HAND + player] == 0 and _fish(tables, state, phase, player) < 0:
        _end_phase(state, phase)
        return False
    askable = 0
    target = -1
    for other in range(tables[L.H_PLAYERS]):
        if other != player and state[L.L_HAND + other] > 0:
            askable += 1
            target = other
    if askable == 0 or state[L.L_HAND + player] == 0:
        _end_phase(state, phase)
        return False
    state[L.S_ASK_TARGET] = target if askable == 1 else -1
    state[L.S_SUB] = CHOOSE_RANK if askable == 1 else CHOOSE_TARGET
    return True


@kernel_jit
def ask_actions(tables: Int64Array, state: Int64Array, player: int, out: int) -> int:
    """Write the legal actions of the ask decision at ``out`` (ascending); their number."""
    n = 0
    if state[L.S_SUB] == CHOOSE_TARGET:
        for other in range(tables[L.H_PLAYERS]):
            if other != player and state[L.L_HAND + other] > 0:
                state[out + n] = L.A_TARGET0 + other
                n += 1
    elif state[L.S_SUB] == CHOOSE_RANK:
        for rank in range(L.N_RANKS):
            if _held_of_rank(state, player, rank) != 0:
                state[out + n] = L.A_CLAIM_RANK0 + rank
                n += 1
    return n


@kernel_jit
def ask_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    """Apply the choice of an opponent (TARGET p) or of a rank (CLAIM_RANK r: the ask itself)."""
    if action < L.A_CLAIM_RANK0:
        state[L.S_ASK_TARGET] = action - L.A_TARGET0
        state[L.S_SUB] = CHOOSE_RANK
        return
    rank = action - L.A_CLAIM_RANK0
    target = state[L.S_ASK_TARGET]
    state[L.S_TURN_MOVED] = 1
    state[L.S_INTERACTION] += 1
    suits = _held_of_rank(state, target, rank)
    again = phase_at(tables, phase, L.PH_B) != 0
    if suits != 0:
        for suit in range(L.N_SUITS):
            if (suits >> suit) & 1:
                card = suit * L.N_RANKS + rank
                remove_card(state, hand_off(target), L.L_HAND + target, card)
                push(state, hand_off(player), L.L_HAND + player, card)
        _lay_books(tables, state, phase, player)
        state[L.S_ASK_RANK] = -1
    else:
        state[L.S_ASK_RANK] = rank
        fished = _fish(tables, state, phase, player) if phase_at(tables, phase, L.PH_A) != 0 else -1
        again = again and fished >= 0 and fished % L.N_RANKS == rank
    state[L.S_ASK_TARGET] = -1
    if again:
        state[L.S_SUB] = 0
    else:
        _end_phase(state, phase)
