"""Combination plays of climbing games (Dou Dizhu): which combinations a hand may play over the last one.

Ranks here are *climbing ranks* 0…14 in Dou Dizhu order: 0 is the 3, …, 11 the Ace, 12 the 2, 13 the
black joker, 14 the red joker (``climb_rank`` maps a card id: jokers are 52 and 53). Suits never matter:
a hand is its count of cards per climbing rank (an ``int64`` array of 15).

A combination is a *primal part* and, for some types, *kickers*. The primal parts are numbered 0…307
(``N_PRIMALS``), one per (type, head, length) in the order of ``PRIMAL_TYPE`` / ``PRIMAL_HEAD`` /
``PRIMAL_LEN``: types in ``C_*`` order, then heads rising, then lengths rising. The head is the lowest
climbing rank of the primal part; the length is the number of ranks in a chain (1 otherwise).

==================  ===============================================  ==============================
type                primal part                                      kickers
==================  ===============================================  ==============================
``C_SOLO``          one card, any rank (15 parts)                    none
``C_PAIR``          two of a rank 3…2 (13)                           none
``C_TRIO``          three of a rank 3…2 (13)                         none
``C_TRIO_SOLO``     three of a rank (13)                             one solo
``C_TRIO_PAIR``     three of a rank (13)                             one pair
``C_SOLO_CHAIN``    one of each of 5…12 consecutive ranks 3…A (36)   none
``C_PAIR_CHAIN``    two of each of 3…10 consecutive ranks (52)       none
``C_AIRPLANE``      three of each of 2…6 consecutive ranks (45)      none
``C_AIRPLANE_SOLOS``  the same, 2…5 ranks (38)                       a solo per trio
``C_AIRPLANE_PAIRS``  the same, 2…4 ranks (30)                       a pair per trio
``C_FOUR_SOLOS``    four of a rank (13)                              two solos
``C_FOUR_PAIRS``    four of a rank (13)                              two pairs
``C_BOMB``          four of a rank (13)                              none
``C_ROCKET``        both jokers (1)                                  none
==================  ===============================================  ==============================

Chains stop at the Ace (2s and jokers are never in one) and hold at most 20 cards, the landlord's hand.
Kickers are of ranks outside the primal part; solo kickers may repeat a rank up to three times but the
two jokers are never both kickers (they would be the rocket); pair kickers are of distinct ranks, never
jokers. These are OpenSpiel's kicker rules (``dou_dizhu_utils.cc``); four with two (which OpenSpiel
lacks) takes its two solos or two pairs the same way.

A combination *beats* the one on the table when the table is empty (the leader plays anything); when
it is the rocket; when it is a bomb and the table holds neither the rocket nor a higher bomb; otherwise
when it has the table's type and length and a higher head (kickers never count).

A combination with kickers is chosen in steps: its primal part (``legal_primals``), then each kicker rank
(``legal_kickers``): solos in non-decreasing rank, pairs in rising rank, so each combination is chosen by
exactly one sequence. Both offer only what the hand can still complete.

>>> N_PRIMALS
308
>>> straight = primal_id(C_SOLO_CHAIN, 2, 5)  # 5 6 7 8 9
>>> bool(beats(primal_id(C_BOMB, 0, 1), straight)), bool(beats(primal_id(C_SOLO_CHAIN, 3, 5), straight))
(True, True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine.jit import kernel_jit

Int64Array = npt.NDArray[np.int64]

N_RANKS = 15
TWO = 12  # the climbing rank of the 2
BLACK_JOKER, RED_JOKER = 13, 14
CHAIN_TOP = 11  # the Ace: the highest rank a chain may hold
MAX_COMBO_CARDS = 20
MAX_KICKER_REPEAT = 3  # solo kickers of one rank (four would carry a bomb)

C_SOLO, C_PAIR, C_TRIO, C_TRIO_SOLO, C_TRIO_PAIR = 0, 1, 2, 3, 4
C_SOLO_CHAIN, C_PAIR_CHAIN, C_AIRPLANE, C_AIRPLANE_SOLOS, C_AIRPLANE_PAIRS = 5, 6, 7, 8, 9
C_FOUR_SOLOS, C_FOUR_PAIRS, C_BOMB, C_ROCKET = 10, 11, 12, 13
N_TYPES = 14

#: per type: cards of each primal rank, kicker kind (0 none, 1 solo, 2 pair), kickers per primal rank
#: (a trio or airplane carries one per trio; four carries two), shortest and longest chain.
TYPE_WIDTH = np.array([1, 2, 3, 3, 3, 1, 2, 3, 3, 3, 4, 4, 4, 1], dtype=np.int64)
TYPE_KICKER = np.array([0, 0, 0, 1, 2, 0, 0, 0, 1, 2, 1, 2, 0, 0], dtype=np.int64)
TYPE_KICKS = np.array([0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 2, 2, 0, 0], dtype=np.int64)
TYPE_CHAIN = np.array([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0], dtype=np.int64)
TYPE_MIN_LEN = np.array([1, 1, 1, 1, 1, 5, 3, 2, 2, 2, 1, 1, 1, 1], dtype=np.int64)


def _max_len(kind: int) -> int:
    """The longest chain of ``kind`` within ``MAX_COMBO_CARDS`` cards (1 for a type that is no chain)."""
    if not TYPE_CHAIN[kind]:
        return 1
    per_rank = int(TYPE_WIDTH[kind] + TYPE_KICKS[kind] * TYPE_KICKER[kind])
    return min(MAX_COMBO_CARDS // per_rank, CHAIN_TOP + 1)


def _primals() -> tuple[Int64Array, Int64Array, Int64Array]:
    """The table of primal parts (module docstring): type, head and length of each id."""
    rows: list[tuple[int, int, int]] = []
    for kind in range(N_TYPES):
        if kind == C_ROCKET:
            rows.append((kind, BLACK_JOKER, 1))
            continue
        top = RED_JOKER if kind == C_SOLO else (CHAIN_TOP if TYPE_CHAIN[kind] else TWO)
        for head in range(top + 1):
            for length in range(int(TYPE_MIN_LEN[kind]), _max_len(kind) + 1):
                if not TYPE_CHAIN[kind] or head + length - 1 <= CHAIN_TOP:
                    rows.append((kind, head, length))
    table = np.array(rows, dtype=np.int64)
    return table[:, 0].copy(), table[:, 1].copy(), table[:, 2].copy()


PRIMAL_TYPE, PRIMAL_HEAD, PRIMAL_LEN = _primals()
N_PRIMALS = len(PRIMAL_TYPE)
NO_COMBO = -1  # the table is empty: the player leads


def primal_id(kind: int, head: int, length: int) -> int:
    """The id of the primal part (type, head, length); ``ValueError`` when there is none."""
    for p in range(N_PRIMALS):
        if PRIMAL_TYPE[p] == kind and PRIMAL_HEAD[p] == head and PRIMAL_LEN[p] == length:
            return p
    raise ValueError(f"no primal part of type {kind}, head {head}, length {length}")


@kernel_jit
def climb_rank(card: int) -> int:
    """The climbing rank of a card id (52 black joker, 53 red joker; else 3 low … A, 2 high)."""
    if card >= 52:
        return BLACK_JOKER + card - 52
    return (card % 13 + 12) % 13


@kernel_jit
def in_primal(p: int, rank: int) -> bool:
    """Whether ``rank`` is one of the primal part's ranks."""
    head = PRIMAL_HEAD[p]
    if PRIMAL_TYPE[p] == C_ROCKET:
        return rank >= BLACK_JOKER
    return bool(head <= rank < head + PRIMAL_LEN[p])


