"""One line per decision, with exact words, on forced deals (human at North, seat 0)."""

from __future__ import annotations

import numpy as np
import pytest
from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.play.narrate import completed_trick, describe_decision, describe_events, merge_lines
from darwindeck.play.render import render_screen, trick_line
from darwindeck.play.view import build_view, table_rules, trick_winner, wild_note
from engine.scenario import arranged, c, cards


def narrate(state: GameState, action: int, seat: int = 0) -> list[str]:
    before = build_view(state, seat)
    state.apply_action(action)
    after = build_view(state, seat)
    rules = table_rules(state)
    return [
        describe_decision(before, action, after, state.genome, rules),
        *describe_events(before, action, after, rules),
    ]


def uno(current: int, east: str, top: str = "5H") -> GameState:
    """Uno-style with East holding ``east``, the discard showing ``top``, ``current`` to play."""
    state = GameState.new(get_game("uno-style"), 0)
    held = set(cards(east)) | {c(top)}
    rest = [card for card in range(52) if card not in held]
    hands = [rest[0:3], cards(east), rest[3:6], rest[6:9]]
    state.arrange(hands=hands, deck=rest[9:], discard=[c(top)], current=current)
    return state


def test_special_effects_are_told_with_their_target() -> None:
    assert narrate(uno(1, "JH 3C"), c("JH")) == ["East plays J♥: South is skipped"]
    assert narrate(uno(1, "QH 3C"), c("QH")) == ["East plays Q♥: play now goes counter-clockwise"]
    assert narrate(uno(1, "2H 3C"), c("2H")) == ["East plays 2♥: South draws 2"]
    assert narrate(uno(1, "KH 3C"), c("KH")) == ["East plays K♥: East takes another turn"]
    # a wild Ace's player names the suit to follow (Uno's colour choice); the naming says what may follow
    state = uno(1, "AS 3C")
    assert narrate(state, c("AS")) == ["East plays A♠ (wild)"]
    assert narrate(state, L.A_SUIT0 + 2) == ["East names ♣ (next card must be a ♣ or an A)"]


