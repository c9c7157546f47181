"""Dou Dizhu as our engine plays it (``GameState``) against OpenSpiel's ``dou_dizhu``, in lock-step.

Each game is OpenSpiel's chance outcomes (the turned-up card's position, then the 54 cards dealt one at
a time from seat 0, the last three the kitty) drawn at random with the game's seed, and the same deal
arranged in our ``GameState`` (``arrange``: the hands, the kitty left in the deck), the call starting with
the seat dealt the turned-up card, as OpenSpiel's. At every decision both must name the same player to
move, the same legal set and the same returns (0 until the end): in the call PASS and each bid above the
highest; in the climb every complete play our engine offers (a COMBO action, then for a combination
with kickers every sequence of KICKER actions it offers, followed on copies of the state) as (type,
head, length, kicker cards), and PASS exactly when following. The chosen action is a seeded random
choice among OpenSpiel's, played in both (ours as its COMBO and KICKER actions); in two games of ten one
side (the landlord, or the peasants) passes whenever it may, so that springs happen. At the end our
returns (the stake scores, ``engine.climb_state``) must equal OpenSpiel's, 0 for a deal all passed.

OpenSpiel's encoding (``dou_dizhu_utils.h``): action 0 is PASS, 1–3 the bids, then the plays in ranges
by type (solo from 4, solo chain 19, pair 55, pair chain 68, trio 120, trio+solo 133, trio+pair 315,
airplane 471, airplane+solos 516, airplane+pairs 23104, bomb 26043, rocket 26056); ``action_to_string``
spells a play's ranks (``3456789TJQKA2``, ``(BWJ)``, ``(CJ)``), an airplane with wings as ``chain-wings``.
Its card ``c`` < 52 has rank ``c % 13`` in the same order as our climbing ranks, suit ``c // 13``; 52 and
53 the jokers, as ours.

Configured to OpenSpiel's variant (``openspiel_variant``): the call goes on until the others pass after
a bid (``once_around`` false), an all-pass ends the game unscored (``void``), the first caller is the
hand's first player (set to OpenSpiel's by ``arrange``), no four-with-two (OpenSpiel has none). One
stated difference: OpenSpiel offers no solo chain, pair chain or plain airplane headed by a rank the
player holds four of (its search skips such heads, ``SearchChainOnlyActions``; no published rule says
so), so those are removed from our set before comparing. And one OpenSpiel bug: it offers a bomb over
the rocket (its search adds the bombs before it looks at what is on the table; its own header says the
rocket dominates all other hands), so over the rocket its bombs are left out of its set, and never
played. Nothing else differs.

Measured (1,000 games through ``GameState``, compiled): 980 deals bid on (20 thrown in), 55,913 climb
decisions and 277,305 legal plays compared, all equal; 309 deals with a bomb or the rocket, 156 springs,
43 distinct return vectors (up to the landlord's +48 and -48), all equal; 180 chains removed for the
quirk and 26 bombs over the rocket left out (the same games, decision for decision, as this test's
earlier form on ``engine.climb`` alone). The counts the tests assert are below these.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from darwindeck.engine import climb as K
from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.phases import AllPass, CallPhase, ClimbPhase, Combo, FirstCaller
from darwindeck.genome.schema import GameGenome

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

#: OpenSpiel's first action of each play type, and our type for it (dou_dizhu_utils.h).
RANGES: tuple[tuple[int, int], ...] = (
    (4, C.C_SOLO),
    (19, C.C_SOLO_CHAIN),
    (55, C.C_PAIR),
    (68, C.C_PAIR_CHAIN),
    (120, C.C_TRIO),
    (133, C.C_TRIO_SOLO),
    (315, C.C_TRIO_PAIR),
    (471, C.C_AIRPLANE),
    (516, C.C_AIRPLANE_SOLOS),
    (23104, C.C_AIRPLANE_PAIRS),
    (26043, C.C_BOMB),
    (26056, C.C_ROCKET),
)
RANK_CHARS = "3456789TJQKA2BR"
CHAIN_ONLY = (C.C_SOLO_CHAIN, C.C_PAIR_CHAIN, C.C_AIRPLANE)
ROCKET = C.primal_id(C.C_ROCKET, C.BLACK_JOKER, 1)
#: who passes whenever allowed, game by game: nobody in eight of ten, so that springs happen in the rest
LAZY = ("", "landlord", "", "", "", "", "peasants", "", "", "")

Play = tuple[int, int, int, tuple[int, ...]]  # type, head, length, the kicker cards' ranks sorted


def openspiel_variant() -> GameGenome:
    """The library's Dou Dizhu set to OpenSpiel's rules (module docstring)."""
    call = CallPhase(once_around=False, all_pass=AllPass.VOID, first=FirstCaller.DEALER_LEFT)
    climb = ClimbPhase(combos=tuple(c for c in Combo if c not in (Combo.FOUR_SOLOS, Combo.FOUR_PAIRS)))
    genome = dou_dizhu()
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=(call, climb)))


GENOME = openspiel_variant()


def _ranks(text: str) -> list[int]:
    return [RANK_CHARS.index(ch) for ch in text.replace("(BWJ)", "B").replace("(CJ)", "R")]


def their_play(state: object, action: int) -> Play:
    """OpenSpiel's play ``action`` as (type, head, length, kickers)."""
    kind = [ours for start, ours in RANGES if action >= start][-1]
    text = state.action_to_string(state.current_player(), action)  # type: ignore[attr-defined]
    if "-" in text:
        chain, wings = text.split("-")
        primal, kickers = sorted(set(_ranks(chain))), sorted(_ranks(wings))
    else:
        ranks = _ranks(text)
        width = int(C.TYPE_WIDTH[kind])
        primal = sorted({r for r in ranks if ranks.count(r) >= width}) if kind != C.C_ROCKET else [13, 14]
        kickers = sorted(r for r in ranks if r not in primal)
    length = 1 if kind == C.C_ROCKET else len(primal)
    return kind, primal[0], length, tuple(kickers)


