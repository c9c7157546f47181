"""Attack effect handlers. BEFORE_DAMAGE handlers change ``ctx.damage`` (or fail the attack);
AFTER_DAMAGE handlers act after the Defending Pokémon took ``ctx.dealt`` damage.

Parameters (all ints unless noted): ``per`` damage per counted thing, ``bonus`` extra damage,
``coins`` number of coins, ``amount`` damage/heal/reduction, ``count`` how many, ``energy_type`` /
``status`` / ``pokemon_type`` / ``name`` strings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from darwindeck.tcg.core.active_effects import EffectScope, EffectTrigger
from darwindeck.tcg.core.effect_context import EffectContext, EffectResult
from darwindeck.tcg.core.models import Attack, CardInstance, EnergyType, PendingChoice, Stage, Status
from darwindeck.tcg.core.registry import TargetKind, Timing, effect_handler, get_handler
from darwindeck.tcg.effects.common import (
    attack_damage,
    attacks_used,
    count_heads,
    heads_until_tails,
    inflict,
    register,
)
from darwindeck.tcg.effects.triggers import attach_from_zone
from darwindeck.tcg.rules import board, pipelines
from darwindeck.tcg.rules.targets import bench_pairs, valid_targets

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

BEFORE = Timing.BEFORE_DAMAGE
AFTER = Timing.AFTER_DAMAGE
OK = EffectResult.success_result


# ----------------------------------------------------------------- damage modifiers (before damage)


@effect_handler("damage_per_bench_own", "damage_per_bench_own", timing=BEFORE)
def damage_per_bench_own(ctx: EffectContext) -> EffectResult:
    wanted_type, wanted_name = ctx.params.get("pokemon_type"), ctx.params.get("name")
    count = 0
    for pokemon in ctx.me.bench:
        card = ctx.battle.card(pokemon.card_id)
        if wanted_type in (None, card.pokemon_type.value) and wanted_name in (None, card.name):
            count += 1
    ctx.damage += ctx.get_int_param("per") * count
    return OK(f"{count} benched Pokémon counted")


@effect_handler("damage_per_bench_opp", "damage_per_bench_opp", timing=BEFORE)
def damage_per_bench_opp(ctx: EffectContext) -> EffectResult:
    ctx.damage += ctx.get_int_param("per") * len(ctx.opponent.bench)
    return OK(f"{len(ctx.opponent.bench)} opposing benched Pokémon counted")


@effect_handler("damage_per_energy_coinflip", "damage_per_energy_coinflip", timing=BEFORE)
def damage_per_energy_coinflip(ctx: EffectContext) -> EffectResult:
    """Powerful Bloom: a coin per Energy attached, counted as provided (Jungle Totem: Grass twice)."""
    source = ctx.source
    energy = pipelines.total_energy(ctx.battle, source) if source else 0
    heads = count_heads(ctx, energy)
    ctx.damage += ctx.get_int_param("per") * heads
    return OK(f"{heads} heads of {energy}")


@effect_handler("damage_per_heads", "damage_per_coinflip", timing=BEFORE)
def damage_per_heads(ctx: EffectContext) -> EffectResult:
    heads = count_heads(ctx, ctx.get_int_param("coins"))
    ctx.damage += ctx.get_int_param("per") * heads
    return OK(f"{heads} heads")


@effect_handler("damage_until_tails", "damage_per_coinflip", timing=BEFORE)
def damage_until_tails(ctx: EffectContext) -> EffectResult:
    heads = heads_until_tails(ctx)
    ctx.damage += ctx.get_int_param("per") * heads
    return OK(f"{heads} heads before tails")


@effect_handler("coin_bonus", "damage_if_coinflip", timing=BEFORE)
def coin_bonus(ctx: EffectContext) -> EffectResult:
    coins = ctx.get_int_param("coins", 1)
    if count_heads(ctx, coins) == coins:
        ctx.damage += ctx.get_int_param("bonus")
        return OK("all heads: bonus damage")
    return OK("no bonus")


@effect_handler("coin_bonus_or_recoil", "damage_if_coinflip", timing=BEFORE)
def coin_bonus_or_recoil(ctx: EffectContext) -> EffectResult:
    if ctx.flip():
        ctx.damage += ctx.get_int_param("bonus")
        return OK("heads: bonus damage")
    source = ctx.source
    if source is not None:
        source.damage += ctx.get_int_param("recoil")
    return OK("tails: recoil")


@effect_handler("coin_or_nothing", "attack_coinflip_gate", timing=BEFORE)
def coin_or_nothing(ctx: EffectContext) -> EffectResult:
    if not ctx.flip():
        ctx.attack_fails = True
        return OK("tails: the attack does nothing")
    return OK("heads")


def _bonus_if(ctx: EffectContext, condition: bool, what: str) -> EffectResult:
    if condition:
        ctx.damage += ctx.get_int_param("bonus")
        return OK(f"bonus: {what}")
    return OK(f"no bonus: not {what}")


@effect_handler("damage_if_extra_energy", "damage_if_extra_energy", timing=BEFORE)
def damage_if_extra_energy(ctx: EffectContext) -> EffectResult:
    source, attack = ctx.source, ctx.attack
    energy_type = EnergyType(ctx.get_str_param("energy_type"))
    extra = (
        pipelines.extra_energy(ctx.battle, source, attack.cost, energy_type) if source and attack else None
    )
    return _bonus_if(ctx, (extra or 0) >= ctx.get_int_param("count"), "enough extra energy")


@effect_handler("damage_if_status", "damage_if_status", timing=BEFORE)
def damage_if_status(ctx: EffectContext) -> EffectResult:
    defender = ctx.opponent.active
    status = Status(ctx.get_str_param("status"))
    return _bonus_if(ctx, defender is not None and status in defender.statuses, f"defender {status.value}")


@effect_handler("damage_if_ko_last_turn", "damage_if_ko_last_turn", timing=BEFORE)
def damage_if_ko_last_turn(ctx: EffectContext) -> EffectResult:
    knocked = ctx.me.last_ko_by_attack_turn == ctx.battle.state.turn - 1 and ctx.battle.state.turn > 1
    return _bonus_if(ctx, knocked, "knocked out last turn")


@effect_handler("damage_if_self_damaged", "damage_if_damaged", timing=BEFORE)
def damage_if_self_damaged(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    return _bonus_if(ctx, source is not None and source.damage > 0, "self damaged")


@effect_handler("damage_if_opp_damaged", "damage_if_damaged", timing=BEFORE)
def damage_if_opp_damaged(ctx: EffectContext) -> EffectResult:
    defender = ctx.opponent.active
    return _bonus_if(ctx, defender is not None and defender.damage > 0, "defender damaged")


@effect_handler("damage_if_opp_ex", "damage_if_opponent_ex", timing=BEFORE)
def damage_if_opp_ex(ctx: EffectContext) -> EffectResult:
    defender = ctx.opponent.active
    return _bonus_if(ctx, defender is not None and ctx.battle.card(defender.card_id).is_ex, "defender is ex")


@effect_handler("damage_per_opp_energy", "damage_per_energy", timing=BEFORE)
def damage_per_opp_energy(ctx: EffectContext) -> EffectResult:
    """Psychic: ``per`` more for each Energy on the opponent's Active, counted as provided (their own
    Jungle Totem makes a Grass Energy on a Grass Pokémon count 2)."""
    defender = ctx.opponent.active
    count = pipelines.total_energy(ctx.battle, defender) if defender is not None else 0
    ctx.damage += ctx.get_int_param("per") * count
    return OK(f"{count} energy on the defender")


COPY_EFFECTS = ("copy_attack", "copy_attack_any")
_ATTACK_PICKS = (TargetKind.OPP_ACTIVE_ATTACK, TargetKind.OPP_ANY_ATTACK)


def copied_attack(battle: BattleData, player: int, effect_id: str, target: int) -> Attack | None:
    """The opponent's attack a copy effect takes for action target ``target`` (``copy_attack``: attack
    ``target`` of the Active; ``copy_attack_any``: slot ``target // 2``, attack ``target % 2``, which
    the copying Pokémon must be able to pay), or None."""
    slot, index = (0, target) if effect_id == "copy_attack" else (target // 2, target % 2)
    pokemon = battle.state.players[1 - player].slot(slot)
    attacks = battle.card(pokemon.card_id).attacks if pokemon is not None else ()
    if index >= len(attacks):
        return None
    source = battle.state.players[player].active
    if effect_id == "copy_attack_any" and (
        source is None or not pipelines.can_pay(battle, source, attacks[index].cost)
    ):
        return None
    return attacks[index]


def copy_targets(battle: BattleData, player: int, copied: Attack) -> list[int]:
    """Valid targets of the copied attack's first effect that needs one ([] if none needs one)."""
    for spec in copied.effects:
        handler = get_handler(spec.effect_id)
        if handler.target is not TargetKind.NONE and handler.target not in _ATTACK_PICKS:
            return valid_targets(battle, player, handler.target, dict(spec.params))
    return []


