"""The perfect-information solver and the PIMC player on endings whose values are worked out by hand.

Each ending is a deal of three cards a hand (the other cards out of play), so every line can be checked
on paper; the expected values follow from the games' scoring rules (docstrings of the library games) and
the solver's value (``agents.solver``: the searching side's measure less the mean of the others', read
at the end of the hand).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from darwindeck.agents.determinize import new_knowledge
from darwindeck.agents.mcts import new_tree
from darwindeck.agents.pimc import best_move, pimc_search
from darwindeck.agents.solver import C_CUT, C_WORK, new_workspace, solve
from darwindeck.engine import layout as L
from darwindeck.engine.kernel import run_to_decision
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.search_params import P_BUDGET, P_SEES_ALL, P_WORLDS, default_params
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PassPhase
from engine.scenario import arranged, c, cards

CLUBS = 2  # suit codes: ♥ 0, ♦ 1, ♣ 2, ♠ 3


def values(state: GameState, budget: int = 100_000) -> tuple[dict[str, float], bool]:
    """Each legal move's solved value (by its name) and whether the solve was exact."""
    ws = new_workspace(12)
    out = np.zeros(state.array[L.S_N_LEGAL], dtype=np.float64)
    solve(state.program, state.array, budget, ws, out)
    names = [state.action_to_string(a) for a in state.legal_actions()]
    return dict(zip(names, out.tolist(), strict=True)), bool(ws.ctx[C_CUT] == 0)


def whist_finesse() -> GameState:
    """Whist, North (seat 0) to lead; clubs are trumps and nobody holds one. Seats play N, E, S, W.

    N ♠3 ♥2 ♥3 · E ♠K ♠4 ♦2 · S ♠A ♠Q ♥A · W ♠5 ♦3 ♦4. North–South have 4 tricks, East–West 6.
    ♠3 led: East must play before South; if East plays low, South's ♠Q wins (the finesse), then ♠A
    and ♥A: 3 tricks; if East plays the ♠K, South's ♠A wins and the ♠Q is good: 3 tricks. So the ♠3
    gives North–South 7 tricks: one point (a trick beyond six), East–West none: value +1.
    A heart led: South must win with the ♥A and then lead spades from ♠A ♠Q with East's ♠K behind
    neither: one spade trick only, 2 tricks in all: North–South 6 (no point), East–West 7 (one
    point): value −1. The two hearts touch (no card between them): one move, one value.
    """
    hands = ["3S 2H 3H", "KS 4S 2D", "AS QS AH", "5S 3D 4D"]
    state = arranged(get_game("whist"), [cards(h) for h in hands], deck=[], current=0)
    state.array[L.S_HAND_TRUMP] = CLUBS
    state.array[L.B_TRICKS : L.B_TRICKS + 4] = [4, 3, 0, 3]
    state.array[L.S_TRICKS_PLAYED] = 10
    return state


def test_whist_finesse_is_the_only_line_to_a_point() -> None:
    solved, exact = values(whist_finesse())
    assert exact
    assert solved == {"card 2♥": -1.0, "card 3♥": -1.0, "card 3♠": 1.0}


def test_values_are_the_side_to_move() -> None:
    """The finesse after North's ♠3: the values are to the side of the seat to move.

    East (an opponent of the side that led) must follow spades: the ♠K falls to South's ♠A and the ♠Q
    is then good, the ♠4 lets South's ♠Q win; either way North–South take all three tricks (7: one
    point) and East–West none: −1 to East–West for both. After the ♠4, South (the leader's partner):
    the ♠Q wins and the ♠A and ♥A follow (7 tricks, +1); the ♠A wins, but then the ♠Q falls to the ♠K
    whether the ♥A is cashed first (6 tricks against 7: −1) or not (5 against 8: −2): −1."""
    state = whist_finesse()
    state.apply_action(c("3S"))
    solved, exact = values(state)
    assert exact
    assert solved == {"card 4♠": -1.0, "card K♠": -1.0}
    state.apply_action(c("4S"))
    solved, exact = values(state)
    assert exact
    assert solved == {"card Q♠": 1.0, "card A♠": -1.0}


