"""Gin Rummy, decision for decision against OpenSpiel's ``gin_rummy``.

Each hand deals the same cards in both engines: OpenSpiel's first ten chance outcomes are seat 0's
hand, the next ten seat 1's, the 21st the upcard; ours is arranged to the same hands, the same upcard
on the discard pile and the rest of the shuffle as the stock, in the order OpenSpiel's later chance
outcomes draw it. OpenSpiel's parameters are set to our numbers (knock at 10, gin 25, undercut 25, ten
cards, no Oklahoma). Both then play the same moves: a mix of random legal moves and the discard that
leaves the least deadwood, with knocks and gin, so that every ending is reached. At every decision both
engines must agree on the hands, the top of the discard pile, who acts, and the exact set of legal
moves: take the upcard or draw from the stock (ours: DRAW or PASS), every card that may be discarded,
and which discards allow a knock (OpenSpiel knocks, then discards; ours discards, then knocks). At the
end of each hand, on the points it scores. Our game goes on to 100; OpenSpiel's plays one hand, so the
comparison is hand by hand.

OpenSpiel leaves the showdown to the players (which melds the knocker lays, what the defender lays
off); ours decides it: the knocker shows, of the arrangements at least deadwood, the one that leaves
the defender the most deadwood, and the defender lays off what leaves the least. The test drives
OpenSpiel's declarations the same way (searching every arrangement and lay-off it allows), and a
second test checks our lay-off search against OpenSpiel's own lay-off utilities on 20,000 hands built
around runs, gaps and sets.

Where the rules differ on purpose, stated here once:

* The first upcard: OpenSpiel offers it to seat 0, then to seat 1; ours offers it only to seat 0 (the
  non-dealer), as the hand opener. OpenSpiel's second offer is always declined and not compared.
* ``no_return``: ours does not let a player discard the card just taken from the discard pile;
  OpenSpiel does. That card is removed from OpenSpiel's set before comparing, and never played.
* Equal deadwood: ours scores it as an undercut (Pagat: the defender wins with as little deadwood as
  the knocker, 25 + the difference); OpenSpiel gives 0 to both.
* The end of the stock: with two cards left, OpenSpiel lets the player take the upcard (and then only
  knock) or ends the hand dead. Ours offers the same take-or-pass (compared); when the hand is dead in
  OpenSpiel, ours plays its two last stock cards and then voids the hand, also scoring nothing.
* OpenSpiel ends a hand unscored at the 50th upcard taken; the test never takes that many.

1,000 hands compare 76,909 decisions: 721 ended by a knock (359 with lay-offs), 25 by an undercut, 9
by equal deadwood, 21 by gin and 224 dead at the end of the stock; every decision and every score
equal after the mapping above.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.knock_showdown import deadwood_after_lay_off
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from darwindeck.genome.library.rummy import (
    GIN_BONUS,
    GIN_CARD_VALUES,
    GIN_HAND,
    GIN_KNOCK,
    UNDERCUT_BONUS,
)

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)
GIN = pyspiel.gin_rummy
OpenSpielState = Any  # pyspiel.gin_rummy.GinRummyState (no type stubs)
#: Sets of actions reached, each with an order that applies them and the state it leads to.
Reached = dict[frozenset[int], tuple[list[int], OpenSpielState]]

#: Our Gin Rummy's numbers, named so that the match with OpenSpiel's parameters is explicit (they are
#: also its defaults; ``oklahoma`` off: the knock limit does not follow the upcard).
OPENSPIEL_PARAMS = {
    "knock_card": GIN_KNOCK,
    "gin_bonus": GIN_BONUS,
    "undercut_bonus": UNDERCUT_BONUS,
    "hand_size": GIN_HAND,
    "oklahoma": False,
}
HANDS = 1000
LAY_OFF_HANDS = 20_000
UPCARD = GIN.DRAW_UPCARD_ACTION  # 52
STOCK = GIN.DRAW_STOCK_ACTION  # 53
PASS = GIN.PASS_ACTION  # 54
KNOCK = GIN.KNOCK_ACTION  # 55
MAX_UPCARD_DRAWS = GIN.MAX_NUM_DRAW_UPCARD_ACTIONS  # OpenSpiel ends the hand, unscored, at the 50th
UTILS = GIN.GinRummyUtils(13, 4, GIN_HAND)
Phase = GIN.Phase


def _our_card(openspiel_card: int) -> int:
    rank = "A23456789TJQK"[openspiel_card % 13]
    suit = "SCDH"[openspiel_card // 13]
    return card_id(Rank("10" if rank == "T" else rank), Suit(suit))


_OUR_CARDS = tuple(_our_card(card) for card in range(52))


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Gin Rummy's card ``suit * 13 + rank`` (suits S, C, D, H; ranks A..K, the ace low) as
    our card id."""
    return _OUR_CARDS[openspiel_card]


