"""One derivation of seeds: a seed (or a generator) from named parts, so that every random choice of a
run, an evaluation, a batch or a match follows from the one seed given at the edge.

The rule: ``derive(*parts, bits=64)`` is the first ``bits // 8`` bytes, read big-endian, of the SHA-256
of the parts written as text and joined by ``":"`` (``str`` of each part: ``7`` and ``"7"`` are the
same part). ``bits`` is 32, 64 or 256. ``derived_rng(*parts)`` is ``random.Random`` seeded with the
256-bit ``derive``. ``nth(seed, k)`` is ``(seed + k) mod 2**63``: the ``k``-th of a run of consecutive
seeds (the battles of one match, the players of one battle), where the parts are a seed and a count.

Every derivation the project had keeps its values through these (recorded runs, goldens and tests that
pin games by seed are unchanged): an evaluation's seed is ``derive(run_seed, identity)``, an engine
batch's ``derive(seed, purpose, bits=32)``, a GA generation's generator ``derived_rng(seed, generation,
purpose)``, a battle-deck match's ``derive(run_seed, "deck|opponent")`` (``"deck|opponent|batch"``
after the first batch), a text's ``derive(text)``.

The one derivation that does not live here is inside the compiled engine: ``engine.rng.game_seed`` mixes
a batch seed, a game's index and a stream (murmur3's finaliser) into the game's RNG state, because the
kernel cannot call ``hashlib``; the seeds that reach it are derived here.

>>> import hashlib
>>> derive(0, "screening", bits=32) == int.from_bytes(hashlib.sha256(b"0:screening").digest()[:4], "big")
True
>>> derive(7, "x") == derive("7", "x")
True
>>> nth(2**63 - 1, 2)
1
"""

from __future__ import annotations

import hashlib
import random

#: Seeds of consecutive runs wrap at this bound (the range the engine's and numpy's seeds accept).
SEED_SPACE = 2**63
_WIDTHS = (32, 64, 256)


def derive(*parts: object, bits: int = 64) -> int:
    """The seed of ``parts`` (module rule): SHA-256 of ``":".join(map(str, parts))``, first ``bits`` bits."""
    if bits not in _WIDTHS:
        raise ValueError(f"derive: bits must be one of {_WIDTHS}, not {bits}")
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[: bits // 8], "big")


def derived_rng(*parts: object) -> random.Random:
    """A generator seeded with the 256-bit ``derive(*parts)``."""
    return random.Random(derive(*parts, bits=256))


def nth(seed: int, k: int) -> int:
    """The ``k``-th seed of the run that starts at ``seed``: ``(seed + k) mod 2**63``."""
    return (seed + k) % SEED_SPACE
