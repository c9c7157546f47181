"""Conformance: random playouts over every library game and every reference genome.

After every step: the deck's cards are all somewhere exactly once, team scores agree with player scores
in individual mode, legal actions are sorted, distinct and non-empty until the end; every game ends;
a clone replays identically. A sample gives the same results with ``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from darwindeck.agents import batch as B
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tables import compile_program
from darwindeck.errors import DarwinDeckError
from darwindeck.genome import GameGenome
from darwindeck.genome.importer import import_file
from darwindeck.genome.library import all_games

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO.parent / "shared" / "reference" / "darwindeck-genomes"


def check_playout(genome: GameGenome, seed: int) -> GameState:
    state = GameState.new(genome, seed=seed)
    rng = np.random.default_rng(seed)
    deck = sorted(int(c) for c in state.tables.deck_cards)
    team_mode = genome.team_mode
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal)), genome.name
        if steps % 7 == 0:
            twin = state.clone()
        action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
        if steps % 7 == 0:
            twin.apply_action(action)
            assert np.array_equal(twin.array, state.array)
        assert sorted(state.all_cards()) == deck, genome.name
        if not team_mode:
            assert state.scores() == state.team_scores()
        steps += 1
    assert state.legal_actions() == []
    return state


@pytest.mark.parametrize("name", sorted(all_games()))
def test_library_game_playouts(name: str) -> None:
    genome = all_games()[name]
    for seed in range(3):
        check_playout(genome, seed)


def reference_files() -> list[Path]:
    return sorted(REFERENCE.glob("*.json")) if REFERENCE.is_dir() else []


@pytest.mark.slow
@pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"reference genomes absent: {REFERENCE}")
def test_reference_genome_playouts() -> None:
    files = reference_files()
    assert len(files) == 697
    played = refused = 0
    for path in files:
        try:
            genome = import_file(path)
        except DarwinDeckError:
            refused += 1  # the importer rejects it (genome validation); nothing to play
            continue
        for seed in range(2):
            check_playout(genome, seed)
        played += 1
    assert played + refused == 697
    assert played >= 500


SAMPLE_SCRIPT = """
import json, sys
from darwindeck.agents.simulate import simulate_rows
from darwindeck.genome.library import get_game
out = {}
for name in sys.argv[1:]:
    out[name] = simulate_rows(get_game(name), 3, ("random", ), seed=5, workers=1).tolist()
print(json.dumps(out))
"""


def run_sample(disable_jit: bool, names: list[str]) -> dict[str, list[list[int]]]:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    done = subprocess.run(
        [sys.executable, "-c", SAMPLE_SCRIPT, *names], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, list[list[int]]] = json.loads(done.stdout)
    return result


@pytest.mark.slow
def test_same_results_without_the_jit() -> None:
    names = ["crazy-eights", "hearts", "scopa", "fan-tan", "uno-style", "war"]
    assert run_sample(True, names) == run_sample(False, names)


def test_a_game_over_its_step_budget_is_a_timeout_not_a_hang() -> None:
    program = compile_program(all_games()["war"])
    program[L.H_STEP_BUDGET] = 30
    rows = np.zeros((2, B.N_STATS), dtype=np.int64)
    B.play_batch(program, 0, 2, 0, np.zeros(2, dtype=np.int64), rows)
    assert rows[:, B.STAT_ENDED_BY].tolist() == [L.END_STEP_BUDGET, L.END_STEP_BUDGET]
    assert rows[:, B.STAT_WINNER].tolist() == [-1, -1]
    assert (rows[:, B.STAT_DECISIONS] < 30).all()
