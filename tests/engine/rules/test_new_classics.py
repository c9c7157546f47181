"""Scenario tests for the library's newer classics, each by its published rules.

Knaves: the standard published rules (Hoyle's; White Knuckle Cards,
https://whiteknucklecards.com/games/knaves.html): three players, 17 cards each, the 52nd card turned up
for trumps and out of play, follow suit, a point for each trick, J♥ -4, J♦ -3, J♣ -2, J♠ -1 for the
jacks taken in tricks, game to 20 at the end of a deal.

Cutthroat Euchre: Euchre by Pagat's rules (https://www.pagat.com/euchre/euchre.html) for the deal, the
making of trump and the bowers, with the three-handed scoring Hoyle gives: the maker plays alone against
the other two, 1 point for 3 or 4 tricks, 3 for a march, 2 to each opponent when the maker is euchred,
game 10.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Notation: seats 0, 1, 2 (, 3) play in that order; hand 1 is opened by seat 0 (the last seat deals), so
seat 0 leads the first trick. Cards are written rank then suit, ``10H`` = 10♥, ``QS`` = Q♠. Hands are
dealt exactly with ``arranged``. Card ids run by suit (♥ ♦ ♣ ♠) and, within a suit, from 2 up to A, so
``min(state.legal_actions())`` is the legal card of the first suit in that order and, within it, the
lowest.
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Suit
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

# ---- Knaves ----------------------------------------------------------------------------------------------

# Seat 0 holds every heart and the four top spades, seat 1 every club and the middle spades, seat 2 every
# diamond but the 2♦ and the five low spades. The 52nd card, the one turned up, is the 2♦: diamonds are
# trumps, and seat 2 alone holds them.
KNAVES_HANDS = [
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JS QS KS AS",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 7S 8S 9S 10S",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S 6S",
]
KNAVES_TURNED = "2D"


def knaves_deal() -> GameState:
    state = arranged(
        get_game("knaves"), [cards(h) for h in KNAVES_HANDS], discard=[c(KNAVES_TURNED)], deck=[]
    )
    assert sorted(state.all_cards()) == list(range(52))
    return state


def play_lowest(state: GameState, plays: int) -> None:
    """``plays`` cards, each player playing its lowest legal card (the module's order)."""
    for _ in range(plays):
        state.apply_action(min(state.legal_actions()))


def test_knaves_the_turned_card_makes_trumps_and_a_low_trump_beats_the_ace_led() -> None:
    state = knaves_deal()
    # The turned 2♦ fixes diamonds as trumps; nothing is left to draw.
    assert state.turned_card == c("2D") and state.hand_trump == Suit.DIAMONDS.code
    assert state.deck() == ()
    # Seat 0 leads the A♥. Seat 1 has no heart, so every card it holds may be played; it throws the 2♣.
    assert state.current_player == 0
    state.apply_action(c("AH"))
    assert set(state.legal_actions()) == set(cards(KNAVES_HANDS[1]))
    state.apply_action(c("2C"))
    # Seat 2 has no heart either: it trumps with its lowest diamond, the 3♦, which beats the ace.
    state.apply_action(c("3D"))
    assert state.block(L.B_TRICKS, 3) == (0, 0, 1)
    # The trick's winner leads the next; no jack was in it, and tricks are counted at the deal's end.
    assert state.current_player == 2
    assert state.scores() == (0, 0, 0)


def test_knaves_a_deal_scores_a_point_a_trick_less_the_jacks_seven_in_all() -> None:
    state = knaves_deal()
    # Every player plays its lowest legal card. Trick 1: seat 0 leads the 2♥; seats 1 and 2 have no
    # heart; seat 1 throws the 2♣ and seat 2 trumps with the 3♦ and wins. Tricks 2 to 12: seat 2 leads
    # its diamonds 4♦ up to A♦; nobody else has a diamond or a trump: seat 0 throws its hearts 3♥ to K♥,
    # seat 1 its clubs 3♣ to K♣. Seat 2 takes all twelve tricks, with the J♦ (its own), the J♥ and the
    # J♣ in them. Seat 0 keeps A♥ J♠ Q♠ K♠ A♠, seat 1 A♣ 7♠ 8♠ 9♠ 10♠, seat 2 its five spades.
    play_lowest(state, 36)
    assert state.block(L.B_TRICKS, 3) == (0, 0, 12)
    assert state.hand(0) == tuple(cards("AH JS QS KS AS"))
    # Trick 13: seat 2 leads the 2♠, seat 0 follows with the J♠, seat 1 with the 7♠: the J♠ wins it.
    # Trick 14: seat 0 leads the A♥; seat 1 throws the A♣, seat 2 (no trump left) the 3♠: the A♥ wins.
    # Tricks 15-17: seat 0 leads Q♠, K♠, A♠; the others follow with spades below them: seat 0 wins all.
    play_lowest(state, 15)
    # Seat 0: 5 tricks, J♠ -1 = 4. Seat 1: no trick, no jack = 0. Seat 2: 12 tricks, J♥ -4, J♦ -3,
    # J♣ -2 = 3. 17 tricks less the 10 points of jacks: 7 in all. Nobody has 20: a new deal follows.
    assert state.scores() == (4, 0, 3)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2
    assert [len(state.hand(p)) for p in range(3)] == [17, 17, 17]


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [
        # 18 + 4 = 22 and 17 + 3 = 20: two players reach 20 in one deal; the higher score, 22, wins.
        ((18, 10, 17), (22, 10, 20), 0),
        # 16 + 4 = 20 and 17 + 3 = 20: the best score is shared, so nobody has won: another deal.
        ((16, 10, 17), (20, 10, 20), -1),
        # 13 + 4 = 17, 19 + 0 = 19, 10 + 3 = 13: nobody reaches 20; play goes on.
        ((13, 19, 10), (17, 19, 13), -1),
    ],
)
def test_knaves_twenty_at_the_end_of_a_deal_wins_the_highest_score_first(
    before: tuple[int, int, int], after: tuple[int, int, int], winner: int
) -> None:
    state = knaves_deal()
    for seat, score in enumerate(before):
        state.array[L.B_SCORE + seat] = score
        state.array[L.B_TEAM_SCORE + seat] = score
    # The deal of the test above: +4, +0, +3.
    play_lowest(state, 51)
    assert state.scores() == after
    assert state.is_terminal() == (winner >= 0)
    if winner >= 0:
        assert state.winner == winner
    else:
        assert state.array[L.S_HAND_NO] == 2