def deal(rng: random.Random) -> tuple[GameState, OpenSpielState, list[int]]:
    """The same deal in both engines: ten cards each (OpenSpiel deals seat 0's ten, then seat 1's), the
    upcard, and the stock in the order it will be drawn. Returns ours, theirs and their stock order."""
    order = rng.sample(range(52), 52)
    theirs = pyspiel.load_game("gin_rummy", OPENSPIEL_PARAMS).new_initial_state()
    for card in order[: 2 * GIN_HAND + 1]:
        theirs.apply_action(card)
    hands = [[our_card(c) for c in order[:GIN_HAND]], [our_card(c) for c in order[GIN_HAND : 2 * GIN_HAND]]]
    stock = order[2 * GIN_HAND + 1 :]
    ours = GameState.new(get_game("gin-rummy"), rng.randrange(1 << 30))
    ours.arrange(
        hands=hands,
        deck=[our_card(c) for c in reversed(stock)],  # our deck's top is its last card
        discard=[our_card(order[2 * GIN_HAND])],
        current=0,
    )
    return ours, theirs, stock


def their_knock_discards(theirs: OpenSpielState) -> set[int]:
    """The cards OpenSpiel lets the player discard on knocking now (its knock phase's legal discards)."""
    if KNOCK not in theirs.legal_actions():
        return set()
    knocked = theirs.clone()
    knocked.apply_action(KNOCK)
    return set(knocked.legal_actions())


def our_knock_discards(ours: GameState) -> set[int]:
    """The cards whose discard our engine follows with a KNOCK offer to the same player."""
    player = ours.current_player
    found = set()
    for card in ours.legal_actions():
        after = ours.clone()
        after.apply_action(card)
        if after.current_player == player and L.A_KNOCK in after.legal_actions():
            found.add(card)
    return found


def reachable(state: OpenSpielState, steps: Callable[[int], bool]) -> Reached:
    """Every set of OpenSpiel actions (those ``steps`` accepts) that can be applied one after another from
    ``state``, with an order that applies them and the state they lead to."""
    found: Reached = {frozenset(): ([], state)}
    frontier: list[tuple[list[int], OpenSpielState]] = [([], state)]
    while frontier:
        path, node = frontier.pop()
        for action in node.legal_actions():
            key = frozenset([*path, action])
            if not steps(action) or key in found:
                continue
            child = node.clone()
            child.apply_action(action)
            found[key] = ([*path, action], child)
            frontier.append(([*path, action], child))
    return found


def is_meld(action: int) -> bool:
    return bool(action >= GIN.MELD_ACTION_BASE)


def is_card(action: int) -> bool:
    return action < 52


def least_deadwood_melds(state: OpenSpielState, player: int) -> list[int]:
    """Meld actions that leave ``player``'s cards in OpenSpiel's least deadwood."""
    target = UTILS.min_deadwood(state.hands()[player])
    for path, node in reachable(state, is_meld).values():
        if UTILS.total_card_value(node.hands()[player]) == target:
            return path
    raise AssertionError("no meld arrangement reaches the least deadwood")


