"""Spec 001: what a card played to the tableau does, by the header's tableau mode.

* NONE: the card stays on the general pile.
* WAR (two players): deferred comparison. A card waits on the general pile until the *other* player puts
  one down; then the higher rank (Ace high) takes the whole pile (every card there, older ties
  included). On a tie both cards stay and the next pair decides: its winner takes everything. A player
  left without a card after a tie cannot finish the war: the other player takes the pile at once. The
  winner of the pile takes the pot too, when the game bets (Betting War: each battle's bets go to its
  winner; after a tie they stay for the next pair).
* MATCH_RANK: if the general pile holds a card of the played card's rank (the topmost such card), the
  player captures both; otherwise the card stays.
* SEQUENCE: one pile per suit. An empty suit pile accepts any card of its suit (its base). Ranks run
  A-2-…-K (Ace low, no wrap): ASCENDING accepts the rank one above the pile's highest, DESCENDING one
  below its lowest, BOTH either. K ends the way up and A the way down.

Captured cards go to the capturer's captured pile, or to the bottom of their hand when
``setup.captures_to`` is the hand (War); each scores the ``capture`` card rules. A WAR pile won into
the hand is first shuffled with the state's RNG, then slides under the hand card by card: real players
pick up won cards in no fixed order, and a fixed order lets a game of War cycle forever.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.betting import award_pot
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import (
    captured_off,
    hand_off,
    push,
    push_bottom,
    remove_at,
    shuffle,
    tableau_off,
)
from darwindeck.engine.scoring import TRIGGER_CAPTURE, score_card
from darwindeck.engine.tableau_melds import run_order

Int64Array = npt.NDArray[np.int64]

MODE_NONE = 0
MODE_WAR = 1
MODE_MATCH_RANK = 2
MODE_SEQUENCE = 3
ASCENDING = 0
DESCENDING = 1
BOTH = 2


@kernel_jit
def sequence_playable(tables: Int64Array, state: Int64Array, card: int) -> bool:
    suit = card // L.N_RANKS
    if state[L.L_TABLEAU + suit] == 0:
        return True
    order = run_order(card)
    direction = tables[L.H_SEQ_DIRECTION]
    up = order == state[L.B_SEQ_HI + suit] + 1
    down = order == state[L.B_SEQ_LO + suit] - 1
    if direction == ASCENDING:
        return bool(up)
    if direction == DESCENDING:
        return bool(down)
    return bool(up or down)


@kernel_jit
def capture(tables: Int64Array, state: Int64Array, player: int, card: int) -> None:
    if tables[L.H_CAPTURES_TO_HAND] != 0:
        push_bottom(state, hand_off(player), L.L_HAND + player, card)
    else:
        push(state, captured_off(player), L.L_CAPTURED + player, card)
    score_card(tables, state, player, card, TRIGGER_CAPTURE)


@kernel_jit
def _capture_general_pile(tables: Int64Array, state: Int64Array, player: int) -> None:
    off = tableau_off(L.GENERAL_PILE)
    if tables[L.H_CAPTURES_TO_HAND] != 0:
        shuffle(state, off, L.L_TABLEAU + L.GENERAL_PILE)
    n = state[L.L_TABLEAU + L.GENERAL_PILE]
    state[L.L_TABLEAU + L.GENERAL_PILE] = 0
    for i in range(n):
        capture(tables, state, player, state[off + i])
    award_pot(state, player)  # the battle's pot goes with its cards (a tie left both where they were)
    state[L.S_INTERACTION] += 1


@kernel_jit
def _war(tables: Int64Array, state: Int64Array, player: int, card: int) -> None:
    push(state, tableau_off(L.GENERAL_PILE), L.L_TABLEAU + L.GENERAL_PILE, card)
    waiting = state[L.S_WAR_PLAYER]
    if waiting < 0 or waiting == player:
        state[L.S_WAR_PLAYER] = player
        state[L.S_WAR_CARD] = card
        return
    mine = card % L.N_RANKS
    theirs = state[L.S_WAR_CARD] % L.N_RANKS
    state[L.S_WAR_PLAYER] = -1
    if mine > theirs:
        _capture_general_pile(tables, state, player)
    elif theirs > mine:
        _capture_general_pile(tables, state, waiting)
    else:
        _unfinished_war(tables, state, player, waiting)


@kernel_jit
def _unfinished_war(tables: Int64Array, state: Int64Array, player: int, other: int) -> None:
    """After a tie, a player with no card left cannot finish the war: the other player takes the pile
    (when both are out, the cards stay)."""
    mine = state[L.L_HAND + player]
    theirs = state[L.L_HAND + other]
    if mine == 0 and theirs > 0:
        _capture_general_pile(tables, state, other)
    elif theirs == 0 and mine > 0:
        _capture_general_pile(tables, state, player)


@kernel_jit
def _match_rank(tables: Int64Array, state: Int64Array, player: int, card: int) -> None:
    off = tableau_off(L.GENERAL_PILE)
    len_slot = L.L_TABLEAU + L.GENERAL_PILE
    for i in range(state[len_slot] - 1, -1, -1):
        if state[off + i] % L.N_RANKS == card % L.N_RANKS:
            matched = remove_at(state, off, len_slot, i)
            capture(tables, state, player, card)
            capture(tables, state, player, matched)
            state[L.S_INTERACTION] += 1
            return
    push(state, off, len_slot, card)


@kernel_jit
def _sequence(state: Int64Array, card: int) -> None:
    suit = card // L.N_RANKS
    order = run_order(card)
    if state[L.L_TABLEAU + suit] == 0:
        state[L.B_SEQ_LO + suit] = order
        state[L.B_SEQ_HI + suit] = order
    else:
        state[L.B_SEQ_LO + suit] = min(state[L.B_SEQ_LO + suit], order)
        state[L.B_SEQ_HI + suit] = max(state[L.B_SEQ_HI + suit], order)
    push(state, tableau_off(suit), L.L_TABLEAU + suit, card)


@kernel_jit
def place_on_tableau(tables: Int64Array, state: Int64Array, player: int, card: int) -> None:
    mode = tables[L.H_TABLEAU_MODE]
    if mode == MODE_WAR:
        _war(tables, state, player, card)
    elif mode == MODE_MATCH_RANK:
        _match_rank(tables, state, player, card)
    elif mode == MODE_SEQUENCE:
        _sequence(state, card)
    else:
        push(state, tableau_off(L.GENERAL_PILE), L.L_TABLEAU + L.GENERAL_PILE, card)
