"""A Dou Dizhu hand's flow: the call for the landlord, whose turn it is in the climb, and the stake paid.

The hand's progress is a small ``int64`` array of cells (``N_CELLS``, offsets ``CL_*``): in the kernel
they are the state's cells from ``layout.B_CLIMB`` (``engine.climb_state`` plays the two phases on the
state). The combinations themselves are ``engine.combinations``'. Besides the flow, the cells hold the
*kicker stage* of a combination being chosen (``CL_PENDING``, its primal part, -1 none; ``CL_KICKS`` the
kickers chosen so far, ``CL_LAST_KICK`` the last one's rank, -1 none, ``CL_USED`` + rank their cards) and
the kitty turned up (``CL_KITTY``: bit ``c`` set for card ``c``).

**The call** (``call_actions``, ``call``): from the first caller (``call_start``), each player in turn
passes (``layout.A_PASS``) or bids n (``layout.A_BID0 + n``), higher than the highest bid so far, at most
``max_bid``. A bid of ``max_bid`` ends the call at once. With ``once_around`` (each player calls
once) the call ends after every player has called; otherwise (OpenSpiel's) it goes on until, after a
bid, the other players have passed in a row. The last bidder is the *declarer* (the landlord) at the
highest bid, the *bid*; when nobody bids the hand is thrown in (``STAGE_THROWN_IN``). The declarer leads.

**The climb** (``climb_play``, ``climb_pass``): the player on turn plays a combination that beats the
one on the table (``CL_TABLE``; ``combinations.NO_COMBO`` when leading) or, when not leading, passes.
When all the other players have passed in a row the table clears and the player who played last leads.
A player whose hand is empty after a play has gone out: the hand is over (``STAGE_OVER``, ``CL_WINNER``).
Bombs and the rocket played are counted (``CL_BOMBS``), and each seat's combinations (``CL_PLAYS``).

**The stake** (``stake_scores``): the bid, doubled for each bomb or rocket played (``bomb_doubles``) and
doubled once more for a *spring* (``spring_doubles``): the declarer went out before any other player had
played, or another player went out while the declarer had played only once. The declarer scores
(players − 1) × stake when they went out and loses it otherwise; every other player the opposite, the
stake. These are OpenSpiel's returns (``DouDizhuState::ScoreUp``) and the published settlement
(``genome.library.climbing`` names the sources).

>>> cells = np.zeros(N_CELLS, dtype=np.int64)
>>> call_start(cells, 1)
>>> [call(cells, a, 3, 3, True) for a in (L.A_BID0 + 1, L.A_PASS, L.A_BID0 + 2)]
[0, 0, 1]
>>> int(cells[CL_DECLARER]), int(cells[CL_BID]), int(cells[CL_CUR])
(0, 2, 0)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit

Int64Array = npt.NDArray[np.int64]

CL_STAGE = 0  # STAGE_*
CL_CUR = 1  # the player on turn
CL_BID = 2  # the highest bid so far (0: none)
CL_DECLARER = 3  # the last bidder, -1 none
CL_PASSES = 4  # passes in a row (call and climb)
CL_CALLS = 5  # calls made
CL_TABLE = 6  # the primal part on the table, NO_COMBO when the player on turn leads
CL_TABLE_PLAYER = 7  # who played it
CL_BOMBS = 8  # bombs and rockets played
CL_WINNER = 9  # who went out, -1 nobody yet
CL_PLAYS = 10  # + seat: combinations the seat has played
CL_PENDING = CL_PLAYS + L.MAX_PLAYERS  # the primal part whose kickers are being chosen, -1 none
CL_KICKS = CL_PENDING + 1  # kickers chosen so far
CL_LAST_KICK = CL_KICKS + 1  # the rank of the last kicker chosen, -1 none
CL_KITTY = CL_LAST_KICK + 1  # bit c set: card c was in the kitty (turned up when the call is decided)
CL_USED = CL_KITTY + 1  # + climbing rank: the kicker cards chosen so far
N_CELLS = CL_USED + C.N_RANKS
assert N_CELLS <= L.CLIMB_CELLS and C.N_PRIMALS == L.N_PRIMALS and C.N_RANKS == L.N_CLIMB_RANKS

STAGE_CALL, STAGE_CLIMB, STAGE_OVER, STAGE_THROWN_IN = 0, 1, 2, 3
CALL_GOES_ON, CALL_DECIDED, CALL_THROWN_IN = 0, 1, 2


@kernel_jit
def call_start(cells: Int64Array, first: int) -> None:
    """A new hand's call, ``first`` calling first."""
    cells[:] = 0
    cells[CL_CUR] = first
    cells[CL_DECLARER] = -1
    cells[CL_TABLE] = C.NO_COMBO
    cells[CL_TABLE_PLAYER] = -1
    cells[CL_WINNER] = -1
    cells[CL_PENDING] = -1
    cells[CL_LAST_KICK] = -1