def _copy(ctx: EffectContext, effect_id: str) -> EffectResult:
    """Run an opponent's attack as this attack (with ``coin``: only if a coin comes up heads, Try to
    Imitate; the attack to copy is picked when the attack is declared, which the coin cannot inform).
    Its effects that need a target take the one the player chose (``ctx.copy_target``, asked by the
    engine when there is more than one), else the first valid."""
    if ctx.get_bool_param("coin") and not ctx.flip():
        ctx.attack_fails = True
        return OK("tails: nothing copied")
    copied = copied_attack(ctx.battle, ctx.player, effect_id, ctx.target)
    if copied is None or ctx.source is None:
        ctx.attack_fails = True
        return EffectResult.failure_result("nothing to copy (or not enough energy for it)")
    ctx.damage, ctx.attack, own_params = copied.damage, copied, ctx.params
    ctx.target = 0
    for spec in copied.effects:
        handler = get_handler(spec.effect_id)
        ctx.params = dict(spec.params)
        if handler.target is not TargetKind.NONE and handler.target not in _ATTACK_PICKS:
            valid = valid_targets(ctx.battle, ctx.player, handler.target, ctx.params) or [0]
            ctx.target = ctx.copy_target if ctx.copy_target in valid else valid[0]
        if handler.timing is BEFORE and handler.target not in _ATTACK_PICKS:
            handler.resolve(ctx)
        elif handler.timing is AFTER:
            ctx.extra_after.append(spec)
    ctx.params = own_params
    return OK(f"copied {copied.name}")


