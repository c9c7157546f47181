"""Dou Dizhu's rulebook (``rulebook.turn``'s call and climb, ``rulebook.sections``' deal and hand end): the
sentences a stranger plays from, and its statements held against the engine's play.

The expected text is the published game (``genome.library.climbing``): 54 cards with two jokers, 17 each,
3 to the kitty; bids 1 to 3; the landlord alone against the others; the combinations; the stake, twice
to or from the landlord with three players. The game is not in the library yet (the terminal does not
show jokers), so it has no golden file; these assertions stand in for one.
"""

from __future__ import annotations

import dataclasses

import pytest

from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.phases import AllPass, CallPhase, ClimbPhase, Combo, FirstCaller
from darwindeck.rulebook import render_markdown
from rulebook.conformance import check_genome


def text(genome: object = None) -> str:
    return render_markdown(dou_dizhu() if genome is None else genome)  # type: ignore[arg-type]


def test_the_deal_names_the_jokers_and_the_kitty() -> None:
    book = text()
    assert "played with a 54-card deck" in book
    assert "- Two jokers, a black one and a red one, added to the deck." in book
    assert "- Shuffle the deck and deal 17 cards to each player.\n" in book
    assert "- Set the next 3 cards aside face down: the kitty, for the winner of the call." in book
    assert "left over" not in book  # 54 - 3 x 17 - 3 = 0 cards stay as a deck
    assert "- A hand ends as soon as a player has played their last card." in book


def test_the_call_and_climb_say_who_acts_and_what_beats_what() -> None:
    book = text()
    assert "A player chosen at random calls first" in book
    assert "A bid is a number from 1 to 3, higher than every bid before it. A bid of 3 ends" in book
    assert "The landlord turns the kitty's 3 cards face up for everyone to see" in book
    assert "If everybody passes, the cards are thrown in and dealt again." in book
    assert "Ranks from low to high: 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2, then the black joker" in book
    assert "a bomb beats any combination but a higher bomb or the rocket and the rocket beats" in book
    # three players: the landlord wins or pays 2 x the stake (engine.climb.stake_scores)
    assert "If the landlord went out they win 2 times the stake, the stake from each other player" in book


def test_openspiels_variant_reads_as_it_plays() -> None:
    call = CallPhase(once_around=False, all_pass=AllPass.VOID, first=FirstCaller.DEALER_LEFT)
    climb = ClimbPhase(combos=(Combo.SOLO, Combo.PAIR, Combo.BOMB), bomb_doubles=False, spring_doubles=False)
    genome = dou_dizhu()
    genome = genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=(call, climb)))
    book = text(genome)
    assert "The player who starts the hand calls first" in book
    assert "until a bid has been followed by a pass from every other player" in book
    assert "If everybody passes, the game ends there and nobody scores." in book
    assert (
        "The combinations you may play: a solo: any single card; a pair: two cards of one rank; "
        "a bomb: four cards of one rank." in book
    )
    assert "rocket" not in book.split("### Phase 2")[1].split("- A higher")[1]  # no rocket allowed
    assert "doubles the stake" not in book


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rulebooks_statements_hold_in_play(seed: int) -> None:
    # tests/rulebook/conformance.py: who acts in each phase, when scores change, when the game ends
    assert check_genome(dou_dizhu(), seed, 3000) == []
