"""Solver benchmark: perfect-information positions solved per second for the last 5, 7 and 9 tricks.

``python -m benchmarks.solver [--positions N] [--budget B] [--seed S]`` deals games of Bridge, Partnership
Spades and Hearts, plays them greedily to the first lead with 5, 7 and 9 tricks left in the first hand
(N deals each), and times ``solver.solve`` on each true state (every card known: one PIMC world) with a
budget of B engine steps, after a warm-up solve that loads or compiles the code. Beside it, the cost of
one greedy rollout from the same positions to the end of the hand (the value the solver falls back
to). Reports positions/s, the share solved exactly (every line to the end of the hand within the budget)
and the mean engine steps a solve took; one core; prints a Markdown table with the date and the commit.
"""

from __future__ import annotations

import argparse
import datetime
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from benchmarks.mcts import commit
from darwindeck.agents.solver import C_CUT, C_WORK, greedy_rollout, new_workspace, solve
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.program import phase_at
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game

Int64Array = npt.NDArray[np.int64]
GAMES = ("bridge", "partnership-spades", "hearts")
TRICKS_LEFT = (5, 7, 9)


@dataclass(frozen=True)
class Row:
    game: str
    tricks_left: int
    positions: int
    solve_seconds: float
    exact: int
    steps: int
    rollout_seconds: float


def positions(game: str, tricks_left: int, count: int, seed: int) -> tuple[Int64Array, list[Int64Array]]:
    """The program and ``count`` true states at a lead with ``tricks_left`` tricks of the hand to play."""
    found: list[Int64Array] = []
    deal = seed
    genome = get_game(game)
    program = GameState.new(genome, seed).program
    while len(found) < count:
        state = GameState.new(genome, deal)
        hand = state.array[L.S_HAND_NO]
        while not state.is_terminal() and state.array[L.S_HAND_NO] == hand:
            a = state.array
            per_hand = sum(int(a[L.L_HAND + p]) for p in range(state.n_players)) // state.n_players
            in_trick = phase_at(program, int(a[L.S_PHASE]), L.PH_KIND) == L.K_TRICK
            if in_trick and a[L.L_TRICK] == 0 and per_hand == tricks_left and a[L.S_N_LEGAL] > 1:
                found.append(a.copy())
                break
            state.apply_action(int(greedy_choice(program, a)))
        deal += 1
    return program, found


def measure(game: str, tricks_left: int, count: int, budget: int, seed: int) -> Row:
    program, states = positions(game, tricks_left, count, seed)
    ws = new_workspace()
    out = np.zeros(L.LEGAL_CAP, dtype=np.float64)
    solve(program, states[0], budget, ws, out)
    exact = steps = 0
    start = time.perf_counter()
    for state in states:
        solve(program, state, budget, ws, out)
        exact += int(ws.ctx[C_CUT] == 0)
        steps += int(ws.ctx[C_WORK])
    solve_seconds = time.perf_counter() - start
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    scratch[:] = states[0]
    greedy_rollout(program, scratch, states[0][L.S_HAND_NO], ws.ctx)
    start = time.perf_counter()
    for state in states:
        scratch[:] = state
        greedy_rollout(program, scratch, state[L.S_HAND_NO], ws.ctx)
    return Row(game, tricks_left, len(states), solve_seconds, exact, steps, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    today = datetime.date.today()
    print(f"Solver, budget {args.budget:,} engine steps, {today}, commit {commit()}, one core\n")
    print("| game | tricks left | positions | solved/s | exact | mean steps | greedy rollouts/s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game in GAMES:
        for left in TRICKS_LEFT:
            r = measure(game, left, args.positions, args.budget, args.seed)
            print(
                f"| {game} | {left} | {r.positions} | {r.positions / r.solve_seconds:,.1f} | "
                f"{r.exact}/{r.positions} | {r.steps // r.positions:,} | "
                f"{r.positions / r.rollout_seconds:,.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
