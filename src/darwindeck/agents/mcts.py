"""Monte Carlo tree search that respects hidden cards: single-observer information-set MCTS (SO-ISMCTS).

Which variant, and why. Each iteration samples a fresh determinization (``determinize``: the hidden
cards dealt consistently with what the seat observed) and walks *one* tree shared by all samples; a node
is an action history seen from the searching seat, and a child is only eligible when its action is
legal in the iteration's sample. Determinized UCT instead grows a separate tree per sample and votes:
with the budgets used here (tens to hundreds of iterations) each of those trees would be a few nodes
deep, and a plan may rely on a card the sample happened to give an opponent (strategy fusion). One
shared tree pools all iterations' statistics on the decisions the seat actually faces.

Per iteration:

1. *Sample*: ``determinize`` into a scratch state (the real state is never searched; only the seat's
   observation and knowledge shape the sample, and the state's RNG is reseeded from the search RNG).
2. *Select*: from the root, a decision with one legal action is played without a node; otherwise, if a
   legal action has no child yet, one of them (uniformly, from the search RNG; the greedy player's
   choice first when the prior weight ``b`` is positive) becomes a new child and selection stops; else
   the legal child maximising ``mean + c·sqrt(ln(avail) / visits) + [greedy] · b / (visits + 1)`` is
   taken, where ``avail`` counts the iterations in which the child was legal (ISMCTS's availability),
   ``mean`` the average reward of the player who chose that action, ``c`` the configurable constant and
   the last term the progressive bias toward the greedy choice (it fades as the child is visited).
3. *Roll out*: up to ``rollout_depth`` actions with the rollout policy (random or greedy, both the
   engine's policies) for every seat, stopping early at the end of the game or of the hand, and, when
   the rollout starts during a bidding round or an auction, at its end (bids and contracts are judged
   by the projections below, not by random card play).
4. *Evaluate*: a finished game gives each side 1 for a win, ½ for a draw, 0 for a loss; an unfinished
   one gives each side the mean over the other sides ``o`` of ``σ((Δ_side − Δ_o) / scale)``, where
   ``Δ`` is the change of the side's measure ``m`` (below) from the iteration's sample to the leaf.
   Changes, not levels: against a side far behind, levels would saturate σ and hide every choice.
5. *Back up*: every node on the path adds the value of the *side* (team, spec 003's ``TeamIdx``) of the
   player who chose its action, so a partner's success is the seat's own.

The decision is the most visited root child (ties: the lower action id). A decision with a single legal
action returns it without searching. **Decisions made by rule, not by the tree** (``unsearched_move``,
the one place that says which; the PIMC player asks it too), in this order:

* a betting decision, by every searcher: the greedy player's equity rule (``engine.equity``: the sampled
  chance to win the showdown against the pot odds). Searched, the first bet was all in whatever the hand
  (``docs/skill.md``, "Betting"): no game's result counts chips, so a bet costs the searcher nothing and
  every fold it draws, in the tree or in a rollout, wins the game;
* a call in an auction (Bridge) by a searcher with a greedy bias (``P_PRIOR`` > 0, the competent
  player): the greedy player's call, the natural bidding system of ``engine.auction``. Measured
  (docs/experiments/2026-11-28-bridge-auctions.md, MCTS-100, 200 duplicate deals): searching the calls
  with the system as bias and rollout policy was level with today's player; the system's own calls beat
  it by about 300 points a deal;
* a trick-count bid (a bidding phase: Spades, Oh Hell) or a trump phase's decision (Euchre's ordering
  up, calling, the dealer's discard) by a searcher with ``P_BID_WORLDS`` ≥ 1 (the competent player):
  chosen in that many sampled worlds played out by the greedy player (``bids.sampled_bid``,
  ``bids.sampled_call``). Searched, a bid is judged by a few rollouts each and the projection of the
  estimated tricks; the worlds score every legal bid on the same deals by the contract scoring
  (``docs/skill.md``, "Bidding").

Every other decision is searched, and so are an auction's calls without the bias and bids and trump
calls with ``P_BID_WORLDS`` at 0 (the bare search, ``search_params.default_params``).

Measure ``m`` per side, from the first win condition: team scores (negated for ``low_score``); in
bidding games minus the bags at the bag penalty's rate, plus, once the bids are in, the contract result
if every player took its tricks plus the engine's trick estimate of its remaining cards
(``estimate_tricks``); in auction games, once the contract is set, its projected score
(``contract_value``); cards held, negated, with ½ back for a player who has a card to play (mobility)
for ``empty_hand``; hand plus captured cards for capture wins; tricks (negated for ``fewest_tricks``);
the best member's hand strength for ``best_hand``; in a score game with a knock phase and deadwood
hands, minus the deadwood each side holds less ``OUT_CREDIT`` point per *out* (``near_meld_outs``: a
card neither held nor in the discard pile that would make two held cards a meld), so progress toward a
knock counts before the knock and a hand one card from a meld beats an equal one that is not, but only
while the sample's hand goes on: a leaf in a later hand is compared with the sample without deadwood on
either side (a new deal's deadwood says nothing about the choices that led to it). ``scale``: a tenth of
a score threshold (at least 5; 50 points, an undertrick, in an auction game; in a maker-scoring game,
Euchre, the points of a made hand, at least 1), 2 cards or tricks, a tenth of the deck for captures, 10
deadwood points, else 1. Euchre's hand is worth 1 or 2 points in a game to 10: at the floor of 5 the
values of two card plays differed by a few hundredths, under the greedy bias, and the competent MCTS-25
played every card as the greedy player did (``docs/skill.md``, "The library, measured").

Everything runs compiled (``numba.njit``): the tree is a set of fixed-capacity arrays (``Tree``, one node
per iteration at most), a sample is an array copy, no Python object is touched per iteration.
Parameters per seat are one row of ``params`` (``P_ITERATIONS``, ``P_UCB``, ``P_ROLLOUT``,
``P_DEPTH``, ``P_PRIOR`` = ``b``, ``P_SEES_ALL``, ``P_BID_WORLDS``). A seat with ``P_SEES_ALL`` = 1 is
the *cheating* searcher the quality measures compare with: step 1 copies the true state (every hidden
card as it really lies, the RNG reseeded from the search RNG) instead of sampling, so it plays with the
same budget as the honest searcher but sees every card.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numba
import numpy as np
import numpy.typing as npt

from darwindeck.agents.bids import sampled_bid, sampled_call
from darwindeck.agents.contract_value import add_projected_contract
from darwindeck.agents.determinize import determinize
from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.contracts import (
    SCORING_BAG_LIMIT,
    SCORING_BAG_PENALTY,
    evaluate_contracts,
)
from darwindeck.engine.hand_strength import METHOD_DEADWOOD
from darwindeck.engine.kernel import apply_action
from darwindeck.engine.knock import player_total
from darwindeck.engine.movegen import has_valid_play
from darwindeck.engine.piles import hand_off
from darwindeck.engine.policies import GREEDY, choose, estimate_tricks, greedy_choice
from darwindeck.engine.program import contract_view, phase_at, team_of, team_view, win_at
from darwindeck.engine.rng import next_u32, rand_below
from darwindeck.engine.search_params import (
    P_BID_WORLDS,
    P_DEPTH,
    P_ITERATIONS,
    P_PRIOR,
    P_ROLLOUT,
    P_SEES_ALL,
    P_UCB,
)
from darwindeck.engine.teams import team_maxima
from darwindeck.engine.wins import (
    BEST_HAND,
    CAPTURE_ALL,
    EMPTY_HAND,
    FEWEST_TRICKS,
    LOW_SCORE,
    MOST_CAPTURED,
    MOST_TRICKS,
    hand_strengths,
)

Int64Array = npt.NDArray[np.int64]
Float64Array = npt.NDArray[np.float64]

DEADWOOD_SCALE = 10.0
AUCTION_SCALE = 50.0  # an auction game's meaningful gap: one undertrick
MOBILITY_WEIGHT = 0.5
OUT_CREDIT = 1.0


class Tree(NamedTuple):
    """Fixed-capacity node arrays (node 0 is the root)."""

    action: Int64Array
    actor: Int64Array
    first_child: Int64Array
    next_sibling: Int64Array
    visits: Int64Array
    avail: Int64Array
    value: Float64Array


def new_tree(capacity: int) -> Tree:
    """Node arrays for searches of up to ``capacity - 1`` iterations."""

    def ints() -> Int64Array:
        return np.zeros(capacity, dtype=np.int64)

    return Tree(ints(), ints(), ints(), ints(), ints(), ints(), np.zeros(capacity, dtype=np.float64))


# ------------------------------------------------------------------------------------------- evaluation


@numba.njit(cache=True)
def _projected_contracts(tables: Int64Array, state: Int64Array, scores: Float64Array) -> None:
    """Add to ``scores`` the contract result if every player took its tricks plus its estimate."""
    n_players = tables[L.H_PLAYERS]
    n_teams = tables[L.H_N_TEAMS]
    tricks = np.empty(n_players, dtype=np.int64)
    bids = np.empty(n_players, dtype=np.int64)
    for p in range(n_players):
        tricks[p] = state[L.B_TRICKS + p] + estimate_tricks(tables, state, p)
        bids[p] = max(state[L.B_BID + p], 0)
    bags = state[L.B_BAGS : L.B_BAGS + n_teams].copy()
    projected = np.zeros(n_teams, dtype=np.int64)
    evaluate_contracts(
        bids,
        state[L.B_IS_NIL : L.B_IS_NIL + n_players],
        tricks,
        team_view(tables),
        n_teams,
        contract_view(tables),
        projected,
        bags,
    )
    for t in range(n_teams):
        scores[t] += projected[t]


@numba.njit(cache=True)
def _bag_cost(tables: Int64Array, state: Int64Array, scores: Float64Array) -> None:
    """Charge each team its bags at the penalty's rate per bag (the penalty is coming)."""
    scoring = contract_view(tables)
    limit = scoring[SCORING_BAG_LIMIT]
    if limit <= 0:
        return
    for t in range(tables[L.H_N_TEAMS]):
        scores[t] -= state[L.B_BAGS + t] * scoring[SCORING_BAG_PENALTY] / limit


