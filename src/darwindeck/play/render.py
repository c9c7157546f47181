"""Drawing a ``TableView`` for a person: a full layout, a compact one, and the numbered moves.

Layouts (``render_screen``): the *full* layout (terminals of ``COMPACT_BELOW`` columns or more) has a
title rule, the direction of play, whose turn it is, a table of seats (cards held, and when the game has
them: captured cards, bids, tricks, scores, chips), the teams (with their scores where the game scores
points), the table (discard top, deck size,
tableau piles, the dealer's cards with its hole card face down, Cribbage's starter and crib, the
current trick, claim pile, pot, an
auction's contract), the dummy's face-up hand and
the player's hand. The *compact* layout says the
same in fewer, shorter lines (two seats per line, abbreviated seat names). Plain mode changes only the
characters of rules and tables (ASCII); colour is the console's business (``Console(no_color=True)``).

Cards are written ``7♥``; hearts and diamonds are red, clubs and spades bold. A hand is sorted by suit
in the order ♠ ♥ ♣ ♦ (colours alternate), then by rank 2..A. A wild card on the discard says what the
next card must be (``view.wild_note``).

Moves (``numbered_moves``): each legal move has a key the player types, and its words (``move_namer``:
the engine's, with a set named by its cards, "play 5♥ 5♦"). Bids are keyed by their value,
so the number typed is the number of tricks bid, and Nil is keyed ``n`` and listed last; an auction's
calls as Bridge players write them: ``p`` pass, ``x`` double, ``xx`` redouble, a contract by its level
and strain letter (``1c`` ``1d`` ``1h`` ``1s`` ``1n`` … ``7n``); other moves are numbered 1, 2, ...
(cards in hand order, then the rest by action id). ``moves_text`` lists up to
``MOVES_ONE_PER_LINE`` moves one per line in the full layout, more in aligned columns across the width
(row by row), so a long list (14 bids) takes two or three lines; the compact layout packs them into lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from darwindeck.engine import layout as L
from darwindeck.engine.actions import contract_name
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_name
from darwindeck.play import narrate
from darwindeck.play.narrate import BET_WORDS, bet_words, draw_words
from darwindeck.play.view import (
    PHASE_NAMES,
    LastTrick,
    TableRules,
    TableView,
    contract_bid,
    is_run,
    lays_meld,
    lays_off,
    melds_on_table,
    run_cards,
    set_cards,
    sort_hand,
    trick_winner,
    wild_note,
)

#: Terminals narrower than this get the compact layout.
COMPACT_BELOW = 80
#: Longer move lists are laid out in columns in the full layout.
MOVES_ONE_PER_LINE = 6
#: The key of a Nil bid.
NIL_KEY = "n"

_RED_SYMBOLS = frozenset({Suit.HEARTS.symbol, Suit.DIAMONDS.symbol})
_SUIT_PILE = 4
_CARD_PATTERN = re.compile(
    "(?:10|[2-9JQKA])[♥♦♣♠]"
)  # tableau piles 0..3 are suit piles (SEQUENCE), 4 the general pile


def suited(text: str) -> Text:
    """``text`` with every card in it (``7♥``, ``10♠``) coloured by its suit."""
    out = Text(text)
    for match in _CARD_PATTERN.finditer(text):
        red = match.group(0)[-1] in _RED_SYMBOLS
        out.stylize("red" if red else "bold", match.start(), match.end())
    return out


def cards_text(cards: Sequence[int]) -> Text:
    """Cards in the given order, separated by spaces, coloured."""
    return suited(" ".join(card_name(c) for c in cards)) if cards else Text("none")


def hand_text(cards: Sequence[int]) -> Text:
    """A hand sorted for display, with a wider gap between suits."""
    out = Text()
    previous_suit = -1
    for card in sort_hand(cards):
        if out:
            out.append("  " if card // L.N_RANKS != previous_suit else " ")
        out.append_text(suited(card_name(card)))
        previous_suit = card // L.N_RANKS
    return out or Text("no cards")


def way_text(direction: int) -> str:
    """ "clockwise" for seat order (+1), "counter-clockwise" for -1."""
    return "clockwise" if direction > 0 else "counter-clockwise"


def direction_text(view: TableView) -> str:
    """ "clockwise: North → East → South → West" (seat order from seat 0, following the direction)."""
    order = range(view.n_players) if view.direction > 0 else [0, *range(view.n_players - 1, 0, -1)]
    return f"{way_text(view.direction)}: " + " → ".join(view.names[p] for p in order)


def turn_text(view: TableView) -> str:
    """ "Your turn (bidding)" or "Now: East (trick)"; "Game over" at the end."""
    if view.terminal:
        return "Game over"
    phase = PHASE_NAMES.get(view.phase_kind, "")
    if view.dummy_to_play:
        phase += ", from the dummy"
    who = "Your turn" if view.current_player == view.seat else f"Now: {view.names[view.current_player]}"
    return f"{who} ({phase})" if phase else who


def _bid_text(view: TableView, player: int) -> str:
    if view.nil[player]:
        return "blind Nil" if view.blind_nil[player] else "Nil"
    return "-" if view.bids[player] < 0 else str(view.bids[player])


def _seat_columns(view: TableView, rules: TableRules, player: int) -> list[tuple[str, str, str]]:
    """(full header, compact label, value) for each column the game needs."""
    columns = [("cards", "c", str(view.hand_sizes[player]))]
    if rules.has_captures:
        columns.append(("captured", "cap", str(view.captured_sizes[player])))
    if rules.has_bidding:
        columns.append(("bid", "bid", _bid_text(view, player)))
    if rules.has_tricks:
        columns.append(("tricks", "tk", str(view.tricks_won[player])))
    if rules.keeps_score and not rules.teams:
        columns.append(("score", "pts", str(view.scores[player])))
    if counts_bags(rules) and not rules.teams:
        columns.append(("bags", "bg", str(view.bags[player])))
    if rules.has_chips:
        columns.append(
            ("chips", "chips", str(view.chips[player]) + (" folded" if view.folded[player] else ""))
        )
    return columns


def _seat_label(view: TableView, player: int, compact: bool) -> str:
    name = view.names[player]
    if compact:
        name = name[0] if view.n_players == len("NESW") else f"P{player + 1}"
    marker = "*" if player == view.current_player else ""
    return f"{marker}{name}{' (you)' if player == view.seat else ''}"


def seats_table(view: TableView, rules: TableRules, plain: bool) -> Table:
    """The full layout's table: one row per seat."""
    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("seat")
    for header, _, _ in _seat_columns(view, rules, 0):
        table.add_column(header, justify="right")
    for player in range(view.n_players):
        table.add_row(
            _seat_label(view, player, compact=False), *(v for _, _, v in _seat_columns(view, rules, player))
        )
    return table


