"""Build ``data/a1.json``, ``data/a1a.json`` and ``data/p-a.json`` (the project's card format) from the
reference card lists.

Statistics (HP, type, weakness, retreat, costs, damage, evolution line) are read from the reference
files; effects are NOT read from their texts: every effect is this module's own mapping from
(card name, attack or ability name) to a registry mechanic with parameters. A card whose attack or
ability carries an effect without a mapping is written with ``implemented: false`` and the reason. A
Pokémon that evolves from a card no shipped set contains is implemented like any other; the catalog
reports that no deck can evolve into it (``catalog.missing_pre_evolution``) and decks refuse it.

Run: ``python -m darwindeck.tcg.tools.build_cards [REFERENCE_DIR]``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

REFERENCE = Path("/work/shared/reference/pocket")
OUT = Path(__file__).resolve().parent.parent / "data"
SETS = {"A1": "a1-genetic-apex.json", "A1a": "a1a-mythical-island.json", "P-A": "promo-a.json"}

Spec = tuple[str, dict[str, Any]]

ATTACKS: dict[tuple[str, str], list[Spec]] = {
    ("Dragonite", "Draco Meteor"): [("random_hits", {"times": 4, "amount": 50})],
    ("Mew ex", "Genome Hacking"): [("copy_attack", {})],
    ("Ditto", "Copy Anything"): [("copy_attack_any", {})],
    ("Flareon", "Flamethrower"): [("discard_energy_self", {"energy_type": "fire", "count": 1})],
    ("Charizard ex", "Crimson Storm"): [("discard_energy_self", {"energy_type": "fire", "count": 2})],
    ("Charizard", "Fire Spin"): [("discard_energy_self", {"energy_type": "fire", "count": 2})],
    ("Magmar", "Fire Blast"): [("discard_energy_self", {"energy_type": "fire", "count": 2})],
    ("Volcarona", "Volcanic Ash"): [
        ("discard_energy_self", {"energy_type": "fire", "count": 2}),
        ("snipe_any", {"amount": 80}),
    ],
    ("Mewtwo ex", "Psydrive"): [("discard_energy_self", {"energy_type": "psychic", "count": 2})],
    ("Mewtwo", "Power Blast"): [("discard_energy_self", {"energy_type": "psychic", "count": 2})],
    ("Centiskorch", "Fire Blast"): [("discard_energy_self", {"energy_type": "fire", "count": 1})],
    ("Charmander", "Ember"): [("discard_energy_self", {"energy_type": "fire", "count": 1})],
    ("Ninetales", "Flamethrower"): [("discard_energy_self", {"energy_type": "fire", "count": 1})],
    ("Gyarados ex", "Rampaging Whirlpool"): [("discard_energy_random_all", {})],
    ("Gyarados", "Hyper Beam"): [("discard_energy_opp_active", {"coin": False})],
    ("Raichu", "Thunderbolt"): [("discard_energy_self_all", {})],
    ("Meowth", "Pay Day"): [("draw_cards", {"count": 1})],
    ("Sigilyph", "Spike Draw"): [("draw_cards", {"count": 1})],
    ("Cubone", "Growl"): [("weaken_defender_next_turn", {"amount": 20})],
    ("Weezing", "Smokescreen"): [("attack_coin_gate_next_turn", {})],
    ("Omastar", "Ancient Whirlpool"): [("prevent_attack_next_turn", {"coin": False})],
    ("Arbok", "Corner"): [("prevent_retreat", {})],
    ("Galvantula", "Electroweb"): [("prevent_retreat", {})],
    ("Mr. Mime", "Barrier Attack"): [("reduce_damage_next_turn", {"reduction": 20})],
    ("Golem", "Guard Press"): [("reduce_damage_next_turn", {"reduction": 30})],
    ("Kingler", "KO Crab"): [("coin_bonus", {"coins": 2, "bonus": 80})],
    ("Golurk", "Double Lariat"): [("damage_per_heads", {"coins": 2, "per": 100})],
    ("Kangaskhan", "Dizzy Punch"): [("damage_per_heads", {"coins": 2, "per": 30})],
    ("Pinsir", "Double Horn"): [("damage_per_heads", {"coins": 2, "per": 50})],
    ("Marowak ex", "Bonemerang"): [("damage_per_heads", {"coins": 2, "per": 80})],
    ("Moltres ex", "Inferno Dance"): [("coin_zone_attach_bench", {"coins": 3, "pokemon_type": "fire"})],
    ("Jolteon", "Pin Missile"): [("damage_per_heads", {"coins": 4, "per": 40})],
    ("Zapdos ex", "Thundering Hurricane"): [("damage_per_heads", {"coins": 4, "per": 50})],
    ("Celebi ex", "Powerful Bloom"): [("damage_per_energy_coinflip", {"per": 50})],
    ("Eevee", "Continuous Steps"): [("damage_until_tails", {"per": 20})],
    ("Lickitung", "Continuous Lick"): [("damage_until_tails", {"per": 60})],
    ("Drednaw", "Crunch"): [("discard_energy_opp_active", {"coin": True})],
    ("Fearow", "Drill Run"): [("discard_energy_opp_active", {"coin": True})],
    ("Mawile", "Crunch"): [("discard_energy_opp_active", {"coin": True})],
    ("Persian", "Shadow Claw"): [("discard_random_hand_coin", {})],
    ("Cramorant", "Dive"): [("protect_self_coin", {})],
    ("Dugtrio", "Dig"): [("protect_self_coin", {})],
    ("Vulpix", "Tail Whip"): [("prevent_attack_next_turn", {"coin": True})],
    ("Exeggutor", "Stomp"): [("coin_bonus", {"coins": 1, "bonus": 30})],
    ("Ponyta", "Stomp"): [("coin_bonus", {"coins": 1, "bonus": 30})],
    ("Exeggutor ex", "Tropical Swing"): [("coin_bonus", {"coins": 1, "bonus": 40})],
    ("Heliolisk", "Quick Attack"): [("coin_bonus", {"coins": 1, "bonus": 40})],
    ("Electabuzz", "Thunder Punch"): [("coin_bonus_or_recoil", {"bonus": 40, "recoil": 20})],
    ("Rapidash", "Rising Lunge"): [("coin_bonus", {"coins": 1, "bonus": 60})],
    ("Aerodactyl", "Primal Wingbeat"): [("coin_shuffle_opp_active", {})],
    **{
        (name, attack): [("inflict_status_coin", {"status": "paralyzed"})]
        for name, attack in [
            ("Articuno", "Ice Beam"),
            ("Dedenne", "Thunder Shock"),
            ("Eelektross", "Thunder Fang"),
            ("Pincurchin", "Thunder Shock"),
        ]
    },
    **{
        (name, attack): [("coin_or_nothing", {})]
        for name, attack in [
            ("Mankey", "Focus Fist"),
            ("Moltres", "Sky Attack"),
            ("Seaking", "Horn Hazard"),
            ("Skiddo", "Surprise Attack"),
        ]
    },
    ("Floette", "Leaf Drain"): [("heal_self", {"amount": 10})],
    ("Petilil", "Blot"): [("heal_self", {"amount": 10})],
    ("Tangela", "Absorb"): [("heal_self", {"amount": 10})],
    ("Florges", "Bloomshine"): [("heal_team", {"amount": 20})],
    ("Vaporeon", "Bubble Drain"): [("heal_self", {"amount": 30})],
    ("Venusaur ex", "Giant Bloom"): [("heal_self", {"amount": 30})],
    ("Venusaur", "Mega Drain"): [("heal_self", {"amount": 30})],
    ("Kabutops", "Leech Life"): [("heal_self_by_damage_dealt", {})],
    ("Marshadow", "Revenge"): [("damage_if_ko_last_turn", {"bonus": 60})],
    ("Blastoise ex", "Hydro Bazooka"): [
        ("damage_if_extra_energy", {"energy_type": "water", "count": 2, "bonus": 60})
    ],
    ("Blastoise", "Hydro Pump"): [
        ("damage_if_extra_energy", {"energy_type": "water", "count": 2, "bonus": 60})
    ],
    ("Dhelmise", "Energy Whip"): [
        ("damage_if_extra_energy", {"energy_type": "grass", "count": 3, "bonus": 70})
    ],
    ("Lapras", "Hydro Pump"): [("damage_if_extra_energy", {"energy_type": "water", "count": 3, "bonus": 70})],
    ("Primeape", "Fight Back"): [("damage_if_self_damaged", {"bonus": 60})],
    ("Bruxish", "Second Strike"): [("damage_if_opp_damaged", {"bonus": 60})],
    ("Salandit", "Venoshock"): [("damage_if_status", {"status": "poisoned", "bonus": 40})],
    ("Muk", "Venoshock"): [("damage_if_status", {"status": "poisoned", "bonus": 50})],
    ("Scolipede", "Venoshock"): [("damage_if_status", {"status": "poisoned", "bonus": 50})],
    ("Tauros", "Fighting Tackle"): [("damage_if_opp_ex", {"bonus": 80})],
    ("Caterpie", "Find a Friend"): [("search_deck_to_hand", {"pokemon_type": "grass"})],
    ("Koffing", "Division"): [("deck_to_bench", {"name": "Koffing"})],
    ("Nidoran♀", "Call for Family"): [("deck_to_bench", {"name": "Nidoran♂"})],
    ("Chatot", "Mimic"): [("shuffle_hand_draw_opp", {})],
    ("Grapploct", "Knock Back"): [("opponent_switch", {})],
    ("Abra", "Teleport"): [("switch_self", {})],
    ("Magikarp", "Leap Out"): [("switch_self", {})],
    ("Meltan", "Amass"): [("zone_attach_self", {"energy_type": "metal", "count": 1})],
    ("Exeggcute", "Growth Spurt"): [("zone_attach_self", {"energy_type": "grass", "count": 1})],
    ("Lilligant", "Leaf Supply"): [("zone_attach_bench", {"energy_type": "grass", "target_type": "grass"})],
    ("Arcanine ex", "Inferno Onrush"): [("self_damage", {"amount": 20})],
    ("Arcanine", "Heat Tackle"): [("self_damage", {"amount": 20})],
    ("Golem", "Double-Edge"): [("self_damage", {"amount": 50})],
    ("Articuno ex", "Blizzard"): [("bench_splash_opp", {"amount": 10})],
    ("Raichu", "Gigashock"): [("bench_splash_opp", {"amount": 20})],
    ("Zapdos", "Raging Thunder"): [("self_bench_damage", {"amount": 30})],
    ("Pikachu", "Circle Circuit"): [("damage_per_bench_own", {"per": 10, "pokemon_type": "lightning"})],
    ("Pikachu ex", "Circle Circuit"): [("damage_per_bench_own", {"per": 30, "pokemon_type": "lightning"})],
    ("Cinccino", "Do the Wave"): [("damage_per_bench_own", {"per": 30})],
    ("Nidoqueen", "Lovestrike"): [("damage_per_bench_own", {"per": 50, "name": "Nidoking"})],
    ("Exeggutor", "Psychic"): [("damage_per_opp_energy", {"per": 20})],
    ("Jynx", "Psychic"): [("damage_per_opp_energy", {"per": 20})],
    ("Alakazam", "Psychic"): [("damage_per_opp_energy", {"per": 30})],
    ("Beheeyem", "Mind Jack"): [("damage_per_bench_opp", {"per": 20})],
    ("Pidgeot ex", "Scattering Cyclone"): [("damage_per_bench_opp", {"per": 20})],
    ("Hitmonlee", "Stretch Kick"): [("snipe_bench", {"amount": 30})],
    ("Lumineon", "Aqua Liner"): [("snipe_bench", {"amount": 50})],
    ("Zebstrika", "Thunder Spear"): [("snipe_any", {"amount": 30})],
    ("Electabuzz", "Thunder Spear"): [("snipe_any", {"amount": 40})],
    ("Seadra", "Water Arrow"): [("snipe_any", {"amount": 50})],
    ("Gengar", "Bother"): [("block_supporters", {})],
    ("Psyduck", "Headache"): [("block_supporters", {})],
    ("Mew", "Psy Report"): [("reveal_hand", {})],
    **{
        (name, attack): [("inflict_sleep", {})]
        for name, attack in [
            ("Flabébé", "Hypnotic Gaze"),
            ("Frosmoth", "Powder Snow"),
            ("Shiinotic", "Flickering Spores"),
            ("Vileplume", "Soothing Scent"),
            ("Wigglytuff ex", "Sleepy Song"),
        ]
    },
    **{
        (name, attack): [("inflict_poison", {})]
        for name, attack in [
            ("Grimer", "Poison Gas"),
            ("Nidoking", "Poison Horn"),
            ("Salazzle", "Poison Claws"),
            ("Tentacruel", "Poison Tentacles"),
            ("Venomoth", "Poison Powder"),
            ("Whirlipede", "Poison Sting"),
        ]
    },
}

ABILITIES: dict[tuple[str, str], tuple[Spec, int | None]] = {
    ("Gengar ex", "Shadowy Spellbind"): (("aura_block_supporters_active", {}), None),
    ("Vaporeon", "Wash Out"): (
        ("move_energy_to_active", {"energy_type": "water", "target_type": "water"}),
        None,
    ),
    ("Serperior", "Jungle Totem"): (
        ("aura_energy_multiplier", {"energy_type": "grass", "multiplier": 2, "pokemon_type": "grass"}),
        None,
    ),
    ("Druddigon", "Rough Skin"): (("aura_counter_damage", {"amount": 20}), None),
    ("Poliwrath", "Counterattack"): (("aura_counter_damage", {"amount": 20}), None),
    ("Victreebel", "Fragrance Trap"): (("gust_opponent_basic", {}), 1),
    ("Weezing", "Gas Leak"): (("ability_status_active", {"status": "poisoned"}), 1),
    ("Greninja", "Water Shuriken"): (("deal_damage_any", {"damage": 20}), 1),
    ("Hypno", "Sleep Pendulum"): (("ability_coin_status", {"status": "asleep"}), 1),
    ("Butterfree", "Powder Heal"): (("heal_team_ability", {"amount": 20}), 1),
    ("Porygon", "Data Scan"): (("peek_top_deck", {}), 1),
    ("Pidgeot", "Drive Off"): (("ability_opponent_switch", {}), 1),
    ("Gardevoir", "Psy Shadow"): (
        ("energy_to_active", {"energy_type": "psychic", "target_type": "psychic"}),
        1,
    ),
    ("Magneton", "Volt Charge"): (("zone_attach_to_self", {"energy_type": "lightning"}), 1),
    ("Cloyster", "Shell Armor"): (("aura_damage_reduction", {"amount": 10}), None),
    ("Melmetal", "Hard Coat"): (("aura_damage_reduction", {"amount": 20}), None),
    ("Aerodactyl ex", "Primeval Law"): (("aura_block_evolution", {}), None),
}

#: Promo-A's attacks that reuse a registry mechanic (its reprints of A1 / A1a cards map through ATTACKS).
PROMO_ATTACKS: dict[tuple[str, str], list[Spec]] = {
    ("Lapras ex", "Bubble Drain"): [("heal_self", {"amount": 20})],
    ("Mankey", "Reckless Charge"): [("self_damage", {"amount": 10})],
    ("Venusaur", "Mega Drain"): [("heal_self", {"amount": 30})],
    ("Haunter", "Surprise Attack"): [("coin_or_nothing", {})],
    ("Jigglypuff", "Sing"): [("inflict_sleep", {})],
    ("Eevee", "Growl"): [("weaken_defender_next_turn", {"amount": 20})],
    ("Cinccino", "Do the Wave"): [("damage_per_bench_own", {"per": 30})],
    ("Piplup", "Nap"): [("heal_self", {"amount": 20})],
    ("Electivire", "Exciting Voltage"): [
        ("damage_if_extra_energy", {"energy_type": "lightning", "count": 2, "bonus": 80})
    ],
    ("Cherrim", "Leech Seed"): [("heal_self", {"amount": 20})],
    ("Raichu", "Spark"): [("snipe_bench", {"amount": 20})],
    ("Nosepass", "Iron Defense"): [("protect_self_coin", {})],
    ("Sprigatito", "Cry for Help"): [("search_deck_to_hand", {"pokemon_type": "grass"})],
    ("Floatzel", "Attack the Wound"): [("damage_if_opp_damaged", {"bonus": 60})],
    ("Machamp", "Power Press"): [
        ("damage_if_extra_energy", {"energy_type": "fighting", "count": 2, "bonus": 50})
    ],
    ("Ekans", "Poison Sting"): [("inflict_poison", {})],
    ("Pachirisu", "Plasma"): [
        ("zone_attach_bench", {"energy_type": "lightning", "target_type": "lightning"})
    ],
    ("Exeggcute", "Growth Spurt"): [("zone_attach_self", {"energy_type": "grass", "count": 1})],
    ("Rayquaza", "Spiral Rush"): [("damage_until_tails", {"per": 30})],
    ("Rayquaza ex", "Draco Meteor"): [("random_hits", {"times": 4, "amount": 40})],
    ("Cosmog", "Teleport"): [("switch_self", {})],
    ("Lycanroc", "Crunch"): [("discard_energy_opp_active", {"coin": True})],
    ("Alolan Exeggutor", "Tropical Hammer"): [("coin_or_nothing", {})],
    ("Alolan Ninetales", "Blizzard"): [("bench_splash_opp", {"amount": 20})],
    ("Alolan Grimer", "Poison Gas"): [("inflict_poison", {})],
    ("Toucannon", "Beak Blast"): [("inflict_status_coin", {"status": "burned"})],
    ("Blacephalon", "Beat Punk"): [("self_damage", {"amount": 70})],
    ("Dawn Wings Necrozma", "Psychobilly"): [("self_damage", {"amount": 30})],
    ("Dusk Mane Necrozma", "Black Metal"): [("discard_energy_self", {"energy_type": "metal", "count": 1})],
    ("Stakataka", "Brass Rock"): [("reduce_damage_next_turn", {"reduction": 20})],
    ("Poipole", "2-Step"): [("damage_per_heads", {"coins": 2, "per": 20})],
    ("Tapu Koko ex", "Plasma Hurricane"): [("zone_attach_self", {"energy_type": "lightning", "count": 1})],
    ("Dragonair", "Shed Skin"): [("heal_self", {"amount": 30})],
    ("Audino", "Drain Slap"): [("heal_self", {"amount": 10})],
    ("Horsea", "Water Arrow"): [("snipe_any", {"amount": 10})],
    ("Tropius", "Double Smash"): [("damage_per_heads", {"coins": 2, "per": 40})],
    ("Poliwag", "Surprise Attack"): [("coin_or_nothing", {})],
    ("Pikachu", "Quick Attack"): [("coin_bonus", {"coins": 1, "bonus": 30})],
    ("Raichu ex", "Volt Tackle"): [("self_damage", {"amount": 30})],
    ("Machamp", "Hurricane Punch"): [("damage_per_heads", {"coins": 4, "per": 50})],
    ("Absol", "Leap Over"): [("snipe_bench", {"amount": 30})],
    # Promo-A's own mechanics (card texts quoted at their handlers in ``effects/``).
    ("Misdreavus", "Confuse Ray"): [("inflict_status", {"status": "confused"})],
    ("Xurkitree", "Electronica"): [("inflict_status", {"status": "confused"})],
    ("Skarmory", "Metal Arms"): [("damage_if_tool", {"bonus": 30})],
    ("Greedent", "Enhanced Fang"): [("damage_if_tool", {"bonus": 50})],
    ("Manaphy", "Oceanic Gift"): [("zone_attach_bench_pair", {"energy_type": "water"})],
    ("Snorlax", "Collapse"): [("self_status", {"status": "asleep"})],
    ("Cyclizar", "Overacceleration"): [("attack_bonus_later", {"amount": 20, "until": "next_turn"})],
    ("Miltank", "Rolling Frenzy"): [("attack_bonus_later", {"amount": 30, "until": "leaves_active"})],
    ("Mimikyu", "Shadow Hit"): [("self_any_damage", {"amount": 20})],
    ("Mimikyu", "Try to Imitate"): [("copy_attack", {"coin": True})],
    ("Ultra Necrozma ex", "Shoegaze"): [("discard_top_deck_both", {"count": 5})],
    ("Vanillite", "Sweets Relay"): [
        ("damage_if_attack_used_last_turn", {"attack": "Sweets Relay", "bonus": 20})
    ],
    ("Alcremie", "Sweets Overload"): [("damage_per_attack_used", {"attack": "Sweets Relay", "per": 40})],
    ("Jolteon", "Beginning Bolt"): [("damage_if_evolved_this_turn", {"bonus": 20})],
    ("Togedemaru", "Bristling Spikes"): [("counter_damage_next_turn", {"amount": 30})],
    ("Cleffa", "Twinkly Call"): [("search_deck_to_hand", {})],
    ("Chinchou", "Luring Glow"): [("coin_gust_opp_bench", {})],
    ("Houndoom", "Diving Swipe"): [("discard_random_hand_coin", {"coin": False})],
    ("Kangaskhan", "Cross-Cut"): [("damage_if_opp_evolution", {"bonus": 40})],
    ("Blissey ex", "Happy Punch"): [("heal_self", {"amount": 60, "coin": True})],
    ("Latias", "Crossing Flights"): [("damage_if_bench_named", {"name": "Latios", "bonus": 20})],
    ("Phanpy", "Flail"): [("damage_plus_self_damage", {})],
    ("Regigigas", "Raging Hammer"): [("damage_plus_self_damage", {})],
    ("Entei ex", "Blazing Beatdown"): [
        ("damage_if_extra_energy", {"energy_type": "fire", "count": 2, "bonus": 60})
    ],
}

#: Promo-A's abilities (card texts quoted at their handlers in ``effects/``).
PROMO_ABILITIES: dict[tuple[str, str], tuple[Spec, int | None]] = {
    ("Cresselia ex", "Lunar Plumage"): (
        ("aura_on_zone_attach", {"on_energy": "psychic", "reaction": "heal_self", "amount": 20}),
        None,
    ),
    ("Darkrai ex", "Nightmare Aura"): (
        ("aura_on_zone_attach", {"on_energy": "darkness", "reaction": "deal_damage_any", "damage": 20}),
        None,
    ),
    ("Raichu", "Resilience Link"): (
        ("aura_damage_reduction", {"amount": 30, "requires_in_play": "Arceus,Arceus ex"}),
        None,
    ),
    ("Staraptor", "Defensive Whirlwind"): (
        ("aura_damage_reduction", {"amount": 30, "attacker_type": "fighting"}),
        None,
    ),
    ("Pawmot", "Counterattack"): (("aura_counter_damage", {"amount": 20}), None),
    ("Zeraora", "Thunderclap Flash"): (
        (
            "aura_on_turn_end",
            {"reaction": "zone_attach_to_self", "energy_type": "lightning", "first_turn_only": True},
        ),
        None,
    ),
    ("Entei ex", "Legendary Pulse"): (
        ("aura_on_turn_end", {"reaction": "draw_cards", "count": 1, "requires_active": True}),
        None,
    ),
    ("Zoroark", "Illusive Trickery"): (("aura_on_turn_end", {"reaction": "protect_self_after_ko"}), None),
    ("Milotic", "Healing Ripples"): (("heal_one_on_evolve", {"amount": 60, "target_type": "water"}), 1),
    ("Eevee ex", "Veevee ’volve"): (("aura_evolves_as", {"name": "Eevee"}), None),
    ("Shaymin", "Fragrant Flower Garden"): (("heal_team_ability", {"amount": 10}), 1),
}

TRAINERS: dict[str, list[Spec]] = {
    "Erika": [("heal_one", {"amount": 50, "target_type": "grass"})],
    "Misty": [("coin_attach_until_tails", {"energy_type": "water", "target_type": "water"})],
    "Blaine": [("damage_boost_turn", {"amount": 30, "only_names": "Ninetales,Rapidash,Magmar"})],
    "Koga": [("return_active_to_hand", {"names": "Muk,Weezing"})],
    "Giovanni": [("damage_boost_turn", {"amount": 10})],
    "Brock": [("zone_attach_named", {"energy_type": "fighting", "count": 1, "target_names": "Golem,Onix"})],
    "Sabrina": [("trainer_opponent_switch", {})],
    "Lt. Surge": [
        ("gather_energy_to_active", {"energy_type": "lightning", "names": "Raichu,Electrode,Electabuzz"})
    ],
    "Pokémon Flute": [("revive_to_opponent_bench", {})],
    "Mythical Slab": [("top_card_if_type", {"pokemon_type": "psychic"})],
    "Budding Expeditioner": [("return_active_to_hand", {"names": "Mew ex"})],
    "Blue": [("team_damage_reduction_next_turn", {"amount": 10})],
    "Leaf": [("retreat_reduction_turn", {"amount": 2})],
    # Promo-A's basic Trainers (card texts quoted at their handlers in ``effects/trainers.py``).
    "Potion": [("heal_one", {"amount": 20})],
    "X Speed": [("retreat_reduction_turn", {"amount": 1})],
    "Hand Scope": [("reveal_hand", {})],
    "Pokédex": [("look_at_top", {"count": 3})],
    "Poké Ball": [("search_basic_to_hand", {})],
    "Red Card": [("opponent_shuffle_hand_draw", {"count": 3})],
    "Professor's Research": [("draw_cards", {"count": 2})],
}

FOSSILS = {"Helix Fossil", "Dome Fossil", "Old Amber"}
FOSSIL_HP = 40
STAGES = {"Basic": "basic", "Stage 1": "stage1", "Stage 2": "stage2"}


def _energy(name: str | None) -> str | None:
    return None if name is None else name.lower()


def _damage(text: str) -> int:
    """Base damage; "50x" attacks do their damage through their effect, so their base is 0."""
    if text.endswith("x"):
        return 0
    match = re.match(r"\d+", text)
    return int(match.group()) if match else 0


def _per_unit(text: str) -> int | None:
    match = re.match(r"(\d+)x$", text)
    return int(match.group(1)) if match else None


def _attack(card_name: str, raw: dict[str, Any], missing: list[str]) -> dict[str, Any]:
    specs = ATTACKS.get((card_name, raw["name"])) or PROMO_ATTACKS.get((card_name, raw["name"]), [])
    if raw.get("effect") and not specs:
        missing.append(f"attack {raw['name']!r} has an effect with no mechanic")
    per = _per_unit(raw["damage"])
    effects = []
    for effect_id, params in specs:
        effects.append({"effect_id": effect_id, "params": params})
        if per is not None and "per" in params and params["per"] != per:
            missing.append(f"attack {raw['name']!r}: per-unit damage {per} disagrees with its mechanic")
    return {
        "name": raw["name"],
        "cost": [c.lower() for c in raw["cost"] if c is not None],  # [None]: a free attack (Cleffa)
        "damage": _damage(raw["damage"]),
        "effects": effects,
    }


def _ability(card_name: str, raw: dict[str, Any], missing: list[str]) -> dict[str, Any] | None:
    mapped = ABILITIES.get((card_name, raw["name"])) or PROMO_ABILITIES.get((card_name, raw["name"]))
    if mapped is None:
        missing.append(f"ability {raw['name']!r} has no mechanic")
        return None
    (effect_id, params), uses = mapped
    return {"name": raw["name"], "effect": {"effect_id": effect_id, "params": params}, "uses_per_turn": uses}


def convert(raw: dict[str, Any], set_code: str) -> dict[str, Any]:
    missing: list[str] = []
    name = raw["name"]
    card: dict[str, Any] = {"id": raw["id"], "name": name, "set_code": set_code}
    if raw["type"] == "Trainer":
        card["kind"] = raw["subtype"].lower()
        if name in FOSSILS:
            card.update(plays_as_basic=True, hp=FOSSIL_HP, stage="basic", retreat_cost=None)
        elif name in TRAINERS:
            card["trainer_effects"] = [{"effect_id": e, "params": p} for e, p in TRAINERS[name]]
        else:
            missing.append("trainer effect has no mechanic")
    else:
        card.update(
            kind="pokemon",
            stage=STAGES[raw["subtype"]],
            hp=raw["health"],
            pokemon_type=_energy(raw["element"]),
            weakness=_energy(raw["weakness"]),
            retreat_cost=raw["retreatCost"],
            evolves_from=raw["evolvesFrom"],
            is_ex=name.endswith(" ex"),
            attacks=[_attack(name, a, missing) for a in raw["attacks"]],
            abilities=[a for a in (_ability(name, r, missing) for r in raw["abilities"]) if a is not None],
        )
    card["implemented"] = not missing
    card["missing"] = "; ".join(missing)
    return card


def main(argv: list[str]) -> None:
    reference = Path(argv[0]) if argv else REFERENCE
    converted = {
        set_code: [
            convert(raw, set_code) for raw in json.loads((reference / filename).read_text(encoding="utf-8"))
        ]
        for set_code, filename in SETS.items()
    }
    for set_code, cards in converted.items():
        (OUT / f"{set_code.lower()}.json").write_text(
            json.dumps(cards, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        done = sum(c["implemented"] for c in cards)
        print(f"{set_code}: {done}/{len(cards)} cards implemented")


if __name__ == "__main__":
    main(sys.argv[1:])
