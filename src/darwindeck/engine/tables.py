"""Compile a ``GameGenome`` into ``GameTables``: the NumPy int arrays the compiled kernel reads.

``compile_tables(genome)`` is the only place that looks at the genome's Python objects; everything after
it is arrays and ints. It refuses (``GenomeValidationError``) what the kernel cannot hold or play: a
player count outside 2..8, no phase, more top trumps than it holds. Enum values are stored as their
``.code``; a missing optional value is ``-1``.

* ``header`` int64[HEADER_SIZE]: the scalars, indexed by ``layout.H_*``.
* ``deck_cards`` int64[deck size]: the card ids of the initial deck, ascending, the jokers (52, 53)
  last when ``setup.jokers`` is 2.
* ``wild`` int64[13]: 1 where the rank is wild.
* ``phases`` int64[n_phases, PHASE_ROW]: kind code and parameters (see ``layout.PH_*``; per kind:
  draw ``A`` source, ``B`` count, ``C`` mandatory, ``D`` loop; play ``A`` target, ``B`` min cards, ``C``
  max cards, ``D`` mandatory, ``E`` pass_if_unable; discard ``A`` target, ``B`` count, ``C`` mandatory;
  trick ``A`` lead suit required, ``B`` trump (-1), ``C`` high card wins, ``D`` breaking suit (-1);
  bidding ``A`` min bid, ``B`` max bid, ``C`` allow Nil; claim ``A`` min cards, ``B`` max cards, ``C``
  sequential rank, ``D`` allow challenge, ``E`` pile penalty; betting ``A`` min bet, ``B`` max
  raises; knock ``A`` max value, ``B`` full bonus, ``C`` undercut bonus, ``D`` lay off; trick also ``E``
  clean first trick, ``F`` first-lead card id (-1), ``G`` number of top trumps, ``H`` the top trumps
  packed six bits each, the highest in the lowest bits (rank code, plus 16 × the ``TrumpRelation``
  code); trump ``A`` dealer takes, ``B`` name round, ``C`` stick the dealer; pass ``A`` count, ``B``
  number of directions, ``C`` the direction codes packed two bits each, hand 1's lowest), and the
  phase's condition as a slice of ``cond``.
* ``cond`` int64[n, COND_ROW]: every condition of the genome as postfix programs (leaves push a truth
  value, ``AND k`` / ``OR k`` pop ``k`` and push one); a condition is the slice ``start:start+len``.
* ``effects`` int64[13, 4]: per rank code ``(present, effect type, target, value)``; spec 000: one
  effect per rank, the last listed wins.
* ``wins`` int64[n, 2]: ``(win type, threshold or -1)`` in genome order.
* ``card_rules`` int64[n, 4]: ``(cond start, cond len, points, trigger)``.
* ``card_values`` int64[13]: hand-evaluation card values (defaults when there is no evaluation).
* ``player_team`` int64[P]: team of each seat; individual mode: each player its own team.
* ``contract`` int64[7]: the ``ContractScoring`` fields in declaration order (defaults without one).
* maker scoring lives in the header (``H_MAKER`` 1 when present, then its four fields), and so do the
  turned trump (``H_TURNED_TRUMP``: -1 or the ``TurnedTrump`` code) and book scoring (``H_BOOK`` 1 when
  present, then its two fields), and an auction's vulnerability (``H_AUCTION_VUL``: -1 without an
  auction phase, else the first auction phase's ``Vulnerability`` code), and the dealer phase's index
  (``H_DEALER``: -1 without one; its row: ``A`` stand on, ``B`` hits soft, ``C`` naturals, ``D`` peek),
  and the first board phase's index (``H_BOARD``: -1 without one; a board row: ``A`` cards, ``B`` small
  blind, ``C`` big blind, ``D`` pot sized) with ``H_POT_SIZED`` 1 when any board phase is pot-sized,
  and the show phase's index (``H_SHOW``: -1 without one; its row: ``A`` nobs, ``B`` crib four-flush; a
  crib phase's row: ``A`` cards laid away, ``B`` his heels' points), and the climb phase's index
  (``H_CLIMB``: -1 without one; the call and climb rows are ``engine.climb_state``'s).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.contracts import contract_scoring_array
from darwindeck.errors import GenomeValidationError
from darwindeck.genome.cards import Location, card_id
from darwindeck.genome.conditions import Condition, ConditionLike, Logic
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    CallPhase,
    ClaimPhase,
    ClimbPhase,
    CountPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassPhase,
    Phase,
    PlayPhase,
    ShowPhase,
    TopTrump,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    DEFAULT_CARD_VALUES,
    SCORE_WINS,
    ContractScoring,
    GameGenome,
    WinType,
)

Int64Array = npt.NDArray[np.int64]

#: Engine steps allowed per game: STEP_BUDGET_PER_TURN × max_turns × players + STEP_BUDGET_BASE.
STEP_BUDGET_PER_TURN = 64
STEP_BUDGET_BASE = 1000


class GameTables(NamedTuple):
    header: Int64Array
    deck_cards: Int64Array
    wild: Int64Array
    phases: Int64Array
    cond: Int64Array
    effects: Int64Array
    wins: Int64Array
    card_rules: Int64Array
    card_values: Int64Array
    player_team: Int64Array
    contract: Int64Array


class _CondBuilder:
    """Accumulates postfix condition programs into one row list."""

    def __init__(self) -> None:
        self.rows: list[list[int]] = []

    def add(self, condition: ConditionLike | None) -> tuple[int, int]:
        """Append ``condition``'s program; ``(start, length)``, ``(0, 0)`` for no condition."""
        if condition is None:
            return 0, 0
        start = len(self.rows)
        self._emit(condition)
        return start, len(self.rows) - start

    def _emit(self, condition: ConditionLike) -> None:
        if isinstance(condition, Condition):
            self.rows.append(
                [
                    L.OP_LEAF,
                    condition.type.code,
                    -1 if condition.operator is None else condition.operator.code,
                    _value_code(condition),
                    L.NO_REF if condition.reference is None else condition.reference.code,
                ]
            )
            return
        for child in condition.conditions:
            self._emit(child)
        op = L.OP_AND if condition.logic is Logic.AND else L.OP_OR
        self.rows.append([op, 0, 0, len(condition.conditions), 0])

    def array(self) -> Int64Array:
        if not self.rows:
            return np.zeros((1, L.COND_ROW), dtype=np.int64)
        return np.array(self.rows, dtype=np.int64)


