"""Resuming a run that an older version made: the replay differs from what was stored, and the resume is
refused with one error naming the run, the cause and what to do (``RunStore.replay_refused``), from the
API and from the CLI, with nothing written.

The store is built by hand as the version before the archive's axes followed the brief would have left
it: a 3-player brief's run of two generations, both holding Knaves (A) and Black Maria (B), two trick
games of medium length (50 meaningful decisions: 30 ≤ 50 < 120) that differ in interaction (A 1.0,
direct; B 0.1, solitary). Population 2 and ``mcts_top_fraction`` 0.5 judge ceil(0.5 × 2) = 1 game a
generation, the best not yet judged, then as many archive elites not yet judged.

* Then (axes family, players, length): both games fall in one niche (trick-taking, 3, medium), which A
  holds (0.5 > 0.4). Generation 0 judges A (the archive is still empty): 1 judged. Generation 1: A is
  judged already and the archive's one elite is A: 0 judged.
* Now (the brief fixes players, so interaction takes its place: family, interaction, length): A and B
  hold two niches, so generation 1 also judges B, the archive's elite not yet judged: 1 game where the
  run judged 0.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from darwindeck import cli
from darwindeck.evolve import ga
from darwindeck.evolve import settings as settings_module
from darwindeck.evolve import store as store_module
from darwindeck.evolve.archive import Archive
from darwindeck.evolve.brief import parse_brief
from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.store import COMPLETED, Evaluation, ReplayError, RunStore, StoredGenome
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from evolve.conftest import structural_fitness

SEED = 4
SETTINGS = ga.EvolutionSettings(
    population=2,
    generations=2,
    min_players=3,
    max_players=3,
    elitism=1,
    tournament_size=1,
    diversity_sample=2,
    mcts_top_fraction=0.5,
    brief=parse_brief({"players": 3}).to_setting(),
)
A, B = get_game("knaves"), get_game("black-maria")
A_ID, B_ID = genome_identity(A), genome_identity(B)


def _stats(index: int, judged: int) -> dict[str, object]:
    """Generation ``index``'s statistics: both games scored in generation 0 and found in 1, ``judged``
    games re-scored by the MCTS step (the best is A once judged: 0.6)."""
    scored = 2 if index == 0 else 0
    stats = ga.GenerationStats(
        index, 0.6, 0.5, A_ID, 0.5, False, scored, 2 - scored, 1.0, mcts_evaluations=judged
    )
    return stats.to_dict()


def _older_versions_store(path: Path) -> RunStore:
    """The run as the version before the brief's axes left it (module docstring), status completed."""
    store = RunStore(str(path))
    run_id = store.create_run(SETTINGS.to_dict(), SEED)
    screening, judging = SETTINGS.fitness_hash(SEED), SETTINGS.fitness_hash(SEED, mcts=True)
    medium = {"meaningful_decisions": 50.0}
    evaluations = {
        (A_ID, screening): Evaluation(0.5, {**medium, "interaction": 1.0, "fingerprint": 1.0}),
        (B_ID, screening): Evaluation(0.4, {**medium, "interaction": 0.1, "fingerprint": 2.0}),
        (A_ID, judging): Evaluation(0.6, {**medium, "interaction": 1.0, "fingerprint": 1.0, "mcts": 1.0}),
    }
    population = [StoredGenome(A), StoredGenome(B)]
    store.record_generation(run_id, 0, population, evaluations, _stats(0, judged=1))
    store.record_generation(run_id, 1, population, {}, _stats(1, judged=0))
    store.set_status(run_id, COMPLETED)
    return store


@pytest.fixture
def serial() -> Iterator[LocalEvaluator]:
    with LocalEvaluator(workers=1) as evaluator:
        yield evaluator


def _generation_rows(path: Path) -> list[tuple[int, int, int]]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT run_id, idx, completed FROM generations ORDER BY idx").fetchall()
    return [(int(a), int(b), int(c)) for a, b, c in rows]


def _expected(store: RunStore) -> str:
    info = store.run_info(1)
    return (
        "run 1 cannot be resumed: replaying its generation 1, this version's MCTS step judges 1 game(s) "
        f"where the run judged 0. The run was made (started {info.created[:10]} by DarwinDeck "
        f"{info.version}) by code that evolved otherwise (for one, the archive's axes of a run with a brief "
        "now follow the brief), so this version cannot continue it. Its games stay in the store "
        "(darwindeck runs show 1); start a new run with the same options instead, without --resume."
    )


def test_the_store_replays_under_the_axes_it_was_made_with(
    tmp_path: Path, serial: LocalEvaluator, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hand-built store is a faithful old run: with the old axes its two generations replay.
    store = _older_versions_store(tmp_path / "runs.db")
    monkeypatch.setattr(Archive, "for_settings", classmethod(lambda cls, settings: cls()))
    result = ga.evolve(
        SETTINGS, SEED, store, serial, structural_fitness, resume_run=1, mcts_fitness_fn=structural_fitness
    )
    assert [elite.identity for elite in result.gallery] == [A_ID]
    assert len(result.generations) == 2


def test_a_run_an_older_version_made_is_refused_with_the_cause(
    tmp_path: Path, serial: LocalEvaluator
) -> None:
    store = _older_versions_store(tmp_path / "runs.db")
    longer = dataclasses.replace(SETTINGS, generations=3)
    with pytest.raises(ReplayError) as refused:
        ga.evolve(
            longer, SEED, store, serial, structural_fitness, resume_run=1, mcts_fitness_fn=structural_fitness
        )
    assert str(refused.value) == _expected(store)
    assert "incomplete" not in str(refused.value)
    # Nothing written: the status and the generations are as they were.
    assert store.run_info(1).status == COMPLETED
    assert _generation_rows(tmp_path / "runs.db") == [(1, 0, 1), (1, 1, 1)]


def test_a_run_of_another_version_number_is_refused_at_its_first_generation(
    tmp_path: Path, serial: LocalEvaluator, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The evaluation cache key holds the version (settings.fitness_hash), so under another version
    # number no stored fitness is found: generation 0 is refused on its first member, A.
    with monkeypatch.context() as older:
        older.setattr(settings_module, "__version__", "0.0.9")
        older.setattr(store_module, "__version__", "0.0.9")
        store = _older_versions_store(tmp_path / "runs.db")
    longer = dataclasses.replace(SETTINGS, generations=3)
    with pytest.raises(ReplayError) as refused:
        ga.evolve(
            longer, SEED, store, serial, structural_fitness, resume_run=1, mcts_fitness_fn=structural_fitness
        )
    created = store.run_info(1).created[:10]
    assert str(refused.value).startswith(
        f"run 1 cannot be resumed: replaying its generation 0, no fitness of {A_ID[:12]} is stored under "
        f"this version's cache key. The run was made (started {created} by DarwinDeck 0.0.9) by code"
    )


def test_the_cli_prints_one_error_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _older_versions_store(tmp_path / "runs.db")
    db, out = str(tmp_path / "runs.db"), tmp_path / "out"
    with pytest.raises(SystemExit) as stopped:
        cli.main(
            ["evolve", "--resume", "1", "--generations", "3", "--workers", "1", "--db", db, "--out", str(out)]
        )
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: {_expected(store)}"
    assert not out.exists()
    assert store.run_info(1).status == COMPLETED
