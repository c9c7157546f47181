"""Keep numba's on-disk cache of the engine consistent with the engine's sources.

numba invalidates a cached function only when *its own* file changes, but the kernel's functions call
each other across modules and fold in ``layout``'s constants: editing one module could leave stale
compiled code in the others' cache. ``ensure_fresh_cache`` (run when ``darwindeck.engine`` is imported,
before anything is compiled or loaded) fingerprints every engine source file and drops the engine's
numba cache files when the fingerprint changed. A cache directory it cannot write is left alone.
``companions`` are directories whose compiled code is linked with the engine's (the search of
``darwindeck.agents``, which the batch loop calls): their sources join the fingerprint and their caches
are dropped with the engine's. ``is_compiled`` tells whether the batch loop's compiled code is cached
(the CLI warns before a first run compiles it).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent
AGENTS_DIR = ENGINE_DIR.parent / "agents"
STAMP_NAME = "engine-sources.sha256"


def sources_fingerprint(directory: Path = ENGINE_DIR, companions: tuple[Path, ...] = ()) -> str:
    digest = hashlib.sha256()
    for folder in (directory, *companions):
        for source in sorted(folder.glob("*.py")):
            digest.update(source.name.encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()


def ensure_fresh_cache(directory: Path = ENGINE_DIR, companions: tuple[Path, ...] = ()) -> bool:
    """Drop stale numba cache files; True when they were dropped."""
    cache = directory / "__pycache__"
    stamp = cache / STAMP_NAME
    fingerprint = sources_fingerprint(directory, companions)
    try:
        if stamp.read_text() == fingerprint:
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for folder in (directory, *companions):
            for compiled in [*folder.glob("__pycache__/*.nbi"), *folder.glob("__pycache__/*.nbc")]:
                compiled.unlink(missing_ok=True)
        stamp.write_text(fingerprint)
    except OSError:
        return False
    return True


def is_compiled(directory: Path = AGENTS_DIR, entry: str = "batch._play_batch") -> bool:
    """Whether ``entry``'s compiled code is in the on-disk cache of ``directory`` (by default the batch
    loop, which links the whole engine, and the search in its searching variants): False on a fresh
    clone, where its first call compiles for minutes. With ``NUMBA_CACHE_DIR`` set the cache lives
    elsewhere and True is answered."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return True
    return any((directory / "__pycache__").glob(f"{entry}-*.nbi"))