def test_a_crazy_eight_tells_what_the_next_card_must_match() -> None:
    state = GameState.new(get_game("crazy-eights"), 0)
    held = {c("8D"), c("3C"), c("5H")}
    rest = [card for card in range(52) if card not in held]
    state.arrange(
        hands=[rest[0:5], [c("8D"), c("3C")], rest[5:10], rest[10:15]],
        deck=rest[15:],
        discard=[c("5H")],
        current=1,
    )
    assert narrate(state, c("8D")) == ["East plays 8♦ (wild)"]
    # East names the suit; the screen's discard says it too
    assert state.legal_actions() == [L.A_SUIT0 + s for s in range(4)]
    assert narrate(state, L.A_SUIT0 + 3) == ["East names ♠ (next card must be a ♠ or an 8)"]
    view = build_view(state, 0)
    assert (view.discard_top, view.named_suit) == (c("8D"), 3)
    assert wild_note(table_rules(state), c("8D"), view.named_suit) == "wild: next card must be a ♠ or an 8"
    # the engine agrees: after 8♦ named ♠ only spades and eights may follow
    legal = {card for card in state.hand(state.current_player) if card in state.legal_actions()}
    assert legal == {card for card in state.hand(state.current_player) if card // 13 == 3 or card % 13 == 6}


def test_a_draw_names_the_card_only_for_the_human() -> None:
    state = uno(1, "3C 4C")
    top = state.deck()[-1]
    assert narrate(state.clone(), L.A_DRAW) == ["East draws a card"]
    assert narrate(state, L.A_DRAW, seat=1) == [f"You draw {card_name(top)}"]


def test_bids_nil_and_the_trick_winner() -> None:
    state = GameState.new(get_game("spades"), 2)
    assert narrate(state, L.A_BID0 + 3, seat=1) == ["North bids 3"]
    assert narrate(state, L.A_BID0, seat=1) == ["You bid Nil"]
    assert narrate(state, L.A_BID0 + 2, seat=1) == ["South bids 2"]
    assert narrate(state, L.A_BID0 + 4, seat=1) == ["West bids 4"]
    lines = []
    for _ in range(4):
        lines += narrate(state, state.legal_actions()[0], seat=1)
    assert lines == [
        "North leads 9♥",
        "You play 2♥",
        "South plays 8♥",
        "West plays 4♥",
        "North wins the trick",
    ]


def test_a_reshuffle_of_the_discard_is_told() -> None:
    state = GameState.new(get_game("crazy-eights"), 0)
    hands = [cards("2C 3C"), cards("4C 5C"), cards("6C 7C"), cards("9C 10C")]
    held = {card for hand in hands for card in hand}
    discard = [card for card in range(52) if card not in held and card != c("KH")] + [c("KH")]
    state.arrange(hands=hands, deck=[], discard=discard, current=1)
    lines = narrate(state, L.A_DRAW)
    # the 43 cards under the K♥ make the new deck, and East's draw leaves 42 (said after the draw line,
    # so the count is the one left, not the new deck's)
    assert lines[1:] == ["The deck runs out: the discard pile is shuffled into a new deck (42 cards left)."]
    assert lines[0] == "East draws a card"


def last_trick_of_hand(game: str, scores: list[int], bags: list[int]) -> GameState:
    """Bids North 3, East Nil, South 4, West 2; 12 tricks taken (4, 0, 3, 5); one card each left: North
    2♥, East A♥, South K♥, West 4♣ (East wins the last trick); the given scores and bags before it."""
    state = GameState.new(get_game(game), 0)
    for bid in (3, 0, 4, 2):
        state.apply_action(L.A_BID0 + bid)
    last = cards("2H AH KH 4C")
    state.arrange(hands=[[card] for card in last], deck=[card for card in range(52) if card not in last])
    state.array[L.B_TRICKS : L.B_TRICKS + 4] = [4, 0, 3, 5]
    state.array[L.S_TRICKS_PLAYED] = 12
    state.array[L.B_TEAM_SCORE : L.B_TEAM_SCORE + len(scores)] = scores
    state.array[L.B_SCORE : L.B_SCORE + len(scores)] = scores
    state.array[L.B_BAGS : L.B_BAGS + len(bags)] = bags
    return state


def play_out(state: GameState) -> list[str]:
    lines: list[str] = []
    while (
        not state.is_terminal() and state.legal_actions()[0] < L.FULL_DECK and state.array[L.S_HAND_NO] == 1
    ):
        lines += narrate(state, state.legal_actions()[0])
    return lines


def test_the_last_trick_winner_and_each_contract_are_told_at_hand_end() -> None:
    state = last_trick_of_hand("spades", [100, 50, 0, -20], [9, 0, 0, 0])
    assert play_out(state) == [
        "You lead 2♥",
        "East plays A♥",
        "South plays K♥",
        "West plays 4♣",
        "East wins the trick",
        "Hand 1 is over.",
        "  North (you): bid 3, took 4: made +30, 1 overtrick +1, 10 bags -100 = -69; bags 0; score 31",
        "  East: bid Nil, took 1: Nil failed -100, 1 overtrick +1 = -99; bags 1; score -49",
        "  South: bid 4, took 3: failed -40 = -40; bags 0; score -40",
        "  West: bid 2, took 5: made +20, 3 overtricks +3 = +23; bags 3; score 3",
        "Hand 2 is dealt.",
    ]
    # the lines say what the engine scored
    assert state.team_scores() == (31, -49, -40, 3)
    assert state.block(L.B_BAGS, 4) == (0, 1, 0, 3)


def test_a_partnership_hand_end_sums_the_side_and_tells_each_nil() -> None:
    state = last_trick_of_hand("partnership-spades", [100, 50], [9, 0])
    assert play_out(state)[4:] == [
        "East wins the trick",
        "Hand 1 is over.",
        "  North+South (you): bid 7 (North 3, South 4), took 7: made +70 = +70; bags 9; score 170",
        "  East+West: bid 2 (East Nil, West 2), took 6 (East 1): made +20, 4 overtricks +4, East's Nil "
        "failed -100 = -76; bags 4; score -26",
        "Hand 2 is dealt.",
    ]
    assert state.team_scores() == (170, -26)


def test_the_hand_that_ends_the_game_is_told_too() -> None:
    state = last_trick_of_hand("spades", [480, 0, 0, 0], [0, 0, 0, 0])
    assert play_out(state)[4:] == [
        "East wins the trick",
        "Hand 1 is over.",
        "  North (you): bid 3, took 4: made +30, 1 overtrick +1 = +31; bags 1; score 511",
        "  East: bid Nil, took 1: Nil failed -100, 1 overtrick +1 = -99; bags 1; score -99",
        "  South: bid 4, took 3: failed -40 = -40; bags 0; score -40",
        "  West: bid 2, took 5: made +20, 3 overtricks +3 = +23; bags 3; score 23",
    ]
    assert state.is_terminal() and state.winner == 0


@pytest.mark.parametrize("game", ["spades", "hearts", "partnership-spades", "euchre"])
def test_trick_winner_agrees_with_the_engine(game: str) -> None:
    # Random games, one after another (random Spades bidders soon sink to the -200 floor), until 60
    # tricks completed within a hand have been compared.
    rng = np.random.default_rng(7)
    seed = 7
    state = GameState.new(get_game(game), seed)
    rules = table_rules(state)
    checked = 0
    while checked < 60:
        if state.is_terminal():
            seed += 1
            state = GameState.new(get_game(game), seed)
        before = build_view(state, 0)
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        after = build_view(state, 0)
        trick = completed_trick(before, action, after)
        if trick and after.hands_played == before.hands_played:
            grew = [p for p in range(4) if after.tricks_won[p] > before.tricks_won[p]]
            assert [trick_winner(trick, before, rules)] == grew
            checked += 1
    assert checked == 60


def test_a_run_of_draws_by_one_seat_is_one_line() -> None:
    assert merge_lines("West draws a card", "West draws a card") == "West draws 2 cards"
    assert merge_lines("West draws 2 cards", "West draws a card") == "West draws 3 cards"
    assert merge_lines("West draws a card", "East draws a card") is None
    assert merge_lines("West draws a card", "West plays 8♥") is None
    mine = merge_lines("You draw J♥ (no playable card)", "You draw 7♣ (no playable card)")
    assert mine == "You draw J♥, 7♣ (no playable card)"
    assert merge_lines("You draw J♥", "You draw 7♣ (no playable card)") is None
    assert merge_lines("You draw J♥", "You draw 7♣") == "You draw J♥, 7♣"


def test_a_wild_card_and_the_suit_named_for_it_are_one_line() -> None:
    named = merge_lines("West plays 8♣ (wild)", "West names ♥ (next card must be a ♥ or an 8)")
    assert named == "West plays 8♣ and names ♥ (next card must be a ♥ or an 8)"
    mine = merge_lines("You play 8♠ (wild; only legal card)", "You name ♦ (next card must be a ♦ or an 8)")
    assert mine == "You play 8♠ and name ♦ (next card must be a ♦ or an 8; only legal card)"
    assert merge_lines("West plays 8♣ (wild)", "East names ♥ (next card must be a ♥ or an 8)") is None


def test_the_trick_line_says_who_is_winning_it() -> None:
    state = GameState.new(get_game("spades"), 2)
    for bid in (3, 0, 2, 4):
        state.apply_action(L.A_BID0 + bid)
    rules = table_rules(state)
    shown = []
    for _ in range(3):
        view = build_view(state, 1)
        shown.append(str(trick_line(view, rules, compact=False)))
        state.apply_action(state.legal_actions()[0])
    assert shown == [
        "Trick 1/13: no cards yet",
        "Trick 1/13: North 9♥",
        "Trick 1/13: North 9♥, East (you) 2♥ · North wins so far",
    ]
    view = build_view(state, 1)
    assert str(trick_line(view, rules, compact=True)) == "Trick 1/13: N 9♥, E (you) 2♥, S 8♥ · N wins so far"


def test_the_full_layout_shows_bags_and_trick_games_count_no_turns() -> None:
    state = GameState.new(get_game("spades"), 2)
    state.array[L.B_BAGS + 3] = 4
    console = Console(width=100, record=True, color_system=None)
    console.print(*render_screen(build_view(state, 0), table_rules(state), compact=False, plain=True))
    text = console.export_text()
    assert "Spades · hand 1 · trumps ♠" in text
    assert "turn" not in text.splitlines()[0]
    header = next(line for line in text.splitlines() if "seat" in line and "bid" in line)
    assert header.split() == ["seat", "|", "cards", "|", "bid", "|", "tricks", "|", "score", "|", "bags"]
    west = next(line for line in text.splitlines() if line.startswith("West"))
    assert west.split("|")[-1].strip() == "4"


def test_passing_shows_the_chosen_cards_apart_and_tells_the_exchange() -> None:
    # Hand 1 of Hearts passes left: North (seat 0) gives to East and receives from West. Each seat holds
    # one suit and passes its 2, 3 and 4, so North gives 2♣ 3♣ 4♣ and gets West's 2♠ 3♠ 4♠.
    state = GameState.new(get_game("hearts"), 0)
    suits = ("C", "D", "H", "S")
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    state.arrange(hands=[[c(rank + suit) for rank in ranks] for suit in suits])
    view = build_view(state, 0)
    assert view.phase_kind == L.K_PASS and view.pass_offset == 1
    lines: list[str] = []
    for seat, suit in enumerate(suits):
        for rank in "234":
            assert state.current_player == seat
            lines += narrate(state, c(rank + suit))
            if seat == 0 and rank == "2":
                chosen = build_view(state, 0)
                assert chosen.to_pass == (c("2C"),)
                console = Console(width=100, record=True, color_system=None)
                for line in render_screen(chosen, table_rules(state), compact=False, plain=True):
                    console.print(line)
                screen = console.export_text()
                assert "To pass: 2♣\n" in screen and "Your hand: 3♣ 4♣ 5♣" in screen
    assert lines[:3] == ["You choose 2♣ to pass", "You choose 3♣ to pass", "You choose 4♣ to pass"]
    assert lines[3:6] == ["East chooses a card to pass"] * 3
    assert lines[-2:] == [
        "West chooses a card to pass",
        "You pass 2♣, 3♣, 4♣ to East and receive 2♠, 3♠, 4♠ from West.",
    ]
    assert sorted(build_view(state, 0).hand or ()) == sorted(cards("5C 6C 7C 8C 9C 10C JC QC KC AC 2S 3S 4S"))


def test_an_opponents_choices_to_pass_are_one_line() -> None:
    assert merge_lines("East chooses a card to pass", "East chooses a card to pass") == (
        "East chooses 2 cards to pass"
    )
    assert merge_lines("East chooses 2 cards to pass", "East chooses a card to pass") == (
        "East chooses 3 cards to pass"
    )
    assert merge_lines("East chooses a card to pass", "South chooses a card to pass") is None


def test_the_turned_up_trump_decides_the_narrated_winner() -> None:
    # Whist: each player holds one suit and West, the dealer, turned up its last card, the 7♦: diamonds
    # are trumps for the hand. North leads the A♥ and West's 2♦, a trump, wins it.
    hands = [
        "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        "AS KS QS JS 10S 9S 8S 6S 5S 4S 3S 2S 7S",
        "AD KD QD JD 10D 9D 8D 6D 5D 4D 3D 2D 7D",
    ]
    state = GameState.new(get_game("whist"), 0)
    state.arrange(hands=[cards(h) for h in hands])
    view = build_view(state, 0)
    assert (view.hand_trump, view.turned_card) == (1, c("7D"))
    lines = []
    for card in ("AH", "2C", "2S"):
        lines += narrate(state, c(card))
    assert trick_line(build_view(state, 0), table_rules(state), False).plain.endswith("you win so far")
    lines += narrate(state, c("2D"))
    assert lines[-1] == "West wins the trick"


def test_go_fish_asks_are_narrated_with_whom_and_what_came_of_them() -> None:
    # Seat 0 (you) holds 7♥ and K♣; East (seat 1) 7♠ and 9♦. Four players, so you choose whom to ask,
    # then the rank: East hands over the one 7 and you ask again. Then you ask East for Kings: East has
    # none, you fish the top card (2♣, not a King) and the turn passes.
    genome = get_game("go-fish")
    hands = [[c("7H"), c("KC")], [c("7S"), c("9D")], [c("3D")], [c("4D")]]
    state = arranged(genome, hands, deck=[c("5C"), c("2C")], current=0)
    rules = table_rules(state)
    lines = []
    for action in (L.A_TARGET0 + 1, L.A_CLAIM_RANK0 + c("7H") % 13, L.A_TARGET0 + 1):
        before = build_view(state, 0)
        state.apply_action(action)
        lines.append(describe_decision(before, action, build_view(state, 0), genome, rules))
    before = build_view(state, 0)
    king = L.A_CLAIM_RANK0 + c("KC") % 13
    state.apply_action(king)
    lines.append(describe_decision(before, king, build_view(state, 0), genome, rules))
    assert lines == [
        "You ask East",
        "You ask East for 7s: 1 handed over",
        "You ask East",
        "You ask for Kings: go fish, draw 2♣",  # the fisher sees the card fished
    ]


def test_a_run_is_told_card_by_card_and_old_maid_names_the_hand_drawn_from() -> None:
    others = ["10C JC 6D 7S 8S KD KS", "2C 3C 4D 6S QH QD 10D", "5C 6C 7C 8D 4S JD JH"]
    hands = [cards(h) for h in ["KH AH 2H 3H 5H 9C 5S", *others]]
    state = arranged(get_game("rummy"), hands, deck=cards("9H 10H 4H"), discard=[c("QS")])
    state.apply_action(L.A_DRAW)
    run = L.A_RUN0 + c("2H")  # a run of three from the 2♥
    # a run laid on the table is a meld, told with the verb of any meld (a set's too), card by card
    assert narrate(state, run)[0] == "You meld 2♥ 3♥ 4♥"
    # Old Maid: North draws from West, the player before it (East, after it, is not touched).
    maid = arranged(get_game("old-maid"), [cards(h) for h in ["KH 4D", "2S 3S", "9S 10S", "KS KC"]])
    assert narrate(maid, L.A_DRAW)[0] in ("You take K♠ from West's hand", "You take K♣ from West's hand")


def test_a_count_play_tells_the_count_and_the_points() -> None:
    # Cribbage's play: your 7♥ makes 7; Player 2's 8♠ makes 15, for 2; after your K♥ (25) none of its
    # nines fits (34 > 31) and it says go.
    state = arranged(get_game("cribbage-play"), [cards("7H KH QH 2C"), cards("8S 9S 9C 9D")])
    assert narrate(state, c("7H")) == ["You play 7♥: 7"]
    assert narrate(state, c("8S"))[0] == "Player 2 plays 8♠: 15 for 2"
    assert narrate(state, c("KH"))[0] == "You play K♥: 25"
    assert narrate(state, L.A_PASS)[0] == "Player 2 says go"


def test_the_auction_and_the_dummy_are_told_and_shown() -> None:
    # Bridge from South's seat (2): West (the dealer) passes, North bids 1NT, East passes, South passes,
    # West passes: North declares 1NT with South, the person, as the dummy; East leads.
    state = GameState.new(get_game("bridge"), 4)
    one_nt = L.A_CONTRACT0 + 4
    assert narrate(state, L.A_PASS, seat=2)[0] == "West passes"
    assert narrate(state, one_nt, seat=2)[0] == "North bids 1NT"
    assert narrate(state, L.A_PASS, seat=2)[0] == "East passes"
    assert narrate(state, L.A_PASS, seat=2)[0] == "You pass"
    assert narrate(state, L.A_PASS, seat=2)[0] == (
        "West passes: the contract is 1NT, North declares, you are the dummy"
    )
    # Before the lead the dummy's cards are not on the table; after it they are, for every seat, and
    # North plays them: "North plays 7♦ from the dummy".
    view = build_view(state, 3)
    assert view.dummy == 2 and view.dummy_hand == ()
    lead = state.legal_actions()[0]
    narrate(state, lead, seat=2)
    view = build_view(state, 3)
    assert view.dummy_hand == state.hand(2) and view.dummy_to_play and view.current_player == 0
    console = Console(width=100, record=True, color_system=None)
    console.print(*render_screen(view, table_rules(state), compact=False, plain=True))
    text = console.export_text()
    assert "Now: North (trick, from the dummy)" in text
    assert "contract 1NT, North declares" in text
    assert "Dummy (South): " in text
    card = state.legal_actions()[0]
    assert narrate(state, card, seat=3)[0] == f"North plays {card_name(card)} from the dummy"
