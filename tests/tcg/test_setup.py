"""Setup is simultaneous: in the physical game each player puts their Active and Bench face down and
both are revealed together ("Each player places one Basic Pokémon from their hand face down as their
Active Pokémon", https://shinycardtraders.com/blogs/how-to-play/how-to-play-the-pokemon-trading-card-game);
Pocket keeps it: each player places an Active and up to 3 Benched Basics and may reset their placement
before confirming (https://vortexgaming.io/en/postdetail/425410). The engine takes the two placements in
turn, so the second player's choice must not depend on the first player's: ``Battle.observation`` hides
it, and every player chooses the same setup whatever the first player placed (same seed)."""

from __future__ import annotations

import pytest

from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.players import BattlePlayer, make_player
from darwindeck.tcg.core.actions import SETUP_ACTIVE_BASE, SETUP_BENCH_BASE, SETUP_DONE
from darwindeck.tcg.core.decks import load_deck
from darwindeck.tcg.core.models import Phase


def _first_player_places(battle: Battle, bench: bool) -> None:
    """Player 0 (first) places its last Basic as Active and, if ``bench``, every other Basic."""
    actives = [a for a in battle.legal_actions() if SETUP_ACTIVE_BASE <= a < SETUP_BENCH_BASE]
    battle.apply_action(max(actives))
    while bench and any(a >= SETUP_BENCH_BASE for a in battle.legal_actions()):
        battle.apply_action(min(a for a in battle.legal_actions() if a >= SETUP_BENCH_BASE))
    battle.apply_action(SETUP_DONE)


def _second_player_setup(player_name: str, bench: bool, player_seed: int) -> tuple[list[int], list[str]]:
    deck = load_deck("psychic-gardevoir")
    battle = new_battle(load_deck("grass-serperior-celebi"), deck, seed=2, first_player=0)
    _first_player_places(battle, bench)
    player: BattlePlayer = make_player(player_name, player_seed)
    if player_name == "mcts":
        player.iterations = 40  # type: ignore[attr-defined]
    chosen = []
    while battle.state.phase is Phase.SETUP:
        assert battle.current_player == 1
        chosen.append(player.choose(battle))
        battle.apply_action(chosen[-1])
    first = battle.state.players[0]
    return chosen, [p.card_id for p in first.in_play()]


@pytest.mark.parametrize(
    ("player_name", "player_seed"), [("random", 9), ("greedy", 0), *[("mcts", s) for s in range(4)]]
)
def test_second_player_setup_ignores_the_first_players_placement(player_name: str, player_seed: int) -> None:
    # Before observation, MCTS's rollouts saw the first player's Bench: with player seeds 1 and 3 it chose a
    # different setup against an Active alone than against a full Bench.
    alone, placed_alone = _second_player_setup(player_name, False, player_seed)
    full, placed_full = _second_player_setup(player_name, True, player_seed)
    assert placed_alone != placed_full  # the first player really placed differently
    assert alone == full


def test_view_for_the_second_player_hides_the_first_players_placement() -> None:
    deck = load_deck("grass-serperior-celebi")
    battle = new_battle(deck, deck, seed=2, first_player=0)
    hand_before = sorted(battle.state.players[0].hand)
    _first_player_places(battle, bench=True)
    view = battle.observation(1).state.players[0]
    assert (view.active, view.bench, view.setup_done) == (None, [], False)
    assert sorted(view.hand) == hand_before
    assert battle.state.players[0].active is not None  # the battle itself is unchanged
