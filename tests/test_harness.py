"""One State API, one player protocol, one harness: ``harness.play_out`` plays a card game (Crazy Eights
on the compiled engine) and a Pocket battle with the very same player class."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.harness import State, play_out
from darwindeck.tcg.battle.engine import new_battle
from darwindeck.tcg.core.decks import load_deck


def _crazy_eights() -> State:
    return GameState.new(get_game("crazy-eights"), seed=3, n_players=2)


def _battle() -> State:
    return new_battle(load_deck("fire-charizard-ex"), load_deck("water-blastoise-ex"), 3)


GAMES: dict[str, Callable[[], State]] = {"card game": _crazy_eights, "battle": _battle}


class LowestAction:
    """Plays the lowest legal action, for whichever engine; records that it was asked only on its turn."""

    def __init__(self, seat: int, asked: list[tuple[int, int]]) -> None:
        self.seat = seat
        self.asked = asked

    def choose(self, state: State) -> int:
        action = min(state.legal_actions())
        self.asked.append((state.current_player, self.seat))
        return action


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_same_harness_and_player_play_both_engines_to_their_end(kind: str) -> None:
    state = GAMES[kind]()
    assert isinstance(type(state).current_player, property)
    asked: list[tuple[int, int]] = []
    steps: list[int] = []
    players = [LowestAction(seat, asked) for seat in range(2)]
    result = play_out(state, players, 5000, lambda _: steps.append(1))
    assert state.is_terminal()
    assert result == state.returns() and isinstance(result, list)
    # Two players, no teams: one wins (+1) and the other loses (−1), or a draw gives both 0.
    assert sorted(result) in ([-1.0, 1.0], [0.0, 0.0])
    assert len(asked) == len(steps) > 0
    assert all(current == seat for current, seat in asked)


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_game_longer_than_the_budget_is_an_error(kind: str) -> None:
    # Neither ends in one action: a Crazy Eights player must shed a whole hand (5 cards) one card at a
    # time, and a battle's setup needs both players to place an Active.
    with pytest.raises(RuntimeError, match="did not end within 1 actions"):
        play_out(GAMES[kind](), [LowestAction(0, []), LowestAction(1, [])], 1)


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_clone_is_independent_and_an_observation_is_per_seat(kind: str) -> None:
    state = GAMES[kind]()
    before = state.legal_actions()
    clone = state.clone()
    clone.apply_action(min(clone.legal_actions()))
    assert state.legal_actions() == before
    assert state.observation(0) is not None and state.observation(1) is not None
