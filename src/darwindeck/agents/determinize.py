"""What a seat has observed, and full game states sampled consistently with it (determinizations).

A seat sees, directly in the state: its own hand (unless hands are dealt face down), the dummy's hand
once it is laid face up (``auction.dummy_exposed``), the discard (every
card put on it was face up when placed, so a ``top_only`` discard counts as remembered; a ``face_down``
discard is hidden), the tableau piles, the trick, every captured pile, every pile's size, scores, bids,
tricks, chips. Everything else is *hidden*: the other hands, the deck's order, the face-down claim pile.

Beyond the state a seat remembers (``knowledge``, one row of ``KN_SIZE`` cells per seat, updated by
``observe`` after every action from what the action showed to everyone, or to the seat itself):

* ``KN_HOLDER + c``: the player known to hold card ``c`` (a card taken from the face-up discard, a card
  played into a hand, a revealed claim pile taken by a player, a card a player drew from this seat's
  hand, the turned card a trump phase's dealer took into its hand: Euchre's ordering up), ``CLAIM_PILE``
  for a card this seat put down face down, ``DECK_PILE`` for a card this seat put face down onto the
  deck (the dealer's discard after taking the turned card: out of play, never in another hand), −1
  unknown. A known holder is forgotten when the card shows up on the table or when that player puts a
  card down face down (it might have been that card); except the turned card after the dealer's face-down
  discard: the others take the dealer to have kept it (a dealer discards a trump it has just taken only
  in rare hands, and the others cannot see which card went).
* ``KN_VOID + 4p + s``: player ``p`` showed they have no card of suit ``s`` (did not follow the led suit
  in a trick phase that requires it). Suits here are the suits cards follow in the trick phase
  (``trick_suit``): a top trump (Euchre's left bower) belongs to the trump suit, not to its printed
  one, so the left bower led asks for trumps, and playing it on a trump lead follows suit.
* ``KN_HAND_NO``: the deal this knowledge belongs to; a new deal forgets everything, except what the
  deal itself shows everyone (``deal_knowledge``): the dealer's last card turned up for trumps
  (``setup.turned_trump`` ``dealer_last``) is known to be held by the dealer until it is played.

``determinize(tables, state, seat, knowledge, rng, out)`` writes into ``out`` a state the seat cannot tell
from the real one: the hidden cards (taken in card order, never in the order the real state keeps them) are
shuffled with the searcher's ``rng`` and dealt back into the hidden places with the same sizes: known holders
first (and the seat's own cards known to be in the deck), then each other hand (players with revealed voids
first) takes the next shuffled card of a suit it is not void in (``trick_suit`` in the state's phase; when
none is left it takes any: voids are a preference the sampler keeps whenever it can; ``keeps_voids`` tells
whether a sample kept them all), then the claim pile, the deck and, when face down, the discard and the seat's
own hand. A face-down own hand keeps the card its legal actions name on top. The cards an opponent has chosen
to pass (still in its hand) are as many of its sampled cards. The state's RNG is reseeded from ``rng`` too, so
future shuffles and random draws are not the real ones. The sample is a function of the seat's observation,
its knowledge and ``rng`` only: two real states that differ only in hidden cards give the same samples.

``sample_world`` is the sample the players that solve or play out worlds use (``pimc``, ``bids``): a
determinization for the deciding seat, drawn again while it breaks a shown void (which the sequential
deal allows when it runs out of cards a hand may hold), up to ``RESAMPLES`` times, the last draw kept;
or, for a seat that sees every card, the true state with its RNG reseeded.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider, dummy_exposed
from darwindeck.engine.deals import TURN_DEALER_LAST, dealer
from darwindeck.engine.movegen import FACE_DOWN, LOC_DISCARD, LOC_OPPONENT_HAND
from darwindeck.engine.piles import captured_off, hand_off, tableau_off
from darwindeck.engine.program import deck_card, phase_at
from darwindeck.engine.rng import next_u32, rand_below
from darwindeck.engine.tricks import effective_suit, trick_trump

Int64Array = npt.NDArray[np.int64]

KN_HOLDER = 0
KN_VOID = L.FULL_DECK
KN_HAND_NO = KN_VOID + L.MAX_PLAYERS * L.N_SUITS
KN_SIZE = KN_HAND_NO + 1
UNKNOWN = -1
CLAIM_PILE = L.MAX_PLAYERS
DECK_PILE = L.MAX_PLAYERS + 1
RESAMPLES = 16


def new_knowledge() -> Int64Array:
    """Knowledge rows for every seat, all unknown (a fresh deal)."""
    knowledge = np.zeros((L.MAX_PLAYERS, KN_SIZE), dtype=np.int64)
    reset_knowledge(knowledge, 0)
    return knowledge


@numba.njit(cache=True)
def reset_knowledge(knowledge: Int64Array, hand_no: int) -> None:
    for seat in range(knowledge.shape[0]):
        knowledge[seat, KN_HOLDER : KN_HOLDER + L.FULL_DECK] = UNKNOWN
        knowledge[seat, KN_VOID:KN_HAND_NO] = 0
        knowledge[seat, KN_HAND_NO] = hand_no


@numba.njit(cache=True)
def deal_knowledge(tables: Int64Array, state: Int64Array, knowledge: Int64Array) -> None:
    """Knowledge at the start of ``state``'s deal: nothing known but the dealer's turned-up last card,
    which every seat saw go into the dealer's hand (module rules)."""
    reset_knowledge(knowledge, state[L.S_HAND_NO])
    card = state[L.S_TURNED_CARD]
    if tables[L.H_TURNED_TRUMP] != TURN_DEALER_LAST or card < 0:
        return
    holder = dealer(tables, state)
    for seat in range(knowledge.shape[0]):
        knowledge[seat, KN_HOLDER + card] = holder


