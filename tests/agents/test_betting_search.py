"""The competent search in a betting phase: the equity rule of ``engine.equity``, not a searched bet."""

from __future__ import annotations

import numpy as np

from darwindeck.agents.competent import competent_row
from darwindeck.agents.determinize import new_knowledge
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, cards


def competent_decision(state: GameState, iterations: int = 50) -> int:
    knowledge = new_knowledge()
    knowledge[:, -1] = state.array[L.S_HAND_NO]
    seat = state.current_player
    return int(
        search(
            state.program,
            state.array,
            knowledge[seat],
            competent_row(state.genome, iterations),
            np.array([3], dtype=np.int64),
            new_tree(iterations + 1),
            np.empty(L.STATE_SIZE, dtype=np.int64),
        )
    )


def draw_poker(*hands: str) -> GameState:
    return arranged(get_game("draw-poker"), [cards(h) for h in hands])


def test_the_competent_player_folds_nothing_to_an_all_in() -> None:
    state = draw_poker("AC AD AS KC KD", "7S 5H 4H 3H 2H", "QS QD 3C 4C 5C", "9S 9D 8C 6C JD")
    state.apply_action(L.A_ALL_IN)
    assert state.current_player == 1
    assert competent_decision(state) == L.A_FOLD


def test_the_competent_player_opens_the_worst_hand_as_the_equity_rule_does() -> None:
    # 7-5-4-3-2 against three hands: its equity is about 0 (ties only), below the even share 1/4, so the
    # rule checks, or bets the minimum as a bluff (engine.equity); never all in. The search plays the
    # rule's choice.
    state = draw_poker("7S 5H 4H 3H 2H", "AC AD AS KC KD", "QS QD 3C 4C 5C", "9S 9D 8C 6C JD")
    rule = greedy_choice(state.program, state.array)
    assert rule in (L.A_CHECK, L.A_BET)
    assert competent_decision(state) == rule
