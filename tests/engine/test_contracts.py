"""Contract scoring (spec 004's EvaluateContracts): the acceptance values, individual mode, bags, Nil."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.engine.contracts import contract_scoring_array, evaluate_contracts
from darwindeck.genome.schema import ContractScoring
from engine.nojit import sample_without_jit

DEFAULT = contract_scoring_array(ContractScoring())
PARTNERS = [0, 1, 0, 1]  # teams ((0, 2), (1, 3))
NIL = -1  # marker in the test tables: a Nil bid (bid 0 with is_nil 1)


def score_hand(
    bids: list[int],
    tricks: list[int],
    player_team: list[int] = PARTNERS,
    scoring: np.ndarray = DEFAULT,
    scores: list[int] | None = None,
    bags: list[int] | None = None,
) -> tuple[list[int], list[int]]:
    """Run one hand's evaluation; returns (team scores, bags) after it."""
    n_teams = max(player_team) + 1
    team_scores = np.array(scores or [0] * n_teams, dtype=np.int64)
    team_bags = np.array(bags or [0] * n_teams, dtype=np.int64)
    evaluate_contracts(
        np.array([0 if b == NIL else b for b in bids], dtype=np.int64),
        np.array([1 if b == NIL else 0 for b in bids], dtype=np.int64),
        np.array(tricks, dtype=np.int64),
        np.array(player_team, dtype=np.int64),
        n_teams,
        scoring,
        team_scores,
        team_bags,
    )
    return [int(v) for v in team_scores], [int(v) for v in team_bags]


def test_scoring_array_is_the_fields_in_declaration_order() -> None:
    assert DEFAULT.tolist() == [10, 1, 10, 100, 100, 10, 100, 0, 0]
    custom = ContractScoring(1, 2, 3, 4, 5, 6, 7, True, 8)
    assert contract_scoring_array(custom).tolist() == [1, 2, 3, 4, 5, 6, 7, 1, 8]
    assert DEFAULT.dtype == np.int64


# ---------------------------------------------------------------- the seven acceptance values
# Team 0 (players 0 and 2) plays the scenario; team 1 makes an ordinary contract beside it.


def test_bid_5_won_8_scores_53_and_3_bags() -> None:
    assert score_hand(bids=[3, 4, 2, 1], tricks=[5, 3, 3, 2]) == ([53, 50], [3, 0])


def test_bid_8_won_5_loses_80() -> None:
    assert score_hand(bids=[4, 2, 4, 2], tricks=[3, 4, 2, 4]) == ([-80, 44], [0, 4])


def test_nil_made_and_partner_bid_5_made_exactly_scores_150() -> None:
    assert score_hand(bids=[NIL, 4, 5, 4], tricks=[0, 4, 5, 4]) == ([150, 80], [0, 0])


def test_five_bags_then_bid_3_won_10_scores_minus_63_with_2_bags_left() -> None:
    after = score_hand(bids=[2, 1, 1, 1], tricks=[6, 2, 4, 1], bags=[5, 0])
    assert after == ([-63, 21], [2, 1])


def test_both_partners_nil_and_made_scores_200() -> None:
    assert score_hand(bids=[NIL, 6, NIL, 6], tricks=[0, 7, 0, 6]) == ([200, 121], [0, 1])


def test_bid_13_won_10_loses_130() -> None:
    assert score_hand(bids=[7, 1, 6, 1], tricks=[5, 2, 5, 1]) == ([-130, 21], [0, 1])


def test_nil_made_and_nil_failed_with_3_tricks_scores_3_and_3_bags() -> None:
    # Contract 0 (both Nil); the failed Nil's 3 tricks count for the team: +100 - 100 + 3 overtricks.
    assert score_hand(bids=[NIL, 5, NIL, 5], tricks=[0, 5, 3, 5]) == ([3, 100], [3, 0])


# ---------------------------------------------------------------- beyond the acceptance values