# ------------------------------------------------------------------------------------------ visibility


@numba.njit(cache=True)
def _mark_pile(state: Int64Array, off: int, len_slot: int, counts: Int64Array) -> None:
    for i in range(state[len_slot]):
        counts[state[off + i]] += 1


@numba.njit(cache=True)
def table_counts(tables: Int64Array, state: Int64Array, counts: Int64Array) -> None:
    """Count per card of the cards every seat sees on the table (discard, tableau, trick, captured)."""
    counts[:] = 0
    if tables[L.H_DISCARD_VISIBILITY] != FACE_DOWN:
        _mark_pile(state, L.P_DISCARD, L.L_DISCARD, counts)
    for k in range(L.N_TABLEAU):
        _mark_pile(state, tableau_off(k), L.L_TABLEAU + k, counts)
    _mark_pile(state, L.P_TRICK, L.L_TRICK, counts)
    for p in range(tables[L.H_PLAYERS]):
        _mark_pile(state, captured_off(p), L.L_CAPTURED + p, counts)


# --------------------------------------------------------------------------------------------- observe


@numba.njit(cache=True)
def _forget_holder(knowledge: Int64Array, n_seats: int, seat_except: int, holder: int) -> None:
    for s in range(n_seats):
        if s == seat_except:
            continue
        for c in range(L.FULL_DECK):
            if knowledge[s, KN_HOLDER + c] == holder:
                knowledge[s, KN_HOLDER + c] = UNKNOWN


@numba.njit(cache=True)
def _tell_all(knowledge: Int64Array, n_seats: int, card: int, holder: int) -> None:
    for s in range(n_seats):
        knowledge[s, KN_HOLDER + card] = holder


@numba.njit(cache=True)
def _grown_hand(before: Int64Array, after: Int64Array, n_players: int, skip: int, by: int) -> int:
    for p in range(n_players):
        if p != skip and after[L.L_HAND + p] - before[L.L_HAND + p] == by:
            return p
    return -1


