"""The ask phase (``engine.asking``) in Go Fish, by the published rules the library's ``go_fish`` cites:
ask any opponent holding cards for a rank you hold; they hand over every card of it and you ask again;
if they have none you "go fish" (draw the stock's top card) and ask again only if it is the rank you
asked for; four of a rank are laid down at once (a book: one heart each, so a book scores 1); an empty
hand draws before asking; when all thirteen books are down, the most books wins.

Seats 0..3 (two-player games: 0 and 1). Every expected value is worked out by hand from those rules in
the comments, never read off the program. The deck's top card is the last one listed; the cards no
scenario needs lie face down under the discard pile, out of play.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.genome import GameGenome, SetupRules
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards


def ask_for(rank: str) -> int:
    return L.A_CLAIM_RANK0 + c(f"{rank}H") % 13


def ask(seat: int) -> int:
    return L.A_TARGET0 + seat


def two_player_go_fish() -> GameGenome:
    game = get_game("go-fish")
    return game.replace(player_count=2, setup=SetupRules(cards_per_player=7))


def test_the_opponent_hands_over_every_card_of_the_rank_and_the_asker_asks_again() -> None:
    # Two players: the only opponent is asked, so the decision is the rank: 7 or K (the ranks seat 0
    # holds). Seat 1 holds 7♠ and 7♦: both come over, seat 0 holds three 7s, and asks again.
    state = arranged(
        two_player_go_fish(),
        [cards("7H KC"), cards("7S 7D 2C")],
        deck=cards("3C 4C 5C"),
        current=0,
    )
    assert sorted(state.legal_actions()) == [ask_for("7"), ask_for("K")]
    state.apply_action(ask_for("7"))
    assert sorted(state.hand(0)) == sorted(cards("7H 7S 7D KC"))
    assert state.hand(1) == (c("2C"),)
    assert state.current_player == 0
    assert len(state.deck()) == 3  # nobody fished


def test_a_miss_goes_fishing_and_the_turn_passes_unless_the_catch_is_the_rank_asked() -> None:
    # Seat 0 asks for Kings; seat 1 has none: go fish. The top card is 5♣, not a King: seat 0 keeps it
    # and the turn passes to seat 1.
    state = arranged(two_player_go_fish(), [cards("KC 2H"), cards("7S 7D")], deck=cards("3C 4C 5C"))
    state.apply_action(ask_for("K"))
    assert sorted(state.hand(0)) == sorted(cards("KC 2H 5C"))
    assert state.current_player == 1
    # Again, with K♦ on top: the catch is the rank asked for, so seat 0 asks again.
    state = arranged(two_player_go_fish(), [cards("KC 2H"), cards("7S 7D")], deck=cards("3C 4C KD"))
    state.apply_action(ask_for("K"))
    assert sorted(state.hand(0)) == sorted(cards("KC KD 2H"))
    assert state.current_player == 0


def test_four_of_a_rank_are_laid_down_at_once_and_score_a_book() -> None:
    # Seat 0 holds three 9s and asks for 9s; seat 1's 9♠ completes the book: all four 9s go down on
    # the discard pile and the book's heart (9♥) scores 1. Seat 0 is left with 2♣ and asks again.
    state = arranged(
        two_player_go_fish(), [cards("9H 9D 9C 2C"), cards("9S 3D")], deck=cards("4C 5C"), current=0
    )
    state.apply_action(ask_for("9"))
    assert sorted(state.discard()[-4:]) == sorted(cards("9H 9D 9C 9S"))  # the unused cards lie below
    assert state.hand(0) == (c("2C"),)
    assert state.scores() == (1, 0)
    assert state.current_player == 0
    assert state.legal_actions() == [ask_for("2")]


def test_with_several_opponents_the_asker_chooses_among_those_holding_cards() -> None:
    # Four players; seat 2 has no cards, so seat 0 may ask seat 1 or seat 3, then for a rank it holds.
    state = arranged(
        get_game("go-fish"),
        [cards("4H 6H"), cards("4S"), [], cards("6S 8S")],
        deck=cards("2C 3C"),
        current=0,
    )
    assert state.legal_actions() == [ask(1), ask(3)]
    state.apply_action(ask(3))
    assert state.legal_actions() == [ask_for("4"), ask_for("6")]
    state.apply_action(ask_for("6"))  # seat 3 hands over 6♠; seat 0 asks again, anyone with cards
    assert sorted(state.hand(0)) == sorted(cards("4H 6H 6S"))
    assert state.hand(3) == (c("8S"),)
    assert state.legal_actions() == [ask(1), ask(3)]


def test_an_empty_hand_draws_first_then_asks() -> None:
    # Seat 0 starts its turn with no cards: it draws the top card (Q♣) and then asks for Queens, the
    # only rank it holds.
    state = arranged(two_player_go_fish(), [[], cards("QS 2D")], deck=cards("3C 4C QC"), current=0)
    assert state.hand(0) == (c("QC"),)
    assert state.legal_actions() == [ask_for("Q")]
    state.apply_action(ask_for("Q"))  # Q♠ comes over: two Queens, and seat 0 asks again
    assert sorted(state.hand(0)) == sorted(cards("QC QS"))


def test_the_game_ends_when_the_last_book_is_down_and_most_books_wins() -> None:
    # Twelve books are down already: seat 0 has 4 (score 4), seat 1 has 8. The last rank, Aces, is
    # split two and two. Seat 0 asks for Aces and completes the thirteenth book: 5 books against 8,
    # every hand and the stock empty, so the game is over and seat 1, with the most books, wins.
    game = two_player_go_fish()
    state = arranged(game, [cards("AH AD"), cards("AC AS")], deck=[], current=0)
    for block in (L.B_SCORE, L.B_TEAM_SCORE):  # each player is a side of one: both blocks keep score
        state.array[block : block + 2] = (4, 8)
    state.apply_action(ask_for("A"))
    assert state.is_terminal()
    assert state.scores() == (5, 8)
    assert state.winner == 1
