"""A browser game: people at one or more seats, computer players at the others, driven move by move.

Rules:

* A game is fully described by its ``GameSetup`` (genome, seed, who plays each seat: a person, or the
  computer as ``random``, ``greedy`` or ``mcts`` with its iterations), the actions taken so far, and the
  hand-overs (a person's seat given to the computer from a given move on). The one-person game of
  ``/api/games`` is the setup ``(seat, opponents, iterations)``: a person at ``seat``, ``opponents`` at
  every other seat. A table (``web.tables``) gives every seat its own plan (``GameSetup.seats``).
* The computer seats of one strength (kind and iterations) share one ``Opponent`` seeded with the game's
  seed (so the one-person game has exactly one, as it always had); every opponent hears every move.
* ``WebGame.start`` deals game 0 of the seed and lets the computer play until a person has a real choice
  (more than one legal move; a single legal move of a person's seat is made for them and told, as in
  the terminal). ``WebGame.restore`` rebuilds a stored game by replaying its actions: the people's from
  the record, the computer's by asking the opponents again, which must give the recorded action (the
  opponents are seeded, so they do; a mismatch is a ``WebGameError``, never a silent divergence). So a
  game survives a server restart.
* ``move(action, version, seat)``: ``version`` is the number of actions taken when the page was drawn;
  another number means the page is stale (another tab or another person moved) and the move is refused,
  nothing applied. An action that is not legal for ``seat`` now (not its turn, or not a legal move) is
  refused likewise. ``seat`` defaults to ``setup.seat``, the one person of a one-person game.
* ``hand_over(seat)``: from now on the computer plays ``seat`` at the setup's ``stand_in`` strength
  (whose opponent was made at the start, so it heard the whole game); recorded as (seat, version).
* Narration is per person: each seat that a person holds (``watchers``: the people's seats at the
  start) has its own log and last trick, narrated from its own ``build_view`` before and after every
  move, so "You play 7♥" in one person's log is "East plays 7♥" in another's, and a drawn card is named
  only in the drawer's log. The note of a forced move goes only to the seat it was forced on.
* ``view()`` is what the page of ``setup.seat`` may show: built only from ``play.view.build_view`` of that
  seat (the engine's observation plus public scalars), the seat's narrated log (``play.narrate``: what a
  person at the table sees and hears; an opponent's draw is "West draws a card", never the card), the
  legal moves with their texts, the result once the game is over. No field is read from the hidden
  state, so the browser never receives a card the seat may not see. ``view_of(seat)`` is that same view
  for another person's seat (``seen_from``: the game with ``setup.seat`` set to it, sharing everything
  else), so there is one view function for every seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
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
    move_namer,
    move_order,
    move_text,
    sides,
    table_line,
    trumps_text,
)
from darwindeck.play.session import result_of
from darwindeck.play.view import (
    LastTrick,
    Revealed,
    TableRules,
    TableView,
    build_view,
    cards_turned_up,
    settled_view,
    sort_hand,
    table_rules,
    trick_winner,
)

OPPONENT_KINDS = ("random", "greedy", "mcts")
#: The plan of a seat a person plays.
PERSON = "person"
#: The narrated lines kept for the page (the newest last).
LOG_LINES = 200


class WebGameError(DarwinDeckError):
    """A move the rules refuse, a stale page, or a stored game that no longer replays."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class SeatPlan:
    """Who plays a seat: ``PERSON``, or the computer (one of ``OPPONENT_KINDS``) with its MCTS
    iterations (0 for random and greedy, which have none)."""

    kind: str
    iterations: int = 0

    @classmethod
    def computer(cls, kind: str, iterations: int) -> SeatPlan:
        if kind not in OPPONENT_KINDS:
            raise WebGameError(f"kind: must be one of {', '.join(OPPONENT_KINDS)}, got {kind!r}", 422)
        return cls(kind, iterations if kind == "mcts" else 0)


@dataclass(frozen=True)
class GameSetup:
    """Who plays what: enough, with the actions and hand-overs, to rebuild a game. ``seats`` empty: a
    person at ``seat`` and ``opponents`` (with ``iterations``) at every other seat; otherwise one plan per
    seat, ``seat`` then being the first person's seat. ``stand_in`` is who takes a person's seat when it
    is handed over (None: seats cannot be handed over)."""

    genome: GameGenome
    seat: int
    opponents: str
    iterations: int
    seed: int
    seats: tuple[SeatPlan, ...] = ()
    stand_in: SeatPlan | None = None

    def plan(self) -> tuple[SeatPlan, ...]:
        """One plan per seat (class docstring)."""
        if self.seats:
            return self.seats
        other = SeatPlan.computer(self.opponents, self.iterations)
        return tuple(SeatPlan(PERSON) if s == self.seat else other for s in range(self.genome.player_count))


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


