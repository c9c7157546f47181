"""Pinned whole battles: the exact outcome of seeded random-vs-random (and one greedy-vs-greedy) battles
between shipped decks. Any change to rules, legal-action order, randomness use or logging shows here;
optimisations of the engine must keep every value. (The state digests changed when the log gained the
coins, the damage details and the effects' messages for the narration; every action, winner, turn and
point stayed the same.)"""

from __future__ import annotations

import hashlib

import pytest

from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import BattlePlayer, GreedyPlayer, RandomPlayer
from darwindeck.tcg.core.decks import load_deck


class _Recording:
    """Wraps an player and records every action it chooses."""

    def __init__(self, player: BattlePlayer, record: list[int]) -> None:
        self.player = player
        self.record = record

    def choose(self, battle: Battle) -> int:
        action = self.player.choose(battle)
        self.record.append(action)
        return action


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _outcome(deck0: str, deck1: str, seed: int, players: list[BattlePlayer]) -> tuple[object, ...]:
    actions: list[int] = []
    recorded: list[BattlePlayer] = [_Recording(player, actions) for player in players]
    state = play_battle(load_deck(deck0), load_deck(deck1), recorded, seed).state
    return (
        state.winner,
        state.turn,
        [player.points for player in state.players],
        len(actions),
        _digest(",".join(map(str, actions))),
        _digest(state.model_dump_json()),
    )


@pytest.mark.parametrize(
    ("deck0", "deck1", "seed", "expected"),
    [
        (
            "grass-serperior-celebi",
            "lightning-pikachu-ex",
            11,
            (None, 30, [1, 0], 90, "116718d267e2dc36", "d8f8a7b71cd195e4"),
        ),
        (
            "water-blastoise-ex",
            "psychic-gardevoir",
            22,
            (None, 30, [0, 0], 98, "413446e21238353a", "f7e351ca40a24888"),
        ),
        (
            "poison-weezing-muk",
            "fire-charizard-ex",
            33,
            (0, 13, [3, 0], 42, "ac5b441eb2f83051", "d8a71d756fdcc8c5"),
        ),
    ],
)
def test_random_battle_outcome_is_pinned(
    deck0: str, deck1: str, seed: int, expected: tuple[object, ...]
) -> None:
    players: list[BattlePlayer] = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    assert _outcome(deck0, deck1, seed, players) == expected


def test_greedy_battle_outcome_is_pinned() -> None:
    players: list[BattlePlayer] = [GreedyPlayer(), GreedyPlayer()]
    assert _outcome("grass-serperior-celebi", "poison-weezing-muk", 7, players) == (
        1,
        17,
        [2, 3],
        67,
        "05e755ef31a60a09",
        "a9281eaf0e64f2e2",
    )
