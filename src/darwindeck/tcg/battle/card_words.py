"""What each effect of a card definition does, in our own words (never a card's printed text).

``spec_words(spec)`` fills the template of ``spec.effect_id`` with its parameters (an energy type or a
status capitalised, a list of names joined with "or"); an effect without a template (a new handler) reads
as its id made readable with its parameters, so every effect is shown, and ``tests/tcg/test_narration``
checks that every effect the shipped card sets use has a template.
"""

from __future__ import annotations

from darwindeck.tcg.core.models import EffectSpec, ParamValue

#: effect id -> what it does; ``{name}`` is a parameter of the effect.
TEMPLATES: dict[str, str] = {
    "heal_self": "heal {amount} damage from this Pokémon",
    "search_deck_to_hand": "put a random {pokemon_type} Pokémon from your deck into your hand",
    "heal_team_ability": "once a turn, heal {amount} damage from each of your Pokémon",
    "inflict_sleep": "the Defending Pokémon falls Asleep",
    "inflict_poison": "the Defending Pokémon is Poisoned",
    "gust_opponent_basic": "switch a Benched Basic Pokémon of your opponent into their Active Spot",
    "coin_bonus": "flip {coins} coin(s): +{bonus} damage if all are heads",
    "damage_per_heads": "flip {coins} coins: {per} damage for each heads",
    "zone_attach_bench": "once a turn, attach a {energy_type} Energy from your zone to a Benched "
    "{target_type} Pokémon",
    "coin_or_nothing": "flip a coin: on tails this attack does nothing",
    "discard_energy_self": "discard {count} {energy_type} Energy from this Pokémon",
    "prevent_attack_next_turn": "flip a coin: on heads the Defending Pokémon cannot attack next turn",
    "self_damage": "this Pokémon also does {amount} damage to itself",
    "coin_zone_attach_bench": "flip {coins} coins: attach a {pokemon_type} Energy from your zone to your "
    "Benched {pokemon_type} Pokémon for each heads",
    "damage_if_extra_energy": "+{bonus} damage if this Pokémon has {count} more {energy_type} Energy than "
    "the attack needs",
    "block_supporters": "your opponent cannot play Supporter cards next turn",
    "aura_counter_damage": "while Active, {amount} damage back to a Pokémon whose attack damages this one",
    "aura_damage_reduction": "this Pokémon takes {amount} less damage from attacks",
    "snipe_any": "{amount} damage to one of your opponent's Pokémon of your choice",
    "discard_energy_opp_active": "discard a random Energy from the Defending Pokémon",
    "inflict_status_coin": "flip a coin: on heads the Defending Pokémon is {status}",
    "bench_splash_opp": "{amount} damage to each of your opponent's Benched Pokémon",
    "deal_damage_any": "once a turn, {damage} damage to one of your opponent's Pokémon",
    "damage_if_opp_damaged": "+{bonus} damage if the Defending Pokémon already has damage",
    "discard_energy_self_all": "discard all Energy from this Pokémon",
    "damage_per_bench_own": "{per} damage for each of your Benched {pokemon_type} Pokémon",
    "zone_attach_to_self": "once a turn, attach a {energy_type} Energy from your zone to this Pokémon",
    "coin_bonus_or_recoil": "flip a coin: +{bonus} damage on heads, {recoil} damage to itself on tails",
    "self_bench_damage": "{amount} damage to one of your own Benched Pokémon",
    "switch_self": "switch this Pokémon with one of your Benched Pokémon",
    "damage_per_opp_energy": "{per} damage for each Energy on the Defending Pokémon",
    "aura_block_supporters_active": "while Active, your opponent cannot play Supporter cards",
    "ability_coin_status": "once a turn, flip a coin: on heads the opponent's Active is {status}",
    "reduce_damage_next_turn": "this Pokémon takes {reduction} less damage during your opponent's next turn",
    "energy_to_active": "once a turn, attach a {energy_type} Energy from your zone to your Active "
    "{target_type} Pokémon",
    "protect_self_coin": "flip a coin: on heads no damage or effect of attacks reaches this Pokémon during "
    "your opponent's next turn",
    "damage_if_self_damaged": "+{bonus} damage if this Pokémon has damage on it",
    "weaken_defender_next_turn": "the Defending Pokémon's attacks do {amount} less damage next turn",
    "snipe_bench": "{amount} damage to one of your opponent's Benched Pokémon",
    "heal_self_by_damage_dealt": "heal this Pokémon by the damage this attack did",
    "opponent_switch": "your opponent switches their Active Pokémon with a Benched one",
    "prevent_retreat": "the Defending Pokémon cannot retreat next turn",
    "deck_to_bench": "put a random {name} from your deck onto your Bench",
    "damage_if_status": "+{bonus} damage if the Defending Pokémon is {status}",
    "ability_status_active": "once a turn, while Active, the opponent's Active is {status}",
    "zone_attach_self": "attach {count} {energy_type} Energy from your zone to this Pokémon",
    "random_hits": "{times} times, {amount} damage to one of your opponent's Pokémon chosen at random",
    "ability_opponent_switch": "once a turn, while Active, your opponent switches their Active Pokémon "
    "with a Benched one",
    "draw_cards": "draw {count} card(s)",
    "discard_random_hand_coin": "flip a coin: on heads discard a random card from your opponent's hand",
    "damage_until_tails": "flip coins until tails: {per} damage for each heads",
    "copy_attack_any": "use an attack of one of your opponent's Pokémon",
    "peek_top_deck": "look at the top card of your deck",
    "coin_shuffle_opp_active": "flip a coin: on heads the Defending Pokémon goes back into its deck",
    "heal_one": "heal {amount} damage from one of your {target_type} Pokémon",
    "coin_attach_until_tails": "flip coins until tails: attach a {energy_type} Energy from your zone to "
    "one of your {target_type} Pokémon for each heads",
    "damage_boost_turn": "this turn, attacks of your {only_names} do +{amount} damage to the Active",
    "return_active_to_hand": "put your Active {names} back into your hand",
    "zone_attach_named": "attach {count} {energy_type} Energy from your zone to your {target_names}",
    "trainer_opponent_switch": "your opponent switches their Active Pokémon with a Benched one",
    "gather_energy_to_active": "move all {energy_type} Energy of your Benched Pokémon to your Active {names}",
    "reveal_hand": "your opponent shows you their hand",
    "damage_per_energy_coinflip": "flip a coin for each Energy on this Pokémon: {per} damage for each heads",
    "aura_energy_multiplier": "each {energy_type} Energy on your {pokemon_type} Pokémon provides "
    "{multiplier}",
    "discard_energy_random_all": "discard a random Energy from all Pokémon in play (both sides)",
    "move_energy_to_active": "once a turn, move a {energy_type} Energy from a Benched Pokémon to your "
    "Active {target_type} Pokémon",
    "copy_attack": "use an attack of your opponent's Active Pokémon",
    "damage_per_bench_opp": "{per} damage for each of your opponent's Benched Pokémon",
    "heal_team": "heal {amount} damage from each of your Pokémon",
    "aura_block_evolution": "while Active, your opponent's Active Pokémon cannot evolve",
    "damage_if_ko_last_turn": "+{bonus} damage if one of your Pokémon was knocked out by an attack last turn",
    "attack_coin_gate_next_turn": "next turn the Defending Pokémon must flip heads to attack",
    "damage_if_opp_ex": "+{bonus} damage if the Defending Pokémon is a Pokémon ex",
    "shuffle_hand_draw_opp": "your opponent shuffles their hand into the deck and draws as many cards",
    "revive_to_opponent_bench": "put a Basic Pokémon from your opponent's discard pile onto their Bench",
    "top_card_if_type": "look at your top card: a {pokemon_type} Pokémon goes into your hand, anything "
    "else to the bottom of the deck",
    "team_damage_reduction_next_turn": "your Pokémon take {amount} less damage during your opponent's next "
    "turn",
    "retreat_reduction_turn": "your Active Pokémon's retreat costs {amount} less this turn",
    "look_at_top": "look at the top {count} cards of your deck",
    "search_basic_to_hand": "put a random Basic Pokémon from your deck into your hand",
    "opponent_shuffle_hand_draw": "your opponent shuffles their hand into the deck and draws {count} cards",
    "aura_on_zone_attach": "when a {on_energy} Energy from your zone is attached to it: {reaction}",
    "inflict_status": "the Defending Pokémon is {status}",
    "damage_if_tool": "+{bonus} damage if the Defending Pokémon has a Tool attached",
    "zone_attach_bench_pair": "attach a {energy_type} Energy from your zone to 2 of your Benched Pokémon",
    "self_status": "this Pokémon is now {status}",
    "attack_bonus_later": "this Pokémon's attacks do +{amount} damage during your next turn",
    "self_any_damage": "{amount} damage to one of your own Pokémon",
    "aura_on_turn_end": "at the end of your turn: {reaction}",
    "discard_top_deck_both": "each player discards the top {count} cards of their deck",
    "damage_if_attack_used_last_turn": "+{bonus} damage if your Pokémon used {attack} last turn",
    "damage_if_evolved_this_turn": "+{bonus} damage if this Pokémon evolved this turn",
    "damage_per_attack_used": "{per} damage for each time your Pokémon used {attack} this game",
    "counter_damage_next_turn": "during your opponent's next turn, {amount} damage back to a Pokémon whose "
    "attack damages this one",
    "coin_gust_opp_bench": "flip a coin: on heads switch in one of your opponent's Benched Pokémon",
    "damage_if_opp_evolution": "+{bonus} damage if the Defending Pokémon is an evolved Pokémon",
    "damage_if_bench_named": "+{bonus} damage if {name} is on your Bench",
    "heal_one_on_evolve": "when played to evolve, heal {amount} damage from one of your {target_type} "
    "Pokémon",
    "damage_plus_self_damage": "the attack also does damage to this Pokémon",
    "aura_evolves_as": "may evolve from cards that evolve from {name}",
}

#: Parameters written as a capitalised type or status.
_CAPITALISED = frozenset({"energy_type", "pokemon_type", "target_type", "status", "on_energy"})


def _value(key: str, value: ParamValue) -> str:
    if key in _CAPITALISED:
        return str(value).capitalize()
    if isinstance(value, str) and "," in value:
        return " or ".join(value.split(","))
    if key == "reaction":
        return str(value).replace("_", " ")
    return str(value)


def spec_words(spec: EffectSpec) -> str:
    """What ``spec`` does, in our words (module docstring)."""
    params = {key: _value(key, value) for key, value in spec.params.items()}
    template = TEMPLATES.get(spec.effect_id)
    if template is not None:
        try:
            return template.format(**params)
        except KeyError:
            pass
    numbers = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in params.items())
    words = spec.effect_id.replace("_", " ")
    return f"{words} ({numbers})" if numbers else words
