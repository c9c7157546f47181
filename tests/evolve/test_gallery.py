"""The gallery: the bar a game must meet, 80-column lines, the files written and the games simplified."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from darwindeck.evolve import gallery
from darwindeck.evolve.archive import Elite
from darwindeck.evolve.evaluator import evaluation_seed
from darwindeck.evolve.fitness import FitnessResult, evaluate_fitness, live_form, strip_dead_rules
from darwindeck.evolve.gallery import (
    Shown,
    bar_met,
    gallery_lines,
    gallery_markdown,
    meets_bar,
    meets_brief,
    sections,
    showcase,
    simplified_ranks,
    simplify_elite,
    simplify_gallery,
    write_gallery,
)
from darwindeck.evolve.quality.ablation import removable_rules
from darwindeck.evolve.quality.descriptors import describe
from darwindeck.evolve.quality.simplify import IdleRule, Simplification
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import Evaluation
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import ClaimPhase, TrickPhase
from darwindeck.genome.serialization import load_genome

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


def test_games_outside_the_brief_are_listed_apart() -> None:
    # A brief's run records ``brief_factor`` (the product of its soft charges): 1.0 when the game has every
    # wanted mechanic and plays within the time band. Claimed Whist (novel, 0.125 from Whist) missing a
    # wanted mechanic (×0.5) and playing 40 minutes against a brief of 15 (×22.5/40) is outside the brief,
    # Alpha (Hearts renamed, a rediscovery) inside it; a run without a brief has no ``brief_factor``.
    outside = _claimed_whist()
    missed = {"brief_factor": 0.28125, "penalty.brief_wanted": 0.5, "penalty.brief_time": 0.5625}
    outside = dataclasses.replace(
        outside, evaluation=Evaluation(0.3, {**missed, "brief_minutes": 40.0}, None)
    )
    inside = _elite("Alpha", {**GOOD, "brief_factor": 1.0}, 0.5)
    assert not meets_brief(outside) and meets_brief(inside) and meets_brief(_elite("Beta", GOOD))
    novel, found, apart = sections([inside, outside])
    assert (novel, [rank for rank, _ in found], [rank for rank, _ in apart]) == ([], [1], [2])
    text = gallery_markdown([inside, outside])
    assert (
        text.split("## Outside the brief")[1].count(
            "- #2 Claimed Whist: a wanted mechanic missing, plays in 40 minutes"
        )
        == 1
    )
    assert "| 2 | Claimed Whist |" not in text  # in no table
    assert showcase([inside, outside], 1) == [1]  # the rediscovery inside the brief before it
    assert showcase([inside, outside], 2) == [1, 2]
    # The simplified games: those that meet the bar and the brief first.
    best = dataclasses.replace(outside, evaluation=Evaluation(0.6, {**GOOD, **missed}, None))
    assert simplified_ranks([best, inside], 1) == [2]


def _simplified(elite: Elite, dropped: tuple[IdleRule, ...], kept: tuple[IdleRule, ...] = ()) -> Shown:
    """``elite`` shown as Hearts without breaking hearts (a hand-made simplification, scores 0.5 → 0.52)."""
    hearts = get_game("hearts")
    genome = next(r.without for r in removable_rules(hearts) if r.kind == "phase option").replace(
        name=elite.genome.name
    )
    found = Simplification(elite.genome, genome, dropped, kept, 0.5, 0.52, len(dropped) + len(kept) + 1)
    return Shown(dataclasses.replace(elite, genome=genome), found)


BREAKING = IdleRule("breaking suit H in phase 2", "phase option", "nothing is lower without it", 0.52)


def test_a_simplified_game_is_written_simplified_and_says_what_was_dropped(tmp_path: Path) -> None:
    alpha = _elite("Alpha", GOOD)
    shown = {"Alpha": _simplified(alpha, (BREAKING,))}
    write_gallery(tmp_path, [alpha, _elite("Beta", GOOD, 0.4)], shown)
    written = load_genome(tmp_path / "gallery" / "01-Alpha.json")
    assert written == shown["Alpha"].elite.genome
    assert all(phase.breaking_suit is None for phase in written.phases if isinstance(phase, TrickPhase))
    rulebook = (tmp_path / "gallery" / "01-Alpha.md").read_text()
    assert rulebook.endswith(
        "*Simplified for the gallery: dropped as idle (no play measure drops without it): "
        "breaking suit H in phase 2.*\n"
    )
    assert "Simplified" not in (tmp_path / "gallery" / "02-Beta.md").read_text()  # not simplified
    text = (tmp_path / "gallery.md").read_text()
    assert text.endswith(
        "- #1 Alpha: dropped as idle: breaking suit H in phase 2, score as new 0.500 → 0.520\n"
    )
    assert "#2 Beta" not in text.split("## Simplified games")[1]


def test_the_line_of_a_game_with_nothing_idle_and_of_a_rule_put_back() -> None:
    alpha = _elite("Alpha", GOOD)
    nothing = Shown(alpha, Simplification(alpha.genome, alpha.genome, (), (), None, None, 1))
    assert nothing.line == "no idle rule"
    pass_phase = IdleRule("phase 1 (PassPhase)", "phase", "idle, but …", 0.3, kept=True)
    both = _simplified(alpha, (BREAKING,), (pass_phase,))
    assert both.line == (
        "dropped as idle: breaking suit H in phase 2, idle but kept (the score falls without it): "
        "phase 1 (PassPhase), score as new 0.500 → 0.520"
    )


def test_the_games_simplified_are_the_best_that_meet_the_bar() -> None:
    # Ranks 2 and 4 meet the bar: with 2 to simplify they are those; with 3 the best of the rest (rank 1)
    # joins them; with 9 every game.
    gallery = [_elite("a", {}), _elite("b", GOOD), _elite("c", {}), _elite("d", GOOD), _elite("e", {})]
    assert simplified_ranks(gallery, 2) == [2, 4]
    assert simplified_ranks(gallery, 3) == [1, 2, 4]
    assert simplified_ranks(gallery, 9) == [1, 2, 3, 4, 5]
    assert simplified_ranks(gallery, 1) == [2]


def test_a_run_of_few_games_per_genome_is_not_simplified() -> None:
    # 10 games per genome: the idle test's batches have 10 deals, fewer than the 20 it needs to tell an
    # idle rule from a needed one (quality.simplify), so nothing is simplified (and nothing is played).
    gallery = [_elite("a", GOOD)]
    assert simplify_gallery(gallery, EvolutionSettings(games_per_genome=10), 0, 5) == {}


@pytest.mark.slow  # the idle test on 100 deals and a screening per drop: about 10 s
def test_no_drop_costs_a_game_its_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    # An elite that meets the bar (GOOD) and a simpler game scoring more as new (0.9 against 0.5) but with
    # a first-player advantage of 0.3, past the bar's ±0.10: the simplifier is shown a score of 0 for it,
    # so the drop is refused whatever the tolerance; a simpler game within the bar keeps its score.
    elite = _elite("Alpha", {**GOOD, "total_as_new": 0.5})
    simpler = get_game("whist")
    scores: list[float] = []

    def fake_simplify(genome, profile, settle, score):  # type: ignore[no-untyped-def]
        scores.extend([score(elite.genome), score(simpler)])
        return Simplification(genome, genome, (), (), 0.5, 0.5, 1)

    outcome = {"mcts": 1.0, "skill_depth": 2.0, "first_player_advantage": 0.3, "meaningful_decisions": 50.0}
    monkeypatch.setattr(gallery, "simplify", fake_simplify)
    monkeypatch.setattr(
        gallery, "evaluate_fitness", lambda *a, **k: FitnessResult(0.9, {**outcome, "total_as_new": 0.9})
    )
    simplify_elite(elite, EvolutionSettings(), 7)
    assert scores == [0.5, 0.0]
    assert not bar_met(outcome) and bar_met({**outcome, "first_player_advantage": 0.1})


def test_an_elite_is_simplified_settled_and_rescored_as_the_run_scored_it() -> None:
    # Knockout Whist's live form as a screened (not judged) elite of run 7. Its turned trump is idle
    # (docs/fitness.md §6: the test's miss on turned trumps), so the game shown is the settled game
    # without it, under the run's identity, scored by the screening with the original's own seed.
    settings = EvolutionSettings()
    genome = live_form(get_game("knockout-whist"))[0]
    identity = genome_identity(genome)
    seed = evaluation_seed(7, identity)
    original = Evaluation.of(evaluate_fitness(genome, settings, seed))
    shown = simplify_elite(
        Elite(identity, genome, original, describe(genome, original.breakdown)), settings, 7
    )
    assert [rule.text for rule in shown.simplification.dropped] == ["trumps turned up (upcard)"]
    simplified = shown.elite.genome
    assert simplified.setup.turned_trump is None and strip_dead_rules(simplified) == simplified
    assert shown.elite.identity == identity
    assert shown.elite.evaluation == Evaluation.of(evaluate_fitness(simplified, settings, seed))
    assert shown.simplification.score_before == original.breakdown["total_as_new"]


def test_the_gallery_is_simplified_through_the_runs_map_a_game_a_task(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ranks 2 and 4 meet the bar (as above): with 2 to simplify, the map is given exactly those two games,
    # in gallery order, once each, and the result pairs each game's identity with its own simplification,
    # the same as one game after another in this process.
    games = [_elite(name, GOOD if name in "bd" else {}) for name in "abcde"]
    monkeypatch.setattr(gallery, "simplify_elite", lambda elite, settings, run_seed: _simplified(elite, ()))
    given: list[list[str]] = []

    def recording_map(task, games):  # type: ignore[no-untyped-def]
        given.append([game.identity for game in games])
        return [task(game) for game in reversed(games)][::-1]

    settings = EvolutionSettings()
    mapped = simplify_gallery(games, settings, 3, 2, recording_map)
    assert given == [["b", "d"]]
    assert {identity: shown.elite.identity for identity, shown in mapped.items()} == {"b": "b", "d": "d"}
    assert mapped == simplify_gallery(games, settings, 3, 2)
