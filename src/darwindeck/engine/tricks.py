"""Trick phases: who may play what, and who wins the trick.

A trick turn is played by every player in the direction of play from the leader (the turn's player); a
player with an empty hand is passed over. Leading: a card of the phase's breaking suit may not be led
until that suit has been played this hand, unless the leader holds nothing else. Following: with
``lead_suit_required`` a player holding the led suit must play it. On the first trick of a hand: with a
first-lead card the player holding it leads (``first_lead_holder``) and must lead it, even a card of the
breaking suit (the compulsory lead comes first; without it nobody could lead); with a clean first
trick a card a ``trick_win`` rule scores may be played only by a player with no other playable card.
Winner: the best trump if any trump was played, else the best card of the led suit; "best" is the highest
rank (Ace high), or the lowest when ``high_card_wins`` is false. The trump is the one a trump phase chose
for the hand (``S_HAND_TRUMP``), else the trick phase's, else the setup's; none in a hand an auction set to
no trump. The winner takes the trick's cards to their captured pile, scores the ``trick_win`` card rules on
each, counts one trick, and leads the next turn.

Top trumps (a card-rank override; Euchre's bowers): while a trump suit is in force, the phase's top
trumps (rank + suit relative to trump, packed in the phase row) are trumps, whatever suit is printed
on them, for every rule above: a led top trump leads trumps, it follows a trump lead and does not
follow its printed suit, and holding one counts as holding a trump. They beat every other card, the
first listed highest, whatever ``high_card_wins`` says; the other trumps rank below them as usual.
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


TOP_BITS = 6
TOP_RELATION = 16
RANK_MASK = 15


@kernel_jit
def top_index(tables: Int64Array, phase: int, trump: int, card: int) -> int:
    """The place of ``card`` among the phase's top trumps (0 highest), -1 when it is not one (or no
    trump is in force)."""
    if trump < 0:
        return -1
    packed = phase_at(tables, phase, L.PH_H)
    for i in range(phase_at(tables, phase, L.PH_G)):
        entry = (packed >> (TOP_BITS * i)) & 63
        suit = trump if entry // TOP_RELATION == 0 else trump ^ 1  # ♥0 ♦1 ♣2 ♠3: same colour = xor 1
        if card == suit * L.N_RANKS + (entry & RANK_MASK):
            return i
    return -1


@kernel_jit
def effective_suit(tables: Int64Array, phase: int, trump: int, card: int) -> int:
    """The suit ``card`` belongs to in tricks: trump for a top trump, else its printed suit."""
    return trump if top_index(tables, phase, trump, card) >= 0 else card // L.N_RANKS


@kernel_jit
def card_strength(tables: Int64Array, phase: int, trump: int, card: int) -> int:
    """An order of cards for players' heuristics: top trumps above trumps above the rest, then rank."""
    top = top_index(tables, phase, trump, card)
    if top >= 0:
        return 3 * L.N_RANKS - top
    rank = card % L.N_RANKS
    return rank + L.N_RANKS if trump >= 0 and card // L.N_RANKS == trump else rank


@kernel_jit
def _holds_other_suit(tables: Int64Array, state: Int64Array, phase: int, player: int, suit: int) -> bool:
    off = hand_off(player)
    trump = trick_trump(tables, state, phase)
    for i in range(state[L.L_HAND + player]):
        if effective_suit(tables, phase, trump, state[off + i]) != suit:
            return True
    return False


@kernel_jit
def _holds_suit(tables: Int64Array, state: Int64Array, phase: int, player: int, suit: int) -> bool:
    off = hand_off(player)
    trump = trick_trump(tables, state, phase)
    for i in range(state[L.L_HAND + player]):
        if effective_suit(tables, phase, trump, state[off + i]) == suit:
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
    lead = phase_at(tables, phase, L.PH_F)
    first = state[L.S_TRICKS_PLAYED] == 0
    if first and state[L.L_TRICK] == 0 and lead >= 0 and _holds(state, player, lead):
        return card == lead  # the first lead is compulsory, whatever the breaking suit says
    if not _suit_rules_allow(tables, state, phase, player, card):
        return False
    if not first:
        return True
    if phase_at(tables, phase, L.PH_E) != 0 and _scores(tables, state, player, card):
        return not _has_clean_card(tables, state, phase, player)
    return True


@kernel_jit
def _suit_rules_allow(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> bool:
    """Breaking suit when leading, following the led suit (module rules)."""
    trump = trick_trump(tables, state, phase)
    suit = effective_suit(tables, phase, trump, card)
    if state[L.L_TRICK] == 0:
        breaking = phase_at(tables, phase, L.PH_D)
        if breaking >= 0 and state[L.S_SUIT_BROKEN] == 0 and suit == breaking:
            return not _holds_other_suit(tables, state, phase, player, breaking)
        return True
    if phase_at(tables, phase, L.PH_A) == 0:
        return True
    lead_suit = effective_suit(tables, phase, trump, state[L.P_TRICK])
    return suit == lead_suit or not _holds_suit(tables, state, phase, player, lead_suit)


@kernel_jit
def trick_trump(tables: Int64Array, state: Int64Array, phase: int) -> int:
    """The trump in force: the hand's chosen trump, else the phase's, else the setup's (-1 none); a hand
    an auction set to no trump has none."""
    if state[L.S_HAND_TRUMP] >= 0:
        return int(state[L.S_HAND_TRUMP])
    if state[L.S_HAND_TRUMP] == L.HAND_NO_TRUMP:
        return -1
    trump = phase_at(tables, phase, L.PH_B)
    return trump if trump >= 0 else int(tables[L.H_TRUMP])


@kernel_jit
def card_beats(tables: Int64Array, phase: int, card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far (module rules)."""
    card_top = top_index(tables, phase, trump, card)
    best_top = top_index(tables, phase, trump, best)
    if card_top >= 0 or best_top >= 0:
        return card_top >= 0 and (best_top < 0 or card_top < best_top)
    return _beats(card, best, trump, phase_at(tables, phase, L.PH_C) != 0)


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
    trump = trick_trump(tables, state, phase)
    best = 0
    for i in range(1, state[L.L_TRICK]):
        if card_beats(tables, phase, state[L.P_TRICK + i], state[L.P_TRICK + best], trump):
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
