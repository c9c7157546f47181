"""Determinizations: built only from what a seat observed, consistent with its knowledge."""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.agents.determinize import (
    KN_HOLDER,
    KN_VOID,
    deal_knowledge,
    determinize,
    new_knowledge,
    observe,
    sample_world,
)
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.piles import hand_off
from darwindeck.engine.policies import choose
from darwindeck.engine.search_params import default_params
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards

CLUBS = Suit("C").code


def suit_cards(suit: str) -> list[int]:
    return [card_id(rank, Suit(suit)) for rank in Rank]


def sample(state: GameState, seat: int, knowledge: np.ndarray, seed: int) -> GameState:
    out = np.empty(L.STATE_SIZE, dtype=np.int64)
    rng = np.array([seed], dtype=np.int64)
    determinize(state.program, state.array, seat, knowledge[seat], rng, out)
    return GameState(state.genome, state.tables, state.program, out)


def fresh_knowledge(state: GameState) -> np.ndarray:
    knowledge = new_knowledge()
    knowledge[:, -1] = state.array[L.S_HAND_NO]
    return knowledge


def play(state: GameState, action: int, knowledge: np.ndarray) -> None:
    before = state.array.copy()
    state.apply_action(action)
    observe(state.program, before, state.array, action, knowledge)


def test_a_sample_keeps_the_observation_and_every_card_once() -> None:
    state = GameState.new(get_game("hearts"), 5)
    knowledge = fresh_knowledge(state)
    hands = set()
    for seed in range(1, 11):
        world = sample(state, 0, knowledge, seed)
        assert world.observation(0) == state.observation(0)
        assert sorted(world.all_cards()) == list(range(52))
        hands.add(world.hand(1))
    assert len(hands) == 10  # the hidden hands really are resampled


def test_hidden_cards_do_not_change_samples_or_decisions() -> None:
    genome = get_game("hearts")
    real = GameState.new(genome, 5)
    other = real.clone()
    one, two = list(real.hand(1)), list(real.hand(2))
    real.arrange(hands=[list(real.hand(p)) for p in range(4)])  # same bookkeeping as the other deal
    other.arrange(hands=[list(real.hand(0)), two[:3] + one[3:], one[:3] + two[3:], list(real.hand(3))])
    assert other.hand(1) != real.hand(1)
    assert other.observation(0) == real.observation(0)
    knowledge = fresh_knowledge(real)
    for seed in range(1, 6):
        assert np.array_equal(sample(real, 0, knowledge, seed).array, sample(other, 0, knowledge, seed).array)
    params = default_params(30)[0]
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    decisions = []
    for seed in range(1, 21):
        chosen = []
        for state in (real, other):
            rng = np.array([seed], dtype=np.int64)
            chosen.append(
                search(state.program, state.array, knowledge[0], params, rng, new_tree(31), scratch)
            )
        assert chosen[0] == chosen[1]
        decisions.append(chosen[0])
    assert set(decisions) <= set(real.legal_actions())


def test_a_card_taken_from_the_discard_stays_known() -> None:
    state = GameState.new(get_game("gin-rummy"), 3)
    knowledge = fresh_knowledge(state)
    top = state.discard()[-1]
    assert state.current_player == 0 and state.legal_actions() == [L.A_DRAW, L.A_PASS]
    play(state, L.A_DRAW, knowledge)
    assert knowledge[1, KN_HOLDER + top] == 0
    for seed in range(1, 21):
        assert top in sample(state, 1, knowledge, seed).hand(0)


