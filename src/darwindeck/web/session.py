"""One browser game: a person at one seat, computer opponents at the others, driven move by move.

Rules:

* A game is fully described by (genome, seat, opponent kind, MCTS iterations, seed, the actions taken so
  far). ``WebGame.start`` deals game 0 of the seed and lets the opponents play until the person has a
  real choice (more than one legal move; a single legal move of the person's seat is made for them and
  told, as in the terminal). ``WebGame.restore`` rebuilds a stored game by replaying its actions: the
  person's from the record, the opponents' by asking the opponents again, which must give the recorded
  action (the opponents are seeded, so they do; a mismatch is a ``WebGameError``, never a silent
  divergence). So a game survives a server restart.
* ``move(action, version)``: ``version`` is the number of actions taken when the page was drawn; another
  number means the page is stale (another tab moved) and the move is refused, nothing applied. An action
  that is not legal for the person now is refused likewise.
* ``view()`` is what the page may show: built only from ``play.view.build_view`` of the person's seat
  (the engine's observation plus public scalars), the narrated log (``play.narrate``: what a person at
  the table sees and hears; an opponent's draw is "West draws a card", never the card), the legal moves
  with their texts, the result once the game is over. No field is read from the hidden state, so the
  browser never receives a card the seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from darwindeck.engine.state_api import GameState
from darwindeck.errors import DarwinDeckError
from darwindeck.genome.cards import card_name
from darwindeck.genome.schema import GameGenome
from darwindeck.play.narrate import (
    completed_trick,
    describe_decision,
    describe_events,
    forced_note,
    may_continue,
    merge_lines,
    result_text,
    with_note,
)
from darwindeck.play.opponents import Opponent, make_opponent
from darwindeck.play.render import (
    auction_text,
    contract_text,
    counts_bags,
    move_order,
    move_text,
    sides,
    table_line,
)
from darwindeck.play.session import result_of
from darwindeck.play.view import (
    LastTrick,
    TableRules,
    TableView,
    build_view,
    cards_turned_up,
    sort_hand,
    table_rules,
    trick_winner,
    trump_in_force,
)

OPPONENT_KINDS = ("random", "greedy", "mcts")
#: The narrated lines kept for the page (the newest last).
LOG_LINES = 200


class WebGameError(DarwinDeckError):
    """A move the rules refuse, a stale page, or a stored game that no longer replays."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class GameSetup:
    """Who plays what: enough, with the actions, to rebuild a game."""

    genome: GameGenome
    seat: int
    opponents: str
    iterations: int
    seed: int


def _dummy(table: TableView) -> dict[str, Any] | None:
    """The dummy's face-up hand (its name and cards, sorted), or None while it is not face up."""
    if not table.dummy_hand:
        return None
    return {"name": table.names[table.dummy], "cards": [card_text(c) for c in sort_hand(table.dummy_hand)]}


def card_text(card: int) -> str:
    """A card as the page prints it: ``10♥``."""
    return card_name(card)


def _held(table: TableView) -> list[str] | None:
    """The seat's hand as the page shows it: sorted as the terminal sorts it, without the cards chosen to
    pass (shown apart)."""
    if table.hand is None:
        return None
    return [card_text(c) for c in sort_hand(table.hand) if c not in table.to_pass]


