"""Scores: dual scoring (spec 003) and the card-scoring triggers.

A player's points always go to their own score and to their team's score (individual mode: each player
is a team, so the team block mirrors the player scores). Card rules score each matching card for the
player concerned: ``trick_win`` (the trick's winner, each card of the trick), ``capture`` (the capturer,
each captured card), ``play`` (the player, each card played in a play or trick phase), ``hand_end``
(each card still in a hand at hand end).

Shooting the moon (``Scoring.shoot_the_moon``), at a hand's end: when one player's captured pile holds
every card of the deck that a ``trick_win`` rule scores (at least one such card exists), the points those
cards gave that player are taken back and every other player scores them (Hearts: 0 and 26 each).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.cond_eval import eval_condition
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import captured_off
from darwindeck.engine.program import deck_card, rule_at, team_of

Int64Array = npt.NDArray[np.int64]

TRIGGER_TRICK_WIN = 0
TRIGGER_CAPTURE = 1
TRIGGER_PLAY = 2
TRIGGER_HAND_END = 3


@kernel_jit
def add_score(tables: Int64Array, state: Int64Array, player: int, points: int) -> None:
    state[L.B_SCORE + player] += points
    state[L.B_TEAM_SCORE + team_of(tables, player)] += points


@kernel_jit
def card_points(tables: Int64Array, state: Int64Array, player: int, card: int, trigger: int) -> int:
    """The points every card rule with ``trigger`` gives ``player`` for ``card``."""
    points = 0
    for i in range(tables[L.T_N_RULES]):
        if rule_at(tables, i, 3) != trigger:
            continue
        if eval_condition(tables, state, rule_at(tables, i, 0), rule_at(tables, i, 1), player, card, 0):
            points += rule_at(tables, i, 2)
    return points


@kernel_jit
def score_card(tables: Int64Array, state: Int64Array, player: int, card: int, trigger: int) -> None:
    """Apply every card rule with ``trigger`` to ``card`` for ``player``."""
    for i in range(tables[L.T_N_RULES]):
        if rule_at(tables, i, 3) != trigger:
            continue
        if eval_condition(tables, state, rule_at(tables, i, 0), rule_at(tables, i, 1), player, card, 0):
            add_score(tables, state, player, rule_at(tables, i, 2))


@kernel_jit
def _moon_cards(tables: Int64Array, state: Int64Array) -> int:
    """How many cards of the deck a ``trick_win`` rule scores (for player 0)."""
    count = 0
    for i in range(tables[L.H_DECK_SIZE]):
        if card_points(tables, state, 0, deck_card(tables, i), TRIGGER_TRICK_WIN) != 0:
            count += 1
    return count


@kernel_jit
def shoot_the_moon(tables: Int64Array, state: Int64Array) -> None:
    """A player who captured every card a ``trick_win`` rule scores gives those points to every other
    player instead (``Scoring.shoot_the_moon``; call it at the hand's end, before anything is judged)."""
    total = _moon_cards(tables, state)
    if total == 0:
        return
    n_players = tables[L.H_PLAYERS]
    for p in range(n_players):
        off = captured_off(p)
        taken = 0
        points = 0
        for i in range(state[L.L_CAPTURED + p]):
            gained = card_points(tables, state, p, state[off + i], TRIGGER_TRICK_WIN)
            if gained != 0:
                taken += 1
                points += gained
        if taken == total:
            add_score(tables, state, p, -points)
            for other in range(n_players):
                if other != p:
                    add_score(tables, state, other, points)
            return
