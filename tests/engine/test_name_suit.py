"""The ``name_suit`` effect: Crazy Eights' eight names the suit that must follow (engine/turns.py)."""

from __future__ import annotations

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.policies import GREEDY, choose
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import c, cards

HEARTS, DIAMONDS, CLUBS, SPADES = range(4)


def eights(east: str, south: str, top: str = "5H") -> GameState:
    """Crazy Eights with East to play ``east`` on ``top``; South holds ``south``."""
    state = GameState.new(get_game("crazy-eights"), 0)
    held = set(cards(east)) | set(cards(south)) | {c(top)}
    rest = [card for card in range(52) if card not in held]
    hands = [rest[0:5], cards(east), cards(south), rest[5:10]]
    state.arrange(hands=hands, deck=rest[10:], discard=[c(top)], current=1)
    return state


def playable(state: GameState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_the_player_of_an_eight_names_a_suit_that_the_next_card_must_follow() -> None:
    state = eights("8D 3C", "2S 9S 4H 8C")
    state.apply_action(c("8D"))
    # the same player decides again: one action per suit
    assert state.current_player == 1
    assert playable(state) == ["name ♥", "name ♦", "name ♣", "name ♠"]
    state.apply_action(L.A_SUIT0 + SPADES)
    assert state.current_player == 2
    # South may follow the named spades or play another eight, not the hearts that matched the 5♥
    assert playable(state) == ["card 8♣", "card 2♠", "card 9♠"]
    assert state.array[L.S_NAMED_CARD] == c("8D") and state.array[L.S_NAMED_SUIT] == SPADES


def test_the_named_suit_ends_when_another_card_covers_the_eight() -> None:
    state = eights("8D 3C", "2S 9S 4H 8C")
    state.apply_action(c("8D"))
    state.apply_action(L.A_SUIT0 + SPADES)
    state.apply_action(c("9S"))
    west = state.current_player
    assert west == 3
    # the 9♠ on top is an ordinary card again: rank 9 or spades (or an eight)
    legal = set(state.legal_actions()) - {L.A_DRAW, L.A_PASS}
    assert legal == {card for card in state.hand(west) if card // 13 == SPADES or card % 13 in (6, 7)}


def test_an_eight_played_on_an_eight_names_again() -> None:
    state = eights("8D 3C", "2S 9S 4H 8C")
    state.apply_action(c("8D"))
    state.apply_action(L.A_SUIT0 + SPADES)
    state.apply_action(c("8C"))
    assert playable(state) == ["name ♥", "name ♦", "name ♣", "name ♠"]
    state.apply_action(L.A_SUIT0 + HEARTS)
    assert state.array[L.S_NAMED_CARD] == c("8C") and state.array[L.S_NAMED_SUIT] == HEARTS


def test_greedy_names_the_suit_it_holds_most_of() -> None:
    state = eights("8D 3C 5C 9C JS", "2S 9S 4H 8C")
    state.apply_action(c("8D"))
    rng = np.array([1], dtype=np.int64)
    assert choose(state.program, state.array, GREEDY, rng) == L.A_SUIT0 + CLUBS


def test_a_new_deal_forgets_the_named_suit() -> None:
    state = GameState.new(get_game("crazy-eights"), 5)
    assert state.array[L.S_NAMED_CARD] == -1
