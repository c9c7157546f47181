"""Scenario tests for the library's Blackjack against the dealer (``DealerPhase``, ``engine.dealer``).

Source: Bicycle's rules (https://bicyclecards.com/how-to-play/blackjack): cards count their number,
faces 10, an ace 1 or 11; a player draws while they like and over 21 is a bust, which loses; the dealer
turns the hole card after the players and "must stand" on 17 or more and "must take a card" on 16 or
under, counting an ace as 11 when that makes 17 to 21 (so it stands on a soft 17); a dealer showing an
ace or a ten-card looks at the hole card, and a natural collects at once from every player without one;
a player's natural against none of the dealer's is paid one and a half times the bet; equal totals are
a stand-off (push). Payouts are in half-bets: a win 2, a natural 3, a loss −2, a push 0. Each deal here
is forced: the players' hands, the dealer's up-card and hole card, and the deck (its top is last).
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from engine.scenario import blackjack, blackjack_table, c, cards


def stand(state: GameState, *seats: int) -> None:
    for seat in seats:
        assert state.current_player == seat and state.legal_actions() == [L.A_DRAW, L.A_PASS]
        state.apply_action(L.A_PASS)


def test_the_dealer_draws_to_16_and_stands_on_17_or_more() -> None:
    # Dealer 5♠ up, 4♥ in the hole: 9. It takes the 3♣ (12), the 4♦ (16: "16 or under, take a card")
    # and the 2♦: 18, 17 or more, so it stands and the 9♣ stays on the deck.
    state = blackjack_table(blackjack(), ["10H 9S", "10C 8S", "10D 7S", "9H 6C"], "5S", "4H", "3C 4D 2D 9C")
    assert state.dealer_cards() == (c("5S"),) and state.dealer_hole_hidden()
    stand(state, 0, 1, 2, 3)
    assert state.dealer_cards() == tuple(cards("5S 4H 3C 4D 2D")) and state.deck()[-1] == c("9C")
    # 19 beats 18 (+2), 18 pushes (0), 17 and 15 lose (−2).
    assert state.is_terminal() and state.scores() == (2, 0, -2, -2)
    assert state.returns() == [1.0, 0.0, -1.0, -1.0]


def test_the_dealer_stands_on_a_soft_17_unless_it_hits_soft_17() -> None:
    # A♦ up, 6♠ in the hole: 17 with the ace as 11 (soft). Bicycle: the dealer counts the ace as 11 when
    # that makes 17 and stands, so the 4♣ is not drawn; seat 0's 18 wins, seat 1's 17 pushes.
    hands = ["10H 8S", "10C 7S", "10D 5S", "9H 2C"]
    state = blackjack_table(blackjack(), hands, "AD", "6S", "4C")
    stand(state, 0, 1, 2, 3)
    assert state.dealer_cards() == tuple(cards("AD 6S")) and state.scores() == (2, 0, -2, -2)
    # The casino variant that hits soft 17 takes the 4♣: 11 + 6 + 4 = 21, beating every hand.
    state = blackjack_table(blackjack(hits_soft=True), hands, "AD", "6S", "4C")
    stand(state, 0, 1, 2, 3)
    assert state.dealer_cards() == tuple(cards("AD 6S 4C")) and state.scores() == (-2, -2, -2, -2)


def test_a_natural_is_paid_3_to_2_and_its_holder_is_asked_nothing() -> None:
    # Seat 1's A♠ K♥ is a natural (21 in two cards): it draws no more, so seat 1 is passed over. The
    # dealer's 10♣ + 7♦ = 17 stands; seat 1 is paid 3 (3 to 2 in half-bets), seat 0's 20 wins 2.
    state = blackjack_table(blackjack(), ["10H QS", "AS KH", "9D 7S", "8H 8C"], "10C", "7D", "5C")
    stand(state, 0)
    assert state.current_player == 2
    stand(state, 2, 3)
    assert state.scores() == (2, 3, -2, -2)


def test_a_dealers_natural_seen_by_the_peek_ends_the_hand_at_the_deal() -> None:
    # The dealer shows an ace and peeks: K♣ in the hole makes a natural, turned at once. Every player
    # without a natural loses one bet; seat 3's own natural is a stand-off.
    state = blackjack_table(blackjack(), ["10H QS", "9S 9H", "5D 7S", "AH JC"], "AS", "KC", "5C")
    assert state.is_terminal() and state.dealer_cards() == tuple(cards("AS KC"))
    assert state.scores() == (-2, -2, -2, 0)
    # Without the peek the players play first, and the natural still beats a 21 of three cards.
    state = blackjack_table(blackjack(peek=False), ["10H QS", "9S 2H", "5D 7S", "AH JC"], "AS", "KC", "10C")
    stand(state, 0)
    state.apply_action(L.A_DRAW)  # seat 1: 9 + 2 + 10 = 21, no more cards
    stand(state, 2)
    assert state.scores() == (-2, -2, -2, 0)


def test_a_bust_loses_even_when_the_dealer_busts_too() -> None:
    # Seat 0's 10♥ 6♣ draws the K♠: 26, bust. The dealer's 10♦ + 6♦ = 16 takes the Q♦: 26, bust too,
    # which pays every player still standing but not the one who bust first.
    state = blackjack_table(blackjack(), ["10H 6C", "10S 2S", "9D 8S", "7H 5C"], "10D", "6D", "KS QD")
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == tuple(cards("10H 6C KS")) and state.current_player == 1
    stand(state, 1, 2, 3)
    assert state.dealer_cards() == tuple(cards("10D 6D QD"))
    assert state.scores() == (-2, 2, 2, 2)


def test_equal_totals_push() -> None:
    # 10♠ 8♠ against the dealer's 10♦ 8♦: 18 each, a stand-off: no score changes hands.
    state = blackjack_table(blackjack(), ["10S 8S", "10C 9C", "9D 7S", "8H 8C"], "10D", "8D", "5C")
    stand(state, 0, 1, 2, 3)
    assert state.dealer_cards() == tuple(cards("10D 8D")) and state.scores() == (0, 2, -2, -2)


def test_the_hole_card_is_hidden_until_the_dealer_plays() -> None:
    state = blackjack_table(blackjack(), ["10S 8S", "10C 9C", "9D 7S", "8H 8C"], "10D", "8D", "5C")
    for seat in range(4):
        seen = state.observation(seat)
        assert c("8D") not in seen.tableau[L.GENERAL_PILE] and seen.claim_pile_size == 1
    stand(state, 0, 1, 2, 3)
    assert c("8D") in state.observation(0).tableau[L.GENERAL_PILE] and not state.dealer_hole_hidden()
