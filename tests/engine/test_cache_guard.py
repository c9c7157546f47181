"""The engine's numba cache is dropped whenever any engine source changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from darwindeck.engine.cache_guard import ensure_fresh_cache, is_compiled


def test_cache_files_go_when_a_source_changes(tmp_path: Path) -> None:
    (tmp_path / "kernel.py").write_text("x = 1\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "kernel.f-1.py311.nbi").write_text("index")
    (cache / "kernel.cpython-311.pyc").write_text("bytecode")
    assert ensure_fresh_cache(tmp_path) is True
    assert not (cache / "kernel.f-1.py311.nbi").exists()
    assert (cache / "kernel.cpython-311.pyc").exists()
    (cache / "kernel.f-1.py311.nbc").write_text("code")
    assert ensure_fresh_cache(tmp_path) is False
    assert (cache / "kernel.f-1.py311.nbc").exists()
    (tmp_path / "layout.py").write_text("SIZE = 2\n")
    assert ensure_fresh_cache(tmp_path) is True
    assert not (cache / "kernel.f-1.py311.nbc").exists()


def test_the_batch_loop_is_compiled_once_its_index_is_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert is_compiled(tmp_path) is False
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "batch.play_game-158.py311.nbi").write_text("index")
    assert is_compiled(tmp_path) is False
    (cache / "batch._play_batch-225.py311.nbi").write_text("index")
    assert is_compiled(tmp_path) is True


def test_a_cache_elsewhere_counts_as_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert is_compiled(tmp_path) is True
