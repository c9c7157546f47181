"""``Battle.clone`` (a snapshot, not a deep copy) is equal to its original and fully independent of it."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.players import RandomPlayer
from darwindeck.tcg.core.decks import load_deck
from darwindeck.tcg.core.models import CardInstance, EnergyType, GameState, PlayerState


def _midgame(actions: int) -> Battle:
    battle = new_battle(load_deck("grass-serperior-celebi"), load_deck("psychic-gardevoir"), 4)
    player = RandomPlayer(4)
    for _ in range(actions):
        battle.apply_action(player.choose(battle))
    return battle


def test_clone_plays_on_without_touching_the_original() -> None:
    battle = _midgame(40)
    before = battle.state.model_dump_json()
    clone = battle.clone()
    assert clone.state == battle.state
    player = RandomPlayer(9)
    while not clone.is_terminal():
        clone.apply_action(player.choose(clone))
    assert battle.state.model_dump_json() == before
    assert clone.state.turn > battle.state.turn


def test_clone_continues_exactly_like_its_original() -> None:
    battle = _midgame(25)
    clone = battle.clone()
    players = (RandomPlayer(3), RandomPlayer(3))
    for world, player in zip((battle, clone), players, strict=True):
        while not world.is_terminal():
            world.apply_action(player.choose(world))
    assert clone.state.model_dump_json() == battle.state.model_dump_json()


def test_the_json_boundary_validates_every_part() -> None:
    battle = _midgame(40)
    text = battle.state.model_dump_json()
    state = GameState.model_validate_json(text)
    assert state == battle.state and state.model_dump_json() == text
    player = state.players[0]
    assert isinstance(player, PlayerState) and all(isinstance(p, CardInstance) for p in player.in_play())
    assert all(isinstance(e, EnergyType) for p in player.in_play() for e in p.energy)
    bad = json.loads(text)
    bad["players"][0]["energy_types"] = ["plasma"]
    with pytest.raises(ValidationError):
        GameState.model_validate_json(json.dumps(bad))
