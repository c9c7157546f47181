"""Ability handlers. ``aura_*`` handlers run when their Pokémon enters play and register a lasting
effect whose source is that Pokémon (``params["ability"]`` names the ability); the others run when the
player uses the ability (``usable`` says when it may be used)."""

from __future__ import annotations

from darwindeck.tcg import board, lifecycle
from darwindeck.tcg.active_effects import EffectScope, EffectTrigger, StackingMode
from darwindeck.tcg.effects.base import EffectContext, EffectResult
from darwindeck.tcg.effects.common import count_heads, inflict, register
from darwindeck.tcg.effects.registry import TargetKind, effect_handler
from darwindeck.tcg.models import EnergyType, Stage, Status

OK = EffectResult.success_result


# ----------------------------------------------------------------- auras


@effect_handler("aura_energy_multiplier", "energy_multiplier")
def aura_energy_multiplier(ctx: EffectContext) -> EffectResult:
    energy_type = ctx.get_str_param("energy_type")
    multiplier = ctx.get_int_param("multiplier", 2)
    params: dict[str, object] = {"ability": ctx.name, "energy_type": energy_type, "multiplier": multiplier}
    if "pokemon_type" in ctx.params:
        params["pokemon_type"] = ctx.get_str_param("pokemon_type")
    effect = register(
        ctx,
        "energy_multiplier",
        EffectTrigger.ON_ENERGY_COUNT,
        EffectScope.TEAM_ALL,
        params,
        stacking_mode=StackingMode.NO_STACK,
        stacking_key=f"energy_multiplier_{ctx.player_id}_{energy_type}",
    )
    if effect is None:
        return EffectResult.failure_result("an identical multiplier is already active (doesn't stack)")
    return OK(f"{energy_type} energy provides x{multiplier}")


@effect_handler("aura_damage_reduction", "damage_reduction")
def aura_damage_reduction(ctx: EffectContext) -> EffectResult:
    amount = ctx.get_int_param("amount")
    register(
        ctx,
        "damage_reduction",
        EffectTrigger.ON_DAMAGE_CALC,
        EffectScope.SELF,
        {"ability": ctx.name, "amount": amount},
    )
    return OK(f"takes -{amount} damage from attacks")


@effect_handler("aura_counter_damage", "counter_damage")
def aura_counter_damage(ctx: EffectContext) -> EffectResult:
    params = {"ability": ctx.name, "amount": ctx.get_int_param("amount"), "requires_active": True}
    register(ctx, "counter_damage", EffectTrigger.ON_ATTACK, EffectScope.SELF, params)
    return OK("damages attackers while Active")


@effect_handler("aura_block_supporters_active", "block_supporters")
def aura_block_supporters_active(ctx: EffectContext) -> EffectResult:
    params = {"ability": ctx.name, "requires_active": True}
    register(ctx, "block_supporters", EffectTrigger.CONTINUOUS, EffectScope.OPPONENT_ALL, params)
    return OK("opponent can't play Supporters while this is Active")


@effect_handler("aura_block_evolution", "block_evolution")
def aura_block_evolution(ctx: EffectContext) -> EffectResult:
    register(
        ctx, "block_evolution", EffectTrigger.CONTINUOUS, EffectScope.OPPONENT_ACTIVE, {"ability": ctx.name}
    )
    return OK("opponent can't evolve their Active Pokémon")


@effect_handler("aura_suppress_abilities", "ability_suppression")
def aura_suppress_abilities(ctx: EffectContext) -> EffectResult:
    count = lifecycle.suppress_ability_effects(ctx.battle)
    register(ctx, lifecycle.SUPPRESSION, EffectTrigger.CONTINUOUS, EffectScope.GLOBAL, {"ability": ctx.name})
    return OK(f"suppressed {count} ability effects")


# ----------------------------------------------------------------- activated abilities


@effect_handler("deal_damage_any", "bench_snipe", TargetKind.OPP_ANY)
def deal_damage_any(ctx: EffectContext) -> EffectResult:
    target = ctx.opponent.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("Target not found")
    damage = ctx.get_int_param("damage")
    target.damage += damage
    return OK(f"{ctx.name} dealt {damage} damage to {target.uid}")


def _source_active(ctx: EffectContext) -> bool:
    return ctx.source_is_active() and ctx.opponent.active is not None


