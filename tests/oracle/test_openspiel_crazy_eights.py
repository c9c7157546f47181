"""Crazy Eights, move for move against OpenSpiel's ``crazy_eights``.

Each game deals the same cards in both engines: OpenSpiel's chance outcomes, drawn at random with the
game's seed, deal five cards to each of four players one at a time from seat 0 (OpenSpiel's dealer is
made the last seat, so seat 0 leads, as in our hand 1) and turn up the starter; our library ``crazy_eights()``
is arranged to the same hands and starter, with the other cards as its stock in a seeded random order.
A card our engine draws is the chance outcome OpenSpiel is dealt. Moves are seeded random choices among
our legal moves (each of which OpenSpiel offers too). At every decision both engines must agree on who
acts, on that player's hand and on the exact set of legal moves: each playable card, DRAW, and after an
eight the four suits it can name (OpenSpiel's ``Nominate suit``, our NAME_SUIT); at every draw until a
stock first runs out, on the cards in the stock. At the end both must hold the same hands, and our
winner (first out wins) must be the player OpenSpiel scores 0: OpenSpiel scores the cards left in hand
(every other player loses points), ours scores no penalty points (library docstring), so the winner and
the hands are what is compared.

OpenSpiel's parameters match the library game: four players (it deals five cards each to three or
more players, seven to two), no special cards but the eights, ``reshuffle`` on (an empty stock is refilled
from the discard pile but its top), ``max_draw_cards`` 52, our draw loop's cap (neither is ever reached:
no turn can draw more than 49 cards), ``max_turns`` 400, our turn limit (OpenSpiel counts
plays, ours turns; every turn here ends with a play). The rules differ in four places, stated here once:

* Drawing: OpenSpiel lets a player draw instead of playing a card they could play; in ours (the
  library game's rule) only a player who cannot play draws, until they can. Wherever a card can be
  played, OpenSpiel's legal moves are ours plus DRAW (``openspiel_beyond_ours``): 34,460 of the library
  game's decisions.
  OpenSpiel also offers PASS once nothing is left to draw (every card but the discard top in a hand);
  that never happens in these games (the test would fail there, naming its seed).
* The deck refill: OpenSpiel refills its stock the moment the last card is drawn; ours when the next
  card is drawn (``deck_empty = reshuffle_discard``, docs/rules-engine.md), so the cards played in
  between go into our stock too. After a stock runs out, the two stocks can hold different cards: a
  game is compared until our engine draws a card that OpenSpiel's stock does not hold, and stops there.
* The starter: OpenSpiel puts an eight back and turns another; ours would start on it. The arranged
  starter is always OpenSpiel's, so no game here starts on an eight.
* Going out on an eight: OpenSpiel ends the game at once; ours has the player name a suit first (the
  win is checked at the end of the turn). That last naming is played (any suit) but not compared.

Counts (1,000 games each, ~10 s each here): the library game compares 66,821 decisions; 874 games to
their end (52,915 decisions), 126 stop where the stocks part (363 games ran a stock out); 12 games end on
an eight; the longest is 163 turns, so none comes near the limit. The same rules for two players (our
genome with ``player_count`` 2 and seven cards each, OpenSpiel's two-player deal) compare 68,141
decisions; 913 games to their end. A turn limit of 20 compares the draw at the limit: of 100 games, 65
end there (OpenSpiel scores the hands at the 20th play; ours is a draw after the 20th turn). The tests
assert minimums below these counts.
"""

from __future__ import annotations

import dataclasses
import random
from typing import NamedTuple

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library.shedding import crazy_eights
from darwindeck.genome.schema import GameGenome

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

GAMES = 1000
DRAW, PASS = 52, 53  # OpenSpiel's ids and ours alike
NOMINATE = 54  # OpenSpiel: 54 + suit names clubs, diamonds, hearts, spades
DEALER = 52  # OpenSpiel's first chance outcome 52 + p makes seat p the dealer
SUITS = "CDHS"  # OpenSpiel's suit order
TURN_LIMIT = 2  # our S_ENDED_BY when max_turns ended the game in a draw


