"""Import of DarwinDeck genomes: the 697 real v1 files, exact fields of specific files, the 2.0 format."""

from __future__ import annotations

import collections
import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from darwindeck.errors import GenomeFormatError, GenomeValidationError
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.cards import Location, Rank
from darwindeck.genome.conditions import Condition, ConditionType, Operator
from darwindeck.genome.importer import ImportReport, import_file, import_genome, import_path
from darwindeck.genome.phases import ClaimPhase, PlayPhase, TrickPhase
from darwindeck.genome.schema import (
    EffectType,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import load_genome
from darwindeck.genome.validation import validate

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "reference" / "darwindeck-genomes"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the DarwinDeck reference genomes are not at {CORPUS}"
)

INDIGO_BANNER: dict[str, Any] = {
    "schema_version": "1.0",
    "genome_id": "IndigoBanner",
    "generation": 6,
    "setup": {"cards_per_player": 26, "initial_deck": "standard_52", "initial_discard_count": 0},
    "turn_structure": {"phases": [{"type": "Unknown"}], "is_trick_based": False, "tricks_per_hand": None},
    "special_effects": [],
    "win_conditions": [{"type": "empty_hand", "threshold": None}],
    "scoring_rules": [],
    "max_turns": 2000,
    "min_turns": 10,
    "player_count": 2,
    "fitness": 0.91,
    "fitness_rank": 1,
    "skill_rank": 1,
}


def fierce_raid_like() -> dict[str, Any]:
    """A v1 genome shaped like FierceRaid, with a rank condition and a min_cards 0 play phase."""
    play = {
        "type": "PlayPhase",
        "target": "TABLEAU",
        "valid_play_condition": {
            "type": "compound",
            "logic": "OR",
            "conditions": [
                {
                    "type": "simple",
                    "condition_type": "CARD_IS_RANK",
                    "operator": None,
                    "value": "QUEEN",
                    "reference": None,
                },
                {
                    "type": "simple",
                    "condition_type": "HAND_SIZE",
                    "operator": "GE",
                    "value": 3,
                    "reference": None,
                },
            ],
        },
        "min_cards": 0,
        "max_cards": 5,
        "mandatory": True,
    }
    return {
        "schema_version": "1.0",
        "genome_id": "FierceRaidLike",
        "setup": {"cards_per_player": 17, "initial_deck": "standard_52", "initial_discard_count": 1},
        "turn_structure": {
            "phases": [
                play,
                {
                    "type": "TrickPhase",
                    "lead_suit_required": True,
                    "trump_suit": "SPADES",
                    "high_card_wins": False,
                    "breaking_suit": "HEARTS",
                },
                {
                    "type": "ClaimPhase",
                    "min_cards": 1,
                    "max_cards": 2,
                    "sequential_rank": False,
                    "allow_challenge": True,
                    "pile_penalty": True,
                },
            ],
            "is_trick_based": True,
            "tricks_per_hand": 13,
        },
        "special_effects": [
            {"trigger_rank": "NINE", "effect_type": "EXTRA_TURN", "target": "NEXT_PLAYER", "value": 3},
            {
                "trigger_rank": "TWO",
                "effect_type": "REVERSE_DIRECTION",
                "target": "ALL_OPPONENTS",
                "value": 1,
            },
        ],
        "win_conditions": [{"type": "empty_hand", "threshold": None}],
        "scoring_rules": [],
        "max_turns": 789,
        "min_turns": 52,
        "player_count": 2,
    }


