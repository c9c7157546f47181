"""A Pocket battle in words: what a person reads in the terminal (``darwindeck battle --play``) and on the
``/battle`` page. One home for every sentence; the engine only logs (``GameState.log``).

Rules of the text:

- A Pokémon is named by its card name, never its id; when another Pokémon of the same side in play
  shares the name, its place follows: "Zapdos ex (bench 2)"; when the other side has one of the same
  name, the owner comes first: "your Pikachu ex" / "Player 2's Pikachu ex". A Pokémon that has left play
  (knocked out) keeps the name it had just before the action.
- The players are ``Voice.names`` ("You" and "The AI" in the terminal, "Player 1" and "Player 2" for a
  spectator); verbs agree ("you take", "the AI takes").
- ``narrate`` turns the log entries an action added into sentences: every coin ("Coin for Dig: heads."),
  every damage with its parts ("Circle Circuit does 60 to Articuno (+20 weakness) = 80."), a damage
  prevented or reduced to 0 and why, an attack that does no damage of its own, counter-damage, Pokémon
  Checkup damage, every status gained or lost (from the board before and after), every knock-out with
  the points it gives ("Articuno is knocked out: you take a point (2/3)."), and the end in words.
  Hidden cards stay hidden: a card drawn is never named, a Trainer is named once played (it is face up).
- ``describe_action`` names an action for a menu in the same words; ``effect_words`` says what an active
  effect does ("Zebstrika's attacks do −20 damage, until the end of turn 4"); ``card_text`` gives a
  card's text in our own words from its definition (its numbers and effects), never a printed text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from darwindeck.tcg.battle import choices
from darwindeck.tcg.battle.card_words import spec_words
from darwindeck.tcg.battle.engine import WIN_POINTS, Battle
from darwindeck.tcg.core.actions import ActionKind, decode
from darwindeck.tcg.core.active_effects import ActiveEffect
from darwindeck.tcg.core.models import (
    CardDefinition,
    CardInstance,
    CardKind,
    LogEntry,
    ParamValue,
    PlayerState,
    Stage,
)
from darwindeck.tcg.effects import TargetKind, get_handler
from darwindeck.tcg.rules.targets import bench_pairs, opponent_discard_basics

_UID = re.compile(r"p[01]-\d+")
_CARD_ID = re.compile(r"\b(?:a1a|a1|p-a)-\d{3}\b")
#: Log entries that come after an attack is over (``close_attack`` first).
_AFTER_ATTACK = frozenset({"turn_start", "end_turn", "knockout", "game_over", "checkup_damage", "new_active"})
#: Effect messages the narration says otherwise (coins and damage have their own sentences).
_SILENT = frozenset(
    {"random hits done", "tails", "heads", "poisoned", "asleep", "burned", "paralyzed", "confused"}
)
#: Effect messages that name a card put face up in play (every player sees it).
_FACE_UP = ("benched ", "put ")


#: A Pokémon's name in the narration, by its uid (``narrate``).
Label = Callable[[ParamValue], str]

#: Verbs whose third person is not the base + "s".
_THIRD_PERSON = {"have": "has", "attach": "attaches", "do": "does"}

#: The end reasons of the engine (``engine._finish``) in words; ``{winner}``/``{loser}`` are players.
_END_WORDS = {
    "points": "{winner} {has} {points} points",
    "no Pokémon left": "{loser} {loser_has} no Pokémon left in play",
    "turn limit": "the 30-turn limit was reached",
    "both players won at once": "both players met a win condition at the same moment",
}


@dataclass(frozen=True)
class Voice:
    """How the two players are called: ``names[i]`` starts a sentence ("You", "The AI")."""

    names: tuple[str, str] = ("Player 1", "Player 2")

    def name(self, player: int, start: bool = True) -> str:
        """The player's name at the start of a sentence, or inside one ("you", "the AI")."""
        name = self.names[player]
        return name if start or not name.startswith(("You", "The ")) else name[0].lower() + name[1:]

    def verb(self, player: int, base: str) -> str:
        """``base`` agreeing with the player: "take" for you, "takes" for the others."""
        if self.names[player] == "You":
            return base
        return _THIRD_PERSON.get(base, base + "s")

    def possessive(self, player: int) -> str:
        return "your" if self.names[player] == "You" else f"{self.name(player, start=False)}'s"


