"""Choices the card text or the rules leave to the player are the player's decisions (``choices``):
asked through a ``PendingChoice`` only when there is more than one option, with the former automatic
choice kept as the greedy player's. Expected values come from the card texts, worked out by hand."""

from __future__ import annotations

from darwindeck.tcg.battle.narration import Voice, describe_action
from darwindeck.tcg.battle.players import GreedyPlayer
from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.core.models import Phase
from tcg.tcg_scenario import P, R, W, cid, scenario

VOICE = Voice(("You", "The AI"))


def act(kind: ActionKind, number: int = 0, target: int = 0) -> int:
    return encode(Action(kind, number, target))


def test_retreat_energy_is_chosen_when_types_differ() -> None:
    # Charmander: retreat cost 1, with Fire then Water attached: discarding either pays 1, so both
    # ways are offered, sorted by type: way 0 = Fire, way 1 = Water. Choosing Water leaves Fire.
    battle = scenario(("Charmander", [R, W]), "Squirtle", bench0=["Rattata"])
    charmander = battle.state.players[0].active
    battle.apply_action(act(ActionKind.RETREAT, 0))
    assert battle.legal_actions() == [act(ActionKind.RETREAT_ENERGY, 0), act(ActionKind.RETREAT_ENERGY, 1)]
    assert (
        describe_action(battle, act(ActionKind.RETREAT_ENERGY, 1), VOICE) == "retreat discarding Water Energy"
    )
    # the greedy player keeps the old automatic choice: the most recently attached (Water)
    assert GreedyPlayer().choose(battle) == act(ActionKind.RETREAT_ENERGY, 1)
    battle.apply_action(act(ActionKind.RETREAT_ENERGY, 1))
    assert charmander is not None and charmander.energy == [R]
    assert battle.state.players[0].bench == [charmander]


def test_retreat_with_one_way_is_not_asked() -> None:
    # Two Fire Energy, cost 1: the only way is one Fire; the retreat happens at once.
    battle = scenario(("Charmander", [R, R]), "Squirtle", bench0=["Rattata"])
    charmander = battle.state.players[0].active
    battle.apply_action(act(ActionKind.RETREAT, 0))
    assert battle.state.pending == [] and charmander is not None and charmander.energy == [R]
    assert battle.state.players[0].active.card_id == cid("Rattata")  # type: ignore[union-attr]


def test_inferno_dance_energy_goes_where_the_player_chooses() -> None:
    # Inferno Dance: "Flip 3 coins. Take an amount of Fire Energy from your Energy Zone equal to the
    # number of heads and attach it to your Benched Fire Pokémon in any way you like." H, H, T = 2 Fire.
    # Benched Fire Pokémon: Charmander (Bench 1) and Ponyta (Bench 2); Rattata (Bench 3) is Colorless.
    battle = scenario(
        ("Moltres ex", [R]), "Squirtle", bench0=["Charmander", "Ponyta", "Rattata"], coins=[True, True, False]
    )
    battle.apply_action(act(ActionKind.ATTACK, 0))
    place = [act(ActionKind.PLACE_ENERGY, 1), act(ActionKind.PLACE_ENERGY, 2)]
    assert battle.legal_actions() == place and battle.state.turn == 3
    assert describe_action(battle, place[1], VOICE) == "attach Fire Energy to Ponyta"
    assert GreedyPlayer().choose(battle) == place[0]  # round-robin: the first energy to Bench 1
    battle.apply_action(place[1])
    assert battle.legal_actions() == place
    assert GreedyPlayer().choose(battle) == place[1]  # round-robin: the second energy to Bench 2
    battle.apply_action(place[1])
    bench = battle.state.players[0].bench
    assert [p.energy for p in bench] == [[], [R, R], []]
    assert battle.state.turn == 4 and battle.state.current == 1  # the attack, and the turn, ended


def test_inferno_dance_with_one_receiver_is_not_asked() -> None:
    # Only Charmander is a Benched Fire Pokémon: both heads' Fire Energy go to it.
    battle = scenario(("Moltres ex", [R]), "Squirtle", bench0=["Charmander"], coins=[True, True, False])
    battle.apply_action(act(ActionKind.ATTACK, 0))
    assert battle.state.players[0].bench[0].energy == [R, R] and battle.state.turn == 4