def compact_seat_lines(view: TableView, rules: TableRules) -> list[Text]:
    """The compact layout's seats: two per line, ``E 12c bid 2 tk 1`` (bags only in the full layout)."""
    cells = []
    for player in range(view.n_players):
        values = " ".join(
            f"{v}{label}" if label == "c" else f"{label} {v}"
            for header, label, v in _seat_columns(view, rules, player)
            if header != "bags"
        )
        cells.append(f"{_seat_label(view, player, compact=True)} {values}")
    return [Text(" | ".join(cells[i : i + 2])) for i in range(0, len(cells), 2)]


def team_line(view: TableView, rules: TableRules, compact: bool) -> Text | None:
    """ "Teams: North+South (you) 120 (3 bags) · East+West 80 (1 bag)" (bags only in the full layout),
    the scores only where the game scores points (``TableRules.keeps_score``: "Teams: North+South (you) ·
    East+West" in a game won by going out), or None outside team mode."""
    if not rules.teams:
        return None
    parts = []
    for index, members in enumerate(rules.teams):
        names = "+".join(view.names[p] for p in members)
        mine = " (you)" if view.seat in members else ""
        score = f" {view.team_scores[index]}" if rules.keeps_score else ""
        count = view.bags[index]
        bags = f" ({count} bag{'' if count == 1 else 's'})" if counts_bags(rules) and not compact else ""
        parts.append(f"{names}{mine}{score}{bags}")
    return Text("Teams: " + " · ".join(parts))


