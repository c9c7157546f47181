"""Rulebook sentences a stranger finds useless, gone with the dead rules they state.

Crimson Jester (the hearts run of 2026-11-28, ``docs/experiments/2026-11-28-steered-runs/hearts``) was
read as a stranger would: it is won "by the lowest score once someone reaches 156" or "by the highest
score when every hand is empty", and it passes left, right, across and holds over four hands. 13 cards
are dealt to each of 4 players, a hand is 13 tricks and nothing but tricks takes a card from a hand,
so every hand ends with every hand empty: the second condition ends the game when the first hand ends.
In that one hand only the Q♠ scores (13, to the trick's winner): nobody can reach 156, and only the
first direction of the cycle is ever used.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from darwindeck.evolve.quality.ablation import ablate, most_hands, most_points, static_dead
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.genome.serialization import load_genome
from darwindeck.rulebook import render_markdown

HEARTS_RUN = Path(__file__).parents[3] / "docs" / "experiments" / "2026-11-28-steered-runs" / "hearts"
CRIMSON_JESTER = HEARTS_RUN / "gallery" / "03-173959259fe6.json"


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
    highest = "At the end of a hand, if every hand is empty, the game ends and the player with the highest "
    highest += "score wins."
    assert gone == [
        aim + "the lowest score or have the highest score when every hand is empty.",
        "The game is won in any of these ways:",
        "At the end of a hand in which any player's score has reached 156 points or more, the game ends and "
        "the player with the lowest score wins (not before: a hand is always played out). If the best score "
        "is shared at that moment, play goes on until one is best alone.",
        "Hand 1 passes to the left (the next player in seat order); hand 2 passes to the right (the previous "
        "player in seat order); hand 3 passes across (the player opposite you); hand 4 is a hold hand: "
        "nobody passes; then the cycle starts again.",
    ]
    assert new == [
        aim + "the highest score when every hand is empty.",
        "Every hand passes to the left (the next player in seat order).",
    ]
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
