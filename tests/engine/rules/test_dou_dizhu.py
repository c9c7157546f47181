"""Dou Dizhu played by the kernel (``engine.climb_state``): forced deals worked by hand.

Rules (``genome.library.climbing``, the published game): the highest bidder takes the kitty, turned up
for everyone, and leads; a combination with kickers is a COMBO then its KICKER ranks; the others follow
with a higher combination of the same kind or pass; the first out wins; the stake is the bid, doubled per
bomb or rocket and for a spring, twice the stake to or from the landlord, the stake to or from each
peasant. Small hands are arranged (the rest of the pack lies in the discard pile, out of play) so that
each legal set can be counted by hand.
"""

from __future__ import annotations

import dataclasses

from darwindeck.engine import climb as K
from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.phases import AllPass, CallPhase, ClimbPhase, FirstCaller
from darwindeck.genome.schema import GameGenome
from engine.scenario import cards

BID, PASS = L.A_BID0, L.A_PASS


def genome(**call: object) -> GameGenome:
    """The library's Dou Dizhu, the hand's first player (seat 0 here) calling first."""
    phase = CallPhase(first=FirstCaller.DEALER_LEFT, **call)  # type: ignore[arg-type]
    game = dou_dizhu()
    return game.replace(turn_structure=dataclasses.replace(game.turn_structure, phases=(phase, ClimbPhase())))


def combo(kind: int, head: int, length: int = 1) -> int:
    return L.A_COMBO0 + C.primal_id(kind, head, length)


def table(hands: list[str], kitty: str, **call: object) -> GameState:
    """A game with these hands and kitty, the other cards in the discard pile, seat 0 to call."""
    state = GameState.new(genome(**call), seed=3)
    held = [cards(hand) for hand in hands]
    aside = cards(kitty)
    used = {card for hand in held for card in hand} | set(aside)
    rest = [card for card in range(54) if card not in used]
    state.arrange(hands=held, deck=aside, discard=rest, current=0)
    return state


def cell(state: GameState, offset: int) -> int:
    return int(state.array[L.B_CLIMB + offset])


def test_the_landlord_takes_the_kitty_plays_kickers_and_wins_a_spring() -> None:
    state = table(["3S 3H 3D 9C", "QS QH 2C", "5C 6C JD"], "7S 7H KC")
    assert state.legal_actions() == [PASS, BID + 1, BID + 2, BID + 3]
    for action in (BID + 2, PASS, PASS):  # each calls once: seat 0 is the landlord at 2
        state.apply_action(action)
    assert state.array[L.S_DECLARER] == 0 and cell(state, K.CL_BID) == 2
    assert sorted(state.hand(0)) == sorted(cards("3S 3H 3D 9C 7S 7H KC"))
    assert cell(state, K.CL_KITTY) == sum(1 << card for card in cards("7S 7H KC"))
    assert state.observation(2).kitty == tuple(sorted(cards("7S 7H KC")))  # turned up for every seat
    # Leading 3 3 3 7 7 9 K (climbing ranks 0, 4, 6, 10): solos 3 7 9 K, pairs 3 7, the trio of 3s,
    # with a solo and with the pair of 7s; no chain (five in a row), no bomb: nine plays.
    assert state.current_player == 0
    assert state.legal_actions() == sorted(
        [combo(C.C_SOLO, r) for r in (0, 4, 6, 10)]
        + [combo(C.C_PAIR, r) for r in (0, 4)]
        + [combo(C.C_TRIO, 0), combo(C.C_TRIO_SOLO, 0), combo(C.C_TRIO_PAIR, 0)]
    )
    state.apply_action(combo(C.C_TRIO_PAIR, 0))
    assert state.current_player == 0 and state.legal_actions() == [L.A_KICKER0 + 4]  # only the 7s pair
    state.apply_action(L.A_KICKER0 + 4)
    assert sorted(state.discard()[-5:]) == sorted(cards("3S 3H 3D 7S 7H"))  # played face up
    assert sorted(state.observation(1).discard[-5:]) == sorted(cards("3S 3H 3D 7S 7H"))  # seen by all
    assert sorted(state.hand(0)) == sorted(cards("9C KC"))
    for seat in (1, 2):  # no trio among Q Q 2 or 5 6 J: pass only
        assert state.current_player == seat and state.legal_actions() == [PASS]
        state.apply_action(PASS)
    state.apply_action(combo(C.C_SOLO, 6))  # the 9; both peasants pass again
    state.apply_action(PASS)
    state.apply_action(PASS)
    state.apply_action(combo(C.C_SOLO, 10))  # the K: out, before either peasant played (a spring)
    assert state.is_terminal()
    # stake 2, doubled for the spring: the landlord wins 2 x 4, each peasant loses 4
    assert state.scores() == (8, -4, -4) and state.returns() == [8.0, -4.0, -4.0]
    assert state.winner == 0


def test_a_bomb_doubles_the_stake_and_the_peasants_win_together() -> None:
    state = table(["4S 5S", "8S 8H 8D 8C 6S", "9S 9H"], "10S JS QS")
    for action in (BID + 1, PASS, PASS):
        state.apply_action(action)
    state.apply_action(combo(C.C_SOLO, 1))  # the landlord leads the 4
    state.apply_action(combo(C.C_SOLO, 3))  # seat 1 the 6
    assert state.legal_actions() == [PASS, combo(C.C_SOLO, 6)]  # seat 2: pass or a 9 over its partner
    state.apply_action(PASS)
    state.apply_action(combo(C.C_SOLO, 7))  # the landlord's 10
    state.apply_action(combo(C.C_BOMB, 5))  # seat 1 bombs it with the 8s and is out
    assert state.is_terminal() and cell(state, K.CL_BOMBS) == 1
    # stake 1 doubled for the bomb = 2; the landlord played twice (no spring): -4, +2, +2; the two
    # peasants share the top score, so the win conditions see no single winner
    assert state.scores() == (-4, 2, 2) and state.winner == -1


def test_all_passing_deals_again_or_voids_the_game() -> None:
    state = table(["3S", "4S", "5S"], "6S 7S 8S")
    for action in (PASS, PASS, PASS):
        state.apply_action(action)
    assert not state.is_terminal() and state.array[L.S_HAND_NO] == 2  # thrown in, dealt again
    assert [len(state.hand(p)) for p in range(3)] == [17, 17, 17] and len(state.deck()) == 3
    void = table(["3S", "4S", "5S"], "6S 7S 8S", all_pass=AllPass.VOID, once_around=False)
    for action in (PASS, PASS, PASS):
        void.apply_action(action)
    assert void.is_terminal() and void.returns() == [0.0, 0.0, 0.0]


def test_the_greedy_player_follows_low_and_keeps_its_bomb() -> None:
    state = table(["5S 10H 7C 7D", "6S 9S 8S 8H 8D 8C KH", "JH QH"], "3S 3H 3D")
    for action in (BID + 1, PASS, PASS):
        state.apply_action(action)
    state.apply_action(combo(C.C_SOLO, 2))  # the landlord leads the 5 and keeps 6 cards
    # seat 1 may follow with 6, 8, 9 or K, bomb with the 8s, or pass: the lowest that beats, the 6 (the
    # bomb waits for a landlord down to 4 cards)
    assert greedy_choice(state.program, state.array) == combo(C.C_SOLO, 3)
    state.apply_action(combo(C.C_SOLO, 3))
    # seat 2 follows over its partner's 6? No: the partner holds the table, so it passes
    assert greedy_choice(state.program, state.array) == PASS
