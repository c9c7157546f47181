"""The board phase (``BoardPhase``, Texas Hold'em's streets): community cards, the blinds, the betting
round's opener and the shared showdown.

* The board: the general tableau pile (``GENERAL_PILE``), face up; validation keeps the tableau free of
  any other use. Observations show the tableau, so every seat sees the board as it is dealt; the
  determinizer never samples it.
* The header's ``H_BOARD``: the first board phase's index, −1 without one; ``H_POT_SIZED``: 1 when a
  board phase says ``pot_sized`` (the betting sizes are in ``engine.betting``). A board row: ``PH_A``
  cards, ``PH_B`` small blind, ``PH_C`` big blind, ``PH_D`` pot sized.
* ``board_step`` (an automatic step when the phase is reached): deal ``cards`` from the deck onto the
  board (never past an empty deck). With a big blind it records the phase in ``S_BLINDS_DUE`` and the
  next betting round opens with the seat after the big blind (``S_BET_OPENER``); without one the next
  round opens with the seat after the dealer. ``post_blinds`` (when that round opens): the small blind
  seat (the dealer heads-up, else the seat after it) puts in ``small_blind``, the next seat
  ``big_blind``, each at most their chips; the round's bet to match is the larger.
* ``nobody_to_bet``: in a board game, a round where at most one player may still bet and owes nothing
  is over before it starts (everyone else folded or is all in).
* ``seat_strength``: a seat's hand strength over its own cards and the board's together (the best five
  of seven, ``hand_strength``'s ``poker`` method). ``share_pot``: the pot split equally among the
  strongest hands of the players who did not fold; the odd chips go to the first of them after the
  dealer.
* A hand of a board game ends when its turn's phases are done (``kernel.run_to_decision``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.betting import can_act
from darwindeck.engine.hand_strength import hand_strength
from darwindeck.engine.jit import kernel_jit, stack_array
from darwindeck.engine.piles import hand_off, pop, push, tableau_off
from darwindeck.engine.program import phase_at, values_view

Int64Array = npt.NDArray[np.int64]

BOARD_PILE = L.L_TABLEAU + L.GENERAL_PILE
#: Room for a hand and a board together (a board holds at most ``MAX_BOARD`` = 5 cards).
_CARDS = stack_array(L.PILE_CAP + 5)
_SEATS = stack_array(L.MAX_PLAYERS)


@kernel_jit
def blind_seats(n_players: int, dealt_by: int) -> tuple[int, int]:
    """The small and big blinds' seats: heads-up the dealer and the other; else the two after the dealer."""
    small = dealt_by if n_players == 2 else (dealt_by + 1) % n_players
    return small, (small + 1) % n_players


@kernel_jit
def board_step(tables: Int64Array, state: Int64Array, phase: int, dealt_by: int) -> None:
    """Deal the street's cards face up and set the next betting round's blinds and opener."""
    board = tableau_off(L.GENERAL_PILE)
    for _ in range(phase_at(tables, phase, L.PH_A)):
        card = pop(state, L.P_DECK, L.L_DECK)
        if card < 0:
            break
        push(state, board, BOARD_PILE, card)
    n_players = tables[L.H_PLAYERS]
    if phase_at(tables, phase, L.PH_C) > 0:
        state[L.S_BLINDS_DUE] = phase
        state[L.S_BET_OPENER] = (blind_seats(n_players, dealt_by)[1] + 1) % n_players
    else:
        state[L.S_BET_OPENER] = (dealt_by + 1) % n_players


@kernel_jit
def _post(state: Int64Array, seat: int, blind: int) -> None:
    amount = min(blind, state[L.B_CHIPS + seat])
    state[L.B_CHIPS + seat] -= amount
    state[L.B_ROUND_BET + seat] += amount
    state[L.S_POT] += amount


@kernel_jit
def post_blinds(tables: Int64Array, state: Int64Array, dealt_by: int) -> None:
    """Post the blinds a board phase left due as the opening bets of the round just opened."""
    phase = state[L.S_BLINDS_DUE]
    if phase < 0:
        return
    state[L.S_BLINDS_DUE] = -1
    small, big = blind_seats(tables[L.H_PLAYERS], dealt_by)
    _post(state, small, phase_at(tables, phase, L.PH_B))
    _post(state, big, phase_at(tables, phase, L.PH_C))
    state[L.S_CUR_BET] = max(state[L.B_ROUND_BET + small], state[L.B_ROUND_BET + big])


@kernel_jit
def opener(state: Int64Array) -> int:
    """The seat a betting round opens with: a board's choice, else the turn's player."""
    return int(state[L.S_BET_OPENER] if state[L.S_BET_OPENER] >= 0 else state[L.S_CUR])


@kernel_jit
def nobody_to_bet(tables: Int64Array, state: Int64Array) -> bool:
    """A board game's round with at most one player able to bet, who owes nothing."""
    if tables[L.H_BOARD] < 0:
        return False
    able = 0
    for p in range(tables[L.H_PLAYERS]):
        if can_act(state, p):
            able += 1
            if state[L.S_CUR_BET] > state[L.B_ROUND_BET + p]:
                return False
    return able <= 1


@kernel_jit
def seat_strength(tables: Int64Array, state: Int64Array, seat: int) -> int:
    """The hand strength of the seat's cards and the board's together."""
    cards = _CARDS()
    n = state[L.L_HAND + seat]
    for i in range(n):  # element by element: a slice copy would need numba's runtime
        cards[i] = state[hand_off(seat) + i]
    shown = state[BOARD_PILE]
    board = tableau_off(L.GENERAL_PILE)
    for i in range(shown):
        cards[n + i] = state[board + i]
    return hand_strength(
        cards,
        n + shown,
        tables[L.H_EVAL_METHOD],
        values_view(tables),
        tables[L.H_ACE_ALT],
        tables[L.H_BUST],
        tables[L.H_PATTERN_MASK],
    )


@kernel_jit
def share_pot(tables: Int64Array, state: Int64Array, dealt_by: int) -> None:
    """Split the pot among the best hands still in (module rules)."""
    n_players = tables[L.H_PLAYERS]
    strengths = _SEATS()
    best = -1
    for p in range(n_players):
        strengths[p] = -1 if state[L.B_FOLDED + p] != 0 else seat_strength(tables, state, p)
        best = max(best, strengths[p])
    if best < 0:
        return
    winners = 0
    for p in range(n_players):
        winners += 1 if strengths[p] == best else 0
    share = state[L.S_POT] // winners
    odd = state[L.S_POT] - share * winners
    for k in range(1, n_players + 1):
        seat = (dealt_by + k) % n_players
        if strengths[seat] == best:
            state[L.B_CHIPS + seat] += share + odd
            odd = 0
    state[L.S_POT] = 0