@kernel_jit
def call_actions(cells: Int64Array, max_bid: int, out: Int64Array) -> int:
    """Write the caller's legal actions, ascending, into ``out``: PASS, then each bid above the highest."""
    out[0] = L.A_PASS
    n = 1
    for bid in range(cells[CL_BID] + 1, max_bid + 1):
        out[n] = L.A_BID0 + bid
        n += 1
    return n


@kernel_jit
def call(cells: Int64Array, action: int, n_players: int, max_bid: int, once_around: bool) -> int:
    """Apply the caller's ``action``; ``CALL_GOES_ON``, ``CALL_DECIDED`` (the declarer leads the climb)
    or ``CALL_THROWN_IN`` (nobody bid)."""
    cells[CL_CALLS] += 1
    if action == L.A_PASS:
        cells[CL_PASSES] += 1
    else:
        cells[CL_PASSES] = 0
        cells[CL_BID] = action - L.A_BID0
        cells[CL_DECLARER] = cells[CL_CUR]
    everyone_called = once_around and cells[CL_CALLS] == n_players
    passed_out = cells[CL_PASSES] == (n_players if cells[CL_BID] == 0 else n_players - 1)
    if cells[CL_BID] == max_bid or ((everyone_called or passed_out) and cells[CL_BID] > 0):
        cells[CL_STAGE] = STAGE_CLIMB
        cells[CL_CUR] = cells[CL_DECLARER]
        cells[CL_PASSES] = 0
        return CALL_DECIDED
    if everyone_called or passed_out:
        cells[CL_STAGE] = STAGE_THROWN_IN
        return CALL_THROWN_IN
    cells[CL_CUR] = (cells[CL_CUR] + 1) % n_players
    return CALL_GOES_ON


@kernel_jit
def climb_play(cells: Int64Array, hand: Int64Array, p: int, kickers: Int64Array, n_players: int) -> None:
    """The player on turn plays primal part ``p`` with the kicker cards ``kickers`` (per climbing rank),
    taken from their ``hand`` (per climbing rank); the hand ends when it empties."""
    player = cells[CL_CUR]
    kind = C.PRIMAL_TYPE[p]
    for rank in range(C.N_RANKS):
        if C.in_primal(p, rank):
            hand[rank] -= 1 if kind == C.C_ROCKET else C.TYPE_WIDTH[kind]
        hand[rank] -= kickers[rank]
    if kind == C.C_BOMB or kind == C.C_ROCKET:
        cells[CL_BOMBS] += 1
    cells[CL_PLAYS + player] += 1
    cells[CL_TABLE] = p
    cells[CL_TABLE_PLAYER] = player
    cells[CL_PASSES] = 0
    if hand.sum() == 0:
        cells[CL_WINNER] = player
        cells[CL_STAGE] = STAGE_OVER
        return
    cells[CL_CUR] = (player + 1) % n_players


@kernel_jit
def climb_pass(cells: Int64Array, n_players: int) -> None:
    """The player on turn passes; when every other player has passed in a row the last to play leads."""
    cells[CL_PASSES] += 1
    if cells[CL_PASSES] == n_players - 1:
        cells[CL_TABLE] = C.NO_COMBO
        cells[CL_PASSES] = 0
        cells[CL_CUR] = cells[CL_TABLE_PLAYER]
        return
    cells[CL_CUR] = (cells[CL_CUR] + 1) % n_players


@kernel_jit
def spring(cells: Int64Array, n_players: int) -> bool:
    """Whether the hand was a spring (module rules)."""
    declarer = cells[CL_DECLARER]
    if cells[CL_PLAYS + declarer] == 1:
        return True
    for seat in range(n_players):  # noqa: SIM110 (numba: no generators)
        if seat != declarer and cells[CL_PLAYS + seat] > 0:
            return False
    return True


@kernel_jit
def stake_scores(
    cells: Int64Array, n_players: int, bomb_doubles: bool, spring_doubles: bool, out: Int64Array
) -> None:
    """Write each seat's score for the finished hand into ``out`` (module rules; 0 when thrown in)."""
    out[:n_players] = 0
    if cells[CL_STAGE] != STAGE_OVER:
        return
    stake = cells[CL_BID]
    if bomb_doubles:
        stake <<= cells[CL_BOMBS]
    if spring_doubles and spring(cells, n_players):
        stake *= 2
    declarer = cells[CL_DECLARER]
    sign = 1 if cells[CL_WINNER] == declarer else -1
    for seat in range(n_players):
        out[seat] = sign * stake * (n_players - 1) if seat == declarer else -sign * stake