@effect_handler("copy_attack", "copy_attack", TargetKind.OPP_ACTIVE_ATTACK, timing=BEFORE)
def copy_attack(ctx: EffectContext) -> EffectResult:
    return _copy(ctx, "copy_attack")


@effect_handler("copy_attack_any", "copy_attack", TargetKind.OPP_ANY_ATTACK, timing=BEFORE)
def copy_attack_any(ctx: EffectContext) -> EffectResult:
    return _copy(ctx, "copy_attack_any")


# ----------------------------------------------------------------- status and locks (after damage)


@effect_handler("inflict_sleep", "inflict_sleep", timing=AFTER, hits_opponent=True)
def inflict_sleep(ctx: EffectContext) -> EffectResult:
    return OK("asleep") if inflict(ctx, Status.ASLEEP, True) else EffectResult.failure_result("prevented")


@effect_handler("inflict_poison", "inflict_poison", timing=AFTER, hits_opponent=True)
def inflict_poison(ctx: EffectContext) -> EffectResult:
    return OK("poisoned") if inflict(ctx, Status.POISONED, True) else EffectResult.failure_result("prevented")


@effect_handler("inflict_status_coin", "inflict_status_coinflip", timing=AFTER, hits_opponent=True)
def inflict_status_coin(ctx: EffectContext) -> EffectResult:
    if not ctx.flip():
        return OK("tails")
    status = Status(ctx.get_str_param("status"))
    return OK(status.value) if inflict(ctx, status, True) else EffectResult.failure_result("prevented")


#: What ``_lock_defender`` did, in words (the narration shows the message).
_LOCK_WORDS = {
    "attack_damage_reduction": "the Defending Pokémon's attacks do −{amount} damage during the next turn",
    "attack_block": "the Defending Pokémon cannot attack during the next turn",
    "attack_coin_gate": "the Defending Pokémon must flip heads to attack during the next turn",
    "prevent_retreat": "the Defending Pokémon cannot retreat during the next turn",
}


def _lock_defender(
    ctx: EffectContext, effect_type: str, trigger: EffectTrigger, params: dict[str, object]
) -> EffectResult:
    defender = ctx.opponent.active
    if defender is None:
        return EffectResult.failure_result("no Defending Pokémon")
    register(
        ctx,
        effect_type,
        trigger,
        EffectScope.OPPONENT_ACTIVE,
        {"target_card_id": defender.uid, **params},
        duration=1,
    )
    return OK(_LOCK_WORDS[effect_type].format(**params))


@effect_handler("prevent_retreat", "prevent_retreat", timing=AFTER, hits_opponent=True)
def prevent_retreat(ctx: EffectContext) -> EffectResult:
    return _lock_defender(ctx, "prevent_retreat", EffectTrigger.ON_RETREAT_CALC, {})


@effect_handler("prevent_attack_next_turn", "prevent_attack", timing=AFTER, hits_opponent=True)
def prevent_attack_next_turn(ctx: EffectContext) -> EffectResult:
    if ctx.get_bool_param("coin") and not ctx.flip():
        return OK("tails")
    return _lock_defender(ctx, "attack_block", EffectTrigger.ON_ATTACK, {})


@effect_handler("attack_coin_gate_next_turn", "prevent_attack", timing=AFTER, hits_opponent=True)
def attack_coin_gate_next_turn(ctx: EffectContext) -> EffectResult:
    return _lock_defender(ctx, "attack_coin_gate", EffectTrigger.ON_ATTACK, {})


