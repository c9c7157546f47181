"""Book scoring at a hand's end: every side scores for the tricks it took beyond its book (Whist).

When the genome has book scoring (header ``H_BOOK``): each side (a team in team mode, counting the
tricks of all its members; else each player) that took more than ``book`` (``H_BOOK_TRICKS``) tricks
this hand scores ``points_per_trick`` (``H_BOOK_POINTS``) for each trick beyond it. Team mode: the
points go to the team score; individual mode: to the player's score and its own team score
(``scoring.add_score``), as every other individual score does. Sides at or below the book score nothing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.makers import side_tricks
from darwindeck.engine.scoring import add_score

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def book_points(tables: Int64Array, tricks: int) -> int:
    """What a side taking ``tricks`` tricks scores for them (0 at or below the book)."""
    over = tricks - tables[L.H_BOOK_TRICKS]
    return int(over * tables[L.H_BOOK_POINTS]) if over > 0 else 0


@kernel_jit
def score_book(tables: Int64Array, state: Int64Array) -> None:
    """Score the hand's tricks beyond the book for every side (module rules)."""
    if tables[L.H_BOOK] == 0:
        return
    if tables[L.H_TEAM_MODE] != 0:
        for team in range(tables[L.H_N_TEAMS]):
            state[L.B_TEAM_SCORE + team] += book_points(tables, side_tricks(tables, state, team))
        return
    for p in range(tables[L.H_PLAYERS]):
        points = book_points(tables, state[L.B_TRICKS + p])
        if points != 0:
            add_score(tables, state, p, points)
