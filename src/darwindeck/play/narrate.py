"""One line per decision, and a line for each public consequence, written for the human's seat.

``describe_decision(before, action, after, genome)`` says what the deciding seat did, e.g. "West plays
8♣ (wild)", "East plays J♥: South is skipped", "East bids 3", "North draws a card", "You draw 5♦".
``describe_events(before, after, rules)`` says what followed without a decision: a trick won, a claim
pile taken, a pot won, cards captured, a hand over with the scores. Both read only ``TableView``
values of the human's seat (``darwindeck.play.view``) and the genome (public rules), so a line can
name a card only when that seat may see it:

* cards played to the discard (unless the discard is face down), the tableau or a trick are named;
* cards put down for a claim, given to or taken from a hand, or drawn are named only for the human's
  own moves (the human sees them arrive in or leave their hand);
* a card played in a play phase whose rank has a special effect adds the effect (seed 000: one per rank,
  the last listed wins), with its target named from the direction of play before the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from darwindeck.engine import layout as L
from darwindeck.genome.cards import Location, Rank, Visibility, card_name, card_rank
from darwindeck.genome.phases import DrawPhase, PlayPhase
from darwindeck.genome.schema import EffectType, GameGenome, SpecialEffect, TargetSelector
from darwindeck.play.view import TableRules, TableView

_BETTING_VERBS = {
    L.A_CHECK: ("checks", "check"),
    L.A_CALL: ("calls", "call"),
    L.A_BET: ("bets", "bet"),
    L.A_RAISE: ("raises", "raise"),
    L.A_ALL_IN: ("goes all in", "go all in"),
    L.A_FOLD: ("folds", "fold"),
}


def _says(view: TableView, actor: int, third: str, second: str, rest: str = "") -> str:
    """ "East plays 7♥" / "You play 7♥": the verb agrees with "You"."""
    verb = second if actor == view.seat else third
    return f"{view.name(actor)} {verb}{' ' + rest if rest else ''}"


def _offset(view: TableView, actor: int, step: int) -> int:
    return (actor + step) % view.n_players


def _new_cards(before: TableView, after: TableView) -> list[int]:
    """Cards in the human's hand after that were not there before (the human sees their own hand)."""
    old = set(before.hand or ())
    return [c for c in after.hand or () if c not in old]


def effect_of(genome: GameGenome, rank: Rank) -> SpecialEffect | None:
    """The special effect a card of ``rank`` triggers (the last one listed for the rank), if any."""
    found = None
    for effect in genome.special_effects:
        if effect.trigger_rank is rank:
            found = effect
    return found


def _clause(view: TableView, player: int, third: str, second: str) -> str:
    """ "East draws 2" / "you draw 2": a clause whose subject is a seat."""
    return f"you {second}" if player == view.seat else f"{view.names[player]} {third}"


def effect_text(view: TableView, actor: int, effect: SpecialEffect) -> str:
    """What an effect does, as a clause: "South draws 2", "you are skipped", "play now goes
    counter-clockwise" (targets follow the direction of play before the card)."""
    step = view.direction
    seats = {
        TargetSelector.NEXT_PLAYER: _offset(view, actor, step),
        TargetSelector.PREV_PLAYER: _offset(view, actor, -step),
        TargetSelector.LEFT_OPPONENT: _offset(view, actor, 1),
        TargetSelector.RIGHT_OPPONENT: _offset(view, actor, -1),
    }
    groups = {
        TargetSelector.ALL_OPPONENTS: "every opponent",
        TargetSelector.RANDOM_OPPONENT: "a random opponent",
        TargetSelector.PLAYER_CHOICE: "the chosen player",
    }
    value = effect.value
    kind = effect.effect_type
    if kind is EffectType.REVERSE_DIRECTION:
        return f"play now goes {'counter-clockwise' if step > 0 else 'clockwise'}"
    if kind is EffectType.EXTRA_TURN:
        return _clause(view, actor, "takes another turn", "take another turn")
    if kind is EffectType.SKIP_NEXT and value > 1:
        return f"the next {value} players are skipped"
    verbs = {
        EffectType.SKIP_NEXT: ("is skipped", "are skipped"),
        EffectType.DRAW_CARDS: (f"draws {value}", f"draw {value}"),
        EffectType.FORCE_DISCARD: (f"discards {value}", f"discard {value}"),
    }
    third, second = verbs[kind]
    if effect.target in seats:
        return _clause(view, seats[effect.target], third, second)
    return f"{groups[effect.target]} {third}"


