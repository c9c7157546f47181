"""The genome side of the auction phase (``AuctionPhase``, Bridge) and the ``hands_played`` win: JSON,
bytecode (docs/bytecode.md, opcode 25), validation, the rulebook and the three auction operators."""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations import auction
from darwindeck.evolve.mutations.wins import random_win
from darwindeck.evolve.operators import OPERATORS
from darwindeck.genome.bytecode import HEADER_SIZE, SECTIONS, compile_genome, parse_bytecode
from darwindeck.genome.identity import genome_to_dict
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import AuctionPhase, TrickPhase, Vulnerability
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate
from darwindeck.rulebook import render_markdown

OFFSETS_AT = 20


def phases_section(data: bytes) -> list[int]:
    index = SECTIONS.index("phases")
    start = HEADER_SIZE + int.from_bytes(data[OFFSETS_AT + 2 * index : OFFSETS_AT + 2 * index + 2], "big")
    return list(data[start:])


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def test_json_writes_the_auction_kind_and_the_hands_played_win_and_round_trips() -> None:
    bridge = get_game("bridge")
    data = genome_to_dict(bridge)
    assert data["schema_version"] == 2
    assert data["turn_structure"]["phases"][0] == {
        "kind": "auction",
        "doubling": True,
        "dummy": True,
        "vulnerability": "chicago",
    }
    assert data["win_conditions"] == [{"type": "hands_played", "threshold": 4}]
    assert from_json(to_json(bridge)) == bridge


def test_bytecode_is_opcode_25_flags_and_vulnerability() -> None:
    bridge = get_game("bridge")
    data = compile_genome(bridge)
    # The phase list: [2][count 2], then the auction [25][flags: doubling 1 + dummy 2 = 3][chicago 2].
    assert phases_section(data)[:5] == [2, 2, 25, 3, 2]
    assert parse_bytecode(data).replace(name=bridge.name, description=bridge.description) == bridge
    quiet = with_phases(bridge, AuctionPhase(doubling=False, dummy=False), bridge.phases[1])
    assert phases_section(compile_genome(quiet))[2:5] == [25, 0, 0]


def test_an_auction_needs_a_trick_phase_after_it_and_seven_tricks_a_hand() -> None:
    bridge = get_game("bridge")
    alone = with_phases(bridge, bridge.phases[1], AuctionPhase())
    errors = {p.path: p.reason for p in validate(alone).errors}
    assert errors["turn_structure.phases[1]"] == "an auction phase needs a trick phase after it"
    short = bridge.replace(
        setup=dataclasses.replace(bridge.setup, cards_per_player=6),
        turn_structure=dataclasses.replace(bridge.turn_structure, tricks_per_hand=None),
    )
    errors = {p.path: p.reason for p in validate(short).errors}
    assert errors["turn_structure.phases[0]"] == (
        "a contract of level 7 takes every trick of at least 7, but a hand has 6 tricks"
    )


def test_a_dummy_without_partners_and_a_second_auction_are_warned() -> None:
    bridge = get_game("bridge")
    solo = bridge.replace(team_mode=False, teams=())
    warnings = {p.path: p.reason for p in validate(solo).warnings}
    assert warnings["turn_structure.phases[0].dummy"] == "no team of two players, so nobody is ever the dummy"
    twice = with_phases(bridge, AuctionPhase(), AuctionPhase(), TrickPhase())
    warnings = {p.path: p.reason for p in validate(twice).warnings}
    assert "never acts" in warnings["turn_structure.phases[1]"]


def test_hands_played_needs_a_threshold_of_one_or_more() -> None:
    bridge = get_game("bridge")
    for threshold, ok in ((None, False), (0, False), (1, True)):
        genome = bridge.replace(win_conditions=(WinCondition(WinType.HANDS_PLAYED, threshold),))
        assert validate(genome).ok is ok, threshold


def test_the_rulebook_states_the_auction_the_dummy_and_the_score() -> None:
    text = render_markdown(get_game("bridge"))
    assert "Bidding level n promises 6 + n tricks" in text
    assert "in the order clubs, diamonds, hearts, spades, no trump" in text
    assert "the dummy lays their hand face up on the table" in text
    assert "The declarer is the player of the side that won the contract who first bid its strain" in text
    assert "vulnerability by Chicago's cycle" in text
    assert "The game lasts 4 hands: then the team with the highest score wins (a tie is a draw)." in text
    assert "Player 4 deals the first hand" in text


def test_the_auction_operators_add_tune_and_remove_it() -> None:
    names = {"AddAuctionPhaseMutation", "RemoveAuctionPhaseMutation", "MutateAuctionPhaseMutation"}
    assert names <= set(OPERATORS)
    whist = get_game("whist")  # thirteen tricks: room for an auction
    added = auction.add_auction_phase(whist, random.Random(0))
    assert added.phases == (AuctionPhase(), *whist.phases)
    assert auction.remove_auction_phase(added, random.Random(0)) == whist
    euchre = get_game("euchre")  # five tricks: a contract of 7 could never be made
    assert auction.add_auction_phase(euchre, random.Random(0)) == euchre
    war = get_game("war")  # no tricks
    assert auction.add_auction_phase(war, random.Random(0)) == war
    bridge = get_game("bridge")
    seen = set()
    for seed in range(30):
        phase = auction.mutate_auction_phase(bridge, random.Random(seed)).phases[0]
        assert isinstance(phase, AuctionPhase) and phase != bridge.phases[0]
        if phase.doubling is False:
            seen.add("doubling")
        elif phase.dummy is False:
            seen.add("dummy")
        else:
            assert phase.vulnerability in (Vulnerability.NONE, Vulnerability.BOTH)
            seen.add("vulnerability")
    assert seen == {"doubling", "dummy", "vulnerability"}


def test_a_new_hands_played_win_lasts_one_to_eight_hands() -> None:
    counts = {random_win(random.Random(seed), WinType.HANDS_PLAYED).threshold for seed in range(60)}
    assert counts == {1, 2, 3, 4, 6, 8}