def our_card(openspiel_card: int) -> int:
    """OpenSpiel's card ``rank * 4 + suit`` (suits C, D, H, S; ranks 2..A) as our card id."""
    return card_id(Rank.from_code(openspiel_card // 4), Suit(SUITS[openspiel_card % 4]))


def openspiel_card(card: int) -> int:
    """Our card id as OpenSpiel's card."""
    return (card % 13) * 4 + SUITS.index(Suit.from_code(card // 13).value)


def our_action(action: int) -> int:
    """OpenSpiel's action as ours: a card, DRAW, PASS, or the suit named for an eight."""
    if action < DRAW:
        return our_card(action)
    if action >= NOMINATE:
        return L.A_SUIT0 + Suit(SUITS[action - NOMINATE]).code
    return action


def openspiel_beyond_ours(legal: list[int]) -> set[int]:
    """OpenSpiel's moves that our rules refuse (module docstring): DRAW beside a card that can be played."""
    return {DRAW} & set(legal) if min(legal) < DRAW else set()


def their_hand(theirs: pyspiel.State, player: int) -> set[int]:
    """A player's cards in OpenSpiel as ours (its observation opens with a 0-or-1 copies block per card)."""
    tensor = theirs.observation_tensor(player)
    return {our_card(c) for c in range(52) if tensor[2 * c + 1]}


class Table(NamedTuple):
    """One comparison: our genome and the OpenSpiel parameters that match it."""

    genome: GameGenome
    players: int
    cards_dealt: int  # OpenSpiel deals 7 each to two players, 5 each to more

    @property
    def openspiel_params(self) -> dict[str, int | bool]:
        return {
            "players": self.players,
            "use_special_cards": False,  # eights are the only special cards, as ours
            "reshuffle": True,  # an empty stock is refilled from the discard pile, as ours
            "max_draw_cards": 52,  # as our draw loop's cap: never reached (module docstring)
            "max_turns": self.genome.max_turns,  # OpenSpiel counts plays, we count turns: the same here
        }


LIBRARY = Table(crazy_eights(), players=4, cards_dealt=5)
TWO_PLAYERS = Table(
    crazy_eights().replace(
        player_count=2, setup=dataclasses.replace(crazy_eights().setup, cards_per_player=7)
    ),
    players=2,
    cards_dealt=7,
)


def limited(turns: int) -> Table:
    """The library game ending in a draw after ``turns`` turns (OpenSpiel: ``turns`` plays)."""
    return LIBRARY._replace(genome=LIBRARY.genome.replace(max_turns=turns))


class Game(NamedTuple):
    decisions: int  # decisions compared
    finished: bool  # compared to the end, not stopped where the stocks part after a reshuffle
    reshuffled: bool  # a stock ran out
    closing_suit: bool  # went out on an eight: ours names a suit, OpenSpiel has ended
    drawn_at_limit: bool  # the turn limit ended the game


def deal(table: Table, rng: random.Random, theirs: pyspiel.State) -> tuple[list[list[int]], int, list[int]]:
    """Deal in OpenSpiel with seeded random chance outcomes; return the hands, the starter and the rest
    of the cards as our stock (top last) in a seeded random order."""
    theirs.apply_action(DEALER + table.players - 1)  # the last seat deals: seat 0 is dealt first, leads
    hands: list[list[int]] = [[] for _ in range(table.players)]
    for dealt in range(table.players * table.cards_dealt):
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        hands[dealt % table.players].append(our_card(card))
        theirs.apply_action(card)
    while theirs.is_chance_node():  # the starter: OpenSpiel puts an eight back and turns another
        theirs.apply_action(rng.choice([outcome for outcome, _ in theirs.chance_outcomes()]))
    starter = our_card(theirs.history()[-1])
    stock = sorted(set(range(52)) - {starter} - {card for hand in hands for card in hand})
    rng.shuffle(stock)
    return hands, starter, stock


def play_one(table: Table, seed: int) -> Game:
    """Play one game in both engines; return what was compared."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("crazy_eights", table.openspiel_params).new_initial_state()
    hands, starter, stock = deal(table, rng, theirs)
    ours = GameState.new(table.genome, seed)
    ours.arrange(hands=hands, deck=stock, discard=[starter], current=0)
    decisions = 0
    reshuffled = False

    def game(finished: bool, closing_suit: bool = False, drawn_at_limit: bool = False) -> Game:
        return Game(decisions, finished, reshuffled, closing_suit, drawn_at_limit)

    while not theirs.is_terminal():
        where = f"seed {seed}, decision {decisions}"
        legal = theirs.legal_actions()
        player = ours.current_player
        assert player == theirs.current_player(), where
        assert set(ours.hand(player)) == their_hand(theirs, player), where
        ours_legal = ours.legal_actions()
        expected = {our_action(a) for a in set(legal) - openspiel_beyond_ours(legal)}
        assert sorted(ours_legal) == sorted(expected), where
        action = rng.choice(ours_legal)
        decisions += 1
        if action != L.A_DRAW:
            ours.apply_action(action)
            theirs.apply_action(next(a for a in legal if our_action(a) == action))
            continue
        # A draw: ours takes its stock's top; OpenSpiel is dealt that card as its chance outcome.
        stock_before = set(ours.deck())
        held = set(ours.hand(player))
        ours.apply_action(L.A_DRAW)
        (drawn,) = set(ours.hand(player)) - held
        theirs.apply_action(DRAW)
        theirs_stock = {our_card(outcome) for outcome, _ in theirs.chance_outcomes()}
        if not reshuffled:
            assert theirs_stock == stock_before, f"{where}: the stocks differ"
        elif drawn not in theirs_stock:
            return game(finished=False)  # the stocks parted after a reshuffle (module docstring)
        theirs.apply_action(openspiel_card(drawn))
        reshuffled |= not ours.deck()  # OpenSpiel refilled its stock at once, ours waits for a draw

    where = f"seed {seed}, the end"
    closing_suit = not ours.is_terminal()
    if closing_suit:  # the last card played was an eight: ours has its player name a suit first
        assert ours.legal_actions() == [L.A_SUIT0 + suit for suit in range(4)], where
        ours.apply_action(L.A_SUIT0)
    assert ours.is_terminal(), where
    for p in range(table.players):
        assert set(ours.hand(p)) == their_hand(theirs, p), where
    out = [p for p in range(table.players) if not ours.hand(p)]
    if not out:  # the turn limit: OpenSpiel scores the hands, ours is a draw
        assert ours.array[L.S_TURN] == table.genome.max_turns, where
        assert ours.winner == -1 and ours.array[L.S_ENDED_BY] == TURN_LIMIT, where
        return game(finished=True, closing_suit=closing_suit, drawn_at_limit=True)
    # OpenSpiel: the player out scores 0 and everyone else loses points for the cards they hold.
    returns = theirs.returns()
    assert out == [ours.winner] and returns[ours.winner] == 0, where
    assert all(value < 0 for p, value in enumerate(returns) if p != ours.winner), where
    return game(finished=True, closing_suit=closing_suit)


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel numbers 2♣ 0, 2♦ 1, 2♥ 2, 2♠ 3, 3♣ 4, ..., A♠ 51.
    assert our_card(0) == card_id(Rank.TWO, Suit.CLUBS)
    assert our_card(3) == card_id(Rank.TWO, Suit.SPADES)
    assert our_card(6 * 4 + 2) == card_id(Rank.EIGHT, Suit.HEARTS)
    assert our_card(51) == card_id(Rank.ACE, Suit.SPADES)
    assert all(openspiel_card(our_card(card)) == card for card in range(52))
    assert our_action(NOMINATE + 2) == L.A_SUIT0 + Suit.HEARTS.code
    assert our_action(DRAW) == L.A_DRAW and our_action(PASS) == L.A_PASS


def test_a_turn_limit_ends_both_engines_at_the_same_play() -> None:
    games = [play_one(limited(20), seed) for seed in range(100)]
    # 65 of the 100 games reach the 20th turn; 4 end on an eight.
    assert sum(game.drawn_at_limit for game in games) >= 50
    assert any(game.closing_suit for game in games)


def test_crazy_eights_agrees_with_openspiel_move_for_move() -> None:
    games = [play_one(LIBRARY, seed) for seed in range(GAMES)]
    # Counts in the module docstring: 66,821 decisions, 874 games compared to their end, 363 refills.
    assert sum(game.decisions for game in games) >= 65_000
    assert sum(game.finished for game in games) >= 850
    assert sum(game.reshuffled for game in games) >= 300
    assert any(game.closing_suit for game in games)
    assert not any(game.drawn_at_limit for game in games)


def test_two_player_crazy_eights_agrees_with_openspiel_move_for_move() -> None:
    games = [play_one(TWO_PLAYERS, seed) for seed in range(GAMES)]
    # Counts in the module docstring: 68,141 decisions, 913 games compared to their end.
    assert sum(game.decisions for game in games) >= 65_000
    assert sum(game.finished for game in games) >= 900
    assert not any(game.drawn_at_limit for game in games)
