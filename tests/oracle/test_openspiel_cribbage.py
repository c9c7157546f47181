"""Cribbage, decision for decision against OpenSpiel's ``cribbage`` (two players, to 121).

OpenSpiel's cards are ``suit * 13 + rank`` (suits C, D, H, S; ranks A … K). Each deal draws a seeded
shuffle: OpenSpiel's chance outcomes give its seat 0 the first six cards and seat 1 the next six, and the
thirteenth is the starter it cuts after the discards; ours is arranged to the same hands, with the
starter on top of the stock. OpenSpiel's seat 0 deals first; ours, seat 1 (hand ``h`` is opened by seat
``(h − 1) mod 2``), so OpenSpiel's seat ``p`` is our seat ``1 − p`` throughout. Both engines play the
same random moves. At every decision of the play both must agree on who moves, the legal set (our
PASS is OpenSpiel's Pass, "go") and the scores (OpenSpiel's returns are the scores until the end, when
the winner gets 1,000 more and the loser 1,000 less; ours are ±1 at the end, so our scores are compared
with OpenSpiel's returns, and the winner at the end). After every show that does not end the game, the
scores must be equal.

Where the rules differ on purpose, stated here once:

* OpenSpiel's crib may score a four-card flush; Pagat's crib scores a flush only with the starter of its
  suit. Our genome is set to OpenSpiel's variant for this test (``ShowPhase.crib_four_flush``).
* Laying away: OpenSpiel chooses the two cards in one decision, in seat order; ours chooses them one at
  a time, the non-dealer first. The discards are hidden, so the order tells no one anything: the test
  draws each seat's pair once, applies it to both, and checks that OpenSpiel's pairs are exactly the
  pairs of our legal cards, and our second legal set the hand less the first card.
* OpenSpiel asks for a Pass that nothing else could be: from a player whose hand is empty, and from
  everyone once nobody can play. Ours moves on without asking (the go is scored when nobody can
  play). Those forced Passes are applied to OpenSpiel alone; they can hide no difference, since the
  next decision of both engines is compared.
* The go at the end: ours scores the go as soon as nobody can play on, OpenSpiel once everyone has
  said Pass. When the card that reaches 121 also leaves nobody able to play, OpenSpiel's game is over
  before the Passes, and ours ends with the go's point added to the winner's score (same winner).
* The end in the show: OpenSpiel counts both hands and the crib and then gives the game to the lowest
  seat at 121 or more; ours counts the non-dealer's hand, then the dealer's, then the crib, and the
  first to reach 121 wins there (Pagat). When only one player ends OpenSpiel's show at 121 or more,
  ours must end with that winner; when both do, the winners may differ (counted below).

1,001 deals (80 games to 121, seeds 0 … 79) compare 2,002 lay-aways and 8,186 decisions of the play, all
equal after the mapping above; 3,647 forced Passes were applied to OpenSpiel alone; 3 games ended on a
winning card that left nobody able to play; 42 ended in the show, 6 of them with both players over 121
in OpenSpiel's count. About 20 s without the JIT.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import GameGenome, ShowPhase
from darwindeck.genome.library import get_game
from oracle.cards import suit_major_card

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)
OpenSpielState = Any  # pyspiel.State (no type stubs)

DEALS = 1000
TARGET = 121
PASS = 2756  # OpenSpiel's kPassAction
DECK = 52
BONUS = 1000


@dataclass
class Tally:
    deals: int = 0
    games: int = 0
    decisions: int = 0
    lay_aways: int = 0
    forced_passes: int = 0
    ended_in_show: int = 0
    both_over_in_show: int = 0
    go_after_win: int = 0


def openspiel_variant() -> GameGenome:
    """Our Cribbage with OpenSpiel's crib four-flush (module docstring)."""
    game = get_game("cribbage")
    crib, count, show = game.phases
    assert isinstance(show, ShowPhase)
    turns = replace(game.turn_structure, phases=(crib, count, replace(show, crib_four_flush=True)))
    return game.replace(turn_structure=turns)


def ours_of(action: int) -> int:
    return L.A_PASS if action == PASS else suit_major_card(action)


def pair_cards(action: int) -> tuple[int, int]:
    """OpenSpiel's two-card discard ``52 + 52 * c1 + c2`` as its two cards."""
    return divmod(action - DECK, DECK)


def their_scores(theirs: OpenSpielState) -> list[float]:
    """OpenSpiel's scores in our seat order (its returns less the winner's bonus)."""
    returns = theirs.returns()
    if theirs.is_terminal():
        returns = [r - BONUS if r >= TARGET + BONUS else r + BONUS for r in returns]
    return [returns[1], returns[0]]


def deal(ours: GameState, theirs: OpenSpielState, rng: random.Random) -> int:
    """Deal the same cards to both (module docstring); the starter, OpenSpiel's id."""
    order = rng.sample(range(DECK), DECK)
    for card in order[:12]:
        theirs.apply_action(card)
    mine = [suit_major_card(card) for card in order]
    ours.arrange(hands=[mine[6:12], mine[:6]], deck=list(reversed(mine[12:])))
    return order[12]


