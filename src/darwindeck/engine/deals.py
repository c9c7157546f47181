"""Hands (deals): dealing, the end of a hand, contracts, and the next deal.

A new hand gathers all 52 (or deck-size) cards back into the deck, shuffles it with the state's RNG,
deals ``cards_per_player`` cards one at a time round the table from seat 0, turns up
``initial_discard_count`` cards onto the discard, and resets the per-hand state (spec 004's
``ResetHandState``: bids −1, Nil flags 0, tricks 0; no trump chosen, no maker; bags and scores
persist). Hand ``h`` (1-based) is
opened by seat ``(h−1) mod N``, direction +1, no skips pending; its dealer is the seat before,
``(h−2) mod N`` (``dealer``). With a turned trump (``setup.turned_trump``, ``turn_up``) the card turned
up is recorded (``S_TURNED_CARD``) and its suit is the hand's trump (``S_HAND_TRUMP``): the top of the
discard pile (``upcard``), or the last card dealt to the dealer, which stays in the dealer's hand
(``dealer_last``). A game with a dealer phase deals the house its up-card and hole card last
(``dealer.deal_dealer``, which may end the hand at once on a dealer's natural).

At a hand's end: a show phase counts the hands and the crib (``show.count_show``, which may end the
game), ``hand_end`` card rules score the cards still held, a moon is shot
(``scoring.shoot_the_moon``, when the genome says so), contracts are evaluated
(``contracts.evaluate_contracts``, when the game has a bidding phase), the makers or defenders score
(``makers.score_makers``, when the game has maker scoring), an auction's contract scores
(``bridge_score.score_contract``), every side scores its tricks beyond the book
(``book.score_book``, when the game has book scoring), a climb's stake is paid
(``climb_state.score_hand``; the kitty stayed in the deck, face down, until a call awarded it), the pot
goes to the showdown's winner (``betting``; in a board game it is shared among the best hands,
``board.share_pot``), the win conditions are judged, and if nobody won the next hand is dealt.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.betting import award_pot
from darwindeck.engine.board import share_pot
from darwindeck.engine.book import score_book
from darwindeck.engine.bridge_score import score_contract
from darwindeck.engine.climb_state import score_hand as score_climb
from darwindeck.engine.contracts import SCORING_EXACT as CONTRACT_EXACT
from darwindeck.engine.contracts import evaluate_contracts
from darwindeck.engine.dealer import deal_dealer
from darwindeck.engine.jit import kernel_jit
from darwindeck.engine.makers import score_makers
from darwindeck.engine.piles import hand_off, pop, push, shuffle
from darwindeck.engine.program import contract_view, deck_card, team_view
from darwindeck.engine.scoring import TRIGGER_HAND_END, score_card, shoot_the_moon
from darwindeck.engine.show import count_show
from darwindeck.engine.wins import WHEN_HAND_END, finish, judge, showdown_winner

Int64Array = npt.NDArray[np.int64]


@kernel_jit
def deal_round(tables: Int64Array, state: Int64Array, count: int) -> None:
    """Deal ``count`` cards to each player, one at a time from seat 0, while the deck lasts."""
    n_players = tables[L.H_PLAYERS]
    for _ in range(count):
        for p in range(n_players):
            card = pop(state, L.P_DECK, L.L_DECK)
            if card < 0:
                return
            push(state, hand_off(p), L.L_HAND + p, card)


@kernel_jit
def dealer(tables: Int64Array, state: Int64Array) -> int:
    """The seat before the hand's first player (hand ``h`` is opened by seat ``(h−1) mod N``)."""
    n_players = tables[L.H_PLAYERS]
    return int((state[L.S_HAND_NO] - 2 + 2 * n_players) % n_players)


TURN_UPCARD = 0
TURN_DEALER_LAST = 1