@effect_handler(
    "weaken_defender_next_turn", "reduce_opponent_damage_next_turn", timing=AFTER, hits_opponent=True
)
def weaken_defender_next_turn(ctx: EffectContext) -> EffectResult:
    return _lock_defender(
        ctx, "attack_damage_reduction", EffectTrigger.ON_DAMAGE_CALC, {"amount": ctx.get_int_param("amount")}
    )


@effect_handler("block_supporters", "block_supporters", timing=AFTER)
def block_supporters(ctx: EffectContext) -> EffectResult:
    register(ctx, "block_supporters", EffectTrigger.CONTINUOUS, EffectScope.OPPONENT_ALL, {}, duration=1)
    return OK("opponent can't play Supporters next turn")


@effect_handler("reduce_damage_next_turn", "reduce_damage_next_turn", timing=AFTER)
def reduce_damage_next_turn(ctx: EffectContext) -> EffectResult:
    reduction = ctx.get_int_param("reduction")
    register(
        ctx,
        "damage_reduction",
        EffectTrigger.ON_DAMAGE_CALC,
        EffectScope.SELF,
        {"amount": reduction},
        duration=1,
    )
    return OK(f"takes -{reduction} damage during the opponent's next turn")


@effect_handler("protect_self_coin", "prevent_damage_next_turn", timing=AFTER)
def protect_self_coin(ctx: EffectContext) -> EffectResult:
    if not ctx.flip():
        return OK("tails")
    register(ctx, "attack_immunity", EffectTrigger.ON_DAMAGE_CALC, EffectScope.SELF, {}, duration=1)
    return OK("protected during the opponent's next turn")


# ----------------------------------------------------------------- energy (after damage)


