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

Two more cells of ``B_STRAIN_FIRST`` record the auction for the bidding system (and nothing else reads
them): cell ``OPENER_CELL`` (5) holds, 4 bits per team, 1 + the team's first player to bid anything;
cell ``FIRST_BID_CELL`` (6) holds, 7 bits per player, 1 + the contract id of the player's first bid,
plus ``FIRST_OVER`` (64) when that bid was made over an opponent's bid (0: no bid yet).

The greedy player's system (``system_call``; the greedy policy's call, ``greedy_call_score``). A simple
natural system, written for this engine:

* Points: high-card points (A 4, K 3, Q 2, J 1) plus a length point for each card past four in a
  suit. Balanced: no void or singleton and at most one doubleton.
* Opening (nobody has bid): 1NT with 15-17 high-card points balanced, 2NT with 20-21 balanced; else
  with 12 high-card points one of a five-card major (the longer, spades on a tie), else of the longer
  minor (diamonds with four of each, clubs with three of each); else pass.
* What a partner's bids are read as (points): an opening of a suit 13, an overcall 11, 1NT 16, 2NT 20;
  an answer to our opening 8 (6-10), each level it skipped 3 more (2NT over our suit 11); over our
  no trump, two of a suit 3 (to play) and three 10 (game values); 2 more when the partner bid again at
  three of a suit or 2NT (an invitation); a partner who only passed 3.
* The fit: three cards of a major the partner opened (or bid after our no trump), else four cards.
* Contracts by combined points (own + the partner's reading): in a suit one is bid below 18 (it
  counts as needing 19 for a redouble), two needs 18, three 23, four
  26 (a major's game), five 29 (a minor's game), six 33, seven 37; in no trump one 19, two 23, three 25,
  six 33, seven 37; a minor below its game with 25 and a balanced hand plays 3NT instead.
* Answers to a partner's suit: pass below 6 points; with a fit raise to the level the combined points
  afford (two with 6-9, three with 10-12, a major's game with 13); else a new four-card suit at the one level,
  a five-card suit at the two level with 10 points, or 1NT with 6-10, 2NT with 11-12 and 3NT with
  13 or more balanced; else pass.
* Answers to a partner's no trump: two of a five-card major (or of a six-card suit) to play below game
  values; with them three of a five-card major (the opener of 1NT, or who rebid no trump, raises to
  four with three cards, else bids 3NT), four of a six-card one, 3NT instead of a minor; else no
  trump at the level the points afford (over 1NT: 2NT with 23-24 combined, an invitation the opener
  accepts with 25, 3NT with 25).
* Later bids place the contract: in the fit, else a six-card suit, else no trump (balanced), else a
  five-card suit, at the level the combined points afford, bid only when it is higher than the last
  bid; otherwise pass. So a game or slam is bid only with its combined points.
* Competing (the opponents have bid, our side not): overcall a five-card suit they have not named with
  8 high-card points at the one level or 11 at the two; 1NT with 15 or more balanced (2NT with 19);
  the opener, alone, bids a six-card suit again at the two level with 13 points (three with 17).
* Double (penalty only, never a one-level bid): when the player's defensive half tricks (per suit an
  ace 2, a king 2 beside the ace or 1 with a guard; in their trump suit also a guarded queen 2 and 2
  for each trump past four), plus 3 for a partner who has bid (1 otherwise), reach twice the tricks
  that defeat the contract. Redouble our doubled contract only with 10 high-card points and combined
  points 4 past the contract's need; else pass.
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
OPENER_CELL = L.N_STRAINS  # B_STRAIN_FIRST's cell of each team's first bidder
FIRST_BID_CELL = L.N_STRAINS + 1  # B_STRAIN_FIRST's cell of each player's first bid
FIRST_BITS = 7  # per player: 1 + the first bid's contract id (6 bits), and FIRST_OVER
FIRST_OVER = 64  # the first bid was made over an opponent's bid


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
def team_opener(state: Int64Array, team: int) -> int:
    """The team's first player to bid anything this hand, -1 none."""
    cell = state[L.B_STRAIN_FIRST + OPENER_CELL]
    return int(((cell >> (TEAM_BITS * team)) & 15) - 1)