@numba.njit(cache=True)
def trick_suit(tables: Int64Array, state: Int64Array, card: int) -> int:
    """The suit ``card`` follows in ``state``'s trick phase (a top trump is a trump); its printed suit
    outside trick phases."""
    phase = state[L.S_PHASE]
    if phase_at(tables, phase, L.PH_KIND) != L.K_TRICK:
        return int(card // L.N_RANKS)
    return int(effective_suit(tables, phase, trick_trump(tables, state, phase), card))


@numba.njit(cache=True)
def keeps_voids(tables: Int64Array, world: Int64Array, kn: Int64Array) -> bool:
    """Whether no hand of ``world`` holds a card of a suit its player has shown a void in."""
    for p in range(tables[L.H_PLAYERS]):
        off = hand_off(p)
        for i in range(world[L.L_HAND + p]):
            card = world[off + i]
            if card < L.FULL_DECK and kn[KN_VOID + p * L.N_SUITS + trick_suit(tables, world, card)] != 0:
                return False
    return True


@numba.njit(cache=True)
def _note_trick_void(tables: Int64Array, before: Int64Array, actor: int, card: int, kn: Int64Array) -> None:
    phase = before[L.S_PHASE]
    if before[L.L_TRICK] == 0 or phase_at(tables, phase, L.PH_A) == 0:
        return
    lead_suit = trick_suit(tables, before, before[L.P_TRICK])
    if trick_suit(tables, before, card) != lead_suit:
        for s in range(tables[L.H_PLAYERS]):
            kn[s, KN_VOID + actor * L.N_SUITS + lead_suit] = 1


@numba.njit(cache=True)
def _note_draw(tables: Int64Array, before: Int64Array, after: Int64Array, actor: int, kn: Int64Array) -> None:
    n_players = tables[L.H_PLAYERS]
    source = phase_at(tables, before[L.S_PHASE], L.PH_A)
    if source == LOC_DISCARD and tables[L.H_DISCARD_VISIBILITY] != FACE_DOWN:
        for i in range(after[L.L_DISCARD], before[L.L_DISCARD]):
            _tell_all(kn, n_players, before[L.P_DISCARD + i], actor)
    elif source == LOC_OPPONENT_HAND:
        for victim in range(n_players):
            if victim == actor or after[L.L_HAND + victim] >= before[L.L_HAND + victim]:
                continue
            # the victim sees which of its own cards went
            off = hand_off(victim)
            for i in range(before[L.L_HAND + victim]):
                card = before[off + i]
                still = False
                for j in range(after[L.L_HAND + victim]):
                    still = still or after[off + j] == card
                if not still:
                    kn[victim, KN_HOLDER + card] = actor


@numba.njit(cache=True)
def _note_claim(
    tables: Int64Array, before: Int64Array, after: Int64Array, actor: int, action: int, kn: Int64Array
) -> None:
    n_players = tables[L.H_PLAYERS]
    if action < L.FULL_DECK:
        kn[actor, KN_HOLDER + action] = CLAIM_PILE
        _forget_holder(kn, n_players, actor, actor)
    size = before[L.L_CLAIM]
    if size > 0 and after[L.L_CLAIM] == 0:
        taker = _grown_hand(before, after, n_players, -1, size)
        for i in range(size):
            card = before[L.P_CLAIM + i]
            _tell_all(kn, n_players, card, taker if taker >= 0 else UNKNOWN)


@numba.njit(cache=True)
def _note_trump(
    tables: Int64Array, before: Int64Array, after: Int64Array, actor: int, action: int, kn: Int64Array
) -> None:
    """A trump phase: the turned card taken into a hand is known to all; a card the actor discards face
    down onto the deck is known to the actor to be out of play."""
    n_players = tables[L.H_PLAYERS]
    if after[L.L_DISCARD] < before[L.L_DISCARD]:
        taker = _grown_hand(before, after, n_players, -1, 1)
        if taker >= 0:
            _tell_all(kn, n_players, before[L.P_DISCARD + before[L.L_DISCARD] - 1], taker)
    if action < L.FULL_DECK and after[L.L_DECK] > before[L.L_DECK]:
        kn[actor, KN_HOLDER + action] = DECK_PILE


@numba.njit(cache=True)
def _gives_to_hand(tables: Int64Array, before: Int64Array) -> bool:
    return bool(phase_at(tables, before[L.S_PHASE], L.PH_A) == LOC_OPPONENT_HAND)


@numba.njit(cache=True)
def observe(tables: Int64Array, before: Int64Array, after: Int64Array, action: int, kn: Int64Array) -> None:
    """Update every seat's knowledge after ``action`` took ``before`` to ``after`` (see the module rules)."""
    n_players = tables[L.H_PLAYERS]
    if after[L.S_HAND_NO] != kn[0, KN_HAND_NO]:
        deal_knowledge(tables, after, kn)
        return
    actor = before[L.S_ACTOR]
    kind = phase_at(tables, before[L.S_PHASE], L.PH_KIND)
    if before[L.S_PENDING_TARGET] >= 0:
        kind = -1
    if kind == L.K_TRICK and action < L.FULL_DECK:
        _note_trick_void(tables, before, actor, action, kn)
    elif kind == L.K_DRAW and action == L.A_DRAW:
        _note_draw(tables, before, after, actor, kn)
    elif kind == L.K_CLAIM:
        _note_claim(tables, before, after, actor, action, kn)
    elif kind == L.K_TRUMP:
        _note_trump(tables, before, after, actor, action, kn)
    elif kind == L.K_PLAY and action < L.FULL_DECK and _gives_to_hand(tables, before):
        receiver = _grown_hand(before, after, n_players, actor, 1)
        if receiver >= 0:
            _tell_all(kn, n_players, action, receiver)
    counts = np.zeros(L.FULL_DECK, dtype=np.int64)
    table_counts(tables, after, counts)
    for s in range(n_players):
        for c in range(L.FULL_DECK):
            holder = kn[s, KN_HOLDER + c]
            stale = holder >= 0 and holder < L.MAX_PLAYERS and after[L.L_HAND + holder] == 0
            if counts[c] > 0 or stale:
                kn[s, KN_HOLDER + c] = UNKNOWN


# ----------------------------------------------------------------------------------------- determinize


@numba.njit(cache=True)
def _legal_card(state: Int64Array) -> int:
    for i in range(state[L.S_N_LEGAL]):
        if state[L.P_LEGAL + i] < L.FULL_DECK:
            return int(state[L.P_LEGAL + i])
    return -1


@numba.njit(cache=True)
def _hidden_pool(tables: Int64Array, state: Int64Array, seat: int, own_top: int, pool: Int64Array) -> int:
    """The hidden cards in card order into ``pool``; their number."""
    counts = np.zeros(L.FULL_DECK, dtype=np.int64)
    for i in range(tables[L.H_DECK_SIZE]):
        counts[deck_card(tables, i)] += 1
    seen = np.zeros(L.FULL_DECK, dtype=np.int64)
    table_counts(tables, state, seen)
    if tables[L.H_HAND_VISIBILITY] != FACE_DOWN:
        _mark_pile(state, hand_off(seat), L.L_HAND + seat, seen)
    elif own_top >= 0:
        seen[own_top] += 1
    dummy = dummy_exposed(state)
    if dummy >= 0 and dummy != seat:
        _mark_pile(state, hand_off(dummy), L.L_HAND + dummy, seen)
    n = 0
    for c in range(L.FULL_DECK):
        for _ in range(counts[c] - seen[c]):
            pool[n] = c
            n += 1
    return n


@numba.njit(cache=True)
def _take_pinned(pool: Int64Array, n: int, card: int) -> int:
    """Remove one ``card`` from ``pool[0:n]`` (order kept); the new size, or ``n`` when absent."""
    for i in range(n):
        if pool[i] == card:
            for j in range(i, n - 1):
                pool[j] = pool[j + 1]
            return n - 1
    return n


@numba.njit(cache=True)
def _void_count(kn: Int64Array, player: int) -> int:
    total = 0
    for s in range(L.N_SUITS):
        total += kn[KN_VOID + player * L.N_SUITS + s]
    return int(total)


@numba.njit(cache=True)
def _fill_hand(
    tables: Int64Array,
    out: Int64Array,
    player: int,
    start: int,
    pool: Int64Array,
    pos: int,
    n: int,
    kn: Int64Array,
) -> int:
    """Fill ``player``'s hand from slot ``start`` with shuffled pool cards it is not void in."""
    off = hand_off(player)
    for slot in range(start, out[L.L_HAND + player]):
        pick = pos
        for j in range(pos, n):
            if kn[KN_VOID + player * L.N_SUITS + trick_suit(tables, out, pool[j])] == 0:
                pick = j
                break
        card = pool[pick]
        pool[pick] = pool[pos]
        pool[pos] = card
        out[off + slot] = card
        pos += 1
    return pos


@numba.njit(cache=True)
def _fill_pile(out: Int64Array, off: int, start: int, size: int, pool: Int64Array, pos: int) -> int:
    for slot in range(start, size):
        out[off + slot] = pool[pos]
        pos += 1
    return pos


@numba.njit(cache=True)
def determinize(
    tables: Int64Array, state: Int64Array, seat: int, kn: Int64Array, rng: Int64Array, out: Int64Array
) -> None:
    """Write into ``out`` a full state consistent with what ``seat`` observed (module rules)."""
    n_players = tables[L.H_PLAYERS]
    out[:] = state
    seed = next_u32(rng, 0)
    out[L.S_RNG] = seed if seed != 0 else 0x6D2B79F5
    face_down_hand = tables[L.H_HAND_VISIBILITY] == FACE_DOWN
    own_top = _legal_card(state) if face_down_hand else -1
    pool = np.empty(L.FULL_DECK, dtype=np.int64)
    n = _hidden_pool(tables, state, seat, own_top, pool)
    # pinned cards: known holders (other hands) and this seat's own face-down claim and deck cards
    filled = np.zeros(L.MAX_PLAYERS + 2, dtype=np.int64)
    for c in range(L.FULL_DECK):
        holder = kn[KN_HOLDER + c]
        if holder < 0 or holder == seat:
            continue
        if holder == CLAIM_PILE:
            if filled[CLAIM_PILE] < state[L.L_CLAIM] and _take_pinned(pool, n, c) < n:
                n -= 1
                out[L.P_CLAIM + filled[CLAIM_PILE]] = c
                filled[CLAIM_PILE] += 1
        elif holder == DECK_PILE:
            if filled[DECK_PILE] < state[L.L_DECK] and _take_pinned(pool, n, c) < n:
                n -= 1
                out[L.P_DECK + filled[DECK_PILE]] = c
                filled[DECK_PILE] += 1
        elif filled[holder] < state[L.L_HAND + holder] and _take_pinned(pool, n, c) < n:
            n -= 1
            out[hand_off(holder) + filled[holder]] = c
            filled[holder] += 1
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, 0, i + 1)
        tmp = pool[i]
        pool[i] = pool[j]
        pool[j] = tmp
    pos = 0
    dummy = dummy_exposed(state)
    for sweep in range(2):  # players with revealed voids first
        for p in range(n_players):
            if p != seat and p != dummy and (_void_count(kn, p) > 0) == (sweep == 0):
                pos = _fill_hand(tables, out, p, filled[p], pool, pos, n, kn)
    pos = _fill_pile(out, L.P_CLAIM, filled[CLAIM_PILE], state[L.L_CLAIM], pool, pos)
    pos = _fill_pile(out, L.P_DECK, filled[DECK_PILE], state[L.L_DECK], pool, pos)
    if tables[L.H_DISCARD_VISIBILITY] == FACE_DOWN:
        pos = _fill_pile(out, L.P_DISCARD, 0, state[L.L_DISCARD], pool, pos)
    if face_down_hand:
        size = state[L.L_HAND + seat]
        top = size - 1 if own_top >= 0 else size
        pos = _fill_pile(out, hand_off(seat), 0, top, pool, pos)
        if own_top >= 0:
            out[hand_off(seat) + size - 1] = own_top
    _repick_passes(out, state, seat, n_players)


