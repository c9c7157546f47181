"""Policies that run inside the compiled loop: random and greedy (policy codes 0 and 1); code 2 is
the information-set MCTS of ``darwindeck.agents.mcts``, dispatched by ``batch.play_game``; code 3 is the
random player with stateless draws of ``batch`` (rule ablation), which plays like random here; code 4
is the perfect-information Monte Carlo player of ``darwindeck.agents.pimc``, dispatched by
``batch.play_game`` too.

* random: uniform over the legal actions, from the policy's own RNG stream.
* greedy: one ply, no look-ahead; every legal action gets a score and the best (lowest id on a tie)
  is played:
  - a play or discard: bigger sets first, then a card that captures on a MATCH_RANK tableau, then the
    highest rank (dump high cards while it is safe to); in a game with a wild rank, a single card
    played onto the discard is chosen otherwise: a wild card only when nothing else can be played (it
    is kept: Crazy Eights' eight), else a card of the suit it holds most of (the lowest suit code on a
    tie), highest rank first, so that it can go on following that suit;
  - in a trick (cards ordered by ``tricks.card_strength``, beating judged by ``tricks.card_beats``, so
    top trumps count): when following, the cheapest card that beats the cards so far (if a teammate is
    already winning, the cheapest card); with no winning card, the cheapest card; when leading, the
    highest card. When the game's first win condition rewards few tricks (low_score, fewest_tricks)
    it does the opposite: the highest card that does not win, leading its lowest;
  - around a Nil (a Nil bid whose bidder has taken no trick yet, ``B_IS_NIL``): the Nil bidder plays
    as in a game of few tricks (the highest card that does not win, leading its lowest); its partner
    covers: while the Nil bidder is still to play to the trick, the highest card that takes the lead
    (else the cheapest), and when the Nil bidder's card holds the trick, the cheapest card that beats
    it; an opponent of the Nil bidder tries to set it: it leads its lowest card and ducks under the
    Nil bidder's card when that card holds the trick (the highest card that does not beat it). The own
    Nil comes first, then the partner's, then an opponent's; otherwise as above;
  - choosing trump (a trump phase): it calls a suit when that suit would give it at least 3 trumps
    and side Aces together (counting the turned card it would take as the dealer, and the phase's
    top trumps as trumps), the suit it is strongest in among those offered, else passes; as the dealer
    after taking the turned card it discards its weakest card (a side card before a trump, then the
    lowest);
  - a bid: the bid nearest to its trick estimate (half tricks: a trump Jack or better, or a side Ace,
    counts 2; a lower trump or a side King 1; halved);
  - a call (an auction phase): ``auction.greedy_call_score``: the call of a simple natural bidding
    system (``auction``'s docstring: openings, answers and contracts by points and suit length);
  - a draw is preferred to passing, except in a point-total game with a bust threshold, where it stands
    at bust − 4 or more, and in a deadwood game (Gin Rummy), where it takes the top discard only when
    taking it and discarding its best card would lower its deadwood; there it discards the card whose
    loss leaves the least deadwood; it knocks whenever it may (any knock phase); a chosen target is
    the opponent with the fewest cards; a named suit is the suit it holds most of (the lowest suit code
    on a tie);
  - claims: declares the rank it holds most of, puts down every card of the claimed rank it has, bluffs
    with its lowest card only while fewer than ``min_cards`` are down,
    and challenges only a certain lie (its own cards of the rank plus the cards claimed exceed 4);
  - asks (an ask phase): it remembers the last ask that missed (``S_ASK_RANK``, kept until the next
    ask): on the first ask of its turn, when the seat before it asked for a rank it also holds, missed,
    and still has cards, it asks that seat for that rank (the seat had to hold the rank to ask for it,
    and it parts with cards only when asked, which would have replaced the memory). Otherwise
    round the table, starting one seat further each round (so a rank that missed is next asked of
    another player), for the rank it holds most of (the lowest on a tie). The state keeps only that
    last miss, so older asks are forgotten;
  - a call or a climb (Dou Dizhu): ``climb_state.greedy_score`` (bids by its high cards; follows with
    the lowest combination that beats, keeps bombs; its module docstring has the rules);
  - a betting phase (``engine.betting``): the equity rule of ``engine.equity.equity_choice``: its chance
    to win the showdown, sampled over the cards it cannot see, against the pot odds: all in with a
    near-certain winner, bet or raise with a strong hand, call when the equity pays the call, otherwise
    check or fold; it bluffs (bets a weak hand when nothing is owed) in one decision in ten.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.auction import greedy_call_score
from darwindeck.engine.climb_state import greedy_score as greedy_climb_score
from darwindeck.engine.contracts import SCORING_EXACT
from darwindeck.engine.counting import greedy_count_score
from darwindeck.engine.crib import greedy_crib_score
from darwindeck.engine.deals import dealer
from darwindeck.engine.equity import equity_choice
from darwindeck.engine.hand_strength import METHOD_DEADWOOD, hand_total
from darwindeck.engine.jit import kernel_jit, stack_array
from darwindeck.engine.movegen import LOC_DISCARD
from darwindeck.engine.piles import hand_off, tableau_off
from darwindeck.engine.program import is_wild, phase_at, team_of, values_view
from darwindeck.engine.rng import rand_below
from darwindeck.engine.tableau import MODE_MATCH_RANK
from darwindeck.engine.tableau_melds import run_length
from darwindeck.engine.tricks import card_beats, card_strength, top_index, trick_trump, trick_winner_index
from darwindeck.engine.trump import turned_card
from darwindeck.errors import DarwinDeckError

Int64Array = npt.NDArray[np.int64]

_HAND_CELLS = stack_array(L.PILE_CAP + 1)

RANDOM = 0
GREEDY = 1
MCTS = 2
#: A random player whose draws do not depend on how many choices came before (``agents.batch``).
STATELESS_RANDOM = 3
#: Perfect-information Monte Carlo (``darwindeck.agents.pimc``).
PIMC = 4
POLICY_NAMES = ("random", "greedy", "mcts")


@kernel_jit
def estimate_tricks(tables: Int64Array, state: Int64Array, player: int) -> int:
    """Half tricks: a trump J+ or a side Ace 2, a lower trump or a side King 1; halved, rounded down."""
    off = hand_off(player)
    trump = tables[L.H_TRUMP]
    halves = 0
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        rank = card % L.N_RANKS
        if card // L.N_RANKS == trump:
            halves += 2 if rank >= 9 else 1
        elif rank == 12:
            halves += 2
        elif rank == 11:
            halves += 1
    return halves // 2


@kernel_jit
def _held_of_rank(state: Int64Array, player: int, rank: int) -> int:
    off = hand_off(player)
    count = 0
    for i in range(state[L.L_HAND + player]):
        count += 1 if state[off + i] % L.N_RANKS == rank else 0
    return count


@kernel_jit
def _held_of_suit(state: Int64Array, player: int, suit: int) -> int:
    off = hand_off(player)
    count = 0
    for i in range(state[L.L_HAND + player]):
        count += 1 if state[off + i] // L.N_RANKS == suit else 0
    return count


@kernel_jit
def _deadwood_with(tables: Int64Array, state: Int64Array, player: int, extra: int, skip: int) -> int:
    """The deadwood of the player's hand with card ``extra`` added (−1: none) and card ``skip`` taken
    out (−1: none)."""
    cells = _HAND_CELLS()
    off = hand_off(player)
    n = 0
    for i in range(state[L.L_HAND + player]):
        if state[off + i] != skip:
            cells[n] = state[off + i]
            n += 1
    if extra >= 0 and extra != skip:
        cells[n] = extra
        n += 1
    return hand_total(cells, n, METHOD_DEADWOOD, values_view(tables), tables[L.H_ACE_ALT], tables[L.H_BUST])


@kernel_jit
def _taking_helps(tables: Int64Array, state: Int64Array, player: int, card: int) -> bool:
    """Whether taking ``card`` and then discarding the best card lowers the player's deadwood."""
    now = _deadwood_with(tables, state, player, -1, -1)
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        if _deadwood_with(tables, state, player, card, state[off + i]) < now:
            return True
    return False


