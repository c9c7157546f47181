"""Seeded batches of play for quality evaluation: who plays, and what the games came to.

An ``Policy`` is a player configuration: ``random``, ``greedy`` (the engine's one-step heuristic), or
``mcts`` with a number of iterations: the *competent* search player of ``agents.competent`` (greedy
rollouts to the end of the hand, none in a deadwood knock game, a bias towards the greedy choice), the
one people play against too. ``sees_all`` makes an MCTS player that searches the true state instead of
samples of what its seat has seen: the yardstick of how much hidden information matters. ``pimc`` with a
number of worlds is the perfect-information Monte Carlo player of ``agents.pimc`` (``PIMC_BUDGET``
solver steps per world; trick-count bids and trump making by sampled worlds, ``agents.bids``; calls in
an auction and every other decision outside a trick by the competent MCTS with ``PIMC_MCTS``
iterations, or by the greedy player when ``PIMC_MCTS`` is 0).

**The competent player per family** is read from one place, ``competent(genome, iterations)``: PIMC with
``PIMC_FAMILIES[family]`` worlds in a family (``quality.descriptors.family``) listed there, the
competent MCTS with ``iterations`` iterations everywhere else. A family is listed only where PIMC beat
the competent MCTS at comparable time per decision on duplicate deals (the table in
``docs/fitness.md``, "The competent player per family").

``play(genome, policies, games, seed)`` plays games ``0 .. games-1`` of one batch seed: game ``i`` is dealt
from ``(seed, i)`` whoever sits where, so two calls with the same seed and different seatings replay the
same deals (duplicate play); ``play_in_chunks`` plays them a chunk at a time and may stop early (the
screening's gate and the ablation's baseline). Results are ``Games``: per-game stats rows
(``agents.batch.STAT_*``) with helpers for winners and per-side outcomes. "Sides" are the teams in a
team game, else the players.
``is_game(greedy)``: whether greedy self-play ended with a winner often enough (``MAX_DRAW_RATE``,
``MAX_TIMEOUT_RATE``) for the games to be a game, the test the screening's gate and the ablation share;
``never_a_game(first, games)``: whether the first games already decide that test against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from darwindeck.agents import batch as B
from darwindeck.agents.competent import competent_row
from darwindeck.engine import layout as L
from darwindeck.engine.policies import GREEDY as GREEDY_KIND
from darwindeck.engine.policies import MCTS as MCTS_KIND
from darwindeck.engine.policies import PIMC as PIMC_KIND
from darwindeck.engine.policies import RANDOM as RANDOM_KIND
from darwindeck.engine.policies import STATELESS_RANDOM as STATELESS_KIND
from darwindeck.engine.search_params import N_PARAMS, P_BUDGET, P_ITERATIONS, P_WORLDS
from darwindeck.engine.tables import compile_program
from darwindeck.evolve.quality.descriptors import family
from darwindeck.genome.schema import GameGenome
from darwindeck.seeding import derive

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

#: The PIMC player's solver budget per world (engine steps) and its MCTS iterations outside tricks, bids
#: and trump making (0: the greedy player calls).
PIMC_BUDGET = 20_000
PIMC_MCTS = 0
#: The families whose competent player is PIMC, with its worlds per card play (module docstring). Empty:
#: PIMC has beaten the competent MCTS in no family yet (``docs/fitness.md``).
PIMC_FAMILIES: dict[str, int] = {}
#: What greedy self-play must make of a genome for it to be a game (the screening's gate,
#: ``evolve.fitness``; the ablation's games that are no game): at most this share of games without a
#: winner, and at most this share stopped by the step budget.
MAX_DRAW_RATE = 0.4
MAX_TIMEOUT_RATE = 0.05


@dataclass(frozen=True)
class Policy:
    """A player configuration (module docstring)."""

    kind: str
    iterations: int = 0
    sees_all: bool = False

    @property
    def name(self) -> str:
        if self.kind == "pimc":
            return f"PIMC-{self.iterations}" + (" (sees all)" if self.sees_all else "")
        if self.kind != "mcts":
            return self.kind
        return f"MCTS-{self.iterations}" + (" (sees all)" if self.sees_all else "")

    @property
    def code(self) -> int:
        kinds = {
            "random": RANDOM_KIND,
            "greedy": GREEDY_KIND,
            "mcts": MCTS_KIND,
            "stateless": STATELESS_KIND,
            "pimc": PIMC_KIND,
        }
        return kinds[self.kind]

    def params_row(self, genome: GameGenome) -> Float64Array:
        if self.kind != "pimc":
            return competent_row(genome, self.iterations, self.sees_all)
        row = competent_row(genome, PIMC_MCTS, self.sees_all)
        row[P_ITERATIONS] = PIMC_MCTS
        row[P_WORLDS] = self.iterations
        row[P_BUDGET] = PIMC_BUDGET
        return row


RANDOM = Policy("random")
GREEDY = Policy("greedy")
#: Random play whose draws survive the removal of meta-choices (``agents.batch``): for rule ablation.
STATELESS = Policy("stateless")


def mcts(iterations: int, sees_all: bool = False) -> Policy:
    """The competent MCTS player with ``iterations`` iterations per searched decision."""
    return Policy("mcts", iterations, sees_all)


def pimc(worlds: int, sees_all: bool = False) -> Policy:
    """The perfect-information Monte Carlo player with ``worlds`` sampled worlds per card play."""
    return Policy("pimc", worlds, sees_all)


def competent(genome: GameGenome, iterations: int, sees_all: bool = False) -> Policy:
    """The competent player of ``genome``'s family (module docstring): PIMC where it was measured to beat
    the competent MCTS, else that MCTS with ``iterations`` iterations."""
    worlds = PIMC_FAMILIES.get(family(genome), 0)
    return pimc(worlds, sees_all) if worlds else mcts(iterations, sees_all)


def batch_seed(seed: int, purpose: str) -> int:
    """The engine seed of one batch: ``seeding.derive(seed, purpose, bits=32)``."""
    return derive(seed, purpose, bits=32)


def side_count(genome: GameGenome) -> int:
    return len(genome.teams) if genome.team_mode else genome.player_count


def side_seats(genome: GameGenome, side: int) -> tuple[int, ...]:
    return tuple(genome.teams[side]) if genome.team_mode else (side,)


def side_of_seat(genome: GameGenome, seat: int) -> int:
    if not genome.team_mode:
        return seat
    return next(k for k, team in enumerate(genome.teams) if seat in team)


@dataclass(frozen=True)
class Games:
    """The stats rows of a batch of games of ``genome`` (one row per game, in game order)."""

    genome: GameGenome
    rows: Int64Array

    @property
    def count(self) -> int:
        return int(self.rows.shape[0])

    @cached_property
    def winners(self) -> Int64Array:
        """The winning side of every game (−1: nobody won)."""
        column = B.STAT_WINNING_TEAM if self.genome.team_mode else B.STAT_WINNER
        return self.rows[:, column]

    @property
    def decided(self) -> int:
        return int((self.winners >= 0).sum())

    def column(self, stat: int) -> Int64Array:
        return self.rows[:, stat]

    def mean(self, stat: int) -> float:
        return float(self.rows[:, stat].mean()) if self.count else 0.0

    def extended(self, more: Games) -> Games:
        """These games followed by ``more`` (the next games of the same batch)."""
        return Games(self.genome, np.concatenate([self.rows, more.rows]))

    @property
    def errors(self) -> int:
        """Games stopped by an engine error."""
        return int((self.rows[:, B.STAT_ERROR] != 0).sum())

    @property
    def timeouts(self) -> int:
        """Games stopped by the step budget."""
        return int((self.rows[:, B.STAT_ENDED_BY] == L.END_STEP_BUDGET).sum())

    @property
    def draws(self) -> int:
        """Games that nobody won."""
        return int((self.winners < 0).sum())

    @property
    def error_rate(self) -> float:
        return self.errors / self.count if self.count else 0.0

    @property
    def timeout_rate(self) -> float:
        return self.timeouts / self.count if self.count else 0.0

    @property
    def draw_rate(self) -> float:
        return self.draws / self.count if self.count else 0.0

    @property
    def digests(self) -> tuple[int, ...]:
        return tuple(int(d) for d in self.rows[:, B.STAT_DIGEST])

    @property
    def meaningful_decisions(self) -> Int64Array:
        """Decisions with more than one legal move, per game."""
        return self.rows[:, B.STAT_DECISIONS] - self.rows[:, B.STAT_FORCED]


def is_game(greedy: Games) -> bool:
    """Whether greedy self-play's ``greedy`` games ended with a winner often enough (module docstring)."""
    return greedy.draw_rate <= MAX_DRAW_RATE and greedy.timeout_rate <= MAX_TIMEOUT_RATE