@effect_handler("discard_energy_self", "discard_energy_self", timing=AFTER)
def discard_energy_self(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("attacker left play")
    removed = board.discard_energy(
        source, EnergyType(ctx.get_str_param("energy_type")), ctx.get_int_param("count")
    )
    return OK(f"discarded {removed} energy")


@effect_handler("discard_energy_self_all", "discard_energy_self_all", timing=AFTER)
def discard_energy_self_all(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("attacker left play")
    count = len(source.energy)
    source.energy = []
    return OK(f"discarded {count} energy")


@effect_handler("discard_energy_random_all", "discard_energy_random_all", timing=AFTER)
def discard_energy_random_all(ctx: EffectContext) -> EffectResult:
    """Rampaging Whirlpool: "Discard a random Energy from among the Energy attached to all Pokémon (both
    yours and your opponent's)." An opponent's Pokémon protected from the effects of attacks (Dig) is
    not among them: its Energy cannot be the one discarded."""
    holders = [
        (p, i)
        for player in ctx.battle.state.players
        for p in player.in_play()
        if not (player is ctx.opponent and pipelines.is_protected(ctx.battle, p))
        for i in range(len(p.energy))
    ]
    if not holders:
        return OK("no energy in play")
    pokemon, index = ctx.battle.rng.choice(holders)
    del pokemon.energy[index]
    return OK(f"discarded an energy from {pokemon.uid}")


@effect_handler("discard_energy_opp_active", "discard_energy_opponent", timing=AFTER, hits_opponent=True)
def discard_energy_opp_active(ctx: EffectContext) -> EffectResult:
    defender = ctx.opponent.active
    if ctx.get_bool_param("coin") and not ctx.flip():
        return OK("tails")
    if defender is None or not defender.energy:
        return OK("no energy to discard")
    del defender.energy[ctx.battle.rng.randrange(len(defender.energy))]
    return OK("discarded a random energy from the Defending Pokémon")


@effect_handler("zone_attach_self", "energy_acceleration", timing=AFTER)
def zone_attach_self(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("source left play")
    energy = EnergyType(ctx.get_str_param("energy_type"))
    attach_from_zone(ctx.battle, ctx.player, source, energy, ctx.get_int_param("count", 1))
    return OK("attached energy from the zone to itself")


@effect_handler("zone_attach_bench", "energy_acceleration", TargetKind.OWN_BENCH, timing=AFTER)
def zone_attach_bench(ctx: EffectContext) -> EffectResult:
    target = ctx.me.slot(ctx.target) if ctx.target else None
    if target is None:
        return OK("no Benched Pokémon to receive energy")
    attach_from_zone(ctx.battle, ctx.player, target, EnergyType(ctx.get_str_param("energy_type")), 1)
    return OK(f"attached energy to {target.uid}")


@effect_handler("coin_zone_attach_bench", "energy_acceleration", timing=AFTER)
def coin_zone_attach_bench(ctx: EffectContext) -> EffectResult:
    """Inferno Dance: "Flip 3 coins. Take an amount of Fire Energy from your Energy Zone equal to the
    number of heads and attach it to your Benched Fire Pokémon in any way you like." One receiver takes
    them all; with more, the player places them one at a time (a ``place_energy`` choice, asked before
    the attack ends)."""
    heads = count_heads(ctx, ctx.get_int_param("coins"))
    energy = EnergyType(ctx.get_str_param("pokemon_type"))
    receivers = board.bench_slots_of_type(ctx.battle, ctx.me, energy)
    if not receivers or heads == 0:
        return OK(f"{heads} heads, {len(receivers)} Benched Pokémon of the type")
    if len(receivers) == 1:
        attach_from_zone(ctx.battle, ctx.player, ctx.me.bench[receivers[0] - 1], energy, heads)
        return OK(f"{heads} energy attached to the only Benched Pokémon of the type")
    board.ask_first(
        ctx.battle, PendingChoice(player=ctx.player, kind="place_energy", count=heads, energy_type=energy)
    )
    return OK(f"{heads} energy to place on the Bench")


# ------------------------------------------------------ damage elsewhere and healing (after damage)


@effect_handler("self_damage", "self_damage", timing=AFTER)
def self_damage(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    if source is not None:
        source.damage += ctx.get_int_param("amount")
    return OK("recoil damage")


@effect_handler("bench_splash_opp", "damage_opponent_bench_all", timing=AFTER)
def bench_splash_opp(ctx: EffectContext) -> EffectResult:
    for pokemon in list(ctx.opponent.bench):
        attack_damage(ctx, pokemon, ctx.get_int_param("amount"))
    return OK(f"hit {len(ctx.opponent.bench)} benched Pokémon")


@effect_handler("self_bench_damage", "self_bench_damage", TargetKind.OWN_BENCH, timing=AFTER)
def self_bench_damage(ctx: EffectContext) -> EffectResult:
    target = ctx.me.slot(ctx.target) if ctx.target else None
    if target is None:
        return OK("no Benched Pokémon to hit")
    dealt = pipelines.compute_damage(ctx.battle, target, target, ctx.get_int_param("amount"), to_active=False)
    target.damage += dealt
    return OK(f"{dealt} damage to own {target.uid}")


@effect_handler("snipe_any", "damage_chosen_pokemon", TargetKind.OPP_ANY, timing=AFTER)
def snipe_any(ctx: EffectContext) -> EffectResult:
    target = ctx.opponent.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("no target")
    return OK(f"{attack_damage(ctx, target, ctx.get_int_param('amount'))} damage to {target.uid}")


@effect_handler("snipe_bench", "damage_chosen_pokemon", TargetKind.OPP_BENCH, timing=AFTER)
def snipe_bench(ctx: EffectContext) -> EffectResult:
    target = ctx.opponent.slot(ctx.target) if ctx.target else None
    if target is None:
        return OK("no Benched Pokémon to hit")
    return OK(f"{attack_damage(ctx, target, ctx.get_int_param('amount'))} damage to {target.uid}")


@effect_handler("random_hits", "damage_random_pokemon", timing=AFTER)
def random_hits(ctx: EffectContext) -> EffectResult:
    """Draco Meteor: "1 of your opponent's Pokémon is chosen at random 4 times. For each time a Pokémon
    was chosen, do 50 damage to it." Every Pokémon in play is a candidate each time, one already at
    lethal damage too: Knock Outs are only checked once the attack is over."""
    targets = ctx.opponent.in_play()
    for _ in range(ctx.get_int_param("times")):
        if not targets:
            break
        attack_damage(ctx, ctx.battle.rng.choice(targets), ctx.get_int_param("amount"))
    return OK("random hits done")


@effect_handler("heal_self", "heal_self", timing=AFTER)
def heal_self(ctx: EffectContext) -> EffectResult:
    """Heal ``amount`` from this Pokémon (with ``coin``: only if a coin comes up heads, Happy Punch)."""
    if ctx.get_bool_param("coin") and not ctx.flip():
        return OK("tails: no healing")
    source = ctx.source
    healed = board.heal(source, ctx.get_int_param("amount")) if source else 0
    return OK(f"healed {healed}")


@effect_handler("heal_self_by_damage_dealt", "heal_self", timing=AFTER)
def heal_self_by_damage_dealt(ctx: EffectContext) -> EffectResult:
    source = ctx.source
    healed = board.heal(source, ctx.dealt) if source else 0
    return OK(f"healed {healed}")


@effect_handler("heal_team", "heal_team", timing=AFTER)
def heal_team(ctx: EffectContext) -> EffectResult:
    healed = sum(board.heal(p, ctx.get_int_param("amount")) for p in ctx.me.in_play())
    return OK(f"healed {healed} in total")


# ----------------------------------------------------------------- cards and positions (after damage)


@effect_handler("draw_cards", "draw_cards", timing=AFTER)
def draw_cards(ctx: EffectContext) -> EffectResult:
    return OK(f"drew {board.draw_cards(ctx.me, ctx.get_int_param('count', 1))}")


@effect_handler("discard_random_hand_coin", "discard_opponent_hand", timing=AFTER)
def discard_random_hand_coin(ctx: EffectContext) -> EffectResult:
    """Discard a random card from the opponent's hand: after a heads (Shadow Claw), or always with
    ``coin`` false (Diving Swipe)."""
    hand = ctx.opponent.hand
    if (ctx.get_bool_param("coin", True) and not ctx.flip()) or not hand:
        return OK("nothing discarded")
    ctx.opponent.discard.append(hand.pop(ctx.battle.rng.randrange(len(hand))))
    return OK("discarded a random card from the opponent's hand")


@effect_handler("coin_shuffle_opp_active", "bounce_opponent_active", timing=AFTER, hits_opponent=True)
def coin_shuffle_opp_active(ctx: EffectContext) -> EffectResult:
    defender = ctx.opponent.active
    if defender is None or not ctx.flip():
        return OK("tails")
    board.remove_from_play(ctx.battle, ctx.opponent, defender, "deck", "shuffled into the deck")
    return OK("the Defending Pokémon went back into the deck")


@effect_handler("search_deck_to_hand", "search_deck", timing=AFTER)
def search_deck_to_hand(ctx: EffectContext) -> EffectResult:
    """A random Pokémon of ``pokemon_type`` (Find a Friend), or of any type without it (Twinkly Call),
    from the deck into the hand."""
    wanted = ctx.get_str_param("pokemon_type")
    matches = [
        c
        for c in ctx.me.deck
        if ctx.battle.card(c).kind.value == "pokemon"
        and wanted in ("", ctx.battle.card(c).pokemon_type.value)
    ]
    if not matches or len(ctx.me.hand) >= board.HAND_LIMIT:
        return OK("nothing found")
    card_id = ctx.battle.rng.choice(matches)
    ctx.me.deck.remove(card_id)
    ctx.me.hand.append(card_id)
    return OK(f"found {card_id}")


@effect_handler("deck_to_bench", "search_deck", timing=AFTER)
def deck_to_bench(ctx: EffectContext) -> EffectResult:
    wanted = ctx.get_str_param("name")
    matches = [c for c in ctx.me.deck if ctx.battle.card(c).name == wanted]
    if not matches or len(ctx.me.bench) >= board.BENCH_SIZE:
        return OK("nothing put onto the Bench")
    card_id = ctx.battle.rng.choice(matches)
    ctx.me.deck.remove(card_id)
    board.put_on_bench(ctx.battle, ctx.player, card_id)
    return OK(f"benched {card_id}")


@effect_handler("shuffle_hand_draw_opp", "hand_refresh", timing=AFTER)
def shuffle_hand_draw_opp(ctx: EffectContext) -> EffectResult:
    ctx.me.deck.extend(ctx.me.hand)
    ctx.me.hand = []
    ctx.battle.rng.shuffle(ctx.me.deck)
    return OK(f"drew {board.draw_cards(ctx.me, len(ctx.opponent.hand))}")


@effect_handler("reveal_hand", "reveal_hand", timing=AFTER)
def reveal_hand(ctx: EffectContext) -> EffectResult:
    ctx.opponent.hand_revealed = True
    ctx.battle.state.log("hand_revealed", 1 - ctx.player, cards=",".join(ctx.opponent.hand))
    return OK("the opponent's hand is revealed")


def _opponent_has_bench(ctx: EffectContext) -> bool:
    return bool(ctx.opponent.bench) and ctx.opponent.active is not None


@effect_handler("opponent_switch", "gust", timing=AFTER, hits_opponent=True, usable=_opponent_has_bench)
def opponent_switch(ctx: EffectContext) -> EffectResult:
    if not _opponent_has_bench(ctx):
        return OK("no Benched Pokémon to switch in")
    board.request_choice(ctx.battle, 1 - ctx.player, "switch")
    return OK("the opponent switches their Active Pokémon")


@effect_handler("switch_self", "switch_self", TargetKind.OWN_BENCH, timing=AFTER)
def switch_self(ctx: EffectContext) -> EffectResult:
    if not ctx.target or not ctx.source_is_active():
        return OK("no switch")
    board.move_active_to_bench(ctx.battle, ctx.me, ctx.target - 1)
    return OK("switched with a Benched Pokémon")


# ----------------------------------------------------------------- Promo-A mechanics


def has_tool(pokemon: CardInstance | None) -> bool:
    """Whether a Pokémon Tool is attached. No Pokémon Tool exists in A1, A1a or Promo-A and a Pokémon in
    play has no Tool slot: never."""
    return False


@effect_handler("damage_if_tool", "damage_if_tool", timing=BEFORE)
def damage_if_tool(ctx: EffectContext) -> EffectResult:
    """Metal Arms, Enhanced Fang: "If this Pokémon has a Pokémon Tool attached, this attack does
    ``bonus`` more damage." (never, see ``has_tool``)."""
    return _bonus_if(ctx, has_tool(ctx.source), "a Pokémon Tool attached")


@effect_handler("damage_if_evolved_this_turn", "damage_if_evolved", timing=BEFORE)
def damage_if_evolved_this_turn(ctx: EffectContext) -> EffectResult:
    """Beginning Bolt: "If this Pokémon evolved during this turn, this attack does 20 more damage." """
    source = ctx.source
    evolved = source is not None and bool(source.stack) and source.turn_played == ctx.battle.state.turn
    return _bonus_if(ctx, evolved, "evolved this turn")


@effect_handler("damage_if_opp_evolution", "damage_if_opponent_evolution", timing=BEFORE)
def damage_if_opp_evolution(ctx: EffectContext) -> EffectResult:
    """Cross-Cut: "If your opponent's Active Pokémon is an Evolution Pokémon, this attack does 40 more
    damage." (a Stage 1 or Stage 2 card)."""
    defender = ctx.opponent.active
    evolution = defender is not None and ctx.battle.card(defender.card_id).stage is not Stage.BASIC
    return _bonus_if(ctx, evolution, "defender is an Evolution Pokémon")


@effect_handler("damage_if_bench_named", "damage_if_bench_named", timing=BEFORE)
def damage_if_bench_named(ctx: EffectContext) -> EffectResult:
    """Crossing Flights: "If Latios is on your Bench, this attack does 20 more damage." (``name``)."""
    wanted = ctx.get_str_param("name")
    present = any(ctx.battle.card(p.card_id).name == wanted for p in ctx.me.bench)
    return _bonus_if(ctx, present, f"{wanted} on the Bench")


@effect_handler("damage_plus_self_damage", "damage_per_self_damage", timing=BEFORE)
def damage_plus_self_damage(ctx: EffectContext) -> EffectResult:
    """Flail ("does damage ... equal to the damage this Pokémon has on it", base 0), Raging Hammer
    ("does more damage equal to the damage this Pokémon has on it", base 50)."""
    source = ctx.source
    extra = source.damage if source is not None else 0
    ctx.damage += extra
    return OK(f"{extra} more damage")


@effect_handler("damage_if_attack_used_last_turn", "damage_if_attack_history", timing=BEFORE)
def damage_if_attack_used_last_turn(ctx: EffectContext) -> EffectResult:
    """Sweets Relay: "If 1 of your Pokémon used Sweets Relay during your last turn, this attack does 20
    more damage." (``attack``; the player's last turn is two turns back)."""
    used = ctx.battle.state.turn - 2 in attacks_used(ctx, ctx.get_str_param("attack"))
    return _bonus_if(ctx, used, f"{ctx.get_str_param('attack')} used last turn")


@effect_handler("damage_per_attack_used", "damage_if_attack_history", timing=BEFORE)
def damage_per_attack_used(ctx: EffectContext) -> EffectResult:
    """Sweets Overload: "This attack does 40 damage for each time your Pokémon used Sweets Relay during
    this game." (``per``, ``attack``)."""
    times = len(attacks_used(ctx, ctx.get_str_param("attack")))
    ctx.damage += ctx.get_int_param("per") * times
    return OK(f"used {times} times")


ATTACK_BONUS = "attack_bonus"


@effect_handler("attack_bonus_later", "attack_bonus_later", timing=BEFORE)
def attack_bonus_later(ctx: EffectContext) -> EffectResult:
    """This attack does the bonuses its earlier uses left on this Pokémon, then leaves one more of
    ``amount`` for later uses. ``until``: ``next_turn`` (Overacceleration: "During your next turn, this
    Pokémon's Overacceleration attack does +20 damage.") or ``leaves_active`` (Rolling Frenzy: "Until this
    Pokémon leaves the Active Spot, this Pokémon's Rolling Frenzy attack does +30 damage. This effect
    stacks."). Both end when the Pokémon leaves the Active Spot, as every attack effect on it does."""
    source = ctx.source
    if source is None:
        return EffectResult.failure_result("attacker left play")
    name = ctx.attack.name if ctx.attack is not None else ctx.name  # a copied attack: its own name
    earlier = [
        e
        for e in ctx.battle.manager.query_effects(
            ctx.battle.state, ATTACK_BONUS, affecting_card_id=source.uid
        )
        if e.params.get("attack") == name
    ]
    bonus = ctx.battle.manager.get_combined_value(earlier, "amount")
    ctx.damage += bonus
    duration = 2 if ctx.get_str_param("until") == "next_turn" else None
    params = {"attack": name, "amount": ctx.get_int_param("amount")}
    register(ctx, ATTACK_BONUS, EffectTrigger.ON_ATTACK, EffectScope.SELF, params, duration=duration)
    return OK(f"+{bonus} from earlier uses")


@effect_handler("inflict_status", "inflict_status", timing=AFTER, hits_opponent=True)
def inflict_status(ctx: EffectContext) -> EffectResult:
    """Text "Your opponent's Active Pokémon is now <status>." (Confuse Ray, Electronica: Confused)."""
    status = Status(ctx.get_str_param("status"))
    return OK(status.value) if inflict(ctx, status, True) else EffectResult.failure_result("prevented")


@effect_handler("self_status", "self_status", timing=AFTER)
def self_status(ctx: EffectContext) -> EffectResult:
    """Collapse: "This Pokémon is now Asleep." (``status``)."""
    source = ctx.source
    status = Status(ctx.get_str_param("status"))
    applied = source is not None and pipelines.apply_status(ctx.battle, source, status, from_attack=False)
    return OK(f"self {status.value}") if applied else EffectResult.failure_result("prevented")


@effect_handler("counter_damage_next_turn", "counter_damage", timing=AFTER)
def counter_damage_next_turn(ctx: EffectContext) -> EffectResult:
    """Bristling Spikes: "During your opponent's next turn, if this Pokémon is damaged by an attack, do 30
    damage to the Attacking Pokémon." (``amount``; the Rough Skin-like counter of the engine, for one turn,
    ending if this Pokémon leaves the Active Spot)."""
    register(
        ctx,
        "counter_damage",
        EffectTrigger.ON_ATTACK,
        EffectScope.SELF,
        {"amount": ctx.get_int_param("amount")},
        duration=1,
    )
    return OK("damages attackers during the opponent's next turn")


@effect_handler("zone_attach_bench_pair", "energy_acceleration", TargetKind.OWN_BENCH_PAIR, timing=AFTER)
def zone_attach_bench_pair(ctx: EffectContext) -> EffectResult:
    """Oceanic Gift: "Choose 2 of your Benched Pokémon. For each of those Pokémon, take a Water Energy from
    your Energy Zone and attach it to that Pokémon." The attack's target picks the 2
    (``targets.bench_pairs``); with fewer on the Bench, each gets one."""
    pairs = bench_pairs(ctx.me)
    chosen = pairs[ctx.target] if ctx.target < len(pairs) else pairs[0]
    energy = EnergyType(ctx.get_str_param("energy_type"))
    for slot in chosen:
        attach_from_zone(ctx.battle, ctx.player, ctx.me.bench[slot - 1], energy, 1)
    return OK(f"attached {energy.value} Energy to Bench {chosen}")


@effect_handler("self_any_damage", "self_bench_damage", TargetKind.OWN_ANY, timing=AFTER)
def self_any_damage(ctx: EffectContext) -> EffectResult:
    """Shadow Hit: "This attack also does 20 damage to 1 of your Pokémon." (Active or Benched, as
    ``self_bench_damage`` does it: no weakness)."""
    target = ctx.me.slot(ctx.target)
    if target is None:
        return EffectResult.failure_result("no such Pokémon")
    dealt = pipelines.compute_damage(ctx.battle, target, target, ctx.get_int_param("amount"), to_active=False)
    target.damage += dealt
    return OK(f"{dealt} damage to own {target.uid}")


@effect_handler("coin_gust_opp_bench", "gust", TargetKind.OPP_BENCH, timing=AFTER, hits_opponent=True)
def coin_gust_opp_bench(ctx: EffectContext) -> EffectResult:
    """Luring Glow: "Flip a coin. If heads, switch in 1 of your opponent's Benched Pokémon to the Active
    Spot." (the attacker picks it: the attack's target)."""
    if not ctx.flip():
        return OK("tails")
    if not ctx.target or ctx.opponent.slot(ctx.target) is None or ctx.opponent.active is None:
        return OK("no Benched Pokémon to switch in")
    board.move_active_to_bench(ctx.battle, ctx.opponent, ctx.target - 1)
    return OK("switched in a Benched Pokémon of the opponent")


@effect_handler("discard_top_deck_both", "discard_deck", timing=AFTER)
def discard_top_deck_both(ctx: EffectContext) -> EffectResult:
    """Shoegaze: "Discard the top 5 cards of each player's deck." (``count``)."""
    count = ctx.get_int_param("count")
    for player in ctx.battle.state.players:
        player.discard.extend(player.deck[:count])
        del player.deck[:count]
    return OK(f"discarded the top {count} cards of each deck")