@kernel_jit
def first_bid(state: Int64Array, player: int) -> int:
    """The contract id of the player's first bid this hand, -1 none."""
    cell = state[L.B_STRAIN_FIRST + FIRST_BID_CELL]
    return int(((cell >> (FIRST_BITS * player)) & (FIRST_OVER - 1)) - 1)


@kernel_jit
def first_bid_over(state: Int64Array, player: int) -> bool:
    """Whether the player's first bid was made over an opponent's bid (an overcall)."""
    cell = state[L.B_STRAIN_FIRST + FIRST_BID_CELL]
    return bool((cell >> (FIRST_BITS * player)) & FIRST_OVER)


@kernel_jit
def _bid(tables: Int64Array, state: Int64Array, player: int, contract: int) -> None:
    team = team_of(tables, player)
    if first_bid(state, player) < 0:
        over = state[L.S_CONTRACT_BY] >= 0 and team_of(tables, state[L.S_CONTRACT_BY]) != team
        record = contract + 1 + (FIRST_OVER if over else 0)
        state[L.B_STRAIN_FIRST + FIRST_BID_CELL] |= record << (FIRST_BITS * player)
    state[L.S_CONTRACT] = contract
    state[L.S_CONTRACT_BY] = player
    state[L.S_DOUBLED] = 0
    strain = contract % L.N_STRAINS
    if team_opener(state, team) < 0:
        state[L.B_STRAIN_FIRST + OPENER_CELL] |= (player + 1) << (TEAM_BITS * team)
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


# ------------------------------------------------------------------------- the greedy player: the system

OPEN_POINTS = 12  # high-card points that open one of a suit
ONE_NT_LOW, ONE_NT_HIGH = 15, 17  # a balanced 1NT opening
TWO_NT_LOW, TWO_NT_HIGH = 20, 21  # a balanced 2NT opening
RESPOND_POINTS = 6  # total points that answer a partner's suit
TWO_LEVEL_POINTS = 10  # total points for a new suit at the two level
OVERCALL_ONE, OVERCALL_TWO = 8, 11  # high-card points for an overcall at the one and the two level
PARTNER_OPENED = 13  # a partner who opened a suit
PARTNER_OVERCALLED = 11  # a partner who bid a suit after the opponents had bid
PARTNER_ONE_NT = 16  # a partner who opened 1NT (15-17)
PARTNER_TWO_NT = 20  # a partner who opened 2NT (20-21)
PARTNER_RESPONDED = 8  # a partner who answered our opening (6-10)
RESPONSE_STEP = 3  # each level a response skips shows 3 points more
PARTNER_INVITED = 11  # a partner who answered our suit with 2NT (11-12)
PARTNER_SIGNED_OFF = 3  # a partner who answered our 1NT with two of a suit (to play, 0-7)
PARTNER_FORCED = 10  # a partner who answered our 1NT with three of a suit (game values)
PARTNER_PASSED = 3  # a partner who has only passed
PARTNER_EXTRA = 2  # a partner who bid again below game (an invitation: extra values)
INVITING_LEVEL = 3  # a suit bid again at three (or no trump at two) below game invites
REDOUBLE_HCP = 10  # own high-card points that may redouble
REDOUBLE_MARGIN = 4  # combined points beyond the contract's need that redouble
PARTNER_BID_HALVES = 3  # defensive half tricks read in a partner who has bid (1 in one who has not)
MIN_OPP_LEVEL_DOUBLED = 2  # the system never doubles a one-level bid
#: Combined points a contract needs, by level (index 1..7): in a suit, in no trump.
SUIT_NEEDS = (0, 19, 18, 23, 26, 29, 33, 37)
NT_NEEDS = (0, 19, 23, 25, 28, 31, 33, 37)


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
def _is_major(strain: int) -> bool:
    return strain == 2 or strain == 3


@kernel_jit
def _length_points(state: Int64Array, player: int) -> int:
    """A point for each card past four in every suit."""
    points = 0
    for suit in range(L.N_SUITS):
        points += max(_suit_length(state, player, suit) - 4, 0)
    return int(points)


@kernel_jit
def _balanced(state: Int64Array, player: int) -> bool:
    """No void or singleton and at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2)."""
    doubletons = 0
    for suit in range(L.N_SUITS):
        length = _suit_length(state, player, suit)
        if length < 2:
            return False
        doubletons += 1 if length == 2 else 0
    return doubletons <= 1


