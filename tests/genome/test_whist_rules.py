"""The genome side of Whist's mechanisms: the turned trump (``setup.turned_trump``) and book scoring in
JSON, bytecode (docs/bytecode.md), validation, the mutation operators and the repairs."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from darwindeck.errors import BytecodeError, GenomeFormatError
from darwindeck.evolve.mutations import scoring, structure, trumps
from darwindeck.evolve.mutations.conditions import card_references
from darwindeck.evolve.operators import OPERATORS
from darwindeck.evolve.repair import drop_orphan_book, fix_turned_trump, vet
from darwindeck.genome.bytecode import HEADER_SIZE, SECTIONS, compile_genome, parse_bytecode
from darwindeck.genome.cards import Suit
from darwindeck.genome.conditions import Condition, ConditionType, Operator, Reference
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import Phase, TrickPhase, TrumpPhase
from darwindeck.genome.schema import BookScoring, CardScoringRule, GameGenome, ScoringTrigger, TurnedTrump
from darwindeck.genome.serialization import from_json, genome_from_dict, to_json
from darwindeck.genome.validation import validate

OFFSETS_AT = 20
FLAGS_AT = 17


def section_start(data: bytes, name: str) -> int:
    index = SECTIONS.index(name)
    return HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")


def parse_error(data: bytes) -> BytecodeError:
    with pytest.raises(BytecodeError) as caught:
        parse_bytecode(data)
    return caught.value


def with_setup(genome: GameGenome, **changes: object) -> GameGenome:
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


def with_phases(genome: GameGenome, *phases: Phase) -> GameGenome:
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def fixed_trump_knockout() -> GameGenome:
    """Knock-Out Whist with hearts fixed as trumps: a genome with neither a turned trump nor books."""
    knockout = get_game("knockout-whist")
    plain = with_setup(knockout, turned_trump=None, initial_discard_count=0)
    return with_phases(plain, TrickPhase(lead_suit_required=True, trump_suit=Suit.HEARTS))


def five_cards(genome: GameGenome) -> GameGenome:
    """The genome with 5 cards each and 5 tricks a hand: 32 of the 52 cards are left to turn up."""
    genome = with_setup(genome, cards_per_player=5)
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, tricks_per_hand=5))


# -- JSON ---------------------------------------------------------------------------------------------


def test_whist_json_round_trips_as_version_2() -> None:
    whist = get_game("whist")
    data = genome_to_dict(whist)
    assert data["schema_version"] == 2
    assert data["setup"]["turned_trump"] == "dealer_last" and data["setup"]["trump_suit"] is None
    assert data["book_scoring"] == {"book": 6, "points_per_trick": 1}
    assert list(data)[-2:] == ["book_scoring", "description"]  # in field order, after maker scoring
    assert from_json(to_json(whist)) == whist
    upcard = with_setup(whist, turned_trump=TurnedTrump.UPCARD, initial_discard_count=1)
    assert genome_to_dict(upcard)["setup"]["turned_trump"] == "upcard"


def test_genomes_without_them_keep_their_json_and_identity() -> None:
    for genome in (fixed_trump_knockout(), *(get_game(name) for name in ("spades", "hearts", "euchre"))):
        text = to_json(genome)
        assert '"turned_trump"' not in text and '"book_scoring"' not in text
        # Adding the new fields at their defaults changes nothing: same text, same identity.
        assert to_json(genome.replace(book_scoring=None)) == text
    knockout = fixed_trump_knockout()
    assert genome_to_dict(knockout)["schema_version"] == 1
    assert with_setup(knockout, turned_trump=TurnedTrump.UPCARD).schema_version == 2
    assert knockout.replace(book_scoring=BookScoring()).schema_version == 2


def test_documents_written_before_them_still_load() -> None:
    knockout = genome_to_dict(fixed_trump_knockout())
    assert "turned_trump" not in knockout["setup"] and "book_scoring" not in knockout
    loaded = genome_from_dict(knockout)
    assert loaded.setup.turned_trump is None and loaded.book_scoring is None
    assert loaded == fixed_trump_knockout()


def test_bad_values_are_format_errors() -> None:
    data = genome_to_dict(get_game("whist"))
    data["setup"]["turned_trump"] = "dealer"
    with pytest.raises(GenomeFormatError) as caught:
        from_json(json.dumps(data))
    assert str(caught.value) == (
        '<string>:setup.turned_trump: unknown TurnedTrump "dealer" (expected one of: upcard, dealer_last)'
    )
    data = genome_to_dict(get_game("whist"))
    data["book_scoring"]["tricks"] = 6
    with pytest.raises(GenomeFormatError) as caught:
        from_json(json.dumps(data))
    assert "book_scoring.tricks: unknown key 'tricks'" in str(caught.value)


# -- bytecode -----------------------------------------------------------------------------------------


def test_whist_bytecode_round_trips_with_the_documented_bytes() -> None:
    whist = get_game("whist")
    data = compile_genome(whist)
    parsed = parse_bytecode(data)
    assert parsed.replace(name=whist.name, description=whist.description) == whist
    # Header flags: trick-based 1 + team mode 2 + tricks per hand 4 + book scoring 32 = 39.
    assert data[FLAGS_AT] == 39
    # Setup, as docs/bytecode.md shows it: [1][13 cards][standard 0][no discard 0][no wild 0][no fixed
    # trump 255][chips 0 0][owner only 1][top only 2][flags 2: turned trump][captured 6][dealer_last 1].
    setup = section_start(data, "setup")
    assert list(data[setup : section_start(data, "phases")]) == [1, 13, 0, 0, 0, 255, 0, 0, 1, 2, 2, 6, 1]
    # The contract section holds only the book block: [73][book 6][1 point a trick].
    assert list(data[section_start(data, "contract") :]) == [73, 6, 1]


def test_an_upcard_and_book_scoring_beside_a_maker_block() -> None:
    euchre = get_game("euchre").replace(book_scoring=BookScoring(book=2, points_per_trick=3))
    euchre = with_setup(euchre, turned_trump=TurnedTrump.UPCARD)
    data = compile_genome(euchre)
    assert parse_bytecode(data).replace(name=euchre.name, description=euchre.description) == euchre
    assert data[FLAGS_AT] & 0x30 == 0x30  # maker (bit 4) and book (bit 5)
    assert list(data[section_start(data, "contract") :]) == [72, 3, 1, 2, 2, 73, 2, 3]
    setup_end = section_start(data, "phases")
    assert list(data[setup_end - 3 : setup_end]) == [2, 6, 0]  # flags 2, captured, upcard 0


def test_bad_whist_bytecode_fails_fast_with_its_offset() -> None:
    data = compile_genome(get_game("whist"))
    setup = section_start(data, "setup")
    flags, turned = setup + 10, setup + 12

    # bits 0-2 are refill, turned trump and the jokers/kitty pair: bit 3 is the first reserved one
    error = parse_error(data[:flags] + bytes([0x08]) + data[flags + 1 :])
    assert (error.section, error.offset) == ("setup", flags)
    assert "reserved bits set" in str(error)

    error = parse_error(data[:turned] + bytes([2]) + data[turned + 1 :])
    assert (error.section, error.offset) == ("setup", turned)
    assert "TurnedTrump" in str(error)

    book = section_start(data, "contract")
    error = parse_error(data[:book] + bytes([72]) + data[book + 1 :])
    assert (error.section, error.offset) == ("contract", book)
    assert "expected opcode 73" in str(error)

    error = parse_error(data[:-1])
    assert error.section == "contract" and "truncated" in str(error)

    # Header bit 5 cleared: the book block becomes trailing bytes.
    cleared = data[:FLAGS_AT] + bytes([data[FLAGS_AT] & ~0x20]) + data[FLAGS_AT + 1 :]
    error = parse_error(cleared)
    assert "trailing byte" in str(error)


def test_bytecode_without_them_is_unchanged() -> None:
    # Fixed-trump Knock-Out Whist uses neither: setup flag bit 1 and header bit 5 stay clear, no extra byte.
    knockout = fixed_trump_knockout()
    data = compile_genome(knockout)
    assert not data[FLAGS_AT] & 0x20
    setup_end = section_start(data, "phases")
    assert data[setup_end - 2] == 0  # the setup flags, then captures_to last
    assert parse_bytecode(data).replace(name=knockout.name, description=knockout.description) == knockout


# -- validation ---------------------------------------------------------------------------------------


def problems(genome: GameGenome) -> tuple[dict[str, str], dict[str, str]]:
    report = validate(genome)
    return (
        {p.path: p.reason for p in report.errors},
        {p.path: p.reason for p in report.warnings},
    )


def test_whist_is_valid() -> None:
    assert problems(get_game("whist")) == ({}, {})


def test_the_turned_card_reference_needs_a_turned_card_and_a_card_test() -> None:
    scotch = get_game("scotch-whist")  # its honours are cards of the turned card's suit
    assert problems(scotch) == ({}, {})
    path = "scoring.card_rules[0].condition.conditions[1].reference"
    errors, _ = problems(with_setup(scotch, turned_trump=None))
    assert errors[path] == "turned_card needs setup.turned_trump (no card is turned up for trumps)"
    size = Condition(ConditionType.LOCATION_SIZE, Operator.GE, 1, Reference.TURNED_CARD)
    rule = CardScoringRule(size, 1, ScoringTrigger.TRICK_WIN)
    sized = scotch.replace(scoring=dataclasses.replace(scotch.scoring, card_rules=(rule,)))
    errors, _ = problems(sized)
    assert errors["scoring.card_rules[0].condition.reference"] == (
        "turned_card is a card, not a place: location_size cannot use it"
    )


def test_mutations_compare_with_the_turned_card_only_where_one_is_turned() -> None:
    assert Reference.TURNED_CARD in card_references(get_game("whist"))
    assert Reference.TURNED_CARD not in card_references(get_game("hearts"))


def test_validation_of_the_turned_trump() -> None:
    whist = get_game("whist")
    errors, _ = problems(with_setup(whist, turned_trump=TurnedTrump.UPCARD))
    assert errors["setup.turned_trump"] == (
        "upcard turns up the top of the discard pile, but initial_discard_count is 0"
    )
    errors, _ = problems(with_setup(whist, cards_per_player=0))
    assert errors["setup.turned_trump"] == (
        "dealer_last turns up the dealer's last card, but cards_per_player is 0"
    )
    # A fixed trump and a trump phase are overridden by the turned card: warnings where they are.
    trick = dataclasses.replace(whist.phases[0], trump_suit=Suit.SPADES)
    fixed = with_phases(with_setup(whist, trump_suit=Suit.SPADES), trick)
    errors, warnings = problems(fixed)
    assert errors == {}
    assert warnings["setup.trump_suit"] == "the turned card's suit is trumps (dealer_last): never applies"
    assert warnings["turn_structure.phases[0].trump_suit"] == (
        "the turned card's suit is trumps (setup.turned_trump dealer_last): never applies"
    )
    made = with_phases(with_setup(five_cards(whist), initial_discard_count=1), TrumpPhase(), whist.phases[0])
    errors, warnings = problems(made)
    assert errors == {}
    assert warnings["setup.turned_trump"] == (
        "trump is the turned card's suit from the deal, so the trump phase at turn_structure.phases[0] "
        "never acts"
    )


def test_validation_of_book_scoring() -> None:
    whist = get_game("whist")
    errors, _ = problems(whist.replace(book_scoring=BookScoring(book=256)))
    assert errors["book_scoring.book"] == "must be 0..255 (one byte), got 256"
    errors, _ = problems(whist.replace(book_scoring=BookScoring(points_per_trick=-1)))
    assert errors["book_scoring.points_per_trick"] == "must be 0..255 (one byte), got -1"
    _, warnings = problems(whist.replace(book_scoring=BookScoring(book=13)))
    assert warnings["book_scoring.book"] == "is 13 but a hand has at most 13 tricks: never scores"
    # Without a trick phase nobody takes a trick.
    rummy = get_game("gin-rummy").replace(book_scoring=BookScoring())
    errors, _ = problems(rummy)
    assert errors["book_scoring"] == "is given but no phase is a trick phase (no side ever takes a trick)"
    # Book scoring is something that scores: without it Whist's first_to_score could never fire.
    errors, _ = problems(whist.replace(book_scoring=None))
    assert "win_conditions" in errors


# -- mutations and repairs ----------------------------------------------------------------------------


def test_operators_add_switch_and_remove_the_turned_trump() -> None:
    knockout = fixed_trump_knockout()  # 7 cards each: 24 left to turn up from
    forms = {
        trumps.toggle_turned_trump(knockout, random.Random(seed)).setup.turned_trump for seed in range(8)
    }
    assert forms == {TurnedTrump.UPCARD, TurnedTrump.DEALER_LAST}
    upcard = with_setup(knockout, turned_trump=TurnedTrump.UPCARD, initial_discard_count=1)
    assert trumps.toggle_turned_trump(knockout, random.Random(0)) in (
        upcard,
        with_setup(knockout, turned_trump=TurnedTrump.DEALER_LAST),
    )
    assert not validate(upcard).errors
    whist = get_game("whist")  # all 52 dealt: only the dealer's last card can be turned
    assert trumps.toggle_turned_trump(whist, random.Random(1)).setup.turned_trump is None
    plain = with_setup(whist, turned_trump=None)
    assert trumps.toggle_turned_trump(plain, random.Random(1)) == whist
    assert trumps.mutate_turned_trump(whist, random.Random(1)) == whist  # no card left for an upcard
    dealer = trumps.mutate_turned_trump(upcard, random.Random(1))
    assert dealer.setup.turned_trump is TurnedTrump.DEALER_LAST
    assert trumps.mutate_turned_trump(dealer, random.Random(1)).setup.turned_trump is TurnedTrump.UPCARD
    assert trumps.toggle_turned_trump(get_game("gin-rummy"), random.Random(1)) == get_game("gin-rummy")


def test_operators_add_tune_and_remove_book_scoring() -> None:
    knockout = fixed_trump_knockout()  # 7 tricks a hand: a book of 3
    booked = scoring.toggle_book_scoring(knockout, random.Random(0))
    assert booked.book_scoring == BookScoring(book=3, points_per_trick=1)
    assert scoring.toggle_book_scoring(booked, random.Random(0)).book_scoring is None
    whist = get_game("whist")
    assert (
        scoring.toggle_book_scoring(with_setup(whist).replace(book_scoring=None), random.Random(0)) == whist
    )
    seen = set()
    for seed in range(30):
        child = scoring.mutate_book_scoring(whist, random.Random(seed))
        book = child.book_scoring
        assert book is not None and book != whist.book_scoring
        assert 0 <= book.book <= 12 and 1 <= book.points_per_trick <= 255
        assert not validate(child).errors
        seen.add("book" if book.book != 6 else "points")
    assert seen == {"book", "points"}
    assert scoring.mutate_book_scoring(knockout, random.Random(0)) == knockout
    names = {
        "ToggleTurnedTrumpMutation",
        "MutateTurnedTrumpMutation",
        "ToggleBookScoringMutation",
        "MutateBookScoringMutation",
    }
    assert names <= set(OPERATORS)


def test_repairs_and_cleanup() -> None:
    knockout = fixed_trump_knockout()
    hidden = with_setup(knockout, turned_trump=TurnedTrump.UPCARD)  # nothing turned up
    assert fix_turned_trump(hidden) == with_setup(hidden, initial_discard_count=1)
    whist = get_game("whist")
    full = with_setup(whist, turned_trump=TurnedTrump.UPCARD)  # and no card left to turn up
    assert fix_turned_trump(full) == whist
    vetted = vet(full)
    assert vetted.genome == whist and "fix_turned_trump" in vetted.repairs
    assert fix_turned_trump(with_setup(whist, cards_per_player=0)).setup.turned_trump is None
    rummy = get_game("gin-rummy")
    orphan = rummy.replace(book_scoring=BookScoring())
    assert drop_orphan_book(orphan) == rummy
    assert structure.cleanup_orphaned_resources(orphan, random.Random(0)) == rummy
    assert drop_orphan_book(whist) == whist and fix_turned_trump(whist) == whist
