"""Scenario tests for the library's shedding games: Cheat, Old Maid, President, Uno-style, Mau-Mau and
Fan Tan, each by its published rules.

Sources: Pagat's Cheat (https://www.pagat.com/beating/cheat.html), Old Maid
(https://www.pagat.com/passing/oldmaid.html), President (https://www.pagat.com/climbing/president.html),
Mau-Mau (https://www.pagat.com/eights/maumau.html) and Fan Tan / Sevens
(https://www.pagat.com/layout/sevens.html); Uno-style follows Uno's published rules (match the top card
by colour or number, Draw Two, Skip, Reverse, Wild names the colour, draw one card when you cannot play
and play it if it fits) with the action cards of spec 000 that its docstring names (2 draw two, J skip,
Q reverse, K another turn, A wild). Where a game's docstring (darwindeck.genome.library) says the engine
departs from the published rule on purpose, the test checks the engine's stated rule and says so.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

Notation: seats 0, 1, 2, 3 play in that order (seat 0 moves first in every scenario); cards are written
rank then suit, ``10H`` = 10♥, ``QS`` = Q♠. Hands are dealt exactly with ``arranged``; the cards nobody
holds lie out of play (in the deck where the game never draws, else under the discard pile). Where a
deck is given, its LAST card is the top, the card drawn first.
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.errors import IllegalActionError
from darwindeck.genome import Rank, Suit
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

HEARTS, DIAMONDS, CLUBS, SPADES = (s.code for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES))


def deal(slug: str, hands: list[str], **kw: object) -> GameState:
    return arranged(get_game(slug), [cards(h) for h in hands], **kw)  # type: ignore[arg-type]


def legal(state: GameState) -> set[int]:
    return set(state.legal_actions())


def refused(state: GameState, action: int) -> bool:
    """True when ``action`` is refused and leaves the state as it was."""
    before = state.array.copy()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    return bool((state.array == before).all())


# ---- Cheat ---------------------------------------------------------------------------------------------


def claim(state: GameState, hand_cards: str) -> None:
    """The player to move puts ``hand_cards`` face down as one claim (a PASS closes a claim of fewer than
    four cards while the player still holds cards)."""
    player = state.current_player
    for card in cards(hand_cards):
        state.apply_action(card)
    if len(hand_cards.split()) < 4 and state.hand(player):
        state.apply_action(L.A_PASS)


def test_cheat_claims_run_ace_two_three_up_to_king_and_then_ace_again() -> None:
    # Pagat: the first player claims Aces, the next 2s, then 3s, and so on; after Kings come Aces again.
    # Fourteen one-card claims, none challenged: seats 0 1 2 3 0 1 ... so seats 0 and 1 make four claims
    # each and seats 2 and 3 three; everyone holds five cards, so nobody runs out on the way.
    state = deal(
        "cheat",
        ["2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S"],
        current=0,
    )
    twos_to_kings = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    expected = [Rank.ACE, *(Rank(r) for r in twos_to_kings), Rank.ACE]
    seen = []
    for turn in range(14):
        assert state.current_player == turn % 4
        seen.append(Rank.from_code(int(state.array[L.S_CLAIM_RANK])))
        state.apply_action(min(state.hand(state.current_player)))  # any card: claims may be lies
        state.apply_action(L.A_PASS)
        for _ in range(3):
            state.apply_action(L.A_NO_CHALLENGE)
    assert seen == expected
    # 14 cards went down and nobody took the pile back: 20 - 14 = 6 cards still in the hands.
    assert len(state.claim_pile()) == 14
    assert sum(len(state.hand(p)) for p in range(4)) == 6


def test_cheat_a_true_claim_challenged_gives_the_whole_pile_to_the_challenger() -> None:
    state = deal("cheat", ["9S KD QD", "2H 2D 7C", "6H 7H 8C", "8H 8D 9C"], current=0)
    # Seat 0 claims one Ace with the 9♠ (a lie) and nobody challenges: the pile is [9♠].
    claim(state, "9S")
    for _ in range(3):
        state.apply_action(L.A_NO_CHALLENGE)
    # Seat 1 claims two 2s with 2♥ 2♦ (true). Seat 2 is first to be asked and challenges. Pagat: the
    # cards are turned up; they are what was claimed, so the challenger picks up the whole pile, the
    # earlier 9♠ too: seat 2 ends with 6♥ 7♥ 8♣ + 9♠ 2♥ 2♦ = 6 cards, and the pile is empty.
    claim(state, "2H 2D")
    assert state.current_player == 2
    state.apply_action(L.A_CHALLENGE)
    assert sorted(state.hand(2)) == sorted(cards("6H 7H 8C 9S 2H 2D"))
    assert state.hand(1) == (c("7C"),)
    assert state.claim_pile() == ()


def test_cheat_a_lie_caught_by_a_challenge_gives_the_whole_pile_to_the_liar() -> None:
    state = deal("cheat", ["AH KD QD", "5H 2D 7C", "6H 7H 8C", "8H 8D 9C"], current=0)
    # Seat 0 claims an Ace with the A♥ (true), unchallenged: the pile is [A♥].
    claim(state, "AH")
    for _ in range(3):
        state.apply_action(L.A_NO_CHALLENGE)
    # Seat 1 must claim 2s and puts down the 5♥ (a lie). Seat 2 lets it go, seat 3 challenges: the card
    # is not a 2, so the liar, seat 1, picks up the whole pile: 2♦ 7♣ + A♥ 5♥; seat 3 keeps its 3 cards.
    claim(state, "5H")
    state.apply_action(L.A_NO_CHALLENGE)
    assert state.current_player == 3
    state.apply_action(L.A_CHALLENGE)
    assert sorted(state.hand(1)) == sorted(cards("2D 7C AH 5H"))
    assert len(state.hand(3)) == 3 and state.claim_pile() == ()


def test_cheat_the_last_card_wins_only_when_its_claim_stands() -> None:
    # Seat 0 holds one card and must claim an Ace. Pagat: the first player to get rid of all their cards
    # wins, but a last play can still be challenged and a liar caught takes the pile.
    # (a) The last card is the A♥ (true). Seat 1 passes on challenging, seat 2 challenges and is wrong:
    # seat 2 takes the A♥ and seat 0, out of cards, wins.
    state = deal("cheat", ["AH", "2H 5H", "6H 7H", "8H 8D"], current=0)
    claim(state, "AH")
    assert not state.is_terminal()  # the challenges are still to come
    state.apply_action(L.A_NO_CHALLENGE)
    state.apply_action(L.A_CHALLENGE)
    assert sorted(state.hand(2)) == sorted(cards("6H 7H AH"))
    assert state.is_terminal() and state.winner == 0
    # (b) The last card is the 9♠ claimed as an Ace (a lie). Seat 1 challenges at once: seat 0 takes the
    # 9♠ back, is not out, and play goes on.
    state = deal("cheat", ["9S", "2H 5H", "6H 7H", "8H 8D"], current=0)
    claim(state, "9S")
    state.apply_action(L.A_CHALLENGE)
    assert state.hand(0) == (c("9S"),)
    assert not state.is_terminal()


# ---- Old Maid ------------------------------------------------------------------------------------------
# Pagat: each player offers their hand to the player on their left, so on your turn you draw from the
# player on your right, the one who played before you. Seats play 0, 1, 2, 3: seat 0 draws from seat 3.


def test_old_maid_you_draw_from_the_player_before_you() -> None:
    # Seat 0 holds K♥ 4♦; seat 3 (before seat 0) holds K♠ K♣; seat 1 (after seat 0) holds 2♠ 3♠.
    # Seat 0 must take a card from seat 3: a king either way, which pairs the K♥. Seat 3 is left with one
    # card, seat 1 keeps both of its, and seat 0 may lay down its pair of kings (2 + 1 - 2 = 1 card left).
    state = deal("old-maid", ["KH 4D", "2S 3S", "9S 10S", "KS KC"], current=0)
    state.apply_action(L.A_DRAW)
    assert [len(state.hand(p)) for p in range(4)] == [3, 2, 2, 1]
    assert legal(state) == {L.A_SET0 + Rank.KING.code}
    state.apply_action(L.A_SET0 + Rank.KING.code)
    assert state.hand(0) == (c("4D"),)


def test_old_maid_a_drawn_card_that_makes_a_pair_is_laid_down_with_its_match() -> None:
    # Seat 0 holds 5♥ 6♥; both neighbours hold only 5s and 6s (5♦ 6♦ and 5♣ 6♣). Whatever card seat 0
    # takes is a 5 or a 6 and pairs one of its cards. Pagat: a pair so formed is discarded. Seat 0 then
    # holds the one card of the other rank, and the discard pile the pair: two cards of one rank.
    state = deal("old-maid", ["5H 6H", "5D 6D", "9S 10S", "5C 6C"], current=0)
    assert legal(state) == {L.A_DRAW}
    state.apply_action(L.A_DRAW)
    assert len(state.hand(0)) == 3
    drawn_rank = next(card % 13 for card in state.hand(0) if card not in cards("5H 6H"))
    # The only move: lay down the pair of the drawn rank; a single card is no pair.
    assert legal(state) == {L.A_SET0 + drawn_rank}
    assert refused(state, c("5H"))
    state.apply_action(L.A_SET0 + drawn_rank)
    assert len(state.discard()) == 2 and {card % 13 for card in state.discard()} == {drawn_rank}
    assert len(state.hand(0)) == 1 and state.hand(0)[0] % 13 != drawn_rank
    # The neighbour drawn from lost one card: seats 1 and 3 hold 2 + 2 - 1 = 3 cards.
    assert len(state.hand(1)) + len(state.hand(3)) == 3
    assert state.current_player == 1


def test_old_maid_pairs_go_down_one_per_turn() -> None:
    # The docstring's stated rule: pairs go down one per turn (Pagat lays all opening pairs at once).
    # Seat 0 holds two pairs, 5♥ 5♦ and 9♥ 9♦; both neighbours hold only kings, so the card taken is a
    # king, which pairs nothing. Seat 0 may lay down either pair, not both: 4 + 1 - 2 = 3 cards remain and
    # the turn passes to seat 1.
    state = deal("old-maid", ["5H 5D 9H 9D", "KD KC", "2S 3S", "KS KH"], current=0)
    state.apply_action(L.A_DRAW)
    assert legal(state) == {L.A_SET0 + Rank.FIVE.code, L.A_SET0 + Rank.NINE.code}
    state.apply_action(L.A_SET0 + Rank.FIVE.code)
    assert sorted(state.discard()) == sorted(cards("5H 5D"))
    assert len(state.hand(0)) == 3 and {c("9H"), c("9D")} <= set(state.hand(0))
    assert state.current_player == 1


def test_old_maid_a_drawn_card_that_pairs_nothing_is_kept_and_the_turn_passes() -> None:
    # Seat 0 holds only the 5♥; the neighbours hold a K and a Q each (K♦ Q♣, K♠ Q♥). The card taken is a
    # king or a queen, no 5: no pair, nothing is discarded, seat 0 keeps 2 cards and seat 1 plays next.
    state = deal("old-maid", ["5H", "KD QC", "2S 3S", "KS QH"], current=0)
    state.apply_action(L.A_DRAW)
    assert len(state.hand(0)) == 2 and c("5H") in state.hand(0)
    assert state.discard() == ()
    assert state.current_player == 1 and legal(state) == {L.A_DRAW}


# ---- President -----------------------------------------------------------------------------------------


def test_president_a_play_must_beat_the_top_card_and_passing_is_allowed() -> None:
    # Pagat: each play must be higher than the last; a player may pass instead of playing. The engine
    # ranks 2 low to A high, with 2 playable on anything (the docstring's stated rule).
    state = deal("president", ["5H 9H 9D KS", "4C 8C 10C 2D", "3S 6S 6D JD", "7H QH QC AS"], current=0)
    # An empty pile takes anything: every card of seat 0, the pair of 9s, or a pass.
    assert legal(state) == {*cards("5H 9H 9D KS"), L.A_SET0 + Rank.NINE.code, L.A_PASS}
    state.apply_action(c("9H"))
    # On the 9♥ seat 1 may play the 10♣ (higher) or the 2♦ (a two), or pass; 4♣ and 8♣ are lower.
    assert legal(state) == {c("10C"), c("2D"), L.A_PASS}
    assert refused(state, c("8C")) and refused(state, c("4C"))
    state.apply_action(L.A_PASS)
    # Seat 2: only the J♦ beats the 9♥ (3♠ 6♠ 6♦ are lower).
    assert legal(state) == {c("JD"), L.A_PASS}
    state.apply_action(c("JD"))
    # Seat 3: Q♥, Q♣, the pair of queens and the A♠ beat the J♦; the 7♥ does not.
    assert legal(state) == {*cards("QH QC AS"), L.A_SET0 + Rank.QUEEN.code, L.A_PASS}


def test_president_a_two_goes_on_anything_and_anything_goes_on_a_two() -> None:
    # The docstring's stated rule: without a rank order that puts 2 on top, a 2 may be played on anything
    # and any card beats a 2 (Pagat: 2 is the highest card).
    state = deal("president", ["KS 5H", "4C 2D", "3S 6D", "7H QH"], current=0)
    state.apply_action(c("KS"))
    # Seat 1 holds 4♣ and 2♦: the 4 is lower than the K♠, the 2 may go on anything.
    assert legal(state) == {c("2D"), L.A_PASS}
    state.apply_action(c("2D"))
    # On the 2♦ seat 2 may play either card, even its 3♠.
    assert legal(state) == {c("3S"), c("6D"), L.A_PASS}
    state.apply_action(c("3S"))
    assert state.discard()[-1] == c("3S")


def test_president_a_set_of_one_rank_goes_down_together() -> None:
    # Pagat: a player may play several cards of one rank at once. Seat 0 plays its pair of 9s: both
    # cards go onto the pile in one move and its hand drops from 3 cards to 1. The engine's stated rule:
    # a play need not match the number of cards led (Pagat: it must), so seat 1's single 10♣ beats the
    # pair, and its 8♣ (lower) does not.
    state = deal("president", ["9H 9D 4S", "4C 8C 10C JC", "3S 6D", "7H QH QC KS 3H"], current=0)
    state.apply_action(L.A_SET0 + Rank.NINE.code)
    assert sorted(state.discard()) == sorted(cards("9H 9D")) and state.hand(0) == (c("4S"),)
    assert state.current_player == 1
    assert legal(state) == {c("10C"), c("JC"), L.A_PASS}
    state.apply_action(c("10C"))
    assert state.discard()[-1] == c("10C")


def test_president_a_whole_round_of_passes_ends_the_deal_and_the_fewest_cards_win() -> None:
    # The docstring's stated rule for a stalled pile: when a whole round passes, the deal ends, each card
    # held scores -1 and the highest score (fewest cards) wins. Seat 0 leads the A♠; nobody holds a 2
    # except seat 2 (2♣), which passes by choice; the others cannot beat an ace and must pass.
    state = deal("president", ["AS 5H 9D", "4C 8C 10C JC", "3S 6D 2C", "7H QH QC KS 3H"], current=0)
    state.apply_action(c("AS"))
    # Seat 1 cannot play (nothing beats A, no 2) and passes at once; seat 2 is asked.
    assert state.current_player == 2 and legal(state) == {c("2C"), L.A_PASS}
    state.apply_action(L.A_PASS)
    # Seats 3 and 0 cannot play either: four turns without a card moving end the deal. Cards left:
    # seat 0 2 (5♥ 9♦), seat 1 4, seat 2 3, seat 3 5 -> scores -2, -4, -3, -5: seat 0 wins.
    assert state.is_terminal()
    assert state.scores() == (-2, -4, -3, -5)
    assert state.winner == 0


def test_president_the_first_player_out_of_cards_wins() -> None:
    # Pagat: the first player to get rid of all their cards is the President (the engine: wins).
    state = deal("president", ["9H", "4C 8C 10C JC", "3S 6D", "7H QH QC KS 3H"], current=0)
    state.apply_action(c("9H"))
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, -1.0, -1.0, -1.0]


# ---- Uno-style -----------------------------------------------------------------------------------------
# The discard pile shows the 5♣ at the start; the cards nobody holds lie under it, out of reach.


def uno(hand0: str, deck: str = "9D 10D") -> GameState:
    """Uno-style with seat 0 holding ``hand0`` against fixed opponents, the 5♣ turned up."""
    hands = [hand0, "7D 8S 4C", "6D 10S 3C", "QD 4D 6S"]
    return deal("uno-style", hands, discard=cards("5C"), deck=cards(deck), current=0)


def test_uno_a_card_must_match_the_top_card_by_rank_or_suit_or_be_wild() -> None:
    # On the 5♣: the 5♥ matches its number, the 9♣ its colour (suit), the A♠ is wild (stands for Uno's
    # Wild); the 3♦ matches nothing and is refused.
    state = uno("5H 9C AS 3D")
    assert legal(state) == set(cards("5H 9C AS"))
    assert refused(state, c("3D"))


def test_uno_a_two_makes_the_next_player_draw_two_cards() -> None:
    # Uno: the next player draws two. Seat 0 plays the 2♣ on the 5♣; seat 1 draws the two top cards,
    # 10♦ then 9♦, leaving the deck empty. The docstring's stated rule: the Draw Two does not also skip
    # its victim, so seat 1 then plays: on the 2♣ only its 4♣ matches (clubs).
    state = uno("2C 9H 3S")
    state.apply_action(c("2C"))
    assert sorted(state.hand(1)) == sorted(cards("7D 8S 4C 10D 9D"))
    assert state.deck() == ()
    assert state.current_player == 1 and legal(state) == {c("4C")}


def test_uno_a_jack_skips_the_next_player() -> None:
    # Uno's Skip: seat 0 plays the J♣; seat 1 loses its turn and seat 2 plays next, with the 3♣ its only
    # club (6♦ 10♠ neither clubs nor jacks). Seat 1's hand is unchanged.
    state = uno("JC 9H 3S")
    state.apply_action(c("JC"))
    assert state.current_player == 2 and legal(state) == {c("3C")}
    assert state.hand(1) == tuple(cards("7D 8S 4C"))


def test_uno_a_queen_reverses_the_direction_of_play() -> None:
    # Uno's Reverse: after seat 0's Q♣ play goes the other way, so seat 3 plays next (its Q♦ matches the
    # queen), and after it seat 2, not seat 0.
    state = uno("QC 9H 3S")
    state.apply_action(c("QC"))
    assert state.current_player == 3 and legal(state) == {c("QD")}
    state.apply_action(c("QD"))
    # The second queen reverses again: the direction is back to seat order, so seat 0 plays next.
    assert state.current_player == 0


def test_uno_a_king_gives_its_player_another_turn() -> None:
    # Spec 000's K = another turn: seat 0 plays the K♣ and plays again: its 9♣ matches the clubs, then the
    # turn passes to seat 1.
    state = uno("KC 9C 3S")
    state.apply_action(c("KC"))
    assert state.current_player == 0 and legal(state) == {c("9C")}
    state.apply_action(c("9C"))
    assert state.current_player == 1


def test_uno_an_ace_is_wild_and_names_the_suit_to_follow() -> None:
    # Uno's Wild: its player names the colour. Seat 0 plays the A♠ on the 5♣ and names diamonds: seat 1
    # must play a diamond, the 7♦; its 8♠ matches the ace's printed suit but not the named one.
    state = uno("AS 9H 3S")
    state.apply_action(c("AS"))
    assert state.current_player == 0
    assert legal(state) == {L.A_SUIT0 + s for s in (HEARTS, DIAMONDS, CLUBS, SPADES)}
    state.apply_action(L.A_SUIT0 + DIAMONDS)
    assert state.current_player == 1 and legal(state) == {c("7D")}


def test_uno_a_player_who_cannot_play_draws_one_and_plays_it_only_if_it_fits() -> None:
    # Uno: a player with no match draws one card; if it can be played it is, otherwise the turn passes.
    # Seat 0 holds 9♥ 3♠, neither a 5 nor a club: it must draw.
    # (a) The top card is the 10♣: a club, so seat 0 plays it.
    state = uno("9H 3S", deck="9D 10C")
    assert legal(state) == {L.A_DRAW}
    state.apply_action(L.A_DRAW)
    assert c("10C") in state.hand(0) and legal(state) == {c("10C")}
    state.apply_action(c("10C"))
    assert state.current_player == 1
    # (b) The top card is the 10♦: no match, seat 0 keeps it (3 cards) and seat 1 plays; one draw only.
    state = uno("9H 3S", deck="9D 10D")
    state.apply_action(L.A_DRAW)
    assert sorted(state.hand(0)) == sorted(cards("9H 3S 10D"))
    assert state.current_player == 1 and state.deck() == (c("9D"),)


def test_uno_the_first_player_out_of_cards_wins() -> None:
    state = uno("9C")
    state.apply_action(c("9C"))
    assert state.is_terminal() and state.winner == 0


# ---- Mau-Mau (32 cards, 7 to A) ------------------------------------------------------------------------


def mau(hands: list[str], deck: str, top: str = "9C") -> GameState:
    return deal("mau-mau", hands, discard=cards(top), deck=cards(deck), current=0)


def test_mau_mau_a_card_must_follow_suit_or_rank_and_a_jack_goes_on_anything() -> None:
    # Pagat: play a card of the same suit or rank as the top card; a jack may go on any card. On the 9♣:
    # 9♥ (rank), K♣ (suit), J♦ (jack) are playable, the Q♥ is not.
    state = mau(["9H KC JD QH", "KH AS 10D", "KD QS 8H", "9S QC"], "10H QD")
    assert legal(state) == set(cards("9H KC JD"))
    assert refused(state, c("QH"))


def test_mau_mau_a_seven_makes_the_next_player_draw_two() -> None:
    # Pagat: after a 7 the next player draws two cards. Seat 0 plays the 7♣ on the 9♣: seat 1 draws the
    # Q♦ (top) and the 10♥ and the stock is empty. The docstring's stated rule: the victim then takes its
    # turn as usual: seat 1 (K♥ A♠ 10♦ Q♦ 10♥) has no club, no 7, no jack, so it must draw.
    state = mau(["7C QH", "KH AS 10D", "KD QS 8H", "9S QC"], "10H QD")
    state.apply_action(c("7C"))
    assert sorted(state.hand(1)) == sorted(cards("KH AS 10D QD 10H"))
    assert state.deck() == ()
    assert state.current_player == 1 and legal(state) == {L.A_DRAW}


def test_mau_mau_an_eight_makes_the_next_player_miss_a_turn() -> None:
    # Pagat: after an 8 the next player misses their turn. Seat 0 plays the 8♣: seat 1 is passed over and
    # seat 2 is to play; seat 2 holds K♦ Q♠ 10♥, nothing on the 8♣, so it must draw.
    state = mau(["8C QH", "KH AS 10D", "KD QS 10H", "9S QC"], "8H QD")
    state.apply_action(c("8C"))
    assert state.current_player == 2 and legal(state) == {L.A_DRAW}
    assert state.hand(1) == tuple(cards("KH AS 10D"))


def test_mau_mau_the_player_of_a_jack_names_the_suit_to_follow() -> None:
    # Pagat: the player of a jack names a suit, and the next player must follow that suit. Seat 0's J♥ on
    # the 9♣, naming spades: seat 1 (K♥ A♠ 10♦) may play only the A♠, not the K♥ of the jack's own suit.
    state = mau(["JH QH", "KH AS 10D", "KD QS 10H", "9S QC"], "8H QD")
    state.apply_action(c("JH"))
    assert legal(state) == {L.A_SUIT0 + s for s in (HEARTS, DIAMONDS, CLUBS, SPADES)}
    state.apply_action(L.A_SUIT0 + SPADES)
    assert state.current_player == 1 and legal(state) == {c("AS")}


def test_mau_mau_a_player_who_cannot_play_draws_one_card_and_plays_it_if_it_fits() -> None:
    # Pagat: a player unable to play draws one card; if it fits it may be played, else the turn passes
    # (the docstring's stated rule: a drawn card that fits must be played). Seat 0 holds Q♥ K♥ on the 9♣.
    # (a) The top of the stock is the 10♣, a club: seat 0 plays it.
    state = mau(["QH KH", "KS AS 10D", "KD QS 10H", "9S QC"], "8H 10C")
    assert legal(state) == {L.A_DRAW}
    state.apply_action(L.A_DRAW)
    assert legal(state) == {c("10C")}
    # (b) The top of the stock is the 8♥, neither a club nor a 9: seat 0 keeps it and seat 1 plays.
    state = mau(["QH KH", "KS AS 10D", "KD QS 10H", "9S QC"], "10C 8H")
    state.apply_action(L.A_DRAW)
    assert sorted(state.hand(0)) == sorted(cards("QH KH 8H"))
    assert state.current_player == 1


def test_mau_mau_the_first_player_out_of_cards_wins() -> None:
    state = mau(["9H", "KH AS 10D", "KD QS 8H", "9S QC"], "10H QD")
    state.apply_action(c("9H"))
    assert state.is_terminal() and state.winner == 0


# ---- Fan Tan -------------------------------------------------------------------------------------------
# Tableau pile k holds suit k (hearts 0, diamonds 1, clubs 2, spades 3).


def test_fan_tan_a_card_builds_one_rank_above_or_below_its_suits_pile() -> None:
    # Pagat: a card is played next to the card of its own suit one rank higher or lower. The hearts run
    # 6♥ 7♥ 8♥: seat 0 may play the 5♥ below it or the 9♥ above, not the 4♥ or the 10♥.
    state = deal(
        "fan-tan",
        ["4H 5H 9H 10H", "KH 2C", "3H QD", "AC QC"],
        tableau={HEARTS: cards("6H 7H 8H"), DIAMONDS: cards("7D"), CLUBS: cards("7C"), SPADES: cards("7S")},
        deck=[],
        current=0,
    )
    assert legal(state) == set(cards("5H 9H"))
    assert refused(state, c("10H")) and refused(state, c("4H"))
    state.apply_action(c("9H"))
    assert state.tableau(HEARTS)[-1] == c("9H")


def test_fan_tan_any_card_opens_an_empty_suit() -> None:
    # The docstring's stated rule: any card opens an empty suit's pile (Pagat: only its 7). Nothing is on
    # the table: seat 0 may play any of its cards. It opens spades with the 2♠; then seat 1 may build the
    # 3♠ on it, or open diamonds with its J♦ or hearts with its 9♥ (both suits are still empty).
    state = deal("fan-tan", ["2S 8H", "3S JD 9H", "5C 6C", "KC QC"], current=0)
    assert legal(state) == set(cards("2S 8H"))
    state.apply_action(c("2S"))
    assert state.tableau(SPADES) == (c("2S"),)
    assert state.current_player == 1 and legal(state) == set(cards("3S JD 9H"))


def test_fan_tan_a_player_who_can_play_must_and_one_who_cannot_passes() -> None:
    # Pagat: a player who can play must (no pass is offered); one who cannot passes. All four suits are
    # open at 7. Seat 0 plays the 8♥; seat 1 holds 10♥ 3♦ QC, none next to a pile (hearts now 7-8,
    # diamonds 7, clubs 7), so it passes and seat 2 is to play: its 6♦ fits.
    state = deal(
        "fan-tan",
        ["8H KS", "10H 3D QC", "6D 2S", "AC 4H"],
        tableau={HEARTS: cards("7H"), DIAMONDS: cards("7D"), CLUBS: cards("7C"), SPADES: cards("7S")},
        deck=[],
        current=0,
    )
    assert legal(state) == {c("8H")} and L.A_PASS not in legal(state)
    state.apply_action(c("8H"))
    assert state.current_player == 2 and legal(state) == {c("6D")}
    assert len(state.hand(1)) == 3


def test_fan_tan_piles_end_at_king_going_up_and_at_ace_going_down() -> None:
    # Pagat: the ace is low; each suit runs from A up to K, and nothing wraps. Hearts A♥..Q♥: the K♥ goes
    # on top. Clubs 8♣..K♣: the 7♣ goes below but the A♣ cannot follow the K♣. Spades A♠..7♠: the 8♠ goes
    # above but the K♠ cannot go below the A♠.
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    clubs = "8C 9C 10C JC QC KC"
    spades = "AS 2S 3S 4S 5S 6S 7S"
    state = deal(
        "fan-tan",
        ["KH 7C 8S AC KS", "2D 3D", "4D 5D", "6D 8D"],
        tableau={HEARTS: cards(hearts), DIAMONDS: cards("7D"), CLUBS: cards(clubs), SPADES: cards(spades)},
        deck=[],
        current=0,
    )
    assert legal(state) == set(cards("KH 7C 8S"))
    assert refused(state, c("AC")) and refused(state, c("KS"))


def test_fan_tan_the_first_player_to_play_all_their_cards_wins() -> None:
    state = deal(
        "fan-tan",
        ["8H", "10H 3D", "6D 2S", "AC 4H"],
        tableau={HEARTS: cards("7H"), DIAMONDS: cards("7D"), CLUBS: cards("7C"), SPADES: cards("7S")},
        deck=[],
        current=0,
    )
    state.apply_action(c("8H"))
    assert state.is_terminal() and state.winner == 0