def defender_best(state: OpenSpielState, defender: int) -> tuple[int, list[int]]:
    """The defender's least deadwood over every lay-off OpenSpiel allows (then the defender's own melds
    at least deadwood), and the lay-offs that reach it."""
    if state.finished_layoffs():  # gin: nothing is laid off
        return UTILS.min_deadwood(state.hands()[defender]), []
    options = [
        (UTILS.min_deadwood(node.hands()[defender]), path)
        for path, node in reachable(state, is_card).values()
    ]
    return min(options, key=lambda option: option[0])


def showdown(theirs: OpenSpielState, where: str) -> None:
    """Drive OpenSpiel's declarations after the knocker's discard the way our engine scores the knock:
    the knocker lays an arrangement of least deadwood, the one leaving the defender the most deadwood
    after the defender's best lay-offs; the defender lays off those cards, then melds at least deadwood."""
    knocker = theirs.current_player()
    defender = 1 - knocker
    least = UTILS.min_deadwood(theirs.hands()[knocker])
    best: tuple[int, list[int], list[int]] | None = None
    for path, node in reachable(theirs, is_meld).values():
        if PASS not in node.legal_actions() or UTILS.total_card_value(node.hands()[knocker]) != least:
            continue
        shown = node.clone()
        shown.apply_action(PASS)
        left, lay_offs = defender_best(shown, defender)
        if best is None or left > best[0]:
            best = (left, path, lay_offs)
    assert best is not None, f"{where}: the knocker has no arrangement at least deadwood"
    for action in [*best[1], PASS, *best[2]]:
        theirs.apply_action(action)
    if not theirs.finished_layoffs():
        theirs.apply_action(PASS)
    for action in least_deadwood_melds(theirs, defender):
        theirs.apply_action(action)
    theirs.apply_action(PASS)
    assert theirs.is_terminal(), where
    assert theirs.deadwood()[defender] == best[0], where


def our_points(theirs: OpenSpielState) -> tuple[int, int]:
    """The points our rules give for OpenSpiel's finished hand: what its returns give the winner, except
    an equal count (no gin), which OpenSpiel scores 0 and ours as an undercut (module docstring)."""
    returns = [int(value) for value in theirs.returns()]
    knocked = theirs.knocked()
    if not any(knocked):
        return (0, 0)
    knocker = 0 if knocked[0] else 1
    points = [0, 0]
    if returns[knocker] > 0:
        points[knocker] = returns[knocker]
    elif returns[knocker] < 0:
        points[1 - knocker] = -returns[knocker]
    else:
        assert theirs.deadwood()[knocker] == theirs.deadwood()[1 - knocker] > 0
        points[1 - knocker] = UNDERCUT_BONUS
    return (points[0], points[1])