@kernel_jit
def _draw_score(tables: Int64Array, state: Int64Array, player: int) -> int:
    """Drawing beats passing, except near the bust threshold of a point-total game (stand at bust−4) and,
    in a deadwood game, taking the discard when it would not lower the deadwood."""
    if tables[L.H_EVAL_METHOD] == METHOD_DEADWOOD:
        source = phase_at(tables, state[L.S_PHASE], L.PH_A)
        top = state[L.P_DISCARD + state[L.L_DISCARD] - 1] if state[L.L_DISCARD] > 0 else -1
        if source == LOC_DISCARD and top >= 0:
            return 10 if _taking_helps(tables, state, player, top) else -10
        return 10
    bust = tables[L.H_BUST]
    if bust < 0 or tables[L.H_EVAL_METHOD] < 0:
        return 10
    off = hand_off(player)
    total = hand_total(
        state[off : off + L.PILE_CAP],
        state[L.L_HAND + player],
        tables[L.H_EVAL_METHOD],
        values_view(tables),
        tables[L.H_ACE_ALT],
        bust,
    )
    return 10 if 0 <= total < bust - 4 else -10


@kernel_jit
def _has_wild(tables: Int64Array) -> bool:
    for rank in range(L.N_RANKS):  # noqa: SIM110 (numba: no generators)
        if is_wild(tables, rank):
            return True
    return False