# ------------------------------------------------------------------------------------------ names


def place(slot: int) -> str:
    return "active" if slot == 0 else f"bench {slot}"


def slots(player: PlayerState) -> list[tuple[int, CardInstance]]:
    """(slot, Pokémon) of everything a player has in play: slot 0 the Active Spot (when filled), 1..3 the
    Bench (``in_play`` would shift the Bench while the Active Spot is empty)."""
    found = [(0, player.active)] if player.active is not None else []
    return found + list(enumerate(player.bench, start=1))


def pokemon_label(battle: Battle, owner: int, slot: int, voice: Voice) -> str:
    """The name of the Pokémon in ``slot`` of ``owner`` (module rules: place and owner when needed)."""
    pokemon = battle.state.players[owner].slot(slot)
    if pokemon is None:
        return f"{voice.possessive(owner)} {place(slot)} (empty)"
    name = battle.card(pokemon.card_id).name
    own = [battle.card(p.card_id).name for p in battle.state.players[owner].in_play()]
    other = [battle.card(p.card_id).name for p in battle.state.players[1 - owner].in_play()]
    label = f"{name} ({place(slot)})" if own.count(name) > 1 else name
    return f"{voice.possessive(owner)} {label}" if name in other else label


@dataclass
class Board:
    """The names, places and statuses of every Pokémon in play at one moment (``Board.of``)."""

    labels: dict[str, str] = field(default_factory=dict)
    statuses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    points: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, battle: Battle, voice: Voice) -> Board:
        board = cls(points=[player.points for player in battle.state.players])
        for owner, player in enumerate(battle.state.players):
            for slot, pokemon in slots(player):
                board.labels[pokemon.uid] = pokemon_label(battle, owner, slot, voice)
                board.statuses[pokemon.uid] = tuple(status.value for status in pokemon.statuses)
        return board


# ---------------------------------------------------------------------------------------- narrate


def narrate(
    battle: Battle, before: Board, entries: Iterable[LogEntry], voice: Voice, viewer: int | None = None
) -> list[str]:
    """Sentences for ``entries`` (what one action logged), ``before`` being the board before it, as
    ``viewer`` may read them (``None``: a spectator, who sees both sides): a card another player's effect
    took from a deck or into a hand is "a card" to the viewer."""
    after = Board.of(battle, voice)

    def label(uid: ParamValue) -> str:
        key = str(uid)
        return after.labels.get(key) or before.labels.get(key) or "a Pokémon"

    story = _Story(battle, voice, label, list(before.points), viewer)
    for entry in entries:
        story.tell(entry)
    story.close_attack()
    lines = story.lines
    turn = story.turn_line if story.turn_line is not None else len(lines)
    lines[turn:turn] = _status_changes(before, after, label)
    if story.ending:
        lines.append(story.ending)
    return lines


def opening(battle: Battle, voice: Voice) -> list[str]:
    """What is known when the battle starts: who goes first (a coin)."""
    first = battle.state.first_player
    return [f"Coin for the first turn: {voice.name(first)} {voice.verb(first, 'go')} first."]


