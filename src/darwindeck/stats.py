"""The project's statistics: one home for the Wilson interval and the binomial tail.

Every layer that reports a rate uses these (a seat's win rate in ``agents.simulate``, a ladder rung in
``evolve.quality.ladder``, a battle's and a deck's win rate in ``tcg``), so the module sits at the
bottom of the layers and imports nothing of the project.

* ``wilson_interval(successes, trials)`` is the Wilson score interval of a proportion at ``z`` (1.96,
  95 %): centre ``(p + z²/2n) / (1 + z²/n)``, half-width ``z·sqrt(p(1 − p)/n + z²/4n²) / (1 + z²/n)``
  (Wilson 1927), clipped to [0, 1]. ``successes`` may end in a half (a draw counted as half a win). With
  no trials the interval is the whole of ``(0, 1)``.
* ``rate_interval`` is the rate with its interval, ``(p, low, high)``, as the battle tables print it; with
  no trials it is ``(0, 0, 0)``, nothing to show.
* ``binomial_tail(wins, trials, chance)`` is ``P(X ≥ wins)`` for ``X ~ Binomial(trials, chance)``: the
  exact one-sided p-value of "the side wins with probability ``chance``", summed term by term in log
  space so that thousands of trials neither overflow nor underflow.

>>> tuple(round(x, 3) for x in wilson_interval(50, 100))
(0.404, 0.596)
>>> round(binomial_tail(8, 10, 0.5), 4)
0.0547
"""

from __future__ import annotations

import math

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.96


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``successes`` out of ``trials`` (``(0, 1)`` with no
    trials).

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float, float]:
    """The rate with its Wilson interval, ``(p, low, high)``; ``(0, 0, 0)`` with no trials.

    >>> tuple(round(x, 3) for x in rate_interval(5, 10))
    (0.5, 0.237, 0.763)
    """
    if trials == 0:
        return 0.0, 0.0, 0.0
    return (successes / trials, *wilson_interval(successes, trials, z))


def binomial_tail(wins: int, trials: int, chance: float) -> float:
    """``P(X ≥ wins)`` for ``X ~ Binomial(trials, chance)``, summed in log space."""
    if wins <= 0:
        return 1.0
    if wins > trials:
        return 0.0
    if chance <= 0.0 or chance >= 1.0:
        return 0.0 if chance <= 0.0 else 1.0
    log_p, log_q = math.log(chance), math.log1p(-chance)
    base = math.lgamma(trials + 1)
    total = 0.0
    for k in range(wins, trials + 1):
        log_term = base - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q
        total += math.exp(log_term)
    return min(1.0, total)
