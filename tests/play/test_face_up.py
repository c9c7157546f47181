"""Every card the rules turn face up is named, and no other: sets laid on a face-up pile, the cards a
capture takes off the table, and sets put face down (named to their owner only).

Each deal is forced (``engine.scenario.arranged``); the expected cards follow from the engine's rules:
a set of n cards of a rank lays the n lowest-id playable cards of that rank (``kernel._set_cards``;
card id = suit × 13 + rank, suits ♥ 0, ♦ 1, ♣ 2, ♠ 3), one after another, so the last is on top; a
card played to the table in ``match_rank`` mode captures the table's card of its rank (``engine.tableau``).
"""

from __future__ import annotations

import io

from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Location, PlayPhase, Rank, Visibility
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import describe_decision, describe_events
from darwindeck.play.render import move_namer, move_text, render_screen
from darwindeck.play.view import Revealed, build_view, cards_turned_up, table_rules
from engine.scenario import arranged, c, cards, shedding_genome

PAIR_OF_KINGS = L.A_SET0 + (2 - 2) * L.N_RANKS + Rank.KING.code


def told(state: GameState, action: int, seat: int) -> tuple[list[str], Revealed]:
    """The lines ``seat`` is told when ``action`` is applied to ``state`` (the state moves on), with the
    cards the rules turned up."""
    revealed = cards_turned_up(state, action)
    before = build_view(state, seat)
    state.apply_action(action)
    after = build_view(state, seat)
    rules = table_rules(state)
    lines = [
        describe_decision(before, action, after, state.genome, rules, revealed),
        *describe_events(before, action, after, rules, revealed),
    ]
    return lines, revealed


def screen(state: GameState, seat: int) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    console.print(*render_screen(build_view(state, seat), table_rules(state), compact=False, plain=True))
    return buffer.getvalue()


def president_with_three_kings() -> GameState:
    """President, East to play on an empty pile holding K♥ K♣ K♠ 3♦ (North holds the fourth king)."""
    hands = [cards("KD 2C 4C"), cards("KH KC KS 3D"), cards("5C 6C 7C"), cards("8C 9C 10C")]
    return arranged(get_game("president"), hands, current=1)


def test_a_pair_laid_face_up_is_named_card_by_card() -> None:
    for seat, words in ((0, "East plays"), (1, "You play")):
        state = president_with_three_kings()
        assert PAIR_OF_KINGS in state.legal_actions()
        lines, revealed = told(state, PAIR_OF_KINGS, seat)
        # the two lowest ids of the three kings: K♥ (0 × 13 + 11) and K♣ (2 × 13 + 11); K♣ on top
        assert lines == [f"{words} K♥ K♣"]
        assert revealed.laid == (c("KH"), c("KC"))
        assert state.discard() == (c("KH"), c("KC"))
        assert c("KS") in state.hand(1)


def test_the_king_kept_in_hand_is_never_shown_to_another_seat() -> None:
    state = president_with_three_kings()
    lines, _ = told(state, PAIR_OF_KINGS, 0)
    text = "\n".join(lines) + screen(state, 0)
    assert "K♠" not in text  # still in East's hand
    assert "K♣" in screen(state, 0)  # the top of the pile, face up
    assert "K♠" in screen(state, 1)  # East's own hand


def face_down_sets(target: Location, visibility: Visibility = Visibility.FACE_UP) -> GameState:
    """A shedding game of three whose play phase puts one card or a pair on ``target``; Player 2 (seat 1)
    holds K♥ K♣ 3♦ and plays."""
    play = PlayPhase(target=target, valid_play_condition=None, min_cards=1, max_cards=2)
    genome = shedding_genome(players=3, phases=(play,), discard_visibility=visibility)
    return arranged(
        genome, [cards("2C 4C"), cards("KH KC 3D"), cards("5C 6C")], discard=cards("9S"), current=1
    )


def test_a_pair_put_face_down_is_named_only_to_its_owner() -> None:
    cases = (
        (
            Location.DISCARD,
            Visibility.FACE_DOWN,
            "Player 2 plays 2 cards face down",
            "You play K♥ K♣ face down",
        ),
        (
            Location.DECK,
            Visibility.FACE_UP,
            "Player 2 puts 2 cards onto the deck",
            "You put K♥ K♣ onto the deck",
        ),
    )
    for target, visibility, to_player_1, to_player_2 in cases:
        state = face_down_sets(target, visibility)
        lines, revealed = told(state, PAIR_OF_KINGS, 0)
        # nothing else is said: the deck grew by the pair put on it, no shuffle
        assert (lines, revealed.laid) == ([to_player_1], ())
        state = face_down_sets(target, visibility)
        assert told(state, PAIR_OF_KINGS, 1)[0] == [to_player_2]