def test_individual_mode_scores_each_player_as_its_own_team() -> None:
    after = score_hand(bids=[3, 4, NIL, 2], tricks=[4, 3, 1, 5], player_team=[0, 1, 2, 3])
    # made +1 over; failed; Nil failed (-100) with 1 overtrick on a 0 contract; made +3 over
    assert after == ([31, -40, -99, 23], [1, 0, 1, 3])


def test_a_zero_bid_without_the_nil_flag_is_a_plain_contract_of_zero() -> None:
    zero_bid = score_hand(bids=[0, 4, 6, 3], tricks=[2, 4, 4, 3])
    assert zero_bid == ([60, 70], [0, 0])  # a Nil here would have cost 100
    zero_bid_no_tricks = score_hand(bids=[0, 0, 0, 0], tricks=[0, 0, 0, 0], player_team=[0, 1, 2, 3])
    assert zero_bid_no_tricks == ([0, 0, 0, 0], [0, 0, 0, 0])


def test_bags_persist_across_hands_and_cost_the_penalty_at_the_limit() -> None:
    scores, bags = score_hand(bids=[3, 1, 2, 1], tricks=[6, 1, 5, 1])
    assert (scores, bags) == ([56, 20], [6, 0])
    scores, bags = score_hand(bids=[2, 2, 2, 2], tricks=[5, 2, 4, 2], scores=scores, bags=bags)
    # hand 2: +40 + 5 overtricks = 45, bags 11 >= 10 -> -100 and 1 bag left
    assert (scores, bags) == ([1, 60], [1, 0])


def test_a_failed_contract_leaves_the_bags_alone() -> None:
    assert score_hand(bids=[5, 1, 5, 1], tricks=[4, 3, 4, 2], bags=[9, 9]) == ([-100, -77], [9, 2])


def test_non_default_contract_scoring() -> None:
    scoring = contract_scoring_array(
        ContractScoring(
            points_per_trick_bid=5,
            overtrick_points=2,
            failed_contract_penalty=7,
            nil_bonus=50,
            nil_penalty=30,
            bag_limit=3,
            bag_penalty=25,
        )
    )
    # team 0: Nil failed with 1 trick (-30); bid 4, 7 tricks: +20 + 3 x 2, bags 3 -> -25, 0 left
    # team 1: bid 4 + 3 = 7, won 6: -7 x 7
    after = score_hand(bids=[NIL, 4, 4, 3], tricks=[1, 3, 6, 3], scoring=scoring)
    assert after == ([-29, -49], [0, 0])
    assert score_hand(bids=[NIL, 1, 2, 1], tricks=[0, 4, 2, 7], scoring=scoring) == ([60, 3], [0, 6])


def test_inputs_other_than_scores_and_bags_are_not_changed() -> None:
    bids = np.array([3, 4, 0, 2], dtype=np.int64)
    is_nil = np.array([0, 0, 1, 0], dtype=np.int64)
    tricks = np.array([4, 3, 1, 5], dtype=np.int64)
    player_team = np.array(PARTNERS, dtype=np.int64)
    scoring = DEFAULT.copy()
    evaluate_contracts(
        bids, is_nil, tricks, player_team, 2, scoring, np.zeros(2, np.int64), np.zeros(2, np.int64)
    )
    assert bids.tolist() == [3, 4, 0, 2]
    assert is_nil.tolist() == [0, 0, 1, 0]
    assert tricks.tolist() == [4, 3, 1, 5]
    assert player_team.tolist() == PARTNERS
    assert scoring.tolist() == DEFAULT.tolist()


# ---------------------------------------------------------------- properties

scorings = st.tuples(*(st.integers(0, 200) for _ in range(5)), st.integers(1, 15), st.integers(0, 300))
players = st.lists(
    st.tuples(st.integers(0, 13), st.booleans(), st.integers(0, 13), st.integers(0, 2)),
    min_size=1,
    max_size=6,
)


