"""Matches between two decks and win rates against a field.

Rules:

* A match of ``games`` battles (an even number) is ``games / 2`` *seat pairs*: pair ``k`` plays the battle
  seed ``seed + k`` (mod 2**63) twice, once with the deck in seat 0 and once in seat 1. The agent of seat
  ``s`` in pair ``k`` is built from the seed and ``(k, s)`` only, never from which deck sits there, so a
  deck against itself plays each battle twice identically and scores exactly one half.
* Players: ``greedy`` (``GreedyPlayer``) or ``mcts`` (``MCTSPlayer`` with ``iterations``); both
  seats use the same kind.
* Every battle gets fresh players. A battle without a winner (the turn limit, or both players meeting
  the win conditions at once) is a draw and counts one half: ``score = (wins + draws / 2) / games``.
  So is a battle that ``tcg.battle.play.play_battle`` stops unfinished after its action budget (it raises
  ``RuntimeError``; some random decks make the greedy players loop inside a turn): it has no winner, and a
  run must not die of one deck.
* The fitness of a deck against a field is the mean of its scores against each field deck (every field
  deck weighs the same). Against the population itself (``--field self``) it is the mean over the other
  distinct decks of the population.
* A match's seed is ``evolve.evaluator.evaluation_seed(run_seed, "A|B")`` for deck identities A and B
  (for self-play pairs, A < B), and ``"A|B|k"`` for an elite's ``k``-th further batch (``ga``): a
  function of the run seed, the two decks and the batch only, so results do not
  depend on the back-end, the number of workers, the order of evaluation or a cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from darwindeck.evolve.evaluator import evaluation_seed
from darwindeck.stats import rate_interval
from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import BattlePlayer, GreedyPlayer, MCTSPlayer
from darwindeck.tcg.core.decks import Deck

SEED_SPACE = 2**63
AGENTS = ("greedy", "mcts")


@dataclass(frozen=True)
class MatchRecord:
    """Battles of one deck against another, from the first deck's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def flipped(self) -> MatchRecord:
        """The same battles from the other deck's side."""
        return MatchRecord(self.losses, self.draws, self.wins)

    def __add__(self, other: MatchRecord) -> MatchRecord:
        return MatchRecord(self.wins + other.wins, self.draws + other.draws, self.losses + other.losses)

    def interval(self) -> tuple[float, float, float]:
        """The score with its 95% Wilson interval (a draw counts as half a success)."""
        return rate_interval(self.wins + self.draws / 2, self.games)


@dataclass(frozen=True)
class MatchTask:
    """One unit of parallel work: ``deck`` against ``opponent`` for ``games`` battles."""

    deck: Deck
    opponent: Deck
    games: int
    seed: int
    agent: str = "greedy"
    iterations: int = 25


def match_seed(run_seed: int, deck: str, opponent: str, batch: int = 0) -> int:
    """The seed of batch ``batch`` of ``deck`` against ``opponent`` (module rules)."""
    key = f"{deck}|{opponent}" if batch == 0 else f"{deck}|{opponent}|{batch}"
    return evaluation_seed(run_seed, key)


def _player(task: MatchTask, pair: int, seat: int) -> BattlePlayer:
    if task.agent == "mcts":
        return MCTSPlayer(task.iterations, seed=(task.seed + 2 * pair + seat) % SEED_SPACE)
    return GreedyPlayer()


def _winner(deck0: Deck, deck1: Deck, players: list[BattlePlayer], seed: int) -> int | None:
    try:
        return play_battle(deck0, deck1, players, seed).state.winner
    except RuntimeError:  # the action budget ran out: no winner (module rules)
        return None


def play_match_task(task: MatchTask) -> MatchRecord:
    """Play a task's seat pairs (module rules); the record is from ``task.deck``'s side."""
    wins = draws = 0
    for pair in range(task.games // 2):
        seed = (task.seed + pair) % SEED_SPACE
        for seat in (0, 1):
            players = [_player(task, pair, 0), _player(task, pair, 1)]
            decks = (task.deck, task.opponent) if seat == 0 else (task.opponent, task.deck)
            winner = _winner(decks[0], decks[1], players, seed)
            wins += winner == seat
            draws += winner is None
    return MatchRecord(wins, draws, task.games // 2 * 2 - wins - draws)


def field_fitness(records: Sequence[MatchRecord]) -> float:
    """The mean score over the field (0 for an empty field)."""
    return sum(r.score for r in records) / len(records) if records else 0.0
