"""The dealer phase (``DealerPhase``, Blackjack's house): a hand that plays a fixed policy against every
player, and the payout against it.

* The dealer's cards: the face-up ones on the general tableau pile (``GENERAL_PILE``: the up-card first,
  then the hole card once turned, then its draws), the hole card face down in the claim pile (validation
  keeps both free of other uses). Observations show the tableau and only the size of the claim pile, and
  the determinizer samples the claim pile among the hidden cards, so the hole card is never seen before
  the dealer turns it.
* The header's ``H_DEALER``: the dealer phase's index, −1 without one. Its row: ``PH_A`` ``stand_on``,
  ``PH_B`` ``hits_soft``, ``PH_C`` ``naturals``, ``PH_D`` ``peek``.
* Hands are valued by the game's hand evaluation (a point total with a bust threshold, which validation
  demands): the best total not above the threshold, −1 for a bust (``hand_strength.hand_strength``). A
  total is *soft* when an ace counts its higher value in it. A *natural* is two cards worth exactly the
  threshold.
* At the deal (``deal_dealer``, after the players' cards): the up-card, then the hole card. With
  ``peek``, an up-card that is an ace or worth ten is checked at once (``peek_natural``): a natural
  turns the hole card, settles every player and ends the hand.
* ``dealer_turn``: in the turn of the round's last player the dealer turns the hole card and, unless
  every player has bust, draws from the deck (never past an empty one) while below ``stand_on``, or at
  it with a soft total when ``hits_soft``; then settles and ends the hand (``S_HAND_OVER``). In anyone
  else's turn the phase does nothing.
* ``settle_players`` adds each player's payout to their score in half-bets: bust −2; with ``naturals``:
  both naturals 0, the player's alone +3 (3 to 2), the dealer's alone −2; then a dealer's bust +2, a
  higher total +2, a lower −2, an equal total 0.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.hand_strength import hand_strength
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, pop, push, tableau_off
from darwindeck.engine.program import phase_at, values_view
from darwindeck.engine.scoring import add_score

Int64Array = npt.NDArray[np.int64]

ACE = L.N_RANKS - 1
TEN_VALUE = 10
WIN = 2
NATURAL_WIN = 3
LOSS = -2
DEALER_PILE = L.L_TABLEAU + L.GENERAL_PILE


@kernel_jit
def _best(tables: Int64Array, state: Int64Array, off: int, n: int) -> int:
    """The best total of ``n`` cards at ``state[off:]`` not above the bust threshold, −1 for a bust."""
    return hand_strength(
        state[off : off + L.PILE_CAP],
        n,
        tables[L.H_EVAL_METHOD],
        values_view(tables),
        tables[L.H_ACE_ALT],
        tables[L.H_BUST],
        tables[L.H_PATTERN_MASK],
    )


@kernel_jit
def _low_ace(tables: Int64Array) -> int:
    alt = tables[L.H_ACE_ALT]
    value = int(values_view(tables)[ACE])
    return int(value if alt < 0 else min(value, alt))


@kernel_jit
def dealer_total(tables: Int64Array, state: Int64Array) -> int:
    """The best total of the dealer's face-up cards (−1: bust)."""
    return _best(tables, state, tableau_off(L.GENERAL_PILE), state[DEALER_PILE])


@kernel_jit
def _soft(tables: Int64Array, state: Int64Array, best: int) -> bool:
    """True when the dealer's best total counts an ace at its higher value."""
    off = tableau_off(L.GENERAL_PILE)
    hard = 0
    for i in range(state[DEALER_PILE]):
        rank = state[off + i] % L.N_RANKS
        hard += _low_ace(tables) if rank == ACE else values_view(tables)[rank]
    return best >= 0 and best != hard


@kernel_jit
def _natural(tables: Int64Array, state: Int64Array, off: int, n: int) -> bool:
    return n == 2 and _best(tables, state, off, n) == tables[L.H_BUST]


