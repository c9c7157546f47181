"""Maker scoring at a hand's end: the side that chose trump (the makers) against the others (Euchre).

When the genome has maker scoring (header ``H_MAKER``) and somebody chose this hand's trump
(``S_MAKER`` ≥ 0, set by a trump phase): the makers' side counts the tricks of all its members.
At least ``made_tricks`` tricks: the side scores ``march_points`` when it took every trick played
this hand (a march), else ``made_points``. Fewer: the makers are euchred and every other side scores
``euchre_points``. Points go to team scores (sides are teams; in individual mode each player is a
side and the player's score follows the team score, as contracts do). A made call counts as a bid met
in the instrumentation (``S_BIDS_MET``); the call itself counted as a bid made.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.program import team_of

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def side_tricks(tables: Int64Array, state: Int64Array, team: int) -> int:
    """Tricks taken this hand by the members of ``team``."""
    total = 0
    for p in range(tables[L.H_PLAYERS]):
        if team_of(tables, p) == team:
            total += state[L.B_TRICKS + p]
    return int(total)


@kernel_jit
def maker_points(tables: Int64Array, tricks: int, played: int) -> int:
    """What the makers score for ``tricks`` of ``played`` tricks; 0 when they fall short (euchred)."""
    if tricks < tables[L.H_MADE_TRICKS]:
        return 0
    if tricks >= played:
        return int(tables[L.H_MARCH_POINTS])
    return int(tables[L.H_MADE_POINTS])


@kernel_jit
def score_makers(tables: Int64Array, state: Int64Array) -> None:
    """Score the hand for the makers or the defenders (module rules)."""
    maker = state[L.S_MAKER]
    if tables[L.H_MAKER] == 0 or maker < 0:
        return
    makers = team_of(tables, maker)
    tricks = side_tricks(tables, state, makers)
    if tricks >= tables[L.H_MADE_TRICKS]:
        state[L.B_TEAM_SCORE + makers] += maker_points(tables, tricks, state[L.S_TRICKS_PLAYED])
        state[L.S_BIDS_MET] += 1
    else:
        for team in range(tables[L.H_N_TEAMS]):
            if team != makers:
                state[L.B_TEAM_SCORE + team] += tables[L.H_EUCHRE_POINTS]
    if tables[L.H_TEAM_MODE] == 0:
        for p in range(tables[L.H_PLAYERS]):
            state[L.B_SCORE + p] = state[L.B_TEAM_SCORE + p]
