"""Small helpers shared by the handler modules."""

from __future__ import annotations

from typing import Any

from darwindeck.tcg.core.active_effects import ActiveEffect, EffectScope, EffectTrigger, StackingMode
from darwindeck.tcg.core.effect_context import EffectContext
from darwindeck.tcg.core.models import CardInstance, LogEntry, Status
from darwindeck.tcg.rules import pipelines


def register(
    ctx: EffectContext,
    effect_type: str,
    trigger: EffectTrigger,
    scope: EffectScope,
    params: dict[str, Any],
    duration: int | None = None,
    stacking_mode: StackingMode = StackingMode.ADDITIVE,
    stacking_key: str | None = None,
) -> ActiveEffect | None:
    """Register an effect whose source is the context's Pokémon (or none for Trainers)."""
    return ctx.battle.manager.register_effect(
        ctx.battle.state,
        effect_type=effect_type,
        source_type=ctx.source_type,
        source_card_id=ctx.source_uid,
        source_player_id=ctx.player_id,
        trigger=trigger,
        scope=scope,
        params=params,
        stacking_mode=stacking_mode,
        stacking_key=stacking_key,
        duration=duration,
    )


def attack_damage(ctx: EffectContext, target: CardInstance, amount: int) -> int:
    """Damage from an attack to any Pokémon, through the damage pipeline."""
    attacker = ctx.source
    if attacker is None:
        return 0
    is_active = target is ctx.opponent.active
    dealt = pipelines.compute_damage(ctx.battle, attacker, target, amount, to_active=is_active)
    target.damage += dealt
    if amount > 0:
        pipelines.log_damage(ctx.battle, attacker, target, amount, dealt, ctx.name)
    return dealt


def inflict(ctx: EffectContext, status: Status, from_attack: bool) -> bool:
    target = ctx.opponent.active
    return target is not None and pipelines.apply_status(ctx.battle, target, status, from_attack)


def count_heads(ctx: EffectContext, coins: int) -> int:
    return sum(1 for _ in range(coins) if ctx.flip())


def heads_until_tails(ctx: EffectContext) -> int:
    heads = 0
    while ctx.flip():
        heads += 1
    return heads


def names(ctx: EffectContext, key: str = "names") -> list[str]:
    return ctx.get_str_param(key).split(",")


def entry_after(entries: list[LogEntry], index: int) -> LogEntry | None:
    """The log entry after ``entries[index]``, past the coins flipped for it (``coin`` entries)."""
    for entry in entries[index + 1 :]:
        if entry.type != "coin":
            return entry
    return None


def attacks_used(ctx: EffectContext, attack_name: str) -> list[int]:
    """The turns in which the context player's Pokémon used an attack of that name (from the action log;
    an attack stopped by a coin at its declaration, Confused or Smokescreen-like, was not used)."""
    entries = ctx.battle.state.action_log
    turns = []
    for index, entry in enumerate(entries):
        if entry.type != "attack" or entry.player != ctx.player or entry.data.get("attack") != attack_name:
            continue
        following = entry_after(entries, index)
        if following is None or following.type != "attack_failed" or following.data.get("reason") != "coin":
            turns.append(entry.turn)
    return turns
