"""Legal actions of the decision in progress, written into the state's legal area in ascending order.

Per phase (the actor is the player deciding; see ``docs/rules-engine.md``):

* draw: DRAW when the phase's condition holds and the source can give a card (an empty deck counts when
  ``deck_empty`` would reshuffle a discard of 2+ cards, end the hand or end the game); from a source
  other than the deck the condition's card tests judge the card taken (the pile's top; for an
  opponent's hand, some card of it: DRAW takes a random one of the matching cards). PASS besides
  when not mandatory. After a draw the phase offers DRAW again only when it loops and its condition
  still holds (at most 52 draws).
* play: each card of the hand satisfying the play condition (and, to a SEQUENCE tableau, fitting a
  pile); a face-down hand offers only its top card. Sets of 2..max_cards cards of one rank when
  max_cards ≥ 2; singles only when min_cards ≤ 1. PASS when something is playable and the phase is not
  mandatory.
* discard: each card satisfying the matching condition, until ``count`` cards went; PASS when optional.
* trick: the actor's cards allowed by ``tricks.trick_card_legal``.
* bidding: BID n for n = min_bid..min(max_bid, hand size), plus BID 0 (Nil) when Nil is allowed.
* claim: CLAIM_RANK r for each rank of the deck (when the rank is declared), then the cards of the hand
  one at a time and PASS once ``min_cards`` are down; CHALLENGE / NO_CHALLENGE for the opponents (see
  ``claims``).
* betting: see ``betting``.
* pass: each card of the chooser's hand not already chosen (``passing``).
* trump: NAME_SUIT of the turned card's suit (round 1) or of another suit (round 2), and PASS unless
  the dealer is stuck; the dealer's discard after taking the turned card: each card of their hand
  (``trump``).
* ask: TARGET p for each opponent holding a card (when several do), then CLAIM_RANK r for each rank
  the asker holds (``asking``).
* knock: PASS and KNOCK when the actor may knock (``knock.may_knock``); nothing otherwise (the turn goes
  on).
* call and climb (Dou Dizhu): ``climb_state.call_legal`` (PASS and each bid above the highest) and
  ``climb_state.climb_legal`` (COMBO p for each combination that beats the table, PASS when following;
  KICKER r while a combination's kickers are chosen).
* a pending player_choice effect: TARGET p for every other player; a pending name_suit effect: NAME_SUIT
  s for the four suits.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.asking import ask_actions
from darwindeck.engine.auction import auction_actions
from darwindeck.engine.betting import betting_actions
from darwindeck.engine.claims import claim_rank_needed, rank_in_deck
from darwindeck.engine.climb_state import call_legal, climb_legal
from darwindeck.engine.cond_eval import R_VALID_PLAYS, bit_count, eval_condition, hand_mask, offering_player
from darwindeck.engine.counting import count_actions
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.knock import may_knock
from darwindeck.engine.piles import captured_off, hand_off, top
from darwindeck.engine.program import cond_at, phase_at, team_view
from darwindeck.engine.tableau import MODE_SEQUENCE, sequence_playable
from darwindeck.engine.tableau_melds import run_action, runs_from
from darwindeck.engine.tricks import trick_card_legal
from darwindeck.engine.trump import trump_actions
from darwindeck.engine.turns import names_suit

Int64Array = npt.NDArray[np.int64]

FACE_DOWN = 0
LOC_DECK = 0
LOC_HAND = 1
LOC_DISCARD = 2
LOC_TABLEAU = 3
LOC_OPPONENT_HAND = 4
LOC_OPPONENT_DISCARD = 5
LOC_CAPTURED = 6
#: A side may bid blind Nil only when it trails another by at least this many points (Pagat).
BLIND_NIL_DEFICIT = 100
DECK_RESHUFFLE = 0
DECK_SKIP = 1


@kernel_jit
def _add(state: Int64Array, n: int, action: int) -> int:
    state[L.P_LEGAL + n] = action
    return n + 1


@kernel_jit
def _sort(state: Int64Array, n: int) -> None:
    for i in range(1, n):
        value = state[L.P_LEGAL + i]
        j = i - 1
        while j >= 0 and state[L.P_LEGAL + j] > value:
            state[L.P_LEGAL + j + 1] = state[L.P_LEGAL + j]
            j -= 1
        state[L.P_LEGAL + j + 1] = value


@kernel_jit
def card_playable(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> bool:
    start = phase_at(tables, phase, L.PH_COND_START)
    length = phase_at(tables, phase, L.PH_COND_LEN)
    if not eval_condition(tables, state, start, length, player, card, state[L.L_HAND + player]):
        return False
    if phase_at(tables, phase, L.PH_A) == LOC_TABLEAU and tables[L.H_TABLEAU_MODE] == MODE_SEQUENCE:
        return sequence_playable(tables, state, card)
    return True


@kernel_jit
def playable_mask(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    """The slots of ``player``'s hand holding a card ``card_playable`` allows (bit ``i``: slot ``i``)."""
    start = phase_at(tables, phase, L.PH_COND_START)
    length = phase_at(tables, phase, L.PH_COND_LEN)
    mask = hand_mask(tables, state, start, length, player, player, state[L.L_HAND + player])
    if phase_at(tables, phase, L.PH_A) == LOC_TABLEAU and tables[L.H_TABLEAU_MODE] == MODE_SEQUENCE:
        off = hand_off(player)
        for i in range(state[L.L_HAND + player]):
            if (mask >> i) & 1 and not sequence_playable(tables, state, state[off + i]):
                mask &= ~(1 << i)
    return mask


