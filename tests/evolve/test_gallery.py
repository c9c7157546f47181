"""The gallery: the bar a game must meet, 80-column lines, and the files written."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from darwindeck.evolve.archive import Elite
from darwindeck.evolve.gallery import gallery_lines, gallery_markdown, meets_bar, showcase, write_gallery
from darwindeck.evolve.quality.descriptors import describe
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import ClaimPhase

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
    assert len(lines) == 6  # two lines of measures and the nearest published game, per game
    assert all(len(line) <= 80 for line in lines)
    # Both are Hearts renamed: the nearest published game is Hearts itself, at distance 0.
    assert lines[2] == "    nearest published game (0.000, a rediscovery): the same rules as Hearts"
    assert lines[0].startswith(" 1. The Extraordinarily Long-Wi… 0.500")  # 27 letters and …
    assert lines[0].endswith("trick-taking, 4+ players, long ✔")
    assert "skill depth 2, luck –, first player +0.10, 200 decisions/game" in lines[1]


def _of(slug: str, total: float = 0.5) -> Elite:
    genome = get_game(slug)
    return Elite(slug, genome, Evaluation(total, {}, None), describe(genome, {}))


def test_the_showcase_takes_the_best_of_each_family_first() -> None:
    # Gallery order (best first): bidding, bidding, bidding, trick-taking, claiming, bidding, shedding.
    slugs = ["spades", "oh-hell", "partnership-spades", "hearts", "cheat", "bridge", "crazy-eights"]
    gallery = [_of(slug) for slug in slugs]
    assert [e.descriptors.family for e in gallery] == [
        "bidding", "bidding", "bidding", "trick-taking", "claiming", "bidding", "shedding"
    ]  # fmt: skip
    assert showcase(gallery, 3) == [1, 4, 5]  # the best of the three best families
    assert showcase(gallery, 5) == [1, 2, 4, 5, 7]  # four families, then the best of the rest
    assert showcase(gallery, 9) == [1, 2, 3, 4, 5, 6, 7]
    # A family whose best game has less than half the best fitness is not put forward.
    weak = [_of("spades", 0.8), _of("oh-hell", 0.7), _of("hearts", 0.41), _of("cheat", 0.39)]
    assert showcase(weak, 2) == [1, 3]  # 0.41 ≥ 0.5 × 0.8 takes trick-taking's place
    assert showcase(weak[:2] + weak[3:], 2) == [1, 2]  # 0.39 < 0.4: the next best game instead
    lines = gallery_lines([gallery[0], gallery[3]], [1, 4])
    assert lines[0].startswith(" 1. Spades") and lines[3].startswith(" 4. Hearts")


def test_the_files(tmp_path: Path) -> None:
    written = write_gallery(tmp_path, [_elite("Alpha", GOOD)])
    names = sorted(path.relative_to(tmp_path).as_posix() for path in written)
    assert names == ["archive.png", "gallery.md", "gallery/01-Alpha.json", "gallery/01-Alpha.md"]
    assert "| 1 | Alpha | trick-taking | 4+ | long | 0.500 | 2 |" in (tmp_path / "gallery.md").read_text()
    assert (tmp_path / "archive.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _claimed_whist() -> Elite:
    whist = get_game("whist")
    phases = (*whist.phases, ClaimPhase())
    genome = whist.replace(
        name="Claimed Whist", turn_structure=dataclasses.replace(whist.turn_structure, phases=phases)
    )
    return Elite("claimed", genome, Evaluation(0.3, {}, None), describe(genome, {}))


def test_rediscoveries_are_kept_out_of_the_novel_section_and_the_showcase() -> None:
    # Hearts renamed is Hearts (distance 0): a rediscovery. Whist with a claim phase after its trick is
    # 0.125 from Whist (one phase of two differs: 0.25 × ½), past the 0.08 threshold: novel.
    gallery = [_elite("Alpha", GOOD, 0.5), _claimed_whist()]
    text = gallery_markdown(gallery)
    novel, found = text.split("## Rediscoveries")
    assert (
        "| 2 | Claimed Whist |" in novel and "0.125: Whist, with a Cheat claim after every trick |" in novel
    )
    assert "| 1 | Alpha |" in found and "| 0.000: the same rules as Hearts |" in found
    assert showcase(gallery, 1) == [2]  # the novel game first, though Alpha scores more
    assert showcase(gallery, 2) == [1, 2]  # rediscoveries only fill what the novel games leave
