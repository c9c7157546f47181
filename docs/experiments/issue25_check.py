"""Check a run's gallery against issue 25's done-when, game by game, for a recorded experiment.

Run: ``.venv/bin/python docs/experiments/issue25_check.py OUT_DIR [--seed 1] [--top 10]``, where OUT_DIR is
the ``--out`` folder of ``darwindeck evolve`` (it holds ``gallery/NN-<id>.json``, best first). Each game is
judged again by ``darwindeck explain``'s judging (``evolve.explain.explain``: the live canonical form, the
screening, rung 1 of the ladder, the idle test, the arc, the traced games), on seed ``--seed``, not the
run's, and checked against the five properties the issue asks of the ten best games that meet the bar:

===============  ==========================================================================================
property         holds when
===============  ==========================================================================================
bar              skill depth ≥ 2, |first-player advantage| ≤ 0.10, 10–200 meaningful decisions a game
                 (``gallery.BAR_*``), measured in this judging
no idle rule     the idle test (``quality.idle``) calls no rule of the live genome idle
decision kinds   the mean decision kinds per seat-turn with a real choice (``quality.trace``) is at most the
                 allowance of the game's family (``elegance.decision_allowance``: 2, or what a classic of
                 the family asks)
no contradiction no charge ``tricks_beyond_cards``, ``cards_unplayed``, ``one_hand_target``,
                 ``opposite_tricks`` or ``opposite_wins`` (a stated number that cannot happen, dealt
                 cards never played, a target reached in one hand, tricks or wins that pull both ways)
no single event  no charge ``single_event`` (one event worth more than half the target)
===============  ==========================================================================================

and the nearest published game's line (``published.nearest_known``) is printed for each. Prints a Markdown
table and writes ``issue25.json`` into OUT_DIR.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from darwindeck.evolve.explain import explain
from darwindeck.evolve.gallery import BAR_ADVANTAGE, BAR_DECISIONS, BAR_DEPTH
from darwindeck.evolve.published import nearest_known
from darwindeck.evolve.quality.descriptors import family
from darwindeck.evolve.quality.elegance import decision_allowance
from darwindeck.genome.serialization import load_genome

CONTRADICTIONS = (
    "tricks_beyond_cards",
    "cards_unplayed",
    "one_hand_target",
    "opposite_tricks",
    "opposite_wins",
)


def check(path: Path, seed: int) -> dict[str, Any]:
    """The five properties and the nearest published game of one gallery game (module docstring)."""
    genome = load_genome(path)
    report = explain(genome, seed)
    live, b = report.live, report.result.breakdown
    low, high = BAR_DECISIONS
    bar = (
        b.get("skill_depth", 0.0) >= BAR_DEPTH
        and abs(b.get("first_player_advantage", 1.0)) <= BAR_ADVANTAGE
        and low <= b.get("meaningful_decisions", 0.0) <= high
    )
    idle = [] if report.result.idle is None else [rule.text for rule in report.result.idle.idle]
    kinds = report.trace.decision_kinds if report.trace is not None else 0.0
    allowance = decision_allowance(family(live))
    charges = {penalty.name for penalty in report.result.penalties}
    found = nearest_known(live)
    return {
        "file": path.name,
        "name": live.name,
        "family": family(live),
        "players": live.player_count,
        "depth": b.get("skill_depth"),
        "fpa": b.get("first_player_advantage"),
        "decisions": b.get("meaningful_decisions"),
        "bar": bar,
        "idle_rules": idle,
        "decision_kinds": kinds,
        "allowance": allowance,
        "contradictions": sorted(charges & set(CONTRADICTIONS)),
        "single_event": "single_event" in charges,
        "charges": sorted(charges),
        "nearest": f"{found.game.name} ({found.distance:.3f}): {found.difference}",
        "total_as_new": b.get("total_as_new"),
    }


def verdicts(row: dict[str, Any]) -> dict[str, bool]:
    """Whether each property holds."""
    return {
        "bar": bool(row["bar"]),
        "no idle rule": not row["idle_rules"],
        "decision kinds": row["decision_kinds"] <= row["allowance"],
        "no contradiction": not row["contradictions"],
        "no single event": not row["single_event"],
    }


def _mark(holds: bool) -> str:
    return "✔" if holds else "✘"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    paths = sorted((args.out / "gallery").glob("*.json"))[: args.top]
    rows = [check(path, args.seed) for path in paths]
    (args.out / "issue25.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    print(
        "| # | name | family | bar | no idle rule | decision kinds | no contradiction | no single event "
        "| nearest published game |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for rank, row in enumerate(rows, start=1):
        marks = verdicts(row)
        idle_text = f" ({'; '.join(row['idle_rules'])})" if row["idle_rules"] else ""
        idle = _mark(marks["no idle rule"]) + idle_text
        kinds = f"{_mark(marks['decision kinds'])} {row['decision_kinds']:.2f} of {row['allowance']:.1f}"
        contradiction = _mark(marks["no contradiction"]) + (
            f" ({', '.join(row['contradictions'])})" if row["contradictions"] else ""
        )
        print(
            f"| {rank} | {row['name']} | {row['family']} | {_mark(marks['bar'])} | {idle} | {kinds} | "
            f"{contradiction} | {_mark(marks['no single event'])} | {row['nearest']} |"
        )


if __name__ == "__main__":
    main()