def sides(view: TableView, rules: TableRules) -> list[dict[str, object]]:
    """Each team by its seats' names, with its score (None where the game scores no points, as
    ``team_line``), tricks and bags (team mode; else empty): what the page's team line shows,
    "North+South (you) 120, 7 tricks"."""
    out: list[dict[str, object]] = []
    for index, members in enumerate(rules.teams):
        out.append(
            {
                "names": "+".join(view.names[p] for p in members),
                "you": view.seat in members,
                "score": view.team_scores[index] if rules.keeps_score else None,
                "tricks": sum(view.tricks_won[p] for p in members) if rules.has_tricks else None,
                "bags": view.bags[index] if counts_bags(rules) else None,
                "vulnerable": view.vulnerable[index] if view.vulnerable else None,
            }
        )
    return out


def counts_bags(rules: TableRules) -> bool:
    """Whether the table shows bags: the contract has a bag rule (``narrate.counts_bags``)."""
    return narrate.counts_bags(rules.contract)


def table_line(view: TableView, rules: TableRules) -> Text:
    """The discard top (the card turned up for trumps, or the last book laid, named so), the deck, the
    tableau (the melds on it one by one where melds are laid: "melds K♥ K♣ K♠ K♦, 2♠ 3♠ 4♠ 5♠",
    ``view.melds_on_table``), the claim pile and the pot, whichever are in play (an empty text when none
    is)."""
    parts: list[Text] = []
    if view.discard_top is not None:
        note = wild_note(rules, view.discard_top, view.named_suit)
        # Euchre's up-card is turned up to propose trumps (nobody's discard); Go Fish's pile holds books.
        word = "turned up " if rules.upcard else "last book " if rules.books else "discard "
        discard = Text(word).append_text(cards_text([view.discard_top]))
        parts.append(discard.append(f" ({note})" if note else ""))
    if view.deck_size:
        parts.append(Text(f"deck {view.deck_size}"))
    for pile, cards in enumerate(view.tableau[:_SUIT_PILE]):
        if cards:
            parts.append(Text(f"{Suit.from_code(pile).symbol} pile ").append_text(cards_text(cards)))
    if view.dealer or view.dealer_hole:  # the dealer's cards are the table pile, its hole the claim pile
        parts.append(dealer_text(view))
    elif view.tableau[_SUIT_PILE] and rules.melds:
        melds = [cards_text(meld) for meld in melds_on_table(view.tableau[_SUIT_PILE], view.run_mask)]
        parts.append(Text("melds ").append_text(Text(", ").join(melds)))
    elif view.tableau[_SUIT_PILE]:
        word = "starter " if has_crib(rules) else "table "  # the crib phase's starter (engine.crib)
        parts.append(Text(word).append_text(cards_text(view.tableau[_SUIT_PILE])))
    if view.claim_pile_size and not view.dealer_hole:
        face_down = "crib" if has_crib(rules) else "claim pile"
        parts.append(Text(f"{face_down} {view.claim_pile_size} face down"))
    if view.claim_rank >= 0 and view.claim_count:
        rank = Rank.from_code(view.claim_rank).value
        parts.append(Text(f"claim in progress: {view.claim_count}×{rank}"))
    if view.pot:
        parts.append(Text(f"pot {view.pot}"))
    if view.current_bet and view.phase_kind == L.K_BETTING:
        parts.append(Text(f"bet to match {view.current_bet}"))
    if view.count_cards:
        parts.append(Text(f"count {view.count}"))
    if view.contract >= 0:
        parts.append(Text(contract_text(view)))
    return Text(" · ").join(parts)


def has_crib(rules: TableRules) -> bool:
    """A game with Cribbage's crib and show: the claim pile is the crib, the table pile the starter."""
    return int(rules.program[L.H_SHOW]) >= 0


def dealer_text(view: TableView) -> Text:
    """The dealer's cards: "dealer 5♠ and a face-down card" until the hole card is turned."""
    text = Text("dealer ").append_text(cards_text(view.dealer))
    return text.append(" and a face-down card" if view.dealer_hole else "")


