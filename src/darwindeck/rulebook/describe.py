"""Win conditions and special effects as sentences, with the semantics of ``genome.schema``.

Rules:

* Win conditions follow the table in ``darwindeck.genome.schema``; in team mode the subject is the team
  and scores, captures and tricks are team totals (spec 003). A threshold a type needs but lacks is a
  ``GenomeValidationError`` naming ``win_conditions[i].threshold``.
* Special effects follow spec 000: one effect per rank and the last one listed wins, so only the
  effective effect of each rank is described, in rank order (2 … A). A skip's count is capped at
  players − 1; skip, reverse and extra turn ignore the target; draw and force-discard stop early when
  the deck or the hand runs out.
"""

from __future__ import annotations

from darwindeck.errors import GenomeValidationError
from darwindeck.genome.cards import Location, Rank
from darwindeck.genome.schema import EffectType, GameGenome, SpecialEffect, TableauMode, WinCondition, WinType
from darwindeck.rulebook import words
from darwindeck.rulebook.statements import hands_end_empty, most_hands

#: The effect types that move or change turns, so play order needs explaining.
TURN_ORDER_EFFECTS = frozenset({EffectType.SKIP_NEXT, EffectType.REVERSE_DIRECTION, EffectType.EXTRA_TURN})

_EFFECT_NAMES = {
    EffectType.SKIP_NEXT: "Skip",
    EffectType.REVERSE_DIRECTION: "Reverse",
    EffectType.DRAW_CARDS: "Draw cards",
    EffectType.EXTRA_TURN: "Extra turn",
    EffectType.FORCE_DISCARD: "Force discard",
    EffectType.NAME_SUIT: "Name a suit",
}
_TARGETLESS = frozenset(
    {EffectType.SKIP_NEXT, EffectType.REVERSE_DIRECTION, EffectType.EXTRA_TURN, EffectType.NAME_SUIT}
)

_NO_VALUE = "—"
#: A threshold reached while the best score is shared does not end the game (``engine.wins``).
_PLAYED_ON = "If the best score is shared at that moment, play goes on until one is best alone."


def _one_hand(genome: GameGenome) -> bool:
    """Whether the game deals one hand only (``statements.most_hands``)."""
    bound = most_hands(genome)
    return bound is not None and bound[0] == 1


def describe_win(win: WinCondition, index: int, genome: GameGenome) -> str:
    """One sentence for ``genome.win_conditions[index]``."""
    who = "team" if genome.team_mode else "player"
    threshold = win.threshold
    kind = win.type
    if kind is WinType.EMPTY_HAND:
        if genome.team_mode:
            return "The first team with a member who empties their hand wins."
        return "The first player to empty their hand wins."
    if kind is WinType.ALL_HANDS_EMPTY and hands_end_empty(genome):  # then the first hand ends the game
        return f"When the hand ends, the {who} with the highest score wins (a tie is a draw)."
    if kind is WinType.ALL_HANDS_EMPTY:
        return (
            f"At the end of a hand, if every hand is empty, the game ends and the {who} with the highest "
            "score wins."
        )
    if kind in (WinType.HIGH_SCORE, WinType.LOW_SCORE):
        extreme = "highest" if kind is WinType.HIGH_SCORE else "lowest"
        if threshold is None:
            which = "the hand" if _one_hand(genome) else "each hand"
            return f"At the end of {which}, the {who} with the {extreme} score wins (a tie is a draw)."
        scorer = "a team's score" if genome.team_mode else "any player's score"
        points = words.count(threshold, "point")
        return (
            f"At the end of a hand in which {scorer} has reached {points} or more, the game ends and the "
            f"{who} with the {extreme} score wins (not before: a hand is always played out). {_PLAYED_ON}"
        )
    if kind is WinType.FIRST_TO_SCORE:
        points = words.count(_threshold(win, index, genome), "point")
        return f"The first {who} to reach {points} wins. {_PLAYED_ON}"
    if kind is WinType.SCORE_THRESHOLD:
        points = words.count(_threshold(win, index, genome), "point")
        return f"A {who} whose score is at least {points} at the end of a hand wins. {_PLAYED_ON}"
    if kind is WinType.HANDS_PLAYED:
        hands = words.count(_threshold(win, index, genome), "hand")
        return f"The game lasts {hands}: then the {who} with the highest score wins (a tie is a draw)."
    if kind is WinType.SCORE_FLOOR:
        points = words.count(_threshold(win, index, genome), "point")
        return (
            f"When a {who}'s score falls to {points} or below at the end of a hand, the game ends and the "
            f"{who} with the highest score wins. {_PLAYED_ON}"
        )
    return _describe_card_win(kind, genome)