@kernel_jit
def _shed_score(tables: Int64Array, state: Int64Array, player: int, card: int) -> int:
    """A single card onto the discard in a game with wild cards: wild cards last, then the suit held
    most of, then the highest rank (module docstring); every score is above 100 (a draw's is 10)."""
    rank = card % L.N_RANKS
    if is_wild(tables, rank):
        return 101 + rank
    return 114 + _held_of_suit(state, player, card // L.N_RANKS) * L.N_RANKS + rank


@kernel_jit
def _captures(state: Int64Array, card: int) -> bool:
    off = tableau_off(L.GENERAL_PILE)
    for i in range(state[L.L_TABLEAU + L.GENERAL_PILE]):
        if state[off + i] % L.N_RANKS == card % L.N_RANKS:
            return True
    return False


@kernel_jit
def _greedy_beats(tables: Int64Array, phase: int, card: int, best: int, trump: int) -> bool:
    """Whether ``card`` would take the lead from ``best`` (Ace high; top trumps by ``card_beats``)."""
    if top_index(tables, phase, trump, card) >= 0 or top_index(tables, phase, trump, best) >= 0:
        return card_beats(tables, phase, card, best, trump)
    suit = card // L.N_RANKS
    best_suit = best // L.N_RANKS
    same_higher = suit == best_suit and card % L.N_RANKS > best % L.N_RANKS
    return same_higher or (trump >= 0 and suit == trump and best_suit != trump)


@kernel_jit
def _avoids_tricks(tables: Int64Array, state: Int64Array, player: int) -> bool:
    """Whether ``player`` now wants to lose tricks: the game rewards few tricks, the player bid a Nil
    that stands (``_open_nil``), or the contract of the player's side is exact and already made (its
    tricks reached its bids), so another trick fails it."""
    if tables[L.H_AVOID_TRICKS] != 0 or _open_nil(state, player):
        return True
    if tables[tables[L.T_CONTRACT] + SCORING_EXACT] == 0:
        return False
    side = team_of(tables, player)
    bids = 0
    tricks = 0
    for other in range(tables[L.H_PLAYERS]):
        if team_of(tables, other) == side:
            if state[L.B_BID + other] < 0:
                return False
            bids += state[L.B_BID + other]
            tricks += state[L.B_TRICKS + other]
    return tricks >= bids


@kernel_jit
def _known_holder(tables: Int64Array, state: Int64Array, player: int) -> int:
    """The opponent known to hold a rank ``player`` holds too (module rules: the seat before, whose
    ask for ``S_ASK_RANK`` missed), on the first ask of the turn; -1 when none is known."""
    rank = state[L.S_ASK_RANK]
    if rank < 0 or state[L.S_TURN_MOVED] != 0 or _held_of_rank(state, player, rank) == 0:
        return -1
    n_players = tables[L.H_PLAYERS]
    before = (player + n_players - 1) % n_players
    return before if state[L.L_HAND + before] > 0 else -1


@kernel_jit
def _ask_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    """An ask phase's choice of an opponent (TARGET p) or of a rank (CLAIM_RANK r), module rules."""
    known = _known_holder(tables, state, player)
    n_players = tables[L.H_PLAYERS]
    if action < L.A_CLAIM_RANK0:
        target = action - L.A_TARGET0
        if target == known:
            return 1
        turn_round = state[L.S_TURN] // n_players  # round the table, one seat further each round
        return int(-((target - player - 1 - turn_round) % n_players))
    rank = action - L.A_CLAIM_RANK0
    if known >= 0 and state[L.S_ASK_TARGET] == known and rank == state[L.S_ASK_RANK]:
        return 100
    return _held_of_rank(state, player, rank)


@kernel_jit
def _open_nil(state: Int64Array, player: int) -> bool:
    """Whether ``player`` bid a Nil (blind or not) and has taken no trick yet this hand."""
    return bool(state[L.B_IS_NIL + player] != 0 and state[L.B_TRICKS + player] == 0)


@kernel_jit
def _nil_in_play(tables: Int64Array, state: Int64Array, player: int) -> int:
    """Another player's Nil that stands, the partner's before an opponent's; -1 when none."""
    side = team_of(tables, player)
    found = -1
    for other in range(tables[L.H_PLAYERS]):
        if other == player or not _open_nil(state, other):
            continue
        if team_of(tables, other) == side:
            return other
        if found < 0:
            found = other
    return found


@kernel_jit
def _has_played(state: Int64Array, player: int) -> bool:
    """Whether ``player`` has played a card to the trick in progress."""
    for i in range(state[L.L_TRICK]):  # noqa: SIM110 (numba: no generators)
        if state[L.B_TRICK_PLAYER + i] == player:
            return True
    return False


@kernel_jit
def _follow_score(tables: Int64Array, player: int, holder: int, beats: bool, cost: int) -> int:
    """The plain follow: the cheapest card that takes the trick from an opponent, else the cheapest."""
    if beats and team_of(tables, holder) != team_of(tables, player):
        return 100 - cost
    return -cost


@kernel_jit
def _around_nil(
    tables: Int64Array, state: Int64Array, player: int, nil: int, holder: int, beats: bool, cost: int
) -> int:
    """A follow when another player's Nil stands (module rules: the partner covers, an opponent sets);
    ``holder`` holds the trick so far."""
    played = _has_played(state, nil)
    if team_of(tables, nil) == team_of(tables, player):
        if not played:
            return 100 + cost if beats else -cost
        if holder == nil:
            return 100 - cost if beats else -cost
    elif played and holder == nil:
        return cost if not beats else -100 - cost
    return _follow_score(tables, player, holder, beats, cost)


@kernel_jit
def _trick_score(tables: Int64Array, state: Int64Array, player: int, card: int) -> int:
    rank = card % L.N_RANKS
    n = state[L.L_TRICK]
    phase = state[L.S_PHASE]
    trump = trick_trump(tables, state, phase)
    avoid = _avoids_tricks(tables, state, player)
    nil = -1 if avoid else _nil_in_play(tables, state, player)
    if n == 0:
        lead = (
            rank if top_index(tables, phase, trump, card) < 0 else card_strength(tables, phase, trump, card)
        )
        sets_nil = nil >= 0 and team_of(tables, nil) != team_of(tables, player)
        return -lead if avoid or sets_nil else lead
    best = trick_winner_index(tables, state, phase)
    holder = state[L.B_TRICK_PLAYER + best]
    beats = _greedy_beats(tables, phase, card, state[L.P_TRICK + best], trump)
    cost = card_strength(tables, phase, trump, card)
    if avoid:
        return cost if not beats else -100 - cost
    if nil >= 0:
        return _around_nil(tables, state, player, nil, holder, beats, cost)
    return _follow_score(tables, player, holder, beats, cost)


@kernel_jit
def _first_trick_phase(tables: Int64Array) -> int:
    for phase in range(tables[L.H_N_PHASES]):
        if phase_at(tables, phase, L.PH_KIND) == L.K_TRICK:
            return phase
    return 0


@kernel_jit
def _trump_call_score(tables: Int64Array, state: Int64Array, player: int, suit: int) -> int:
    """Trumps and side Aces the player would hold with ``suit`` as trump, less 2 (call at 1 or more)."""
    phase = _first_trick_phase(tables)
    off = hand_off(player)
    count = 0
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        trump = card_strength(tables, phase, suit, card) >= L.N_RANKS
        count += 1 if trump or card % L.N_RANKS == L.N_RANKS - 1 else 0
    turned = turned_card(state)
    round_one = state[L.S_SUB] < tables[L.H_PLAYERS]
    if round_one and player == dealer(tables, state) and turned >= 0:
        count += 1  # the dealer takes the turned card (a trump) and discards its worst
    return count - 2


@kernel_jit
def _trump_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    """A trump phase's choice: call a strong suit, or discard the weakest card after taking."""
    if action < L.FULL_DECK:
        phase = _first_trick_phase(tables)
        return -card_strength(tables, phase, state[L.S_HAND_TRUMP], action)
    if action >= L.A_SUIT0:
        return _trump_call_score(tables, state, player, action - L.A_SUIT0)
    return 0


@kernel_jit
def _action_score(tables: Int64Array, state: Int64Array, player: int, action: int) -> int:
    if phase_at(tables, state[L.S_PHASE], L.PH_KIND) in (L.K_CALL, L.K_CLIMB):
        return greedy_climb_score(tables, state, player, action)
    if phase_at(tables, state[L.S_PHASE], L.PH_KIND) == L.K_TRUMP and state[L.S_PENDING_TARGET] < 0:
        return _trump_score(tables, state, player, action)
    if action < L.FULL_DECK:
        kind = phase_at(tables, state[L.S_PHASE], L.PH_KIND)
        if kind == L.K_COUNT:
            return greedy_count_score(tables, state, action)
        if kind == L.K_CRIB:
            return greedy_crib_score(state, player, action)
        if kind == L.K_TRICK:
            return _trick_score(tables, state, player, action)
        if kind == L.K_CLAIM:
            if action % L.N_RANKS == state[L.S_CLAIM_RANK]:
                return 200
            enough = state[L.S_CLAIM_COUNT] >= phase_at(tables, state[L.S_PHASE], L.PH_A)
            return -1 if enough else 100 - action % L.N_RANKS
        if kind == L.K_DISCARD and tables[L.H_EVAL_METHOD] == METHOD_DEADWOOD:
            return 1000 - _deadwood_with(tables, state, player, -1, action)
        onto_discard = kind == L.K_PLAY and phase_at(tables, state[L.S_PHASE], L.PH_A) == LOC_DISCARD
        if onto_discard and _has_wild(tables):
            return _shed_score(tables, state, player, action)
        bonus = 0
        if tables[L.H_TABLEAU_MODE] == MODE_MATCH_RANK and _captures(state, action):
            bonus = 50
        return 100 + bonus + action % L.N_RANKS
    if L.A_SET0 <= action < L.A_TARGET0:
        return 200 + (action - L.A_SET0)
    if action == L.A_BLIND_NIL:
        return -1  # the greedy player looks at its cards before bidding
    if action == L.A_DOUBLE or action == L.A_REDOUBLE or action >= L.A_CONTRACT0:
        return greedy_call_score(tables, state, player, action)
    if action >= L.A_RUN0:  # a run outranks a set of as many cards; longer plays first
        return 200 + (run_length(action) - 1) * L.N_RANKS
    if L.A_BID0 <= action <= L.A_BID0 + L.MAX_BID:
        return -abs(action - L.A_BID0 - estimate_tricks(tables, state, player))
    if L.A_TARGET0 <= action < L.A_SUIT0 and phase_at(tables, state[L.S_PHASE], L.PH_KIND) == L.K_ASK:
        return _ask_score(tables, state, player, action)
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return int(-state[L.L_HAND + action - L.A_TARGET0])
    if action == L.A_CHALLENGE:
        certain_lie = _held_of_rank(state, player, state[L.S_CLAIM_RANK]) + state[L.S_CLAIM_COUNT] > 4
        return 2 if certain_lie else 0
    if action == L.A_NO_CHALLENGE:
        return 1
    if action == L.A_KNOCK:
        return 1
    if action >= L.A_SUIT0:
        return _held_of_suit(state, player, action - L.A_SUIT0)
    if action >= L.A_CLAIM_RANK0:
        return _held_of_rank(state, player, action - L.A_CLAIM_RANK0)
    if action == L.A_DRAW:
        return _draw_score(tables, state, player)
    return 0


@kernel_jit
def greedy_choice(tables: Int64Array, state: Int64Array) -> int:
    if phase_at(tables, state[L.S_PHASE], L.PH_KIND) == L.K_BETTING:
        return equity_choice(tables, state)
    player = state[L.S_ACTOR]
    best = state[L.P_LEGAL]
    best_score = _action_score(tables, state, player, best)
    for i in range(1, state[L.S_N_LEGAL]):
        action = state[L.P_LEGAL + i]
        score = _action_score(tables, state, player, action)
        if score > best_score:
            best = action
            best_score = score
    return int(best)


@kernel_jit
def choose(tables: Int64Array, state: Int64Array, policy: int, policy_rng: Int64Array) -> int:
    """The action that policy ``policy`` picks among the legal actions stored in ``state``."""
    if policy == GREEDY:
        return greedy_choice(tables, state)
    return int(state[L.P_LEGAL + rand_below(policy_rng, 0, state[L.S_N_LEGAL])])


def policy_codes(policies: Sequence[str], n_players: int) -> Int64Array:
    """Policy kind per seat; one name is used for every seat, otherwise one name per seat."""
    names = list(policies)
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise DarwinDeckError(f"policies: {len(names)} given for {n_players} players")
    codes = []
    for name in names:
        if name not in POLICY_NAMES:
            raise DarwinDeckError(f"policies: unknown policy {name!r} (known: {', '.join(POLICY_NAMES)})")
        codes.append(POLICY_NAMES.index(name))
    return np.array(codes, dtype=np.int64)
