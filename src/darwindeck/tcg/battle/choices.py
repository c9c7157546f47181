"""The options of the player's choices inside actions. The engine asks a choice (a ``PendingChoice``)
only when it has more than one option; with one it applies it. Each function lists the options in the
order of their action codes (see ``actions``), and ``default_*`` gives the automatic choice of old,
which the greedy player keeps.

- Retreat: which energies to discard (``pipelines.retreat_payments``, at most ``RETREAT_WAYS``);
  default: the most recently attached.
- Energy spread by an attack (Inferno Dance): each energy to a Benched Pokémon of its type; default:
  round-robin over them in Bench order.
- Copied attack (Genome Hacking, Copy Anything): the target of the copied attack's effect; default: the
  first valid one.
- Fossils in play (Helix Fossil, Dome Fossil, Old Amber: "At any time during your turn, you may discard
  this card from play."): which to discard, as a main-phase action; the greedy player never does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from darwindeck.tcg.core.actions import RETREAT_WAYS, ActionKind
from darwindeck.tcg.core.models import Attack, EnergyType, PendingChoice, PlayerState
from darwindeck.tcg.core.registry import TargetKind, get_handler
from darwindeck.tcg.effects.attacks import COPY_EFFECTS, copied_attack, copy_targets
from darwindeck.tcg.rules import board, pipelines
from darwindeck.tcg.rules.targets import opponent_discard_basics

if TYPE_CHECKING:
    from darwindeck.tcg.core.battle_data import BattleData


def retreat_ways(battle: BattleData, player: PlayerState) -> list[tuple[EnergyType, ...]]:
    """Ways to pay the Active's retreat cost ([] if it cannot retreat)."""
    active = player.active
    cost = None if active is None else pipelines.retreat_cost(battle, active)
    if active is None or cost is None:
        return []
    return pipelines.retreat_payments(battle, active, cost)[:RETREAT_WAYS]


def default_retreat_way(battle: BattleData, player: PlayerState) -> int:
    ways = retreat_ways(battle, player)
    assert player.active is not None
    return ways.index(pipelines.latest_payment(player.active, ways))


def spread_slots(battle: BattleData, choice: PendingChoice) -> list[int]:
    """Bench slots that may take the next spread energy (Benched Pokémon of its type)."""
    assert choice.energy_type is not None
    return board.bench_slots_of_type(battle, battle.state.players[choice.player], choice.energy_type)


def default_spread_slot(battle: BattleData, choice: PendingChoice) -> int:
    slots = spread_slots(battle, choice)
    return slots[choice.number % len(slots)]


def copy_choices(battle: BattleData, player: int, attack: Attack, target: int) -> list[int]:
    """Targets the copied attack's effect could take, for a copy attack declared with ``target``."""
    for spec in attack.effects:
        if spec.effect_id in COPY_EFFECTS:
            copied = copied_attack(battle, player, spec.effect_id, target)
            return [] if copied is None else copy_targets(battle, player, copied)
    return []


def fossil_slots(battle: BattleData, player: PlayerState) -> list[int]:
    """Slots (0 = Active) holding a Fossil, which its owner may discard during their turn."""
    cards = battle.cards  # ids in play are known ones
    return [slot for slot, p in enumerate(player.in_play()) if cards[p.card_id].plays_as_basic]


def describe_choice(battle: BattleData, kind: ActionKind, number: int) -> str:
    """Readable text of a retreat's payment or a copied attack's target (``narration.describe_action``
    says the other actions), with card names."""
    state = battle.state
    player = state.players[state.pending[0].player if state.pending else state.current]
    if kind is ActionKind.RETREAT_ENERGY:
        way = retreat_ways(battle, player)[number]
        paid = " + ".join(f"{e.value.capitalize()} Energy" for e in way)
        return "retreat discarding " + (paid or "nothing")
    choice = state.pending[0]
    attack = battle.card(player.active.card_id).attacks[choice.number] if player.active else None
    copied = _copied(battle, player.index, attack, choice.target) if attack else None
    if copied is None:
        return f"copied attack: target {number}"
    kind_of_target = _copy_target_kind(copied)
    if kind_of_target is TargetKind.OPP_DISCARD_BASIC:
        return f"{copied.name} on {battle.card(opponent_discard_basics(battle, player.index)[number]).name}"
    side = (
        player
        if kind_of_target in (TargetKind.OWN_ANY, TargetKind.OWN_BENCH)
        else state.opponent(player.index)
    )
    owner = "your" if side is player else "the opponent's"
    return f"{copied.name} on {owner} {_place(battle, side, number)}"


def _place(battle: BattleData, player: PlayerState, slot: int) -> str:
    pokemon = player.slot(slot)
    where = "Active" if slot == 0 else f"Bench {slot}"
    return where if pokemon is None else f"{where} ({battle.card(pokemon.card_id).name})"


def _copied(battle: BattleData, player: int, attack: Attack, target: int) -> Attack | None:
    spec = next((s for s in attack.effects if s.effect_id in COPY_EFFECTS), None)
    return None if spec is None else copied_attack(battle, player, spec.effect_id, target)


def _copy_target_kind(copied: Attack) -> TargetKind:
    for spec in copied.effects:
        kind = get_handler(spec.effect_id).target
        if kind not in (TargetKind.NONE, TargetKind.OPP_ACTIVE_ATTACK, TargetKind.OPP_ANY_ATTACK):
            return kind
    return TargetKind.NONE
