"""What one seat sees of a game: ``TableView``, built only from public information.

``build_view(state, seat)`` starts from ``state.observation(seat)`` (the engine's own statement of what
that seat may see: its own hand, hand sizes, the discard top, tableau, trick, bids, scores) and adds
public scalars the observation does not carry but every player at a real table knows: the direction of
play, the hand and turn numbers, how many hands have ended, which phase is being played, who played
each card of the current trick, the hand's trump when it is turned up or made (and the turned card),
Nil declarations, an auction's contract (the last bid, who bid it, doubling, the declarer) and the
dummy's face-up hand, each side's bags, chips, pot and the claim in progress
(the rank claimed and how many cards went down, never which cards; only during the claim phase), the
bet to match and each seat's chips in the betting round, each side's vulnerability, the winner and how
the game ended, and in a pass phase the seat's own cards chosen to pass and how far round the table this
hand passes, which of the table's cards lie in runs laid there (``run_mask``, to show each meld); with the
game's public moves, an auction's calls (``auction_calls``). Nothing else of the
state is read, so opponents' hands and the deck order cannot reach the screen. Every display and
narration in ``darwindeck.play`` is made from ``TableView`` values, and from one more source only:
``cards_turned_up(state, action)``, the cards the rules turn face up at that action (a challenged claim,
a knock's hands, a showdown's hands, a book laid down, a set laid on a face-up pile), read just before it
is applied (``lands_face_up`` says which places show the cards put there; ``set_cards`` names a set's
cards, which its own seat sees in the move list);
``knock_showdown`` lays out a knock's hands as Gin counts them and ``hand_label`` names a shown hand.
``settled_view(state, action, seat)`` is the seat's view of the table as the action itself leaves it,
before the steps that run on (a hand scored, a new deal gathering every pile back): what a capture took
in the move that ends a hand is told from it.

Seat names: with 4 players North, East, South, West (seats 0..3, seat order +1 = clockwise); otherwise
"Player 1".."Player N" (seat 0 is Player 1).

``TableRules`` holds the facts of the (public) rules the display and narration need, read from the
compiled tables so they say what the engine does: the trump and card order of each trick phase
(``tricks.trick_trump``: the phase's trump, else the setup's; ``trump_in_force`` puts the hand's trump
of the view first, as the engine does), whether a bid of 0 is Nil, the contract
scoring, and the wild ranks with whether a play must match the discard top (``matches_or_wild``: a card
matches the top card's rank or suit, or is wild; a wild on the discard is matched by its own suit, or by
another wild, since the engine names no suit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.actions import contract_name
from darwindeck.engine.bridge_score import auction_book, vulnerable
from darwindeck.engine.deals import dealer
from darwindeck.engine.hand_strength import (
    METHOD_DEADWOOD,
    METHOD_POINT_TOTAL,
    METHOD_POKER,
    hand_strength,
    hand_total,
)
from darwindeck.engine.knock_showdown import MAX_MELDS, deadwood_after_lay_off
from darwindeck.engine.knock_showdown import _candidate_melds as candidate_melds
from darwindeck.engine.passing import pass_offset
from darwindeck.engine.show import show_points, starter_card
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tableau_melds import run_card, run_length, run_order
from darwindeck.engine.tricks import card_beats
from darwindeck.genome.cards import Location, Rank, Suit, Visibility, card_name
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    Reference,
)
from darwindeck.genome.phases import (
    AskPhase,
    DiscardPhase,
    DrawPhase,
    PlayPhase,
)
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    ContractScoring,
    EffectType,
    GameGenome,
    HandPattern,
    MakerScoring,
    TableauMode,
    WinType,
)

Int64Array = npt.NDArray[np.int64]

COMPASS = ("North", "East", "South", "West")
BLIND_NIL = 2  # ``B_IS_NIL`` of a blind Nil (engine.contracts: 1 Nil, 2 blind Nil)

#: Phase kind codes of the engine (``layout.K_*``) as people name them.
PHASE_NAMES = {
    L.K_DRAW: "draw",
    L.K_PLAY: "play",
    L.K_DISCARD: "discard",
    L.K_TRICK: "trick",
    L.K_CLAIM: "claim",
    L.K_BETTING: "betting",
    L.K_BIDDING: "bidding",
    L.K_KNOCK: "knock",
    L.K_PASS: "pass cards",
    L.K_TRUMP: "trump",
    L.K_ASK: "ask",
    L.K_COUNT: "count",
    L.K_AUCTION: "auction",
    L.K_DEALER: "dealer",
    L.K_CRIB: "crib",
}


_DISPLAY_SUIT_ORDER = (Suit.SPADES.code, Suit.HEARTS.code, Suit.CLUBS.code, Suit.DIAMONDS.code)


def sort_hand(cards: Sequence[int]) -> list[int]:
    """``cards`` in display order: suits ♠ ♥ ♣ ♦, then rank 2..A."""
    return sorted(cards, key=lambda c: (_DISPLAY_SUIT_ORDER.index(c // L.N_RANKS), c % L.N_RANKS))


def seat_names(n_players: int) -> tuple[str, ...]:
    """Names of the seats: compass points for 4 players, "Player k" otherwise."""
    if n_players == len(COMPASS):
        return COMPASS
    return tuple(f"Player {seat + 1}" for seat in range(n_players))


@dataclass(frozen=True)
class TableView:
    """One seat's view of the table at one moment (see the module docstring for the sources)."""

    seat: int
    names: tuple[str, ...]
    current_player: int  # -1 once the game is over
    phase_index: int  # index into the genome's phases of the decision pending (meaningless at the end)
    phase_kind: int  # layout.K_* of that phase, -1 when no decision is pending
    direction: int  # +1 clockwise (seat order), -1 counter-clockwise
    hand_number: int
    hands_played: int  # hands that have ended
    turn: int  # turns completed
    hand: tuple[int, ...] | None  # the seat's own cards; None for a face-down hand
    hand_sizes: tuple[int, ...]
    captured_sizes: tuple[int, ...]
    discard_top: int | None
    deck_size: int
    tableau: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]  # (player, card) in the order played
    tricks_played: int
    bids: tuple[int, ...]  # -1: not bid yet
    nil: tuple[bool, ...]
    blind_nil: tuple[bool, ...]  # a Nil bid blind, before looking at the cards (twice the stake)
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    team_scores: tuple[int, ...]
    bags: tuple[int, ...]  # by team (by seat in individual mode), as team_scores
    chips: tuple[int, ...]
    pot: int
    current_bet: int  # the bet to match in the betting round in progress (0 none)
    round_bets: tuple[int, ...]  # chips each seat put in during that round
    count: int  # a count phase's running count (Cribbage's play), 0 between counts
    count_cards: int  # cards played since the count began
    folded: tuple[bool, ...]
    claim_rank: int  # rank code of the claim in progress (in a claim phase only: then it is settled), -1 none
    claim_count: int  # cards put down for it
    claim_pile_size: int
    named_suit: int  # the suit named for the discard top (name_suit effect), -1 none
    hand_trump: int  # the hand's trump, turned up at the deal or made by a trump phase (suit code), -1 none
    turned_card: int  # the card turned up at the deal for trumps (``setup.turned_trump``), -1 none
    maker: int  # who made this hand's trump (ordered up or named: said aloud), -1 none yet
    to_pass: tuple[int, ...]  # this seat's cards chosen to pass (still in the hand)
    pass_offset: int  # in a pass phase: the receiver sits this many seats on (0: a hold hand or no pass)
    legal_actions: tuple[int, ...]  # empty unless this seat decides now
    terminal: bool
    winner: int  # once the game is over: the winning seat (individual mode), -1 none
    winning_team: int  # the winning team (team mode), -1 none
    ended_by: int  # how the game ended (layout.END_*), 0 while it runs
    contract: int  # an auction's last bid (the contract once it ends), contract id; -1 none
    contract_by: int  # who bid it, -1 none
    doubled: int  # 0, 1 doubled, 2 redoubled
    declarer: int  # -1 until the auction ends
    dummy: int  # the declarer's partner who is dummy (from the auction's end), -1 none
    dummy_hand: tuple[int, ...]  # the dummy's cards while face up (from the first card led)
    dummy_to_play: bool  # the dummy's turn: the declarer (current_player) plays one of its cards
    vulnerable: tuple[bool, ...]  # by team, in an auction game (engine.bridge_score); empty otherwise
    auction: tuple[tuple[int, int], ...]  # (seat, call action) of this hand's auction, from the moves
    dealer: tuple[int, ...]  # a dealer game: the dealer's face-up cards (engine.dealer), else empty
    dealer_hole: bool  # the dealer's hole card still lies face down (its face is never in the view)
    board: tuple[int, ...] = ()  # a board game's community cards, face up (engine.board), else empty
    run_mask: int = 0  # bit per card id: the table's cards in a run laid there (engine.tableau_melds)

    @property
    def n_players(self) -> int:
        return len(self.names)

    def name(self, player: int) -> str:
        """A seat's name as this seat's player reads it: "You" for the seat itself."""
        return "You" if player == self.seat else self.names[player]


