"""The battle engine: setup, turn flow, actions, Pokémon Checkup, knock-outs, points and game end.

Game API (OpenSpiel-like): ``Battle.current_player``, ``legal_actions()`` (sorted ints, see
``actions``), ``apply_action(a)`` (an illegal action raises ``IllegalActionError`` and changes nothing),
``is_terminal()``, ``returns()``, ``clone()``. Rules (choices documented in ``docs/tcg-rules.md``):

- Setup: each player draws 5 cards, redrawn until they hold a Basic Pokémon; the first player (a coin)
  then the second put one Basic as Active and up to 3 on the Bench. Placement is simultaneous in the
  real game (face down, revealed together): the engine takes the two in turn, and ``Battle.observation``
  hides the first player's placement from the second, whose legal actions never depend on it.
- Turn start: expired effects go, the turn's energy comes from the Energy Zone (none on the first
  player's first turn; the next one is shown), one card is drawn (skipped if the deck is empty or the
  hand holds ``HAND_LIMIT`` cards).
- In a turn: Basics to the Bench, evolutions (not on turns 1-2, not on a Pokémon played this turn),
  Items, one Supporter (also allowed on turn 1), one energy attachment, one retreat, abilities,
  discarding a fossil in play; an attack ends the turn. Unattached energy is lost at the end of the turn.
- Choices inside actions (``choices``) are the player's, asked as a ``PendingChoice`` when there is more
  than one option: the retreat's energies, each energy of a spread (before the attack ends), the target
  of a copied attack (right after it is declared); a new Active after a knock-out or switch.
- Pokémon Checkup after each turn, for the current player's Active then the opponent's: Poisoned 10,
  Burned 20 then a coin (heads cures), Asleep a coin (heads wakes), Paralyzed ends if its owner's turn
  just ended. Then knock-outs, expiry of effects, the 30-turn limit.
- Knock-outs: 1 point (2 for an ex), capped at 3. 3 points wins; no Pokémon in play loses; if both
  players meet win conditions at once, the one meeting more (3 points AND the opponent has no Pokémon)
  wins, as many is a draw; after turn 30 the game is a draw.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from darwindeck.errors import IllegalActionError
from darwindeck.tcg.battle import choices
from darwindeck.tcg.core.actions import (
    ABILITY_BASE,
    ATTACH_BASE,
    ATTACK_BASE,
    COPY_TARGET_BASE,
    DISCARD_FOSSIL_BASE,
    END_TURN,
    PLACE_ENERGY_BASE,
    PLAY_BASE,
    PROMOTE_BASE,
    RETREAT_BASE,
    RETREAT_ENERGY_BASE,
    SETUP_ACTIVE_BASE,
    SETUP_BENCH_BASE,
    SETUP_DONE,
    TARGETS,
    Action,
    ActionKind,
    decode,
)
from darwindeck.tcg.core.battle_data import BattleData
from darwindeck.tcg.core.card_facts import CardFacts, FactsById
from darwindeck.tcg.core.catalog import all_cards
from darwindeck.tcg.core.coins import CoinSource, RandomCoins
from darwindeck.tcg.core.decks import Deck
from darwindeck.tcg.core.models import (
    Attack,
    CardDefinition,
    CardInstance,
    CardKind,
    EffectSpec,
    EnergyType,
    GameState,
    PendingChoice,
    Phase,
    PlayerState,
    Stage,
    Status,
)
from darwindeck.tcg.effects import (
    EffectContext,
    EffectHandler,
    TargetKind,
    Timing,
    get_handler,
    triggers,
    valid_targets,
)
from darwindeck.tcg.rules import board, lifecycle, pipelines

OPENING_HAND = 5
MAX_TURNS = 30
WIN_POINTS = 3
POISON_DAMAGE = 10
BURN_DAMAGE = 20


@dataclass
class Battle(BattleData):
    """A battle with its loop: legal actions, applying them, clones and views (module docstring)."""

    _legal: list[int] | None = None
    facts: FactsById = field(init=False, repr=False, compare=False)
    """Card id -> the card's static ``card_facts`` (filled from ``card`` on first use; shared with clones,
    which play the same game with the same pool)."""

    def __post_init__(self) -> None:
        self.facts = FactsById(self.card)

    @property
    def current_player(self) -> int:
        """The player who decides now (the one a pending choice waits for, else the turn's player)."""
        return self.state.pending[0].player if self.state.pending else self.state.current

    def is_terminal(self) -> bool:
        return self.state.phase is Phase.OVER

    def returns(self) -> list[float]:
        """Per player: +1 win, −1 loss, 0 draw or battle not over (as ``GameState.returns``)."""
        if self.state.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.state.winner == 0 else [-1.0, 1.0]

    def legal_actions(self) -> list[int]:
        """Sorted; ``_legal_actions`` lists each code once."""
        if self._legal is None:
            self._legal = sorted(_legal_actions(self))
        return self._legal

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"action {action} is not legal now (turn {self.state.turn}, {self.state.phase})"
            )
        self._legal = None
        _apply(self, decode(action))

    def clone(self) -> Battle:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        clone = Battle(self.state.snapshot(), rng, self.coins.rebind(rng), self.cards, self.manager)
        clone.facts = self.facts
        return clone

    def observation(self, player: int) -> Battle:
        """A clone showing what ``player`` may know. Setup is simultaneous (each player places face
        down, both are revealed together): during setup the opponent's placed Pokémon are taken back
        into their hand and their setup is not done. Hidden cards (hands, decks) are left as they are:
        the player that reads a view re-deals them itself."""
        view = self.clone()
        if view.state.phase is Phase.SETUP:
            _take_back_setup(view, view.state.players[1 - player])
        return view


