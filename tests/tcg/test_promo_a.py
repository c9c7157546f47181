"""Promo-A: one forced scenario per mechanic the set added, and the catalog's 117/117.

Each expected number is worked out by hand from the card text (quoted) and the Pocket rules: weakness
+20 against the Active only, ability damage without weakness, knock-outs once damage reaches HP. Player 0
acts on odd turns (``tcg_scenario``); a card id names a Promo-A card whose name an earlier set also has.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from darwindeck.tcg.battle.card_status import card_statuses, summary_line
from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.core.catalog import all_cards, cards_of_set
from darwindeck.tcg.core.decks import Deck, deck_problems
from darwindeck.tcg.core.models import CardDefinition, CardInstance, CardKind, EnergyType, Stage, Status
from darwindeck.tcg.rules import board
from tcg.tcg_scenario import D, F, G, L, M, P, R, W, cid, scenario

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "pocket" / "promo-a.json"
END = 0


def act(kind: ActionKind, number: int = 0, target: int = 0) -> int:
    return encode(Action(kind, number, target))


def attack(index: int = 0, target: int = 0) -> int:
    return act(ActionKind.ATTACK, index, target)


def ability(slot: int, target: int = 0) -> int:
    return act(ActionKind.ABILITY, slot, target)


def attack_codes(battle: Battle) -> list[int]:
    return [a for a in battle.legal_actions() if attack(0) <= a < ability(0)]


def ability_codes(battle: Battle) -> list[int]:
    return [a for a in battle.legal_actions() if ability(0) <= a < act(ActionKind.PLAY)]


def active(battle: Battle, player: int) -> CardInstance:
    pokemon = battle.state.players[player].active
    assert pokemon is not None
    return pokemon


def with_test_card(battle: Battle, name: str, energy_type: EnergyType) -> CardDefinition:
    """Add a plain Basic Pokémon of a name no shipped set has (Latios, Arceus, Feebas) to the pool."""
    card = CardDefinition(
        id=f"test-{name.lower()}",
        name=name,
        set_code="test",
        kind=CardKind.POKEMON,
        stage=Stage.BASIC,
        hp=90,
        pokemon_type=energy_type,
        retreat_cost=1,
    )
    battle.cards = {**all_cards(), card.id: card}
    return card


# ----------------------------------------------------------------- attacks: status and conditions


def test_confuse_ray_confuses_the_defender() -> None:
    # Misdreavus, Confuse Ray (no damage): "Your opponent's Active Pokémon is now Confused."
    battle = scenario(("Misdreavus", [P]), "Bulbasaur")
    battle.apply_action(attack())
    assert active(battle, 1).statuses == [Status.CONFUSED] and active(battle, 1).damage == 0


def test_metal_arms_has_no_tool_to_count() -> None:
    # Skarmory, Metal Arms 20+: "If this Pokémon has a Pokémon Tool attached, this attack does 30 more
    # damage." No Pokémon Tool exists in A1/A1a/P-A: 20 (Venusaur ex is weak to Fire, not Metal).
    battle = scenario(("Skarmory", [M]), "Venusaur ex")
    battle.apply_action(attack())
    assert active(battle, 1).damage == 20


def test_collapse_puts_snorlax_to_sleep() -> None:
    # Snorlax (P-A), Collapse 100: "This Pokémon is now Asleep." The Checkup flips for the sleeper
    # (the current player's Active first): tails, it stays Asleep.
    battle = scenario(("p-a-049", [G, G, G, G]), "Venusaur ex", coins=[False])
    battle.apply_action(attack())
    assert active(battle, 1).damage == 100
    assert active(battle, 0).statuses == [Status.ASLEEP] and battle.state.turn == 4


def test_beginning_bolt_after_evolving_this_turn() -> None:
    # Jolteon (P-A), Beginning Bolt 40+: "If this Pokémon evolved during this turn, this attack does 20
    # more damage." Evolved from Eevee this turn: 60; a Jolteon already in play: 40.
    evolved = scenario(("Eevee", [L]), "Venusaur ex", hand0=["p-a-086"])
    evolved.apply_action(act(ActionKind.PLAY, 0, 0))
    evolved.apply_action(attack())
    assert active(evolved, 1).damage == 60
    settled = scenario(("p-a-086", [L]), "Venusaur ex")
    settled.apply_action(attack())
    assert active(settled, 1).damage == 40


def test_cross_cut_against_an_evolution() -> None:
    # Kangaskhan (P-A), Cross-Cut 20+: "If your opponent's Active Pokémon is an Evolution Pokémon, this
    # attack does 40 more damage." Ivysaur (Stage 1): 60; Bulbasaur (Basic): 20.
    against_ivysaur = scenario(("p-a-097", [G]), "Ivysaur")
    against_ivysaur.apply_action(attack())
    assert active(against_ivysaur, 1).damage == 60
    against_bulbasaur = scenario(("p-a-097", [G]), "Bulbasaur")
    against_bulbasaur.apply_action(attack())
    assert active(against_bulbasaur, 1).damage == 20


def test_crossing_flights_with_latios_on_the_bench() -> None:
    # Latias, Crossing Flights 20+: "If Latios is on your Bench, this attack does 20 more damage." No set
    # has Latios: a test Latios on the Bench makes it 40; without it, 20.
    alone = scenario(("Latias", [P]), "Venusaur ex", bench0=["Rattata"])
    alone.apply_action(attack())
    assert active(alone, 1).damage == 20
    pair = scenario(("Latias", [P]), "Venusaur ex")
    latios = with_test_card(pair, "Latios", EnergyType.PSYCHIC)
    pair.state.players[0].bench.append(CardInstance(uid="p0-latios", card_id=latios.id))
    pair.apply_action(attack())
    assert active(pair, 1).damage == 40


def test_flail_and_raging_hammer_add_their_own_damage() -> None:
    # Phanpy, Flail: "does damage ... equal to the damage this Pokémon has on it": 30 damage on it -> 30.
    # Regigigas, Raging Hammer 50+: "more damage equal to the damage this Pokémon has on it": 50 + 40.
    phanpy = scenario(("Phanpy", [F], 30), "Venusaur ex")
    phanpy.apply_action(attack())
    assert active(phanpy, 1).damage == 30
    regigigas = scenario(("Regigigas", [G, G, G, G], 40), "Venusaur ex")
    regigigas.apply_action(attack())
    assert active(regigigas, 1).damage == 90


def test_happy_punch_heals_on_heads() -> None:
    # Blissey ex, Happy Punch 100: "Flip a coin. If heads, heal 60 damage from this Pokémon."
    # 80 damage on Blissey ex: heads leaves 20, tails 80.
    heads = scenario(("Blissey ex", [G, G, G, G], 80), "Venusaur ex", coins=[True])
    heads.apply_action(attack())
    assert active(heads, 1).damage == 100 and active(heads, 0).damage == 20
    tails = scenario(("Blissey ex", [G, G, G, G], 80), "Venusaur ex", coins=[False])
    tails.apply_action(attack())
    assert active(tails, 0).damage == 80


def test_blazing_beatdown_needs_two_extra_fire() -> None:
    # Entei ex, Blazing Beatdown 60+ (cost Fire, Fire): "If this Pokémon has at least 2 extra Fire Energy
    # attached, this attack does 60 more damage." Venusaur ex is weak to Fire (+20): 4 Fire: 60+60+20 =
    # 140; 3 Fire (1 extra): 60+20 = 80.
    four = scenario(("Entei ex", [R, R, R, R]), "Venusaur ex")
    four.apply_action(attack())
    assert active(four, 1).damage == 140
    three = scenario(("Entei ex", [R, R, R]), "Venusaur ex")
    three.apply_action(attack())
    assert active(three, 1).damage == 80


# ----------------------------------------------------------------- attacks: later bonuses and history


def test_overacceleration_adds_20_during_the_next_turn_only() -> None:
    # Cyclizar, Overacceleration 20: "During your next turn, this Pokémon's Overacceleration attack does
    # +20 damage." Turns 3, 5, 7: 20, 40 (bonus of turn 3), 40 (bonus of turn 5, not 60): 100 in all.
    battle = scenario(("Cyclizar", [G]), "Venusaur ex")
    for _ in range(3):
        battle.apply_action(attack())
        if battle.state.turn == 8:
            break
        battle.apply_action(END)
    assert active(battle, 1).damage == 100
    # Skipping the next turn loses it: turn 3 (20), turn 5 no attack, turn 7 plain 20: 40.
    lapsed = scenario(("Cyclizar", [G]), "Venusaur ex")
    lapsed.apply_action(attack())
    for _ in range(3):
        lapsed.apply_action(END)
    lapsed.apply_action(attack())
    assert active(lapsed, 1).damage == 40


def test_rolling_frenzy_stacks_until_miltank_leaves_the_active_spot() -> None:
    # Miltank, Rolling Frenzy 10: "Until this Pokémon leaves the Active Spot, this Pokémon's Rolling
    # Frenzy attack does +30 damage. This effect stacks." Turns 3, 5, 7: 10, 40, 70 = 120. On turn 9 it
    # went to the Bench and back: the bonuses are gone, 10 more: 130.
    battle = scenario(("Miltank", [G]), "Venusaur ex", bench0=["Rattata"])
    battle.apply_action(attack())
    for _ in range(2):
        battle.apply_action(END)
        battle.apply_action(attack())
    assert active(battle, 1).damage == 120
    battle.apply_action(END)
    me = battle.state.players[0]
    board.move_active_to_bench(battle, me, 0)
    board.move_active_to_bench(battle, me, 0)
    battle.apply_action(attack())
    assert active(battle, 1).damage == 130


def test_sweets_relay_after_a_sweets_relay_last_turn() -> None:
    # Vanillite, Sweets Relay 10+: "If 1 of your Pokémon used Sweets Relay during your last turn, this
    # attack does 20 more damage." Turn 3: 10; turn 5: 30; turn 7 no attack; turn 9: 10. In all 50.
    battle = scenario(("Vanillite", [W]), "Venusaur ex")
    battle.apply_action(attack())
    battle.apply_action(END)
    battle.apply_action(attack())
    assert active(battle, 1).damage == 40
    for _ in range(3):
        battle.apply_action(END)
    battle.apply_action(attack())
    assert active(battle, 1).damage == 50


def test_sweets_overload_counts_every_sweets_relay_of_the_game() -> None:
    # Alcremie, Sweets Overload 40x: "This attack does 40 damage for each time your Pokémon used Sweets
    # Relay during this game." Vanillite relays on turns 3 (10) and 5 (30); on turn 7 it retreats and
    # Alcremie does 2 x 40 = 80: 120 in all.
    battle = scenario(("Vanillite", [W, W]), "Venusaur ex", bench0=[("Alcremie", [G])])
    battle.apply_action(attack())
    battle.apply_action(END)
    battle.apply_action(attack())
    battle.apply_action(END)
    battle.apply_action(act(ActionKind.RETREAT, 0))
    battle.apply_action(attack())
    assert active(battle, 1).damage == 120


# ----------------------------------------------------------------- attacks: other Pokémon, cards


def test_bristling_spikes_hits_back_during_the_next_turn() -> None:
    # Togedemaru, Bristling Spikes 30: "During your opponent's next turn, if this Pokémon is damaged by an
    # attack, do 30 damage to the Attacking Pokémon." Charmander (60 HP) takes 30; its Ember does 30 + 20
    # (Togedemaru is weak to Fire) = 50 and takes 30 back: 60, knocked out, 1 point for player 0.
    battle = scenario(("Togedemaru", [M, M]), ("Charmander", [R]), bench1=["Rattata"])
    battle.apply_action(attack())
    assert active(battle, 1).damage == 30
    togedemaru = active(battle, 0)
    battle.apply_action(attack())
    assert togedemaru.damage == 50 and battle.state.players[0].points == 1
    assert battle.state.players[1].discard == [cid("Charmander")]
    assert battle.manager.query_effects(battle.state, "counter_damage") == []  # over with that turn


def test_oceanic_gift_attaches_water_to_the_two_chosen() -> None:
    # Manaphy, Oceanic Gift: "Choose 2 of your Benched Pokémon. For each of those Pokémon, take a Water
    # Energy from your Energy Zone and attach it to that Pokémon." Bench of 3: targets 0, 1, 2 are the
    # pairs (1, 2), (1, 3), (2, 3); target 1 gives one Water each to Bench 1 and Bench 3.
    battle = scenario(("Manaphy", [W]), "Venusaur ex", bench0=["Rattata", "Squirtle", "Bulbasaur"])
    assert attack_codes(battle) == [attack(0, 0), attack(0, 1), attack(0, 2)]
    battle.apply_action(attack(0, 1))
    assert [p.energy for p in battle.state.players[0].bench] == [[W], [], [W]]
    assert active(battle, 1).damage == 0
    # Two on the Bench: no choice, one each.
    two = scenario(("Manaphy", [W]), "Venusaur ex", bench0=["Rattata", "Squirtle"])
    assert attack_codes(two) == [attack(0, 0)]
    two.apply_action(attack())
    assert [p.energy for p in two.state.players[0].bench] == [[W], [W]]


def test_shadow_hit_damages_one_of_your_own_pokemon() -> None:
    # Mimikyu (P-A 066), Shadow Hit 60: "This attack also does 20 damage to 1 of your Pokémon." The
    # player picks any own slot: Bench 1 (Rattata) takes 20, or Mimikyu itself.
    battle = scenario(("p-a-066", [P, P]), "Venusaur ex", bench0=["Rattata"])
    assert attack_codes(battle) == [attack(0, 0), attack(0, 1)]
    battle.apply_action(attack(0, 1))
    assert active(battle, 1).damage == 60 and battle.state.players[0].bench[0].damage == 20
    itself = scenario(("p-a-066", [P, P]), "Venusaur ex", bench0=["Rattata"])
    itself.apply_action(attack(0, 0))
    assert active(itself, 0).damage == 20 and itself.state.players[0].bench[0].damage == 0


def test_try_to_imitate_copies_on_heads_only() -> None:
    # Mimikyu (P-A 113), Try to Imitate: "Flip a coin. If heads, choose 1 of your opponent's Active
    # Pokémon's attacks and use it as this attack." Charmander's Ember: 30 (no weakness to Psychic).
    heads = scenario(("p-a-113", [P, P]), ("Charmander", [R]), coins=[True])
    heads.apply_action(attack(0, 0))
    assert active(heads, 1).damage == 30
    tails = scenario(("p-a-113", [P, P]), ("Charmander", [R]), coins=[False])
    tails.apply_action(attack(0, 0))
    assert active(tails, 1).damage == 0


def test_luring_glow_switches_in_the_chosen_benched_pokemon_on_heads() -> None:
    # Chinchou, Luring Glow: "Flip a coin. If heads, switch in 1 of your opponent's Benched Pokémon to
    # the Active Spot." Target 2 = Squirtle; heads: Squirtle Active, Venusaur ex to Bench 2.
    battle = scenario(("Chinchou", [L]), "Venusaur ex", bench1=["Rattata", "Squirtle"], coins=[True])
    assert attack_codes(battle) == [attack(0, 1), attack(0, 2)]
    battle.apply_action(attack(0, 2))
    them = battle.state.players[1]
    assert active(battle, 1).card_id == cid("Squirtle")
    assert [p.card_id for p in them.bench] == [cid("Rattata"), cid("Venusaur ex")]
    tails = scenario(("Chinchou", [L]), "Venusaur ex", bench1=["Rattata", "Squirtle"], coins=[False])
    tails.apply_action(attack(0, 2))
    assert active(tails, 1).card_id == cid("Venusaur ex")


def test_diving_swipe_discards_a_random_card_without_a_coin() -> None:
    # Houndoom, Diving Swipe 70: "Discard a random card from your opponent's hand." No coin is flipped
    # (the coin script is empty). Of Erika and Potion one is discarded; turn 4 draws a Rattata.
    battle = scenario(("Houndoom", [D, D, D]), "Venusaur ex", hand1=["Erika", "Potion"])
    battle.apply_action(attack())
    them = battle.state.players[1]
    assert active(battle, 1).damage == 70
    assert len(them.discard) == 1 and them.discard[0] in {cid("Erika"), cid("Potion")}
    assert len(them.hand) == 2 and cid("Rattata") in them.hand


def test_twinkly_call_takes_a_pokemon_of_any_type() -> None:
    # Cleffa, Twinkly Call (free): "Put a random Pokémon from your deck into your hand." The deck holds
    # Potion, Squirtle, Potion: the only Pokémon, Squirtle, comes to the hand.
    battle = scenario("Cleffa", "Venusaur ex")
    battle.state.players[0].deck = [cid("Potion"), cid("Squirtle"), cid("Potion")]
    battle.apply_action(attack())
    me = battle.state.players[0]
    assert me.hand == [cid("Squirtle")] and me.deck == [cid("Potion"), cid("Potion")]


def test_shoegaze_discards_five_from_each_deck() -> None:
    # Ultra Necrozma ex, Shoegaze 120: "Discard the top 5 cards of each player's deck." Decks of 8:
    # 3 left each; player 1 then draws 1 for turn 4.
    battle = scenario(("Ultra Necrozma ex", [P, P, M, M]), "Venusaur ex")
    battle.apply_action(attack(1))
    me, them = battle.state.players
    assert active(battle, 1).damage == 120
    assert (len(me.deck), len(me.discard)) == (3, 5) and (len(them.deck), len(them.discard)) == (2, 5)


# ----------------------------------------------------------------- abilities


def test_defensive_whirlwind_only_against_fighting() -> None:
    # Staraptor, Defensive Whirlwind: "This Pokémon takes −30 damage from attacks from Fighting Pokémon."
    # Machop's Knuckle Punch 20 - 30: 0; Rattata's Gnaw (Colorless) 20.
    fighting = scenario(("Machop", [F]), "Staraptor")
    fighting.apply_action(attack())
    assert active(fighting, 1).damage == 0
    colorless = scenario(("Rattata", [G]), "Staraptor")
    colorless.apply_action(attack())
    assert active(colorless, 1).damage == 20


def test_resilience_link_needs_arceus_in_play() -> None:
    # Raichu (P-A 044), Resilience Link: "If you have Arceus or Arceus ex in play, this Pokémon takes −30
    # damage from attacks." Bulbasaur's Vine Whip 40: 40 without Arceus; a test Arceus on Raichu's
    # Bench: 10.
    alone = scenario(("Bulbasaur", [G, G]), "p-a-044")
    alone.apply_action(attack())
    assert active(alone, 1).damage == 40
    linked = scenario(("Bulbasaur", [G, G]), "p-a-044")
    arceus = with_test_card(linked, "Arceus", EnergyType.COLORLESS)
    linked.state.players[1].bench.append(CardInstance(uid="p1-arceus", card_id=arceus.id))
    linked.apply_action(attack())
    assert active(linked, 1).damage == 10


def test_lunar_plumage_heals_on_psychic_from_the_zone() -> None:
    # Cresselia ex, Lunar Plumage: "Whenever you attach a Psychic Energy from your Energy Zone to this
    # Pokémon, heal 20 damage from this Pokémon." 50 damage: the turn's Psychic leaves 30; a Grass
    # Energy heals nothing; Gardevoir's Psy Shadow also takes a Psychic from the zone: 30.
    psychic = scenario(("Cresselia ex", [], 50), "Venusaur ex", energy0=P)
    psychic.apply_action(act(ActionKind.ATTACH, 0))
    assert active(psychic, 0).damage == 30 and active(psychic, 0).energy == [P]
    grass = scenario(("Cresselia ex", [], 50), "Venusaur ex", energy0=G)
    grass.apply_action(act(ActionKind.ATTACH, 0))
    assert active(grass, 0).damage == 50
    shadow = scenario(("Cresselia ex", [], 50), "Venusaur ex", bench0=["Gardevoir"])
    shadow.apply_action(ability(1))
    assert active(shadow, 0).damage == 30


def test_nightmare_aura_damages_the_opponents_active() -> None:
    # Darkrai ex, Nightmare Aura: "Whenever you attach a Darkness Energy from your Energy Zone to this
    # Pokémon, do 20 damage to your opponent's Active Pokémon." Bulbasaur (70 HP) with 60: 80, knocked
    # out (ability damage: no weakness); player 0 scores 1 and player 1 picks a new Active.
    battle = scenario("Rattata", ("Bulbasaur", [], 60), bench0=["Darkrai ex"], bench1=["Squirtle"], energy0=D)
    battle.apply_action(act(ActionKind.ATTACH, 1))
    assert battle.state.players[0].points == 1
    assert battle.state.players[1].discard == [cid("Bulbasaur")]
    assert battle.legal_actions() == [act(ActionKind.PROMOTE, 0)]


def test_pawmot_counterattack_and_shaymin_garden() -> None:
    # Pawmot, Counterattack: "If this Pokémon is in the Active Spot and is damaged by an attack from your
    # opponent's Pokémon, do 20 damage to the Attacking Pokémon." Rattata's Gnaw: 20 each way.
    battle = scenario(("Rattata", [G]), "Pawmot")
    battle.apply_action(attack())
    assert active(battle, 1).damage == 20 and active(battle, 0).damage == 20
    # Shaymin, Fragrant Flower Garden: "Once during your turn, you may heal 10 damage from each of your
    # Pokémon." 30 -> 20 and 5 -> 0; not twice in a turn.
    garden = scenario(("Shaymin", [], 30), "Venusaur ex", bench0=[("Bulbasaur", [], 5)])
    garden.apply_action(ability(0))
    assert active(garden, 0).damage == 20 and garden.state.players[0].bench[0].damage == 0
    assert ability_codes(garden) == []


def test_thunderclap_flash_at_the_end_of_each_players_first_turn() -> None:
    # Zeraora, Thunderclap Flash: "At the end of your first turn, take a Lightning Energy from your Energy
    # Zone and attach it to this Pokémon." Turn 1 (player 0's first), turn 2 (player 1's first): one
    # each; turn 3 ends without one.
    battle = scenario("Zeraora", "Zeraora", turn=1)
    battle.apply_action(END)
    assert active(battle, 0).energy == [L] and active(battle, 1).energy == []
    battle.apply_action(END)
    assert active(battle, 1).energy == [L]
    battle.apply_action(END)
    assert active(battle, 0).energy == [L]


def test_legendary_pulse_draws_at_the_end_of_the_turn_while_active() -> None:
    # Entei ex, Legendary Pulse: "At the end of your turn, if this Pokémon is in the Active Spot, draw a
    # card." Active: the hand goes 0 -> 1, the deck 8 -> 7; Benched: nothing.
    battle = scenario("Entei ex", "Venusaur ex")
    battle.apply_action(END)
    me = battle.state.players[0]
    assert (len(me.hand), len(me.deck)) == (1, 7)
    benched = scenario("Rattata", "Venusaur ex", bench0=["Entei ex"])
    benched.apply_action(END)
    assert benched.state.players[0].hand == []


def test_illusive_trickery_after_a_knock_out() -> None:
    # Zoroark, Illusive Trickery: "If your opponent's Pokémon is Knocked Out by damage from this Pokémon's
    # attacks, during your opponent's next turn, prevent all damage from—and effects of—attacks done to
    # this Pokémon." Night Daze 70 knocks out Bulbasaur (40 + 70 >= 70); Ivysaur comes in and its Razor
    # Leaf (60 + 20 weakness) does nothing to Zoroark.
    battle = scenario(("Zoroark", [D, D]), ("Bulbasaur", [], 40), bench1=[("Ivysaur", [G, G, G])])
    battle.apply_action(attack())
    assert battle.state.players[0].points == 1
    battle.apply_action(act(ActionKind.PROMOTE, 0))
    battle.apply_action(attack())
    assert active(battle, 0).damage == 0
    # No knock-out (Ivysaur 90 HP takes 70): Razor Leaf does its 80.
    plain = scenario(("Zoroark", [D, D]), ("Ivysaur", [G, G, G]))
    plain.apply_action(attack())
    plain.apply_action(attack())
    assert active(plain, 0).damage == 80


def test_veevee_volve_evolves_eevee_ex_into_an_eevee_evolution() -> None:
    # Eevee ex, Veevee 'volve: "This Pokémon can evolve into any Pokémon that evolves from Eevee if you
    # play it from your hand onto this Pokémon." Vaporeon (from Eevee) may; Ivysaur (from Bulbasaur) not.
    battle = scenario("Eevee ex", "Venusaur ex", hand0=["Vaporeon"])
    assert act(ActionKind.PLAY, 0, 0) in battle.legal_actions()
    battle.apply_action(act(ActionKind.PLAY, 0, 0))
    assert active(battle, 0).card_id == cid("Vaporeon") and active(battle, 0).stack == [cid("Eevee ex")]
    other = scenario("Eevee ex", "Venusaur ex", hand0=["Ivysaur"])
    assert act(ActionKind.PLAY, 0, 0) not in other.legal_actions()


def test_healing_ripples_when_milotic_evolves() -> None:
    # Milotic, Healing Ripples: "Once during your turn, when you play this Pokémon from your hand to
    # evolve 1 of your Pokémon, you may heal 60 damage from 1 of your Water Pokémon." Feebas is in no
    # set: a test Feebas evolves. Targets: the Water Pokémon, Milotic (slot 0) and Squirtle (Bench 1,
    # 50 damage -> 0); once only; a Milotic that did not evolve this turn has no such ability to use.
    battle = scenario("Squirtle", "Venusaur ex", bench0=[("Squirtle", [], 50)], hand0=["Milotic"])
    feebas = with_test_card(battle, "Feebas", EnergyType.WATER)
    active(battle, 0).card_id = feebas.id
    battle.apply_action(act(ActionKind.PLAY, 0, 0))
    assert ability_codes(battle) == [ability(0, 0), ability(0, 1)]
    battle.apply_action(ability(0, 1))
    assert battle.state.players[0].bench[0].damage == 0 and ability_codes(battle) == []
    settled = scenario("Milotic", "Venusaur ex", bench0=[("Squirtle", [], 50)])
    assert ability_codes(settled) == []


# ----------------------------------------------------------------- the catalog


def test_promo_a_is_complete_in_the_catalog() -> None:
    statuses = card_statuses("P-A")
    assert summary_line(statuses) == "117/117 cards implemented (P-A)"
    detail = {s.card_id: s.detail for s in statuses}
    assert detail[cid("Cherrim")] == "implemented; heal_self; evolves from Cherubi, not in A1/A1a/P-A"
    assert detail[cid("Weavile")] == "implemented; evolves from Sneasel, not in A1/A1a/P-A"
    assert detail[cid("Misdreavus")] == "inflict_status"


def test_decks_still_refuse_pokemon_no_deck_can_evolve_into() -> None:
    cards = (cid("Cherrim"),) * 2 + (cid("Bulbasaur"),) * 2
    problems = deck_problems(Deck("cherrim", cards, (EnergyType.GRASS,)))
    assert any("Cherrim" in p and "evolves from Cherubi" in p for p in problems)


@pytest.mark.skipif(
    not REFERENCE.is_file(), reason="the Pocket reference card lists are not beside this clone"
)
def test_every_reference_promo_a_card_is_implemented() -> None:
    reference_ids = {card["id"] for card in json.loads(REFERENCE.read_text(encoding="utf-8"))}
    ours = cards_of_set("P-A")
    assert {c.id for c in ours} == reference_ids and len(reference_ids) == 117
    assert all(c.implemented for c in ours)