@kernel_jit
def turn_up(tables: Int64Array, state: Int64Array) -> None:
    """Record the card turned up for trumps and make its suit the hand's trump (module rules); no card
    there (an empty discard pile or dealer's hand): no trump for the hand."""
    mode = tables[L.H_TURNED_TRUMP]
    if mode < 0:
        return
    card = -1
    if mode == TURN_UPCARD:
        if state[L.L_DISCARD] > 0:
            card = state[L.P_DISCARD + state[L.L_DISCARD] - 1]
    else:
        holder = dealer(tables, state)
        size = state[L.L_HAND + holder]
        if size > 0:
            card = state[hand_off(holder) + size - 1]
    state[L.S_TURNED_CARD] = card
    state[L.S_HAND_TRUMP] = card // L.N_RANKS if card >= 0 else -1


@kernel_jit
def reset_hand_state(state: Int64Array) -> None:
    for p in range(L.MAX_PLAYERS):
        state[L.B_BID + p] = -1
        state[L.B_IS_NIL + p] = 0
        state[L.B_TRICKS + p] = 0
    state[L.S_BIDDING_DONE] = 0
    state[L.S_SUIT_BROKEN] = 0
    state[L.S_TRICKS_PLAYED] = 0
    state[L.S_WAR_PLAYER] = -1
    state[L.S_WAR_CARD] = -1
    state[L.S_LAST_PLAYED] = -1
    state[L.S_PENDING_TARGET] = -1
    state[L.S_NAMED_CARD] = -1
    state[L.S_NEXT_OVERRIDE] = -1
    state[L.S_IDLE_TURNS] = 0
    state[L.S_TURN_MOVED] = 0
    state[L.S_HAND_OVER] = 0
    state[L.S_KNOCKER] = -1
    state[L.S_PASS_DONE] = 0
    state[L.S_STOOD] = 0
    state[L.S_TAKEN] = -1
    state[L.S_HAND_TRUMP] = -1
    state[L.S_MAKER] = -1
    state[L.S_DISCARDER] = -1
    state[L.S_TURNED_CARD] = -1
    state[L.S_ASK_TARGET] = -1
    state[L.S_ASK_RANK] = -1
    state[L.S_MELD_RANKS] = 0
    state[L.S_RUN_CARDS] = 0
    state[L.S_BLIND_DECIDED] = 0
    state[L.S_COUNT] = 0
    state[L.S_COUNT_CARDS] = 0
    state[L.S_COUNTER] = -1
    state[L.S_CONTRACT] = -1
    state[L.S_CONTRACT_BY] = -1
    state[L.S_DOUBLED] = 0
    state[L.S_CALL_PASSES] = 0
    state[L.S_DECLARER] = -1
    state[L.S_DUMMY] = -1
    state[L.S_CLAIM_RANK] = -1
    state[L.S_LAST_CLAIM] = L.N_RANKS - 2  # King: the first claim of a hand is Aces
    state[L.S_CLAIM_STAGE] = 0
    state[L.S_CLAIM_COUNT] = 0
    state[L.S_CUR_BET] = 0
    state[L.S_RAISES] = 0
    state[L.S_BET_OPENER] = -1
    state[L.S_BLINDS_DUE] = -1
    for p in range(L.MAX_PLAYERS):
        state[L.B_FOLDED + p] = 0
        state[L.B_ROUND_BET + p] = 0
        state[L.B_ACTED + p] = 0
        state[L.B_PASSED + p] = 0
        state[L.B_STRAIN_FIRST + p] = 0
        state[L.B_PLAYED + p] = 0