# --------------------------------------------------------------------------- creation and setup


def new_battle(
    deck0: Deck,
    deck1: Deck,
    seed: int,
    coins: CoinSource | None = None,
    cards: Mapping[str, CardDefinition] | None = None,
    first_player: int | None = None,
) -> Battle:
    """A battle in its setup phase; decks must already be valid (``decks.validate_deck``)."""
    rng = random.Random(seed)
    battle = Battle(GameState(), rng, coins or RandomCoins(rng), cards or all_cards())
    state = battle.state
    state.first_player = rng.randrange(2) if first_player is None else first_player
    state.current = state.first_player
    for index, deck in enumerate((deck0, deck1)):
        player = PlayerState(
            index=index, deck_name=deck.name, deck=list(deck.cards), energy_types=list(deck.energy_types)
        )
        _deal_opening_hand(battle, player)
        player.energy_next = rng.choice(player.energy_types)
        state.players.append(player)
    state.log("setup", state.first_player)
    return battle


def _deal_opening_hand(battle: Battle, player: PlayerState) -> None:
    while True:
        battle.rng.shuffle(player.deck)
        if any(battle.card(c).is_basic_pokemon for c in player.deck[:OPENING_HAND]):
            break
    player.hand = player.deck[:OPENING_HAND]
    del player.deck[:OPENING_HAND]


def _setup_actions(battle: Battle, player: PlayerState) -> list[int]:
    actions = []
    for index, card_id in _distinct_hand(player):
        if battle.card(card_id).is_basic_pokemon:
            if player.active is None:
                actions.append(SETUP_ACTIVE_BASE + index)
            elif len(player.bench) < board.BENCH_SIZE:
                actions.append(SETUP_BENCH_BASE + index)
    if player.active is not None:
        actions.append(SETUP_DONE)
    return actions


def _distinct_hand(player: PlayerState) -> list[tuple[int, str]]:
    """(index, card id) of the first copy of each distinct card in hand, in hand order."""
    hand = player.hand
    return [(hand.index(card_id), card_id) for card_id in dict.fromkeys(hand)]


def _apply_setup(battle: Battle, action: Action) -> None:
    state = battle.state
    player = state.players[state.current]
    if action.kind is ActionKind.SETUP_DONE:
        player.setup_done = True
        if all(p.setup_done for p in state.players):
            state.phase = Phase.MAIN
            state.current = state.first_player
            _start_turn(battle)
        else:
            state.current = 1 - state.current
        return
    card_id = player.hand.pop(action.number)
    pokemon = board.new_instance(battle, player.index, card_id)
    if action.kind is ActionKind.SETUP_ACTIVE:
        player.active = pokemon
    else:
        player.bench.append(pokemon)
    lifecycle.enter_play(battle, player.index, pokemon)