class _Story:
    """The sentences of one action's log entries (``narrate``)."""

    def __init__(
        self, battle: Battle, voice: Voice, label: Label, points: list[int], viewer: int | None
    ) -> None:
        self.battle, self.voice, self.points, self.viewer = battle, voice, points, viewer
        self.label = label
        self.lines: list[str] = []
        self.ending = ""
        self.attack: tuple[str, int] | None = None  # (attack name, printed damage) awaiting its damage
        self.attack_damaged = False
        self.turn_line: int | None = None  # where the next turn starts (statuses are told before it)

    def name_of(self, uid: ParamValue) -> str:
        return self.label(uid)

    def tell(self, entry: LogEntry) -> None:
        if entry.type in _AFTER_ATTACK:
            self.close_attack()
        handler = getattr(self, "_" + entry.type, None)
        if handler is not None:
            handler(entry)

    def close_attack(self) -> None:
        """An attack that dealt no damage at all says why."""
        if self.attack is not None and not self.attack_damaged:
            name, printed = self.attack
            why = "it has no damage of its own" if printed == 0 else "its effect left it no damage to do"
            self.lines.append(f"{name} does no damage: {why}.")
        self.attack = None

    def _turn_start(self, entry: LogEntry) -> None:
        player = entry.player or 0
        energy = self.battle.state.players[player].energy_available
        zone = f" Energy this turn: {energy.value.capitalize()}." if energy is not None else ""
        if self.turn_line is None:
            self.turn_line = len(self.lines)
        whose = self.voice.possessive(player)
        self.lines.append(f"Turn {entry.turn}: {whose[0].upper() + whose[1:]} turn.{zone}")

    def _end_turn(self, entry: LogEntry) -> None:
        player = entry.player or 0
        self.lines.append(f"{self.voice.name(player)} {self.voice.verb(player, 'end')} the turn.")

    def _attach(self, entry: LogEntry) -> None:
        player = entry.player or 0
        energy = str(entry.data["energy"]).capitalize()
        self.lines.append(
            f"{self.voice.name(player)} {self.voice.verb(player, 'attach')} {energy} Energy to "
            f"{self.name_of(entry.data['uid'])}."
        )

    _place_energy = _attach

    def _retreat(self, entry: LogEntry) -> None:
        paid = str(entry.data.get("paid", ""))
        cost = f"discarding {paid.replace(',', ', ').title()} Energy" if paid else "for free"
        new = self.battle.state.players[entry.player or 0].active
        moved = f"; {self.name_of(new.uid)} is now active" if new is not None else ""
        self.lines.append(f"{self.name_of(entry.data['uid'])} retreats ({cost}){moved}.")

    def _new_active(self, entry: LogEntry) -> None:
        self.lines.append(f"{self.name_of(entry.data['uid'])} moves up to the Active Spot.")

    def _discard_fossil(self, entry: LogEntry) -> None:
        self.lines.append(f"{self.name_of(entry.data['uid'])} is discarded from play (no point).")

    def _play(self, entry: LogEntry) -> None:
        player = entry.player or 0
        card = self.battle.card(str(entry.data["card_id"]))
        who = f"{self.voice.name(player)} {self.voice.verb(player, 'play')}"
        if card.kind is CardKind.POKEMON and card.stage is not Stage.BASIC:
            self.lines.append(f"{who} {card.name}, evolving {card.evolves_from}.")
        elif card.kind is CardKind.POKEMON or card.plays_as_basic:
            self.lines.append(f"{who} {card.name} onto the Bench.")
        else:
            self.lines.append(f"{who} {card.name} ({_trainer_kind(card)}).")

    def _attack(self, entry: LogEntry) -> None:
        self.close_attack()
        uid = entry.data["uid"]
        name = str(entry.data["attack"])
        attacker = _in_play(self.battle, str(uid))
        attacks = self.battle.card(attacker.card_id).attacks if attacker is not None else ()
        printed = next((attack.damage for attack in attacks if attack.name == name), 0)
        self.attack, self.attack_damaged = (name, printed), False
        self.lines.append(f"{self.name_of(uid)} uses {name}.")

    def _attack_failed(self, entry: LogEntry) -> None:
        reason = entry.data.get("reason")
        self.lines.append("The attack fails (tails)." if reason == "coin" else "The attack fails.")
        self.attack = None

    def _coin(self, entry: LogEntry) -> None:
        side = "heads" if entry.data["heads"] else "tails"
        self.lines.append(f"Coin for {entry.data['name']}: {side}.")

    def _damage(self, entry: LogEntry) -> None:
        self.attack_damaged = True
        data = entry.data
        base, amount = int(data["base"]), int(data["amount"])
        target = self.name_of(data["uid"])
        name = str(data.get("name") or "The attack")
        if data.get("protected"):
            self.lines.append(f"{name} does no damage to {target}: it is protected from attacks.")
            return
        parts = []
        rest = amount - base
        if data.get("weakness"):
            parts.append("+20 weakness")
            rest -= 20
        if rest > 0:
            parts.append(f"+{rest} from effects")
        elif rest < 0:
            parts.append(f"−{-rest} from effects")
        if not parts:
            self.lines.append(f"{name} does {amount} to {target}.")
            return
        self.lines.append(f"{name} does {base} to {target} ({', '.join(parts)}) = {amount}.")

    def _counter_damage(self, entry: LogEntry) -> None:
        self.lines.append(
            f"{self.name_of(entry.data['source'])} hits back: {entry.data['amount']} damage to "
            f"{self.name_of(entry.data['uid'])}."
        )

    def _checkup_damage(self, entry: LogEntry) -> None:
        self.lines.append(
            f"Checkup: {self.name_of(entry.data['uid'])} takes {entry.data['amount']} damage "
            f"({entry.data['status']})."
        )

    def _effect(self, entry: LogEntry) -> None:
        user = self._ability_user(entry)
        if user is not None:
            self.lines.append(f"{user} uses {entry.data['name']}.")
        text = str(entry.data.get("text", ""))
        if not text or "damage to p" in text or text.startswith("hit 0 ") or text in _SILENT:
            return
        words = _UID.sub(lambda match: self.name_of(match.group(0)), text)
        seen = self.viewer is None or entry.player == self.viewer or text.startswith(_FACE_UP)
        words = _CARD_ID.sub(lambda match: self.battle.card(match.group(0)).name if seen else "a card", words)
        self.lines.append(f"{entry.data['name']}: {words}.")

    def _ability_user(self, entry: LogEntry) -> str | None:
        """The Pokémon whose ability a player used, when ``entry`` is that use (the engine logs an ability
        used as an effect named after it, and marks the ability used this turn), else None."""
        name = entry.data.get("name")
        for _, pokemon in slots(self.battle.state.players[entry.player or 0]):
            abilities = self.battle.card(pokemon.card_id).abilities
            used = pokemon.ability_uses.get(str(name)) == self.battle.state.turn
            if used and any(a.name == name and not a.is_aura for a in abilities):
                return self.name_of(pokemon.uid)
        return None

    def _knockout(self, entry: LogEntry) -> None:
        owner = entry.player or 0
        scorer = 1 - owner
        card = self.battle.card(str(entry.data["card_id"]))
        self.points[scorer] = min(WIN_POINTS, self.points[scorer] + card.ko_points)
        gained = "a point" if card.ko_points == 1 else f"{card.ko_points} points"
        voice = self.voice
        self.lines.append(
            f"{self.name_of(entry.data['uid'])} is knocked out: {voice.name(scorer, start=False)} "
            f"{voice.verb(scorer, 'take')} {gained} ({self.points[scorer]}/{WIN_POINTS})."
        )

    def _game_over(self, entry: LogEntry) -> None:
        self.close_attack()
        self.ending = end_sentence(self.battle, self.voice)


