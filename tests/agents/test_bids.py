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

from darwindeck.agents.bids import bid_values, sampled_bid, sampled_call
from darwindeck.agents.competent import BID_WORLDS, competent_row
from darwindeck.agents.determinize import new_knowledge
from darwindeck.agents.mcts import new_tree, search, unsearched_move
from darwindeck.engine import layout as L
from darwindeck.engine.program import phase_at
from darwindeck.engine.search_params import default_params
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
    bid_values(state.program, state.array, knowledge_row(state), False, rng, BID_WORLDS, out)
    names = [state.action_to_string(a) for a in state.legal_actions()]
    return dict(zip(names, out.tolist(), strict=True))


def bid(state: GameState, seed: int = 1) -> str:
    """The bid the seat to act makes."""
    rng = np.array([seed], dtype=np.int64)
    return state.action_to_string(
        sampled_bid(state.program, state.array, knowledge_row(state), False, rng, BID_WORLDS)
    )


def competent_choice(state: GameState, seed: int = 1) -> str:
    """The competent MCTS player's choice (``competent_row``, 100 iterations) for the seat to act."""
    row = competent_row(state.genome, 100)
    rng = np.array([seed], dtype=np.int64)
    scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
    action = search(state.program, state.array, knowledge_row(state), row, rng, new_tree(101), scratch)
    return state.action_to_string(int(action))


def play_bids(state: GameState, names: list[str]) -> None:
    for name in names:
        state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == name))


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
    play_bids(state, ["bid 1", "bid 2"])
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


# Whole 13-card deals of Partnership Spades (10 a trick bid, 1 an overtrick and a bag, set -10 a trick
# bid, Nil +-100, 10 bags cost 100 and leave the count; the bidder charges each bag added 100/10 = 10).
ALL_SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS_DIAMONDS_CLUBS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
MINORS_HIGH = "AD KD QD JD 10D 9D 8D 7D 6D AC KC QC JC"
MINORS_LOW = "5D 4D 3D 2D 10C 9C 8C 7C 6C 5C 4C 3C 2C"
NO_TRICK = "6H 5H 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C"
NO_TRICK_OTHERS = [
    "AS KS QS JS 10S 9S 8S 7S 6S AH KH QH JH",
    "5S 4S 3S 2S 10H 9H 8H 7H AD KD QD JD 10D",
    "9D 8D 7D 6D AC KC QC JC 10C 9C 8C 7C 6C",
]


def test_thirteen_spades_bid_thirteen() -> None:
    # Seat 0 holds every spade (the trumps): whoever leads, it trumps or leads a trump no one can follow,
    # so it takes all 13 tricks in every world and its partner none; seat 0 bids first, so the partner,
    # yet to bid, is taken to bid the 0 it takes (a plain 0, not a Nil). Bid b of 1-13: 10b and 13 - b
    # overtricks (13 - b bags, each charged 10): 10b + (13 - b) - 10(13 - b) = 19b - 117 for b >= 4;
    # for b <= 3 the 13 - b >= 10 bags cost the penalty, 10b + (13 - b) - 100, and the 3 - b bags left
    # are charged 10 each: 19b - 117 again. Bid 13: 130, no bags. Nil fails (-100); the side's contract
    # is the partner's 0 with 13 overtricks (+13, 13 bags: the penalty -100, 3 bags left, -30): -217.
    state = arranged(
        get_game("partnership-spades"),
        [cards(h) for h in (ALL_SPADES, HEARTS_DIAMONDS_CLUBS, MINORS_HIGH, MINORS_LOW)],
        deck=[],
    )
    expected = {"bid Nil": -217.0} | {f"bid {b}": 19.0 * b - 117.0 for b in range(1, 13)} | {"bid 13": 130.0}
    assert values(state) == expected
    assert competent_choice(state) == "bid 13"


def test_a_hand_that_cannot_take_a_trick_bids_nil() -> None:
    # Seat 0 holds no spade, no ace, no king: the 2-6 of hearts and 2-5 of diamonds and clubs. Every
    # other card of those suits is higher and held by another seat, so each trick seat 0 leads is beaten
    # by a higher card of its suit or a trump, and it can never beat a card led by another: 0 tricks in
    # every world. The partner (seat 2) bid 3 and seat 3 bid 2 before it; the partner is taken to make
    # exactly its 3. Nil: +100 for the Nil and the side's contract of 3 made exactly, +30: 130. A bid b
    # of 1-13: the side's contract 3 + b, its tricks 3, set: -10(3 + b).
    hands = [cards(h) for h in (NO_TRICK, *NO_TRICK_OTHERS)]
    state = arranged(get_game("partnership-spades"), hands, deck=[], current=2)
    play_bids(state, ["bid 3", "bid 2"])
    assert state.array[L.S_ACTOR] == 0
    expected = {"bid Nil": 130.0} | {f"bid {b}": -10.0 * (3 + b) for b in range(1, 14)}
    assert values(state) == expected
    assert competent_choice(state) == "bid Nil"


def test_the_competent_player_bids_and_calls_by_the_worlds_and_the_bare_search_does_not() -> None:
    # one dispatch (mcts.unsearched_move): with the competent row a bid is bids.sampled_bid's and a trump
    # call bids.sampled_call's, on the same RNG draws; the bare search (P_BID_WORLDS 0) searches both,
    # and a card play is searched by either
    spades = GameState.new(get_game("partnership-spades"), 3)
    euchre = GameState.new(get_game("euchre"), 3)
    for state, rule, kind in ((spades, sampled_bid, L.K_BIDDING), (euchre, sampled_call, L.K_TRUMP)):
        assert phase_at(state.program, state.array[L.S_PHASE], L.PH_KIND) == kind
        assert state.array[L.S_N_LEGAL] > 1
        kn = knowledge_row(state)
        row = competent_row(state.genome, 100)
        ruled = unsearched_move(state.program, state.array, kn, row, np.array([7], dtype=np.int64))
        direct = rule(state.program, state.array, kn, False, np.array([7], dtype=np.int64), BID_WORLDS)
        assert ruled == direct
        bare = default_params()[0]
        assert unsearched_move(state.program, state.array, kn, bare, np.array([7], dtype=np.int64)) == -1
    play_bids(spades, [spades.action_to_string(a) for a in spades.legal_actions()[:1]] * 4)
    assert phase_at(spades.program, spades.array[L.S_PHASE], L.PH_KIND) == L.K_TRICK
    row = competent_row(spades.genome, 100)
    assert unsearched_move(spades.program, spades.array, knowledge_row(spades), row, np.array([7])) == -1
