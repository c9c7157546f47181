"""Search benchmark: the time of a decision of each searching player, per game, one core.

``python -m benchmarks.mcts [--iterations K] [--positions N] [--worlds W] [--pimc-positions M] [--seed S]
[--players bare,competent,pimc] [--games hearts,spades,...]``
first plays random games and keeps every decision of seat 0 with its knowledge
(``determinize.observe``), then times each player on them (one core, after a warm-up decision that
loads or compiles the code): the *bare* MCTS-K (``search_params.default_params``: random rollouts of 8
actions, no bias; the configuration of the bar below), the *competent* MCTS-K that judges games and
plays people (``agents.competent``: greedy rollouts to the end of the hand, a bias to the greedy
choice), and the perfect-information Monte Carlo player PIMC-W (``agents.pimc`` through
``quality.play.pimc``: W worlds per card play, each solved within ``quality.play.PIMC_BUDGET`` steps;
other decisions by the competent MCTS with ``quality.play.PIMC_MCTS`` iterations), the last on the first M
positions only. The games (``GAMES``) are Hearts, Spades and Crazy Eights (the bar's) and the four
partnership games whose competent player is chosen by measurement (Partnership Spades, Bridge, Euchre,
Whist: ``docs/fitness.md``, "The competent player per family").
It reports searched decisions/s (more than one legal action: a full search) and all decisions/s
(forced decisions return at once, as they do in play), with the bar of 1,000 searched decisions/s per
core for MCTS-100 (judged on wall time; searched decisions per CPU second, ``time.process_time``, are
shown too because a shared machine's wall time is noisy), and the mean milliseconds of CPU per searched
decision. Prints a Markdown table headed by the date, the commit and the load average at the start (the
label the engine benchmark's rows carry: on a shared machine wall time is a lower bound).
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.agents.competent import competent_row
from darwindeck.agents.determinize import new_knowledge, observe
from darwindeck.agents.mcts import new_tree, search
from darwindeck.agents.pimc import pimc_search
from darwindeck.agents.solver import new_workspace
from darwindeck.engine import layout as L
from darwindeck.engine.policies import choose
from darwindeck.engine.search_params import default_params
from darwindeck.engine.state_api import GameState
from darwindeck.evolve.quality.play import PIMC_BUDGET, PIMC_MCTS, pimc
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome

BAR = 1_000
Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]
PLAYERS = ("bare", "competent", "pimc")
#: The benchmarked games: command-line name → library slug.
GAMES = {
    "hearts": "hearts",
    "spades": "spades",
    "crazy-eights": "crazy-eights",
    "partnership-spades": "partnership-spades",
    "bridge": "bridge",
    "euchre": "euchre",
    "whist": "whist",
}


@dataclass(frozen=True)
class Position:
    state: Int64Array
    knowledge: Int64Array


@dataclass(frozen=True)
class Measurement:
    name: str
    player: str
    searched: int
    forced: int
    seconds: float
    cpu_seconds: float

    @property
    def searched_per_s(self) -> float:
        return self.searched / self.seconds

    @property
    def all_per_s(self) -> float:
        return (self.searched + self.forced) / self.seconds

    @property
    def searched_per_cpu_s(self) -> float:
        return self.searched / self.cpu_seconds

    @property
    def cpu_ms_per_searched(self) -> float:
        """CPU milliseconds per searched decision (forced decisions cost next to nothing)."""
        return 1000.0 * self.cpu_seconds / self.searched if self.searched else 0.0


def benchmark_games(names: str) -> dict[str, GameGenome]:
    """The games named (comma-separated keys of ``GAMES``) by their display names."""
    games = {}
    for key in names.split(","):
        genome = get_game(GAMES[key])
        games[genome.name] = genome
    return games


def collect(genome: GameGenome, count: int, seed: int) -> list[Position]:
    """Seat 0's decisions (state and knowledge) from random games, up to ``count``."""
    positions: list[Position] = []
    rng = np.array([seed * 7919 + 1], dtype=np.int64)
    game = 0
    while len(positions) < count:
        state = GameState.new(genome, seed + game)
        knowledge = new_knowledge()
        knowledge[:, -1] = state.array[L.S_HAND_NO]
        while not state.is_terminal() and len(positions) < count:
            if state.current_player == 0:
                positions.append(Position(state.array.copy(), knowledge[0].copy()))
            before = state.array.copy()
            action = choose(state.program, state.array, 0, rng)
            state.apply_action(action)
            observe(state.program, before, state.array, action, knowledge)
        game += 1
    return positions


def player_row(player: str, genome: GameGenome, iterations: int, worlds: int) -> Float64Array:
    if player == "bare":
        return default_params(iterations)[0]
    if player == "competent":
        return competent_row(genome, iterations)
    return pimc(worlds).params_row(genome)


def measure(
    name: str,
    genome: GameGenome,
    player: str,
    positions: list[Position],
    iterations: int,
    worlds: int,
    seed: int,
) -> Measurement:
    program = GameState.new(genome, seed).program
    params = player_row(player, genome, iterations, worlds)
    tree = new_tree(max(iterations, 25) + 1)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    ws = new_workspace() if player == "pimc" else new_workspace(0, 0)
    rng = np.array([seed + 12345], dtype=np.int64)

    def decide(position: Position) -> None:
        if player == "pimc":
            pimc_search(program, position.state, position.knowledge, params, rng, tree, scratch, ws)
        else:
            search(program, position.state, position.knowledge, params, rng, tree, scratch)

    decide(positions[0])
    forced = sum(1 for p in positions if p.state[L.S_N_LEGAL] == 1)
    start = time.perf_counter()
    cpu_start = time.process_time()
    for position in positions:
        decide(position)
    cpu_seconds = time.process_time() - cpu_start
    seconds = time.perf_counter() - start
    off_tricks = f"MCTS-{PIMC_MCTS}" if PIMC_MCTS else "greedy"
    label = f"PIMC-{worlds} ({PIMC_BUDGET:,} steps a world; {off_tricks} off tricks)"
    if player != "pimc":
        label = f"{player} MCTS-{iterations}"
    return Measurement(name, label, len(positions) - forced, forced, seconds, cpu_seconds)


def commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--pimc-positions", type=int, default=40)
    parser.add_argument("--players", default=",".join(PLAYERS), help="comma-separated: bare, competent, pimc")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated: " + ", ".join(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    unknown = [name for name in args.games.split(",") if name not in GAMES]
    if unknown:
        parser.error(f"--games: unknown game {unknown[0]!r} (known: {', '.join(GAMES)})")
    load = os.getloadavg()[0]
    print(f"{datetime.date.today()}, commit {commit()}, one core, load average {load:.1f} at the start\n")
    print(
        "| game | player | searched decisions | forced | searched decisions/s | searched per CPU s "
        "| CPU ms per searched | all decisions/s | bar (bare MCTS-100) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for name, genome in benchmark_games(args.games).items():
        positions = collect(genome, args.positions, args.seed)
        for player in args.players.split(","):
            chosen = positions[: args.pimc_positions] if player == "pimc" else positions
            m = measure(name, genome, player, chosen, args.iterations, args.worlds, args.seed)
            ok = ("meets" if m.searched_per_s >= BAR else "below") if player == "bare" else "–"
            print(
                f"| {name} | {m.player} | {m.searched} | {m.forced} | {m.searched_per_s:,.0f} | "
                f"{m.searched_per_cpu_s:,.0f} | {m.cpu_ms_per_searched:.2f} | {m.all_per_s:,.0f} | {ok} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
