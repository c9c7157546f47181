"""Win checks (spec 003 team-aware) and the end of the game.

Values are judged per team (individual mode: each player is a team) with ``darwindeck.engine.teams``;
conditions are tried in the genome's order and the first that is *met* ends the game: the side with
the single best value wins, a tie for the best place is a draw, except for a score win with a threshold
(``high_score`` with one, ``low_score``, ``first_to_score``, ``score_threshold``, ``score_floor``):
reached while the best
score is shared it is not met, and the game plays on. When each is checked and met:

* after every action: ``first_to_score`` (a team score ≥ threshold; several: the highest) and
  ``capture_all`` (a team holding every card in its hands and captured piles);
* at the end of every turn: ``empty_hand`` (the turn's player first, then in seat order; a team wins
  when any member's hand is empty);
* at every hand end, besides the above: ``high_score`` (with a threshold: once a score reaches it;
  without: every hand end), ``low_score`` and ``score_threshold`` (once a score reaches the threshold;
  lowest / highest wins), ``score_floor`` (once a score falls to the negative threshold or below;
  highest wins), ``hands_played`` (once that many hands have ended; highest wins, a tie is a draw),
  ``all_hands_empty`` (when every hand is empty; highest score wins),
  ``most_captured`` (when the deck and every hand are empty), ``best_hand`` (``hand_strength.hand_strength``,
  the best member for a team; a bust is −1, a folded player −2; needs a hand evaluation), ``most_tricks`` /
  ``fewest_tricks``.

Result (spec 003): individual mode sets ``winner`` (``winning_team`` −1); team mode sets
``winning_team`` (``winner`` −1); a draw leaves both −1.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.board import seat_strength
from darwindeck.engine.hand_strength import hand_strength
from darwindeck.engine.jit import kernel_inline, kernel_jit, stack_array
from darwindeck.engine.piles import hand_off
from darwindeck.engine.program import team_of, team_view, values_view, win_at
from darwindeck.engine.teams import decide_winner, team_maxima, team_totals

Int64Array = npt.NDArray[np.int64]

EMPTY_HAND = 0
HIGH_SCORE = 1
LOW_SCORE = 2
FIRST_TO_SCORE = 3
CAPTURE_ALL = 4
MOST_CAPTURED = 5
ALL_HANDS_EMPTY = 6
BEST_HAND = 7
MOST_TRICKS = 8
FEWEST_TRICKS = 9
SCORE_THRESHOLD = 10
SCORE_FLOOR = 11
HANDS_PLAYED = 12

NOT_MET = -2
WHEN_ACTION = 0
WHEN_TURN_END = 1
WHEN_HAND_END = 2

_SEAT_CELLS = stack_array(L.MAX_PLAYERS)


@kernel_jit
def finish(tables: Int64Array, state: Int64Array, side: int, ended_by: int) -> None:
    """End the game: ``side`` is the winning team (team mode) or player, -1 for a draw."""
    state[L.S_TERMINAL] = 1
    state[L.S_ENDED_BY] = ended_by
    state[L.S_N_LEGAL] = 0
    state[L.S_WINNER] = -1
    state[L.S_WIN_TEAM] = -1
    if side >= 0:
        if tables[L.H_TEAM_MODE] != 0:
            state[L.S_WIN_TEAM] = side
        else:
            state[L.S_WINNER] = side


@kernel_inline
def _team_scores(tables: Int64Array, state: Int64Array) -> Int64Array:
    return state[L.B_TEAM_SCORE : L.B_TEAM_SCORE + tables[L.H_N_TEAMS]]


@kernel_jit
def _reaching(tables: Int64Array, state: Int64Array, threshold: int) -> bool:
    scores = _team_scores(tables, state)
    for t in range(scores.shape[0]):  # noqa: SIM110 (numba: no generators)
        if scores[t] >= threshold:
            return True
    return False


@kernel_jit
def _falling_to(scores: Int64Array, floor: int) -> bool:
    for t in range(scores.shape[0]):  # noqa: SIM110 (numba: no generators)
        if scores[t] <= floor:
            return True
    return False


@kernel_jit
def _played_on_if_tied(side: int) -> int:
    """A threshold reached with the best score shared is not met yet: the game plays on."""
    return NOT_MET if side < 0 else side


@kernel_jit
def _first_to_score(tables: Int64Array, state: Int64Array, threshold: int) -> int:
    if not _reaching(tables, state, threshold):
        return NOT_MET
    return _played_on_if_tied(decide_winner(_team_scores(tables, state), True))


@kernel_jit
def _capture_all(tables: Int64Array, state: Int64Array) -> int:
    n_teams = tables[L.H_N_TEAMS]
    for team in range(n_teams):
        held = 0
        for p in range(tables[L.H_PLAYERS]):
            if team_of(tables, p) == team:
                held += state[L.L_HAND + p] + state[L.L_CAPTURED + p]
        if held == tables[L.H_DECK_SIZE]:
            return team
    return NOT_MET


@kernel_jit
def _empty_hand(tables: Int64Array, state: Int64Array) -> int:
    n_players = tables[L.H_PLAYERS]
    for i in range(n_players):
        p = (state[L.S_CUR] + i) % n_players
        if state[L.L_HAND + p] == 0:
            return team_of(tables, p)
    return NOT_MET


@kernel_jit
def _by_player(tables: Int64Array, state: Int64Array, block: int, higher: bool, best_member: bool) -> int:
    n_players = tables[L.H_PLAYERS]
    n_teams = tables[L.H_N_TEAMS]
    out = _SEAT_CELLS()[:n_teams]
    values = state[block : block + n_players]
    if best_member:
        team_maxima(values, team_view(tables), n_teams, out)
    else:
        team_totals(values, team_view(tables), n_teams, out)
    return decide_winner(out, higher)


FOLDED_STRENGTH = -2


@kernel_jit
def hand_strengths(tables: Int64Array, state: Int64Array, strengths: Int64Array) -> None:
    """Each player's ``hand_strength`` (a bust is −1, a folded player −2) into ``strengths[p]``."""
    n_players = tables[L.H_PLAYERS]
    for p in range(n_players):
        if state[L.B_FOLDED + p] != 0:
            strengths[p] = FOLDED_STRENGTH
            continue
        if tables[L.H_BOARD] >= 0:  # the seat's cards and the board's (``engine.board``)
            strengths[p] = seat_strength(tables, state, p)
            continue
        off = hand_off(p)
        strengths[p] = hand_strength(
            state[off : off + L.PILE_CAP],
            state[L.L_HAND + p],
            tables[L.H_EVAL_METHOD],
            values_view(tables),
            tables[L.H_ACE_ALT],
            tables[L.H_BUST],
            tables[L.H_PATTERN_MASK],
        )


