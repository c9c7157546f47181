"""What an auction's contract in play is worth to each side, projected to the hand's end (for the search).

Once an auction has set a contract (``S_DECLARER`` ≥ 0) the hand's score is known only at its end, so
the search's leaf measure (``mcts.side_measure``) adds this projection: the declarer's side is credited
with the tricks it has taken plus a share of the tricks left, the share being its part of the *half
tricks* still in the hands (per card: a trump jack or better, or an ace outside trumps, 2; a lower
trump, or a king outside trumps, 1; no trumps in no trump), one half each when nobody holds any;
rounded to the nearest trick. The contract is then scored with ``engine.bridge_score`` as if the hand had
ended so, to the declarer's side when made, else to every other side, on the vulnerability of this
deal. Everything the projection reads is public or the searcher's own sample.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.bridge_score import add_contract_points, hand_tricks
from darwindeck.engine.deals import dealer
from darwindeck.engine.makers import side_tricks
from darwindeck.engine.piles import hand_off
from darwindeck.engine.program import team_of

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

JACK = 9


@numba.njit(cache=True)
def _half_tricks(state: Int64Array, player: int, trump: int) -> int:
    off = hand_off(player)
    halves = 0
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        rank = card % L.N_RANKS
        if trump >= 0 and card // L.N_RANKS == trump:
            halves += 2 if rank >= JACK else 1
        elif rank == L.N_RANKS - 1:
            halves += 2
        elif rank == L.N_RANKS - 2:
            halves += 1
    return halves


@numba.njit(cache=True)
def projected_tricks(tables: Int64Array, state: Int64Array, team: int) -> int:
    """The tricks ``team`` is projected to end the hand with (module rules)."""
    trump = max(state[L.S_HAND_TRUMP], -1)
    ours = 0
    theirs = 0
    for p in range(tables[L.H_PLAYERS]):
        halves = _half_tricks(state, p, trump)
        if team_of(tables, p) == team:
            ours += halves
        else:
            theirs += halves
    left = hand_tricks(tables) - state[L.S_TRICKS_PLAYED]
    share = 0.5 if ours + theirs == 0 else ours / (ours + theirs)
    return int(side_tricks(tables, state, team) + int(share * max(left, 0) + 0.5))


@numba.njit(cache=True)
def add_projected_contract(tables: Int64Array, state: Int64Array, scores: Float64Array) -> None:
    """Add to ``scores`` (per side) the contract's projected score, when an auction has set one."""
    declarer = state[L.S_DECLARER]
    if tables[L.H_AUCTION_VUL] < 0 or declarer < 0:
        return
    tricks = projected_tricks(tables, state, team_of(tables, declarer))
    add_contract_points(tables, state, tricks, dealer(tables, state), state[L.S_HANDS_PLAYED], scores)
