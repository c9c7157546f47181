"""Euchre, move for move against OpenSpiel's ``euchre``.

Each hand deals the same cards in both engines. OpenSpiel first draws the dealer (always West here: our
first hand is opened by North, so West deals), then deals card ``k`` of its chance sequence to seat
``(dealer + k) mod 4`` and turns the 21st card up; ours is arranged to the same hands, the same turned
card on the discard pile and the three undealt cards in the deck. Seats are the same in both (North 0,
East 1, South 2, West 3; partners N+S against E+W). Moves are drawn at random from OpenSpiel's legal
list: pass, order up or name a suit, the dealer's discard, and the 24 cards. At every step both engines
must agree on who acts and on the exact set of legal moves (trump calls, discards, and the cards that
follow suit with the left bower counted as a trump); at the end of the hand, on the score.

OpenSpiel is played with ``stick_the_dealer`` off (ours throws the hand in when all pass twice) and
without a lone defender. The rules differ at three points, stated here once:

* **Going alone.** OpenSpiel asks the maker whether to play alone; ours has no going alone, so the
  test always answers "Partner" there and that step is not compared.
* **The dealer's discard.** OpenSpiel lets the dealer discard only one of the five cards dealt; ours
  (Pagat: "the dealer ... discards one card face down") also lets the dealer discard the card just
  taken up. At that step our legal moves are OpenSpiel's plus exactly the turned card
  (``allowed_beyond_openspiel``), and the move played is always one OpenSpiel offers.
* **A hand thrown in.** When all four pass in both rounds, OpenSpiel's game ends with nothing scored;
  ours deals the next hand. The comparison stops there and checks that ours is on hand 2 with no score.

OpenSpiel's returns are zero-sum per player (a side that scores ``n`` gets ``+n``, the other ``−n``);
ours adds the points to the scoring side's team score, so North's return is our team 0 score minus our
team 1 score. OpenSpiel plays one hand; our game goes on to 10, so the comparison stops at the hand's end.

Compared: 1,000 random hands, 22,910 decisions (trump was made in every one: 413 hands scored 1, 587
scored 2, a march or a euchre), and 20 hands in which everyone passes, thrown in by both.
"""

from __future__ import annotations

import random

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

GAMES = 1000
PLAYERS = 4
WEST = 3
CARDS = 24  # OpenSpiel's actions 0..23 are cards (rank * 4 + suit, ranks 9..A, suits C, D, H, S)
RANKS = "9TJQKA"
SUITS = "CDHS"


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Euchre's card ``rank * 4 + suit`` as our card id."""
    rank = RANKS[openspiel_card // 4]
    suit = SUITS[openspiel_card % 4]
    return card_id(Rank("10" if rank == "T" else rank), Suit(suit))


def our_action(state: pyspiel.State, action: int) -> int:
    """OpenSpiel's action as ours: a card, PASS, or NAME_SUIT of a suit (ordering up is naming the
    turned card's suit)."""
    if action < CARDS:
        return our_card(action)
    name = state.action_to_string(state.current_player(), action)
    if name == "Pass":
        return L.A_PASS
    return L.A_SUIT0 + Suit(name[0]).code


def deal(rng: random.Random) -> tuple[pyspiel.State, list[list[int]], int]:
    """A new OpenSpiel hand dealt by West with seeded random cards; the hands and turned card as ours."""
    theirs = pyspiel.load_game("euchre", {"stick_the_dealer": False}).new_initial_state()
    theirs.apply_action(WEST)  # the first chance outcome is the dealer
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    dealt = 0
    turned = -1
    while theirs.is_chance_node():
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        if dealt < 5 * PLAYERS:
            hands[(WEST + dealt) % PLAYERS].append(our_card(card))
        else:
            turned = our_card(card)
        theirs.apply_action(card)
        dealt += 1
    return theirs, hands, turned


def allowed_beyond_openspiel(ours: GameState, turned: int, discarding: bool) -> set[int]:
    """Our legal moves that OpenSpiel refuses (module docstring): the turned card at the dealer's discard."""
    return {turned} if discarding and turned in ours.hand(ours.current_player) else set()


def play_one(seed: int, always_pass: bool = False) -> int:
    """Play one hand in both engines; return the number of decisions compared. With ``always_pass``
    every trump decision is a pass (random play almost never throws a hand in: about 1 hand in 4,000)."""
    rng = random.Random(seed)
    theirs, hands, turned = deal(rng)
    dealt = {card for hand in hands for card in hand} | {turned}
    rest = [card for card in get_game("euchre").setup.initial_deck.card_ids() if card not in dealt]
    ours = GameState.new(get_game("euchre"), seed)
    ours.arrange(hands=hands, deck=rest, discard=[turned], current=0)
    steps = 0
    while not theirs.is_terminal():
        where = f"seed {seed}, step {steps}"
        legal = theirs.legal_actions()
        names = {theirs.action_to_string(theirs.current_player(), a) for a in legal}
        if names == {"Alone", "Partner"}:
            theirs.apply_action(next(a for a in legal if theirs.action_to_string(a) == "Partner"))
            continue
        assert ours.current_player == theirs.current_player(), where
        discarding = len(ours.hand(ours.current_player)) == 6
        expected = {our_action(theirs, a) for a in legal} | allowed_beyond_openspiel(ours, turned, discarding)
        assert sorted(ours.legal_actions()) == sorted(expected), where
        action = rng.choice(legal)
        if always_pass and "Pass" in names:
            action = next(a for a in legal if theirs.action_to_string(a) == "Pass")
        ours.apply_action(our_action(theirs, action))
        theirs.apply_action(action)
        steps += 1
    returns = [int(value) for value in theirs.returns()]
    team_scores = list(ours.team_scores())
    if returns == [0] * PLAYERS:  # every hand trump was made in scores: this one was thrown in
        assert steps == 2 * PLAYERS, f"seed {seed}: a throw-in is eight passes"
        assert ours.array[L.S_HAND_NO] == 2 and team_scores == [0, 0], f"seed {seed}: thrown in"
    else:
        assert returns[0] == team_scores[0] - team_scores[1], f"seed {seed}: {team_scores} v {returns}"
        assert returns == [returns[0], -returns[0]] * 2, f"seed {seed}: {returns}"
    return steps


def test_a_dealt_card_maps_to_the_same_card() -> None:
    # OpenSpiel Euchre numbers 9♣ 0, 9♦ 1, 9♥ 2, 9♠ 3, 10♣ 4, ..., A♠ 23.
    assert our_card(0) == card_id(Rank.NINE, Suit.CLUBS)
    assert our_card(2) == card_id(Rank.NINE, Suit.HEARTS)
    assert our_card(2 * 4 + 1) == card_id(Rank.JACK, Suit.DIAMONDS)
    assert our_card(23) == card_id(Rank.ACE, Suit.SPADES)


def test_a_hand_everyone_passes_is_thrown_in_by_both() -> None:
    # Eight passes (two rounds of four) and nothing is scored: OpenSpiel ends, ours deals hand 2.
    assert [play_one(seed, always_pass=True) for seed in range(20)] == [8] * 20


def test_euchre_agrees_with_openspiel_move_for_move() -> None:
    # Every hand trump is made in: the calls (1 to 8 decisions), the dealer's discard when the turned
    # card was ordered up, and 20 cards; 22,910 decisions over the 1,000 hands (the run on 2026-11-25).
    compared = sum(play_one(seed) for seed in range(GAMES))
    assert compared >= GAMES * 21
