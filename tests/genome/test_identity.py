"""Genome identity: a SHA-256 of the canonical rules, stable across processes, blind to names."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from hypothesis import given, settings

from darwindeck.genome.cards import Location, Rank
from darwindeck.genome.conditions import Condition, ConditionType
from darwindeck.genome.identity import canonical_json, genome_identity
from darwindeck.genome.phases import PlayPhase
from darwindeck.genome.schema import (
    ContractScoring,
    EffectType,
    GameGenome,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import from_json, to_json
from strategies import genomes


def small_war() -> GameGenome:
    return GameGenome(
        name="Small War",
        setup=SetupRules(cards_per_player=26, tableau_mode=TableauMode.WAR),
        turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU),)),
        win_conditions=(WinCondition(WinType.MOST_CAPTURED),),
    )


def rank_play(rank: Rank) -> PlayPhase:
    return PlayPhase(valid_play_condition=Condition(ConditionType.CARD_IS_RANK, value=rank))


#: The identity of ``small_war()``; changing it means every stored identity (caches, run stores) breaks.
SMALL_WAR_IDENTITY = "2bbbb7c0f2d03cc5b6606c65b7350fe6c8efdd1d3c917e9b689adda9120b4f69"


def test_identity_is_sha256_hex() -> None:
    identity = small_war().identity
    assert len(identity) == 64
    assert set(identity) <= set("0123456789abcdef")
    assert identity == genome_identity(small_war())


def test_identity_is_pinned() -> None:
    assert small_war().identity == SMALL_WAR_IDENTITY


def test_identity_hashes_the_canonical_rules() -> None:
    rules = json.loads(canonical_json(small_war()))
    del rules["name"], rules["description"]
    text = json.dumps(rules, sort_keys=True, separators=(",", ":"))
    assert text.startswith('{"contract_scoring":null,"max_turns":200,"player_count":2,"schema_version":1,')
    assert hashlib.sha256(text.encode()).hexdigest() == SMALL_WAR_IDENTITY


def test_identity_is_the_same_in_another_process() -> None:
    script = (
        "import sys\n"
        "from darwindeck.genome.serialization import from_json\n"
        "print(from_json(sys.stdin.read()).identity)\n"
    )
    for hash_seed in ("0", "12345"):
        result = subprocess.run(
            [sys.executable, "-c", script],
            input=to_json(small_war()),
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.stdout.strip() == SMALL_WAR_IDENTITY


def test_name_and_description_do_not_change_identity() -> None:
    renamed = small_war().replace(name="Another War", description="Same rules, new words.")
    assert renamed.identity == small_war().identity


def test_every_rule_change_changes_identity() -> None:
    base = small_war()
    variants = [
        base.replace(max_turns=201),
        base.replace(setup=SetupRules(cards_per_player=25, tableau_mode=TableauMode.WAR)),
        base.replace(setup=SetupRules(cards_per_player=26, tableau_mode=TableauMode.MATCH_RANK)),
        base.replace(turn_structure=TurnStructure(phases=(PlayPhase(max_cards=2),))),
        base.replace(
            turn_structure=TurnStructure(
                phases=(
                    PlayPhase(valid_play_condition=Condition(ConditionType.CARD_IS_RANK, value=Rank.QUEEN)),
                )
            )
        ),
        base.replace(
            turn_structure=TurnStructure(
                phases=(
                    PlayPhase(valid_play_condition=Condition(ConditionType.CARD_IS_RANK, value=Rank.KING)),
                )
            )
        ),
        base.replace(win_conditions=(WinCondition(WinType.CAPTURE_ALL),)),
        base.replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=2),)),
        base.replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, value=3),)),
        base.replace(team_mode=True, teams=((0,), (1,))),
        base.replace(contract_scoring=ContractScoring()),
        base.replace(player_count=3),
    ]
    identities = {variant.identity for variant in variants}
    assert len(identities) == len(variants)
    assert base.identity not in identities


@settings(max_examples=100, derandomize=True, deadline=None, database=None)
@given(genomes())
def test_identity_survives_json_and_ignores_the_name(genome: GameGenome) -> None:
    assert from_json(to_json(genome)).identity == genome.identity
    assert genome.replace(name=genome.name + "x", description="other").identity == genome.identity