def _value_code(condition: Condition) -> int:
    value = condition.value
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    return value.code


def _phase_row(phase: Phase, conds: _CondBuilder, kitty: int = 0) -> list[int]:
    """The phase's table row (module docstring); ``kitty`` is the setup's, a call phase's to award."""
    row = [0] * L.PHASE_ROW
    cond: ConditionLike | None = None
    if isinstance(phase, DrawPhase):
        row[: L.PH_E + 1] = [
            L.K_DRAW,
            phase.source.code,
            phase.count,
            int(phase.mandatory),
            int(phase.loop),
            int(phase.stand),
        ]
        cond = phase.condition
    elif isinstance(phase, PlayPhase):
        row[: L.PH_E + 1] = [
            L.K_PLAY,
            phase.target.code,
            phase.min_cards,
            phase.max_cards,
            int(phase.mandatory),
            int(phase.pass_if_unable),
        ]
        row[L.PH_F] = int(phase.runs)
        cond = phase.valid_play_condition
    elif isinstance(phase, DiscardPhase):
        row[: L.PH_D + 1] = [
            L.K_DISCARD,
            phase.target.code,
            phase.count,
            int(phase.mandatory),
            int(phase.no_return),
        ]
        cond = phase.matching_condition
    elif isinstance(phase, TrickPhase):
        row[: L.PH_E + 1] = [
            L.K_TRICK,
            int(phase.lead_suit_required),
            -1 if phase.trump_suit is None else phase.trump_suit.code,
            int(phase.high_card_wins),
            -1 if phase.breaking_suit is None else phase.breaking_suit.code,
            int(phase.clean_first_trick),
        ]
        row[L.PH_F] = -1 if phase.first_lead is None else card_id(*phase.first_lead)
        row[L.PH_G], row[L.PH_H] = len(phase.top_trumps), pack_top_trumps(phase.top_trumps)
    elif isinstance(phase, TrumpPhase):
        flags = (phase.dealer_takes, phase.name_round, phase.stick_the_dealer)
        row[: L.PH_C + 1] = [L.K_TRUMP, *(int(flag) for flag in flags)]
    elif isinstance(phase, AskPhase):
        row[: L.PH_C + 1] = [L.K_ASK, int(phase.fish), int(phase.again), phase.book]
    elif isinstance(phase, PassPhase):
        packed = sum(d.code << (2 * i) for i, d in enumerate(phase.directions))
        row[: L.PH_C + 1] = [L.K_PASS, phase.count, len(phase.directions), packed]
    elif isinstance(phase, AuctionPhase):
        row[: L.PH_B + 1] = [L.K_AUCTION, int(phase.doubling), int(phase.dummy)]
    elif isinstance(phase, CountPhase):
        row[: L.PH_C + 1] = [L.K_COUNT, phase.limit, phase.go_points, int(phase.combos)]
    elif isinstance(phase, DealerPhase):
        flags = (phase.hits_soft, phase.naturals, phase.peek)
        row[: L.PH_D + 1] = [L.K_DEALER, phase.stand_on, *(int(flag) for flag in flags)]
    elif isinstance(phase, BoardPhase):
        row[: L.PH_D + 1] = [L.K_BOARD, phase.cards, phase.small_blind, phase.big_blind, int(phase.pot_sized)]
    elif isinstance(phase, CribPhase):
        row[: L.PH_B + 1] = [L.K_CRIB, phase.count, phase.heels]
    elif isinstance(phase, ShowPhase):
        row[: L.PH_B + 1] = [L.K_SHOW, int(phase.nobs), int(phase.crib_four_flush)]
    elif isinstance(phase, CallPhase):
        row[: L.PH_E + 1] = [
            L.K_CALL,
            phase.max_bid,
            int(phase.once_around),
            phase.all_pass.code,
            phase.first.code,
            kitty,
        ]
    elif isinstance(phase, ClimbPhase):
        allowed = sum(1 << combo.code for combo in phase.combos)
        row[: L.PH_C + 1] = [L.K_CLIMB, allowed, int(phase.bomb_doubles), int(phase.spring_doubles)]
    elif isinstance(phase, BiddingPhase):
        row[: L.PH_E + 1] = [
            L.K_BIDDING,
            phase.min_bid,
            phase.max_bid,
            int(phase.allow_nil),
            int(phase.hook),
            int(phase.blind_nil),
        ]
    elif isinstance(phase, ClaimPhase):
        row[: L.PH_E + 1] = [
            L.K_CLAIM,
            phase.min_cards,
            phase.max_cards,
            int(phase.sequential_rank),
            int(phase.allow_challenge),
            int(phase.pile_penalty),
        ]
    elif isinstance(phase, BettingPhase):
        row[: L.PH_C] = [L.K_BETTING, phase.min_bet, phase.max_raises]
    elif isinstance(phase, KnockPhase):
        row[: L.PH_E] = [
            L.K_KNOCK,
            phase.max_value,
            phase.full_bonus,
            phase.undercut_bonus,
            int(phase.lay_off),
        ]
    row[L.PH_COND_START], row[L.PH_COND_LEN] = conds.add(cond)
    return row