def play_in_chunks(
    genome: GameGenome,
    policies: Sequence[Policy],
    games: int,
    seed: int,
    chunk: int,
    stop: Callable[[Games], bool],
) -> Games:
    """Games ``0 .. games-1`` of batch seed ``seed`` (``play``), ``chunk`` at a time, ending early once
    ``stop`` holds for the games played so far: the first games of the one batch, the same games whatever
    the chunk."""
    played = play(genome, policies, min(chunk, games), seed)
    while played.count < games and not stop(played):
        start = played.count
        played = played.extended(play(genome, policies, min(chunk, games - start), seed, start))
    return played


def never_a_game(first: Games, games: int) -> bool:
    """Whether ``games`` greedy self-play games of which ``first`` are the first fail ``is_game`` whatever
    the rest do (the counts of games without a winner or stopped only grow)."""
    return first.draws > MAX_DRAW_RATE * games or first.timeouts > MAX_TIMEOUT_RATE * games


def seat_params(genome: GameGenome, policies: Sequence[Policy]) -> tuple[Int64Array, Float64Array]:
    """Policy kinds per seat and the MCTS parameter table of a seating."""
    codes = np.array([policy.code for policy in policies], dtype=np.int64)
    params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for seat, policy in enumerate(policies):
        params[seat] = policy.params_row(genome)
    return codes, params


