"""The three rule defects a card audit found (issue 27), each worked by hand from the card text.

- Rough Skin (Druddigon), Counterattack (Poliwrath) and Bristling Spikes (Togedemaru) fire when an
  attack's *effect* damages the Active, not only its printed damage: Volcanic Ash, Water Arrow, Draco
  Meteor and Thunder Spear are attacks of 0 printed damage whose effect does the damage.
- Dig: "prevent all damage from—and effects of—attacks done to this Pokémon": Rampaging Whirlpool's
  random discard cannot take the protected Pokémon's Energy.
- Growl: "attacks used by the Defending Pokémon do −20 damage": like Weakness, a change to the attack's
  damage against the Active; Bench damage is not reduced.
"""

from __future__ import annotations

import random

import pytest

from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.core.models import CardInstance
from tcg.tcg_scenario import F, L, M, R, W, scenario


def attack(index: int = 0, target: int = 0) -> int:
    return encode(Action(ActionKind.ATTACK, index, target))


def active(battle: Battle, player: int) -> CardInstance:
    pokemon = battle.state.players[player].active
    assert pokemon is not None
    return pokemon


# ------------------------------------------------------------------------- counter-damage by effects


def test_rough_skin_answers_thunder_spear_on_the_active() -> None:
    # Zebstrika's Thunder Spear: "This attack does 30 damage to 1 of your opponent's Pokémon." Aimed at
    # the Active Druddigon (Dragon: no Weakness): 30. Rough Skin: "If this Pokémon is in the Active Spot
    # and is damaged by an attack from your opponent's Pokémon, do 20 damage to the Attacking Pokémon."
    battle = scenario(("Zebstrika", [L]), "Druddigon")
    zebstrika = active(battle, 0)
    battle.apply_action(attack(0, 0))
    assert active(battle, 1).damage == 30
    assert zebstrika.damage == 20


def test_rough_skin_does_not_answer_damage_on_the_bench() -> None:
    # The same Thunder Spear on a Benched Druddigon: 30 to it, and Rough Skin (Active Spot only) is silent.
    battle = scenario(("Zebstrika", [L]), "Rattata", bench1=["Druddigon"])
    zebstrika = active(battle, 0)
    battle.apply_action(attack(0, 1))
    assert battle.state.players[1].bench[0].damage == 30
    assert zebstrika.damage == 0


def test_rough_skin_answers_volcanic_ash() -> None:
    # Volcarona's Volcanic Ash: "Discard 2 [R] Energy from this Pokémon. This attack does 80 damage to 1
    # of your opponent's Pokémon." On the Active Druddigon: 80 to it, 20 back, one Fire Energy left.
    battle = scenario(("Volcarona", [R, R, R]), "Druddigon")
    volcarona = active(battle, 0)
    battle.apply_action(attack(0, 0))
    assert active(battle, 1).damage == 80
    assert (volcarona.damage, volcarona.energy) == (20, [R])


def test_counterattack_answers_water_arrow() -> None:
    # Seadra's Water Arrow: 50 to 1 of the opponent's Pokémon; Poliwrath (Weak to Lightning, not Water)
    # takes 50 and its Counterattack does 20 to Seadra.
    battle = scenario(("Seadra", [W, W, W]), "Poliwrath")
    seadra = active(battle, 0)
    battle.apply_action(attack(0, 0))
    assert active(battle, 1).damage == 50
    assert seadra.damage == 20


def test_rough_skin_answers_draco_meteor_once() -> None:
    # Draco Meteor: "1 of your opponent's Pokémon is chosen at random 4 times. For each time a Pokémon
    # was chosen, do 50 damage to it." Druddigon is the only one: 200 damage, knocked out. Rough Skin
    # answers the attack, once: 20 to Dragonite (160 HP), not 4 × 20.
    battle = scenario(("Dragonite", [W, L, W, W]), "Druddigon")
    dragonite = active(battle, 0)
    battle.apply_action(attack(0, 0))
    assert dragonite.damage == 20
    assert battle.state.players[0].points == 1


def test_bristling_spikes_answers_thunder_spear() -> None:
    # Togedemaru's Bristling Spikes (30 to Zebstrika, 90 HP; then "During your opponent's next turn, if
    # this Pokémon is damaged by an attack, do 30 damage to the Attacking Pokémon"). Zebstrika's Thunder
    # Spear on the Active Togedemaru (Weak to Fire, not Lightning): 30 to it, and 30 back: Zebstrika 60.
    battle = scenario(("Togedemaru", [M, M]), ("Zebstrika", [L]))
    battle.apply_action(attack(0, 0))
    zebstrika = active(battle, 1)
    assert zebstrika.damage == 30
    battle.apply_action(attack(0, 0))
    assert active(battle, 0).damage == 30
    assert zebstrika.damage == 60


# ------------------------------------------------------------------------------ Dig and Whirlpool


@pytest.mark.parametrize("seed", range(8))
def test_dig_keeps_rampaging_whirlpool_off_the_protected_energy(seed: int) -> None:
    # Dugtrio's Dig (40; heads: protected during the opponent's next turn) on Gyarados ex. Rampaging
    # Whirlpool: 140 (prevented) and "Discard a random Energy from among the Energy attached to all
    # Pokémon": Dugtrio's three Fighting Energy are protected from the attack's effects, so the Energy
    # discarded is one of Gyarados ex's four, whatever the random draw (8 seeds; before the fix each had
    # a 3 in 7 chance of taking Dugtrio's).
    battle = scenario(("Dugtrio", [F, F, F]), ("Gyarados ex", [W, W, W, W]), coins=[True])
    battle.rng = random.Random(seed)
    battle.apply_action(attack(0, 0))
    dugtrio, gyarados = active(battle, 0), active(battle, 1)
    assert gyarados.damage == 40
    battle.apply_action(attack(0, 0))
    assert (dugtrio.damage, dugtrio.energy) == (0, [F, F, F])
    assert gyarados.energy == [W, W, W]


# -------------------------------------------------------------------------------- Growl and Bench


def test_growl_does_not_reduce_bench_damage() -> None:
    # Cubone's Growl on Zebstrika; then Zebstrika's Thunder Spear (30) at the Benched Rattata (40 HP):
    # 30, not 10 (the −20 changes the attack's damage to the Active only).
    battle = scenario(("Cubone", [F]), ("Zebstrika", [L]), bench0=["Rattata"])
    battle.apply_action(attack(0, 0))
    battle.apply_action(attack(0, 1))
    assert battle.state.players[0].bench[0].damage == 30


def test_growl_reduces_damage_to_the_active() -> None:
    # The same Thunder Spear at the Active Cubone (Weak to Grass): 30 − 20 = 10.
    battle = scenario(("Cubone", [F]), ("Zebstrika", [L]), bench0=["Rattata"])
    battle.apply_action(attack(0, 0))
    battle.apply_action(attack(0, 0))
    assert active(battle, 0).damage == 10
