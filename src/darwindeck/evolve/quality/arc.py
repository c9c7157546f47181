"""The arc of a game: lead changes, drama and decisiveness on the players' estimated chances.

For a game of competent self-play (greedy in every seat) with M decisions (actions players take,
forced ones included, so that a game of pure chance has an arc too), C checkpoints sit before decisions
``floor(k·M/(C+1))``, k = 1..C (fewer when M ≤ C: every decision once). At each,
``agents.chances.chance_trace`` estimates every side's chance of winning from that side's own view
(rollouts of determinizations of what it has seen); a last point is the outcome (1 for the winner, 0
for the others; 1/S each after a draw). With v_s(t) side s's estimate at point t, w the
winner and ``MARGIN`` = 0.1:

* **leader** at t: the side with the highest estimate when it is ahead of every other by at least the
  margin; otherwise nobody leads and the previous leader is kept. **Lead changes**: how often the
  leader becomes a different side (noise below the margin is not drama).
* **Drama** (Browne's measure, as CardStock computes it, with the best other side's estimate as the bar
  instead of ½ so that it also reads for more than two sides): the mean over the C checkpoints of
  ``sqrt(max(0, max_{s≠w} v_s(t) − v_w(t)))``: how far, and how long, the eventual winner was behind.
  0 when the winner never trailed.
* **Decisiveness** (after Ludii's DecisivenessMoves): with t* the first point from which the winner
  leads by the margin at every later point, ``(t* − 1) / C``: 0 when the winner led clearly from the
  first checkpoint on (the game was settled early), 1 when only the outcome settled it. Games without
  a winner count for lead changes only.

* **One swing decides** (the single event that decides a game, seen on the arc): a game with a winner
  is *decided by one swing* when, between two consecutive points (the outcome included), the winner's
  estimate rises by at least ``SWING`` (½) from clearly below a fair share (``v_w(t) < 1/S − MARGIN``):
  the eventual winner was behind, and one stretch of 1/(C+1) of the game (one trick, one hand's scoring,
  a made Nil) turned it. ``one_swing`` is the share of the traced games with a winner so decided; with
  decisiveness (how early the winner is known) it is recorded, not charged: the library's Bridge and
  Partnership Spades read 1.00 (``docs/fitness.md`` §6).

``tension`` = mean over the traced games of ``(clamp(lead_changes / 2) + clamp(2 · drama) +
decisiveness) / 3``, each part reported too.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.agents import batch as B
from darwindeck.agents.chances import chance_trace
from darwindeck.engine.tables import compile_program
from darwindeck.evolve.quality.play import Games, Policy, seat_params, side_count
from darwindeck.genome.schema import GameGenome

Float64Array = npt.NDArray[np.float64]

MARGIN = 0.1
SWING = 0.5


def clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def checkpoints(decisions: int, count: int) -> npt.NDArray[np.int64]:
    """The decision indices traced in a game of ``decisions`` decisions (module docstring).

    >>> checkpoints(20, 4).tolist()
    [4, 8, 12, 16]
    >>> checkpoints(3, 4).tolist()
    [0, 1, 2]
    """
    if decisions <= count:
        return np.arange(decisions, dtype=np.int64)
    return np.array([k * decisions // (count + 1) for k in range(1, count + 1)], dtype=np.int64)


def leaders(points: Float64Array) -> list[int]:
    """The leader at every point (−1 before anyone has led), holding the last one through near ties."""
    result: list[int] = []
    leader = -1
    for row in points:
        order = np.argsort(-row, kind="stable")
        if row.shape[0] == 1 or row[order[0]] - row[order[1]] >= MARGIN:
            leader = int(order[0])
        result.append(leader)
    return result


def lead_changes(points: Float64Array) -> int:
    """How often the leader becomes another side."""
    seen = [leader for leader in leaders(points) if leader >= 0]
    return sum(1 for a, b in itertools.pairwise(seen) if a != b)


def drama(points: Float64Array, winner: int) -> float:
    """Mean over the checkpoints (the outcome row excluded) of sqrt(best other − winner), floored at 0."""
    checks = points[:-1]
    if checks.shape[0] == 0:
        return 0.0
    total = 0.0
    for row in checks:
        others = np.delete(row, winner)
        total += math.sqrt(max(0.0, float(others.max()) - float(row[winner])))
    return float(total / checks.shape[0])


def decisiveness(points: Float64Array, winner: int) -> float:
    """``(t* − 1) / C`` (module docstring), t* counted from 1 over the points."""
    checks = points.shape[0] - 1
    if checks == 0:
        return 1.0
    settled = points.shape[0]
    for t in range(points.shape[0] - 1, -1, -1):
        row = points[t]
        others = np.delete(row, winner)
        if row[winner] - float(others.max()) < MARGIN:
            break
        settled = t + 1
    return float((settled - 1) / checks)


def one_swing(points: Float64Array, winner: int) -> bool:
    """Whether one step of the winner's estimate decides the game (module docstring).

    The winner trailed 0.3 against 0.7, then won (a rise of 0.7); a close game's last step is not one:

    >>> one_swing(np.array([[0.5, 0.5], [0.7, 0.3], [0.0, 1.0]]), 1)
    True
    >>> one_swing(np.array([[0.5, 0.5], [0.45, 0.55], [1.0, 0.0]]), 0)
    False
    """
    fair = 1.0 / points.shape[1]
    trail = points[:-1, winner]
    rise = points[1:, winner] - trail
    return bool(((trail < fair - MARGIN) & (rise >= SWING)).any())


@dataclass(frozen=True)
class Arc:
    """The arc measures averaged over the traced games."""

    games: int
    lead_changes: float
    drama: float
    decisiveness: float
    tension: float
    one_swing: float = 0.0


def arc_of(traces: Sequence[tuple[Float64Array, int]]) -> Arc:
    """The arc of traced games, each given as (points including the outcome row, winner or −1)."""
    if not traces:
        return Arc(0, 0.0, 0.0, 0.0, 0.0)
    changes = dramas = decisive = tension = 0.0
    decided = swings = 0
    for points, winner in traces:
        if winner >= 0:
            decided += 1
            swings += one_swing(points, winner)
        game_changes = lead_changes(points)
        game_drama = drama(points, winner) if winner >= 0 else 0.0
        game_decisive = decisiveness(points, winner) if winner >= 0 else 0.0
        changes += game_changes
        dramas += game_drama
        decisive += game_decisive
        tension += (clamp(game_changes / 2) + clamp(2 * game_drama) + game_decisive) / 3
    n = len(traces)
    return Arc(n, changes / n, dramas / n, decisive / n, tension / n, swings / decided if decided else 0.0)


def outcome_row(sides: int, winner: int) -> Float64Array:
    row = np.full(sides, 1.0 / sides if winner < 0 else 0.0)
    if winner >= 0:
        row[winner] = 1.0
    return row


def measure_arc(
    genome: GameGenome,
    policies: Sequence[Policy],
    games: Games,
    seed: int,
    traced: int,
    points: int,
    rollouts: int,
) -> Arc:
    """Trace the first ``traced`` games of ``games`` (played with ``policies`` from batch seed ``seed``)."""
    traces = [
        game_points(genome, policies, games, seed, index, points, rollouts)
        for index in range(min(traced, games.count))
    ]
    return arc_of(traces)


def game_points(
    genome: GameGenome,
    policies: Sequence[Policy],
    games: Games,
    seed: int,
    index: int,
    points: int,
    rollouts: int,
) -> tuple[Float64Array, int]:
    """Game ``index`` of ``games`` traced: every side's estimate at each checkpoint reached, then the
    outcome row; and the winner (−1: nobody)."""
    program = compile_program(genome)
    seating = list(policies) * genome.player_count if len(policies) == 1 else list(policies)
    codes, _ = seat_params(genome, seating)
    sides = side_count(genome)
    marks = checkpoints(int(games.rows[index, B.STAT_DECISIONS]), points)
    out = np.zeros((marks.shape[0], sides), dtype=np.float64)
    chance_trace(program, seed, index, codes, marks, rollouts, out)
    winner = int(games.winners[index])
    reached = out[(out >= 0).all(axis=1)]
    return np.vstack([reached, outcome_row(sides, winner)]), winner