TOP_TRUMP_BITS = 6
MAX_TOP_TRUMPS = 4
TOP_TRUMP_RELATION = 16


def pack_top_trumps(top_trumps: tuple[TopTrump, ...]) -> int:
    """The top trumps in one int: entry ``i`` at bits ``6i``, rank code + 16 × relation code."""
    packed = 0
    for i, top in enumerate(top_trumps):
        packed |= (top.rank.code + TOP_TRUMP_RELATION * top.suit.code) << (TOP_TRUMP_BITS * i)
    return packed


def _primary_metric(genome: GameGenome) -> int:
    first = genome.win_conditions[0].type if genome.win_conditions else WinType.HIGH_SCORE
    if first in SCORE_WINS or first is WinType.ALL_HANDS_EMPTY:
        return L.M_SCORE
    if first is WinType.EMPTY_HAND:
        return L.M_FEWEST_CARDS
    if first in CAPTURE_WINS:
        return L.M_CARDS_HELD
    if first in (WinType.MOST_TRICKS, WinType.FEWEST_TRICKS):
        return L.M_TRICKS
    return L.M_SCORE


def _header(genome: GameGenome, n_teams: int) -> Int64Array:
    setup = genome.setup
    header = np.zeros(L.HEADER_SIZE, dtype=np.int64)
    trump = -1 if setup.trump_suit is None else setup.trump_suit.code
    if trump < 0:
        trumps = [p.trump_suit for p in genome.phases if isinstance(p, TrickPhase) and p.trump_suit]
        trump = trumps[0].code if trumps else -1
    ts = genome.turn_structure
    evaluation = genome.scoring.hand_evaluation
    header[L.H_PLAYERS] = genome.player_count
    header[L.H_CARDS_PER_PLAYER] = setup.cards_per_player
    header[L.H_DECK_SIZE] = setup.deck_size
    header[L.H_INITIAL_DISCARD] = setup.initial_discard_count
    header[L.H_TRUMP] = trump
    header[L.H_HAND_VISIBILITY] = setup.hand_visibility.code
    header[L.H_DISCARD_VISIBILITY] = setup.discard_visibility.code
    header[L.H_TABLEAU_MODE] = setup.tableau_mode.code
    header[L.H_SEQ_DIRECTION] = setup.sequence_direction.code
    header[L.H_REFILL] = int(setup.refill_hands)
    header[L.H_CAPTURES_TO_HAND] = int(setup.captures_to is Location.HAND)
    header[L.H_TRICK_BASED] = int(any(isinstance(p, TrickPhase) for p in ts.phases))
    header[L.H_TRICKS_PER_HAND] = -1 if ts.tricks_per_hand is None else ts.tricks_per_hand
    header[L.H_DECK_EMPTY] = ts.deck_empty.code
    header[L.H_MAX_TURNS] = genome.max_turns
    header[L.H_TEAM_MODE] = int(genome.team_mode)
    header[L.H_N_TEAMS] = n_teams
    header[L.H_N_PHASES] = len(ts.phases)
    header[L.H_HAS_BIDDING] = int(any(isinstance(p, BiddingPhase) for p in ts.phases))
    header[L.H_EVAL_METHOD] = -1 if evaluation is None else evaluation.method.code
    header[L.H_ACE_ALT] = (
        -1
        if evaluation is None or evaluation.ace_alternate_value is None
        else (evaluation.ace_alternate_value)
    )
    header[L.H_BUST] = (
        -1 if evaluation is None or evaluation.bust_threshold is None else (evaluation.bust_threshold)
    )
    header[L.H_PATTERN_MASK] = 0 if evaluation is None else sum(1 << p.code for p in evaluation.patterns)
    header[L.H_STEP_BUDGET] = STEP_BUDGET_PER_TURN * genome.max_turns * genome.player_count + STEP_BUDGET_BASE
    header[L.H_PRIMARY_METRIC] = _primary_metric(genome)
    header[L.H_STARTING_CHIPS] = setup.starting_chips
    first_win = genome.win_conditions[0].type if genome.win_conditions else None
    header[L.H_AVOID_TRICKS] = int(first_win in (WinType.LOW_SCORE, WinType.FEWEST_TRICKS))
    header[L.H_MOON] = int(genome.scoring.shoot_the_moon)
    maker = genome.maker_scoring
    if maker is not None:
        header[L.H_MAKER] = 1
        header[L.H_MADE_TRICKS] = maker.made_tricks
        header[L.H_MADE_POINTS] = maker.made_points
        header[L.H_MARCH_POINTS] = maker.march_points
        header[L.H_EUCHRE_POINTS] = maker.euchre_points
    turned = genome.setup.turned_trump
    header[L.H_TURNED_TRUMP] = -1 if turned is None else turned.code
    book = genome.book_scoring
    if book is not None:
        header[L.H_BOOK] = 1
        header[L.H_BOOK_TRICKS] = book.book
        header[L.H_BOOK_POINTS] = book.points_per_trick
    auctions = [p for p in genome.phases if isinstance(p, AuctionPhase)]
    header[L.H_AUCTION_VUL] = auctions[0].vulnerability.code if auctions else -1
    dealers = [i for i, p in enumerate(genome.phases) if isinstance(p, DealerPhase)]
    header[L.H_DEALER] = dealers[0] if dealers else -1
    boards = [i for i, p in enumerate(genome.phases) if isinstance(p, BoardPhase)]
    header[L.H_BOARD] = boards[0] if boards else -1
    header[L.H_POT_SIZED] = int(any(p.pot_sized for p in genome.phases if isinstance(p, BoardPhase)))
    shows = [i for i, p in enumerate(genome.phases) if isinstance(p, ShowPhase)]
    header[L.H_SHOW] = shows[0] if shows else -1
    climbs = [i for i, p in enumerate(genome.phases) if isinstance(p, ClimbPhase)]
    header[L.H_CLIMB] = climbs[0] if climbs else -1
    return header


