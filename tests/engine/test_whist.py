"""Whist by Pagat's rules (https://www.pagat.com/whist/whist.html): the dealer's last card turned up for
trumps, the book of six, and the game to 5. Every expected value below is worked out by hand from those
rules in the comments, never read off the program.

Seats: North 0, East 1, South 2, West 3; partners N+S (team 0) against E+W (team 1). Hand 1 is opened
by North, so West deals: West's last card (the last one listed) is turned up and North leads. Hand 2
is opened by East and dealt by North. All 52 cards are dealt, so nothing is left in the deck.

Tricks are played by ``trick``: the leader plays the card given (or, without one, its lowest-id legal
card), and each follower its lowest-id legal card. Card ids run hearts (2♥ lowest), diamonds, clubs,
spades, so "lowest id" means the lowest heart first, then diamonds, then clubs, then spades.
"""

from __future__ import annotations

import dataclasses

from darwindeck.engine import layout as L
from darwindeck.engine.book import book_points
from darwindeck.engine.state_api import GameState
from darwindeck.genome import BookScoring, Suit
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
NS, EW = 0, 1

# Deal A. Trumps: West's last card, the 2♠. North holds the nine top spades and four low hearts, East
# the other spades, nine high hearts and the 2♦, South every club, West twelve diamonds and the 2♠.
DEAL_A = [
    "AS KS QS JS 10S 9S 8S 7S 6S 2H 3H 4H 5H",
    "5S 4S 3S AH KH QH JH 10H 9H 8H 7H 6H 2D",
    "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2S",
]


def deal(hands: list[str]) -> GameState:
    state = arranged(get_game("whist"), [cards(h) for h in hands], deck=[])
    assert sorted(state.all_cards()) == sorted(state.tables.deck_cards.tolist())
    return state


def lowest_legal(state: GameState) -> int:
    return min(state.legal_actions())


def trick(state: GameState, lead: str | None = None) -> None:
    """One trick: the leader plays ``lead`` (else its lowest legal card), the others their lowest."""
    state.apply_action(c(lead) if lead is not None else lowest_legal(state))
    for _ in range(3):
        state.apply_action(lowest_legal(state))


def tricks(state: GameState) -> tuple[int, ...]:
    return state.block(L.B_TRICKS, 4)


def test_the_dealers_last_card_is_turned_up_and_stays_in_the_dealers_hand() -> None:
    state = deal(DEAL_A)
    # West dealt hand 1: its last card, the 2♠, is turned up; spades are trumps.
    assert state.turned_card == c("2S") and state.hand_trump == Suit.SPADES.code
    assert c("2S") in state.hand(WEST) and len(state.hand(WEST)) == 13
    # North, left of the dealer, leads. North leads the A♠: East must follow with a spade (3♠ is its
    # lowest), South has no spade, and West must follow with its only spade, the turned 2♠.
    assert state.current_player == NORTH
    state.apply_action(c("AS"))
    state.apply_action(c("3S"))
    state.apply_action(c("2C"))
    assert state.legal_actions() == [c("2S")]
    state.apply_action(c("2S"))
    assert state.current_player == NORTH and tricks(state) == (1, 0, 0, 0)


def test_nine_tricks_score_three_and_the_deal_moves_on() -> None:
    state = deal(DEAL_A)
    # Tricks 1-9: North leads its nine spades from the top. East follows with 3♠ 4♠ 5♠, then, void,
    # throws hearts (6♥ up to J♥); South throws clubs; West follows with the 2♠, then throws diamonds
    # (3♦ up to 10♦). North's spade is the only trump, or the best one, every time: North takes nine.
    for lead in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"):
        trick(state, lead)
    assert tricks(state) == (9, 0, 0, 0)
    # Trick 10: North leads 2♥; East follows with Q♥ (its lowest heart left) and wins. East then leads
    # K♥ and A♥ (North follows with 3♥, 4♥): tricks 11 and 12 to East.
    trick(state, "2H")
    trick(state)
    trick(state)
    assert tricks(state) == (9, 3, 0, 0)
    # Trick 13: East leads its last card, 2♦; North throws 5♥, South a club, West follows with A♦ and
    # wins. N+S took 9 tricks, E+W 4: N+S score 9 - 6 = 3, E+W (4, not above the book) nothing.
    trick(state)
    assert state.team_scores() == (3, 0)
    assert not state.is_terminal()
    # Hand 2 is dealt at once: East opens it (leads), North deals, North's last card sets trumps.
    assert state.current_player == EAST and tricks(state) == (0, 0, 0, 0)
    assert state.turned_card == state.hand(NORTH)[-1]
    assert state.hand_trump == state.turned_card // 13


