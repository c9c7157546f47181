"""The knock phase, played through the kernel in the library's Gin Rummy (knock at 10, 25-point gin and
undercut bonuses, lay-offs, game to 100).

Card values (Gin Rummy): 2-10 their rank, J/Q/K 10, A 1. In every scenario seat 0 holds ten cards, takes
the top discard, discards one card and is offered the knock. The expected points are worked out from the
published rules in each test's comments.
"""

from __future__ import annotations

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.knock_showdown import deadwood_after_lay_off
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.library.rummy import GIN_CARD_VALUES
from engine.scenario import arranged, c, cards

#: Melds of the knocker in every scenario: the run 2♠ 3♠ 4♠, the set 7♥ 7♦ 7♣, the run 9♥ 10♥ J♥.
MELDS = "2S 3S 4S 7H 7D 7C 9H 10H JH"
VALUES = np.array(GIN_CARD_VALUES, dtype=np.int64)


def _act(state: GameState, name: str) -> None:
    legal = {state.action_to_string(a): a for a in state.legal_actions()}
    assert name in legal, f"{name!r} not among {sorted(legal)}"
    state.apply_action(legal[name])


def _take_and_discard(seat0: str, top: str, seat1: str, discard: str) -> GameState:
    state = arranged(get_game("gin-rummy"), [cards(seat0), cards(seat1)], discard=[c(top)])
    _act(state, "draw")  # the top discard
    _act(state, f"card {discard}")
    return state


def test_knock_scores_the_difference_after_lay_offs() -> None:
    # Seat 0 keeps K♣ (10 deadwood) and knocks. Seat 1 lays off 5♠ 6♠ 7♠ on 2♠-4♠ (a chain), 8♥ and Q♥
    # on 9♥-J♥; K♦ Q♣ 2♦ 3♦ A♣ stay: 10 + 10 + 2 + 3 + 1 = 26. Seat 0 scores 26 - 10 = 16.
    state = _take_and_discard(f"{MELDS} QS", "KC", "5S 6S 7S 8H QH KD QC 2D 3D AC", "Q♠")
    assert state.current_player == 0
    _act(state, "knock")
    assert state.scores() == (16, 0)
    assert state.array[L.S_HAND_NO] == 2  # the next hand is dealt


def test_gin_scores_the_deadwood_plus_25_with_no_lay_off() -> None:
    # Q♥ completes 9♥-Q♥: no deadwood, gin. Seat 1 has no meld: 5 + 6 + 8 + 10 + 10 + 2 + 3 + 1 + 9 + 4
    # = 58, and may not lay off 5♠ on a gin hand. Seat 0 scores 58 + 25 = 83.
    state = _take_and_discard(f"{MELDS} KC", "QH", "5S 6S 8H KD QC 2D 3D AC 9C 4H", "K♣")
    _act(state, "knock")
    assert state.scores() == (83, 0)


def test_an_undercut_scores_the_difference_plus_25_to_the_defender() -> None:
    # Seat 0 knocks with 9♣ (9). Seat 1: the set 5♦ 5♣ 5♥, the runs 10♠-Q♠ and A♦-3♦, 6♣ left: 6, and
    # nothing to lay off. 6 <= 9: an undercut, seat 1 scores 9 - 6 + 25 = 28.
    state = _take_and_discard(f"{MELDS} KC", "9C", "5D 5C 5H 10S JS QS AD 2D 3D 6C", "K♣")
    _act(state, "knock")
    assert state.scores() == (0, 28)


def test_no_knock_above_ten() -> None:
    # Discarding 4♠ breaks the spade run: 2♠ 3♠ Q♠ 2♣ are 2 + 3 + 10 + 2 = 17 > 10, so no knock is offered
    # and the turn passes to seat 1 (whose first decision is the optional draw of 4♠).
    state = _take_and_discard(f"{MELDS} QS", "2C", "5D 5C 5H 10S JS KS AD 2D 3D 6C", "4♠")
    assert state.current_player == 1
    assert state.action_to_string(state.legal_actions()[-1]) != "knock"


def test_declining_to_knock_plays_on() -> None:
    state = _take_and_discard(f"{MELDS} QS", "KC", "5S 6S 7S 8H QH KD QC 2D 3D AC", "Q♠")
    _act(state, "pass")
    assert state.current_player == 1
    assert state.scores() == (0, 0)


def test_an_empty_stock_voids_the_hand() -> None:
    # One card left in the stock: seat 0 draws it and does not knock; seat 1 must draw from the empty
    # stock, so the hand ends with no score and the next hand is dealt.
    genome = get_game("gin-rummy")
    state = arranged(
        genome,
        [cards("2H 4H 6H 8H 10H 2C 4C 6C 8C 10C"), cards("3D 5D 7D 9D JD 3S 5S 7S 9S JS")],
        deck=[c("QH")],
    )
    _act(state, "pass")  # the top discard
    _act(state, "draw")  # the last card of the stock
    _act(state, "card Q♥")
    assert state.current_player == 1
    _act(state, "pass")  # seat 1 declines the discard
    _act(state, "draw")  # from the empty stock: the hand ends
    assert state.scores() == (0, 0)
    assert state.array[L.S_HAND_NO] == 2


