"""OpenSpiel's ``euchre`` in our terms: its actions as ours, and one deal dealt to both engines.

Shared by the differential test (``test_openspiel_euchre``) and the match against OpenSpiel's ISMCTS
(``benchmarks.ismcts``), so both deal a seed's hand the same way.

**Actions.** OpenSpiel's 0..23 are the cards ``rank * 4 + suit`` (ranks 9, 10, J, Q, K, A; suits C, D,
H, S), both the dealer's discard and the cards played; 24 is pass (our PASS); 25..28 call trump ♣, ♦, ♥,
♠ (our NAME_SUIT of that suit); 29 and 30 answer "go alone?" (ours has no going alone).

**The deal** (``deal``). OpenSpiel's first chance outcome picks the dealer and its next 20 give card
``k`` to seat ``(dealer + k) mod 4``; its 21st is the turned-up card. Ours is arranged to the same hands,
the same turned card on the discard pile, the three cards OpenSpiel never deals in the deck, and the same
dealer (our hand ``h`` is dealt by seat ``(h − 2) mod 4``, so the hand number is set to ``dealer + 2``):
the seat on the dealer's left bids first. Every chance outcome is drawn uniformly from OpenSpiel's list
by the ``random.Random`` given, so a seed gives one deal.

OpenSpiel's parameters (``OPENSPIEL_PARAMS``) are set to our rules: ``stick_the_dealer`` False (ours
plays Pagat's redeal rule) and ``allow_lone_defender`` False.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Suit
from darwindeck.genome.library import get_game

from .cards import rank_major_card

if TYPE_CHECKING:
    import pyspiel

OPENSPIEL_PARAMS = {"stick_the_dealer": False, "allow_lone_defender": False}
PLAYERS = 4
CARDS = 24  # OpenSpiel's actions 0..23 are cards
PASS = 24
FIRST_CALL = 25  # 25 ♣, 26 ♦, 27 ♥, 28 ♠
GO_ALONE, WITH_PARTNER = 29, 30
HANDS_DEALT = 20  # then one more chance outcome: the turned card


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Euchre's card ``rank * 4 + suit`` as our card id."""
    return rank_major_card(openspiel_card, ranks="9TJQKA")


def our_action(action: int) -> int:
    """OpenSpiel's action as ours: a card, PASS, or a trump call (NAME_SUIT)."""
    if action < CARDS:
        return our_card(action)
    if action == PASS:
        return L.A_PASS
    return L.A_SUIT0 + Suit("CDHS"[action - FIRST_CALL]).code


def dealt_by(dealer: int, hands: list[list[int]], turned: int, kitty: list[int], seed: int) -> GameState:
    """Our Euchre at the first decision of a hand dealt by ``dealer`` with these cards (our card ids)."""
    state = GameState.new(get_game("euchre"), seed)
    state.array[L.S_HAND_NO] = dealer + 2  # hand h is dealt by seat (h − 2) mod 4
    state.arrange(hands=hands, deck=kitty, discard=[turned], current=(dealer + 1) % PLAYERS)
    return state


@dataclass(frozen=True)
class Deal:
    """One deal in our engine: the state at the first bid, the dealer, the turned card (our card id)."""

    ours: GameState
    dealer: int
    turned: int


def deal(theirs: pyspiel.State, rng: random.Random, seed: int) -> Deal:
    """Deal OpenSpiel's new ``theirs`` (module docstring: its chance outcomes drawn with ``rng``) and ours
    the same cards; ``seed`` is our state's own seed."""
    dealer = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
    theirs.apply_action(dealer)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    dealt: list[int] = []
    while theirs.is_chance_node():
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        if len(dealt) < HANDS_DEALT:
            hands[(dealer + len(dealt)) % PLAYERS].append(our_card(card))
        theirs.apply_action(card)
        dealt.append(card)
    turned = our_card(dealt[-1])
    kitty = sorted(our_card(card) for card in range(CARDS) if card not in dealt)
    return Deal(dealt_by(dealer, hands, turned, kitty, seed), dealer, turned)
