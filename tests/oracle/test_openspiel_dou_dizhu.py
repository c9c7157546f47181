"""Dou Dizhu's combination plays against OpenSpiel's ``dou_dizhu``, decision by decision.

What is compared today: the combination rules (``engine.combinations``). Each game is OpenSpiel's, its
chance outcomes (the turned-up card's position, then the 54 cards dealt one at a time from seat 0, the
last three the kitty) and every decision drawn at random with the game's seed. The test keeps each seat's
hand from the deal (the kitty goes to the last bidder when the auction ends) and the combination on the
table (the last play; cleared when two players pass in a row). At every play decision our legal set,
every primal part ``legal_primals`` offers completed by every kicker sequence ``legal_kickers`` offers,
must equal OpenSpiel's legal plays as (type, head, length, kicker cards), PASS aside.

OpenSpiel's encoding (``dou_dizhu_utils.h``): action 0 is PASS, 1–3 the bids, then the plays in ranges
by type (solo from 4, solo chain 19, pair 55, pair chain 68, trio 120, trio+solo 133, trio+pair 315,
airplane 471, airplane+solos 516, airplane+pairs 23104, bomb 26043, rocket 26056); ``action_to_string``
spells a play's ranks (``3456789TJQKA2``, ``(BWJ)``, ``(CJ)``), an airplane with wings as ``chain-wings``.
Its card ``c`` < 52 has rank ``c % 13`` in the same order as our climbing ranks; 52 and 53 the jokers.

Configured to OpenSpiel's variant: no four-with-two (OpenSpiel has none). One stated difference: OpenSpiel
offers no solo chain, pair chain or plain airplane headed by a rank the player holds four of (its search
skips such heads, ``SearchChainOnlyActions``; no published rule says so), so those are removed from our
set before comparing. And one OpenSpiel bug: it offers a bomb over the rocket (its search adds the bombs
before it looks at what is on the table; its own header says the rocket dominates all other hands), so
over the rocket its bombs are left out of its set, and never played.

Measured: 1,000 games compare 59,554 play decisions and 276,386 legal plays, all equal; 171 chains were
removed for the quirk and 27 bombs over the rocket left out (the counts are in the tests).

Not yet compared (the library game is not built; ``genome.library.climbing`` says what remains): the
player to move, the auction and the returns.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from darwindeck.engine import combinations as C

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
#: every type but four-with-two, as OpenSpiel plays
OPENSPIEL_TYPES = ((1 << C.N_TYPES) - 1) & ~(1 << C.C_FOUR_SOLOS) & ~(1 << C.C_FOUR_PAIRS)
CHAIN_ONLY = (C.C_SOLO_CHAIN, C.C_PAIR_CHAIN, C.C_AIRPLANE)
ROCKET = C.primal_id(C.C_ROCKET, C.BLACK_JOKER, 1)

Play = tuple[int, int, int, tuple[int, ...]]  # type, head, length, the kicker cards' ranks sorted


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


def our_plays(hand: np.ndarray, table: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every complete play: (primal part, kicker cards' ranks), through the two steps of the engine."""
    out = np.zeros(C.N_PRIMALS, dtype=np.int64)
    for p in out[: C.legal_primals(hand, table, OPENSPIEL_TYPES, np.zeros(C.N_RANKS, np.int64), out)]:
        yield from _complete(hand, int(p), np.zeros(C.N_RANKS, np.int64), 0, -1, ())


def _complete(
    hand: np.ndarray, p: int, used: np.ndarray, chosen: int, last: int, cards: tuple[int, ...]
) -> Iterator[tuple[int, tuple[int, ...]]]:
    if chosen == C.kicker_total(p):
        yield p, cards
        return
    take = int(C.TYPE_KICKER[C.PRIMAL_TYPE[p]])
    out = np.zeros(C.N_RANKS, dtype=np.int64)
    for rank in [int(r) for r in out[: C.legal_kickers(hand, p, used, chosen, last, out)]]:
        used[rank] += take
        yield from _complete(hand, p, used, chosen + 1, rank, (*cards, *[rank] * take))
        used[rank] -= take


def _as_play(p: int, kickers: tuple[int, ...]) -> Play:
    return int(C.PRIMAL_TYPE[p]), int(C.PRIMAL_HEAD[p]), int(C.PRIMAL_LEN[p]), tuple(sorted(kickers))


def _primal_of(play: Play) -> int:
    kind, head, length, _ = play
    return C.primal_id(kind, head, length)


def openspiel_rank(card: int) -> int:
    """The climbing rank of OpenSpiel's card ``c`` (``CardToRank``: ``c % 13``, 52 and 53 the jokers)."""
    return card - 52 + C.BLACK_JOKER if card >= 52 else card % 13