def end_sentence(battle: Battle, voice: Voice) -> str:
    """Who won and why, in words ("You win: you have 3 points.")."""
    state = battle.state
    winner = state.winner
    reason = state.end_reason.removeprefix("more win conditions: ")
    if winner is None:
        return f"Draw: {_END_WORDS.get(reason, reason)}."
    loser = 1 - winner
    why = " and ".join(
        _END_WORDS.get(part, part).format(
            winner=voice.name(winner, start=False),
            has=voice.verb(winner, "have"),
            points=state.players[winner].points,
            loser=voice.name(loser, start=False),
            loser_has=voice.verb(loser, "have"),
        )
        for part in reason.split(" and ")
    )
    return f"{voice.name(winner)} {voice.verb(winner, 'win')}: {why}."


def _status_changes(before: Board, after: Board, label: Label) -> list[str]:
    lines = []
    for uid, now in after.statuses.items():
        was = before.statuses.get(uid, ())
        name = label(uid)
        lines += [f"{name} is now {status.capitalize()}." for status in now if status not in was]
        lines += [f"{name} is no longer {status.capitalize()}." for status in was if status not in now]
    return lines


def _in_play(battle: Battle, uid: str) -> CardInstance | None:
    for player in battle.state.players:
        for pokemon in player.in_play():
            if pokemon.uid == uid:
                return pokemon
    return None