def hearts_duck() -> GameState:
    """Hearts (no passing), hearts broken, West (seat 3) leads the ♥10. The other 40 cards are out of
    play (nobody can shoot the moon).

    Seat 0 ♥K ♥2 ♦2 · seat 1 ♣5 ♣6 ♦6 · seat 2 ♣7 ♣8 ♦7 · seat 3 ♥A ♣3 (after leading the ♥10).
    Seat 0 to play: ducking with the ♥2 lets the ♥10 win; seat 0 then never takes a trick (its ♥K falls
    under the ♥A or is discarded, its ♦2 is the lowest diamond): 0 points, the other players 4 between
    them (♥10 ♥2 ♥K ♥A). Value: −0 + 4/3. Winning with the ♥K takes ♥10 ♥K (2 points) and the lead;
    the best continuation is the ♥2 under the ♥A: 2 points, the others 2: value −2 + 2/3.
    """
    hearts = get_game("hearts")
    phases = tuple(p for p in hearts.phases if not isinstance(p, PassPhase))
    genome = hearts.replace(turn_structure=dataclasses.replace(hearts.turn_structure, phases=phases))
    hands = ["KH 2H 2D", "5C 6C 6D", "7C 8C 7D", "10H AH 3C"]
    state = arranged(genome, [cards(h) for h in hands], current=3)
    state.array[L.S_SUIT_BROKEN] = 1
    state.array[L.S_TRICKS_PLAYED] = 10
    run_to_decision(state.program, state.array)
    state.apply_action(c("10H"))
    return state


def test_hearts_ducking_is_right() -> None:
    solved, exact = values(hearts_duck())
    assert exact
    assert solved == pytest.approx({"card 2♥": 4 / 3, "card K♥": -4 / 3})


def spades_overtake(deck_out: bool = False) -> GameState:
    """Partnership Spades, seats (0, 2) against (1, 3), no spades in play; bids 1, 1, 2, 1 (North–South
    3, East–West 2). Seat 0 leads the ♦K, seat 1 plays the ♦2; seat 2 (♦A ♦Q ♦J) decides.

    Seat 0 ♣2 ♣3 left · seat 1 ♣A ♣K · seat 3 ♦3 ♣Q ♣J. Overtaking with the ♦A wins the trick and
    seat 2's ♦Q ♦J are then good: North–South 3 tricks (bid made: +30), East–West none (set: −20):
    value 50. Letting the ♦K hold leaves seat 0 on lead with clubs only: seat 1's ♣A ♣K take the last
    two tricks: North–South 1 (set: −30), East–West 2 (made: +20): value −50. The ♦Q and ♦J touch.
    With ``deck_out`` the 40 other cards lie face up on the discard (known to everyone).
    """
    hands = ["KD 2C 3C", "2D AC KC", "AD QD JD", "3D QC JC"]
    genome = get_game("partnership-spades")
    state = arranged(genome, [cards(h) for h in hands], current=0, deck=[] if deck_out else None)
    bids = {0: 1, 1: 1, 2: 2, 3: 1}
    while state.array[L.S_BIDDING_DONE] == 0:
        legal = state.legal_actions()
        bid = L.A_PASS if L.A_BLIND_NIL in legal else L.A_BID0 + bids[state.current_player]
        state.apply_action(bid)
    state.apply_action(c("KD"))
    state.apply_action(c("2D"))
    return state


def test_spades_partner_must_overtake() -> None:
    solved, exact = values(spades_overtake())
    assert exact
    assert solved == {"card J♦": -50.0, "card Q♦": -50.0, "card A♦": 50.0}


