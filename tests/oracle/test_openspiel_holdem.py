"""Texas Hold'em, decision for decision against OpenSpiel's ``universal_poker``.

OpenSpiel is configured for heads-up no-limit Hold'em as the ACPC plays it (``HOLDEM``): four rounds,
board cards 0, 3, 1, 1, two hole cards, 20,000 chips each, seat 0 posting the big blind (100) and seat 1
the small blind (50) and acting first before the flop, seat 0 first after it; its bets are the ``fcpa``
abstraction (fold, check/call, pot, all in), which is how our genome (``genome.library.casino``'s
``texas_holdem``, ``BoardPhase.pot_sized``) bets. Its chance outcomes are cards ``rank * 4 + suit``
(ranks 2 … A, suits c, d, h, s): seat 0's two hole cards, seat 1's, then each street's board cards.

Each hand deals from a seeded shuffle of the 52 cards: the first four as hole cards (seat 0's two, then
seat 1's) and the rest, in order, as the board cards OpenSpiel asks for and as our deck (so both engines
turn the same flop, turn and river). A random legal policy of OpenSpiel's actions plays, raising and
going all in less often so that hands reach the river. At every decision both must agree on the player
to move, on the legal set (ours mapped to OpenSpiel's: FOLD 0, CHECK or CALL 1, BET or RAISE 2, ALL_IN
3) and on the returns (0 until the end); at the end, on the returns: each seat's chips won or lost
equal OpenSpiel's returns, and our game result is their sign (a split pot is a draw). The board dealt
must be OpenSpiel's.

1,000 hands (seeds 0 … 999) compare 5,507 decisions in 14 s without the JIT; 732 hands reach the river,
188 end before the flop, 29 split the pot and 454 move a whole stack. No difference was found.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from darwindeck.genome.library.casino import HOLDEM_STACK

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)
OpenSpielState = Any  # pyspiel.UniversalPokerState (no type stubs)

HANDS = 1000
HOLDEM = {
    "betting": "nolimit",
    "numPlayers": 2,
    "numRounds": 4,
    "blind": "100 50",
    "firstPlayer": "2 1 1 1",
    "numSuits": 4,
    "numRanks": 13,
    "numHoleCards": 2,
    "numBoardCards": "0 3 1 1",
    "stack": f"{HOLDEM_STACK} {HOLDEM_STACK}",
    "bettingAbstraction": "fcpa",
}
FOLD, CALL, POT, ALL_IN = 0, 1, 2, 3
#: OpenSpiel's suits c, d, h, s as our suit codes (0 hearts, 1 diamonds, 2 clubs, 3 spades).
SUITS = (2, 1, 0, 3)
OURS = {L.A_FOLD: FOLD, L.A_CHECK: CALL, L.A_CALL: CALL, L.A_BET: POT, L.A_RAISE: POT, L.A_ALL_IN: ALL_IN}
#: The random policy's weights: checking and calling more often than betting keeps hands going.
WEIGHTS = {FOLD: 1, CALL: 6, POT: 2, ALL_IN: 1}


def ours_of(card: int) -> int:
    """Our card id (``suit * 13 + rank``, rank 0 = 2) of OpenSpiel's ``card`` (``rank * 4 + suit``)."""
    rank, suit = divmod(card, 4)
    return SUITS[suit] * 13 + rank


def our_moves(ours: GameState) -> tuple[list[int], dict[int, int]]:
    """Our legal moves as OpenSpiel's, and OpenSpiel's action → ours."""
    back = {OURS[action]: action for action in ours.legal_actions()}
    return sorted(OURS[action] for action in ours.legal_actions()), back


def deal(seed: int, game: Any) -> tuple[GameState, OpenSpielState, list[int]]:
    order = random.Random(seed).sample(range(52), 52)
    theirs = game.new_initial_state()
    for card in order[:4]:
        theirs.apply_action(card)
    ours = GameState.new(get_game("texas-holdem"), seed + 1)
    mine = [ours_of(card) for card in order]
    ours.arrange(hands=[mine[:2], mine[2:4]], deck=list(reversed(mine[4:])))
    return ours, theirs, order[4:]


def play_one(seed: int, game: Any) -> int:
    """Play one hand in both engines; the number of decisions compared."""
    ours, theirs, stock = deal(seed, game)
    rng = random.Random(seed)
    compared = 0
    while not theirs.is_terminal():
        where = f"seed {seed}, decision {compared}"
        assert ours.current_player == theirs.current_player(), f"{where}: player"
        legal, back = our_moves(ours)
        assert legal == theirs.legal_actions(), f"{where}: legal"
        assert ours.returns() == theirs.returns() == [0.0, 0.0], f"{where}: returns"
        move = rng.choices(legal, [WEIGHTS[a] for a in legal])[0]
        theirs.apply_action(move)
        ours.apply_action(back[move])
        while theirs.is_chance_node():
            theirs.apply_action(stock.pop(0))
        compared += 1
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel's hand ended, ours goes on"
    won = [chips - HOLDEM_STACK for chips in ours.block(L.B_CHIPS, 2)]
    assert won == theirs.returns(), f"seed {seed}: chips"
    assert ours.returns() == [float((w > 0) - (w < 0)) for w in won], f"seed {seed}: result"
    board = [ours_of(card) for card in order_of_board(theirs)]
    assert list(ours.tableau(L.GENERAL_PILE)) == board, f"seed {seed}: the board"
    return compared


def order_of_board(theirs: OpenSpielState) -> list[int]:
    """OpenSpiel's board cards in the order dealt: the chance actions after the four hole cards."""
    return [step.action for step in theirs.full_history()[4:] if step.player == pyspiel.PlayerId.CHANCE]


def test_holdem_agrees_with_openspiel_decision_for_decision() -> None:
    game = pyspiel.load_game("universal_poker", HOLDEM)
    compared = sum(play_one(seed, game) for seed in range(HANDS))
    assert compared >= 5_000, compared  # 5,507 decisions; 732 hands see the river, 29 split pots