@numba.njit(cache=True)
def _repick_passes(out: Int64Array, state: Int64Array, seat: int, n_players: int) -> None:
    """An opponent's cards chosen to pass (hidden) become as many cards of its sampled hand: the first
    ones, which the shuffle made random."""
    for p in range(n_players):
        if p == seat or state[L.B_PASSED + p] == 0:
            continue
        mask = state[L.B_PASSED + p]
        count = 0
        while mask:
            mask &= mask - 1
            count += 1
        chosen = 0
        for i in range(count):
            chosen |= 1 << out[hand_off(p) + i]
        out[L.B_PASSED + p] = chosen


@numba.njit(cache=True)
def sample_world(
    tables: Int64Array, state: Int64Array, kn: Int64Array, sees_all: bool, rng: Int64Array, out: Int64Array
) -> None:
    """One world: a determinization of what the deciding seat has seen (drawn again while it breaks a
    shown void, module rules), or the true state (its RNG reseeded) for a seat that sees every card."""
    if sees_all:
        out[:] = state
        seed = next_u32(rng, 0)
        out[L.S_RNG] = seed if seed != 0 else 0x6D2B79F5
    else:
        for _ in range(RESAMPLES):
            determinize(tables, state, decider(state), kn, rng, out)
            if keeps_voids(tables, out, kn):
                return
