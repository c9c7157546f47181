"""Implementation status of every A1 / A1a / P-A card: implemented (all its effects map to registry
mechanics) or not, with the reason recorded by the card-data builder. An implemented card that evolves
from a Pokémon of no shipped set says so in its ``detail`` (no legal deck of these sets can evolve into
it yet)."""

from __future__ import annotations

from dataclasses import dataclass

from darwindeck.tcg.core.catalog import SET_CODES, all_cards, missing_pre_evolution, sets_label
from darwindeck.tcg.core.models import CardDefinition
from darwindeck.tcg.effects import get_handler


@dataclass(frozen=True)
class CardStatus:
    card_id: str
    name: str
    set_code: str
    implemented: bool
    mechanics: tuple[str, ...]
    reason: str

    @property
    def detail(self) -> str:
        """The report's detail column: the mechanics (and any note) of an implemented card, else why not."""
        if not self.implemented:
            return self.reason
        mechanics = ", ".join(self.mechanics)
        return "; ".join(
            part for part in ("implemented" if self.reason else "", mechanics, self.reason) if part
        )


def _mechanics(card: CardDefinition) -> tuple[str, ...]:
    ids = [e.effect_id for a in card.attacks for e in a.effects]
    ids += [a.effect.effect_id for a in card.abilities]
    ids += [e.effect_id for e in card.trainer_effects]
    if card.plays_as_basic:
        ids.append("fossil")
    return tuple(ids)


def card_statuses(set_code: str | None = None) -> list[CardStatus]:
    """Status of each card (of one set, or all); a mechanic without a handler counts as missing."""
    statuses = []
    for card in all_cards().values():
        if set_code is not None and card.set_code.lower() != set_code.lower():
            continue
        mechanics = _mechanics(card)
        reason = card.missing
        before = missing_pre_evolution(card)
        if before is not None:
            note = f"evolves from {before}, not in {sets_label()}"
            reason = "; ".join(part for part in (reason, note) if part)
        for mechanic in mechanics:
            if mechanic != "fossil":
                get_handler(mechanic)
        statuses.append(CardStatus(card.id, card.name, card.set_code, card.implemented, mechanics, reason))
    return statuses


def summary_line(statuses: list[CardStatus]) -> str:
    done = sum(s.implemented for s in statuses)
    sets = ", ".join(sorted({s.set_code for s in statuses}, key=SET_CODES.index)) or "no set"
    return f"{done}/{len(statuses)} cards implemented ({sets})"