@numba.njit(cache=True)
def _card_counts(tables: Int64Array, state: Int64Array, kind: int, out: Float64Array) -> None:
    """Per side: −cards held, plus ½ for a player with a card to play (empty_hand); held + captured
    (captures); ±tricks (trick counts)."""
    for p in range(tables[L.H_PLAYERS]):
        t = team_of(tables, p)
        if kind == EMPTY_HAND:
            out[t] -= state[L.L_HAND + p] - (MOBILITY_WEIGHT if has_valid_play(tables, state, p) else 0.0)
        elif kind in (CAPTURE_ALL, MOST_CAPTURED):
            out[t] += state[L.L_HAND + p] + state[L.L_CAPTURED + p]
        elif kind == MOST_TRICKS:
            out[t] += state[L.B_TRICKS + p]
        else:
            out[t] -= state[L.B_TRICKS + p]


@numba.njit(cache=True)
def _has_knock(tables: Int64Array) -> bool:
    for phase in range(tables[L.H_N_PHASES]):  # noqa: SIM110 (numba: no generators)
        if phase_at(tables, phase, L.PH_KIND) == L.K_KNOCK:
            return True
    return False


@numba.njit(cache=True)
def _run_position(card: int) -> int:
    """A card's place in a run, ace low (A = 0, 2 = 1, …, K = 12)."""
    return (card % 13 + 1) % 13


