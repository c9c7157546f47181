"""``Penalty``: a multiplicative factor on a genome's score with its reason (``fitness``'s coherence,
length and elegance charges all take this form, and the breakdown records each as ``penalty.<name>``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Penalty:
    """A multiplicative factor applied to a genome's score, with its reason."""

    name: str
    factor: float
    reason: str