def test_a_pair_on_a_face_up_discard_in_a_shedding_game() -> None:
    state = face_down_sets(Location.DISCARD)
    assert told(state, PAIR_OF_KINGS, 2)[0] == ["Player 2 plays K♥ K♣"]
    assert state.discard()[-2:] == (c("KH"), c("KC"))


def test_a_capture_names_the_cards_taken_off_the_table() -> None:
    # Scopa (match_rank): 5♠ played on a table holding 5♣ and 7♦ takes the 5♣, with itself.
    state = GameState.new(get_game("scopa"), 0)
    deck = [card for card in state.tables.deck_cards.tolist() if card not in cards("5S 2C 5C 7D 3H")]
    state.arrange(
        hands=[cards("5S 2C"), cards("3H")], deck=deck, tableau={L.GENERAL_PILE: cards("5C 7D")}, current=0
    )
    lines, _ = told(state, c("5S"), 1)
    assert lines == ["Player 1 plays 5♠ to the table", "Player 1 captures 5♣ 5♠"]
    assert state.tableau(L.GENERAL_PILE) == (c("7D"),)


def test_a_battle_of_war_says_who_takes_the_cards() -> None:
    # War (captures to the hand): 7♠ beats 4♣, so Player 2 takes both cards, face up on the table.
    state = arranged(get_game("war"), [cards("2H 4C"), cards("3H 7S")], current=0)
    assert told(state, c("4C"), 0)[0] == ["You play 4♣ to the table"]
    lines, _ = told(state, c("7S"), 0)
    assert lines == ["Player 2 plays 7♠ to the table", "Player 2 takes 4♣ 7♠"]
    assert (len(state.hand(0)), len(state.hand(1))) == (1, 3)


def last_cards_of_a_hand(state: GameState) -> None:
    """The first hand's last two cards: Player 1 holds 3♥, Player 2 5♠; the table holds 5♣ over every
    card but the threes and fives; the deck is empty, the other threes and fives set aside."""
    deck = state.tables.deck_cards.tolist()
    threes_and_fives = {Rank.THREE.code, Rank.FIVE.code}
    table = [x for x in deck if x % L.N_RANKS not in threes_and_fives]
    aside = [x for x in deck if x % L.N_RANKS in threes_and_fives and x not in cards("3H 5S 5C")]
    state.arrange(
        hands=[cards("3H"), cards("5S")],
        deck=[],
        discard=aside,
        tableau={L.GENERAL_PILE: [*table, c("5C")]},
        current=0,
    )


def test_the_capture_that_ends_the_game_is_told() -> None:
    # Scopa's last two cards: 3♥ finds no 3 on the table; 5♠ takes the 5♣, every hand and the deck are
    # empty, the game is over, and the line at its end counts the captured cards: 0 and 2.
    state = GameState.new(get_game("scopa"), 0)
    last_cards_of_a_hand(state)
    assert told(state, c("3H"), 0)[0] == ["You play 3♥ to the table"]
    lines, _ = told(state, c("5S"), 0)
    assert state.is_terminal()
    assert lines == [
        "Player 2 plays 5♠ to the table",
        "Player 2 captures 5♣ 5♠",
        "Hand 1 is over. Captured: Player 1 0, Player 2 2",
    ]


def test_a_set_move_names_the_cards_it_will_put_down() -> None:
    # East's own moves: a pair of kings puts down K♥ K♣ (the two lowest ids), three kings all three.
    state = president_with_three_kings()
    view, rules, name = build_view(state, 1), table_rules(state), move_namer(state)
    three_kings = L.A_SET0 + (3 - 2) * L.N_RANKS + Rank.KING.code
    assert move_text(view, PAIR_OF_KINGS, name, rules) == "play K♥ K♣"
    assert move_text(view, three_kings, name, rules) == "play K♥ K♣ K♠"
    assert state.action_to_string(PAIR_OF_KINGS) == "play 2×K"  # the engine's own words


def test_a_card_taken_from_your_hand_is_named_to_you_only() -> None:
    # Old Maid: East takes a card from the hand of the player before it, North, whose only card is 7♣.
    hands = [cards("7C"), cards("KH 2D"), cards("5C 6C"), cards("8C 9C")]
    for seat, line in ((0, "East takes 7♣ from your hand"), (2, "East takes a card from North's hand")):
        state = arranged(get_game("old-maid"), hands, current=1)
        assert state.legal_actions() == [L.A_DRAW]
        assert told(state, L.A_DRAW, seat)[0][0] == line
        assert state.hand(0) == ()
