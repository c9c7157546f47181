"""The auction (``AuctionPhase``, Contract Bridge's bidding) and the dummy.

Encodings: a contract id is ``(level − 1) · 5 + strain`` (level 1..7; strain 0 ♣, 1 ♦, 2 ♥, 3 ♠, 4 no
trump), so a higher id is a higher bid; its action is ``A_CONTRACT0 + id``. ``strain_suit`` maps a
strain to the engine's suit (♥ 0, ♦ 1, ♣ 2, ♠ 3); no trump is ``HAND_NO_TRUMP`` in ``S_HAND_TRUMP``.

The auction (once per hand; progress in ``S_SUB``, the calls made):

* The dealer (the seat before the hand's first player) calls first, then each player in seat order.
* A call is PASS, a CONTRACT higher than ``S_CONTRACT`` (the last bid), DOUBLE when the phase allows
  doubling, the last bid is an opponent's (another team's) and nobody has doubled it, or REDOUBLE when
  an opponent doubled a bid of the caller's team. A bid clears the doubling; a bid, double or
  redouble clears the run of passes (``S_CALL_PASSES``).
* The first bid of a strain by each team is remembered (``B_STRAIN_FIRST``): that player becomes the
  declarer if the team wins the auction in that strain.
* After a bid, ``N − 1`` passes in a row end the auction: the last bid is the contract, its strain is
  trump for the hand, ``S_DECLARER`` is set, the player after the declarer leads (``S_CUR``) and, with
  the phase's dummy and a declarer in a team of two, the partner is the dummy (``S_DUMMY``). The ended
  auction offers nothing, so the turn moves on to the next phase.
* ``N`` passes with no bid throw the hand in (``hands.throw_in``): nothing is scored, the next dealer deals.

The dummy: from the first card led, the dummy's hand is face up (``dummy_exposed``) and whenever the dummy
is to act the declarer decides (``decider``); the card still comes from the dummy's hand.

The contract's score at the hand's end is ``engine.bridge_score``'s.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.deals import dealer, throw_in
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.piles import hand_off
from darwindeck.engine.program import phase_at, team_of

Int64Array = npt.NDArray[np.int64]

NO_TRUMP = 4
TEAM_BITS = 4


@kernel_jit
def strain_suit(strain: int) -> int:
    """The engine suit of a strain (♣ 2, ♦ 1, ♥ 0, ♠ 3); -1 for no trump."""
    if strain == 0:
        return 2
    if strain == 1:
        return 1
    if strain == 2:
        return 0
    if strain == 3:
        return 3
    return -1


@kernel_jit
def auction_over(state: Int64Array) -> bool:
    return bool(state[L.S_DECLARER] >= 0)


@kernel_jit
def caller(tables: Int64Array, state: Int64Array) -> int:
    """Who calls next: the dealer first, then round the table."""
    return int((dealer(tables, state) + state[L.S_SUB]) % tables[L.H_PLAYERS])


@kernel_jit
def decider(state: Int64Array) -> int:
    """Who decides now: the declarer when the dummy is to act, else the acting seat (``S_ACTOR``)."""
    actor = state[L.S_ACTOR]
    if state[L.S_DUMMY] >= 0 and actor == state[L.S_DUMMY]:
        return int(state[L.S_DECLARER])
    return int(actor)


@kernel_jit
def dummy_exposed(state: Int64Array) -> int:
    """The dummy whose hand lies face up (from the first card led), -1 none."""
    if state[L.S_DUMMY] >= 0 and (state[L.S_TRICKS_PLAYED] > 0 or state[L.L_TRICK] > 0):
        return int(state[L.S_DUMMY])
    return -1


@kernel_jit
def _may_double(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    doubling = phase_at(tables, phase, L.PH_A) != 0
    bid = state[L.S_CONTRACT] >= 0 and state[L.S_DOUBLED] == 0
    return doubling and bid and team_of(tables, state[L.S_CONTRACT_BY]) != team_of(tables, player)


@kernel_jit
def _may_redouble(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    doubling = phase_at(tables, phase, L.PH_A) != 0
    ours = state[L.S_CONTRACT] >= 0 and team_of(tables, state[L.S_CONTRACT_BY]) == team_of(tables, player)
    return doubling and state[L.S_DOUBLED] == 1 and ours


@kernel_jit
def auction_actions(tables: Int64Array, state: Int64Array, phase: int, player: int, out: int) -> int:
    """Write the caller's legal calls at ``out``, ascending; their number (0 once the auction is over)."""
    if auction_over(state):
        return 0
    n = 0
    state[out + n] = L.A_PASS
    n += 1
    if _may_double(tables, state, phase, player):
        state[out + n] = L.A_DOUBLE
        n += 1
    if _may_redouble(tables, state, phase, player):
        state[out + n] = L.A_REDOUBLE
        n += 1
    for contract in range(state[L.S_CONTRACT] + 1, L.N_CONTRACTS):
        state[out + n] = L.A_CONTRACT0 + contract
        n += 1
    return n


