"""Team aggregates and winner picking (spec 003) as ``engine/wins.py`` uses them: 2v2, 3v1, 2v2v2, ties.

The team win conditions themselves, played through the kernel, are in ``test_team_wins.py``.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.engine.teams import decide_winner, team_maxima, team_totals
from engine.nojit import sample_without_jit

Int64Array = np.ndarray


def arr(values: list[int]) -> Int64Array:
    return np.array(values, dtype=np.int64)


def lookup(teams: tuple[tuple[int, ...], ...]) -> Int64Array:
    """Spec 003's PlayerToTeam table for a teams tuple."""
    table = np.full(sum(len(t) for t in teams), -1, dtype=np.int64)
    for index, members in enumerate(teams):
        for player in members:
            table[player] = index
    return table


PARTNERS = lookup(((0, 2), (1, 3)))
THREE_V_ONE = lookup(((0, 1, 2), (3,)))
TWO_V_TWO_V_TWO = lookup(((0, 3), (1, 4), (2, 5)))


def totals(values: list[int], player_team: Int64Array, n_teams: int) -> list[int]:
    out = np.full(n_teams, 999, dtype=np.int64)
    team_totals(arr(values), player_team, n_teams, out)
    return [int(v) for v in out]


def maxima(values: list[int], player_team: Int64Array, n_teams: int) -> list[int]:
    out = np.zeros(n_teams, dtype=np.int64)
    team_maxima(arr(values), player_team, n_teams, out)
    return [int(v) for v in out]


def test_lookup_tables() -> None:
    assert PARTNERS.tolist() == [0, 1, 0, 1]
    assert THREE_V_ONE.tolist() == [0, 0, 0, 1]
    assert TWO_V_TWO_V_TWO.tolist() == [0, 1, 2, 0, 1, 2]


# ---------------------------------------------------------------- spec 003's table, 2v2 partnership


def test_team_high_score_is_the_highest_team_total_not_the_highest_player() -> None:
    scores = [30, 10, 25, 40]  # player 3 is the best player, team 0 the best team
    team_scores = totals(scores, PARTNERS, 2)
    assert team_scores == [55, 50]
    assert decide_winner(arr(team_scores), True) == 0
    assert decide_winner(arr(scores), True) == 3


def test_team_low_score_is_the_lowest_team_total() -> None:
    assert decide_winner(arr(totals([30, 10, 25, 40], PARTNERS, 2)), False) == 1


def test_team_most_tricks_sums_the_members_tricks() -> None:
    tricks = [4, 5, 3, 1]  # player 1 took the most tricks, team 0 (4 + 3 = 7 against 6) the most
    assert totals(tricks, PARTNERS, 2) == [7, 6]
    assert decide_winner(arr(totals(tricks, PARTNERS, 2)), True) == 0
    assert decide_winner(arr(totals(tricks, PARTNERS, 2)), False) == 1  # fewest_tricks


def test_team_most_captured_sums_the_members_captured_piles() -> None:
    captured = [20, 0, 12, 20]  # nobody in team 0 beats player 3 alone, the team does: 32 against 20
    assert totals(captured, PARTNERS, 2) == [32, 20]
    assert decide_winner(arr(totals(captured, PARTNERS, 2)), True) == 0


def test_team_best_hand_is_the_best_member_hand() -> None:
    strengths = [70, 90, 80, 10]  # team 1 has the best hand although its total is lower
    assert maxima(strengths, PARTNERS, 2) == [80, 90]
    assert decide_winner(arr(maxima(strengths, PARTNERS, 2)), True) == 1


def test_team_maxima_of_a_team_without_members_is_the_lowest_int64() -> None:
    assert maxima([5, 7], arr([0, 0]), 2) == [7, np.iinfo(np.int64).min]


# ---------------------------------------------------------------- unequal and three-team layouts


def test_three_versus_one() -> None:
    scores = [10, 10, 10, 25]
    assert totals(scores, THREE_V_ONE, 2) == [30, 25]
    assert decide_winner(arr(totals(scores, THREE_V_ONE, 2)), True) == 0
    assert maxima([3, 9, 4, 8], THREE_V_ONE, 2) == [9, 8]  # best_hand: the best of three against one


def test_six_players_in_three_teams_of_two() -> None:
    scores = [5, 9, 1, 6, 2, 7]
    assert totals(scores, TWO_V_TWO_V_TWO, 3) == [11, 11, 8]
    assert decide_winner(arr([11, 11, 8]), True) == -1
    assert decide_winner(arr([11, 11, 8]), False) == 2
    assert maxima([5, 9, 1, 6, 2, 7], TWO_V_TWO_V_TWO, 3) == [6, 9, 7]
    assert decide_winner(arr(maxima([5, 9, 1, 6, 2, 7], TWO_V_TWO_V_TWO, 3)), True) == 1


# ---------------------------------------------------------------- ties and individual mode


def test_ties_for_the_best_place_are_draws() -> None:
    assert decide_winner(arr([40, 40]), True) == -1
    assert decide_winner(arr([3, 1, 1]), False) == -1
    assert decide_winner(arr([5, 5, 9]), True) == 2  # a tie below the best does not matter
    assert decide_winner(arr([500, 520, 520]), True) == -1  # first_to_score 500 reached, shared: plays on
    assert decide_winner(arr([530, 520, 520]), True) == 0
    assert decide_winner(arr([]), True) == -1


def test_individual_mode_is_identity_teams() -> None:
    identity = np.arange(4, dtype=np.int64)
    scores = [12, 40, 7, 40]
    assert totals(scores, identity, 4) == scores
    assert maxima(scores, identity, 4) == scores
    assert decide_winner(arr(totals([12, 41, 7, 40], identity, 4)), True) == 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=8), st.booleans())
def test_decide_winner_matches_a_plain_reference(values: list[int], higher_wins: bool) -> None:
    best = max(values) if higher_wins else min(values)
    expected = values.index(best) if values.count(best) == 1 else -1
    assert decide_winner(arr(values), higher_wins) == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(-500, 500), st.integers(0, 3)), min_size=1, max_size=8))
def test_totals_and_maxima_match_a_plain_reference(scored: list[tuple[int, int]]) -> None:
    values = [v for v, _ in scored]
    player_team = arr([t for _, t in scored])
    assert totals(values, player_team, 4) == [sum(v for v, t in scored if t == team) for team in range(4)]
    lowest = int(np.iinfo(np.int64).min)
    expected = [max((v for v, t in scored if t == team), default=lowest) for team in range(4)]
    assert maxima(values, player_team, 4) == expected


# ---------------------------------------------------------------- same results without the JIT


def jit_sample() -> list[int]:
    """A sample of every function's results, compared between compiled and NUMBA_DISABLE_JIT=1 runs."""
    winners = [
        decide_winner(arr([11, 11, 8]), False),
        decide_winner(arr([3, 1, 1]), False),
        decide_winner(arr([510, 530]), True),
        decide_winner(arr(maxima([3, 9, 4, 8], THREE_V_ONE, 2)), True),
    ]
    return [*totals([5, 9, 1, 6, 2, 7], TWO_V_TWO_V_TWO, 3), *maxima([70, 90, 80, 10], PARTNERS, 2)] + [
        int(w) for w in winners
    ]


def test_same_results_with_jit_disabled() -> None:
    assert hasattr(decide_winner, "py_func")  # compiled in this process
    assert sample_without_jit(__file__) == (1, jit_sample())
