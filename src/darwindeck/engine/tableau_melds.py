"""Melds put down on the tableau (Rummy): runs as plays, and what a card laid off may extend.

* A run is ``MIN_RUN``..``MAX_RUN`` cards of one suit in sequence, Ace low (A-2-3 is a run), no wrap
  (K-A-2 is not). A play phase with ``runs`` offers RUN actions: ``A_RUN0 + (length - MIN_RUN) *
  FULL_DECK + low``, where ``low`` is the run's lowest card; the phase's ``min_cards``..``max_cards``
  bound the length as they bound a set's size, and every card of the run must be playable.
* What lies on the tableau is remembered for the hand, as two bit masks: ``S_MELD_RANKS`` (bit r: a
  set of rank r, three or more cards of one SET action, was played to the tableau) and ``S_RUN_CARDS``
  (bit c: card c is part of a run played to the tableau). A single card played to the tableau next in
  suit to a run card joins that run.
* ``extends_meld`` holds for a card of a set's rank or a card next in suit to a run card: the card a
  player may lay off. A card that fits both a set and a run (7♥ beside a set of 7s and a 4-5-6♥ run)
  is taken to join the run.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit

Int64Array = npt.NDArray[np.int64]

N_ORDERS = L.N_RANKS


@kernel_jit
def run_order(card: int) -> int:
    """The card's place in Ace-low order: A = 0, 2 = 1, …, K = 12 (runs here, the count's runs, and the
    tableau's SEQUENCE piles)."""
    return (card % L.N_RANKS + 1) % L.N_RANKS


@kernel_jit
def card_at(suit: int, order: int) -> int:
    """The card of ``suit`` at Ace-low place ``order`` (the inverse of ``run_order``)."""
    return suit * L.N_RANKS + (order + L.N_RANKS - 1) % L.N_RANKS


@kernel_jit
def run_action(low: int, length: int) -> int:
    return L.A_RUN0 + (length - L.MIN_RUN) * L.FULL_DECK + low


@kernel_jit
def run_low(action: int) -> int:
    return (action - L.A_RUN0) % L.FULL_DECK


@kernel_jit
def run_length(action: int) -> int:
    return (action - L.A_RUN0) // L.FULL_DECK + L.MIN_RUN


@kernel_jit
def run_card(action: int, i: int) -> int:
    """The ``i``-th card (from the lowest) of the run a RUN action plays."""
    low = run_low(action)
    return card_at(low // L.N_RANKS, run_order(low) + i)


@kernel_jit
def runs_from(cards_mask: int, low: int, shortest: int, longest: int) -> int:
    """How many runs starting at ``low`` the cards of ``cards_mask`` (bit c: card c) make: lengths
    ``shortest``..``longest`` that fit in Ace-low order, counted from the shortest; 0 when none."""
    suit = low // L.N_RANKS
    start = run_order(low)
    have = 0
    while start + have < N_ORDERS and (cards_mask >> card_at(suit, start + have)) & 1:
        have += 1
    top = min(have, longest)
    return max(0, top - shortest + 1)


@kernel_jit
def note_meld(state: Int64Array, card: int, set_size: int) -> None:
    """Remember a card just played to the tableau: one of a set of ``set_size`` (0: a single card, -1: a
    card of a run)."""
    if set_size < 0:
        state[L.S_RUN_CARDS] |= np.int64(1) << np.int64(card)
    elif set_size >= L.MIN_RUN:
        state[L.S_MELD_RANKS] |= np.int64(1) << np.int64(card % L.N_RANKS)
    elif set_size == 0 and _next_to_run(state, card):
        state[L.S_RUN_CARDS] |= np.int64(1) << np.int64(card)


@kernel_jit
def _next_to_run(state: Int64Array, card: int) -> bool:
    suit = card // L.N_RANKS
    order = run_order(card)
    runs = state[L.S_RUN_CARDS]
    below = order > 0 and (runs >> card_at(suit, order - 1)) & 1
    above = order < N_ORDERS - 1 and (runs >> card_at(suit, order + 1)) & 1
    return bool(below or above)


@kernel_jit
def extends_meld(state: Int64Array, card: int) -> bool:
    """Whether ``card`` may be laid off on a meld on the tableau (module rules)."""
    if card < 0:
        return False
    if (state[L.S_MELD_RANKS] >> (card % L.N_RANKS)) & 1:
        return True
    return _next_to_run(state, card)
