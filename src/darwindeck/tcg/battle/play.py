"""Playing whole battles between players and summarising many of them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from darwindeck.harness import play_out
from darwindeck.seeding import nth
from darwindeck.stats import rate_interval
from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.players import BattlePlayer
from darwindeck.tcg.core.decks import Deck

MAX_ACTIONS_PER_GAME = 5000


def play_battle(
    deck0: Deck,
    deck1: Deck,
    players: Sequence[BattlePlayer],
    seed: int,
    on_step: Callable[[Battle], None] | None = None,
) -> Battle:
    """Play one battle to its end (``harness.play_out``); ``on_step`` is called after every action (tests,
    invariants)."""
    battle = new_battle(deck0, deck1, seed)
    play_out(battle, players, MAX_ACTIONS_PER_GAME, on_step)
    return battle


@dataclass
class MatchSummary:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    turns: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    effects: Counter[str] = field(default_factory=Counter)

    def add(self, battle: Battle) -> None:
        state = battle.state
        self.games += 1
        if state.winner is None:
            self.draws += 1
        else:
            self.wins[state.winner] += 1
        self.turns += state.turn
        for index in range(2):
            self.points[index] += state.players[index].points
        self.effects.update(str(e.data["effect_id"]) for e in state.action_log if e.type == "effect")

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Win rate with a 95% Wilson interval (low, high)."""
        return rate_interval(self.wins[player], self.games)


def play_match(
    deck0: Deck, deck1: Deck, make_players: Callable[[int], Sequence[BattlePlayer]], games: int, seed: int
) -> MatchSummary:
    summary = MatchSummary()
    for game in range(games):
        summary.add(play_battle(deck0, deck1, make_players(nth(seed, game)), nth(seed, game)))
    return summary
