"""Scores: dual scoring (seed 003) and the card-scoring triggers.

A player's points always go to their own score and to their team's score (individual mode: each player
is a team, so the team block mirrors the player scores). Card rules score each matching card for the
player concerned: ``trick_win`` (the trick's winner, each card of the trick), ``capture`` (the capturer,
each captured card), ``play`` (the player, each card played in a play or trick phase), ``hand_end``
(each card still in a hand at hand end).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.cond_eval import eval_condition
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.program import rule_at, team_of

Int64Array = npt.NDArray[np.int64]

TRIGGER_TRICK_WIN = 0
TRIGGER_CAPTURE = 1
TRIGGER_PLAY = 2
TRIGGER_HAND_END = 3


@kernel_jit
def add_score(tables: Int64Array, state: Int64Array, player: int, points: int) -> None:
    state[L.B_SCORE + player] += points
    state[L.B_TEAM_SCORE + team_of(tables, player)] += points


@kernel_jit
def score_card(tables: Int64Array, state: Int64Array, player: int, card: int, trigger: int) -> None:
    """Apply every card rule with ``trigger`` to ``card`` for ``player``."""
    for i in range(tables[L.T_N_RULES]):
        if rule_at(tables, i, 3) != trigger:
            continue
        if eval_condition(tables, state, rule_at(tables, i, 0), rule_at(tables, i, 1), player, card, 0):
            add_score(tables, state, player, rule_at(tables, i, 2))