@kernel_jit
def kicker_total(p: int) -> int:
    """How many kickers (solos or pairs) the combination of primal part ``p`` carries."""
    return int(TYPE_KICKS[PRIMAL_TYPE[p]] * PRIMAL_LEN[p])


@kernel_jit
def beats(p: int, table: int) -> bool:
    """Whether primal part ``p`` beats the combination on the table (``NO_COMBO``: anything leads)."""
    if table == NO_COMBO:
        return True
    kind, on_table = PRIMAL_TYPE[p], PRIMAL_TYPE[table]
    if on_table == C_ROCKET:
        return False
    if kind == C_ROCKET:
        return True
    if kind == C_BOMB:
        return bool(on_table != C_BOMB or PRIMAL_HEAD[p] > PRIMAL_HEAD[table])
    return bool(
        kind == on_table and PRIMAL_LEN[p] == PRIMAL_LEN[table] and PRIMAL_HEAD[p] > PRIMAL_HEAD[table]
    )


@kernel_jit
def _holds_primal(hand: Int64Array, p: int) -> bool:
    """Whether the hand holds the cards of primal part ``p``."""
    if PRIMAL_TYPE[p] == C_ROCKET:
        return bool(hand[BLACK_JOKER] >= 1 and hand[RED_JOKER] >= 1)
    width = TYPE_WIDTH[PRIMAL_TYPE[p]]
    for rank in range(PRIMAL_HEAD[p], PRIMAL_HEAD[p] + PRIMAL_LEN[p]):  # noqa: SIM110 (numba: no generators)
        if hand[rank] < width:
            return False
    return True


