"""Exhaustive random runner: random decks from the pool until every playable card (implemented, and not
evolving from a Pokémon of no shipped set) and every registered effect they use has appeared; after
every action the state survives a JSON round trip unchanged and the invariants hold."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import RandomPlayer
from darwindeck.tcg.core.catalog import all_cards, missing_pre_evolution
from darwindeck.tcg.core.decks import Deck, derive_energy_types
from darwindeck.tcg.core.models import CardDefinition, CardKind, GameState, Phase, Stage

MAX_GAMES = 1500


def _playable(card: CardDefinition) -> bool:
    return card.implemented and missing_pre_evolution(card) is None


def _random_deck(rng: random.Random, wanted: list[str]) -> Deck:
    """20 cards: unused cards first (whole evolution lines pulled in), the rest random, at most 2 per name."""
    cards = [c for c in all_cards().values() if _playable(c)]
    by_name = {c.name: c for c in cards}
    chosen: list[str] = []
    counts: dict[str, int] = defaultdict(int)

    def add(card_id: str) -> None:
        card = all_cards()[card_id]
        line = [card]
        while line[-1].evolves_from and line[-1].evolves_from in by_name:
            line.append(by_name[line[-1].evolves_from])
        for member in line:
            if counts[member.name] < 2 and len(chosen) < 20:
                chosen.append(member.id)
                counts[member.name] += 1

    for card_id in wanted[:6]:
        add(card_id)
    while len(chosen) < 20:
        add(rng.choice(cards).id)
    if not any(
        all_cards()[c].kind is CardKind.POKEMON and all_cards()[c].stage is Stage.BASIC for c in chosen
    ):
        chosen[-1] = by_name["Rattata"].id
    # the Energy Zone suits the wanted cards (first in the deck): Shoegaze needs Psychic and Metal
    return Deck("random", tuple(chosen), derive_energy_types(chosen[: len(wanted[:6]) or 20]))


def _effects_of(card_id: str) -> set[str]:
    card = all_cards()[card_id]
    specs = [
        *(e for a in card.attacks for e in a.effects),
        *(a.effect for a in card.abilities),
        *card.trainer_effects,
    ]
    return {spec.effect_id for spec in specs}


def _carriers(effects: set[str], rng: random.Random) -> list[str]:
    carriers = sorted(c for c, card in all_cards().items() if _playable(card) and _effects_of(c) & effects)
    rng.shuffle(carriers)
    return carriers


def _check(battle: Battle) -> None:
    state = battle.state
    assert GameState.model_validate_json(state.model_dump_json()) == state
    for player in state.players:
        in_play = sum(1 + len(p.stack) for p in player.in_play())
        assert len(player.deck) + len(player.hand) + len(player.discard) + in_play == 20
        assert player.points <= 3 and len(player.bench) <= 3 and len(player.hand) <= 16
    live = {p.uid for player in state.players for p in player.in_play()}
    assert all(e.source_card_id is None or e.source_card_id in live for e in state.active_effects)


@pytest.mark.slow
def test_every_card_and_effect_is_exercised() -> None:
    rng = random.Random(11)
    unused_cards = {c.id for c in all_cards().values() if _playable(c)}
    seen_effects: set[str] = set()
    pool_effects = {
        spec.effect_id
        for c in all_cards().values()
        if _playable(c)
        for spec in [
            *(e for a in c.attacks for e in a.effects),
            *(a.effect for a in c.abilities),
            *c.trainer_effects,
        ]
    }
    games = 0
    while (unused_cards or not pool_effects <= seen_effects) and games < MAX_GAMES:
        wanted = sorted(unused_cards) + _carriers(pool_effects - seen_effects, rng)
        deck0 = _random_deck(rng, wanted)
        deck1 = _random_deck(rng, wanted[6:])
        battle = play_battle(
            deck0, deck1, [RandomPlayer(games), RandomPlayer(games + 1)], games, on_step=_check
        )
        assert battle.state.phase is Phase.OVER
        for entry in battle.state.action_log:
            if entry.type == "play":
                unused_cards.discard(str(entry.data["card_id"]))
            if entry.type == "effect":
                seen_effects.add(str(entry.data["effect_id"]))
        for player in battle.state.players:
            for pokemon in player.in_play():
                unused_cards.discard(pokemon.card_id)
        unused_cards -= {c for p in battle.state.players for c in p.discard}
        games += 1
    print(f"{games} games")
    assert unused_cards == set(), f"never used: {sorted(unused_cards)[:20]}"
    assert pool_effects - seen_effects == set()
