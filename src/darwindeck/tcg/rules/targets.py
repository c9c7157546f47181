"""Valid target codes of each ``TargetKind`` in a position (sorted ascending)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from darwindeck.tcg.core.models import ParamValue, PlayerState, Stage
from darwindeck.tcg.core.registry import TargetKind

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

MAX_TARGET_CODES = 8


def opponent_discard_basics(battle: BattleData, player: int) -> list[str]:
    discard = battle.state.players[1 - player].discard
    return sorted({card_id for card_id in discard if battle.card(card_id).is_basic_pokemon})[
        :MAX_TARGET_CODES
    ]


def bench_pairs(player: PlayerState) -> list[tuple[int, ...]]:
    """The ways to choose 2 of a player's Benched Pokémon (Bench slots 1..3, in order): with 3 on the
    Bench (1, 2), (1, 3), (2, 3); with fewer, the one way taking them all (``()`` for an empty Bench)."""
    slots = range(1, len(player.bench) + 1)
    return list(itertools.combinations(slots, min(2, len(player.bench))))


def valid_targets(
    battle: BattleData, player: int, kind: TargetKind, params: dict[str, ParamValue]
) -> list[int]:
    me = battle.state.players[player]
    opponent = battle.state.players[1 - player]
    if kind is TargetKind.NONE:
        return [0]
    if kind is TargetKind.OPP_ANY:
        return [slot for slot in range(4) if opponent.slot(slot) is not None]
    if kind is TargetKind.OPP_BENCH:
        return list(range(1, len(opponent.bench) + 1))
    if kind is TargetKind.OPP_BENCH_BASIC:
        return [i + 1 for i, p in enumerate(opponent.bench) if battle.card(p.card_id).stage is Stage.BASIC]
    if kind in (TargetKind.OWN_ANY, TargetKind.OWN_BENCH):
        wanted = params.get("target_type")
        names = params.get("target_names")
        first = 0 if kind is TargetKind.OWN_ANY else 1
        slots = []
        for slot in range(first, 4):
            pokemon = me.slot(slot)
            if pokemon is None:
                continue
            card = battle.card(pokemon.card_id)
            if wanted in (None, card.pokemon_type.value) and (
                names is None or card.name in str(names).split(",")
            ):
                slots.append(slot)
        return slots
    if kind is TargetKind.OPP_ACTIVE_ATTACK:
        active = opponent.active
        return [] if active is None else list(range(len(battle.card(active.card_id).attacks)))
    if kind is TargetKind.OWN_BENCH_PAIR:
        return list(range(len(bench_pairs(me))))
    if kind is TargetKind.OPP_ANY_ATTACK:
        codes = []
        for slot in range(4):
            pokemon = opponent.slot(slot)
            if pokemon is not None:
                codes += [slot * 2 + a for a in range(len(battle.card(pokemon.card_id).attacks))]
        return codes
    return list(range(len(opponent_discard_basics(battle, player))))