def our_card(card: int) -> int:
    """Our card id for OpenSpiel's card ``c``: rank ``c % 13`` (3 low), suit ``c // 13``; jokers alike."""
    if card >= 52:
        return card
    return card // 13 * 13 + (card % 13 + 1) % 13


def our_plays(state: GameState) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every complete play our engine offers: (primal part, kicker cards' ranks), following each COMBO
    with kickers through the KICKER actions on copies of the state. Every step offered must lead to a
    complete play."""
    for action in state.legal_actions():
        if action == L.A_PASS:
            continue
        p = action - L.A_COMBO0
        assert 0 <= p < C.N_PRIMALS, action
        if C.kicker_total(p) == 0:
            yield p, ()
            continue
        after = state.clone()
        after.apply_action(action)
        plays = list(_complete(after, p, ()))
        assert plays, f"primal part {p} offered but no kickers complete it"
        yield from plays


def _complete(state: GameState, p: int, cards: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
    kickers = [a for a in state.legal_actions() if a >= L.A_KICKER0]
    if not kickers:
        yield p, cards
        return
    take = int(C.TYPE_KICKER[C.PRIMAL_TYPE[p]])
    for action in kickers:
        after = state.clone()
        after.apply_action(action)
        rank = action - L.A_KICKER0
        plays = list(_complete(after, p, (*cards, *[rank] * take)))
        assert plays, f"kicker rank {rank} offered after {cards} for primal part {p} but leads nowhere"
        yield from plays


def _as_play(p: int, kickers: tuple[int, ...]) -> Play:
    return int(C.PRIMAL_TYPE[p]), int(C.PRIMAL_HEAD[p]), int(C.PRIMAL_LEN[p]), tuple(sorted(kickers))


def our_actions(play: Play) -> list[int]:
    """Our COMBO and KICKER actions for a play (kickers in rising rank, a pair's rank once)."""
    kind, head, length, kickers = play
    ranks = sorted(set(kickers)) if C.TYPE_KICKER[kind] == 2 else list(kickers)
    return [L.A_COMBO0 + C.primal_id(kind, head, length), *(L.A_KICKER0 + r for r in ranks)]


class Counts:
    """What a run compared."""

    def __init__(self) -> None:
        self.decisions = 0  # play decisions compared
        self.plays = 0  # legal plays compared, summed over the decisions
        self.quirk = 0  # chains removed for OpenSpiel's four-at-the-head quirk
        self.over_rocket = 0  # OpenSpiel's bombs over the rocket left out
        self.deals_played = 0  # deals somebody bid on (the others were thrown in)
        self.returns: set[tuple[int, ...]] = set()  # the distinct returns seen
        self.springs = 0  # deals whose stake was doubled for a spring
        self.bombed = 0  # deals with a bomb or the rocket played


def deal(theirs: object, rng: random.Random) -> GameState:
    """Play OpenSpiel's chance outcomes at random and arrange the same deal in a new ``GameState``."""
    dealt: list[int] = []
    first = True
    while theirs.is_chance_node():  # type: ignore[attr-defined]
        action = rng.choice(theirs.legal_actions())  # type: ignore[attr-defined]
        if not first:  # OpenSpiel's deal actions start at 51 (kDealingActionBase); card k to seat k % 3
            dealt.append(action - 51)
        first = False
        theirs.apply_action(action)  # type: ignore[attr-defined]
    hands = [[our_card(c) for c in dealt[seat::3]] for seat in range(3)]
    kitty = [our_card(c) for c in range(54) if c not in dealt]
    ours = GameState.new(GENOME, seed=0)
    ours.arrange(hands=hands, deck=kitty, current=theirs.current_player())  # type: ignore[attr-defined]
    return ours


def our_legal(ours: GameState, counts: Counts) -> set[Play]:
    """Our legal plays, OpenSpiel's four-at-the-head chains removed (module docstring)."""
    held = [0] * C.N_RANKS
    for card in ours.hand(ours.current_player):
        held[C.climb_rank(card)] += 1
    plays: set[Play] = set()
    for p, kickers in our_plays(ours):
        play = _as_play(p, kickers)
        if play[0] in CHAIN_ONLY and held[play[1]] == 4:
            counts.quirk += 1
            continue
        assert play not in plays, play  # one sequence of steps per play
        plays.add(play)
    return plays


def their_call(action: int) -> int:
    """Our call action for OpenSpiel's (0 PASS, n bid n)."""
    return L.A_PASS if action == 0 else L.A_BID0 + action


def climb_step(theirs: object, ours: GameState, rng: random.Random, counts: Counts, passer: bool) -> None:
    """One decision of the climb, compared, then played in both; a ``passer`` passes whenever it may."""
    legal = theirs.legal_actions()  # type: ignore[attr-defined]
    plays = {their_play(theirs, a): a for a in legal if a != 0}
    if cell(ours, K.CL_TABLE) == ROCKET:
        bombs = {play for play in plays if play[0] == C.C_BOMB}  # OpenSpiel's bombs over the rocket
        counts.over_rocket += len(bombs)
        legal = [a for a in legal if a == 0 or their_play(theirs, a) not in bombs]
        plays = {play: a for play, a in plays.items() if play not in bombs}
    assert our_legal(ours, counts) == set(plays), ours.current_player
    assert (0 in legal) == (L.A_PASS in ours.legal_actions())  # PASS only when following
    counts.decisions += 1
    counts.plays += len(plays)
    action = 0 if passer and 0 in legal else rng.choice(legal)
    for ours_action in [L.A_PASS] if action == 0 else our_actions(their_play(theirs, action)):
        ours.apply_action(ours_action)
    theirs.apply_action(action)  # type: ignore[attr-defined]


def cell(ours: GameState, offset: int) -> int:
    """One of the climb's cells in our state (``engine.climb``'s ``CL_*``)."""
    return int(ours.array[L.B_CLIMB + offset])


def play_game(seed: int, counts: Counts, lazy: str = "") -> None:
    """One game in lock-step, seeded random choices: the player to move, the legal set and the returns at
    every decision. ``lazy`` (``landlord`` or ``peasants``) passes whenever it may, so that springs happen."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("dou_dizhu").new_initial_state()
    ours = deal(theirs, rng)
    calling = True
    while not theirs.is_terminal():
        assert not ours.is_terminal() and ours.current_player == theirs.current_player(), seed
        assert ours.returns() == theirs.returns(), seed
        if calling:
            assert ours.legal_actions() == [their_call(a) for a in theirs.legal_actions()], seed
            action = rng.choice(theirs.legal_actions())
            theirs.apply_action(action)
            ours.apply_action(their_call(action))
            calling = cell(ours, K.CL_STAGE) == K.STAGE_CALL
            counts.deals_played += cell(ours, K.CL_STAGE) == K.STAGE_CLIMB
            continue
        landlord = ours.current_player == ours.array[L.S_DECLARER]
        climb_step(theirs, ours, rng, counts, lazy == ("landlord" if landlord else "peasants"))
    assert ours.is_terminal(), seed
    assert ours.returns() == theirs.returns(), (seed, ours.returns(), theirs.returns())
    counts.returns.add(tuple(int(v) for v in ours.returns()))
    if cell(ours, K.CL_STAGE) == K.STAGE_OVER:
        counts.springs += bool(K.spring(ours.array[L.B_CLIMB : L.B_CLIMB + K.N_CELLS], 3))
        counts.bombed += cell(ours, K.CL_BOMBS) > 0


def run(games: int, seed: int) -> Counts:
    counts = Counts()
    for game in range(games):
        play_game(seed + game, counts, LAZY[game % len(LAZY)])
    return counts


def test_dou_dizhu_matches_openspiel() -> None:
    # measured: 39 deals bid on, 2,294 decisions, 10,782 plays, 5 springs, 11 deals with a bomb
    counts = run(40, 2_026_000)
    assert counts.deals_played > 35 and counts.decisions > 2000 and counts.plays > 10_000
    assert counts.springs > 0 and counts.bombed > 0


@pytest.mark.slow
def test_dou_dizhu_matches_openspiel_on_a_thousand_deals() -> None:
    # measured: 980 deals bid on, 55,913 decisions, 156 springs, 309 bombed, 180 quirk chains, 26 bombs
    # over the rocket
    counts = run(1000, 7_000_000)
    assert counts.deals_played > 950 and counts.decisions > 50_000 and counts.springs > 100
    assert counts.quirk > 0 and counts.over_rocket > 0
