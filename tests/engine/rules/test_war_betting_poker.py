"""Scenario tests for the library's War, Betting War, Simple Poker and Draw Poker, each by its
published rules.

Sources: Pagat's War (https://www.pagat.com/war/war.html), Five Card Stud (https://www.pagat.com/poker/variants/5stud.html),
Five Card Draw (https://www.pagat.com/poker/variants/5draw.html), poker hand ranking
(https://www.pagat.com/poker/rules/ranking.html) and poker betting (https://www.pagat.com/poker/rules/betting.html).
Betting War is not a traditional game: its rules are War's plus the betting round its docstring
(darwindeck.genome.library.tableau.betting_war) describes. Where a game's docstring
(darwindeck.genome.library) says the engine departs from the published rule on purpose (War's tie settled
by the next pair of cards without face-down cards, the casino games decided in
one deal, Draw Poker's exchange limited by the cards set aside), the test checks the engine's stated rule
and says so.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Notation: seats 0, 1, 2, 3 move in that order, seat 0 first in every scenario; cards are written rank
then suit, ``10H`` = 10♥, ``QS`` = Q♠. Hands are dealt exactly with ``arranged``. A War stack is face
down and played from its top, the LAST card listed; won cards go under it (to the front of the list).
Where a deck is given, its LAST card is the top, the card drawn first; the cards nobody holds lie out of
play (in the deck where the game never draws, else under the discard pile).
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.errors import IllegalActionError
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_CARDS = [r + s for s in "HDCS" for r in RANKS]


def deal(slug: str, hands: list[str], **kw: object) -> GameState:
    return arranged(get_game(slug), [cards(h) for h in hands], **kw)  # type: ignore[arg-type]


def refused(state: GameState, action: int) -> bool:
    """True when ``action`` is refused and leaves the state as it was."""
    before = state.array.copy()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    return bool((state.array == before).all())


def chips(state: GameState) -> tuple[int, ...]:
    return state.block(L.B_CHIPS, state.n_players)


def pot(state: GameState) -> int:
    return int(state.array[L.S_POT])


def table(state: GameState) -> tuple[int, ...]:
    """The War battle pile (the tableau's general pile)."""
    return state.tableau(L.GENERAL_PILE)


def all_but(held: str) -> list[str]:
    """Every card of the deck except ``held``, in deck order (hearts 2 to A, diamonds, clubs, spades)."""
    taken = set(held.split())
    return [x for x in ALL_CARDS if x not in taken]


def turn_up(state: GameState) -> None:
    """The War player to move turns up the top card of their stack (the only legal play)."""
    player = state.current_player
    top = state.hand(player)[-1]
    assert state.legal_actions() == [top]
    state.apply_action(top)


# ---- War ------------------------------------------------------------------------------------------------


def test_war_the_higher_card_takes_both_cards_under_the_winners_stack_ace_high() -> None:
    # Pagat: both turn up their top card; the higher card takes both and puts them face down under its
    # stack. Cards rank A (high), K, Q, ... 2 (low).
    state = deal("war", ["5H 2C AS", "8D JD KS"])
    # Battle 1: seat 0's A♠ against seat 1's K♠: the ace is higher, seat 0 takes both. Its stack is
    # 5♥ 2♣ with the A♠ and K♠ under them: the two won cards at the bottom, 2♣ still on top.
    turn_up(state)
    assert table(state) == (c("AS"),)
    turn_up(state)
    assert table(state) == ()
    assert set(state.hand(0)[:2]) == set(cards("AS KS")) and state.hand(0)[2:] == tuple(cards("5H 2C"))
    assert state.hand(1) == tuple(cards("8D JD"))
    # Battle 2: seat 0's 2♣ (the lowest rank) against seat 1's J♦: seat 1 takes both; seat 0 keeps the
    # A♠, K♠ and 5♥ (3 cards), seat 1 has 8♦ on top of the 2♣ and J♦ (3 cards).
    turn_up(state)
    turn_up(state)
    assert set(state.hand(0)) == set(cards("AS KS 5H"))
    assert set(state.hand(1)[:2]) == set(cards("2C JD")) and state.hand(1)[2] == c("8D")
    assert not state.is_terminal()


def test_war_only_the_top_card_of_the_face_down_stack_may_be_played() -> None:
    # Pagat: players turn up the top card of their face-down stack; there is no choice of card. Seat 0's
    # stack is 3♦ 9♣ Q♥ (Q♥ on top): only the Q♥ may be played, the 3♦ and 9♣ are refused.
    state = deal("war", ["3D 9C QH", "4S 6S"])
    assert state.legal_actions() == [c("QH")]
    assert refused(state, c("3D")) and refused(state, c("9C"))
    state.apply_action(c("QH"))
    # Seat 1 in turn has only its top card, the 6♠.
    assert state.current_player == 1 and state.legal_actions() == [c("6S")]
    assert refused(state, c("4S"))


def test_war_a_tie_leaves_the_cards_and_the_next_pair_takes_them_all() -> None:
    # Pagat: equal cards start a war. The engine's stated rule (War docstring): the war is decided by the
    # next pair of face-up cards, without the three face-down cards many tables add; its winner takes
    # every card on the table, earlier tied pairs included.
    state = deal("war", ["4H 9S 5C 7C", "6D 3S 5D 7H"])
    # 7♣ against 7♥: a tie, both stay on the table. Then 5♣ against 5♦: a tie again, four cards wait.
    for _ in range(4):
        turn_up(state)
    assert set(table(state)) == set(cards("7C 7H 5C 5D"))
    assert state.hand(0) == tuple(cards("4H 9S")) and state.hand(1) == tuple(cards("6D 3S"))
    # Then 9♠ against 3♠: seat 0 is higher and takes all six cards under its 4♥: 4♥ + 6 = 7 cards, and
    # seat 1 is left with the 6♦ alone.
    turn_up(state)
    turn_up(state)
    assert table(state) == ()
    assert set(state.hand(0)[:6]) == set(cards("7C 7H 5C 5D 9S 3S")) and state.hand(0)[6] == c("4H")
    assert state.hand(1) == (c("6D"),)


def test_war_a_player_who_runs_out_during_a_war_loses_it_and_the_game() -> None:
    # Pagat: a player who does not have enough cards to complete a war loses (the War docstring: "a
    # player who cannot finish a war (no card left after a tie) loses it and so the game"). Seat 1 holds
    # only the Q♥; seat 0 holds the other 51 cards with the Q♦ on top.
    rest = " ".join(x for x in all_but("QH QD"))
    state = deal("war", [f"{rest} QD", "QH"])
    turn_up(state)
    assert not state.is_terminal()
    # Q♦ against Q♥ is a tie, and seat 1 has no card left to play the war: seat 0 takes both queens and
    # holds all 52 cards, which wins the game.
    turn_up(state)
    assert state.hand(1) == () and table(state) == () and len(state.hand(0)) == 52
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, -1.0]