def _card_play(view: TableView, actor: int, card: int, genome: GameGenome) -> str:
    """A single card played in a play phase (its target and the discard's visibility decide the words)."""
    phase = genome.phases[view.phase_index]
    target = phase.target if isinstance(phase, PlayPhase) else Location.DISCARD
    mine = actor == view.seat
    name = card_name(card)
    if target is Location.DISCARD and genome.setup.discard_visibility is Visibility.FACE_DOWN:
        words = _says(view, actor, "plays", "play", f"{name} face down" if mine else "a card face down")
    elif target in (Location.DISCARD, Location.TABLEAU):
        wild = " (wild)" if card_rank(card) in genome.setup.wild_cards else ""
        where = " to the table" if target is Location.TABLEAU else ""
        words = _says(view, actor, "plays", "play", f"{name}{where}{wild}")
    elif target is Location.OPPONENT_HAND:
        receiver = view.name(_offset(view, actor, view.direction))
        words = _says(view, actor, "gives", "give", f"{name if mine else 'a card'} to {receiver}")
    else:
        where = "onto the deck" if target is Location.DECK else "onto their captured pile"
        words = _says(view, actor, "puts", "put", f"{name if mine else 'a card'} {where}")
    effect = effect_of(genome, card_rank(card))
    return f"{words}: {effect_text(view, actor, effect)}" if effect else words


def _draw(before: TableView, actor: int, after: TableView, genome: GameGenome) -> str:
    phase = genome.phases[before.phase_index]
    source = phase.source if isinstance(phase, DrawPhase) else Location.DECK
    mine = actor == before.seat
    drawn = ", ".join(card_name(c) for c in _new_cards(before, after))
    if source is Location.DISCARD and before.discard_top is not None:
        return _says(before, actor, "takes", "take", f"{card_name(before.discard_top)} from the discard")
    if source is Location.TABLEAU and before.tableau[L.GENERAL_PILE]:
        return _says(
            before, actor, "takes", "take", f"{card_name(before.tableau[L.GENERAL_PILE][-1])} from the table"
        )
    if source is Location.OPPONENT_HAND:
        victim = before.name(_offset(before, actor, before.direction))
        owner = "your" if victim == "You" else f"{victim}'s"
        return _says(
            before, actor, "takes", "take", f"{drawn if mine and drawn else 'a card'} from {owner} hand"
        )
    if source is Location.CAPTURED:
        return _says(before, actor, "takes", "take", "a card from their captured pile")
    return _says(before, actor, "draws", "draw", drawn if mine and drawn else "a card")


