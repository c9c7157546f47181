"""Dou Dizhu in the genome (``genome.library.climbing``): the jokers and the kitty of the setup, the call
and climb phases (JSON kinds ``call`` and ``climb``, bytecode opcodes 30 and 31), their round trips, and
validation, which refuses each mechanism used wrongly with the path and the reason; the engine's tables
built from them."""

from __future__ import annotations

import dataclasses
import json

from darwindeck.engine import layout as L
from darwindeck.engine.tables import compile_tables
from darwindeck.genome import (
    AllPass,
    CallPhase,
    ClimbPhase,
    Combo,
    DeckType,
    FirstCaller,
    GameGenome,
    TrickPhase,
)
from darwindeck.genome.bytecode import compile_genome, parse_bytecode
from darwindeck.genome.library import get_game
from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate

CALL, CLIMB = "turn_structure.phases[0]", "turn_structure.phases[1]"


def with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    turns = dataclasses.replace(genome.turn_structure, phases=phases)
    return genome.replace(turn_structure=turns)


def with_setup(genome: GameGenome, **changes: object) -> GameGenome:
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


def errors(genome: GameGenome) -> set[tuple[str, str]]:
    return {(problem.path, problem.reason) for problem in validate(genome).errors}


def test_the_jokers_kitty_call_and_climb_are_written_as_declared() -> None:
    genome = dou_dizhu()
    data = json.loads(to_json(genome))
    assert data["schema_version"] == 2
    assert (data["setup"]["jokers"], data["setup"]["kitty"]) == (2, 3)
    call, climb = data["turn_structure"]["phases"]
    assert call == {
        "kind": "call",
        "max_bid": 3,
        "once_around": True,
        "all_pass": "redeal",
        "first": "random",
    }
    assert climb["kind"] == "climb" and climb["bomb_doubles"] and climb["spring_doubles"]
    assert climb["combos"][0] == "solo" and climb["combos"][-1] == "rocket" and len(climb["combos"]) == 14
    code = compile_genome(genome)
    # docs/bytecode.md, the setup section: opcode 1, 17 cards, standard deck (0), no discard, no wild
    # ranks, no trump (255), chips u16 0, visibilities owner-only (1) and face-up (3), flags 4 (bit 2:
    # jokers and kitty follow), captures to CAPTURED (6), then jokers 2 and kitty 3.
    assert bytes([1, 17, 0, 0, 0, 255, 0, 0, 1, 3, 4, 6, 2, 3]) in code
    # the call: opcode 30, max_bid 3, flags 1 (once_around), all_pass redeal (0), first random (0); the
    # climb: opcode 31, 14 types, their codes 0..13 in Combo order, flags 3 (both doublings).
    assert bytes([30, 3, 1, 0, 0]) + bytes([31, 14, *range(14), 3]) in code


def test_the_climbing_genome_round_trips_through_json_and_bytecode() -> None:
    genome = dou_dizhu()
    # OpenSpiel's configuration (the differential test's): bidding goes on, an all-pass ends the game,
    # no four-with-two.
    openspiel = with_phases(
        genome,
        CallPhase(once_around=False, all_pass=AllPass.VOID, first=FirstCaller.DEALER_LEFT),
        ClimbPhase(combos=tuple(c for c in Combo if c not in (Combo.FOUR_SOLOS, Combo.FOUR_PAIRS))),
    )
    for each in (genome, openspiel):
        assert from_json(to_json(each), validate=False) == each
        parsed = parse_bytecode(compile_genome(each))
        assert parsed.setup == each.setup and parsed.phases == each.phases


def test_the_jokers_and_kitty_are_late_version_2_keys() -> None:
    # Written only when used: Hearts' setup has neither key (the fingerprints of tests/golden hold the
    # bytes of every genome without them), and a version-1 game using either becomes version 2.
    setup = json.loads(to_json(get_game("hearts")))["setup"]
    assert "jokers" not in setup and "kitty" not in setup
    war = get_game("war")
    assert war.schema_version == 1
    assert with_setup(war, kitty=1).schema_version == 2 and with_setup(war, jokers=2).schema_version == 2


def test_the_library_genome_is_valid() -> None:
    assert errors(dou_dizhu()) == set()


def test_jokers_need_a_climb_phase_and_come_in_twos() -> None:
    hearts = get_game("hearts")
    assert (
        "setup.jokers",
        "only a climb phase plays jokers (combination plays), and there is none",
    ) in errors(with_setup(hearts, jokers=2))
    assert ("setup.jokers", "must be 0 or 2 (a black and a red joker), got 1") in errors(
        with_setup(dou_dizhu(), jokers=1)
    )