@numba.njit(cache=True)
def _live(seen: Int64Array, suit: int, position: int) -> int:
    """1 when the card of ``suit`` at run ``position`` exists and is neither held nor discarded."""
    if position < 0 or position > 12:
        return 0
    return 1 - int(seen[suit * 13 + (position + 12) % 13])


@numba.njit(cache=True)
def _pair_outs(seen: Int64Array, a: int, b: int) -> int:
    """Cards that would make held cards ``a`` and ``b`` a three-card meld (a set of their rank; a run
    of their suit when they are at most two apart) and are still live (``_live``)."""
    if a % 13 == b % 13:
        outs = 0
        for suit in range(4):
            if suit != a // 13 and suit != b // 13:
                outs += _live(seen, suit, _run_position(a))
        return outs
    if a // 13 != b // 13:
        return 0
    low, high = min(_run_position(a), _run_position(b)), max(_run_position(a), _run_position(b))
    suit = a // 13
    if high - low == 1:
        return _live(seen, suit, low - 1) + _live(seen, suit, high + 1)
    return _live(seen, suit, low + 1) if high - low == 2 else 0


@numba.njit(cache=True)
def near_meld_outs(state: Int64Array, player: int) -> int:
    """The player's *outs*: over every pair of held cards, the live cards that would complete a meld
    with them (``_pair_outs``); the cards in the player's hand and the discard pile are not live."""
    seen = np.zeros(52, dtype=np.int64)
    hand, n = hand_off(player), state[L.L_HAND + player]
    for i in range(n):
        seen[state[hand + i] % 52] = 1
    for i in range(state[L.L_DISCARD]):
        seen[state[L.P_DISCARD + i] % 52] = 1
    outs = 0
    for i in range(n):
        for j in range(i + 1, n):
            outs += _pair_outs(seen, state[hand + i] % 52, state[hand + j] % 52)
    return outs


