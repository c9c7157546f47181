"""Genome builders and forced deals shared by the engine's scenario tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import (
    Condition,
    ConditionType,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    GameGenome,
    Location,
    PlayPhase,
    Rank,
    SetupRules,
    SpecialEffect,
    Suit,
    TurnStructure,
    WinCondition,
    WinType,
    card_id,
)
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import Phase


def c(text: str) -> int:
    """Card id from ``'QS'`` / ``'10H'`` / ``'AD'`` notation."""
    return card_id(Rank(text[:-1]), Suit(text[-1]))


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def draw_to_21(stand: bool = True) -> GameGenome:
    """A draw-to-21 contest among the players, with no dealer: the library's Blackjack before it played
    against the house, kept for the tests of ``stand`` and ``best_hand``. Each turn a player may take one
    card while under 21 (with ``stand``, declining is final for the hand), aces 11 or 1, over 21 busts;
    a round in which no card moves ends the hand and the best total not over 21 wins."""
    game = get_game("blackjack")
    draw = game.phases[0]
    assert isinstance(draw, DrawPhase)
    phase = dataclasses.replace(draw, loop=False, stand=stand)
    turns = dataclasses.replace(game.turn_structure, phases=(phase,))
    return game.replace(turn_structure=turns, win_conditions=(WinCondition(WinType.BEST_HAND),))


def blackjack(**dealer: bool) -> GameGenome:
    """The library's Blackjack; ``dealer`` changes fields of its dealer phase."""
    game = get_game("blackjack")
    draw, house = game.phases
    assert isinstance(house, DealerPhase)
    turns = dataclasses.replace(game.turn_structure, phases=(draw, dataclasses.replace(house, **dealer)))
    return game.replace(turn_structure=turns)


def blackjack_table(genome: GameGenome, hands: list[str], up: str, hole: str, deck: str) -> GameState:
    """A deal of ``genome``: the four hands, the dealer's up-card and hole card, the deck's top cards
    (the first drawn first) over the rest of the pack."""
    state = GameState.new(genome, 1)
    assert not state.is_terminal(), "seed 1's own deal must not end at once (a dealer's natural)"
    held = [cards(h) for h in hands]
    top = cards(deck)
    used = {x for h in held for x in h} | set(top) | {c(up), c(hole)}
    rest = [x for x in state.tables.deck_cards.tolist() if x not in used]
    state.arrange(hands=held, deck=rest + top[::-1], dealer=(c(up), c(hole)), current=0)
    return state


def shedding_genome(
    players: int = 3,
    effects: Sequence[SpecialEffect] = (),
    phases: Sequence[Phase] | None = None,
    cards_per_player: int = 5,
    **setup: object,
) -> GameGenome:
    """A plain shedding game: draw one card, play any card to the discard; empty hand wins."""
    return GameGenome(
        name="shed",
        setup=SetupRules(cards_per_player=cards_per_player, **setup),  # type: ignore[arg-type]
        turn_structure=TurnStructure(
            phases=tuple(phases)
            if phases is not None
            else (PlayPhase(target=Location.DISCARD, valid_play_condition=None),)
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
        special_effects=tuple(effects),
        player_count=players,
        max_turns=500,
    )


def arranged(
    genome: GameGenome,
    hands: Sequence[Sequence[int]],
    discard: Sequence[int] = (),
    current: int = 0,
    deck: Sequence[int] | None = None,
    seed: int = 0,
    tableau: dict[int, list[int]] | None = None,
) -> GameState:
    """A game of ``genome`` with these hands and discard; the other cards in the deck (ascending ids,
    so the top of the deck is the highest id) unless ``deck`` is given (then the rest go to the discard's
    bottom)."""
    state = GameState.new(genome, seed)
    on_table = [x for pile in (tableau or {}).values() for x in pile]
    used = {x for h in hands for x in h} | set(discard) | set(deck or ()) | set(on_table)
    rest = [x for x in state.tables.deck_cards.tolist() if x not in used]
    if deck is None:
        state.arrange(hands=hands, deck=rest, discard=discard, current=current, tableau=tableau)
    else:
        state.arrange(hands=hands, deck=deck, discard=[*rest, *discard], current=current, tableau=tableau)
    return state


__all__ = [
    "Condition",
    "ConditionType",
    "DiscardPhase",
    "DrawPhase",
    "arranged",
    "c",
    "cards",
    "shedding_genome",
]


def bridge_last_trick(
    hands: str, ns_tricks: int, ew_tricks: int, deal: int = 1, team_scores: tuple[int, int] = (0, 0)
) -> GameState:
    """Bridge at the last trick of deal ``deal``, its auction still to come (the deal's dealer calls
    first): one card each (``hands``: North, East, South, West, comma-separated), the first twelve tricks
    split ``ns_tricks`` / ``ew_tricks`` (North and East hold them), ``deal - 1`` deals played before,
    which left these team scores (North-South, East-West)."""
    state = GameState.new(get_game("bridge"), 0)
    state.array[L.S_HAND_NO] = deal
    state.array[L.S_HANDS_PLAYED] = deal - 1
    state.array[L.B_TEAM_SCORE : L.B_TEAM_SCORE + 2] = team_scores
    state.array[L.B_TRICKS + 0] = ns_tricks
    state.array[L.B_TRICKS + 1] = ew_tricks
    state.array[L.S_TRICKS_PLAYED] = ns_tricks + ew_tricks
    dealt = [cards(hand) for hand in hands.split(",")]
    used = {card for hand in dealt for card in hand}
    rest = [card for card in range(52) if card not in used]
    state.arrange(hands=dealt, deck=rest, discard=[], current=(deal - 1) % 4)
    return state
