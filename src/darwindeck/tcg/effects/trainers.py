"""Trainer handlers (Items and Supporters). Fossils have no handler: they are played onto the Bench as
40-HP Basic Pokémon that cannot retreat (``CardDefinition.plays_as_basic``) and may be discarded from
play during their owner's turn (the engine's ``DISCARD_FOSSIL`` action)."""

from __future__ import annotations

from darwindeck.tcg.core.active_effects import EffectScope, EffectTrigger
from darwindeck.tcg.core.effect_context import EffectContext, EffectResult
from darwindeck.tcg.core.models import CardKind, EnergyType
from darwindeck.tcg.core.registry import TargetKind, effect_handler
from darwindeck.tcg.effects.common import heads_until_tails, names, register
from darwindeck.tcg.effects.triggers import attach_from_zone
from darwindeck.tcg.rules import board
from darwindeck.tcg.rules.targets import opponent_discard_basics

OK = EffectResult.success_result


@effect_handler("heal_one", "heal_pokemon", TargetKind.OWN_ANY)
def heal_one(ctx: EffectContext) -> EffectResult:
    target = ctx.me.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("no such Pokémon")
    return OK(f"healed {board.heal(target, ctx.get_int_param('amount'))}")


@effect_handler("coin_attach_until_tails", "energy_acceleration", TargetKind.OWN_ANY)
def coin_attach_until_tails(ctx: EffectContext) -> EffectResult:
    target = ctx.me.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("no such Pokémon")
    heads = heads_until_tails(ctx)
    attach_from_zone(ctx.battle, ctx.player, target, EnergyType(ctx.get_str_param("energy_type")), heads)
    return OK(f"{heads} energy attached")


@effect_handler("damage_boost_turn", "damage_boost")
def damage_boost_turn(ctx: EffectContext) -> EffectResult:
    params: dict[str, object] = {"amount": ctx.get_int_param("amount")}
    if "only_names" in ctx.params:
        params["only_names"] = ctx.get_str_param("only_names")
    register(ctx, "damage_boost", EffectTrigger.ON_DAMAGE_CALC, EffectScope.TEAM_ALL, params, duration=0)
    return OK("attacks do more damage this turn")


def _active_named(ctx: EffectContext) -> bool:
    active = ctx.me.active
    return active is not None and ctx.battle.card(active.card_id).name in names(ctx)


@effect_handler(
    "return_active_to_hand", "return_to_hand", usable=lambda ctx: _active_named(ctx) and bool(ctx.me.bench)
)
def return_active_to_hand(ctx: EffectContext) -> EffectResult:
    active = ctx.me.active
    if active is None:
        return EffectResult.failure_result("no Active Pokémon")
    board.remove_from_play(ctx.battle, ctx.me, active, "hand", "returned to hand")
    return OK("the Active Pokémon went back to the hand")


@effect_handler("zone_attach_named", "energy_acceleration", TargetKind.OWN_ANY)
def zone_attach_named(ctx: EffectContext) -> EffectResult:
    target = ctx.me.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("no such Pokémon")
    energy = EnergyType(ctx.get_str_param("energy_type"))
    attach_from_zone(ctx.battle, ctx.player, target, energy, ctx.get_int_param("count"))
    return OK("energy attached from the zone")


@effect_handler("gather_energy_to_active", "energy_acceleration", usable=_active_named)
def gather_energy_to_active(ctx: EffectContext) -> EffectResult:
    active = ctx.me.active
    energy = EnergyType(ctx.get_str_param("energy_type"))
    if active is None:
        return EffectResult.failure_result("no Active Pokémon")
    moved = 0
    for pokemon in ctx.me.bench:
        while energy in pokemon.energy:
            pokemon.energy.remove(energy)
            active.energy.append(energy)
            moved += 1
    return OK(f"moved {moved} energy to the Active Pokémon")