def _check_plan(setup: GameSetup) -> tuple[SeatPlan, ...]:
    """The setup's plan, or a ``WebGameError`` (422) naming what is wrong with it."""
    n_players = setup.genome.player_count
    if not 0 <= setup.seat < n_players:
        raise WebGameError(f"seat: must be between 0 and {n_players - 1}, got {setup.seat}", 422)
    if not setup.seats and setup.opponents not in OPPONENT_KINDS:
        raise WebGameError(f"opponents: must be one of {', '.join(OPPONENT_KINDS)}", 422)
    plan = setup.plan()
    if len(plan) != n_players:
        raise WebGameError(f"seats: this game has {n_players} seats, {len(plan)} were given", 422)
    for index, seat_plan in enumerate((*plan, *([setup.stand_in] if setup.stand_in else []))):
        if seat_plan.kind != PERSON and seat_plan.kind not in OPPONENT_KINDS:
            raise WebGameError(f"seats[{index}]: {seat_plan.kind!r} is neither a person nor a computer", 422)
    if plan[setup.seat].kind != PERSON:
        raise WebGameError(f"seat: seat {setup.seat} is not a person's", 422)
    return plan


@dataclass
class WebGame:
    """A game in progress (module rules)."""

    setup: GameSetup
    state: GameState
    players: list[SeatPlan]
    opponents: dict[SeatPlan, Opponent]
    rules: TableRules
    actions: list[int] = field(default_factory=list)
    handovers: list[tuple[int, int]] = field(default_factory=list)
    logs: dict[int, list[str]] = field(default_factory=dict)
    tricks: dict[int, LastTrick] = field(default_factory=dict)
    #: Each watcher's view of the current state (with the version it was built at): the view after one
    #: action is the view before the next, so each is built once.
    current: dict[int, tuple[int, TableView]] = field(default_factory=dict, repr=False)

    @classmethod
    def start(cls, setup: GameSetup) -> WebGame:
        game = cls._dealt(setup)
        game.advance()
        return game

    @classmethod
    def restore(
        cls, setup: GameSetup, actions: list[int], handovers: list[tuple[int, int]] | None = None
    ) -> WebGame:
        """Replay ``actions`` and the ``handovers`` (seat, version) (module rules)."""
        game = cls._dealt(setup)
        pending = sorted(handovers or [], key=lambda handover: handover[1])
        for index, action in enumerate(actions):
            while pending and pending[0][1] == index:
                game.hand_over(pending.pop(0)[0])
            if game.state.is_terminal():
                raise WebGameError(f"stored game: action {index} comes after the end of the game", 500)
            actor = game.state.current_player
            if game.players[actor].kind != PERSON:
                if game._computer_choice() != action:
                    raise WebGameError(f"stored game: action {index} no longer replays", 500)
            elif action not in game.state.legal_actions():
                raise WebGameError(f"stored game: action {index} is not legal", 500)
            game._apply(action, game._forced_note(action))
        for seat, _ in pending:
            game.hand_over(seat)
        return game

    @classmethod
    def _dealt(cls, setup: GameSetup) -> WebGame:
        plan = _check_plan(setup)
        state = GameState.new(setup.genome, setup.seed)
        computers = [p for p in (*plan, setup.stand_in) if p is not None and p.kind != PERSON]
        opponents = {p: make_opponent(p.kind, setup.seed, p.iterations) for p in dict.fromkeys(computers)}
        for opponent in opponents.values():
            opponent.start(state)
        watchers: dict[int, list[str]] = {seat: [] for seat, p in enumerate(plan) if p.kind == PERSON}
        return cls(setup, state, list(plan), opponents, table_rules(state), logs=watchers)

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play now (a handed-over seat is the computer's)."""
        return tuple(seat for seat, plan in enumerate(self.players) if plan.kind == PERSON)

    @property
    def watchers(self) -> tuple[int, ...]:
        """The seats with a narrated log: every seat a person held at the start."""
        return tuple(self.logs)

    @property
    def log(self) -> list[str]:
        """The narrated log of ``setup.seat``."""
        return self.logs[self.setup.seat]

    @property
    def last_trick(self) -> LastTrick | None:
        """The last completed trick as ``setup.seat`` saw it."""
        return self.tricks.get(self.setup.seat)

    def seen_from(self, seat: int) -> WebGame:
        """This game with ``setup.seat`` set to the person's ``seat`` (everything else shared, nothing
        copied): its ``view()`` is that seat's."""
        if seat not in self.logs:
            raise WebGameError(f"seat: no person sits at seat {seat}", 404)
        return replace(self, setup=replace(self.setup, seat=seat))

    def view_of(self, seat: int) -> dict[str, Any]:
        """What the page of the person at ``seat`` may show (``view`` from that seat)."""
        return self.seen_from(seat).view()

    def _computer_choice(self) -> int:
        """The move of the computer seat that decides now."""
        return self.opponents[self.players[self.state.current_player]].choose(self.state)

    def _apply(self, action: int, note: str = "") -> None:
        actor = self.state.current_player
        befores = {seat: self._view_now(seat) for seat in self.logs}
        revealed = cards_turned_up(self.state, action)
        prior = self.state.clone()
        self.state.apply_action(action)
        self.actions.append(action)
        for opponent in self.opponents.values():
            opponent.observe(prior.array, self.state, action)
        for seat, before in befores.items():
            after = self._view_now(seat)
            settled = settled_view(prior, action, seat)
            self._narrate(seat, before, action, after, revealed, settled, note if seat == actor else "")

    def _view_now(self, seat: int) -> TableView:
        """``build_view`` of ``seat`` in the current state, built once per version."""
        kept = self.current.get(seat)
        if kept is None or kept[0] != self.version:
            kept = (self.version, build_view(self.state, seat))
            self.current[seat] = kept
        return kept[1]

    def _narrate(
        self,
        seat: int,
        before: TableView,
        action: int,
        after: TableView,
        revealed: Revealed,
        settled: TableView,
        note: str,
    ) -> None:
        """Tell ``seat``'s log what ``action`` (``before`` to ``after``) did, as that seat saw it, with the
        cards the rules turned up (``revealed``) and the table as the action left it (``settled``,
        ``view.settled_view``)."""
        trick = completed_trick(before, action, after)
        if trick:
            self.tricks[seat] = LastTrick(before.hand_number, trick, self._winner(trick, before))
        line = describe_decision(before, action, after, self.setup.genome, self.rules, revealed)
        log = self.logs[seat]
        _tell(log, with_note(line, note) if note else line)
        for event in describe_events(before, action, after, self.rules, revealed, settled):
            _tell(log, event)
        del log[:-LOG_LINES]

    def _winner(self, trick: tuple[tuple[int, int], ...], view: TableView) -> int:
        """Who wins ``trick``, played in ``view``'s trick phase (with its hand's trump)."""
        return trick_winner(trick, view, self.rules)

    def _forced_note(self, action: int) -> str:
        """Why a person's ``action`` was made for them ("" unless it was their only legal move)."""
        actor = self.state.current_player
        if self.players[actor].kind != PERSON or len(self.state.legal_actions()) != 1:
            return ""
        view = self._view_now(actor) if actor in self.logs else build_view(self.state, actor)
        return forced_note(view, action, self.setup.genome)

    def advance(self) -> None:
        """Play the computer's turns and the people's forced moves until a person has a choice."""
        while not self.state.is_terminal():
            legal = self.state.legal_actions()
            if self.players[self.state.current_player].kind == PERSON:
                if len(legal) > 1:
                    return
                self._apply(legal[0], self._forced_note(legal[0]))
            else:
                self._apply(self._computer_choice())

    def move(self, action: int, version: int, seat: int | None = None) -> None:
        """A person's move (module rules)."""
        seat = self.setup.seat if seat is None else seat
        if version != self.version:
            raise WebGameError(
                f"version: this page shows move {version} but the game is at move {self.version}; "
                "reload the page",
                409,
            )
        if self.state.is_terminal():
            raise WebGameError("the game is over", 409)
        if self.state.current_player != seat or action not in self.state.legal_actions():
            raise WebGameError(f"action: {action} is not a legal move now", 400)
        self._apply(action)
        self.advance()

    def hand_over(self, seat: int) -> None:
        """The computer plays ``seat`` from now on (module rules); the caller then calls ``advance`` so it
        moves at once if it is its turn."""
        stand_in = self.setup.stand_in
        if stand_in is None:
            raise WebGameError("this game's seats cannot be handed to the computer", 409)
        if self.players[seat].kind != PERSON:
            raise WebGameError(f"seat: seat {seat} is already the computer's", 409)
        self.players[seat] = stand_in
        self.handovers.append((seat, self.version))

    @property
    def result(self) -> str | None:
        """``win``, ``loss`` or ``draw`` for ``setup.seat`` once the game is over."""
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
            "trumps": trumps_text(table, self.rules),
            "hand": _held(table),
            "to_pass": [card_text(c) for c in table.to_pass],
            "hand_sizes": list(table.hand_sizes),
            "captured": list(table.captured_sizes) if self.rules.has_captures else [],
            "discard_top": None if table.discard_top is None else card_text(table.discard_top),
            "deck_size": table.deck_size,
            "tableau": []
            if table.dealer or table.dealer_hole
            else [[card_text(c) for c in p] for p in table.tableau],
            "trick": [[table.names[p], card_text(c)] for p, c in table.trick],
            "winning": table.names[self._winner(table.trick, table)] if table.trick else None,
            "last_trick": self._last_trick(table),
            "bids": list(table.bids),
            "tricks_won": list(table.tricks_won),
            "scores": list(table.scores) if self.rules.keeps_score and not self.rules.teams else [],
            "team_scores": list(table.team_scores) if self.rules.keeps_score and self.rules.teams else [],
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
            {"action": action, "text": move_text(table, action, move_namer(self.state), self.rules)}
            for action in move_order(table.legal_actions)
        ]


def _tell(log: list[str], line: str) -> None:
    """Add ``line`` to ``log``, folded into the last line when it continues it, as the terminal tells a run
    of draws in one line ("West draws 3 cards")."""
    if log and may_continue(log[-1]):
        merged = merge_lines(log[-1], line)
        if merged is not None:
            log[-1] = merged
            return
    log.append(line)