@kernel_jit
def new_hand(tables: Int64Array, state: Int64Array) -> None:
    for slot in range(L.L_DECK, L.N_LENGTHS_END):
        state[slot] = 0
    size = tables[L.H_DECK_SIZE]
    for i in range(size):
        state[L.P_DECK + i] = deck_card(tables, i)
    state[L.L_DECK] = size
    shuffle(state, L.P_DECK, L.L_DECK)
    deal_round(tables, state, tables[L.H_CARDS_PER_PLAYER])
    for _ in range(tables[L.H_INITIAL_DISCARD]):
        card = pop(state, L.P_DECK, L.L_DECK)
        if card >= 0:
            push(state, L.P_DISCARD, L.L_DISCARD, card)
    reset_hand_state(state)
    n_players = tables[L.H_PLAYERS]
    state[L.S_CUR] = state[L.S_HAND_NO] % n_players
    state[L.S_HAND_NO] += 1
    state[L.S_DIR] = 1
    state[L.S_SKIP] = 0
    state[L.S_PHASE] = 0
    state[L.S_SUB] = 0
    state[L.S_ACTOR] = state[L.S_CUR]
    state[L.S_LEADER] = state[L.S_CUR]
    turn_up(tables, state)
    deal_dealer(tables, state)


@kernel_jit
def throw_in(tables: Int64Array, state: Int64Array) -> None:
    """Throw the hand in unscored (nobody chose trump, everybody passed the auction): a turn is counted
    (the turn limit applies) and the next dealer deals."""
    state[L.S_TURN] += 1
    if state[L.S_TURN] >= tables[L.H_MAX_TURNS]:
        finish(tables, state, -1, L.END_TURN_LIMIT)
        return
    new_hand(tables, state)


@kernel_jit
def _score_contracts(tables: Int64Array, state: Int64Array) -> None:
    n_players = tables[L.H_PLAYERS]
    n_teams = tables[L.H_N_TEAMS]
    for p in range(n_players):
        bid = state[L.B_BID + p]
        tricks = state[L.B_TRICKS + p]
        if state[L.B_IS_NIL + p] != 0:
            state[L.S_BIDS_MET] += 1 if tricks == 0 else 0
        elif bid >= 0:
            exact = contract_view(tables)[CONTRACT_EXACT] != 0
            state[L.S_BIDS_MET] += 1 if tricks == bid or (tricks > bid and not exact) else 0
        if bid < 0:
            state[L.B_BID + p] = 0
    evaluate_contracts(
        state[L.B_BID : L.B_BID + n_players],
        state[L.B_IS_NIL : L.B_IS_NIL + n_players],
        state[L.B_TRICKS : L.B_TRICKS + n_players],
        team_view(tables),
        n_teams,
        contract_view(tables),
        state[L.B_TEAM_SCORE : L.B_TEAM_SCORE + n_teams],
        state[L.B_BAGS : L.B_BAGS + n_teams],
    )
    if tables[L.H_TEAM_MODE] == 0:
        for p in range(n_players):
            state[L.B_SCORE + p] = state[L.B_TEAM_SCORE + p]


@kernel_jit
def end_hand(tables: Int64Array, state: Int64Array) -> None:
    """Score the hand, judge the game, deal again when it goes on."""
    state[L.S_HANDS_PLAYED] += 1
    if count_show(tables, state, dealer(tables, state)):
        return
    n_players = tables[L.H_PLAYERS]
    if tables[L.T_N_RULES] > 0:
        for p in range(n_players):
            off = hand_off(p)
            for i in range(state[L.L_HAND + p]):
                score_card(tables, state, p, state[off + i], TRIGGER_HAND_END)
    if tables[L.H_MOON] != 0:
        shoot_the_moon(tables, state)
    if tables[L.H_HAS_BIDDING] != 0:
        _score_contracts(tables, state)
    if tables[L.H_MAKER] != 0:
        score_makers(tables, state)
    if tables[L.H_AUCTION_VUL] >= 0:
        score_contract(tables, state, dealer(tables, state))
    if tables[L.H_BOOK] != 0:
        score_book(tables, state)
    if tables[L.H_CLIMB] >= 0:
        score_climb(tables, state)
    if state[L.S_POT] > 0 and tables[L.H_BOARD] >= 0:
        share_pot(tables, state, dealer(tables, state))
    if state[L.S_POT] > 0:
        winner = showdown_winner(tables, state)
        if winner >= 0:
            award_pot(state, winner)
    if judge(tables, state, WHEN_HAND_END):
        return
    new_hand(tables, state)
