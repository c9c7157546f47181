"""The knock phase: who may knock, and the showdown that scores the hand when someone does.

A player may knock when their hand's ``hand_total`` (the game's hand evaluation: deadwood in Gin
Rummy) is at most the phase's ``max value``. Knocking ends the hand (``S_HAND_OVER``). Each opponent is
then compared with the knocker, ``K`` the knocker's total and ``D`` the opponent's (after lay-offs on
the knocker's melds, ``deadwood_after_lay_off``, when the phase lays off, ``K > 0`` and the hands
are valued by deadwood):

* ``K == 0`` (gin): the knocker scores ``D + full bonus``; nothing is laid off on a gin hand;
* else ``D <= K`` (an undercut): the opponent scores ``K - D + undercut bonus``;
* else the knocker scores ``D - K``.

The points go through ``scoring.add_score`` (to the player and their team). ``S_KNOCKER`` remembers the
knocker for the rest of the hand (narration); it is -1 in a hand nobody knocked.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.hand_strength import METHOD_DEADWOOD, hand_total
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.knock_showdown import deadwood_after_lay_off
from darwindeck.engine.piles import hand_off
from darwindeck.engine.program import phase_at, values_view
from darwindeck.engine.scoring import add_score

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def player_total(tables: Int64Array, state: Int64Array, player: int) -> int:
    """``hand_total`` of the player's hand under the game's hand evaluation."""
    off = hand_off(player)
    return hand_total(
        state[off : off + L.PILE_CAP],
        state[L.L_HAND + player],
        tables[L.H_EVAL_METHOD],
        values_view(tables),
        tables[L.H_ACE_ALT],
        tables[L.H_BUST],
    )


@kernel_jit
def may_knock(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    if tables[L.H_EVAL_METHOD] < 0:
        return False
    return player_total(tables, state, player) <= phase_at(tables, phase, L.PH_A)


@kernel_jit
def _defender_total(
    tables: Int64Array, state: Int64Array, phase: int, knocker: int, other: int, knocked: int
) -> int:
    lays_off = phase_at(tables, phase, L.PH_D) != 0 and tables[L.H_EVAL_METHOD] == METHOD_DEADWOOD
    if not lays_off or knocked == 0:
        return player_total(tables, state, other)
    off_d = hand_off(other)
    off_k = hand_off(knocker)
    return deadwood_after_lay_off(
        state[off_d : off_d + L.PILE_CAP],
        state[L.L_HAND + other],
        state[off_k : off_k + L.PILE_CAP],
        state[L.L_HAND + knocker],
        values_view(tables),
    )


@kernel_jit
def knock(tables: Int64Array, state: Int64Array, phase: int, knocker: int) -> None:
    """Score the showdown of a knock by ``knocker`` (module rules) and end the hand."""
    knocked = player_total(tables, state, knocker)
    for other in range(tables[L.H_PLAYERS]):
        if other == knocker:
            continue
        defended = _defender_total(tables, state, phase, knocker, other, knocked)
        if knocked == 0:
            add_score(tables, state, knocker, defended + phase_at(tables, phase, L.PH_B))
        elif defended <= knocked:
            add_score(tables, state, other, knocked - defended + phase_at(tables, phase, L.PH_C))
        else:
            add_score(tables, state, knocker, defended - knocked)
    state[L.S_KNOCKER] = knocker
    state[L.S_HAND_OVER] = 1
    state[L.S_TURN_MOVED] = 1
