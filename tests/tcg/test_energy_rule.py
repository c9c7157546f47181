"""Jungle Totem is one rule: "Each Grass Energy attached to your Grass Pokémon provides 2 Grass Energy.
This effect doesn't stack." (Serperior, A1a). ``pipelines.energy_provided`` answers how much energy a
Pokémon's energies provide, and every use goes through it: attack costs, retreat costs, coin-per-energy
attacks and damage-per-energy attacks (own or the opponent's). Expected values are worked out from the
card texts (quoted) in each test."""

from __future__ import annotations

from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.rules.pipelines import effective_energy, retreat_payments, total_energy
from tcg.tcg_scenario import G, P, W, scenario


def attack(index: int = 0, target: int = 0) -> int:
    return encode(Action(ActionKind.ATTACK, index, target))


def retreat(bench: int) -> int:
    return encode(Action(ActionKind.RETREAT, bench))


def test_one_grass_energy_pays_a_retreat_cost_of_two_under_jungle_totem() -> None:
    # Ivysaur: Grass, retreat cost 2. One Grass Energy provides 2 under Jungle Totem: 2 >= 2, so it
    # retreats by discarding that one Energy. Without Serperior it provides 1 < 2: no retreat.
    battle = scenario(("Ivysaur", [G]), "Squirtle", bench0=["Serperior", "Rattata"])
    ivysaur = battle.state.players[0].active
    assert ivysaur is not None
    assert retreat(1) in battle.legal_actions()
    battle.apply_action(retreat(1))
    assert ivysaur.energy == [] and battle.state.players[0].bench[1] is ivysaur
    without = scenario(("Ivysaur", [G]), "Squirtle", bench0=["Rattata"])
    assert retreat(0) not in without.legal_actions()


def test_retreat_payments_keep_only_the_energy_needed() -> None:
    # Exeggutor: Grass, retreat cost 3, with Grass, Water, Water under Jungle Totem: Grass gives 2, each
    # Water 1. Grass+Water = 3 pays and neither can be kept (3-2=1 < 3, 3-1=2 < 3); Water+Water = 2 does
    # not pay; Grass+Water+Water = 4 pays but a Water could be kept (4-1=3). Only one way: Grass + Water.
    battle = scenario(("Exeggutor", [G, W, W]), "Squirtle", bench0=["Serperior"])
    exeggutor = battle.state.players[0].active
    assert exeggutor is not None
    assert retreat_payments(battle, exeggutor, 3) == [(G, W)]
    # A cost of 2 with the same energy: Grass alone gives 2, Water + Water gives 1 + 1 = 2; anything
    # with both is more than needed. Two ways, sorted: (Grass,) then (Water, Water).
    assert retreat_payments(battle, exeggutor, 2) == [(G,), (W, W)]


def test_attack_cost_counts_grass_twice() -> None:
    # Razor Leaf (Ivysaur): Grass, Colorless, Colorless, 60 damage. Two Grass Energy provide 2 * 2 = 4
    # >= 3 under Jungle Totem; without it 2 < 3. Blastoise ex (180 HP) is weak to Lightning: 60 damage.
    battle = scenario(("Ivysaur", [G, G]), "Blastoise ex", bench0=["Serperior"])
    assert attack() in battle.legal_actions()
    battle.apply_action(attack())
    assert battle.state.players[1].active.damage == 60  # type: ignore[union-attr]
    assert attack() not in scenario(("Ivysaur", [G, G]), "Squirtle").legal_actions()


def test_coin_per_energy_counts_grass_twice_and_water_once() -> None:
    # Powerful Bloom (Celebi ex): "Flip a coin for each Energy attached to this Pokémon. This attack does
    # 50 damage for each heads." Grass (2 under Jungle Totem) + Water (1) = 3 coins: H, H, T = 2 heads
    # -> 2 * 50 = 100 to Blastoise ex (180 HP, weak to Lightning: no weakness here).
    battle = scenario(("Celebi ex", [G, W]), "Blastoise ex", bench0=["Serperior"], coins=[True, True, False])
    celebi = battle.state.players[0].active
    assert celebi is not None
    assert effective_energy(battle, celebi) == {G: 2, W: 1} and total_energy(battle, celebi) == 3
    battle.apply_action(attack())
    assert battle.state.players[1].active.damage == 100  # type: ignore[union-attr]


def test_damage_per_opponent_energy_counts_their_jungle_totem() -> None:
    # Psychic (Jynx): 30, "This attack does 20 more damage for each Energy attached to your opponent's
    # Active Pokémon." Ivysaur's one Grass Energy provides 2 under ITS owner's Jungle Totem:
    # 30 + 20 * 2 = 70 (Ivysaur's weakness is Fire: none). Without Serperior: 30 + 20 * 1 = 50.
    battle = scenario(("Jynx", [P, P]), ("Ivysaur", [G]), bench1=["Serperior"])
    battle.apply_action(attack())
    assert battle.state.players[1].active.damage == 70  # type: ignore[union-attr]
    plain = scenario(("Jynx", [P, P]), ("Ivysaur", [G]))
    plain.apply_action(attack())
    assert plain.state.players[1].active.damage == 50  # type: ignore[union-attr]