def contract_text(view: TableView) -> str:
    """ "contract 4♠ doubled, South declares" once the auction is over; "last bid 2♥ by East, doubled"
    during it."""
    bid = contract_bid(view)
    if view.declarer < 0:
        by = "you" if view.contract_by == view.seat else view.names[view.contract_by]
        doubling = ("", ", doubled", ", redoubled")[view.doubled]
        return f"last bid {contract_name(view.contract)} by {by}{doubling}"
    declares = "you declare" if view.declarer == view.seat else f"{view.names[view.declarer]} declares"
    return f"contract {bid}, {declares}"


def call_text(action: int) -> str:
    """An auction call as players say it: "1♠", "3NT", "pass", "double", "redouble"."""
    words = {L.A_PASS: "pass", L.A_DOUBLE: "double", L.A_REDOUBLE: "redouble"}
    return words.get(action) or contract_name(action - L.A_CONTRACT0)


def vulnerability_text(view: TableView, rules: TableRules) -> str:
    """ "vulnerable: North–South", "vulnerable: both", "vulnerable: neither" (auction games; by seat
    outside team mode, where each seat is a side: "vulnerable: East")."""
    members = rules.teams or tuple((p,) for p in range(view.n_players))
    sides = ["–".join(view.names[p] for p in members[t]) for t, v in enumerate(view.vulnerable) if v]
    if len(sides) == len(view.vulnerable) > 1:
        return "vulnerable: both"
    return f"vulnerable: {', '.join(sides) if sides else 'neither'}"


def auction_text(view: TableView, rules: TableRules) -> str | None:
    """ "Auction (vulnerable: neither): West pass, North 1♠, East double": this hand's calls by seat,
    with the vulnerability; None outside auction games."""
    if not view.vulnerable:
        return None
    calls = ", ".join(f"{view.names[seat]} {call_text(call)}" for seat, call in view.auction)
    return f"Auction ({vulnerability_text(view, rules)}): {calls or 'no calls yet'}"


def dummy_line(view: TableView) -> Text | None:
    """ "Dummy (North): ♠A K 3 ..." while the dummy's hand lies face up, else None."""
    if not view.dummy_hand:
        return None
    return Text(f"Dummy ({view.name(view.dummy)}): ").append_text(hand_text(view.dummy_hand))


def trick_line(view: TableView, rules: TableRules, compact: bool) -> Text | None:
    """The cards of the current trick with who played them, or None outside trick games."""
    if not rules.has_tricks:
        return None
    label = f"Trick {view.tricks_played + 1}"
    if rules.tricks_per_hand > 0:
        label += f"/{rules.tricks_per_hand}"
    out = Text(f"{label}: ")
    if not view.trick:
        return out.append("no cards yet")
    for index, (player, card) in enumerate(view.trick):
        name = _seat_label(view, player, compact).lstrip("*")
        out.append(", " if index else "").append(f"{name} ").append_text(cards_text([card]))
    if view.phase_kind == L.K_TRICK and len(view.trick) > 1:
        leader = trick_winner(view.trick, view, rules)
        who = "you" if leader == view.seat else _seat_label(view, leader, compact).lstrip("*")
        out.append(f" · {who} {'win' if leader == view.seat else 'wins'} so far")
    return out


def trumps_text(view: TableView, rules: TableRules) -> str:
    """ "trumps ♥" (made, turned up, bid or fixed by the rules), "no trumps", or "" (none yet)."""
    if view.hand_trump == L.HAND_NO_TRUMP:
        return "no trumps"
    suit = view.hand_trump if view.hand_trump >= 0 else rules.trump
    return f"trumps {Suit.from_code(suit).symbol}" if suit >= 0 else ""


def title_text(view: TableView, rules: TableRules) -> str:
    """The game, the hand, the turn (trick games count tricks instead, on the trick line), the trumps."""
    trumps = trumps_text(view, rules)
    turn = "" if rules.has_tricks else f" · turn {view.turn + 1}"
    return f"{rules.game_name} · hand {view.hand_number}{turn}" + (f" · {trumps}" if trumps else "")