def test_lay_off_chains_and_fourth_card_of_a_set() -> None:
    # Knocker: 7♥ 7♦ 7♣ and 4♠ 5♠ 6♠, deadwood K♣ Q♦ A♥ A♦ (10 + 10 + 1 + 1 = 22; the function does not
    # care that this is above 10). Defender: 7♠ fits the set and the run, 8♠ follows 7♠, 3♠ and 2♠ go
    # below 4♠; K♥ 9♦ stay: 10 + 9 = 19.
    knocker = np.array(cards("7H 7D 7C 4S 5S 6S KC QD AH AD"), dtype=np.int64)
    defender = np.array(cards("7S 8S 3S 2S KH 9D"), dtype=np.int64)
    assert deadwood_after_lay_off(defender, 6, knocker, 10, VALUES) == 19


def test_the_knocker_shows_the_melds_worst_for_the_defender() -> None:
    # Knocker 10♠ J♠ Q♠ Q♥ Q♦: the run 10♠-Q♠ (Q♥ Q♦ left, 20) or the set Q♠ Q♥ Q♦ (10♠ J♠ left, 20) leave
    # the same deadwood. Against the run the defender would lay off 9♠ and K♠ (2♥ left: 2); against the
    # set nothing fits (9♠ K♠ 2♥: 9 + 10 + 2 = 21). The knocker shows the set: 21.
    knocker = np.array(cards("10S JS QS QH QD"), dtype=np.int64)
    defender = np.array(cards("9S KS 2H"), dtype=np.int64)
    assert deadwood_after_lay_off(defender, 3, knocker, 5, VALUES) == 21


def test_a_card_between_two_runs_is_laid_off_from_either_side() -> None:
    # Knocker: the runs 2♠-3♠-4♠ and 8♠-9♠-10♠, the set J♥ J♦ J♣, A♣ left (deadwood 1). The defender's
    # 5♠ 6♠ 7♠ fill the gap. Keeping the set 5♠ 5♥ 5♦, the defender lays off 7♠ on 8♠-10♠ and 6♠ on 7♠,
    # leaving K♦ Q♣ 9♥ 3♦ 2♥: 10 + 10 + 9 + 3 + 2 = 34 (6♠ may not only follow 5♠ up from 2♠-4♠).
    # Laying off 5♠ 6♠ 7♠ instead leaves 5♥ 5♦ as well: 44. The knocker scores 34 - 1 = 33.
    state = _take_and_discard("2S 3S 4S 8S 9S 10S JH JD JC KC", "AC", "5S 6S 7S 5H 5D KD QC 9H 3D 2H", "K♣")
    _act(state, "knock")
    assert state.scores() == (33, 0)
    knocker = np.array(cards("2S 3S 4S 8S 9S 10S JH JD JC AC"), dtype=np.int64)
    defender = np.array(cards("5S 6S 7S 5H 5D KD QC 9H 3D 2H"), dtype=np.int64)
    assert deadwood_after_lay_off(defender, 10, knocker, 10, VALUES) == 34
    # Without the run 8♠-10♠ to start from, 6♠ 7♠ can only follow 5♠ up from 4♠: laying off all three
    # (or melding them as a run) leaves 5♥ 5♦ as well, 44; keeping the set leaves 6♠ 7♠, 34 + 13 = 47.
    lone = np.array(cards("2S 3S 4S 8H 9D 10C JH JD JC AC"), dtype=np.int64)
    assert deadwood_after_lay_off(defender, 10, lone, 10, VALUES) == 44


def test_a_card_laid_off_on_a_set_does_not_extend_a_run() -> None:
    # Knocker: the run 5♠-6♠-7♠, the set 3♣ 3♦ 3♥, the run 9♥-10♥-J♥, A♣ left (deadwood 1). The defender
    # holds 4♠ 4♣ 4♦ 3♠ 2♠ and K♦ Q♣ 8♦ 6♣ 2♦ (10 + 10 + 8 + 6 + 2 = 36, nothing of them fits anywhere).
    # 3♠ may go on the set, but 2♠ extends the spade run only after 4♠ and 3♠ went down it. Best: keep
    # the set 4♠ 4♣ 4♦, lay 3♠ on the 3s, 2♠ stays: 2 + 36 = 38 (all three down the run leaves 4♣ 4♦:
    # 8 + 36 = 44). The knocker scores 38 - 1 = 37.
    state = _take_and_discard("5S 6S 7S 3C 3D 3H 9H 10H JH KC", "AC", "4S 4C 4D 3S 2S KD QC 8D 6C 2D", "K♣")
    _act(state, "knock")
    assert state.scores() == (37, 0)
