"""Hearts as Pagat's rules give it, played through the kernel: passing (left, right, across, hold), the
2♣ lead, no points on the first trick, shooting the moon, and a tie at 100 played on.

Seats 0-3; "left" is the next seat (p passes to p + 1). Points: each heart 1, Q♠ 13 (26 in a hand).
"""

from __future__ import annotations

import dataclasses

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Suit, card_name
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PassPhase, TrickPhase
from darwindeck.genome.schema import GameGenome
from engine.scenario import arranged, c, cards

CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"


def _no_passing() -> GameGenome:
    """Hearts with the pass phase left out, to arrange a deal that passing would change."""
    hearts = get_game("hearts")
    phases = tuple(p for p in hearts.phases if not isinstance(p, PassPhase))
    return hearts.replace(turn_structure=dataclasses.replace(hearts.turn_structure, phases=phases))


def _names(state: GameState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def _play_first_legal_until(state: GameState, hand_no: int) -> None:
    while state.array[L.S_HAND_NO] < hand_no and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


def _pass_round(state: GameState) -> tuple[list[set[int]], list[set[int]]]:
    """Every player chooses their first three legal cards; the hands before and the chosen cards."""
    before = [set(state.hand(p)) for p in range(4)]
    chosen: list[set[int]] = [set() for _ in range(4)]
    for _ in range(12):
        player = state.current_player
        card = state.legal_actions()[0]
        assert card < L.FULL_DECK
        chosen[player].add(card)
        state.apply_action(card)
    return before, chosen


def _check_exchange(state: GameState, before: list[set[int]], chosen: list[set[int]], offset: int) -> None:
    for p in range(4):
        giver = (p - offset) % 4
        assert set(state.hand(p)) == (before[p] - chosen[p]) | chosen[giver], f"seat {p}"


def test_hand_one_passes_three_cards_to_the_left() -> None:
    state = GameState.new(get_game("hearts"), seed=5)
    before, chosen = _pass_round(state)
    assert all(len(cards) == 3 for cards in chosen)
    _check_exchange(state, before, chosen, 1)  # seat p receives from seat p - 1


def test_hands_two_three_four_pass_right_across_and_hold() -> None:
    state = GameState.new(get_game("hearts"), seed=6)
    _play_first_legal_until(state, 2)
    before, chosen = _pass_round(state)
    _check_exchange(state, before, chosen, 3)  # right: seat p receives from seat p + 1
    _play_first_legal_until(state, 3)
    before, chosen = _pass_round(state)
    _check_exchange(state, before, chosen, 2)  # across: from seat p + 2
    _play_first_legal_until(state, 4)
    # Hand 4 holds: the first decision is already the lead of the 2♣.
    assert _names(state) == {"card 2♣"}


def test_the_two_of_clubs_leads_the_first_trick() -> None:
    state = GameState.new(get_game("hearts"), seed=7)
    _pass_round(state)
    holder = next(p for p in range(4) if c("2C") in state.hand(p))
    assert state.current_player == holder
    assert state.legal_actions() == [c("2C")]


def test_a_first_lead_of_the_breaking_suit_is_still_led() -> None:
    # A variant evolution made: clubs, not hearts, may not be led until broken. The holder of the 2♣
    # must still lead it (docs/rules-engine.md: the compulsory first lead comes first); before, nobody
    # could lead and every hand ended without a trick.
    genome = _no_passing()
    phases = tuple(
        dataclasses.replace(p, breaking_suit=Suit.CLUBS) if isinstance(p, TrickPhase) else p
        for p in genome.phases
    )
    genome = genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))
    state = GameState.new(genome, seed=7)
    holder = next(p for p in range(4) if c("2C") in state.hand(p))
    assert state.current_player == holder
    assert state.legal_actions() == [c("2C")]


def test_no_points_on_the_first_trick_unless_nothing_else() -> None:
    # Seat 0 leads 2♣. Seat 1 has no club: it holds hearts, Q♠ and one diamond, so only the 5♦ is legal.
    hands = [
        cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
        cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H QS 5D"),
        cards("AD KD QD JD 10D 9D 8D 7D 6D 4D 3D 2D 3H"),
        cards("AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 2H"),
    ]
    state = arranged(_no_passing(), hands)
    assert state.legal_actions() == [c("2C")]
    state.apply_action(c("2C"))
    assert _names(state) == {"card 5♦"}
    state.apply_action(c("5D"))
    # Seat 2 holds diamonds: any of its twelve diamonds, never the 3♥.
    assert _names(state) == {f"card {card_name(x)}" for x in cards("AD KD QD JD 10D 9D 8D 7D 6D 4D 3D 2D")}


def test_a_hand_of_only_point_cards_may_play_them_on_the_first_trick() -> None:
    # Seat 1 holds nothing but hearts: every heart is legal on the first trick.
    state = arranged(_no_passing(), [cards(CLUBS), cards(HEARTS), cards(DIAMONDS), cards(SPADES)])
    state.apply_action(c("2C"))
    assert _names(state) == {f"card {card_name(x)}" for x in cards(HEARTS)}


def test_shooting_the_moon_gives_26_to_everyone_else() -> None:
    # Seat 0 holds every club and wins all 13 tricks (nobody else has a club, there are no trumps): it
    # takes the 13 hearts seat 1 must play and the Q♠ seat 3 must play by the last trick. All 26 points:
    # the moon. Seat 0 scores 26 - 26 = 0, every other seat 26.
    state = arranged(_no_passing(), [cards(CLUBS), cards(HEARTS), cards(DIAMONDS), cards(SPADES)])
    _play_first_legal_until(state, 2)
    assert state.scores() == (0, 26, 26, 26)


def test_a_tie_for_lowest_at_100_plays_on() -> None:
    # From 90 / 64 / 64 / 99 the moon above makes 90 / 90 / 90 / 125: 100 is reached, but three players
    # share the lowest score, so another hand is dealt instead of a draw.
    state = arranged(_no_passing(), [cards(CLUBS), cards(HEARTS), cards(DIAMONDS), cards(SPADES)])
    for seat, score in enumerate((90, 64, 64, 99)):
        state.array[L.B_SCORE + seat] = score
        state.array[L.B_TEAM_SCORE + seat] = score
    _play_first_legal_until(state, 2)
    assert state.scores() == (90, 90, 90, 125)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2


def test_a_single_lowest_score_at_100_wins() -> None:
    # From 95 / 70 / 64 / 99: 95 / 96 / 90 / 125 after the moon; seat 2 alone has the lowest score.
    state = arranged(_no_passing(), [cards(CLUBS), cards(HEARTS), cards(DIAMONDS), cards(SPADES)])
    for seat, score in enumerate((95, 70, 64, 99)):
        state.array[L.B_SCORE + seat] = score
        state.array[L.B_TEAM_SCORE + seat] = score
    _play_first_legal_until(state, 2)
    assert state.is_terminal()
    assert state.winner == 2
