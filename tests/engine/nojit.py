"""Run a test module's ``jit_sample()`` in a subprocess with ``NUMBA_DISABLE_JIT=1``.

The engine's promise: the same source run as plain Python gives identical results. A test module
defines ``jit_sample()`` (JSON-serialisable results of compiled functions) and compares it with
``sample_without_jit(__file__)``, which also reports whether the JIT really was off in the subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

_SCRIPT = (
    "import json, runpy, sys, numba; "
    "print(json.dumps([numba.config.DISABLE_JIT, runpy.run_path(sys.argv[1])['jit_sample']()]))"
)


def sample_without_jit(module_file: str) -> tuple[int, Any]:
    """(``numba.config.DISABLE_JIT`` in the subprocess, its ``jit_sample()`` result)."""
    run = subprocess.run(
        [sys.executable, "-c", _SCRIPT, module_file],
        env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": _search_path()},
        capture_output=True,
        text=True,
        check=True,
    )
    disabled, sample = json.loads(run.stdout)
    return disabled, sample


def _search_path() -> str:
    """``tests/`` first (test modules import their helpers from it), then the caller's PYTHONPATH."""
    tests_folder = str(Path(__file__).resolve().parents[1])
    return os.pathsep.join(filter(None, [tests_folder, os.environ.get("PYTHONPATH", "")]))
