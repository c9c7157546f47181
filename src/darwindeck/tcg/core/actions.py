"""Dense integer actions of the battle engine.

Layout (``NUM_ACTIONS`` = 240); "slot" 0 is the Active Spot, 1..3 the Bench; "target" is a code whose
meaning is the effect's ``TargetKind`` (0 when the action needs none). Codes below 208 never change;
208 and up are the player's choices asked through a ``PendingChoice`` (only when there is more than
one option) and the fossil discard:

====================  ==============================  =========================================
range                 meaning                         fields
====================  ==============================  =========================================
0                     end the turn                    -
1 + slot              attach the zone's energy        slot 0..3
5 + b                 retreat to Bench b              b 0..2
8 + b                 choose Bench b as new Active    b 0..2 (after a knock-out or forced switch)
11                    finish setup                    -
12 + h                setup: hand card h to Active    h 0..9
22 + h                setup: hand card h to Bench     h 0..9
32 + 8*a + target     attack a                        a 0..1, target 0..7
48 + 8*slot + target  use the ability of a Pokémon    slot 0..3, target 0..7
80 + 8*h + target     play hand card h                h 0..15 (Basic, evolution onto target slot,
                                                      Item, Supporter)
208 + w               pay the retreat with way w      w 0..15 (``choices.retreat_ways``: which
                                                      energies to discard)
224 + slot            put the next spread energy      slot 0..3 (Inferno Dance-like energy
                                                      spread, one energy per choice)
228 + target          target of the copied attack     target 0..7 (its ``TargetKind``)
236 + slot            discard a Fossil from play      slot 0..3 (during the own turn)
====================  ==============================  =========================================

Draws stop at 10 cards in hand; only cards returned from play can push a hand past 10 (at most 13).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class ActionKind(IntEnum):
    END_TURN = 0
    ATTACH = 1
    RETREAT = 2
    PROMOTE = 3
    SETUP_DONE = 4
    SETUP_ACTIVE = 5
    SETUP_BENCH = 6
    ATTACK = 7
    ABILITY = 8
    PLAY = 9
    RETREAT_ENERGY = 10
    PLACE_ENERGY = 11
    COPY_TARGET = 12
    DISCARD_FOSSIL = 13


END_TURN = 0
ATTACH_BASE = 1
RETREAT_BASE = 5
PROMOTE_BASE = 8
SETUP_DONE = 11
SETUP_ACTIVE_BASE = 12
SETUP_BENCH_BASE = 22
ATTACK_BASE = 32
ABILITY_BASE = 48
PLAY_BASE = 80
RETREAT_ENERGY_BASE = 208
PLACE_ENERGY_BASE = 224
COPY_TARGET_BASE = 228
DISCARD_FOSSIL_BASE = 236
NUM_ACTIONS = 240
TARGETS = 8
RETREAT_WAYS = 16


class Action(NamedTuple):
    kind: ActionKind
    number: int = 0
    target: int = 0


_SIMPLE_BASES = {
    ActionKind.ATTACH: ATTACH_BASE,
    ActionKind.RETREAT: RETREAT_BASE,
    ActionKind.PROMOTE: PROMOTE_BASE,
    ActionKind.SETUP_ACTIVE: SETUP_ACTIVE_BASE,
    ActionKind.SETUP_BENCH: SETUP_BENCH_BASE,
    ActionKind.RETREAT_ENERGY: RETREAT_ENERGY_BASE,
    ActionKind.PLACE_ENERGY: PLACE_ENERGY_BASE,
    ActionKind.COPY_TARGET: COPY_TARGET_BASE,
    ActionKind.DISCARD_FOSSIL: DISCARD_FOSSIL_BASE,
}
_TARGETED_BASES = {
    ActionKind.ATTACK: ATTACK_BASE,
    ActionKind.ABILITY: ABILITY_BASE,
    ActionKind.PLAY: PLAY_BASE,
}


def encode(action: Action) -> int:
    kind, number, target = action
    if kind is ActionKind.END_TURN:
        return END_TURN
    if kind is ActionKind.SETUP_DONE:
        return SETUP_DONE
    if kind in _SIMPLE_BASES:
        return _SIMPLE_BASES[kind] + number
    return _TARGETED_BASES[kind] + TARGETS * number + target


def _decode_uncached(action: int) -> Action:
    if action == END_TURN:
        return Action(ActionKind.END_TURN)
    if action == SETUP_DONE:
        return Action(ActionKind.SETUP_DONE)
    for base, kind in (
        (DISCARD_FOSSIL_BASE, ActionKind.DISCARD_FOSSIL),
        (COPY_TARGET_BASE, ActionKind.COPY_TARGET),
        (PLACE_ENERGY_BASE, ActionKind.PLACE_ENERGY),
        (RETREAT_ENERGY_BASE, ActionKind.RETREAT_ENERGY),
    ):
        if action >= base:
            return Action(kind, action - base)
    for base, kind in (
        (PLAY_BASE, ActionKind.PLAY),
        (ABILITY_BASE, ActionKind.ABILITY),
        (ATTACK_BASE, ActionKind.ATTACK),
    ):
        if action >= base:
            return Action(kind, (action - base) // TARGETS, (action - base) % TARGETS)
    for base, kind in (
        (SETUP_BENCH_BASE, ActionKind.SETUP_BENCH),
        (SETUP_ACTIVE_BASE, ActionKind.SETUP_ACTIVE),
        (PROMOTE_BASE, ActionKind.PROMOTE),
        (RETREAT_BASE, ActionKind.RETREAT),
    ):
        if action >= base:
            return Action(kind, action - base)
    return Action(ActionKind.ATTACH, action - ATTACH_BASE)


DECODED: tuple[Action, ...] = tuple(_decode_uncached(action) for action in range(NUM_ACTIONS))
"""``decode`` as a table: ``DECODED[a]`` for an action number known to be valid (a legal one)."""


def decode(action: int) -> Action:
    """Inverse of ``encode`` (a table lookup); raises ValueError outside ``0 .. NUM_ACTIONS - 1``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    return DECODED[action]