class Duel:
    """One hand played in both engines (``play`` returns the decisions compared)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.ours, self.theirs, stock = deal(self.rng)
        self.stock = iter(stock)
        self.compared = 0
        self.upcard_draws = 0
        self.taken: int | None = None  # the upcard taken this turn (OpenSpiel's id)
        self.outcome = ""

    def where(self) -> str:
        return f"seed {self.seed}, decision {self.compared}"

    def same_table(self) -> None:
        """Same hands, same top of the discard pile, same player to decide."""
        where = self.where()
        for p in range(2):
            expected = sorted(our_card(c) for c in self.theirs.hands()[p])
            assert sorted(self.ours.hand(p)) == expected, f"{where}: hand {p}"
        upcard = self.theirs.upcard()
        if upcard is not None:
            assert self.ours.discard()[-1] == our_card(upcard), f"{where}: upcard"
        assert self.ours.current_player == self.theirs.current_player(), f"{where}: player"

    def act(self, theirs: list[int], ours: list[int]) -> None:
        for action in theirs:
            self.theirs.apply_action(action)
        for action in ours:
            self.ours.apply_action(action)

    def play(self) -> int:
        while not self.theirs.is_terminal():
            if self.theirs.is_chance_node():
                self.theirs.apply_action(next(self.stock))  # the stock card our deck gave
                continue
            phase = self.theirs.current_phase()
            if phase == Phase.FIRST_UPCARD:
                self.first_upcard()
            elif phase == Phase.DRAW:
                self.draw()
            elif phase == Phase.DISCARD:
                self.discard()
            elif phase == Phase.WALL:
                self.wall()
            else:
                raise AssertionError(f"{self.where()}: unexpected OpenSpiel phase {phase}")
        return self.compared

    def compare(self, expected: set[int]) -> None:
        self.same_table()
        assert set(self.ours.legal_actions()) == expected, f"{self.where()}: legal moves"
        self.compared += 1

    def first_upcard(self) -> None:
        legal = self.theirs.legal_actions()
        if self.theirs.current_player() == 1:  # the second offer: OpenSpiel only, always declined
            assert legal == [UPCARD, PASS], self.where()
            self.theirs.apply_action(PASS)
        elif legal == [STOCK]:  # both declined: seat 0 draws from the stock, as ours after its PASS
            self.compare({L.A_DRAW})
            self.act([STOCK], [L.A_DRAW])
        else:
            assert legal == [UPCARD, PASS], self.where()
            self.compare({L.A_DRAW, L.A_PASS})
            if self.rng.random() < 0.5:
                self.taken = self.theirs.upcard()
                self.act([UPCARD], [L.A_DRAW])
            else:
                self.act([PASS], [L.A_PASS])

    def draw(self) -> None:
        assert self.theirs.legal_actions() == [UPCARD, STOCK], self.where()
        self.compare({L.A_DRAW, L.A_PASS})
        if self.upcard_draws < MAX_UPCARD_DRAWS - 1 and self.rng.random() < 0.5:
            self.upcard_draws += 1
            self.taken = self.theirs.upcard()
            self.act([UPCARD], [L.A_DRAW])
        else:
            self.act([STOCK], [L.A_PASS])
            assert self.ours.legal_actions() == [L.A_DRAW], f"{self.where()}: our stock draw"
            self.ours.apply_action(L.A_DRAW)

    def discard(self) -> None:
        player = self.theirs.current_player()
        hand = self.theirs.hands()[player]
        legal = set(self.theirs.legal_actions())
        refused = {self.taken} if self.taken is not None else set()  # no_return
        self.compare({our_card(c) for c in legal - {KNOCK} - refused})
        knocks = their_knock_discards(self.theirs) - refused
        assert our_knock_discards(self.ours) == {our_card(c) for c in knocks}, f"{self.where()}: knocks"
        moves = [(c, False) for c in sorted(legal - {KNOCK} - refused)] + [(c, True) for c in sorted(knocks)]
        card, knock = self.pick(moves, hand)
        self.taken = None
        if knock:
            self.compared += 1  # OpenSpiel's knock discard, its legal set compared just above
            self.act([KNOCK, card], [our_card(card), L.A_KNOCK])
            self.score()
            return
        self.act([card], [our_card(card)])
        if self.ours.current_player == player and L.A_KNOCK in self.ours.legal_actions():
            self.ours.apply_action(L.A_PASS)

    def pick(self, moves: list[tuple[int, bool]], hand: list[int]) -> tuple[int, bool]:
        """A quarter of the time a uniformly random move; otherwise the discard that leaves the least
        deadwood (ties drawn at random), with a knock when there is one half the time (always with gin),
        so that hands reach gin and undercuts as well as knocks."""
        if self.rng.random() < 0.25:
            return self.rng.choice(moves)
        left = {m: UTILS.min_deadwood([c for c in hand if c != m[0]]) for m in moves}
        least = min(left.values())
        best = [m for m in moves if left[m] == least]
        knocks = [m for m in best if m[1]]
        if knocks and (least == 0 or self.rng.random() < 0.5):
            return self.rng.choice(knocks)
        return self.rng.choice([m for m in best if not m[1]])

    def wall(self) -> None:
        assert set(self.theirs.legal_actions()) <= {PASS, KNOCK}, self.where()
        self.compare({L.A_DRAW, L.A_PASS})
        knocks = their_knock_discards(self.theirs) - {self.theirs.upcard()}  # no_return
        taken = self.ours.clone()
        taken.apply_action(L.A_DRAW)
        assert our_knock_discards(taken) == {our_card(c) for c in knocks}, f"{self.where()}: knocks"
        if knocks and self.rng.random() < 0.5:
            card = self.rng.choice(sorted(knocks))
            self.compared += 1
            self.act([KNOCK, card], [L.A_DRAW, our_card(card), L.A_KNOCK])
            self.score()
            return
        self.theirs.apply_action(PASS)  # the hand is dead
        self.outcome = "dead"
        self.void_our_hand()
        assert self.theirs.returns() == [0.0, 0.0], self.where()
        assert self.ours.scores() == (0, 0), f"seed {self.seed}: our dead hand scored"

    def void_our_hand(self) -> None:
        """Play our engine's last two stock cards without knocking or taking a discard, up to the draw
        from the empty stock that voids the hand (our rule for the end of the stock)."""
        for _ in range(12):
            if self.ours.array[L.S_HAND_NO] != 1:
                return
            legal = self.ours.legal_actions()
            if L.A_KNOCK in legal or L.A_PASS in legal:
                self.ours.apply_action(L.A_PASS)
            elif legal == [L.A_DRAW]:
                self.ours.apply_action(L.A_DRAW)
            else:
                self.ours.apply_action(self.rng.choice(legal))
        raise AssertionError(f"seed {self.seed}: our hand did not end with the stock")

    def score(self) -> None:
        showdown(self.theirs, self.where())
        knocker = 0 if self.theirs.knocked()[0] else 1
        knocked, defended = self.theirs.deadwood()[knocker], self.theirs.deadwood()[1 - knocker]
        if knocked == 0:
            self.outcome = "gin"
        else:
            self.outcome = "knock" if defended > knocked else "equal" if defended == knocked else "undercut"
        if self.theirs.layoffs():
            self.outcome += " with lay-offs"
        assert self.ours.array[L.S_HAND_NO] == 2 or self.ours.is_terminal(), self.where()
        assert self.ours.scores() == our_points(self.theirs), f"seed {self.seed}: scores"


def play_one(seed: int) -> tuple[int, str]:
    """Play one hand in both engines; return the number of decisions compared and how the hand ended."""
    duel = Duel(seed)
    compared = duel.play()
    assert duel.outcome, f"seed {seed}: OpenSpiel's hand ended neither by a knock nor dead"
    return compared, duel.outcome


def meld_rich_hands(rng: random.Random) -> tuple[list[int], list[int]]:
    """A knocker's ten cards and a defender's (OpenSpiel ids, at most ten) built around the lay-off
    rules: the knocker holds a run and either a second run of its suit above a gap or a set of a rank
    next to the run's ends; the defender often holds cards of the gap and others of one of their ranks,
    then cards of the knocker's ranks or near its melds in suit."""
    deck = rng.sample(range(52), 52)
    suit, low = rng.randrange(4), rng.randrange(9)
    held = [suit * 13 + r for r in range(low, low + 3)]
    gap = []
    if rng.random() < 0.5 and low <= 6:  # the second run starts 1 to 5 ranks above the first
        start = rng.randint(low + 4, min(low + 8, 10))
        held += [suit * 13 + r for r in range(start, start + 3)]
        gap = [suit * 13 + r for r in range(low + 3, start)]
    else:
        rank = rng.choice([r for r in (low - 2, low - 1, low + 3, low + 4) if 0 <= r < 13])
        held += rng.sample([s * 13 + rank for s in range(4) if s != suit], 3)
    knocker = held + [c for c in deck if c not in held][: GIN_HAND - len(held)]
    wanted = [c for c in gap if rng.random() < 0.7]
    if wanted:
        rank = rng.choice(wanted) % 13
        wanted += [s * 13 + rank for s in range(4) if s != suit]
    beside = [c for c in deck if any(c // 13 == k // 13 and abs(c % 13 - k % 13) <= 4 for k in held)]
    ranks = {c % 13 for c in held + beside}
    near = [*wanted, *(c for c in deck if c in beside or c % 13 in ranks)]
    return knocker, [c for c in dict.fromkeys(near) if c not in knocker][:GIN_HAND]


def openspiel_lay_off(knocker: list[int], defender: list[int]) -> int:
    """The defender's deadwood under OpenSpiel's meld and lay-off rules (its utilities), with our
    choice for the knocker: of the arrangements at least deadwood, the one worst for the defender."""
    least = UTILS.min_deadwood(knocker)
    worst = -1
    for group in UTILS.all_meld_groups(knocker):
        melded = {c for meld in group for c in meld}
        if UTILS.total_card_value([c for c in knocker if c not in melded]) != least:
            continue
        melds = [UTILS.meld_to_int(sorted(meld)) for meld in group]
        laid: set[frozenset[int]] = {frozenset()}
        frontier = [frozenset[int]()]
        while frontier:
            done = frontier.pop()
            for card in UTILS.all_layoffs(melds, sorted(done)):
                more = done | {card}
                if card in defender and more not in laid:
                    laid.add(more)
                    frontier.append(more)
        best = min(UTILS.min_deadwood([c for c in defender if c not in done]) for done in laid)
        worst = max(worst, best)
    return worst


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel Gin Rummy numbers A♠ 0, 2♠ 1, ..., K♠ 12, A♣ 13, ..., then diamonds and hearts.
    assert our_card(0) == card_id(Rank.ACE, Suit.SPADES)
    assert our_card(13) == card_id(Rank.ACE, Suit.CLUBS)
    assert our_card(2 * 13 + 9) == card_id(Rank.TEN, Suit.DIAMONDS)
    assert our_card(51) == card_id(Rank.KING, Suit.HEARTS)
    ours, theirs, _ = deal(random.Random(0))
    for player in range(2):
        assert sorted(ours.hand(player)) == sorted(our_card(c) for c in theirs.hands()[player])
    assert ours.discard() == (our_card(theirs.upcard()),)


def test_our_lay_offs_agree_with_openspiel_on_random_hands() -> None:
    rng = random.Random(2024)
    values = np.array(GIN_CARD_VALUES, dtype=np.int64)
    checked = 0
    for n in range(LAY_OFF_HANDS):
        knocker, defender = meld_rich_hands(rng)
        if UTILS.min_deadwood(knocker) == 0:
            continue  # gin: nothing is laid off (knock.py does not ask)
        ours = deadwood_after_lay_off(
            np.array([our_card(c) for c in defender], dtype=np.int64),
            len(defender),
            np.array([our_card(c) for c in knocker], dtype=np.int64),
            len(knocker),
            values,
        )
        assert ours == openspiel_lay_off(knocker, defender), f"hand {n}: {knocker} v {defender}"
        checked += 1
    assert checked > LAY_OFF_HANDS * 9 // 10


def test_gin_rummy_agrees_with_openspiel_decision_for_decision() -> None:
    compared = 0
    outcomes: Counter[str] = Counter()
    for seed in range(HANDS):
        decisions, outcome = play_one(seed)
        compared += decisions
        outcomes[outcome.split(" with")[0]] += 1
        outcomes["lay-offs"] += outcome.endswith("lay-offs")
    # 76,909 decisions in 1,000 hands (about 77 a hand): the module docstring gives the outcomes.
    assert compared >= 75_000
    assert min(outcomes[o] for o in ("gin", "undercut", "equal")) >= 5, outcomes
    assert min(outcomes[o] for o in ("knock", "dead", "lay-offs")) >= 150, outcomes