@numba.njit(cache=True)
def _deadwood_cost(tables: Int64Array, state: Int64Array, out: Float64Array) -> None:
    """A knock game: the deadwood each side still holds counts against it, point for point, less
    ``OUT_CREDIT`` points per out of its near-melds (a hand one card from a meld is closer to a knock
    than its deadwood says)."""
    for p in range(tables[L.H_PLAYERS]):
        out[team_of(tables, p)] -= player_total(tables, state, p) - OUT_CREDIT * near_meld_outs(state, p)


@numba.njit(cache=True)
def side_measure(tables: Int64Array, state: Int64Array, out: Float64Array, in_hand: bool) -> float:
    """Each side's measure of being ahead into ``out``; returns the scale of a meaningful gap.
    ``in_hand``: include the terms that only mean something within the hand in progress (deadwood)."""
    n_teams = tables[L.H_N_TEAMS]
    kind = win_at(tables, 0, 0) if tables[L.T_N_WINS] > 0 else -1
    raw = np.zeros(n_teams, dtype=np.float64)
    if kind == BEST_HAND and tables[L.H_EVAL_METHOD] >= 0:
        best = np.zeros(n_teams, dtype=np.int64)
        strengths = np.empty(tables[L.H_PLAYERS], dtype=np.int64)
        hand_strengths(tables, state, strengths)
        team_maxima(strengths, team_view(tables), n_teams, best)
        raw[:] = best
        scale = DEADWOOD_SCALE if tables[L.H_EVAL_METHOD] == 3 else 1.0
    elif kind in (EMPTY_HAND, CAPTURE_ALL, MOST_CAPTURED, MOST_TRICKS, FEWEST_TRICKS):
        _card_counts(tables, state, kind, raw)
        scale = max(1.0, tables[L.H_DECK_SIZE] / 10.0) if kind in (CAPTURE_ALL, MOST_CAPTURED) else 2.0
    else:
        threshold = win_at(tables, 0, 1) if kind >= 0 else 0
        scale = max(5.0, threshold / 10.0) if tables[L.H_AUCTION_VUL] < 0 else AUCTION_SCALE
        if tables[L.H_MAKER] != 0:
            scale = max(1.0, float(tables[L.H_MADE_POINTS]))
        sign = -1.0 if kind == LOW_SCORE else 1.0
        for t in range(n_teams):
            out[t] = sign * state[L.B_TEAM_SCORE + t]
        if tables[L.H_HAS_BIDDING] != 0:
            _bag_cost(tables, state, out)
            if state[L.S_BIDDING_DONE] != 0:
                _projected_contracts(tables, state, out)
        add_projected_contract(tables, state, out)
        if in_hand and tables[L.H_EVAL_METHOD] == METHOD_DEADWOOD and _has_knock(tables):
            _deadwood_cost(tables, state, out)
        return scale
    for t in range(n_teams):
        out[t] = raw[t]
    return scale


@numba.njit(cache=True)
def leaf_values(
    tables: Int64Array, state: Int64Array, base: Float64Array, out: Float64Array, in_hand: bool
) -> None:
    """Each side's value in [0, 1]: the result of a finished game, else the heuristic of the docstring
    on the change of the measure since ``base`` (the measure of the iteration's sample, taken with the
    same ``in_hand``)."""
    n_teams = tables[L.H_N_TEAMS]
    if state[L.S_TERMINAL] != 0:
        side = state[L.S_WIN_TEAM] if tables[L.H_TEAM_MODE] != 0 else state[L.S_WINNER]
        for t in range(n_teams):
            out[t] = 0.5 if side < 0 else (1.0 if t == side else 0.0)
        return
    measure = np.empty(n_teams, dtype=np.float64)
    scale = side_measure(tables, state, measure, in_hand)
    for t in range(n_teams):
        measure[t] -= base[t]
    for t in range(n_teams):
        total = 0.0
        for o in range(n_teams):
            if o != t:
                total += 1.0 / (1.0 + math.exp(-(measure[t] - measure[o]) / scale))
        out[t] = total / max(1, n_teams - 1)


