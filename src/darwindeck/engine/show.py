"""The show phase (``ShowPhase``, Cribbage's show): the hands and the crib counted at the hand's end.

* The phase row: ``PH_A`` nobs (1: the jack of the starter's suit scores 1), ``PH_B`` crib four-flush
  (1: the crib's four-card flush scores as a hand's, OpenSpiel's variant). The header's ``H_SHOW`` is
  the show phase's index, −1 without one. In the turn the phase offers nothing.
* What is counted: a player's hand is the cards they kept from the crib phase: the cards they played
  onto the count this hand (``B_PLAYED``, public as they were played) and those still in their hand; the
  crib is the claim pile; the starter the top of the general tableau pile (``engine.crib``). Without a
  starter (no crib made this hand) nothing is counted.
* A count (``show_points``) of cards with the starter: each combination adding up to 15 (``count_value``:
  ace 1, court cards 10) 2; each pair of one rank 2; each maximal sequence of three or more ranks (ace
  low, no wrap) its length times the product of the number of cards of each of its ranks (a double run
  of three 6, a double double run 16); a flush of every card of the hand (at least four, all one suit)
  their number, one more when the starter is of that suit too (the crib: only with the starter, unless
  crib four-flush); nobs.
* ``count_show`` (from ``deals.end_hand``, before the hand's other scoring): the players' hands in seat
  order from the one left of the dealer, the dealer's last, then the crib for the dealer, each added to
  the score (``scoring.add_score``) and followed by the win check after an action (``wins.judge``): the
  first to reach a ``first_to_score`` target wins, however many points the later counts hold.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.counting import FIFTEEN, FIFTEEN_POINTS, count_value
from darwindeck.engine.jit import kernel_jit, stack_array
from darwindeck.engine.piles import hand_off, tableau_off
from darwindeck.engine.program import phase_at
from darwindeck.engine.scoring import add_score
from darwindeck.engine.tableau_melds import run_order
from darwindeck.engine.wins import WHEN_ACTION, judge
from darwindeck.genome.phases import MAX_COUNTED

Int64Array = npt.NDArray[np.int64]

#: Cards a count looks at: a kept hand or crib (validation: at most ``MAX_COUNTED``) and the starter.
MAX_SHOWN = MAX_COUNTED + 1
MIN_FLUSH = 4
MIN_RUN = 3
PAIR_POINTS = 2
JACK = 9  # rank code (0 = two … 12 = ace)
STARTER_PILE = L.L_TABLEAU + L.GENERAL_PILE

_CARDS = stack_array(MAX_SHOWN)
_RANKS = stack_array(L.N_RANKS)


@kernel_jit
def _fifteens(cards: Int64Array, n: int) -> int:
    points = 0
    for subset in range(1, 1 << n):
        total = 0
        for i in range(n):
            if (subset >> i) & 1:
                total += count_value(cards[i])
        if total == FIFTEEN:
            points += FIFTEEN_POINTS
    return points


@kernel_jit
def _pairs(cards: Int64Array, n: int) -> int:
    points = 0
    for i in range(n):
        for j in range(i + 1, n):
            if cards[i] % L.N_RANKS == cards[j] % L.N_RANKS:
                points += PAIR_POINTS
    return points


@kernel_jit
def _runs(cards: Int64Array, n: int) -> int:
    """Every maximal sequence of ≥ 3 ranks: its length times the ways of making it."""
    held = _RANKS()
    for i in range(n):
        held[run_order(cards[i])] += 1
    points = 0
    order = 0
    while order < L.N_RANKS:
        length, ways = 0, 1
        while order + length < L.N_RANKS and held[order + length] > 0:
            ways *= held[order + length]
            length += 1
        if length >= MIN_RUN:
            points += length * ways
        order += max(length, 1)
    return points


@kernel_jit
def _flush(cards: Int64Array, n: int, starter: int, hand_flush: bool) -> int:
    """The first ``n`` cards all of one suit (at least four): ``n`` (with ``hand_flush``), ``n + 1`` with
    the starter of their suit."""
    if n < MIN_FLUSH:
        return 0
    suit = cards[0] // L.N_RANKS
    for i in range(1, n):
        if cards[i] // L.N_RANKS != suit:
            return 0
    if starter >= 0 and starter // L.N_RANKS == suit:
        return n + 1
    return n if hand_flush else 0


@kernel_jit
def show_points(mask: int, starter: int, hand_flush: bool, nobs: bool) -> int:
    """The count of the cards in ``mask`` (a bit per card id) with ``starter`` (−1: none): fifteens,
    pairs, runs, the flush (``hand_flush``: four of the hand without the starter count, as for a hand;
    False as for the crib) and, with ``nobs``, the jack of the starter's suit (module rules)."""
    cards = _CARDS()
    n = 0
    for card in range(L.FULL_DECK):
        if (mask >> card) & 1 and n < MAX_SHOWN - 1:
            cards[n] = card
            n += 1
    points = _flush(cards, n, starter, hand_flush)
    if nobs and starter >= 0:
        jack = starter - starter % L.N_RANKS + JACK
        points += 1 if (mask >> jack) & 1 else 0
    if starter >= 0:
        cards[n] = starter
        n += 1
    return points + _fifteens(cards, n) + _pairs(cards, n) + _runs(cards, n)


@kernel_jit
def pile_mask(state: Int64Array, off: int, n: int) -> int:
    """The cards of a pile as a bit per card id."""
    mask = 0
    for i in range(n):
        mask |= 1 << state[off + i]
    return mask


@kernel_jit
def kept_hand(state: Int64Array, player: int) -> int:
    """The cards ``player`` kept this hand (played onto the count, or still held), a bit per card."""
    held = pile_mask(state, hand_off(player), state[L.L_HAND + player])
    return int(state[L.B_PLAYED + player] | held)


@kernel_jit
def starter_card(state: Int64Array) -> int:
    """The starter turned up by the crib phase this hand, −1 none yet."""
    if state[STARTER_PILE] == 0:
        return -1
    return int(state[tableau_off(L.GENERAL_PILE)])


@kernel_jit
def count_show(tables: Int64Array, state: Int64Array, dealer: int) -> bool:
    """Count the hands, then the crib, judging after each (module rules); True when the game ended."""
    phase = tables[L.H_SHOW]
    starter = starter_card(state)
    if phase < 0 or starter < 0:
        return False
    nobs = phase_at(tables, phase, L.PH_A) != 0
    n_players = tables[L.H_PLAYERS]
    for step in range(1, n_players + 1):
        player = (dealer + step) % n_players
        add_score(tables, state, player, show_points(kept_hand(state, player), starter, True, nobs))
        if judge(tables, state, WHEN_ACTION):
            return True
    crib = pile_mask(state, L.P_CLAIM, state[L.L_CLAIM])
    four_flush = phase_at(tables, phase, L.PH_B) != 0
    add_score(tables, state, dealer, show_points(crib, starter, four_flush, nobs))
    return judge(tables, state, WHEN_ACTION)