def build_view(state: GameState, seat: int, moves: Sequence[int] = ()) -> TableView:
    """The view of ``seat``: ``state.observation(seat)`` plus the public scalars listed above; ``moves``
    (every action of the game so far, all of them public at a table where calls are spoken) gives an
    auction's calls (``auction_calls``)."""
    obs = state.observation(seat)
    n = state.n_players
    array = state.array
    terminal = state.is_terminal()
    phase_index = int(array[L.S_PHASE])
    phase_kind = -1
    if not terminal and phase_index < int(state.tables.phases.shape[0]):
        phase_kind = int(state.tables.phases[phase_index, L.PH_KIND])
    trick_players = tuple(int(p) for p in array[L.B_TRICK_PLAYER : L.B_TRICK_PLAYER + len(obs.trick)])
    named = obs.discard_top is not None and obs.discard_top == int(array[L.S_NAMED_CARD])
    return TableView(
        seat=seat,
        names=seat_names(n),
        current_player=obs.current_player,
        phase_index=phase_index,
        phase_kind=phase_kind,
        direction=int(array[L.S_DIR]),
        hand_number=int(array[L.S_HAND_NO]),
        hands_played=int(array[L.S_HANDS_PLAYED]),
        turn=int(array[L.S_TURN]),
        hand=obs.hand,
        hand_sizes=obs.hand_sizes,
        captured_sizes=obs.captured_sizes,
        discard_top=obs.discard_top,
        deck_size=obs.deck_size,
        tableau=obs.tableau,
        trick=tuple(zip(trick_players, obs.trick, strict=True)),
        tricks_played=int(array[L.S_TRICKS_PLAYED]),
        bids=obs.bids,
        nil=tuple(bool(v) for v in array[L.B_IS_NIL : L.B_IS_NIL + n]),
        blind_nil=tuple(int(v) == BLIND_NIL for v in array[L.B_IS_NIL : L.B_IS_NIL + n]),
        tricks_won=obs.tricks_won,
        scores=obs.scores,
        team_scores=obs.team_scores,
        bags=tuple(int(v) for v in array[L.B_BAGS : L.B_BAGS + len(obs.team_scores)]),
        chips=tuple(int(v) for v in array[L.B_CHIPS : L.B_CHIPS + n]),
        pot=int(array[L.S_POT]),
        current_bet=int(array[L.S_CUR_BET]),
        round_bets=tuple(int(v) for v in array[L.B_ROUND_BET : L.B_ROUND_BET + n]),
        count=int(array[L.S_COUNT]),
        count_cards=int(array[L.S_COUNT_CARDS]),
        folded=tuple(bool(v) for v in array[L.B_FOLDED : L.B_FOLDED + n]),
        claim_rank=int(array[L.S_CLAIM_RANK]) if phase_kind == L.K_CLAIM else -1,
        claim_count=int(array[L.S_CLAIM_COUNT]),
        claim_pile_size=obs.claim_pile_size,
        named_suit=int(array[L.S_NAMED_SUIT]) if named else -1,
        hand_trump=int(array[L.S_HAND_TRUMP]),
        turned_card=int(array[L.S_TURNED_CARD]),
        maker=int(array[L.S_MAKER]),
        to_pass=_chosen_to_pass(array, seat, obs.hand),
        pass_offset=pass_offset(state.program, array, phase_index) if phase_kind == L.K_PASS else 0,
        legal_actions=obs.legal_actions,
        terminal=terminal,
        winner=int(array[L.S_WINNER]),
        winning_team=int(array[L.S_WIN_TEAM]),
        ended_by=int(array[L.S_ENDED_BY]),
        contract=int(array[L.S_CONTRACT]),
        contract_by=int(array[L.S_CONTRACT_BY]),
        doubled=int(array[L.S_DOUBLED]),
        declarer=int(array[L.S_DECLARER]),
        dummy=int(array[L.S_DUMMY]),
        dummy_hand=obs.dummy_hand,
        dummy_to_play=not terminal and int(array[L.S_DUMMY]) == int(array[L.S_ACTOR]),
        vulnerable=_vulnerability(state),
        auction=auction_calls(state, moves),
        dealer=state.dealer_cards(),
        dealer_hole=state.dealer_hole_hidden(),
        board=obs.tableau[L.GENERAL_PILE] if int(state.program[L.H_BOARD]) >= 0 else (),
        run_mask=int(array[L.S_RUN_CARDS]),
    )