def test_war_the_game_goes_on_until_one_player_has_won_every_card() -> None:
    # Pagat: the game ends when one player has won all the cards. Seat 1 holds 2♥ under K♦; seat 0 the
    # other 50 cards with, from the top, Q♠, A♣, A♥, A♦.
    rest = " ".join(all_but("2H KD QS AC AH AD"))
    state = deal("war", [f"{rest} AD AH AC QS", "2H KD"])
    # Battle 1: Q♠ against K♦: seat 1 takes both and now has 3 cards (the Q♠ and K♦ under its 2♥).
    turn_up(state)
    turn_up(state)
    assert len(state.hand(1)) == 3 and state.hand(1)[-1] == c("2H")
    # Battle 2: A♣ against 2♥: seat 0 takes both; seat 1 still holds the K♦ and Q♠, so the game goes on.
    turn_up(state)
    turn_up(state)
    assert set(state.hand(1)) == set(cards("KD QS")) and not state.is_terminal()
    # Battles 3 and 4: the A♥ and then the A♦ beat whichever of the K♦ and Q♠ seat 1 turns up: seat 0
    # has all 52 cards after battle 4 and wins, not before.
    turn_up(state)
    turn_up(state)
    assert len(state.hand(1)) == 1 and not state.is_terminal()
    turn_up(state)
    turn_up(state)
    assert len(state.hand(0)) == 52 and state.is_terminal() and state.winner == 0


