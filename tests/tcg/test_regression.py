"""Pinned whole battles: the exact outcome of seeded random-vs-random (and one greedy-vs-greedy) battles
between the six ready decks as they were until 2026-11-28 (kept here as card lists, so that rebuilding
the shipped decks does not move the pins). Any change to rules, legal-action order, randomness use or
logging shows here; optimisations of the engine must keep every value. (The state digests changed when
the log gained the coins, the damage details and the effects' messages for the narration; every action,
winner, turn and point stayed the same.)"""

from __future__ import annotations

import hashlib

import pytest

from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import BattlePlayer, GreedyPlayer, RandomPlayer
from darwindeck.tcg.core.decks import Deck, deck_from_json

# The ready decks before they were rebuilt on tournament lists (commit 1e2a431): the pins below were
# recorded on these.
PINNED_DECKS: dict[str, list[str]] = {
    "fire-charizard-ex": [
        "a1-033",
        "a1-033",
        "a1-034",
        "a1-034",
        "a1-036",
        "a1-036",
        "a1-047",
        "a1-047",
        "a1-037",
        "a1-037",
        "a1-038",
        "a1-038",
        "a1-221",
        "a1-221",
        "a1-223",
        "a1-223",
        "a1-225",
        "a1-225",
        "a1a-068",
        "a1a-068",
    ],
    "grass-serperior-celebi": [
        "a1a-004",
        "a1a-004",
        "a1a-005",
        "a1a-005",
        "a1a-006",
        "a1a-006",
        "a1a-003",
        "a1a-003",
        "a1-021",
        "a1-021",
        "a1-023",
        "a1-023",
        "a1-219",
        "a1-219",
        "a1a-068",
        "a1a-068",
        "a1a-067",
        "a1a-067",
        "a1-223",
        "a1-223",
    ],
    "lightning-pikachu-ex": [
        "a1-096",
        "a1-096",
        "a1-104",
        "a1-104",
        "a1-097",
        "a1-097",
        "a1-098",
        "a1-098",
        "a1-105",
        "a1-105",
        "a1-106",
        "a1-106",
        "a1-223",
        "a1-223",
        "a1-225",
        "a1-225",
        "a1-226",
        "a1-226",
        "a1a-068",
        "a1a-068",
    ],
    "poison-weezing-muk": [
        "a1-176",
        "a1-176",
        "a1-177",
        "a1-177",
        "a1-174",
        "a1-174",
        "a1-175",
        "a1-175",
        "a1-164",
        "a1-164",
        "a1-165",
        "a1-165",
        "a1-222",
        "a1-222",
        "a1-223",
        "a1-223",
        "a1-225",
        "a1-225",
        "a1a-068",
        "a1a-068",
    ],
    "psychic-gardevoir": [
        "a1-130",
        "a1-130",
        "a1-131",
        "a1-131",
        "a1-132",
        "a1-132",
        "a1-129",
        "a1-129",
        "a1-127",
        "a1-127",
        "a1-126",
        "a1-126",
        "a1-223",
        "a1-223",
        "a1-225",
        "a1-225",
        "a1a-067",
        "a1a-067",
        "a1a-065",
        "a1a-065",
    ],
    "water-blastoise-ex": [
        "a1-053",
        "a1-053",
        "a1-054",
        "a1-054",
        "a1-056",
        "a1-056",
        "a1-084",
        "a1-084",
        "a1-087",
        "a1-087",
        "a1-088",
        "a1-088",
        "a1-089",
        "a1-089",
        "a1-220",
        "a1-220",
        "a1-223",
        "a1-223",
        "a1-225",
        "a1-225",
    ],
}


def _deck(name: str) -> Deck:
    return deck_from_json(name, PINNED_DECKS[name])


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
    state = play_battle(_deck(deck0), _deck(deck1), recorded, seed).state
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
