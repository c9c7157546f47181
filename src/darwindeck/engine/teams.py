"""Team aggregates and winner picking for the compiled engine (seed 003).

Compiled (``numba.njit``) pure functions over ``int64`` arrays; none allocates or touches Python objects,
and each gives the same result under ``NUMBA_DISABLE_JIT=1``.

Encodings:

* ``player_team[i]`` is the team index of seat ``i`` (seed 003's ``PlayerToTeam``), every entry in
  ``0..n_teams-1`` (genome validation puts each player in exactly one team). Individual mode is the
  identity mapping ``player_team[i] = i`` with ``n_teams = P``, so every function below also serves
  individual play unchanged.
* A "winner" is an index (of a team, or of a player in individual mode); ``-1`` means nobody: no
  candidate, or a tie for the best place (the engine reports a tie as a draw).

How seed 003's team win conditions map onto them:

=============  =============================================================================
high_score     ``team_totals`` of the player scores, then ``decide_winner(..., True)``
low_score      the same with ``higher_wins=False``
first_to_score ``first_reaching(team_scores, threshold)``
empty_hand     ``any_member(hand_is_empty, ...)``: any member emptying their hand wins for the team
capture_all    ``team_totals`` of captured-card counts, then ``first_reaching(..., deck_size)``
best_hand      ``team_maxima`` of the members' hand strengths, then ``decide_winner(..., True)``
=============  =============================================================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine.jit import kernel_jit

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def team_totals(values: Int64Array, player_team: Int64Array, n_teams: int, out: Int64Array) -> None:
    """Write into ``out[0:n_teams]`` the sum of ``values`` over each team's members."""
    for team in range(n_teams):
        out[team] = 0
    for player in range(values.shape[0]):
        out[player_team[player]] += values[player]


@kernel_jit
def team_maxima(values: Int64Array, player_team: Int64Array, n_teams: int, out: Int64Array) -> None:
    """Write into ``out[0:n_teams]`` the largest of ``values`` among each team's members.

    A team without members gets the smallest ``int64``, below any real value.
    """
    lowest = np.iinfo(np.int64).min
    for team in range(n_teams):
        out[team] = lowest
    for player in range(values.shape[0]):
        team = player_team[player]
        if values[player] > out[team]:
            out[team] = values[player]


@kernel_jit
def decide_winner(values: Int64Array, higher_wins: bool) -> int:
    """The index of the single best value (highest, or lowest when ``higher_wins`` is false).

    ``-1`` when ``values`` is empty or two indices share the best value.
    """
    best = -1
    tied = False
    for index in range(values.shape[0]):
        if best == -1:
            best = index
            continue
        better = values[index] > values[best] if higher_wins else values[index] < values[best]
        if better:
            best = index
            tied = False
        elif values[index] == values[best]:
            tied = True
    return -1 if tied else best


@kernel_jit
def first_reaching(values: Int64Array, threshold: int) -> int:
    """The single index whose value is at least ``threshold`` and highest among those.

    ``-1`` when no value reaches ``threshold`` or two share the highest qualifying value.
    """
    best = -1
    tied = False
    for index in range(values.shape[0]):
        if values[index] < threshold:
            continue
        if best == -1 or values[index] > values[best]:
            best = index
            tied = False
        elif values[index] == values[best]:
            tied = True
    return -1 if tied else best


@kernel_jit
def any_member(flags: Int64Array, player_team: Int64Array, n_teams: int) -> int:
    """The lowest team index with a member whose flag is non-zero; ``-1`` when no flag is set."""
    first = n_teams
    for player in range(flags.shape[0]):
        if flags[player] != 0 and player_team[player] < first:
            first = player_team[player]
    return -1 if first == n_teams else first
