"""A Pocket battle a person can follow (issue 27, item 3): the narration (``tcg.battle.narration``) of
forced scenarios, each line worked out from the cards' numbers and the rules of docs/tcg-rules.md; the
terminal's keys, help, rules and quit (``cli.battle_play``); the ``/battle`` page's lines."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from darwindeck.cli import app
from darwindeck.cli.battle_play import action_key, card_texts, menu, play_battle_in_terminal
from darwindeck.tcg.battle import narration
from darwindeck.tcg.battle.card_words import TEMPLATES, spec_words
from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.narration import Board, Voice
from darwindeck.tcg.battle.players import make_player
from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.decks import load_deck
from darwindeck.web.battle import BattleReplay, BattleSetup
from tcg.tcg_scenario import D, F, G, L, W, cid, scenario

YOU = Voice(("You", "The AI"))


def attack(index: int = 0, target: int = 0) -> int:
    return encode(Action(ActionKind.ATTACK, index, target))


def told(battle: Battle, action: int, viewer: int | None = 0, voice: Voice = YOU) -> list[str]:
    """Apply ``action`` and narrate it."""
    before, seen = Board.of(battle, voice), len(battle.state.action_log)
    battle.apply_action(action)
    return narration.narrate(battle, before, battle.state.action_log[seen:], voice, viewer)


# -------------------------------------------------------------------------------------- narration


def test_damage_weakness_knock_out_point_and_the_end() -> None:
    # Circle Circuit: 30 for each of your Benched Lightning Pokémon (Pikachu, Zapdos ex): 60; Articuno
    # is Weak to Lightning: +20 = 80 on 30 damage already, 110 >= its 100 HP: knocked out, a point for
    # you (1 before, 2/3 after); the AI had no other Pokémon in play, so you win.
    battle = scenario(("Pikachu ex", [L, L]), ("Articuno", [], 30), bench0=["Pikachu", "Zapdos ex"])
    battle.state.players[0].points = 1
    assert told(battle, attack()) == [
        "Pikachu ex uses Circle Circuit.",
        "Circle Circuit: 2 benched Pokémon counted.",
        "Circle Circuit does 60 to Articuno (+20 weakness) = 80.",
        "Articuno is knocked out: you take a point (2/3).",
        "You win: the AI has no Pokémon left in play.",
    ]


def test_coin_protection_and_an_attack_that_does_nothing_says_why() -> None:
    # Dig: 40, then a coin: heads, protected during the opponent's next turn. Rampaging Whirlpool then
    # does nothing to Dugtrio (protected) and discards one of Gyarados ex's own Energy (Dugtrio's is
    # protected from the attack's effects).
    battle = scenario(("Dugtrio", [F]), ("Gyarados ex", [W, W, W, W]), coins=[True])
    assert told(battle, attack()) == [
        "Dugtrio uses Dig.",
        "Dig does 40 to Gyarados ex.",
        "Coin for Dig: heads.",
        "Dig: protected during the opponent's next turn.",
        "Turn 4: The AI's turn. Energy this turn: Grass.",
    ]
    assert told(battle, attack())[:3] == [
        "Gyarados ex uses Rampaging Whirlpool.",
        "Rampaging Whirlpool does no damage to Dugtrio: it is protected from attacks.",
        "Rampaging Whirlpool: discarded an energy from Gyarados ex.",
    ]


def test_an_effect_only_attack_and_its_effect_in_words() -> None:
    # Growl has no damage of its own; its effect, in words, lasts through the AI's turn 4.
    battle = scenario(("Cubone", [F]), ("Zebstrika", [L]))
    assert told(battle, attack())[:3] == [
        "Cubone uses Growl.",
        "Growl: the Defending Pokémon's attacks do −20 damage during the next turn.",
        "Growl does no damage: it has no damage of its own.",
    ]
    [effect] = battle.state.active_effects
    assert narration.effect_words(battle, effect, YOU) == (
        "Zebstrika's attacks do −20 damage, until the end of turn 4"
    )


def test_a_status_and_its_checkup_damage() -> None:
    # Poison Gas: 10 and Poisoned; at the Pokémon Checkup after your turn, Poisoned does 10 more.
    battle = scenario(("Grimer", [D]), "Rattata")
    assert told(battle, attack()) == [
        "Grimer uses Poison Gas.",
        "Poison Gas does 10 to Rattata.",
        "Checkup: Rattata takes 10 damage (Poisoned).",
        "Rattata is now Poisoned.",
        "Turn 4: The AI's turn. Energy this turn: Grass.",
    ]


def test_two_pokemon_of_one_name_are_told_apart_by_place_and_owner() -> None:
    battle = scenario(("Zapdos ex", [L]), "Zapdos ex", bench0=["Zapdos ex"])
    assert narration.pokemon_label(battle, 0, 0, YOU) == "your Zapdos ex (active)"
    assert narration.pokemon_label(battle, 0, 1, YOU) == "your Zapdos ex (bench 1)"
    assert narration.pokemon_label(battle, 1, 0, YOU) == "the AI's Zapdos ex"
    assert narration.describe_action(battle, attack(), YOU) == "attack with Peck"


def test_a_card_the_opponent_took_from_its_deck_stays_hidden() -> None:
    # Poké Ball puts a Basic Pokémon from the deck into the hand: the player of it sees which, the
    # other only that a card was found; a spectator sees both sides.
    battle = scenario("Rattata", "Rattata", hand1=["Poké Ball"], deck="Pikachu")
    battle.state.current = 1
    before, seen = Board.of(battle, YOU), len(battle.state.action_log)
    battle.apply_action(encode(Action(ActionKind.PLAY, 0, 0)))
    entries = battle.state.action_log[seen:]
    assert narration.narrate(battle, before, entries, YOU, 0) == [
        "The AI plays Poké Ball (Item).",
        "Poké Ball: found a card.",
    ]
    assert narration.narrate(battle, before, entries, YOU, None)[1] == "Poké Ball: found Pikachu."


def test_the_end_in_words() -> None:
    battle = scenario("Rattata", "Rattata")
    state = battle.state
    state.winner, state.end_reason = None, "turn limit"
    assert narration.end_sentence(battle, YOU) == "Draw: the 30-turn limit was reached."
    state.winner, state.end_reason = 1, "points"
    state.players[1].points = 3
    assert narration.end_sentence(battle, YOU) == "The AI wins: the AI has 3 points."


def test_card_text_is_in_our_words_from_the_definition() -> None:
    assert narration.card_text(all_cards()[cid("Pikachu ex")]) == [
        "Pikachu ex: Basic Pokémon ex, Lightning, 120 HP, Weakness Fighting, retreat 1; knocked out it "
        "gives 2 points.",
        "  Attack Circle Circuit (Lightning Lightning): 0 damage; 30 damage for each of your Benched "
        "Lightning Pokémon",
    ]


def test_every_effect_of_the_shipped_sets_has_words() -> None:
    effects = {
        spec.effect_id
        for card in all_cards().values()
        for spec in (
            *(effect for attack in card.attacks for effect in attack.effects),
            *(ability.effect for ability in card.abilities),
            *card.trainer_effects,
        )
    }
    assert sorted(effects - set(TEMPLATES)) == []
    # every template's parameters are the effect's own (the words never fall back to the raw id)
    for card in all_cards().values():
        for spec in (*(e for a in card.attacks for e in a.effects), *card.trainer_effects):
            assert "_" not in spec_words(spec), (card.name, spec.effect_id)


# --------------------------------------------------------------------------------------- terminal


def test_keys_name_what_they_do_not_where_they_are_in_the_menu() -> None:
    # Zapdos ex with one Lightning Energy can Peck; a Benched Pikachu lets it retreat (cost 1).
    battle = scenario(("Zapdos ex", [L]), "Rattata", bench0=["Pikachu"], hand0=["Potion"], energy0=G)
    keys = menu(battle)
    assert keys["a1"] == attack(0)
    assert keys["rB1"] == encode(Action(ActionKind.RETREAT, 0, 0))
    assert keys["eA"] == encode(Action(ActionKind.ATTACH, 0, 0))
    assert keys["eB1"] == encode(Action(ActionKind.ATTACH, 1, 0))
    assert keys["end"] == encode(Action(ActionKind.END_TURN, 0, 0))
    # attaching the Energy takes two actions out of the menu; a1 and rB1 keep their meaning
    battle.apply_action(keys["eA"])
    again = menu(battle)
    assert again["a1"] == attack(0) and again["rB1"] == keys["rB1"]
    assert action_key(battle, attack(0)) == "a1"


def _battle_cli(moves: str) -> list[str]:
    args = ["battle", "psychic-gardevoir", "--vs", "fire-charizard-ex", "--play", "--players", "greedy"]
    result = CliRunner().invoke(app, [*args, "--seed", "1"], input=moves)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_help_rules_and_quit_are_answered() -> None:
    lines = _battle_cli("?\nhelp\nr\n1\nq\n")
    text = "\n".join(lines)
    assert text.count("Keys (they never change meaning") == 2
    assert "Rules in short" in text
    assert "'1' is not a move now: type one of the keys above, ? for help, q to quit." in lines
    assert lines[-1] == "You left the battle."
    assert "Input should be a valid integer" not in text


def test_rules_during_setup_do_not_show_the_ais_placement() -> None:
    # Seed 5: the AI goes first and places its Pokémon face down; nothing on your screen, not even the
    # card texts of `r`, shows them until both setups are revealed.
    deck, other = load_deck("lightning-pikachu-ex"), load_deck("fire-charizard-ex")
    battle = new_battle(deck, other, 5)
    assert battle.state.first_player == 1
    ai = make_player("greedy", 5)
    while battle.current_player == 1:
        battle.apply_action(ai.choose(battle))
    placed = {all_cards()[p.card_id].name for p in battle.state.players[1].in_play()}
    hidden = placed - {all_cards()[c].name for c in battle.state.players[0].hand}
    console = Console(record=True, width=200, markup=False)
    answers = iter(["r", "q"])
    play_battle_in_terminal(console, deck, other, make_player("greedy", 5), 5, lambda prompt: next(answers))
    shown = console.export_text()
    assert hidden and "Rules in short" in shown
    for name in hidden:
        assert name not in shown


def test_card_text_on_request_by_name() -> None:
    battle = scenario("Rattata", "Rattata")
    assert card_texts(battle, "charizard ex")[0].startswith("Charizard ex: Stage 2 Pokémon ex (evolves from ")


@pytest.mark.parametrize("seed", [1, 4])
def test_a_whole_battle_in_the_terminal_ends_in_words(seed: int) -> None:
    # A player who always types the first key the menu lists, to the end of the battle.
    console = Console(record=True, width=200, markup=False)

    def first_key(prompt: str) -> str:
        return _last_menu_first_key(console)

    deck, other = load_deck("psychic-gardevoir"), load_deck("fire-charizard-ex")
    play_battle_in_terminal(console, deck, other, make_player("greedy", seed), seed, first_key)
    lines = console.export_text().splitlines()
    assert lines[-2].startswith(("You win: ", "The AI wins: ", "Draw: "))
    assert lines[-1].startswith("Game over after ")
    assert not [line for line in lines if "a1-" in line or "a1a-" in line or "p-a-" in line]


def _last_menu_first_key(console: Console) -> str:
    """The first key of the menu printed last: the line after the hand and the effects."""
    lines = console.export_text(clear=False).splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Your hand: ")) + 1
    while lines[start].startswith("Effect: "):
        start += 1
    return lines[start].split()[0]


# -------------------------------------------------------------------------------------------- web


def test_the_battle_page_lines_use_names_and_words() -> None:
    setup = BattleSetup("grass-serperior-celebi", "fire-charizard-ex", "greedy", "greedy", 2)
    replay = BattleReplay.new(setup).at(5000)
    text = "\n".join(replay.log)
    assert replay.log[-1].endswith((" 3 points.", " no Pokémon left in play.", "reached."))
    for raw in ("a1-", "a1a-", "p-a-", "effect: ", "damage_boost"):
        assert raw not in text


def test_an_effect_on_a_players_pokemon_is_said_of_them() -> None:
    # Blue (Supporter): your Pokémon take 10 less damage during the opponent's next turn (turn 4); X Speed
    # (Item): your Active Pokémon's retreat costs 1 less this turn (turn 3). Both reach a player's
    # Pokémon, not a Pokémon by name: "You takes" and "You's retreat" were the old words.
    battle = scenario(("Pikachu ex", [L]), "Rattata", hand0=["Blue", "X Speed"])
    battle.apply_action(encode(Action(ActionKind.PLAY, 0)))
    battle.apply_action(encode(Action(ActionKind.PLAY, 0)))
    assert [narration.effect_words(battle, e, YOU) for e in battle.state.active_effects] == [
        "Your Pokémon take −10 damage from attacks, until the end of turn 4",
        "Your Active Pokémon's retreat costs 1 less, until the end of turn 3",
    ]
    spectator = Voice()
    assert narration.effect_words(battle, battle.state.active_effects[0], spectator) == (
        "Player 1's Pokémon take −10 damage from attacks, until the end of turn 4"
    )


def test_an_ability_used_is_told_by_its_pokemon() -> None:
    # Weezing's Gas Leak (ability, once a turn, while Active): the opponent's Active Pokémon is now
    # Poisoned. The narration told only "Rattata is now Poisoned." (played on 2026-11-28: the AI's
    # Weezing, psychic-gardevoir against poison-weezing-muk, seed 1), never who did it.
    battle = scenario(("Weezing", []), "Rattata")
    assert told(battle, encode(Action(ActionKind.ABILITY, 0, 0))) == [
        "Weezing uses Gas Leak.",
        "Rattata is now Poisoned.",
    ]
