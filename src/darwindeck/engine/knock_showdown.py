"""Gin Rummy's showdown after a knock: the knocker's melds and the defender's lay-offs, compiled.

Cards are ids ``suit * 13 + rank`` (rank 0 = 2 … 12 = A). Melds are those of ``hand_strength``'s DEADWOOD
method: sets of 3 or 4 cards of one rank, runs of 3 or more consecutive cards of one suit with the ace
low only (A-2-3 is a run, Q-K-A is not). A meld is a bit mask over the 52 card ids.

``deadwood_after_lay_off(defender, nd, knocker, nk, card_values)`` is the defender's deadwood once they
have laid off what they can on the knocker's melds:

* The knocker shows an arrangement of disjoint melds that leaves their least deadwood. When several do,
  the knocker shows the one that leaves the defender the most deadwood (the rules let the knocker
  choose how to meld; we assume the choice that is best for the knocker).
* On one arrangement a defender card may be laid off when it is the fourth card of a three-card set, or
  when it extends a run at either end, directly or through other cards laid off (5♠ then 6♠ on
  2♠-3♠-4♠; between two runs of a suit, from either side: 7♠ then 6♠ on 8♠-9♠-10♠ while 5♠ stays).
  A card laid off on a set does not extend a run (3♠ on 3♣-3♦-3♥ does not let 2♠ follow it down from
  4♠-5♠-6♠).
* The defender lays off the subset of those cards that leaves the least deadwood, the cards kept being
  arranged in the defender's own melds at least deadwood (every valid subset is tried).

Bounds (the search never runs away): at most ``MAX_MELDS`` candidate melds, ``MAX_NODES`` search nodes
over the knocker's arrangements and ``MAX_LAY_OFF`` lay-off candidates (the first ones found) per
arrangement. A ten-card hand has at most 36 candidate melds and never comes near them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine.hand_strength import METHOD_DEADWOOD, hand_total
from darwindeck.engine.jit import kernel_jit, stack_array

Int64Array = npt.NDArray[np.int64]

MAX_MELDS = 256
MAX_NODES = 20_000
MAX_LAY_OFF = 10
_RANKS = 13
_SUITS = 4
_MAX_DEPTH = 20  # 52 cards make at most 17 melds
_CARDS = 52

_MELD_CELLS = stack_array(MAX_MELDS)
_DEPTH_CELLS = stack_array(4 * _MAX_DEPTH)
_LAY_OFF_CELLS = stack_array(4 * MAX_LAY_OFF)
_HAND_CELLS = stack_array(_CARDS)


@kernel_jit
def _card_at(suit: int, position: int) -> int:
    """The card of ``suit`` at run position ``position`` (0 = A, 1 = 2, …, 12 = K)."""
    return suit * _RANKS + (position + _RANKS - 1) % _RANKS


@kernel_jit
def _held_mask(cards: Int64Array, n: int) -> int:
    mask = 0
    for i in range(n):
        mask |= 1 << cards[i]
    return mask


@kernel_jit
def _add_meld(melds: Int64Array, count: int, mask: int) -> int:
    if count < MAX_MELDS:
        melds[count] = mask
        return count + 1
    return count


@kernel_jit
def _candidate_melds(held: int, melds: Int64Array) -> int:
    """Every set and run the ``held`` cards contain (a 4-card set also as its four 3-card sets)."""
    count = 0
    for rank in range(_RANKS):
        full = 0
        size = 0
        for suit in range(_SUITS):
            if (held >> (suit * _RANKS + rank)) & 1:
                full |= 1 << (suit * _RANKS + rank)
                size += 1
        if size >= 3:
            count = _add_meld(melds, count, full)
        if size == 4:
            for suit in range(_SUITS):
                count = _add_meld(melds, count, full & ~(1 << (suit * _RANKS + rank)))
    for suit in range(_SUITS):
        for start in range(_RANKS - 2):
            mask = 0
            for position in range(start, _RANKS):
                card = _card_at(suit, position)
                if not (held >> card) & 1:
                    break
                mask |= 1 << card
                if position - start >= 2:
                    count = _add_meld(melds, count, mask)
    return count


@kernel_jit
def _mask_value(mask: int, card_values: Int64Array) -> int:
    value = 0
    for card in range(_CARDS):
        if (mask >> card) & 1:
            value += card_values[card % _RANKS]
    return value


#: How a lay-off candidate may go on (``way`` of ``_push_candidate``), the offset of its cell in ``lay``.
_ON_SET = 1  # the fourth card of a three-card set (1 in the cell: it may)
_UP = 2  # up a run from its high end: the cell holds the card below it that must go up first
_DOWN = 3  # down a run from its low end: the card above it that must go down first
_NO_WAY = -2  # (cells of _UP / _DOWN) not that way; -1: nothing needs to go first


@kernel_jit
def _push_candidate(lay: Int64Array, count: int, card: int, way: int, needs: int) -> int:
    """Record that ``card`` may be laid off ``way`` (on a set, or up / down a run once ``needs``, -1:
    nothing, has gone the same way). ``lay`` holds ``MAX_LAY_OFF`` candidate cards, then per way a
    cell per candidate; a card found again gains the new way."""
    slot = count
    for i in range(count):
        if lay[i] == card:
            slot = i
    if slot == count:
        if count == MAX_LAY_OFF:
            return count
        lay[slot] = card
        lay[_ON_SET * MAX_LAY_OFF + slot] = 0
        lay[_UP * MAX_LAY_OFF + slot] = _NO_WAY
        lay[_DOWN * MAX_LAY_OFF + slot] = _NO_WAY
        count += 1
    lay[way * MAX_LAY_OFF + slot] = 1 if way == _ON_SET else needs
    return count


@kernel_jit
def _run_ends(mask: int, lay: Int64Array, count: int, defender: int) -> int:
    """The defender's cards that extend the run ``mask`` downwards and upwards, chained."""
    suit = -1
    low = _RANKS
    high = -1
    for card in range(_CARDS):
        if (mask >> card) & 1:
            suit = card // _RANKS
            position = (card % _RANKS + 1) % _RANKS
            low = min(low, position)
            high = max(high, position)
    needs = -1
    for position in range(low - 1, -1, -1):
        card = _card_at(suit, position)
        if not (defender >> card) & 1:
            break
        count = _push_candidate(lay, count, card, _DOWN, needs)
        needs = card
    needs = -1
    for position in range(high + 1, _RANKS):
        card = _card_at(suit, position)
        if not (defender >> card) & 1:
            break
        count = _push_candidate(lay, count, card, _UP, needs)
        needs = card
    return count


