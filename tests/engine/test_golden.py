"""Golden transcripts: seeded library games replay exactly as recorded (regenerate with the script)."""

from __future__ import annotations

import pytest

from darwindeck.genome.library import all_games
from engine.golden.regenerate import GOLDEN_DIR, golden_text


@pytest.mark.golden
@pytest.mark.parametrize("name", sorted(all_games()))
def test_transcript_matches_the_golden_file(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.txt"
    if not path.exists():
        pytest.fail(f"{path.name} missing: run python -m tests.engine.golden.regenerate")
    assert golden_text(name) == path.read_text(encoding="utf-8")
