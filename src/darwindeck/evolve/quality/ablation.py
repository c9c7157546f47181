"""Dead rules: found by exact static checks and by replaying seeded games without each rule.

**Removable rules.** ``removable_rules(genome)`` lists every rule that can be taken out of a genome, each
with the genome without it. The kinds are a registry (``RULE_KINDS``, extended with
``register_rule_kind``), in this order:

==================  ===================================================================================
phase               a phase of the turn (a bidding phase takes its contract scoring with it)
condition           a phase's condition (draw ``condition``, play ``valid_play_condition``, discard
                    ``matching_condition``), or one operand of a compound condition
phase option        a draw phase's ``loop``; a trick phase's ``trump_suit`` or ``breaking_suit``; its
                    ``clean_first_trick`` where no card rule scores trick wins (then always dead)
special effect      a card-triggered effect (spec 000)
win condition       one of two or more win conditions
card scoring        a card-scoring rule
hand evaluation     ``scoring.hand_evaluation``
tableau mode        the tableau mode (→ none; spec 001)
teams               team play (spec 003)
setup rule          ``setup.trump_suit``, ``setup.turned_trump``, each wild rank, ``refill_hands``, the
                    opening discard
book scoring        ``book_scoring`` (points for tricks beyond a book)
==================  ===================================================================================

A removal that leaves the genome invalid (``validation.validate``) is repaired by ``repair.vet``;
one that cannot be made valid is not removable (the rule is structural).

**Dead-only rules** (``DEAD_ONLY_KINDS``; ``ablation_rules`` lists the removable rules, then these): a
pass phase's cycle cut to its first direction, and the cycle without its hold hands (when that is not
the same cut) (``pass cycle``); the first lead and the clean first trick of a trick phase after the
turn's first trick phase (``first-trick rule``; a clean first trick where no card scores is a removable
rule already). They are simplifications the ablation tries for death, statically and by replay, and
not removable rules: the idle test and the simplification (``quality.idle``, ``quality.simplify``) do
not offer them, so a cycle a game plays (Hearts' left, right, across, hold over many hands) is never
cut for being idle. The demo's Gilded Bazaar (2026-11-28) kept Hearts' four-hand cycle in a game decided
in one hand, and its rulebook told a stranger how hands 2, 3 and 4 pass, hands that never come.

**Hands a game can deal** (``most_hands``, from ``rulebook.statements``, whose module rules state it,
so the rulebook and the ablation share one bound): a second hand is dealt only when the win conditions
judged at a hand's end are all unmet, or when a hand is thrown in; a game ends by the end of hand 1
when a win condition met at every hand's end is present, and by the end of hand n with
``hands_played`` n.

**Static checks** (exact: such a rule cannot change any game; ``static_dead``):

* special effects in a game without a play phase (effects fire only on cards played in one);
* card-scoring rules and book scoring when nothing reads scores: no win condition decided by scores
  (``high_score``, ``low_score``, ``first_to_score``, ``score_threshold``, ``all_hands_empty``) and no
  ``score_compare`` condition; card-scoring rules triggered by trick wins in a game without tricks;
* a hand evaluation when nothing reads hand values: no ``best_hand`` win, no ``hand_value`` condition and
  no betting phase (whose showdown awards the pot by them);
* a trick phase's trump or breaking suit, or a setup trump or turned trump, in a game without tricks
  and without a ``has_trump`` condition;
* a clean first trick (no card that scores may be played to the first trick) where no card rule scores
  a trick's cards: the engine's test of a scoring card is then always false. Only then is it a
  removable rule (where cards score, what it forbids is the point of the rule, and it stays). The
  other way round, a card rule scoring trick wins is never statically dead beside a clean first trick,
  which reads it (removing it lets its cards onto the first trick), even when nothing reads scores;
* a pass-cycle simplification under which every hand the game can deal passes to the same seat as
  before (``pass_seat``: left is 1 seat, right n − 1, across n/2 rounded down, hold none, as
  ``engine.passing`` counts them; hand h passes ``directions[(h − 1) mod length]``): within
  ``most_hands`` hands when they are bounded (a game decided in one hand uses only the first
  direction), else over every hand (at two players left, right and across are all the opponent, so a
  cycle of them collapses to its first direction);
* a pass phase whose every direction is ``hold``: nobody ever passes, it moves no card and asks
  nothing;
* a first-trick rule of a trick phase after the turn's first trick phase, when the phases before that
  one take no card from a hand (bidding, trump, pass, auction) and cards are dealt: every hand starts
  at the turn's first phase (``engine.deals.new_hand``), so the hand's first trick is the first trick
  phase's, and the engine applies first-trick rules only before a hand's first trick is played. Found in
  Ember Whirl (the hearts run of 2026-11-28): Hearts' "the holder of 2♣ leads it" in a second trick
  phase, whose rulebook said the 2♣ leads a first trick another phase plays;
* a win condition on a score target (``high_score`` with a threshold, ``low_score``,
  ``score_threshold``, ``first_to_score``: met once a side's score reaches it) that no side can reach
  (*unreachable targets*, ``most_points``): when the game deals at most n hands (``most_hands``) and a
  score moves only when a trick is won (only trick and pass phases, every card rule scoring trick wins,
  no moon, contract, maker or book scoring), a side holds at most n × the sum, over the deck's cards, of
  the positive points of every rule that may score the card (a condition on the card's rank or suit
  names what it matches; any other condition may match anything). Exact for the rules: the condition is
  never met, so every sequence of actions ends as before. A player whose evaluation reads the first win
  condition (greedy and search, ``agents.mcts``) may play otherwise without it: it was chasing a target
  the game cannot reach. Found in Crimson Jester (the hearts run of 2026-11-28): "lowest score once
  someone reaches 156" first, in a game that ends after one hand in which only the Q♠ scores (13).

**Replay** (``ablate``): the genome's seeded games (``GREEDY_GAMES`` of greedy self-play and ``RANDOM_GAMES``
of stateless random self-play, ``agents.batch``'s digest per game) are replayed without each rule of
``ablation_rules`` in turn; a rule whose removal leaves every game's digest unchanged (the same cards, draws,
bids and claims to the same outcome) is **dead** and is stripped at once: the next rules are tested on the
stripped genome, which plays the very same games. A variant is replayed ``REPLAY_CHUNK`` games at a time and
dropped at the first game that differs, so a live rule costs a few games and only a dead one costs them all
(game i of a batch is dealt from the batch seed and i whoever plays it, so a chunk replays exactly the
baseline's games); the random games are replayed before the greedy ones (the verdict is the same in any order,
and a random game is the cheaper). A rule found live is not tested again after a later strip. The result is
the *live genome*: it plays every replayed game as the original did and carries no rule that those games
showed to be dead.

**Turn caps.** A replayed game that is the baseline's game lasts as many turns; so each batch's replays
are played with the turn limit lowered to one more than the most turns a baseline game of that batch
lasted (``Baseline.caps``; the step budget stays the genome's). A replay that reaches the cap has already
outlasted every baseline game and ends there by the turn limit, its digest (which mixes in the turns)
differing as it would have anyway: the same verdicts, without playing to the genome's turn limit the games
a removal made endless.

**Games that are no game.** When the baseline's greedy games fail the screening's test of a game
(``quality.play.is_game``: more than 40 % of them without a winner, or more than 5 % stopped by the
step budget), nothing is replayed: only the static checks strip rules. The baseline's greedy games are
played ``REPLAY_CHUNK`` at a time and stop as soon as that test is certain to fail (more than 9 of the
24 without a winner, or more than 1 stopped); its random games are then not played. Such a genome is
gated by the screening on its own games all but surely, and every replay of it runs to the turn limit:
in the demo's run of 2026-11-28, Dusky Whirl (every greedy game 10,000 turns, over 6,000 hands) cost
18.8 CPU s for its baseline alone, a tenth of the whole run's evaluations.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from darwindeck.agents import batch as B
from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.mutations._edit import removed_at, replaced_at, with_phases, with_setup
from darwindeck.evolve.quality.play import (
    GREEDY,
    STATELESS,
    Games,
    batch_seed,
    is_game,
    never_a_game,
    play,
    play_in_chunks,
)
from darwindeck.evolve.repair import vet
from darwindeck.genome.cards import Rank, Suit
from darwindeck.genome.conditions import CompoundCondition, ConditionLike, ConditionType, Logic
from darwindeck.genome.phases import (
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    DiscardPhase,
    DrawPhase,
    PassDirection,
    PassPhase,
    Phase,
    PlayPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    SCORE_WINS,
    GameGenome,
    Scoring,
    ScoringTrigger,
    TableauMode,
    WinType,
)
from darwindeck.rulebook.statements import most_hands

GREEDY_GAMES = 24
RANDOM_GAMES = 48
#: Games replayed at a time when a rule is tested (the test stops at the first chunk that differs).
REPLAY_CHUNK = 4


@dataclass(frozen=True)
class Rule:
    """A removable rule: where it is, its kind, a description, what was removed (``key``: its content,
    stable when other rules are stripped around it) and the genome without it."""

    path: str
    kind: str
    text: str
    key: str
    without: GameGenome


RuleKind = Callable[[GameGenome], Iterator[Rule]]


@dataclass(frozen=True)
class DeadRule:
    """A rule found dead, and how."""

    path: str
    kind: str
    text: str
    reason: str


# ------------------------------------------------------------------------------------------ rule kinds


def _rule(path: str, kind: str, text: str, item: object, without: GameGenome) -> Rule:
    return Rule(path, kind, text, repr(item), without)


def _replace(phase: Phase, **changes: Any) -> Phase:
    return dataclasses.replace(phase, **changes)


def _with_phase(genome: GameGenome, index: int, phase: Phase) -> GameGenome:
    return with_phases(genome, replaced_at(genome.phases, index, phase))


def _phases(genome: GameGenome) -> Iterator[Rule]:
    for i, phase in enumerate(genome.phases):
        without = with_phases(genome, removed_at(genome.phases, i))
        if isinstance(phase, BiddingPhase):
            without = without.replace(contract_scoring=None)
        text = f"phase {i + 1} ({type(phase).__name__})"
        yield _rule(f"turn_structure.phases[{i}]", "phase", text, phase, without)


def _condition_field(phase: Phase) -> str | None:
    if isinstance(phase, DrawPhase):
        return "condition"
    if isinstance(phase, PlayPhase):
        return "valid_play_condition"
    if isinstance(phase, DiscardPhase):
        return "matching_condition"
    return None


def _without_operand(condition: CompoundCondition, index: int) -> ConditionLike:
    rest = removed_at(condition.conditions, index)
    return rest[0] if len(rest) == 1 else CompoundCondition(condition.logic, rest)


def _conditions(genome: GameGenome) -> Iterator[Rule]:
    for i, phase in enumerate(genome.phases):
        field = _condition_field(phase)
        condition = getattr(phase, field) if field else None
        if field is None or condition is None:
            continue
        path = f"turn_structure.phases[{i}].{field}"
        without = _with_phase(genome, i, _replace(phase, **{field: None}))
        yield _rule(path, "condition", f"the condition of phase {i + 1}", (phase, condition), without)
        if isinstance(condition, CompoundCondition):
            for k, operand in enumerate(condition.conditions):
                without = _with_phase(genome, i, _replace(phase, **{field: _without_operand(condition, k)}))
                text = f"operand {k + 1} of the condition of phase {i + 1}"
                yield _rule(f"{path}.conditions[{k}]", "condition", text, (phase, operand), without)


def _phase_options(genome: GameGenome) -> Iterator[Rule]:
    for i, phase in enumerate(genome.phases):
        path = f"turn_structure.phases[{i}]"
        if isinstance(phase, DrawPhase) and phase.loop:
            without = _with_phase(genome, i, _replace(phase, loop=False))
            yield _rule(f"{path}.loop", "phase option", f"phase {i + 1} repeats", (phase, "loop"), without)
        if isinstance(phase, TrickPhase):
            for name in ("trump_suit", "breaking_suit"):
                value = getattr(phase, name)
                if value is not None:
                    text = f"{name.replace('_', ' ')} {value.value} in phase {i + 1}"
                    without = _with_phase(genome, i, _replace(phase, **{name: None}))
                    yield _rule(f"{path}.{name}", "phase option", text, (phase, name), without)
            if phase.clean_first_trick and not _scores_trick_wins(genome):
                text = f"clean first trick in phase {i + 1}"
                without = _with_phase(genome, i, _replace(phase, clean_first_trick=False))
                yield _rule(
                    f"{path}.clean_first_trick", "phase option", text, (phase, "clean_first_trick"), without
                )


def _effects(genome: GameGenome) -> Iterator[Rule]:
    for i, effect in enumerate(genome.special_effects):
        text = f"{effect.trigger_rank.value}: {effect.effect_type.value}"
        without = genome.replace(special_effects=removed_at(genome.special_effects, i))
        yield _rule(f"special_effects[{i}]", "special effect", text, effect, without)


def _wins(genome: GameGenome) -> Iterator[Rule]:
    if len(genome.win_conditions) < 2:
        return
    for i, win in enumerate(genome.win_conditions):
        text = win.type.value + (f" {win.threshold}" if win.threshold is not None else "")
        without = genome.replace(win_conditions=removed_at(genome.win_conditions, i))
        yield _rule(f"win_conditions[{i}]", "win condition", text, win, without)


def _card_scoring(genome: GameGenome) -> Iterator[Rule]:
    rules = genome.scoring.card_rules
    for i, rule in enumerate(rules):
        text = f"{rule.points:+d} per card on {rule.trigger.value}"
        without = genome.replace(scoring=Scoring(removed_at(rules, i), genome.scoring.hand_evaluation))
        yield _rule(f"scoring.card_rules[{i}]", "card scoring", text, rule, without)


def _hand_evaluation(genome: GameGenome) -> Iterator[Rule]:
    evaluation = genome.scoring.hand_evaluation
    if evaluation is not None:
        without = genome.replace(scoring=Scoring(genome.scoring.card_rules, None))
        text = evaluation.method.value
        yield _rule("scoring.hand_evaluation", "hand evaluation", text, evaluation, without)


def _tableau(genome: GameGenome) -> Iterator[Rule]:
    mode = genome.setup.tableau_mode
    if mode is not TableauMode.NONE:
        without = with_setup(genome, tableau_mode=TableauMode.NONE)
        yield _rule("setup.tableau_mode", "tableau mode", mode.value, mode, without)


def _teams(genome: GameGenome) -> Iterator[Rule]:
    if genome.team_mode:
        without = genome.replace(team_mode=False, teams=())
        yield _rule("teams", "teams", "team play", genome.teams, without)


def _setup_rules(genome: GameGenome) -> Iterator[Rule]:
    setup = genome.setup
    if setup.trump_suit is not None:
        without = with_setup(genome, trump_suit=None)
        text = f"trumps {setup.trump_suit.value}"
        yield _rule("setup.trump_suit", "setup rule", text, ("trump", setup.trump_suit), without)
    if setup.turned_trump is not None:
        without = with_setup(genome, turned_trump=None)
        text = f"trumps turned up ({setup.turned_trump.value})"
        yield _rule("setup.turned_trump", "setup rule", text, ("turned", setup.turned_trump), without)
    for i, rank in enumerate(setup.wild_cards):
        without = with_setup(genome, wild_cards=removed_at(setup.wild_cards, i))
        yield _rule(f"setup.wild_cards[{i}]", "setup rule", f"{rank.value} wild", ("wild", rank), without)
    if setup.refill_hands:
        without = with_setup(genome, refill_hands=False)
        yield _rule("setup.refill_hands", "setup rule", "hands refilled", "refill", without)
    if setup.initial_discard_count:
        text = f"{setup.initial_discard_count} card(s) turned up to start the discard"
        without = with_setup(genome, initial_discard_count=0)
        yield _rule("setup.initial_discard_count", "setup rule", text, "opening discard", without)


def _book_scoring(genome: GameGenome) -> Iterator[Rule]:
    book = genome.book_scoring
    if book is not None:
        text = f"{book.points_per_trick} per trick beyond {book.book}"
        yield _rule("book_scoring", "book scoring", text, book, genome.replace(book_scoring=None))


def _pass_cycles(genome: GameGenome) -> Iterator[Rule]:
    """A pass cycle's later directions: the cycle cut to its first direction, and (when that is not the
    same cut) the cycle without its hold hands."""
    for i, phase in enumerate(genome.phases):
        if not isinstance(phase, PassPhase) or len(phase.directions) < 2:
            continue
        path = f"turn_structure.phases[{i}].directions"
        names = ", ".join(direction.value for direction in phase.directions)
        first = phase.directions[:1]
        text = f"pass cycle {names} in phase {i + 1} → {first[0].value} only"
        without = _with_phase(genome, i, _replace(phase, directions=first))
        yield _rule(path, "pass cycle", text, (phase, "first direction only"), without)
        passing = tuple(direction for direction in phase.directions if direction is not PassDirection.HOLD)
        if passing and passing != first and len(passing) < len(phase.directions):
            text = f"hold hands of the pass cycle {names} in phase {i + 1}"
            without = _with_phase(genome, i, _replace(phase, directions=passing))
            yield _rule(path, "pass cycle", text, (phase, "no hold"), without)


def _first_trick_rules(genome: GameGenome) -> Iterator[Rule]:
    """The first-trick rules of every trick phase after the turn's first: its first lead, and its clean
    first trick where cards score when a trick is won (where none do, it is a removable rule)."""
    tricks = [i for i, phase in enumerate(genome.phases) if isinstance(phase, TrickPhase)]
    for i in tricks[1:]:
        phase = genome.phases[i]
        assert isinstance(phase, TrickPhase)
        path = f"turn_structure.phases[{i}]"
        if phase.first_lead is not None:
            rank, suit = phase.first_lead
            text = f"first lead {rank.value}{suit.value} in phase {i + 1}"
            without = _with_phase(genome, i, _replace(phase, first_lead=None))
            yield _rule(f"{path}.first_lead", "first-trick rule", text, (phase, "first_lead"), without)
        if phase.clean_first_trick and _scores_trick_wins(genome):
            text = f"clean first trick in phase {i + 1}"
            without = _with_phase(genome, i, _replace(phase, clean_first_trick=False))
            key = (phase, "clean_first_trick")
            yield _rule(f"{path}.clean_first_trick", "first-trick rule", text, key, without)


RULE_KINDS: dict[str, RuleKind] = {
    "phase": _phases,
    "condition": _conditions,
    "phase option": _phase_options,
    "special effect": _effects,
    "win condition": _wins,
    "card scoring": _card_scoring,
    "hand evaluation": _hand_evaluation,
    "tableau mode": _tableau,
    "teams": _teams,
    "setup rule": _setup_rules,
    "book scoring": _book_scoring,
}


#: Simplifications tried for death only (module docstring, *dead-only rules*): not removable rules.
DEAD_ONLY_KINDS: dict[str, RuleKind] = {"pass cycle": _pass_cycles, "first-trick rule": _first_trick_rules}


def register_rule_kind(name: str, kind: RuleKind) -> None:
    """Add a kind of removable rule (new genome features register theirs here)."""
    if name in RULE_KINDS or name in DEAD_ONLY_KINDS:
        raise DarwinDeckError(f"rule kind {name!r} is already registered")
    RULE_KINDS[name] = kind


def _vetted(genome: GameGenome, kinds: dict[str, RuleKind]) -> list[Rule]:
    rules = []
    for kind in kinds.values():
        for rule in kind(genome):
            vetted = vet(rule.without).genome
            if vetted is not None and vetted != genome:
                rules.append(dataclasses.replace(rule, without=vetted))
    return rules


def removable_rules(genome: GameGenome) -> list[Rule]:
    """Every rule of ``genome`` that can be removed, with the (valid) genome without it. A rule the
    repair puts back (Euchre's turned card, which its trump phase needs) cannot be removed and is left
    out: its "removal" would replay identically and be stripped again for ever."""
    return _vetted(genome, RULE_KINDS)


def ablation_rules(genome: GameGenome) -> list[Rule]:
    """What the ablation tries: the removable rules, then the dead-only rules (module docstring)."""
    return removable_rules(genome) + _vetted(genome, DEAD_ONLY_KINDS)


# -------------------------------------------------------------------------------------- static checks

#: Win types that read scores (``all_hands_empty``: the highest score wins) or hand values.
_SCORE_READERS = SCORE_WINS | {WinType.ALL_HANDS_EMPTY}


@dataclass(frozen=True)
class _Readers:
    """What in a genome can make a rule matter: a play phase, tricks, what reads scores, hand values and
    the trump suit, and a clean first trick (which reads the trick-win card rules)."""

    has_play: bool
    has_tricks: bool
    scores: bool
    hands: bool
    trump: bool
    clean_first: bool

    @classmethod
    def of(cls, genome: GameGenome) -> _Readers:
        wins = {win.type for win in genome.win_conditions}
        conditions = {condition.type for condition in genome.all_conditions()}
        has_tricks = genome.turn_structure.has_tricks
        betting = any(isinstance(phase, BettingPhase) for phase in genome.phases)
        return cls(
            has_play=any(isinstance(phase, PlayPhase) for phase in genome.phases),
            has_tricks=has_tricks,
            scores=bool(wins & _SCORE_READERS) or ConditionType.SCORE_COMPARE in conditions,
            hands=WinType.BEST_HAND in wins or ConditionType.HAND_VALUE in conditions or betting,
            trump=has_tricks or ConditionType.HAS_TRUMP in conditions,
            clean_first=any(
                isinstance(phase, TrickPhase) and phase.clean_first_trick for phase in genome.phases
            ),
        )


#: Win types met only once a side's score reaches the threshold (``engine.wins._reaching``).
_REACHING = frozenset(
    {WinType.HIGH_SCORE, WinType.LOW_SCORE, WinType.SCORE_THRESHOLD, WinType.FIRST_TO_SCORE}
)


def _may_match(condition: ConditionLike, rank: Rank, suit: Suit) -> bool:
    """Whether a card-scoring condition can hold for the card ``rank`` of ``suit`` (a condition on
    anything but the card's rank or suit may)."""
    if isinstance(condition, CompoundCondition):
        found = (_may_match(operand, rank, suit) for operand in condition.conditions)
        return all(found) if condition.logic is Logic.AND else any(found)
    if condition.type is ConditionType.CARD_IS_RANK:
        return condition.value is rank
    if condition.type is ConditionType.CARD_IS_SUIT:
        return condition.value is suit
    return True


def _scores_by_tricks_only(genome: GameGenome) -> bool:
    """Whether a score moves only when a trick is won (module docstring, *unreachable targets*)."""
    return (
        all(isinstance(phase, TrickPhase | PassPhase) for phase in genome.phases)
        and all(rule.trigger is ScoringTrigger.TRICK_WIN for rule in genome.scoring.card_rules)
        and not genome.scoring.shoot_the_moon
        and genome.contract_scoring is None
        and genome.maker_scoring is None
        and genome.book_scoring is None
    )


def most_points(genome: GameGenome) -> int | None:
    """The most points a side can hold when the game ends, when that is known (module docstring,
    *unreachable targets*), else None."""
    bound = most_hands(genome)
    if bound is None or not _scores_by_tricks_only(genome):
        return None
    deck = genome.setup.initial_deck
    per_hand = sum(
        max(0, rule.points)
        for rule in genome.scoring.card_rules
        for rank in deck.ranks()
        for suit in Suit
        if _may_match(rule.condition, rank, suit)
    )
    return bound[0] * per_hand


def pass_seat(direction: PassDirection, players: int) -> int:
    """How many seats to the left a pass in ``direction`` goes at a table of ``players`` (0: a hold hand),
    as ``engine.passing.pass_offset`` counts them.

    >>> [pass_seat(d, 2) for d in PassDirection], [pass_seat(d, 4) for d in PassDirection]
    ([1, 1, 1, 0], [1, 3, 2, 0])
    """
    return {
        PassDirection.LEFT: 1,
        PassDirection.RIGHT: players - 1,
        PassDirection.ACROSS: players // 2,
        PassDirection.HOLD: 0,
    }[direction]


def _seats(phase: PassPhase, players: int, hands: int) -> list[int]:
    """Where hands 1 … ``hands`` pass (``engine.passing``: hand h uses ``directions[(h − 1) mod n]``)."""
    cycle = phase.directions
    return [pass_seat(cycle[h % len(cycle)], players) for h in range(hands)]


def _phase_at(genome: GameGenome, rule: Rule) -> Phase:
    return genome.phases[int(rule.path.split("[")[1].split("]")[0])]


def _pass_reason(genome: GameGenome, rule: Rule) -> str | None:
    """Why a pass-cycle simplification passes every hand the game can deal as before, or None."""
    phase, simpler = _phase_at(genome, rule), _phase_at(rule.without, rule)
    if not isinstance(phase, PassPhase) or not isinstance(simpler, PassPhase):
        return None  # the repair rewrote the phase: left to the replay
    players = genome.player_count
    bound = most_hands(genome)
    if bound is not None:
        hands, win = bound
        if _seats(phase, players, hands) == _seats(simpler, players, hands):
            if hands == 1:
                return (
                    f"static: {win.type.value} ends the game when its first hand ends: one direction is used"
                )
            return f"static: {win.type.value} ends the game within {hands} hands, which pass as before"
    every = math.lcm(len(phase.directions), len(simpler.directions))
    if _seats(phase, players, every) == _seats(simpler, players, every):
        return f"static: at {players} players every hand passes to the same seat as before"
    return None


#: Phases that take no card from a hand (a pass swaps equal numbers; a dealer who takes the turned card
#: discards one), and end a turn only by throwing the hand in.
_TAKE_NO_CARD = (BiddingPhase, TrumpPhase, PassPhase, AuctionPhase)


def _later_trick_reason(genome: GameGenome) -> str | None:
    """Why a trick phase after the turn's first never plays a hand's first trick, or None."""
    first = next(i for i, phase in enumerate(genome.phases) if isinstance(phase, TrickPhase))
    if genome.setup.cards_per_player < 1 or not all(
        isinstance(phase, _TAKE_NO_CARD) for phase in genome.phases[:first]
    ):
        return None
    return f"static: every hand's first trick is played in phase {first + 1}, the turn's first trick phase"


def _unreachable(genome: GameGenome, rule: Rule) -> str | None:
    """Why a win condition on a score target is never met, or None."""
    win = genome.win_conditions[int(rule.path.split("[")[1].rstrip("]"))]
    most = most_points(genome)
    if win.type not in _REACHING or win.threshold is None or most is None or most >= win.threshold:
        return None
    hands = most_hands(genome)
    assert hands is not None  # most_points is known only when the hands are bounded
    return (
        f"static: no side can score more than {most} in the {_hands_words(hands[0])} the game can deal, "
        f"so a score of {win.threshold} is never reached"
    )


def _hands_words(hands: int) -> str:
    """``"hand"`` or ``"n hands"``.

    >>> _hands_words(1), _hands_words(4)
    ('hand', '4 hands')
    """
    return "hand" if hands == 1 else f"{hands} hands"


def _holds_only(genome: GameGenome, rule: Rule) -> bool:
    """Whether ``rule`` is a pass phase in which every hand holds: it moves no card and asks nothing."""
    phase = _phase_at(genome, rule)
    return isinstance(phase, PassPhase) and set(phase.directions) == {PassDirection.HOLD}


def _static_reason(genome: GameGenome, rule: Rule, readers: _Readers) -> str | None:
    """Why ``rule`` can never change a game of ``genome``, or None."""
    if rule.kind == "pass cycle":
        return _pass_reason(genome, rule)
    if rule.kind == "first-trick rule":
        return _later_trick_reason(genome)
    if rule.kind == "win condition":
        return _unreachable(genome, rule)
    if rule.kind == "phase" and _holds_only(genome, rule):
        return "static: every hand of this pass phase is a hold hand: nobody ever passes"
    if rule.kind == "special effect" and not readers.has_play:
        return "static: effects fire only on cards played in a play phase, and there is none"
    if rule.kind == "book scoring" and not readers.scores:
        return "static: no win condition or condition reads scores"
    if rule.kind == "card scoring":
        if _trick_scoring(genome, rule) and readers.clean_first:
            return None  # a clean first trick reads it: the cards it scores may not go to the first trick
        if not readers.scores:
            return "static: no win condition or condition reads scores"
        if _trick_scoring(genome, rule) and not readers.has_tricks:
            return "static: scores trick wins in a game without tricks"
    if rule.kind == "hand evaluation" and not readers.hands:
        return "static: no best_hand win, hand_value condition or betting showdown reads hand values"
    if rule.path.endswith(("trump_suit", "turned_trump", "breaking_suit")) and not readers.trump:
        return "static: a trump or breaking suit in a game without tricks or has_trump condition"
    if rule.path.endswith("clean_first_trick"):
        return "static: no card scores when a trick is won, so a clean first trick forbids nothing"
    return None


def static_dead(genome: GameGenome) -> list[tuple[Rule, str]]:
    """The rules of ``genome`` that the exact static checks find dead, with the reason (module
    docstring)."""
    readers = _Readers.of(genome)
    found = []
    for rule in ablation_rules(genome):
        reason = _static_reason(genome, rule, readers)
        if reason is not None:
            found.append((rule, reason))
    return found


def _scores_trick_wins(genome: GameGenome) -> bool:
    """Whether some card rule scores a card when a trick is won (what a clean first trick guards)."""
    return any(rule.trigger is ScoringTrigger.TRICK_WIN for rule in genome.scoring.card_rules)


def _trick_scoring(genome: GameGenome, rule: Rule) -> bool:
    index = int(rule.path.split("[")[1].rstrip("]"))
    return genome.scoring.card_rules[index].trigger is ScoringTrigger.TRICK_WIN


# --------------------------------------------------------------------------------------------- replay


#: The ablation's batches: (policy, games, purpose), in the digests' order (replayed random first).
_BATCHES = ((GREEDY, GREEDY_GAMES, "ablation:greedy"), (STATELESS, RANDOM_GAMES, "ablation:random"))


@dataclass(frozen=True)
class Baseline:
    """A genome's seeded ablation games: their digests (the greedy games, then the random ones), each
    batch's turn cap (one more than the most turns a game of it lasted) and whether greedy self-play made
    a game of them (``quality.play.is_game``)."""

    digests: tuple[int, ...]
    caps: tuple[int, ...]
    is_game: bool


def replay_baseline(genome: GameGenome, seed: int) -> Baseline:
    """The seeded ablation games of ``genome`` (greedy self-play, then stateless random self-play). The
    greedy games are played ``REPLAY_CHUNK`` at a time and stop once they cannot be a game
    (``quality.play.never_a_game``); the random games are then not played (module docstring)."""
    policy, games, purpose = _BATCHES[0]
    stop = functools.partial(never_a_game, games=games)
    greedy = play_in_chunks(genome, [policy], games, batch_seed(seed, purpose), REPLAY_CHUNK, stop)
    if greedy.count < games or not is_game(greedy):
        return Baseline(greedy.digests, (), False)
    policy, games, purpose = _BATCHES[1]
    random = play(genome, [policy], games, batch_seed(seed, purpose))
    return Baseline(greedy.digests + random.digests, (_cap(greedy), _cap(random)), True)


def _cap(games: Games) -> int:
    """One more than the most turns any of ``games`` lasted (module docstring, *turn caps*)."""
    return int(games.column(B.STAT_TURNS).max()) + 1


def replay_digests(genome: GameGenome, seed: int) -> tuple[int, ...]:
    """The digests of every seeded ablation game (greedy self-play, then stateless random self-play)."""
    digests: tuple[int, ...] = ()
    for policy, games, purpose in _BATCHES:
        digests += play(genome, [policy], games, batch_seed(seed, purpose)).digests
    return digests


def replays_identically(
    genome: GameGenome, seed: int, baseline: tuple[int, ...], caps: tuple[int, ...] | None = None
) -> bool:
    """Whether ``genome`` plays the ablation games exactly as ``baseline`` says, replayed a few games at a
    time and stopping at the first game that differs (a live rule usually shows in the first games). The
    random games are replayed first: the verdict needs every game either way, and a random game costs
    less than a greedy one (far less in a betting game, where greedy samples showdowns every bet).
    ``caps`` (``Baseline.caps``) cut each batch's replays at its turn cap: the same verdict, sooner."""
    offsets = {purpose: sum(batch[1] for batch in _BATCHES[:i]) for i, (_, _, purpose) in enumerate(_BATCHES)}
    for index in reversed(range(len(_BATCHES))):
        policy, games, purpose = _BATCHES[index]
        done, cap = offsets[purpose], caps[index] if caps else None
        for start in range(0, games, REPLAY_CHUNK):
            count = min(REPLAY_CHUNK, games - start)
            chunk = play(genome, [policy], count, batch_seed(seed, purpose), start, cap).digests
            if chunk != baseline[done + start : done + start + count]:
                return False
    return True


@dataclass(frozen=True)
class Ablation:
    """The live genome, the rules found dead (in the order stripped), how many rules were replayed, and
    the digests of the replayed games (the live genome's, which are the original's)."""

    live: GameGenome
    dead: tuple[DeadRule, ...]
    tested: int
    digests: tuple[int, ...]

    @property
    def games(self) -> int:
        return len(self.digests)


def _strip_static(genome: GameGenome) -> tuple[GameGenome, list[DeadRule]]:
    dead: list[DeadRule] = []
    while True:
        found = static_dead(genome)
        if not found:
            return genome, dead
        rule, reason = found[0]
        dead.append(DeadRule(rule.path, rule.kind, rule.text, reason))
        genome = rule.without


def ablate(genome: GameGenome, seed: int) -> Ablation:
    """Strip the dead rules of ``genome`` (module docstring). Raises ``DarwinDeckError`` when the
    engine cannot run the genome."""
    current, dead = _strip_static(genome)
    base = replay_baseline(current, seed)
    if not base.is_game:  # no game yet: not simplified by replay (module docstring)
        return Ablation(current, tuple(dead), 0, base.digests)
    baseline = base.digests
    live_texts: set[tuple[str, str]] = set()
    tested = 0
    progress = True
    while progress:
        progress = False
        for rule in ablation_rules(current):
            key = (rule.kind, rule.key)
            if key in live_texts:
                continue
            tested += 1
            try:
                same = replays_identically(rule.without, seed, baseline, base.caps)
            except DarwinDeckError:
                same = False
            if not same:
                live_texts.add(key)
                continue
            dead.append(DeadRule(rule.path, rule.kind, rule.text, f"replay: {len(baseline)} games unchanged"))
            current = rule.without
            progress = True
            break
    return Ablation(current, tuple(dead), tested, baseline)
