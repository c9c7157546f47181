"""Simplified games: idle rules dropped one at a time, as a designer cuts a rule that does nothing.

``simplify(genome, profile, settle, score)`` takes a settled genome (its live canonical form) and, round
by round:

1. runs the idle test (``quality.idle.idle_test`` with ``profile``, the fitness's screening profile) on
   the current genome;
2. among its idle rules not put back before, takes the **least useful**: the one with the largest
   ``Contribution.nearest_p`` (the least bootstrap p of a component lower without it, 1 when none is
   lower: the rule that came least near to earning its place), the first in ``removable_rules`` order
   on a tie;
3. settles the genome without it (``settle``: the fitness passes ``strip_dead_rules``, the GA's own
   path: canonical form, dead rules stripped; the genome without a removable rule is already repaired
   and valid), and **scores** it (``score``: the run's own measure, the score as new, on the original's
   seed, so the deals are shared): when that score is below the original's by more than ``TOLERANCE``
   of the original's, the rule is put back, listed as *kept* with both scores, and not tried again;
   otherwise it is *dropped* and the settled genome is the current one;

and stops when no idle rule is left to try or after ``MAX_ROUNDS`` rounds. The test runs again after
every drop: removing one rule can make another needed (or idle, or dead: the settling strips it).

**Which idle rules go.** All of them, the kinds the idle test misses in the classics included (breaking
suits, turned trumps, a draw, a betting street: ``docs/fitness.md`` §6). Those misses are about the
planning depth a designer built a classic for, which players who do not plan around the rule cannot show;
an evolved game's rule has no designer behind it, and the score guard keeps any rule whose removal costs
the judged measures (search against greedy included) more than the noise. Applied to a classic,
``simplify`` drops exactly its idle rules (its named exceptions, ``docs/fitness.md`` §6).

**Reasons.** A dropped rule's reason names what the idle test saw: "nothing is lower without it", or
the components lower without it within the noise, each ``with → without (p)``.

**Power.** A drop carried by k of n deals survives a resample with probability about 1 − e^−k, so
p < 0.05 / 10 needs it in at least 6 deals: on a handful of deals nearly every rule would look idle and
the simplification would gut the game. Callers simplify only with at least ``MIN_DEALS`` (20) deals per
batch (the gallery leaves a run of fewer games per genome as it is).

Every step is seeded (the profile's deals, the bootstrap, the score's seed), so the outcome is a function
of the genome and the callables' settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from darwindeck.evolve.quality.ablation import Rule, removable_rules
from darwindeck.evolve.quality.idle import Contribution, Profile, idle_test
from darwindeck.genome.schema import GameGenome

#: A drop may lower the score as new by at most this share of the original's (``docs/fitness.md`` §6).
TOLERANCE = 0.05
#: Rounds of the idle test at most (each drops or keeps one rule).
MAX_ROUNDS = 6
#: The fewest deals the idle test needs before its verdicts drop anything (module docstring, *power*).
MIN_DEALS = 20


@dataclass(frozen=True)
class IdleRule:
    """An idle rule that was dropped (or put back, ``kept``), with the reason and the score without it."""

    text: str
    kind: str
    reason: str
    score_without: float
    kept: bool = False


@dataclass(frozen=True)
class Simplification:
    """The simplified genome (``genome``; the original when nothing was dropped), the rules dropped and
    those put back, in order, the original's score (None when nothing idle was found, so nothing was
    scored) and the simplified game's, and the idle test's rounds."""

    original: GameGenome
    genome: GameGenome
    dropped: tuple[IdleRule, ...]
    kept: tuple[IdleRule, ...]
    score_before: float | None
    score_after: float | None
    rounds: int


def reason(rule: Contribution) -> str:
    """Why ``rule`` is idle: the components lower without it, all within the noise (module docstring).

    >>> from darwindeck.evolve.quality.idle import Drop
    >>> reason(Contribution("p", "phase", "phase 1", (), noise=(Drop("decisions", 0.5, 0.49, 0.21),)))
    'within the noise: decisions 0.500 → 0.490 (p 0.21)'
    >>> reason(Contribution("p", "phase", "phase 1", ()))
    'nothing is lower without it'
    """
    if not rule.noise:
        return "nothing is lower without it"
    lower = ", ".join(
        f"{d.component} {d.with_rule:.3f} → {d.without:.3f} (p {d.p_value:.2g})" for d in rule.noise
    )
    return f"within the noise: {lower}"


def least_useful(found: list[tuple[Rule, Contribution]]) -> tuple[Rule, Contribution]:
    """The idle rule to drop first: the largest ``nearest_p``, the first on a tie (module docstring)."""
    return max(found, key=lambda pair: pair[1].nearest_p)


def _idle_rules(
    genome: GameGenome, profile: Callable[[GameGenome], Profile | None], refused: set[tuple[str, str]]
) -> list[tuple[Rule, Contribution]]:
    """The idle rules of ``genome`` not put back before, each with its contribution."""
    listed = removable_rules(genome)
    test = idle_test(genome, profile, rules=listed)
    pairs = zip(listed, test.rules, strict=False)  # every listed rule is tested: no budget is passed
    return [(rule, found) for rule, found in pairs if found.idle and (rule.kind, rule.key) not in refused]


def _remembering(profile: Callable[[GameGenome], Profile | None]) -> Callable[[GameGenome], Profile | None]:
    """``profile``, called once per genome (the genome a drop leaves was a variant of the round before)."""
    profiles: dict[GameGenome, Profile | None] = {}

    def remembered(genome: GameGenome) -> Profile | None:
        if genome not in profiles:
            profiles[genome] = profile(genome)
        return profiles[genome]

    return remembered


def simplify(
    genome: GameGenome,
    profile: Callable[[GameGenome], Profile | None],
    settle: Callable[[GameGenome], GameGenome],
    score: Callable[[GameGenome], float],
    rounds: int = MAX_ROUNDS,
) -> Simplification:
    """``genome`` without its idle rules (module docstring)."""
    remembered = _remembering(profile)
    current = genome
    dropped: list[IdleRule] = []
    kept: list[IdleRule] = []
    refused: set[tuple[str, str]] = set()
    before: float | None = None
    after: float | None = None
    done = 0
    while done < rounds:
        done += 1
        found = _idle_rules(current, remembered, refused)
        if not found:
            break
        rule, contribution = least_useful(found)
        before = score(genome) if before is None else before
        simpler = settle(rule.without)
        without = score(simpler)
        if without < before * (1.0 - TOLERANCE):
            refused.add((rule.kind, rule.key))
            why = f"idle, but the score as new falls {before:.3f} → {without:.3f} without it"
            kept.append(IdleRule(rule.text, rule.kind, why, without, kept=True))
            continue
        dropped.append(IdleRule(rule.text, rule.kind, reason(contribution), without))
        current, after = simpler, without
    after = before if after is None else after
    return Simplification(genome, current, tuple(dropped), tuple(kept), before, after, done)