def test_over_budget_keeps_the_first_iteration() -> None:
    """With a budget of one engine step only iteration 0 (to the end of the trick in progress, then the
    greedy rollout) completes: in the Spades ending every seat plays greedily after the first trick. After
    the ♦A, seat 2 leads its highest card, the ♦Q, then the ♦J: both win (value 50). After the ♦J or ♦Q
    the ♦K wins; seat 0 leads its highest card, the ♣3; seat 1's cheapest winning card is the ♣K, and it
    then leads the ♣A: North–South 1 trick (value −50). The values equal the exact ones here, but the
    solve is marked as cut at the horizon."""
    state = spades_overtake()
    ws = new_workspace(12)
    out = np.zeros(state.array[L.S_N_LEGAL], dtype=np.float64)
    done = solve(state.program, state.array, 1, ws, out)
    assert done == 1
    assert ws.ctx[C_CUT] == 1
    assert out.tolist() == [-50.0, -50.0, 50.0]
    assert ws.ctx[C_WORK] > 1


def test_pimc_overtakes_in_every_world() -> None:
    """Seat 2 sees its hand, the trick and the 40 cards face up on the discard; the seven hidden cards
    (♣2 ♣3 ♣A ♣K ♦3 ♣Q ♣J) are dealt anew in each world. Overtaking always takes the three tricks
    (nobody holds a trump, the ♦3 falls under the ♦Q), so it is never worse than letting the ♦K hold and
    better whenever an opponent holds a club winner: PIMC plays the ♦A."""
    state = spades_overtake(deck_out=True)
    params = default_params(iterations=10)[0]
    params[P_WORLDS] = 8
    params[P_BUDGET] = 100_000
    knowledge = new_knowledge()[2]
    knowledge[-1] = state.array[L.S_HAND_NO]
    rng = np.array([7], dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    action = pimc_search(
        state.program, state.array, knowledge, params, rng, new_tree(11), scratch, new_workspace(12)
    )
    assert action == c("AD")


def test_ties_go_to_the_preferred_move() -> None:
    """``best_move`` (PIMC's choice among the totals): the best total wins; among equal totals the
    preferred move (the greedy choice in play), else the first legal one."""
    state = whist_finesse()  # legal, in order: ♥2, ♥3, ♠3
    legal = state.legal_actions()
    assert legal == [c("2H"), c("3H"), c("3S")]
    assert best_move(state.array, np.array([0.0, 0.0, 0.0]), c("3S")) == c("3S")
    assert best_move(state.array, np.array([1.0, 1.0, 0.0]), c("3S")) == c("2H")
    assert best_move(state.array, np.array([0.0, 1.0, 1.0]), c("3S")) == c("3S")
    assert best_move(state.array, np.array([0.0, 0.0, 2.0]), c("2H")) == c("3S")


def test_pimc_finds_the_finesse_that_greedy_misses() -> None:
    """The Whist finesse (``whist_finesse``) decided by PIMC whose worlds are the true deal (``P_SEES_ALL``:
    every card visible, so every world is the same): only the ♠3 lead makes a point (+1 against −1 for
    either heart), so PIMC leads it in every world. The greedy player leads its highest card, and the
    ♥3 and ♠3 tie on rank, the lowest id (♥, suit code 0) first (``engine.policies``): it leads the ♥3,
    which loses the point, so the test fails if PIMC only followed its greedy preference."""
    state = whist_finesse()
    assert greedy_choice(state.program, state.array) == c("3H")
    params = default_params(iterations=10)[0]
    params[P_WORLDS] = 4
    params[P_BUDGET] = 100_000
    params[P_SEES_ALL] = 1.0
    knowledge = new_knowledge()[0]
    knowledge[-1] = state.array[L.S_HAND_NO]
    rng = np.array([11], dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    action = pimc_search(
        state.program, state.array, knowledge, params, rng, new_tree(11), scratch, new_workspace(12)
    )
    assert action == c("3S")