def last_trick_line(view: TableView, last: LastTrick | None, compact: bool) -> Text | None:
    """ "Last trick: North 9♥, East 2♥, South 8♥, West 4♥ · North won", for the last trick of this hand."""
    if last is None or last.hand_number != view.hand_number:
        return None
    out = Text("Last trick: ")
    for index, (player, card) in enumerate(last.cards):
        name = _seat_label(view, player, compact).lstrip("*")
        out.append(", " if index else "").append(f"{name} ").append_text(cards_text([card]))
    who = "you" if last.winner == view.seat else _seat_label(view, last.winner, compact).lstrip("*")
    return out.append(f" · {who} won")


def render_screen(
    view: TableView, rules: TableRules, compact: bool, plain: bool, last_trick: LastTrick | None = None
) -> list[RenderableType]:
    """Everything the player sees before deciding, top to bottom (``last_trick``: the last trick completed,
    shown while its hand goes on)."""
    lines: list[RenderableType] = []
    if compact:
        lines.append(Text(f"== {title_text(view, rules)} =="))
        lines.append(Text(f"{turn_text(view)} · {way_text(view.direction)}"))
        lines.extend(compact_seat_lines(view, rules))
    else:
        lines.append(Rule(title_text(view, rules), characters="-" if plain else "─"))
        lines.append(Text(f"Play goes {direction_text(view)}"))
        lines.append(Text(turn_text(view), style="bold"))
        lines.append(seats_table(view, rules, plain))
    optionals = (
        team_line(view, rules, compact),
        last_trick_line(view, last_trick, compact),
        trick_line(view, rules, compact),
    )
    for optional in optionals:
        if optional is not None:
            lines.append(optional)
    table = table_line(view, rules)
    if table:
        lines.append(Text("Table: ").append_text(table))
    auction = auction_text(view, rules)
    if auction is not None:
        lines.append(suited(auction))
    dummy = dummy_line(view)
    if dummy is not None:
        lines.append(dummy)
    if view.to_pass:
        chosen = "To the crib: " if has_crib(rules) else "To pass: "
        lines.append(Text(chosen).append_text(hand_text(view.to_pass)))
    if view.hand is not None:
        held = [card for card in view.hand if card not in view.to_pass]
        lines.append(Text("Your hand: ").append_text(hand_text(held)))
    else:
        lines.append(Text(f"Your hand: {view.hand_sizes[view.seat]} cards face down"))
    return lines


def move_order(actions: Sequence[int]) -> list[int]:
    """Legal actions in the order they are numbered: cards as the hand shows them, then the rest by id."""
    cards = sort_hand([a for a in actions if 0 <= a < L.FULL_DECK])
    return cards + [a for a in actions if not 0 <= a < L.FULL_DECK]


def move_namer(state: GameState) -> Callable[[int], str]:
    """``state.action_to_string`` for the deciding seat's moves, with a set named by the cards it puts
    down from that seat's own hand ("play 5♥ 5♦" for the engine's "play 2×5"; ``view.set_cards``) and a
    run by its cards; a meld laid on the table (``view.lays_meld``) says so, set or run alike: "meld K♥
    K♣ K♠", "meld 3♠ 4♠ 5♠", and so does a card laid off on one ("lay off 6♥", ``view.lays_off``): the
    words the narration tells them in."""

    def name(action: int) -> str:
        is_set = L.A_SET0 <= action < L.A_TARGET0
        phase = int(state.array[L.S_PHASE])
        if lays_off(state.genome, phase, action):
            return f"lay off {card_name(action)}"
        if not (is_set or is_run(action)):
            return state.action_to_string(action)
        verb = "meld" if lays_meld(state.genome, phase, action) else "play"
        laid = set_cards(state, action) if is_set else run_cards(action)
        return f"{verb} " + " ".join(card_name(card) for card in laid)

    return name