# ---- Betting War ----------------------------------------------------------------------------------------


def test_betting_war_a_betting_round_comes_before_each_card() -> None:
    # Betting War docstring: 100 chips each, a betting round before each card is turned, then War's
    # capture rules. Seat 0 opens its turn's round: with nothing bet it may check, bet or go all in, not
    # fold (there is nothing to call), and it may not turn its card before the round is over.
    state = deal("betting-war", ["4H 9S", "6D 3S"])
    assert chips(state) == (100, 100)
    assert state.legal_actions() == [L.A_CHECK, L.A_BET, L.A_ALL_IN]
    assert refused(state, c("9S")) and refused(state, L.A_FOLD)
    # Both check: the round is over and seat 0 turns up its top card, the 9♠.
    state.apply_action(L.A_CHECK)
    state.apply_action(L.A_CHECK)
    assert state.current_player == 0 and state.legal_actions() == [c("9S")]
    state.apply_action(c("9S"))
    # Before seat 1's card another round is bet, opened by seat 1; both check, seat 1 turns up its 3♠,
    # and the 9♠ takes it as in War: seat 0 holds 9♠ 3♠ under its 4♥, seat 1 the 6♦.
    assert state.current_player == 1 and state.legal_actions() == [L.A_CHECK, L.A_BET, L.A_ALL_IN]
    state.apply_action(L.A_CHECK)
    state.apply_action(L.A_CHECK)
    state.apply_action(c("3S"))
    assert set(state.hand(0)[:2]) == set(cards("9S 3S")) and state.hand(0)[2] == c("4H")
    assert state.hand(1) == (c("6D"),) and chips(state) == (100, 100)


def test_betting_war_a_bet_is_one_chip_and_a_raise_calls_and_adds_one() -> None:
    # Betting War docstring: minimum bet 1. Pagat's betting: a raise first matches the bet, then adds to
    # it; a player facing a bet may call, raise or fold, never check.
    state = deal("betting-war", ["4H 9S", "6D 3S"])
    # Seat 0 bets 1: 99 chips, pot 1.
    state.apply_action(L.A_BET)
    assert chips(state) == (99, 100) and pot(state) == 1
    assert L.A_CHECK not in state.legal_actions() and refused(state, L.A_CHECK)
    assert {L.A_CALL, L.A_RAISE, L.A_FOLD} <= set(state.legal_actions())
    # Seat 1 raises: 1 to call and 1 more, 2 chips: 98 chips, pot 3; the bet to match is now 2.
    state.apply_action(L.A_RAISE)
    assert chips(state) == (99, 98) and pot(state) == 3
    # Seat 0 calls the 1 chip it owes: 98 chips, pot 4, and the round is over: seat 0 turns its card.
    state.apply_action(L.A_CALL)
    assert chips(state) == (98, 98) and pot(state) == 4
    assert state.current_player == 0 and state.legal_actions() == [c("9S")]


def test_betting_war_a_fold_gives_the_pot_to_the_other_player_and_the_deck_is_dealt_again() -> None:
    # Betting War docstring: "A fold ends the hand at once (the engine's betting rule), so the whole deck
    # is dealt again." Pagat's betting: a player who folds gives up the pot to those still in.
    state = deal("betting-war", ["4H 9S", "6D 3S"])
    # Seat 0 bets 1 (99), seat 1 raises by 1 over it (2 chips: 98, pot 3), seat 0 folds: seat 1 takes
    # the pot of 3: seat 0 99, seat 1 98 + 3 = 101.
    state.apply_action(L.A_BET)
    state.apply_action(L.A_RAISE)
    state.apply_action(L.A_FOLD)
    assert chips(state) == (99, 101) and pot(state) == 0
    # A new hand: all 52 cards dealt again, 26 each, nothing on the table; hand 2 is opened by seat 1.
    assert not state.is_terminal()
    assert len(state.hand(0)) == 26 and len(state.hand(1)) == 26 and table(state) == ()
    assert state.array[L.S_HAND_NO] == 2 and state.current_player == 1