@kernel_jit
def showdown_winner(tables: Int64Array, state: Int64Array) -> int:
    """The player who takes the pot: the only one not folded, else the single best hand; -1 if none."""
    n_players = tables[L.H_PLAYERS]
    standing = -1
    for p in range(n_players):
        if state[L.B_FOLDED + p] == 0:
            if standing >= 0:
                standing = -2
                break
            standing = p
    if standing != -2:
        return standing
    if tables[L.H_EVAL_METHOD] < 0:
        return -1
    strengths = _SEAT_CELLS()[:n_players]
    hand_strengths(tables, state, strengths)
    return int(decide_winner(strengths, True))


@kernel_jit
def _best_hand(tables: Int64Array, state: Int64Array) -> int:
    n_teams = tables[L.H_N_TEAMS]
    out = _SEAT_CELLS()[:n_teams]
    strengths = _SEAT_CELLS()[: tables[L.H_PLAYERS]]
    hand_strengths(tables, state, strengths)
    team_maxima(strengths, team_view(tables), n_teams, out)
    return int(decide_winner(out, True))


@kernel_jit
def _all_hands_empty(tables: Int64Array, state: Int64Array) -> bool:
    for p in range(tables[L.H_PLAYERS]):  # noqa: SIM110 (numba: no generators)
        if state[L.L_HAND + p] != 0:
            return False
    return True


@kernel_jit
def _judge_one(tables: Int64Array, state: Int64Array, kind: int, threshold: int, when: int) -> int:
    if kind == FIRST_TO_SCORE:
        return _first_to_score(tables, state, threshold)
    if kind == CAPTURE_ALL:
        return _capture_all(tables, state)
    if kind == EMPTY_HAND:
        return _empty_hand(tables, state) if when >= WHEN_TURN_END else NOT_MET
    if when != WHEN_HAND_END:
        return NOT_MET
    scores = _team_scores(tables, state)
    if kind == HIGH_SCORE and threshold < 0:
        return decide_winner(scores, True)
    if kind in (HIGH_SCORE, LOW_SCORE, SCORE_THRESHOLD):
        if not _reaching(tables, state, threshold):
            return NOT_MET
        return _played_on_if_tied(decide_winner(scores, kind != LOW_SCORE))
    if kind == HANDS_PLAYED:
        return decide_winner(scores, True) if state[L.S_HANDS_PLAYED] >= threshold else NOT_MET
    if kind == SCORE_FLOOR:
        if not _falling_to(scores, threshold):
            return NOT_MET
        return _played_on_if_tied(decide_winner(scores, True))
    if kind == ALL_HANDS_EMPTY:
        return decide_winner(scores, True) if _all_hands_empty(tables, state) else NOT_MET
    if kind == MOST_CAPTURED:
        if state[L.L_DECK] > 0 or not _all_hands_empty(tables, state):
            return NOT_MET
        return _by_player(tables, state, L.L_CAPTURED, True, False)
    if kind == BEST_HAND:
        return _best_hand(tables, state) if tables[L.H_EVAL_METHOD] >= 0 else NOT_MET
    if kind in (MOST_TRICKS, FEWEST_TRICKS):
        return _by_player(tables, state, L.B_TRICKS, kind == MOST_TRICKS, False)
    return NOT_MET


@kernel_jit
def judge(tables: Int64Array, state: Int64Array, when: int) -> bool:
    """Try the win conditions that apply ``when``; end the game (winner or draw) on the first met."""
    for i in range(tables[L.T_N_WINS]):
        side = _judge_one(tables, state, win_at(tables, i, 0), win_at(tables, i, 1), when)
        if side != NOT_MET:
            finish(tables, state, side, L.END_WIN)
            return True
    return False
