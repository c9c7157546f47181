"""Board operations shared by the engine and the effect handlers (moving cards, damage, energy).

Rules: Bench holds at most ``BENCH_SIZE`` Pokémon; a Pokémon leaving play takes its whole stack (earlier
stages) with it to the named zone and triggers ``lifecycle.leave_play``; moving an Active to the Bench
cures its special conditions and ends attack effects on it. Hand size never exceeds ``HAND_LIMIT``:
a draw into a full hand leaves the card in the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from darwindeck.tcg.core.models import CardInstance, EnergyType, PendingChoice, PlayerState
from darwindeck.tcg.rules import lifecycle

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData

BENCH_SIZE = 3
HAND_LIMIT = 10


def new_instance(battle: BattleData, player: int, card_id: str) -> CardInstance:
    state = battle.state
    state.next_uid += 1
    return CardInstance(uid=f"p{player}-{state.next_uid}", card_id=card_id, turn_played=state.turn)


def put_on_bench(battle: BattleData, player: int, card_id: str) -> CardInstance:
    pokemon = new_instance(battle, player, card_id)
    battle.state.players[player].bench.append(pokemon)
    lifecycle.enter_play(battle, player, pokemon)
    return pokemon


def draw_cards(player: PlayerState, count: int) -> int:
    drawn = 0
    while drawn < count and player.deck and len(player.hand) < HAND_LIMIT:
        player.hand.append(player.deck.pop(0))
        drawn += 1
    return drawn


def heal(pokemon: CardInstance, amount: int) -> int:
    healed = min(amount, pokemon.damage)
    pokemon.damage -= healed
    return healed


def discard_energy(pokemon: CardInstance, energy_type: EnergyType | None, count: int) -> int:
    """Discard up to ``count`` energy (of one type, or any type when None), last attached first."""
    removed = 0
    for index in range(len(pokemon.energy) - 1, -1, -1):
        if removed == count:
            break
        if energy_type is None or pokemon.energy[index] is energy_type:
            del pokemon.energy[index]
            removed += 1
    return removed


def discard_energies(pokemon: CardInstance, energy_types: tuple[EnergyType, ...]) -> None:
    """Discard one energy of each listed type (a type listed twice: two), last attached first."""
    for energy_type in energy_types:
        discard_energy(pokemon, energy_type, 1)


def remove_from_play(
    battle: BattleData, player: PlayerState, pokemon: CardInstance, destination: str, reason: str
) -> None:
    """Take a Pokémon out of play into ``discard``, ``hand`` or ``deck`` (shuffled in)."""
    if player.active is pokemon:
        player.active = None
    else:
        player.bench.remove(pokemon)
    cards = [*pokemon.stack, pokemon.card_id]
    if destination == "hand":
        player.hand.extend(cards)
    elif destination == "deck":
        player.deck.extend(cards)
        battle.rng.shuffle(player.deck)
    else:
        player.discard.extend(cards)
    lifecycle.leave_play(battle, pokemon.uid, reason)
    if player.active is None and player.bench:
        request_choice(battle, player.index, "promote")


def request_choice(battle: BattleData, player: int, kind: str) -> None:
    if not any(p.player == player for p in battle.state.pending):
        battle.state.pending.append(PendingChoice(player=player, kind=kind))


def ask_first(battle: BattleData, choice: PendingChoice) -> None:
    """Ask a choice before any other pending one (a choice inside the current action)."""
    battle.state.pending.insert(0, choice)


def bench_slots_of_type(battle: BattleData, player: PlayerState, pokemon_type: EnergyType) -> list[int]:
    """Bench slots (1..3) holding a Pokémon of ``pokemon_type``."""
    return [
        slot
        for slot, pokemon in enumerate(player.bench, start=1)
        if battle.card(pokemon.card_id).pokemon_type is pokemon_type
    ]


def move_active_to_bench(battle: BattleData, player: PlayerState, bench_index: int) -> None:
    """Swap the Active with Bench Pokémon ``bench_index`` (0-based); the old Active is cured."""
    old = player.active
    new = player.bench[bench_index]
    player.active = new
    if old is None:
        del player.bench[bench_index]
        return
    player.bench[bench_index] = old
    old.statuses = []
    lifecycle.leave_active(battle, old.uid)


def attach_from_zone(pokemon: CardInstance, energy_type: EnergyType, count: int) -> None:
    pokemon.energy.extend([energy_type] * count)
