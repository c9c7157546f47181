"""Idle rules: rules that change games (they are live) but do not make the game better.

The ablation (``quality.ablation``) strips a rule whose removal changes no game. A rule can change games
and still be *idle*: a broken-hearts rule in a game without a reason to avoid hearts, a second scoring
system nobody plays for. ``idle_test(genome, quality, …)`` asks, for each removable rule of the live genome
(``ablation.removable_rules``, the genome without it valid and settled), what the game's *quality* is
without it, ``quality`` being a function of a genome alone: the fitness passes the screening's score
(``fitness.screening_quality``: the same measures as the screening, on the same seeded deals for every
variant, so the comparison is paired). With q the quality of the genome and q_r that without rule r, the
rule's **contribution** is ``c_r = q − q_r``, and the rule is **idle** when ``c_r < IDLE_MARGIN × q``:
taking it out does not lower the quality by at least ``IDLE_MARGIN`` (5 %) of it.

Rules are tested in ``removable_rules`` order while ``afford(rule)`` says the budget allows (the fitness
counts projected steps, so the outcome is deterministic); a rule not tested is reported as untested and
never called idle. A variant the engine cannot run has quality 0 (the rule is needed).

**Calibration** (``docs/fitness.md`` §6, §8; ``tests/evolve/quality/test_idle.py`` pins it on six
games): with the screening's quality, 12 of the 32 classics lose no rule (Betting War, Bridge, Cheat,
Cribbage, Cutthroat Euchre, Fan Tan, Go Fish, Old Maid, President, Scopa, Simple Poker, War) and 20 lose
at least one, 61 of 103 rules in all. The screening measures how play goes, not what a rule is for: a
scoring rule (Hearts' queen of spades, Black Maria's, Knaves', Polignac's and Scotch Whist's card
points), a trump (Spades' spades, the turned trumps of Whist, Oh Hell and Knockout Whist), breaking
suits, wild cards and card effects (Crazy Eights, Mau-Mau, Uno), the pass phases of the Hearts family,
team play in Euchre, Partnership Spades and Scopone, Draw Poker's draw and betting rounds, Gin Rummy's
draws, Blackjack's stand condition, Rummy's meld condition and the Spades' score floor change which
cards win or what winning is worth, not how much better play wins. The fitness therefore records the
test and does not charge it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.quality.ablation import Rule, removable_rules
from darwindeck.genome.schema import GameGenome

IDLE_MARGIN = 0.05


@dataclass(frozen=True)
class Contribution:
    """One rule, the quality of the game without it, and what it contributes."""

    path: str
    kind: str
    text: str
    quality_without: float
    contribution: float
    idle: bool


@dataclass(frozen=True)
class IdleTest:
    """The quality of the genome, every tested rule's contribution, and how many were left untested."""

    quality: float
    rules: tuple[Contribution, ...]
    untested: int

    @property
    def idle(self) -> tuple[Contribution, ...]:
        return tuple(rule for rule in self.rules if rule.idle)


def _quality_of(quality: Callable[[GameGenome], float], genome: GameGenome) -> float:
    try:
        return quality(genome)
    except DarwinDeckError:
        return 0.0


def is_idle(quality: float, without: float, margin: float = IDLE_MARGIN) -> bool:
    """``quality − without < margin × quality`` (module docstring); a game of quality 0 has no idle rule.

    >>> is_idle(0.40, 0.39), is_idle(0.40, 0.37), is_idle(0.0, 0.1)
    (True, False, False)
    """
    return quality > 0 and quality - without < margin * quality


def idle_test(
    genome: GameGenome,
    quality: Callable[[GameGenome], float],
    afford: Callable[[Rule], bool] = lambda rule: True,
    margin: float = IDLE_MARGIN,
) -> IdleTest:
    """Each removable rule's contribution to ``quality`` (module docstring)."""
    base = _quality_of(quality, genome)
    found: list[Contribution] = []
    rules = removable_rules(genome)
    for index, rule in enumerate(rules):
        if not afford(rule):
            return IdleTest(base, tuple(found), len(rules) - index)
        without = _quality_of(quality, rule.without)
        idle = is_idle(base, without, margin)
        found.append(Contribution(rule.path, rule.kind, rule.text, without, base - without, idle))
    return IdleTest(base, tuple(found), 0)
