"""Spades-style contract scoring at hand end (spec 004's ``EvaluateContracts``), compiled.

``evaluate_contracts`` is a ``numba.njit`` pure function over ``int64`` arrays that updates the team
scores and the accumulated bags in place; it gives the same result under ``NUMBA_DISABLE_JIT=1``.

Encodings:

* Per player ``i`` (length P): ``bids[i]`` (the bid, 0 for Nil), ``is_nil[i]`` (1 = Nil bid, 2 = blind
  Nil, bid before looking at the cards and worth twice the bonus or the penalty, 0 = not;
  the single source of truth: a bid of 0 with ``is_nil[i] == 0`` is a plain zero bid that counts as a
  contract of 0), ``tricks[i]`` (tricks won this hand), ``player_team[i]`` (team index 0..T-1).
  Individual mode is ``player_team[i] = i`` with ``n_teams = P``: each player is its own team.
* ``scoring`` (length 9) holds ``ContractScoring``'s fields in declaration order (``exact`` as 0/1);
  ``contract_scoring_array`` builds it and the ``SCORING_*`` constants index it.
* ``team_scores`` and ``bags`` (length T) persist across hands; only this function changes ``bags``.

Rules, applied to each team ``0..n_teams-1`` independently (a team whose members bid only Nil has a
contract of 0, so all its tricks are overtricks):

1. Each Nil bidder scores ``+nil_bonus`` for 0 tricks, else ``-nil_penalty`` (twice either for blind
   Nil).
2. The team contract is the sum of its members' non-Nil bids; the team's tricks are the tricks of *all*
   its members, Nil bidders included (spec 004: "Team tricks = partner1_tricks + partner2_tricks").
   Some Spades rule sets do not let a failed Nil's tricks help the partner; the specification's reading counts
   them, and it is the one that gives its acceptance value "Nil made + Nil failed with 3 tricks → +3 and
   3 bags" (contract 0, 3 tricks: +0×10 + 3×1, and 100 − 100 from the Nils).
3. Made (tricks ≥ contract): ``+contract × points_per_trick_bid + overtricks × overtrick_points``, and
   the overtricks are added to the team's bags. Then, if bags ≥ ``bag_limit``, the team loses
   ``bag_penalty`` and ``bag_limit`` is taken off its bags, once per evaluation as in the seed (bags
   left over stay and count at the next made contract).
4. Failed (tricks < contract): ``-contract × failed_contract_penalty``; bags are unchanged.

With ``exact`` (Oh Hell) a contract is made only when the tricks equal it: more tricks fail it too (step
4), so there are no overtricks and no bags. Every made contract also scores ``made_bonus`` (step 3).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import numpy.typing as npt

from darwindeck.engine.jit import kernel_jit
from darwindeck.genome.schema import ContractScoring

Int64Array = npt.NDArray[np.int64]

SCORING_POINTS_PER_TRICK_BID = 0
SCORING_OVERTRICK_POINTS = 1
SCORING_FAILED_CONTRACT_PENALTY = 2
SCORING_NIL_BONUS = 3
SCORING_NIL_PENALTY = 4
SCORING_BAG_LIMIT = 5
SCORING_BAG_PENALTY = 6
SCORING_EXACT = 7
SCORING_MADE_BONUS = 8


def contract_scoring_array(scoring: ContractScoring) -> Int64Array:
    """``scoring``'s fields in declaration order as the ``int64[7]`` that ``evaluate_contracts`` takes."""
    return np.array([int(getattr(scoring, f.name)) for f in dataclasses.fields(scoring)], dtype=np.int64)


@kernel_jit
def evaluate_contracts(
    bids: Int64Array,
    is_nil: Int64Array,
    tricks: Int64Array,
    player_team: Int64Array,
    n_teams: int,
    scoring: Int64Array,
    team_scores: Int64Array,
    bags: Int64Array,
) -> None:
    """Score every team's contract and Nil bids for the hand just ended (rules in the module docstring)."""
    for team in range(n_teams):
        contract = 0
        team_tricks = 0
        for player in range(bids.shape[0]):
            if player_team[player] != team:
                continue
            team_tricks += tricks[player]
            if is_nil[player] != 0:  # 1 Nil, 2 blind Nil: twice the stake
                if tricks[player] == 0:
                    team_scores[team] += scoring[SCORING_NIL_BONUS] * is_nil[player]
                else:
                    team_scores[team] -= scoring[SCORING_NIL_PENALTY] * is_nil[player]
            else:
                contract += bids[player]
        exact = scoring[SCORING_EXACT] != 0
        if team_tricks == contract or (team_tricks > contract and not exact):
            overtricks = team_tricks - contract
            team_scores[team] += (
                contract * scoring[SCORING_POINTS_PER_TRICK_BID]
                + overtricks * scoring[SCORING_OVERTRICK_POINTS]
                + scoring[SCORING_MADE_BONUS]
            )
            bags[team] += overtricks
            if bags[team] >= scoring[SCORING_BAG_LIMIT]:
                team_scores[team] -= scoring[SCORING_BAG_PENALTY]
                bags[team] -= scoring[SCORING_BAG_LIMIT]
        else:
            team_scores[team] -= contract * scoring[SCORING_FAILED_CONTRACT_PENALTY]