def _take_back_setup(battle: Battle, player: PlayerState) -> None:
    """Undo a player's setup placements (their Pokémon go back to the hand, in play order)."""
    for pokemon in player.in_play():
        player.hand.append(pokemon.card_id)
        lifecycle.leave_play(battle, pokemon.uid, "setup hidden")
    player.active, player.bench, player.setup_done = None, [], False


# --------------------------------------------------------------------------- legal actions


def _legal_actions(battle: Battle) -> list[int]:
    """Every legal action number, each once (built directly from the layout bases of ``actions``;
    ``Battle.legal_actions`` sorts them)."""
    state = battle.state
    if state.phase is Phase.OVER:
        return []
    if state.pending:
        return _choice_actions(battle, state.pending[0])
    player = state.players[state.current]
    if state.phase is Phase.SETUP:
        return _setup_actions(battle, player)
    in_play = player.in_play()
    facts_of = battle.facts
    in_play_facts = [facts_of[pokemon.card_id] for pokemon in in_play]
    actions = [END_TURN]
    for slot, facts in enumerate(in_play_facts):  # fossils may be discarded (``choices.fossil_slots``)
        if facts.plays_as_basic:
            actions.append(DISCARD_FOSSIL_BASE + slot)
    if player.energy_available is not None and not player.energy_attached:
        actions += range(ATTACH_BASE, ATTACH_BASE + 1 + len(player.bench))
    if _can_retreat(battle, player):
        actions += range(RETREAT_BASE, RETREAT_BASE + len(player.bench))
    actions += _attack_actions(battle, player)
    actions += _ability_actions(battle, player, in_play, in_play_facts)
    actions += _play_actions(battle, player, in_play, in_play_facts)
    return actions


def _choice_actions(battle: Battle, choice: PendingChoice) -> list[int]:
    """The options of the first pending choice (see ``choices``)."""
    chooser = battle.state.players[choice.player]
    if choice.kind == "retreat_energy":
        return [RETREAT_ENERGY_BASE + way for way in range(len(choices.retreat_ways(battle, chooser)))]
    if choice.kind == "place_energy":
        return [PLACE_ENERGY_BASE + slot for slot in choices.spread_slots(battle, choice)]
    if choice.kind == "copy_target":
        targets = choices.copy_choices(
            battle, choice.player, _attack_of(battle, chooser, choice.number), choice.target
        )
        return [COPY_TARGET_BASE + target for target in targets]
    return list(range(PROMOTE_BASE, PROMOTE_BASE + len(chooser.bench)))


def _attack_of(battle: Battle, player: PlayerState, index: int) -> Attack:
    assert player.active is not None
    return battle.card(player.active.card_id).attacks[index]


def _can_retreat(battle: Battle, player: PlayerState) -> bool:
    """Whether the Active may retreat: a way to pay exists exactly when its energy covers the cost
    (``pipelines.retreat_payments`` is then never empty), so the ways are not enumerated here."""
    if player.retreated or player.active is None or not player.bench:
        return False
    cost = pipelines.retreat_cost(battle, player.active)
    return cost is not None and (cost <= 0 or pipelines.total_energy(battle, player.active) >= cost)


def _attack_actions(battle: Battle, player: PlayerState) -> list[int]:
    active = player.active
    if active is None:
        return []
    attacks = battle.facts[active.card_id].attacks
    if not attacks or pipelines.attack_block_reason(battle, active) is not None:
        return []
    energy = pipelines.effective_energy(battle, active)
    actions: list[int] = []
    for index, attack in enumerate(attacks):
        if not pipelines.covers(energy, attack.typed_cost, len(attack.cost)):
            continue
        base = ATTACK_BASE + TARGETS * index
        target = attack.target
        if target.kind is TargetKind.NONE:
            actions.append(base)
        else:
            actions += [
                base + t for t in valid_targets(battle, player.index, target.kind, target.params) or [0]
            ]
    return actions