@kernel_jit
def _kicker_room(hand: Int64Array, p: int, used: Int64Array, low: int) -> int:
    """How many more kickers primal part ``p`` can still take from ranks ``low`` and up, given the
    kicker cards ``used`` so far (per rank): the most a completion could add (module rules)."""
    pairs = TYPE_KICKER[PRIMAL_TYPE[p]] == 2
    room = 0
    joker_free = used[BLACK_JOKER] == 0 and used[RED_JOKER] == 0
    for rank in range(max(low, 0), N_RANKS):
        if in_primal(p, rank):
            continue
        left = hand[rank] - used[rank]
        if pairs:
            if rank <= TWO and used[rank] == 0 and left >= 2:
                room += 1
        elif rank >= BLACK_JOKER:
            if joker_free and left >= 1:
                room += 1
                joker_free = False
        else:
            room += min(left, MAX_KICKER_REPEAT - used[rank])
    return room


@kernel_jit
def legal_primals(hand: Int64Array, table: int, allowed: int, used: Int64Array, out: Int64Array) -> int:
    """Write into ``out`` the primal parts the hand may play over ``table`` whose type is in the bit set
    ``allowed`` and whose kickers the hand can complete; return how many. ``used`` is scratch (15)."""
    n = 0
    used[:] = 0
    for p in range(N_PRIMALS):
        if not (allowed >> PRIMAL_TYPE[p]) & 1:
            continue
        if not beats(p, table) or not _holds_primal(hand, p):
            continue
        if _kicker_room(hand, p, used, 0) < kicker_total(p):
            continue
        out[n] = p
        n += 1
    return n


@kernel_jit
def legal_kickers(hand: Int64Array, p: int, used: Int64Array, chosen: int, last: int, out: Int64Array) -> int:
    """Write into ``out`` the kicker ranks that may come next for primal part ``p``, after ``chosen``
    kickers (the cards ``used`` per rank, the last of rank ``last``, -1 none) so that the combination can
    still be completed; return how many (0 once all are chosen)."""
    remaining = kicker_total(p) - chosen
    if remaining <= 0:
        return 0
    pairs = TYPE_KICKER[PRIMAL_TYPE[p]] == 2
    take = 2 if pairs else 1
    n = 0
    for rank in range(max(last + (1 if pairs else 0), 0), N_RANKS):
        if in_primal(p, rank) or hand[rank] - used[rank] < take:
            continue
        if pairs and (rank > TWO or used[rank] > 0):
            continue
        if not pairs and rank < BLACK_JOKER and used[rank] >= MAX_KICKER_REPEAT:
            continue
        if not pairs and rank >= BLACK_JOKER and used[BLACK_JOKER] + used[RED_JOKER] > 0:
            continue
        used[rank] += take
        fits = _kicker_room(hand, p, used, rank + (1 if pairs else 0)) >= remaining - 1
        used[rank] -= take
        if fits:
            out[n] = rank
            n += 1
    return n
