"""How a game differs from a known one, in words, generated from the novelty features.

``difference_clauses(genome, known)`` compares two ``novelty.Features`` records feature by feature and
returns a ``Clause`` for each difference, the biggest first by its weighted share of ``genome_distance``
(``novelty.WEIGHTS``; the bidding flag is counted with the phases, since a bidding phase is a phase):

================  ========================================================================================
feature           words
================  ========================================================================================
phases            the edit script from the known game's phase kinds to the genome's
                  (``novelty.edit_script``): an added phase "after every <previous phase>" (or "before
                  every <next phase>" when it comes first), "no <phase>" for a removed one, "<phase>
                  instead of <phase>" for a replaced one; a second copy of a kind is "a second …"
deck              "a 32-card deck"
player count      "for 3 players"
cards dealt       "7 cards dealt to each" (part of the numbers feature)
win types         "won by the most tricks instead of the first to a target score"; "also won by …";
                  "not won by …"
effects           rank by rank: "an eight that names a suit", "no special jack", "a two that makes the next
                  player draw 4 instead of 2"
teams             "in partnerships", "in teams of 3", "without partnerships"
scoring           "other card scoring (2 added, 1 dropped)"; a hand evaluation by name ("hands valued as
                  poker hands")
tableau           "capturing by rank from the table instead of no shared table"
numbers           "a fixed trump suit" / "no fixed trump suit", "betting chips" / "no chips", "wild cards"
                  / "no wild cards" (the turn limit is an engine limit, never put in words)
================  ========================================================================================

``describe_difference(name, genome, known, limit)`` joins the ``limit`` biggest clauses after the known
game's name: "Whist, with a Cheat claim after every trick"; "Hearts, with a 32-card deck and no passing";
"Hearts for 3 players, with …". "for N players" follows the name; clauses that take "with" are joined
under one "with"; the others ("won by …", "in partnerships") follow, each after a comma; past the
limit, "(and N smaller differences)". Equal features give "the same
rules as <name>". Nothing here is written per game: every word comes from the feature difference.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from darwindeck.evolve.novelty import WEIGHTS, Edit, Features, edit_script, feature_distances
from darwindeck.genome.cards import Rank
from darwindeck.genome.schema import EffectType, EvaluationMethod, TableauMode, WinType

#: Per phase kind: the phrase for an added phase, for a removed one, and the noun after "every".
PHASE_WORDS: dict[str, tuple[str, str, str]] = {
    "ask": ("asking another player for a rank", "no asking", "ask"),
    "auction": ("an auction for the contract", "no auction", "auction"),
    "betting": ("a betting round", "no betting", "betting round"),
    "bidding": ("a bid for a number of tricks", "no bidding", "bid"),
    "claim": ("a Cheat claim", "no Cheat claims", "claim"),
    "count": ("a counting play", "no counting play", "counting play"),
    "discard": ("a discard", "no discard", "discard"),
    "draw": ("a draw", "no drawing", "draw"),
    "knock": ("a knock", "no knocking", "knock"),
    "pass": ("a passing round", "no passing", "passing round"),
    "play": ("a play to the table", "no play to the table", "play"),
    "trick": ("a trick", "no tricks", "trick"),
    "trump": ("a trump-choosing round", "no trump-choosing", "trump choice"),
}
WIN_WORDS: dict[WinType, str] = {
    WinType.EMPTY_HAND: "going out first",
    WinType.HIGH_SCORE: "the highest score",
    WinType.LOW_SCORE: "the lowest score",
    WinType.FIRST_TO_SCORE: "the first to a target score",
    WinType.CAPTURE_ALL: "capturing every card",
    WinType.MOST_CAPTURED: "the most cards captured",
    WinType.ALL_HANDS_EMPTY: "everyone going out",
    WinType.BEST_HAND: "the best hand",
    WinType.MOST_TRICKS: "the most tricks",
    WinType.FEWEST_TRICKS: "the fewest tricks",
    WinType.SCORE_THRESHOLD: "reaching a score threshold",
    WinType.SCORE_FLOOR: "a score floor",
    WinType.HANDS_PLAYED: "the highest score after a set number of hands",
}
EFFECT_WORDS: dict[EffectType, str] = {
    EffectType.SKIP_NEXT: "skips the next player",
    EffectType.REVERSE_DIRECTION: "reverses the direction of play",
    EffectType.DRAW_CARDS: "makes the next player draw {value}",
    EffectType.EXTRA_TURN: "gives another turn",
    EffectType.FORCE_DISCARD: "forces a discard",
    EffectType.NAME_SUIT: "names a suit",
}
TABLEAU_WORDS: dict[TableauMode, str] = {
    TableauMode.NONE: "no shared table",
    TableauMode.WAR: "war battles on the table",
    TableauMode.MATCH_RANK: "capturing by rank from the table",
    TableauMode.SEQUENCE: "building sequences on the table",
}
EVALUATION_WORDS: dict[EvaluationMethod, str] = {
    EvaluationMethod.HIGH_CARD: "hands valued by their highest card",
    EvaluationMethod.POKER: "hands valued as poker hands",
    EvaluationMethod.POINT_TOTAL: "hands valued by their point total",
    EvaluationMethod.DEADWOOD: "hands valued by their unmatched cards",
}
#: The numbers feature's switches, by position in ``Features.numbers``: words when on, when off.
SWITCH_WORDS: dict[int, tuple[str, str]] = {
    2: ("wild cards", "no wild cards"),
    3: ("a fixed trump suit", "no fixed trump suit"),
    4: ("betting chips", "no chips"),
}
DEFAULT_LIMIT = 3
PLAYERS_PREFIX = "for "


@dataclass(frozen=True)
class Clause:
    """One difference in words: ``text``, whether it reads after "with", and its weight (its feature's
    weighted distance, shared among the feature's clauses)."""

    text: str
    with_: bool
    weight: float


def _rank_word(rank: Rank) -> str:
    word = rank.name.lower()
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _placed(edit: Edit, phases: tuple[str, ...]) -> str:
    assert edit.new is not None
    added = PHASE_WORDS[edit.new][0]
    if phases.count(edit.new) > 1 and edit.old is None:
        added = f"a second {PHASE_WORDS[edit.new][2]}"
    if edit.old is not None:
        return f"{added} instead of the {PHASE_WORDS[edit.old][2]}"
    if edit.index > 0:
        return f"{added} after every {PHASE_WORDS[phases[edit.index - 1]][2]}"
    if edit.index + 1 < len(phases):
        return f"{added} before every {PHASE_WORDS[phases[edit.index + 1]][2]}"
    return f"{added} every turn"


def _phase_texts(genome: Features, known: Features) -> list[str]:
    texts = []
    for edit in edit_script(known.phase_kinds, genome.phase_kinds):
        if edit.new is None:
            assert edit.old is not None
            still = edit.old in genome.phase_kinds
            texts.append(f"one {PHASE_WORDS[edit.old][2]} fewer" if still else PHASE_WORDS[edit.old][1])
        else:
            texts.append(_placed(edit, genome.phase_kinds))
    return list(dict.fromkeys(texts))


def _wins_text(genome: Features, known: Features) -> str:
    def words(wins: frozenset[WinType]) -> str:
        return " or ".join(sorted(WIN_WORDS[win] for win in wins))

    added, removed = genome.win_types - known.win_types, known.win_types - genome.win_types
    if added and removed:
        return f"won by {words(added)} instead of {words(removed)}"
    return f"also won by {words(added)}" if added else f"not won by {words(removed)}"


def _effect_texts(genome: Features, known: Features) -> list[str]:
    def does(effect: tuple[EffectType, object, int]) -> str:
        return EFFECT_WORDS[effect[0]].format(value=effect[2])

    texts = []
    for rank in sorted(set(genome.effects) | set(known.effects), key=list(Rank).index):
        mine, theirs = genome.effects.get(rank), known.effects.get(rank)
        if mine == theirs:
            continue
        if mine is None:
            texts.append(f"no special {rank.name.lower()}")
        elif theirs is None:
            texts.append(f"{_rank_word(rank)} that {does(mine)}")
        else:
            texts.append(f"{_rank_word(rank)} that {does(mine)} instead of one that {does(theirs)}")
    return texts


def _teams_text(genome: Features, known: Features) -> str:
    sizes = genome.team_sizes
    if sizes is None:
        return "without partnerships"
    if set(sizes) == {2}:
        return "in partnerships"
    return "in teams of " + "/".join(map(str, sizes))


def _scoring_texts(genome: Features, known: Features) -> list[str]:
    def evaluation(items: frozenset[Hashable]) -> set[EvaluationMethod]:
        found = set()
        for item in items:
            if isinstance(item, tuple) and item[0] == "hand_evaluation":
                assert isinstance(item[1], EvaluationMethod)
                found.add(item[1])
        return found

    mine, theirs = evaluation(genome.scoring_items), evaluation(known.scoring_items)
    texts = [EVALUATION_WORDS[method] for method in sorted(mine - theirs, key=list(EvaluationMethod).index)]
    texts += [f"no {EVALUATION_WORDS[m]}" for m in sorted(theirs - mine, key=list(EvaluationMethod).index)]
    added = len(genome.scoring_items - known.scoring_items) - len(mine - theirs)
    dropped = len(known.scoring_items - genome.scoring_items) - len(theirs - mine)
    if added or dropped:
        counts = [f"{count} {verb}" for count, verb in ((added, "added"), (dropped, "dropped")) if count]
        texts.append(f"other card scoring ({', '.join(counts)})")
    return texts


def _number_clauses(genome: Features, known: Features, weight: float) -> list[Clause]:
    clauses = []
    if genome.cards_dealt != known.cards_dealt and genome.cards_dealt and known.cards_dealt:
        share = abs(genome.numbers[0] - known.numbers[0]) / len(genome.numbers)
        clauses.append(Clause(f"{genome.cards_dealt} cards dealt to each", True, weight * share))
    for index, (on, off) in SWITCH_WORDS.items():
        mine, theirs = genome.numbers[index], known.numbers[index]
        if mine != theirs:
            share = abs(mine - theirs) / len(genome.numbers)
            clauses.append(Clause(on if mine > theirs else off, True, weight * share))
    return clauses


def _split(texts: list[str], with_: bool, weight: float) -> list[Clause]:
    return [Clause(text, with_, weight / len(texts)) for text in texts]


def difference_clauses(genome: Features, known: Features) -> list[Clause]:
    """The differences of ``genome`` from ``known`` in words, the biggest first (module table)."""
    distances = feature_distances(genome, known)
    weighted = {name: WEIGHTS[name] * distance for name, distance in distances.items()}
    clauses: list[Clause] = []
    if distances["phases"] or distances["bidding"]:
        texts = _phase_texts(genome, known)
        clauses += _split(texts, True, weighted["phases"] + weighted["bidding"])
    if genome.deck != known.deck:
        clauses.append(Clause(f"a {genome.deck_size}-card deck", True, weighted["deck"]))
    if genome.player_count != known.player_count:
        count = genome.player_count
        text = f"{PLAYERS_PREFIX}{count} player{'s' if count > 1 else ''}"
        clauses.append(Clause(text, False, weighted["player_count"]))
    if genome.win_types != known.win_types:
        clauses.append(Clause(_wins_text(genome, known), False, weighted["win_types"]))
    if distances["effects"]:
        clauses += _split(_effect_texts(genome, known), True, weighted["effects"])
    if distances["teams"]:
        clauses.append(Clause(_teams_text(genome, known), False, weighted["teams"]))
    if distances["scoring"]:
        clauses += _split(_scoring_texts(genome, known), True, weighted["scoring"])
    if genome.tableau_mode != known.tableau_mode:
        text = f"{TABLEAU_WORDS[genome.tableau_mode]} instead of {TABLEAU_WORDS[known.tableau_mode]}"
        clauses.append(Clause(text, True, weighted["tableau_mode"]))
    clauses += _number_clauses(genome, known, WEIGHTS["numbers"])
    order = {id(clause): index for index, clause in enumerate(clauses)}
    return sorted(clauses, key=lambda clause: (-clause.weight, order[id(clause)]))


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_difference(name: str, genome: Features, known: Features, limit: int = DEFAULT_LIMIT) -> str:
    """One sentence: ``name`` and the ``limit`` biggest differences (module docstring)."""
    clauses = difference_clauses(genome, known)
    if not clauses:
        return f"the same rules as {name}"
    shown, rest = clauses[:limit], len(clauses) - limit
    head = name + "".join(f" {c.text}" for c in shown if c.text.startswith(PLAYERS_PREFIX))
    withs = [clause.text for clause in shown if clause.with_]
    parts = [c.text for c in shown if not c.with_ and not c.text.startswith(PLAYERS_PREFIX)]
    if withs:
        parts.insert(0, "with " + _join(withs))
    sentence = ", ".join([head, *parts])
    return sentence + (f" (and {rest} smaller difference{'s' if rest > 1 else ''})" if rest > 0 else "")