def _ability_actions(
    battle: Battle, player: PlayerState, in_play: list[CardInstance], in_play_facts: list[CardFacts]
) -> list[int]:
    """Activated abilities of the Pokémon ``in_play`` (the player's, Active first; ``in_play_facts``
    their card facts)."""
    actions: list[int] = []
    for slot, pokemon_facts in enumerate(in_play_facts):
        if not pokemon_facts.activated:
            continue
        pokemon = in_play[slot]
        for facts in pokemon_facts.activated:
            ability = facts.ability
            if not _ability_has_uses(battle, pokemon, ability.name, ability.uses_per_turn):
                continue
            if lifecycle.suppressor_present(battle):
                return []
            handler = facts.handler
            params = dict(ability.effect.params)
            context = EffectContext(battle, player.index, pokemon.uid, params, "ability", ability.name)
            if handler.usable is not None and not handler.usable(context):
                continue
            base = ABILITY_BASE + TARGETS * slot
            actions += [base + t for t in _usable_targets(battle, handler, context)]
        if len(pokemon_facts.activated) > 1:  # two activated abilities share the slot's codes
            actions = list(dict.fromkeys(actions))
    return actions


def _usable_targets(battle: Battle, handler: EffectHandler, context: EffectContext) -> list[int]:
    """The handler's valid targets on which it can be used (``target_usable``, when it has one)."""
    targets = valid_targets(battle, context.player, handler.target, context.params)
    if handler.target_usable is None:
        return targets
    return [t for t in targets if handler.target_usable(replace(context, target=t))]


def _ability_has_uses(battle: Battle, pokemon: CardInstance, name: str, uses_per_turn: int | None) -> bool:
    if uses_per_turn is None:
        return True
    return pokemon.ability_uses.get(name, 0) != battle.state.turn


def _play_actions(
    battle: Battle, player: PlayerState, in_play: list[CardInstance], in_play_facts: list[CardFacts]
) -> list[int]:
    """Cards of the hand to play (the first copy of each), Pokémon ``in_play`` with their facts."""
    actions: list[int] = []
    bench_room = len(player.bench) < board.BENCH_SIZE
    hand = player.hand
    facts_of = battle.facts
    for card_id in dict.fromkeys(hand):  # the first copy of each distinct card (``_distinct_hand``)
        index = hand.index(card_id)
        facts = facts_of[card_id]
        base = PLAY_BASE + TARGETS * index
        if facts.is_basic_pokemon or facts.plays_as_basic:
            if bench_room:
                actions.append(base)
        else:
            targets = (
                _evolution_targets(battle, facts.card, in_play, in_play_facts)
                if facts.is_pokemon
                else _trainer_targets(battle, player, facts)
            )
            for target in targets:
                actions.append(base + target)
    return actions


def _evolution_targets(
    battle: Battle, card: CardDefinition, in_play: list[CardInstance], in_play_facts: list[CardFacts]
) -> list[int]:
    turn = battle.state.turn
    if turn <= 2:
        return []
    targets = []
    for slot, pokemon in enumerate(in_play):
        if pokemon.turn_played >= turn:
            continue
        own = in_play_facts[slot]  # by name, or an ability may let it evolve (``may_evolve_from``)
        if own.name != card.evolves_from and not (
            own.has_abilities and triggers.may_evolve_from(battle, pokemon, card)
        ):
            continue
        if not pipelines.evolution_blocked(battle, pokemon):
            targets.append(slot)
    return targets


def _trainer_targets(battle: Battle, player: PlayerState, facts: CardFacts) -> list[int]:
    if facts.is_supporter and (player.supporter_played or pipelines.supporters_blocked(battle, player.index)):
        return []
    for spec, handler in facts.trainer_preconditions:
        assert handler.usable is not None
        if not handler.usable(
            EffectContext(battle, player.index, None, dict(spec.params), "trainer", facts.name)
        ):
            return []
    target = facts.trainer_target
    if target.kind is TargetKind.NONE:
        return [0]
    return valid_targets(battle, player.index, target.kind, target.params)