def bet_and_call(state: GameState) -> None:
    """The turn's player bets 1 and the other calls: 1 chip each into the pot."""
    state.apply_action(L.A_BET)
    state.apply_action(L.A_CALL)


def test_betting_war_the_winner_of_each_battle_takes_its_pot_and_a_tie_carries_it() -> None:
    # Betting War docstring and description: the players bet on each battle before its cards are turned,
    # so the battle's winner takes what was bet on it; a tie (War: the next pair takes the cards) carries
    # the pot to the next pair with the cards.
    state = deal("betting-war", ["4H 9S", "6D 3S"])
    # Seat 0's round: bet 1, call (99, 99, pot 2); 9♠ up. Seat 1's round: bet 1, call (98, 98, pot 4);
    # 3♠ up: the 9♠ wins the battle, seat 0 takes the cards and the pot of 4: 98 + 4 = 102, and 98.
    bet_and_call(state)
    turn_up(state)
    bet_and_call(state)
    turn_up(state)
    assert chips(state) == (102, 98) and pot(state) == 0
    tie = deal("betting-war", ["4H 9S", "6D 9D"])
    # The same bets, then 9♠ against 9♦: a tie, the 4 chips stay in the pot with the cards.
    bet_and_call(tie)
    turn_up(tie)
    bet_and_call(tie)
    turn_up(tie)
    assert chips(tie) == (98, 98) and pot(tie) == 4
    # Nothing more is bet (both check twice); 4♥ against 6♦: seat 1 takes the four cards and the pot of
    # 4: 98 and 98 + 4 = 102.
    for _ in range(2):
        tie.apply_action(L.A_CHECK)
        tie.apply_action(L.A_CHECK)
        turn_up(tie)
    assert chips(tie) == (98, 102) and pot(tie) == 0


# ---- Simple Poker (five-card stud) and Draw Poker --------------------------------------------------------


def play_quietly(state: GameState) -> None:
    """To the end of the game: every betting decision checks, every exchange stands pat (PASS), every
    compulsory draw draws. Fails when anything else is asked for."""
    for _ in range(500):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if L.A_CHECK in legal:
            state.apply_action(L.A_CHECK)
        elif L.A_PASS in legal:
            state.apply_action(L.A_PASS)
        elif legal == [L.A_DRAW]:
            state.apply_action(L.A_DRAW)
        else:
            raise AssertionError(f"unexpected decision: {legal}")
    raise AssertionError("the game did not end")


def check_round(state: GameState) -> None:
    """Every player still in checks once: a betting round with no bet."""
    for _ in range(sum(1 for p in range(state.n_players) if not state.array[L.B_FOLDED + p])):
        state.apply_action(L.A_CHECK)


def stud_deck(draws: list[str]) -> list[int]:
    """The deck for the draws in the order they are made (the first draw is the top, the last card)."""
    return list(reversed(cards(" ".join(draws))))