@kernel_jit
def _strain_length(state: Int64Array, player: int, strain: int) -> int:
    return _suit_length(state, player, strain_suit(strain))


@kernel_jit
def _bidder_strain(tables: Int64Array, state: Int64Array, who: int) -> int:
    """The strain ``who`` named first for the team (the lowest on a tie): the last bid's when it is
    ``who``'s; -1 when ``who`` has not bid."""
    if state[L.S_CONTRACT] >= 0 and state[L.S_CONTRACT_BY] == who:
        return int(state[L.S_CONTRACT] % L.N_STRAINS)
    team = team_of(tables, who)
    for strain in range(L.N_STRAINS):
        if first_bidder(state, strain, team) == who:
            return strain
    return -1


@kernel_jit
def _cheapest(state: Int64Array, strain: int) -> int:
    """The lowest level at which ``strain`` may be bid now."""
    contract = state[L.S_CONTRACT]
    if contract < 0:
        return 1
    level = contract // L.N_STRAINS + 1
    return int(level if strain > contract % L.N_STRAINS else level + 1)


@kernel_jit
def _bid_action(level: int, strain: int) -> int:
    return int(L.A_CONTRACT0 + (level - 1) * L.N_STRAINS + strain)


@kernel_jit
def _longest_strain(state: Int64Array, player: int) -> int:
    """The strain of the longest suit (a major, then the higher strain, on a tie)."""
    best, best_len = 3, -1
    for strain in (3, 2, 1, 0):
        length = _strain_length(state, player, strain)
        if length > best_len:
            best, best_len = strain, length
    return best


@kernel_jit
def _opening(state: Int64Array, player: int) -> int:
    """1NT 15-17 or 2NT 20-21 balanced; else with 12 high-card points one of the longer five-card major
    (spades on a tie), else of the longer minor (diamonds with four of each, clubs with three); else
    pass."""
    hcp = _high_card_points(state, player)
    balanced = _balanced(state, player)
    if balanced and ONE_NT_LOW <= hcp <= ONE_NT_HIGH:
        return _bid_action(1, NO_TRUMP)
    if balanced and TWO_NT_LOW <= hcp <= TWO_NT_HIGH:
        return _bid_action(2, NO_TRUMP)
    if hcp < OPEN_POINTS:
        return L.A_PASS
    spades, hearts = _strain_length(state, player, 3), _strain_length(state, player, 2)
    if spades >= 5 and spades >= hearts:
        return _bid_action(1, 3)
    if hearts >= 5:
        return _bid_action(1, 2)
    diamonds, clubs = _strain_length(state, player, 1), _strain_length(state, player, 0)
    return _bid_action(1, 1 if diamonds > clubs or (diamonds == clubs and diamonds >= 4) else 0)


@kernel_jit
def _defence_halves(state: Int64Array, player: int, trump: int) -> int:
    """Defensive half tricks: per suit an ace 2, a king 2 beside its ace, else 1 with a guard; in the
    opponents' trump suit also the queen 2 with two guards and 2 for each trump past four."""
    off = hand_off(player)
    halves = 0
    for suit in range(L.N_SUITS):
        ace = king = queen = False
        for i in range(state[L.L_HAND + player]):
            card = state[off + i]
            if card // L.N_RANKS == suit:
                rank = card % L.N_RANKS
                ace = ace or rank == L.N_RANKS - 1
                king = king or rank == L.N_RANKS - 2
                queen = queen or rank == L.N_RANKS - 3
        length = _suit_length(state, player, suit)
        halves += 2 if ace else 0
        if king:
            halves += 2 if ace else (1 if length >= 2 else 0)
        if suit == trump:
            halves += (2 if queen and length >= 3 else 0) + 2 * max(length - 4, 0)
    return int(halves)


@kernel_jit
def _doubles(tables: Int64Array, state: Int64Array, player: int, partner_bid: bool) -> bool:
    """A penalty double of the opponents' undoubled contract of level 2 or more: the player's defensive
    half tricks, with 3 for a partner who has bid (else 1), reach twice the tricks that defeat it."""
    contract = state[L.S_CONTRACT]
    if contract < 0 or state[L.S_DOUBLED] != 0:
        return False
    if team_of(tables, state[L.S_CONTRACT_BY]) == team_of(tables, player):
        return False
    level = contract // L.N_STRAINS + 1
    if level < MIN_OPP_LEVEL_DOUBLED:
        return False
    strain = contract % L.N_STRAINS
    trump = -1 if strain == NO_TRUMP else strain_suit(strain)
    halves = _defence_halves(state, player, trump) + (PARTNER_BID_HALVES if partner_bid else 1)
    return bool(halves >= 2 * (L.MAX_LEVEL + 1 - level))


