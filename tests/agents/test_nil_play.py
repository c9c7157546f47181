"""The greedy player's trick play around a Nil (``engine.policies``: the Nil bidder ducks, its partner
covers, the opponents try to set it), on Partnership Spades deals of three cards a hand (the other cards
out of play, face up in the discard). Seats 0 and 2 are one side, 1 and 3 the other; the bids go round
from the first player, who then leads. Every expected card is worked out by hand from the rules in the
policy's docstring: hearts are led, so a heart beats a lower heart and nothing else takes the trick.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, cards

SPADES = 3  # suit codes: ♥ 0, ♦ 1, ♣ 2, ♠ 3


def deal(hands: list[str], bids: list[str], current: int) -> GameState:
    """Seats 0-3 hold ``hands``; ``bids`` are made in turn from seat ``current``."""
    state = arranged(get_game("partnership-spades"), [cards(h) for h in hands], deck=[], current=current)
    state.array[L.S_HAND_TRUMP] = SPADES
    for name in bids:
        state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == name))
    return state


def greedy_trick(state: GameState) -> list[str]:
    """The four cards the greedy player plays to the next trick, in turn."""
    played = []
    for _ in range(4):
        action = int(greedy_choice(state.program, state.array))
        played.append(state.action_to_string(action))
        state.apply_action(action)
    return played


SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def names(text: str) -> list[str]:
    """The engine's names of the card plays ``text`` lists (``'10H'`` is ``'card 10♥'``)."""
    return [f"card {card[:-1]}{SYMBOLS[card[-1]]}" for card in text.split()]


HANDS = ["2H 9H AD", "7H JH 2D", "3H 6H 8H", "4H 10H KH"]


def test_the_opponents_set_a_nil_and_its_partner_covers() -> None:
    # Seat 1 bids Nil. Seat 0, an opponent, leads its lowest card, 2H (not its highest, AD). Seat 1 has
    # only hearts that beat 2H and plays the lower, 7H, which holds the trick. Seat 2, an opponent, ducks
    # under it with the highest heart below 7H, 6H (not 8H, the cheapest card that would take the trick),
    # so the Nil bidder's 7H still holds. Seat 3, the Nil's partner, covers with the cheapest heart above
    # 7H, 10H (not its lowest, 4H, which a partner plays when its side already holds the trick): seat 3
    # takes the trick and the Nil stands.
    state = deal(HANDS, ["bid 1", "bid Nil", "bid 1", "bid 1"], current=0)
    assert greedy_trick(state) == names("2H 7H 6H 10H")
    assert state.array[L.B_TRICKS + 3] == 1
    assert state.array[L.B_TRICKS + 1] == 0


def test_without_a_nil_the_same_cards_are_played_for_tricks() -> None:
    # The same deal with seat 1 bidding 1: seat 0 leads its highest card, AD. Seat 1 must follow with
    # 2D; seats 2 and 3 hold no diamond and no spade and cannot beat it, so each discards its cheapest
    # card, 3H and 4H.
    state = deal(HANDS, ["bid 1", "bid 1", "bid 1", "bid 1"], current=0)
    assert greedy_trick(state) == names("AD 2D 3H 4H")


def test_a_partner_still_before_the_nil_plays_its_highest_winner() -> None:
    # Seat 0 bids Nil (last, seat 1 bids first and leads). Seat 1, an opponent, leads its lowest card,
    # 2H. Seat 2, the Nil's partner, with the Nil still to play, takes the lead with its highest heart,
    # KH (not the cheapest winner, 5H). Seat 3, an opponent, plays its cheapest card that beats KH, AH.
    # Seat 0, the Nil, plays its highest heart that does not win, QH.
    hands = ["6H 10H QH", "2H 8H AC", "5H 9H KH", "3H 4H AH"]
    state = deal(hands, ["bid 1", "bid 1", "bid 1", "bid Nil"], current=1)
    assert greedy_trick(state) == names("2H KH AH QH")
    assert state.array[L.B_TRICKS + 0] == 0
