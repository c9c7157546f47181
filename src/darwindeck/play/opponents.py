"""The computer players a person plays against: one ``Opponent`` picks the move of every other seat.

* ``random`` and ``greedy`` run the engine's own policies (``darwindeck.engine.policies.choose``, kind codes
  0 and 1) on the game state; random draws from one generator seeded ``rng.game_seed(seed, 0, 1)``, the
  policy stream a batch seeded ``seed`` uses, so a seed and the human's moves replay the same game.
* ``mcts`` is the information-set search of ``darwindeck.agents.mcts`` (``search``) with ``iterations``
  per decision, configured as the competent player that judges games (``agents.competent``: greedy
  rollouts to the end of the hand, a bias towards the greedy choice), set up for the game at ``start``; it
  samples what its seat cannot see (``determinize``), so it never reads hidden cards. Every move at the
  table, the person's too, updates the seats' knowledge (``observe``), as in the engine's batch loop.

An unknown kind or a bad iteration count raises ``PlayArgumentError`` (a ``DarwinDeckError``).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from darwindeck.agents.competent import competent_params
from darwindeck.agents.determinize import new_knowledge, observe, reset_knowledge
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.policies import GREEDY, RANDOM, choose
from darwindeck.engine.rng import game_seed
from darwindeck.engine.search_params import N_PARAMS
from darwindeck.engine.state_api import GameState
from darwindeck.errors import DarwinDeckError

Int64Array = npt.NDArray[np.int64]

OPPONENT_KINDS = ("mcts", "greedy", "random")
#: The stream of ``rng.game_seed`` the opponents draw from (the batch policies' stream).
POLICY_STREAM = 1


class PlayArgumentError(DarwinDeckError):
    """A bad argument of ``darwindeck play`` (seat, opponents, iterations, results file)."""


class Opponent(Protocol):
    """Picks the move of the seat that decides now, and hears every move made at the table."""

    def start(self, state: GameState) -> None:
        """Called once with the freshly dealt game."""

    def choose(self, state: GameState) -> int:
        """The action of ``state.current_player``."""

    def observe(self, before: Int64Array, state: GameState, action: int) -> None:
        """``action`` (anyone's) took the state array ``before`` to ``state``."""


class KernelOpponent:
    """The engine's random or greedy policy (they need no memory of the game)."""

    def __init__(self, kind: int, seed: int) -> None:
        self.kind = kind
        self.rng = np.array([game_seed(seed, 0, POLICY_STREAM)], dtype=np.int64)

    def start(self, state: GameState) -> None:
        """Nothing to prepare."""

    def choose(self, state: GameState) -> int:
        return int(choose(state.program, state.array, self.kind, self.rng))

    def observe(self, before: Int64Array, state: GameState, action: int) -> None:
        """Nothing to remember."""


class MctsOpponent:
    """The SO-ISMCTS search of ``darwindeck.agents.mcts``, one knowledge row per seat, kept up to date
    with ``determinize.observe`` after every move at the table (as ``agents.batch`` does)."""

    def __init__(self, seed: int, iterations: int) -> None:
        self.knowledge = new_knowledge()
        self.iterations = iterations
        self.params = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
        self.tree = new_tree(iterations + 1)
        self.scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
        self.rng = np.array([game_seed(seed, 0, POLICY_STREAM)], dtype=np.int64)

    def start(self, state: GameState) -> None:
        reset_knowledge(self.knowledge, int(state.array[L.S_HAND_NO]))
        self.params = competent_params(state.genome, self.iterations)

    def choose(self, state: GameState) -> int:
        seat = state.current_player
        return int(
            search(
                state.program,
                state.array,
                self.knowledge[seat],
                self.params[seat],
                self.rng,
                self.tree,
                self.scratch,
            )
        )

    def observe(self, before: Int64Array, state: GameState, action: int) -> None:
        observe(state.program, before, state.array, action, self.knowledge)


def make_opponent(kind: str, seed: int, iterations: int) -> Opponent:
    """The opponent of ``kind`` (one of ``OPPONENT_KINDS``) for a game seeded ``seed``."""
    if kind == "random":
        return KernelOpponent(RANDOM, seed)
    if kind == "greedy":
        return KernelOpponent(GREEDY, seed)
    if kind == "mcts":
        if iterations < 1:
            raise PlayArgumentError(f"--iterations {iterations}: must be at least 1")
        return MctsOpponent(seed, iterations)
    raise PlayArgumentError(f"--opponents {kind!r}: choose one of {', '.join(OPPONENT_KINDS)}")
