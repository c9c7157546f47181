"""The dealer phase in the genome: its declared codecs (JSON kind ``dealer``, bytecode opcode 26) and
validation, which refuses a dealer in a game that cannot have one, with the path and the reason."""

from __future__ import annotations

import dataclasses
import json

from darwindeck.genome import ClaimPhase, DealerPhase, GameGenome, PlayPhase
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.cards import Location
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import TableauMode
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate

PATH = "turn_structure.phases[1]"


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    turns = dataclasses.replace(genome.turn_structure, phases=phases)
    return genome.replace(turn_structure=turns)


def errors(genome: GameGenome) -> list[tuple[str, str]]:
    return [(problem.path, problem.reason) for problem in validate(genome).errors]


def test_the_dealer_is_written_and_read_as_declared() -> None:
    blackjack = get_game("blackjack")
    written = json.loads(to_json(blackjack))["turn_structure"]["phases"][1]
    assert written == {"kind": "dealer", "stand_on": 17, "hits_soft": False, "naturals": True, "peek": True}
    # docs/bytecode.md: opcode 26, stand_on u8, flags (bit 0 hits_soft, bit 1 naturals, bit 2 peek).
    assert bytes([26, 17, 0b110]) in compile_genome(blackjack)
    changed = with_phases(
        blackjack, blackjack.phases[0], DealerPhase(stand_on=16, hits_soft=True, peek=False)
    )
    assert bytes([26, 16, 0b011]) in compile_genome(changed)
    assert from_json(to_json(changed)) == changed
    assert parse_bytecode(compile_genome(changed)).phases == changed.phases  # bytecode has no name
    assert changed.schema_version == 2


def test_a_dealer_needs_a_point_total_with_a_bust_threshold() -> None:
    blackjack = get_game("blackjack")
    unvalued = blackjack.replace(scoring=dataclasses.replace(blackjack.scoring, hand_evaluation=None))
    reason = "a dealer cannot play here: scoring.hand_evaluation must be a point_total with a bust_threshold"
    assert (PATH, reason) in errors(unvalued)


def test_a_dealer_is_refused_with_teams_a_claim_pile_or_the_tableau_in_use() -> None:
    blackjack = get_game("blackjack")
    draw, dealer = blackjack.phases
    teamed = blackjack.replace(team_mode=True, teams=((0, 2), (1, 3)))
    assert (PATH, "a dealer cannot play here: in team mode (each player plays the house alone)") in errors(
        teamed
    )
    claimed = with_phases(blackjack, draw, dealer, ClaimPhase())
    reason = "a dealer cannot play here: a claim phase's face-down pile is where the hole card lies"
    assert (PATH, reason) in errors(claimed)
    tableau = "a dealer cannot play here: the tableau is in use, and the dealer's cards lie there"
    played = with_phases(blackjack, draw, dealer, PlayPhase(target=Location.TABLEAU))
    assert (PATH, tableau) in errors(played)
    war = blackjack.replace(setup=dataclasses.replace(blackjack.setup, tableau_mode=TableauMode.WAR))
    assert (PATH, tableau) in errors(war)


def test_one_dealer_per_game_and_room_for_its_two_cards() -> None:
    blackjack = get_game("blackjack")
    draw, dealer = blackjack.phases
    twice = with_phases(blackjack, draw, dealer, dealer)
    reason = "a dealer cannot play here: a second dealer phase (the house has one hand)"
    assert ("turn_structure.phases[2]", reason) in errors(twice)
    # 4 players × 13 cards deal all 52: none left for the dealer's up-card and hole card.
    full = blackjack.replace(setup=dataclasses.replace(blackjack.setup, cards_per_player=13))
    assert (
        PATH,
        "a dealer cannot play here: the deal leaves no two cards of the 52 for the dealer",
    ) in errors(full)


def test_stand_on_is_checked_by_its_declared_range() -> None:
    blackjack = get_game("blackjack")
    low = with_phases(blackjack, blackjack.phases[0], DealerPhase(stand_on=11))
    assert [path for path, _ in errors(low)] == [f"{PATH}.stand_on"]