def test_a_revealed_void_keeps_that_suit_out_of_the_hand() -> None:
    hearts = get_game("hearts")
    no_passing = hearts.replace(
        turn_structure=dataclasses.replace(hearts.turn_structure, phases=hearts.phases[1:])
    )
    state = GameState.new(no_passing, 1)
    state.arrange(hands=[suit_cards("C"), suit_cards("H"), suit_cards("D"), suit_cards("S")], current=0)
    knowledge = fresh_knowledge(state)
    play(state, card_id(Rank.TWO, Suit.CLUBS), knowledge)
    play(state, card_id(Rank.FIVE, Suit.HEARTS), knowledge)
    assert knowledge[2, KN_VOID + 1 * 4 + CLUBS] == 1
    assert knowledge[2, KN_VOID + 0 * 4 + CLUBS] == 0
    clubs = set(suit_cards("C"))
    out = np.empty(L.STATE_SIZE, dtype=np.int64)
    for seed in range(1, 21):
        world = sample(state, 2, knowledge, seed)
        assert not clubs & set(world.hand(1))
        assert world.observation(2) == state.observation(2)
        # the worlds PIMC and the sampled bids use keep the void too
        sample_world(state.program, state.array, knowledge[2], False, np.array([seed], dtype=np.int64), out)
        assert not clubs & set(GameState(state.genome, state.tables, state.program, out).hand(1))


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(["hearts", "spades", "crazy-eights", "gin-rummy", "scopa", "cheat", "old-maid"]),
    deal=st.integers(0, 10_000),
    moves=st.integers(0, 30),
    seed=st.integers(1, 2**31 - 1),
)
def test_samples_after_random_play_keep_every_observation(
    game: str, deal: int, moves: int, seed: int
) -> None:
    state = GameState.new(get_game(game), deal)
    knowledge = fresh_knowledge(state)
    rng = np.array([deal + 1], dtype=np.int64)
    for _ in range(moves):
        if state.is_terminal():
            return
        play(state, choose(state.program, state.array, 0, rng), knowledge)
    if state.is_terminal():
        return
    seat = state.current_player
    world = sample(state, seat, knowledge, seed)
    assert world.observation(seat) == state.observation(seat)
    assert sorted(world.all_cards()) == sorted(state.all_cards())
    for card in range(52):
        holder = knowledge[seat, KN_HOLDER + card]
        if 0 <= holder < state.n_players and holder != seat and card in state.hand(holder):
            assert card in world.hand(holder)


def test_the_dealers_turned_up_card_stays_with_the_dealer_until_played() -> None:
    # Whist: West deals hand 1 and its last card is turned up for trumps, for everyone to see. Every
    # sample a seat makes keeps that card in West's hand; once West plays it, it is on the table.
    state = GameState.new(get_game("whist"), 7)
    west, turned = 3, state.turned_card
    assert turned == state.hand(west)[-1]
    knowledge = new_knowledge()
    deal_knowledge(state.program, state.array, knowledge)
    assert all(knowledge[seat, KN_HOLDER + turned] == west for seat in range(4))
    for seed in range(1, 9):
        assert turned in sample(state, 0, knowledge, seed).hand(west)
    while turned in state.hand(west):
        play(state, min(state.legal_actions()), knowledge)
    assert all(knowledge[seat, KN_HOLDER + turned] == -1 for seat in range(4))


def test_the_dummy_is_sampled_until_the_lead_and_kept_after_it() -> None:
    # Bridge: West deals and passes, North opens 1NT and everyone passes: North declares, South is the
    # dummy, East leads. Before the lead East cannot see South's cards, so samples change them; after it
    # South's hand lies face up and every seat's samples keep it, while North's stays hidden from East.
    state = GameState.new(get_game("bridge"), 11)
    knowledge = fresh_knowledge(state)
    north, east, south = 0, 1, 2
    for action in (L.A_PASS, L.A_CONTRACT0 + 4, L.A_PASS, L.A_PASS, L.A_PASS):
        play(state, action, knowledge)
    assert state.current_player == east
    assert len({sample(state, east, knowledge, seed).hand(south) for seed in range(1, 9)}) > 1
    play(state, min(state.legal_actions()), knowledge)
    dummy = state.hand(south)
    for seed in range(1, 9):
        world = sample(state, east, knowledge, seed)
        assert world.hand(south) == dummy
        assert world.observation(east) == state.observation(east)
    assert len({sample(state, east, knowledge, seed).hand(north) for seed in range(1, 9)}) > 1
    # The declarer decides for the dummy, and a search from North's seat keeps North's own cards too.
    assert state.current_player == north
    world = sample(state, north, knowledge, 3)
    assert world.hand(north) == state.hand(north) and world.hand(south) == dummy


