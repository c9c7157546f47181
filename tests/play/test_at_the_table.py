"""At the table: one verb for laying any meld, every event of the move that ends a hand told before
the next deal, and the final standings told once.

Each deal is forced (``engine.scenario.arranged``) and the expected lines are worked out from the
engine's rules, not copied from the program: card id = suit × 13 + rank (suits ♥ 0, ♦ 1, ♣ 2, ♠ 3;
ranks 2 = 0 … K = 11, A = 12); undealt cards make the deck in ascending ids, so its top is the highest
id left; a meld is a run, or a set of three or more, played to the tableau (``engine.tableau_melds``);
a set lays the lowest-id playable cards of its rank (``kernel._set_cards``); a run action is ``A_RUN0
+ (length - 3) × 52 + its lowest card``; a card played to the table in ``match_rank`` mode captures the
table's card of its rank with itself (``engine.tableau``).
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from rich.console import Console

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import Location, PlayPhase, Rank, Visibility
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.play.narrate import describe_decision, describe_events
from darwindeck.play.opponents import make_opponent
from darwindeck.play.render import move_namer, move_text, table_line
from darwindeck.play.session import PlayOptions, PlaySession
from darwindeck.play.view import build_view, cards_turned_up, settled_view, table_rules
from engine.scenario import arranged, c, cards, shedding_genome
from play.driver import FIXED_TIME, scripted
from play.test_face_up import last_cards_of_a_hand, told

THREE_KINGS = L.A_SET0 + (3 - 2) * L.N_RANKS + Rank.KING.code
PAIR_OF_KINGS = L.A_SET0 + (2 - 2) * L.N_RANKS + Rank.KING.code
RUN_FROM_3S = L.A_RUN0 + (3 - 3) * L.FULL_DECK + c("3S")


def rummy_deal() -> GameState:
    """Rummy, North (seat 0) to draw, holding three kings and the run 3♠ 4♠ 5♠; East holds the fourth
    king."""
    hands = ["KH KC KS 3S 4S 5S 9D", "2C 4C 6C 8C 10C QC KD", "5C 7C 9C JC 2D 3D 5D", "6H 7H 8H 9H 10H JH QH"]
    return arranged(get_game("rummy"), [cards(h) for h in hands], discard=cards("2H"), current=0)


def test_a_set_and_a_run_laid_on_the_table_are_melds_in_the_same_words() -> None:
    state = rummy_deal()
    # the deck's top is A♠ (3 × 13 + 12 = 51, dealt to nobody): North draws it, East is told a card
    assert told(state.clone(), L.A_DRAW, 1)[0] == ["North draws a card"]
    assert told(state, L.A_DRAW, 0)[0] == ["You draw A♠"]
    view, name = build_view(state, 0), move_namer(state)
    offered = [move_text(view, action, name, table_rules(state)) for action in state.legal_actions()]
    # Rummy's meld phase (3 to 7 cards, runs allowed): pass, the three kings, the run from 3♠
    assert offered == ["pass", "meld K♥ K♣ K♠", "meld 3♠ 4♠ 5♠"]
    for action, cards_laid in ((THREE_KINGS, "K♥ K♣ K♠"), (RUN_FROM_3S, "3♠ 4♠ 5♠")):
        for seat, words in ((0, "You meld"), (1, "North melds")):
            assert told(state.clone(), action, seat)[0] == [f"{words} {cards_laid}"]
    told(state, RUN_FROM_3S, 0)
    assert set(state.tableau(L.GENERAL_PILE)) == set(cards("3S 4S 5S"))
    assert "melds 3♠ 4♠ 5♠" in table_line(build_view(state, 2), table_rules(state)).plain


def test_a_card_added_to_a_meld_is_laid_off() -> None:
    # North draws A♠, melds the three kings, has nothing to lay off and discards A♠; East draws Q♠ (the
    # highest id left, 3 × 13 + 10) and, with no meld of its own, may lay off K♦ on the kings.
    state = rummy_deal()
    for action in (L.A_DRAW, THREE_KINGS, c("AS"), L.A_DRAW):
        state.apply_action(action)
    assert state.current_player == 1
    view, name = build_view(state, 1), move_namer(state)
    offered = [move_text(view, action, name, table_rules(state)) for action in state.legal_actions()]
    assert offered == ["lay off K♦", "pass"]
    assert told(state.clone(), c("KD"), 0)[0] == ["East lays off K♦"]
    assert told(state, c("KD"), 1)[0] == ["You lay off K♦"]
    # the table shows the meld it joined: the set of kings, now four
    assert "melds K♥ K♣ K♠ K♦" in table_line(build_view(state, 2), table_rules(state)).plain


def run_game(target: Location, visibility: Visibility = Visibility.FACE_UP) -> GameState:
    """A shedding game of three whose one play phase lays exactly three cards, a run allowed, on
    ``target``; Player 2 (seat 1) holds 3♠ 4♠ 5♠ 9♦ 2♣ and plays."""
    play = PlayPhase(target=target, valid_play_condition=None, min_cards=3, max_cards=3, runs=True)
    genome = shedding_genome(players=3, phases=(play,), discard_visibility=visibility)
    hands = [cards("2H 4H"), cards("3S 4S 5S 9D 2C"), cards("6H 7H 8H 2D")]  # Player 3 can play next
    return arranged(genome, hands, discard=cards("9C"), current=1)


def test_a_run_is_named_only_where_it_lies_face_up() -> None:
    cases = (
        # target, visibility, told to Player 1, told to its owner
        (Location.DISCARD, Visibility.FACE_UP, "Player 2 plays 3♠ 4♠ 5♠", "You play 3♠ 4♠ 5♠"),
        (
            Location.DISCARD,
            Visibility.FACE_DOWN,
            "Player 2 plays 3 cards face down",
            "You play 3♠ 4♠ 5♠ face down",
        ),
        (
            Location.DECK,
            Visibility.FACE_UP,
            "Player 2 puts 3 cards onto the deck",
            "You put 3♠ 4♠ 5♠ onto the deck",
        ),
        (Location.TABLEAU, Visibility.FACE_UP, "Player 2 melds 3♠ 4♠ 5♠", "You meld 3♠ 4♠ 5♠"),
    )
    for target, visibility, to_player_1, to_owner in cases:
        state = run_game(target, visibility)
        assert RUN_FROM_3S in state.legal_actions()
        # one line each: a run put on the deck does not read as a shuffle (the deck grew by the run)
        assert told(state.clone(), RUN_FROM_3S, 0)[0] == [to_player_1]
        assert told(state, RUN_FROM_3S, 1)[0] == [to_owner]


def test_a_pair_on_the_table_is_no_meld() -> None:
    # the engine remembers sets of three or more as melds (``note_meld``): a pair is played, not melded
    play = PlayPhase(target=Location.TABLEAU, valid_play_condition=None, min_cards=2, max_cards=2)
    genome = shedding_genome(players=3, phases=(play,))
    state = arranged(genome, [cards("2C 4C"), cards("KH KC 3D"), cards("5C 5D 6C")], current=1)
    assert told(state, PAIR_OF_KINGS, 0)[0] == ["Player 2 plays K♥ K♣ to the table"]


def test_a_set_on_a_capturing_table_is_played_not_melded() -> None:
    # Scopa whose play lays one to three cards of a rank: the three 2s go down one by one in id order
    # (2♥ 0, 2♦ 13, 2♣ 26); 2♦ finds 2♥ on the table and captures it with itself, 2♣ stays (match_rank).
    # Cards that a capture acts on are no meld: the set is played.
    scopa = get_game("scopa")
    play = PlayPhase(target=Location.TABLEAU, valid_play_condition=None, min_cards=1, max_cards=3)
    genome = scopa.replace(turn_structure=dataclasses.replace(scopa.turn_structure, phases=(play,)))
    state = arranged(genome, [cards("2H 2D 2C 4S"), cards("5S 6S")], tableau={L.GENERAL_PILE: cards("7D")})
    three_twos = L.A_SET0 + (3 - 2) * L.N_RANKS + Rank.TWO.code
    assert told(state, three_twos, 0)[0] == ["You play 2♥ 2♦ 2♣ to the table", "You capture 2♥ 2♦"]
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("7D 2C"))


def two_deal_scopa() -> GameGenome:
    """Scopa over two deals (won by the most points after two hands): the first hand's end deals again."""
    return get_game("scopa").replace(win_conditions=(WinCondition(WinType.HANDS_PLAYED, threshold=2),))


