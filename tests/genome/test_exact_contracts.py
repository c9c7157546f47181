"""The genome side of Oh Hell's exact contracts: ``ContractScoring.exact`` and ``made_bonus`` in JSON,
bytecode (docs/bytecode.md), validation and the contract-scoring mutation."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.errors import BytecodeError
from darwindeck.evolve.mutations import bidding
from darwindeck.genome.bytecode import HEADER_SIZE, SECTIONS, compile_genome, parse_bytecode
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import BiddingPhase
from darwindeck.genome.schema import ContractScoring
from darwindeck.genome.serialization import from_json, genome_from_dict, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown

OFFSETS_AT = 20


def contract_section(data: bytes) -> list[int]:
    index = SECTIONS.index("contract")
    start = HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")
    return list(data[start:])


def test_oh_hell_json_writes_the_new_keys_and_round_trips() -> None:
    oh_hell = get_game("oh-hell")
    data = genome_to_dict(oh_hell)
    assert data["schema_version"] == 2
    assert data["contract_scoring"]["exact"] is True and data["contract_scoring"]["made_bonus"] == 10
    assert from_json(to_json(oh_hell)) == oh_hell


def test_spades_keeps_its_json_and_its_identity() -> None:
    spades = get_game("spades")
    text = to_json(spades)
    assert '"exact"' not in text and '"made_bonus"' not in text
    older = genome_to_dict(spades)  # as written before the keys existed
    assert genome_from_dict(older) == spades
    assert spades.replace(contract_scoring=ContractScoring(exact=True)).identity != spades.identity


def test_the_contract_block_carries_them_in_its_last_two_bytes() -> None:
    oh_hell = get_game("oh-hell")
    data = compile_genome(oh_hell)
    # [71][1 per trick bid][0 overtrick][0 failed][0 0 Nil bonus][0 0 Nil penalty][10 bag limit]
    # [0 0 bag penalty][flags 1: exact][made bonus 10], as docs/bytecode.md shows it.
    assert contract_section(data) == [71, 1, 0, 0, 0, 0, 0, 0, 10, 0, 0, 1, 10]
    assert parse_bytecode(data).replace(name=oh_hell.name, description=oh_hell.description) == oh_hell
    spades = compile_genome(get_game("spades"))
    assert contract_section(spades)[-2:] == [0, 0]  # Spades: byte for byte as before


def test_validation_of_the_new_fields() -> None:
    oh_hell = get_game("oh-hell")
    assert not validate(oh_hell).errors and not validate(oh_hell).warnings
    contract = oh_hell.contract_scoring
    assert contract is not None
    report = validate(oh_hell.replace(contract_scoring=dataclasses.replace(contract, made_bonus=256)))
    assert [str(p) for p in report.errors] == [
        "contract_scoring.made_bonus: must be 0..255 (one byte), got 256"
    ]
    report = validate(oh_hell.replace(contract_scoring=dataclasses.replace(contract, exact=1)))
    assert [str(p) for p in report.errors] == ["contract_scoring.exact: must be true or false, got 1"]


def test_the_contract_mutation_toggles_exact_and_tunes_the_bonus() -> None:
    spades = get_game("spades")
    changed = set()
    for seed in range(60):
        child = bidding.mutate_contract_scoring(spades, random.Random(seed)).contract_scoring
        assert child is not None and child != spades.contract_scoring
        changed |= {
            f.name
            for f in dataclasses.fields(child)
            if getattr(child, f.name) != getattr(spades.contract_scoring, f.name)
        }
    assert {"exact", "made_bonus"} <= changed


# -- the hook: the last bidder may not make the bids add up to the tricks --------------------------------


def test_the_hook_is_written_only_when_used_and_round_trips() -> None:
    oh_hell = get_game("oh-hell")
    (bidding_phase,) = [
        p for p in genome_to_dict(oh_hell)["turn_structure"]["phases"] if p["kind"] == "bidding"
    ]
    assert bidding_phase["hook"] is True
    assert from_json(to_json(oh_hell)) == oh_hell
    spades = get_game("spades")  # no hook: its JSON has no such key and loads without it
    assert '"hook"' not in to_json(spades)
    assert genome_from_dict(genome_to_dict(spades)) == spades


def test_the_hook_is_bit_1_of_the_bidding_flags() -> None:
    oh_hell = get_game("oh-hell")
    data = compile_genome(oh_hell)
    # [70][min_bid 0][max_bid 10][flags]: no Nil (bit 0 clear), the hook (bit 1 set).
    at = bytes(data).index(bytes([70, 0, 10]))
    assert data[at + 3] == 0b10
    assert parse_bytecode(data).replace(name=oh_hell.name, description=oh_hell.description) == oh_hell
    bad = data[: at + 3] + bytes([0b1010]) + data[at + 4 :]
    try:
        parse_bytecode(bad)
    except BytecodeError as error:
        assert "reserved bits set in 0x0a" in str(error)
    else:
        raise AssertionError("a reserved flag bit was accepted")


def test_the_bidding_mutation_toggles_the_hook() -> None:
    oh_hell = get_game("oh-hell")
    hooks = set()
    for seed in range(40):
        child = bidding.mutate_bidding_phase(oh_hell, random.Random(seed))
        hooks |= {p.hook for p in child.phases if isinstance(p, BiddingPhase)}
    assert hooks == {True, False}


# -- blind Nil: bid before looking at the cards, twice a Nil ---------------------------------------------


def test_blind_nil_is_written_when_used_and_is_bit_2_of_the_bidding_flags() -> None:
    spades = get_game("partnership-spades")
    phases = genome_to_dict(spades)["turn_structure"]["phases"]
    (bidding_phase,) = [p for p in phases if p["kind"] == "bidding"]
    assert bidding_phase["blind_nil"] is True and "hook" not in bidding_phase
    assert from_json(to_json(spades)) == spades
    data = compile_genome(spades)
    # [70][min_bid 1][max_bid 13][flags]: Nil (bit 0) and blind Nil (bit 2) = 0b101.
    at = bytes(data).index(bytes([70, 1, 13]))
    assert data[at + 3] == 0b101
    assert parse_bytecode(data).replace(name=spades.name, description=spades.description) == spades


def test_the_rulebook_states_blind_nil_and_the_mutation_toggles_it() -> None:
    spades = get_game("spades")
    assert "before looking at their cards, bid blind Nil" in render_markdown(spades)
    seen = set()
    for seed in range(60):
        child = bidding.mutate_bidding_phase(spades, random.Random(seed))
        seen |= {p.blind_nil for p in child.phases if isinstance(p, BiddingPhase)}
    assert seen == {True, False}