def _trainer_kind(card: CardDefinition) -> str:
    return {CardKind.SUPPORTER: "Supporter", CardKind.ITEM: "Item"}.get(card.kind, card.kind.value.title())


# ---------------------------------------------------------------------------------------- actions


def describe_action(battle: Battle, action: int, voice: Voice) -> str:
    """The action for a menu, in words with card names (the deciding player's point of view)."""
    kind, index, target = decode(action)
    state = battle.state
    me = state.pending[0].player if state.pending else state.current
    player = state.players[me]
    if kind in (ActionKind.RETREAT_ENERGY, ActionKind.COPY_TARGET):
        return choices.describe_choice(battle, kind, index)
    if kind is ActionKind.END_TURN:
        return f"end {voice.possessive(me)} turn"
    if kind is ActionKind.SETUP_DONE:
        return f"finish {voice.possessive(me)} setup"
    if kind in (ActionKind.ATTACH, ActionKind.PLACE_ENERGY):
        energy = player.energy_available if kind is ActionKind.ATTACH else state.pending[0].energy_type
        name = energy.value.capitalize() if energy is not None else "an"
        return f"attach {name} Energy to {pokemon_label(battle, me, index, voice)}"
    if kind is ActionKind.RETREAT:
        return f"retreat, {pokemon_label(battle, me, index + 1, voice)} becomes active"
    if kind is ActionKind.PROMOTE:
        return f"move {pokemon_label(battle, me, index + 1, voice)} to the Active Spot"
    if kind is ActionKind.DISCARD_FOSSIL:
        return f"discard {pokemon_label(battle, me, index, voice)} from play"
    if kind in (ActionKind.SETUP_ACTIVE, ActionKind.SETUP_BENCH):
        spot = "Active Pokémon" if kind is ActionKind.SETUP_ACTIVE else "Bench"
        spot = f"{'as' if kind is ActionKind.SETUP_ACTIVE else 'on'} {voice.possessive(me)} {spot}"
        return f"put {battle.card(player.hand[index]).name} {spot}"
    if kind is ActionKind.ATTACK:
        assert player.active is not None
        attack = battle.facts[player.active.card_id].attacks[index]
        aim = _target_words(battle, me, attack.target.kind, target, voice)
        return f"attack with {attack.attack.name}" + (f" at {aim}" if aim else "")
    if kind is ActionKind.ABILITY:
        pokemon = player.slot(index)
        assert pokemon is not None
        ability = next(a for a in battle.card(pokemon.card_id).abilities if not a.is_aura)
        aim = _target_words(battle, me, get_handler(ability.effect.effect_id).target, target, voice)
        owner = pokemon_label(battle, me, index, voice)
        return f"use {owner}'s {ability.name}" + (f" on {aim}" if aim else "")
    return _describe_play(battle, me, index, target, voice)