def captures_only_tricks(genome: GameGenome) -> bool:
    """Whether the cards of won tricks are the only cards a player captures (``engine.tricks``; no
    capturing tableau, no phase that puts cards on the captured pile): "captured" then means "won in
    tricks", which is what a reader of a trick game understands."""
    capturing = genome.setup.tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK)
    placed = any(getattr(phase, "target", None) is Location.CAPTURED for phase in genome.phases)
    return genome.turn_structure.has_tricks and not capturing and not placed


def _describe_card_win(kind: WinType, genome: GameGenome) -> str:
    team = genome.team_mode
    if kind is WinType.CAPTURE_ALL:
        if team:
            return "A team whose members together hold or have captured every card wins."
        return "A player who holds or has captured every card wins."
    if kind is WinType.MOST_CAPTURED:
        if captures_only_tricks(genome):
            who = "team whose members together won" if team else "player who won"
            return f"When the cards run out, the {who} the most cards in tricks wins."
        who = "team whose members together captured" if team else "player who captured"
        return f"When the cards run out, the {who} the most cards wins."
    if kind is WinType.BEST_HAND:
        ranked = "hands are ranked as the scoring rules describe"
        if team:
            return f"At the showdown, the team holding the best hand among its members wins ({ranked})."
        return f"At the showdown, the player with the best hand wins ({ranked})."
    extreme = "most" if kind is WinType.MOST_TRICKS else "fewest"
    who = "team whose members together took" if team else "player who took"
    return f"At the end of a hand, the {who} the {extreme} tricks wins."


def _threshold(win: WinCondition, index: int, genome: GameGenome) -> int:
    if win.threshold is None:
        place = f"win_conditions[{index}].threshold"
        raise GenomeValidationError(genome.name, [f"{place}: {win.type.value} needs a threshold"])
    return win.threshold


def effective_effects(genome: GameGenome) -> list[SpecialEffect]:
    """The effect each rank really has (the last one listed for it), in rank order."""
    by_rank: dict[Rank, SpecialEffect] = {}
    for effect in genome.special_effects:
        by_rank[effect.trigger_rank] = effect
    return [by_rank[rank] for rank in Rank if rank in by_rank]


def effect_row(effect: SpecialEffect, player_count: int) -> tuple[str, str, str, str, str]:
    """``(card, effect, target, value, sentence)`` for the Special cards table."""
    targetless = effect.effect_type in _TARGETLESS
    target = _NO_VALUE if targetless else words.target(effect.target)
    shown_value = _NO_VALUE
    if effect.effect_type is EffectType.SKIP_NEXT:
        shown_value = str(_capped_skip(effect, player_count))
    elif not targetless:
        shown_value = str(effect.value)
    return (
        effect.trigger_rank.value,
        _EFFECT_NAMES[effect.effect_type],
        target,
        shown_value,
        describe_effect(effect, player_count),
    )


def describe_effect(effect: SpecialEffect, player_count: int) -> str:
    """``"Playing a J skips the next player."``"""
    playing = f"Playing {words.rank_with_article(effect.trigger_rank)}"
    kind = effect.effect_type
    if kind is EffectType.SKIP_NEXT:
        return f"{playing} {_skip_text(effect, player_count)}."
    if kind is EffectType.REVERSE_DIRECTION:
        unchanged = " (with 2 players this changes nothing)" if player_count == 2 else ""
        return f"{playing} reverses the direction of play{unchanged}."
    if kind is EffectType.EXTRA_TURN:
        return f"{playing} gives you another turn."
    if kind is EffectType.NAME_SUIT:
        return (
            f"{playing} lets you name a suit: while that card is on top of the discard pile it counts as "
            "a card of the named suit."
        )
    cards = words.count(effect.value, "card")
    who = words.target(effect.target)
    if kind is EffectType.DRAW_CARDS:
        return f"{playing} makes {who} draw {cards} from the deck (fewer if it runs out)."
    return f"{playing} makes {who} discard {cards} onto the discard pile (fewer if their hand runs out)."


def _capped_skip(effect: SpecialEffect, player_count: int) -> int:
    return max(0, min(effect.value, player_count - 1))


def _skip_text(effect: SpecialEffect, player_count: int) -> str:
    skipped = _capped_skip(effect, player_count)
    if skipped == 0:
        return "skips nobody"
    text = "skips the next player" if skipped == 1 else f"skips the next {skipped} players"
    if effect.value > skipped:
        text += f" (no more than {skipped} can be skipped)"
    if skipped == player_count - 1:
        text += ", so you play again"
    return text
