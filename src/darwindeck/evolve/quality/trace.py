"""Play traces: what greedy self-play asks of the players, decision by decision.

``trace_games(genome, seed, games)`` replays games ``0 .. games-1`` of greedy self-play batch seed
``seed`` (the very games ``quality.play.play(genome, [GREEDY], …, seed)`` plays: game i is dealt from
``rng.game_seed(seed, i, 0)`` and the greedy player draws nothing) through the engine one decision at a
time, and records what the batch statistics do not:

* **decision kinds per turn**: a *seat-turn* is one seat's decisions during one turn of the game (turns
  are the engine's ``S_TURN``: a trick phase's plays by every seat fall in the turn that leads it). The
  *kind* of a decision is its phase's kind (draw, play, discard, trick, claim, betting, bidding, knock,
  pass, trump, ask, count, auction), or ``effect`` for a card effect's target or named suit; it is a
  *real choice* with more than one legal move. A seat-turn's decision kinds are the distinct kinds of its
  real choices; ``decision_kinds`` is their mean over the seat-turns with at least one real choice, and
  ``most_decision_kinds`` the largest.
* **tricks led alone**: a trick is *led* when a trick phase's decision is taken with an empty trick; it
  is *contested by one player* when, at that moment, only the leader holds cards (everyone else has run
  out, so the leader plays tricks alone). ``alone_share`` = such tricks / tricks led.
* **the stock**: the cards left in the stock at each hand's first decision (after the deal), and whether
  the stock ever shrank during a hand (a draw, a refill, a turned card). ``stock_idle`` is true when
  some hand left cards in the stock and no hand of any traced game ever drew from it.

The replay runs in Python around the compiled kernel (a few thousand decisions a second), so the judging
traces only a few games (``fitness.ARC_GAMES``, the games the arc traces).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from darwindeck.engine import layout as L
from darwindeck.engine.auction import decider
from darwindeck.engine.kernel import apply_action, init_game
from darwindeck.engine.policies import GREEDY as GREEDY_KIND
from darwindeck.engine.policies import choose
from darwindeck.engine.rng import game_seed
from darwindeck.engine.tables import compile_tables, pack_tables
from darwindeck.errors import DarwinDeckError
from darwindeck.genome.schema import GameGenome

#: Phase kind codes (``engine.layout.K_*``) → the words used for decision kinds.
KIND_NAMES = {
    L.K_DRAW: "draw",
    L.K_PLAY: "play",
    L.K_DISCARD: "discard",
    L.K_TRICK: "trick",
    L.K_CLAIM: "claim",
    L.K_BETTING: "betting",
    L.K_BIDDING: "bidding",
    L.K_KNOCK: "knock",
    L.K_PASS: "pass",
    L.K_TRUMP: "trump",
    L.K_ASK: "ask",
    L.K_COUNT: "count",
    L.K_AUCTION: "auction",
    L.K_CRIB: "crib",
}
EFFECT_KIND = "effect"
#: Decisions one traced game may take before the replay gives up on it (the engine's step budget ends
#: every game long before).
MAX_TRACE_DECISIONS = 200_000


@dataclass(frozen=True)
class Trace:
    """What the traced games asked of the players (module docstring)."""

    games: int
    seat_turns: int
    decision_kinds: float
    most_decision_kinds: int
    kinds_seen: tuple[str, ...]
    tricks_led: int
    tricks_alone: int
    stock_after_deal: int
    stock_drawn: bool

    @property
    def alone_share(self) -> float:
        return self.tricks_alone / self.tricks_led if self.tricks_led else 0.0

    @property
    def stock_idle(self) -> bool:
        return self.stock_after_deal > 0 and not self.stock_drawn


@dataclass
class _Tally:
    kinds: dict[tuple[int, int, int], set[str]]
    seen: set[str]
    tricks_led: int = 0
    tricks_alone: int = 0
    stock_after_deal: int = 0
    stock_drawn: bool = False


def _kind(phase_kinds: np.ndarray, state: np.ndarray) -> str:
    if int(state[L.S_PENDING_TARGET]) >= 0:
        return EFFECT_KIND
    phase = int(state[L.S_PHASE])
    return KIND_NAMES.get(int(phase_kinds[phase]), "other") if phase < phase_kinds.shape[0] else "other"


def _holders(state: np.ndarray, players: int) -> int:
    return sum(1 for p in range(players) if state[L.L_HAND + p] > 0)


def _trace_one(program: np.ndarray, phase_kinds: np.ndarray, seed: int, index: int, tally: _Tally) -> None:
    players = int(program[L.H_PLAYERS])
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    init_game(program, state, game_seed(seed, index, 0))
    rng = np.array([game_seed(seed, index, 1)], dtype=np.int64)
    hand, deck = -1, 0
    for _ in range(MAX_TRACE_DECISIONS):
        if state[L.S_TERMINAL]:
            return
        if int(state[L.S_HAND_NO]) != hand:
            hand, deck = int(state[L.S_HAND_NO]), int(state[L.L_DECK])
            tally.stock_after_deal = max(tally.stock_after_deal, deck)
        elif int(state[L.L_DECK]) < deck:
            tally.stock_drawn = True
        deck = int(state[L.L_DECK])
        kind = _kind(phase_kinds, state)
        if kind == "trick" and state[L.L_TRICK] == 0:
            tally.tricks_led += 1
            tally.tricks_alone += int(players > 1 and _holders(state, players) == 1)
        actor = int(decider(state))
        if state[L.S_N_LEGAL] > 1:
            tally.kinds[(index, int(state[L.S_TURN]), actor)].add(kind)
            tally.seen.add(kind)
        action = int(choose(program, state, GREEDY_KIND, rng))
        if not apply_action(program, state, action):
            raise DarwinDeckError(f"{index}: the engine refused its own greedy action {action}")


def trace_games(genome: GameGenome, seed: int, games: int) -> Trace:
    """Replay and trace greedy self-play games ``0 .. games-1`` of batch seed ``seed`` (module
    docstring). Raises ``DarwinDeckError`` for a genome the engine cannot run."""
    tables = compile_tables(genome)
    program = pack_tables(tables)
    phase_kinds = tables.phases[:, L.PH_KIND]
    tally = _Tally(defaultdict(set), set())
    for index in range(games):
        _trace_one(program, phase_kinds, seed, index, tally)
    counts = [len(kinds) for kinds in tally.kinds.values()]
    return Trace(
        games=games,
        seat_turns=len(counts),
        decision_kinds=sum(counts) / len(counts) if counts else 0.0,
        most_decision_kinds=max(counts, default=0),
        kinds_seen=tuple(sorted(tally.seen)),
        tricks_led=tally.tricks_led,
        tricks_alone=tally.tricks_alone,
        stock_after_deal=tally.stock_after_deal,
        stock_drawn=tally.stock_drawn,
    )
