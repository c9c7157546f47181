"""Deck evolution (``darwindeck.tcg.deckevo``): legal children, whole lines, seat-paired win rates,
determinism, resume, and the ``decks evolve`` verb. Expected values come from the rules in the module
docstrings, worked out by hand."""

from __future__ import annotations

import json
import random
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from darwindeck.cli.deck_verbs import register
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.evaluator import LocalEvaluator, evaluation_seed
from darwindeck.tcg.core.decks import Deck, deck_problems, load_deck, shipped_deck_names
from darwindeck.tcg.core.models import EnergyType
from darwindeck.tcg.deckevo.fitness import (
    MatchRecord,
    MatchTask,
    field_fitness,
    match_seed,
    play_match_task,
)
from darwindeck.tcg.deckevo.ga import (
    DeckEvolutionSettings,
    DeckRunResult,
    FieldDeck,
    GenerationStats,
    Member,
    evolve_decks,
    open_store,
)
from darwindeck.tcg.deckevo.genome import DeckGenome
from darwindeck.tcg.deckevo.operators import (
    MUTATIONS,
    change_count,
    crossover,
    random_deck,
    repair,
)
from darwindeck.tcg.deckevo.pool import default_pool

POOL = default_pool()
READY = [DeckGenome.from_deck(load_deck(name)) for name in shipped_deck_names()]


def _assert_legal(deck: DeckGenome, note: str) -> None:
    assert deck_problems(deck.to_deck()) == [], note
    assert POOL.coherent(deck.cards), note
    assert len(deck.cards) == 20, note
    costs = POOL.cost_types(deck.cards)
    if costs:
        assert set(deck.energy) <= set(costs), note


# ------------------------------------------------------------------------------------------- operators


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_operator_yields_a_legal_coherent_deck(seed: int) -> None:
    rng = random.Random(seed)
    decks = [random_deck(POOL, rng), rng.choice(READY)]
    for step in range(6):
        note = f"seed {seed}, step {step}"
        for deck in decks:
            _assert_legal(deck, note)
        name = rng.choice(sorted(MUTATIONS))
        child = MUTATIONS[name][0](decks[-1], POOL, rng)
        _assert_legal(child, f"{note}, {name}")
        decks.append(crossover(child, decks[rng.randrange(len(decks))], POOL, rng))


def test_repair_brings_the_whole_line_of_an_evolved_card() -> None:
    # Charizard ex (a1-036) evolves from Charmeleon, which evolves from Charmander: both names must join.
    deck = repair(["a1-036"], [], POOL, random.Random(3))
    names = Counter(POOL.name(c) for c in deck.cards)
    assert names["Charizard ex"] >= 1 and names["Charmeleon"] >= 1 and names["Charmander"] >= 1
    _assert_legal(deck, "charizard")
    assert deck.energy == (EnergyType.FIRE,)  # the most used cost type of a Fire line


def test_repair_caps_copies_drops_unknown_ids_and_keeps_a_legal_deck_as_it_is() -> None:
    rng = random.Random(0)
    deck = repair(["a1-033"] * 5 + ["nope-999"], [EnergyType.FIRE], POOL, rng)
    assert Counter(POOL.name(c) for c in deck.cards)["Charmander"] <= 2
    assert "nope-999" not in deck.cards
    for ready in READY:  # already legal, coherent, 20 cards, energy among the cost types: nothing to do
        assert repair(ready.cards, ready.energy, POOL, rng) == ready


def test_removing_a_needed_pre_evolution_is_never_allowed() -> None:
    cards = sorted(["a1-033", "a1-034", "a1-036"])  # one Charmander, Charmeleon, Charizard ex
    removable = {POOL.name(cards[i]) for i in range(3) if POOL.removable(cards, i)}
    assert removable == {"Charizard ex"}


def test_change_count_moves_one_name_by_exactly_one_copy() -> None:
    for seed in range(20):
        parent = READY[seed % len(READY)]
        child = change_count(parent, POOL, random.Random(seed))
        before, after = POOL.names(parent.cards), POOL.names(child.cards)
        assert sum(after.values()) == 20
        assert any(abs(after[n] - before[n]) == 1 for n in before), f"seed {seed}"


def test_genome_order_does_not_matter_and_the_deck_file_round_trips(tmp_path: Path) -> None:
    deck = READY[0]
    shuffled = DeckGenome.of(reversed(deck.cards), reversed(deck.energy))
    assert shuffled == deck and shuffled.identity == deck.identity
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(deck.deck_json()))
    loaded = load_deck(str(path))
    assert DeckGenome.from_deck(loaded) == deck


# ------------------------------------------------------------------------------------------------ fitness


def test_scores_count_draws_as_half_and_a_field_weighs_each_deck_equally() -> None:
    record = MatchRecord(wins=3, draws=2, losses=1)
    assert record.games == 6 and record.score == pytest.approx(4 / 6)
    assert record.flipped() == MatchRecord(1, 2, 3) and record.flipped().score == pytest.approx(2 / 6)
    assert field_fitness([record, MatchRecord(0, 0, 4)]) == pytest.approx((4 / 6 + 0) / 2)