def lay_away(ours: GameState, theirs: OpenSpielState, rng: random.Random, where: str, tally: Tally) -> None:
    """Each seat lays away the same random pair in both engines (module docstring)."""
    chosen: dict[int, list[int]] = {}
    while theirs.current_player() >= 0:
        seat = 1 - theirs.current_player()
        legal = theirs.legal_actions()
        hand = sorted(ours.hand(seat))
        pairs = sorted(tuple(sorted(suit_major_card(c) for c in pair_cards(a))) for a in legal)
        assert pairs == sorted(combinations(hand, 2)), f"{where}: seat {seat}'s discards"
        move = rng.choice(legal)
        chosen[seat] = [suit_major_card(c) for c in pair_cards(move)]
        theirs.apply_action(move)
        tally.lay_aways += 1
    for _ in range(4):
        seat = ours.current_player
        card = chosen[seat].pop(0)
        legal = sorted(ours.legal_actions())
        expected = sorted(set(ours.hand(seat)) - set(_laid(ours, seat)))
        assert legal == expected, f"{where}: seat {seat}'s legal cards to lay away"
        ours.apply_action(card)


def _laid(ours: GameState, seat: int) -> list[int]:
    marks = int(ours.array[L.B_PASSED + seat])
    return [c for c in range(DECK) if marks >> c & 1]


def play(ours: GameState, theirs: OpenSpielState, rng: random.Random, where: str, tally: Tally) -> None:
    """The play, decision for decision, until OpenSpiel deals again or the game ends."""
    while not theirs.is_terminal() and not theirs.is_chance_node():
        player = theirs.current_player()
        legal = theirs.legal_actions()
        ours_asks_go = ours.current_player == 1 - player and ours.legal_actions() == [L.A_PASS]
        if legal == [PASS] and not ours_asks_go:
            theirs.apply_action(PASS)
            tally.forced_passes += 1
            continue
        at = f"{where}, decision {tally.decisions}"
        assert ours.current_player == 1 - player, f"{at}: player"
        assert sorted(ours.legal_actions()) == sorted(ours_of(a) for a in legal), f"{at}: legal"
        assert list(ours.scores()) == their_scores(theirs), f"{at}: scores"
        move = rng.choice(legal)
        theirs.apply_action(move)
        ours.apply_action(ours_of(move))
        tally.decisions += 1


def go_after_the_win(ours: GameState, theirs: OpenSpielState, tally: Tally) -> bool:
    """The card that won OpenSpiel's game left nobody able to play: ours scored its go with it (module
    docstring); True when that is the whole difference."""
    final = their_scores(theirs)
    winner = ours.winner
    expected = [score + (1 if seat == winner else 0) for seat, score in enumerate(final)]
    if not ours.is_terminal() or final[winner] < TARGET or list(ours.scores()) != expected:
        return False
    tally.go_after_win += 1
    return True


def judge_show_end(ours: GameState, theirs: OpenSpielState, where: str, tally: Tally) -> None:
    """The game ended in the show: the named difference of the module docstring."""
    tally.ended_in_show += 1
    final = their_scores(theirs)
    assert ours.is_terminal(), f"{where}: OpenSpiel's game ended in the show, ours goes on"
    assert all(mine <= full for mine, full in zip(ours.scores(), final, strict=True)), where
    assert ours.scores()[ours.winner] >= TARGET, where
    over = [seat for seat in (0, 1) if final[seat] >= TARGET]
    if len(over) == 1:
        assert ours.winner == over[0], f"{where}: winner"
    else:
        tally.both_over_in_show += 1


def play_game(seed: int, genome: GameGenome, tally: Tally) -> None:
    rng = random.Random(seed)
    theirs = pyspiel.load_game("cribbage").new_initial_state()
    ours = GameState.new(genome, seed + 1)
    while not theirs.is_terminal():
        where = f"seed {seed}, deal {tally.deals}"
        starter = deal(ours, theirs, rng)
        lay_away(ours, theirs, rng, where, tally)
        theirs.apply_action(starter)
        tally.deals += 1
        play(ours, theirs, rng, where, tally)
        if theirs.is_terminal() and list(ours.scores()) != their_scores(theirs):
            if not go_after_the_win(ours, theirs, tally):
                assert not ours.hand(0) and not ours.hand(1), f"{where}: scores at the end of the play"
                judge_show_end(ours, theirs, where, tally)
            break
        assert list(ours.scores()) == their_scores(theirs), f"{where}: scores after the hand"
        assert ours.is_terminal() == theirs.is_terminal(), f"{where}: the end"
        if ours.is_terminal():
            over = [seat for seat, score in enumerate(their_scores(theirs)) if score >= TARGET]
            assert [ours.winner] == over, f"{where}: winner"
    tally.games += 1


def test_cribbage_agrees_with_openspiel_decision_for_decision() -> None:
    genome = openspiel_variant()
    tally = Tally()
    seed = 0
    while tally.deals < DEALS:
        play_game(seed, genome, tally)
        seed += 1
    assert tally.lay_aways == 2 * tally.deals, tally
    assert tally.decisions >= 8_000, tally
