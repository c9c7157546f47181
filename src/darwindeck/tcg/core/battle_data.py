"""The data of one battle, as every rule below the battle loop sees it.

``BattleData`` holds the game state (``models.GameState``), the battle's random generator and coin
source, the card definitions by id and the active-effects manager. The rule pipelines, the board, the
lifecycle hooks and the effect handlers read and change a battle through it; only the battle loop on
top (``battle.engine.Battle``, a subclass) adds legal actions and applying them. So data flows down:
nothing below the loop needs to know the loop exists.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from darwindeck.tcg.core.active_effects_manager import ActiveEffectsManager
from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.coins import CoinSource
from darwindeck.tcg.core.errors import UnknownCardError
from darwindeck.tcg.core.models import CardDefinition, GameState


@dataclass
class BattleData:
    state: GameState
    rng: random.Random
    coins: CoinSource
    cards: Mapping[str, CardDefinition] = field(default_factory=all_cards)
    manager: ActiveEffectsManager = field(default_factory=ActiveEffectsManager)

    def card(self, card_id: str) -> CardDefinition:
        """The definition of a card id (``UnknownCardError`` for an id no set holds)."""
        try:
            return self.cards[card_id]
        except KeyError:
            raise UnknownCardError(card_id) from None
