"""The score of a Bridge contract at the hand's end (``AuctionPhase``), as in duplicate Bridge.

The Laws of Duplicate Bridge (2017), Law 77. A contract of level ``n`` (``S_CONTRACT``, set by
``engine.auction``) needs ``book + n`` tricks, the book being the hand's tricks less seven (six of
Bridge's thirteen); ``t`` is the tricks the declarer's team took (every member's, the dummy's too).

* Made (``t ≥ book + n``), to the declarer's team: the contract's trick score (each trick bid: 20 in a
  minor (♣ ♦), 30 in a major (♥ ♠), in no trump 40 for the first and 30 for each other; doubled ×2,
  redoubled ×4), plus 300 (vulnerable 500) when that trick score is 100 or more (a game), else 50 (a
  part score); a small slam (level 6) 500 (vulnerable 750), a grand slam (level 7) 1000 (1500); 50 for
  a doubled, 100 for a redoubled contract made ("for the insult"); each overtrick its trick value
  undoubled, 100 (vulnerable 200) doubled, 200 (400) redoubled.
* Defeated by ``u`` tricks, to every other team: undoubled 50 (vulnerable 100) a trick; doubled, not
  vulnerable 100 for the first, 200 for the second and third, 300 for each further one; vulnerable 200
  for the first and 300 for each further one; redoubled, twice the doubled figures.

Vulnerability (header ``H_AUCTION_VUL``, the ``Vulnerability`` code): none, both, or Chicago's cycle by
the deals played (deal 1 none, deals 2 and 3 the dealer's team, deal 4 both, then round again). In
individual mode every player is a team and the player's score follows the team score. A hand thrown
in (passed out) never reaches here.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.makers import side_tricks
from darwindeck.engine.program import team_of

Int64Array = npt.NDArray[np.int64]
Scores = npt.NDArray[np.int64] | npt.NDArray[np.float64]

NO_TRUMP = 4
VUL_BOTH = 1
VUL_CHICAGO = 2
GAME_SCORE = 100
SMALL_SLAM = 6


@kernel_jit
def vulnerable(tables: Int64Array, team: int, dealer: int, deal: int) -> bool:
    """Whether ``team`` is vulnerable on deal ``deal`` (0 the first deal played), ``dealer`` dealing it
    (module rules)."""
    mode = tables[L.H_AUCTION_VUL]
    if mode == VUL_BOTH:
        return True
    if mode != VUL_CHICAGO:
        return False
    cycle = deal % 4
    if cycle == 3:
        return True
    return cycle != 0 and team_of(tables, dealer) == team


@kernel_jit
def trick_score(level: int, strain: int, doubled: int) -> int:
    """The contract's trick score: the tricks bid, valued by strain, doubled ×2, redoubled ×4."""
    if strain == NO_TRUMP:
        points = 40 + 30 * (level - 1)
    elif strain <= 1:
        points = 20 * level
    else:
        points = 30 * level
    return int(points << doubled)


@kernel_jit
def made_score(level: int, strain: int, doubled: int, vul: bool, overtricks: int) -> int:
    """What a made contract scores (module rules)."""
    below = trick_score(level, strain, doubled)
    points = below + ((500 if vul else 300) if below >= GAME_SCORE else 50)
    if level == SMALL_SLAM:
        points += 750 if vul else 500
    elif level == L.MAX_LEVEL:
        points += 1500 if vul else 1000
    if doubled == 0:
        points += overtricks * (20 if strain <= 1 else 30)
    else:
        points += 50 * doubled + overtricks * (200 if vul else 100) * doubled
    return int(points)


@kernel_jit
def defeat_score(undertricks: int, doubled: int, vul: bool) -> int:
    """What the defenders score for a contract defeated by ``undertricks`` (module rules)."""
    if doubled == 0:
        return int(undertricks * (100 if vul else 50))
    if vul:
        points = 200 + 300 * (undertricks - 1)
    else:
        points = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return int(points * doubled)


@kernel_jit
def hand_tricks(tables: Int64Array) -> int:
    """The tricks of a hand: ``tricks_per_hand`` when the genome gives it, else one a card dealt."""
    per_hand = tables[L.H_TRICKS_PER_HAND]
    return int(per_hand if per_hand > 0 else tables[L.H_CARDS_PER_PLAYER])


@kernel_jit
def auction_book(tables: Int64Array) -> int:
    """Tricks the declarer's side must take before the contract's level counts: the hand's less seven."""
    return hand_tricks(tables) - L.MAX_LEVEL


@kernel_jit
def add_contract_points(
    tables: Int64Array, state: Int64Array, tricks: int, dealer: int, deal: int, scores: Scores
) -> bool:
    """Add to ``scores`` (per team) what the hand's contract scores when the declarer's team takes
    ``tricks`` on deal ``deal`` (0 the first), ``dealer`` dealing it (module rules); True when it is made.
    ``scores`` may be the state's team scores or a searcher's projection (floats)."""
    contract = state[L.S_CONTRACT]
    level = contract // L.N_STRAINS + 1
    strain = contract % L.N_STRAINS
    doubled = state[L.S_DOUBLED]
    team = team_of(tables, state[L.S_DECLARER])
    vul = vulnerable(tables, team, dealer, deal)
    needed = auction_book(tables) + level
    if tricks >= needed:
        scores[team] += made_score(level, strain, doubled, vul, tricks - needed)
        return True
    for other in range(tables[L.H_N_TEAMS]):
        if other != team:
            scores[other] += defeat_score(needed - tricks, doubled, vul)
    return False


@kernel_jit
def score_contract(tables: Int64Array, state: Int64Array, dealer: int) -> None:
    """Score the hand's contract, if an auction set one (module rules)."""
    declarer = state[L.S_DECLARER]
    if tables[L.H_AUCTION_VUL] < 0 or declarer < 0:
        return
    n_teams = tables[L.H_N_TEAMS]
    tricks = side_tricks(tables, state, team_of(tables, declarer))
    deal = state[L.S_HANDS_PLAYED] - 1  # this deal is counted already
    team_scores = state[L.B_TEAM_SCORE : L.B_TEAM_SCORE + n_teams]
    if add_contract_points(tables, state, tricks, dealer, deal, team_scores):
        state[L.S_BIDS_MET] += 1
    if tables[L.H_TEAM_MODE] == 0:
        for p in range(tables[L.H_PLAYERS]):
            state[L.B_SCORE + p] = state[L.B_TEAM_SCORE + p]