@kernel_jit
def _first_play_phase(tables: Int64Array, state: Int64Array) -> int:
    n_phases = tables[L.H_N_PHASES]
    for i in range(n_phases):
        phase = (state[L.S_PHASE] + i) % n_phases
        if phase_at(tables, phase, L.PH_KIND) == L.K_PLAY:
            return int(phase)
    return -1


@kernel_jit
def valid_play_count(tables: Int64Array, state: Int64Array, player: int) -> int:
    """Playable single cards of ``player`` in the turn's next play phase (0 without one)."""
    phase = _first_play_phase(tables, state)
    if phase < 0:
        return 0
    return bit_count(playable_mask(tables, state, phase, player))


@kernel_jit
def has_valid_play(tables: Int64Array, state: Int64Array, player: int) -> bool:
    """Whether ``valid_play_count`` is at least 1."""
    phase = _first_play_phase(tables, state)
    return phase >= 0 and playable_mask(tables, state, phase, player) != 0


@kernel_jit
def _uses_valid_plays(tables: Int64Array, start: int, length: int) -> bool:
    for row in range(start, start + length):
        if cond_at(tables, row, L.C_OP) == L.OP_LEAF and cond_at(tables, row, L.C_REF) == R_VALID_PLAYS:
            return True
    return False


@kernel_jit
def source_available(tables: Int64Array, state: Int64Array, source: int, player: int) -> bool:
    if source == LOC_DECK:
        if state[L.L_DECK] > 0:
            return True
        action = tables[L.H_DECK_EMPTY]
        if action == DECK_RESHUFFLE:
            return bool(state[L.L_DISCARD] > 1)
        return bool(action != DECK_SKIP)
    if source in (LOC_DISCARD, LOC_OPPONENT_DISCARD):
        return bool(state[L.L_DISCARD] > 0)
    if source == LOC_OPPONENT_HAND:
        return bool(state[L.L_HAND + offering_player(state, player, tables[L.H_PLAYERS])] > 0)
    if source == LOC_TABLEAU:
        return bool(state[L.L_TABLEAU + L.GENERAL_PILE] > 0)
    if source == LOC_CAPTURED:
        return bool(state[L.L_CAPTURED + player] > 0)
    return False


@kernel_jit
def _valid_plays_for(tables: Int64Array, state: Int64Array, start: int, length: int, player: int) -> int:
    """``valid_play_count`` when the condition program reads it, else 0 (not computed)."""
    if _uses_valid_plays(tables, start, length):
        return valid_play_count(tables, state, player)
    return 0