@pytest.mark.parametrize("agent", ["greedy", "mcts"])
def test_a_deck_against_itself_with_seats_alternated_scores_exactly_one_half(agent: str) -> None:
    deck = load_deck("fire-charizard-ex")
    record = play_match_task(MatchTask(deck, deck, games=4, seed=11, agent=agent, iterations=4))
    # each seat pair plays one deal twice, identically: one win and one loss, or two draws
    assert record.games == 4 and record.wins == record.losses and record.score == 0.5


def test_a_deck_that_can_never_attack_never_wins() -> None:
    # Basics whose every attack needs Fire, with a Water-only Energy Zone: no attack is ever payable, so
    # the deck scores no point and knocks nothing out; it can only lose or draw.
    fire_only = [
        c
        for c in POOL.cards
        if POOL.card(c).is_basic_pokemon
        and POOL.card(c).attacks
        and all(EnergyType.FIRE in a.cost for a in POOL.card(c).attacks)
    ]
    names: dict[str, str] = {}
    for card in fire_only:
        names.setdefault(POOL.name(card), card)
    cards = [c for c in list(names.values())[:10] for _ in range(2)]
    mute = Deck("mute", tuple(cards), (EnergyType.WATER,))
    assert deck_problems(mute) == []
    record = play_match_task(MatchTask(mute, load_deck("water-blastoise-ex"), games=6, seed=5))
    assert record.wins == 0 and record.losses >= 1
    assert record.score == pytest.approx(record.draws / 2 / 6)


# ------------------------------------------------------------------------------------------------- the GA


def _settings(field: str = "ready", generations: int = 3) -> DeckEvolutionSettings:
    two = tuple(
        FieldDeck(n, DeckGenome.from_deck(load_deck(n))) for n in ("fire-charizard-ex", "psychic-gardevoir")
    )
    return DeckEvolutionSettings(
        population=6,
        generations=generations,
        games=2,
        field=field,
        field_decks=() if field == "self" else two,
        starters=two,
    )


def _run(tmp_path: Path, name: str, workers: int = 1, **kwargs: object) -> DeckRunResult:
    store = open_store(tmp_path / f"{name}.db")
    try:
        with LocalEvaluator(workers) as evaluator:
            return evolve_decks(_settings(**kwargs), 7, store, evaluator)  # type: ignore[arg-type]
    finally:
        store.close()


def _fingerprint(result: DeckRunResult) -> list[list[tuple[str, float, tuple[str, ...]]]]:
    return [[(m.genome.identity, m.fitness, m.operators) for m in g] for g in result.history]


def test_the_same_seed_gives_the_same_run_whatever_the_workers(tmp_path: Path) -> None:
    first, again = _run(tmp_path, "a"), _run(tmp_path, "b", workers=2)
    assert _fingerprint(first) == _fingerprint(again)
    assert first.ranked()[0].genome == again.ranked()[0].genome
    for member in first.final:
        _assert_legal(member.genome, "final population")


class _Killed(Exception):
    pass


def test_a_run_killed_after_a_generation_resumes_to_the_same_end(tmp_path: Path) -> None:
    whole = _run(tmp_path, "whole")
    store = open_store(tmp_path / "broken.db")

    def die(stats: GenerationStats) -> None:
        if stats.index == 1:
            raise _Killed

    with LocalEvaluator(1) as evaluator:
        with pytest.raises(_Killed):
            evolve_decks(_settings(), 7, store, evaluator, progress=die)
        assert store.last_completed_generation(1) == 1 and store.run_info(1).status == "running"
        resumed = evolve_decks(_settings(), 7, store, evaluator, resume=True)
    store.close()
    assert resumed.run_id == 1
    assert _fingerprint(resumed) == _fingerprint(whole)


def test_an_elite_plays_a_new_batch_each_generation_and_is_judged_on_all_its_battles(tmp_path: Path) -> None:
    # Settings: 2 battles per field deck per batch. An elite of generation g carries the records of the
    # same deck in generation g - 1 plus one more batch (2 battles against each of the 2 field decks), and
    # its fitness is the mean score over the field of the summed records.
    result = _run(tmp_path, "elites")
    for before, after in zip(result.history, result.history[1:], strict=False):
        previous: dict[str, Member] = {}
        for member in before:  # an elite comes first; a child equal to it starts from one batch
            previous.setdefault(member.genome.identity, member)
        elites = [m for m in after if m.operators == ("elite",)]
        assert elites
        for elite in elites:
            old = previous[elite.genome.identity].records
            assert [r.games for r in elite.records] == [r.games + 2 for r in old]
            assert all(
                r.wins >= o.wins and r.losses >= o.losses for r, o in zip(elite.records, old, strict=True)
            )
            assert elite.fitness == pytest.approx(sum(r.score for r in elite.records) / 2)