# ------------------------------------------------------------------------------------------------ search


@numba.njit(cache=True)
def _add_child(tree: Tree, parent: int, count: int, action: int, actor: int) -> int:
    node = count
    tree.action[node] = action
    tree.actor[node] = actor
    tree.first_child[node] = -1
    tree.visits[node] = 0
    tree.avail[node] = 0
    tree.value[node] = 0.0
    tree.next_sibling[node] = tree.first_child[parent]
    tree.first_child[parent] = node
    return node


@numba.njit(cache=True)
def _child_for(tree: Tree, parent: int, action: int) -> int:
    child = tree.first_child[parent]
    while child >= 0:
        if tree.action[child] == action:
            return int(child)
        child = tree.next_sibling[child]
    return -1


@numba.njit(cache=True)
def _untried(tree: Tree, node: int, state: Int64Array, rng: Int64Array, favoured: int) -> int:
    """A legal action of ``state`` without a child of ``node``: ``favoured`` when it is one, else one
    chosen uniformly; -1 when none."""
    if favoured >= 0 and _child_for(tree, node, favoured) < 0:
        return favoured
    missing = 0
    for i in range(state[L.S_N_LEGAL]):
        if _child_for(tree, node, state[L.P_LEGAL + i]) < 0:
            missing += 1
    if missing == 0:
        return -1
    pick = rand_below(rng, 0, missing)
    for i in range(state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        if _child_for(tree, node, action) < 0:
            if pick == 0:
                return int(action)
            pick -= 1
    return -1


@numba.njit(cache=True)
def _select(tree: Tree, node: int, state: Int64Array, ucb: float, prior: float, favoured: int) -> int:
    """The legal child with the best UCB1 score, plus ``prior / (visits + 1)`` for the ``favoured``
    action (progressive bias); marks every legal child available."""
    best = -1
    best_score = -1.0
    for i in range(state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        child = _child_for(tree, node, action)
        tree.avail[child] += 1
        mean = tree.value[child] / tree.visits[child]
        score = mean + ucb * math.sqrt(math.log(tree.avail[child]) / tree.visits[child])
        if action == favoured:
            score += prior / (tree.visits[child] + 1)
        if score > best_score:
            best = child
            best_score = score
    return best


@numba.njit(cache=True)
def _play_forced(tables: Int64Array, state: Int64Array) -> None:
    while state[L.S_TERMINAL] == 0 and state[L.S_N_LEGAL] == 1:
        apply_action(tables, state, state[L.P_LEGAL])


@numba.njit(cache=True)
def _rollout(tables: Int64Array, state: Int64Array, policy: int, depth: int, rng: Int64Array) -> None:
    hand = state[L.S_HAND_NO]
    bidding = tables[L.H_HAS_BIDDING] != 0 and state[L.S_BIDDING_DONE] == 0
    auction = tables[L.H_AUCTION_VUL] >= 0 and state[L.S_DECLARER] < 0
    for _ in range(depth):
        if state[L.S_TERMINAL] != 0 or state[L.S_HAND_NO] != hand:
            return
        if (bidding and state[L.S_BIDDING_DONE] != 0) or (auction and state[L.S_DECLARER] >= 0):
            return
        apply_action(tables, state, choose(tables, state, policy, rng))


@numba.njit(cache=True)
def _iterate(
    tables: Int64Array,
    scratch: Int64Array,
    tree: Tree,
    count: int,
    ucb: float,
    prior: float,
    policy: int,
    depth: int,
    rng: Int64Array,
    path: Int64Array,
    values: Float64Array,
    base: Float64Array,
) -> int:
    """One iteration on the sample in ``scratch``; the new node count. ``base`` receives the sample's
    measure with (row 0) and without (row 1) the terms of the hand in progress."""
    hand = scratch[L.S_HAND_NO]
    side_measure(tables, scratch, base[0], True)
    side_measure(tables, scratch, base[1], False)
    node = 0
    length = 0
    while True:
        _play_forced(tables, scratch)
        if scratch[L.S_TERMINAL] != 0:
            break
        actor = decider(scratch)
        favoured = greedy_choice(tables, scratch) if prior > 0.0 else -1
        action = _untried(tree, node, scratch, rng, favoured)
        if action >= 0:
            if count < tree.action.shape[0]:
                node = _add_child(tree, node, count, action, actor)
                count += 1
                path[length] = node
                length += 1
            apply_action(tables, scratch, action)
            break
        node = _select(tree, node, scratch, ucb, prior, favoured)
        path[length] = node
        length += 1
        apply_action(tables, scratch, tree.action[node])
    _rollout(tables, scratch, policy, depth, rng)
    same_hand = scratch[L.S_HAND_NO] == hand
    leaf_values(tables, scratch, base[0] if same_hand else base[1], values, same_hand)
    for i in range(length):
        n = path[i]
        tree.visits[n] += 1
        tree.value[n] += values[team_of(tables, tree.actor[n])]
    return count


@numba.njit(cache=True)
def _copy_true_state(state: Int64Array, rng: Int64Array, out: Int64Array) -> None:
    """The sample of a player who sees every card: the true state, with its RNG reseeded from the
    search RNG (future shuffles stay unknown)."""
    out[:] = state
    seed = next_u32(rng, 0)
    out[L.S_RNG] = seed if seed != 0 else 0x6D2B79F5


@numba.njit(cache=True)
def unsearched_move(
    tables: Int64Array, state: Int64Array, kn: Int64Array, params: Float64Array, rng: Int64Array
) -> int:
    """The action a searcher with the parameter row ``params`` takes by rule in ``state`` without
    searching (module docstring: bets, auction calls, trick-count bids, trump calls), or -1 when the
    decision is to be searched."""
    kind = phase_at(tables, state[L.S_PHASE], L.PH_KIND)
    if kind == L.K_BETTING:
        return int(greedy_choice(tables, state))
    if kind == L.K_AUCTION and params[P_PRIOR] > 0.0:
        return int(greedy_choice(tables, state))
    worlds = int(params[P_BID_WORLDS])
    sees_all = params[P_SEES_ALL] >= 1.0
    if kind == L.K_BIDDING and worlds >= 1:
        return sampled_bid(tables, state, kn, sees_all, rng, worlds)
    if kind == L.K_TRUMP and worlds >= 1:
        return sampled_call(tables, state, kn, sees_all, rng, worlds)
    return -1


@numba.njit(cache=True)
def search(
    tables: Int64Array,
    state: Int64Array,
    kn: Int64Array,
    params: Float64Array,
    rng: Int64Array,
    tree: Tree,
    scratch: Int64Array,
) -> int:
    """The action the seat deciding in ``state`` picks by SO-ISMCTS (module rules); ``kn`` is its
    knowledge row, ``params`` its parameter row."""
    if state[L.S_N_LEGAL] == 1:
        return int(state[L.P_LEGAL])
    ruled = unsearched_move(tables, state, kn, params, rng)
    if ruled >= 0:
        return ruled
    seat = decider(state)
    iterations = min(int(params[P_ITERATIONS]), tree.action.shape[0] - 1)
    ucb = params[P_UCB]
    prior = params[P_PRIOR]
    sees_all = params[P_SEES_ALL] >= 1.0
    policy = GREEDY if params[P_ROLLOUT] >= 1 else 0
    depth = int(params[P_DEPTH])
    tree.first_child[0] = -1
    count = 1
    path = np.empty(tree.action.shape[0], dtype=np.int64)
    values = np.empty(tables[L.H_N_TEAMS], dtype=np.float64)
    base = np.empty((2, tables[L.H_N_TEAMS]), dtype=np.float64)
    for _ in range(iterations):
        if sees_all:
            _copy_true_state(state, rng, scratch)
        else:
            determinize(tables, state, seat, kn, rng, scratch)
        count = _iterate(tables, scratch, tree, count, ucb, prior, policy, depth, rng, path, values, base)
    best = int(state[L.P_LEGAL])
    best_visits = -1
    for i in range(state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        child = _child_for(tree, 0, action)
        visits = tree.visits[child] if child >= 0 else 0
        if visits > best_visits:
            best = int(action)
            best_visits = visits
    return best
