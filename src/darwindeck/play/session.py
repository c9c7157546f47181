"""The game loop of ``darwindeck play``: a person at one seat, computer opponents at the others.

``PlaySession(options, genome, opponent, console, read_line).run()`` deals game 0 of seed
``options.seed`` (``GameState.new``), then until the game ends: the opponents' decisions are made by
the ``Opponent`` and each is told in one line (``narrate``); when the person's seat decides, the screen
(``render.render_screen`` of the seat's ``TableView``: compact below 80 columns) and the keyed legal
moves (``render.numbered_moves``) are shown and a line is read. A seat with a single legal move has no
choice to make: the move is made without asking and told with its reason ("You draw 5♦ (no playable
card)"); the person still sees their hand and the table first (the screen without moves) when it changed
since they last saw it, and at each deal when another seat moves first, so no move is ever told before
the person has seen their cards. Input: a move's key (a number; for a bid
the number of tricks, ``n`` for Nil; for a call ``p``, ``x``, ``xx`` or a contract such as ``3n``); ``r``
prints the rulebook; ``q`` (or the end of input) quits, recorded as ``abandoned``. Anything else is
refused with the reason and asked again. At the end the result line, then an optional rating (1-5) and
comment, then the ``GameRecord`` is appended to the results file. The final standings ("Scores: …") are
told once: by the line of the hand the last move ended (``describe_events``), else after the result.

The console and ``read_line(prompt) -> str`` (raising ``EOFError`` at the end of input) are injected, so
tests drive a whole game with scripted lines and read exactly what was shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from rich.console import Console
from rich.live import Live
from rich.markdown import Markdown
from rich.text import Text

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.schema import GameGenome
from darwindeck.play.narrate import (
    completed_trick,
    describe_decision,
    describe_events,
    forced_note,
    may_continue,
    merge_lines,
    result_text,
    scores_text,
    with_note,
)
from darwindeck.play.opponents import Opponent
from darwindeck.play.render import (
    COMPACT_BELOW,
    NIL_KEY,
    Move,
    keys_text,
    move_namer,
    move_text,
    moves_are_bids,
    moves_are_calls,
    moves_text,
    numbered_moves,
    render_screen,
)
from darwindeck.play.results import GameRecord, append_record
from darwindeck.play.view import (
    LastTrick,
    TableView,
    build_view,
    cards_turned_up,
    settled_view,
    table_rules,
    trick_winner,
)
from darwindeck.rulebook import render_markdown

ReadLine = Callable[[str], str]
Command = Literal["rules", "quit"]


@dataclass(frozen=True)
class PlayOptions:
    """What ``darwindeck play`` was asked for (already checked)."""

    source: str
    seat: int
    opponents: str
    iterations: int | None
    seed: int
    plain: bool
    results: Path


class BadInput(ValueError):
    """A line that is not a move number or a command; the message is the reason shown to the person."""


def parse_choice(line: str, moves: Sequence[Move]) -> int | Command:
    """The index in ``moves`` of the move whose key is typed, or ``rules`` / ``quit``; ``BadInput`` with
    the reason otherwise."""
    text = line.strip().lower()
    if text in ("r", "rules"):
        return "rules"
    if text in ("q", "quit"):
        return "quit"
    keys = [move.key for move in moves]
    if text in keys:
        return keys.index(text)
    what = "bid" if moves_are_bids(moves) else "call" if moves_are_calls(moves) else "move"
    if not text:
        raise BadInput(f"type a {what} ({keys_text(moves)}), r for the rules or q to quit")
    if text == "0" and NIL_KEY in keys:
        raise BadInput(f"there is no bid 0: type {NIL_KEY} to bid Nil (no tricks)")
    if not text.isdigit():
        raise BadInput(f"{line.strip()!r} is not a {what}: type {keys_text(moves)}, r or q")
    raise BadInput(f"there is no {what} {int(text)}: choose {keys_text(moves)}")


def move_prompt(moves: Sequence[Move]) -> str:
    """ "Your move (1-8, r, q): ", or for bids "Your bid (1-13, n = Nil, r, q): "."""
    if moves_are_bids(moves):
        nil = f", {NIL_KEY} = Nil" if any(m.key == NIL_KEY for m in moves) else ""
        numbers = keys_text([m for m in moves if m.key != NIL_KEY])
        return f"Your bid ({numbers}{nil}, r, q): "
    if moves_are_calls(moves):
        return f"Your call ({keys_text(moves)}: p pass, x double, xx redouble, 3n = 3NT; r, q): "
    return f"Your move ({keys_text(moves)}, r, q): "


def parse_rating(line: str) -> int | None:
    """A rating 1-5, or None for an empty line; ``BadInput`` otherwise."""
    text = line.strip()
    if not text:
        return None
    if text.isdigit() and 1 <= int(text) <= 5:
        return int(text)
    raise BadInput(f"{text!r} is not a rating: type 1, 2, 3, 4 or 5, or press Enter to skip")


def result_of(state: GameState, seat: int, abandoned: bool) -> str:
    """``win`` / ``loss`` / ``draw`` for ``seat``, or ``abandoned``."""
    if abandoned:
        return "abandoned"
    value = state.returns()[seat]
    return "win" if value > 0 else "loss" if value < 0 else "draw"


class PlaySession:
    """One game between a person and computer opponents (see the module docstring)."""

    def __init__(
        self,
        options: PlayOptions,
        genome: GameGenome,
        opponent: Opponent,
        console: Console,
        read_line: ReadLine,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.options = options
        self.genome = genome
        self.opponent = opponent
        self.console = console
        self.read_line = read_line
        self.clock = clock
        self.state = GameState.new(genome, options.seed)
        self.rules = table_rules(self.state)
        self.moves: list[int] = []
        self._last_trick: LastTrick | None = None
        self._held: str | None = None  # a line the next one may continue (merge_lines), not told yet
        self._standings_told = False  # the last move ended a hand, whose line told the standings

    @property
    def compact(self) -> bool:
        return self.console.width < COMPACT_BELOW

    def run(self) -> GameRecord:
        """Play to the end (or until the person quits), ask for a rating, append and return the record."""
        self._introduce()
        abandoned = self._play()
        view = build_view(self.state, self.options.seat)
        result = result_of(self.state, self.options.seat, abandoned)
        self.console.print(result_text(view, self.rules, self.genome, result), style="bold")
        if not self._standings_told:
            self.console.print(scores_text(view, self.rules))
        rating, comment = self._opinion()
        record = self._record(result, rating, comment)
        append_record(self.options.results, record)
        self.console.print(f"Saved to {self.options.results} (seed {self.options.seed}).", soft_wrap=True)
        return record

    def _introduce(self) -> None:
        opts = self.options
        names = build_view(self.state, opts.seat).names
        others = self.genome.player_count - 1
        self.console.print(
            f"{self.genome.name}: you are {names[opts.seat]} (seat {opts.seat}) against {others} "
            f"{opts.opponents} player{'s' if others > 1 else ''}, seed {opts.seed}."
        )
        self.console.print(self.genome.description, soft_wrap=False)
        self.console.print("Type a move number, r for the rules, q to quit.")

    def _play(self) -> bool:
        """The loop; True when the person quit."""
        seat = self.options.seat
        self.opponent.start(self.state)
        stale = True  # the table changed since the person last saw it (they have not yet, at the deal)
        seen_hand = 0  # the last hand whose deal the person has seen
        while not self.state.is_terminal():
            before = build_view(self.state, seat)
            note = ""
            choosing = before.current_player == seat and len(before.legal_actions) > 1
            if before.hand_number != seen_hand and not choosing:
                self._flush_told()
                self._show_table()  # a new deal, before anyone moves for or before the person
                stale = False
            seen_hand = before.hand_number
            if before.current_player == seat and len(before.legal_actions) == 1:
                action = before.legal_actions[0]
                note = forced_note(before, action, self.genome)
                if stale:
                    self._flush_told()
                    self._show_table()
            elif before.current_player == seat:
                choice = self._ask()
                if choice is None:
                    return True
                action = choice
            else:
                action = self._opponent_choice(before.names[before.current_player])
            stale = before.current_player != seat
            revealed = cards_turned_up(self.state, action)
            prior = self.state.clone()
            self.state.apply_action(action)
            self.moves.append(action)
            self.opponent.observe(prior.array, self.state, action)
            after = build_view(self.state, seat)
            settled = settled_view(prior, action, seat)
            self._remember_trick(before, action, after)
            line = describe_decision(before, action, after, self.genome, self.rules, revealed)
            self._tell(with_note(line, note) if note else line)
            for line in describe_events(before, action, after, self.rules, revealed, settled):
                self._tell(line)
            self._standings_told = after.hands_played > before.hands_played
        self._flush_told()
        return False

    def _remember_trick(self, before: TableView, action: int, after: TableView) -> None:
        """Keep the trick ``action`` completed (if any) for the screen's "Last trick" line."""
        trick = completed_trick(before, action, after)
        if trick:
            winner = trick_winner(trick, before, self.rules)
            self._last_trick = LastTrick(before.hand_number, trick, winner)

    def _tell(self, line: str) -> None:
        """Narrate ``line``; a run of draws by one seat is held back and told as one line."""
        if self._held is not None:
            merged = merge_lines(self._held, line)
            if merged is not None:
                self._held = merged
                return
            self.console.print(self._held)
        self._held = line if may_continue(line) else None
        if self._held is None:
            self.console.print(line)

    def _flush_told(self) -> None:
        if self._held is not None:
            self.console.print(self._held)
            self._held = None

    def _opponent_choice(self, name: str) -> int:
        """The opponent's action, with "NAME is thinking…" shown meanwhile on a terminal.

        The line is drawn once by hand: the compiled search holds the GIL, so a refresh thread could not.
        """
        thinking = Live(
            Text(f"{name} is thinking…"), console=self.console, transient=True, auto_refresh=False
        )
        with thinking:
            thinking.refresh()
            return self.opponent.choose(self.state)

    def _ask(self) -> int | None:
        """The person's move (an action id), or None to quit."""
        self._flush_told()
        view = build_view(self.state, self.options.seat, self.moves)
        describe = move_namer(self.state)
        moves = numbered_moves(
            view.legal_actions, self.rules, lambda a: move_text(view, a, describe, self.rules)
        )
        self._show_screen(view, moves)
        while True:
            try:
                line = self.read_line(move_prompt(moves))
            except EOFError:
                return None
            try:
                choice = parse_choice(line, moves)
            except BadInput as reason:
                self.console.print(str(reason))
                continue
            if choice == "quit":
                return None
            if choice == "rules":
                self._show_rules()
                self._show_screen(view, moves)
                continue
            return moves[choice].action

    def _show_table(self) -> None:
        """The table and the hand without moves: the person sees them before a move is made for them,
        and at each deal when someone else moves first."""
        view = build_view(self.state, self.options.seat, self.moves)
        screen = render_screen(view, self.rules, self.compact, self.options.plain, self._last_trick)
        self.console.print(*screen, sep="\n")

    def _show_screen(self, view: TableView, moves: Sequence[Move]) -> None:
        """The table, the hand and the numbered moves."""
        screen = render_screen(view, self.rules, self.compact, self.options.plain, self._last_trick)
        self.console.print(*screen, sep="\n")
        self.console.print(moves_text(moves, self.compact, self.console.width))

    def _show_rules(self) -> None:
        text = render_markdown(self.genome)
        self.console.print(text if self.options.plain else Markdown(text))

    def _opinion(self) -> tuple[int | None, str | None]:
        """An optional rating 1-5 and comment (the end of input skips what is left)."""
        rating = None
        while True:
            try:
                rating = parse_rating(self.read_line("Rate this game 1-5 (Enter to skip): "))
                break
            except BadInput as reason:
                self.console.print(str(reason))
            except EOFError:
                return None, None
        try:
            comment = self.read_line("Comment (Enter to skip): ").strip() or None
        except EOFError:
            comment = None
        return rating, comment

    def _record(self, result: str, rating: int | None, comment: str | None) -> GameRecord:
        opts = self.options
        state = self.state
        return GameRecord(
            played_at=self.clock().isoformat(timespec="seconds"),
            game=self.genome.name,
            identity=self.genome.identity,
            source=opts.source,
            players=self.genome.player_count,
            seed=opts.seed,
            seat=opts.seat,
            opponents=opts.opponents,
            iterations=opts.iterations,
            moves=tuple(self.moves),
            result=result,
            winner=state.winner,
            winning_team=state.winning_team,
            scores=state.scores(),
            team_scores=state.team_scores(),
            turns=int(state.array[L.S_TURN]),
            rating=rating,
            comment=comment,
        )