def test_each_batch_of_a_pairing_has_its_own_seeds() -> None:
    first = match_seed(7, "deck", "field")
    assert first == evaluation_seed(7, "deck|field")
    assert len({first, match_seed(7, "deck", "field", 1), match_seed(7, "deck", "field", 2)}) == 3


def test_resume_without_a_matching_run_is_a_clear_error(tmp_path: Path) -> None:
    store = open_store(tmp_path / "empty.db")
    with LocalEvaluator(1) as evaluator, pytest.raises(DarwinDeckError, match="no run with these arguments"):
        evolve_decks(_settings(), 7, store, evaluator, resume=True)
    store.close()


def test_self_play_fitness_of_two_decks_adds_up_to_one(tmp_path: Path) -> None:
    result = _run(tmp_path, "self", field="self", generations=1)
    for generation in result.history:
        distinct = {m.genome.identity: m.fitness for m in generation}
        assert all(0 <= f <= 1 for f in distinct.values())
        # every pair's two scores add to 1, so the mean fitness over distinct decks is exactly 1/2
        assert sum(distinct.values()) / len(distinct) == pytest.approx(0.5)


# ------------------------------------------------------------------------------------------------- the CLI


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


TINY = [
    "decks", "evolve", "--population", "4", "--generations", "1", "--games", "2", "--workers", "1",
    "--field", "fire-charizard-ex,psychic-gardevoir", "--final-games", "2", "--mcts-games", "2",
    "--mcts-iterations", "3", "--top", "2",
]  # fmt: skip


def test_decks_evolve_writes_loadable_decks_notes_and_the_matrix(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(_app(), [*TINY, "--out", str(out)])
    assert result.exit_code == 0, result.output
    decks = sorted(out.glob("evolved-*.json"))
    assert 1 <= len(decks) <= 2
    for path in decks:
        _assert_legal(DeckGenome.from_deck(load_deck(str(path))), path.name)
        note = path.with_suffix(".md").read_text(encoding="utf-8")
        assert "95% interval" in note and "fire-charizard-ex" in note
        # only the best deck plays the MCTS table
        assert ("mcts-3 players" in note) == path.name.startswith("evolved-1-")
    assert (out / "matrix.png").stat().st_size > 0 and (out / "summary.md").exists()
    again = CliRunner().invoke(_app(), [*TINY, "--out", str(out), "--resume"])
    assert again.exit_code == 0, again.output
    assert sorted(out.glob("evolved-*.json")) == decks


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "3"], "--games 3: must be an even number"),
        (["--population", "1"], "--population 1"),
        (["--field", "ready,self"], "not a mix"),
        (["--field", "no-such-deck"], "no such file"),
        (["--workers", "0"], "--workers 0"),
        (["--mcts-games", "1"], "--mcts-games 1"),
        (["--address", "x:1"], "--address: only with --ray"),
    ],
)
def test_bad_arguments_are_one_line_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(_app(), ["decks", "evolve", "--out", str(tmp_path), *args])
    assert isinstance(result.exception, DarwinDeckError), result.output
    assert message in str(result.exception) and "\n" not in str(result.exception)


def test_a_bad_deck_file_names_its_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(["a1-001"] * 3))
    result = CliRunner().invoke(_app(), ["decks", "evolve", "--out", str(tmp_path), "--field", str(bad)])
    assert isinstance(result.exception, DarwinDeckError)
    assert "has 3 cards named 'Bulbasaur'" in str(result.exception)


def test_the_main_command_prints_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from darwindeck.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["decks", "evolve", "--games", "5", "--out", str(tmp_path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --games 5") and "\n" not in err and "Traceback" not in err


def test_a_battle_stopped_by_the_action_budget_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    from darwindeck.tcg.deckevo import fitness

    def endless(*_args: object) -> object:
        raise RuntimeError("battle with seed 1 did not end within 5000 actions")

    monkeypatch.setattr(fitness, "play_battle", endless)
    deck = load_deck("fire-charizard-ex")
    assert play_match_task(MatchTask(deck, deck, games=4, seed=1)) == MatchRecord(0, 4, 0)


def test_resume_in_a_store_of_the_old_deck_tables_says_why_it_cannot(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as connection:  # the tables of the deck store before the shared one
        connection.execute("CREATE TABLE deck_runs (id INTEGER PRIMARY KEY, settings JSON, seed INTEGER)")
        connection.execute("INSERT INTO deck_runs VALUES (1, '{}', 7)")
    store = open_store(db)
    with LocalEvaluator(1) as evaluator, pytest.raises(DarwinDeckError, match="before 2026-11-28"):
        evolve_decks(_settings(), 7, store, evaluator, resume=True)
    assert store.list_runs() == []
    store.close()
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT id, seed FROM deck_runs").fetchall() == [(1, 7)]