@kernel_jit
def draw_card_ok(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> bool:
    """The draw phase's condition for ``player`` with ``card`` as the candidate (-1: none)."""
    start = phase_at(tables, phase, L.PH_COND_START)
    length = phase_at(tables, phase, L.PH_COND_LEN)
    valid = _valid_plays_for(tables, state, start, length, player)
    return eval_condition(tables, state, start, length, player, card, valid)


@kernel_jit
def takeable_mask(tables: Int64Array, state: Int64Array, phase: int, player: int, victim: int) -> int:
    """The slots of ``victim``'s hand the draw phase's condition lets ``player`` take (bit ``i``)."""
    start = phase_at(tables, phase, L.PH_COND_START)
    length = phase_at(tables, phase, L.PH_COND_LEN)
    valid = _valid_plays_for(tables, state, start, length, player)
    return hand_mask(tables, state, start, length, player, victim, valid)


@kernel_jit
def source_top(state: Int64Array, source: int, player: int) -> int:
    """The card a draw from a pile source (discard, tableau, captured) would take; -1 when empty."""
    if source in (LOC_DISCARD, LOC_OPPONENT_DISCARD):
        return top(state, L.P_DISCARD, L.L_DISCARD)
    if source == LOC_TABLEAU:
        return top(state, L.P_TABLEAU + L.GENERAL_PILE * L.PILE_CAP, L.L_TABLEAU + L.GENERAL_PILE)
    if source == LOC_CAPTURED:
        return top(state, captured_off(player), L.L_CAPTURED + player)
    return -1


@kernel_jit
def can_draw(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    """Whether the draw phase may take a card now. From the deck the condition is judged with no
    candidate; from any other source its card tests judge the card that would be taken (an opponent's
    hand: some card of it)."""
    source = phase_at(tables, phase, L.PH_A)
    if source == LOC_DECK:
        return draw_card_ok(tables, state, phase, player, -1) and source_available(
            tables, state, source, player
        )
    if source == LOC_OPPONENT_HAND:
        victim = offering_player(state, player, tables[L.H_PLAYERS])
        return takeable_mask(tables, state, phase, player, victim) != 0
    card = source_top(state, source, player)
    return card >= 0 and draw_card_ok(tables, state, phase, player, card)


@kernel_jit
def _draw_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    sub = state[L.S_SUB]
    loops = phase_at(tables, phase, L.PH_D) != 0 and phase_at(tables, phase, L.PH_COND_LEN) > 0
    if sub > 0 and (not loops or sub >= L.FULL_DECK):
        return 0
    if phase_at(tables, phase, L.PH_E) != 0 and (state[L.S_STOOD] >> player) & 1:
        return 0  # stood this hand
    if not can_draw(tables, state, phase, player):
        return 0
    n = _add(state, 0, L.A_DRAW)
    if phase_at(tables, phase, L.PH_C) == 0:
        n = _add(state, n, L.A_PASS)
    return n


@kernel_jit
def _run_actions(tables: Int64Array, state: Int64Array, phase: int, held: int, n: int) -> int:
    """RUN actions (``engine.tableau_melds``) for the runs the held playable cards (bit mask) make."""
    shortest = max(L.MIN_RUN, phase_at(tables, phase, L.PH_B))
    longest = min(L.MAX_RUN, phase_at(tables, phase, L.PH_C))
    for low in range(L.FULL_DECK):
        if (held >> low) & 1:
            for extra in range(runs_from(held, low, shortest, longest)):
                n = _add(state, n, run_action(low, shortest + extra))
    return n


@kernel_jit
def _play_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    if state[L.S_SUB] > 0:
        return 0
    off = hand_off(player)
    size = state[L.L_HAND + player]
    n = 0
    if tables[L.H_HAND_VISIBILITY] == FACE_DOWN:
        top_card = state[off + size - 1] if size > 0 else -1
        singles = phase_at(tables, phase, L.PH_B) <= 1
        if top_card >= 0 and singles and card_playable(tables, state, phase, player, top_card):
            n = _add(state, n, top_card)
    else:
        counts = 0  # 3 bits per rank: playable cards of that rank
        held = 0  # bit c: card c is held and playable
        playable = playable_mask(tables, state, phase, player)
        singles = phase_at(tables, phase, L.PH_B) <= 1
        for i in range(size):
            if (playable >> i) & 1:
                card = state[off + i]
                counts += 1 << (3 * (card % L.N_RANKS))
                held |= 1 << card
                if singles:
                    n = _add(state, n, card)
        for k in range(2, min(phase_at(tables, phase, L.PH_C), L.MAX_SET) + 1):
            if k < phase_at(tables, phase, L.PH_B):
                continue
            for rank in range(L.N_RANKS):
                if (counts >> (3 * rank)) & 7 >= k:
                    n = _add(state, n, L.A_SET0 + (k - 2) * L.N_RANKS + rank)
        if phase_at(tables, phase, L.PH_F) != 0:
            n = _run_actions(tables, state, phase, held, n)
    if n > 0 and phase_at(tables, phase, L.PH_D) == 0:
        n = _add(state, n, L.A_PASS)
    return n


@kernel_jit
def _discard_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    size = state[L.L_HAND + player]
    if state[L.S_SUB] >= phase_at(tables, phase, L.PH_B) or size == 0:
        return 0
    off = hand_off(player)
    n = 0
    first = size - 1 if tables[L.H_HAND_VISIBILITY] == FACE_DOWN else 0
    start = phase_at(tables, phase, L.PH_COND_START)
    length = phase_at(tables, phase, L.PH_COND_LEN)
    allowed = hand_mask(tables, state, start, length, player, player, size)
    refused = state[L.S_TAKEN] if phase_at(tables, phase, L.PH_D) != 0 else -1  # no_return
    for i in range(first, size):
        if (allowed >> i) & 1 and state[off + i] != refused:
            n = _add(state, n, state[off + i])
    if n > 0 and phase_at(tables, phase, L.PH_C) == 0:
        n = _add(state, n, L.A_PASS)
    return n


@kernel_jit
def _trick_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    off = hand_off(player)
    n = 0
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        if trick_card_legal(tables, state, phase, player, card):
            n = _add(state, n, card)
    return n


@kernel_jit
def _bid_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    if state[L.S_BIDDING_DONE] != 0:
        return 0
    if blind_nil_open(tables, state, phase, player):
        n = _add(state, 0, L.A_PASS)  # look at your cards, then bid
        return _add(state, n, L.A_BLIND_NIL)
    low = phase_at(tables, phase, L.PH_A)
    high = min(phase_at(tables, phase, L.PH_B), state[L.L_HAND + player], L.MAX_BID)
    hooked = _hooked_bid(tables, state, phase, player) if high > low else -1
    n = 0
    if phase_at(tables, phase, L.PH_C) != 0 and low > 0 and hooked != 0:
        n = _add(state, n, L.A_BID0)
    for bid in range(low, high + 1):
        if bid != hooked:
            n = _add(state, n, L.A_BID0 + bid)
    return n


@kernel_jit
def blind_nil_open(tables: Int64Array, state: Int64Array, phase: int, player: int) -> bool:
    """Whether ``player`` must first decide on blind Nil: the phase allows it, the player has not decided
    this hand, and their side trails another by ``BLIND_NIL_DEFICIT`` points or more."""
    if phase_at(tables, phase, L.PH_E) == 0 or (state[L.S_BLIND_DECIDED] >> player) & 1:
        return False
    teams = team_view(tables)
    own = state[L.B_TEAM_SCORE + teams[player]]
    for other in range(tables[L.H_N_TEAMS]):
        if other != teams[player] and state[L.B_TEAM_SCORE + other] - own >= BLIND_NIL_DEFICIT:
            return True
    return False


@kernel_jit
def _hooked_bid(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    """With the hook, the bid the last bidder may not make: the one that would make the bids add up to
    the tricks of the hand (the bidder's hand size; Nil counts 0); -1 for anyone else or no hook."""
    if phase_at(tables, phase, L.PH_D) == 0:
        return -1
    total = 0
    for other in range(tables[L.H_PLAYERS]):
        if other != player:
            if state[L.B_BID + other] < 0:
                return -1
            total += state[L.B_BID + other]
    return int(state[L.L_HAND + player] - total)


@kernel_jit
def _claim_actions(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    n = 0
    if state[L.S_CLAIM_STAGE] == 1:
        n = _add(state, n, L.A_CHALLENGE)
        return _add(state, n, L.A_NO_CHALLENGE)
    if claim_rank_needed(tables, state, phase):
        if state[L.L_HAND + player] == 0:
            return 0
        for rank in range(L.N_RANKS):
            if rank_in_deck(tables, rank):
                n = _add(state, n, L.A_CLAIM_RANK0 + rank)
        return n
    count = state[L.S_CLAIM_COUNT]
    if count < phase_at(tables, phase, L.PH_B):
        off = hand_off(player)
        for i in range(state[L.L_HAND + player]):
            n = _add(state, n, state[off + i])
    if count > 0 and count >= phase_at(tables, phase, L.PH_A):
        n = _add(state, n, L.A_PASS)
    return n


@kernel_jit
def _pass_actions(state: Int64Array, player: int) -> int:
    n = 0
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        card = state[off + i]
        if not (state[L.B_PASSED + player] >> card) & 1:
            n = _add(state, n, card)
    return n


@kernel_jit
def generate(tables: Int64Array, state: Int64Array) -> int:
    """Write the legal actions of the pending decision into the legal area; their number (0: none)."""
    player = state[L.S_ACTOR]
    if state[L.S_PENDING_TARGET] >= 0:
        n = 0
        if names_suit(tables, state):
            for suit in range(L.N_SUITS):
                n = _add(state, n, L.A_SUIT0 + suit)
            return n
        for other in range(tables[L.H_PLAYERS]):
            if other != player:
                n = _add(state, n, L.A_TARGET0 + other)
        return n
    phase = state[L.S_PHASE]
    kind = phase_at(tables, phase, L.PH_KIND)
    if kind == L.K_DRAW:
        n = _draw_actions(tables, state, phase, player)
    elif kind == L.K_PLAY:
        n = _play_actions(tables, state, phase, player)
    elif kind == L.K_DISCARD:
        n = _discard_actions(tables, state, phase, player)
    elif kind == L.K_TRICK:
        n = _trick_actions(tables, state, phase, player)
    elif kind == L.K_BIDDING:
        n = _bid_actions(tables, state, phase, player)
    elif kind == L.K_CLAIM:
        n = _claim_actions(tables, state, phase, player)
    elif kind == L.K_BETTING:
        n = betting_actions(tables, state, phase, player, L.P_LEGAL)
    elif kind == L.K_PASS or kind == L.K_CRIB:
        n = _pass_actions(state, player)
    elif kind == L.K_TRUMP:
        n = trump_actions(tables, state, phase, player, L.P_LEGAL)
    elif kind == L.K_ASK:
        n = ask_actions(tables, state, player, L.P_LEGAL)
    elif kind == L.K_COUNT:
        n = count_actions(tables, state, phase, player, L.P_LEGAL)
    elif kind == L.K_AUCTION:
        n = auction_actions(tables, state, phase, player, L.P_LEGAL)
    elif kind == L.K_CALL:
        n = call_legal(tables, state, phase)
    elif kind == L.K_CLIMB:
        n = climb_legal(tables, state, phase)
    elif kind == L.K_KNOCK and may_knock(tables, state, phase, player):
        n = _add(state, _add(state, 0, L.A_PASS), L.A_KNOCK)
    else:
        n = 0
    _sort(state, n)
    return n
