"""Rulebooks of games whose hands are bounded say only what can happen (issue 25).

Crimson Jester (the hearts run of 2026-11-28, ``docs/experiments/2026-11-28-steered-runs/hearts``) deals
one hand: 13 cards to each of 4 players, 13 tricks, nothing but tricks takes a card, so every hand ends
with every hand empty and ``all_hands_empty`` ends the game when the first hand ends. Silver Tangle (the
brief run's first game) lasts 6 hands of 10 tricks, bids before the first trick with 10 cards in hand,
and deals 3 × 10 of 32 cards: the other 2 are never used. The expected sentences and bounds below are
worked out from those rules (``rulebook.statements``, *hands* and *turns*), not copied from the output.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.genome.serialization import load_genome
from darwindeck.rulebook import render_markdown
from darwindeck.rulebook.statements import most_turns, statements_of

RUNS = Path(__file__).parents[2] / "docs" / "experiments" / "2026-11-28-steered-runs"
CRIMSON_JESTER = RUNS / "hearts" / "gallery" / "03-173959259fe6.json"
SILVER_TANGLE = RUNS / "brief" / "gallery" / "01-2cb3750e7ad9.json"


def _lines(genome: GameGenome) -> list[str]:
    return [line.removeprefix("- ") for line in render_markdown(genome).splitlines() if line]


def _text(genome: GameGenome) -> str:
    return "\n".join(_lines(genome))


def test_a_one_hand_game_says_nothing_of_new_hands() -> None:
    # without its dead "lowest once someone reaches 156" (no side can score more than 13: the ablation
    # strips it), as a stranger reads it after the ablation; its four-direction pass cycle is kept here
    recorded = load_genome(CRIMSON_JESTER)
    genome = dataclasses.replace(recorded, win_conditions=recorded.win_conditions[1:])
    statements = statements_of(genome)
    assert statements.most_hands == 1
    assert statements.most_turns == 13  # one hand of 13 tricks, one trick phase: one trick a turn
    lines, text = _lines(genome), _text(genome)
    for gone in ("new hand", "each hand", "every hand is empty", "of a hand", "2000 turns"):
        assert gone not in text, gone
    assert "Player 1 takes the first turn. The first trick is led by the player holding 2♣." in lines
    assert "When the hand ends, the player with the highest score wins (a tie is a draw)." in lines
    assert "Everyone passes to the left (the next player in seat order)." in lines  # hand 1 of the cycle
    assert "At the start of the hand, every player chooses 3 cards" in text
    assert "The player holding 2♣ leads the first trick, and must lead the 2♣." in lines
    assert "When the hand ends, it is scored (see the scoring rules) and the game ends." in lines


def test_silver_tangle_says_what_a_stranger_needs() -> None:
    genome = load_genome(SILVER_TANGLE)
    statements = statements_of(genome)
    assert (statements.most_hands, statements.most_turns, genome.max_turns) == (6, 60, 200)
    assert statements.bid_hand_size == 10
    lines = _lines(genome)
    assert "A bid is from 0 to 10." in lines  # max_bid 10 with 10 cards in hand: the cap never binds
    assert "The other 2 cards are set aside unused." in lines  # no rule reads the deck
    assert "An evolved game." in lines  # "Evolved from Hollow Lantern": no game a stranger can look up
    assert (
        "When a hand ends, it is scored (see the scoring rules) and a new hand is dealt unless someone "
        "has won." in lines
    )
    assert not any("200 turns" in line for line in lines)  # 60 turns at most: the limit is never reached


def test_unbounded_games_keep_their_sentences() -> None:
    hearts = get_game("hearts")
    assert statements_of(hearts).most_turns is None
    text = _text(hearts)
    assert "in each new hand, the next player in seat order does" in text
    assert f"If nobody has won after {hearts.max_turns} turns" in text
    assert "then the cycle starts again" in text


def test_a_cycle_is_told_for_the_hands_dealt() -> None:
    # Hearts over 2 hands (hands_played 2): only left and right are ever used, and no cycle restarts
    two = dataclasses.replace(get_game("hearts"), win_conditions=(WinCondition(WinType.HANDS_PLAYED, 2),))
    assert statements_of(two).most_hands == 2
    assert most_turns(two) == 26  # 2 hands × 13 tricks, one trick a turn
    assert (
        "Hand 1 passes to the left (the next player in seat order); hand 2 passes to the right (the previous "
        "player in seat order)." in _lines(two)
    )


def test_a_library_origin_is_kept() -> None:
    evolved = dataclasses.replace(get_game("whist"), description="Evolved from Hearts.")
    assert "Evolved from Hearts." in _lines(evolved)


def test_the_most_cards_captured_ends_a_trick_game_dealt_whole_after_one_hand() -> None:
    # The demo's Fickle Comet (2026-11-28): Whist's deal (13 cards to each of 4 players: the whole deck,
    # none left in it) won by the most cards captured. engine.wins judges most_captured at a hand's end
    # once the deck and every hand are empty, a tie being a draw: after the first hand's 13 tricks it
    # always ends the game. One trick a turn: 13 turns at most.
    genome = dataclasses.replace(get_game("whist"), win_conditions=(WinCondition(WinType.MOST_CAPTURED),))
    statements = statements_of(genome)
    assert (statements.most_hands, statements.most_turns) == (1, 13)
    text = _text(genome)
    assert "new hand" not in text and "If nobody has won after" not in text
    # The cards of won tricks are all a player captures here (no capturing tableau, no phase puts cards
    # there), so the rulebook says so in a trick player's words.
    assert (
        "When the cards run out, the team whose members together won the most cards in tricks wins."
        in _lines(genome)
    )  # Whist plays in partnerships
    assert "The aim is to win the most cards in tricks." in text
    # Scopa captures from the table: there "captured" is the word.
    assert "When the cards run out, the player who captured the most cards wins." in _lines(get_game("scopa"))
    # With a card left in the deck (3 players, 17 cards each: 51 of 52) it is never met: no bound.
    three = dataclasses.replace(
        genome, player_count=3, setup=dataclasses.replace(genome.setup, cards_per_player=17)
    )
    assert statements_of(three).most_hands is None


def test_a_turn_of_one_phase_is_not_introduced_as_phases_in_order() -> None:
    # War's turn is one play phase, Whist's hand one trick phase: "go through these phases in order" would
    # announce a list of one; Hearts (a pass phase, then the tricks) keeps it.
    for name in ("war", "whist"):
        assert "through these phases in order" not in _text(get_game(name)), name
    assert "Each hand goes through these phases in order." in _lines(get_game("hearts"))