def in_turn_order(extra: list[str]) -> list[str]:
    """Seat p's three stud cards ``extra[p]`` as drawn: one card per turn, seats 0 1 2 3, three times."""
    per_seat = [e.split() for e in extra]
    return [per_seat[i % 4][i // 4] for i in range(12)]


def test_simple_poker_two_cards_then_one_compulsory_card_a_turn_and_a_flush_beats_a_straight() -> None:
    # Pagat's Five Card Stud: two cards each, then a betting round before each further card until
    # everyone has five; the best poker hand wins. Pagat's ranking: flush > straight > three of a kind >
    # two pair. Seat 0 ends with a flush (2 7 9 J K of hearts), seat 1 a straight (5 6 7 8 9, mixed
    # suits), seat 2 three queens, seat 3 two pair (aces and kings).
    extra = ["9H JH KH", "7S 8C 9D", "QC 3D 4S", "KS KD 2S"]
    state = deal("simple-poker", ["2H 7H", "5C 6D", "QS QD", "AS AD"], deck=stud_deck(in_turn_order(extra)))
    assert chips(state) == (100, 100, 100, 100)
    # The first betting round is opened by seat 0 and everyone checks; then seat 0 must take its third
    # card (the draw is compulsory: no PASS) and gets the 9♥.
    check_round(state)
    assert state.current_player == 0 and state.legal_actions() == [L.A_DRAW]
    assert refused(state, L.A_PASS)
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == tuple(cards("2H 7H 9H"))
    # Everyone checks every round to the showdown; each hand has exactly five cards (12 drawn) and the
    # flush wins. No chip was bet, so the chips are unchanged.
    play_quietly(state)
    assert [len(state.hand(p)) for p in range(4)] == [5, 5, 5, 5] and state.deck() == ()
    assert set(state.hand(1)) == set(cards("5C 6D 7S 8C 9D"))
    assert state.is_terminal() and state.winner == 0 and chips(state) == (100, 100, 100, 100)


def test_simple_poker_equal_pairs_are_decided_by_the_highest_odd_card() -> None:
    # Pagat's ranking: of two equal pairs, the higher odd cards (kickers) win, the highest first. Seats 0
    # and 1 both hold a pair of kings with 7 and 3; seat 0's third odd card is an ace, seat 1's a queen:
    # K K A 7 3 beats K K Q 7 3. Seat 2 has a pair of jacks, seat 3 ace high.
    extra = ["AC 7S 3H", "QH 7D 3C", "10C 8S 2C", "6D 5H 4C"]
    state = deal("simple-poker", ["KH KD", "KC KS", "JH JD", "AH 9S"], deck=stud_deck(in_turn_order(extra)))
    play_quietly(state)
    assert state.is_terminal() and state.winner == 0


def test_simple_poker_the_ace_low_straight_is_a_straight_but_the_lowest_one() -> None:
    # Pagat's ranking: A-2-3-4-5 is a straight, the lowest; 2-3-4-5-6 beats it. Deal 1: seat 0 holds the
    # five-high straight, seat 1 2 3 4 5 6 (mixed suits), seat 2 three kings, seat 3 queen high: seat 1's
    # six-high straight is the best hand.
    extra = ["3C 4S 5H", "4H 5S 6C", "KC 9S 8S", "9H 7C 6D"]
    hands = ["AH 2D", "2C 3D", "KH KD", "QH JD"]
    state = deal("simple-poker", hands, deck=stud_deck(in_turn_order(extra)))
    play_quietly(state)
    assert state.is_terminal() and state.winner == 1
    # Deal 2: seat 1 holds 2 3 4 8 10 instead (ten high): now the wheel, a straight, beats seat 2's three
    # kings and seat 0 wins.
    extra[1] = "4H 8S 10C"
    extra[2] = "KC 9S 7S"
    state = deal("simple-poker", hands, deck=stud_deck(in_turn_order(extra)))
    play_quietly(state)
    assert state.is_terminal() and state.winner == 0


def test_simple_poker_a_bet_and_three_raises_close_the_betting() -> None:
    # Pagat's limit, the docstring's "at most 3 raises": a bet and three raises. Seat 0 bets, seats 1, 2
    # and 3 each raise (the bet goes 2, 4, 6, 8); seat 0, facing the third raise, may only call, go all
    # in or fold.
    state = deal("simple-poker", ["2H 2D", "3H 3D", "AH AD", "4H 7D"])
    state.apply_action(L.A_BET)
    for _raise in range(3):
        assert L.A_RAISE in state.legal_actions()
        state.apply_action(L.A_RAISE)
    assert state.current_player == 0 and int(state.array[L.S_CUR_BET]) == 8
    assert state.legal_actions() == [L.A_CALL, L.A_ALL_IN, L.A_FOLD]


def test_simple_poker_bets_of_two_and_a_folded_hand_cannot_win_the_pot() -> None:
    # Simple Poker docstring: 100 chips, minimum bet 2. Pagat's betting: a player facing a bet calls,
    # raises (matches the bet and adds to it) or folds, never checks; one who folds is out of the hand
    # and cannot win the pot, which goes to the best hand of those still in.
    state = deal(
        "simple-poker",
        ["2H 2D", "3H 3D", "AH AD", "4H 7D"],
        deck=stud_deck(
            # Seat 2 folds and sits out the hand (draws nothing): the draws go to seats 0, 1, 3 in turn.
            ["5C", "6C", "9C", "8S", "9S", "QS", "10H", "JH", "KH"]
        ),
    )
    # Seat 0 bets 2: 98 chips, pot 2. Seat 1 may not check; it raises: 2 to call + 2 = 4, 96 chips, pot 6.
    state.apply_action(L.A_BET)
    assert chips(state) == (98, 100, 100, 100) and pot(state) == 2
    assert refused(state, L.A_CHECK)
    state.apply_action(L.A_RAISE)
    assert chips(state) == (98, 96, 100, 100) and pot(state) == 6
    # Seat 2 folds its two aces; seat 3 calls 4 (96, pot 10); seat 0 calls the 2 it owes (96, pot 12).
    state.apply_action(L.A_FOLD)
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_CALL)
    assert chips(state) == (96, 96, 100, 96) and pot(state) == 12
    # Then everyone left checks to the showdown. Seat 0: 2 2 5 8 10 (pair of twos); seat 1: 3 3 6 9 J
    # (pair of threes); seat 3: 4 7 9 Q K (king high); seat 2's pair of aces would beat them all but is
    # folded. Seat 1's threes win the pot of 12: 96 + 12 = 108, and the game.
    state.apply_action(L.A_DRAW)
    play_quietly(state)
    assert state.hand(2) == tuple(cards("AH AD"))
    assert set(state.hand(1)) == set(cards("3H 3D 6C 9S JH"))
    assert state.is_terminal() and state.winner == 1
    assert chips(state) == (96, 108, 100, 96) and pot(state) == 0


def test_simple_poker_when_everyone_else_folds_the_bettor_wins_at_once() -> None:
    # Pagat's betting: when all but one player fold, that player wins the pot without a showdown. The
    # docstring: one deal decides the game, so that player wins the game. Seat 0 (7 2 offsuit) bets 2;
    # seats 1, 2 and 3 fold, seat 3 with a pair of aces. Seat 0 takes back its 2 chips: 100 each, and
    # wins with two cards in hand, before any further card is dealt.
    state = deal("simple-poker", ["7H 2D", "3H 4D", "9C 10C", "AS AC"])
    state.apply_action(L.A_BET)
    state.apply_action(L.A_FOLD)
    state.apply_action(L.A_FOLD)
    assert not state.is_terminal()
    state.apply_action(L.A_FOLD)
    assert state.is_terminal() and state.winner == 0
    assert chips(state) == (100, 100, 100, 100) and len(state.hand(0)) == 2


def test_draw_poker_an_exchange_of_three_makes_four_kings_which_beat_a_full_house() -> None:
    # Pagat's Five Card Draw: five cards each, a betting round, each player may discard cards and draw as
    # many from the deck (here at most three), another betting round, the best hand wins. Pagat's
    # ranking: four of a kind > full house > flush > straight.
    # Seat 0: K♥ K♦ 2♣ 5♠ 9♥ (a pair of kings); seat 1 a heart flush, seat 2 tens full of fours, seat 3 a
    # straight 5 to 9. The deck's top three are K♣, K♠, 3♦ (K♣ first).
    hands = ["KH KD 2C 5S 9H", "3H 7H 8H JH AH", "10C 10S 10D 4C 4D", "5C 6S 7C 8S 9C"]
    state = deal("draw-poker", hands, deck=cards("2D 3D KS KC"))
    check_round(state)
    # Seat 0 discards 2♣, 5♠, 9♥ (set aside face down in front of it, the docstring's captured pile).
    # Three is the limit: then it must draw, and no fourth discard nor a PASS is accepted.
    for card in cards("2C 5S 9H"):
        state.apply_action(card)
    assert state.legal_actions() == [L.A_DRAW]
    assert refused(state, c("KH")) and refused(state, L.A_PASS)
    # It draws back to five from the top: K♣, K♠, 3♦: four kings.
    for _ in range(3):
        state.apply_action(L.A_DRAW)
    assert state.hand(0) == tuple(cards("KH KD KC KS 3D"))
    assert set(state.captured(0)) == set(cards("2C 5S 9H")) and state.deck() == (c("2D"),)
    # The others stand pat and everyone checks: the four kings beat the full house, the flush and the
    # straight.
    play_quietly(state)
    assert state.is_terminal() and state.winner == 0
    assert [len(state.hand(p)) for p in range(4)] == [5, 5, 5, 5] and chips(state) == (100, 100, 100, 100)


def test_draw_poker_at_most_three_cards_are_exchanged_over_the_deal() -> None:
    # Draw Poker docstring (the engine's stated rule): the exchange may be spread over several turns, at
    # most three cards over the whole deal. Seat 0: 7♣ 7♦ 2♥ 3♠ 9♦. The deck's top cards, in order:
    # 7♥, then 7♠ and Q♣.
    hands = ["7C 7D 2H 3S 9D", "AC AD AS 5D 6H", "KC QD JS 4H 2S", "10H 10D 8C 8D 4S"]
    state = deal("draw-poker", hands, deck=cards("5C QC 7S 7H"))
    # Turn 1: seat 0 exchanges one card, the 2♥, for the 7♥: three sevens. The others stand pat.
    check_round(state)
    state.apply_action(c("2H"))
    assert L.A_PASS in state.legal_actions()  # fewer than three may be exchanged
    assert c("3S") in state.legal_actions()
    state.apply_action(L.A_PASS)
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == tuple(cards("7C 7D 3S 9D 7H"))
    check_round(state)
    for _ in range(3):  # seats 1, 2, 3: a round of checks, stand pat, a round of checks
        check_round(state)
        state.apply_action(L.A_PASS)
        check_round(state)
    # Turn 2: seat 0 exchanges the 3♠ and the 9♦ for the 7♠ and Q♣: four sevens. That makes three cards
    # set aside, the limit: the exchange stops there and the draw is all that is left.
    check_round(state)
    assert state.current_player == 0
    state.apply_action(c("3S"))
    state.apply_action(c("9D"))
    assert state.legal_actions() == [L.A_DRAW] and refused(state, c("7C"))
    state.apply_action(L.A_DRAW)
    state.apply_action(L.A_DRAW)
    assert set(state.hand(0)) == set(cards("7C 7D 7H 7S QC")) and len(state.captured(0)) == 3
    # From now on a round goes by with no exchange (seat 0 is offered none in its third turn) and the
    # showdown comes: four sevens beat three aces, two pair and king high.
    play_quietly(state)
    assert state.is_terminal() and state.winner == 0 and state.deck() == (c("5C"),)


def test_draw_poker_the_pot_goes_to_the_best_hand_still_in_at_the_showdown() -> None:
    # Pagat's betting: the pot goes to the best hand among those who did not fold. Draw Poker docstring:
    # minimum bet 2. Seat 0 bets 2 (98, pot 2), seat 1 calls (98, pot 4), seat 2 folds a straight flush,
    # seat 3 calls (98, pot 6). Everyone else then stands pat and checks.
    hands = ["2H 2D 5C 8D 10H", "3H 3D 6C 9H JH", "5S 6S 7S 8S 9S", "4H 7D 9C QS KH"]
    state = deal("draw-poker", hands)
    state.apply_action(L.A_BET)
    state.apply_action(L.A_CALL)
    state.apply_action(L.A_FOLD)
    state.apply_action(L.A_CALL)
    assert chips(state) == (98, 98, 100, 98) and pot(state) == 6
    play_quietly(state)
    # Showdown without seat 2: pair of threes (seat 1) > pair of twos (seat 0) > king high (seat 3).
    # Seat 1 takes the pot of 6: 98 + 6 = 104, and wins the game.
    assert state.is_terminal() and state.winner == 1
    assert chips(state) == (98, 104, 100, 98) and pot(state) == 0