@kernel_jit
def _level_for(strain: int, combined: int) -> int:
    """The highest level whose need (``SUIT_NEEDS``/``NT_NEEDS``) the combined points meet (1 at least)."""
    needs = NT_NEEDS if strain == NO_TRUMP else SUIT_NEEDS
    level = 1
    for lv in range(2, L.MAX_LEVEL + 1):
        if combined >= needs[lv]:
            level = lv
    if strain == NO_TRUMP and 3 < level < 6:
        return 3  # no trump stops at game below the slam
    if _is_major(strain) and level == 5:
        return 4
    if strain < 2 and level == 4:
        return 3  # a minor stops below its game (five) at three
    return level


@kernel_jit
def _opponents_named(tables: Int64Array, state: Int64Array, player: int, strain: int) -> bool:
    """Whether another team has bid ``strain`` this hand."""
    for team in range(tables[L.H_N_TEAMS]):
        if team != team_of(tables, player) and first_bidder(state, strain, team) >= 0:
            return True
    return False


@kernel_jit
def _compete(tables: Int64Array, state: Int64Array, player: int) -> int:
    """Neither partner has bid and the opponents have: double, overcall a five-card suit they have not
    named (8 high-card points at the one level, 11 at the two), no trump balanced (1NT with 15 high-card
    points or more, 2NT with 19 or more), else pass."""
    if _doubles(tables, state, player, False):
        return L.A_DOUBLE
    hcp = _high_card_points(state, player)
    strain = _longest_strain(state, player)
    level = _cheapest(state, strain)
    enough = (level == 1 and hcp >= OVERCALL_ONE) or (level == 2 and hcp >= OVERCALL_TWO)
    theirs = _opponents_named(tables, state, player, strain)
    if enough and not theirs and _strain_length(state, player, strain) >= 5:
        return _bid_action(level, strain)
    no_trump = _cheapest(state, NO_TRUMP)
    if (
        _balanced(state, player)
        and hcp >= ONE_NT_LOW
        and (no_trump == 1 or (no_trump == 2 and hcp > ONE_NT_HIGH + 1))
    ):
        return _bid_action(no_trump, NO_TRUMP)
    return L.A_PASS


@kernel_jit
def _rebid_alone(tables: Int64Array, state: Int64Array, player: int) -> int:
    """The player has bid, the partner has not, the opponents hold the contract: double, or bid a
    six-card suit again at the two level with 13 total points (three with 17), else pass."""
    if _doubles(tables, state, player, False):
        return L.A_DOUBLE
    points = _high_card_points(state, player) + _length_points(state, player)
    strain = _longest_strain(state, player)
    level = _cheapest(state, strain)
    if _strain_length(state, player, strain) >= 6 and (
        (level <= 2 and points >= OPEN_POINTS + 1) or (level == 3 and points >= OPEN_POINTS + 5)
    ):
        return _bid_action(level, strain)
    return L.A_PASS