@kernel_jit
def turn_hole_card(state: Int64Array) -> None:
    """The hole card goes face up onto the dealer's pile (nothing when already turned)."""
    card = pop(state, L.P_CLAIM, L.L_CLAIM)
    if card >= 0:
        push(state, tableau_off(L.GENERAL_PILE), DEALER_PILE, card)


@kernel_jit
def settle_players(tables: Int64Array, state: Int64Array, phase: int) -> None:
    """Pay or collect every player's hand against the dealer's (module rules)."""
    dealer_off = tableau_off(L.GENERAL_PILE)
    dealer = dealer_total(tables, state)
    naturals = phase_at(tables, phase, L.PH_C) != 0
    dealer_natural = naturals and _natural(tables, state, dealer_off, state[DEALER_PILE])
    for p in range(tables[L.H_PLAYERS]):
        off, n = hand_off(p), state[L.L_HAND + p]
        total = _best(tables, state, off, n)
        natural = naturals and _natural(tables, state, off, n)
        if total < 0:
            add_score(tables, state, p, LOSS)
        elif natural or dealer_natural:
            add_score(tables, state, p, 0 if natural and dealer_natural else NATURAL_WIN if natural else LOSS)
        elif dealer < 0 or total > dealer:
            add_score(tables, state, p, WIN)
        elif total < dealer:
            add_score(tables, state, p, LOSS)
    state[L.S_HAND_OVER] = 1
    state[L.S_TURN_MOVED] = 1


@kernel_jit
def peek_natural(tables: Int64Array, state: Int64Array) -> None:
    """With ``peek``: an ace or ten-valued up-card and a natural end the hand at the deal."""
    phase = tables[L.H_DEALER]
    if phase < 0 or phase_at(tables, phase, L.PH_D) == 0 or state[DEALER_PILE] != 1 or state[L.L_CLAIM] != 1:
        return
    up = state[tableau_off(L.GENERAL_PILE)] % L.N_RANKS
    if up != ACE and values_view(tables)[up] != TEN_VALUE:
        return
    turn_hole_card(state)
    if _natural(tables, state, tableau_off(L.GENERAL_PILE), 2):
        settle_players(tables, state, phase)
        return
    push(state, L.P_CLAIM, L.L_CLAIM, pop(state, tableau_off(L.GENERAL_PILE), DEALER_PILE))  # face down


@kernel_jit
def deal_dealer(tables: Int64Array, state: Int64Array) -> None:
    """The dealer's up-card and hole card from the deck, then the peek (module rules)."""
    if tables[L.H_DEALER] < 0:
        return
    up = pop(state, L.P_DECK, L.L_DECK)
    if up >= 0:
        push(state, tableau_off(L.GENERAL_PILE), DEALER_PILE, up)
    hole = pop(state, L.P_DECK, L.L_DECK)
    if hole >= 0:
        push(state, L.P_CLAIM, L.L_CLAIM, hole)
    peek_natural(tables, state)


@kernel_jit
def _someone_standing(tables: Int64Array, state: Int64Array) -> bool:
    for p in range(tables[L.H_PLAYERS]):
        if _best(tables, state, hand_off(p), state[L.L_HAND + p]) >= 0:
            return True
    return False


@kernel_jit
def _draws(tables: Int64Array, state: Int64Array, phase: int) -> bool:
    total = dealer_total(tables, state)
    if total < 0 or state[L.L_DECK] == 0:
        return False
    stand_on = phase_at(tables, phase, L.PH_A)
    soft_hit = phase_at(tables, phase, L.PH_B) != 0 and _soft(tables, state, total)
    return total < stand_on or (total == stand_on and soft_hit)


@kernel_jit
def dealer_turn(tables: Int64Array, state: Int64Array, phase: int, last_seat: int) -> None:
    """The dealer plays and settles when the turn is the round's last seat's (module rules)."""
    if state[L.S_CUR] != last_seat or state[L.S_HAND_OVER] != 0:
        return
    turn_hole_card(state)
    if _someone_standing(tables, state):
        while _draws(tables, state, phase):
            push(state, tableau_off(L.GENERAL_PILE), DEALER_PILE, pop(state, L.P_DECK, L.L_DECK))
    settle_players(tables, state, phase)