@kernel_jit
def first_bidder(state: Int64Array, strain: int, team: int) -> int:
    """The team's first player to bid ``strain`` this hand, -1 none."""
    cell = state[L.B_STRAIN_FIRST + strain]
    return int(((cell >> (TEAM_BITS * team)) & 15) - 1)


@kernel_jit
def _bid(tables: Int64Array, state: Int64Array, player: int, contract: int) -> None:
    state[L.S_CONTRACT] = contract
    state[L.S_CONTRACT_BY] = player
    state[L.S_DOUBLED] = 0
    strain = contract % L.N_STRAINS
    team = team_of(tables, player)
    if first_bidder(state, strain, team) < 0:
        state[L.B_STRAIN_FIRST + strain] |= (player + 1) << (TEAM_BITS * team)


@kernel_jit
def _partner(tables: Int64Array, player: int) -> int:
    """The other member of ``player``'s team when the team has exactly two members, else -1."""
    team = team_of(tables, player)
    partner = -1
    for p in range(tables[L.H_PLAYERS]):
        if p != player and team_of(tables, p) == team:
            if partner >= 0:
                return -1
            partner = p
    return partner


@kernel_jit
def _end_auction(tables: Int64Array, state: Int64Array, phase: int) -> None:
    contract = state[L.S_CONTRACT]
    strain = contract % L.N_STRAINS
    declarer = first_bidder(state, strain, team_of(tables, state[L.S_CONTRACT_BY]))
    state[L.S_DECLARER] = declarer
    state[L.S_HAND_TRUMP] = L.HAND_NO_TRUMP if strain == NO_TRUMP else strain_suit(strain)
    if phase_at(tables, phase, L.PH_B) != 0:
        state[L.S_DUMMY] = _partner(tables, declarer)
    state[L.S_CUR] = (declarer + state[L.S_DIR] + tables[L.H_PLAYERS]) % tables[L.H_PLAYERS]
    state[L.S_BIDS_MADE] += 1


@kernel_jit
def auction_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    """Apply a call (module rules): a bid, double, redouble or pass; end the auction or throw the hand in."""
    state[L.S_SUB] += 1
    if action == L.A_PASS:
        state[L.S_CALL_PASSES] += 1
        n_players = tables[L.H_PLAYERS]
        if state[L.S_CONTRACT] < 0 and state[L.S_CALL_PASSES] >= n_players:
            throw_in(tables, state)
        elif state[L.S_CONTRACT] >= 0 and state[L.S_CALL_PASSES] >= n_players - 1:
            _end_auction(tables, state, phase)
        return
    state[L.S_CALL_PASSES] = 0
    if action == L.A_DOUBLE:
        state[L.S_DOUBLED] = 1
    elif action == L.A_REDOUBLE:
        state[L.S_DOUBLED] = 2
    else:
        _bid(tables, state, player, action - L.A_CONTRACT0)


# ------------------------------------------------------------------------------------- the greedy player

PARTNER_BID_POINTS = 12  # what a partner who has bid is taken to hold (an opening hand)
PARTNER_PASSED_POINTS = 6  # what a partner who has passed is taken to hold
POINTS_FOR_ONE = 20  # points for a contract of level 1; each 3 more carry one level higher
DOUBLE_POINTS = 14  # high-card points that double an opposing contract of level 3 or more
DECK_POINTS = 40  # high-card points in a 52-card deck


@kernel_jit
def _high_card_points(state: Int64Array, player: int) -> int:
    """Ace 4, King 3, Queen 2, Jack 1."""
    off = hand_off(player)
    points = 0
    for i in range(state[L.L_HAND + player]):
        rank = state[off + i] % L.N_RANKS
        points += max(rank - 8, 0)
    return int(points)