@settings(max_examples=200, deadline=None)
@given(players, scorings, st.integers(0, 14))
def test_score_change_equals_the_formula(
    table: list[tuple[int, bool, int, int]], fields: tuple[int, ...], bags_before: int
) -> None:
    per_trick, over, fail, nil_bonus, nil_penalty, limit, bag_penalty = fields
    scoring = np.array([*fields, 0, 0], dtype=np.int64)  # not exact, no made bonus
    bids = [NIL if nil else bid for bid, nil, _, _ in table]
    tricks = [t for _, _, t, _ in table]
    teams = [team for _, _, _, team in table]
    n_teams = max(teams) + 1
    scores, bags = score_hand(bids, tricks, teams, scoring, [0] * n_teams, [bags_before] * n_teams)
    for team in range(n_teams):
        members = [i for i in range(len(table)) if teams[i] == team]
        expected = sum((nil_bonus if tricks[i] == 0 else -nil_penalty) for i in members if bids[i] == NIL)
        contract = sum(bids[i] for i in members if bids[i] != NIL)
        won = sum(tricks[i] for i in members)
        expected_bags = bags_before
        if won >= contract:
            contract_points = contract * per_trick + (won - contract) * over
            assert contract_points >= 0  # a made contract never loses points before the bag penalty
            expected += contract_points
            expected_bags += won - contract
            if expected_bags >= limit:
                expected -= bag_penalty
                expected_bags -= limit
        else:
            expected -= contract * fail
        assert (scores[team], bags[team]) == (expected, expected_bags)


# ---------------------------------------------------------------- same results without the JIT


def jit_sample() -> list[list[int]]:
    """A sample of results, compared between compiled and NUMBA_DISABLE_JIT=1 runs."""
    samples = [
        score_hand(bids=[3, 4, 2, 1], tricks=[5, 3, 3, 2]),
        score_hand(bids=[2, 1, 1, 1], tricks=[6, 2, 4, 1], bags=[5, 0]),
        score_hand(bids=[NIL, 5, NIL, 5], tricks=[0, 5, 3, 5]),
        score_hand(bids=[3, 4, NIL, 2], tricks=[4, 3, 1, 5], player_team=[0, 1, 2, 3]),
    ]
    return [scores + bags for scores, bags in samples]


def test_same_results_with_jit_disabled() -> None:
    assert hasattr(evaluate_contracts, "py_func")  # compiled in this process
    assert sample_without_jit(__file__) == (1, jit_sample())


def test_an_exact_contract_is_made_only_by_the_very_number_bid() -> None:
    # Oh Hell's scoring, player by player: 1 point per trick bid and a bonus of 10, only for an exact bid.
    oh_hell = contract_scoring_array(ContractScoring(1, 0, 0, 0, 0, 10, 0, exact=True, made_bonus=10))
    solo = [0, 1, 2, 3]
    # Bids 3, 0, 2, 5; tricks 3, 0, 3, 4: exact for the first two (3 + 10, 0 + 10); one over and one
    # under score nothing (the failed penalty is 0), and no bags are counted.
    assert score_hand([3, 0, 2, 5], [3, 0, 3, 4], solo, oh_hell) == ([13, 10, 0, 0], [0, 0, 0, 0])
    # A failed exact contract loses the penalty per trick bid, over or under: bid 2, took 4, penalty 5.
    harsh = contract_scoring_array(ContractScoring(1, 0, 5, 0, 0, 10, 0, exact=True, made_bonus=10))
    assert score_hand([2, 1, 0, 0], [4, 1, 0, 0], solo, harsh) == ([-10, 11, 10, 10], [0, 0, 0, 0])
    # Without ``exact`` the bonus comes on top of a made Spades contract: bid 3, took 5: 30 + 2 + 7.
    bonus = contract_scoring_array(ContractScoring(made_bonus=7))
    assert score_hand([3, 0, 0, 0], [5, 0, 0, 0], solo, bonus)[0][0] == 39
