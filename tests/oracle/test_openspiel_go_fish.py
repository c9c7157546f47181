"""Go Fish, decision for decision against OpenSpiel's ``go_fish``.

OpenSpiel plays Go Fish by rank only: its chance outcomes are ranks (``a`` = rank 0 .. ``m`` = rank
12), dealt five (four players) or seven (two players) to seat 0, then to seat 1, and so on; its asks are
``target * 13 + rank``. Our rank code ``r`` (2 = 0 .. A = 12) is its rank ``r``. Each game deals in
OpenSpiel from a seeded shuffle of the 52 cards, giving the same cards to the same seats in ours (the
suit of a card does not matter to Go Fish), and our stock is the rest of that shuffle in order; every
card OpenSpiel draws afterwards (a "go fish" or an empty hand's draw) is answered with the rank of our
stock's top card.

Both then play random asks drawn from OpenSpiel's legal moves. Ours asks in two steps when several
opponents hold cards (TARGET p, then CLAIM_RANK r) and in one when only one does (the rank; the opponent
is implied), so our set of legal asks is built by trying every TARGET. At every decision both engines must
agree on who asks, on the exact set of (opponent, rank) asks, on every player's hand (cards per rank), on
every player's books and on the size of the stock; at the end, on the winners (most books; equal most
books share the win in OpenSpiel and are a draw in ours, so the comparison is of the set of players with
the most books).

One difference, at the deal, stated here once: OpenSpiel lays down a book dealt in a starting hand at
once and deals that player more cards until their hand is full again; ours deals five (or seven) and
lays the book down when that player's first ask begins. Our game is therefore arranged to the hands
OpenSpiel dealt (the recipient of each card read off its state), so a player dealt a book holds its
four cards and a full hand besides until their first ask. Nobody else holds that rank, so no ask
differs, and the comparison counts such a rank as a book already laid.

OpenSpiel's parameters are left at their defaults apart from the number of players and cards: most
books wins, the game does not end at the first player out, and a player whose hand empties draws and
then asks (``ask_after_empty_draw``), which is also our rule.

1,000 four-player games compare 70,595 asks and 1,000 two-player games 55,468; every game ends with
all thirteen books down in both, with the same books per player and the same winners.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import SetupRules
from darwindeck.genome.library import get_game

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)
OpenSpielState = Any  # pyspiel.GoFishState (no type stubs)

GAMES = 1000
RANKS = 13


def go_fish(players: int) -> Any:
    """Our Go Fish for ``players`` (five cards each for four or more, seven for two or three)."""
    game = get_game("go-fish")
    cards = 5 if players >= 4 else 7
    return game.replace(player_count=players, setup=SetupRules(cards_per_player=cards))


def deal(seed: int, players: int) -> tuple[GameState, OpenSpielState]:
    rng = random.Random(seed)
    cards = 5 if players >= 4 else 7
    order = rng.sample(range(52), 52)
    theirs = pyspiel.load_game("go_fish", {"players": players, "initial_cards": cards}).new_initial_state()
    hands: list[list[int]] = [[] for _ in range(players)]
    dealt = 0
    while str(theirs).startswith("Deal"):
        held = cards_received(theirs, players)
        theirs.apply_action(order[dealt] % RANKS)
        after = cards_received(theirs, players)
        hands[next(p for p in range(players) if after[p] > held[p])].append(order[dealt])
        dealt += 1
    ours = GameState.new(go_fish(players), seed + 1)
    stock = order[dealt:]
    ours.arrange(hands=hands, deck=list(reversed(stock)), discard=[], current=0)  # deck top: last
    return ours, theirs


def cards_received(theirs: OpenSpielState, players: int) -> list[int]:
    """The cards each player of OpenSpiel's game has been given: those held and those in books."""
    hands, books, _ = their_table(theirs, players)
    return [sum(hand.values()) + 4 * booked for hand, booked in zip(hands, books, strict=True)]


