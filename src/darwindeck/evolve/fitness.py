"""Fitness: how good a genome is as a game, judged by competent play (``evaluate_fitness``).

An evaluation has two steps. Every genome gets the **screening** (``evaluate_fitness``); the GA's best
candidates also get the **judging** (``evaluate_fitness_mcts``: the screening plus search). Both read
``settings.style``, ``settings.games_per_genome`` (G), ``settings.mcts_iterations`` (k),
``settings.mcts_games`` (D) and ``settings.mcts_step_budget`` (S), which ``FITNESS_FIELDS`` covers, and the
result is a function of (genome, those settings, seed) only. Batch seeds are ``quality.play.batch_seed(seed,
purpose)``.

**Screening.**

1. *Live canonical form* (``live_form``): the genome in canonical form (``quality.canonical``), its dead
   rules found and stripped by ablation (``quality.ablation``, with the fixed seed ``ABLATION_SEED`` so
   that the live form depends on the genome alone), in canonical form again. Everything below measures
   the live genome; ``dead_rules`` counts what was stripped and ``fingerprint`` (the first 13 hex digits
   of SHA-256 over the replayed games' digests, as a number) names the games it plays: two genomes with
   one fingerprint play the same seeded games identically and are one game.
2. *Random baseline*: G games of random self-play (purpose ``random``); *greedy self-play*: G games of
   the greedy player in every seat (purpose ``greedy``): competent play, which every descriptive
   measure below comes from.
3. *Gate* (total 0, ``gate_reason`` says why): the engine cannot run the genome; any engine error in
   either batch (``MAX_ERROR_RATE`` 0); in greedy self-play more than ``MAX_TIMEOUT_RATE`` (5 %) of the
   games stopped by the step budget, more than ``MAX_DRAW_RATE`` (40 %) without a winner, or fewer than
   ``MIN_MEANINGFUL_DECISIONS`` (3) meaningful decisions per game. Random play is not gated on draws: a
   bidding game to 500 that random bidders never finish is not a bad game. Greedy self-play is played
   first, ``GATE_CHUNK`` (10) games at a time (the same games as one batch), and stops as soon as a limit
   is passed whatever the remaining games do (``certain_failure``: more than 40 of 100 games drawn, say);
   the random baseline is then not played, and the breakdown holds the rates of the games played. Such
   genomes (a game that never ends, played to its turn limit) were half of the screening's time.
4. *Ladder rung 0*: the duplicate match greedy against random (``quality.ladder``) on G deals (each
   played once per side), purpose ``ladder:0``.

**Judging** (adds to the screening): when rung 0 is significant, rung 1, MCTS-k against greedy on D deals
(purpose ``ladder:1``); the arc of ``ARC_GAMES`` greedy self-play games (``quality.arc``: ``ARC_POINTS``
checkpoints, ``ARC_ROLLOUTS`` rollouts per side), whose tension replaces the score proxy; and the
hidden-information measure (MCTS-k seeing every card against MCTS-k, ``max(4, D // 2)`` deals, purpose
``hidden``), a descriptor. *Budget*: a search match costs, per deal, ``ladder.rung_cost`` MCTS iterations
(from greedy self-play's meaningful decisions per game) times the rollout steps of one iteration, ``1 +
min(200, decisions per hand) / 2`` (a rollout runs to the end of the hand); the judging may spend a projected
S (20 million by default: about 10 s of one core) steps in all, rung 1 first (the projection comes from greedy
play, so a search that lengthens the games spends more). A match plays as many of its deals as fit, and is
skipped when fewer than ``MIN_JUDGED_DEALS`` (8; 4 for the hidden-information match) fit: ``mcts_over_budget``
= 1 then, and what was skipped stays unmeasured. A match is played ``JUDGE_CHUNK`` (2) deals at a time and
stops once the steps it has spent (its searchers' iterations, counted from the games) reach what is left,
so a search that makes the games far longer than greedy play (130 million steps against a budget of 20,
seen in the evolution benchmark) overruns by one chunk at most; stopped before its least deals, it is
over budget too. The deals rung 1 played are ``judged_deals``, the steps spent
``mcts_steps``. Everything counted is a game result, not a clock, so the outcome is deterministic. The mark
``mcts`` = 1 says the result was judged. The screening already records ``judging_cost``, the steps this plan
is projected to spend (rung 1 only when rung 0 is significant), which the GA's generation budget reads.

**Score.** ``weighted_sum`` = Σ weight × metric over the style's weight table (``styles``) and the
metrics of ``metrics`` (each in [0, 1]); then

``total = weighted_sum × skill_factor × length_factor × coherence_factor × elegance_factor × novelty_factor``

* *skill factor*: ``0.25 + 0.75 × min(depth, 2) / 2`` with the ladder depth measured (0, 1 or 2): a game
  in which better play does not win keeps a quarter, one where search beats greedy keeps everything.
* *length factor*: the length is judged per hand, in competent play, so a long game of many hands (Hearts
  to 100) is not punished like one padded hand: with m meaningful decisions per game and h hands dealt
  (at least 1) in greedy self-play, ``m / h`` should lie in ``HAND_DECISION_BAND`` (6–120): below it the
  game keeps ``(m / h) / 6``, above it ``120 / (m / h)``; and more than ``MAX_HANDS`` (30) hands keep
  ``30 / h``. Recorded as ``penalty.decisions_per_hand`` and ``penalty.hands_per_game``.
* *coherence* (spec 001's table, multiplicative, each recorded as ``penalty.<name>``): a WAR tableau with
  an ``empty_hand`` win ×0.7, MATCH_RANK with ``capture_all`` ×0.8, SEQUENCE with ``capture_all`` ×0.7;
  and this project's ``betting_without_showdown`` ×0.5: a betting phase in a game with no ``best_hand``
  win, where the chips decide nothing; and ``mixed_mechanics``: a game's *signature mechanics* are the
  distinct ones among asking, passing, claiming, knocking, tricks, trump-making, bidding (a bidding or
  auction phase), betting, counting and a tableau (war battles, capturing, building); every classic of
  the library combines at most ``MAX_SIGNATURES`` (2: passing and tricks in Hearts, betting and war
  battles in Betting War), and each one beyond costs ×``MIXED_FACTOR`` (0.8), since generated games are
  found as fun as human-made ones only near them (Davidson et al. 2025, ``QUALITY.md`` lesson 7).
* *novelty*: d = ``novelty`` distance of the live genome to the nearest game of the published corpus
  (``published.nearest_known``: the library and the described published games);
  ``novelty_factor = 0.1 + 0.9 × min(1, d / 0.15)``: a copy of a known game keeps a tenth.
  ``total_as_new`` is the total without this factor: the score of the game as if it were new (how the
  library itself is ranked in ``docs/fitness.md``).

The breakdown holds every metric, weight (``weight.<metric>``), factor, penalty, the measured numbers
behind them and the descriptors (``quality.descriptors``). Results are deterministic, bit for bit.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from darwindeck.agents import batch as B
from darwindeck.agents.competent import ROLLOUT_DEPTH
from darwindeck.agents.simulate import BatchStats, summarise
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.metrics import first_player_advantage, meaningful_decisions, measure
from darwindeck.evolve.published import nearest_known
from darwindeck.evolve.quality.ablation import Ablation, DeadRule, ablate, removable_rules
from darwindeck.evolve.quality.arc import measure_arc
from darwindeck.evolve.quality.canonical import canonical
from darwindeck.evolve.quality.descriptors import family
from darwindeck.evolve.quality.elegance import (
    one_hand_flaw,
    one_hand_share,
    played_flaws,
    rulebook_words,
    static_flaws,
)
from darwindeck.evolve.quality.idle import IdleTest, Profile, idle_test
from darwindeck.evolve.quality.ladder import (
    Ladder,
    Rung,
    duplicate_games,
    duplicate_match,
    rung_cost,
    rung_of,
)
from darwindeck.evolve.quality.penalty import Penalty
from darwindeck.evolve.quality.play import (
    GREEDY,
    MAX_DRAW_RATE,
    MAX_TIMEOUT_RATE,
    RANDOM,
    Games,
    Policy,
    batch_seed,
    competent,
    play,
    play_in_chunks,
    side_count,
)
from darwindeck.evolve.quality.trace import trace_games
from darwindeck.evolve.settings import JUDGING_COST, MCTS_MARK, EvolutionSettings
from darwindeck.evolve.styles import style_weights
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    CountPhase,
    KnockPhase,
    PassPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import GameGenome, TableauMode, WinType

ABLATION_SEED = 0
LIVE_FORM_CACHE = 512
STRIP_ROUNDS = 3
MAX_ERROR_RATE = 0.0
MIN_MEANINGFUL_DECISIONS = 3.0
#: Greedy self-play is played this many games at a time, and stops once the gate is certain to fail.
GATE_CHUNK = 10
#: A judging match is played this many deals at a time, and stops once its steps reach the budget.
JUDGE_CHUNK = 2
#: Meaningful decisions per hand a game should take (greedy self-play); outside, the length factor.
HAND_DECISION_BAND = (6.0, 120.0)
MAX_HANDS = 30.0
SKILL_FLOOR = 0.25
NOVELTY_FLOOR = 0.1
NOVELTY_FULL_DISTANCE = 0.15
MIN_JUDGED_DEALS = 8
MIN_HIDDEN_DEALS = 4
ARC_GAMES = 4
ARC_POINTS = 8
ARC_ROLLOUTS = 8
#: Games per batch of the idle test's screenings (``quality.idle``).
IDLE_GAMES = 100


@dataclass(frozen=True)
class CoherenceRule:
    """Spec 001: a tableau mode that fits badly with a win type costs a share of the fitness."""

    name: str
    mode: TableauMode
    win: WinType
    factor: float


COHERENCE_RULES = (
    CoherenceRule("war_with_empty_hand", TableauMode.WAR, WinType.EMPTY_HAND, 0.7),
    CoherenceRule("match_rank_with_capture_all", TableauMode.MATCH_RANK, WinType.CAPTURE_ALL, 0.8),
    CoherenceRule("sequence_with_capture_all", TableauMode.SEQUENCE, WinType.CAPTURE_ALL, 0.7),
)


@dataclass(frozen=True)
class FitnessResult:
    """A genome's fitness: the total, every part of it, why a gate or penalty applied, and the live
    genome that was measured with the rules stripped from the original."""

    total: float
    breakdown: dict[str, float] = field(default_factory=dict)
    gate_reason: str | None = None
    penalties: tuple[Penalty, ...] = ()
    nearest_library_game: str = ""
    live: GameGenome | None = None
    dead_rules: tuple[DeadRule, ...] = ()
    ladder: Ladder | None = None
    idle: IdleTest | None = None


BETTING_WITHOUT_SHOWDOWN = Penalty(
    "betting_without_showdown",
    0.5,
    "betting phase without a best_hand win condition: the chips decide nothing and folding only sits out "
    "the hand: ×0.5",
)


#: The signature mechanics a phase brings (module docstring, *coherence*); draw, play and discard are the
#: flow every card game has, not a signature.
SIGNATURE_PHASES: tuple[tuple[type, str], ...] = (
    (AskPhase, "asking"),
    (PassPhase, "passing"),
    (ClaimPhase, "claiming"),
    (KnockPhase, "knocking"),
    (TrickPhase, "tricks"),
    (TrumpPhase, "trump-making"),
    (BiddingPhase, "bidding"),
    (AuctionPhase, "bidding"),
    (BettingPhase, "betting"),
    (CountPhase, "counting"),
)
#: A tableau mode is a signature too (war battles, capturing by rank, building sequences).
SIGNATURE_TABLEAUX = {
    TableauMode.WAR: "war battles",
    TableauMode.MATCH_RANK: "capturing",
    TableauMode.SEQUENCE: "building",
}
#: The classics combine at most this many signature mechanics; each one more costs ``MIXED_FACTOR``.
MAX_SIGNATURES = 2
MIXED_FACTOR = 0.8


def signature_mechanics(genome: GameGenome) -> tuple[str, ...]:
    """The distinct signature mechanics of ``genome``, in ``SIGNATURE_PHASES`` order, then its tableau."""
    found = [name for kind, name in SIGNATURE_PHASES if any(isinstance(p, kind) for p in genome.phases)]
    tableau = SIGNATURE_TABLEAUX.get(genome.setup.tableau_mode)
    return tuple(dict.fromkeys([*found, *([tableau] if tableau else [])]))


def mixed_mechanics_penalty(genome: GameGenome) -> tuple[Penalty, ...]:
    """``mixed_mechanics``: ``MIXED_FACTOR`` to the power of the signature mechanics beyond
    ``MAX_SIGNATURES`` (module docstring)."""
    names = signature_mechanics(genome)
    extra = len(names) - MAX_SIGNATURES
    if extra <= 0:
        return ()
    factor = MIXED_FACTOR**extra
    reason = (
        f"{len(names)} signature mechanics ({', '.join(names)}); the classics combine at most "
        f"{MAX_SIGNATURES}: ×{factor:.3g}"
    )
    return (Penalty("mixed_mechanics", factor, reason),)


def coherence_penalties(genome: GameGenome) -> tuple[Penalty, ...]:
    """Spec 001's coherence penalties that apply to ``genome``, in table order, then
    ``BETTING_WITHOUT_SHOWDOWN`` and ``mixed_mechanics`` when they apply (module docstring)."""
    mode = genome.setup.tableau_mode
    wins = {condition.type for condition in genome.win_conditions}
    betting = any(isinstance(phase, BettingPhase) for phase in genome.phases)
    stakeless = (BETTING_WITHOUT_SHOWDOWN,) if betting and WinType.BEST_HAND not in wins else ()
    seed_rules = tuple(
        Penalty(
            rule.name,
            rule.factor,
            f"{rule.mode.value} tableau with the {rule.win.value} win condition: ×{rule.factor:g} (spec 001)",
        )
        for rule in COHERENCE_RULES
        if mode is rule.mode and rule.win in wins
    )
    return seed_rules + stakeless + mixed_mechanics_penalty(genome)


def length_penalties(meaningful: float, hands: float) -> tuple[Penalty, ...]:
    """The length factors of a game of ``meaningful`` decisions over ``hands`` hands (module docstring)."""
    hands = max(1.0, hands)
    per_hand = meaningful / hands
    low, high = HAND_DECISION_BAND
    found = []
    if per_hand < low or per_hand > high:
        factor = per_hand / low if per_hand < low else high / per_hand
        side = f"below {low:g}" if per_hand < low else f"above {high:g}"
        reason = f"{per_hand:.1f} meaningful decisions per hand in greedy self-play, {side}: ×{factor:.3g}"
        found.append(Penalty("decisions_per_hand", factor, reason))
    if hands > MAX_HANDS:
        factor = MAX_HANDS / hands
        found.append(
            Penalty("hands_per_game", factor, f"{hands:.1f} hands per game, above 30: ×{factor:.3g}")
        )
    return tuple(found)


def skill_factor(depth: int) -> float:
    """``0.25 + 0.75 × min(depth, 2) / 2``."""
    return SKILL_FLOOR + (1.0 - SKILL_FLOOR) * min(depth, 2) / 2.0


def novelty_factor(distance: float) -> float:
    """``0.1 + 0.9 × min(1, distance / 0.15)``."""
    return NOVELTY_FLOOR + (1.0 - NOVELTY_FLOOR) * min(1.0, distance / NOVELTY_FULL_DISTANCE)


def fingerprint(digests: tuple[int, ...]) -> float:
    """The games a genome plays, as a number (the first 13 hex digits of SHA-256 of the digests)."""
    text = ",".join(str(digest) for digest in digests)
    return float(int(hashlib.sha256(text.encode()).hexdigest()[:13], 16))


@functools.lru_cache(maxsize=LIVE_FORM_CACHE)
def live_form(genome: GameGenome) -> tuple[GameGenome, Ablation]:
    """The live canonical genome and its ablation (module docstring, step 1). Raises
    ``DarwinDeckError`` when the engine cannot run the genome. Remembered per process for the last
    ``LIVE_FORM_CACHE`` genomes: the GA strips a child (``strip_dead_rules`` ends on the live form's own
    ablation) and then screens and perhaps judges it, each of which starts from this same ablation."""
    ablation = ablate(canonical(genome), ABLATION_SEED)
    return canonical(ablation.live), ablation


def strip_dead_rules(genome: GameGenome) -> GameGenome:
    """The live canonical form of ``genome`` (``live_form``, repeated until nothing more is stripped, at
    most ``STRIP_ROUNDS`` times: a rule can die once another is gone), or ``genome`` itself when the
    engine cannot run it (its evaluation then gates it): what the GA stores, shows and writes out."""
    try:
        for _ in range(STRIP_ROUNDS):
            live = live_form(genome)[0]
            if live == genome:
                break
            genome = live
    except DarwinDeckError:
        pass
    return genome


# ------------------------------------------------------------------------------------------------ gate


def _rates(games: Games) -> dict[str, float]:
    return {"error_rate": games.error_rate, "draw_rate": games.draw_rate, "timeout_rate": games.timeout_rate}


def certain_failure(greedy: Games, games: int) -> str | None:
    """Why the gate fails whatever the rest of ``games`` greedy self-play games do, ``greedy`` being the
    first of them (the counts against a limit only grow), or ``None``."""
    limits = {"error_rate": MAX_ERROR_RATE, "timeout_rate": MAX_TIMEOUT_RATE, "draw_rate": MAX_DRAW_RATE}
    counts = {"error_rate": greedy.errors, "timeout_rate": greedy.timeouts, "draw_rate": greedy.draws}
    for name, count in counts.items():
        if count > limits[name] * games:
            words = name.replace("_", " ")
            return (
                f"greedy self-play: {words} above the limit {limits[name]:.2f} whatever the rest do "
                f"({count} of the first {greedy.count} of {games} games)"
            )
    return None


def greedy_self_play(live: GameGenome, games: int, seed: int) -> tuple[Games, str | None]:
    """Greedy self-play, ``GATE_CHUNK`` games at a time (the very games of one batch: game i is dealt from
    ``(seed, i)``), stopped when the gate is certain to fail before the last game (``certain_failure``):
    the games played and that failure (``None`` when every game was played)."""
    played = play_in_chunks(
        live, [GREEDY], games, seed, GATE_CHUNK, lambda first: certain_failure(first, games) is not None
    )
    return played, certain_failure(played, games) if played.count < games else None


def gate_reason(random_rates: Mapping[str, float], greedy: Games) -> str | None:
    """Why the random baseline or greedy self-play fails the gate (module docstring, step 3)."""
    if random_rates["error_rate"] > MAX_ERROR_RATE:
        return f"random self-play: error rate {random_rates['error_rate']:.2f} above the limit 0.00"
    limits = {"error_rate": MAX_ERROR_RATE, "timeout_rate": MAX_TIMEOUT_RATE, "draw_rate": MAX_DRAW_RATE}
    rates = _rates(greedy)
    for name, limit in limits.items():
        if rates[name] > limit:
            words = name.replace("_", " ")
            return f"greedy self-play: {words} {rates[name]:.2f} above the limit {limit:.2f}"
    meaningful = float(greedy.meaningful_decisions.mean()) if greedy.count else 0.0
    if meaningful < MIN_MEANINGFUL_DECISIONS:
        return (
            f"greedy self-play: {meaningful:.2f} meaningful decisions per game, fewer than "
            f"{MIN_MEANINGFUL_DECISIONS:g}"
        )
    return None


# ------------------------------------------------------------------------------------------- evaluation


@dataclass
class _Evaluation:
    """What an evaluation knows so far."""

    genome: GameGenome
    ablation: Ablation
    breakdown: dict[str, float]
    penalties: tuple[Penalty, ...]
    nearest: str

    def result(
        self, total: float, reason: str | None, ladder: Ladder | None = None, idle: IdleTest | None = None
    ) -> FitnessResult:
        return FitnessResult(
            total,
            self.breakdown,
            reason,
            self.penalties,
            self.nearest,
            self.genome,
            self.ablation.dead,
            ladder,
            idle,
        )

    def penalise(self, penalties: tuple[Penalty, ...]) -> float:
        factor = 1.0
        for penalty in penalties:
            factor *= penalty.factor
            self.breakdown[f"penalty.{penalty.name}"] = penalty.factor
        self.penalties = (*self.penalties, *penalties)
        return factor


def _start(genome: GameGenome) -> _Evaluation:
    """Step 1 and the parts known without playing: novelty and coherence of the live genome."""
    live, ablation = live_form(genome)
    found = nearest_known(live)
    evaluation = _Evaluation(live, ablation, {}, (), found.game.slug)
    evaluation.breakdown.update(
        dead_rules=float(len(ablation.dead)),
        fingerprint=fingerprint(ablation.digests),
        novelty_library_distance=found.distance,
        novelty_factor=novelty_factor(found.distance),
    )
    _static(evaluation)
    return evaluation


def _static(evaluation: _Evaluation) -> None:
    """The coherence and the elegance read from the genome alone."""
    live = evaluation.genome
    evaluation.breakdown["coherence_factor"] = evaluation.penalise(coherence_penalties(live))
    evaluation.breakdown["rulebook_words"] = float(rulebook_words(live))
    evaluation.breakdown["elegance_factor"] = evaluation.penalise(static_flaws(live))


@dataclass
class _Budget:
    """The judging's search budget in rollout steps (module docstring)."""

    live: GameGenome
    per_game: float
    steps_per_iteration: float
    left: float
    variant_steps: float = 0.0

    @classmethod
    def of(
        cls,
        live: GameGenome,
        settings: EvolutionSettings,
        greedy: BatchStats,
        hands: float,
        random_decisions: float = 0.0,
    ) -> _Budget:
        per_hand = greedy.avg_decisions / max(1.0, hands)
        steps_per_iteration = 1.0 + min(ROLLOUT_DEPTH, per_hand) / 2.0
        games = idle_games(settings)
        variant = games * (random_decisions + greedy.avg_decisions * (1 + side_count(live)))
        return cls(
            live, meaningful_decisions(greedy), steps_per_iteration, settings.mcts_step_budget, variant
        )

    def afford_variant(self) -> bool:
        """Whether one more screening of a variant (the idle test) fits; spends it when it does."""
        if self.variant_steps > self.left:
            return False
        self.left -= self.variant_steps
        return True

    def project_idle(self, rules: int) -> None:
        """Spend the idle test's projection: the genome and its ``rules`` variants, as many as fit
        (nothing for a genome without a removable rule)."""
        for _ in range(rules + 1 if rules else 0):
            if not self.afford_variant():
                return

    def per_deal(self, strong: Policy, weak: Policy) -> float:
        return rung_cost(self.live, weak, strong, 1, self.per_game) * self.steps_per_iteration

    def deals(self, strong: Policy, weak: Policy, wanted: int, least: int) -> int:
        """The deals of a match that fit in what is left (0 when fewer than ``least`` fit)."""
        per_deal = self.per_deal(strong, weak)
        fits = min(wanted, int(self.left // per_deal)) if per_deal > 0 else wanted
        return fits if fits >= least else 0

    def spent(self, rung: Rung) -> float:
        return rung.mcts_iterations * self.steps_per_iteration

    def match(self, strong: Policy, weak: Policy, deals: int, seed: int, least: int) -> Rung | None:
        """``strong`` against ``weak`` on up to ``deals`` deals, ``JUDGE_CHUNK`` deals at a time (the very
        games of one match: a game is dealt and played from its own seeds), stopped once the steps spent
        reach what is left: a search can make the games far longer than greedy play, the projection's
        basis. The steps are spent; the rung is ``None`` (over budget) when it played fewer than
        ``least`` deals."""
        replays: tuple[Games, ...] = ()
        for start in range(0, deals, JUDGE_CHUNK):
            chunk = duplicate_games(self.live, strong, weak, min(JUDGE_CHUNK, deals - start), seed, start)
            replays = tuple(a.extended(b) for a, b in zip(replays, chunk, strict=True)) if replays else chunk
            if self.spent(rung_of(self.live, strong, weak, replays)) >= self.left:
                break
        if not replays:
            return None
        rung = rung_of(self.live, strong, weak, replays)
        self.left -= self.spent(rung)
        return rung if rung.deals >= least else None

    def project(self, strong: Policy, weak: Policy, deals: int) -> None:
        self.left -= deals * self.per_deal(strong, weak)


def _searchers(live: GameGenome, settings: EvolutionSettings) -> tuple[Policy, Policy]:
    """The judging's honest searcher, the competent player of the genome's family
    (``quality.play.competent``), and the one of equal budget that sees every card."""
    iterations = settings.mcts_iterations
    return competent(live, iterations), competent(live, iterations, sees_all=True)


def _hidden_deals(settings: EvolutionSettings) -> int:
    return max(MIN_HIDDEN_DEALS, settings.mcts_games // 2)


def judging_cost(
    live: GameGenome,
    settings: EvolutionSettings,
    rung0: Rung,
    greedy: BatchStats,
    hands: float,
    random_decisions: float = 0.0,
    weigh_rules: bool = False,
) -> float:
    """The rollout steps the judging of this genome is projected to spend (``JUDGING_COST``): the
    deals of rung 1 (when rung 0 is significant), with ``weigh_rules`` the idle test's screenings (the
    genome and each removable rule's variant), and the deals of the hidden-information match that fit in
    the budget, at their projected cost."""
    budget = _Budget.of(live, settings, greedy, hands, random_decisions)
    strong, seer = _searchers(live, settings)
    if rung0.significant:
        budget.project(strong, GREEDY, budget.deals(strong, GREEDY, settings.mcts_games, MIN_JUDGED_DEALS))
    if weigh_rules:
        budget.project_idle(len(removable_rules(live)))
    budget.project(seer, strong, budget.deals(seer, strong, _hidden_deals(settings), MIN_HIDDEN_DEALS))
    return settings.mcts_step_budget - budget.left


def idle_games(settings: EvolutionSettings) -> int:
    """The games per batch of the idle test's screenings: ``IDLE_GAMES``, at most the screening's."""
    return min(IDLE_GAMES, settings.games_per_genome)


def screening_profile(genome: GameGenome, settings: EvolutionSettings, seed: int) -> Profile | None:
    """The screening's paired batches of ``genome`` as it stands on ``idle_games`` deals (random self-play
    for the gate, greedy self-play, rung 0's replays), None when gated: what the idle test compares
    (``quality.idle``). Raises ``DarwinDeckError`` for a genome the engine cannot run."""
    games = idle_games(settings)
    random = play(genome, [RANDOM], games, batch_seed(seed, "random"))
    greedy = play(genome, [GREEDY], games, batch_seed(seed, "greedy"))
    if gate_reason(_rates(random), greedy):
        return None
    return Profile(
        genome, greedy, duplicate_games(genome, GREEDY, RANDOM, games, batch_seed(seed, "ladder:0"))
    )


def _idle(live: GameGenome, settings: EvolutionSettings, seed: int, budget: _Budget) -> IdleTest | None:
    """The idle test within the budget (None when not even the genome's own screening fits; no rule
    for a genome without a removable rule)."""
    if not removable_rules(live):
        return IdleTest((), (), 0)
    if not budget.afford_variant():
        return None
    idle_seed = batch_seed(seed, "idle")
    return idle_test(
        live, lambda genome: screening_profile(genome, settings, idle_seed), lambda _: budget.afford_variant()
    )


def _idle_notes(idle: IdleTest | None) -> dict[str, float]:
    """The idle test in the breakdown (recorded, not charged: ``docs/fitness.md`` §6 *Idle rules*)."""
    if idle is None:
        return {"idle_over_budget": 1.0}
    return {
        "idle_tested": float(len(idle.rules)),
        "idle_untested": float(idle.untested),
        "idle_rules": float(len(idle.idle)),
    }


@dataclass(frozen=True)
class _Judged:
    """What the judging's search and idle test measured."""

    rungs: list[Rung]
    notes: dict[str, float]
    idle: IdleTest | None


def _judge(
    live: GameGenome,
    settings: EvolutionSettings,
    seed: int,
    rung0: Rung,
    greedy: BatchStats,
    hands: float,
    random_decisions: float,
    weigh_rules: bool,
) -> _Judged:
    """The judging's measurements within the budget (module docstring): rung 1, with ``weigh_rules``
    the idle test, the hidden-information match."""
    budget = _Budget.of(live, settings, greedy, hands, random_decisions)
    strong, seer = _searchers(live, settings)
    notes = {MCTS_MARK: 1.0}
    rungs = []
    if rung0.significant:
        deals = budget.deals(strong, GREEDY, settings.mcts_games, MIN_JUDGED_DEALS)
        rung = budget.match(strong, GREEDY, deals, batch_seed(seed, "ladder:1"), MIN_JUDGED_DEALS)
        if rung is not None:
            rungs.append(rung)
            notes["judged_deals"] = float(rung.deals)
        else:
            notes["mcts_over_budget"] = 1.0
    idle = _idle(live, settings, seed, budget) if weigh_rules else None
    if weigh_rules:
        notes.update(_idle_notes(idle))
    deals = budget.deals(seer, strong, _hidden_deals(settings), MIN_HIDDEN_DEALS)
    hidden = budget.match(seer, strong, deals, batch_seed(seed, "hidden"), MIN_HIDDEN_DEALS)
    if hidden is not None:
        notes["hidden_information"] = hidden.skill
    else:
        notes["mcts_over_budget"] = 1.0
    notes["mcts_steps"] = settings.mcts_step_budget - budget.left
    return _Judged(rungs, notes, idle)


def _played(
    live: GameGenome, greedy_seed: int, greedy: Games
) -> tuple[dict[str, float], tuple[Penalty, ...], float]:
    """The arc and the traced games of the judging: what to add to the breakdown, the elegance flaws
    they show and the arc's tension."""
    arc = measure_arc(live, [GREEDY], greedy, greedy_seed, ARC_GAMES, ARC_POINTS, ARC_ROLLOUTS)
    trace = trace_games(live, greedy_seed, min(ARC_GAMES, greedy.count))
    notes = {
        "lead_changes": arc.lead_changes,
        "drama": arc.drama,
        "decisiveness": arc.decisiveness,
        "one_swing": arc.one_swing,
        "decision_kinds": trace.decision_kinds,
        "most_decision_kinds": float(trace.most_decision_kinds),
        "tricks_alone_share": trace.alone_share,
        "stock_idle": float(trace.stock_idle),
    }
    return notes, played_flaws(live, trace, family(live)), arc.tension


def evaluate_fitness(
    genome: GameGenome,
    settings: EvolutionSettings,
    seed: int,
    judge: bool = False,
    weigh_rules: bool = False,
) -> FitnessResult:
    """The fitness of ``genome`` (module docstring): the screening, with ``judge`` the judging, and with
    ``weigh_rules`` (judging only) the idle test, which is recorded and not charged, so the GA does not
    run it (``darwindeck explain`` and ``benchmarks.library_fitness`` do)."""
    try:
        evaluation = _start(genome)
    except DarwinDeckError as error:
        message = " ".join(line.strip() for line in str(error).splitlines())
        empty = Ablation(genome, (), 0, ())
        return _Evaluation(genome, empty, {}, (), "").result(
            0.0, f"the engine cannot run this game: {message}"
        )
    return _screen(evaluation, settings, seed, judge, weigh_rules)


def _screen(
    evaluation: _Evaluation,
    settings: EvolutionSettings,
    seed: int,
    judge: bool,
    weigh_rules: bool = False,
) -> FitnessResult:
    """Steps 2–4 and the score (module docstring), with ``judge`` the judging too."""
    live, breakdown = evaluation.genome, evaluation.breakdown
    games = settings.games_per_genome
    greedy_seed = batch_seed(seed, "greedy")
    greedy, reason = greedy_self_play(live, games, greedy_seed)
    if reason is None:  # the random baseline is played only when greedy play has not already failed
        random = play(live, [RANDOM], games, batch_seed(seed, "random"))
        random_rates = _rates(random)
        breakdown.update({f"random_{name}": value for name, value in random_rates.items()})
        reason = gate_reason(random_rates, greedy)
    breakdown.update(_rates(greedy))
    stats = summarise(live, greedy.rows)
    breakdown.update(
        meaningful_decisions=meaningful_decisions(stats),
        hands_per_game=max(1.0, greedy.mean(B.STAT_HANDS_DEALT)),
        avg_turns=stats.avg_turns,
        avg_decisions=stats.avg_decisions,
    )
    if reason:
        return evaluation.result(0.0, reason)
    random_decisions = random.mean(B.STAT_DECISIONS)
    hands = breakdown["hands_per_game"]
    share = one_hand_share(live, greedy.column(B.STAT_HANDS_DEALT))
    if share is not None:
        breakdown["one_hand_share"] = share
    elegance = breakdown["elegance_factor"] * evaluation.penalise(
        one_hand_flaw(live, greedy.column(B.STAT_HANDS_DEALT))
    )
    rung0 = duplicate_match(live, GREEDY, RANDOM, games, batch_seed(seed, "ladder:0"))
    rungs = [rung0]
    breakdown[JUDGING_COST] = judging_cost(live, settings, rung0, stats, hands, random_decisions)
    tension = None
    idle = None
    if judge:
        judged = _judge(live, settings, seed, rung0, stats, hands, random_decisions, weigh_rules)
        rungs += judged.rungs
        idle = judged.idle
        breakdown.update(judged.notes)
        notes, flaws, tension = _played(live, greedy_seed, greedy)
        breakdown.update(notes)
        elegance *= evaluation.penalise(flaws)
    breakdown["elegance_factor"] = elegance
    ladder = Ladder(tuple(rungs), True)
    _record_ladder(breakdown, ladder)
    breakdown["first_player_advantage"] = first_player_advantage(stats, live)
    metrics = measure(live, stats, ladder, tension).as_dict()
    weights = style_weights(settings.style)
    breakdown.update(metrics)
    breakdown.update({f"weight.{name}": weight for name, weight in weights.items()})
    weighted_sum = sum(weights[name] * value for name, value in metrics.items())
    breakdown["weighted_sum"] = weighted_sum
    breakdown["skill_factor"] = skill_factor(ladder.depth)
    length = evaluation.penalise(length_penalties(breakdown["meaningful_decisions"], hands))
    breakdown["length_factor"] = length
    as_new = weighted_sum * breakdown["skill_factor"] * length * breakdown["coherence_factor"] * elegance
    breakdown["total_as_new"] = as_new
    return evaluation.result(as_new * breakdown["novelty_factor"], None, ladder, idle)


def _record_ladder(breakdown: dict[str, float], ladder: Ladder) -> None:
    breakdown["skill_depth"] = float(ladder.depth)
    breakdown["luck"] = ladder.luck
    for index, rung in enumerate(ladder.rungs):
        breakdown[f"ladder.{index}.rate"] = rung.rate
        breakdown[f"ladder.{index}.p"] = rung.p_value
        breakdown[f"ladder.{index}.decided"] = float(rung.decided)


def evaluate_fitness_mcts(genome: GameGenome, settings: EvolutionSettings, seed: int) -> FitnessResult:
    """``evaluate_fitness`` with the judging: the GA's re-scoring of its best candidates."""
    return evaluate_fitness(genome, settings, seed, judge=True)