def describe_decision(before: TableView, action: int, after: TableView, genome: GameGenome) -> str:
    """The one line that tells the human's seat what ``before.current_player`` did with ``action``."""
    actor = before.current_player
    kind = before.phase_kind
    mine = actor == before.seat
    if 0 <= action < L.FULL_DECK:
        if kind == L.K_TRICK and not before.trick:
            return _says(before, actor, "leads", "lead", card_name(action))
        if kind == L.K_TRICK:
            return _says(before, actor, "plays", "play", card_name(action))
        if kind == L.K_CLAIM:
            return _says(before, actor, "puts", "put", f"{card_name(action) if mine else 'a card'} face down")
        if kind == L.K_DISCARD and genome.setup.discard_visibility is not Visibility.FACE_DOWN:
            return _says(before, actor, "discards", "discard", card_name(action))
        if kind == L.K_DISCARD:
            return _says(before, actor, "discards", "discard", card_name(action) if mine else "a card")
        return _card_play(before, actor, action, genome)
    if action == L.A_DRAW:
        return _draw(before, actor, after, genome)
    if action == L.A_PASS:
        return _says(before, actor, "passes", "pass")
    if action in _BETTING_VERBS:
        third, second = _BETTING_VERBS[action]
        return _says(before, actor, third, second, f"(pot {after.pot})")
    if L.A_BID0 <= action <= L.A_BID0 + L.MAX_BID:
        bid = action - L.A_BID0
        return _says(before, actor, "bids", "bid", "Nil" if after.nil[actor] else str(bid))
    if action == L.A_CHALLENGE:
        return _says(before, actor, "challenges", "challenge", "the claim")
    if action == L.A_NO_CHALLENGE:
        return _says(before, actor, "does not challenge", "do not challenge")
    if L.A_SET0 <= action < L.A_TARGET0:
        size = (action - L.A_SET0) // L.N_RANKS + 2
        rank = Rank.from_code((action - L.A_SET0) % L.N_RANKS)
        line = _says(before, actor, "plays", "play", f"{size}×{rank.value}")
        effect = effect_of(genome, rank)
        return f"{line}: {effect_text(before, actor, effect)}" if effect else line
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return _says(before, actor, "chooses", "choose", before.name(action - L.A_TARGET0))
    rank = Rank.from_code(action - L.A_CLAIM_RANK0)
    return _says(before, actor, "claims", "claim", f"{rank.value}s")


def _grew(before: Sequence[int], after: Sequence[int]) -> list[int]:
    return [p for p, (b, a) in enumerate(zip(before, after, strict=True)) if a > b]


def scores_text(view: TableView, rules: TableRules) -> str:
    """ "Scores: North 12, East 3, ..." ("Scores: North+South 120, East+West 80" in team mode); in a game
    without scores, the cards each seat holds: "Cards left: North 3, East 0, ..."."""
    if not rules.keeps_score:
        return "Cards left: " + ", ".join(
            f"{view.names[p]} {view.hand_sizes[p]}" for p in range(view.n_players)
        )
    if rules.teams:
        parts = [
            "+".join(view.names[p] for p in team) + f" {view.team_scores[i]}"
            for i, team in enumerate(rules.teams)
        ]
    else:
        parts = [f"{view.names[p]} {view.scores[p]}" for p in range(view.n_players)]
    return "Scores: " + ", ".join(parts)


def describe_events(before: TableView, after: TableView, rules: TableRules) -> list[str]:
    """Public consequences between two views of the human's seat that no decision line has said."""
    lines: list[str] = []
    new_hand = after.hand_number != before.hand_number
    if after.tricks_played > before.tricks_played and not new_hand:
        for player in _grew(before.tricks_won, after.tricks_won):
            lines.append(_says(after, player, "wins", "win", "the trick"))
    if before.claim_pile_size and not after.claim_pile_size:
        takers = _grew(before.hand_sizes, after.hand_sizes)
        if takers:
            lines.append(
                _says(after, takers[0], "takes", "take", f"the claim pile ({before.claim_pile_size} cards)")
            )
    if before.pot and not after.pot:
        for player in _grew(before.chips, after.chips):
            lines.append(_says(after, player, "wins", "win", f"the pot ({before.pot})"))
    if not new_hand and not rules.has_tricks:
        for player in _grew(before.captured_sizes, after.captured_sizes):
            gained = after.captured_sizes[player] - before.captured_sizes[player]
            lines.append(
                _says(after, player, "captures", "capture", f"{gained} card{'s' if gained > 1 else ''}")
            )
    if after.hand_number > before.hand_number:
        lines.append(f"Hand {before.hand_number} is over. {scores_text(after, rules)}")
        lines.append(f"Hand {after.hand_number} is dealt.")
    return lines