# ---- Cutthroat Euchre ----------------------------------------------------------------------------------

ORDER_HEARTS = L.A_SUIT0 + Suit.HEARTS.code

# Seat 0 holds the five best hearts if hearts are trumps: the right bower J♥, the left bower J♦ and
# A♥ K♥ Q♥; the turned card is the 9♥. Seat 2 deals hand 1, so seat 0 decides first and leads the
# first trick.
EUCHRE_M = ["JH JD AH KH QH", "9S 10S AC 10D 10H", "AS KS QS 9C 10C"]
EUCHRE_M_DECK = "JS JC QC KC 9D QD KD AD"


def euchre_deal(hands: list[str], deck: str) -> GameState:
    state = arranged(
        get_game("cutthroat-euchre"), [cards(h) for h in hands], discard=[c("9H")], deck=cards(deck)
    )
    assert sorted(state.all_cards()) == sorted(state.tables.deck_cards.tolist())
    return state


def test_cutthroat_euchre_the_maker_alone_marches_for_3_with_both_bowers() -> None:
    state = euchre_deal(EUCHRE_M, EUCHRE_M_DECK)
    # Seat 0 orders up the 9♥: hearts are trumps and seat 0 is the maker, alone. Seat 2, the dealer,
    # takes the 9♥ (six cards) and discards the 9♣ face down.
    assert state.current_player == 0 and state.legal_actions() == [L.A_PASS, ORDER_HEARTS]
    state.apply_action(ORDER_HEARTS)
    assert state.current_player == 2 and len(state.hand(2)) == 6
    state.apply_action(c("9C"))
    assert state.maker == 0 and state.hand_trump == Suit.HEARTS.code and state.current_player == 0
    # Trick 1: the J♥ (right bower) is led; seat 1 must follow with its one heart, the 10♥, and seat 2
    # with the 9♥ it took up. The right bower wins.
    state.apply_action(c("JH"))
    assert state.legal_actions() == [c("10H")]
    state.apply_action(c("10H"))
    assert state.legal_actions() == [c("9H")]
    state.apply_action(c("9H"))
    # Trick 2: the J♦, the left bower, is a trump: seat 1 holds the 10♦ but has no trump, so any of its
    # four cards may be played; seat 2 (no trump left) likewise. The left bower wins.
    state.apply_action(c("JD"))
    assert set(state.legal_actions()) == set(cards("9S 10S AC 10D"))
    state.apply_action(c("10D"))
    state.apply_action(c("10C"))
    # Tricks 3 to 5: A♥, K♥, Q♥ led; nobody else has a trump: seat 0 wins all five tricks, a march.
    for lead in ("AH", "KH", "QH"):
        state.apply_action(c(lead))
        for _ in range(2):
            state.apply_action(state.legal_actions()[0])
    # The maker alone scores 3 for the march; the other two nothing. Hand 2 follows (no one has 10).
    assert state.scores() == (3, 0, 0)
    assert not state.is_terminal() and state.array[L.S_HAND_NO] == 2


