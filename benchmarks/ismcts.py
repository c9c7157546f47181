"""The competent player against OpenSpiel's information-set MCTS, on duplicate deals, in lock-step.

``python -m benchmarks.ismcts --game hearts --deals 200 --ratio 4 [--first K] [--seed S] [--out FILE]
[--simulations N] [--summary]``

**The match.** Each deal is dealt to both engines exactly as the differential tests of ``tests/oracle``
deal it (OpenSpiel's chance outcomes forced, ours arranged to the same hands; Hearts passes left; Euchre
by the test's own ``tests.oracle.euchre.deal``), then played twice: our side in seats 0 and 2 (North,
South) against OpenSpiel's in 1 and 3 (East, West), then the seats swapped. In the partnership games those
seats are the two partnerships. At every decision both engines must agree on who acts; OpenSpiel's legal
moves must be among ours, and where our rules allow more (Partnership Spades: spades led once broken, a
partnership's bids past 13; Euchre: the turned card as the dealer's discard; ``tests/oracle``'s
docstrings) our state's list of legal moves is narrowed to OpenSpiel's before anyone decides, so both
sides play OpenSpiel's rules (our search's own playouts still follow ours: the one model difference,
against us). The seat to act picks with its own side's player on its own engine's state; the move is
applied to both. Euchre's "go alone?" (which ours does not have) is always answered "with partner". At the
end of the hand both engines must agree on the score.

**Our side** is the competent player as the table plays it (``play.opponents.MctsOpponent``: the
SO-ISMCTS of ``agents.mcts`` with ``agents.competent``'s settings, ``--iterations`` per searched decision,
knowledge kept by ``determinize.observe``; it samples only what its seat cannot see).

**Their side** is OpenSpiel 2.0.2's ISMCTS: random-rollout evaluation (one rollout a leaf), a new world
sampled for every simulation (``max_world_samples`` −1), the most visited move played, UCT constant
``Game.uct_c`` (OpenSpiel's example ratio, 1 per unit of the return's range: 26 for Hearts' points, 4 for
Euchre's −2…+2, 260 for a Spades hand's −130…+130 contract). Where OpenSpiel's own resampler hides what the
seat has not seen, it is the compiled ``pyspiel.ISMCTSBot`` (Hearts' card play, Euchre; both resamplers
ignore the suits a seat has shown void in, so some of its worlds cannot happen: that is the bot as shipped).
Where it does not, it is OpenSpiel's Python ``ISMCTSBot`` (the same algorithm) with our resampler
(``resample_spades``, ``resample_hearts_pass``): Partnership Spades has no resampler in OpenSpiel, and
Hearts' is wrong during the pass (it replays the real passed cards of the seats that passed before into
sampled deals, so its playouts learn the cards to come). Our resampler deals the unseen cards at random to
the other seats (each keeps the cards it has played; no card of a suit it has shown void in: a card off the
led suit, or a spade led while OpenSpiel's Spades never breaks spades, i.e. holding only spades), replays
the public moves, and redraws the hidden passes of the seats that passed before at random from their
sampled hands; a world whose replay is illegal is redrawn. The cards of a suit some seat is void in go
first, most constrained first, each to a seat drawn in proportion to its free places; the rest are shuffled
into the places left: close to uniform, not exactly.

**Time.** Both sides are charged CPU time (``time.process_time``; the machine is shared, so wall time is
not used). ``calibrate`` measures our player's mean CPU milliseconds per searched decision (decisions with
more than one legal move) on seat 0's positions of random games (``benchmarks.mcts.collect`` and
``measure``), and the compiled ISMCTS's CPU milliseconds per simulation on OpenSpiel positions of random
games (every decision with more than one legal move, ``PROBE_SIMULATIONS`` a search; for Partnership Spades,
which the compiled bot cannot play, Hearts' card play stands in: same deck, 13 tricks, four seats). Their
simulations per decision: ``ratio`` × our ms / their ms per simulation. The Python bot gets that same count
(its own CPU is not charged: it is the compiled bot's budget). Each deal's record also carries both sides'
CPU seconds and searched decisions in the match, so the ratio actually played is reported (where only the
compiled bot plays: Euchre; elsewhere the Python bot's slower decisions are in their side's figure).

**Results** (``summarize``). Per deal, the paired difference ``D`` in one hand's points, summed over the
two replays, signed so that positive favours our side: Hearts, their side's penalty points less ours (the
two seats of a side added); Partnership Spades and Euchre, our partnership's hand score less theirs (ours,
which the tests show equal to OpenSpiel's: Euchre 1 or 2 to the makers, 2 to the defenders on a euchre,
nothing for a hand thrown in). Reported: mean ``D`` with a 95 % Student-t interval over deals, its median,
the shares of deals with ``D`` > 0, < 0 and = 0, and in Hearts the moon shots by side (a seat taking all
26 points).
One JSON line per finished deal goes to ``--out`` as it finishes, so a run cut short keeps its deals;
``--summary`` reads such a file and prints the table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as python_ismcts
from scipy import stats as scipy_stats
from tests.oracle import euchre
from tests.oracle.cards import rank_major_card

from benchmarks.mcts import collect, commit, measure
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from darwindeck.play.opponents import MctsOpponent
from darwindeck.seeding import derive

PLAYERS = 4
OUR_SEATS = (0, 2)  # the first replay; the second swaps them with (1, 3)
PROBE_SIMULATIONS = 200
CALIBRATION_POSITIONS = 300
HEARTS_PASS_LEFT = 1  # OpenSpiel's pass-direction chance outcome "Left"
HEARTS_PASSES = 12  # three cards from each of four seats
HEARTS_MOON = 26
SPADES_FIRST_BID = 52
SPADES_SUIT = 3  # OpenSpiel Spades' suits C, D, H, S: card // 13
RESAMPLE_TRIES = 1000


def hearts_action(action: int) -> int:
    return rank_major_card(action)


def spades_action(action: int) -> int:
    """OpenSpiel Spades' card ``suit * 13 + rank`` (ranks 2..A) or bid (52 Nil, ``52 + n``) as ours."""
    if action >= SPADES_FIRST_BID:
        return L.A_BID0 + action - SPADES_FIRST_BID
    rank = "23456789TJQKA"[action % 13]
    return card_id(Rank("10" if rank == "T" else rank), Suit("CDHS"[action // 13]))


@dataclass(frozen=True)
class Game:
    """One game of the match: our library slug, OpenSpiel's name and parameters, the action map."""

    slug: str
    openspiel: str
    params: dict[str, bool]
    action: Callable[[int], int]
    uct_c: float
    team: bool  # partnership scores (else Hearts' penalty points per seat)


GAMES = {
    "hearts": Game("hearts", "hearts", {"qs_breaks_hearts": False}, hearts_action, 26.0, False),
    "spades": Game("partnership-spades", "spades", {}, spades_action, 260.0, True),
    "euchre": Game("euchre", "euchre", euchre.OPENSPIEL_PARAMS, euchre.our_action, 4.0, True),
}


def load(key: str) -> pyspiel.Game:
    game = GAMES[key]
    return pyspiel.load_game(game.openspiel, game.params)


# --- dealing (as tests/oracle deals) -------------------------------------------------------------


def deal(key: str, deal_seed: int) -> tuple[pyspiel.State, GameState]:
    """Both engines at the first decision of the deal seeded ``deal_seed``."""
    rng = random.Random(deal_seed)
    theirs = load(key).new_initial_state()
    if key == "euchre":
        return theirs, euchre.deal(theirs, rng, deal_seed).ours
    if key == "hearts":
        theirs.apply_action(HEARTS_PASS_LEFT)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    dealt = 0
    while theirs.is_chance_node():
        card = rng.choice([outcome for outcome, _ in theirs.chance_outcomes()])
        hands[dealt % PLAYERS].append(GAMES[key].action(card))
        theirs.apply_action(card)
        dealt += 1
    ours = GameState.new(get_game(GAMES[key].slug), deal_seed)
    ours.arrange(hands=hands, deck=[], discard=[], current=0)
    return theirs, ours


# --- our resamplers for OpenSpiel's Python ISMCTS ------------------------------------------------


def _suit(card: int) -> int:
    return card // 13


def _public_plays(game: pyspiel.Game, history: list[int]) -> tuple[dict[int, list[int]], dict[int, set[int]]]:
    """Spades: the cards each seat has played and the suits it has shown void in (module docstring)."""
    state = game.new_initial_state()
    for action in history[:52]:
        state.apply_action(action)
    played: dict[int, list[int]] = {seat: [] for seat in range(PLAYERS)}
    voids: dict[int, set[int]] = {seat: set() for seat in range(PLAYERS)}
    trick: list[int] = []
    for action in history[52:]:
        seat = state.current_player()
        state.apply_action(action)
        if action >= SPADES_FIRST_BID:
            continue
        played[seat].append(action)
        if not trick and _suit(action) == SPADES_SUIT:
            voids[seat] |= {0, 1, 2}  # OpenSpiel never breaks spades: a spade led means only spades held
        elif trick and _suit(action) != _suit(trick[0]):
            voids[seat].add(_suit(trick[0]))
        trick = [] if len(trick) == PLAYERS - 1 else [*trick, action]
    return played, voids


def _share_out(
    unseen: list[int], places: dict[int, int], voids: dict[int, set[int]], rng: random.Random
) -> dict[int, list[int]] | None:
    """The unseen cards dealt to the seats with ``places`` free, none to a seat void in its suit: the cards
    of a suit some seat is void in first, most constrained first, each to a seat drawn in proportion to its
    free places; then the rest shuffled into the free places (None at a dead end)."""
    free = dict(places)
    shut = set().union(*(voids[s] for s in free))
    cards = rng.sample(unseen, len(unseen))
    constrained = sorted(
        (c for c in cards if _suit(c) in shut), key=lambda c: sum(_suit(c) not in voids[s] for s in free)
    )
    out: dict[int, list[int]] = {seat: [] for seat in free}
    for card in constrained:
        seats = [s for s in free if free[s] > 0 and _suit(card) not in voids[s]]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[free[s] for s in seats])[0]
        out[seat].append(card)
        free[seat] -= 1
    rest = iter(c for c in cards if _suit(c) not in shut)
    for seat in free:
        out[seat].extend(next(rest) for _ in range(free[seat]))
    return out


def _replayed(game: pyspiel.Game, chance: list[int], moves: list[int]) -> pyspiel.State | None:
    """A new state after ``chance`` then ``moves`` (None if a move is illegal there)."""
    state = game.new_initial_state()
    for action in chance:
        state.apply_action(action)
    for action in moves:
        if action not in state.legal_actions():
            return None
        state.apply_action(action)
    return state


def resample_spades(state: pyspiel.State, player: int, rng: random.Random) -> pyspiel.State:
    """A world consistent with what ``player`` has seen of this Spades hand (module docstring)."""
    game = state.get_game()
    history = list(state.history())
    own = history[player:52:PLAYERS]
    played, voids = _public_plays(game, history)
    others = [seat for seat in range(PLAYERS) if seat != player]
    seen = set(own).union(*played.values())
    unseen = [card for card in range(52) if card not in seen]
    places = {seat: 13 - len(played[seat]) for seat in others}
    for _ in range(RESAMPLE_TRIES):
        shared = _share_out(unseen, places, voids, rng)
        if shared is None:
            continue
        hands = {player: own, **{seat: played[seat] + shared[seat] for seat in others}}
        chance = [hands[k % PLAYERS][k // PLAYERS] for k in range(52)]
        world = _replayed(game, chance, history[52:])
        if world is not None:
            return world
    raise RuntimeError(f"resample_spades: no consistent world in {RESAMPLE_TRIES} tries")


def resample_hearts_pass(state: pyspiel.State, player: int, rng: random.Random) -> pyspiel.State:
    """During Hearts' pass: ``player``'s hand and own passes kept; the other hands dealt at random from the
    other 39 cards; the passes already made by the other seats redrawn from their sampled hands."""
    game = state.get_game()
    history = list(state.history())
    deal_part, passes = history[1:53], history[53:]
    own = deal_part[player::PLAYERS]
    rest = [card for card in range(52) if card not in own]
    rng.shuffle(rest)
    others = [seat for seat in range(PLAYERS) if seat != player]
    hands = {player: own, **{seat: rest[13 * i : 13 * i + 13] for i, seat in enumerate(others)}}
    world = game.new_initial_state()
    world.apply_action(history[0])
    for k in range(52):
        world.apply_action(hands[k % PLAYERS][k // PLAYERS])
    for action in passes:
        seat = world.current_player()
        legal = world.legal_actions()
        world.apply_action(action if seat == player else rng.choice(legal))
    return world


def in_hearts_pass(state: pyspiel.State) -> bool:
    return len(state.history()) < 1 + 52 + HEARTS_PASSES


class RolloutEvaluator:
    """OpenSpiel's random-rollout evaluation for its Python ISMCTS (one playout of uniformly random moves
    to the end of the hand, uniform prior), drawn with Python's ``random`` (numpy's draw per move is what
    makes OpenSpiel's own evaluator slow; the playouts are the same)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: pyspiel.State) -> np.ndarray[Any, np.dtype[np.float64]]:
        world = state.clone()
        while not world.is_terminal():
            if world.is_chance_node():
                outcomes, chances = zip(*world.chance_outcomes(), strict=True)
                world.apply_action(self.rng.choices(outcomes, weights=chances)[0])
            else:
                world.apply_action(self.rng.choice(world.legal_actions()))
        return np.array(world.returns(), dtype=np.float64)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


# --- the two sides -----------------------------------------------------------------------------


class Ismcts:
    """OpenSpiel's ISMCTS with ``simulations`` a searched decision: compiled where OpenSpiel's resampler
    is sound, else its Python twin with our resampler (module docstring)."""

    def __init__(self, key: str, simulations: int, seed: int) -> None:
        self.key = key
        game = load(key)
        uct_c = GAMES[key].uct_c
        most = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
        self.compiled = None
        if key != "spades":
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            self.compiled = pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1, most, False, False)
        rng = np.random.RandomState(seed % 2**32)
        self.python = python_ismcts.ISMCTSBot(
            game,
            RolloutEvaluator(random.Random(seed)),
            uct_c,
            simulations,
            random_state=rng,
            final_policy_type=python_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=key == "spades",  # OpenSpiel's Spades has no information-state string
        )
        resample = resample_spades if key == "spades" else resample_hearts_pass
        worlds = random.Random(seed + 1)
        self.python.set_resampler(lambda state, player: resample(state, player, worlds))

    def choose(self, state: pyspiel.State) -> int:
        if self.compiled is not None and not (self.key == "hearts" and in_hearts_pass(state)):
            return int(self.compiled.step(state))
        return int(self.python.step(state))


def narrow(ours: GameState, legal: list[int]) -> None:
    """Our pending decision's legal moves set to ``legal`` (OpenSpiel's, mapped; module docstring)."""
    ours.array[L.P_LEGAL : L.P_LEGAL + len(legal)] = sorted(legal)
    ours.array[L.S_N_LEGAL] = len(legal)


@dataclass
class Replay:
    """One play of a deal: each seat's points (Hearts) or each partnership's score, and the costs."""

    our_seats: tuple[int, ...]
    points: list[int]
    our_cpu: float = 0.0
    our_searched: int = 0
    their_cpu: float = 0.0
    their_searched: int = 0
    narrowed: int = 0  # our decisions whose legal moves were narrowed to OpenSpiel's


def play_replay(
    key: str, deal_seed: int, our_seats: tuple[int, ...], iterations: int, simulations: int
) -> Replay:
    """Play the deal once with our side in ``our_seats``; both engines checked at every step."""
    theirs, ours = deal(key, deal_seed)
    us = MctsOpponent(derive(deal_seed, "ours", our_seats, bits=32), iterations)
    us.start(ours)
    them = Ismcts(key, simulations, derive(deal_seed, "theirs", our_seats, bits=32) % 2**31)
    game = GAMES[key]
    replay = Replay(our_seats, [])
    while not theirs.is_terminal():
        legal = theirs.legal_actions()
        if key == "euchre" and legal == [euchre.GO_ALONE, euchre.WITH_PARTNER]:
            theirs.apply_action(euchre.WITH_PARTNER)  # ours has no going alone
            continue
        seat = theirs.current_player()
        where = f"{key} deal seed {deal_seed}, step {len(theirs.history())}"
        assert ours.current_player == seat, where
        mapped = {game.action(a): a for a in legal}
        ours_legal = set(ours.legal_actions())
        assert set(mapped) <= ours_legal, where
        if ours_legal != set(mapped):
            narrow(ours, list(mapped))
            replay.narrowed += seat in our_seats
        action = legal[0] if len(legal) == 1 else _decide(seat in our_seats, us, them, ours, theirs, replay)
        before = ours.array.copy()
        theirs.apply_action(action)
        ours.apply_action(game.action(action))
        us.observe(before, ours, game.action(action))
    replay.points = _agreed_points(key, theirs, ours)
    return replay


def _decide(
    ours_to_act: bool, us: MctsOpponent, them: Ismcts, ours: GameState, theirs: pyspiel.State, replay: Replay
) -> int:
    """The OpenSpiel action of the side to act, its CPU time added to that side's."""
    start = time.process_time()
    if ours_to_act:
        chosen = us.choose(ours)
        action = next(a for a in theirs.legal_actions() if GAMES[them.key].action(a) == chosen)
        replay.our_cpu += time.process_time() - start
        replay.our_searched += 1
        return action
    action = them.choose(theirs)
    replay.their_cpu += time.process_time() - start
    replay.their_searched += 1
    return action


def _agreed_points(key: str, theirs: pyspiel.State, ours: GameState) -> list[int]:
    """Per seat (Hearts) or per partnership: the hand's points, equal in both engines."""
    returns = [int(value) for value in theirs.returns()]
    if key == "hearts":
        points = [HEARTS_MOON - value for value in returns]  # OpenSpiel returns 26 − points
        assert list(ours.scores()) == points, "hearts: points differ"
    elif key == "spades":
        points = returns[:2]
        assert list(ours.team_scores()) == points, "spades: scores differ"
    else:
        points = [max(0, returns[0]), max(0, returns[1])]  # ours scores the positive side only
        assert list(ours.team_scores()) == points, "euchre: scores differ"
    return points


# --- a deal, and the summary -------------------------------------------------------------------


@dataclass
class DealResult:
    index: int
    deal_seed: int
    difference: int  # positive favours our side (module docstring)
    moons_ours: int = 0
    moons_theirs: int = 0
    replays: list[dict[str, Any]] = field(default_factory=list)


def side_points(key: str, replay: Replay, ours: bool) -> int:
    seats = replay.our_seats if ours else tuple(s for s in range(PLAYERS) if s not in replay.our_seats)
    if key == "hearts":
        return sum(replay.points[s] for s in seats)
    return replay.points[seats[0] % 2]


def paired_difference(key: str, replays: list[Replay]) -> int:
    """``D``: our side's points less theirs over the replays, signed so that positive favours us."""
    sign = -1 if key == "hearts" else 1  # Hearts' points are penalties
    return sign * sum(side_points(key, r, True) - side_points(key, r, False) for r in replays)


def moon_shooter(points: list[int]) -> int:
    """The seat that took all 26 points (it scores 0, the others 26 each), or −1."""
    return points.index(0) if sorted(points) == [0, HEARTS_MOON, HEARTS_MOON, HEARTS_MOON] else -1


def play_deal(key: str, seed: int, index: int, iterations: int, simulations: int) -> DealResult:
    deal_seed = derive(seed, "ismcts", key, index, bits=32)
    swapped = tuple(s for s in range(PLAYERS) if s not in OUR_SEATS)
    replays = [play_replay(key, deal_seed, seats, iterations, simulations) for seats in (OUR_SEATS, swapped)]
    result = DealResult(
        index, deal_seed, paired_difference(key, replays), replays=[asdict(r) for r in replays]
    )
    if key == "hearts":
        for r in replays:
            shooter = moon_shooter(r.points)
            result.moons_ours += shooter in r.our_seats
            result.moons_theirs += shooter >= 0 and shooter not in r.our_seats
    return result


def calibrate(key: str, ratio: float, iterations: int, seed: int) -> dict[str, Any]:
    """Our CPU ms per searched decision, the compiled ISMCTS's CPU ms per simulation, and the simulations
    that give ISMCTS ``ratio`` times our time (module docstring)."""
    genome = get_game(GAMES[key].slug)
    positions = collect(genome, CALIBRATION_POSITIONS, seed)
    ours_ms = measure(key, genome, "competent", positions, iterations, 0, seed).cpu_ms_per_searched
    proxy = "hearts" if key == "spades" else key
    sim_ms = _compiled_ms_per_simulation(proxy, seed)
    simulations = max(1, round(ratio * ours_ms / sim_ms))
    return {"ours_ms": ours_ms, "sim_ms": sim_ms, "simulations": simulations, "timed_on": proxy}


def _compiled_ms_per_simulation(key: str, seed: int) -> float:
    """Mean CPU ms per simulation of the compiled bot on the searched decisions of random games (Hearts:
    card play only, where its resampler is sound)."""
    game = load(key)
    rng = random.Random(seed)
    bot = pyspiel.ISMCTSBot(
        seed,
        pyspiel.RandomRolloutEvaluator(1, seed),
        GAMES[key].uct_c,
        PROBE_SIMULATIONS,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    searched, cpu = 0, 0.0
    while searched < CALIBRATION_POSITIONS:
        state = game.new_initial_state()
        while not state.is_terminal() and searched < CALIBRATION_POSITIONS:
            if state.is_chance_node():
                state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and not (key == "hearts" and in_hearts_pass(state)):
                start = time.process_time()
                bot.step(state)
                cpu += time.process_time() - start
                searched += 1
            state.apply_action(rng.choice(legal))
    return 1000.0 * cpu / (searched * PROBE_SIMULATIONS)


def summarize(key: str, records: list[dict[str, Any]]) -> str:
    """The Markdown summary of finished deals (module docstring)."""
    diffs = [record["difference"] for record in records]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = (
        float(scipy_stats.t.ppf(0.975, n - 1)) * statistics.stdev(diffs) / n**0.5 if n > 1 else float("nan")
    )
    ahead = sum(d > 0 for d in diffs)
    behind = sum(d < 0 for d in diffs)
    replays = [r for record in records for r in record["replays"]]
    our_ms = 1000 * sum(r["our_cpu"] for r in replays) / max(1, sum(r["our_searched"] for r in replays))
    their_ms = 1000 * sum(r["their_cpu"] for r in replays) / max(1, sum(r["their_searched"] for r in replays))
    narrowed = sum(r["narrowed"] for r in replays)
    lines = [
        f"| {key} | {n} | {mean:+.2f} | {mean - half:+.2f} … {mean + half:+.2f} | "
        f"{statistics.median(diffs):+g} | "
        f"{ahead / n:.0%} / {behind / n:.0%} / {(n - ahead - behind) / n:.0%} | "
        f"{our_ms:.1f} / {their_ms:.1f} | {narrowed} |"
    ]
    if key == "hearts":
        ours = sum(record["moons_ours"] for record in records)
        theirs = sum(record["moons_theirs"] for record in records)
        lines.append(f"\nHearts moon shots in {2 * n} hands: ours {ours}, theirs {theirs}.")
    return "\n".join(lines)


HEADER = (
    "| game | deals | mean D (points a deal, + for us) | 95 % t interval | median D "
    "| deals ahead / behind / level | CPU ms a searched decision, ours / theirs (measured in the match) "
    "| our decisions narrowed |\n"
    "|---|---:|---:|---|---:|---|---|---:|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals to play [default: 200]")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal [default: 0]")
    parser.add_argument("--ratio", type=float, default=4.0, help="ISMCTS time / ours [default: 4]")
    parser.add_argument("--iterations", type=int, default=100, help="our MCTS iterations [default: 100]")
    parser.add_argument("--seed", type=int, default=1, help="match seed [default: 1]")
    parser.add_argument(
        "--simulations", type=int, default=0, help="ISMCTS simulations, 0: calibrate [default: 0]"
    )
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one a deal [default: none]")
    parser.add_argument("--summary", action="store_true", help="only summarize --out [default: off]")
    args = parser.parse_args()
    if args.deals < 1 or args.first < 0 or args.ratio <= 0 or args.iterations < 1 or args.simulations < 0:
        parser.error(
            "--deals, --ratio and --iterations must be positive; --first, --simulations not negative"
        )
    if args.summary:
        if args.out is None or not args.out.is_file():
            parser.error(f"--summary: no results file {args.out}")
        records = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
        print(HEADER + "\n" + summarize(args.game, records))
        return
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, commit {commit()}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    setting = calibrate(args.game, args.ratio, args.iterations, args.seed)  # also loads the compiled search
    if args.simulations:
        setting["simulations"] = args.simulations
    print(f"{args.game}: ratio {args.ratio}, MCTS-{args.iterations}, calibration {setting}", flush=True)
    records = []
    for index in range(args.first, args.first + args.deals):
        result = asdict(play_deal(args.game, args.seed, index, args.iterations, int(setting["simulations"])))
        result["setting"] = setting
        records.append(result)
        print(f"deal {index}: D {result['difference']:+d}", flush=True)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(json.dumps(result) + "\n")
    print(HEADER + "\n" + summarize(args.game, records))


if __name__ == "__main__":
    main()
