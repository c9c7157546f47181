"""Fitness styles: one weight table per style, over the metrics of ``darwindeck.evolve.metrics``.

A style says what kind of game a run is looking for. Its weights are non-negative and sum to 1, so the
weighted sum of metrics in [0, 1] is itself in [0, 1]. The style names are ``settings.STYLES``, in that order.

============  =======  ========  =======  ===========  =====  =======  =======  ==========  ==========  =====
style         density  comeback  tension  interaction  skill  balance  control  complexity  engagement  trick
============  =======  ========  =======  ===========  =====  =======  =======  ==========  ==========  =====
balanced      0.15     0.05      0.10     0.05         0.30   0.15     0.10     0.05        0.05        0.00
strategic     0.20     0.05      0.10     0.05         0.30   0.15     0.05     0.10        0.00        0.00
party         0.05     0.20      0.20     0.20         0.05   0.10     0.15     0.05        0.00        0.00
trick-taking  0.10     0.05      0.10     0.10         0.20   0.10     0.05     0.05        0.05        0.20
bluffing      0.10     0.10      0.10     0.10         0.15   0.10     0.05     0.05        0.25        0.00
============  =======  ========  =======  ===========  =====  =======  =======  ==========  ==========  =====

(Columns are ``decision_density``, ``comeback``, ``tension``, ``interaction``, ``skill``, ``balance``,
``control``, ``rules_complexity``, ``betting_engagement``, ``trick_play``.)

* *balanced*: every quality counts; skill most (calibrated on the library: the games people play for
  their depth must rank above games of chance, ``docs/fitness.md``), then choices and fairness.
* *strategic*: skill first (the better player should win), then real choices and fairness.
* *party*: swings, comebacks and players acting on each other; skill matters little.
* *trick-taking*: favours games played as tricks (``trick_play``) that reward skill.
* *bluffing*: favours claim and bidding games whose claims are challenged and whose contracts are risky.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.settings import STYLES

#: The weighted metrics, in table order (the names of ``metrics.Metrics`` fields).
METRIC_NAMES: Final = (
    "decision_density",
    "comeback",
    "tension",
    "interaction",
    "skill",
    "balance",
    "control",
    "rules_complexity",
    "betting_engagement",
    "trick_play",
)


def _table(*weights: float) -> MappingProxyType[str, float]:
    return MappingProxyType(dict(zip(METRIC_NAMES, weights, strict=True)))


#: Style name → metric name → weight (each table sums to 1).
STYLE_WEIGHTS: Final[MappingProxyType[str, MappingProxyType[str, float]]] = MappingProxyType(
    {
        "balanced": _table(0.15, 0.05, 0.10, 0.05, 0.30, 0.15, 0.10, 0.05, 0.05, 0.00),
        "strategic": _table(0.20, 0.05, 0.10, 0.05, 0.30, 0.15, 0.05, 0.10, 0.00, 0.00),
        "party": _table(0.05, 0.20, 0.20, 0.20, 0.05, 0.10, 0.15, 0.05, 0.00, 0.00),
        "trick-taking": _table(0.10, 0.05, 0.10, 0.10, 0.20, 0.10, 0.05, 0.05, 0.05, 0.20),
        "bluffing": _table(0.10, 0.10, 0.10, 0.10, 0.15, 0.10, 0.05, 0.05, 0.25, 0.00),
    }
)


def style_weights(style: str) -> MappingProxyType[str, float]:
    """The weight table of ``style``; a ``DarwinDeckError`` naming the known styles for any other."""
    try:
        return STYLE_WEIGHTS[style]
    except KeyError:
        raise DarwinDeckError(f"fitness style {style!r}: unknown, use one of {', '.join(STYLES)}") from None
