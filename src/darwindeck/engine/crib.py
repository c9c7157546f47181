"""The crib phase (``CribPhase``, Cribbage's crib): cards laid away to the dealer's crib, and the starter.

* The phase row: ``PH_A`` the cards each player lays away (2), ``PH_B`` his heels' points (2).
* Once per hand: the crib is made when the claim pile holds cards (validation keeps the claim pile and
  the general tableau pile free of other uses). Until then, starting with the turn's player and going
  round in seat order, each player chooses ``min(count, hand size)`` cards, one card a decision, as a
  pass phase's choice (``passing.choose_to_pass``: marked in ``B_PASSED``, still in the hand). When
  every player has chosen (``crib_step``): every marked card goes face down onto the claim pile in seat
  order (the crib: the determinizer samples it among the hidden cards), the crib is made up to
  ``CRIB_SIZE`` from the deck, the deck's top card is turned face up onto the general tableau pile (the
  starter) and a jack there scores his heels to the dealer (``scoring.add_score``).
* The greedy player (``greedy_crib_score``) keeps the cards that count the most without the starter
  (``show.show_points``), the choices already made set aside.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.passing import chosen_count
from darwindeck.engine.piles import hand_off, pop, push, remove_card, tableau_off
from darwindeck.engine.program import phase_at
from darwindeck.engine.scoring import add_score
from darwindeck.engine.show import JACK, kept_hand, show_points
from darwindeck.genome.phases import CRIB_SIZE

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def _to_choose(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    return min(phase_at(tables, phase, L.PH_A), int(state[L.L_HAND + player])) - chosen_count(state, player)


@kernel_jit
def _make_crib(tables: Int64Array, state: Int64Array, phase: int, dealer: int) -> None:
    for p in range(tables[L.H_PLAYERS]):
        for card in range(L.FULL_DECK):
            if (state[L.B_PASSED + p] >> card) & 1:
                remove_card(state, hand_off(p), L.L_HAND + p, card)
                push(state, L.P_CLAIM, L.L_CLAIM, card)
        state[L.B_PASSED + p] = 0
    while state[L.L_CLAIM] < CRIB_SIZE and state[L.L_DECK] > 0:
        push(state, L.P_CLAIM, L.L_CLAIM, pop(state, L.P_DECK, L.L_DECK))
    starter = pop(state, L.P_DECK, L.L_DECK)
    if starter < 0:
        return
    push(state, tableau_off(L.GENERAL_PILE), L.L_TABLEAU + L.GENERAL_PILE, starter)
    if starter % L.N_RANKS == JACK:
        add_score(tables, state, dealer, phase_at(tables, phase, L.PH_B))


@kernel_jit
def crib_step(tables: Int64Array, state: Int64Array, dealer: int) -> bool:
    """Place the next player to lay a card away (True: a choice waits), else make the crib once and cut
    the starter (False: the phase is over)."""
    if state[L.L_CLAIM] > 0:
        return False
    phase = state[L.S_PHASE]
    n_players = tables[L.H_PLAYERS]
    for step in range(n_players):
        player = (state[L.S_CUR] + step) % n_players
        if _to_choose(tables, state, phase, player) > 0:
            state[L.S_ACTOR] = player
            return True
    _make_crib(tables, state, phase, dealer)
    state[L.S_TURN_MOVED] = 1
    return False


@kernel_jit
def greedy_crib_score(state: Int64Array, player: int, card: int) -> int:
    """The count of the cards ``player`` would keep after laying ``card`` away too (module rules)."""
    kept = kept_hand(state, player) & ~state[L.B_PASSED + player] & ~(1 << card)
    return int(show_points(kept, -1, True, True))
