"""The library scored as if its games were new: the calibration tables of ``docs/fitness.md``.

Run: ``.venv/bin/python -m benchmarks.library_fitness [--seed 7] [--games a,b,…]``. Every library game is
judged with the idle test (``evaluate_fitness(…, judge=True, weigh_rules=True)``, default settings: 100
games per kind of play, MCTS-25 vs greedy on 20 deals); the first table lists the total without the
novelty factor (``total_as_new``: a library game is not new, so its real total keeps a tenth), the skill
depth, the rung rates, the luck share, the first-player advantage, the meaningful decisions per game and
per hand, hidden information and the gate reason; the second the elegance measures (``quality.elegance``,
``quality.idle``): decision kinds per turn, rulebook words, the share of games ended in their first hand,
decisiveness, tricks contested by one player, an idle stock, the rules weighed and found idle, and the
charges. Where a breakdown lacks a measure (an older fitness) it shows "–", so the script also scores a
checkout from before them.

**Spearman against the public tiers.** ``TIERS`` sorts the library in three tiers of standing with card
players (ours, stated here so that it can be argued with): 3, games played for their depth by adults,
in clubs, leagues or with a long literature (Bridge, the Spades, Hearts and Whist families, Euchre, Gin
Rummy, Cribbage, Scopa, the poker we have); 2, family games with real decisions (Rummy, the shedding
games, President, Cheat, Knockout Whist, Blackjack); 1, games of chance played by children (War, Old
Maid, Go Fish, Betting War). The script prints Spearman's ρ between ``total_as_new`` and the tier
(ranks with ties averaged; the Pearson correlation of the ranks).
"""

from __future__ import annotations

import argparse
import datetime
import math
from collections.abc import Mapping, Sequence

from benchmarks.evolve import commit
from darwindeck.evolve.fitness import FitnessResult, evaluate_fitness
from darwindeck.evolve.ga import EvolutionSettings
from darwindeck.genome.library import all_games
from darwindeck.genome.schema import GameGenome

TIERS: dict[str, int] = {
    **dict.fromkeys(
        (
            "bridge",
            "spades",
            "partnership-spades",
            "oh-hell",
            "hearts",
            "black-maria",
            "omnibus-hearts",
            "whist",
            "scotch-whist",
            "knaves",
            "polignac",
            "euchre",
            "cutthroat-euchre",
            "gin-rummy",
            "cribbage-play",
            "scopa",
            "scopone",
            "draw-poker",
            "simple-poker",
        ),
        3,
    ),
    **dict.fromkeys(
        (
            "rummy",
            "crazy-eights",
            "mau-mau",
            "uno-style",
            "fan-tan",
            "president",
            "cheat",
            "knockout-whist",
            "blackjack",
        ),
        2,
    ),
    **dict.fromkeys(("war", "old-maid", "go-fish", "betting-war"), 1),
}


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties given their mean rank.

    >>> ranks([0.5, 0.1, 0.5, 0.9])
    [2.5, 1.0, 2.5, 4.0]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            result[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's ρ: the Pearson correlation of the ranks (ties averaged)."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy) if sx and sy else 0.0


def _number(breakdown: Mapping[str, float], name: str, spec: str) -> str:
    return format(breakdown[name], spec) if name in breakdown else "–"


def _fitness_row(name: str, result: FitnessResult) -> str:
    b = result.breakdown
    per_hand = b["meaningful_decisions"] / b["hands_per_game"] if "meaningful_decisions" in b else None
    return (
        f"| {name} | {b.get('total_as_new', 0.0):.3f} | {_number(b, 'skill_depth', '.0f')} | "
        f"{_number(b, 'ladder.0.rate', '.2f')} | {_number(b, 'ladder.1.rate', '.2f')} | "
        f"{_number(b, 'luck', '.2f')} | {_number(b, 'first_player_advantage', '+.2f')} | "
        f"{_number(b, 'meaningful_decisions', '.0f')} | "
        f"{'–' if per_hand is None else f'{per_hand:.0f}'} | "
        f"{_number(b, 'hidden_information', '.2f')} | {result.gate_reason or ''} |"
    )


def _elegance_row(name: str, result: FitnessResult) -> str:
    b = result.breakdown
    idle = getattr(result, "idle", None)  # absent before the idle test
    idle_names = ", ".join(rule.text for rule in idle.idle) if idle else "–"
    weighed = f"{len(idle.rules)}" if idle else "–"
    charges = ", ".join(f"{p.name} ×{p.factor:.2g}" for p in result.penalties) or "none"
    return (
        f"| {name} | {_number(b, 'decision_kinds', '.2f')} | {_number(b, 'most_decision_kinds', '.0f')} | "
        f"{_number(b, 'rulebook_words', '.0f')} | {_number(b, 'one_hand_share', '.2f')} | "
        f"{_number(b, 'decisiveness', '.2f')} | {_number(b, 'tricks_alone_share', '.2f')} | "
        f"{_number(b, 'stock_idle', '.0f')} | {weighed} | {idle_names or 'none'} | {charges} |"
    )


def _judged(genome: GameGenome, settings: EvolutionSettings, seed: int) -> FitnessResult:
    """The judged fitness with the idle test (``weigh_rules``), or without on a checkout from before it."""
    try:
        return evaluate_fitness(genome, settings, seed, judge=True, weigh_rules=True)  # type: ignore[call-arg]
    except TypeError:
        return evaluate_fitness(genome, settings, seed, judge=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", default="", help="comma-separated library games (default: all)")
    args = parser.parse_args()
    settings = EvolutionSettings()
    library = all_games()
    names = [name for name in args.games.split(",") if name] or list(library)
    results = {name: _judged(library[name], settings, args.seed) for name in names}
    totals = {name: result.breakdown.get("total_as_new", 0.0) for name, result in results.items()}
    order = sorted(names, key=lambda name: -totals[name])
    print(f"{datetime.date.today()}, commit {commit()}, seed {args.seed}\n")
    print(
        "| game | total as new | skill depth | greedy vs random | MCTS-25 vs greedy | luck | first player "
        "| decisions/game | decisions/hand | hidden info | gate |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for name in order:
        print(_fitness_row(name, results[name]))
    print(
        "\n| game | decision kinds/turn | most | rulebook words | first-hand share | decisiveness "
        "| tricks alone | stock idle | rules weighed | idle rules | charges |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for name in order:
        print(_elegance_row(name, results[name]))
    tiered = [name for name in names if name in TIERS]
    rho = spearman([totals[name] for name in tiered], [float(TIERS[name]) for name in tiered])
    print(f"\nSpearman ρ of total as new against the tiers over {len(tiered)} games: {rho:.3f}")


if __name__ == "__main__":
    main()
