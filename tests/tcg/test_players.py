"""Players return legal actions; greedy beats random on a shipped matchup; MCTS plays legally."""

from __future__ import annotations

from darwindeck.tcg.battle.play import play_match
from darwindeck.tcg.battle.players import GreedyPlayer, MCTSPlayer, RandomPlayer
from darwindeck.tcg.core.decks import load_deck
from tcg.tcg_scenario import R, scenario


def test_greedy_attacks_for_a_knockout() -> None:
    battle = scenario(("Charmander", [R]), ("Bulbasaur", [], 30), bench1=["Rattata"])
    assert GreedyPlayer().choose(battle) == 32


def test_greedy_beats_random() -> None:
    deck = load_deck("fire-charizard-ex")
    summary = play_match(deck, deck, lambda s: (GreedyPlayer(), RandomPlayer(s)), games=20, seed=5)
    assert summary.wins[0] >= 15


def test_mcts_chooses_a_legal_action_without_touching_the_state() -> None:
    battle = scenario(("Charmander", [R]), ("Bulbasaur", [], 30), bench1=["Rattata"], coins=[True] * 50)
    before = battle.state.model_dump_json()
    action = MCTSPlayer(iterations=30, seed=1).choose(battle)
    assert action in battle.legal_actions()
    assert battle.state.model_dump_json() == before