@kernel_jit
def _partner_estimate(tables: Int64Array, state: Int64Array, player: int, partner: int) -> int:
    """The points the system reads in a partner who has bid, from the partner's first bid (module
    docstring's table), 2 more when the partner has bid again below game since."""
    team = team_of(tables, player)
    bid = first_bid(state, partner)
    level, strain = bid // L.N_STRAINS + 1, bid % L.N_STRAINS
    if team_opener(state, team) == partner:
        if strain == NO_TRUMP:
            estimate = PARTNER_ONE_NT if level == 1 else PARTNER_TWO_NT
        else:
            estimate = PARTNER_OVERCALLED if first_bid_over(state, partner) else PARTNER_OPENED
    else:
        opening = first_bid(state, player)
        if opening >= 0 and opening % L.N_STRAINS == NO_TRUMP and strain != NO_TRUMP:
            estimate = PARTNER_SIGNED_OFF if level == 2 else PARTNER_FORCED
        elif opening >= 0 and strain == opening % L.N_STRAINS:
            estimate = PARTNER_RESPONDED + RESPONSE_STEP * (level - opening // L.N_STRAINS - 2)
        elif strain == NO_TRUMP:
            estimate = PARTNER_RESPONDED + RESPONSE_STEP * (level - 1)
        else:
            estimate = PARTNER_RESPONDED if level == 1 else PARTNER_INVITED
    contract = state[L.S_CONTRACT]
    if contract >= 0 and state[L.S_CONTRACT_BY] == partner and contract != bid:
        again = contract // L.N_STRAINS + 1
        no_trump = contract % L.N_STRAINS == NO_TRUMP
        if (no_trump and again == 2) or (not no_trump and again == INVITING_LEVEL):
            estimate += PARTNER_EXTRA
    return int(estimate)


@kernel_jit
def _first_response(state: Int64Array, player: int, partner_strain: int) -> int:
    """No fit with the partner's opening suit: a new four-card suit at the one level (the longest, the
    lowest on a tie), a five-card suit at the two level with 10 total points, else 1NT with 6-10, 2NT
    with 11-12 and 3NT with 13 or more balanced; -1 when none applies."""
    points = _high_card_points(state, player) + _length_points(state, player)
    best, best_len = -1, 3
    for strain in range(NO_TRUMP):
        length = _strain_length(state, player, strain)
        if strain != partner_strain and _cheapest(state, strain) == 1 and length > best_len:
            best, best_len = strain, length
    if best >= 0:
        return _bid_action(1, best)
    strain = _longest_strain(state, player)
    long_enough = _strain_length(state, player, strain) >= 5
    if points >= TWO_LEVEL_POINTS and long_enough and _cheapest(state, strain) == 2:
        return _bid_action(2, strain)
    level = 1 if points <= 10 else (2 if points <= 12 else 3)
    if level > 1 and not _balanced(state, player):
        level = 1
    if _cheapest(state, NO_TRUMP) <= level:
        return _bid_action(level, NO_TRUMP)
    return -1


@kernel_jit
def _our_strain(tables: Int64Array, state: Int64Array, player: int, partner: int, partner_strain: int) -> int:
    """Where the partnership plays: the partner's suit with support (three cards of a major the partner
    opened or bid after our no trump, else four), a five-card major over the partner's no trump (not
    after our own), a six-card suit of one's own, else no trump when balanced or the partner bid it,
    else the longest suit of five or more, else no trump."""
    team = team_of(tables, player)
    our_no_trump = first_bidder(state, NO_TRUMP, team) == player
    opened = team_opener(state, team) == partner or our_no_trump
    if partner_strain != NO_TRUMP:
        support = 3 if _is_major(partner_strain) and opened else 4
        if _strain_length(state, player, partner_strain) >= support:
            return partner_strain
    longest = _longest_strain(state, player)
    length = _strain_length(state, player, longest)
    if partner_strain == NO_TRUMP and _is_major(longest) and length >= 5 and not our_no_trump:
        return longest
    if length >= 6:
        return longest
    if _balanced(state, player) or partner_strain == NO_TRUMP:
        return NO_TRUMP
    return longest if length >= 5 else NO_TRUMP


@kernel_jit
def _over_no_trump(state: Int64Array, player: int, strain: int, combined: int, first: bool) -> int:
    """The contract id of a suit of one's own over the partner's no trump: as a first answer, two of it
    to play below game values, with them three of a five-card major (the partner chooses), four of a
    six-card one, 3NT instead of a minor (five of it with 29); later, game in a five-card major is
    asked for with three of it. -1 when none of this applies."""
    length = _strain_length(state, player, strain)
    level = _level_for(strain, combined)
    if first and combined < NT_NEEDS[3]:
        level = 2
    elif first and _is_major(strain):
        level = 4 if length >= 6 else 3
    elif strain < 2 and NT_NEEDS[3] <= combined < SUIT_NEEDS[5]:
        return 2 * L.N_STRAINS + NO_TRUMP
    elif not first and _is_major(strain) and length == 5 and level >= 4:
        level = 3
    return (level - 1) * L.N_STRAINS + strain


@kernel_jit
def _asks_for_game(tables: Int64Array, state: Int64Array, player: int, partner: int) -> bool:
    """The partner's last bid is three of a major after our opening and our no trump: game is asked for
    (3NT without three cards of it)."""
    contract = state[L.S_CONTRACT]
    if contract < 0 or state[L.S_CONTRACT_BY] != partner or contract // L.N_STRAINS != 2:
        return False
    team = team_of(tables, player)
    ours = team_opener(state, team) == player and first_bidder(state, NO_TRUMP, team) == player
    return ours and _is_major(contract % L.N_STRAINS)


@kernel_jit
def _with_partner(tables: Int64Array, state: Int64Array, player: int, partner: int) -> int:
    """The partner has bid: answer a first time (raise, new suit, no trump), or place the contract at
    the level the combined points afford (``SUIT_NEEDS``/``NT_NEEDS``), bidding it only when it is higher
    than the last bid; double the opponents when ``_doubles`` says so; else pass."""
    points = _high_card_points(state, player) + _length_points(state, player)
    combined = points + _partner_estimate(tables, state, player, partner)
    partner_strain = _bidder_strain(tables, state, partner)
    first = _bidder_strain(tables, state, player) < 0
    strain = _our_strain(tables, state, player, partner, partner_strain)
    if first and partner_strain != NO_TRUMP:
        if points < RESPOND_POINTS:
            return L.A_PASS
        if strain != partner_strain:
            response = _first_response(state, player, partner_strain)
            return response if response >= 0 else L.A_PASS
    if not first and strain != partner_strain and _asks_for_game(tables, state, player, partner):
        return _bid_action(3, NO_TRUMP)
    level = _level_for(strain, combined)
    if strain < 2 and level == 3 and combined >= NT_NEEDS[3] and _balanced(state, player):
        strain = NO_TRUMP
    contract = (level - 1) * L.N_STRAINS + strain
    if partner_strain == NO_TRUMP and strain != NO_TRUMP:
        contract = _over_no_trump(state, player, strain, combined, first)
    theirs = state[L.S_CONTRACT] >= 0 and team_of(tables, state[L.S_CONTRACT_BY]) != team_of(tables, player)
    if theirs and _doubles(tables, state, player, True):
        return L.A_DOUBLE
    if contract > state[L.S_CONTRACT]:
        return int(L.A_CONTRACT0 + contract)
    return L.A_PASS


@kernel_jit
def _redoubles(tables: Int64Array, state: Int64Array, player: int, partner: int) -> bool:
    """Redouble our doubled contract with 10 high-card points and combined points 4 past its need."""
    hcp = _high_card_points(state, player)
    if hcp < REDOUBLE_HCP:
        return False
    contract = state[L.S_CONTRACT]
    level, strain = contract // L.N_STRAINS + 1, contract % L.N_STRAINS
    partner_bid = partner >= 0 and _bidder_strain(tables, state, partner) >= 0
    estimate = _partner_estimate(tables, state, player, partner) if partner_bid else PARTNER_PASSED
    needs = NT_NEEDS[level] if strain == NO_TRUMP else SUIT_NEEDS[level]
    return hcp + _length_points(state, player) + estimate >= needs + REDOUBLE_MARGIN


@kernel_jit
def system_call(tables: Int64Array, state: Int64Array, player: int) -> int:
    """The call of the natural system (module docstring, "The greedy player's system")."""
    partner = _partner(tables, player)
    team = team_of(tables, player)
    contract = state[L.S_CONTRACT]
    ours = contract >= 0 and team_of(tables, state[L.S_CONTRACT_BY]) == team
    if ours and state[L.S_DOUBLED] == 1:
        return L.A_REDOUBLE if _redoubles(tables, state, player, partner) else L.A_PASS
    i_bid = _bidder_strain(tables, state, player) >= 0
    partner_bid = partner >= 0 and _bidder_strain(tables, state, partner) >= 0
    if partner_bid:
        return _with_partner(tables, state, player, partner)
    if i_bid:
        return _rebid_alone(tables, state, player)
    if contract < 0:
        return _opening(state, player)
    return _compete(tables, state, player)


@kernel_jit
def greedy_call_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    """The greedy player's score of a call (``engine.policies``): 2 for the system's call
    (``system_call``), 1 for a pass, -1 for any other call."""
    if action == system_call(tables, state, player):
        return 2
    return 1 if action == L.A_PASS else -1