def play(
    genome: GameGenome,
    policies: Sequence[Policy],
    games: int,
    seed: int,
    start: int = 0,
    turn_cap: int | None = None,
) -> Games:
    """Games ``start .. start+games-1`` of batch seed ``seed`` with ``policies[seat]`` in each seat (one
    policy for every seat when one is given). ``turn_cap`` lowers the turn limit to that many turns (the
    step budget stays the genome's): a game that would last fewer turns is played exactly as without it,
    a longer one ends by the turn limit at ``turn_cap`` turns. Raises ``DarwinDeckError`` for a genome the
    engine cannot run."""
    seating = list(policies) * genome.player_count if len(policies) == 1 else list(policies)
    program = compile_program(genome)
    if turn_cap is not None:
        program[L.H_MAX_TURNS] = min(int(program[L.H_MAX_TURNS]), turn_cap)
    codes, params = seat_params(genome, seating)
    rows = np.zeros((games, B.N_STATS), dtype=np.int64)
    if games:
        B.play_batch_with(program, start, games, seed, codes, params, rows)
    return Games(genome, rows)


def strong_seating(genome: GameGenome, side: int, strong: Policy, weak: Policy) -> list[Policy]:
    """``strong`` in every seat of ``side``, ``weak`` elsewhere."""
    seats = side_seats(genome, side)
    return [strong if seat in seats else weak for seat in range(genome.player_count)]