@dataclass
class WebGame:
    """A game in progress (module rules)."""

    setup: GameSetup
    state: GameState
    opponent: Opponent
    rules: TableRules
    actions: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    last_trick: LastTrick | None = None

    @classmethod
    def start(cls, setup: GameSetup) -> WebGame:
        game = cls._dealt(setup)
        game.advance()
        return game

    @classmethod
    def restore(cls, setup: GameSetup, actions: list[int]) -> WebGame:
        """Replay ``actions`` (module rules)."""
        game = cls._dealt(setup)
        for index, action in enumerate(actions):
            if game.state.is_terminal():
                raise WebGameError(f"stored game: action {index} comes after the end of the game", 500)
            if game.state.current_player != setup.seat:
                chosen = game.opponent.choose(game.state)
                if chosen != action:
                    raise WebGameError(f"stored game: action {index} no longer replays", 500)
            elif action not in game.state.legal_actions():
                raise WebGameError(f"stored game: action {index} is not legal", 500)
            game._apply(action, game._forced_note(action))
        return game

    @classmethod
    def _dealt(cls, setup: GameSetup) -> WebGame:
        n_players = setup.genome.player_count
        if not 0 <= setup.seat < n_players:
            raise WebGameError(f"seat: must be between 0 and {n_players - 1}, got {setup.seat}", 422)
        if setup.opponents not in OPPONENT_KINDS:
            raise WebGameError(f"opponents: must be one of {', '.join(OPPONENT_KINDS)}", 422)
        state = GameState.new(setup.genome, setup.seed)
        opponent = make_opponent(setup.opponents, setup.seed, setup.iterations)
        opponent.start(state)
        return cls(setup, state, opponent, table_rules(state))

    @property
    def version(self) -> int:
        return len(self.actions)

    def _apply(self, action: int, note: str = "") -> None:
        seat = self.setup.seat
        before = build_view(self.state, seat)
        revealed = cards_turned_up(self.state, action)
        before_array = self.state.array.copy()
        self.state.apply_action(action)
        self.actions.append(action)
        self.opponent.observe(before_array, self.state, action)
        after = build_view(self.state, seat)
        trick = completed_trick(before, action, after)
        if trick:
            self.last_trick = LastTrick(before.hand_number, trick, self._winner(trick, before))
        line = describe_decision(before, action, after, self.setup.genome, self.rules, revealed)
        self._tell(with_note(line, note) if note else line)
        for event in describe_events(before, action, after, self.rules, revealed):
            self._tell(event)
        del self.log[:-LOG_LINES]

    def _winner(self, trick: tuple[tuple[int, int], ...], view: TableView) -> int:
        """Who wins ``trick``, played in ``view``'s trick phase (with its hand's trump)."""
        phase = view.phase_index
        return trick_winner(trick, trump_in_force(view, self.rules, phase), self.rules.high_card_wins[phase])

    def _tell(self, line: str) -> None:
        """Add ``line`` to the log, folded into the last line when it continues it, as the terminal
        tells a run of draws in one line ("West draws 3 cards")."""
        if self.log and may_continue(self.log[-1]):
            merged = merge_lines(self.log[-1], line)
            if merged is not None:
                self.log[-1] = merged
                return
        self.log.append(line)

    def _forced_note(self, action: int) -> str:
        """Why the person's ``action`` was made for them ("" unless it was their only legal move)."""
        if self.state.current_player != self.setup.seat or len(self.state.legal_actions()) != 1:
            return ""
        return forced_note(build_view(self.state, self.setup.seat), action, self.setup.genome)

    def advance(self) -> None:
        """Play the opponents' turns and the person's forced moves until the person has a choice."""
        seat = self.setup.seat
        while not self.state.is_terminal():
            legal = self.state.legal_actions()
            if self.state.current_player == seat:
                if len(legal) > 1:
                    return
                self._apply(legal[0], self._forced_note(legal[0]))
            else:
                self._apply(self.opponent.choose(self.state))

    def move(self, action: int, version: int) -> None:
        """The person's move (module rules)."""
        if version != self.version:
            raise WebGameError(
                f"version: this page shows move {version} but the game is at move {self.version}; "
                "reload the page",
                409,
            )
        if self.state.is_terminal():
            raise WebGameError("the game is over", 409)
        if self.state.current_player != self.setup.seat or action not in self.state.legal_actions():
            raise WebGameError(f"action: {action} is not a legal move now", 400)
        self._apply(action)
        self.advance()

    @property
    def result(self) -> str | None:
        """``win``, ``loss`` or ``draw`` for the person once the game is over."""
        if not self.state.is_terminal():
            return None
        return result_of(self.state, self.setup.seat, abandoned=False)

    def view(self) -> dict[str, Any]:
        """What the page may show (module rules), as JSON data."""
        table = build_view(self.state, self.setup.seat, self.actions)
        return {
            "version": self.version,
            "seat": self.setup.seat,
            "names": list(table.names),
            "current": table.current_player,
            "hand_number": table.hand_number,
            "hand": _held(table),
            "to_pass": [card_text(c) for c in table.to_pass],
            "hand_sizes": list(table.hand_sizes),
            "discard_top": None if table.discard_top is None else card_text(table.discard_top),
            "deck_size": table.deck_size,
            "tableau": [[card_text(c) for c in pile] for pile in table.tableau],
            "trick": [[table.names[p], card_text(c)] for p, c in table.trick],
            "winning": table.names[self._winner(table.trick, table)] if table.trick else None,
            "last_trick": self._last_trick(table),
            "bids": list(table.bids),
            "tricks_won": list(table.tricks_won),
            "scores": list(table.scores),
            "team_scores": list(table.team_scores),
            "bags": list(table.bags) if counts_bags(self.rules) else [],
            "count": table.count if table.count_cards else None,
            "contract": contract_text(table) if table.contract >= 0 else None,
            "dummy": _dummy(table),
            "from_dummy": table.dummy_to_play,
            "moves": self._moves(table),
            "log": list(self.log),
            "result": self.result,
            "table": table_line(table, self.rules).plain,
            "sides": sides(table, self.rules),
            "auction": auction_text(table, self.rules),
            "outcome": result_text(table, self.rules, self.setup.genome, self.result)
            if self.result
            else None,
        }

    def _last_trick(self, table: TableView) -> dict[str, Any] | None:
        """The last completed trick of the hand in play (none at the start of a hand)."""
        last = self.last_trick
        if last is None or last.hand_number != table.hand_number:
            return None
        cards = [[table.names[p], card_text(c)] for p, c in last.cards]
        return {"cards": cards, "winner": table.names[last.winner]}

    def _moves(self, table: TableView) -> list[dict[str, Any]]:
        if table.current_player != self.setup.seat or table.terminal:
            return []
        return [
            {"action": action, "text": move_text(table, action, self.state.action_to_string, self.rules)}
            for action in move_order(table.legal_actions)
        ]
