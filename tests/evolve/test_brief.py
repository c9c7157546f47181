"""Steering (``evolve.brief``): reading a brief, refusing one that cannot be met, the hard parts holding
for every genome of a seeded run, ``--from hearts`` staying near Hearts, the charges for the soft parts,
and the CLI's one error line."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from darwindeck.evolve import ga
from darwindeck.evolve.brief import (
    BriefError,
    evaluate_briefed,
    judged,
    load_brief,
    parse_brief,
    playing_minutes,
    steer,
    unmet,
)
from darwindeck.evolve.evaluator import LocalEvaluator
from darwindeck.evolve.fitness import FitnessResult, signature_mechanics
from darwindeck.evolve.novelty import genome_distance
from darwindeck.evolve.operators import mutate
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.evolve.store import RunStore
from darwindeck.genome.cards import DeckType
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome
from darwindeck.genome.validation import validate
from evolve.conftest import structural_fitness

#: The issue's example brief: 3 players, 32 cards, about 15 minutes, tricks wanted, betting refused.
EXAMPLE = {"players": 3, "deck": {"size": 32}, "minutes": 15, "wanted": ["tricks"], "refused": ["betting"]}

TINY = EvolutionSettings(
    population=8,
    generations=3,
    elitism=1,
    tournament_size=2,
    hall_of_fame_size=4,
    plateau_patience=50,
    diversity_sample=8,
)


@pytest.fixture
def serial() -> Iterator[LocalEvaluator]:
    with LocalEvaluator(workers=1) as evaluator:
        yield evaluator


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    runs = RunStore(str(tmp_path / "runs.db"))
    yield runs
    runs.close()


def _members(store: RunStore, run_id: int) -> list[ga.Individual]:
    summary = store.run_summary(run_id)
    return [
        ga.Individual.of(stored.genome, stored.parents, stored.operators)
        for record in summary.generations
        for stored in store.load_population(run_id, record.index)
    ]


# ------------------------------------------------------------------------------------------- reading


def test_the_example_brief_reads_and_fixes_the_settings() -> None:
    brief = parse_brief(EXAMPLE)
    assert brief.deck_type() is DeckType.PIQUET_32
    changes = brief.settings_changes()
    assert changes["min_players"] == changes["max_players"] == 3
    # canonical JSON: sorted keys, defaults left out
    assert changes["brief"] == (
        '{"deck": {"size": 32}, "minutes": 15.0, "players": 3, "refused": ["betting"], "wanted": ["tricks"]}'
    )
    settings = EvolutionSettings(**{**TINY.to_dict(), **changes})
    assert EvolutionSettings.from_dict(settings.to_dict()) == settings
    # the brief joins the cache key only when set: unsteered runs keep their keys
    assert settings.fitness_hash(1) != dataclasses.replace(settings, brief="").fitness_hash(1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": 3, "colour": "red"}, "colour: unknown key"),
        ({"deck": {"size": 32, "ranks": "7-A"}}, "deck.ranks: unknown key"),
        ({"players": 7}, "players 7: must lie between 2 and 6"),
        ({"minutes": 0}, "minutes: input should be greater than 0"),
        ({"deck": {"size": 30}}, "deck size 30: no deck type has 30 cards (sizes: 52, 40, 32, 24)"),
        ({"deck": {"size": 32, "jokers": 2}}, "deck jokers 2: no deck type has jokers"),
        (
            {"deck": {"type": "tarot_78"}},
            "deck type 'tarot_78': unknown, use one of standard_52, italian_40, piquet_32, euchre_24",
        ),
        ({"deck": {"type": "euchre_24", "size": 32}}, "deck: type euchre_24 has 24 cards, not 32"),
        (
            {"wanted": ["juggling"]},
            "wanted: unknown mechanic 'juggling', use one of asking, passing, "
            "claiming, knocking, tricks, trump-making, bidding, betting, counting, war battles, capturing, "
            "building",
        ),
        ({"wanted": ["tricks"], "refused": ["tricks"]}, "wanted and refused: tricks is both"),
        (
            {"players": 3, "wanted": ["war battles"]},
            "wanted war battles: a war tableau is for 2 players only, the brief asks for 3",
        ),
        (
            {"wanted": ["bidding"], "refused": ["tricks"]},
            "wanted bidding: it needs a trick phase, and tricks are refused",
        ),
        (
            {"style": "cosy"},
            "style 'cosy': unknown, use one of balanced, strategic, party, trick-taking, bluffing",
        ),
        ({"from": ["hearts", "skat"]}, "from 'skat': no library game has this name"),
        ({"from": ["hearts"], "distance": 2}, "distance: input should be less than or equal to 1"),
        (
            # Hearts passes left, right, across, hold: across has no seat with 3 players
            {"players": 3, "from": ["hearts"]},
            "from 'hearts': it cannot be made to meet the brief (invalid once coerced: "
            "turn_structure.phases[0].directions[2]: passing across needs an even number of players)",
        ),
        ([3, 32], "a brief is a JSON object of keys (players, deck, minutes, …)"),
    ],
)
def test_a_brief_that_cannot_be_met_is_refused_with_the_reason(data: object, message: str) -> None:
    with pytest.raises(BriefError) as refused:
        parse_brief(data)
    assert str(refused.value) == message


def test_a_brief_file_names_itself_in_its_errors(tmp_path: Path) -> None:
    path = tmp_path / "brief.json"
    path.write_text('{"players": 3,}', encoding="utf-8")
    with pytest.raises(BriefError) as refused:
        load_brief(path)
    assert (
        str(refused.value)
        == f"brief {path}: not JSON (line 1: Expecting property name enclosed in double quotes)"
    )
    path.write_text(json.dumps({"players": 3, "deck": {"size": 36}}), encoding="utf-8")
    with pytest.raises(BriefError) as refused:
        load_brief(path)
    assert str(refused.value) == (
        f"brief {path}: deck size 36: no deck type has 36 cards (sizes: 52, 40, 32, 24)"
    )
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    assert load_brief(path) == parse_brief(EXAMPLE)


# --------------------------------------------------------------------------------------- hard parts


def test_steering_coerces_a_library_game_into_the_brief() -> None:
    brief = parse_brief(EXAMPLE)
    whist = get_game("whist")  # 4 players, 52 cards, 13 each
    steered = steer(whist, brief)
    assert steered is not None
    assert validate(steered).ok
    assert (steered.player_count, steered.setup.initial_deck) == (3, DeckType.PIQUET_32)
    # 32 cards among 3 players: at most 32 // 3 = 10 each (repair.clamp_deal)
    assert steered.setup.cards_per_player == 10
    assert unmet(steered, brief) is None
    assert unmet(whist, brief) == "4 players, the brief asks for 3"
    poker = steer(get_game("draw-poker"), brief)  # betting is refused: its betting phases go
    assert poker is not None and "betting" not in signature_mechanics(poker)
    assert "betting" in signature_mechanics(get_game("draw-poker"))


def test_a_partnership_split_unevenly_by_the_player_count_is_played_without_partnerships() -> None:
    # Partnership Spades seats 1 and 3 against 2 and 4; for 3 players the repaired teams would be players
    # 0 and 2 against player 1, uneven sides: coerced without partnerships. For 6 players the teams stay
    # even (0, 2, 4 against 1, 3, 5): the partnership stays.
    spades = get_game("partnership-spades")
    three = steer(spades, parse_brief({"players": 3}))
    assert three is not None and (three.team_mode, three.teams) == (False, ())
    six = steer(spades, parse_brief({"players": 6}))
    assert six is not None and (six.team_mode, six.teams) == (True, ((0, 2, 4), (1, 3, 5)))


def test_a_hand_built_three_player_partnership_is_played_without_partnerships() -> None:
    # Partnership Spades dealt to 3, players 0 and 2 against player 1: valid (spec 003 allows sides of
    # unequal size), but a brief's run plays it without partnerships although its player count is already
    # the brief's.
    uneven = get_game("partnership-spades").replace(player_count=3, teams=((0, 2), (1,)))
    assert validate(uneven).ok
    steered = steer(uneven, parse_brief({"players": 3}))
    assert steered is not None
    assert (steered.player_count, steered.team_mode, steered.teams) == (3, False, ())


def _uneven(genome: GameGenome) -> bool:
    return genome.team_mode and len({len(team) for team in genome.teams}) > 1


def test_mutation_in_a_three_player_brief_never_yields_an_uneven_partnership() -> None:
    # Three players cannot sit in two or more sides of equal size, so no steered child may have partners.
    # Three walks (from the library's partnership games, steered) of 200 aggressive mutations each, every
    # child steered as the GA steers it; the raw mutants do hold uneven partnerships (team play switched
    # on for 3 players: 2 against 1; or for 4, then the brief's count), so the steering is what keeps
    # them out.
    brief = parse_brief({"players": 3})
    rng = random.Random(29)
    walks = [steer(get_game(slug), brief) for slug in ("partnership-spades", "whist", "euchre")]
    uneven_mutants = steered = 0
    for step in range(600):
        parent = walks[step % 3]
        assert parent is not None
        mutant = mutate(parent, rng, aggressive=True).genome
        uneven_mutants += _uneven(mutant)
        child = steer(mutant, brief)
        if child is not None:
            steered += 1
            assert (child.player_count, child.team_mode, child.teams) == (3, False, ()), f"step {step}"
            walks[step % 3] = child
    assert uneven_mutants > 0 and steered > 500


def test_every_genome_of_a_seeded_brief_run_meets_the_hard_parts(
    store: RunStore, serial: LocalEvaluator
) -> None:
    brief = parse_brief(EXAMPLE)
    settings = EvolutionSettings(**{**TINY.to_dict(), **brief.settings_changes()})
    result = ga.evolve(settings, 11, store, serial, fitness_fn=structural_fitness)
    members = _members(store, result.run_id)
    assert len(members) == 3 * 8
    for member in members:
        assert member.genome.player_count == 3
        assert member.genome.setup.initial_deck is DeckType.PIQUET_32
        assert "betting" not in signature_mechanics(member.genome)
        assert validate(member.genome).ok
    # children were bred: not every member of the last generation is a coerced library game
    assert any(member.operators for member in members)


def test_from_hearts_children_stay_within_the_distance(store: RunStore, serial: LocalEvaluator) -> None:
    brief = parse_brief({"from": ["hearts"], "distance": 0.1})
    settings = EvolutionSettings(**{**TINY.to_dict(), **brief.settings_changes()})
    hearts = get_game("hearts")
    result = ga.evolve(settings, 5, store, serial, fitness_fn=structural_fitness)
    members = _members(store, result.run_id)
    distances = [genome_distance(member.genome, hearts) for member in members]
    assert max(distances) <= 0.1
    assert any(distance > 0.0 for distance in distances)  # variants, not only copies
    assert distances[0] == 0.0  # generation 0 starts from Hearts itself


# --------------------------------------------------------------------------------------- soft parts


def test_the_fitness_gates_hard_parts_and_charges_soft_ones() -> None:
    brief = parse_brief(EXAMPLE)
    # 225 decisions × 4 s = 15 minutes (SECONDS_PER_DECISION)
    assert playing_minutes(225.0) == 15.0
    go_fish = steer(get_game("go-fish"), brief)  # asking, no tricks
    whist = steer(get_game("whist"), brief)
    assert go_fish is not None and whist is not None
    # 450 decisions = 30 minutes; the band is 7.5–22.5, so ×22.5/30 = 0.75; tricks absent: ×0.5
    charged = judged(FitnessResult(0.8, {"meaningful_decisions": 450.0}, live=go_fish), go_fish, brief)
    assert charged.total == pytest.approx(0.8 * 0.75 * 0.5)
    assert charged.breakdown["penalty.brief_time"] == pytest.approx(0.75)
    assert charged.breakdown["penalty.brief_wanted"] == 0.5
    assert charged.breakdown["brief_minutes"] == pytest.approx(30.0)
    # 150 decisions = 10 minutes, inside the band; tricks present: nothing charged
    kept = judged(FitnessResult(0.8, {"meaningful_decisions": 150.0}, live=whist), whist, brief)
    assert kept.total == 0.8
    # 60 decisions = 4 minutes, below 7.5: ×4/7.5
    short = judged(FitnessResult(0.8, {"meaningful_decisions": 60.0}, live=whist), whist, brief)
    assert short.total == pytest.approx(0.8 * 4 / 7.5)
    # a live genome that misses a hard part is gated
    four = get_game("whist")
    gated = judged(FitnessResult(0.8, {"meaningful_decisions": 150.0}, live=four), four, brief)
    assert (gated.total, gated.gate_reason) == (0.0, "brief: 4 players, the brief asks for 3")


def test_a_tiny_brief_run_with_the_real_fitness_keeps_its_gallery_in_the_brief(
    store: RunStore, serial: LocalEvaluator
) -> None:
    # 5 s on a compiled engine (2026-11-27, a loaded 2-core machine)
    brief = parse_brief(EXAMPLE)
    settings = EvolutionSettings(
        **{
            **TINY.to_dict(),
            "generations": 2,
            "games_per_genome": 4,
            "mcts_top_fraction": 0.0,
            **brief.settings_changes(),
        }
    )
    result = ga.evolve(settings, 3, store, serial)
    assert result.gallery
    for elite in result.gallery:
        assert unmet(elite.genome, brief) is None
        assert elite.evaluation.total > 0.0
    assert ga._default_fitness(steered=True) is evaluate_briefed


# ---------------------------------------------------------------------------------------------- CLI


def test_the_cli_refuses_an_impossible_brief_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from darwindeck import cli

    path = tmp_path / "brief.json"
    path.write_text(json.dumps({**EXAMPLE, "wanted": ["war battles"]}), encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["evolve", "--brief", str(path), "--db", str(tmp_path / "runs.db")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    reason = "wanted war battles: a war tableau is for 2 players only, the brief asks for 3"
    assert err == f"error: brief {path}: {reason}"
    assert not (tmp_path / "runs.db").exists()  # refused before the run
    with pytest.raises(SystemExit) as stopped:
        cli.main(["evolve", "--players", "3", "--deck", "30", "--db", str(tmp_path / "runs.db")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == "error: brief: deck size 30: no deck type has 30 cards (sizes: 52, 40, 32, 24)"