def _player_team(genome: GameGenome) -> tuple[Int64Array, int]:
    team = np.arange(genome.player_count, dtype=np.int64)
    if not genome.team_mode:
        return team, genome.player_count
    for index, members in enumerate(genome.teams):
        for player in members:
            team[player] = index
    return team, len(genome.teams)


def _check_engine_limits(genome: GameGenome) -> None:
    problems: list[str] = []
    if not 2 <= genome.player_count <= L.MAX_PLAYERS:
        problems.append(f"player_count: must be 2..{L.MAX_PLAYERS}, got {genome.player_count}")
    if not genome.turn_structure.phases:
        problems.append("turn_structure.phases: the engine needs at least one phase")
    for i, phase in enumerate(genome.phases):
        if isinstance(phase, TrickPhase) and len(phase.top_trumps) > MAX_TOP_TRUMPS:
            problems.append(f"turn_structure.phases[{i}].top_trumps: the engine holds {MAX_TOP_TRUMPS}")
    if problems:
        raise GenomeValidationError(genome.name, problems)


JOKERS = (52, 53)  # the black and the red joker's card ids


def _deck_cards(genome: GameGenome) -> list[int]:
    """The initial deck's card ids, ascending, the jokers last (``setup.jokers``)."""
    return [*genome.setup.initial_deck.card_ids(), *JOKERS[: genome.setup.jokers]]