# --------------------------------------------------------------------------- applying actions


def _apply(battle: Battle, action: Action) -> None:
    state = battle.state
    if state.pending:
        _apply_choice(battle, action)
        return
    if state.phase is Phase.SETUP:
        _apply_setup(battle, action)
        return
    player = state.players[state.current]
    kind = action.kind
    if kind is ActionKind.END_TURN:
        state.log("end_turn", player.index)
        _end_turn(battle)
        return
    if kind is ActionKind.ATTACK:
        _declare_attack(battle, player, action.number, action.target)
        return
    if kind is ActionKind.ATTACH:
        _attach(battle, player, action.number)
    elif kind is ActionKind.RETREAT:
        _retreat(battle, player, action.number)
    elif kind is ActionKind.DISCARD_FOSSIL:
        _discard_fossil(battle, player, action.number)
    elif kind is ActionKind.ABILITY:
        _use_ability(battle, player, action.number, action.target)
    else:
        _play_card(battle, player, action.number, action.target)
    _after_effects(battle)


def _apply_choice(battle: Battle, action: Action) -> None:
    state = battle.state
    choice = state.pending.pop(0)
    player = state.players[choice.player]
    if choice.kind == "retreat_energy":
        _pay_retreat(battle, player, choice.number, choices.retreat_ways(battle, player)[action.number])
    elif choice.kind == "place_energy":
        _place_energy(battle, player, choice, action.number)
    elif choice.kind == "copy_target":
        _attack(battle, player, choice.number, choice.target, action.number)
    else:
        _promote(battle, player, action.number)


def _promote(battle: Battle, player: PlayerState, bench_index: int) -> None:
    state = battle.state
    board.move_active_to_bench(battle, player, bench_index)
    state.log("new_active", player.index, uid=player.active.uid if player.active else "")
    if not state.pending and state.phase is Phase.BETWEEN_TURNS:
        state.phase = Phase.MAIN
        _start_next_turn(battle)


def _attach(battle: Battle, player: PlayerState, slot: int) -> None:
    target = player.slot(slot)
    assert target is not None and player.energy_available is not None
    target.energy.append(player.energy_available)
    battle.state.log("attach", player.index, uid=target.uid, energy=player.energy_available.value)
    energy, player.energy_available = player.energy_available, None
    player.energy_attached = True
    triggers.energy_attached_from_zone(battle, player.index, target, energy, 1)


def _retreat(battle: Battle, player: PlayerState, bench_index: int) -> None:
    """Retreat to Bench ``bench_index``; the player chooses which energies pay when there are ways."""
    ways = choices.retreat_ways(battle, player)
    if len(ways) > 1:
        board.ask_first(battle, PendingChoice(player=player.index, kind="retreat_energy", number=bench_index))
        return
    _pay_retreat(battle, player, bench_index, ways[0])


def _pay_retreat(
    battle: Battle, player: PlayerState, bench_index: int, payment: tuple[EnergyType, ...]
) -> None:
    active = player.active
    assert active is not None
    cost = pipelines.retreat_cost(battle, active) or 0
    board.discard_energies(active, payment)
    board.move_active_to_bench(battle, player, bench_index)
    player.retreated = True
    battle.state.log(
        "retreat", player.index, uid=active.uid, cost=cost, paid=",".join(e.value for e in payment)
    )


def _discard_fossil(battle: Battle, player: PlayerState, slot: int) -> None:
    """Fossils: "At any time during your turn, you may discard this card from play." (not a knock-out:
    no point; an empty Active Spot is refilled from the Bench, an empty board loses)."""
    fossil = player.slot(slot)
    assert fossil is not None
    battle.state.log("discard_fossil", player.index, uid=fossil.uid, card_id=fossil.card_id)
    board.remove_from_play(battle, player, fossil, "discard", "discarded")


