"""The kernel's compilation rules (``engine/jit.py``): stack arrays; no allocation without refcounts."""

from __future__ import annotations

import os

import numba
import numpy as np
import pytest
from numba.core.errors import TypingError

from darwindeck.engine.jit import _KERNEL_OPTIONS, kernel_jit, stack_array

_EIGHT = stack_array(8)


@kernel_jit
def _write_then_sum(marks: np.ndarray) -> int:
    """Fill a fresh stack array from ``marks`` and sum it: stale cells would show in the sum."""
    cells = _EIGHT()
    total = 0
    for i in range(marks.shape[0]):
        cells[marks[i]] += 10 + i
    for i in range(cells.shape[0]):
        total += cells[i] * (i + 1)
    return total


@numba.njit(cache=False)
def _many_calls(marks: np.ndarray, calls: int) -> int:
    total = 0
    for _ in range(calls):
        total += _write_then_sum(marks)
    return total


def test_a_stack_array_is_zeroed_at_every_call() -> None:
    marks = np.array([0, 7, 7], dtype=np.int64)
    # cell 0 = 10, cell 7 = 11 + 12: 10 * 1 + 23 * 8
    assert _write_then_sum(marks) == 194
    assert _many_calls(marks, 50) == 50 * 194


def test_kernel_code_is_compiled_without_reference_counting_here() -> None:
    assert _KERNEL_OPTIONS == {"cache": True, "_nrt": False}


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="nothing is compiled without the JIT")
def test_kernel_code_may_not_allocate() -> None:
    def allocates(n: int) -> int:
        cells = np.zeros(n, dtype=np.int64)
        return int(cells.sum())

    with pytest.raises(TypingError):
        numba.njit(**{**_KERNEL_OPTIONS, "cache": False})(allocates)(3)


@kernel_jit
def _shifted(cells: np.ndarray, by: int) -> int:
    return int(cells[0]) + by


@numba.njit(cache=False)
def _constants_at_three_call_sites(cells: np.ndarray) -> int:
    return _shifted(cells, 3) + _shifted(cells, 4) + _shifted(cells, cells[1])


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="nothing is compiled without the JIT")
def test_a_kernel_function_is_compiled_once_for_constants_and_values_alike() -> None:
    cells = np.array([10, 5], dtype=np.int64)
    # (10 + 3) + (10 + 4) + (10 + 5)
    assert _constants_at_three_call_sites(cells) == 42
    # numba alone would compile _shifted three times: for Literal[int](3), Literal[int](4) and int64
    assert _shifted.signatures == [(numba.types.Array(numba.types.int64, 1, "C"), numba.types.int64)]
