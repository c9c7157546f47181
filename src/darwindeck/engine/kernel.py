"""The compiled rules: start a game, apply an action, and run the automatic steps to the next decision.

``init_game(tables, state, rng_seed)`` deals the first hand and stops at the first decision.
``apply_action(tables, state, action)`` returns False (state untouched) when ``action`` is not among the
legal actions stored in the state, else applies it and *runs on*: every automatic step up to the next
decision (phases without a legal action, trick resolution, turn ends, hand ends, new deals) runs before
it returns, and the next decision's legal actions are stored in the state (``S_N_LEGAL`` of them at
``P_LEGAL``). Semantics: ``docs/rules-engine.md``.

Termination: the game ends at a win, a draw when ``max_turns`` turns are done, or a timeout when the
engine's step counter passes the header's step budget (64 × max_turns × players + 1000 steps; a step is
an applied action or an automatic transition).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.asking import ask_action, ask_step
from darwindeck.engine.auction import auction_action, caller
from darwindeck.engine.betting import bet_action, can_act, round_over, start_round
from darwindeck.engine.board import board_step, nobody_to_bet, opener, post_blinds
from darwindeck.engine.claims import challenge, finish_claim, put_down, start_claim
from darwindeck.engine.climb_state import call_action, call_step, climb_action, climb_actor
from darwindeck.engine.cond_eval import bit_count, next_player, offering_player
from darwindeck.engine.counting import count_action
from darwindeck.engine.crib import crib_step
from darwindeck.engine.dealer import dealer_turn
from darwindeck.engine.deals import deal_round, dealer, end_hand, new_hand, throw_in
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.knock import knock
from darwindeck.engine.movegen import (
    DECK_RESHUFFLE,
    LOC_CAPTURED,
    LOC_DECK,
    LOC_DISCARD,
    LOC_OPPONENT_DISCARD,
    LOC_OPPONENT_HAND,
    LOC_TABLEAU,
    card_playable,
    draw_card_ok,
    generate,
    source_top,
    takeable_mask,
)
from darwindeck.engine.passing import choose_to_pass, pass_step
from darwindeck.engine.piles import (
    captured_off,
    find,
    hand_off,
    move_all,
    pop,
    push,
    remove_at,
    remove_card,
    shuffle,
    tableau_off,
)
from darwindeck.engine.program import phase_at
from darwindeck.engine.rng import rand_below
from darwindeck.engine.scoring import TRIGGER_PLAY, score_card
from darwindeck.engine.tableau import place_on_tableau
from darwindeck.engine.tableau_melds import note_meld, run_card, run_length
from darwindeck.engine.tricks import first_lead_holder, resolve_trick
from darwindeck.engine.trump import trump_action, trump_step
from darwindeck.engine.turns import advance_turn, apply_chosen_target, apply_effect, name_suit
from darwindeck.engine.wins import WHEN_ACTION, WHEN_HAND_END, WHEN_TURN_END, finish, judge

Int64Array = npt.NDArray[np.int64]

DECK_END_HAND = 2


@kernel_jit
def enter_phase(state: Int64Array, phase: int) -> None:
    state[L.S_PHASE] = phase
    state[L.S_SUB] = 0
    state[L.S_ACTOR] = state[L.S_CUR]
    state[L.S_LEADER] = state[L.S_CUR]


@kernel_jit
def _refill_deck(tables: Int64Array, state: Int64Array) -> bool:
    """Apply ``deck_empty`` to an empty deck; True when the deck has cards afterwards."""
    action = tables[L.H_DECK_EMPTY]
    if action == DECK_RESHUFFLE:
        keep = pop(state, L.P_DISCARD, L.L_DISCARD)
        move_all(state, L.P_DISCARD, L.L_DISCARD, L.P_DECK, L.L_DECK)
        if keep >= 0:
            push(state, L.P_DISCARD, L.L_DISCARD, keep)
        shuffle(state, L.P_DECK, L.L_DECK)
        return bool(state[L.L_DECK] > 0)
    if action == DECK_END_HAND:
        state[L.S_HAND_OVER] = 1
    elif action != 1:  # END_GAME
        state[L.S_GAME_OVER] = 1
    return False


@kernel_jit
def _take_from_hand(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    """A random card (state RNG) among those the condition lets one take from the offering player's hand
    (``offering_player``: the nearest player against the direction of play who holds cards)."""
    victim = offering_player(state, player, tables[L.H_PLAYERS])
    takeable = takeable_mask(tables, state, phase, player, victim)
    if takeable == 0:
        return -1
    state[L.S_INTERACTION] += 1
    pick = rand_below(state, L.S_RNG, bit_count(takeable))
    slot = 0
    while True:  # the pick-th set bit of ``takeable``
        if (takeable >> slot) & 1:
            if pick == 0:
                break
            pick -= 1
        slot += 1
    return remove_at(state, hand_off(victim), L.L_HAND + victim, slot)


@kernel_jit
def _take_from_source(tables: Int64Array, state: Int64Array, phase: int, player: int) -> int:
    """The next card a draw takes, -1 when none may be taken (card tests judge it, except from the deck)."""
    source = phase_at(tables, phase, L.PH_A)
    if source == LOC_DECK:
        if state[L.L_DECK] == 0 and not _refill_deck(tables, state):
            return -1
        return pop(state, L.P_DECK, L.L_DECK)
    if source == LOC_OPPONENT_HAND:
        return _take_from_hand(tables, state, phase, player)
    card = source_top(state, source, player)
    if card < 0 or not draw_card_ok(tables, state, phase, player, card):
        return -1
    if source in (LOC_DISCARD, LOC_OPPONENT_DISCARD):
        return pop(state, L.P_DISCARD, L.L_DISCARD)
    if source == LOC_TABLEAU:
        return pop(state, tableau_off(L.GENERAL_PILE), L.L_TABLEAU + L.GENERAL_PILE)
    if source == LOC_CAPTURED:
        return pop(state, captured_off(player), L.L_CAPTURED + player)
    return -1


@kernel_jit
def _draw(tables: Int64Array, state: Int64Array, phase: int, player: int) -> None:
    for _ in range(phase_at(tables, phase, L.PH_B)):
        card = _take_from_source(tables, state, phase, player)
        if card < 0:
            break
        push(state, hand_off(player), L.L_HAND + player, card)
        state[L.S_TURN_MOVED] = 1
        if phase_at(tables, phase, L.PH_A) == LOC_DISCARD:
            state[L.S_TAKEN] = card
    state[L.S_SUB] += 1


@kernel_jit
def _put(tables: Int64Array, state: Int64Array, target: int, player: int, card: int) -> None:
    """Move a played / discarded card to the phase's target place."""
    if target == LOC_TABLEAU:
        place_on_tableau(tables, state, player, card)
    elif target == LOC_CAPTURED:
        push(state, captured_off(player), L.L_CAPTURED + player, card)
    elif target == LOC_OPPONENT_HAND:
        other = next_player(state, player, tables[L.H_PLAYERS])
        push(state, hand_off(other), L.L_HAND + other, card)
        state[L.S_INTERACTION] += 1
    elif target == LOC_DECK:
        push(state, L.P_DECK, L.L_DECK, card)
    else:
        push(state, L.P_DISCARD, L.L_DISCARD, card)


