"""The handler contract: every effect handler takes an ``EffectContext`` and returns an ``EffectResult``.

- ``ctx.player`` is the index of the player using the effect, ``ctx.source_uid`` the Pokémon it comes
  from (``None`` for Trainer cards), ``ctx.params`` the card data's parameters, ``ctx.target`` the decoded
  target code of the action (its meaning is the handler's ``TargetKind``, see ``targets``).
- Attack handlers read and change ``ctx.damage`` (damage about to be done to the Defending Pokémon) in
  the BEFORE_DAMAGE step, may set ``ctx.attack_fails``, and see ``ctx.dealt`` (damage actually done) in
  the AFTER_DAMAGE step. ``ctx.extra_after`` lets a handler queue more after-damage effects (copy attack);
  ``ctx.copy_target`` is the target the player chose for a copied attack's effect (None: the first).
- A handler that cannot do anything returns ``EffectResult.failure_result(reason)``; it never raises for
  game situations (legality is checked before a handler runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from darwindeck.tcg.core.models import Attack, CardInstance, EffectSpec, ParamValue, PlayerState

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData


@dataclass
class EffectContext:
    battle: BattleData
    player: int
    source_uid: str | None
    params: dict[str, ParamValue]
    source_type: str = "attack"
    name: str = ""
    target: int = 0
    damage: int = 0
    attack_fails: bool = False
    dealt: int = 0
    extra_after: list[EffectSpec] = field(default_factory=list)
    attack: Attack | None = None
    copy_target: int | None = None

    def get_int_param(self, key: str, default: int = 0) -> int:
        value = self.params.get(key, default)
        return int(value)

    def get_str_param(self, key: str, default: str = "") -> str:
        return str(self.params.get(key, default))

    def get_bool_param(self, key: str, default: bool = False) -> bool:
        return bool(self.params.get(key, default))

    @property
    def me(self) -> PlayerState:
        return self.battle.state.players[self.player]

    @property
    def opponent(self) -> PlayerState:
        return self.battle.state.players[1 - self.player]

    @property
    def player_id(self) -> str:
        return f"p{self.player}"

    @property
    def source(self) -> CardInstance | None:
        """The Pokémon the effect comes from, if it is still in play."""
        return None if self.source_uid is None else self.me.find(self.source_uid)

    def source_is_active(self) -> bool:
        return self.me.active is not None and self.me.active.uid == self.source_uid

    def flip(self) -> bool:
        """One coin flip (True = heads) from the battle's injected coin source, logged (``coin``, with the
        effect's name) for the narration."""
        heads = self.battle.coins.flip()
        self.battle.state.log("coin", self.player, heads=heads, name=self.name)
        return heads


@dataclass(frozen=True)
class EffectResult:
    success: bool
    message: str

    @classmethod
    def success_result(cls, message: str) -> EffectResult:
        return cls(True, message)

    @classmethod
    def failure_result(cls, message: str) -> EffectResult:
        return cls(False, message)
