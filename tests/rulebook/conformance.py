"""Play a genome with the engine and check its rulebook's statements (``rulebook.statements``) against it.

``check_genome(genome, seed, max_decisions)`` plays one game through ``GameState`` with a seeded random
player, records after every decision what happened (the actor and phase of the decision, the turn's
player, tricks completed and their winners, hands ended, score changes, the game's end) and returns one
``Mismatch`` for every event a statement does not allow. What each statement means, and so what is checked:

* ``PhaseStatement.actor``: TURN_PLAYER: the decider-side actor (``S_ACTOR``) is the turn's player
  (``S_CUR``); CLAIMER_THEN_OTHERS: cards and ranks by the turn's player, challenges by the others;
  EACH_PLAYER in a trick: each seat plays at most one card to a trick, in seat order from the leader
  (without turn-order effects), and the turn's player leads the turn's trick (the next player with
  cards when theirs is empty); EACH_PLAYER in any phase played every turn (but betting, where folds
  leave one): more than one seat takes part when two or more hold cards.
* ``PhaseStatement.others``: OPPONENTS: no seat asks (TARGET) a partner of its own and no partner of the
  turn's player decides whether to challenge its claim (an ask with one seat to ask picks it without a
  decision and is not seen); PARTNER_TOO allows both.
* ``PhaseStatement.once_per_hand``: the phase's decisions of a hand all fall in one turn, and a bidding
  phase's come before the hand's first trick card, one bid per seat, none above ``Statements.most_bid``.
* turn order: the winner of a turn's trick has the next turn (trick games); without tricks, turn-order
  effects or betting the turn passes one seat on per turn; hand ``h`` starts with seat ``(h-1) mod N``
  (not checked with an auction or a first-lead card, which choose the leader).
* ``TrickStatement``: every hand that ends has at most ``most`` tricks, exactly ``most`` when ``exact``
  (a hand thrown in, which is neither scored nor judged, may stop sooner).
* ``WinStatement.moment``: a game won ends at a moment some win statement is judged at; and at every moment a
  statement is judged at, if its condition holds as the rulebook states it (thresholds and a score floor
  with a single best side, hands played, an empty hand, every card held, a trick win checked every
  hand), the game ends.
* ``Statements.score_moments``: a score changes only at one of them.
* ``Statements.fold_ends_hand``: the fold that leaves one player in ends the hand at once.
* ``Statements.most_hands`` and ``most_turns``: no game deals more hands (``S_HAND_NO``) or lasts more
  turns (``S_TURN``) than they say.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.phases import AskPhase, AuctionPhase, BettingPhase, CountPhase, TrickPhase
from darwindeck.genome.schema import DeckEmptyAction, GameGenome, WinType
from darwindeck.rulebook.describe import TURN_ORDER_EFFECTS, effective_effects
from darwindeck.rulebook.statements import (
    Actor,
    Moment,
    Others,
    PhaseStatement,
    ScoreMoment,
    Statements,
    WinStatement,
    statements_of,
)

_SCORE_THRESHOLDS = (WinType.FIRST_TO_SCORE, WinType.HIGH_SCORE, WinType.SCORE_THRESHOLD, WinType.LOW_SCORE)
_EVERY_HAND_END = (WinType.MOST_TRICKS, WinType.FEWEST_TRICKS)


@dataclass(frozen=True)
class Mismatch:
    genome: str
    statement: str
    event: str

    def __str__(self) -> str:
        return f"{self.genome}: statement {self.statement!r} vs engine: {self.event}"


@dataclass(frozen=True)
class Snap:
    """What the checks read from the state at one decision (or at the end)."""

    hand_no: int
    turn: int
    phase: int
    actor: int
    cur: int
    trick_len: int
    hands_played: int
    scores: tuple[int, ...]
    team_scores: tuple[int, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    captured_sizes: tuple[int, ...]
    terminal: bool
    ended_by: int
    folded: int

    @classmethod
    def of(cls, state: GameState, n_teams: int) -> Snap:
        a = state.array
        n = state.n_players

        def cells(base: int, count: int) -> tuple[int, ...]:
            return tuple(a[base : base + count].tolist())

        return cls(
            hand_no=int(a[L.S_HAND_NO]),
            turn=int(a[L.S_TURN]),
            phase=int(a[L.S_PHASE]),
            actor=int(a[L.S_ACTOR]),
            cur=int(a[L.S_CUR]),
            trick_len=int(a[L.L_TRICK]),
            hands_played=int(a[L.S_HANDS_PLAYED]),
            scores=cells(L.B_SCORE, n),
            team_scores=cells(L.B_TEAM_SCORE, n_teams),
            tricks_won=cells(L.B_TRICKS, n),
            hand_sizes=cells(L.L_HAND, n),
            captured_sizes=cells(L.L_CAPTURED, n),
            terminal=bool(a[L.S_TERMINAL]),
            ended_by=int(a[L.S_ENDED_BY]),
            folded=int(a[L.B_FOLDED : L.B_FOLDED + n].sum()),
        )


class Checker:
    """Checks one game's events against ``statements`` as they happen (see the module rules)."""

    def __init__(self, genome: GameGenome, statements: Statements, deck_size: int) -> None:
        self.genome = genome
        self.statements = statements
        self.n = genome.player_count
        self.deck_size = deck_size
        self.failures: list[Mismatch] = []
        kinds = {effect.effect_type for effect in effective_effects(genome)}
        self.turn_effects = bool(kinds & TURN_ORDER_EFFECTS)
        phases = genome.phases
        self.betting = any(isinstance(p, BettingPhase) for p in phases)
        self.auction = any(isinstance(p, AuctionPhase) for p in phases)
        self.first_lead = any(isinstance(p, TrickPhase) and p.first_lead is not None for p in phases)
        self.asking = any(isinstance(p, AskPhase) for p in phases)
        self.counting = any(isinstance(p, CountPhase) for p in phases)  # a go changes who plays next
        self.hand_tricks = 0
        self.trick_seats: list[int] = []
        self.trick_in_hand = False
        self.once_turn: dict[int, int] = {}
        self.bids: set[int] = set()
        self.turn_winner: tuple[int, int] | None = None  # (turn, seat) of the last trick won
        #: this turn's every-turn round-the-table phases: index -> (seats deciding, seats holding cards)
        self.rounds: dict[int, tuple[set[int], int]] = {}

    def fail(self, statement: str, event: str) -> None:
        self.failures.append(Mismatch(self.genome.name, statement, event))

    def start(self, first: Snap) -> None:
        if not (self.auction or self.first_lead) and first.turn == 0 and first.cur != 0:
            self.fail("player 1 takes the first turn", f"seat {first.cur} has the first turn")

    def step(self, before: Snap, action: int, after: Snap) -> None:
        statement = self.statements.phases[before.phase]
        trick = statement.kind == "TrickPhase"
        self._actor(statement.actor, statement.kind, before, action, trick)
        if statement.others is Others.OPPONENTS:
            self._others(statement.kind, before, action)
        if statement.actor is Actor.EACH_PLAYER and not statement.once_per_hand:
            holding = sum(1 for size in before.hand_sizes if size > 0)
            self.rounds.setdefault(statement.index, (set(), holding))[0].add(before.actor)
        if after.terminal:
            self.rounds = {}  # a game that ends mid-trick cuts the round short
        elif after.turn > before.turn:
            self._round_ends(before)
        if statement.once_per_hand:
            self._once(statement, before, action)
        completed = trick and action < L.A_DRAW and after.trick_len == 0
        hand_ended = after.hands_played > before.hands_played  # a hand played out, scored and judged
        thrown_in = not hand_ended and after.hand_no > before.hand_no  # thrown in: nothing scored
        if completed:
            self.hand_tricks += 1
            self.trick_seats = []
            if not (hand_ended or thrown_in):
                winners = [p for p in range(self.n) if after.tricks_won[p] > before.tricks_won[p]]
                self.turn_winner = (before.turn, winners[0]) if winners else None
        self._scores(before, action, after, completed, hand_ended)
        if action == L.A_FOLD and self.statements.fold_ends_hand:
            self._fold(before, after, hand_ended)
        if hand_ended or thrown_in:
            self._hand_end(before, after, thrown_in)
        elif not after.terminal and after.turn > before.turn:
            self._next_turn(before, after)
        self._game_end(before, after, hand_ended)
        self._bounds(after)

    # ---- who acts ------------------------------------------------------------------------------
    def _actor(self, actor: Actor, kind: str, before: Snap, action: int, trick: bool) -> None:
        where = f"hand {before.hand_no} turn {before.turn} phase {before.phase + 1} ({kind})"
        if actor is Actor.TURN_PLAYER and before.actor != before.cur:
            self.fail(
                f"{kind} is the turn's player's alone",
                f"{where}: seat {before.actor} decided on seat {before.cur}'s turn",
            )
        elif actor is Actor.CLAIMER_THEN_OTHERS:
            challenge = action in (L.A_CHALLENGE, L.A_NO_CHALLENGE)
            if challenge == (before.actor == before.cur):
                role = "another player challenges" if challenge else "the turn's player claims"
                self.fail(f"in a claim {role}", f"{where}: seat {before.actor} on seat {before.cur}'s turn")
        elif trick:
            self._trick_card(before, where)

    def _others(self, kind: str, before: Snap, action: int) -> None:
        """An ask of a partner, or a partner deciding on a challenge, where only opponents may."""
        where = f"hand {before.hand_no} turn {before.turn} phase {before.phase + 1} ({kind})"
        asked = action - L.A_TARGET0 if kind == "AskPhase" and action < L.A_CLAIM_RANK0 else -1
        if asked >= 0 and self._partners(before.cur, asked):
            self.fail(f"{kind}: only opponents are asked", f"{where}: seat {before.cur} asked its partner")
        if action in (L.A_CHALLENGE, L.A_NO_CHALLENGE) and self._partners(before.cur, before.actor):
            self.fail(f"{kind}: only opponents may challenge", f"{where}: seat {before.actor}, a partner")

    def _partners(self, seat: int, other: int) -> bool:
        teams = self.genome.teams if self.genome.team_mode else ()
        return seat != other and any(seat in team and other in team for team in teams)

    def _trick_card(self, before: Snap, where: str) -> None:
        if before.trick_len == 0:
            self.trick_seats = []
            self.trick_in_hand = True
            if before.actor not in self._leaders(before):
                self.fail(
                    "the turn's player leads the turn's trick (the next player with cards if they have none)",
                    f"{where}: seat {before.actor} led on seat {before.cur}'s turn",
                )
        seats = self.trick_seats
        if before.actor in seats:
            self.fail("every player plays one card to each trick", f"{where}: seat {before.actor} again")
        elif seats and not self.turn_effects:
            previous = (seats[-1] - seats[0]) % self.n
            if (before.actor - seats[0]) % self.n <= previous:
                self.fail("tricks go round in seat order", f"{where}: seat {before.actor} after {seats}")
        seats.append(before.actor)

    def _round_ends(self, before: Snap) -> None:
        """A phase every player takes part in had more than one player in it (when two held cards)."""
        for index, (seats, holding) in self.rounds.items():
            kind = self.statements.phases[index].kind
            if len(seats) == 1 and holding >= 2 and kind != "BettingPhase":
                self.fail(
                    f"{kind}: every player in turn",
                    f"hand {before.hand_no} turn {before.turn}: only seat {min(seats)} took part",
                )
        self.rounds = {}

    def _leaders(self, before: Snap) -> set[int]:
        """Who may lead: the turn's player, else the next player with cards in the direction of play
        (either direction when a card can reverse it)."""
        leaders = set()
        for step in (1, -1) if self.turn_effects else (1,):
            seats = [(before.cur + step * k) % self.n for k in range(self.n)]
            leaders.add(next(p for p in seats if before.hand_sizes[p] > 0))
        return leaders

    def _once(self, statement: PhaseStatement, before: Snap, action: int) -> None:
        kind = statement.kind
        where = f"hand {before.hand_no} turn {before.turn} ({kind})"
        seen = self.once_turn.setdefault(statement.index, before.turn)
        if seen != before.turn:
            self.fail(f"{kind} happens once a hand", f"{where}: again, first in turn {seen}")
        if statement.before_first_trick is not None and statement.before_first_trick == self.trick_in_hand:
            self.fail(
                f"{kind}: {statement.opening}",
                f"{where}: a decision {'after' if self.trick_in_hand else 'before'} the first trick card",
            )
        if kind == "BiddingPhase" and L.A_BID0 <= action <= L.A_BID0 + 13:
            most = self.statements.most_bid
            if most is not None and action - L.A_BID0 > most:
                self.fail(f"a bid is at most {most}", f"{where}: seat {before.actor} bid {action - L.A_BID0}")
            if before.actor in self.bids:
                self.fail("each player bids once a hand", f"{where}: seat {before.actor} bid again")
            self.bids.add(before.actor)

    # ---- turns and hands -----------------------------------------------------------------------
    def _next_turn(self, before: Snap, after: Snap) -> None:
        where = f"hand {after.hand_no} turn {after.turn}"
        if self.statements.trick_winner_next:
            won = self.turn_winner
            next_turn = won is not None and won[0] == before.turn and after.turn == before.turn + 1
            if next_turn and won is not None and not self.betting and after.cur != won[1]:
                self.fail("the trick's winner takes the next turn", f"{where}: seat {after.cur}")
            return
        if self.turn_effects or self.betting or self.asking or self.counting:
            return
        expected = (before.cur + after.turn - before.turn) % self.n
        if after.cur != expected:
            self.fail("turns pass in seat order", f"{where}: seat {after.cur}, not seat {expected}")

    def _hand_end(self, before: Snap, after: Snap, thrown_in: bool) -> None:
        tricks = self.statements.tricks
        count = self.hand_tricks
        where = f"hand {before.hand_no} {'thrown in' if thrown_in else 'ended'} after {count} tricks"
        if tricks is not None and tricks.most is not None:
            thrown = tricks.thrown_in and thrown_in
            if count > tricks.most or (tricks.exact and count != tricks.most and not thrown):
                said = f"{'exactly' if tricks.exact else 'at most'} {tricks.most} tricks a hand"
                self.fail(said, where)
        self.hand_tricks = 0
        self.trick_in_hand = False
        self.trick_seats = []
        self.once_turn = {}
        self.bids = set()
        self.turn_winner = None
        steady = after.hands_played == before.hands_played + 1 and after.turn == before.turn + 1
        if steady and not after.terminal and not (self.auction or self.first_lead):
            first = (after.hand_no - 1) % self.n
            if after.cur != first:
                self.fail(
                    f"seat {first} starts hand {after.hand_no}",
                    f"hand {after.hand_no}: seat {after.cur} has its first turn",
                )

    def _fold(self, before: Snap, after: Snap, hand_ended: bool) -> None:
        """The fold that leaves one player in ends the hand (the game may end with it)."""
        last_in = before.folded + 1 == self.n - 1
        if last_in and not (hand_ended or after.terminal):
            where = f"hand {before.hand_no} turn {before.turn}: seat {before.actor} folded, one player left"
            self.fail("when all but one player have folded, the hand ends at once", where)

    def _bounds(self, after: Snap) -> None:
        most_hands, most_turns = self.statements.most_hands, self.statements.most_turns
        if most_hands is not None and after.hand_no > most_hands:
            self.fail(f"the game deals at most {most_hands} hands", f"hand {after.hand_no} was dealt")
        if most_turns is not None and after.turn > most_turns:
            self.fail(f"the game lasts at most {most_turns} turns", f"turn {after.turn} was reached")

    # ---- scores and the end --------------------------------------------------------------------
    def _scores(self, before: Snap, action: int, after: Snap, completed: bool, hand_ended: bool) -> None:
        if before.scores == after.scores and before.team_scores == after.team_scores:
            return
        allowed = self.statements.score_moments
        if ScoreMoment.ANY_ACTION in allowed:
            return
        kind = self.statements.phases[before.phase].kind
        seen = set()
        if kind in ("TrickPhase", "PlayPhase", "DiscardPhase"):
            seen.add(ScoreMoment.CARD_PLAYED)
        if action == L.A_KNOCK:
            seen.add(ScoreMoment.KNOCK)
        if kind == "CountPhase":
            seen.add(ScoreMoment.COUNT)
        if kind == "CribPhase":
            seen.add(ScoreMoment.STARTER)
        if completed:
            seen.add(ScoreMoment.TRICK_WON)
        if hand_ended:
            seen.add(ScoreMoment.HAND_END)
        if not seen & allowed:
            said = ", ".join(sorted(m.value for m in allowed)) or "never"
            event = (
                f"hand {before.hand_no} turn {before.turn} ({kind}): scores {before.scores} -> {after.scores}"
            )
            self.fail(f"scores change only {said}", event)

    def _game_end(self, before: Snap, after: Snap, hand_ended: bool) -> None:
        moments = {Moment.ACTION}
        if after.turn > before.turn or hand_ended:
            moments.add(Moment.TURN_END)
        deck_ends_game = self.genome.turn_structure.deck_empty is DeckEmptyAction.END_GAME
        if hand_ended or (after.terminal and deck_ends_game):  # an empty deck judges as a hand end
            moments.add(Moment.HAND_END)
        judged = [win for win in self.statements.wins if win.moment in moments]
        where = f"hand {before.hand_no} turn {before.turn}, scores {after.team_scores}"
        if after.terminal:
            ending = after.ended_by == L.END_WIN and not judged
            if ending or (after.ended_by == L.END_GAME_ACTION and not deck_ends_game):
                said = "; ".join(f"{w.kind.value} {w.moment.value}" for w in self.statements.wins)
                self.fail(f"the game is won only as Objective says ({said})", f"it ended {where}")
            return
        for win in judged:
            if self._met(win, after, hand_ended):
                self.fail(
                    f"{win.kind.value} (threshold {win.threshold}) ends the game {win.moment.value}",
                    f"play went on at {where}",
                )

    def _met(self, win: WinStatement, after: Snap, hand_ended: bool) -> bool:
        scores = after.team_scores
        kind = win.kind
        if kind in _SCORE_THRESHOLDS and win.threshold is not None:
            if max(scores) < win.threshold:
                return False
            best = min(scores) if kind is WinType.LOW_SCORE else max(scores)
            return scores.count(best) == 1
        if kind is WinType.SCORE_FLOOR and win.threshold is not None:
            return min(scores) <= win.threshold and scores.count(max(scores)) == 1
        if kind is WinType.HIGH_SCORE or kind in _EVERY_HAND_END:
            return True
        if kind is WinType.HANDS_PLAYED and win.threshold is not None:
            return after.hands_played >= win.threshold
        if kind is WinType.EMPTY_HAND:
            return not hand_ended and not self.asking and 0 in after.hand_sizes
        if kind is WinType.CAPTURE_ALL:
            return self._holds_everything(after)
        return False

    def _holds_everything(self, after: Snap) -> bool:
        teams = self.genome.teams if self.genome.team_mode else tuple((p,) for p in range(self.n))
        return any(
            sum(after.hand_sizes[p] + after.captured_sizes[p] for p in team) == self.deck_size
            for team in teams
        )


def check_genome(
    genome: GameGenome, seed: int, max_decisions: int, statements: Statements | None = None
) -> list[Mismatch]:
    """Play one seeded game of ``genome`` (at most ``max_decisions``) and return every mismatch with
    ``statements`` (by default its rulebook's, ``statements_of``)."""
    statements = statements_of(genome) if statements is None else statements
    state = GameState.new(genome, seed)
    checker = Checker(genome, statements, genome.setup.initial_deck.size)
    rng = random.Random(seed)
    n_teams = len(state.team_scores())
    before = Snap.of(state, n_teams)
    checker.start(before)
    for _ in range(max_decisions):
        if before.terminal:
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        after = Snap.of(state, n_teams)
        checker.step(before, action, after)
        before = after
    return checker.failures
