"""Read the packed program: ``GameTables`` flattened into one ``int64`` array for the kernel.

The kernel receives one array instead of the NamedTuple because every compiled call pays per array
argument; one array keeps the calls cheap. ``tables.pack_tables`` builds it: the header (``layout.H_*``)
followed by the section offsets (``layout.T_*``) and the sections (row-major, same rows as
``GameTables``). These accessors are the only code that knows the section layout.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_inline, kernel_jit

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def phase_at(prog: Int64Array, phase: int, field: int) -> int:
    return int(prog[prog[L.T_PHASES] + phase * L.PHASE_ROW + field])


@kernel_jit
def cond_at(prog: Int64Array, row: int, field: int) -> int:
    return int(prog[prog[L.T_COND] + row * L.COND_ROW + field])


@kernel_jit
def effect_at(prog: Int64Array, rank: int, field: int) -> int:
    return int(prog[prog[L.T_EFFECTS] + rank * L.EFFECT_ROW + field])


@kernel_jit
def win_at(prog: Int64Array, index: int, field: int) -> int:
    return int(prog[prog[L.T_WINS] + index * L.WIN_ROW + field])


@kernel_jit
def rule_at(prog: Int64Array, index: int, field: int) -> int:
    return int(prog[prog[L.T_RULES] + index * L.RULE_ROW + field])


@kernel_jit
def team_of(prog: Int64Array, player: int) -> int:
    return int(prog[prog[L.T_TEAM] + player])


@kernel_jit
def is_wild(prog: Int64Array, rank: int) -> bool:
    return bool(prog[prog[L.T_WILD] + rank] != 0)


@kernel_jit
def deck_card(prog: Int64Array, index: int) -> int:
    return int(prog[prog[L.T_DECK] + index])


@kernel_inline
def team_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_TEAM]
    return prog[start : start + prog[L.H_PLAYERS]]


@kernel_inline
def values_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_VALUES]
    return prog[start : start + L.N_RANKS]


@kernel_inline
def contract_view(prog: Int64Array) -> Int64Array:
    start = prog[L.T_CONTRACT]
    return prog[start : start + L.CONTRACT_FIELDS]
