"""The State API both engines offer, the one player protocol, and the one harness that plays a game out.

A card game's state (``engine.state_api.GameState``) and a battle (``tcg.battle.engine.Battle``) have
one shape, ``State``:

* ``current_player``, a property: the seat that decides now;
* ``legal_actions()``: the legal actions, ints sorted ascending;
* ``apply_action(action)``: play one (an illegal one raises ``IllegalActionError`` and changes nothing);
* ``is_terminal()`` and ``returns()``: per seat +1 win, −1 loss, 0 draw or not over, a ``list[float]``;
* ``clone()``: an independent copy;
* ``observation(seat)``: what the seat may know. A card game gives an ``Observation`` in which the cards
  the seat may not see are absent; a battle gives a ``Battle`` in which the opponent's setup placement
  is taken back but the hidden cards (hands, decks) are still present, so whoever reads it re-deals
  them (``tcg.battle.players.MCTSPlayer`` does).

A player (``Player``) picks the action of the seat that decides: ``choose(state) -> int``. The battle
players are ``Player[Battle]``; the table's opponents (``play.opponents``) are ``Player[GameState]``.

``play_out(state, players, max_actions)`` plays ``state`` to its end, ``players[state.current_player]``
choosing each action (``on_step(state)`` after each), and returns ``state.returns()``. Every game ends:
one still going after ``max_actions`` actions raises ``RuntimeError`` (the engines' own limits end a
game long before; reaching this is a bug).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, Self, TypeVar


class State(Protocol):
    """The State API (module docstring)."""

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def apply_action(self, action: int) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def clone(self) -> Self: ...

    def observation(self, seat: int, /) -> object: ...


S = TypeVar("S", bound=State)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)


class Player(Protocol[S_contra]):
    """Chooses the action of ``state.current_player`` among ``state.legal_actions()``."""

    def choose(self, state: S_contra) -> int: ...


def play_out(
    state: S, players: Sequence[Player[S]], max_actions: int, on_step: Callable[[S], None] | None = None
) -> list[float]:
    """Play ``state`` to its end in place (module docstring); its ``returns()``."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state.returns()
        state.apply_action(players[state.current_player].choose(state))
        if on_step is not None:
            on_step(state)
    if state.is_terminal():
        return state.returns()
    raise RuntimeError(f"the game did not end within {max_actions} actions")
