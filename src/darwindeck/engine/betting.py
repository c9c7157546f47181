"""Betting phases: a round of check / bet / call / raise / all-in / fold with chips.

Every player starts the game with ``setup.starting_chips``; chips persist across hands. A betting phase
is a round for the whole table, opened by the turn's player and going round in the direction of play;
players who folded this hand or have no chips left are passed over. The actor may:

* CHECK when there is nothing to call; BET ``min_bet`` when nobody has bet this round;
* CALL the difference to the round's bet; RAISE by ``min_bet`` over it (at most ``max_raises`` raises
  per round after the opening bet, as Pagat's "a bet and three raises"); ALL_IN: put in every chip left
  (a raise when it goes over a standing bet, the opening bet when there is none);
* BET, RAISE and an ALL_IN beyond the call only while another player could still answer (not folded,
  chips left): a bet nobody can call is not made (poker's rule: an uncalled bet is no bet);
* FOLD when there is something to call: out of this hand (their later turns in the hand are skipped
  and their hand cannot win a showdown).

Each option needs the chips for it. The round ends when every player still in with chips has acted
since the last bet or raise and matched the bet (or is all in). When all but one player have folded,
the hand ends at once. At a hand end the pot goes to the best hand among those who did not fold (by
``hand_strength.hand_strength``; without a hand evaluation, or on a tie, it stays for the next hand); the
``best_hand`` win condition ignores folded players. In a WAR tableau the winner of each battle takes the
pot at once (``engine.tableau``).

Pot-sized betting (a board phase with ``pot_sized``: ``H_POT_SIZED``, no-limit as OpenSpiel's ``fcpa``
names its sizes): BET or RAISE puts in the call and then the pot after calling (``pot_raise``: the pot
plus twice what is owed), offered when it does not exceed the actor's chips; raising is allowed when the
actor has chips beyond the call, fewer than ``max_raises`` raises were made and another player may still
bet; ALL_IN whenever raising is allowed and is not the same amount as the pot-sized raise, or as a call
for less; CHECK, CALL and FOLD as above. The board phase (``engine.board``) posts blinds, opens rounds and
shares the pot at a board game's showdown.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.program import phase_at

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def in_hand(state: Int64Array, n_players: int) -> int:
    """Players who have not folded this hand."""
    count = 0
    for p in range(n_players):
        count += 1 if state[L.B_FOLDED + p] == 0 else 0
    return count


@kernel_jit
def start_round(state: Int64Array) -> None:
    state[L.S_CUR_BET] = 0
    state[L.S_RAISES] = 0
    for p in range(L.MAX_PLAYERS):
        state[L.B_ROUND_BET + p] = 0
        state[L.B_ACTED + p] = 0


@kernel_jit
def can_act(state: Int64Array, player: int) -> bool:
    return bool(state[L.B_FOLDED + player] == 0 and state[L.B_CHIPS + player] > 0)


@kernel_jit
def round_over(state: Int64Array, n_players: int) -> bool:
    if in_hand(state, n_players) <= 1:
        return True
    for p in range(n_players):
        if can_act(state, p):
            owed = state[L.S_CUR_BET] - state[L.B_ROUND_BET + p]
            if state[L.B_ACTED + p] == 0 or owed > 0:
                return False
    return True


@kernel_jit
def betting_actions(tables: Int64Array, state: Int64Array, phase: int, player: int, out_start: int) -> int:
    """Write the actor's betting actions at ``state[out_start:]``; their number."""
    if tables[L.H_POT_SIZED] != 0:
        return _pot_sized_actions(tables, state, phase, player, out_start)
    chips = state[L.B_CHIPS + player]
    owed = state[L.S_CUR_BET] - state[L.B_ROUND_BET + player]
    min_bet = phase_at(tables, phase, L.PH_A)
    raises_left = state[L.S_RAISES] < phase_at(tables, phase, L.PH_B)
    others = _others_may_bet(state, player, tables[L.H_PLAYERS])  # else nobody could call a bet
    n = 0
    if owed <= 0:
        state[out_start + n] = L.A_CHECK
        n += 1
    if owed > 0 and chips >= owed:
        state[out_start + n] = L.A_CALL
        n += 1
    if state[L.S_CUR_BET] == 0 and chips >= min_bet and others:
        state[out_start + n] = L.A_BET
        n += 1
    if state[L.S_CUR_BET] > 0 and chips >= owed + min_bet and raises_left and others:
        state[out_start + n] = L.A_RAISE
        n += 1
    if chips > 0 and (others or chips <= owed):  # all in for a call (or less) needs nobody to answer
        state[out_start + n] = L.A_ALL_IN
        n += 1
    if owed > 0:
        state[out_start + n] = L.A_FOLD
        n += 1
    return n