def to_version_2(v1: dict[str, Any]) -> dict[str, Any]:
    """The 2.0 form of a v1 document: wrapped, lowercase types and names, parameters in ``data``."""

    def lower(value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value

    def condition(node: dict[str, Any]) -> dict[str, Any]:
        data = {key: lower(value) for key, value in node.items() if key not in ("type", "conditions")}
        if "conditions" in node:
            data["conditions"] = [condition(child) for child in node["conditions"]]
        return {"type": node["type"], "data": data}

    def phase(node: dict[str, Any]) -> dict[str, Any]:
        if node["type"] == "Unknown":
            return node
        data: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("condition", "valid_play_condition"):
                data[key] = None if value is None else condition(value)
            elif key != "type":
                data[key] = lower(value)
        return {"type": node["type"].removesuffix("Phase").lower(), "data": data}

    body = copy.deepcopy(v1)
    del body["schema_version"]
    body["turn_structure"]["phases"] = [phase(p) for p in body["turn_structure"]["phases"]]
    body["special_effects"] = [{k: lower(v) for k, v in e.items()} for e in body["special_effects"]]
    return {"schema_version": "2.0", "genome": body}


# ------------------------------------------------------------------------------------------- specific files


def test_unknown_phase_is_read_as_a_default_claim_phase() -> None:
    genome = import_genome(INDIGO_BANNER, source="IndigoBanner.json")
    assert genome.name == "IndigoBanner"
    assert genome.description == "Imported from DarwinDeck (IndigoBanner.json)."
    assert genome.setup == SetupRules(cards_per_player=26, initial_discard_count=0)
    assert genome.turn_structure == TurnStructure(phases=(ClaimPhase(1, 4, True, True, True),))
    assert genome.win_conditions == (WinCondition(WinType.EMPTY_HAND),)
    assert (genome.max_turns, genome.player_count, genome.special_effects) == (2000, 2, ())


def test_every_field_of_a_v1_genome() -> None:
    genome = import_genome(fierce_raid_like(), source="f.json")
    play, trick, claim = genome.phases
    assert play == PlayPhase(
        target=Location.TABLEAU,
        valid_play_condition=play.valid_play_condition,
        min_cards=1,
        max_cards=5,
        mandatory=False,
        pass_if_unable=True,
    )
    assert play.valid_play_condition is not None
    queen, three = play.valid_play_condition.conditions  # type: ignore[union-attr]
    assert queen == Condition(ConditionType.CARD_IS_RANK, None, Rank.QUEEN, None)
    assert three == Condition(ConditionType.HAND_SIZE, Operator.GE, 3, None)
    assert trick == TrickPhase(
        True, trump_suit=trick.trump_suit, high_card_wins=False, breaking_suit=trick.breaking_suit
    )
    assert (trick.trump_suit.value, trick.breaking_suit.value) == ("S", "H")  # type: ignore[union-attr]
    assert claim == ClaimPhase(1, 2, False, True, True)
    assert genome.turn_structure.is_trick_based is True
    assert genome.turn_structure.tricks_per_hand == 13
    assert genome.special_effects == (
        SpecialEffect(Rank.NINE, EffectType.EXTRA_TURN, TargetSelector.NEXT_PLAYER, 3),
        SpecialEffect(Rank.TWO, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS, 1),
    )
    assert genome.setup.tableau_mode is TableauMode.NONE
    assert (genome.team_mode, genome.teams, genome.contract_scoring) == (False, (), None)


@needs_corpus
def test_real_file_fierce_raid() -> None:
    genome = import_file(CORPUS / "20260111-183856_rank04_FierceRaid.json")
    assert genome.name == "FierceRaid"
    assert genome.setup == SetupRules(cards_per_player=17, initial_discard_count=1)
    assert [type(p).__name__ for p in genome.phases] == ["PlayPhase", "TrickPhase", "PlayPhase", "ClaimPhase"]
    assert genome.phases[0] == PlayPhase(
        target=Location.TABLEAU,
        valid_play_condition=Condition(ConditionType.LOCATION_SIZE, Operator.LE, 10, None),
        min_cards=1,
        max_cards=5,
        mandatory=False,
    )
    assert genome.phases[1] == TrickPhase(True, None, False, None)
    assert genome.special_effects[2] == SpecialEffect(
        Rank.NINE, EffectType.EXTRA_TURN, TargetSelector.NEXT_PLAYER, 3
    )
    assert genome.win_conditions == (
        WinCondition(WinType.CAPTURE_ALL),
        WinCondition(WinType.EMPTY_HAND),
        WinCondition(WinType.EMPTY_HAND),
    )
    assert (genome.max_turns, genome.player_count) == (789, 2)


# ----------------------------------------------------------------------------------------------- 2.0


def test_version_2_reads_the_same_game_as_v1() -> None:
    for v1 in (INDIGO_BANNER, fierce_raid_like()):
        assert import_genome(to_version_2(v1), source="x.json") == import_genome(v1, source="x.json")


def test_version_2_phase_parameters_must_be_in_data() -> None:
    document = to_version_2(fierce_raid_like())
    claim = document["genome"]["turn_structure"]["phases"][2]
    claim.update(claim.pop("data"))
    with pytest.raises(GenomeFormatError) as caught:
        import_genome(document, source="v2.json")
    assert (caught.value.where, caught.value.reason) == (
        "v2.json:genome.turn_structure.phases[2]",
        "missing key 'data'",
    )


def test_version_2_needs_the_genome_wrapper() -> None:
    document = to_version_2(INDIGO_BANNER)
    document["genome_id"] = document["genome"].pop("genome_id")
    with pytest.raises(GenomeFormatError) as caught:
        import_genome(document, source="v2.json")
    assert (caught.value.where, caught.value.reason) == ("v2.json:genome_id", "unknown key 'genome_id'")


# -------------------------------------------------------------------------------------------- refusals


def refusal(document: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(GenomeFormatError) as caught:
        import_genome(document, source="r.json")
    return caught.value.where, caught.value.reason


def test_rank_index_is_refused() -> None:
    document = fierce_raid_like()
    document["turn_structure"]["phases"][0]["valid_play_condition"]["conditions"][0]["value"] = 10
    where, reason = refusal(document)
    assert where == "r.json:turn_structure.phases[0].valid_play_condition.conditions[0].value"
    assert reason.startswith("unknown Rank 10 (expected one of: TWO, THREE, ")


def test_unknown_phase_type_is_refused() -> None:
    document = fierce_raid_like()
    document["turn_structure"]["phases"][1]["type"] = "AuctionPhase"
    where, reason = refusal(document)
    assert where == "r.json:turn_structure.phases[1].type"
    assert reason.startswith("unknown phase type 'AuctionPhase' (expected one of: DrawPhase, PlayPhase, ")


def test_unknown_rule_key_is_refused() -> None:
    document = fierce_raid_like()
    document["setup"]["hand_limit"] = 7
    assert refusal(document) == ("r.json:setup.hand_limit", "unknown key 'hand_limit'")


def test_scoring_rules_are_refused() -> None:
    document = fierce_raid_like()
    document["scoring_rules"] = [{"points": 1}]
    assert refusal(document) == (
        "r.json:scoring_rules[0]",
        "DarwinDeck scoring rules have no equivalent here",
    )


def test_condition_type_without_equivalent_is_refused() -> None:
    document = fierce_raid_like()
    document["turn_structure"]["phases"][0]["valid_play_condition"]["conditions"][1]["condition_type"] = (
        "POT_SIZE"
    )
    where, reason = refusal(document)
    assert where.endswith("valid_play_condition.conditions[1].condition_type")
    assert reason.startswith('unknown ConditionType "POT_SIZE"')


def test_unsupported_version_is_refused() -> None:
    document = dict(INDIGO_BANNER, schema_version="3.0")
    assert refusal(document) == (
        "r.json:schema_version",
        'not a DarwinDeck genome version: "3.0" (expected "1.0" or "2.0")',
    )


def test_unplayable_genome_is_refused_with_its_problems() -> None:
    document = copy.deepcopy(INDIGO_BANNER)
    document["setup"]["initial_discard_count"] = -3
    with pytest.raises(GenomeValidationError) as caught:
        import_genome(document, source="r.json")
    assert caught.value.problems[0].startswith("setup.initial_discard_count: ")


def test_import_path_writes_loadable_files_and_lists_refusals(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.mkdir()
    (source / "a.json").write_text(json.dumps(INDIGO_BANNER), encoding="utf-8")
    (source / "b.json").write_text("{not json", encoding="utf-8")
    report = import_path(source, tmp_path / "out")
    assert report.imported == [("a.json", str(tmp_path / "out" / "a.json"))]
    assert report.refused == [
        (
            "b.json",
            f"{source / 'b.json'}:1:2: malformed JSON: Expecting property name enclosed in double quotes",
        )
    ]
    assert report.assumed == [("a.json", "1 'Unknown' phase(s) read as claim phases")]
    assert report.adjusted == []
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.json"]
    assert load_genome(tmp_path / "out" / "a.json") == import_genome(
        INDIGO_BANNER, source=str(source / "a.json")
    )


# ------------------------------------------------------------------------------------ normalisations


def test_trick_fields_without_a_trick_phase_are_normalised(tmp_path: Path) -> None:
    document = copy.deepcopy(INDIGO_BANNER)
    document["turn_structure"].update(is_trick_based=True, tricks_per_hand=13)
    genome = import_genome(document, source="t.json")
    assert genome.turn_structure == TurnStructure(phases=(ClaimPhase(),), is_trick_based=False)
    source = tmp_path / "t.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    report = import_path(source, tmp_path / "out")
    assert report.adjusted == [
        (
            "t.json",
            "is_trick_based set to False: no phase is a trick phase (the flag is derived from the phases)",
        ),
        ("t.json", "tricks_per_hand 13 dropped: no phase is a trick phase"),
    ]
    assert load_genome(tmp_path / "out" / "t.json") == import_genome(document, source=str(source))


def test_a_trick_phase_makes_the_game_trick_based_and_its_trick_count_is_kept() -> None:
    document = fierce_raid_like()
    document["turn_structure"].update(is_trick_based=False, tricks_per_hand=20)
    turns = import_genome(document, source="t.json").turn_structure
    assert (turns.is_trick_based, turns.tricks_per_hand) == (True, 20)  # 20 > 17 cards: never clamped


def test_a_dead_win_condition_beside_a_live_one_is_imported_as_written() -> None:
    document = copy.deepcopy(INDIGO_BANNER)
    document["win_conditions"].insert(0, {"type": "capture_all", "threshold": None})
    genome = import_genome(document, source="t.json")
    assert genome.win_conditions == (WinCondition(WinType.CAPTURE_ALL), WinCondition(WinType.EMPTY_HAND))


def test_a_genome_whose_win_conditions_can_never_fire_is_refused() -> None:
    document = copy.deepcopy(INDIGO_BANNER)
    document["win_conditions"] = [{"type": "low_score", "threshold": 50}]
    with pytest.raises(GenomeValidationError) as caught:
        import_genome(document, source="r.json")
    assert caught.value.problems == [
        "win_conditions: no win condition can fire, so the game can only end in a draw by turn limit",
        "win_conditions[0].type: low_score needs something that scores (scoring.card_rules, "
        "scoring.hand_evaluation or contract_scoring), but the genome has none",
    ]


# ----------------------------------------------------------------------------------------- the corpus

#: Problem kinds (paths and numbers blanked) over all refused corpus files; a file may have several.
EXPECTED_PROBLEM_KINDS = {
    "setup.cards_per_player: N cards × N players + N to the discard = N cards, "
    "but the standard_N deck has N": 111,
    "win_conditions: no win condition can fire, so the game can only end in a draw by turn limit": 29,
    "win_conditions[N].type: low_score needs something that scores": 26,
    "turn_structure.phases[N].min_cards: must be ≤ max_cards (N), got N": 24,
    "win_conditions[N].type: high_score needs something that scores": 20,
    "win_conditions[N].type: capture_all needs a way to capture cards": 19,
    "win_conditions[N].type: first_to_score needs something that scores": 13,
    "setup.initial_discard_count: must be ≥ N, got -N": 11,
}
#: Refused files grouped by why they cannot be played (a file with two reasons is in a group of both).
REASONS = {
    "setup.cards_per_player": "more cards dealt than the deck holds",
    "win_conditions": "no win condition can ever fire",
    "turn_structure.phases": "a play phase of min_cards > max_cards",
    "setup.initial_discard_count": "a negative initial discard count",
}
EXPECTED_REFUSAL_GROUPS = {
    ("more cards dealt than the deck holds",): 95,
    ("a play phase of min_cards > max_cards",): 24,
    ("more cards dealt than the deck holds", "no win condition can ever fire"): 16,
    ("no win condition can ever fire",): 13,
    ("a negative initial discard count",): 11,
}
#: The normalisations made over the imported corpus files (264 files, 517 adjustments).
EXPECTED_ADJUSTMENTS = {
    "is_trick_based set to False: no phase is a trick phase (the flag is derived from the phases)": 253,
    "tricks_per_hand N dropped: no phase is a trick phase": 253,
    "is_trick_based set to True: turn_structure.phases[N] is a trick phase "
    "(the flag is derived from the phases)": 11,
}


def problem_kind(problem: str) -> str:
    blanked = re.sub(r"\d+", "N", problem.strip().removeprefix("- "))
    return re.sub(r" \(scoring\.card_rules.*| \(tableau_mode.*", "", blanked)


def refusal_group(reason: str) -> tuple[str, ...]:
    """Why a refused file cannot be played: the distinct REASONS of its error lines, sorted."""
    fields = {line.strip().removeprefix("- ").split(":")[0].split("[")[0] for line in reason.splitlines()[1:]}
    return tuple(sorted({REASONS[field] for field in fields}))


@pytest.fixture(scope="module")
def corpus_import(tmp_path_factory: pytest.TempPathFactory) -> tuple[ImportReport, Path]:
    out = tmp_path_factory.mktemp("imported")
    return import_path(CORPUS, out), out


@needs_corpus
def test_every_reference_genome_imports_or_is_refused(corpus_import: tuple[ImportReport, Path]) -> None:
    report, out = corpus_import
    assert len(list(CORPUS.glob("*.json"))) == 697
    counts = (report.imported_count, report.refused_count, len(report.assumed), len(report.adjusted))
    assert counts == (538, 159, 224, 517)
    assert len({name for name, _ in report.adjusted}) == 264
    assert all(reason.startswith("genome '") for _, reason in report.refused)  # no format refusal
    kinds = collections.Counter(
        problem_kind(line) for _, reason in report.refused for line in reason.splitlines()[1:]
    )
    assert dict(kinds) == EXPECTED_PROBLEM_KINDS
    groups = collections.Counter(refusal_group(reason) for _, reason in report.refused)
    assert dict(groups) == EXPECTED_REFUSAL_GROUPS
    names = "\n".join(name for name, _ in report.refused)
    assert hashlib.sha256(names.encode()).hexdigest() == (
        "b804e5601e4bb46d315be94d3890b7aee40e5de94faee7d96665a1eec1a378c0"
    )
    listing = "\n".join(f"{name}\t{reason}" for name, reason in report.refused)
    assert hashlib.sha256(listing.encode()).hexdigest() == (
        "917f51eaa859179a021632fe4ade7114d096ab235b395bbbe5535cc421901914"
    )
    assert len(list(out.iterdir())) == 538


@needs_corpus
def test_corpus_adjustments_only_align_the_derived_trick_fields(
    corpus_import: tuple[ImportReport, Path],
) -> None:
    report, _ = corpus_import
    adjustments = collections.Counter(re.sub(r"\d+", "N", reason) for _, reason in report.adjusted)
    assert dict(adjustments) == EXPECTED_ADJUSTMENTS
    imported = {name for name, _ in report.imported}
    assert {name for name, _ in report.adjusted} <= imported


@needs_corpus
def test_every_imported_corpus_genome_is_playable_and_compiles(
    corpus_import: tuple[ImportReport, Path],
) -> None:
    report, _ = corpus_import
    for name, written in report.imported:
        genome = load_genome(written)
        assert validate(genome).errors == (), name
        turns = genome.turn_structure
        tricks = any(isinstance(phase, TrickPhase) for phase in genome.phases)
        assert turns.is_trick_based is tricks, name
        assert tricks or turns.tricks_per_hand is None, name
        restored = parse_bytecode(compile_genome(genome))
        assert restored == genome.replace(name=restored.name, description=""), name