def test_a_kitty_needs_a_call_phase_and_the_cards_to_fill_it() -> None:
    hearts = get_game("hearts")  # 13 × 4 = 52: nothing is left for a kitty
    found = errors(with_setup(hearts, kitty=3))
    assert ("setup.kitty", "the kitty goes to a call phase's declarer, and there is none") in found
    assert (
        "setup.cards_per_player",
        "13 cards × 4 players + 0 to the discard + 3 to the kitty = 55 cards, "
        "but the standard_52 deck has 52",
    ) in found
    # 17 × 3 + 4 = 55 > 54 with the jokers; 17 × 3 + 3 = 54 fits exactly.
    assert (
        "setup.cards_per_player",
        "17 cards × 3 players + 0 to the discard + 4 to the kitty = 55 cards, "
        "but the standard_52 deck and 2 jokers has 54",
    ) in errors(with_setup(dou_dizhu(), kitty=4))


def test_a_call_phase_needs_a_climb_three_players_and_no_teams() -> None:
    genome = dou_dizhu()
    alone = with_phases(genome, CallPhase(), TrickPhase())
    reason = (
        "a call for the landlord cannot be made here: no climb phase after it plays the hand the call sets"
    )
    assert (CALL, reason) in errors(alone)
    two = with_setup(genome.replace(player_count=2), kitty=0)
    reason = "a call for the landlord cannot be made here: 2 players (one against the rest needs at least 3)"
    assert (CALL, reason) in errors(two)
    teams = with_setup(
        genome.replace(player_count=4, team_mode=True, teams=((0, 2), (1, 3))), cards_per_player=12
    )
    reason = (
        "a call for the landlord cannot be made here: "
        "in team mode (the declarer plays alone against the rest)"
    )
    assert (CALL, reason) in errors(teams)


def test_a_climb_phase_needs_a_call_before_it_and_nothing_beside_it() -> None:
    genome = dou_dizhu()
    reversed_ = with_phases(genome, ClimbPhase(), CallPhase())
    found = errors(reversed_)
    assert (
        "turn_structure.phases[0]",
        "combinations cannot be played here: no call phase before it names the declarer",
    ) in found
    beside = with_phases(genome, CallPhase(), ClimbPhase(), TrickPhase())
    reason = (
        "combinations cannot be played here: the climb is the whole hand, but the game also has trick phases"
    )
    assert (CLIMB, reason) in errors(beside)


def test_a_climb_phase_needs_the_standard_deck_and_its_combination_types() -> None:
    genome = dou_dizhu()
    piquet = with_setup(genome, initial_deck=DeckType.PIQUET_32, cards_per_player=9, kitty=2)
    reason = (
        "combinations cannot be played here: the combinations rank the standard_52 deck (3 … K, A, 2), "
        "not piquet_32"
    )
    assert (CLIMB, reason) in errors(piquet)
    empty = with_phases(genome, CallPhase(), ClimbPhase(combos=()))
    reason = "combinations cannot be played here: no combination type is allowed (combos is empty)"
    assert (CLIMB, reason) in errors(empty)
    twice = with_phases(genome, CallPhase(), ClimbPhase(combos=(Combo.SOLO, Combo.SOLO)))
    reason = "combinations cannot be played here: a combination type is listed twice in combos"
    assert (CLIMB, reason) in errors(twice)


def test_the_call_phase_field_ranges_are_declared() -> None:
    genome = with_phases(dou_dizhu(), CallPhase(max_bid=8), ClimbPhase())
    assert (f"{CALL}.max_bid", "must be 1..7 (the highest bid), got 8") in errors(genome)


def test_the_rocket_without_jokers_is_a_warning() -> None:
    genome = with_setup(dou_dizhu(), jokers=0, kitty=1)
    warnings = {(p.path, p.reason) for p in validate(genome).warnings}
    assert (f"{CLIMB}.combos", "the rocket (both jokers) can never be played without jokers") in warnings
    assert errors(genome) == set()


def test_the_engine_tables_deal_the_jokers_and_hold_both_phases() -> None:
    # engine.tables' docstring and engine.climb_state's rows: the 52 cards then the jokers 52 and 53;
    # the call row (max bid 3, once around, redeal 0, random first 0, a kitty of 3), the climb row (all
    # 14 types: mask 2**14 - 1, both doublings); the climb is phase 1.
    tables = compile_tables(dou_dizhu())
    assert list(tables.deck_cards) == [*range(52), 52, 53]
    assert tables.header[L.H_DECK_SIZE] == 54 and tables.header[L.H_CLIMB] == 1
    assert list(tables.phases[0, : L.PH_E + 1]) == [L.K_CALL, 3, 1, 0, 0, 3]
    assert list(tables.phases[1, : L.PH_C + 1]) == [L.K_CLIMB, (1 << 14) - 1, 1, 1]


def test_a_climb_without_the_solo_or_a_call_without_cards_is_refused() -> None:
    no_solo = with_phases(dou_dizhu(), CallPhase(), ClimbPhase(combos=(Combo.PAIR, Combo.BOMB)))
    reason = (
        "combinations cannot be played here: the solo is not in combos (a player who leads must always "
        "have a play)"
    )
    assert (CLIMB, reason) in errors(no_solo)
    no_cards = with_setup(dou_dizhu(), cards_per_player=0)
    reason = (
        "a call for the landlord cannot be made here: no cards are dealt (each player climbs with a hand)"
    )
    assert (CALL, reason) in errors(no_cards)