def _describe_play(battle: Battle, me: int, index: int, target: int, voice: Voice) -> str:
    card = battle.card(battle.state.players[me].hand[index])
    if card.kind is CardKind.POKEMON and card.stage is not Stage.BASIC:
        return f"evolve {pokemon_label(battle, me, target, voice)} into {card.name}"
    if card.kind is CardKind.POKEMON or card.plays_as_basic:
        return f"put {card.name} on {voice.possessive(me)} Bench"
    aim = _target_words(battle, me, battle.facts[card.id].trainer_target.kind, target, voice)
    return f"play {card.name} ({_trainer_kind(card)})" + (f" on {aim}" if aim else "")


def _target_words(battle: Battle, me: int, kind: TargetKind, target: int, voice: Voice) -> str:
    """The target of an attack, ability or Trainer in words ('' when it has none)."""
    them = 1 - me
    if kind in (TargetKind.OPP_ANY, TargetKind.OPP_BENCH, TargetKind.OPP_BENCH_BASIC):
        return pokemon_label(battle, them, target, voice)
    if kind in (TargetKind.OWN_ANY, TargetKind.OWN_BENCH):
        return pokemon_label(battle, me, target, voice)
    if kind is TargetKind.OWN_BENCH_PAIR:
        pair = bench_pairs(battle.state.players[me])[target]
        return " and ".join(pokemon_label(battle, me, slot, voice) for slot in pair)
    if kind is TargetKind.OPP_ACTIVE_ATTACK:
        active = battle.state.players[them].active
        return "" if active is None else f"{battle.card(active.card_id).attacks[target].name}"
    if kind is TargetKind.OPP_ANY_ATTACK:
        slot, attack = divmod(target, 2)
        pokemon = battle.state.players[them].slot(slot)
        name = "" if pokemon is None else battle.card(pokemon.card_id).attacks[attack].name
        return f"{pokemon_label(battle, them, slot, voice)}'s {name}"
    if kind is TargetKind.OPP_DISCARD_BASIC:
        return battle.card(opponent_discard_basics(battle, me)[target]).name
    return ""


# ---------------------------------------------------------------------------------- effects, cards

#: What an active effect does, by its type; ``{who}`` is the Pokémon or player it reaches.
_EFFECT_WORDS = {
    "damage_boost": "{who}'s attacks do +{amount} damage to the Active Pokémon",
    "attack_damage_reduction": "{who}'s attacks do −{amount} damage",
    "damage_reduction": "{who} takes −{amount} damage from attacks",
    "attack_immunity": "{who} is protected from the damage and effects of attacks",
    "prevent_retreat": "{who} cannot retreat",
    "free_retreat": "{who} retreats for free",
    "retreat_cost_reduction": "{who}'s retreat costs {amount} less",
    "block_supporters": "{who} cannot play Supporter cards",
    "block_evolution": "{who} cannot evolve",
    "counter_damage": "{who} does {amount} damage back to an attacker that damages it",
    "energy_multiplier": "each {energy_type} Energy on {who} provides {multiplier}",
    "status_immunity": "{who} cannot be affected by {status}",
    "attack_block": "{who} cannot attack",
    "attack_coin_gate": "{who} must flip heads to attack",
}


#: The same for a group of Pokémon ("Your Pokémon take −10 damage from attacks"), where the verb differs.
_GROUP_WORDS = {
    "damage_reduction": "{who} take −{amount} damage from attacks",
    "attack_immunity": "{who} are protected from the damage and effects of attacks",
    "free_retreat": "{who} retreat for free",
    "counter_damage": "{who} do {amount} damage back to an attacker that damages them",
}
#: Effects on a player, not on Pokémon: their subject is the player ("The AI cannot play Supporter cards").
_PLAYER_EFFECTS = frozenset({"block_supporters"})
#: The Pokémon an effect reaches when it names none, by scope: (words after the owner's possessive, plural).
_SCOPE_POKEMON = {
    "team_active": ("Active Pokémon", False),
    "opponent_active": ("Active Pokémon", False),
    "team_bench": ("Benched Pokémon", True),
    "opponent_bench": ("Benched Pokémon", True),
    "team_all": ("Pokémon", True),
    "opponent_all": ("Pokémon", True),
}


