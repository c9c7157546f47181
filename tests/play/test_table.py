"""What a seat at a real table is shown and told, and nothing more (issue 27, item 2): scripted deals,
the exact line expected worked out from each game's rules (the rules cited beside each test)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import card_name
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PlayPhase
from darwindeck.genome.schema import WinCondition, WinType
from darwindeck.play.narrate import describe_decision, describe_events, merge_lines, result_text
from darwindeck.play.render import auction_text, move_text, table_line, title_text, trick_line
from darwindeck.play.view import NO_REVEAL, Revealed, build_view, cards_turned_up, table_rules
from darwindeck.web.session import GameSetup, WebGame
from engine.scenario import arranged, c, cards
from play.driver import make_session, scripted
from play.test_narrate import last_trick_of_hand, play_out


def narrate(state: GameState, action: int, seat: int, revealed: Revealed = NO_REVEAL) -> list[str]:
    """The lines ``seat`` is told for ``action`` (the decision, then its public consequences)."""
    before = build_view(state, seat)
    state.apply_action(action)
    after = build_view(state, seat)
    rules = table_rules(state)
    return [
        describe_decision(before, action, after, state.genome, rules, revealed),
        *describe_events(before, action, after, rules, revealed),
    ]


def test_the_euchre_dealers_pick_up_discard_is_face_down() -> None:
    # Euchre, seed 8: the turned card is Q♦; hand 1 is opened by North, so West deals (engine.trump).
    # North orders it up, West takes Q♦ and discards one card face down (Euchre's rules: the dealer's
    # discard is never shown). West holds A♣ Q♥ A♥ J♣ K♠ and discards Q♥.
    state = GameState.new(get_game("euchre"), 8)
    assert state.discard() == (c("QD"),) and state.hand(3) == tuple(cards("AC QH AH JC KS"))
    assert narrate(state, L.A_SUIT0 + 1, seat=0) == ["You order up Q♦: West picks it up"]
    assert state.current_player == 3 and c("QD") in state.hand(3)
    for seat, expected in ((0, "West discards a card"), (1, "West discards a card"), (3, "You discard Q♥")):
        assert narrate(state.clone(), c("QH"), seat) == [expected]


def told(lines: list[str]) -> list[str]:
    """``lines`` folded as the terminal and the page tell them (``merge_lines``)."""
    out: list[str] = []
    for line in lines:
        merged = merge_lines(out[-1], line) if out else None
        if merged is None:
            out.append(line)
        else:
            out[-1] = merged
    return out


def check_or_call(state: GameState) -> int:
    legal = state.legal_actions()
    return L.A_CHECK if L.A_CHECK in legal else L.A_CALL if L.A_CALL in legal else legal[0]


def test_draw_poker_discards_are_face_down_and_no_capture() -> None:
    # Draw Poker, seed 3: East holds 2♥ 10♥ 8♦ Q♦ A♥. In five-card draw a player throws away face down
    # and draws as many: the table learns only how many (casino.draw_poker sets them aside on the
    # captured pile, which is no capture). Everyone checks, North keeps their cards; East throws 8♦
    # and Q♦, keeps the rest, and draws 2.
    state = GameState.new(get_game("draw-poker"), 3)
    east = state.hand(1)
    assert east == tuple(cards("2H 10H 8D QD AH"))
    while not (state.current_player == 1 and int(state.array[L.S_PHASE]) == 1):
        legal = state.legal_actions()
        state.apply_action(L.A_PASS if L.A_PASS in legal else check_or_call(state))
    lines: dict[int, list[str]] = {0: [], 1: []}
    script = [c("8D"), c("QD"), L.A_PASS, L.A_DRAW, L.A_DRAW]
    for action in script:
        assert action in state.legal_actions()
        twin = state.clone()
        lines[0] += narrate(state, action, seat=0)
        lines[1] += narrate(twin, action, seat=1)
    drawn = [card for card in state.hand(1) if card not in east]
    assert told(lines[0]) == ["East discards 2 cards and draws 2"]
    assert told(lines[1]) == [f"You discard 8♦, Q♦ and draw {', '.join(card_name(x) for x in drawn)}"]


def test_a_challenged_claim_is_turned_face_up_and_then_settled() -> None:
    # Cheat, seed 1 (engine.claims: the first claim of a hand is Aces, then 2s; a challenge turns the
    # claim over: a lie gives the claimer the whole pile, a true claim gives it to the challenger).
    # North claims Aces with 2♥ and nobody challenges; East claims 2s with 2♦ 7♦ and South calls cheat:
    # East lied and takes the pile of 3 cards. North's 2♥ stays face down: only the claim is turned up.
    state = GameState.new(get_game("cheat"), 1)
    for action in (c("2H"), L.A_PASS, L.A_NO_CHALLENGE, L.A_NO_CHALLENGE, L.A_NO_CHALLENGE):
        state.apply_action(action)
    for action in (c("2D"), c("7D"), L.A_PASS):
        state.apply_action(action)
    assert state.current_player == 2 and state.legal_actions() == [L.A_CHALLENGE, L.A_NO_CHALLENGE]
    rules = table_rules(state)
    assert "claim in progress: 2×2" in str(table_line(build_view(state, 0), rules))
    expected = {
        0: "South calls cheat: the 2 cards were 2♦ 7♦, not 2s — East takes the pile (3 cards)",
        1: "South calls cheat: the 2 cards were 2♦ 7♦, not 2s — you take the pile (3 cards)",
        2: "You call cheat: the 2 cards were 2♦ 7♦, not 2s — East takes the pile (3 cards)",
    }
    for seat, line in expected.items():
        twin = state.clone()
        assert narrate(twin, L.A_CHALLENGE, seat, cards_turned_up(twin, L.A_CHALLENGE)) == [line]
    state.apply_action(L.A_CHALLENGE)
    assert c("2H") in state.hand(1) and "claim" not in str(table_line(build_view(state, 0), rules))


def test_a_true_claim_challenged_goes_to_the_challenger() -> None:
    # Cheat, seed 1 with North dealt A♥ A♦: North claims Aces with both, East calls cheat and takes
    # the pile (engine.claims: a true claim challenged goes to the challenger).
    state = GameState.new(get_game("cheat"), 1)
    hands = [state.hand(p) for p in range(4)]
    north = [*cards("AH AD"), *[card for card in hands[0] if card not in cards("AH AD")][:11]]
    rest = [card for card in range(52) if card not in north]
    state.arrange(hands=[north, rest[0:13], rest[13:26], rest[26:39]], deck=rest[39:])
    for action in (c("AH"), c("AD"), L.A_PASS):
        state.apply_action(action)
    line = narrate(state, L.A_CHALLENGE, 3, cards_turned_up(state, L.A_CHALLENGE))
    assert line == ["East calls cheat: the 2 cards were A♥ A♦, all Aces — East takes the pile (2 cards)"]


def mau_mau(deck: list[int], discard: list[int]) -> GameState:
    """Mau-Mau (32 cards, a 7 makes the next player draw 2) with East to play 7♦ on 9♦, South holding
    8♠ 10♠ K♠; ``deck`` and ``discard`` (9♦ on top) as given, North holds the other cards."""
    state = GameState.new(get_game("mau-mau"), 0)
    hands = [[], cards("7D QC"), cards("8S 10S KS"), cards("8C 10C KC")]
    placed = {*deck, *discard, c("9D"), *(card for hand in hands for card in hand)}
    hands[0] = [int(card) for card in state.tables.deck_cards if int(card) not in placed]
    state.arrange(hands=hands, deck=deck, discard=[*discard, c("9D")], current=1)
    return state


def test_a_draw_two_says_what_was_really_drawn() -> None:
    # Mau-Mau's 7 makes the next player (South) draw 2 (spec 000 draw_cards), fewer when the deck runs
    # out: an effect's draw does not reshuffle the discard (engine.turns), so 9♦ under 7♦ stays there.
    assert narrate(mau_mau(cards("AH AD"), []), c("7D"), 0) == ["East plays 7♦: South draws 2"]
    empty = mau_mau([], [])
    assert narrate(empty, c("7D"), 2) == ["East plays 7♦: you draw nothing (the deck is empty)"]
    assert empty.hand(2) == tuple(cards("8S 10S KS"))
    one = mau_mau([c("AH")], [])
    assert narrate(one, c("7D"), 0) == ["East plays 7♦: South draws 1 (the deck ran out)"]
    assert len(one.hand(2)) == 4


def test_go_fish_books_are_laid_down_face_up_and_the_catch_is_named_to_the_fisher() -> None:
    # Go Fish (engine.asking): asking West for 7s takes West's 7♠; four 7s make a book, laid face up
    # (the lowest suits first: ♥ ♦ ♣ ♠). Then asking East for 9s misses: North fishes the top of the
    # stock, 2♦, which only North sees.
    state = GameState.new(get_game("go-fish"), 2)
    north, east, west = cards("7H 7D 7C 9H KH"), cards("3H QD 8C"), cards("7S 4H 10C")
    used = {*north, *east, *west, c("2D")}
    rest = [card for card in range(52) if card not in used]
    state.arrange(hands=[north, east, rest[:5], west], deck=[*rest[5:], c("2D")], current=0)
    assert narrate(state.clone(), L.A_TARGET0 + 3, 1) == ["North asks West"]
    state.apply_action(L.A_TARGET0 + 3)
    seven = L.A_CLAIM_RANK0 + c("7H") % 13
    for seat, lines in {
        0: ["You ask West for 7s: 1 handed over", "You lay down the book of 7s (7♥ 7♦ 7♣ 7♠)"],
        1: ["North asks West for 7s: 1 handed over", "North lays down the book of 7s (7♥ 7♦ 7♣ 7♠)"],
    }.items():
        twin = state.clone()
        assert narrate(twin, seven, seat, cards_turned_up(twin, seven)) == lines
    state.apply_action(seven)
    state.apply_action(L.A_TARGET0 + 1)
    nine = L.A_CLAIM_RANK0 + c("9H") % 13
    assert narrate(state.clone(), nine, 0) == ["You ask for 9s: go fish, draw 2♦"]
    assert narrate(state.clone(), nine, 1) == ["North asks for 9s: go fish, draws a card"]
    # The book lies on the discard pile, where nothing but books goes in Go Fish: the table line says so.
    # Its cards went there in the order 7♥ 7♦ 7♣ 7♠ (engine.asking lays the lowest suit first): 7♠ on top.
    assert table_line(build_view(state, 0), table_rules(state)).plain.startswith("last book 7♠ · deck ")


def test_the_book_is_laid_by_the_asker_even_when_the_cards_were_yours() -> None:
    # Go Fish (engine.asking): West asks you (North) for 7s; you hand over 7♥ 7♦ 7♣, West now holds all
    # four and lays the book (lowest suits first: ♥ ♦ ♣ ♠). The seat named is West's, not yours.
    state = arranged(
        get_game("go-fish"),
        [cards("7H 7D 7C KH"), cards("3D"), cards("4D"), cards("7S 5D")],
        deck=[c("2C")],
        current=3,
    )
    assert narrate(state, L.A_TARGET0 + 0, 0) == ["West asks you"]
    seven = L.A_CLAIM_RANK0 + c("7S") % 13
    assert narrate(state.clone(), seven, 0, cards_turned_up(state, seven)) == [
        "West asks you for 7s: 3 handed over",
        "West lays down the book of 7s (7♥ 7♦ 7♣ 7♠)",
    ]


def test_a_play_phase_pair_on_the_discard_is_no_book_and_an_ask_with_no_stock_draws_nothing() -> None:
    # Go Fish's ask (books of 4) without fishing, then a play phase of 1 or 2 cards to the discard (the
    # blind set's Game F). Every card is dealt (no stock): your ask for Kings misses and nothing is
    # drawn. Then you play K♣, or the pair K♣ K♠: a play, not a book (a book is four of a rank).
    fish = get_game("go-fish")
    ask = replace(fish.turn_structure.phases[0], fish=False)
    phases = (ask, PlayPhase(max_cards=2))
    genome = replace(fish, turn_structure=replace(fish.turn_structure, phases=phases))
    state = arranged(genome, [cards("7H KC KS"), cards("3D"), cards("4D"), cards("5D")], deck=[], current=0)
    state.apply_action(L.A_TARGET0 + 1)
    king = L.A_CLAIM_RANK0 + c("KC") % 13
    assert narrate(state, king, 0) == ["You ask for Kings: go fish, nothing to draw"]
    assert narrate(state.clone(), c("KC"), 0, cards_turned_up(state, c("KC"))) == ["You play K♣"]
    pair = next(action for action in state.legal_actions() if action >= L.FULL_DECK)
    assert narrate(state.clone(), pair, 0, cards_turned_up(state, pair))[1:] == []


def test_a_poker_showdown_shows_the_hands_still_in_and_every_bet_has_its_size() -> None:
    # Draw Poker, seed 3 (casino.draw_poker: minimum bet 2; engine.betting: a raise puts in the minimum
    # over the bet). North bets 2 (pot 2), East raises to 4 (pot 6), South folds, West calls 4 (pot 10),
    # North calls the 2 it owes (pot 12); then everyone keeps their cards and checks until a round
    # passes with nothing exchanged: the showdown. North's 2♠ 2♣ is a pair, East's and West's hands
    # are high card; South folded and shows nothing. North takes the pot of 12 (100 - 4 + 12 = 108).
    state = GameState.new(get_game("draw-poker"), 3)
    rules = table_rules(state)
    script = [L.A_BET, L.A_RAISE, L.A_FOLD, L.A_CALL]
    told: list[str] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player == 0 and script == [] and L.A_CALL in legal:
            view = build_view(state, 0)
            moves = [move_text(view, a, state.action_to_string, rules) for a in legal]
            assert moves == ["call 2", "raise to 6", "go all in (98)", "fold"]
        action = script.pop(0) if script else L.A_PASS if L.A_PASS in legal else check_or_call(state)
        told += narrate(state, action, 0, cards_turned_up(state, action))
    assert told[:5] == [
        "You bet 2 (pot 2)",
        "East raises to 4 (pot 6)",
        "South folds (pot 6)",
        "West calls 4 (pot 10)",
        "You call 2 (pot 12)",
    ]
    assert told[-5:] == [
        "You show 2♠, 8♠, 2♣, 7♣, 9♣: a pair",
        "East shows 2♥, 10♥, A♥, 8♦, Q♦: high card",
        "West shows 7♥, K♥, J♣, 6♦, 9♦: high card",
        "You win the pot (12) with a pair",
        "Hand 1 is over. Chips: North 108, East 96, South 100, West 96",
    ]
    assert not any("Cards left" in line for line in told)


def test_a_gin_knock_lays_out_both_hands_and_names_the_undercut() -> None:
    # Gin Rummy (engine.knock; values A 1, 2-10 face, J Q K 10; undercut bonus 25). Player 2 knocks
    # holding 3♠ 4♠ 5♠ 6♠ · 9♥ 9♦ 9♣ with A♦ 2♦ 3♥ left over: 1 + 2 + 3 = 6. Player 1 (the person) melds
    # 10♣ J♣ Q♣ · K♥ K♦ K♠, lays off 7♠ (on the run) and 9♠ (the fourth 9), and keeps A♣ 4♦: 5. Five is
    # at most six: an undercut, and Player 1 scores 6 - 5 + 25 = 26.
    state = GameState.new(get_game("gin-rummy"), 2)
    person = cards("10C JC QC KH KD KS 7S 9S AC 4D")
    knocker = cards("3S 4S 5S 6S 9H 9D 9C AD 2D 3H")
    rest = [card for card in range(52) if card not in {*person, *knocker, c("QD"), c("KC")}]
    state.arrange(hands=[person, knocker], deck=[*rest, c("KC")], discard=[c("QD")], current=1)
    view = build_view(state, 1)
    rules = table_rules(state)
    assert [move_text(view, a, state.action_to_string, rules) for a in state.legal_actions()] == [
        "take Q♦ from the discard pile",
        "pass (leave Q♦)",
    ]
    state.apply_action(L.A_PASS)
    assert [
        move_text(build_view(state, 1), a, state.action_to_string, rules) for a in state.legal_actions()
    ] == ["draw from the stock"]
    for action in (L.A_DRAW, c("KC")):
        state.apply_action(action)
    assert L.A_KNOCK in state.legal_actions()
    twin = state.clone()
    # melds are shown sets first, then runs; deadwood in the hand's order (♠ ♥ ♣ ♦, A high)
    assert narrate(state, L.A_KNOCK, 0, cards_turned_up(state, L.A_KNOCK))[:3] == [
        "Player 2 knocks with 6: 9♥ 9♦ 9♣ · 3♠ 4♠ 5♠ 6♠ · deadwood 3♥ 2♦ A♦",
        "You: K♥ K♦ K♠ · 10♣ J♣ Q♣ · lay off 7♠ 9♠ · deadwood A♣ 4♦ = 5",
        "Undercut: you score 26",
    ]
    assert narrate(twin, L.A_KNOCK, 1, cards_turned_up(twin, L.A_KNOCK))[2:4] == [
        "Undercut: Player 1 scores 26",
        "Hand 1 is over. Scores: Player 1 26, Player 2 0",
    ]


def last_bridge_trick(calls: list[int], tricks: list[int], last: str) -> tuple[GameState, list[int]]:
    """Bridge, seed 0, deal 1 (West deals and calls first; Chicago: nobody vulnerable): ``calls``, then
    12 tricks taken as ``tricks`` (North, East, South, West) and one card each left (``last``, in seat
    order from North)."""
    state = GameState.new(get_game("bridge"), 0)
    for call in calls:
        state.apply_action(call)
    left = cards(last)
    state.arrange(hands=[[card] for card in left], deck=[card for card in range(52) if card not in left])
    state.array[L.B_TRICKS : L.B_TRICKS + 4] = tricks
    state.array[L.S_TRICKS_PLAYED] = 12
    return state, calls


def play_deal(state: GameState, seat: int) -> list[str]:
    lines: list[str] = []
    while int(state.array[L.S_HANDS_PLAYED]) == 0:
        lines += narrate(state, state.legal_actions()[0], seat)
    return lines


def test_bridge_shows_the_auction_and_the_vulnerability_and_scores_the_contract_in_bridge_terms() -> None:
    # Law 77: 4♠ made with an overtrick, not vulnerable: 4 × 30 = 120 (a game: +300) + 30 = 450.
    four_spades = bid_action(4, 3)
    calls = [L.A_PASS, four_spades, L.A_PASS, L.A_PASS, L.A_PASS]
    state, moves = last_bridge_trick(calls, [5, 1, 5, 1], "4H 2H AH 3H")
    view = build_view(state, 0, moves)
    assert auction_text(view, table_rules(state)) == (
        "Auction (vulnerable: neither): West pass, North 4♠, East pass, South pass, West pass"
    )
    lines = play_deal(state, 0)
    assert lines[-3:] == [
        "Hand 1 is over: 4♠ by North made with an overtrick: +450 to North–South.",
        "Scores: North+South 450, East+West 0",
        "Hand 2 is dealt.",
    ]
    # 3NT doubled, not vulnerable, down 2: 100 + 200 = 300 to the defenders.
    calls = [L.A_PASS, L.A_PASS, bid_action(3, 4), L.A_DOUBLE, L.A_PASS, L.A_PASS, L.A_PASS]
    state, moves = last_bridge_trick(calls, [3, 3, 2, 4], "3H 4H AH 2H")
    assert "Hand 1 is over: 3NT doubled by East down 2: +300 to North–South." in play_deal(state, 1)


def bid_action(level: int, strain: int) -> int:
    """The action bidding ``level`` in ``strain`` (0 ♣ … 3 ♠, 4 no trump; engine.auction)."""
    return L.A_CONTRACT0 + (level - 1) * 5 + strain


def test_a_failed_blind_nil_costs_twice_the_nil_penalty_and_says_so() -> None:
    # Partnership Spades (spec 004 with engine.contracts: a blind Nil is worth twice the Nil bonus or
    # penalty, 2 × 100). Bids North 3, East blind Nil, South 4, West 2; East takes 1 trick of the 13.
    # East+West: contract 2, 6 tricks: +20 and 4 overtricks +4; East's blind Nil failed: -200; the hand
    # is -176, and 50 - 176 = -126.
    state = last_trick_of_hand("partnership-spades", [100, 50], [9, 0])
    state.array[L.B_IS_NIL + 1] = 2  # East's Nil was bid blind (engine.contracts' encoding)
    assert play_out(state)[7] == (
        "  East+West: bid 2 (East blind Nil, West 2), took 6 (East 1): made +20, 4 overtricks +4, "
        "East's blind Nil failed -200 = -176; bags 4; score -126"
    )
    assert state.team_scores() == (170, -126)


def test_the_end_names_the_winner_and_why_in_the_games_terms() -> None:
    # Partnership Spades is won by the first side to 500 (library.tricks); North+South at 480 make
    # their 7 (+70): 550. East+West, at 0, score -76 on the hand (see the blind Nil test: -100 for a
    # plain Nil, so 20 + 4 - 100).
    state = last_trick_of_hand("partnership-spades", [480, 0], [0, 0])
    play_out(state)
    assert state.is_terminal()
    rules = table_rules(state)
    done = {seat: build_view(state, seat) for seat in (0, 1)}
    assert result_text(done[0], rules, state.genome, "win") == (
        "Result: your team wins: North+South reached 550 points, the target being 500 (East+West -76)."
    )
    assert result_text(done[1], rules, state.genome, "loss") == (
        "Result: North+South win: North+South reached 550 points, the target being 500 (East+West -76); "
        "your team loses."
    )
    # Crazy Eights is won by the first to play every card (library.shedding): East plays its last card.
    eights = GameState.new(get_game("crazy-eights"), 0)
    hands = [cards("2C 3C"), cards("5H"), cards("6C 7C"), cards("9C 10C")]
    held = {card for hand in hands for card in hand} | {c("KH")}
    eights.arrange(hands=hands, deck=[x for x in range(52) if x not in held], discard=[c("KH")], current=1)
    eights.apply_action(c("5H"))
    assert eights.is_terminal()
    end = build_view(eights, 0)
    assert result_text(end, table_rules(eights), eights.genome, "loss") == (
        "Result: East wins: East played every card first; you lose."
    )


def test_the_hand_and_the_table_come_before_any_forced_move(tmp_path: Path) -> None:
    # Crazy Eights, seed 11: North is dealt A♠ A♥ 6♣ 3♦ K♦ with 9♠ on the discard. Only A♠ matches 9♠
    # (rank 9, a spade, or an 8), so North's first move is made for them; they see their hand first.
    session, buffer = make_session(tmp_path, "crazy-eights", 11, scripted(["q"]))
    session.run()
    lines = buffer.getvalue().splitlines()
    first_move = lines.index("You play A♠ (only legal card)")
    assert lines[first_move - 2 : first_move] == [
        "Table: discard 9♠ · deck 31",
        "Your hand: A♠  A♥  6♣  3♦ K♦",
    ]
    # and again before the next forced run, after the others have moved
    assert lines[lines.index("West plays 8♣ and names ♠ (next card must be a ♠ or an 8)") + 1].startswith(
        "---"
    )


def test_the_page_ties_teams_to_seats_and_shows_the_auction_and_the_outcome() -> None:
    # Bridge, seed 0, the person North against random players: West deals and calls first (Chicago,
    # deal 1: nobody vulnerable); the page gets the same auction line as the terminal, and each team by
    # its seats' names with its tricks.
    game = WebGame.start(GameSetup(get_game("bridge"), 0, "random", 0, 0))
    view = game.view()
    assert [side["names"] for side in view["sides"]] == ["North+South", "East+West"]
    assert [side["you"] for side in view["sides"]] == [True, False]
    assert [side["tricks"] for side in view["sides"]] == [0, 0]
    assert [side["vulnerable"] for side in view["sides"]] == [False, False]
    assert view["auction"].startswith("Auction (vulnerable: neither): West ")
    assert view["auction"] == auction_text(build_view(game.state, 0, game.actions), table_rules(game.state))
    assert view["outcome"] is None


def test_passing_on_the_discard_says_which_card_is_left() -> None:
    # Gin Rummy, seed 2: the first player may take the up-card or pass on it (library.rummy's first
    # draw phase draws from the discard pile), then draws from the stock.
    state = GameState.new(get_game("gin-rummy"), 2)
    top = state.discard()[-1]
    assert narrate(state.clone(), L.A_PASS, 1) == [f"Player 1 passes (leaves {card_name(top)})"]
    assert narrate(state, L.A_PASS, 0) == [f"You pass (leave {card_name(top)})"]


def test_a_euchre_bower_wins_the_trick_on_the_screen_as_in_the_engine() -> None:
    # Euchre, seed 21 (played by hand on 2026-11-28): North passes, East orders up the turned Q♥ (trumps
    # ♥), West (dealer) takes it and buries 9♣. Trick 1: North Q♦, East K♦, South 9♠, West 10♣: East
    # (best diamond, no trump). Trick 2: East leads J♥, the right bower, the highest card of the deck
    # (Euchre's rules; library.tricks EUCHRE_BOWERS), so East wins whatever follows: the screen said
    # "West wins so far" after West's Q♥ and then "You win the trick" for North's A♥.
    state = GameState.new(get_game("euchre"), 21)
    for action in (L.A_PASS, L.A_SUIT0, c("9C"), *cards("QD KD 9S 10C"), *cards("JH 10S QH")):
        state.apply_action(action)
    rules = table_rules(state)
    line = trick_line(build_view(state, 0), rules, compact=False)
    assert line is not None and line.plain == "Trick 2/5: East J♥, South 10♠, West Q♥ · East wins so far"
    assert narrate(state, c("AH"), seat=0) == ["You play A♥", "East wins the trick"]
    assert state.block(L.B_TRICKS, 4) == (0, 2, 0, 0)  # the engine: East has both tricks


def test_the_showdown_after_an_exchange_shows_the_hand_as_drawn(tmp_path: Path) -> None:
    # Draw Poker, seed 4 (replayed on 2026-11-28 after the opponents began to bet by equity): North goes
    # all in with 3♠ 3♥ 5♣ 7♣ 9♦; East and West fold, South calls (pot 2 x 100). North throws away 5♣,
    # 7♣ and 9♦ and draws A♥ J♥ 6♠, so North's showdown hand is the five cards held after the draw, 3♠ 6♠
    # 3♥ J♥ A♥: a pair of threes (the screen once showed the hand from before the exchange). South's five
    # cards hold no two of a rank: high card, and North's pair takes the pot of 200.
    answers = ["3", "3", "3", "3", "", ""]
    session, buffer = make_session(tmp_path, "draw-poker", 4, scripted(answers))
    session.run()
    lines = buffer.getvalue().splitlines()
    drawn = lines.index("You discard 9♦ and draw A♥, J♥, 6♠")
    assert lines[drawn + 1 : drawn + 5] == [
        "South discards 3 cards and draws 3",
        "You show 3♠, 6♠, 3♥, J♥, A♥: a pair",
        "South shows 8♠, Q♠, 10♥, 4♣, 2♦: high card",
        "You win the pot (200) with a pair",
    ]


def test_a_pot_won_by_folds_is_not_called_a_showdown(tmp_path: Path) -> None:
    # Draw Poker, seed 4: North checks, East checks, South goes all in and West folds; North and East
    # fold too. South takes the pot uncontested: no hand was shown, so the result must not say South had
    # the best hand at the showdown.
    session, buffer = make_session(tmp_path, "draw-poker", 4, scripted(["1", "3", "", ""]))
    session.run()
    lines = buffer.getvalue().splitlines()
    assert "South wins the pot (100): everyone else folded" in lines
    assert "Result: South wins: everyone else folded; you lose." in lines
    assert not any("showdown" in line for line in lines[lines.index("You check") :])


def test_a_cheat_claim_is_said_aloud_when_it_is_made(tmp_path: Path) -> None:
    # Cheat, seed 12 (played by hand on 2026-11-28): the claims go up one rank a turn from the Ace (the
    # rank in progress on the screen, engine.claims). North claims Aces with four cards (the most a claim
    # may hold: it ends by itself), South calls cheat; then East puts one card down and stops: a claim
    # of one 2, which a table hears ("one two"), where the screen said only "East passes".
    session, buffer = make_session(tmp_path, "cheat", 12, scripted(["8", "5", "11", "9", "2", "q"]))
    session.run()
    lines = buffer.getvalue().splitlines()
    put = lines.index("East puts a card face down")
    assert lines[put + 1] == "East claims one 2"


def test_another_seats_ask_is_one_line() -> None:
    # Go Fish, seed 7 (played by hand on 2026-11-28): each ask is two choices, whom and which rank; the
    # screen told them as two lines ("East asks South", "East asks South for Jacks: 1 handed over").
    assert merge_lines("East asks South", "East asks South for Jacks: 1 handed over") == (
        "East asks South for Jacks: 1 handed over"
    )
    assert merge_lines("West asks you", "West asks you for 6s: 1 handed over") == (
        "West asks you for 6s: 1 handed over"
    )
    assert merge_lines("East asks South", "East asks for 2s: go fish, draws a card") == (
        "East asks South for 2s: go fish, draws a card"
    )
    assert merge_lines("East asks South", "South asks for 2s: go fish, draws a card") is None


def test_the_page_names_the_trumps_as_the_terminal_does() -> None:
    # Euchre, seed 21: Q♥ is turned up; nothing is trumps until someone orders it up (library.tricks:
    # the trump phase). North orders it up: hearts are trumps for the hand. The web table in Chromium
    # (2026-11-28) showed only "Hand 1" where the terminal's title says "trumps ♥".
    game = WebGame.start(GameSetup(get_game("euchre"), 0, "greedy", 0, 21))
    assert game.view()["trumps"] == ""
    game.move(L.A_SUIT0, game.version)
    assert game.view()["trumps"] == "trumps ♥"
    state = game.state
    assert title_text(build_view(state, 0), table_rules(state)) == "Euchre · hand 1 · trumps ♥"


def test_a_euchre_hand_ends_with_the_makers_result() -> None:
    # Euchre, seed 21, the whole of hand 1 (the bower test's start). East ordered up ♥ and East–West took
    # tricks 1-4; in trick 5 North's J♦, the left bower, beats West's K♥. Makers with 3 or 4 of the 5
    # tricks score 1 (library.tricks, MakerScoring: made 1, march 2, euchred 2 to the others). The
    # screen said only "Hand 1 is over. Scores: ...", never who made what.
    state = GameState.new(get_game("euchre"), 21)
    played = [L.A_PASS, L.A_SUIT0, c("9C"), *cards("QD KD 9S 10C JH 10S QH AH AS KS QS 9D")]
    played += [*cards("JS JC KC AC 10H QC KH")]
    for action in played:
        state.apply_action(action)
    assert narrate(state, c("JD"), seat=0) == [
        "You play J♦",
        "You win the trick",
        "Hand 1 is over: East–West made ♥ with 4 tricks: +1.",
        "Scores: North+South 0, East+West 1",
        "Hand 2 is dealt.",
    ]


def test_the_euchre_up_card_is_turned_up_not_a_discard() -> None:
    # Euchre, seed 21: the dealer turns up the top of the four undealt cards, Q♥, to propose trumps
    # (library.tricks: turned_trump upcard); nobody discarded it. The table line said "discard Q♥".
    state = GameState.new(get_game("euchre"), 21)
    assert table_line(build_view(state, 0), table_rules(state)).plain == "turned up Q♥ · deck 3"


def test_the_end_names_the_win_condition_that_fired_not_the_first_listed() -> None:
    # A mutated Hearts (the blind set's Game B): lowest score wins once a side reaches 156, and, at a
    # hand end, when every hand is empty the highest score wins (engine.wins: the first condition met,
    # in order). After hand 1 South took Q♠ (13) and nobody is near 156: the second condition ended
    # the game, so South won with the highest score, not the fewest points.
    genome = replace(
        get_game("hearts"),
        win_conditions=(WinCondition(WinType.LOW_SCORE, 156), WinCondition(WinType.ALL_HANDS_EMPTY)),
    )
    state = GameState.new(genome, 21)
    rules = table_rules(state)
    over = replace(build_view(state, 0), scores=(0, 0, 13, 0), hand_sizes=(0, 0, 0, 0), winner=2)
    assert result_text(over, rules, genome, "loss") == (
        "Result: South wins: South scored the most when every hand was empty: 13 points "
        "(you 0; East 0; West 0); you lose."
    )
    # Had South reached 156 first, the low-score condition is the one met: West, with the fewest, wins.
    late = replace(over, scores=(40, 30, 160, 26), winner=3)
    assert result_text(late, rules, genome, "loss") == (
        "Result: West wins: West scored the fewest points when a side reached 156: 26 "
        "(you 40; East 30; South 160); you lose."
    )