@kernel_jit
def _lay_off_candidates(
    melds: Int64Array, chosen: Int64Array, depth: int, defender: int, lay: Int64Array
) -> int:
    """The cards the defender could lay off on the melds ``melds[chosen[0:depth]]``."""
    count = 0
    for d in range(depth):
        mask = melds[chosen[d]]
        first = -1
        size = 0
        same_rank = True
        for card in range(_CARDS):
            if (mask >> card) & 1:
                if first < 0:
                    first = card
                same_rank = same_rank and card % _RANKS == first % _RANKS
                size += 1
        if not same_rank:
            count = _run_ends(mask, lay, count, defender)
        elif size == 3:
            for suit in range(_SUITS):
                card = suit * _RANKS + first % _RANKS
                if (defender >> card) & 1:
                    count = _push_candidate(lay, count, card, _ON_SET, -1)
    return count


@kernel_jit
def _deadwood_without(defender: int, removed: int, card_values: Int64Array, cells: Int64Array) -> int:
    n = 0
    for card in range(_CARDS):
        if (defender >> card) & 1 and not (removed >> card) & 1:
            cells[n] = card
            n += 1
    return hand_total(cells, n, METHOD_DEADWOOD, card_values, -1, 0)


@kernel_jit
def _chained(lay: Int64Array, count: int, subset: int, way: int) -> int:
    """The cards (bits by card) of ``subset`` that can go ``way`` (up or down a run), each after the
    card it needs has gone the same way."""
    gone = 0
    changed = True
    while changed:
        changed = False
        for i in range(count):
            needs = lay[way * MAX_LAY_OFF + i]
            if not (subset >> i) & 1 or (gone >> lay[i]) & 1 or needs == _NO_WAY:
                continue
            if needs < 0 or (gone >> needs) & 1:
                gone |= 1 << lay[i]
                changed = True
    return gone


@kernel_jit
def _best_lay_off(
    defender: int, lay: Int64Array, count: int, card_values: Int64Array, cells: Int64Array
) -> int:
    """The least deadwood over the valid subsets of the ``count`` lay-off candidates: those whose every
    card goes on a set, or up or down a run after every card between it and the run (a card on a set
    does not extend a run)."""
    best = _deadwood_without(defender, 0, card_values, cells)
    for subset in range(1, 1 << count):
        placed = _chained(lay, count, subset, _UP) | _chained(lay, count, subset, _DOWN)
        removed = 0
        valid = True
        for i in range(count):
            if (subset >> i) & 1:
                removed |= 1 << lay[i]
                on_set = lay[_ON_SET * MAX_LAY_OFF + i] != 0
                valid = valid and (on_set or (placed >> lay[i]) & 1 != 0)
        if valid:
            best = min(best, _deadwood_without(defender, removed, card_values, cells))
    return best


@kernel_jit
def deadwood_after_lay_off(
    defender_cards: Int64Array, nd: int, knocker_cards: Int64Array, nk: int, card_values: Int64Array
) -> int:
    """The defender's deadwood after laying off on the knocker's melds (module rules)."""
    melds = _MELD_CELLS()
    work = _DEPTH_CELLS()
    lay = _LAY_OFF_CELLS()
    cells = _HAND_CELLS()
    chosen = work[0:_MAX_DEPTH]
    next_index = work[_MAX_DEPTH : 2 * _MAX_DEPTH]
    used = work[2 * _MAX_DEPTH : 3 * _MAX_DEPTH]
    melded = work[3 * _MAX_DEPTH :]
    held = _held_mask(knocker_cards, nk)
    defender = _held_mask(defender_cards, nd)
    n_melds = _candidate_melds(held, melds)
    target = _mask_value(held, card_values) - hand_total(
        knocker_cards, nk, METHOD_DEADWOOD, card_values, -1, 0
    )
    worst = -1
    if target == 0:  # no meld at all: nothing to lay off on
        return _deadwood_without(defender, 0, card_values, cells)
    depth = 0
    next_index[0] = 0
    nodes = 0
    while depth >= 0 and nodes < MAX_NODES:
        i = next_index[depth]
        if i >= n_melds or depth >= _MAX_DEPTH - 1:
            depth -= 1
            if depth >= 0:
                next_index[depth] += 1
            continue
        nodes += 1
        mask = melds[i]
        if mask & used[depth] != 0:
            next_index[depth] += 1
            continue
        chosen[depth] = i
        value = melded[depth] + _mask_value(mask, card_values)
        if value == target:
            count = _lay_off_candidates(melds, chosen, depth + 1, defender, lay)
            worst = max(worst, _best_lay_off(defender, lay, count, card_values, cells))
        used[depth + 1] = used[depth] | mask
        melded[depth + 1] = value
        next_index[depth + 1] = i + 1
        depth += 1
    if worst < 0:  # the node bound cut the search before any arrangement: no lay-offs
        return _deadwood_without(defender, 0, card_values, cells)
    return worst