def _effect_subject(battle: Battle, effect: ActiveEffect, voice: Voice) -> tuple[str, bool]:
    """Who an active effect reaches, and whether that is a group: a Pokémon in play by its label, a
    player by name, or a player's Pokémon ("your Pokémon", "the AI's Active Pokémon")."""
    player = 0 if effect.source_player_id == "p0" else 1
    target = effect.params.get("target_card_id") or effect.source_card_id
    pokemon = _in_play(battle, str(target)) if target else None
    if pokemon is not None:
        owner = 0 if pokemon.uid.startswith("p0") else 1
        slot = next(s for s, p in slots(battle.state.players[owner]) if p is pokemon)
        return pokemon_label(battle, owner, slot, voice), False
    reached = 1 - player if "opponent" in effect.scope.value else player
    group = _SCOPE_POKEMON.get(effect.scope.value)
    if group is None or effect.effect_type in _PLAYER_EFFECTS:
        return voice.name(reached), False
    return f"{voice.possessive(reached)} {group[0]}", group[1]


def effect_words(battle: Battle, effect: ActiveEffect, voice: Voice) -> str:
    """An active effect in words, with its source and how long it lasts."""
    who, plural = _effect_subject(battle, effect, voice)
    params = {"amount": 0, "energy_type": "", "multiplier": 1, "status": "Special Conditions"}
    params.update({key: value for key, value in effect.params.items() if value is not None})
    params["energy_type"] = str(params["energy_type"]).capitalize()
    words = {**_EFFECT_WORDS, **_GROUP_WORDS} if plural else _EFFECT_WORDS
    template = words.get(effect.effect_type, effect.effect_type.replace("_", " ") + " ({who})")
    if template.startswith("{who}"):
        who = who[0].upper() + who[1:]
    text = template.format(who=who, **{k: v for k, v in params.items() if k != "who"})
    if effect.expires_turn is not None:
        text += f", until the end of turn {effect.expires_turn}"
    return text


def card_text(card: CardDefinition) -> list[str]:
    """A card's text in our own words from its definition: its kind, type, HP, Weakness, retreat, each
    attack's cost, damage and effects, each ability's effect, a Trainer's effects."""
    if card.kind is not CardKind.POKEMON:
        effects = "; ".join(spec_words(spec) for spec in card.trainer_effects) or "no effect"
        return [f"{card.name}: {_trainer_kind(card)}. Effect: {effects}."]
    stage = {Stage.STAGE_1: "Stage 1", Stage.STAGE_2: "Stage 2"}.get(card.stage or Stage.BASIC, "Basic")
    lines = [
        f"{card.name}: {stage} {'Pokémon ex' if card.is_ex else 'Pokémon'}"
        + (f" (evolves from {card.evolves_from})" if card.evolves_from else "")
        + f", {card.pokemon_type.value.capitalize()}, {card.hp} HP, Weakness "
        + (card.weakness.value.capitalize() if card.weakness else "none")
        + ", retreat "
        + ("not possible" if card.retreat_cost is None else str(card.retreat_cost))
        + f"; knocked out it gives {card.ko_points} point{'s' if card.ko_points > 1 else ''}."
    ]
    for attack in card.attacks:
        cost = " ".join(energy.value.capitalize() for energy in attack.cost) or "free"
        effects = "; ".join(spec_words(spec) for spec in attack.effects)
        lines.append(
            f"  Attack {attack.name} ({cost}): {attack.damage} damage" + (f"; {effects}" if effects else "")
        )
    for ability in card.abilities:
        lines.append(f"  Ability {ability.name}: {spec_words(ability.effect)}")
    return lines
