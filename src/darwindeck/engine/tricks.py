"""Trick phases: who may play what, and who wins the trick.

A trick turn is played by every player in the direction of play from the leader (the turn's player); a
player with an empty hand is passed over. Leading: a card of the phase's breaking suit may not be led
until that suit has been played this hand, unless the leader holds nothing else. Following: with
``lead_suit_required`` a player holding the led suit must play it. On the first trick of a hand: with a
first-lead card the player holding it leads (``first_lead_holder``) and must lead it; with a clean first
trick a card a ``trick_win`` rule scores may be played only by a player with no other playable card.
Winner: the best trump if any trump
was played, else the best card of the led suit; "best" is the highest rank (Ace high), or the lowest
when ``high_card_wins`` is false. The trump is the trick phase's, else the setup's. The winner takes the
trick's cards to their captured pile, scores the ``trick_win`` card rules on each, counts one trick,
and leads the next turn.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import captured_off, hand_off, push
from darwindeck.engine.program import phase_at
from darwindeck.engine.scoring import TRIGGER_TRICK_WIN, card_points, score_card

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def _holds_other_suit(state: Int64Array, player: int, suit: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if state[off + i] // L.N_RANKS != suit:
            return True
    return False


@kernel_jit
def _holds_suit(state: Int64Array, player: int, suit: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if state[off + i] // L.N_RANKS == suit:
            return True
    return False


@kernel_jit
def _holds(state: Int64Array, player: int, card: int) -> bool:
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):  # noqa: SIM110 (numba: no generators)
        if state[off + i] == card:
            return True
    return False


@kernel_jit
def first_lead_holder(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """The player holding the phase's first-lead card, -1 without one (or when nobody holds it)."""
    lead = phase_at(tables, phase, L.PH_F)
    if lead < 0:
        return -1
    for p in range(tables[L.H_PLAYERS]):
        if _holds(state, p, lead):
            return p
    return -1


@kernel_jit
def _scores(tables: Int64Array, state: Int64Array, player: int, card: int) -> bool:
    return card_points(tables, state, player, card, TRIGGER_TRICK_WIN) != 0


@kernel_jit
def _has_clean_card(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    """Whether the player may play some card that no ``trick_win`` rule scores."""
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        if _suit_rules_allow(tables, state, phase, player, card) and not _scores(tables, state, player, card):
            return True
    return False


@kernel_jit
def trick_card_legal(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> bool:
    if not _suit_rules_allow(tables, state, phase, player, card):
        return False
    if state[L.S_TRICKS_PLAYED] != 0:
        return True
    lead = phase_at(tables, phase, L.PH_F)
    if state[L.L_TRICK] == 0 and lead >= 0 and _holds(state, player, lead):
        return card == lead
    if phase_at(tables, phase, L.PH_E) != 0 and _scores(tables, state, player, card):
        return not _has_clean_card(tables, state, phase, player)
    return True


@kernel_jit
def _suit_rules_allow(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> bool:
    """Breaking suit when leading, following the led suit (module rules)."""
    suit = card // L.N_RANKS
    if state[L.L_TRICK] == 0:
        breaking = phase_at(tables, phase, L.PH_D)
        if breaking >= 0 and state[L.S_SUIT_BROKEN] == 0 and suit == breaking:
            return not _holds_other_suit(state, player, breaking)
        return True
    if phase_at(tables, phase, L.PH_A) == 0:
        return True
    lead_suit = state[L.P_TRICK] // L.N_RANKS
    return suit == lead_suit or not _holds_suit(state, player, lead_suit)


@kernel_jit
def trick_trump(tables: Int64Array, phase: int) -> int:
    trump = phase_at(tables, phase, L.PH_B)
    return trump if trump >= 0 else tables[L.H_TRUMP]


@kernel_jit
def _beats(card: int, best: int, trump: int, high_wins: bool) -> bool:
    suit = card // L.N_RANKS
    best_suit = best // L.N_RANKS
    if suit != best_suit:
        return trump >= 0 and suit == trump
    if high_wins:
        return card % L.N_RANKS > best % L.N_RANKS
    return card % L.N_RANKS < best % L.N_RANKS


@kernel_jit
def trick_winner_index(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """Index (in the trick) of the winning card."""
    trump = trick_trump(tables, phase)
    high_wins = phase_at(tables, phase, L.PH_C) != 0
    best = 0
    for i in range(1, state[L.L_TRICK]):
        if _beats(state[L.P_TRICK + i], state[L.P_TRICK + best], trump, high_wins):
            best = i
    return best


@kernel_jit
def resolve_trick(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """Give the trick to its winner; returns the winner."""
    winner = state[L.B_TRICK_PLAYER + trick_winner_index(tables, state, phase)]
    n = state[L.L_TRICK]
    state[L.L_TRICK] = 0
    for i in range(n):
        card = state[L.P_TRICK + i]
        push(state, captured_off(winner), L.L_CAPTURED + winner, card)
        score_card(tables, state, winner, card, TRIGGER_TRICK_WIN)
    state[L.B_TRICKS + winner] += 1
    state[L.S_TRICKS_PLAYED] += 1
    state[L.S_INTERACTION] += 1
    state[L.S_NEXT_OVERRIDE] = winner
    return int(winner)
