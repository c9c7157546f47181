"""Scenario tests for the library's trick-taking games: Black Maria, Omnibus Hearts, Polignac, Scotch Whist,
Knock-Out Whist and Partnership Spades, each by its published rules.

Sources: Pagat's Black Maria (https://www.pagat.com/reverse/blackmaria.html), Omnibus Hearts
(https://www.pagat.com/reverse/omnibus.html), Polignac (https://www.pagat.com/reverse/polignac.html),
Knock-Out Whist (https://www.pagat.com/whist/kowhist.html) and Spades
(https://www.pagat.com/auctionwhist/spades.html); Scotch Whist / Catch the Ten by Pagat
(https://www.pagat.com/whist/scotchwhist.html) and the 1911 Encyclopaedia Britannica's "Catch the Ten" (J
of trumps 11, 10 10, A 4, K 3, Q 2, game 41; with four players, partners or, in other published rules, each
for themselves, as the engine plays it). Where a game's docstring (darwindeck.genome.library.tricks) says
the engine departs from the published rule on purpose (Black Maria deals the full deck and leaves one card
out; Omnibus Hearts' moon needs the J♦ too; Polignac ranks the ace high; Scotch Whist uses a 32-card deck;
Knock-Out Whist is its first hand only), the test checks the engine's stated rule and says so.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Notation: seats 0, 1, 2, 3 play in that order ("left" is the next seat, "right" the one before); seat 0
leads the first trick of hand 1 (the player left of the dealer). Cards are written rank then suit,
``10H`` = 10♥, ``QS`` = Q♠. Hands are dealt exactly with ``arranged``; the cards nobody holds stay in the
deck, out of play. ``play(state, "AS 2S 5S 8S")`` plays those cards in turn, from the player to move on.
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.errors import IllegalActionError
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards


def deal(slug: str, hands: list[str], **kw: object) -> GameState:
    return arranged(get_game(slug), [cards(h) for h in hands], **kw)  # type: ignore[arg-type]


def play(state: GameState, plays: str) -> None:
    for card in plays.split():
        state.apply_action(c(card))


def play_lowest(state: GameState, n: int) -> None:
    """``n`` moves, each the lowest-id legal action of the player to move."""
    for _ in range(n):
        state.apply_action(min(state.legal_actions()))


def refused(state: GameState, card: str) -> bool:
    """True when playing ``card`` is refused and leaves the state as it was."""
    before = state.array.copy()
    with pytest.raises(IllegalActionError):
        state.apply_action(c(card))
    return bool((state.array == before).all())


def set_scores(state: GameState, scores: tuple[int, ...]) -> None:
    for seat, score in enumerate(scores):
        state.array[L.B_SCORE + seat] = score
        state.array[L.B_TEAM_SCORE + seat] = score


def hand_set(text: str) -> set[int]:
    return set(cards(text))


# ---- Black Maria ---------------------------------------------------------------------------------------
# Three players, 17 cards each. The 2♣ (the card the real game takes out) is the one card left undealt.


def black_maria_penalty_deal() -> GameState:
    """Before passing. Seat 0 passes 2♠ 3♠ 4♠ to seat 2, seat 1 passes 3♣ 4♣ 2♦ to seat 0, seat 2 passes
    5♣ 6♣ 7♣ to seat 1 (right = the previous seat)."""
    state = deal(
        "black-maria",
        [
            "QS AH 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S",
            "KS KH 8C 9C 10C JC QC KC AC 3H 4H 5H 6H 7H 3C 4C 2D",
            "AS 2H 8H 9H 10H JH QH 5S 6S 7S 8S 9S 10S JS 5C 6C 7C",
        ],
    )
    assert state.deck() == (c("2C"),)
    for seat, passed in enumerate(("2S 3S 4S", "3C 4C 2D", "5C 6C 7C")):
        assert state.current_player == seat
        play(state, passed)
    return state


def test_black_maria_every_player_passes_three_cards_to_the_right() -> None:
    state = black_maria_penalty_deal()
    # Pagat: each player passes three cards to the right-hand neighbour, i.e. seat p gives to seat p - 1:
    # seat 0's 2♠ 3♠ 4♠ go to seat 2, seat 1's 3♣ 4♣ 2♦ to seat 0, seat 2's 5♣ 6♣ 7♣ to seat 1.
    # Seat 0: Q♠ A♥ 3♦-A♦ + 3♣ 4♣ 2♦ = Q♠ A♥, all thirteen diamonds, 3♣ 4♣.
    assert set(state.hand(0)) == hand_set("QS AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 3C 4C")
    # Seat 1: K♠ K♥ 8♣-A♣ 3♥-7♥ + 5♣ 6♣ 7♣.
    assert set(state.hand(1)) == hand_set("KS KH 5C 6C 7C 8C 9C 10C JC QC KC AC 3H 4H 5H 6H 7H")
    # Seat 2: A♠ 2♥ 8♥-Q♥ 5♠-J♠ + 2♠ 3♠ 4♠.
    assert set(state.hand(2)) == hand_set("AS 2H 8H 9H 10H JH QH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    # Seat 0, left of the dealer, leads the first trick.
    assert state.current_player == 0 and state.trick() == ()


def test_black_maria_the_queen_king_and_ace_of_spades_cost_13_10_and_7() -> None:
    state = black_maria_penalty_deal()
    # Seat 0 leads Q♠. Seat 1 holds K♠ and must follow suit: its K♥ is refused.
    play(state, "QS")
    assert refused(state, "KH")
    # Seat 1 plays K♠, seat 2 the A♠: the highest spade wins, and seat 2 takes Q♠ 13 + K♠ 10 + A♠ 7 = 30.
    play(state, "KS AS")
    assert state.scores() == (0, 0, 30) and state.current_player == 2
    # Seat 2 leads 2♥, seat 0 plays A♥ and seat 1 K♥: the A♥ wins three hearts, 1 each: seat 0 has 3.
    play(state, "2H AH KH")
    assert state.scores() == (3, 0, 30) and state.current_player == 0


def black_maria_all_points_deal() -> GameState:
    """Before passing: seat 0 passes 3♣ 4♣ 5♣ to seat 2, seat 1 passes A♠ K♠ Q♠ to seat 0, seat 2 passes
    2♦ 3♦ 4♦ to seat 1. After it seat 0 holds all thirteen hearts and A♠ K♠ Q♠ J♠; seat 1 all diamonds
    and 10♠ 9♠ 8♠ 7♠; seat 2 the clubs 3♣-A♣ and 6♠-2♠."""
    state = deal(
        "black-maria",
        [
            "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H JS 3C 4C 5C",
            "5D 6D 7D 8D 9D 10D JD QD KD AD 10S 9S 8S 7S AS KS QS",
            "6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 6S 5S 4S 3S 2S",
        ],
    )
    for passed in ("3C 4C 5C", "AS KS QS", "2D 3D 4D"):
        play(state, passed)
    assert set(state.hand(0)) == hand_set("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AS KS QS JS")
    return state


def play_black_maria_all_points_hand(state: GameState) -> None:
    # Seat 0 leads A♠ K♠ Q♠ J♠: seat 1 follows with 7♠-10♠, seat 2 with 2♠-5♠; each time seat 0's spade
    # is the highest. Then seat 0 leads its thirteen hearts (any card may be led, there is no breaking):
    # nobody else holds a heart, so seat 0 wins all 17 tricks.
    for lead in ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"):
        play(state, lead)
        play_lowest(state, 2)
    play(state, "3H")
    play_lowest(state, 2)
    play(state, "2H")
    play_lowest(state, 2)


def test_black_maria_taking_all_43_points_is_no_moon() -> None:
    state = black_maria_all_points_deal()
    play_black_maria_all_points_hand(state)
    # Seat 0 took 13 hearts (13) + Q♠ 13 + K♠ 10 + A♠ 7 = 43. Black Maria has no shooting the moon (as
    # Hearts has): the 43 stay with seat 0, and the others score nothing.
    assert state.scores() == (43, 0, 0)
    assert not state.is_terminal() and state.array[L.S_HAND_NO] == 2
    # Hand 2: the deal moves one seat on, so seat 1 (left of the new dealer, seat 0) leads the first trick
    # once the three players have passed their three cards (9 passing moves).
    play_lowest(state, 9)
    assert state.current_player == 1 and state.trick() == ()


def test_black_maria_reaching_100_ends_the_game_and_the_lowest_score_wins() -> None:
    state = black_maria_all_points_deal()
    set_scores(state, (60, 99, 30))
    play_black_maria_all_points_hand(state)
    # 60 + 43 = 103 reaches 100: the game ends. Scores 103 / 99 / 30: seat 2 has the lowest and wins.
    assert state.scores() == (103, 99, 30)
    assert state.is_terminal() and state.winner == 2


# ---- Omnibus Hearts ------------------------------------------------------------------------------------
# Hearts (2♣ leads, no points on the first trick, hearts 1, Q♠ 13) with the J♦ worth -10 to its taker.
# Hand 1 passes three cards to the left: seat p gives to seat p + 1.


def omnibus_jack_deal() -> GameState:
    """Before passing: seat 0 passes A♣ 2♦ 3♦ to seat 1, seat 1 passes 2♥ 3♥ 4♥ to seat 2, seat 2 passes
    2♠ 3♠ 4♠ to seat 3 and seat 3 passes J♦ Q♣ K♣ to seat 0."""
    state = deal(
        "omnibus-hearts",
        [
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC AC 2D 3D",
            "4D 5D 6D 7D 8D 9D 10D QD KD AD 2H 3H 4H",
            "5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S",
            "5S 6S 7S 8S 9S 10S JS QS KS AS JD QC KC",
        ],
    )
    for passed in ("AC 2D 3D", "2H 3H 4H", "2S 3S 4S", "JD QC KC"):
        play(state, passed)
    return state


def test_omnibus_the_jack_of_diamonds_takes_ten_points_off_its_winner() -> None:
    state = omnibus_jack_deal()
    # After passing left: seat 0 holds 2♣-K♣ and the J♦, seat 1 the A♣ and every other diamond, seat 2
    # every heart, seat 3 every spade.
    assert set(state.hand(0)) == hand_set("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JD")
    assert set(state.hand(1)) == hand_set("AC AD KD QD 10D 9D 8D 7D 6D 5D 4D 3D 2D")
    # Trick 1: seat 0 holds the 2♣ and leads it; seat 1's A♣ (its one club) wins it; seat 2, holding
    # only hearts, may play one (2♥); seat 3 plays 2♠. Seat 1 takes the 2♥: 1 point.
    assert state.current_player == 0
    play(state, "2C AC 2H 2S")
    assert state.scores() == (0, 1, 0, 0)
    # Trick 2: seat 1 leads A♦; seat 2 plays 3♥, seat 3 3♠, and seat 0 must follow with its only diamond,
    # the J♦. The A♦ wins: seat 1 takes 3♥ (+1) and the J♦ (-10): 1 + 1 - 10 = -8.
    play(state, "AD 3H 3S")
    assert state.legal_actions() == [c("JD")]
    play(state, "JD")
    assert state.scores() == (0, -8, 0, 0)


def omnibus_moon_deal() -> GameState:
    """Before passing: seat 0 passes 2♥ 3♥ 4♥ to seat 1, seat 1 passes 2♦ 3♦ 4♦ to seat 2, seat 2 passes
    2♠ 3♠ 4♠ to seat 3 and seat 3 passes 2♣ 3♣ 4♣ to seat 0. After it each seat holds one whole suit:
    seat 0 clubs, seat 1 hearts, seat 2 diamonds, seat 3 spades."""
    state = deal(
        "omnibus-hearts",
        [
            "5C 6C 7C 8C 9C 10C JC QC KC AC 2H 3H 4H",
            "5H 6H 7H 8H 9H 10H JH QH KH AH 2D 3D 4D",
            "5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S",
            "5S 6S 7S 8S 9S 10S JS QS KS AS 2C 3C 4C",
        ],
    )
    for passed in ("2H 3H 4H", "2D 3D 4D", "2S 3S 4S", "2C 3C 4C"):
        play(state, passed)
    return state


def test_omnibus_the_jack_of_diamonds_stays_off_the_first_trick_unless_nothing_else() -> None:
    state = omnibus_moon_deal()
    # Seat 0 holds the 2♣ and must lead it.
    assert state.current_player == 0 and state.legal_actions() == [c("2C")]
    play(state, "2C")
    # Seat 1 holds nothing but hearts: Pagat lets a player with no other choice play a point card to the
    # first trick, so every heart is legal.
    assert set(state.legal_actions()) == hand_set("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    play(state, "2H")
    # Seat 2 holds all the diamonds: the engine counts the J♦ as a scoring card for this rule (the
    # docstring's stated choice), so every diamond but the J♦ is legal.
    assert set(state.legal_actions()) == hand_set("AD KD QD 10D 9D 8D 7D 6D 5D 4D 3D 2D")
    assert refused(state, "JD")
    play(state, "2D")
    # Seat 3, all spades: every spade but the Q♠.
    assert set(state.legal_actions()) == hand_set("AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")


def test_omnibus_shooting_the_moon_needs_the_jack_too_and_gives_16_to_the_others() -> None:
    state = omnibus_moon_deal()
    # Seat 0 leads its thirteen clubs; nobody else holds a club, so seat 0 wins all 13 tricks and takes
    # every card: 13 hearts (13) + Q♠ (13) + J♦ (-10) = 16. It took every counting card, the J♦ too, so by
    # the engine's stated rule (docstring) it shoots the moon: its 16 are taken back (0), and each other
    # player scores 16 (where the real game scores the others 26).
    for _ in range(13):
        play_lowest(state, 4)
    assert state.scores() == (0, 16, 16, 16)
    assert not state.is_terminal()


def test_omnibus_reaching_100_ends_the_game_and_the_lowest_score_wins() -> None:
    state = omnibus_moon_deal()
    set_scores(state, (95, 99, 98, 97))
    for _ in range(13):
        play_lowest(state, 4)
    # The moon as above: 95 + 0, 99 + 16, 98 + 16, 97 + 16 = 95 / 115 / 114 / 113. Someone passed 100, so
    # the game ends; seat 0's 95 is the lowest alone: seat 0 wins.
    assert state.scores() == (95, 115, 114, 113)
    assert state.is_terminal() and state.winner == 0


# ---- Polignac ------------------------------------------------------------------------------------------
# 32 cards (7 to A), eight each to four players; each jack taken costs 1, the J♠ 2; no trumps.


def test_polignac_each_jack_costs_one_and_the_jack_of_spades_two() -> None:
    state = deal(
        "polignac",
        [
            "10H AS 7H 8H 7C 8C 9C 10C",
            "JH 8S 9H KH JC QC KC AC",
            "QH 7S AH 7D 8D 9D 10D QD",
            "JD JS 9S 10S QS KS KD AD",
        ],
    )
    # Trick 1: seat 0 leads 10♥. Seat 1 plays J♥, seat 2 Q♥; seat 3 has no heart, discards the J♦. The Q♥
    # is the highest heart: seat 2 takes J♥ + J♦ = 1 + 1 = 2.
    play(state, "10H JH QH JD")
    assert state.scores() == (0, 0, 2, 0) and state.current_player == 2
    # Trick 2: seat 2 leads 7♠; seat 3 must follow and plays J♠; seat 0 plays A♠, seat 1 8♠. The A♠ wins:
    # seat 0 takes the J♠, the Polignac: 2 points.
    play(state, "7S JS AS 8S")
    assert state.scores() == (2, 0, 2, 0) and state.current_player == 0


def test_polignac_a_player_who_can_follow_suit_must() -> None:
    state = deal(
        "polignac",
        [
            "10H AS 7H 8H 7C 8C 9C 10C",
            "JH 8S 9H KH JC QC KC AC",
            "QH 7S AH 7D 8D 9D 10D QD",
            "JD JS 9S 10S QS KS KD AD",
        ],
    )
    # Seat 0 leads 7♣. Seat 1 holds clubs, so its hearts and spades are refused; seat 2 has no club and
    # may play anything, the Q♥ included.
    play(state, "7C")
    assert refused(state, "KH") and refused(state, "8S")
    assert set(state.legal_actions()) == hand_set("JC QC KC AC")
    play(state, "JC")
    assert set(state.legal_actions()) == hand_set("QH 7S AH 7D 8D 9D 10D QD")


def test_polignac_the_ace_ranks_above_the_king() -> None:
    # The engine ranks aces high (A K Q J 10 9 8 7), its stated difference from the old French order
    # K Q J A 10 9 8 7. Seat 0 leads K♣, seat 1 plays A♣, seat 2 follows with J♣, seat 3 (no club) 7♠. The
    # A♣ wins, so seat 1 takes the J♣: 1 point (in the French order the K♣ would win it for seat 0).
    state = deal(
        "polignac",
        [
            "KC 7H 8H 9H 10H JH QH KH",
            "AC AH 7D 8D 9D 10D JD QD",
            "7C 8C 9C 10C JC QC KD AD",
            "AS KS QS JS 10S 9S 8S 7S",
        ],
    )
    play(state, "KC AC JC 7S")
    assert state.scores() == (0, 1, 0, 0) and state.current_player == 1


POLIGNAC_ONE_SUIT_EACH = [
    "AC KC QC JC 10C 9C 8C 7C",
    "AH KH QH JH 10H 9H 8H 7H",
    "AD KD QD JD 10D 9D 8D 7D",
    "AS KS QS JS 10S 9S 8S 7S",
]


def test_polignac_reaching_20_ends_the_game_and_the_lowest_score_wins() -> None:
    # Each seat holds one suit. Seat 0 leads its clubs, nobody else has one: seat 0 wins all eight tricks
    # and takes all four jacks, J♣ 1 + J♥ 1 + J♦ 1 + J♠ 2 = 5.
    state = deal("polignac", POLIGNAC_ONE_SUIT_EACH)
    set_scores(state, (15, 8, 12, 19))
    play_lowest(state, 32)
    # 15 + 5 = 20 reaches the target of 20: the game ends, and seat 1's 8 is the lowest: seat 1 wins.
    assert state.scores() == (20, 8, 12, 19)
    assert state.is_terminal() and state.winner == 1


def test_polignac_below_20_a_new_hand_is_led_by_the_next_seat() -> None:
    state = deal("polignac", POLIGNAC_ONE_SUIT_EACH)
    set_scores(state, (14, 8, 12, 19))
    play_lowest(state, 32)
    # 14 + 5 = 19: nobody has reached 20, so a new hand is dealt; the deal passes to the left, so seat 1,
    # left of the new dealer (seat 0), leads it.
    assert state.scores() == (19, 8, 12, 19)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2 and state.current_player == 1


# ---- Scotch Whist --------------------------------------------------------------------------------------
# The engine's stated rule (docstring): 32 cards (7 to A), eight each, four players each for themselves;
# the dealer's last card (seat 3 deals: the last card listed for it) is turned up and its suit is
# trumps, here always a club; the jack of trumps is the highest trump; trump honours to whoever takes
# them: J♣ 11, 10♣ 10, A♣ 4, K♣ 3, Q♣ 2; first to 41.

SCOTCH_DEAL = [
    "AH KH QH JH 10H 9H 8H 7H",
    "7C 8C 9C 10C JD QD KD AD",
    "7D 8D 9D 10D 7S 8S 9S 10S",
    "JS QS KS AS JC QC KC AC",
]


def test_scotch_whist_a_low_trump_beats_the_ace_led() -> None:
    state = deal("scotch-whist", SCOTCH_DEAL)
    # Seat 0 leads A♥. Seat 1 has no heart and trumps with the 7♣; seat 2 (no heart) throws 7♠; seat 3 (no
    # heart) throws J♠. A trump beats any card of another suit: the 7♣ wins, and seat 1 leads next. No
    # honour was in the trick: no points.
    play(state, "AH 7C 7S JS")
    assert state.block(L.B_TRICKS, 4) == (0, 1, 0, 0)
    assert state.current_player == 1 and state.scores() == (0, 0, 0, 0)


def test_scotch_whist_trump_honours_score_to_whoever_takes_them() -> None:
    state = deal("scotch-whist", SCOTCH_DEAL)
    play(state, "AH 7C 7S JS")
    # Trick 2: seat 1 leads 10♣, seat 2 (no club) throws 7♦, seat 3 plays J♣, seat 0 (no club) 7♥. The J♣
    # is the highest club: seat 3 takes J♣ 11 + 10♣ 10 = 21.
    play(state, "10C 7D JC 7H")
    assert state.scores() == (0, 0, 0, 21)
    # Trick 3: seat 3 leads K♣ over 8♥, 9♣, 8♦: K♣ 3, 24. Trick 4: A♣ over 9♥, 8♣, 9♦: A♣ 4, 28.
    # Trick 5: Q♣ over 10♥, J♦ (seat 1 is out of clubs), 10♦: Q♣ 2, 30. The plain 7♣ 8♣ 9♣ count nothing.
    play(state, "KC 8H 9C 8D")
    assert state.scores() == (0, 0, 0, 24)
    play(state, "AC 9H 8C 9D")
    assert state.scores() == (0, 0, 0, 28)
    play(state, "QC 10H JD 10D")
    assert state.scores() == (0, 0, 0, 30)


def test_scotch_whist_the_jack_of_trumps_is_the_highest_trump() -> None:
    # Pagat: the jack of trumps ranks above the ace. Seat 0 leads K♣, seat 1 plays J♣, seat 2 (no club)
    # throws 7♦ and seat 3 follows with the 7♣ (the turned card): the J♣ wins, and seat 1 takes K♣ 3 +
    # J♣ 11 = 14 (the 7♣ is no honour) and leads next.
    state = deal(
        "scotch-whist",
        [
            "KC AH KH QH JH 10H 9H 8H",
            "JC 7S 8C 9C 10C QC AC 7H",
            "AD KD QD JD 10D 9D 8D 7D",
            "AS KS QS JS 10S 9S 8S 7C",
        ],
    )
    play(state, "KC JC 7D 7C")
    assert state.scores() == (0, 14, 0, 0) and state.current_player == 1


SCOTCH_ONE_SUIT_EACH = [
    "AH KH QH JH 10H 9H 8H 7H",
    "AD KD QD JD 10D 9D 8D 7D",
    "AS KS QS JS 10S 9S 8S 7S",
    "AC KC QC JC 10C 9C 8C 7C",
]


def test_scotch_whist_the_first_to_41_wins() -> None:
    # Seat 3, the dealer, holds every club and turns its last one, the 7♣: clubs are trumps. Nobody else
    # can follow a club or stop a trump, so seat 3 wins all eight tricks and takes every honour,
    # 11 + 10 + 4 + 3 + 2 = 30.
    state = deal("scotch-whist", SCOTCH_ONE_SUIT_EACH)
    set_scores(state, (0, 40, 0, 11))
    play_lowest(state, 32)
    # 11 + 30 = 41 reaches 41: seat 3 wins (seat 1 stays at 40, one short).
    assert state.scores() == (0, 40, 0, 41)
    assert state.is_terminal() and state.winner == 3
    # From 10 instead: 10 + 30 = 40, and seat 1's 40 is short too: nobody has 41, a new hand is dealt.
    state = deal("scotch-whist", SCOTCH_ONE_SUIT_EACH)
    set_scores(state, (0, 40, 0, 10))
    play_lowest(state, 32)
    assert state.scores() == (0, 40, 0, 40)
    assert not state.is_terminal() and state.array[L.S_HAND_NO] == 2


# ---- Knock-Out Whist -----------------------------------------------------------------------------------
# The engine's stated rule (docstring): the first hand only, seven cards each, the next card of the stock
# turned up for trumps (here always the 5♥: hearts are trumps), and the player with the most of the seven
# tricks wins.

KNOCKOUT_DEAL = [
    "AS KS QS AD KD QD 2H",
    "2S 3S 4S 2D 3D 4D 5C",
    "5S 6S 7S 5D 6D 7D 6C",
    "8S 9S 3H 8D 9D 4H 7C",
]


def test_knockout_whist_a_player_who_can_follow_suit_must() -> None:
    state = deal("knockout-whist", KNOCKOUT_DEAL, discard=[c("5H")])
    # Seat 0 leads A♠. Seat 1 holds spades: its 5♣ and 2♦ are refused. Seat 3 holds 8♠ 9♠: it may not
    # trump with a heart while it can follow.
    play(state, "AS")
    assert refused(state, "5C") and refused(state, "2D")
    assert set(state.legal_actions()) == hand_set("2S 3S 4S")
    play(state, "2S 5S")
    assert refused(state, "3H")
    assert set(state.legal_actions()) == hand_set("8S 9S")


def test_knockout_whist_a_trump_beats_the_suit_led() -> None:
    state = deal("knockout-whist", KNOCKOUT_DEAL, discard=[c("5H")])
    # Tricks 1 and 2: A♠ and K♠ over 2♠ 5♠ 8♠ and 3♠ 6♠ 9♠: seat 0 wins both.
    play(state, "AS 2S 5S 8S KS 3S 6S 9S")
    # Trick 3: seat 0 leads Q♠, seats 1 and 2 follow (4♠, 7♠); seat 3, out of spades, trumps with the 3♥
    # and wins: a trump beats the suit led. Seat 3 leads next.
    play(state, "QS 4S 7S 3H")
    assert state.block(L.B_TRICKS, 4) == (2, 0, 0, 1) and state.current_player == 3


def test_knockout_whist_the_most_tricks_of_seven_wins() -> None:
    state = deal("knockout-whist", KNOCKOUT_DEAL, discard=[c("5H")])
    # Tricks 1-3 as above: seat 0 two, seat 3 one (3♥ trumps the Q♠).
    play(state, "AS 2S 5S 8S KS 3S 6S 9S QS 4S 7S 3H")
    # Trick 4: seat 3 leads 8♦; seat 0 A♦, seat 1 2♦, seat 2 5♦: A♦ wins (seat 0, 3). Trick 5: K♦ over 3♦
    # 6♦ 9♦ (seat 0, 4). Trick 6: Q♦, 4♦, 7♦, and seat 3 (no diamond) trumps with 4♥ (seat 3, 2).
    play(state, "8D AD 2D 5D KD 3D 6D 9D QD 4D 7D 4H")
    assert state.block(L.B_TRICKS, 4) == (4, 0, 0, 2)
    # Trick 7: seat 3 leads 7♣; seat 0 has no club and trumps with 2♥; seats 1, 2 follow with 5♣, 6♣. The
    # trump wins: seat 0 has 5 tricks, seat 3 two, seats 1 and 2 none. The hand is over and seat 0, with
    # the most tricks, wins.
    play(state, "7C 2H 5C 6C")
    assert state.block(L.B_TRICKS, 4) == (5, 0, 0, 2)
    assert state.is_terminal() and state.winner == 0


# ---- Partnership Spades --------------------------------------------------------------------------------
# Seats 0 + 2 (team 0) against 1 + 3 (team 1); spades always trumps and may not be led until broken.
# Pagat's scoring: a side's bids add up to its contract, made: 10 per trick bid + 1 per overtrick (a bag),
# failed: -10 per trick bid; a Nil made +100; ten bags cost 100. (tests/engine/test_score_floor.py covers
# the -200 floor.) Hands here are short (three cards each), so the hand ends after three tricks; bids are
# made in seat order from seat 0, which then leads.

SPADES_HEARTS_DEAL = ["AH KH QH", "2H 3H 4H", "5H 6H 7H", "8H 9H 10H"]


def bid(state: GameState, bids: tuple[int, int, int, int]) -> None:
    for seat, n in enumerate(bids):
        assert state.current_player == seat
        if L.A_BLIND_NIL in state.legal_actions():  # a side 100 behind first declines blind Nil
            state.apply_action(L.A_PASS)
        state.apply_action(L.A_BID0 + n)


def test_partnership_spades_partners_bids_make_one_contract_and_an_overtrick_scores_one() -> None:
    state = deal("partnership-spades", SPADES_HEARTS_DEAL)
    # Bids 1, 1, 1, 1: team 0 contracts for 1 + 1 = 2 tricks, team 1 for 2.
    bid(state, (1, 1, 1, 1))
    # Seat 0 leads A♥, K♥, Q♥; everyone follows with hearts, all lower: seat 0 takes all three tricks.
    play_lowest(state, 12)
    # Team 0 took 3 (seat 2 took none, but the contract is the side's): made, 2 × 10 + 1 overtrick = 21,
    # one bag. Team 1 took 0 of 2: failed, -10 × 2 = -20.
    assert state.team_scores() == (21, -20)
    assert state.block(L.B_BAGS, 2) == (1, 0)


def test_partnership_spades_a_nil_made_scores_100_for_the_side() -> None:
    state = deal("partnership-spades", SPADES_HEARTS_DEAL)
    # Seat 1 bids Nil and seat 3 bids 1; seats 0 and 2 bid 2 and 1 (contract 3).
    bid(state, (2, 0, 1, 1))
    play_lowest(state, 12)
    # Seat 0 takes all three tricks as before. Team 0: 3 of 3 made, 30, no bag. Team 1: seat 1 took no
    # trick, its Nil is made, +100; seat 3's contract of 1 failed, -10: 100 - 10 = 90.
    assert state.team_scores() == (30, 90)
    assert state.block(L.B_BAGS, 2) == (0, 0)


def test_partnership_spades_ten_bags_cost_a_hundred() -> None:
    state = deal("partnership-spades", SPADES_HEARTS_DEAL)
    state.array[L.B_TEAM_SCORE] = 100
    state.array[L.B_BAGS] = 9
    bid(state, (1, 1, 1, 1))
    play_lowest(state, 12)
    # Team 0 makes 2 with one overtrick as in the first test: 100 + 21 = 121, and 9 + 1 = 10 bags. Ten bags
    # cost 100 and are taken off the count: 121 - 100 = 21, 0 bags.
    assert state.team_scores() == (21, -20)
    assert state.block(L.B_BAGS, 2) == (0, 0)


def test_partnership_spades_may_not_be_led_until_broken_and_trump_the_suit_led() -> None:
    state = deal("partnership-spades", ["AH 2S 3S", "4S 5C 6C", "5H 6H 7H", "8H 9H 10H"])
    bid(state, (1, 1, 1, 1))
    # Seat 0 holds a heart, so it may not lead its spades before spades are broken: only the A♥.
    assert refused(state, "2S")
    assert state.legal_actions() == [c("AH")]
    # Seat 1 has no heart and trumps with 4♠; seats 2, 3 follow with hearts. The spade beats the A♥.
    play(state, "AH 4S 5H 8H")
    assert state.block(L.B_TRICKS, 4) == (0, 1, 0, 0) and state.current_player == 1


def test_partnership_spades_the_first_side_to_500_wins() -> None:
    state = deal("partnership-spades", SPADES_HEARTS_DEAL)
    state.array[L.B_TEAM_SCORE] = 480
    state.array[L.B_TEAM_SCORE + 1] = 490
    bid(state, (1, 1, 1, 1))
    play_lowest(state, 12)
    # Team 0: 480 + 21 = 501, reaching 500; team 1: 490 - 20 = 470. Team 0 (seats 0 and 2) wins.
    assert state.team_scores() == (501, 470)
    assert state.is_terminal() and state.winning_team == 0
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
