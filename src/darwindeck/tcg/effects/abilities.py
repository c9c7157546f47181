"""Ability handlers. ``aura_*`` handlers run when their Pokémon enters play and register a lasting
effect whose source is that Pokémon (``params["ability"]`` names the ability); the others run when the
player uses the ability (``usable`` says when it may be used)."""

from __future__ import annotations

from darwindeck.tcg.core.active_effects import EffectScope, EffectTrigger, StackingMode
from darwindeck.tcg.core.effect_context import EffectContext, EffectResult
from darwindeck.tcg.core.models import EnergyType, Stage, Status
from darwindeck.tcg.core.registry import TargetKind, effect_handler
from darwindeck.tcg.effects.common import count_heads, entry_after, inflict, register
from darwindeck.tcg.effects.trainers import heal_one
from darwindeck.tcg.effects.triggers import EVOLVES_AS, TURN_END, ZONE_ATTACH, attach_from_zone
from darwindeck.tcg.rules import board, lifecycle

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
    """Takes -``amount`` damage from attacks; optional conditions (``pipelines.compute_damage``):
    ``attacker_type`` (Defensive Whirlwind: only from Fighting Pokémon), ``requires_in_play`` (Resilience
    Link: only while its owner has a Pokémon of one of these comma-separated names in play)."""
    amount = ctx.get_int_param("amount")
    params: dict[str, object] = {"ability": ctx.name, "amount": amount}
    params.update({k: ctx.params[k] for k in ("attacker_type", "requires_in_play") if k in ctx.params})
    register(ctx, "damage_reduction", EffectTrigger.ON_DAMAGE_CALC, EffectScope.SELF, params)
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


@effect_handler("aura_on_zone_attach", "triggered_ability")
def aura_on_zone_attach(ctx: EffectContext) -> EffectResult:
    """Text "Whenever you attach a <on_energy> Energy from your Energy Zone to this Pokémon, <reaction>."
    (params: ``on_energy``, ``reaction`` and the reaction's own; run by ``triggers``)."""
    register(
        ctx, ZONE_ATTACH, EffectTrigger.CONTINUOUS, EffectScope.SELF, {"ability": ctx.name, **ctx.params}
    )
    return OK(f"reacts to {ctx.get_str_param('on_energy')} Energy attached from the zone")


@effect_handler("aura_on_turn_end", "triggered_ability")
def aura_on_turn_end(ctx: EffectContext) -> EffectResult:
    """Text "At the end of your turn, <reaction>." (params: ``reaction`` and its own, optional
    ``requires_active`` and ``first_turn_only``; run by ``triggers.turn_ending``)."""
    register(ctx, TURN_END, EffectTrigger.ON_TURN_END, EffectScope.SELF, {"ability": ctx.name, **ctx.params})
    return OK("reacts at the end of its owner's turn")


@effect_handler("aura_evolves_as", "evolution_rule")
def aura_evolves_as(ctx: EffectContext) -> EffectResult:
    """Veevee 'volve (Eevee ex): "This Pokémon can evolve into any Pokémon that evolves from Eevee if you
    play it from your hand onto this Pokémon." (param ``name``: Eevee; see ``triggers.may_evolve_from``;
    the usual evolution rules, not on the first turns nor the turn it was played, still hold)."""
    register(ctx, EVOLVES_AS, EffectTrigger.CONTINUOUS, EffectScope.SELF, {"ability": ctx.name, **ctx.params})
    return OK(f"may evolve as {ctx.get_str_param('name')}")


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
    attach_from_zone(ctx.battle, ctx.player, active, EnergyType(ctx.get_str_param("energy_type")), 1)
    return OK("attached energy from the zone to the Active Pokémon")


@effect_handler("zone_attach_to_self", "energy_acceleration")
def zone_attach_to_self(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("source left play")
    attach_from_zone(ctx.battle, ctx.player, source, EnergyType(ctx.get_str_param("energy_type")), 1)
    return OK("attached energy from the zone to itself")


def _can_move_energy(ctx: EffectContext) -> bool:
    energy = EnergyType(ctx.get_str_param("energy_type"))
    return _active_matches(ctx) and any(
        energy in p.energy and ctx.battle.card(p.card_id).pokemon_type.value == ctx.params.get("target_type")
        for p in ctx.me.bench
    )


def _can_give_energy(ctx: EffectContext) -> bool:
    giver = ctx.me.slot(ctx.target)
    return giver is not None and EnergyType(ctx.get_str_param("energy_type")) in giver.energy


@effect_handler(
    "move_energy_to_active",
    "energy_acceleration",
    TargetKind.OWN_BENCH,
    usable=_can_move_energy,
    target_usable=_can_give_energy,
)
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


def _evolved_this_turn(ctx: EffectContext) -> bool:
    source = ctx.source
    return source is not None and bool(source.stack) and source.turn_played == ctx.battle.state.turn


@effect_handler("heal_one_on_evolve", "heal_pokemon", TargetKind.OWN_ANY, usable=_evolved_this_turn)
def heal_one_on_evolve(ctx: EffectContext) -> EffectResult:
    """Healing Ripples (Milotic): "Once during your turn, when you play this Pokémon from your hand to
    evolve 1 of your Pokémon, you may heal 60 damage from 1 of your Water Pokémon." Used as an ability in
    the turn it evolved (once: ``uses_per_turn`` 1), aimed at one of the player's Pokémon of
    ``target_type``; "may": the player may let the turn go by without it. No action of one's own turn
    before the attack that ends it damages one's own Pokémon, so using it later in that turn heals as
    much as using it at once."""
    return heal_one(ctx)


def _attacked_this_turn(ctx: EffectContext) -> bool:
    """Whether the source Pokémon declared an attack this turn that was not stopped by a coin."""
    entries = ctx.battle.state.action_log
    turn = ctx.battle.state.turn
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if entry.turn != turn:
            return False
        if entry.type == "attack" and entry.data.get("uid") == ctx.source_uid:
            following = entry_after(entries, index)
            return not (following is not None and following.type == "attack_failed")
    return False


@effect_handler("protect_self_after_ko", "prevent_damage_next_turn")
def protect_self_after_ko(ctx: EffectContext) -> EffectResult:
    """Illusive Trickery (Zoroark): "If your opponent's Pokémon is Knocked Out by damage from this
    Pokémon's attacks, during your opponent's next turn, prevent all damage from—and effects of—attacks
    done to this Pokémon." Checked at the end of the turn (a reaction of ``aura_on_turn_end``): this
    Pokémon attacked this turn and an opposing Pokémon was knocked out by the attack. The protection is
    the ability's, on this Pokémon for the opponent's whole next turn (it does not end on the Bench)."""
    knocked_out = ctx.opponent.last_ko_by_attack_turn == ctx.battle.state.turn
    if ctx.source is None or not knocked_out or not _attacked_this_turn(ctx):
        return OK("no knock-out by this Pokémon's attack this turn")
    register(ctx, "attack_immunity", EffectTrigger.ON_DAMAGE_CALC, EffectScope.SELF, {}, duration=1)
    return OK("protected from attacks during the opponent's next turn")