def their_table(theirs: OpenSpielState, players: int) -> tuple[list[Counter[int]], list[int], int]:
    """OpenSpiel's hands (rank counts), books and stock size, read from its state string: a phase line,
    a player line, one ``<rank><count>...:<books>`` line per player, then the stock's rank counts."""
    lines = str(theirs).split("\n")
    hands, books = [], []
    for line in lines[2 : 2 + players]:
        held, booked = line.split(":")
        hands.append(Counter({ord(held[i]) - ord("a"): int(held[i + 1]) for i in range(0, len(held), 2)}))
        books.append(int(booked))
    pool = lines[2 + players] if len(lines) > 2 + players else ""
    return hands, books, sum(int(pool[i + 1]) for i in range(0, len(pool), 2))


def our_table(ours: GameState, players: int) -> tuple[list[Counter[int]], list[int], int]:
    """Ours in the same terms; a rank held four times counts as a book already laid (module docstring)."""
    hands, books = [], []
    for p in range(players):
        counts = Counter(card % RANKS for card in ours.hand(p))
        pending = [rank for rank, n in counts.items() if n == 4]
        for rank in pending:
            del counts[rank]
        hands.append(counts)
        books.append(ours.scores()[p] + len(pending))
    return hands, books, len(ours.deck())


def our_asks(ours: GameState) -> dict[int, list[int]]:
    """Our legal asks as OpenSpiel actions, each with the actions of ours that make it."""
    legal = ours.legal_actions()
    asks: dict[int, list[int]] = {}
    if all(L.A_CLAIM_RANK0 <= a < L.A_SUIT0 for a in legal):
        target = int(ours.array[L.S_ASK_TARGET])
        for action in legal:
            asks[target * RANKS + action - L.A_CLAIM_RANK0] = [action]
        return asks
    for action in legal:
        assert L.A_TARGET0 <= action < L.A_CLAIM_RANK0, f"not an ask: {action}"
        chosen = ours.clone()
        chosen.apply_action(action)
        target = action - L.A_TARGET0
        for rank_action in chosen.legal_actions():
            asks[target * RANKS + rank_action - L.A_CLAIM_RANK0] = [action, rank_action]
    return asks


def play_one(seed: int, players: int) -> tuple[int, str]:
    """Play one game in both engines; the decisions compared and how ours ended."""
    ours, theirs = deal(seed, players)
    rng = random.Random(seed)
    compared = 0
    while not theirs.is_terminal() and not ours.is_terminal():
        where = f"seed {seed}, {players} players, decision {compared}"
        assert our_table(ours, players) == their_table(theirs, players), f"{where}: table"
        assert ours.current_player == theirs.current_player(), f"{where}: player"
        asks = our_asks(ours)
        assert sorted(asks) == sorted(theirs.legal_actions()), f"{where}: asks"
        ask = rng.choice(sorted(asks))
        stock = ours.deck()
        for action in asks[ask]:
            ours.apply_action(action)
        drawn = list(reversed(stock[len(ours.deck()) :]))  # the cards ours drew, top first
        theirs.apply_action(ask)
        while theirs.is_chance_node():  # OpenSpiel's draws until the next ask: the same cards
            assert drawn, f"{where}: OpenSpiel draws a card ours did not"
            theirs.apply_action(drawn.pop(0) % RANKS)
        assert not drawn, f"{where}: ours drew a card OpenSpiel did not"
        compared += 1
    if not theirs.is_terminal():
        assert int(ours.array[L.S_ENDED_BY]) == L.END_TURN_LIMIT, f"seed {seed}: ours ended early"
        return compared, "turn limit"
    assert ours.is_terminal(), f"seed {seed}: OpenSpiel's game ended, ours goes on"
    _, their_books, _ = their_table(theirs, players)
    assert list(ours.scores()) == their_books, f"seed {seed}: books"
    best = max(their_books)
    their_winners = {p for p in range(players) if their_books[p] == best}
    our_winners = {p for p, value in enumerate(ours.returns()) if value > 0}
    assert our_winners == (their_winners if len(their_winners) == 1 else set()), f"seed {seed}: winners"
    return compared, "all books down"


@pytest.mark.parametrize("players", [4, 2])
def test_go_fish_agrees_with_openspiel_ask_for_ask(players: int) -> None:
    compared = 0
    endings: Counter[str] = Counter()
    for seed in range(GAMES):
        decisions, ending = play_one(seed, players)
        compared += decisions
        endings[ending] += 1
    assert endings["all books down"] == GAMES, endings
    assert compared >= {4: 70_000, 2: 55_000}[players], compared