@kernel_jit
def pot_raise(state: Int64Array, player: int) -> int:
    """Chips a pot-sized bet or raise puts in: the call, then the pot after calling."""
    owed = max(state[L.S_CUR_BET] - state[L.B_ROUND_BET + player], 0)
    return int(state[L.S_POT] + 2 * owed)


@kernel_jit
def _others_may_bet(state: Int64Array, player: int, n_players: int) -> bool:
    for p in range(n_players):  # noqa: SIM110 (numba: no generators)
        if p != player and can_act(state, p):
            return True
    return False


@kernel_jit
def _pot_sized_actions(tables: Int64Array, state: Int64Array, phase: int, player: int, out_start: int) -> int:
    """The actor's actions under pot-sized betting (module rules), in ascending order."""
    chips = state[L.B_CHIPS + player]
    owed = state[L.S_CUR_BET] - state[L.B_ROUND_BET + player]
    size = pot_raise(state, player)
    raising = (
        chips > owed
        and state[L.S_RAISES] < phase_at(tables, phase, L.PH_B)
        and _others_may_bet(state, player, tables[L.H_PLAYERS])
    )
    n = 0
    if owed <= 0:
        state[out_start + n] = L.A_CHECK
        n += 1
    if owed > 0 and chips >= owed:
        state[out_start + n] = L.A_CALL
        n += 1
    if raising and size <= chips:
        state[out_start + n] = L.A_BET if state[L.S_CUR_BET] == 0 else L.A_RAISE
        n += 1
    if (raising and size != chips) or 0 < chips < owed:
        state[out_start + n] = L.A_ALL_IN
        n += 1
    if owed > 0:
        state[out_start + n] = L.A_FOLD
        n += 1
    return n


@kernel_jit
def _put_in(state: Int64Array, player: int, amount: int) -> None:
    state[L.B_CHIPS + player] -= amount
    state[L.B_ROUND_BET + player] += amount
    state[L.S_POT] += amount


@kernel_jit
def _raised(state: Int64Array, player: int) -> None:
    """The player's chips now set the round's bet: a raise when a bet stood, else the opening bet."""
    if state[L.S_CUR_BET] > 0:
        state[L.S_RAISES] += 1
    state[L.S_CUR_BET] = state[L.B_ROUND_BET + player]
    for p in range(L.MAX_PLAYERS):
        state[L.B_ACTED + p] = 0


@kernel_jit
def bet_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    owed = state[L.S_CUR_BET] - state[L.B_ROUND_BET + player]
    min_bet = phase_at(tables, phase, L.PH_A)
    if action == L.A_CALL:
        _put_in(state, player, owed)
    elif action == L.A_BET or action == L.A_RAISE:
        sized = tables[L.H_POT_SIZED] != 0
        _put_in(state, player, pot_raise(state, player) if sized else max(owed, 0) + min_bet)
        _raised(state, player)
    elif action == L.A_ALL_IN:
        _put_in(state, player, state[L.B_CHIPS + player])
        if state[L.B_ROUND_BET + player] > state[L.S_CUR_BET]:
            _raised(state, player)
    elif action == L.A_FOLD:
        state[L.B_FOLDED + player] = 1
        state[L.S_INTERACTION] += 1
        if in_hand(state, tables[L.H_PLAYERS]) <= 1:
            state[L.S_HAND_OVER] = 1
    state[L.B_ACTED + player] = 1


@kernel_jit
def award_pot(state: Int64Array, winner: int) -> None:
    state[L.B_CHIPS + winner] += state[L.S_POT]
    state[L.S_POT] = 0
