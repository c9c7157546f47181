"""Read the packed program: ``GameTables`` flattened into one ``int64`` array for the kernel.

The kernel receives one array instead of the NamedTuple because every compiled call pays per array
argument; one array keeps the calls cheap. ``tables.pack_tables`` builds it: the header (``layout.H_*``)
followed by the section offsets (``layout.T_*``) and the sections (row-major, same rows as
``GameTables``). These accessors are the only code that knows the section layout.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L

Int64Array = npt.NDArray[np.int64]


@numba.njit(cache=True)
def phase_at(prog: Int64Array, phase: int, field: int) -> int:
    return int(prog[prog[L.T_PHASES] + phase * L.PHASE_ROW + field])


@numba.njit(cache=True)
def cond_at(prog: Int64Array, row: int, field: int) -> int:
    return int(prog[prog[L.T_COND] + row * L.COND_ROW + field])


@numba.njit(cache=True)
def effect_at(prog: Int64Array, rank: int, field: int) -> int:
    return int(prog[prog[L.T_EFFECTS] + rank * L.EFFECT_ROW + field])


@numba.njit(cache=True)
def win_at(prog: Int64Array, index: int, field: int) -> int:
    return int(prog[prog[L.T_WINS] + index * L.WIN_ROW + field])


@numba.njit(cache=True)
def rule_at(prog: Int64Array, index: int, field: int) -> int:
    return int(prog[prog[L.T_RULES] + index * L.RULE_ROW + field])


@numba.njit(cache=True)
def team_of(prog: Int64Array, player: int) -> int:
    return int(prog[prog[L.T_TEAM] + player])


@numba.njit(cache=True)
def is_wild(prog: Int64Array, rank: int) -> bool:
    return bool(prog[prog[L.T_WILD] + rank] != 0)


@numba.njit(cache=True)
def deck_card(prog: Int64Array, index: int) -> int:
    return int(prog[prog[L.T_DECK] + index])


@numba.njit(cache=True)
def team_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_TEAM]
    return prog[start : start + prog[L.H_PLAYERS]]


@numba.njit(cache=True)
def values_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_VALUES]
    return prog[start : start + L.N_RANKS]


@numba.njit(cache=True)
def contract_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_CONTRACT]
    return prog[start : start + L.CONTRACT_FIELDS]