def move_text(view: TableView, action: int, describe: Callable[[int], str], rules: TableRules) -> str:
    """``describe``'s name for a move, with a player it names called as the table calls them: the engine
    says "ask player 2", the table "ask East"; a bet with its size ("call 20", "raise to 40", "all in
    (98)"); a draw with its source ("take 7♣ from the discard pile", "draw from the stock")."""
    if view.phase_kind == L.K_BETTING and action in BET_WORDS:
        return bet_words(view, rules, view.seat, action)[1]
    if view.phase_kind == L.K_DRAW and action in (L.A_DRAW, L.A_PASS):
        return draw_words(view, rules, action)
    text = describe(action)
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        seat = action - L.A_TARGET0
        return text.replace(f"player {seat}", view.names[seat])
    return text


@dataclass(frozen=True)
class Move:
    """A legal move as offered: the key to type, the action id and its ``action_to_string`` text."""

    key: str
    action: int
    text: str


def _is_bid(action: int) -> bool:
    return L.A_BID0 <= action <= L.A_BID0 + L.MAX_BID


_STRAIN_KEYS = "cdhsn"
_CALL_KEYS = {L.A_PASS: "p", L.A_DOUBLE: "x", L.A_REDOUBLE: "xx"}


def _is_call(action: int) -> bool:
    return action in _CALL_KEYS or L.A_CONTRACT0 <= action < L.A_COMBO0


def _call_key(action: int) -> str:
    if action in _CALL_KEYS:
        return _CALL_KEYS[action]
    contract = action - L.A_CONTRACT0
    return f"{contract // L.N_STRAINS + 1}{_STRAIN_KEYS[contract % L.N_STRAINS]}"


def _are_calls(actions: Sequence[int]) -> bool:
    """Whether ``actions`` are an auction's calls (some call besides pass among them)."""
    return bool(actions) and all(_is_call(a) for a in actions) and any(a != L.A_PASS for a in actions)


def moves_are_calls(moves: Sequence[Move]) -> bool:
    return _are_calls([m.action for m in moves])


def numbered_moves(actions: Sequence[int], rules: TableRules, describe: Callable[[int], str]) -> list[Move]:
    """The moves for ``actions`` with their keys (see the module docstring); ``describe`` names an action."""
    if actions and all(_is_bid(a) for a in actions):
        nil = L.A_BID0 if rules.nil_allowed and L.A_BID0 in actions else -1
        bids = [Move(str(a - L.A_BID0), a, describe(a)) for a in sorted(actions) if a != nil]
        return bids + ([Move(NIL_KEY, nil, describe(nil))] if nil >= 0 else [])
    if _are_calls(actions):
        return [Move(_call_key(a), a, describe(a)) for a in sorted(actions)]
    return [Move(str(number), a, describe(a)) for number, a in enumerate(move_order(actions), 1)]


def moves_are_bids(moves: Sequence[Move]) -> bool:
    return bool(moves) and all(_is_bid(m.action) for m in moves)


def keys_text(moves: Sequence[Move]) -> str:
    """The keys as a prompt lists them: "1-8", "1-13, n" (runs of numbers joined by a dash); calls as
    "p, x, 1s-7n" (the lowest and the highest contract)."""
    if moves_are_calls(moves):
        others = [m.key for m in moves if m.action < L.A_CONTRACT0]
        contracts = [m.key for m in moves if m.action >= L.A_CONTRACT0]
        if contracts:
            others.append(f"{contracts[0]}-{contracts[-1]}" if len(contracts) > 1 else contracts[0])
        return ", ".join(others)
    numbers = [int(m.key) for m in moves if m.key.isdigit()]
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    return ", ".join(parts + [m.key for m in moves if not m.key.isdigit()])


def moves_text(moves: Sequence[Move], compact: bool, width: int) -> Text:
    """The moves with their keys: one per line, or in columns (full layout) or packed lines (compact
    layout) of at most ``width`` columns (a move never breaks across lines)."""
    items = [f"{move.key}) {move.text}" for move in moves]
    if not compact and len(items) <= MOVES_ONE_PER_LINE:
        return suited("\n".join(f"  {item}" for item in items))
    if not compact:
        cell = max(len(item) for item in items) + 2
        per_line = max(1, (width - 2) // cell)
        rows = [items[i : i + per_line] for i in range(0, len(items), per_line)]
        return suited("\n".join("  " + "".join(i.ljust(cell) for i in row).rstrip() for row in rows))
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return suited("\n".join(lines))