def told_as_sessions(state: GameState, action: int, seat: int) -> list[str]:
    """The lines ``seat`` is told of ``action``, as the sessions tell them: with the table the action
    left (``settled_view``)."""
    prior, revealed, before = state.clone(), cards_turned_up(state, action), build_view(state, seat)
    state.apply_action(action)
    after, rules = build_view(state, seat), table_rules(state)
    settled = settled_view(prior, action, seat)
    return [
        describe_decision(before, action, after, state.genome, rules, revealed),
        *describe_events(before, action, after, rules, revealed, settled),
    ]


def test_the_capture_that_ends_a_hand_is_told_before_the_new_deal() -> None:
    # 3♥ finds no 3 on the table and stays; 5♠ takes the 5♣. Both hands and the deck are then empty:
    # the hand is over (no card scores: 0 points each), the game goes on and the second hand is dealt,
    # gathering the captured piles back. The capture is told first, as it happened.
    for seat, capture in ((0, "Player 2 captures 5♣ 5♠"), (1, "You capture 5♣ 5♠")):
        state = GameState.new(two_deal_scopa(), 0)
        last_cards_of_a_hand(state)
        state.apply_action(c("3H"))
        lines = told_as_sessions(state, c("5S"), seat)
        assert not state.is_terminal()
        assert state.captured(1) == ()  # the new deal took the pile back
        assert lines[1:] == [capture, "Hand 1 is over. Scores: Player 1 0, Player 2 0", "Hand 2 is dealt."]


