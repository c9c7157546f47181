"""Idle rules: rules that change games (they are live) but lower none of the game's measures.

The ablation (``quality.ablation``) strips a rule whose removal changes no game. A rule can change games
and still be *idle*: a broken-hearts rule in a game without a reason to avoid hearts, a second scoring
system nobody plays for. ``idle_test(genome, profile, …)`` asks, for each removable rule of the live genome
(``ablation.removable_rules``, the genome without it valid and settled), whether the game without it is
worse on **any one** of the screening's play measures, each tested on its own against the noise of the
deals.

**Profile.** ``profile`` maps a genome to its ``Profile`` (``None`` when the engine cannot run it or the
screening's gate stops it: the rule is then needed): the fitness passes ``fitness.screening_profile``,
the screening's own batches on ``IDLE_GAMES`` deals from one seed, the same deals for every variant
(game d of a batch is dealt from the batch seed and d whoever plays it), so genome and variant are
paired deal by deal: greedy self-play, and rung 0 of the ladder (greedy against random, each deal played
once per side, ``ladder.duplicate_games``).

**Components** (``COMPONENTS``): the quantities behind the screening's metrics (``evolve.metrics``), before
the metrics clamp them to [0, 1] (a clamped metric at 1 cannot show a drop: Black Maria's decisions,
interaction, skill and control all read 1.00), each one "higher is better", on a set of deals:

==============  ===========================================================================================
decisions       meaningful decisions per turn in greedy self-play (``decision_density`` unclamped)
interaction     interaction events per turn (``interaction`` unclamped)
lead_changes    lead changes per game (the score proxy of ``tension``)
closeness       ``1 / (1 + |mean margin| / scale)`` (the other half of that proxy)
comeback        the share of games won by a side not leading at the middle turn (``comeback``)
balance         ``1 − |first-player advantage|``
decided         the share of greedy self-play games with a winner (what the gate's draw limit reads)
bidding         ``betting_engagement``: contracts at risk, claims challenged, bets called
skill           K of rung 0 (``ladder.Rung.skill``): greedy's edge over random
control         ``1 − L`` of rung 0 (``ladder.Rung.luck``): how much play rather than the deal decides
==============  ===========================================================================================

The structural metrics (rules complexity, trick play) are left out: removing a rule changes them by
construction, not by play.

**Test.** With D the deals and c(P, S) component c of profile P on the deals S (a multiset), the drop of
c is ``Δc = c(genome, D) − c(variant, D)``. A paired bootstrap draws ``RESAMPLES`` (500) multisets
S_b of |D| deals with replacement (``numpy`` generator seeded ``BOOTSTRAP_SEED``, the same S_b for the
genome and every variant) and takes ``p_c = (1 + #{b : c(genome, S_b) − c(variant, S_b) ≤ 0}) /
(RESAMPLES + 1)`` (drawn only when some component is lower on D). Rule r **earns its place** through c
when ``Δc > 0`` and ``p_c < ALPHA / |C|``
(``ALPHA`` 0.05 over the ten components, Bonferroni: a rule that changes nothing real is called needed
by chance at most 5 % of the time); it is **idle** when no component drops so. A component constant on
the genome's deals (a game without bids) cannot drop.

**Scoring schemes.** A card-scoring rule idle alone is weighed again with its *scheme*: every
card-scoring rule of the genome with the same trigger, removed together (``scheme_of``; tested once per
scheme, only for a scheme of two rules or more). Black Maria's A♠, K♠ and Q♠ are each a few per cent of
the points at stake, and the game without one of them has the same shape; the game without its penalty
cards has not. A rule idle alone whose scheme earns its place is not idle (it *earns its place with its
scheme*); a lone rule on another trigger (a second scoring system: points for cards left in hand beside
points for tricks) is weighed alone. A scheme without which the genome cannot be made valid (all the
game scores: Black Maria's, whose lowest score wins) is needed.

Rules are tested in ``removable_rules`` order while ``afford(rule)`` says the budget allows (the fitness
counts projected steps, so the outcome is deterministic; a scheme costs one more); a rule not tested is
reported as untested and never called idle, and a rule whose scheme the budget cannot afford keeps its
verdict alone.

**Calibration** (``docs/fitness.md`` §6, §8; ``docs/experiments/2026-11-28-idle.md``;
``tests/evolve/quality/test_idle.py`` pins it on six games). On the 32 classics (seed 7, 100 deals,
their live forms) 15 of 102 removable rules come out idle, in 13 classics, and 16 of 110 in 12 of 34
once Hold'em, Cribbage and equity betting joined (docs/fitness.md §6); the 5 % margin on the
screening's score called 61 of 103 idle, in 20. Hearts' queen of spades, Draw Poker's discard, the wild
cards and card effects of the shedding games, team play, the trumps of Spades and (with their schemes)
the penalty cards of Black Maria, Knaves and Polignac earn their places. Where the measure is right, or
nearly: the card turned up to start the discard (Crazy Eights, Mau-Mau, Uno, Rummy) and the score floor
of the Spades (−200) bind on one turn a hand or in a few games, and nothing a player decides turns on
them. Where it misses, and why:

* *breaking suits* (Hearts, Omnibus Hearts, Spades, Partnership Spades): the rule forbids an early lead
  that neither the greedy player nor random play makes often enough for the measures to move;
* *turned trumps* (Oh Hell, Knockout Whist) and *draws* (Draw Poker's draw, Gin Rummy's draw from the
  discard pile), Simple Poker's play condition: they change which cards win, not how play goes, for
  players who do not plan around them.

So the fitness records the test and does not charge it: charged at ×0.95 an idle rule, the screening's
Spearman ρ of the library against its tiers falls from 0.778 to 0.766 (×0.9: 0.758, ×0.8: 0.735).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from darwindeck.agents.simulate import BatchStats, summarise
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve import metrics as M
from darwindeck.evolve.quality.ablation import Rule, removable_rules
from darwindeck.evolve.quality.ladder import Rung, rung_of
from darwindeck.evolve.quality.play import GREEDY, RANDOM, Games
from darwindeck.evolve.repair import vet
from darwindeck.genome.schema import GameGenome

ALPHA = 0.05
RESAMPLES = 500
SCHEME = "scoring scheme"
BOOTSTRAP_SEED = 0

Component = Callable[[GameGenome, BatchStats, Rung], float]


def _per_turn(amount: float, stats: BatchStats) -> float:
    return amount / stats.avg_turns if stats.avg_turns > 0 else 0.0


def _closeness(genome: GameGenome, stats: BatchStats) -> float:
    return 1.0 / (1.0 + abs(stats.avg_margin) / M.margin_scale(genome))


#: The components a rule can earn its place by (module table), in report order.
COMPONENTS: dict[str, Component] = {
    "decisions": lambda genome, stats, rung: _per_turn(M.meaningful_decisions(stats), stats),
    "interaction": lambda genome, stats, rung: _per_turn(stats.avg_interaction, stats),
    "lead_changes": lambda genome, stats, rung: stats.avg_lead_changes,
    "closeness": lambda genome, stats, rung: _closeness(genome, stats),
    "comeback": lambda genome, stats, rung: stats.comeback_fraction,
    "balance": lambda genome, stats, rung: 1.0 - abs(M.first_player_advantage(stats, genome)),
    "decided": lambda genome, stats, rung: 1.0 - stats.draws / stats.games if stats.games else 0.0,
    "bidding": lambda genome, stats, rung: M.betting_engagement(stats, genome),
    "skill": lambda genome, stats, rung: rung.skill,
    "control": lambda genome, stats, rung: 1.0 - rung.luck,
}

Deals = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Profile:
    """The screening's paired batches of one genome (module docstring): greedy self-play and the replays
    of rung 0 (greedy against random), on the same deals."""

    genome: GameGenome
    greedy: Games
    replays: tuple[Games, ...]

    @property
    def deals(self) -> int:
        return self.greedy.count

    def components(self, deals: Deals) -> npt.NDArray[np.float64]:
        """Every component (``COMPONENTS`` order) on the deals ``deals`` (indices, repeats allowed)."""
        stats = summarise(self.genome, self.greedy.rows[deals])
        rung = rung_of(
            self.genome, GREEDY, RANDOM, [Games(self.genome, games.rows[deals]) for games in self.replays]
        )
        return np.array([component(self.genome, stats, rung) for component in COMPONENTS.values()])

    @cached_property
    def observed(self) -> npt.NDArray[np.float64]:
        return self.components(np.arange(self.deals))

    def resampled(self, draws: Deals) -> npt.NDArray[np.float64]:
        """The components on each row of deals of ``draws`` (one row per resample)."""
        return np.stack([self.components(row) for row in draws])


def resamples(deals: int, count: int = RESAMPLES, seed: int = BOOTSTRAP_SEED) -> Deals:
    """``count`` multisets of ``deals`` deals drawn with replacement (the paired bootstrap's draws)."""
    return np.random.default_rng(seed).integers(0, deals, size=(count, deals), dtype=np.int64)


@dataclass(frozen=True)
class Drop:
    """One component that the game without a rule measures lower: its value with and without the rule and
    the bootstrap's p (module docstring)."""

    component: str
    with_rule: float
    without: float
    p_value: float


@dataclass(frozen=True)
class Contribution:
    """One rule and the components that drop without it (``drops``: significant only); ``needed`` when
    the game without it cannot run or is gated."""

    path: str
    kind: str
    text: str
    drops: tuple[Drop, ...]
    needed: bool = False
    #: For a card-scoring rule idle alone, its scoring scheme's contribution (``scheme``).
    scheme: Contribution | None = None
    #: The components lower without the rule whose drop is within the noise (p ≥ ``ALPHA`` / |C|).
    noise: tuple[Drop, ...] = ()

    @property
    def idle(self) -> bool:
        earns_alone = self.needed or bool(self.drops)
        return not earns_alone and (self.scheme is None or self.scheme.idle)

    @property
    def nearest_p(self) -> float:
        """The least p of a component lower without the rule (1 when none is lower): how near the rule
        came to earning its place alone."""
        return min((drop.p_value for drop in (*self.drops, *self.noise)), default=1.0)


@dataclass(frozen=True)
class IdleTest:
    """The genome's components (``COMPONENTS`` order; empty when it has no profile), every tested rule's
    contribution, and how many were left untested."""

    components: tuple[float, ...]
    rules: tuple[Contribution, ...]
    untested: int

    @property
    def idle(self) -> tuple[Contribution, ...]:
        return tuple(rule for rule in self.rules if rule.idle)


def _profile_of(profile: Callable[[GameGenome], Profile | None], genome: GameGenome) -> Profile | None:
    try:
        return profile(genome)
    except DarwinDeckError:
        return None


def lower_components(
    base: npt.NDArray[np.float64],
    without: npt.NDArray[np.float64],
    base_draws: npt.NDArray[np.float64],
    without_draws: npt.NDArray[np.float64],
) -> list[tuple[int, float]]:
    """Every component (index, p) whose observed drop ``base − without`` is positive, with its bootstrap p
    (module docstring); ``*_draws`` hold one resample per row.

    >>> draws = np.array([[0.5, 0.2]] * 99)
    >>> without_draws = draws - [0.2, 0.0]
    >>> without_draws[:49, 1] = 0.1
    >>> lower_components(np.array([0.5, 0.2]), np.array([0.3, 0.1]), draws, without_draws)
    [(0, 0.01), (1, 0.51)]
    """
    found = []
    for index in range(base.shape[0]):
        if base[index] - without[index] <= 0:
            continue
        not_lower = int((base_draws[:, index] - without_draws[:, index] <= 0).sum())
        found.append((index, (1 + not_lower) / (base_draws.shape[0] + 1)))
    return found


def significant_drops(
    lower: Sequence[tuple[int, float]], components: int, alpha: float = ALPHA
) -> list[tuple[int, float]]:
    """The drops of ``lower`` (``lower_components``) with p below ``alpha`` / ``components`` (module
    docstring).

    >>> significant_drops([(0, 0.002), (3, 0.006), (4, 0.51)], 10)
    [(0, 0.002)]
    """
    return [(index, p_value) for index, p_value in lower if p_value < alpha / components]


def contribution(
    rule: Rule, base: Profile, variant: Profile | None, draws: Deals, base_draws: npt.NDArray[np.float64]
) -> Contribution:
    """What ``rule`` contributes: the significant drops from ``base`` to ``variant`` (module docstring)."""
    if variant is None or variant.deals != base.deals:
        return Contribution(rule.path, rule.kind, rule.text, (), needed=True)
    names = list(COMPONENTS)
    without = variant.observed
    if not (base.observed > without).any():
        return Contribution(rule.path, rule.kind, rule.text, ())
    lower = lower_components(base.observed, without, base_draws, variant.resampled(draws))
    significant = significant_drops(lower, len(names))
    found = {(i, p): Drop(names[i], float(base.observed[i]), float(without[i]), p) for i, p in lower}
    drops = tuple(found[key] for key in significant)
    noise = tuple(drop for key, drop in found.items() if key not in significant)
    return Contribution(rule.path, rule.kind, rule.text, drops, noise=noise)


_CARD_RULE = re.compile(r"scoring\.card_rules\[(\d+)\]")


def scheme_of(genome: GameGenome, rule: Rule) -> tuple[str, str, GameGenome | None] | None:
    """The scoring scheme of a card-scoring ``rule`` (module docstring): its path, its text and the genome
    without every card-scoring rule of the rule's trigger (None when that genome cannot be made valid: the
    scheme is all the game scores), when the scheme has two rules or more; None otherwise."""
    found = _CARD_RULE.fullmatch(rule.path)
    if rule.kind != "card scoring" or found is None:
        return None
    rules = genome.scoring.card_rules
    trigger = rules[int(found.group(1))].trigger
    kept = tuple(card_rule for card_rule in rules if card_rule.trigger is not trigger)
    if len(rules) - len(kept) < 2:
        return None
    without = vet(genome.replace(scoring=dataclasses.replace(genome.scoring, card_rules=kept))).genome
    return f"scoring.card_rules[trigger={trigger.value}]", f"every card scored on {trigger.value}", without


def _scheme(
    scheme: tuple[str, str, GameGenome | None],
    base: Profile,
    profile: Callable[[GameGenome], Profile | None],
    draws: Deals,
    base_draws: npt.NDArray[np.float64],
) -> Contribution:
    path, text, without = scheme
    if without is None:
        return Contribution(path, SCHEME, text, (), needed=True)
    rule = Rule(path, SCHEME, text, text, without)
    return contribution(rule, base, _profile_of(profile, without), draws, base_draws)


def idle_test(
    genome: GameGenome,
    profile: Callable[[GameGenome], Profile | None],
    afford: Callable[[Rule], bool] = lambda rule: True,
    rules: Sequence[Rule] | None = None,
) -> IdleTest:
    """Each removable rule's contribution (module docstring); ``rules`` defaults to ``removable_rules``."""
    listed = removable_rules(genome) if rules is None else list(rules)
    base = _profile_of(profile, genome)
    if base is None or not base.deals:
        return IdleTest((), (), len(listed))
    draws = resamples(base.deals)
    base_draws = base.resampled(draws)
    found: list[Contribution] = []
    schemes: dict[str, Contribution] = {}
    observed = tuple(float(value) for value in base.observed)
    for index, rule in enumerate(listed):
        if not afford(rule):
            return IdleTest(observed, tuple(found), len(listed) - index)
        alone = contribution(rule, base, _profile_of(profile, rule.without), draws, base_draws)
        scheme = scheme_of(genome, rule) if alone.idle else None
        if scheme is not None and (scheme[0] in schemes or scheme[2] is None or afford(rule)):
            if scheme[0] not in schemes:
                schemes[scheme[0]] = _scheme(scheme, base, profile, draws, base_draws)
            alone = dataclasses.replace(alone, scheme=schemes[scheme[0]])
        found.append(alone)
    return IdleTest(observed, tuple(found), 0)