def test_cutthroat_euchre_a_euchred_maker_gives_2_to_each_opponent() -> None:
    state = euchre_deal(EUCHRE_M, EUCHRE_M_DECK)
    # Seat 0 passes; seat 1 orders up hearts and is the maker with one trump, the 10♥; the dealer takes
    # the 9♥ and discards the 9♣.
    state.apply_action(L.A_PASS)
    state.apply_action(ORDER_HEARTS)
    state.apply_action(c("9C"))
    assert state.maker == 1 and state.current_player == 0
    # Seat 0 leads J♥ (seats 1 and 2 must follow with the 10♥ and the 9♥), then J♦, A♥, K♥, Q♥, which
    # nobody can beat: seat 0 takes all five tricks and the maker none.
    for lead in ("JH", "JD", "AH", "KH", "QH"):
        state.apply_action(c(lead))
        for _ in range(2):
            state.apply_action(state.legal_actions()[0])
    # The maker took fewer than 3 tricks: euchred. Each of the other two players scores 2 (not the
    # trick-taker alone); the maker scores nothing.
    assert state.scores() == (2, 0, 2)


# Seat 0: right and left bowers, A♥ and two low cards; it makes hearts and takes three tricks.
EUCHRE_P = ["JH JD AH 9S 9C", "KH AS KS AC KC", "QH QS 10S QC 10C"]
EUCHRE_P_DECK = "10H 9D 10D QD KD AD JS JC"


@pytest.mark.parametrize(
    ("before", "over"),
    [
        ((8, 8, 8), False),  # 8 + 1 = 9: short of 10, another hand
        ((9, 7, 8), True),  # 9 + 1 = 10: the maker reaches 10 and wins
    ],
)
def test_cutthroat_euchre_three_tricks_make_1_point_and_10_wins(
    before: tuple[int, int, int], over: bool
) -> None:
    state = euchre_deal(EUCHRE_P, EUCHRE_P_DECK)
    for seat, score in enumerate(before):
        state.array[L.B_SCORE + seat] = score
        state.array[L.B_TEAM_SCORE + seat] = score
    # Seat 0 orders up the 9♥; the dealer, seat 2, takes it and discards the 10♣.
    state.apply_action(ORDER_HEARTS)
    state.apply_action(c("10C"))
    # Trick 1: J♥ led; seat 1 follows with its only heart, the K♥, seat 2 with the 9♥: the right bower
    # wins.
    # Trick 2: J♦ (the left bower, a trump) led; seat 1 has no trump and throws the K♣; seat 2 must
    # follow trumps with the Q♥: the left bower wins. Trick 3: A♥ led, nobody has a trump left; seat 1
    # throws the K♠, seat 2 the 10♠: seat 0's third trick.
    # Trick 4: seat 0 leads the 9♠; seat 1 must follow with the A♠, seat 2 with the Q♠: the A♠ wins.
    # Trick 5: seat 1 leads the A♣; seat 2 follows with the Q♣, seat 0 with the 9♣: seat 1 wins.
    moves = cards("JH KH 9H JD KC QH AH KS 10S 9S AS QS AC QC 9C")
    for move in moves[:-1]:
        state.apply_action(move)
    # Before the last card: seat 0 has taken 3 tricks, seat 1 one, seat 2 none.
    assert state.block(L.B_TRICKS, 3) == (3, 1, 0)
    state.apply_action(moves[-1])
    # The maker took 3 of the 5 tricks: made, 1 point; the opponents score nothing.
    assert state.scores() == (before[0] + 1, before[1], before[2])
    assert state.is_terminal() == over
    if over:
        assert state.winner == 0