def test_seven_tricks_against_six_score_one_to_the_seven() -> None:
    # Spades trumps again (West's 2♠). North: seven top spades and six low hearts; East: seven high
    # hearts, five low spades and the 2♦; South every club; West twelve diamonds and the 2♠.
    state = deal(
        [
            "AS KS QS JS 10S 9S 8S 2H 3H 4H 5H 6H 7H",
            "AH KH QH JH 10H 9H 8H 7S 6S 5S 4S 3S 2D",
            "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
            "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2S",
        ]
    )
    # Tricks 1-7: North's seven spades; East follows with 3♠ to 7♠ for five of them, then throws 8♥
    # and 9♥; West follows with 2♠ once, then throws diamonds. North takes seven.
    for lead in ("AS", "KS", "QS", "JS", "10S", "9S", "8S"):
        trick(state, lead)
    assert tricks(state) == (7, 0, 0, 0)
    # Trick 8: North leads 2♥, East wins with 10♥; East leads J♥, Q♥, K♥, A♥ over North's 3♥-6♥.
    trick(state, "2H")
    for _ in range(4):
        trick(state)
    assert tricks(state) == (7, 5, 0, 0)
    # Trick 13: West has thrown 3♦-8♦ on the spades and 9♦-K♦ on the hearts and holds only the A♦;
    # East leads its 2♦, North throws 7♥ (not a trump), West's A♦ wins. N+S took 7 tricks, E+W 6:
    # N+S score 7 - 6 = 1, E+W (6, the book exactly) nothing.
    trick(state)
    assert state.team_scores() == (1, 0)


def test_a_low_trump_beats_the_ace_led_and_thirteen_tricks_end_the_game() -> None:
    # Each player holds one suit; West's last card, the 7♦, makes diamonds trumps.
    state = deal(
        [
            "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
            "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
            "AS KS QS JS 10S 9S 8S 6S 5S 4S 3S 2S 7S",
            "AD KD QD JD 10D 9D 8D 6D 5D 4D 3D 2D 7D",
        ]
    )
    assert state.hand_trump == Suit.DIAMONDS.code
    # North leads the A♥; nobody else has a heart: East throws 2♣, South 2♠, West trumps with the 2♦,
    # the lowest card of the trick by rank, and wins it.
    trick(state, "AH")
    assert tricks(state) == (0, 0, 0, 1) and state.current_player == WEST
    # West then leads diamonds, which nobody can follow or beat: E+W take all 13 tricks and score
    # 13 - 6 = 7 points, which reaches 5: E+W win the game at the end of the first deal.
    for _ in range(12):
        trick(state)
    assert state.is_terminal()
    assert state.team_scores() == (0, 7)
    assert state.winning_team == EW and state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_points_add_up_over_deals_and_five_wins() -> None:
    state = deal(DEAL_A)
    for lead in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "2H"):
        trick(state, lead)
    for _ in range(3):
        trick(state)
    assert state.team_scores() == (3, 0) and not state.is_terminal()
    # Hand 2, dealt by North (its last card, the 7♠, makes spades trumps) and led by East. North: the
    # other seven top spades and five low hearts; East: seven hearts from the 8♥ up, five low spades
    # and the 2♦; South every club; West twelve diamonds and the 7♥.
    state.arrange(
        hands=[
            cards("AS KS QS JS 10S 9S 8S 2H 3H 4H 5H 6H 7S"),
            cards("AH KH QH JH 10H 9H 8H 6S 5S 4S 3S 2S 2D"),
            cards("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"),
            cards("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 7H"),
        ]
    )
    assert state.current_player == EAST and state.turned_card == c("7S")
    assert state.hand_trump == Suit.SPADES.code
    # Tricks 1-5: East leads 8♥ (West must follow with its 7♥), then 9♥, 10♥, J♥, Q♥; North follows
    # with 2♥-6♥ and East wins all five. Trick 6: East leads K♥, North has no heart and trumps with
    # 7♠ and wins. Tricks 7-13: North leads 8♠ up to A♠; East follows with 2♠-6♠, then throws A♥ and
    # 2♦. North takes eight tricks, East five.
    for _ in range(12):
        trick(state)
    assert tricks(state) == (7, 5, 0, 0)
    # The last trick makes N+S's eight: 8 - 6 = 2 more points, 3 + 2 = 5, the target: N+S win.
    trick(state)
    assert state.is_terminal()
    assert state.team_scores() == (5, 0) and state.winning_team == NS


def test_book_points_for_a_side() -> None:
    # The rule itself: (tricks - book) × points per trick above the book, nothing at or below it.
    whist = get_game("whist")
    assert whist.book_scoring == BookScoring(book=6, points_per_trick=1)
    doubled = whist.replace(book_scoring=BookScoring(book=4, points_per_trick=2))
    program = GameState.new(doubled, 0).program
    assert [book_points(program, t) for t in (0, 4, 5, 9, 13)] == [0, 0, 2, 10, 18]


def test_individual_play_scores_each_player_beyond_the_book() -> None:
    # Whist without partnerships and with a book of 2: each player is a side of their own. Each player
    # holds one suit (West's last card, the 7♦, makes diamonds trumps), North leads A♥, West trumps and
    # then wins every trick: West takes 13 tricks, 13 - 2 = 11 points; nobody else takes a trick.
    genome = get_game("whist").replace(
        team_mode=False, teams=(), book_scoring=BookScoring(book=2, points_per_trick=1)
    )
    genome = genome.replace(win_conditions=(dataclasses.replace(genome.win_conditions[0], threshold=50),))
    hands = [
        "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        "AS KS QS JS 10S 9S 8S 6S 5S 4S 3S 2S 7S",
        "AD KD QD JD 10D 9D 8D 6D 5D 4D 3D 2D 7D",
    ]
    state = arranged(genome, [cards(h) for h in hands], deck=[])
    trick(state, "AH")
    for _ in range(12):
        trick(state)
    assert state.scores() == (0, 0, 0, 11) and state.team_scores() == (0, 0, 0, 11)