def settled_view(state: GameState, action: int, seat: int) -> TableView:
    """The view of ``seat`` once ``action`` (legal in ``state``, read before it is applied) has moved its
    cards, before any automatic step runs on (``engine.kernel``: the action, then the end of the hand
    and a new deal). A copy of the state is asked to end the game after the action, as a rule may
    (``S_GAME_OVER``), so the engine stops there with every pile as the action left it: the cards a
    capture took are on the capturer's pile, not yet gathered for the next deal."""
    probe = state.clone()
    probe.array[L.S_GAME_OVER] = 1
    probe.apply_action(action)
    return build_view(probe, seat)


def _vulnerability(state: GameState) -> tuple[bool, ...]:
    """Each team's vulnerability on the deal in play (``engine.bridge_score.vulnerable``)."""
    program = state.program
    if int(program[L.H_AUCTION_VUL]) < 0:
        return ()
    deal = int(state.array[L.S_HANDS_PLAYED])
    dealt_by = dealer(program, state.array)
    return tuple(bool(vulnerable(program, team, dealt_by, deal)) for team in range(int(program[L.H_N_TEAMS])))


def auction_calls(state: GameState, moves: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The calls of this hand's auction, (seat, action) in order: the last run of calls among ``moves``
    (cards are played between two hands' auctions), without the hands thrown in before it (all four
    passed: a real auction never has ``N`` passes in a row, since ``N − 1`` after a bid end it); the
    dealer calls first, then seat order (``engine.auction``). Empty without an auction."""
    if int(state.program[L.H_AUCTION_VUL]) < 0 or not moves:
        return ()
    n = state.n_players
    phase = int(state.array[L.S_PHASE])
    if (
        phase < int(state.tables.phases.shape[0])
        and int(state.tables.phases[phase, L.PH_KIND]) == L.K_AUCTION
    ):
        made = int(state.array[L.S_SUB])  # the calls made in the auction in progress
        run = list(moves[len(moves) - made :]) if made else []
    else:
        run = _last_calls(moves)
    while len(run) >= n and all(call == L.A_PASS for call in run[:n]):
        run = run[n:]
    first = dealer(state.program, state.array)
    return tuple(((first + index) % n, call) for index, call in enumerate(run))


def _last_calls(moves: Sequence[int]) -> list[int]:
    """The last run of calls among ``moves`` (the cards played since skipped)."""
    end = len(moves)
    while end and not _is_call(moves[end - 1]):
        end -= 1
    start = end
    while start and _is_call(moves[start - 1]):
        start -= 1
    return list(moves[start:end])


def _is_call(action: int) -> bool:
    return action in (L.A_PASS, L.A_DOUBLE, L.A_REDOUBLE) or action >= L.A_CONTRACT0


def contract_bid(view: TableView) -> str:
    """An auction's last bid and its doubling: "4♠ doubled"."""
    return contract_name(view.contract) + ("", " doubled", " redoubled")[view.doubled]


def _chosen_to_pass(array: Int64Array, seat: int, hand: tuple[int, ...] | None) -> tuple[int, ...]:
    """The seat's cards marked to pass (``B_PASSED``), in hand order."""
    mask = int(array[L.B_PASSED + seat])
    return tuple(card for card in hand or () if (mask >> card) & 1)


@dataclass(frozen=True)
class TableRules:
    """The facts of the rules the display needs (the genome is public: every player has the rulebook)."""

    game_name: str
    teams: tuple[tuple[int, ...], ...]  # empty outside team mode
    trump: int  # suit code, -1 none
    has_bidding: bool
    has_tricks: bool
    tricks_per_hand: int  # -1: until the hands are empty
    keeps_score: bool  # some rule scores points (``GameGenome.scores_points``): only then are scores shown
    has_chips: bool
    has_captures: bool  # captured piles count (captures, a capture win) and cards can reach them
    nil_allowed: bool  # a bid of 0 is Nil
    contract: ContractScoring | None
    trick_trumps: tuple[int, ...]  # per phase index: the trump suit code of a trick phase (-1 none)
    wild_ranks: tuple[int, ...]  # rank codes
    naming_ranks: tuple[int, ...]  # rank codes whose player names a suit (name_suit effect)
    wild_takes_suit: bool  # plays to the discard must match its top (matches_or_wild)
    auction: bool  # hands open with an auction and its contract is scored (engine.bridge_score)
    book: int  # in an auction game: tricks the declarer's side takes before the level counts
    min_bets: tuple[int, ...]  # per phase index: a betting phase's minimum bet (0 other phases)
    draw_sources: tuple[Location | None, ...]  # per phase index: where a draw phase draws from
    play_targets: tuple[Location | None, ...]  # per phase index: where a play phase puts its cards
    makers: MakerScoring | None  # how the side that made trump scores (Euchre), None without
    upcard: bool  # a trump phase proposes the discard top as trumps (Euchre): the card is turned up
    books: bool  # only books reach the discard pile (asking and drawing phases alone, Go Fish)
    program: npt.NDArray[np.int64] = field(compare=False, repr=False)  # the engine's tables (trick_winner)
    pot_sized: bool = False  # a board phase makes bets and raises pot-sized (engine.betting)
    melds: bool = False  # some play phase lays melds on the table (``lays_meld``: Rummy's sets and runs)

    def team_of(self, player: int) -> int:
        """The index of ``player``'s team, -1 outside team mode."""
        for index, members in enumerate(self.teams):
            if player in members:
                return index
        return -1


def _matches_top(condition: ConditionLike | None) -> bool:
    """Whether ``condition`` contains a ``matches_or_wild`` test against the discard top."""
    if isinstance(condition, CompoundCondition):
        return any(_matches_top(part) for part in condition.conditions)
    return (
        condition is not None
        and condition.type is ConditionType.MATCHES_OR_WILD
        and condition.reference in (None, Reference.TOP_DISCARD)
    )


def _wild_takes_suit(genome: GameGenome) -> bool:
    return any(
        isinstance(phase, PlayPhase) and _matches_top(phase.valid_play_condition) for phase in genome.phases
    )


def trump_in_force(view: TableView, rules: TableRules, phase: int) -> int:
    """The trump of trick phase ``phase`` in ``view``'s hand (``tricks.trick_trump``): the hand's trump,
    turned up, made or bid, else the phase's or the setup's; -1 none (a contract in no trump too)."""
    if view.hand_trump == L.HAND_NO_TRUMP:
        return -1
    return view.hand_trump if view.hand_trump >= 0 else rules.trick_trumps[phase]


def table_rules(state: GameState) -> TableRules:
    """The ``TableRules`` of the game ``state`` plays."""
    genome = state.genome
    header = state.tables.header
    phases = state.tables.phases
    kinds = [int(kind) for kind in phases[:, L.PH_KIND]]
    trumps = [int(phase[L.PH_B]) if int(phase[L.PH_B]) >= 0 else int(header[L.H_TRUMP]) for phase in phases]
    win_types = {w.type for w in genome.win_conditions}
    return TableRules(
        game_name=genome.name,
        teams=genome.teams if genome.team_mode else (),
        trump=int(header[L.H_TRUMP]),
        has_bidding=bool(header[L.H_HAS_BIDDING]),
        has_tricks=genome.turn_structure.has_tricks,
        tricks_per_hand=int(header[L.H_TRICKS_PER_HAND]),
        keeps_score=genome.scores_points,
        has_chips=genome.setup.starting_chips > 0,
        has_captures=_fills_captured_piles(genome)
        and (genome.setup.tableau_mode in _CAPTURING or bool(win_types & CAPTURE_WINS)),
        nil_allowed=any(k == L.K_BIDDING and int(phases[i, L.PH_C]) for i, k in enumerate(kinds)),
        contract=genome.contract_scoring,
        trick_trumps=tuple(t if k == L.K_TRICK else -1 for k, t in zip(kinds, trumps, strict=True)),
        wild_ranks=tuple(rank.code for rank in genome.setup.wild_cards),
        naming_ranks=_naming_ranks(genome),
        wild_takes_suit=_wild_takes_suit(genome),
        auction=int(header[L.H_AUCTION_VUL]) >= 0,
        book=int(auction_book(state.program)),
        min_bets=tuple(int(phases[i, L.PH_A]) if k == L.K_BETTING else 0 for i, k in enumerate(kinds)),
        draw_sources=tuple(phase.source if isinstance(phase, DrawPhase) else None for phase in genome.phases),
        play_targets=tuple(phase.target if isinstance(phase, PlayPhase) else None for phase in genome.phases),
        makers=genome.maker_scoring,
        upcard=L.K_TRUMP in kinds,
        books=_only_books_discarded(genome),
        program=state.program,
        pot_sized=bool(header[L.H_POT_SIZED]),
        melds=_lays_melds(genome),
    )


def _lays_melds(genome: GameGenome) -> bool:
    """Whether a play phase may lay a meld (``lays_meld``): a run, or three or more cards, on a table
    where cards stay as laid."""
    if genome.setup.tableau_mode is not TableauMode.NONE:
        return False
    return any(
        isinstance(phase, PlayPhase)
        and phase.target is Location.TABLEAU
        and (phase.runs or (isinstance(phase.max_cards, int) and phase.max_cards >= L.MIN_RUN))
        for phase in genome.phases
    )


def melds_on_table(cards: Sequence[int], run_mask: int) -> list[list[int]]:
    """The table's cards as the melds they lie in, in the order the first card of each went down: a run
    (the cards of ``run_mask``, ``engine.tableau_melds``) is its suit's cards in sequence, Ace low, each
    gap starting another; every other card lies with the cards of its rank (a set and its lay-offs).

    K♥ K♣ K♠ (ids 11, 37, 50), the run 3♠ 4♠ 5♠ (40-42), then K♦ (24) and 2♠ (39) laid off:

    >>> laid, runs = [11, 37, 50, 40, 41, 42, 24, 39], sum(1 << card for card in (39, 40, 41, 42))
    >>> [" ".join(card_name(card) for card in meld) for meld in melds_on_table(laid, runs)]
    ['K♥ K♣ K♠ K♦', '2♠ 3♠ 4♠ 5♠']
    """
    groups: dict[tuple[bool, int], list[int]] = {}
    for card in cards:
        in_run = bool((run_mask >> card) & 1)
        groups.setdefault((in_run, card // L.N_RANKS if in_run else card % L.N_RANKS), []).append(card)
    melds: list[list[int]] = []
    for (in_run, _), group in groups.items():
        if not in_run:
            melds.append(group)
            continue
        ordered = sorted(group, key=run_order)
        start = 0
        for i in range(1, len(ordered) + 1):
            if i == len(ordered) or run_order(ordered[i]) != run_order(ordered[i - 1]) + 1:
                melds.append(ordered[start:i])
                start = i
    return melds


_CAPTURING = (TableauMode.WAR, TableauMode.MATCH_RANK)


def _fills_captured_piles(genome: GameGenome) -> bool:
    """Whether cards can reach a captured pile: captures of the table kept apart (``setup.captures_to``;
    War's go to the hand), tricks won, or a play or discard phase that puts cards there."""
    kept = genome.setup.tableau_mode in _CAPTURING and genome.setup.captures_to is Location.CAPTURED
    put = any(
        isinstance(p, (PlayPhase, DiscardPhase)) and p.target is Location.CAPTURED for p in genome.phases
    )
    return kept or put or genome.turn_structure.has_tricks


def _only_books_discarded(genome: GameGenome) -> bool:
    """Whether the discard pile holds nothing but laid books: every phase asks (laying books) or draws
    from the deck, and some ask lays books (``engine.asking``)."""
    asks = [phase for phase in genome.phases if isinstance(phase, AskPhase)]
    others = [phase for phase in genome.phases if not isinstance(phase, AskPhase)]
    drawing = all(isinstance(p, DrawPhase) and p.source is Location.DECK for p in others)
    return drawing and any(phase.book for phase in asks)


def _naming_ranks(genome: GameGenome) -> tuple[int, ...]:
    """The ranks whose effect (the last listed for the rank) is ``name_suit``."""
    effects = {effect.trigger_rank: effect.effect_type for effect in genome.special_effects}
    return tuple(rank.code for rank, kind in effects.items() if kind is EffectType.NAME_SUIT)


def _article(rank: Rank) -> str:
    return f"an {rank.value}" if rank in (Rank.EIGHT, Rank.ACE) else f"a {rank.value}"


def wild_note(rules: TableRules, card: int, named_suit: int = -1) -> str:
    """What a card on the discard asks of the next one, when it is wild: "wild: next card must be a ♦ or
    an 8" (the named suit once one was named for it; just "wild" before its player names one, or when
    plays need not match the discard); empty for a card that is not wild and has no suit named."""
    wild = card % L.N_RANKS in rules.wild_ranks
    if not wild and named_suit < 0:
        return ""
    if not rules.wild_takes_suit or (named_suit < 0 and card % L.N_RANKS in rules.naming_ranks):
        return "wild" if wild else ""
    follow = follow_note(rules, named_suit if named_suit >= 0 else card // L.N_RANKS)
    return f"wild: {follow}" if wild else follow


def follow_note(rules: TableRules, suit: int) -> str:
    """ "next card must be a ♥ or an 8": what may follow a card of ``suit`` that is wild or named."""
    symbol = Suit.from_code(suit).symbol
    if not rules.wild_ranks:
        return f"next card must be a {symbol}"
    wilds = [_article(Rank.from_code(code)) for code in rules.wild_ranks]
    others = ", ".join(wilds[:-1]) + " or " + wilds[-1] if len(wilds) > 1 else wilds[0]
    return f"next card must be a {symbol} or {others}"


@dataclass(frozen=True)
class LastTrick:
    """The last trick completed, as the table saw it: its hand, its cards in playing order, its winner."""

    hand_number: int
    cards: tuple[tuple[int, int], ...]  # (player, card)
    winner: int


def trick_winner(trick: Sequence[tuple[int, int]], view: TableView, rules: TableRules) -> int:
    """The player who wins (or, for a trick in progress, is winning) a trick of ``(player, card)`` pairs
    played in ``view``'s trick phase, by the engine's own comparison (``tricks.card_beats``: top trumps
    such as Euchre's bowers first, then the best trump, else the best card of the led suit)."""
    phase = view.phase_index
    trump = trump_in_force(view, rules, phase)
    winner, best = trick[0]
    for player, card in trick[1:]:
        if card_beats(rules.program, phase, card, best, trump):
            winner, best = player, card
    return winner


@dataclass(frozen=True)
class KnockHand:
    """One hand laid down at a knock's showdown: melds, lay-offs onto the knocker's melds, deadwood."""

    melds: tuple[tuple[int, ...], ...]
    laid_off: tuple[int, ...]  # empty for the knocker (and when nothing goes on, or on a gin)
    deadwood: tuple[int, ...]  # the cards left over
    count: int  # the deadwood the showdown counts (engine.knock: after lay-offs)


@dataclass(frozen=True)
class Revealed:
    """Cards the rules turn face up with one action (``cards_turned_up``), for every seat to see."""

    claim: tuple[int, ...] = ()  # a challenged claim's cards, in the order they were put down
    hands: tuple[tuple[int, ...] | None, ...] = ()  # by seat, at a showdown or a knock; None: not shown
    labels: tuple[str, ...] = ()  # by seat, the name of a shown hand ("a flush", "20"), "" none
    books: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (owner, cards) of each book laid down
    knock: tuple[KnockHand, ...] = ()  # by seat, a knock's hands laid out (``knock_showdown``)
    crib: tuple[int, ...] = ()  # a show's crib (``engine.show``), counted for the dealer
    crib_label: str = ""  # what it counts, with the starter
    laid: tuple[int, ...] = ()  # a set's cards laid on a face-up pile, in the order laid (the last on top)


NO_REVEAL = Revealed()


def lands_face_up(genome: GameGenome, target: Location) -> bool:
    """Whether cards a play or discard phase puts on ``target`` lie face up for the table: on the tableau,
    or on the discard pile unless the setup keeps it face down. Cards put on the deck or a captured pile,
    or given to a hand, go face down."""
    if target is Location.DISCARD:
        return genome.setup.discard_visibility is not Visibility.FACE_DOWN
    return target is Location.TABLEAU


def cards_turned_up(state: GameState, action: int) -> Revealed:
    """The cards the rules turn face up when ``action`` is applied to ``state`` (read before it is):

    * a challenge of a claim (Cheat, ``engine.claims``: "the first challenge settles it", which a
      table does by turning the claim's cards over): the cards put down for the claim in progress, the
      last ``S_CLAIM_COUNT`` of the claim pile;
    * a knock (Gin Rummy, ``engine.knock``: the knocker lays down their melds and deadwood, the
      opponents theirs, to count the showdown): every hand;
    * books laid down (Go Fish, ``engine.asking``: a book goes face up onto the discard pile): the
      cards each book adds to the discard pile, with the seat whose hand held them;
    * an action that ends a hand at a showdown (a game with a hand evaluation that bets chips or is won
      by ``best_hand``: the pot and the game go to the best hand, so the players still in show theirs,
      as at a poker table): the hands of the players who have not folded, when at least two have not
      (a last player left in wins without showing), each with its name (``hand_label``). The hands are
      those held when the action ends the game (a last discard-and-draw included: Draw Poker's showdown
      follows the last exchange); when the game goes on, the next deal has taken them back, and the
      hands shown are those held before the action;
    * the card that ends a hand's play in a game with a show (Cribbage, ``engine.show``): every hand
      kept from the crib phase and the crib, each with its count (``_show``);
    * a set (a pair, three of a kind: ``A_SET0`` ..) played where cards lie face up (``lands_face_up``):
      its cards, as they went down (``set_cards``), with whatever else the action turns up.

    Any other action turns nothing up (``NO_REVEAL``): discards kept face down, the cards of a claim
    nobody challenged, a folded hand, a set put face down, stay hidden."""
    revealed = _turned_up(state, action)
    laid = _set_laid(state, action)
    return replace(revealed, laid=laid) if laid else revealed


def _set_laid(state: GameState, action: int) -> tuple[int, ...]:
    """A set's cards (``set_cards``) when its play phase lays them face up (``lands_face_up``); () for
    any other action, or a set put face down."""
    phase_index = int(state.array[L.S_PHASE])
    if not L.A_SET0 <= action < L.A_TARGET0 or phase_index >= len(state.genome.phases):
        return ()
    phase = state.genome.phases[phase_index]
    if not isinstance(phase, PlayPhase) or not lands_face_up(state.genome, phase.target):
        return ()
    return set_cards(state, action)


def run_cards(action: int) -> tuple[int, ...]:
    """The cards a run action (``A_RUN0`` ..) plays, lowest first (``engine.tableau_melds``)."""
    return tuple(run_card(action, i) for i in range(run_length(action)))


def is_run(action: int) -> bool:
    """Whether ``action`` is a run action (``A_RUN0`` ..)."""
    return L.A_RUN0 <= action < L.A_DOUBLE


def lays_meld(genome: GameGenome, phase_index: int, action: int) -> bool:
    """Whether ``action`` lays a meld: a run, or a set of ``MIN_RUN`` or more cards, played to the
    tableau (``engine.tableau_melds`` remembers both as melds that later cards may extend) where cards
    stay as they are laid (tableau mode ``none``: no capture, War or suit piles acts on them)."""
    phases = genome.phases
    phase = phases[phase_index] if 0 <= phase_index < len(phases) else None
    if not isinstance(phase, PlayPhase) or phase.target is not Location.TABLEAU:
        return False
    if genome.setup.tableau_mode is not TableauMode.NONE:
        return False
    is_set = L.A_SET0 <= action < L.A_TARGET0
    return is_run(action) or (is_set and (action - L.A_SET0) // L.N_RANKS + 2 >= L.MIN_RUN)


def lays_off(genome: GameGenome, phase_index: int, action: int) -> bool:
    """Whether ``action`` lays a card off: one card played to the tableau in a phase that allows only a
    card extending a meld there (``extends_meld``, Rummy's lay-off)."""
    phases = genome.phases
    phase = phases[phase_index] if 0 <= phase_index < len(phases) else None
    if not isinstance(phase, PlayPhase) or phase.target is not Location.TABLEAU:
        return False
    rule = phase.valid_play_condition
    extends = isinstance(rule, Condition) and rule.type is ConditionType.EXTENDS_MELD
    return extends and 0 <= action < L.FULL_DECK


def set_cards(state: GameState, action: int) -> tuple[int, ...]:
    """The cards of the deciding seat's hand that a set action (``A_SET0`` ..) puts down, in card id
    order, which is the order the engine puts them down (``kernel._play_cards``: the lowest-id playable
    cards of the rank, the last one on top). Read from the hand, not from the pile, because the same
    action may move them on once down (a capture of the table, the discard pile shuffled into a new deck
    by a draw effect): every card of the rank held when the set is as large (a new deal may hand some
    back at once), else those no longer held after it."""
    player = state.current_player
    rank, size = (action - L.A_SET0) % L.N_RANKS, (action - L.A_SET0) // L.N_RANKS + 2
    held = sorted(card for card in state.hand(player) if card % L.N_RANKS == rank)
    if len(held) == size:
        return tuple(held)
    after = state.clone()
    after.apply_action(action)
    return tuple(card for card in held if card not in after.hand(player))


def _turned_up(state: GameState, action: int) -> Revealed:
    """``cards_turned_up`` but for a set's cards."""
    array = state.array
    n = state.n_players
    phase = int(array[L.S_PHASE])
    kind = int(state.tables.phases[phase, L.PH_KIND]) if phase < int(state.tables.phases.shape[0]) else -1
    if action == L.A_CHALLENGE and kind == L.K_CLAIM:
        pile = state.claim_pile()
        return Revealed(claim=pile[len(pile) - int(array[L.S_CLAIM_COUNT]) :])
    if action == L.A_KNOCK and kind == L.K_KNOCK:
        shown = Revealed(hands=tuple(state.hand(p) for p in range(n)))
        knock = (
            knock_showdown(state, shown, state.current_player)
            if _eval_method(state) == METHOD_DEADWOOD
            else ()
        )
        return Revealed(hands=shown.hands, knock=knock)
    if kind == L.K_COUNT and int(state.tables.header[L.H_SHOW]) >= 0:
        return _show(state, action)
    lays_books = any(int(row[L.PH_KIND]) == L.K_ASK and int(row[L.PH_C]) > 0 for row in state.tables.phases)
    if not _shows_down(state) and not lays_books:
        return NO_REVEAL
    after = state.clone()
    after.apply_action(action)
    if lays_books:
        return Revealed(books=_books_laid(state, after, _book_size(state)))
    ended = after.is_terminal() or int(after.array[L.S_HANDS_PLAYED]) > int(array[L.S_HANDS_PLAYED])
    folder = state.current_player if action == L.A_FOLD else -1
    standing = [p for p in range(n) if not array[L.B_FOLDED + p] and p != folder] if ended else []
    if len(standing) < 2:
        return NO_REVEAL
    held = after if after.is_terminal() else state
    hands = tuple(held.hand(p) if p in standing else None for p in range(n))
    labels = tuple(hand_label(held, hand) if hand is not None else "" for hand in hands)
    return Revealed(hands=hands, labels=labels)


def _show(state: GameState, action: int) -> Revealed:
    """A count action that ends the play shows every kept hand and the crib, each labelled with its count
    with the starter (``engine.show``; a count after the game was won is shown, not scored)."""
    after = state.clone()
    after.apply_action(action)
    if int(after.array[L.S_HANDS_PLAYED]) == int(state.array[L.S_HANDS_PLAYED]):
        return NO_REVEAL  # the play goes on, or was won before the show
    array, starter = state.array, starter_card(state.array)
    nobs = bool(state.tables.phases[int(state.tables.header[L.H_SHOW]), L.PH_A])
    four_flush = bool(state.tables.phases[int(state.tables.header[L.H_SHOW]), L.PH_B])
    hands, labels = [], []
    for p in range(state.n_players):
        mask = int(array[L.B_PLAYED + p]) | sum(1 << card for card in state.hand(p))
        hands.append(tuple(card for card in range(L.FULL_DECK) if mask >> card & 1))
        labels.append(f"{show_points(mask, starter, True, nobs)} with the starter {card_name(starter)}")
    crib = state.claim_pile()
    crib_points = show_points(sum(1 << card for card in crib), starter, four_flush, nobs)
    return Revealed(hands=tuple(hands), labels=tuple(labels), crib=crib, crib_label=str(crib_points))


def _book_size(state: GameState) -> int:
    """The smallest book an ask phase lays (``PH_C`` > 0)."""
    phases = state.tables.phases
    return min(int(row[L.PH_C]) for row in phases if int(row[L.PH_KIND]) == L.K_ASK and int(row[L.PH_C]) > 0)


def _books_laid(before: GameState, after: GameState, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The books one action laid onto the discard pile, by rank: only a rank whose cards laid are a whole
    number of books (``size`` each; a play phase's pair on the same pile is no book), each with the seat
    that laid it: the action's player when it held some of them (an ask takes the cards, then lays
    them), else the seat that held them, else the next player (books laid at the start of its ask)."""
    old = before.discard()
    laid = after.discard()[len(old) :] if after.discard()[: len(old)] == old else ()
    books = []
    for rank in dict.fromkeys(card % L.N_RANKS for card in laid):
        book = tuple(card for card in laid if card % L.N_RANKS == rank)
        if len(book) % size:
            continue
        holders = [p for p in range(before.n_players) if set(before.hand(p)) & set(book)]
        owner = before.current_player if before.current_player in holders else after.current_player
        books.append((owner if owner in holders or not holders else holders[0], book))
    return tuple(books)


def _shows_down(state: GameState) -> bool:
    """Whether a hand's end is a showdown: hands are valued, and chips or the game ride on them."""
    header = state.tables.header
    best_hand = any(w.type is WinType.BEST_HAND for w in state.genome.win_conditions)
    return int(header[L.H_EVAL_METHOD]) >= 0 and (state.genome.setup.starting_chips > 0 or best_hand)


_POKER_DIGITS = 14**5  # hand_strength's poker strength: pattern code × 14^5 + five tiebreak digits
_HAND_NAMES = {
    HandPattern.HIGH_CARD: "high card",
    HandPattern.PAIR: "a pair",
    HandPattern.TWO_PAIR: "two pair",
    HandPattern.THREE_OF_A_KIND: "three of a kind",
    HandPattern.STRAIGHT: "a straight",
    HandPattern.FLUSH: "a flush",
    HandPattern.FULL_HOUSE: "a full house",
    HandPattern.FOUR_OF_A_KIND: "four of a kind",
    HandPattern.STRAIGHT_FLUSH: "a straight flush",
}


def hand_label(state: GameState, hand: Sequence[int]) -> str:
    """What a shown hand is worth by the game's hand evaluation (``engine.hand_strength``): the poker hand
    ("a full house"), a point total ("20", "bust"), deadwood ("deadwood 6"); "" for high card games.
    In a board game the board's cards count with the hand (``engine.board.seat_strength``)."""
    header = state.tables.header
    if int(header[L.H_BOARD]) >= 0:
        hand = (*hand, *state.tableau(L.GENERAL_PILE))
    method = int(header[L.H_EVAL_METHOD])
    cards = np.array([*hand, *([0] * (L.PILE_CAP - len(hand)))], dtype=np.int64)
    values = _card_values(state)
    ace_alt, bust = int(header[L.H_ACE_ALT]), int(header[L.H_BUST])
    if method == METHOD_POKER:
        strength = hand_strength(
            cards, len(hand), method, values, ace_alt, bust, int(header[L.H_PATTERN_MASK])
        )
        return _HAND_NAMES[HandPattern.from_code(strength // _POKER_DIGITS)]
    total = hand_total(cards, len(hand), method, values, ace_alt, bust)
    if method == METHOD_POINT_TOTAL:
        return "bust" if 0 < bust < total else str(total)
    if method == METHOD_DEADWOOD:
        return f"deadwood {total}"
    return ""


def _card_values(state: GameState) -> Int64Array:
    """The value of each rank (the genome's ``card_values``), as ``program.values_view`` reads them."""
    start = int(state.program[L.T_VALUES])
    return np.ascontiguousarray(state.program[start : start + L.N_RANKS], dtype=np.int64)


#: The arrangements ``_arrangements`` tries at most (as ``knock_showdown.MAX_NODES`` bounds the engine's).
ARRANGEMENT_NODES = 20_000


def _arrangements(hand: Sequence[int], values: Int64Array) -> list[tuple[tuple[int, ...], ...]]:
    """Every arrangement of disjoint melds (knock_showdown's candidates) leaving the least deadwood, among
    the first ``ARRANGEMENT_NODES`` tried (a ten-card hand has far fewer)."""
    held = 0
    for card in hand:
        held |= 1 << card
    cells = np.zeros(MAX_MELDS, dtype=np.int64)
    count = candidate_melds(held, cells)
    melds = [tuple(c for c in range(L.FULL_DECK) if (int(cells[i]) >> c) & 1) for i in range(count)]
    best: list[tuple[tuple[int, ...], ...]] = []
    least = [sum(int(values[c % L.N_RANKS]) for c in hand) + 1]
    nodes = [0]

    def search(start: int, used: frozenset[int], chosen: tuple[tuple[int, ...], ...]) -> None:
        nodes[0] += 1
        if nodes[0] > ARRANGEMENT_NODES:
            return
        left = sum(int(values[c % L.N_RANKS]) for c in hand if c not in used)
        if left < least[0]:
            least[0] = left
            best.clear()
        if left == least[0]:
            best.append(chosen)
        for index in range(start, len(melds)):
            if not used & set(melds[index]):
                search(index + 1, used | set(melds[index]), (*chosen, melds[index]))

    search(0, frozenset(), ())
    return best


def _fits(card: int, meld: Sequence[int]) -> bool:
    """Whether ``card`` goes on ``meld``: the fourth of a three-card set, or the next card at either end
    of a run (ace low: engine.knock_showdown)."""
    ranks = {c % L.N_RANKS for c in meld}
    if len(ranks) == 1:
        return len(meld) == 3 and card % L.N_RANKS in ranks
    if card // L.N_RANKS != meld[0] // L.N_RANKS:
        return False
    positions = sorted((c % L.N_RANKS + 1) % L.N_RANKS for c in meld)  # A = 0 … K = 12
    position = (card % L.N_RANKS + 1) % L.N_RANKS
    return position in (positions[0] - 1, positions[-1] + 1)


def _lay_off(deadwood: Sequence[int], melds: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The defender's deadwood cards that go on the knocker's melds, one after another (a run grows)."""
    grown = [list(meld) for meld in melds]
    laid: list[int] = []
    progress = True
    while progress:
        progress = False
        for card in deadwood:
            if card in laid:
                continue
            for meld in grown:
                if _fits(card, meld):
                    laid.append(card)
                    if len({c % L.N_RANKS for c in meld}) > 1:
                        meld.append(card)
                    progress = True
                    break
    return tuple(laid)


def _padded(cards: Sequence[int]) -> Int64Array:
    return np.array([*cards, *([0] * (L.PILE_CAP - len(cards)))], dtype=np.int64)


def _deadwood(hand: Sequence[int], values: Int64Array) -> int:
    return int(hand_total(_padded(hand), len(hand), METHOD_DEADWOOD, values, -1, 0))


def _value(cards: Sequence[int], values: Int64Array) -> int:
    return sum(int(values[c % L.N_RANKS]) for c in cards)


def knock_showdown(state: GameState, revealed: Revealed, knocker: int) -> tuple[KnockHand, ...]:
    """Each hand of a knock laid out as a Gin table counts it (``engine.knock``), from the hands
    ``revealed`` holds (``cards_turned_up`` of the knock, read before it is applied): the knocker's melds
    and deadwood; each opponent's own melds, the cards they lay off on the knocker's melds (none on a
    gin, nor when the knock phase does not lay off) and the deadwood left. The counts are the engine's
    (``hand_total``; for an opponent the least deadwood after lay-offs, ``deadwood_after_lay_off``). The
    knocker shows, among the arrangements leaving the least deadwood, one on which the opponents' lay-offs
    give the engine's counts (the engine assumes the knocker's choice that is best for them)."""
    values = _card_values(state)
    hands = [tuple(hand or ()) for hand in revealed.hands]
    phase = int(state.array[L.S_PHASE])
    lays_off = _deadwood(hands[knocker], values) > 0 and int(state.tables.phases[phase, L.PH_D]) != 0
    options = _arrangements(hands[knocker], values) or [()]
    layouts = [_laid_out(hands, knocker, shown, lays_off, values) for shown in options]
    return next((layout for layout in layouts if all(_consistent(h, values) for h in layout)), layouts[0])


def _consistent(hand: KnockHand, values: Int64Array) -> bool:
    return _value(hand.deadwood, values) == hand.count


def _laid_out(
    hands: Sequence[tuple[int, ...]],
    knocker: int,
    shown: tuple[tuple[int, ...], ...],
    lays_off: bool,
    values: Int64Array,
) -> tuple[KnockHand, ...]:
    out = []
    for seat, hand in enumerate(hands):
        melds = shown if seat == knocker else (_arrangements(hand, values) or [()])[0]
        rest = tuple(c for c in hand if not any(c in meld for meld in melds))
        if seat == knocker or not lays_off:
            out.append(KnockHand(melds, (), rest, _deadwood(hand, values)))
            continue
        k = hands[knocker]
        count = int(deadwood_after_lay_off(_padded(hand), len(hand), _padded(k), len(k), values))
        laid = _lay_off(rest, shown)
        out.append(KnockHand(melds, laid, tuple(c for c in rest if c not in laid), count))
    return tuple(out)


def _eval_method(state: GameState) -> int:
    return int(state.tables.header[L.H_EVAL_METHOD])
