"""``simulate``: play a batch of games of one genome and summarise them as ``BatchStats``.

The batch is split into chunks (the unit of parallel work: one genome × a run of games); each chunk is
one compiled ``play_batch`` call. Game ``i`` is seeded from ``(seed, i)``, so the results are identical
for any number of workers. ``workers > 1`` uses a process pool. Seats whose policy is ``mcts`` search
with the settings of ``mcts_params`` (``search_params.default_params`` when not given).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.agents import batch as B
from darwindeck.engine import layout as L
from darwindeck.engine.policies import policy_codes
from darwindeck.engine.search_params import default_params
from darwindeck.engine.tables import compile_program
from darwindeck.errors import DarwinDeckError
from darwindeck.genome.schema import GameGenome
from darwindeck.stats import wilson_interval

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

#: Games per chunk handed to one worker call.
CHUNK_GAMES = 500


@dataclass(frozen=True)
class BatchStats:
    """Results of a batch. Averages are per game; ``avg_legal_moves`` is per decision."""

    games: int
    wins: tuple[int, ...]  # per seat (individual mode)
    team_wins: tuple[int, ...]  # per team (team mode; empty otherwise)
    draws: int
    timeouts: int
    errors: int
    avg_turns: float
    avg_decisions: float
    avg_legal_moves: float
    forced_fraction: float
    avg_hand_size: float
    avg_lead_changes: float
    avg_margin: float
    comeback_fraction: float
    avg_interaction: float
    avg_effects: float
    bids_made: int
    bids_met: int
    avg_hands: float
    decisions: int

    def win_rate_ci(self, seat: int) -> tuple[float, float]:
        """95 % Wilson interval of seat ``seat``'s win rate."""
        return wilson_interval(self.wins[seat], self.games)

    def team_win_rate_ci(self, team: int) -> tuple[float, float]:
        return wilson_interval(self.team_wins[team], self.games)


def _run_chunk(
    genome: GameGenome, start: int, count: int, seed: int, policies: Int64Array, params: Float64Array
) -> Int64Array:
    program = compile_program(genome)
    out = np.zeros((count, B.N_STATS), dtype=np.int64)
    B.play_batch_with(program, start, count, seed, policies, params, out)
    return out


def summarise(genome: GameGenome, rows: Int64Array) -> BatchStats:
    games = rows.shape[0]
    n_players = genome.player_count
    n_teams = len(genome.teams) if genome.team_mode else 0
    winners = rows[:, B.STAT_WINNER]
    teams = rows[:, B.STAT_WINNING_TEAM]
    decisions = int(rows[:, B.STAT_DECISIONS].sum())
    per_game = max(games, 1)
    per_decision = max(decisions, 1)
    ended = rows[:, B.STAT_ENDED_BY]
    return BatchStats(
        games=games,
        wins=tuple(int((winners == p).sum()) for p in range(n_players)),
        team_wins=tuple(int((teams == t).sum()) for t in range(n_teams)),
        draws=int(((winners < 0) & (teams < 0)).sum()),
        timeouts=int((ended == L.END_STEP_BUDGET).sum()),
        errors=int(rows[:, B.STAT_ERROR].sum()),
        avg_turns=float(rows[:, B.STAT_TURNS].sum()) / per_game,
        avg_decisions=decisions / per_game,
        avg_legal_moves=float(rows[:, B.STAT_LEGAL_SUM].sum()) / per_decision,
        forced_fraction=float(rows[:, B.STAT_FORCED].sum()) / per_decision,
        avg_hand_size=float(rows[:, B.STAT_HANDSIZE_SUM].sum()) / per_decision,
        avg_lead_changes=float(rows[:, B.STAT_LEAD_CHANGES].sum()) / per_game,
        avg_margin=float(rows[:, B.STAT_MARGIN].sum()) / per_game,
        comeback_fraction=float(rows[:, B.STAT_COMEBACK].sum()) / per_game,
        avg_interaction=float(rows[:, B.STAT_INTERACTION].sum()) / per_game,
        avg_effects=float(rows[:, B.STAT_EFFECTS].sum()) / per_game,
        bids_made=int(rows[:, B.STAT_BIDS_MADE].sum()),
        bids_met=int(rows[:, B.STAT_BIDS_MET].sum()),
        avg_hands=float(rows[:, B.STAT_HANDS_PLAYED].sum()) / per_game,
        decisions=decisions,
    )


def simulate_rows(
    genome: GameGenome,
    games: int,
    policies: Sequence[str],
    seed: int,
    workers: int,
    progress: Callable[[int], None] | None = None,
    mcts_params: Float64Array | None = None,
    chunk_games: int = CHUNK_GAMES,
) -> Int64Array:
    """Per-game stats rows (``batch.STAT_*`` columns) of ``games`` games, in game order."""
    if games < 1:
        raise DarwinDeckError(f"games: must be at least 1, got {games}")
    if workers < 1:
        raise DarwinDeckError(f"workers: must be at least 1, got {workers}")
    codes = policy_codes(policies, genome.player_count)
    params = default_params() if mcts_params is None else mcts_params
    compile_program(genome)  # fail fast on a genome the engine cannot run
    chunks = [(s, min(chunk_games, games - s)) for s in range(0, games, chunk_games)]
    parts: list[Int64Array] = []
    if workers == 1:
        for start, count in chunks:
            parts.append(_run_chunk(genome, start, count, seed, codes, params))
            if progress is not None:
                progress(count)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_run_chunk, genome, s, c, seed, codes, params) for s, c in chunks]
            for future, (_, count) in zip(futures, chunks, strict=True):
                parts.append(future.result())
                if progress is not None:
                    progress(count)
    return np.concatenate(parts)


def simulate(
    genome: GameGenome,
    games: int = 1000,
    policies: Sequence[str] = ("random", "random"),
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    mcts_params: Float64Array | None = None,
) -> BatchStats:
    """Play ``games`` games of ``genome`` with ``policies`` (one name per seat, or one for all)."""
    rows = simulate_rows(genome, games, policies, seed, workers, progress, mcts_params)
    return summarise(genome, rows)