@effect_handler(
    "gust_opponent_basic", "gust_basic", TargetKind.OPP_BENCH_BASIC, usable=lambda ctx: ctx.source_is_active()
)
def gust_opponent_basic(ctx: EffectContext) -> EffectResult:
    if not ctx.source_is_active():
        return EffectResult.failure_result("This Pokemon must be in the Active Spot")
    target = ctx.opponent.slot(ctx.target) if ctx.target else None
    if target is None or ctx.battle.card(target.card_id).stage is not Stage.BASIC:
        return EffectResult.failure_result("Target must be a Benched Basic Pokemon")
    board.move_active_to_bench(ctx.battle, ctx.opponent, ctx.target - 1)
    return OK(f"switched {target.uid} into the opponent's Active Spot")


@effect_handler("ability_status_active", "auto_status", usable=_source_active)
def ability_status_active(ctx: EffectContext) -> EffectResult:
    status = Status(ctx.get_str_param("status"))
    return OK(status.value) if inflict(ctx, status, False) else EffectResult.failure_result("prevented")


@effect_handler("ability_coin_status", "coinflip_status", usable=lambda ctx: ctx.opponent.active is not None)
def ability_coin_status(ctx: EffectContext) -> EffectResult:
    if count_heads(ctx, 1) == 0:
        return OK("tails")
    status = Status(ctx.get_str_param("status"))
    return OK(status.value) if inflict(ctx, status, False) else EffectResult.failure_result("prevented")


def _active_matches(ctx: EffectContext) -> bool:
    active = ctx.me.active
    wanted = ctx.params.get("target_type")
    return active is not None and wanted in (None, ctx.battle.card(active.card_id).pokemon_type.value)


@effect_handler("energy_to_active", "energy_acceleration", usable=_active_matches)
def energy_to_active(ctx: EffectContext) -> EffectResult:
    active = ctx.me.active
    if active is None or not _active_matches(ctx):
        return EffectResult.failure_result("no Active Pokémon of the right type")
    board.attach_from_zone(active, EnergyType(ctx.get_str_param("energy_type")), 1)
    return OK("attached energy from the zone to the Active Pokémon")


@effect_handler("zone_attach_to_self", "energy_acceleration")
def zone_attach_to_self(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("source left play")
    board.attach_from_zone(source, EnergyType(ctx.get_str_param("energy_type")), 1)
    return OK("attached energy from the zone to itself")


def _can_move_energy(ctx: EffectContext) -> bool:
    energy = EnergyType(ctx.get_str_param("energy_type"))
    return _active_matches(ctx) and any(
        energy in p.energy and ctx.battle.card(p.card_id).pokemon_type.value == ctx.params.get("target_type")
        for p in ctx.me.bench
    )


@effect_handler("move_energy_to_active", "energy_acceleration", TargetKind.OWN_BENCH, usable=_can_move_energy)
def move_energy_to_active(ctx: EffectContext) -> EffectResult:
    giver = ctx.me.slot(ctx.target) if ctx.target else None
    active = ctx.me.active
    energy = EnergyType(ctx.get_str_param("energy_type"))
    if giver is None or active is None or energy not in giver.energy:
        return EffectResult.failure_result("no energy of that type on the chosen Pokémon")
    giver.energy.remove(energy)
    active.energy.append(energy)
    return OK(f"moved {energy.value} energy to the Active Pokémon")


@effect_handler("heal_team_ability", "heal_team")
def heal_team_ability(ctx: EffectContext) -> EffectResult:
    healed = sum(board.heal(p, ctx.get_int_param("amount")) for p in ctx.me.in_play())
    return OK(f"healed {healed} in total")


@effect_handler("peek_top_deck", "look_at_deck", usable=lambda ctx: bool(ctx.me.deck))
def peek_top_deck(ctx: EffectContext) -> EffectResult:
    ctx.battle.state.log("peek", ctx.player, card_id=ctx.me.deck[0])
    return OK("looked at the top card of the deck")


@effect_handler("ability_opponent_switch", "gust", usable=lambda ctx: bool(ctx.opponent.bench))
def ability_opponent_switch(ctx: EffectContext) -> EffectResult:
    if not ctx.opponent.bench:
        return EffectResult.failure_result("no Benched Pokémon")
    board.request_choice(ctx.battle, 1 - ctx.player, "switch")
    return OK("the opponent switches their Active Pokémon")
