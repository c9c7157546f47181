"""Repairs: small documented fixes that make a nearly valid child valid, and the vetting step that uses them.

Every child of every operator goes through ``vet(candidate)``:

1. ``validate(candidate)``; no error → accepted as it is (warnings are allowed).
2. Otherwise every repair of ``REPAIRS`` runs, in order. Each repair fixes exactly one rule of
   ``darwindeck.genome.validation`` and returns a genome that does not break that rule unchanged, so the
   names of the repairs that changed something are recorded.
3. ``validate`` again; an error left → the candidate is *rejected* (the caller keeps the parent).

Nothing is fixed silently: the repairs applied are returned with the genome. The repairs, in order:

=============================  =================================================================
``clamp_deal``                 ``initial_discard_count`` ≤ the deck, then ``cards_per_player`` ≤
                               (deck size − discard) // player count
``war_needs_two_players``      tableau mode WAR with a player count other than 2 → NONE (spec 001)
``fix_teams``                  teams that do not partition the players: ``repair_teams`` (spec 003),
                               or team play switched off when no two teams are left
``drop_bidding_without_tricks``  a bidding phase with no trick phase after it is removed (spec 004)
``drop_orphan_contract``       contract scoring with no bidding phase → none (spec 004)
``add_missing_contract``       a bidding phase without contract scoring gets ``ContractScoring()``
``drop_knock_without_values``  a knock phase in a game without hand evaluation is removed
``fix_trump_making``           a trump phase with no trick phase after it is removed; one in a game
                               that turns up no card turns up 1 when the deal leaves one (else it is
                               removed); maker scoring with no trump phase left → none
``fix_turned_trump``           an ``upcard`` turned trump in a game that turns up no card turns up 1
                               when the deal leaves one, else becomes ``dealer_last``; a
                               ``dealer_last`` one in a game that deals no card → none
``drop_orphan_book``           book scoring with no trick phase → none
``chips_for_betting``          a betting phase with no starting chips → ``DEFAULT_STARTING_CHIPS``,
                               or ``BOARD_STACK_BLINDS`` big blinds when a board phase posts blinds
                               (at most 65535, two bytes)
``clamp_counts``               draw / discard counts ≥ 1; play / claim 1 ≤ min_cards ≤ max_cards;
                               bids 0 ≤ min_bid ≤ max_bid ≤ 255; min_bet ≥ 1; max_raises ≥ 0
``clamp_effect_values``        special effect values into 1..255 (spec 000)
``fill_thresholds``            a win type that needs a threshold without one gets ``DEFAULT_THRESHOLD``
``clamp_max_turns``            ``max_turns`` into 1..65535
``fit_crib_deal``              a crib too big to count or a deal leaving no starter: each player
                               lays away at most 7 // players cards (at least 1) and is dealt at most
                               those and four more (Cribbage's kept hand), fewer when the deck must
                               still make up the crib and give the starter
``fit_board_table``            a board phase beside the tableau or a dealer: tableau mode → NONE
                               (the sequence direction back to BOTH), dealer phases removed
``fit_board_showdown``         a board phase with no best-hand showdown: the hand evaluation
                               becomes ``poker`` and a ``best_hand`` win condition is added
``fit_board_bets``             a street's blinds with no chips or no betting phase after it → none;
                               a small blind above the big blind → the big blind's; ``pot_sized``
                               with no betting phase → False
``fit_board_deal``             more than 5 board cards: the later streets give up the excess; then
                               ``cards_per_player`` ≤ (deck size − discard − board) // player count
=============================  =================================================================

The board repairs do not move phases that use the tableau off it: a turn is inherited whole, and
validation refuses such a phase beside a board, so no valid parent has one.

``repair_teams(teams, player_count)`` is the seed-003 reconciliation after a player-count change: players
that no longer exist leave their teams, empty teams disappear, new players join the smallest team (the
first one on a tie), one at a time in seat order; fewer than two teams left → ``None`` (team play off).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from darwindeck.evolve.mutations._edit import (
    indices_of,
    replaced_at,
    with_phases,
    with_setup,
    without_phases_of,
)
from darwindeck.genome.phases import (
    CRIB_SIZE,
    MAX_BOARD,
    MAX_COUNTED,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    ClaimPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    Phase,
    PlayPhase,
    TrickPhase,
    TrumpPhase,
)
from darwindeck.genome.schema import (
    THRESHOLD_REQUIRED,
    ContractScoring,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    SequenceDirection,
    TableauMode,
    TurnedTrump,
    WinCondition,
    WinType,
)
from darwindeck.genome.validation import MAX_TURNS, UINT8_MAX, UINT16_MAX, validate

#: Chips given to a betting game that has none.
DEFAULT_STARTING_CHIPS = 100
#: Threshold given to a win condition that needs one and has none.
DEFAULT_THRESHOLD = 100
#: The cards a Cribbage hand keeps after laying away (``fit_crib_deal``).
KEPT_HAND = 4
#: The stack of a board game with blinds that has no chips, in big blinds (a common table's buy-in;
#: the library's Hold'em, as the ACPC, plays 200).
BOARD_STACK_BLINDS = 100

Teams = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Vetted:
    """The outcome of ``vet``: the valid genome (None when rejected), the repairs applied, and the
    validation errors that were left (empty unless rejected)."""

    genome: GameGenome | None
    repairs: tuple[str, ...]
    errors: tuple[str, ...]


def vet(candidate: GameGenome) -> Vetted:
    """Validate ``candidate``; repair it when it has errors; reject it when errors remain."""
    if validate(candidate).ok:
        return Vetted(candidate, (), ())
    repaired, applied = repair(candidate)
    report = validate(repaired)
    if report.ok:
        return Vetted(repaired, applied, ())
    return Vetted(None, applied, tuple(str(problem) for problem in report.errors))


def repair(genome: GameGenome) -> tuple[GameGenome, tuple[str, ...]]:
    """Run every repair in order; the repaired genome and the names of those that changed something."""
    applied: list[str] = []
    for name, fix in REPAIRS:
        fixed = fix(genome)
        if fixed != genome:
            applied.append(name)
            genome = fixed
    return genome, tuple(applied)


def max_cards_per_player(genome: GameGenome) -> int:
    """The most cards each player can be dealt from the deck after the initial discard."""
    setup = genome.setup
    return max(0, (setup.initial_deck.size - setup.initial_discard_count) // genome.player_count)


def board_cards(genome: GameGenome) -> int:
    """The board's cards: every board phase's (street's) together."""
    return sum(phase.cards for phase in genome.phases if isinstance(phase, BoardPhase))


def max_hole_cards(genome: GameGenome) -> int:
    """The most cards each player can be dealt with the initial discard and the board still to come."""
    setup = genome.setup
    left = setup.initial_deck.size - setup.initial_discard_count - board_cards(genome)
    return max(0, left // genome.player_count)


def repair_teams(teams: Teams, player_count: int) -> Teams | None:
    """``teams`` reconciled with ``player_count`` (see the module docstring), or None."""
    kept = [[p for p in team if p < player_count] for team in teams]
    kept = [team for team in kept if team]
    seated = {p for team in kept for p in team}
    for player in range(player_count):
        if player in seated:
            continue
        if not kept:
            kept.append([])
        smallest = min(range(len(kept)), key=lambda t: len(kept[t]))
        kept[smallest].append(player)
    if len(kept) < 2:
        return None
    return tuple(tuple(sorted(team)) for team in kept)


def teams_fit(teams: Teams, player_count: int) -> bool:
    """Whether ``teams`` puts each of ``player_count`` players in exactly one of at least two teams."""
    members = [p for team in teams for p in team]
    return (
        len(teams) >= 2
        and all(teams)
        and len(members) == len(set(members))
        and set(members) == set(range(player_count))
    )


# ---------------------------------------------------------------------------------------------- repairs


def clamp_deal(genome: GameGenome) -> GameGenome:
    setup = genome.setup
    discard = min(max(0, setup.initial_discard_count), setup.initial_deck.size)
    clamped = (
        genome
        if discard == setup.initial_discard_count
        else with_setup(genome, initial_discard_count=discard)
    )
    limit = max_cards_per_player(clamped)
    if setup.cards_per_player > limit:
        clamped = with_setup(clamped, cards_per_player=limit)
    return clamped


def war_needs_two_players(genome: GameGenome) -> GameGenome:
    if genome.setup.tableau_mode is TableauMode.WAR and genome.player_count != 2:
        return with_setup(genome, tableau_mode=TableauMode.NONE)
    return genome


def fix_teams(genome: GameGenome) -> GameGenome:
    if not genome.team_mode:
        return genome.replace(teams=()) if genome.teams else genome
    if teams_fit(genome.teams, genome.player_count):
        return genome
    teams = repair_teams(genome.teams, genome.player_count)
    if teams is None or not teams_fit(teams, genome.player_count):
        return genome.replace(team_mode=False, teams=())
    return genome.replace(teams=teams)


def drop_bidding_without_tricks(genome: GameGenome) -> GameGenome:
    phases = genome.phases
    tricks = indices_of(phases, TrickPhase)
    kept = [
        phase
        for i, phase in enumerate(phases)
        if not isinstance(phase, BiddingPhase) or any(t > i for t in tricks)
    ]
    return genome if len(kept) == len(phases) else with_phases(genome, kept)


def drop_orphan_contract(genome: GameGenome) -> GameGenome:
    if genome.contract_scoring is not None and not indices_of(genome.phases, BiddingPhase):
        return genome.replace(contract_scoring=None)
    return genome


def add_missing_contract(genome: GameGenome) -> GameGenome:
    if genome.contract_scoring is None and indices_of(genome.phases, BiddingPhase):
        return genome.replace(contract_scoring=ContractScoring())
    return genome


def drop_knock_without_values(genome: GameGenome) -> GameGenome:
    if genome.scoring.hand_evaluation is not None or not indices_of(genome.phases, KnockPhase):
        return genome
    return with_phases(genome, [phase for phase in genome.phases if not isinstance(phase, KnockPhase)])


def fix_trump_making(genome: GameGenome) -> GameGenome:
    tricks = indices_of(genome.phases, TrickPhase)
    kept = [
        phase
        for i, phase in enumerate(genome.phases)
        if not isinstance(phase, TrumpPhase) or any(t > i for t in tricks)
    ]
    fixed = genome if len(kept) == len(genome.phases) else with_phases(genome, kept)
    setup = fixed.setup
    if indices_of(fixed.phases, TrumpPhase) and setup.initial_discard_count == 0:
        if setup.cards_per_player * fixed.player_count < setup.initial_deck.size:
            fixed = with_setup(fixed, initial_discard_count=1)
        else:
            fixed = with_phases(fixed, [p for p in fixed.phases if not isinstance(p, TrumpPhase)])
    if fixed.maker_scoring is not None and not indices_of(fixed.phases, TrumpPhase):
        fixed = fixed.replace(maker_scoring=None)
    return fixed


def fix_turned_trump(genome: GameGenome) -> GameGenome:
    setup = genome.setup
    if setup.turned_trump is TurnedTrump.UPCARD and setup.initial_discard_count == 0:
        if setup.cards_per_player * genome.player_count < setup.initial_deck.size:
            return with_setup(genome, initial_discard_count=1)
        return with_setup(genome, turned_trump=TurnedTrump.DEALER_LAST)
    if setup.turned_trump is TurnedTrump.DEALER_LAST and setup.cards_per_player == 0:
        return with_setup(genome, turned_trump=None)
    return genome


def drop_orphan_book(genome: GameGenome) -> GameGenome:
    if genome.book_scoring is not None and not indices_of(genome.phases, TrickPhase):
        return genome.replace(book_scoring=None)
    return genome


def chips_for_betting(genome: GameGenome) -> GameGenome:
    if not indices_of(genome.phases, BettingPhase) or genome.setup.starting_chips > 0:
        return genome
    blind = max((p.big_blind for p in genome.phases if isinstance(p, BoardPhase)), default=0)
    chips = min(UINT16_MAX, BOARD_STACK_BLINDS * blind) if blind > 0 else DEFAULT_STARTING_CHIPS
    return with_setup(genome, starting_chips=chips)


def _clamped_phase(phase: Phase) -> Phase:
    if isinstance(phase, DrawPhase | DiscardPhase):
        return dataclasses.replace(phase, count=max(1, phase.count))
    if isinstance(phase, PlayPhase | ClaimPhase):
        low = max(1, phase.min_cards)
        return dataclasses.replace(phase, min_cards=low, max_cards=max(low, phase.max_cards))
    if isinstance(phase, BiddingPhase):
        high = min(UINT8_MAX, max(0, phase.max_bid))
        return dataclasses.replace(phase, min_bid=min(high, max(0, phase.min_bid)), max_bid=high)
    if isinstance(phase, BettingPhase):
        return dataclasses.replace(phase, min_bet=max(1, phase.min_bet), max_raises=max(0, phase.max_raises))
    return phase


def clamp_counts(genome: GameGenome) -> GameGenome:
    phases = tuple(_clamped_phase(phase) for phase in genome.phases)
    return genome if phases == genome.phases else with_phases(genome, phases)


def clamp_effect_values(genome: GameGenome) -> GameGenome:
    effects = tuple(
        dataclasses.replace(effect, value=min(UINT8_MAX, max(1, effect.value)))
        for effect in genome.special_effects
    )
    return genome if effects == genome.special_effects else genome.replace(special_effects=effects)


def fill_thresholds(genome: GameGenome) -> GameGenome:
    wins = tuple(
        WinCondition(win.type, DEFAULT_THRESHOLD)
        if win.type in THRESHOLD_REQUIRED and win.threshold is None
        else win
        for win in genome.win_conditions
    )
    return genome if wins == genome.win_conditions else genome.replace(win_conditions=wins)


def clamp_max_turns(genome: GameGenome) -> GameGenome:
    turns = min(MAX_TURNS, max(1, genome.max_turns))
    return genome if turns == genome.max_turns else genome.replace(max_turns=turns)


def fit_crib_deal(genome: GameGenome) -> GameGenome:
    found = indices_of(genome.phases, CribPhase)
    if not found:
        return genome
    crib = genome.phases[found[0]]
    assert isinstance(crib, CribPhase)
    count = max(1, min(crib.count, MAX_COUNTED // genome.player_count))
    if count != crib.count:
        crib = dataclasses.replace(crib, count=count)
        genome = with_phases(genome, replaced_at(genome.phases, found[0], crib))
    laid = count * genome.player_count
    setup = genome.setup
    spare = setup.initial_deck.size - setup.initial_discard_count - max(CRIB_SIZE - laid, 0) - 1
    limit = min(count + KEPT_HAND, max(spare, 0) // genome.player_count)
    if setup.cards_per_player <= limit:
        return genome
    return with_setup(genome, cards_per_player=limit)


def fit_board_table(genome: GameGenome) -> GameGenome:
    if not indices_of(genome.phases, BoardPhase):
        return genome
    fixed = genome
    if fixed.setup.tableau_mode is not TableauMode.NONE:
        fixed = with_setup(fixed, tableau_mode=TableauMode.NONE, sequence_direction=SequenceDirection.BOTH)
    return without_phases_of(fixed, DealerPhase)


def fit_board_showdown(genome: GameGenome) -> GameGenome:
    if not indices_of(genome.phases, BoardPhase):
        return genome
    fixed, evaluation = genome, genome.scoring.hand_evaluation
    if evaluation is None or evaluation.method is not EvaluationMethod.POKER:
        poker = HandEvaluation(method=EvaluationMethod.POKER)
        fixed = fixed.replace(scoring=dataclasses.replace(fixed.scoring, hand_evaluation=poker))
    if not any(win.type is WinType.BEST_HAND for win in fixed.win_conditions):
        fixed = fixed.replace(win_conditions=(*fixed.win_conditions, WinCondition(WinType.BEST_HAND)))
    return fixed


def _fit_street(genome: GameGenome, index: int, street: BoardPhase) -> BoardPhase:
    betting = indices_of(genome.phases, BettingPhase)
    later = any(i > index for i in betting) and genome.setup.starting_chips > 0
    big = street.big_blind if later else 0
    return dataclasses.replace(
        street,
        small_blind=min(street.small_blind, big),
        big_blind=big,
        pot_sized=street.pot_sized and bool(betting),
    )


def fit_board_bets(genome: GameGenome) -> GameGenome:
    phases = tuple(
        _fit_street(genome, i, phase) if isinstance(phase, BoardPhase) else phase
        for i, phase in enumerate(genome.phases)
    )
    return genome if phases == genome.phases else with_phases(genome, phases)


def fit_board_deal(genome: GameGenome) -> GameGenome:
    if not indices_of(genome.phases, BoardPhase):
        return genome
    phases, room = list(genome.phases), MAX_BOARD
    for i, phase in enumerate(phases):
        if isinstance(phase, BoardPhase):
            phases[i] = dataclasses.replace(phase, cards=min(phase.cards, room))
            room -= min(phase.cards, room)
    fixed = genome if tuple(phases) == genome.phases else with_phases(genome, phases)
    limit = max_hole_cards(fixed)
    if fixed.setup.cards_per_player <= limit:
        return fixed
    return with_setup(fixed, cards_per_player=limit)


#: Every repair by name, in the order they run.
REPAIRS: tuple[tuple[str, Callable[[GameGenome], GameGenome]], ...] = (
    ("clamp_deal", clamp_deal),
    ("war_needs_two_players", war_needs_two_players),
    ("fix_teams", fix_teams),
    ("drop_bidding_without_tricks", drop_bidding_without_tricks),
    ("drop_orphan_contract", drop_orphan_contract),
    ("add_missing_contract", add_missing_contract),
    ("drop_knock_without_values", drop_knock_without_values),
    ("fix_trump_making", fix_trump_making),
    ("fix_turned_trump", fix_turned_trump),
    ("drop_orphan_book", drop_orphan_book),
    ("chips_for_betting", chips_for_betting),
    ("clamp_counts", clamp_counts),
    ("clamp_effect_values", clamp_effect_values),
    ("fill_thresholds", fill_thresholds),
    ("clamp_max_turns", clamp_max_turns),
    ("fit_crib_deal", fit_crib_deal),
    ("fit_board_table", fit_board_table),
    ("fit_board_showdown", fit_board_showdown),
    ("fit_board_bets", fit_board_bets),
    ("fit_board_deal", fit_board_deal),
)