def test_new_cards_dealt_when_every_hand_is_empty_are_told() -> None:
    # Scopa deals three cards each whenever both hands are empty and the stock is not (refill_hands):
    # after 5♠ takes 5♣, the ten cards of the deck give 3 + 3 and leave 4.
    state = GameState.new(get_game("scopa"), 0)
    deck = [x for x in state.tables.deck_cards.tolist() if x not in cards("3H 5S 5C")]
    state.arrange(
        hands=[cards("3H"), cards("5S")],
        deck=deck[:10],
        discard=deck[10:],
        tableau={L.GENERAL_PILE: cards("5C")},
    )
    state.apply_action(c("3H"))
    assert told_as_sessions(state, c("5S"), 0) == [
        "Player 2 plays 5♠ to the table",
        "Player 2 captures 5♣ 5♠",
        "Each player is dealt 3 cards (deck 4).",
    ]
    assert [len(state.hand(seat)) for seat in (0, 1)] == [3, 3]


def session(genome: GameGenome, answers: list[str], results: Path) -> tuple[PlaySession, io.StringIO]:
    """A session of ``genome`` at seat 0 against the greedy policy, answers scripted."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, highlight=False, emoji=False)
    answer = scripted(answers)
    options = PlayOptions(genome.name, 0, "greedy", None, 0, True, results / "results.jsonl")
    opponent = make_opponent("greedy", 0, 1)
    return PlaySession(options, genome, opponent, console, answer, clock=lambda: FIXED_TIME), buffer


def test_the_final_standings_are_told_once(tmp_path: Path) -> None:
    # Scopa's last two cards (every move forced): 5♠ takes 5♣ and ends the game, whose last hand's line
    # counts the captured cards, 0 and 2; the result follows, and the count is not told again.
    game, buffer = session(get_game("scopa"), ["", ""], tmp_path)
    last_cards_of_a_hand(game.state)
    game.run()
    told_lines = buffer.getvalue().splitlines()
    end = told_lines.index("Player 2 plays 5♠ to the table")
    assert told_lines[end : end + 4] == [
        "Player 2 plays 5♠ to the table",
        "Player 2 captures 5♣ 5♠",
        "Hand 1 is over. Captured: Player 1 0, Player 2 2",
        "Result: Player 2 wins: Player 2 captured the most cards (2); you lose.",
    ]
    assert sum("Captured:" in line for line in told_lines) == 1


def test_the_standings_follow_the_result_when_no_hand_ended(tmp_path: Path) -> None:
    # quitting at the first choice: no hand has ended, so the standings are told after the result
    game, buffer = session(get_game("scopa"), ["q"], tmp_path)
    rest = [x for x in game.state.tables.deck_cards.tolist() if x not in cards("3H 4H 5S")]
    game.state.arrange(hands=[cards("3H 4H"), cards("5S")], deck=[], discard=rest, current=0)
    game.run()
    lines = buffer.getvalue().splitlines()
    result = lines.index("Result: abandoned after 0 turns.")
    assert lines[result + 1] == "Captured: Player 1 0, Player 2 0"


def test_a_claim_that_ends_by_itself_is_said_aloud() -> None:
    # Cheat, seed 1 with North dealt the four Aces: the first claim of a hand is Aces (engine.claims)
    # and a claim holds four cards at most, so the fourth card ends it without a pass, and the claim is
    # heard then; the cards are named to North only.
    state = GameState.new(get_game("cheat"), 1)
    aces = cards("AH AD AC AS")
    north = [*aces, *[card for card in state.hand(0) if card not in aces][:9]]
    rest = [card for card in range(52) if card not in north]
    state.arrange(hands=[north, rest[0:13], rest[13:26], rest[26:39]], deck=rest[39:])
    for ace in aces[:3]:
        assert told(state.clone(), ace, 1)[0] == ["North puts a card face down"]
        state.apply_action(ace)
    assert told(state.clone(), c("AS"), 1)[0] == ["North puts a card face down and claims 4 Aces"]
    assert told(state, c("AS"), 0)[0] == ["You put A♠ face down and claim 4 Aces"]
