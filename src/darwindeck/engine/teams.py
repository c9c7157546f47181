"""Team aggregates and winner picking for the compiled engine (spec 003).

Compiled (``numba.njit``) pure functions over ``int64`` arrays; none allocates or touches Python objects,
and each gives the same result under ``NUMBA_DISABLE_JIT=1``.

Encodings:

* ``player_team[i]`` is the team index of seat ``i`` (spec 003's ``PlayerToTeam``), every entry in
  ``0..n_teams-1`` (genome validation puts each player in exactly one team). Individual mode is the
  identity mapping ``player_team[i] = i`` with ``n_teams = P``, so every function below also serves
  individual play unchanged.
* A "winner" is an index (of a team, or of a player in individual mode); ``-1`` means nobody: no
  candidate, or a tie for the best place (the engine reports a tie as a draw).

How ``engine/wins.py`` judges spec 003's team win conditions with them. ``team_scores`` is the state's
team-score block: every point a player scores goes there too, contract points only there. A -1 from
``decide_winner`` is a draw, except where the row says "tie: plays on" (the condition is not met yet):

===============  ===========================================================================
high_score       ``decide_winner(team_scores, True)``; with a threshold only once a team score
                 reaches it (tie: plays on)
low_score        once a team score reaches the threshold, ``decide_winner(team_scores, False)``
                 (tie: plays on)
score_threshold  once a team score reaches the threshold, ``decide_winner(team_scores, True)``
                 (tie: plays on)
first_to_score   the same, checked after every action
all_hands_empty  once every hand is empty, ``decide_winner(team_scores, True)``
empty_hand       no helper: the first seat from the turn's player with an empty hand wins for its team
capture_all      no helper: the team whose members' hand and captured cards together are the whole deck
most_captured    once the deck and every hand are empty, ``team_totals`` of the captured-pile sizes,
                 then ``decide_winner(..., True)``
most_tricks      ``team_totals`` of the tricks won, then ``decide_winner(..., True)``
fewest_tricks    the same with ``higher_wins=False``
best_hand        ``team_maxima`` of the members' hand strengths, then ``decide_winner(..., True)``
===============  ===========================================================================
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
