"""Bids and trump calls chosen in sampled worlds, for the competent players (the competent MCTS and the
perfect-information Monte Carlo player, ``pimc``; both through ``mcts.unsearched_move``).

Both decisions look at the same worlds, as many as the caller asks (the searchers ask for their parameter
row's ``P_BID_WORLDS``; the competent player's count is ``competent.bid_worlds``): full states dealt
consistently with what the deciding seat has seen (``determinize.sample_world``: its own hand, the cards
shown, the voids shown), drawn once per decision from the searcher's RNG, so every candidate is judged on
the same deals. Each candidate is
applied to a copy of each world, and the hand is **played out** from there by the greedy player
(``engine.policies.greedy_choice``) in every seat, for every later bid, call and card, to the end of the
hand (its number changes or the game ends; ``PLAYOUT_STEPS`` actions at most). Greedy play-outs, not
the solver: a bid is one decision a hand, and a solved world costs thousands of engine steps against
about sixty for a play-out.

**Trick-count bids** (``BiddingPhase``: Spades, Partnership Spades, Oh Hell; ``sampled_bid``). For each
legal bid ``b`` and world ``w`` the play-out (the seat bidding ``b``) gives the tricks each player takes;
the last trick of the hand is credited to its winner as the card that completes it is played
(``trick_taker``), since the engine clears the trick counts when it deals the next hand. The pair is
scored by the game's own contract scoring (``engine.contracts.evaluate_contracts``, the function the
engine scores the hand with: points per trick bid, overtricks and their bags with the bag penalty on the
side's present bags, Nil's bonus or penalty, exact contracts and the made bonus), for the bidder's side
only, with these bids:

* the bidder: ``b``; a Nil when ``b`` is 0 and the phase allows Nil (as the engine reads a bid of 0);
* a partner who has already bid: that bid, its Nil or blind Nil included, and the partner is taken to
  take exactly what it bid (none for a Nil). The worlds deal the partner's hand without regard to its
  bid (the sampler knows the cards seen, not what a bid says of a hand), so the tricks the partner takes
  there say nothing of its real hand; its bid does. Counting the world's partner tricks instead lost
  to the greedy bidder (``docs/skill.md``, "Bidding");
* a partner who has not bid yet: the tricks it takes in that world, not a Nil (it is assumed to bid what
  it will take);

so in both cases the bidder answers for its own tricks: the side's contract is ``b`` plus the partner's
part, made when the bidder's own tricks reach ``b``, the excess being overtricks (the side's tricks are
all its members' tricks, a failed Nil's included, spec 004).
Other sides' bids do not change the bidder's side's score. The bags the hand adds are charged at the bag
penalty's rate (``bag_penalty / bag_limit`` a bag, 10 points in Spades), the penalty being on its way,
as the search's measure charges them (``mcts``); a penalty this hand already incurs is in the score and
its bags leave the count. A bid's value is the mean over the worlds, and the best is made: the expected
score, not the mean trick count, so the chance of a set, of a failed Nil or of bags is weighed by what
each costs. Ties (within ``TIE``) go to the greedy player's bid, then to the first
legal bid. The blind Nil question (look at the cards or bid blind) is the greedy player's: it looks.

**Trump making** (a trump phase: Euchre's ordering up and calling, the dealer's discard after taking
the turned card; ``sampled_call``). Each legal action is valued in each world by the hand's score as the
engine gives it: the change of the seat's side's score from the world to the end of the play-out, less
the mean change of every other side's (a hand thrown in after four passes each way is worth 0). The best
mean is played; ties as for bids.

Everything here is compiled and reads only the seat's observation, its knowledge and its RNG.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.determinize import sample_world
from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.contracts import SCORING_BAG_LIMIT, SCORING_BAG_PENALTY, evaluate_contracts
from darwindeck.engine.kernel import apply_action
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.program import contract_view, phase_at, team_of, team_view
from darwindeck.engine.tricks import card_beats, trick_trump, trick_winner_index

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

PLAYOUT_STEPS = 400
TIE = 1e-9


@numba.njit(cache=True)
def trick_taker(tables: Int64Array, state: Int64Array, card: int) -> int:
    """The player who would hold the trick in progress once ``card`` is played to it by the actor."""
    actor = state[L.S_ACTOR]
    if state[L.L_TRICK] == 0:
        return int(actor)
    phase = state[L.S_PHASE]
    best = trick_winner_index(tables, state, phase)
    if card_beats(tables, phase, card, state[L.P_TRICK + best], trick_trump(tables, state, phase)):
        return int(actor)
    return int(state[L.B_TRICK_PLAYER + best])


@numba.njit(cache=True)
def play_out(tables: Int64Array, world: Int64Array, tricks: Int64Array) -> None:
    """Play ``world`` to the end of its hand with the greedy player in every seat; ``tricks`` receives
    the tricks each player took in the hand (module rules)."""
    hand = world[L.S_HAND_NO]
    for p in range(tables[L.H_PLAYERS]):
        tricks[p] = world[L.B_TRICKS + p]
    for _ in range(PLAYOUT_STEPS):
        if world[L.S_TERMINAL] != 0 or world[L.S_HAND_NO] != hand:
            return
        action = greedy_choice(tables, world)
        taker = -1
        if action < L.FULL_DECK and phase_at(tables, world[L.S_PHASE], L.PH_KIND) == L.K_TRICK:
            taker = trick_taker(tables, world, action)
        played = world[L.S_TRICKS_PLAYED]
        apply_action(tables, world, action)
        ended = world[L.S_TERMINAL] != 0 or world[L.S_HAND_NO] != hand
        if taker >= 0 and (ended or world[L.S_TRICKS_PLAYED] > played):
            tricks[taker] += 1


@numba.njit(cache=True)
def _sample_worlds(
    tables: Int64Array, state: Int64Array, kn: Int64Array, sees_all: bool, rng: Int64Array, count: int
) -> Int64Array:
    worlds = np.empty((max(1, count), state.shape[0]), dtype=np.int64)
    for w in range(worlds.shape[0]):
        sample_world(tables, state, kn, sees_all, rng, worlds[w])
    return worlds


@numba.njit(cache=True)
def _has_bid(tables: Int64Array, state: Int64Array, player: int) -> bool:
    """Whether ``player`` has bid this hand (bids go round from ``S_CUR``; ``S_SUB`` have been made)."""
    n_players = tables[L.H_PLAYERS]
    return bool((player - state[L.S_CUR] + n_players) % n_players < state[L.S_SUB])


@numba.njit(cache=True)
def bid_score(tables: Int64Array, state: Int64Array, seat: int, bid: int, tricks: Int64Array) -> float:
    """The value to the bidder's side of one world: ``seat`` bids ``bid``, the players take ``tricks``
    (module rules: the partner's bid, the bags' cost)."""
    n_players = tables[L.H_PLAYERS]
    n_teams = tables[L.H_N_TEAMS]
    side = team_of(tables, seat)
    bids = np.zeros(n_players, dtype=np.int64)
    is_nil = np.zeros(n_players, dtype=np.int64)
    taken = tricks[:n_players].copy()
    for p in range(n_players):
        if p == seat:
            bids[p] = bid
            nil = bid == 0 and phase_at(tables, state[L.S_PHASE], L.PH_C) != 0
            is_nil[p] = 1 if nil else 0
        elif team_of(tables, p) == side and _has_bid(tables, state, p):
            bids[p] = state[L.B_BID + p]
            is_nil[p] = state[L.B_IS_NIL + p]
            taken[p] = 0 if is_nil[p] != 0 else bids[p]
        else:
            bids[p] = tricks[p]
    scores = np.zeros(n_teams, dtype=np.int64)
    bags = state[L.B_BAGS : L.B_BAGS + n_teams].copy()
    scoring = contract_view(tables)
    evaluate_contracts(bids, is_nil, taken, team_view(tables), n_teams, scoring, scores, bags)
    value = float(scores[side])
    if scoring[SCORING_BAG_LIMIT] > 0:
        added = bags[side] - state[L.B_BAGS + side]
        value -= added * scoring[SCORING_BAG_PENALTY] / scoring[SCORING_BAG_LIMIT]
    return value


@numba.njit(cache=True)
def bid_values(
    tables: Int64Array,
    state: Int64Array,
    kn: Int64Array,
    sees_all: bool,
    rng: Int64Array,
    count: int,
    out: Float64Array,
) -> None:
    """Each legal bid's mean score over ``count`` worlds, by legal index, into ``out`` (module rules)."""
    seat = decider(state)
    worlds = _sample_worlds(tables, state, kn, sees_all, rng, count)
    world = np.empty(state.shape[0], dtype=np.int64)
    tricks = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    for i in range(state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        total = 0.0
        for w in range(worlds.shape[0]):
            world[:] = worlds[w]
            apply_action(tables, world, action)
            play_out(tables, world, tricks)
            total += bid_score(tables, state, seat, action - L.A_BID0, tricks)
        out[i] = total / worlds.shape[0]


@numba.njit(cache=True)
def call_values(
    tables: Int64Array,
    state: Int64Array,
    kn: Int64Array,
    sees_all: bool,
    rng: Int64Array,
    count: int,
    out: Float64Array,
) -> None:
    """Each legal action's mean value over ``count`` worlds (the side's score change less the others'
    mean), by legal index, into ``out`` (module rules)."""
    side = team_of(tables, decider(state))
    n_teams = tables[L.H_N_TEAMS]
    worlds = _sample_worlds(tables, state, kn, sees_all, rng, count)
    world = np.empty(state.shape[0], dtype=np.int64)
    tricks = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    for i in range(state[L.S_N_LEGAL]):
        total = 0.0
        for w in range(worlds.shape[0]):
            world[:] = worlds[w]
            apply_action(tables, world, state[L.P_LEGAL + i])
            play_out(tables, world, tricks)
            others = 0.0
            for t in range(n_teams):
                gain = world[L.B_TEAM_SCORE + t] - worlds[w, L.B_TEAM_SCORE + t]
                if t == side:
                    total += gain
                else:
                    others += gain
            total -= others / max(1, n_teams - 1)
        out[i] = total / worlds.shape[0]


@numba.njit(cache=True)
def best_move(state: Int64Array, values: Float64Array, preferred: int) -> int:
    """The legal action with the best value; on a tie (within ``TIE``) ``preferred``, then the first (the
    PIMC player's card choice too, ``agents.pimc``)."""
    best = 0
    for i in range(state[L.S_N_LEGAL]):
        if state[L.P_LEGAL + i] == preferred:
            best = i
    for i in range(state[L.S_N_LEGAL]):
        if values[i] > values[best] + TIE:
            best = i
    return int(state[L.P_LEGAL + best])


@numba.njit(cache=True)
def is_bid_decision(state: Int64Array) -> bool:
    """Whether every legal action of ``state`` is a trick-count bid (not the blind Nil question)."""
    for i in range(state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        if action < L.A_BID0 or action > L.A_BID0 + L.MAX_BID:
            return False
    return True


@numba.njit(cache=True)
def sampled_bid(
    tables: Int64Array, state: Int64Array, kn: Int64Array, sees_all: bool, rng: Int64Array, count: int
) -> int:
    """The bid the deciding seat makes in ``count`` worlds (module rules); the greedy player's answer to
    anything but a bid."""
    preferred = greedy_choice(tables, state)
    if state[L.S_N_LEGAL] == 1 or not is_bid_decision(state):
        return preferred
    values = np.zeros(state[L.S_N_LEGAL], dtype=np.float64)
    bid_values(tables, state, kn, sees_all, rng, count, values)
    return best_move(state, values, preferred)


@numba.njit(cache=True)
def sampled_call(
    tables: Int64Array, state: Int64Array, kn: Int64Array, sees_all: bool, rng: Int64Array, count: int
) -> int:
    """The trump phase's action the deciding seat takes, judged in ``count`` worlds (module rules)."""
    preferred = greedy_choice(tables, state)
    if state[L.S_N_LEGAL] == 1:
        return preferred
    values = np.zeros(state[L.S_N_LEGAL], dtype=np.float64)
    call_values(tables, state, kn, sees_all, rng, count, values)
    return best_move(state, values, preferred)
