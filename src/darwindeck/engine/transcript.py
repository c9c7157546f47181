"""Readable transcripts of seeded games (for golden files and for people).

``transcript(genome, seed, policies, limit)`` replays game 0 of a batch seeded ``seed`` — the same game
``play_batch`` plays — through ``GameState`` and writes one line per decision (``seat: action``) up to
``limit`` decisions, then the result. The golden files in ``tests/engine/golden/`` are made by
``python -m tests.engine.golden.regenerate`` (see that script) and reviewed as diffs.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.policies import choose, policy_codes
from darwindeck.engine.rng import game_seed
from darwindeck.engine.state_api import GameState
from darwindeck.genome.schema import GameGenome

POLICY_STREAM = 1


def transcript(
    genome: GameGenome, seed: int, policies: Sequence[str] = ("random",), limit: int = 200
) -> list[str]:
    state = GameState.new(genome, seed)
    kinds = policy_codes(policies, genome.player_count)
    policy_rng = np.array([game_seed(seed, 0, POLICY_STREAM)], dtype=np.int64)
    lines = [f"{genome.name} seed {seed} policies {','.join(policies)}"]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        action = int(choose(state.program, state.array, int(kinds[seat]), policy_rng))
        if decisions < limit:
            lines.append(f"turn {int(state.array[L.S_TURN])} seat {seat}: {state.action_to_string(action)}")
        state.apply_action(action)
        decisions += 1
    ended = {L.END_WIN: "win rule", L.END_TURN_LIMIT: "turn limit", L.END_STEP_BUDGET: "step budget"}
    how = ended.get(int(state.array[L.S_ENDED_BY]), "deck empty, game over")
    lines.append(
        f"end after {decisions} decisions, {int(state.array[L.S_TURN])} turns ({how}): winner "
        f"{state.winner}, winning team {state.winning_team}, scores {list(state.scores())}, "
        f"team scores {list(state.team_scores())}"
    )
    return lines
