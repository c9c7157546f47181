"""Builders for tiny forced scenarios: a battle already in its main phase with chosen Pokémon."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.coins import ForcedCoins
from darwindeck.tcg.core.models import CardInstance, EnergyType, GameState, Phase, PlayerState
from darwindeck.tcg.rules import lifecycle

_BY_NAME: dict[str, str] = {}
for _card in all_cards().values():
    _BY_NAME.setdefault(_card.name, _card.id)


def cid(name: str) -> str:
    """The first card id of a card name; a card id stands for itself (Promo-A's Raichu is ``p-a-044``)."""
    return name if name in all_cards() else _BY_NAME[name]


Spec = str | tuple[str, Sequence[EnergyType]] | tuple[str, Sequence[EnergyType], int]


def _pokemon(battle: Battle, player: int, spec: Spec) -> CardInstance:
    if isinstance(spec, str):
        spec = (spec, [])
    name, energy = spec[0], spec[1]
    damage = spec[2] if len(spec) == 3 else 0
    battle.state.next_uid += 1
    return CardInstance(
        uid=f"p{player}-{battle.state.next_uid}", card_id=cid(name), energy=list(energy), damage=damage
    )


def scenario(
    active0: Spec,
    active1: Spec,
    bench0: Iterable[Spec] = (),
    bench1: Iterable[Spec] = (),
    coins: Iterable[bool] = (),
    turn: int = 3,
    hand0: Iterable[str] = (),
    hand1: Iterable[str] = (),
    deck: str = "Rattata",
    deck_size: int = 8,
    energy0: EnergyType | None = None,
) -> Battle:
    """Player 0 to act on ``turn`` (first player 0, so odd turns are player 0's)."""
    state = GameState(turn=turn, first_player=0, current=0, phase=Phase.MAIN)
    battle = Battle(state, random.Random(7), ForcedCoins(coins), all_cards())
    for index in range(2):
        state.players.append(
            PlayerState(
                index=index,
                deck=[cid(deck)] * deck_size,
                energy_types=[EnergyType.GRASS],
                energy_next=EnergyType.GRASS,
                setup_done=True,
            )
        )
    state.players[0].energy_available = energy0
    state.players[0].hand = [cid(n) for n in hand0]
    state.players[1].hand = [cid(n) for n in hand1]
    for index, active, bench in ((0, active0, bench0), (1, active1, bench1)):
        player = state.players[index]
        player.active = _pokemon(battle, index, active)
        player.bench = [_pokemon(battle, index, b) for b in bench]
        for pokemon in player.in_play():
            lifecycle.enter_play(battle, index, pokemon)
    return battle


G, R, W, L, P, F, D, M = (
    EnergyType.GRASS,
    EnergyType.FIRE,
    EnergyType.WATER,
    EnergyType.LIGHTNING,
    EnergyType.PSYCHIC,
    EnergyType.FIGHTING,
    EnergyType.DARKNESS,
    EnergyType.METAL,
)
