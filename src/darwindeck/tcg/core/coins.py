"""Coin sources: every coin flip of a battle comes from one injected ``CoinSource``.

``RandomCoins`` flips with the battle's seeded ``random.Random``; ``ForcedCoins`` replays a script of
flips (True = heads) for scenario tests and raises ``CoinScriptExhausted`` if asked for more.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class CoinSource(Protocol):
    def flip(self) -> bool: ...

    def rebind(self, rng: random.Random) -> CoinSource: ...


class RandomCoins:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def flip(self) -> bool:
        return self.rng.random() < 0.5

    def rebind(self, rng: random.Random) -> RandomCoins:
        return RandomCoins(rng)


class CoinScriptExhausted(RuntimeError):
    """A scenario asked for more coin flips than its script holds (the test is wrong)."""


class ForcedCoins:
    def __init__(self, flips: Iterable[bool]) -> None:
        self.flips = list(flips)
        self.used = 0

    def flip(self) -> bool:
        if self.used >= len(self.flips):
            raise CoinScriptExhausted(f"coin script of {len(self.flips)} flips exhausted")
        self.used += 1
        return self.flips[self.used - 1]

    def rebind(self, rng: random.Random) -> ForcedCoins:
        copy = ForcedCoins(self.flips)
        copy.used = self.used
        return copy

    @property
    def remaining(self) -> int:
        return len(self.flips) - self.used
