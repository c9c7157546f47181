"""The engine's deterministic random numbers: xorshift32 kept in one cell of the state array.

All arithmetic stays below 2**63 in ``int64`` (32-bit words, products split in 16-bit halves), so plain
Python under ``NUMBA_DISABLE_JIT=1`` gives bit-identical results. ``game_seed(seed, index)`` mixes the
batch seed and the game's index (murmur3's 32-bit finaliser), so game ``i`` of a batch does not depend
on how the batch is split over workers. A state is never 0 (xorshift's fixed point).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine.jit import kernel_jit

MASK32 = 0xFFFFFFFF


@kernel_jit
def _mul32(a: int, b: int) -> int:
    """``a * b mod 2**32`` for 32-bit ``a``, ``b`` without leaving int64."""
    low = a * (b & 0xFFFF)
    high = ((a * (b >> 16)) & 0xFFFF) << 16
    return (low + high) & MASK32


@kernel_jit
def mix32(h: int) -> int:
    """murmur3 fmix32 of a 32-bit value."""
    h &= MASK32
    h ^= h >> 16
    h = _mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = _mul32(h, 0xC2B2AE35)
    h ^= h >> 16
    return h


@kernel_jit
def game_seed(seed: int, index: int, stream: int) -> int:
    """A nonzero 32-bit RNG state for game ``index`` of a batch seeded ``seed`` (``stream`` separates
    the rules' randomness from each policy's)."""
    h = mix32((seed & MASK32) ^ mix32((seed >> 32) & MASK32))
    h = mix32(h ^ mix32(index & MASK32) ^ ((index >> 32) & MASK32))
    h = mix32(h ^ mix32(stream + 0x9E3779B9))
    return h if h != 0 else 0x6D2B79F5


@kernel_jit
def next_u32(rng: npt.NDArray[np.int64], slot: int) -> int:
    """Advance the xorshift32 state in ``rng[slot]`` and return it."""
    x = rng[slot]
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    rng[slot] = x
    return int(x)


@kernel_jit
def rand_below(rng: npt.NDArray[np.int64], slot: int, n: int) -> int:
    """A number in ``0..n-1`` (``n`` ≥ 1) from the state in ``rng[slot]``."""
    return next_u32(rng, slot) % n