def _use_ability(battle: Battle, player: PlayerState, slot: int, target: int) -> None:
    pokemon = player.slot(slot)
    assert pokemon is not None
    ability = next(a for a in battle.card(pokemon.card_id).abilities if not a.is_aura)
    pokemon.ability_uses[ability.name] = battle.state.turn
    context = EffectContext(
        battle, player.index, pokemon.uid, dict(ability.effect.params), "ability", ability.name, target
    )
    _run(battle, ability.effect, context)


def _run(battle: Battle, spec: EffectSpec, context: EffectContext) -> None:
    result = get_handler(spec.effect_id).resolve(context)
    battle.state.log(
        "effect",
        context.player,
        effect_id=spec.effect_id,
        name=context.name,
        ok=result.success,
        text=result.message,
    )


def _play_card(battle: Battle, player: PlayerState, hand_index: int, target: int) -> None:
    card_id = player.hand.pop(hand_index)
    card = battle.card(card_id)
    battle.state.log("play", player.index, card_id=card_id, target=target)
    if card.kind is CardKind.POKEMON and card.stage is not Stage.BASIC:
        _evolve(battle, player, card_id, target)
    elif card.kind is CardKind.POKEMON or card.plays_as_basic:
        board.put_on_bench(battle, player.index, card_id)
    else:
        if card.kind is CardKind.SUPPORTER:
            player.supporter_played = True
        player.discard.append(card_id)
        for spec in card.trainer_effects:
            _run(
                battle,
                spec,
                EffectContext(battle, player.index, None, dict(spec.params), "trainer", card.name, target),
            )


def _evolve(battle: Battle, player: PlayerState, card_id: str, slot: int) -> None:
    old = player.slot(slot)
    assert old is not None
    new = board.new_instance(battle, player.index, card_id)
    new.damage, new.energy, new.stack = old.damage, list(old.energy), [*old.stack, old.card_id]
    if slot == 0:
        player.active = new
    else:
        player.bench[slot - 1] = new
    lifecycle.leave_play(battle, old.uid, "evolved")
    lifecycle.enter_play(battle, player.index, new)


# --------------------------------------------------------------------------- attacks


def _declare_attack(battle: Battle, player: PlayerState, index: int, target: int) -> None:
    """A copy attack whose copied effect has more than one valid target asks the player for it first."""
    if len(choices.copy_choices(battle, player.index, _attack_of(battle, player, index), target)) > 1:
        choice = PendingChoice(player=player.index, kind="copy_target", number=index, target=target)
        board.ask_first(battle, choice)
        return
    _attack(battle, player, index, target, None)


def _attack(battle: Battle, player: PlayerState, index: int, target: int, copy_target: int | None) -> None:
    state = battle.state
    attacker = player.active
    assert attacker is not None
    attack = battle.card(attacker.card_id).attacks[index]
    state.log("attack", player.index, uid=attacker.uid, attack=attack.name)
    gates = pipelines.attack_gate_coins(battle, attacker)
    if not gates or all(_flip(battle, player.index, "to attack") for _ in range(gates)):
        _resolve_attack(battle, player, attacker, attack, target, copy_target)
    else:
        state.log("attack_failed", player.index, reason="coin")
    if not (state.pending and state.pending[0].kind == "place_energy"):
        _finish_attack(battle)


def _finish_attack(battle: Battle) -> None:
    """After an attack (and the choices inside it): knock-outs, game end, end of the turn."""
    _resolve_knockouts(battle, by_attack=True)
    _check_game_over(battle)
    if battle.state.phase is not Phase.OVER:
        _end_turn(battle)


def _place_energy(battle: Battle, player: PlayerState, choice: PendingChoice, slot: int) -> None:
    """One spread energy to Bench ``slot``; the next is asked, or the attack ends."""
    assert choice.energy_type is not None
    triggers.attach_from_zone(battle, player.index, player.bench[slot - 1], choice.energy_type, 1)
    battle.state.log(
        "place_energy", player.index, uid=player.bench[slot - 1].uid, energy=choice.energy_type.value
    )
    if choice.count > 1:
        board.ask_first(battle, dataclasses.replace(choice, count=choice.count - 1, number=choice.number + 1))
        return
    _finish_attack(battle)


