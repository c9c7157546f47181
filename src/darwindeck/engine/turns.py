"""Spec 000: turn order and special effects.

``advance_turn`` is spec 000's ``AdvanceTurn``: step = PlayDirection; always advance at least once, plus
SkipCount more; SkipCount is reset. Effects (looked up by the played card's rank, one per rank):

* SKIP_NEXT: SkipCount += value, capped at N−1.
* REVERSE_DIRECTION: PlayDirection *= −1 (with two players it changes nothing, as the specification notes).
* DRAW_CARDS: each target draws ``value`` cards from the deck, fewer when the deck runs out (no reshuffle).
* EXTRA_TURN: SkipCount = N−1, so AdvanceTurn comes back to the same player.
* FORCE_DISCARD: each target moves min(value, hand) cards from the end of their hand to the discard.
* NAME_SUIT (beyond spec 000): the player of the card names a suit (a NAME_SUIT action follows); while
  that card is on top of the discard it counts as the named suit for every card test (``cond_eval``).
  The target is ignored.

Targets, relative to the player who played the card: next / previous in the direction of play, left
(+1) / right (−1) whatever the direction, a random opponent (offset 1..N−1 from the state's RNG), all
opponents, or the player's choice (a TARGET action follows).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off, pop, push
from darwindeck.engine.program import effect_at
from darwindeck.engine.rng import rand_below

Int64Array = npt.NDArray[np.int64]

SKIP_NEXT = 0
REVERSE_DIRECTION = 1
DRAW_CARDS = 2
EXTRA_TURN = 3
FORCE_DISCARD = 4
NAME_SUIT = 5

NEXT_PLAYER = 0
PREV_PLAYER = 1
PLAYER_CHOICE = 2
RANDOM_OPPONENT = 3
ALL_OPPONENTS = 4
LEFT_OPPONENT = 5
RIGHT_OPPONENT = 6


@kernel_jit
def advance_turn(state: Int64Array, n_players: int) -> None:
    step = state[L.S_DIR]
    nxt = state[L.S_CUR]
    for _ in range(state[L.S_SKIP] + 1):
        nxt = (nxt + step + n_players) % n_players
    state[L.S_CUR] = nxt
    state[L.S_SKIP] = 0


@kernel_jit
def single_target(state: Int64Array, target: int, actor: int, n_players: int) -> int:
    """The one seat a target selector names; -1 for ALL_OPPONENTS and PLAYER_CHOICE."""
    direction = state[L.S_DIR]
    if target == NEXT_PLAYER:
        return int((actor + direction + n_players) % n_players)
    if target == PREV_PLAYER:
        return int((actor - direction + n_players) % n_players)
    if target == RANDOM_OPPONENT:
        return (actor + rand_below(state, L.S_RNG, n_players - 1) + 1) % n_players
    if target == LEFT_OPPONENT:
        return (actor + 1) % n_players
    if target == RIGHT_OPPONENT:
        return (actor - 1 + n_players) % n_players
    return -1


@kernel_jit
def hit_player(state: Int64Array, effect_type: int, value: int, player: int) -> None:
    """DRAW_CARDS / FORCE_DISCARD on one player."""
    hand = hand_off(player)
    if effect_type == DRAW_CARDS:
        for _ in range(value):
            card = pop(state, L.P_DECK, L.L_DECK)
            if card < 0:
                return
            push(state, hand, L.L_HAND + player, card)
    elif effect_type == FORCE_DISCARD:
        for _ in range(value):
            card = pop(state, hand, L.L_HAND + player)
            if card < 0:
                return
            push(state, L.P_DISCARD, L.L_DISCARD, card)


@kernel_jit
def apply_effect(tables: Int64Array, state: Int64Array, rank: int, actor: int) -> None:
    """Run the effect of ``rank`` (if any) for a card ``actor`` just played.

    A PLAYER_CHOICE draw / discard and NAME_SUIT leave ``S_PENDING_TARGET`` set to the rank; the TARGET
    action finishes the first through ``apply_chosen_target``, the NAME_SUIT action the second through
    ``name_suit``.
    """
    if effect_at(tables, rank, 0) == 0:
        return
    n_players = tables[L.H_PLAYERS]
    effect_type = effect_at(tables, rank, 1)
    target = effect_at(tables, rank, 2)
    value = effect_at(tables, rank, 3)
    state[L.S_EFFECTS] += 1
    state[L.S_INTERACTION] += 1
    if effect_type == SKIP_NEXT:
        state[L.S_SKIP] = min(state[L.S_SKIP] + value, n_players - 1)
    elif effect_type == REVERSE_DIRECTION:
        state[L.S_DIR] = -state[L.S_DIR]
    elif effect_type == EXTRA_TURN:
        state[L.S_SKIP] = n_players - 1
    elif effect_type == NAME_SUIT:
        state[L.S_PENDING_TARGET] = rank
    elif target == ALL_OPPONENTS:
        for player in range(n_players):
            if player != actor:
                hit_player(state, effect_type, value, player)
    elif target == PLAYER_CHOICE:
        state[L.S_PENDING_TARGET] = rank
    else:
        hit_player(state, effect_type, value, single_target(state, target, actor, n_players))


@kernel_jit
def apply_chosen_target(tables: Int64Array, state: Int64Array, player: int) -> None:
    rank = state[L.S_PENDING_TARGET]
    state[L.S_PENDING_TARGET] = -1
    hit_player(state, effect_at(tables, rank, 1), effect_at(tables, rank, 3), player)


@kernel_jit
def names_suit(tables: Int64Array, state: Int64Array) -> bool:
    """Whether the pending effect is NAME_SUIT (else it waits for a TARGET)."""
    return effect_at(tables, state[L.S_PENDING_TARGET], 1) == NAME_SUIT


@kernel_jit
def name_suit(state: Int64Array, suit: int) -> None:
    """The last card played counts as ``suit`` while it is on top of the discard."""
    state[L.S_PENDING_TARGET] = -1
    state[L.S_NAMED_CARD] = state[L.S_LAST_PLAYED]
    state[L.S_NAMED_SUIT] = suit
