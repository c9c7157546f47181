"""``GameState``: the Python face of the compiled engine for play, search and tests.

The wrapper checks and allocates; the rules live in the compiled kernel (``kernel``). A state is one
flat ``int64`` array (layout in ``layout``), so ``clone`` is an array copy. Illegal actions raise
``IllegalActionError`` and leave the state unchanged. ``GameState`` has the shape of ``harness.State``,
as the battle engine's ``Battle`` has, so one player protocol and ``harness.play_out`` serve both.

Hearts deals 13 cards to each of four players and opens with the pass, where any card may be chosen:

>>> from darwindeck.genome.library import get_game
>>> state = GameState.new(get_game("hearts"), seed=1)
>>> state.n_players, len(state.hand(0)), state.is_terminal()
(4, 13, False)
>>> state.legal_actions() == sorted(state.hand(state.current_player))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.actions import action_name
from darwindeck.engine.auction import decider, dummy_exposed
from darwindeck.engine.climb import CL_KITTY
from darwindeck.engine.dealer import peek_natural
from darwindeck.engine.deals import turn_up
from darwindeck.engine.kernel import apply_action, init_game, run_to_decision
from darwindeck.engine.rng import game_seed
from darwindeck.engine.tableau_melds import run_order
from darwindeck.engine.tables import GameTables, compile_tables, pack_tables
from darwindeck.errors import IllegalActionError
from darwindeck.genome.cards import Visibility
from darwindeck.genome.schema import GameGenome

Int64Array = npt.NDArray[np.int64]

#: The stream of ``rng.game_seed`` that seeds the rules' randomness (shuffles, random targets).
RULES_STREAM = 0


@dataclass(frozen=True)
class Observation:
    """What one seat may see. Hidden cards are absent; sizes are always public."""

    seat: int
    current_player: int
    hand: tuple[int, ...] | None  # None: a face-down hand (its owner does not see it)
    hand_sizes: tuple[int, ...]
    captured_sizes: tuple[int, ...]
    discard_top: int | None
    discard: tuple[int, ...] | None  # the whole discard when it is face up
    deck_size: int
    tableau: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    claim_pile_size: int
    scores: tuple[int, ...]
    team_scores: tuple[int, ...]
    bids: tuple[int, ...]
    tricks_won: tuple[int, ...]
    legal_actions: tuple[int, ...]
    dummy: int  # the dummy whose hand lies face up (from the first card led), -1 none
    dummy_hand: tuple[int, ...]  # its cards, face up for everyone (empty without an exposed dummy)
    kitty: tuple[int, ...] = ()  # a call's kitty, turned up for everyone once the call is decided


class GameState:
    """One game in progress. Build with ``GameState.new``."""

    def __init__(
        self, genome: GameGenome, tables: GameTables, program: Int64Array, array: Int64Array
    ) -> None:
        self.genome = genome
        self.tables = tables
        self.program = program
        self.array = array

    @classmethod
    def new(cls, genome: GameGenome, seed: int, n_players: int | None = None) -> GameState:
        """A new game of ``genome`` dealt from ``seed`` (``n_players`` overrides the player count)."""
        if n_players is not None and n_players != genome.player_count:
            genome = genome.replace(player_count=n_players)
        tables = compile_tables(genome)
        program = pack_tables(tables)
        array = np.zeros(L.STATE_SIZE, dtype=np.int64)
        init_game(program, array, game_seed(seed, 0, RULES_STREAM))
        return cls(genome, tables, program, array)

    @property
    def n_players(self) -> int:
        return self.genome.player_count

    @property
    def current_player(self) -> int:
        """The seat that decides now (-1 once the game is over): the declarer when the dummy is to play."""
        return -1 if self.is_terminal() else decider(self.array)

    def legal_actions(self) -> list[int]:
        n = int(self.array[L.S_N_LEGAL])
        return [int(a) for a in self.array[L.P_LEGAL : L.P_LEGAL + n]]

    def apply_action(self, action: int) -> None:
        if not apply_action(self.program, self.array, int(action)):
            raise IllegalActionError(
                f"action {action} ({self._describe(action)}) is not legal now; legal: {self.legal_actions()}"
            )

    def _describe(self, action: int) -> str:
        try:
            return self.action_to_string(action)
        except ValueError:
            return "not an action id"

    def clone(self) -> GameState:
        return GameState(self.genome, self.tables, self.program, self.array.copy())

    def is_terminal(self) -> bool:
        return bool(self.array[L.S_TERMINAL])

    @property
    def winner(self) -> int:
        return int(self.array[L.S_WINNER])

    @property
    def winning_team(self) -> int:
        return int(self.array[L.S_WIN_TEAM])

    def returns(self) -> list[float]:
        """Per player: +1 win, −1 loss, 0 draw or game not over; in team mode the team's result. Against
        a dealer (``has_dealer``) each player's own result against the house: the sign of their score,
        the payouts of every hand (+1 ahead, −1 behind, 0 even). With a climb phase (Dou Dizhu) the scores
        themselves, the stakes won and lost (``engine.climb_state``), as OpenSpiel's ``dou_dizhu``."""
        if not self.is_terminal():
            return [0.0] * self.n_players
        if int(self.tables.header[L.H_CLIMB]) >= 0:
            return [float(score) for score in self.scores()]
        if self.has_dealer:
            return [float((score > 0) - (score < 0)) for score in self.scores()]
        team = self.tables.player_team
        out: list[float] = []
        for p in range(self.n_players):
            if self.winning_team >= 0:
                out.append(1.0 if team[p] == self.winning_team else -1.0)
            elif self.winner >= 0:
                out.append(1.0 if p == self.winner else -1.0)
            else:
                out.append(0.0)
        return out

    def action_to_string(self, action: int) -> str:
        nil = any(
            int(self.tables.phases[i, L.PH_KIND]) == L.K_BIDDING and int(self.tables.phases[i, L.PH_C])
            for i in range(self.tables.phases.shape[0])
        )
        phase = int(self.array[L.S_PHASE])
        kind = int(self.tables.phases[phase, L.PH_KIND]) if phase < self.tables.phases.shape[0] else -1
        own_choice = int(self.array[L.S_PENDING_TARGET]) < 0  # not an effect's target or named suit
        return action_name(
            action,
            nil,
            kind == L.K_TRUMP and own_choice,
            kind == L.K_ASK and own_choice,
            kind == L.K_BIDDING,
            kind == L.K_COUNT,
        )

    # ---- views -------------------------------------------------------------------------------------
    def pile(self, offset: int, length_slot: int) -> tuple[int, ...]:
        n = int(self.array[length_slot])
        return tuple(int(c) for c in self.array[offset : offset + n])

    def hand(self, player: int) -> tuple[int, ...]:
        return self.pile(L.P_HAND + player * L.PILE_CAP, L.L_HAND + player)

    def captured(self, player: int) -> tuple[int, ...]:
        return self.pile(L.P_CAPTURED + player * L.PILE_CAP, L.L_CAPTURED + player)

    def tableau(self, pile: int) -> tuple[int, ...]:
        return self.pile(L.P_TABLEAU + pile * L.PILE_CAP, L.L_TABLEAU + pile)

    def deck(self) -> tuple[int, ...]:
        return self.pile(L.P_DECK, L.L_DECK)

    def discard(self) -> tuple[int, ...]:
        return self.pile(L.P_DISCARD, L.L_DISCARD)

    def claim_pile(self) -> tuple[int, ...]:
        return self.pile(L.P_CLAIM, L.L_CLAIM)

    @property
    def has_dealer(self) -> bool:
        """The game has a dealer phase: a house hand plays against every player (``engine.dealer``)."""
        return int(self.tables.header[L.H_DEALER]) >= 0

    def dealer_cards(self) -> tuple[int, ...]:
        """The dealer's face-up cards (the up-card first; the hole card once turned), public."""
        return self.tableau(L.GENERAL_PILE) if self.has_dealer else ()

    def dealer_hole_hidden(self) -> bool:
        """The dealer's hole card still lies face down (its face is in ``claim_pile``, never shown)."""
        return self.has_dealer and bool(self.array[L.L_CLAIM])

    def trick(self) -> tuple[int, ...]:
        return self.pile(L.P_TRICK, L.L_TRICK)

    def block(self, base: int, count: int) -> tuple[int, ...]:
        return tuple(int(v) for v in self.array[base : base + count])

    def scores(self) -> tuple[int, ...]:
        return self.block(L.B_SCORE, self.n_players)

    def team_scores(self) -> tuple[int, ...]:
        return self.block(L.B_TEAM_SCORE, int(self.tables.header[L.H_N_TEAMS]))

    @property
    def hand_trump(self) -> int:
        """The suit code a trump phase made trump for this hand (public), -1 none yet."""
        return int(self.array[L.S_HAND_TRUMP])

    @property
    def turned_card(self) -> int:
        """The card turned up at this hand's deal to fix trumps (``setup.turned_trump``; public), -1 none."""
        return int(self.array[L.S_TURNED_CARD])

    @property
    def maker(self) -> int:
        """The player who made this hand's trump (public), -1 none yet."""
        return int(self.array[L.S_MAKER])

    def observation(self, seat: int) -> Observation:
        if not 0 <= seat < self.n_players:
            raise ValueError(f"seat {seat} is outside 0..{self.n_players - 1}")
        setup = self.genome.setup
        decides = self.current_player == seat
        # Deciding on blind Nil is done before looking at one's cards.
        blind = decides and L.A_BLIND_NIL in self.legal_actions()
        own_hand_visible = setup.hand_visibility is not Visibility.FACE_DOWN and not blind
        discard = self.discard()
        dummy = dummy_exposed(self.array)
        return Observation(
            seat=seat,
            current_player=self.current_player,
            hand=self.hand(seat) if own_hand_visible else None,
            hand_sizes=self.block(L.L_HAND, self.n_players),
            captured_sizes=self.block(L.L_CAPTURED, self.n_players),
            discard_top=discard[-1]
            if discard and setup.discard_visibility is not Visibility.FACE_DOWN
            else None,
            discard=discard if setup.discard_visibility is Visibility.FACE_UP else None,
            deck_size=int(self.array[L.L_DECK]),
            tableau=tuple(self.tableau(k) for k in range(L.N_TABLEAU)),
            trick=self.trick(),
            claim_pile_size=len(self.claim_pile()),
            scores=self.scores(),
            team_scores=self.team_scores(),
            bids=self.block(L.B_BID, self.n_players),
            tricks_won=self.block(L.B_TRICKS, self.n_players),
            legal_actions=tuple(self.legal_actions()) if decides else (),
            dummy=dummy,
            dummy_hand=self.hand(dummy) if dummy >= 0 else (),
            kitty=self.kitty(),
        )

    def kitty(self) -> tuple[int, ...]:
        """The kitty a call phase turned up and gave its declarer (public), empty before (or without) one."""
        bits = int(self.array[L.B_CLIMB + CL_KITTY])
        return tuple(card for card in range(L.PILE_CAP) if bits >> card & 1)

    def arrange(
        self,
        *,
        hands: Sequence[Sequence[int]] | None = None,
        deck: Sequence[int] | None = None,
        discard: Sequence[int] | None = None,
        tableau: Mapping[int, Sequence[int]] | None = None,
        current: int | None = None,
        dealer: Sequence[int] | None = None,
    ) -> None:
        """Replace piles (a forced deal for scenario tests and puzzles) and run to the next decision.

        Piles not named keep their cards; every card of the deck must end up in exactly one place
        (``ValueError`` otherwise). ``current`` makes that seat the turn's player (at phase 0). Before the
        hand's first trick, a turned trump (``setup.turned_trump``) is turned up again from the arranged
        piles: the top of the discard, or the last card of the dealer's hand. ``dealer`` (a game with a
        dealer phase): the house's up-card and hole card, dealt again, so a peeking dealer checks them.
        """
        array = self.array.copy()

        def put(offset: int, length_slot: int, cards: Sequence[int]) -> None:
            array[offset : offset + len(cards)] = cards
            array[length_slot] = len(cards)

        for p, cards in enumerate(hands or ()):
            put(L.P_HAND + p * L.PILE_CAP, L.L_HAND + p, cards)
        if deck is not None:
            put(L.P_DECK, L.L_DECK, deck)
        if discard is not None:
            put(L.P_DISCARD, L.L_DISCARD, discard)
        for pile, cards in (tableau or {}).items():
            put(L.P_TABLEAU + pile * L.PILE_CAP, L.L_TABLEAU + pile, cards)
            if pile < L.N_SUITS and cards:
                orders = [run_order(card) for card in cards]
                array[L.B_SEQ_LO + pile] = min(orders)
                array[L.B_SEQ_HI + pile] = max(orders)
        if current is not None:
            for slot in (L.S_CUR, L.S_ACTOR, L.S_LEADER):
                array[slot] = current
            array[L.S_PHASE] = 0
            array[L.S_SUB] = 0
        if dealer is not None:
            up, hole = dealer
            put(L.P_TABLEAU + L.GENERAL_PILE * L.PILE_CAP, L.L_TABLEAU + L.GENERAL_PILE, [up])
            put(L.P_CLAIM, L.L_CLAIM, [hole])
            peek_natural(self.program, array)
        array[L.S_IDLE_TURNS] = 0
        if array[L.S_TRICKS_PLAYED] == 0 and array[L.L_TRICK] == 0:
            turn_up(self.program, array)
        arranged = GameState(self.genome, self.tables, self.program, array)
        placed = sorted(arranged.all_cards())
        if placed != sorted(int(c) for c in self.tables.deck_cards):
            raise ValueError("arrange: every card of the deck must be in exactly one pile")
        run_to_decision(self.program, array)
        self.array = array

    def all_cards(self) -> list[int]:
        """Every card in every pile (the deck's cards once each while the rules hold)."""
        cards = [*self.deck(), *self.discard(), *self.trick(), *self.claim_pile()]
        for p in range(self.n_players):
            cards += [*self.hand(p), *self.captured(p)]
        for k in range(L.N_TABLEAU):
            cards += self.tableau(k)
        return cards

    def total_cards(self) -> int:
        """Cards in all piles together (conserved: equals the deck size)."""
        return len(self.all_cards())
