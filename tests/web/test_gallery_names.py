"""The gallery never lists an evolved game under a library game's name, and links to the battle page."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import darwindeck.web.catalog as catalog
from darwindeck.evolve.archive import Elite
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.evolve.quality.descriptors import describe
from darwindeck.evolve.store import Evaluation, RunStore
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.web.app import create_app


def _elite(genome_name: str, **changes: object) -> Elite:
    genome = get_game(genome_name).replace(**changes) if changes else get_game(genome_name)
    return Elite(genome_identity(genome), genome, Evaluation(0.5), describe(genome, {}))


def test_evolved_games_are_named_apart_from_the_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A run's archive holds Crazy Eights unchanged (evolution seeds its population with the library) and
    # a mutant that kept the name "Crazy Eights" (another turn limit, so another identity).
    db = str(tmp_path / "names.db")
    store = RunStore(db)
    store.create_run(EvolutionSettings().to_dict(), 1)
    same, mutant = _elite("crazy-eights"), _elite("crazy-eights", max_turns=150)
    assert same.identity != mutant.identity
    monkeypatch.setattr(catalog, "run_gallery", lambda _store, _run: [same, mutant])
    with TestClient(create_app(db, salt="n")) as client:
        page = client.get("/?sort=name").text
    # Crazy Eights is listed once, as the library game; the mutant under its own name.
    assert page.count(">Crazy Eights</a>") == 1
    assert 'data-key="crazy-eights"' in page and f'data-key="run-1-{same.identity[:12]}"' not in page
    assert f'data-key="run-1-{mutant.identity[:12]}"' in page
    assert f">Crazy Eights variant {mutant.identity[:6]}</a>" in page
    assert '<a href="/battle"' in page  # the battle page is linked from the gallery