@kernel_jit
def _suit_length(state: Int64Array, player: int, suit: int) -> int:
    off = hand_off(player)
    count = 0
    for i in range(state[L.L_HAND + player]):
        count += 1 if state[off + i] // L.N_RANKS == suit else 0
    return int(count)


@kernel_jit
def _partner_strain(tables: Int64Array, state: Int64Array, player: int) -> int:
    """The first strain the partner bid this hand (lowest strain id on a tie), -1 none or no partner."""
    partner = _partner(tables, player)
    if partner < 0:
        return -1
    team = team_of(tables, player)
    for strain in range(L.N_STRAINS):
        if first_bidder(state, strain, team) == partner:
            return strain
    return -1


@kernel_jit
def _own_strain(state: Int64Array, player: int) -> int:
    """The longest suit's strain when it has five cards or more (the higher strain on a tie), else no
    trump."""
    best, best_len = NO_TRUMP, 4
    for strain in range(NO_TRUMP):
        length = _suit_length(state, player, strain_suit(strain))
        if length >= best_len + 1 or (length == best_len and best != NO_TRUMP):
            best, best_len = strain, length
    return best


@kernel_jit
def _partner_points(tables: Int64Array, state: Int64Array, player: int, own: int) -> int:
    """What the greedy player takes its partner to hold: 12 if the partner has bid, 6 if they have only
    passed, else a third of the points it does not hold; 0 without a partner."""
    partner = _partner(tables, player)
    if partner < 0:
        return 0
    if _partner_strain(tables, state, player) >= 0:
        return PARTNER_BID_POINTS
    n_players = tables[L.H_PLAYERS]
    called = (partner - dealer(tables, state) + n_players) % n_players < state[L.S_SUB]
    return PARTNER_PASSED_POINTS if called else (DECK_POINTS - own) // (n_players - 1)


@kernel_jit
def _affordable(tables: Int64Array, state: Int64Array, player: int, own: int) -> int:
    """The highest level the greedy player's count affords (0: none)."""
    longest = 0
    for suit in range(L.N_SUITS):
        longest = max(longest, _suit_length(state, player, suit))
    total = own + _partner_points(tables, state, player, own) + max(longest - 4, 0)
    return int(max(0, (total - POINTS_FOR_ONE) // 3 + 1))


@kernel_jit
def _greedy_strain(tables: Int64Array, state: Int64Array, player: int) -> int:
    """The partner's strain when the player holds three of it (any holding for no trump), else its own."""
    partner_strain = _partner_strain(tables, state, player)
    if partner_strain == NO_TRUMP:
        return NO_TRUMP
    if partner_strain >= 0 and _suit_length(state, player, strain_suit(partner_strain)) >= 3:
        return partner_strain
    return _own_strain(state, player)


@kernel_jit
def greedy_call_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    """The greedy player's score of a call (``engine.policies``): it counts its high-card points (A 4, K 3,
    Q 2, J 1), adds a partner's (12 if the partner has bid, 6 if they passed, else a third of the rest)
    and a point for each card past four in its longest suit; 20 points carry a contract of level 1 and
    each 3 more one level higher. Its strain is the partner's when it holds three of it, else its own
    longest suit of five or more, else no trump. Without word from its partner it bids the cheapest
    contract it can afford, unless its side holds the last bid; once the partner has bid it places the
    contract at the highest level it can afford. Otherwise it passes. It doubles an opposing contract of
    level 3 or more with 14 high-card points, and never redoubles."""
    own = _high_card_points(state, player)
    if action == L.A_REDOUBLE:
        return -1
    if action == L.A_DOUBLE:
        level = state[L.S_CONTRACT] // L.N_STRAINS + 1
        return 1 if level >= 3 and own >= DOUBLE_POINTS else -1
    if action < L.A_CONTRACT0:
        return 0
    contract = action - L.A_CONTRACT0
    level = contract // L.N_STRAINS + 1
    if contract % L.N_STRAINS != _greedy_strain(tables, state, player):
        return -1
    if level > _affordable(tables, state, player, own):
        return -1
    if _partner_strain(tables, state, player) >= 0:
        return int(level)  # placing the contract: the highest affordable level
    ours = state[L.S_CONTRACT] >= 0 and team_of(tables, state[L.S_CONTRACT_BY]) == team_of(tables, player)
    return -1 if ours else int(L.N_CONTRACTS - contract)
