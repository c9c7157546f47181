"""The screen never shows what the human's seat may not see: opponents' hands and the deck order."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.play.render import render_screen
from darwindeck.play.view import COMPASS, build_view, table_rules
from play.driver import make_session


def screen_text(state: GameState, seat: int, compact: bool) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=60 if compact else 100, color_system=None)
    console.print(*render_screen(build_view(state, seat), table_rules(state), compact, plain=False), sep="\n")
    return buffer.getvalue()


def test_deals_differing_only_in_hidden_cards_look_the_same() -> None:
    genome = get_game("crazy-eights")
    state = GameState.new(genome, 5)
    assert state.current_player == 0
    other = state.clone()
    hands = [state.hand(p) for p in range(4)]
    # swap East's and West's hands and reverse the deck: nothing North may see changes
    other.arrange(hands=[hands[0], hands[3], hands[2], hands[1]], deck=list(reversed(state.deck())))
    assert other.hand(1) != state.hand(1) and other.deck() != state.deck()
    assert build_view(other, 0) == build_view(state, 0)
    for compact in (False, True):
        assert screen_text(other, 0, compact) == screen_text(state, 0, compact)


def test_no_opponent_card_is_named_before_it_is_played(tmp_path: Path) -> None:
    session, buffer = make_session(
        tmp_path, "spades", 11, lambda prompt: "1" if prompt.startswith("Your") else ""
    )
    opponents = {p: session.state.hand(p) for p in (1, 2, 3)}
    session.run()
    text = buffer.getvalue()
    first_hand = text[: text.index("Hand 1 is over.")]
    for player, cards in opponents.items():
        name = COMPASS[player]
        for card in cards:
            card_text = re.escape(card_name(card))
            shown = [m.start() for m in re.finditer(card_text, first_hand)]
            played = re.search(f"{name} (?:plays|leads) ({card_text})\n", first_hand)
            assert played is not None, (name, card_name(card))
            # the first time the card is named is the line that plays it
            assert shown[0] == played.start(1), (name, card_name(card))