def compile_tables(genome: GameGenome) -> GameTables:
    """The arrays the kernel executes for ``genome`` (see the module docstring for each array)."""
    _check_engine_limits(genome)
    conds = _CondBuilder()
    phase_rows = [_phase_row(p, conds, genome.setup.kitty) for p in genome.phases]
    rules = [
        [*conds.add(rule.condition), rule.points, rule.trigger.code] for rule in genome.scoring.card_rules
    ]
    effects = np.zeros((L.N_RANKS, 4), dtype=np.int64)
    for effect in genome.special_effects:
        effects[effect.trigger_rank.code] = [1, effect.effect_type.code, effect.target.code, effect.value]
    wins = [[w.type.code, -1 if w.threshold is None else w.threshold] for w in genome.win_conditions]
    wild = np.zeros(L.N_RANKS, dtype=np.int64)
    for rank in genome.setup.wild_cards:
        wild[rank.code] = 1
    evaluation = genome.scoring.hand_evaluation
    values = DEFAULT_CARD_VALUES if evaluation is None else evaluation.card_values
    player_team, n_teams = _player_team(genome)
    contract = genome.contract_scoring or ContractScoring()
    return GameTables(
        header=_header(genome, n_teams),
        deck_cards=np.array(_deck_cards(genome), dtype=np.int64),
        wild=wild,
        phases=np.array(phase_rows, dtype=np.int64).reshape(len(phase_rows), L.PHASE_ROW),
        cond=conds.array(),
        effects=effects,
        wins=np.array(wins, dtype=np.int64).reshape(len(wins), 2),
        card_rules=np.array(rules, dtype=np.int64).reshape(len(rules), 4),
        card_values=np.array(values, dtype=np.int64),
        player_team=player_team,
        contract=contract_scoring_array(contract),
    )


def pack_tables(tables: GameTables) -> Int64Array:
    """``tables`` as the one flat array the kernel reads (layout in ``darwindeck.engine.program``)."""
    sections = [
        (L.T_PHASES, tables.phases),
        (L.T_COND, tables.cond),
        (L.T_EFFECTS, tables.effects),
        (L.T_WINS, tables.wins),
        (L.T_RULES, tables.card_rules),
        (L.T_VALUES, tables.card_values),
        (L.T_TEAM, tables.player_team),
        (L.T_CONTRACT, tables.contract),
        (L.T_DECK, tables.deck_cards),
        (L.T_WILD, tables.wild),
    ]
    head = np.zeros(L.PROGRAM_HEADER, dtype=np.int64)
    head[: L.HEADER_SIZE] = tables.header
    head[L.T_N_WINS] = tables.wins.shape[0]
    head[L.T_N_RULES] = tables.card_rules.shape[0]
    parts = [head]
    offset = L.PROGRAM_HEADER
    for slot, array in sections:
        head[slot] = offset
        parts.append(array.reshape(-1))
        offset += array.size
    return np.concatenate(parts).astype(np.int64)


def compile_program(genome: GameGenome) -> Int64Array:
    """``pack_tables(compile_tables(genome))``: what the kernel runs."""
    return pack_tables(compile_tables(genome))
