"""Watching a Pocket-style battle step by step (the ``/battle`` page).

A battle is (deck 0, deck 1, player 0, player 1, seed): ``tcg.battle.engine.new_battle`` with the seed,
and each seat's player from ``tcg.battle.players.make_player`` seeded ``seed + player``, so the same five
values give the same battle. ``BattleReplay.at(step)`` is the battle after ``step`` actions (or at its
end): kept in memory and advanced as the viewer steps forward; a step back replays from the start.
``snapshot`` is what the page shows: for each player the points, hand and deck sizes, energy now and
next, and every Pokémon in play with its HP, energy and status; the active effects in play; the
narrated actions so far, one line per action (``narrated_step``: the choice in words, then what it
caused, from ``tcg.battle.narration``), and the active effects in words. A spectator sees both sides, so
nothing is hidden here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from darwindeck.errors import DarwinDeckError
from darwindeck.seeding import nth
from darwindeck.tcg.battle import narration
from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.play import MAX_ACTIONS_PER_GAME
from darwindeck.tcg.battle.players import BattlePlayer, make_player
from darwindeck.tcg.core.actions import ActionKind, decode
from darwindeck.tcg.core.decks import load_deck, shipped_deck_names
from darwindeck.tcg.core.models import EnergyType

BATTLE_PLAYERS = ("random", "greedy", "mcts")


def _energy(energy: EnergyType | None) -> str | None:
    return None if energy is None else energy.value


#: A spectator's names for the two players (``tcg.battle.narration``).
SPECTATOR = narration.Voice(("Player 1", "Player 2"))


def narrated_step(battle: Battle, action: int) -> str:
    """Apply ``action`` and tell it in one line: every event it caused, after the choice in words when the
    events do not say it already (a placement during setup, an ability)."""
    player = battle.current_player
    choice = narration.describe_action(battle, action, SPECTATOR)
    before, seen = narration.Board.of(battle, SPECTATOR), len(battle.state.action_log)
    battle.apply_action(action)
    events = narration.narrate(battle, before, battle.state.action_log[seen:], SPECTATOR)
    told = (
        []
        if events and decode(action).kind is not ActionKind.ABILITY
        else [f"Player {player + 1}: {choice}."]
    )
    return " ".join([*told, *events])


@dataclass(frozen=True)
class BattleSetup:
    deck0: str
    deck1: str
    player0: str
    player1: str
    seed: int

    def check(self) -> None:
        decks = shipped_deck_names()
        for name, value in (("deck0", self.deck0), ("deck1", self.deck1)):
            if value not in decks:
                raise DarwinDeckError(f"{name}: {value!r} is not one of {', '.join(decks)}")
        for name, value in (("player0", self.player0), ("player1", self.player1)):
            if value not in BATTLE_PLAYERS:
                raise DarwinDeckError(f"{name}: {value!r} is not one of {', '.join(BATTLE_PLAYERS)}")


@dataclass
class BattleReplay:
    """A battle and how far it has been played (module docstring)."""

    setup: BattleSetup
    battle: Battle
    players: tuple[BattlePlayer, BattlePlayer]
    log: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, setup: BattleSetup) -> BattleReplay:
        setup.check()
        battle = new_battle(load_deck(setup.deck0), load_deck(setup.deck1), setup.seed)
        players = (make_player(setup.player0, setup.seed), make_player(setup.player1, nth(setup.seed, 1)))
        return cls(setup, battle, players)

    @property
    def steps(self) -> int:
        return len(self.log)

    def step(self) -> None:
        battle = self.battle
        player = battle.current_player
        action = self.players[player].choose(battle)
        self.log.append(narrated_step(battle, action))

    def at(self, step: int) -> BattleReplay:
        """This battle after ``step`` actions, or at its end; a new replay when ``step`` is behind."""
        replay = self if step >= self.steps else BattleReplay.new(self.setup)
        while replay.steps < min(step, MAX_ACTIONS_PER_GAME) and not replay.battle.is_terminal():
            replay.step()
        return replay

    def snapshot(self) -> dict[str, Any]:
        battle = self.battle
        state = battle.state
        players = []
        for player in state.players:
            in_play = []
            for slot, pokemon in narration.slots(player):
                card = battle.card(pokemon.card_id)
                in_play.append(
                    {
                        "place": "Active" if slot == 0 else f"Bench {slot}",
                        "name": card.name,
                        "hp": card.hp - pokemon.damage,
                        "max_hp": card.hp,
                        "energy": [energy.value for energy in pokemon.energy],
                        "status": [status.value for status in pokemon.statuses],
                    }
                )
            players.append(
                {
                    "deck": player.deck_name,
                    "points": player.points,
                    "hand": len(player.hand),
                    "deck_size": len(player.deck),
                    "energy_now": _energy(player.energy_available),
                    "energy_next": _energy(player.energy_next),
                    "in_play": in_play,
                }
            )
        effects = [narration.effect_words(battle, effect, SPECTATOR) for effect in state.active_effects]
        winner = None if state.winner is None else state.winner + 1
        return {
            "step": self.steps,
            "turn": state.turn,
            "players": players,
            "effects": effects,
            "log": self.log[-60:],
            "over": battle.is_terminal(),
            "winner": winner,
        }
