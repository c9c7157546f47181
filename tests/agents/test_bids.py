"""Bids chosen in sampled worlds (``agents.bids``) on deals whose trick counts are certain.

Each deal is four cards a hand (the other cards out of play, face up in the discard, so the seat knows
which cards are hidden: the other hands). The trick counts hold in every world the sampler can deal, so
the mean score of each bid is worked out by hand from the contract scoring of ``engine.contracts``'s
docstring (Spades: 10 a trick bid, 1 an overtrick, −10 a trick bid when set, Nil ±100, a team whose only
bid is a failed Nil has a contract of 0 and all its tricks are overtricks; Oh Hell: only an exact bid
scores, 10 plus the bid).
"""

from __future__ import annotations

import numpy as np

from darwindeck.agents.bids import bid_values, sampled_bid
from darwindeck.agents.determinize import new_knowledge
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, cards

SPADES = 3  # suit codes: ♥ 0, ♦ 1, ♣ 2, ♠ 3
TOP_SPADES = "AS KS QS JS"
LOW_HEARTS = "2H 3H 4H 5H"
OTHER_SPADES = ["10S 9S 8S 7S", "6S 5S 4S 3S", "2S AH KH QH"]


def deal(game: str, first: str, others: list[str], current: int = 0) -> GameState:
    """Seat 0 holds ``first``, seats 1-3 ``others``; ``current`` bids first; spades are trumps."""
    state = arranged(get_game(game), [cards(first), *(cards(h) for h in others)], deck=[], current=current)
    state.array[L.S_HAND_TRUMP] = SPADES
    return state


def knowledge_row(state: GameState) -> np.ndarray:
    """The deciding seat's knowledge at the start of the deal: nothing beyond its observation."""
    knowledge = new_knowledge()
    knowledge[:, -1] = state.array[L.S_HAND_NO]
    return knowledge[state.array[L.S_ACTOR]]


def values(state: GameState, seed: int = 1) -> dict[str, float]:
    """Each legal bid's mean score over the worlds, by the bid's name."""
    out = np.zeros(state.array[L.S_N_LEGAL], dtype=np.float64)
    rng = np.array([seed], dtype=np.int64)
    bid_values(state.program, state.array, knowledge_row(state), False, rng, out)
    names = [state.action_to_string(a) for a in state.legal_actions()]
    return dict(zip(names, out.tolist(), strict=True))


def bid(state: GameState, seed: int = 1) -> str:
    """The bid the seat to act makes."""
    rng = np.array([seed], dtype=np.int64)
    return state.action_to_string(sampled_bid(state.program, state.array, knowledge_row(state), False, rng))


def test_four_top_trumps_bid_four() -> None:
    # Spades: seat 0 holds the four top spades and every other card is a lower spade or a heart, so it
    # wins every trick whatever the others hold: 4 tricks. Bid b of 1-4: 10b + (4 - b) overtricks, each
    # overtrick a bag charged 100/10 = 10; Nil fails: -100, its contract 0 with 4 overtricks (+4, 4 bags).
    state = deal("spades", TOP_SPADES, OTHER_SPADES)
    assert values(state) == {"bid Nil": -136.0, "bid 1": -17.0, "bid 2": 2.0, "bid 3": 21.0, "bid 4": 40.0}
    assert bid(state) == "bid 4"


def test_a_hand_without_a_trick_bids_nil() -> None:
    # Spades: seat 0 holds four hearts and the others only spades (trumps), so every trick holds a spade
    # of another seat: 0 tricks. Nil is made (+100); a bid b is set (-10b).
    state = deal("spades", LOW_HEARTS, ["AS KS QS JS", "10S 9S 8S 7S", "6S 5S 4S 3S"])
    assert values(state) == {"bid Nil": 100.0, "bid 1": -10.0, "bid 2": -20.0, "bid 3": -30.0, "bid 4": -40.0}
    assert bid(state) == "bid Nil"


def test_oh_hell_bids_its_certain_count_exactly() -> None:
    # Oh Hell (no Nil; only an exact bid scores, 10 + the bid), spades trumps. Four top trumps: 4 tricks,
    # so bid 4 scores 14 and every other bid 0. No trick possible: bid 0 scores 10, every other bid 0.
    top = deal("oh-hell", TOP_SPADES, OTHER_SPADES)
    assert values(top) == {"bid 0": 0.0, "bid 1": 0.0, "bid 2": 0.0, "bid 3": 0.0, "bid 4": 14.0}
    assert bid(top) == "bid 4"
    none = deal("oh-hell", LOW_HEARTS, ["AS KS QS JS", "10S 9S 8S 7S", "6S 5S 4S 3S"])
    assert values(none) == {"bid 0": 10.0, "bid 1": 0.0, "bid 2": 0.0, "bid 3": 0.0, "bid 4": 0.0}
    assert bid(none) == "bid 0"


def test_a_partner_who_has_bid_is_taken_at_its_word() -> None:
    # Partnership Spades, bids from seat 2: the partner (seat 2) bids 1, seat 3 bids 2, then seat 0 with
    # the four top spades: 4 tricks of its own. The partner is taken to make exactly its 1 (module rules),
    # so the side takes 5 on a contract of b + 1: b = 4 makes 50 exactly; b = 3: 40 + 1 less a bag (31);
    # b = 2: 30 + 2 less two bags (12); b = 1: 20 + 3 less three bags (-7); Nil fails (-100) and the
    # partner's 1 is made with 4 overtricks (+14) less four bags: -126.
    hands = [TOP_SPADES, "10S 9S 8S 7S", LOW_HEARTS, "6S 5S 4S 3S"]
    state = arranged(get_game("partnership-spades"), [cards(h) for h in hands], deck=[], current=2)
    for name in ("bid 1", "bid 2"):
        state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == name))
    assert state.array[L.S_ACTOR] == 0
    assert values(state) == {"bid Nil": -126.0, "bid 1": -7.0, "bid 2": 12.0, "bid 3": 31.0, "bid 4": 50.0}
    assert bid(state) == "bid 4"


def test_a_partner_yet_to_bid_leaves_the_bidder_its_own_tricks() -> None:
    # Partnership Spades, seat 0 bids first: the partner is taken to bid what it takes in each world, so
    # the side's score is seat 0's own: 4 tricks, values as in cut-throat Spades (10b + (4 - b) less 10 a
    # bag; Nil -100 + 4 overtricks less four bags).
    state = deal("partnership-spades", TOP_SPADES, OTHER_SPADES)
    assert values(state) == {"bid Nil": -136.0, "bid 1": -17.0, "bid 2": 2.0, "bid 3": 21.0, "bid 4": 40.0}


def test_the_bid_is_a_function_of_the_seed() -> None:
    # a real deal whose trick count is uncertain: the same seed gives the same values and bid
    state = GameState.new(get_game("partnership-spades"), 3)
    assert values(state, 5) == values(state, 5)
    assert bid(state, 5) == bid(state, 5)
    assert values(state, 5) != values(state, 6)
