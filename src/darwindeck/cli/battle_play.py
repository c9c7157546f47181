"""Playing a Pocket battle in the terminal (``darwindeck battle DECK --vs DECK --play``).

The screen: both sides (the AI's first) with points, hand and deck sizes, the Energy now and next, and
each Pokémon in play by name, place, HP, Energy and status; your hand, each card with its key; the
active effects in words; then the menu. Everything that happens is narrated (``tcg.battle.narration``):
the AI's actions and yours, coins, damage with Weakness, statuses, knock-outs, points and the end.

Keys never depend on the order of the menu, so they mean the same thing all game and a key of one kind
cannot do another kind of thing (a renumbered menu once turned an attack into a retreat):

=========  ===========================================================================================
key        action
=========  ===========================================================================================
``a1``     attack with the Active's first attack (``a2`` the second); with a target ``a1@A`` (the
           Active), ``a1@B2`` (Bench 2), or ``a1@N`` for other choices (the menu lists them)
``eA``     attach this turn's Energy to your Active (``eB1``…``eB3``: a Benched Pokémon)
``rB1``    retreat, Bench 1 becomes Active
``h3``     play the 3rd card of your hand (``h3@B1``: on Bench 1; evolve, or a Trainer's target)
``uA``     use the ability of your Active (``uB2``…; ``uA@B1`` with a target)
``xA``     discard a fossil from play
``pB1``    choose Bench 1 as your new Active (after a knock-out or a switch)
``w1``     which Energy pays a retreat;  ``c1`` the target of a copied attack
``done``   finish your setup;  ``end`` end your turn
=========  ===========================================================================================

Commands at any prompt: ``?`` or ``help`` (this list), ``r`` or ``rules`` (the text of every card you can
see, and the rules in short), ``r NAME`` (the text of cards whose name contains NAME), ``q`` or ``quit``.
Anything else is answered with what was typed and a hint, never a traceback; the end of the input quits.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from darwindeck.tcg.battle import narration
from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.narration import Board, Voice
from darwindeck.tcg.battle.players import BattlePlayer
from darwindeck.tcg.core.actions import ActionKind, decode
from darwindeck.tcg.core.decks import Deck
from darwindeck.tcg.effects import TargetKind, get_handler

HUMAN = 0
VOICE = Voice(("You", "The AI"))

HELP = """Keys (they never change meaning; the menu shows the ones you can use now):
  a1, a2      attack with your Active's 1st or 2nd attack (a1@A, a1@B2: at a target)
  eA, eB1     attach this turn's Energy to your Active or Bench 1
  rB1         retreat; Bench 1 becomes your Active
  h3, h3@B1   play the 3rd card of your hand (on Bench 1: evolve it, or a Trainer's target)
  uA, uB1     use an ability;   xA: discard a fossil;   pB1: Bench 1 becomes your new Active
  w1, c1      which Energy pays a retreat; the target of a copied attack
  done, end   finish your setup; end your turn
Commands: ? or help (this), r or rules (card texts and rules), r NAME (cards named like NAME), q (quit)."""

RULES = """Rules in short (docs/tcg-rules.md has them all): knock out Pokémon to take points (1 for a
Pokémon, 2 for a Pokémon ex); 3 points win, and so does leaving the other player with no Pokémon in play.
Each turn: draw a card, take the Energy shown for this turn (none on the very first turn), attach it
once, play Basics to the Bench, evolve (not on turns 1-2, not a Pokémon played this turn), play Items and
one Supporter, retreat once, then attack (which ends the turn). Weakness adds 20 to damage to the
Active. After turn 30 the battle is a draw."""

ReadLine = Callable[[str], str]


# ------------------------------------------------------------------------------------------- keys


def _spot(slot: int) -> str:
    return "A" if slot == 0 else f"B{slot}"


def _aim(kind: TargetKind, target: int) -> str:
    """A target as a key suffix: a Pokémon's place for slot targets, else the target's number."""
    if kind is TargetKind.NONE:
        return ""
    slots = (TargetKind.OPP_ANY, TargetKind.OPP_BENCH, TargetKind.OPP_BENCH_BASIC)
    if kind in (*slots, TargetKind.OWN_ANY, TargetKind.OWN_BENCH):
        return "@" + _spot(target)
    return f"@{target + 1}"


def action_key(battle: Battle, action: int) -> str:
    """The key of ``action`` (module table): a function of what it does, not of the menu's order."""
    kind, index, target = decode(action)
    state = battle.state
    player = state.players[state.pending[0].player if state.pending else state.current]
    prefix = {
        ActionKind.ATTACH: "e",
        ActionKind.PLACE_ENERGY: "e",
        ActionKind.DISCARD_FOSSIL: "x",
    }
    if kind in prefix:
        return prefix[kind] + _spot(index)
    if kind in (ActionKind.RETREAT, ActionKind.PROMOTE):
        return ("r" if kind is ActionKind.RETREAT else "p") + _spot(index + 1)
    numbered = {ActionKind.RETREAT_ENERGY: "w", ActionKind.COPY_TARGET: "c"}
    numbered |= {ActionKind.SETUP_ACTIVE: "h", ActionKind.SETUP_BENCH: "h"}
    if kind in numbered:
        return f"{numbered[kind]}{index + 1}"
    if kind in (ActionKind.END_TURN, ActionKind.SETUP_DONE):
        return "end" if kind is ActionKind.END_TURN else "done"
    if kind is ActionKind.ATTACK:
        assert player.active is not None
        return f"a{index + 1}" + _aim(battle.facts[player.active.card_id].attacks[index].target.kind, target)
    if kind is ActionKind.ABILITY:
        pokemon = player.slot(index)
        assert pokemon is not None
        ability = next(a for a in battle.card(pokemon.card_id).abilities if not a.is_aura)
        return "u" + _spot(index) + _aim(get_handler(ability.effect.effect_id).target, target)
    card = battle.facts[player.hand[index]]
    if card.is_pokemon and not (card.is_basic_pokemon or card.plays_as_basic):
        return f"h{index + 1}@{_spot(target)}"
    return f"h{index + 1}" + (_aim(card.trainer_target.kind, target) if not card.is_pokemon else "")


def menu(battle: Battle) -> dict[str, int]:
    """Key -> action for every legal action (a hand key also answers for an identical card)."""
    keys = {action_key(battle, action): action for action in battle.legal_actions()}
    player = battle.state.players[HUMAN]
    for position, card_id in enumerate(player.hand):
        first = player.hand.index(card_id)
        if position != first:
            for key, action in list(keys.items()):
                if key.startswith(f"h{first + 1}") and key[len(f"h{first + 1}") :][:1] in ("", "@"):
                    keys[f"h{position + 1}" + key[len(f"h{first + 1}") :]] = action
    return keys


# ---------------------------------------------------------------------------------------- screen


def screen(battle: Battle) -> list[str]:
    """What you see before you choose (module docstring)."""
    state = battle.state
    lines = []
    for index in (1 - HUMAN, HUMAN):
        player = state.players[index]
        now = player.energy_available.value.capitalize() if player.energy_available else "-"
        following = player.energy_next.value.capitalize() if player.energy_next else "-"
        lines.append(
            f"{VOICE.name(index)} ({player.deck_name}): {player.points}/3 points, hand {len(player.hand)}, "
            f"deck {len(player.deck)}, Energy now {now}, next {following}"
        )
        for slot, pokemon in narration.slots(player):
            card = battle.card(pokemon.card_id)
            energy = " ".join(e.value.capitalize() for e in pokemon.energy) or "no Energy"
            status = ", ".join(s.value.capitalize() for s in pokemon.statuses)
            lines.append(
                f"  {'Active' if slot == 0 else f'Bench {slot}'}: {card.name}, HP {card.hp - pokemon.damage}/"
                f"{card.hp}, {energy}" + (f", {status}" if status else "")
            )
    hand = battle.state.players[HUMAN].hand
    lines.append("Your hand: " + ", ".join(f"h{i + 1} {battle.card(c).name}" for i, c in enumerate(hand)))
    lines += [f"Effect: {narration.effect_words(battle, e, VOICE)}" for e in state.active_effects]
    return lines


def card_texts(battle: Battle, name: str = "") -> list[str]:
    """The text of every card you can see (your hand, both sides in play), or of those named like ``name``."""
    state = battle.state
    seen = [*state.players[HUMAN].hand, *(p.card_id for player in state.players for p in player.in_play())]
    cards = [battle.card(card_id) for card_id in dict.fromkeys(seen)]
    if name:
        from darwindeck.tcg.core.catalog import all_cards

        cards = [card for card in all_cards().values() if name.lower() in card.name.lower()]
        cards = list({card.name: card for card in cards}.values())
    lines = [line for card in cards for line in narration.card_text(card)]
    return lines or [f"No card is named like {name!r}."]


# ------------------------------------------------------------------------------------------ loop


class Quit(Exception):
    """The player typed q."""


def choose(view: Battle, console: Console, read: ReadLine) -> int:
    """Show the menu and read keys until one is an action; help, rules and quit are answered. ``view`` is
    what you may know (``Battle.observation``: during setup, not the AI's placement); your legal actions
    are the same in it."""
    keys = menu(view)
    for key, action in keys.items():
        if not (key.startswith("h") and _is_copy(view, key, action)):
            console.print(f"  {key:<7} {narration.describe_action(view, action, VOICE)}")
    while True:
        try:
            typed = read("your move (? for help): ").strip()
        except EOFError:
            raise Quit from None
        word = typed.lower()
        if word in ("q", "quit", "exit"):
            raise Quit
        if word in ("?", "h", "help"):
            console.print(HELP)
        elif word in ("r", "rules"):
            console.print("\n".join([*card_texts(view), "", RULES]))
        elif word.startswith(("r ", "rules ")):
            console.print("\n".join(card_texts(view, typed.split(maxsplit=1)[1])))
        elif word in {key.lower(): key for key in keys}:
            return keys[{key.lower(): key for key in keys}[word]]
        else:
            console.print(f"{typed!r} is not a move now: type one of the keys above, ? for help, q to quit.")


def _is_copy(battle: Battle, key: str, action: int) -> bool:
    """Whether a hand key stands for an identical card listed under an earlier key (not shown twice)."""
    kind, index, _target = decode(action)
    head = key.split("@")[0]
    return (
        kind in (ActionKind.PLAY, ActionKind.SETUP_ACTIVE, ActionKind.SETUP_BENCH) and head != f"h{index + 1}"
    )


def play_battle_in_terminal(
    console: Console, deck: Deck, opponent_deck: Deck, opponent: BattlePlayer, seed: int, read: ReadLine
) -> None:
    """A battle of ``deck`` (you) against ``opponent`` playing ``opponent_deck``, narrated."""
    battle = new_battle(deck, opponent_deck, seed)
    console.print(
        f"Battle: your {deck.name} against the AI's {opponent_deck.name} (seed {seed}). ? for help."
    )
    for line in narration.opening(battle, VOICE):
        console.print(line)
    try:
        while not battle.is_terminal():
            if battle.current_player == HUMAN:
                view = battle.observation(HUMAN)
                console.print("\n" + "\n".join(screen(view)))
                action = choose(view, console, read)
            else:
                action = opponent.choose(battle)
            before, seen = Board.of(battle, VOICE), len(battle.state.action_log)
            battle.apply_action(action)
            for line in narration.narrate(battle, before, battle.state.action_log[seen:], VOICE, HUMAN):
                console.print(line)
    except Quit:
        console.print("You left the battle.")
        return
    console.print(f"Game over after {battle.state.turn} turns.")
