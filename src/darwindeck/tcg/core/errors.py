"""Errors of the battle engine; all are ``DarwinDeckError`` so the CLI prints one line."""

from __future__ import annotations

from darwindeck.errors import DarwinDeckError


class InvalidDeckError(DarwinDeckError):
    """A deck that breaks the deck rules; ``problems`` lists every reason."""

    def __init__(self, deck: str, problems: list[str]) -> None:
        self.deck = deck
        self.problems = problems
        listed = "; ".join(problems)
        super().__init__(f"deck {deck!r} is invalid ({len(problems)} problem(s)): {listed}")


class UnknownCardError(DarwinDeckError):
    """A card id that is not in the card pool."""

    def __init__(self, card_id: str, where: str = "card pool") -> None:
        self.card_id = card_id
        super().__init__(f"{where}: unknown card id {card_id!r}")


class UnknownEffectError(DarwinDeckError):
    """An ``effect_id`` with no registered handler (card data and registry disagree)."""

    def __init__(self, effect_id: str) -> None:
        self.effect_id = effect_id
        super().__init__(f"effect registry: no handler for effect id {effect_id!r}")


class DeckFileError(DarwinDeckError):
    """A deck argument that is neither a shipped deck name nor a readable deck JSON file."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
