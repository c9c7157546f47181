"""The screen never shows what the human's seat may not see: opponents' hands and the deck order."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id, card_name
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import completed_trick, describe_decision, describe_events
from darwindeck.play.opponents import make_opponent
from darwindeck.play.render import render_screen
from darwindeck.play.view import (
    COMPASS,
    TableView,
    build_view,
    cards_turned_up,
    lands_face_up,
    settled_view,
    table_rules,
)
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


#: Games whose rules turn cards face up at chosen moments (claims, knocks, showdowns, books, the dummy,
#: sets laid on the discard pile) or keep discards face down (the Euchre dealer's, Draw Poker's exchange).
REVEALING_GAMES = (
    "cheat",
    "draw-poker",
    "euchre",
    "gin-rummy",
    "go-fish",
    "bridge",
    "mau-mau",
    "old-maid",
    "rummy",
    "scopa",
)
CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦♣♠]")
CONTRACT = re.compile(r"(?:bids?|contract is|over:) [1-7](?:NT|[♥♦♣♠])")  # Bridge's calls and contracts


SUITS = {suit.symbol: suit for suit in Suit}


def _named(text: str) -> set[int]:
    return {card_id(Rank(name[:-1]), SUITS[name[-1]]) for name in CARD.findall(text)}


def _public(view: TableView) -> set[int]:
    """Cards face up on the table in ``view`` (the discard top, the tableau, the trick, the dummy) and
    the seat's own hand."""
    shown = {card for pile in view.tableau for card in pile} | {card for _, card in view.trick}
    shown |= set(view.dummy_hand) | set(view.hand or ())
    return shown | ({view.discard_top} if view.discard_top is not None else set())


@pytest.mark.parametrize("game", REVEALING_GAMES)
def test_every_seat_is_told_only_cards_it_may_see(game: str) -> None:
    """Over a seeded random game, each seat's narration names only cards it holds or held, cards face up
    on the table before or after the move or as the move left it (``settled_view``, read as the sessions
    read it; a card played to a trick that the move completed, or face up to a table that captured it at
    once, too), and
    the cards the rules turn face up with it (``cards_turned_up``): never a face-down discard, an
    unchallenged claim, a folded hand or another seat's hand. A set's cards under the discard top are
    allowed only because the rules turned them up (``Revealed.laid``)."""
    state = GameState.new(get_game(game), 7)
    rules = table_rules(state)
    chooser = random.Random(7)
    greedy = make_opponent("greedy", 7, None)
    greedy.start(state)
    moves: list[int] = []
    seen_turned: set[int] = set()
    for _ in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        # greedy Gin (which knocks), random play that never folds elsewhere: knocks and showdowns happen
        if game == "gin-rummy":
            action = greedy.choose(state)
        else:
            action = chooser.choice([a for a in legal if a != L.A_FOLD])
        revealed = cards_turned_up(state, action)
        befores = [build_view(state, seat, moves) for seat in range(state.n_players)]
        prior = state.clone()
        state.apply_action(action)
        moves.append(action)
        turned = set(revealed.claim) | {c for hand in revealed.hands if hand for c in hand}
        turned |= {c for _, book in revealed.books for c in book} | set(revealed.laid)
        seen_turned |= turned
        for seat, before in enumerate(befores):
            after = build_view(state, seat, moves)
            lines = [describe_decision(before, action, after, state.genome, rules, revealed)]
            if before.phase_kind == L.K_AUCTION:  # a call names a contract ("4♠"), never a card
                lines = [CONTRACT.sub("", line) for line in lines]
            settled = settled_view(prior, action, seat)  # the table the action left, as the sessions read
            events = describe_events(before, action, after, rules, revealed, settled)
            lines += [CONTRACT.sub("", line) for line in events]
            allowed = _public(before) | _public(after) | _public(settled) | turned
            allowed |= {card for _, card in completed_trick(before, action, after)}
            target = rules.play_targets[before.phase_index] if before.phase_kind == L.K_PLAY else None
            if 0 <= action < L.FULL_DECK and target is not None and lands_face_up(state.genome, target):
                allowed.add(action)  # played face up, even when a capture takes it at once (Scopa)
            leaked = _named("\n".join(lines)) - allowed
            assert not leaked, (game, seat, lines)
    # the seeded game did reach the moments the rules turn cards up
    turning = ("cheat", "draw-poker", "gin-rummy", "go-fish", "old-maid", "rummy")  # Rummy: sets laid
    assert bool(seen_turned) == (game in turning), game