class Counts:
    """What a run compared."""

    def __init__(self) -> None:
        self.decisions = 0  # play decisions compared
        self.plays = 0  # legal plays compared, summed over the decisions
        self.quirk = 0  # chains removed for OpenSpiel's four-at-the-head quirk
        self.over_rocket = 0  # OpenSpiel's bombs over the rocket left out


def deal(state: object, rng: random.Random) -> tuple[np.ndarray, list[int]]:
    """Play OpenSpiel's chance outcomes at random: each seat's hand as counts, and the kitty's ranks."""
    hands = np.zeros((3, C.N_RANKS), dtype=np.int64)
    dealt: list[int] = []
    first = True
    while state.is_chance_node():  # type: ignore[attr-defined]
        action = rng.choice(state.legal_actions())  # type: ignore[attr-defined]
        if not first:  # OpenSpiel's deal actions start at 51 (kDealingActionBase); card k to seat k % 3
            dealt.append(action - 51)
            hands[(len(dealt) - 1) % 3][openspiel_rank(action - 51)] += 1
        first = False
        state.apply_action(action)  # type: ignore[attr-defined]
    return hands, [openspiel_rank(c) for c in range(54) if c not in dealt]


def auction(state: object, rng: random.Random) -> int:
    """Play the auction at random; the landlord (the last bidder), -1 when everybody passed."""
    landlord = -1
    while not state.is_terminal() and max(state.legal_actions()) <= 3:  # type: ignore[attr-defined]
        action = rng.choice(state.legal_actions())  # type: ignore[attr-defined]
        if action != 0:
            landlord = state.current_player()  # type: ignore[attr-defined]
        state.apply_action(action)  # type: ignore[attr-defined]
    return landlord


def our_legal(hand: np.ndarray, table: int, counts: Counts) -> set[Play]:
    """Our legal plays, OpenSpiel's four-at-the-head chains removed (module docstring)."""
    ours: set[Play] = set()
    for p, kickers in our_plays(hand, table):
        play = _as_play(p, kickers)
        if play[0] in CHAIN_ONLY and hand[play[1]] == 4:
            counts.quirk += 1
            continue
        assert play not in ours, play  # one sequence of steps per play
        ours.add(play)
    return ours


def remove(hand: np.ndarray, play: Play) -> None:
    """Take a play's cards out of the hand."""
    kind, head, length, kickers = play
    if kind == C.C_ROCKET:
        hand[C.BLACK_JOKER] -= 1
        hand[C.RED_JOKER] -= 1
    else:
        hand[head : head + length] -= int(C.TYPE_WIDTH[kind])
    for rank in kickers:
        hand[rank] -= 1


def play_game(seed: int, counts: Counts) -> None:
    """One OpenSpiel game with seeded random choices, comparing the legal plays at every play decision."""
    rng = random.Random(seed)
    state = pyspiel.load_game("dou_dizhu").new_initial_state()
    hands, kitty = deal(state, rng)
    landlord = auction(state, rng)
    if landlord < 0:
        return
    for rank in kitty:
        hands[landlord][rank] += 1
    table, passes = C.NO_COMBO, 0
    while not state.is_terminal():
        player, legal = state.current_player(), state.legal_actions()
        theirs = {their_play(state, a): a for a in legal if a != 0}
        if table == ROCKET:  # OpenSpiel's bombs over the rocket (module docstring)
            bombs = {play for play in theirs if play[0] == C.C_BOMB}
            counts.over_rocket += len(bombs)
            legal = [a for a in legal if a == 0 or their_play(state, a) not in bombs]
            theirs = {play: a for play, a in theirs.items() if play not in bombs}
        assert our_legal(hands[player], table, counts) == set(theirs), (seed, player, table)
        assert (0 in legal) == (table != C.NO_COMBO), seed  # PASS only when following
        counts.decisions += 1
        counts.plays += len(theirs)
        action = rng.choice(legal)
        if action == 0:
            passes += 1
            if passes == 2:  # both others passed: the last player leads anything
                table, passes = C.NO_COMBO, 0
        else:
            play = their_play(state, action)
            remove(hands[player], play)
            table, passes = _primal_of(play), 0
        state.apply_action(action)
    assert not hands.any() or (hands.sum(axis=1) == 0).any(), seed  # someone went out


def run(games: int, seed: int) -> Counts:
    counts = Counts()
    for game in range(games):
        play_game(seed + game, counts)
    return counts


def test_legal_plays_match_openspiel() -> None:
    # measured: 2,467 decisions, 11,064 plays, 9 quirk chains, 1 bomb over the rocket
    counts = run(40, 2_026_000)
    assert counts.decisions > 2000 and counts.plays > 10_000


@pytest.mark.slow
def test_legal_plays_match_openspiel_on_a_thousand_games() -> None:
    # measured: 59,554 decisions, 276,386 plays, 171 quirk chains, 27 bombs over the rocket; ~25 s
    counts = run(1000, 7_000_000)
    assert counts.decisions > 50_000 and counts.quirk > 0 and counts.over_rocket > 0
