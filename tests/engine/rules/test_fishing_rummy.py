"""Scenario tests for the library's fishing games, Scopa and Scopone, and for Rummy, each by its published
rules.

Sources: Pagat's Scopa (https://www.pagat.com/fishing/scopa.html), Scopone
(https://www.pagat.com/fishing/scopone.html, the *scientifico* form) and Rummy
(https://www.pagat.com/rummy/rummy.html). Where a game's docstring (darwindeck.genome.library) says the
engine departs from the published rule on purpose (Scopa and Scopone: one card captures one card of its
rank, never a sum; the score is the "most cards" point alone, over one deal; the cards left on the table
at the end go to nobody. Rummy: the draw is always from the stock; one meld and one lay-off a turn),
the test checks the engine's stated rule and says so. Runs in Rummy are tested in test_rummy_melds.py.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Notation: seats 0, 1, 2, 3 play in that order (seat 0 moves first in every scenario); in Scopone seats 0
and 2 are partners against 1 and 3. Cards are written rank then suit, ``5H`` = 5♥, ``KS`` = K♠; Scopa's
40-card deck has no 8s, 9s or 10s (J, Q, K stand for the Italian fante, cavallo and re). Hands are dealt
exactly with ``arranged``; the table is the general tableau pile. The cards nobody holds lie out of play
under the discard pile unless a deck is given, whose LAST card is the top, the card drawn first.
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.errors import IllegalActionError
from darwindeck.genome import Rank
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

TABLE = L.GENERAL_PILE


def deal(slug: str, hands: list[str], table: str = "", **kw: object) -> GameState:
    tableau = {TABLE: cards(table)} if table else None
    return arranged(get_game(slug), [cards(h) for h in hands], tableau=tableau, **kw)  # type: ignore[arg-type]


def table(state: GameState) -> set[int]:
    return set(state.tableau(TABLE))


def captured(state: GameState, seat: int) -> set[int]:
    return set(state.captured(seat))


def refused(state: GameState, action: int) -> bool:
    """True when ``action`` is refused and leaves the state as it was."""
    before = state.array.copy()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    return bool((state.array == before).all())


def play(state: GameState, seat: int, card: str) -> None:
    assert state.current_player == seat
    state.apply_action(c(card))


# ---- Scopa ---------------------------------------------------------------------------------------------


def test_scopa_deals_three_cards_each_from_the_forty_card_deck() -> None:
    # Pagat: the Italian 40-card pack (A, 2-7, fante, cavallo, re in four suits: no 8, 9 or 10); three
    # cards to each player. The engine's stated difference: no four cards face up on the table, so the
    # table starts empty and the stock holds 40 - 2 x 3 = 34 cards. The non-dealer (seat 0) plays first.
    state = GameState.new(get_game("scopa"), 0)
    deck = state.tables.deck_cards.tolist()
    assert len(deck) == 40
    assert not {x for x in deck if Rank.from_code(x % 13) in (Rank.EIGHT, Rank.NINE, Rank.TEN)}
    assert [len(state.hand(p)) for p in range(2)] == [3, 3]
    assert len(state.deck()) == 34 and state.tableau(TABLE) == ()
    assert state.current_player == 0


def test_scopa_a_card_captures_the_table_card_of_its_rank() -> None:
    # Table 5♦ 3♣ K♠. Seat 0 plays 5♥: a table card of the same rank (5♦) is there, so 5♥ takes it and
    # both go face down to seat 0's captures; 3♣ and K♠ stay. Then seat 1 plays K♥ and takes K♠ the same
    # way, leaving only 3♣ on the table.
    state = deal("scopa", ["5H 2C 4S", "KH 6D 7C"], table="5D 3C KS", deck=[])
    play(state, 0, "5H")
    assert captured(state, 0) == set(cards("5H 5D"))
    assert table(state) == set(cards("3C KS"))
    play(state, 1, "KH")
    assert captured(state, 1) == set(cards("KH KS"))
    assert table(state) == {c("3C")}


def test_scopa_a_card_that_matches_no_table_card_stays_on_the_table() -> None:
    # Table 3♣ K♠. Seat 0 plays 4♠: no 4 on the table, so it captures nothing and lies face up beside
    # them (table 3♣ K♠ 4♠). Seat 1's 6♦ likewise (table 3♣ K♠ 4♠ 6♦); nobody has captured a card.
    state = deal("scopa", ["4S 2C 5H", "6D 7C KH"], table="3C KS", deck=[])
    play(state, 0, "4S")
    assert table(state) == set(cards("3C KS 4S"))
    play(state, 1, "6D")
    assert table(state) == set(cards("3C KS 4S 6D"))
    assert captured(state, 0) == set() and captured(state, 1) == set()


def test_scopa_a_card_does_not_capture_a_sum_of_table_cards_the_engines_stated_rule() -> None:
    # Table 3♦ 4♣. By Pagat a 7 could take the 3 and the 4 together (3 + 4 = 7); the docstring says the
    # engine's card captures only a card of its own rank, never a sum. So seat 0's 7♥ takes nothing and
    # stays: table 3♦ 4♣ 7♥. Seat 1's 4♥ then takes the 4♣ (a card of its rank): table 3♦ 7♥.
    state = deal("scopa", ["7H 2C 5S", "4H 6D KC"], table="3D 4C", deck=[])
    play(state, 0, "7H")
    assert table(state) == set(cards("3D 4C 7H")) and captured(state, 0) == set()
    play(state, 1, "4H")
    assert captured(state, 1) == set(cards("4H 4C"))
    assert table(state) == set(cards("3D 7H"))


def test_scopa_three_new_cards_each_when_both_hands_are_empty() -> None:
    # Pagat: when both players have played out their hands, the dealer deals three more cards to each
    # from the stock, and none to the table. Seat 0 holds 2♣ and seat 1 holds 5♠, one card each; the
    # stock holds the six cards A♥ A♦ A♣ 6♥ 6♦ 6♣. Seat 0 plays 2♣ (no 2 on the empty table: it stays),
    # seat 1 plays 5♠ (stays too). Both hands are empty and the stock is not: 3 + 3 cards are dealt, all
    # six stock cards, the stock is empty, the table still holds just 2♣ 5♠, and the turn passes on by
    # alternation to seat 0, who opens each round of three cards.
    stock = cards("AH AD AC 6H 6D 6C")
    state = deal("scopa", ["2C", "5S"], deck=stock)
    play(state, 0, "2C")
    play(state, 1, "5S")
    assert [len(state.hand(p)) for p in range(2)] == [3, 3]
    assert set(state.hand(0)) | set(state.hand(1)) == set(stock)
    assert state.deck() == ()
    assert table(state) == set(cards("2C 5S"))
    assert state.current_player == 0 and not state.is_terminal()


def test_scopa_when_the_cards_run_out_the_player_with_more_cards_captured_wins() -> None:
    # The "most cards" point (the engine's stated score: that point alone, over one deal). Stock empty,
    # table 5♦ K♣. Seat 0: 5♥ 2♣ 3♠; seat 1: K♥ 2♦ 6♠.
    #   0 plays 5♥, takes 5♦ (seat 0: 2 cards); 1 plays K♥, takes K♣ (seat 1: 2); table empty.
    #   0 plays 2♣, it stays; 1 plays 2♦, takes 2♣ (seat 1: 4).
    #   0 plays 3♠, it stays; 1 plays 6♠, it stays (table 3♠ 6♠).
    # Stock and hands are empty: the deal is over. Seat 1 captured 4 cards, seat 0 2: seat 1 wins.
    state = deal("scopa", ["5H 2C 3S", "KH 2D 6S"], table="5D KC", deck=[])
    for card0, card1 in (("5H", "KH"), ("2C", "2D"), ("3S", "6S")):
        assert not state.is_terminal()
        play(state, 0, card0)
        play(state, 1, card1)
    assert (len(state.captured(0)), len(state.captured(1))) == (2, 4)
    assert state.is_terminal()
    assert state.winner == 1 and state.returns() == [-1.0, 1.0]


def test_scopa_cards_left_on_the_table_go_to_nobody_the_engines_stated_rule() -> None:
    # By Pagat the last player to capture takes the cards left on the table; the docstring says the
    # engine leaves them there. Stock empty, table K♣. Seat 0: 4♥ 2♣ 3♠; seat 1: K♥ 5♦ 6♠.
    #   0 plays 4♥, stays (table K♣ 4♥); 1 plays K♥, takes K♣ (seat 1: 2 cards; table 4♥).
    #   0 plays 2♣, stays; 1 plays 5♦, stays (table 4♥ 2♣ 5♦).
    #   0 plays 3♠, stays; 1 plays 6♠, stays (table 4♥ 2♣ 5♦ 3♠ 6♠).
    # Seat 1 captured last; under Pagat's rule it would add the five table cards (7 cards). In the engine
    # the five stay on the table and seat 1 wins with its 2 captured cards against seat 0's none.
    state = deal("scopa", ["4H 2C 3S", "KH 5D 6S"], table="KC", deck=[])
    for card0, card1 in (("4H", "KH"), ("2C", "5D"), ("3S", "6S")):
        play(state, 0, card0)
        play(state, 1, card1)
    assert state.is_terminal()
    assert table(state) == set(cards("4H 2C 5D 3S 6S"))
    assert captured(state, 1) == set(cards("KH KC")) and captured(state, 0) == set()
    assert state.winner == 1


# ---- Scopone -------------------------------------------------------------------------------------------


def test_scopone_deals_the_whole_deck_ten_cards_each_and_none_to_the_table() -> None:
    # Pagat (scopone scientifico): the 40 cards are all dealt, 10 to each of the four players, none to
    # the table; so the stock is empty and the table bare. Seat 0 plays first.
    state = GameState.new(get_game("scopone"), 0)
    assert [len(state.hand(p)) for p in range(4)] == [10, 10, 10, 10]
    assert len({x for p in range(4) for x in state.hand(p)}) == 40
    assert state.deck() == () and state.tableau(TABLE) == ()
    assert state.current_player == 0


def test_scopone_play_goes_round_the_table_and_partners_pool_their_captures() -> None:
    # Two cards each, table K♣ 3♦ 5♠, nothing else left to play. Seats 0+2 against 1+3; one card a turn
    # in seat order 0, 1, 2, 3.
    #   Round 1: 0's K♥ takes K♣ (seat 0: 2); 1's 3♥ takes 3♦ (seat 1: 2); 2's 5♣ takes 5♠ (seat 2: 2);
    #            3's 7♠ finds no 7 and stays (table 7♠).
    #   Round 2: 0's 2♥ stays (table 7♠ 2♥); 1's 7♦ takes 7♠ (seat 1: 4); 2's 2♣ takes 2♥ (seat 2: 4);
    #            3's J♦ stays (table J♦).
    # Captures: seat 0 2, seat 1 4, seat 2 4, seat 3 0. Partners pool them: 0+2 have 6, 1+3 have 4, so
    # seats 0 and 2 win, although seat 1 alone captured as many as anyone.
    state = deal("scopone", ["KH 2H", "3H 7D", "5C 2C", "7S JD"], table="KC 3D 5S", deck=[])
    for round_cards in (("KH", "3H", "5C", "7S"), ("2H", "7D", "2C", "JD")):
        for seat, card in enumerate(round_cards):
            assert not state.is_terminal()
            play(state, seat, card)
    assert [len(state.captured(p)) for p in range(4)] == [2, 4, 4, 0]
    assert captured(state, 2) == set(cards("5C 5S 2C 2H"))
    assert table(state) == {c("JD")}
    assert state.is_terminal()
    assert state.winning_team == 0 and state.returns() == [1.0, -1.0, 1.0, -1.0]


def test_scopone_equal_captures_are_a_draw() -> None:
    # One card each, table K♣. 0's K♥ takes K♣ (seats 0+2: 2 cards); 1's 4♦ stays; 2's 5♣ stays
    # (table 4♦ 5♣); 3's 5♠ takes 5♣ (seats 1+3: 2 cards). The cards are out with 2 captured on each
    # side: Pagat gives the "cards" point to neither side, and the docstring makes equal captures a draw.
    state = deal("scopone", ["KH", "4D", "5C", "5S"], table="KC", deck=[])
    for seat, card in enumerate(("KH", "4D", "5C", "5S")):
        play(state, seat, card)
    assert [len(state.captured(p)) for p in range(4)] == [2, 0, 0, 2]
    assert table(state) == {c("4D")}
    assert state.is_terminal()
    assert state.winning_team == -1 and state.winner == -1
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_scopone_a_card_of_a_rank_on_the_table_always_captures() -> None:
    # Pagat: a card matching a table card captures it; the player cannot choose to lay it beside it.
    # Table Q♦ 6♣. Seat 0 holds Q♠ and 4♥ and may play either (both are legal), but playing Q♠ always
    # takes Q♦: table 6♣, seat 0 has captured Q♠ Q♦. Seat 1's 6♥ then takes 6♣ and clears the table.
    state = deal("scopone", ["QS 4H", "6H AC", "2D 3S", "JH 7C"], table="QD 6C", deck=[])
    assert set(state.legal_actions()) == set(cards("QS 4H"))
    play(state, 0, "QS")
    assert captured(state, 0) == set(cards("QS QD")) and table(state) == {c("6C")}
    play(state, 1, "6H")
    assert captured(state, 1) == set(cards("6H 6C")) and table(state) == set()


# ---- Rummy ---------------------------------------------------------------------------------------------
# Hands are chosen so that no three cards of one suit are in sequence (no run could be melded): these
# scenarios are about sets.


def test_rummy_deals_seven_each_turns_up_one_card_and_the_first_player_draws_from_the_stock() -> None:
    # Pagat, four players: 7 cards each, the next card turned face up to start the discard pile, the
    # rest face down as the stock: 52 - 4 x 7 - 1 = 23 cards. The player left of the dealer (seat 0)
    # begins by drawing; the engine's stated rule: always from the stock, so DRAW is the only move.
    state = GameState.new(get_game("rummy"), 0)
    assert [len(state.hand(p)) for p in range(4)] == [7, 7, 7, 7]
    assert len(state.discard()) == 1 and len(state.deck()) == 23
    assert state.current_player == 0 and state.legal_actions() == [L.A_DRAW]


def test_rummy_a_set_of_three_of_a_rank_is_melded_and_the_turn_ends_with_a_discard() -> None:
    # Seat 0: 7♥ 7♦ 7♣ 2♠ 5♥ J♦ K♣; the stock's top is Q♣. Seat 0 draws Q♣ (8 cards) and may meld the
    # three 7s (or not). Melded, they lie on the table. No 7 is left to lay off, so next is the discard,
    # which is compulsory (PASS is refused). Seat 0 discards K♣: 8 - 3 - 1 = 4 cards left (2♠ 5♥ J♦ Q♣),
    # K♣ on the discard pile, and seat 1 is next.
    state = deal(
        "rummy",
        ["7H 7D 7C 2S 5H JD KC", "3H 9D QS 4C 6D 8S AH", "2H 10C 4S 6H 8D QH AS", "3D 5C 9S JH KD 10S 2D"],
        deck=cards("QC"),
        discard=cards("10H"),
    )
    state.apply_action(L.A_DRAW)
    assert c("QC") in state.hand(0) and len(state.hand(0)) == 8
    three_sevens = L.A_SET0 + (3 - 2) * L.N_RANKS + Rank.SEVEN.code
    assert set(state.legal_actions()) == {L.A_PASS, three_sevens}
    state.apply_action(three_sevens)
    assert table(state) == set(cards("7H 7D 7C"))
    assert refused(state, L.A_PASS)
    state.apply_action(c("KC"))
    assert set(state.hand(0)) == set(cards("2S 5H JD QC"))
    assert state.discard()[-1] == c("KC")
    assert state.current_player == 1


def test_rummy_a_pair_is_no_meld() -> None:
    # A meld is three or four cards of a rank. The table holds the four Ks. Seat 0 holds the pair 9♥ 9♦
    # and no other pair; after drawing 4♣ it has no meld and no K to lay off on the Ks, so its only
    # moves are the discards of its eight cards; a pair of 9s is refused.
    state = deal(
        "rummy",
        ["9H 9D 2S 5H JD QC 6S", "3H 9S QS 4D 6D 8S AH", "2H 10C 4S 6H 8D QH AS", "3D 5C 9C JH 7C 10S 2D"],
        table="KH KD KC KS",
        deck=cards("4C"),
        discard=cards("10H"),
    )
    state.apply_action(L.A_DRAW)
    assert set(state.legal_actions()) == set(cards("9H 9D 2S 5H JD QC 6S 4C"))
    pair_of_nines = L.A_SET0 + (2 - 2) * L.N_RANKS + Rank.NINE.code
    assert refused(state, pair_of_nines)


def test_rummy_the_fourth_card_of_a_rank_is_laid_off_on_the_set_of_three() -> None:
    # Seat 0: K♥ K♦ K♣ K♠ 9♥ 9♦ 4♠; draws 2♥. It melds three Ks (the SET action takes the lowest ids:
    # K♥ K♦ K♣), then may lay off the K♠ on them (or pass), but not the 9♥ (no meld of 9s, no run).
    # Laid off, the table holds all four Ks; seat 0 discards 2♥ and keeps 9♥ 9♦ 4♠ (8 - 3 - 1 - 1 = 3).
    state = deal(
        "rummy",
        ["KH KD KC KS 9H 9D 4S", "3H 9S QS 4D 6D 8S AH", "2S 10C 4H 6H 8D QH AS", "3D 5C 9C JH 10S 2D 7S"],
        deck=cards("2H"),
        discard=cards("10H"),
    )
    state.apply_action(L.A_DRAW)
    state.apply_action(L.A_SET0 + (3 - 2) * 13 + Rank.KING.code)
    assert table(state) == set(cards("KH KD KC"))
    assert set(state.legal_actions()) == {L.A_PASS, c("KS")}
    assert refused(state, c("9H"))
    state.apply_action(c("KS"))
    assert table(state) == set(cards("KH KD KC KS"))
    state.apply_action(c("2H"))
    assert set(state.hand(0)) == set(cards("9H 9D 4S"))
    assert state.current_player == 1


def test_rummy_the_first_player_to_get_rid_of_every_card_wins() -> None:
    # Seat 0 holds the four 9s. It draws K♦, melds three 9s (9♥ 9♦ 9♣), lays off the 9♠ on them and
    # discards K♦: its hand is empty, it has gone out and wins at once, the others still holding cards.
    state = deal(
        "rummy",
        ["9H 9D 9C 9S", "3H 7S QS 4D 6D 8S AH", "2S 10C 4H 6H 8D QH AS", "3D 5C 7C JH 10S 2D 7H"],
        deck=cards("KD"),
        discard=cards("10H"),
    )
    state.apply_action(L.A_DRAW)
    state.apply_action(L.A_SET0 + (3 - 2) * 13 + Rank.NINE.code)
    state.apply_action(c("9S"))
    assert not state.is_terminal()
    state.apply_action(c("KD"))
    assert state.hand(0) == ()
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, -1.0, -1.0, -1.0]


def test_rummy_nothing_can_be_laid_off_on_an_empty_table() -> None:
    # Seat 0: 9♥ 9♦ 2♠ 5♥ J♦ K♣ 6♠, draws the 4♣: no three of a rank and no three in suit sequence, so
    # no meld; the table is empty, so no lay-off either (Pagat: a card is laid off on a meld). Its only
    # moves are its eight discards.
    state = deal(
        "rummy",
        ["9H 9D 2S 5H JD KC 6S", "3H 9S QS 4D 6D 8S AH", "2H 10C 4S 6H 8D QH AS", "3D 5C 9C JH KD 10S 2D"],
        deck=cards("4C"),
        discard=cards("10H"),
    )
    state.apply_action(L.A_DRAW)
    assert set(state.legal_actions()) == set(cards("9H 9D 2S 5H JD KC 6S 4C"))


def test_rummy_an_empty_stock_is_refilled_from_the_discard_pile_under_its_top_card() -> None:
    # The stock is empty; the table holds the four Ks; the discard pile holds the 52 - 4 x 7 - 4 = 20
    # cards nobody holds, Q♦ on top. Seat 0 must draw: the discard pile except its top card becomes the
    # new stock (Pagat turns it over; the engine shuffles it, as its rulebook says; either way), so seat 0
    # draws one of those 19 cards, 18 are left in the stock and Q♦ alone stays face up. Seat 0's hand has
    # no pair and no two cards of a suit within two ranks, so no drawn card makes a meld, and no K is
    # left to lay off on the Ks: its only moves are the eight discards. It discards 6♠ on Q♦.
    hands = ["2C 5H JD QC 6S 9H 3D", "3H 9S QS 4D 6D 8S AH", "2S 10C 4H 6H 8D QH AS", "5C 9C JH 10S 2D 7H 4C"]
    state = deal("rummy", hands, table="KH KD KC KS", deck=[], discard=cards("QD"))
    under_the_top = set(state.discard()[:-1])
    assert len(under_the_top) == 19 and state.discard()[-1] == c("QD")
    state.apply_action(L.A_DRAW)
    drawn = set(state.hand(0)) - set(cards(hands[0]))
    assert len(drawn) == 1 and drawn <= under_the_top
    assert len(state.deck()) == 18 and state.discard() == (c("QD"),)
    assert set(state.deck()) == under_the_top - drawn
    assert set(state.legal_actions()) == set(state.hand(0))
    state.apply_action(c("6S"))
    assert state.discard() == (c("QD"), c("6S"))