def test_genome_hacking_copied_attack_target_is_chosen() -> None:
    # Genome Hacking (Mew ex): "Choose 1 of your opponent's Active Pokémon's attacks and use it as this
    # attack." Hitmonlee's Stretch Kick: "This attack does 30 damage to 1 of your opponent's Benched
    # Pokémon." Player 1's Bench: Rattata (Bench 1), Squirtle (Bench 2); Benched: no weakness -> 30.
    battle = scenario(("Mew ex", [P, P, P]), "Hitmonlee", bench1=["Rattata", "Squirtle"])
    battle.apply_action(act(ActionKind.ATTACK, 1, 0))
    targets = [act(ActionKind.COPY_TARGET, 1), act(ActionKind.COPY_TARGET, 2)]
    assert battle.legal_actions() == targets
    assert describe_action(battle, targets[1], VOICE) == "Stretch Kick on the opponent's Bench 2 (Squirtle)"
    assert GreedyPlayer().choose(battle) == targets[0]  # the old automatic choice: first valid target
    battle.apply_action(targets[1])
    them = battle.state.players[1]
    assert [p.damage for p in them.in_play()] == [0, 0, 30]
    assert battle.state.turn == 4


def test_genome_hacking_with_one_target_is_not_asked() -> None:
    battle = scenario(("Mew ex", [P, P, P]), "Hitmonlee", bench1=["Rattata"])
    battle.apply_action(act(ActionKind.ATTACK, 1, 0))
    assert battle.state.players[1].bench[0].damage == 30 and battle.state.turn == 4


def test_a_fossil_in_play_may_be_discarded_during_the_turn() -> None:
    # Old Amber: "Play this card as if it were a 40-HP Basic Colorless Pokémon. At any time during your
    # turn, you may discard this card from play." Discarding is no knock-out: the opponent scores 0.
    battle = scenario("Bulbasaur", "Squirtle", bench0=["Rattata"])
    battle.state.players[0].hand = [cid("Old Amber")]
    battle.apply_action(act(ActionKind.PLAY, 0))
    discard = act(ActionKind.DISCARD_FOSSIL, 2)
    assert discard in battle.legal_actions()
    assert describe_action(battle, discard, VOICE) == "discard Old Amber from play"
    assert GreedyPlayer().choose(battle) != discard
    battle.apply_action(discard)
    me = battle.state.players[0]
    assert me.discard == [cid("Old Amber")] and len(me.bench) == 1
    assert battle.state.players[1].points == 0 and battle.state.current == 0


def test_discarding_the_active_fossil_asks_for_a_new_active_and_the_last_one_loses() -> None:
    battle = scenario("Old Amber", "Squirtle", bench0=["Rattata"])
    battle.apply_action(act(ActionKind.DISCARD_FOSSIL, 0))
    assert battle.legal_actions() == [act(ActionKind.PROMOTE, 0)]
    battle.apply_action(act(ActionKind.PROMOTE, 0))
    assert battle.state.players[0].active.card_id == cid("Rattata")  # type: ignore[union-attr]
    assert battle.state.turn == 3 and battle.state.current == 0  # still player 0's turn
    alone = scenario("Old Amber", "Squirtle")
    alone.apply_action(act(ActionKind.DISCARD_FOSSIL, 0))
    assert alone.state.phase is Phase.OVER and alone.state.winner == 1
    assert alone.state.end_reason == "no Pokémon left" and alone.state.players[1].points == 0


def test_the_layout_keeps_old_codes_and_appends_the_choices() -> None:
    from darwindeck.tcg.core.actions import NUM_ACTIONS, decode

    # documented layout: play hand card 15 target 7 = 80 + 8 * 15 + 7 = 207, the last old code
    assert act(ActionKind.PLAY, 15, 7) == 207
    assert [act(ActionKind.RETREAT_ENERGY, 0), act(ActionKind.RETREAT_ENERGY, 15)] == [208, 223]
    assert [act(ActionKind.PLACE_ENERGY, 0), act(ActionKind.PLACE_ENERGY, 3)] == [224, 227]
    assert [act(ActionKind.COPY_TARGET, 0), act(ActionKind.COPY_TARGET, 7)] == [228, 235]
    assert [act(ActionKind.DISCARD_FOSSIL, 0), act(ActionKind.DISCARD_FOSSIL, 3)] == [236, 239]
    assert NUM_ACTIONS == 240
    assert all(encode(decode(code)) == code for code in range(NUM_ACTIONS))
