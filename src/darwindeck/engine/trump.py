"""The trump phase: the hand's trump suit chosen from a turned-up card, in rounds (Euchre's making).

The turned card is the top of the discard pile (dealt there by ``setup.initial_discard_count``). The
dealer is the seat before the hand's first player (hand ``h`` is opened by seat ``(h−1) mod N``, so
its dealer is seat ``(h−2) mod N``); the choosers go round in seat order from the first player and
the dealer decides last. Progress is ``S_SUB``: decisions made, ``N`` per round.

* Round 1 (``S_SUB`` < N): NAME_SUIT of the turned card's suit (ordering it up) or PASS.
* Round 2 (when ``name_round``; N ≤ ``S_SUB`` < 2N): NAME_SUIT of any other suit, or PASS.
* With ``stick_the_dealer`` the last decision of the last round offers no PASS.
* A chosen suit becomes ``S_HAND_TRUMP`` and its chooser ``S_MAKER``. Ordered up in round 1 with
  ``dealer_takes``: the dealer takes the turned card into their hand and must discard one card of
  their hand (``S_DISCARDER``; card actions), face down onto the deck, out of play for the hand.
* Everyone passed in every round: the hand is thrown in (a turn is counted, the turn limit applies)
  and the next hand is dealt, by the next dealer. Nothing is scored.
* Once trump is chosen the phase offers nothing for the rest of the hand; nor does it once the hand's
  trump is otherwise fixed: a turned-up card's suit, or an auction's contract, no trump included.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.deals import dealer, throw_in
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, pop, push, remove_card, top
from darwindeck.engine.program import phase_at

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def turned_card(state: Int64Array) -> int:
    """The turned-up card: the top of the discard pile, -1 when it is empty."""
    return int(top(state, L.P_DISCARD, L.L_DISCARD))


@kernel_jit
def _rounds(tables: Int64Array, phase: int) -> int:
    return 2 if phase_at(tables, phase, L.PH_B) != 0 else 1


@kernel_jit
def trump_step(tables: Int64Array, state: Int64Array) -> bool:
    """Place the next chooser (True: a decision waits); else end the phase or throw the hand in."""
    phase = state[L.S_PHASE]
    n_players = tables[L.H_PLAYERS]
    if state[L.S_DISCARDER] >= 0:
        state[L.S_ACTOR] = state[L.S_DISCARDER]
        return True
    if state[L.S_HAND_TRUMP] != -1:  # a suit, or no trump (an auction's NT contract): already made
        state[L.S_PHASE] = phase + 1
        state[L.S_SUB] = 0
        state[L.S_ACTOR] = state[L.S_CUR]
        state[L.S_LEADER] = state[L.S_CUR]
        return False
    if state[L.S_SUB] >= _rounds(tables, phase) * n_players:
        throw_in(tables, state)
        return False
    first = (dealer(tables, state) + 1) % n_players
    state[L.S_ACTOR] = (first + state[L.S_SUB]) % n_players
    return True


@kernel_jit
def trump_actions(tables: Int64Array, state: Int64Array, phase: int, player: int, out: int) -> int:
    """Write the legal actions of the trump decision at ``out``; their number (unsorted)."""
    n = 0
    if state[L.S_DISCARDER] >= 0:
        off = hand_off(player)
        for i in range(state[L.L_HAND + player]):
            state[out + n] = state[off + i]
            n += 1
        return n
    n_players = tables[L.H_PLAYERS]
    turned = turned_card(state)
    turned_suit = turned // L.N_RANKS if turned >= 0 else -1
    for suit in range(L.N_SUITS):
        allowed = suit == turned_suit if state[L.S_SUB] < n_players else suit != turned_suit
        if allowed:
            state[out + n] = L.A_SUIT0 + suit
            n += 1
    last = state[L.S_SUB] == _rounds(tables, phase) * n_players - 1
    if not (last and phase_at(tables, phase, L.PH_C) != 0):
        state[out + n] = L.A_PASS
        n += 1
    return n


@kernel_jit
def trump_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    """Apply PASS, a trump call (NAME_SUIT) or the dealer's discard (a card)."""
    if action == L.A_PASS:
        state[L.S_SUB] += 1
    elif action >= L.A_SUIT0:
        _call(tables, state, phase, player, action - L.A_SUIT0)
    else:
        remove_card(state, hand_off(player), L.L_HAND + player, action)
        push(state, L.P_DECK, L.L_DECK, action)
        state[L.S_DISCARDER] = -1
        state[L.S_TURN_MOVED] = 1


@kernel_jit
def _call(tables: Int64Array, state: Int64Array, phase: int, player: int, suit: int) -> None:
    state[L.S_HAND_TRUMP] = suit
    state[L.S_MAKER] = player
    state[L.S_BIDS_MADE] += 1
    ordered_up = state[L.S_SUB] < tables[L.H_PLAYERS]
    if ordered_up and phase_at(tables, phase, L.PH_A) != 0 and state[L.L_DISCARD] > 0:
        taker = dealer(tables, state)
        push(state, hand_off(taker), L.L_HAND + taker, pop(state, L.P_DISCARD, L.L_DISCARD))
        state[L.S_DISCARDER] = taker
        state[L.S_TURN_MOVED] = 1