def _resolve_attack(
    battle: Battle,
    player: PlayerState,
    attacker: CardInstance,
    attack: Attack,
    target: int,
    copy_target: int | None,
) -> None:
    defender = battle.state.players[1 - player.index].active
    before = defender.damage if defender is not None else 0
    _resolve_attack_steps(battle, player, attacker, attack, target, copy_target)
    if defender is not None and defender.damage > before:
        _counter_damage(battle, player, attacker, defender)


def _counter_damage(
    battle: Battle, player: PlayerState, attacker: CardInstance, defender: CardInstance
) -> None:
    """Rough Skin, Counterattack, Bristling Spikes: "if this Pokémon [in the Active Spot] is damaged by an
    attack, do N damage to the Attacking Pokémon": once per attack, whether the attack's damage or one
    of its effects (Thunder Spear, Draco Meteor) damaged the Active it found there."""
    recoil = pipelines.counter_damage(battle, defender)
    if recoil > 0:
        attacker.damage += recoil
        battle.state.log(
            "counter_damage", 1 - player.index, uid=attacker.uid, source=defender.uid, amount=recoil
        )


def _resolve_attack_steps(
    battle: Battle,
    player: PlayerState,
    attacker: CardInstance,
    attack: Attack,
    target: int,
    copy_target: int | None,
) -> None:
    """The attack's effects before damage, its damage, its effects after damage."""
    if not attack.effects:  # damage only
        _deal_attack_damage(battle, player, attacker, attack.damage, attack.name)
        return
    context = EffectContext(
        battle, player.index, attacker.uid, {}, "attack", attack.name, target, attack.damage
    )
    context.attack = attack
    context.copy_target = copy_target
    after: list[EffectSpec] = []
    for spec in attack.effects:
        handler = get_handler(spec.effect_id)
        context.params = dict(spec.params)
        if handler.timing is Timing.BEFORE_DAMAGE:
            _run(battle, spec, context)
        else:
            after.append(spec)
    if context.attack_fails:
        battle.state.log("attack_failed", player.index, reason="effect")
        return
    context.dealt = _deal_attack_damage(battle, player, attacker, context.damage, attack.name)
    defender = battle.state.players[1 - player.index].active
    for spec in [*after, *context.extra_after]:
        handler = get_handler(spec.effect_id)
        if handler.hits_opponent and defender is not None and pipelines.is_protected(battle, defender):
            continue
        context.params = dict(spec.params)
        _run(battle, spec, context)


def _deal_attack_damage(
    battle: Battle, player: PlayerState, attacker: CardInstance, damage: int, name: str
) -> int:
    """The damage step of an attack of base ``damage`` (after the before-damage effects) on the
    Defending Pokémon; the damage dealt (counter-damage comes once the attack is over)."""
    defender = battle.state.players[1 - player.index].active
    if defender is None or damage <= 0:
        return 0
    dealt = pipelines.compute_damage(battle, attacker, defender, damage, to_active=True)
    defender.damage += dealt
    pipelines.log_damage(battle, attacker, defender, damage, dealt, name)
    return dealt


# --------------------------------------------------------------------------- turn flow


def _start_turn(battle: Battle) -> None:
    state = battle.state
    state.turn += 1
    battle.manager.remove_expired_effects(state, at_turn_end=False)
    player = state.players[state.current]
    player.supporter_played = player.energy_attached = player.retreated = False
    if state.turn > 1:
        player.energy_available = player.energy_next
        player.energy_next = battle.rng.choice(player.energy_types)
    board.draw_cards(player, 1)
    state.log("turn_start", player.index)


def _start_next_turn(battle: Battle) -> None:
    battle.state.current = 1 - battle.state.current
    _start_turn(battle)


def _end_turn(battle: Battle) -> None:
    state = battle.state
    state.players[state.current].energy_available = None
    triggers.turn_ending(battle)
    _pokemon_checkup(battle)
    _resolve_knockouts(battle, by_attack=False)
    battle.manager.remove_expired_effects(state, at_turn_end=True)
    _check_game_over(battle)
    if state.phase is Phase.OVER:
        return
    if state.turn >= MAX_TURNS:
        _finish(battle, None, "turn limit")
        return
    if state.pending:
        state.phase = Phase.BETWEEN_TURNS
        return
    _start_next_turn(battle)


