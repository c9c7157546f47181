"""The gallery: the bar a game must meet, 80-column lines, and the files written."""

from __future__ import annotations

from pathlib import Path

from darwindeck.evolve.archive import Elite
from darwindeck.evolve.gallery import gallery_lines, meets_bar, write_gallery
from darwindeck.evolve.quality.descriptors import describe
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.library import get_game

GOOD = {"mcts": 1.0, "skill_depth": 2.0, "first_player_advantage": 0.1, "meaningful_decisions": 200.0}


def _elite(name: str, breakdown: dict[str, float], total: float = 0.5) -> Elite:
    genome = get_game("hearts").replace(name=name)
    return Elite(name, genome, Evaluation(total, breakdown, None), describe(genome, breakdown))


def test_the_bar_by_hand() -> None:
    assert meets_bar(_elite("a", GOOD))  # every limit is inclusive
    assert not meets_bar(_elite("b", {**GOOD, "skill_depth": 1.0}))
    assert not meets_bar(_elite("c", {**GOOD, "first_player_advantage": -0.11}))
    assert not meets_bar(_elite("d", {**GOOD, "meaningful_decisions": 9.0}))
    assert not meets_bar(_elite("e", {key: v for key, v in GOOD.items() if key != "mcts"}))


def test_lines_fit_80_columns_even_for_long_names() -> None:
    elites = [_elite("The Extraordinarily Long-Winded Game Of Many Names", GOOD), _elite("Short", {})]
    lines = gallery_lines(elites)
    assert len(lines) == 4
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].startswith(" 1. The Extraordinarily Long-Wi… 0.500")  # 27 letters and …
    assert lines[0].endswith("trick-taking, 4+ players, long ✔")
    assert "skill depth 2, luck –, first player +0.10, 200 decisions/game" in lines[1]


def test_the_files(tmp_path: Path) -> None:
    written = write_gallery(tmp_path, [_elite("Alpha", GOOD)])
    names = sorted(path.relative_to(tmp_path).as_posix() for path in written)
    assert names == ["archive.png", "gallery.md", "gallery/01-Alpha.json", "gallery/01-Alpha.md"]
    assert "| 1 | Alpha | trick-taking | 4+ | long | 0.500 | 2 |" in (tmp_path / "gallery.md").read_text()
    assert (tmp_path / "archive.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
