"""Rulebook sentences a stranger finds useless or false, gone with the dead rules they state.

Crimson Jester (the hearts run of 2026-11-28, ``docs/experiments/2026-11-28-steered-runs/hearts``) was
read as a stranger would: it is won "by the lowest score once someone reaches 156" or "by the highest
score when every hand is empty", and it passes left, right, across and holds over four hands. 13 cards
are dealt to each of 4 players, a hand is 13 tricks and nothing but tricks takes a card from a hand,
so every hand ends with every hand empty: the second condition ends the game when the first hand ends.
In that one hand only the Q♠ scores (13, to the trick's winner): nobody can reach 156, and only the
first direction of the cycle is ever used.

Ember Whirl (the same run's first game) has two trick phases a turn: a no-follow trick the lowest card
wins, then Hearts' trick, with Hearts' "the holder of 2♣ leads it" and "no scoring card on the first
trick". Every hand starts at phase 1 (``engine.deals.new_hand``), whose trick is the hand's first; the
engine applies first-trick rules only while no trick of the hand has been played, so phase 2's never
apply, and its rulebook says that the 2♣ leads a first trick that phase 1 plays.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from darwindeck.evolve.quality.ablation import (
    ablate,
    ablation_rules,
    most_points,
    replay_digests,
    static_dead,
)
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import TrickPhase
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.genome.serialization import load_genome
from darwindeck.rulebook import render_markdown
from darwindeck.rulebook.statements import most_hands

HEARTS_RUN = Path(__file__).parents[3] / "docs" / "experiments" / "2026-11-28-steered-runs" / "hearts"
CRIMSON_JESTER = HEARTS_RUN / "gallery" / "03-173959259fe6.json"
EMBER_WHIRL = HEARTS_RUN / "gallery" / "01-357efc599e6a.json"


def _lines(genome: GameGenome) -> list[str]:
    return [line.removeprefix("- ") for line in render_markdown(genome).splitlines() if line]


def test_crimson_jesters_dead_target_and_cycle_are_stripped() -> None:
    genome = load_genome(CRIMSON_JESTER)
    assert most_hands(genome) == (1, WinCondition(WinType.ALL_HANDS_EMPTY))
    assert most_points(genome) == 13  # the Q♠ alone, once, in the one hand
    ablation = ablate(genome, 0)
    assert [(dead.kind, dead.text, dead.reason) for dead in ablation.dead] == [
        (
            "win condition",
            "low_score 156",
            "static: no side can score more than 13 in the hand the game can deal, so a score of 156 is "
            "never reached",
        ),
        (
            "pass cycle",
            "pass cycle left, right, across, hold in phase 1 → left only",
            "static: all_hands_empty ends the game when its first hand ends: one direction is used",
        ),
    ]
    assert ablation.live.win_conditions == (WinCondition(WinType.ALL_HANDS_EMPTY),)


def test_crimson_jesters_rulebook_loses_the_sentences_of_its_dead_rules() -> None:
    genome = load_genome(CRIMSON_JESTER)
    before, after = _lines(genome), _lines(ablate(genome, 0).live)
    gone = [line for line in before if line not in after]
    new = [line for line in after if line not in before]
    aim = (
        "Crimson Jester is a card game for 4 players, played with a 52-card deck. Its mechanics: "
        "trick-taking and card scoring. The aim is to have "
    )
    # the game deals one hand (rulebook.statements.most_hands), so the rulebook already tells only hand 1's
    # pass and "when the hand ends" (every hand is then empty), with the dead target or without
    highest = "When the hand ends, the player with the highest score wins (a tie is a draw)."
    left = "Everyone passes to the left (the next player in seat order)."
    assert gone == [
        aim + "the lowest score or have the highest score when the hand ends.",
        "The game is won in any of these ways:",
        "At the end of a hand in which any player's score has reached 156 points or more, the game ends and "
        "the player with the lowest score wins (not before: a hand is always played out). If the best score "
        "is shared at that moment, play goes on until one is best alone.",
        "The game ends as soon as one of the winning conditions under Objective holds.",
    ]
    assert new == [
        aim + "the highest score when the hand ends.",
        "The game ends as soon as the winning condition under Objective holds.",  # one condition left
    ]
    assert left in before and left in after
    assert highest in before and highest in after


def test_a_target_beyond_the_points_of_the_hands_dealt_is_dead() -> None:
    # Hearts without the moon, over exactly 3 hands (hands_played 3): a hand's points are its 13 hearts
    # (1 each) and the Q♠ (13), 26 in all, so no side holds more than 3 × 26 = 78. First to 80 is never
    # met; first to 78 (a side taking every point of three hands) can be, and stays.
    hearts = get_game("hearts")
    no_moon = hearts.replace(scoring=dataclasses.replace(hearts.scoring, shoot_the_moon=False))
    three = WinCondition(WinType.HANDS_PLAYED, 3)
    assert most_points(no_moon.replace(win_conditions=(three,))) == 78
    beyond = no_moon.replace(win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 80), three))
    assert [(rule.text, reason) for rule, reason in static_dead(beyond) if rule.kind == "win condition"] == [
        (
            "first_to_score 80",
            "static: no side can score more than 78 in the 3 hands the game can deal, so a score of 80 is "
            "never reached",
        )
    ]
    within = no_moon.replace(win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 78), three))
    assert not [rule for rule, _ in static_dead(within) if rule.kind == "win condition"]
    # With the moon (26 to every other player), Hearts' points are not bounded this way: nothing is said.
    assert most_points(hearts.replace(win_conditions=(three,))) is None


def test_ember_whirls_first_trick_rules_in_its_second_trick_phase_are_stripped() -> None:
    genome = load_genome(EMBER_WHIRL)
    ablation = ablate(genome, 0)
    reason = "static: every hand's first trick is played in phase 1, the turn's first trick phase"
    assert [(dead.text, dead.reason) for dead in ablation.dead] == [
        ("first lead 2C in phase 2", reason),
        ("clean first trick in phase 2", reason),
    ]
    trick = ablation.live.phases[1]
    assert isinstance(trick, TrickPhase)
    assert trick.first_lead is None and not trick.clean_first_trick
    assert replay_digests(ablation.live, 0) == replay_digests(genome, 0)
    before, after = _lines(genome), _lines(ablation.live)
    assert [line for line in before if line not in after] == [
        "Player 1 takes the first turn of the first hand; in each new hand, the next player in seat order "
        "does. The first trick of each hand is led by the player holding 2♣.",
        "The player holding 2♣ leads the first trick of each hand, and must lead the 2♣.",
        "On the first trick of a hand you may not play a card that scores when the trick is won, unless you "
        "have no other card you may play.",
    ]
    assert [line for line in after if line not in before] == [
        "Player 1 leads the first trick of the first hand; in each new hand, the next player in seat order "
        "does."
    ]


def test_hearts_first_trick_rules_stay() -> None:
    # Hearts has one trick phase: its 2♣ lead and clean first trick are what its first trick is played by.
    hearts = get_game("hearts")
    assert not [rule for rule in ablation_rules(hearts) if rule.kind == "first-trick rule"]