def _pokemon_checkup(battle: Battle) -> None:
    state = battle.state
    for index in (state.current, 1 - state.current):
        active = state.players[index].active
        if active is None or not active.statuses:
            continue
        if Status.POISONED in active.statuses:
            active.damage += POISON_DAMAGE
            state.log("checkup_damage", index, uid=active.uid, amount=POISON_DAMAGE, status="Poisoned")
        if Status.BURNED in active.statuses:
            active.damage += BURN_DAMAGE
            state.log("checkup_damage", index, uid=active.uid, amount=BURN_DAMAGE, status="Burned")
            if _flip(battle, index, "Burned"):
                active.statuses.remove(Status.BURNED)
        if Status.ASLEEP in active.statuses and _flip(battle, index, "Asleep"):
            active.statuses.remove(Status.ASLEEP)
        if Status.PARALYZED in active.statuses and index == state.current:
            active.statuses.remove(Status.PARALYZED)


def _flip(battle: Battle, player: int, name: str) -> bool:
    """A coin of the rules (not of a card's effect), logged for the narration like an effect's."""
    heads = battle.coins.flip()
    battle.state.log("coin", player, heads=heads, name=name)
    return heads


def _after_effects(battle: Battle) -> None:
    _resolve_knockouts(battle, by_attack=False)
    _check_game_over(battle)


def _resolve_knockouts(battle: Battle, by_attack: bool) -> None:
    state = battle.state
    facts = battle.facts
    for player in (state.players[state.current], state.players[1 - state.current]):
        active = player.active
        knocked = [active] if active is not None and active.damage >= facts[active.card_id].hp else []
        for pokemon in player.bench:
            if pokemon.damage >= facts[pokemon.card_id].hp:
                knocked.append(pokemon)
        for pokemon in knocked:
            scorer = state.players[1 - player.index]
            scorer.points = min(WIN_POINTS, scorer.points + battle.card(pokemon.card_id).ko_points)
            if by_attack:
                player.last_ko_by_attack_turn = state.turn
            state.log("knockout", player.index, uid=pokemon.uid, card_id=pokemon.card_id)
            board.remove_from_play(battle, player, pokemon, "discard", "knocked out")


def _check_game_over(battle: Battle) -> None:
    """A player meets a win condition by having 3 points and another by the opponent having no Pokémon
    in play. If both players meet conditions at once, the one who meets more wins; as many is a draw
    (Pocket: both reaching 3 points or losing their last Pokémon at once is a draw, and with both
    Actives knocked out the player who still has a Benched Pokémon wins; see docs/tcg-rules.md)."""
    state = battle.state
    if state.phase is Phase.OVER or state.phase is Phase.SETUP:
        return
    first, second = state.players
    if (
        first.points < WIN_POINTS
        and second.points < WIN_POINTS
        and (first.active is not None or first.bench)
        and (second.active is not None or second.bench)
    ):
        return  # no player meets a win condition
    met = [_win_conditions(state, index) for index in range(2)]
    if not any(met):
        return
    if len(met[0]) == len(met[1]):
        _finish(battle, None, "both players won at once")
        return
    winner = 0 if len(met[0]) > len(met[1]) else 1
    reason = "more win conditions: " + " and ".join(met[winner]) if met[1 - winner] else met[winner][0]
    _finish(battle, winner, reason)


def _win_conditions(state: GameState, index: int) -> list[str]:
    """The win conditions player ``index`` meets now: "points" (3 points), "no Pokémon left"."""
    conditions = []
    if state.players[index].points >= WIN_POINTS:
        conditions.append("points")
    if not state.players[1 - index].in_play():
        conditions.append("no Pokémon left")
    return conditions


def _finish(battle: Battle, winner: int | None, reason: str) -> None:
    state = battle.state
    state.phase = Phase.OVER
    state.winner = winner
    state.is_draw = winner is None
    state.end_reason = reason
    state.pending = []
    state.log("game_over", winner, reason=reason)