@effect_handler(
    "revive_to_opponent_bench",
    "revive",
    TargetKind.OPP_DISCARD_BASIC,
    usable=lambda ctx: len(ctx.opponent.bench) < board.BENCH_SIZE,
)
def revive_to_opponent_bench(ctx: EffectContext) -> EffectResult:
    choices = opponent_discard_basics(ctx.battle, ctx.player)
    if ctx.target >= len(choices):
        return EffectResult.failure_result("no such card")
    card_id = choices[ctx.target]
    ctx.opponent.discard.remove(card_id)
    board.put_on_bench(ctx.battle, 1 - ctx.player, card_id)
    return OK(f"put {card_id} onto the opponent's Bench")


@effect_handler("top_card_if_type", "search_deck", usable=lambda ctx: bool(ctx.me.deck))
def top_card_if_type(ctx: EffectContext) -> EffectResult:
    top = ctx.me.deck[0]
    card = ctx.battle.card(top)
    if (
        card.kind is CardKind.POKEMON
        and card.pokemon_type.value == ctx.get_str_param("pokemon_type")
        and len(ctx.me.hand) < board.HAND_LIMIT
    ):
        ctx.me.hand.append(ctx.me.deck.pop(0))
        return OK(f"took {top} into the hand")
    ctx.me.deck.append(ctx.me.deck.pop(0))
    return OK(f"put {top} at the bottom of the deck")


@effect_handler("team_damage_reduction_next_turn", "reduce_damage_next_turn")
def team_damage_reduction_next_turn(ctx: EffectContext) -> EffectResult:
    amount = ctx.get_int_param("amount")
    register(
        ctx,
        "damage_reduction",
        EffectTrigger.ON_DAMAGE_CALC,
        EffectScope.TEAM_ALL,
        {"amount": amount},
        duration=1,
    )
    return OK(f"your Pokémon take -{amount} damage during the opponent's next turn")


@effect_handler("retreat_reduction_turn", "retreat_cost_reduction")
def retreat_reduction_turn(ctx: EffectContext) -> EffectResult:
    amount = ctx.get_int_param("amount")
    register(
        ctx,
        "retreat_cost_reduction",
        EffectTrigger.ON_RETREAT_CALC,
        EffectScope.TEAM_ACTIVE,
        {"amount": amount},
        duration=0,
    )
    return OK(f"retreat costs {amount} less this turn")


@effect_handler("trainer_opponent_switch", "gust", usable=lambda ctx: bool(ctx.opponent.bench))
def trainer_opponent_switch(ctx: EffectContext) -> EffectResult:
    board.request_choice(ctx.battle, 1 - ctx.player, "switch")
    return OK("the opponent switches their Active Pokémon")


# ----------------------------------------------------------------------- Promo-A's basic Trainers


@effect_handler("look_at_top", "look_at_deck", usable=lambda ctx: bool(ctx.me.deck))
def look_at_top(ctx: EffectContext) -> EffectResult:
    """Pokédex: "Look at the top 3 cards of your deck." (information only: the order does not change)."""
    seen = ctx.me.deck[: ctx.get_int_param("count")]
    ctx.battle.state.log("peek", ctx.player, cards=",".join(seen))
    return OK(f"looked at the top {len(seen)} cards of the deck")


@effect_handler("search_basic_to_hand", "search_deck")
def search_basic_to_hand(ctx: EffectContext) -> EffectResult:
    """Poké Ball: "Put 1 random Basic Pokémon from your deck into your hand." """
    matches = [c for c in ctx.me.deck if ctx.battle.card(c).is_basic_pokemon]
    if not matches or len(ctx.me.hand) >= board.HAND_LIMIT:
        return OK("no Basic Pokémon found")
    card_id = ctx.battle.rng.choice(matches)
    ctx.me.deck.remove(card_id)
    ctx.me.hand.append(card_id)
    return OK(f"found {card_id}")


@effect_handler("opponent_shuffle_hand_draw", "hand_disruption")
def opponent_shuffle_hand_draw(ctx: EffectContext) -> EffectResult:
    """Red Card: "Your opponent shuffles their hand into their deck and draws 3 cards." """
    opponent = ctx.opponent
    opponent.deck.extend(opponent.hand)
    opponent.hand = []
    ctx.battle.rng.shuffle(opponent.deck)
    return OK(f"the opponent drew {board.draw_cards(opponent, ctx.get_int_param('count'))}")