def test_euchre_voids_follow_the_bowers_suit() -> None:
    """Euchre by Pagat's rules: with hearts trumps the J♦ (left bower) is a heart. Deal A of
    ``tests/engine/test_euchre.py`` after its first trick (Q♦ 9♦ K♦ A♦): West leads the K♥, North
    follows with the A♥, East with the J♦ (his only trump, so he follows suit and shows no void),
    South, holding no trump, discards the A♠ (a void in trumps, hearts)."""
    hands = ["AH QD KS QS 9C", "JD 9D 10D KC AC", "KD 9S 10S 10C AS", "QH KH AD JC QC"]
    state = arranged(
        get_game("euchre"), [cards(h) for h in hands], discard=[c("9H")], deck=cards("JH 10H JS")
    )
    knowledge = fresh_knowledge(state)
    play(state, L.A_SUIT0 + 0, knowledge)  # North orders up the 9♥: hearts are trumps
    for card in ("QC", "QD", "9D", "KD", "AD", "KH", "AH", "JD", "AS"):
        play(state, c(card), knowledge)
    hearts, diamonds = 0, 1
    east, south = 1, 2
    assert knowledge[0, KN_VOID + east * 4 + hearts] == 0
    assert knowledge[0, KN_VOID + east * 4 + diamonds] == 0
    assert knowledge[0, KN_VOID + south * 4 + hearts] == 1
    assert knowledge[0, KN_VOID + south * 4 + diamonds] == 0


def euchre_ordered_up() -> tuple[GameState, np.ndarray, int, int]:
    """The first Euchre deal from seed 3 on whose first chooser may order up the turned card, after it
    does and the dealer discards its lowest other card: the state, every seat's knowledge, the turned
    card and the dealer's discard."""
    for seed in range(3, 40):
        state = GameState.new(get_game("euchre"), seed)
        knowledge = new_knowledge()
        knowledge[:, -1] = state.array[L.S_HAND_NO]
        order_up = [a for a in state.legal_actions() if a >= L.A_SUIT0]
        if not order_up:
            continue
        turned = state.discard()[-1]  # the turned card tops the discard (engine.trump)
        before = state.array.copy()
        state.apply_action(order_up[0])
        observe(state.program, before, state.array, order_up[0], knowledge)
        discard = next(a for a in state.legal_actions() if a != turned)
        before = state.array.copy()
        state.apply_action(discard)
        observe(state.program, before, state.array, discard, knowledge)
        return state, knowledge, turned, discard
    raise AssertionError("no deal with an order-up")


def test_the_dealer_is_known_to_hold_the_turned_card_and_to_have_discarded_its_discard() -> None:
    # Euchre (Pagat): the dealer takes the turned card in sight of all, then discards one card face down,
    # out of play. So every seat's worlds give the dealer the turned card (unless it was the card the
    # dealer discarded, which the others cannot see, module rules), and the dealer's own worlds never
    # deal its discard into another hand.
    state, knowledge, turned, discard = euchre_ordered_up()
    holders = [p for p in range(4) if turned in state.hand(p)]
    assert len(holders) == 1
    dealer = holders[0]
    assert discard not in state.hand(dealer)
    rng = np.array([5], dtype=np.int64)
    out = np.empty(L.STATE_SIZE, dtype=np.int64)
    for seat in range(4):
        for _ in range(20):
            determinize(state.program, state.array, seat, knowledge[seat], rng, out)
            hands = {p: set(out[hand_off(p) : hand_off(p) + out[L.L_HAND + p]].tolist()) for p in range(4)}
            assert turned in hands[dealer]
            if seat == dealer:
                assert all(discard not in hands[p] for p in range(4))