@kernel_jit
def _set_cards(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> int:
    """The suits (bit mask) of the cards a SET action plays: the lowest-id playable ones of its rank."""
    size = (action - L.A_SET0) // L.N_RANKS + 2
    rank = (action - L.A_SET0) % L.N_RANKS
    off = hand_off(player)
    suits = 0
    for suit in range(L.N_SUITS):
        card = suit * L.N_RANKS + rank
        held = size > 0 and find(state, off, L.L_HAND + player, card) >= 0
        if held and card_playable(tables, state, phase, player, card):
            suits |= 1 << suit
            size -= 1
    return suits


@kernel_jit
def _play_one(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> None:
    remove_card(state, hand_off(player), L.L_HAND + player, card)
    _put(tables, state, phase_at(tables, phase, L.PH_A), player, card)
    score_card(tables, state, player, card, TRIGGER_PLAY)


@kernel_jit
def _play_cards(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    """Play one card (action < 52), a set or a run; then card rules, the effect of its (first) card's
    rank, next phase. Cards played to the tableau are remembered as melds (``engine.tableau_melds``)."""
    melding = phase_at(tables, phase, L.PH_A) == LOC_TABLEAU
    if action < L.FULL_DECK:
        first = action
        _play_one(tables, state, phase, player, action)
        if melding:
            note_meld(state, action, 0)
    elif action >= L.A_RUN0:
        first = run_card(action, 0)
        for i in range(run_length(action)):
            card = run_card(action, i)
            _play_one(tables, state, phase, player, card)
            if melding:
                note_meld(state, card, -1)
    else:
        suits = _set_cards(tables, state, phase, player, action)
        rank = (action - L.A_SET0) % L.N_RANKS
        size = (action - L.A_SET0) // L.N_RANKS + 2
        first = -1
        for suit in range(L.N_SUITS):
            if (suits >> suit) & 1:
                card = suit * L.N_RANKS + rank
                first = card if first < 0 else first
                _play_one(tables, state, phase, player, card)
                if melding:
                    note_meld(state, card, size)
    state[L.S_LAST_PLAYED] = first
    state[L.S_TURN_MOVED] = 1
    apply_effect(tables, state, first % L.N_RANKS, player)
    if state[L.S_PENDING_TARGET] < 0:
        enter_phase(state, state[L.S_PHASE] + 1)


@kernel_jit
def _discard(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> None:
    remove_card(state, hand_off(player), L.L_HAND + player, card)
    _put(tables, state, phase_at(tables, phase, L.PH_A), player, card)
    state[L.S_TURN_MOVED] = 1
    state[L.S_SUB] += 1


@kernel_jit
def _trick_play(tables: Int64Array, state: Int64Array, phase: int, player: int, card: int) -> None:
    remove_card(state, hand_off(player), L.L_HAND + player, card)
    n = state[L.L_TRICK]
    state[L.P_TRICK + n] = card
    state[L.B_TRICK_PLAYER + n] = player
    state[L.L_TRICK] = n + 1
    if card // L.N_RANKS == phase_at(tables, phase, L.PH_D):
        state[L.S_SUIT_BROKEN] = 1
    state[L.S_LAST_PLAYED] = card
    state[L.S_TURN_MOVED] = 1
    score_card(tables, state, player, card, TRIGGER_PLAY)
    state[L.S_SUB] += 1


@kernel_jit
def _bid(tables: Int64Array, state: Int64Array, phase: int, player: int, bid: int) -> None:
    state[L.B_BID + player] = bid
    nil = bid == 0 and phase_at(tables, phase, L.PH_C) != 0
    state[L.B_IS_NIL + player] = 1 if nil else 0
    state[L.S_BIDS_MADE] += 1
    state[L.S_SUB] += 1
    if state[L.S_SUB] >= tables[L.H_PLAYERS]:
        state[L.S_BIDDING_DONE] = 1


@kernel_jit
def _blind_nil_choice(tables: Int64Array, state: Int64Array, phase: int, player: int, blind: bool) -> None:
    """Blind Nil (``movegen.blind_nil_open``): bid Nil unseen, worth twice Nil (``is_nil`` 2), or look at
    the cards and bid as usual."""
    state[L.S_BLIND_DECIDED] |= 1 << player
    if blind:
        _bid(tables, state, phase, player, 0)
        state[L.B_IS_NIL + player] = 2


@kernel_jit
def _hands_all_empty(tables: Int64Array, state: Int64Array) -> bool:
    for p in range(tables[L.H_PLAYERS]):  # noqa: SIM110 (numba: no generators)
        if state[L.L_HAND + p] != 0:
            return False
    return True


@kernel_jit
def _hand_finished(tables: Int64Array, state: Int64Array) -> bool:
    if state[L.S_HAND_OVER] != 0:
        return True
    if tables[L.H_TRICK_BASED] != 0:
        if state[L.L_TRICK] != 0:
            return False
        per_hand = tables[L.H_TRICKS_PER_HAND]
        if per_hand > 0 and state[L.S_TRICKS_PLAYED] >= per_hand:
            return True
        return _hands_all_empty(tables, state)
    if not _hands_all_empty(tables, state):
        return False
    if state[L.L_DECK] > 0:
        if tables[L.H_REFILL] != 0:
            deal_round(tables, state, tables[L.H_CARDS_PER_PLAYER])
        return False
    return True


@kernel_jit
def after_action(tables: Int64Array, state: Int64Array) -> None:
    """Checks after every action: game-end request, immediate wins, the end of the hand."""
    if state[L.S_GAME_OVER] != 0:
        if not judge(tables, state, WHEN_HAND_END):
            finish(tables, state, -1, L.END_GAME_ACTION)
        return
    if judge(tables, state, WHEN_ACTION):
        return
    if _hand_finished(tables, state):
        state[L.S_TURN] += 1  # the turn that ends a hand ends with it
        end_hand(tables, state)


@kernel_jit
def end_turn(tables: Int64Array, state: Int64Array) -> None:
    """Turn bookkeeping, turn-end wins, the turn limit, the stalemate rule, then the next player."""
    n_players = tables[L.H_PLAYERS]
    state[L.S_TURN] += 1
    if state[L.S_TURN_MOVED] != 0:
        state[L.S_IDLE_TURNS] = 0
    else:
        state[L.S_IDLE_TURNS] += 1
    state[L.S_TURN_MOVED] = 0
    state[L.S_TAKEN] = -1
    if judge(tables, state, WHEN_TURN_END):
        return
    if state[L.S_TURN] >= tables[L.H_MAX_TURNS]:
        finish(tables, state, -1, L.END_TURN_LIMIT)
        return
    if state[L.S_IDLE_TURNS] >= n_players:
        end_hand(tables, state)
        return
    if state[L.S_NEXT_OVERRIDE] >= 0:
        state[L.S_CUR] = state[L.S_NEXT_OVERRIDE]
        state[L.S_NEXT_OVERRIDE] = -1
        state[L.S_SKIP] = 0
    else:
        advance_turn(state, n_players)
    for _ in range(n_players):  # players who folded this hand sit out its turns
        if state[L.B_FOLDED + state[L.S_CUR]] == 0:
            break
        state[L.S_CUR] = (state[L.S_CUR] + state[L.S_DIR] + n_players) % n_players
    enter_phase(state, 0)


@kernel_jit
def _no_action(tables: Int64Array, state: Int64Array) -> None:
    """The phase in progress offers nothing: move on (see the module rules)."""
    phase = state[L.S_PHASE]
    kind = phase_at(tables, phase, L.PH_KIND)
    mandatory = phase_at(tables, phase, L.PH_D) != 0
    stuck = kind == L.K_PLAY and state[L.S_SUB] == 0 and mandatory
    if stuck and phase_at(tables, phase, L.PH_E) == 0:
        state[L.S_PHASE] = tables[L.H_N_PHASES]
    elif kind == L.K_TRUMP:
        state[L.S_SUB] += 1  # nothing to choose from counts as a pass
    elif kind == L.K_BIDDING and state[L.S_BIDDING_DONE] == 0:
        _bid(tables, state, phase, state[L.S_ACTOR], 0)
        state[L.S_BIDS_MADE] -= 1
        state[L.B_IS_NIL + state[L.S_ACTOR]] = 0
    else:
        enter_phase(state, phase + 1)


@kernel_jit
def _trick_step(tables: Int64Array, state: Int64Array) -> bool:
    """Place the trick's actor; resolve a full trick. True when a decision may be pending."""
    n_players = tables[L.H_PLAYERS]
    phase = state[L.S_PHASE]
    if state[L.S_SUB] >= n_players:
        if state[L.L_TRICK] > 0:
            resolve_trick(tables, state, phase)
        enter_phase(state, phase + 1)
        after_action(tables, state)
        return False
    if state[L.S_SUB] == 0 and state[L.L_TRICK] == 0 and state[L.S_TRICKS_PLAYED] == 0:
        holder = first_lead_holder(tables, state, phase)
        if holder >= 0:
            state[L.S_CUR] = holder
            state[L.S_LEADER] = holder
    actor = (state[L.S_LEADER] + state[L.S_SUB] * state[L.S_DIR] + n_players * L.N_RANKS) % n_players
    state[L.S_ACTOR] = actor
    if state[L.L_HAND + actor] == 0:
        state[L.S_SUB] += 1
        return False
    return True


@kernel_jit
def _claim_step(tables: Int64Array, state: Int64Array) -> bool:
    """Start a claim, move it to the challenge round, place the challenger. True: a decision may wait."""
    n_players = tables[L.H_PLAYERS]
    phase = state[L.S_PHASE]
    if state[L.S_SUB] == 0:
        start_claim(tables, state, phase)
        state[L.S_SUB] = 1
    if state[L.S_CLAIM_STAGE] == 0:
        state[L.S_ACTOR] = state[L.S_CUR]
        count = state[L.S_CLAIM_COUNT]
        full = count >= phase_at(tables, phase, L.PH_B) or state[L.L_HAND + state[L.S_CUR]] == 0
        if count == 0 or not full:
            return True
        state[L.S_CLAIM_STAGE] = 1
    if phase_at(tables, phase, L.PH_D) == 0 or state[L.S_SUB] >= n_players:
        finish_claim(state)
        enter_phase(state, phase + 1)
        return False
    step = state[L.S_SUB] * state[L.S_DIR]
    state[L.S_ACTOR] = (state[L.S_CUR] + step + n_players * L.N_RANKS) % n_players
    return True


@kernel_jit
def _claim_action(tables: Int64Array, state: Int64Array, phase: int, player: int, action: int) -> None:
    if action == L.A_CHALLENGE:
        challenge(tables, state, phase, player)
        finish_claim(state)
        enter_phase(state, phase + 1)
    elif action == L.A_NO_CHALLENGE:
        state[L.S_SUB] += 1
    elif action == L.A_PASS:
        state[L.S_CLAIM_STAGE] = 1
    elif action >= L.A_CLAIM_RANK0:
        state[L.S_CLAIM_RANK] = action - L.A_CLAIM_RANK0
    else:
        put_down(state, player, action)


@kernel_jit
def _betting_step(tables: Int64Array, state: Int64Array) -> bool:
    """Open the round, pass over players who cannot act, close the round. True: a decision waits."""
    n_players = tables[L.H_PLAYERS]
    if state[L.S_SUB] == 0:
        start_round(state)
        post_blinds(tables, state, dealer(tables, state))
        state[L.S_SUB] = 1
    if round_over(state, n_players) or nobody_to_bet(tables, state):
        enter_phase(state, state[L.S_PHASE] + 1)
        return False
    step = (state[L.S_SUB] - 1) % n_players * state[L.S_DIR]
    actor = (opener(state) + step + n_players * L.N_RANKS) % n_players
    state[L.S_ACTOR] = actor
    if not can_act(state, actor):
        state[L.S_SUB] += 1
        return False
    return True


@kernel_jit
def _own_phase(kind: int) -> bool:
    """A phase only the turn's player acts in (draw, play, discard, knock, a claim's cards, asking,
    counting)."""
    return kind in (L.K_DRAW, L.K_PLAY, L.K_DISCARD, L.K_KNOCK, L.K_CLAIM, L.K_ASK, L.K_COUNT)


@kernel_jit
def run_to_decision(tables: Int64Array, state: Int64Array) -> None:
    """Run automatic steps until a decision with legal actions is pending or the game is over."""
    n_phases = tables[L.H_N_PHASES]
    n_players = tables[L.H_PLAYERS]
    while state[L.S_TERMINAL] == 0:
        state[L.S_STEP] += 1
        if state[L.S_STEP] > tables[L.H_STEP_BUDGET]:
            finish(tables, state, -1, L.END_STEP_BUDGET)
            break
        if state[L.S_HAND_OVER] != 0:  # a hand ended with no action (a dealer's natural at the deal)
            after_action(tables, state)
            continue
        if state[L.S_PENDING_TARGET] < 0:
            if state[L.S_PHASE] >= n_phases:
                if tables[L.H_BOARD] >= 0:  # a board game's hand is one turn: the showdown
                    state[L.S_HAND_OVER] = 1
                else:
                    end_turn(tables, state)
                continue
            kind = phase_at(tables, state[L.S_PHASE], L.PH_KIND)
            if kind == L.K_DEALER:
                dealer_turn(tables, state, state[L.S_PHASE], dealer(tables, state))
                enter_phase(state, state[L.S_PHASE] + 1)
                continue
            if kind == L.K_BOARD:
                board_step(tables, state, state[L.S_PHASE], dealer(tables, state))
                enter_phase(state, state[L.S_PHASE] + 1)
                continue
            if state[L.B_FOLDED + state[L.S_CUR]] != 0 and _own_phase(kind):
                enter_phase(state, state[L.S_PHASE] + 1)  # a folded player sits out the rest of the hand
                continue
            if kind == L.K_TRICK and not _trick_step(tables, state):
                continue
            if kind == L.K_CLAIM and not _claim_step(tables, state):
                continue
            if kind == L.K_BETTING and not _betting_step(tables, state):
                continue
            if kind == L.K_TRUMP and not trump_step(tables, state):
                continue
            if kind == L.K_ASK and not ask_step(tables, state):
                after_action(tables, state)  # books laid down may have ended the hand
                continue
            if kind == L.K_PASS and not pass_step(tables, state):
                enter_phase(state, state[L.S_PHASE] + 1)
                continue
            if kind == L.K_CRIB and not crib_step(tables, state, dealer(tables, state)):
                enter_phase(state, state[L.S_PHASE] + 1)
                after_action(tables, state)  # his heels may have won the game
                continue
            if kind == L.K_CALL:
                call_step(tables, state)
            elif kind == L.K_CLIMB:
                climb_actor(state)
            elif kind == L.K_BIDDING:
                state[L.S_ACTOR] = (state[L.S_CUR] + state[L.S_SUB]) % n_players
            elif kind == L.K_AUCTION:
                state[L.S_ACTOR] = caller(tables, state)
        n = generate(tables, state)
        if n > 0:
            state[L.S_N_LEGAL] = n
            return
        _no_action(tables, state)
    state[L.S_N_LEGAL] = 0


@kernel_jit
def is_legal(state: Int64Array, action: int) -> bool:
    for i in range(state[L.S_N_LEGAL]):  # noqa: SIM110 (numba: no generators)
        if state[L.P_LEGAL + i] == action:
            return True
    return False


@kernel_jit
def apply_action(tables: Int64Array, state: Int64Array, action: int) -> bool:
    """Apply a legal ``action`` and run to the next decision; False (state unchanged) when it is not legal."""
    if state[L.S_TERMINAL] != 0 or not is_legal(state, action):
        return False
    player = state[L.S_ACTOR]
    n_legal = state[L.S_N_LEGAL]
    state[L.S_DECISIONS] += 1
    state[L.S_LEGAL_SUM] += n_legal
    state[L.S_FORCED] += 1 if n_legal == 1 else 0
    state[L.S_HANDSIZE_SUM] += state[L.L_HAND + player]
    phase = state[L.S_PHASE]
    kind = phase_at(tables, phase, L.PH_KIND)
    if state[L.S_PENDING_TARGET] >= 0:
        if action >= L.A_SUIT0:
            name_suit(state, action - L.A_SUIT0)
        else:
            apply_chosen_target(tables, state, action - L.A_TARGET0)
        enter_phase(state, phase + 1)
    elif kind == L.K_CLAIM:
        _claim_action(tables, state, phase, player, action)
    elif kind == L.K_BETTING:
        bet_action(tables, state, phase, player, action)
        state[L.S_SUB] += 1
    elif kind == L.K_TRUMP:
        trump_action(tables, state, phase, player, action)
    elif kind == L.K_ASK:
        ask_action(tables, state, phase, player, action)
    elif kind == L.K_COUNT:
        count_action(tables, state, phase, player, action)
        enter_phase(state, phase + 1)
    elif kind == L.K_AUCTION:
        auction_action(tables, state, phase, player, action)
    elif kind == L.K_CALL:
        if call_action(tables, state, phase, action):
            throw_in(tables, state)
    elif kind == L.K_CLIMB:
        climb_action(tables, state, action)
    elif kind == L.K_BIDDING and (action == L.A_PASS or action == L.A_BLIND_NIL):
        _blind_nil_choice(tables, state, phase, player, action == L.A_BLIND_NIL)
    elif action == L.A_PASS:
        if kind == L.K_DRAW and phase_at(tables, phase, L.PH_E) != 0:
            state[L.S_STOOD] |= 1 << player  # declining a stand draw is final for the hand
        enter_phase(state, phase + 1)
    elif action == L.A_KNOCK:
        knock(tables, state, phase, player)
    elif action == L.A_DRAW:
        _draw(tables, state, phase, player)
    elif action >= L.A_BID0 and action <= L.A_BID0 + L.MAX_BID:
        _bid(tables, state, phase, player, action - L.A_BID0)
    elif kind == L.K_TRICK:
        _trick_play(tables, state, phase, player, action)
    elif kind == L.K_PASS or kind == L.K_CRIB:
        choose_to_pass(state, player, action)
    elif kind == L.K_DISCARD:
        _discard(tables, state, phase, player, action)
    else:
        _play_cards(tables, state, phase, player, action)
    after_action(tables, state)
    run_to_decision(tables, state)
    return True


@kernel_jit
def init_game(tables: Int64Array, state: Int64Array, rng_seed: int) -> None:
    """Reset ``state`` to a new game seeded with ``rng_seed`` (a nonzero 32-bit value) and run to the
    next decision."""
    state[:] = 0
    state[L.S_RNG] = rng_seed
    state[L.S_WINNER] = -1
    state[L.S_WIN_TEAM] = -1
    for p in range(tables[L.H_PLAYERS]):
        state[L.B_CHIPS + p] = tables[L.H_STARTING_CHIPS]
    new_hand(tables, state)
    after_action(tables, state)
    run_to_decision(tables, state)
