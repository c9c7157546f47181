"""A designer's report on one game (``darwindeck explain GAME``): what each rule does, and how it plays.

``explain(genome, seed, settings)`` judges the game as the GA's judging step does
(``fitness.evaluate_fitness`` with the judging and ``weigh_rules``: live canonical form, screening,
rung 1 of the skill ladder, the idle test, the arc, the traced games, the hidden-information match) and
adds one traced game's arc for the plot. ``to_markdown(explanation, plot)`` writes the report in
Markdown, section by section:

* **the game**: family, players, cards, the score as new, and the nearest published game
  (``published.nearest_known``: the library and the described published games) with its source, its
  distance, whether the game is a rediscovery (closer than ``published.REDISCOVERY_DISTANCE``) and how
  it differs, in words;
* **what each rule contributes** (``quality.idle``): for each removable rule of the live genome, the
  play measures that drop without it beyond the deals' noise (each with its value with and without the
  rule and the paired bootstrap's p), for a card-scoring rule idle alone those that drop without its
  scoring scheme, or *idle* when none does, then "a designer would drop: …", the idle rules (what
  ``quality.simplify`` cuts from the games a run's gallery shows); the dead rules the ablation stripped
  are listed after;
* **the skill ladder** (``quality.ladder``): each rung's decided replays, the strong side's wins and
  rate, p-value, skill share K and luck share L; the skill depth, the luck share, hidden information;
* **fairness and length**: first-player advantage, meaningful decisions per game and per hand, hands
  per game, the draw rate (greedy self-play);
* **the arc of a typical game** (``quality.arc``): greedy self-play game 0 of the fitness's greedy batch,
  every side's estimated chance at each checkpoint and the outcome, then the arc measures averaged over
  the judged games; with a plot file, a line per side (``plot_arc``);
* **decisions per turn** (``quality.trace``): decision kinds per seat-turn, the most, the kinds seen;
* **elegance** (``quality.elegance``): the rulebook's words, tricks per hand against the cards dealt,
  the biggest single event against the target, the share of games ended in their first hand, tricks
  contested by one player, the stock, and every charge with its reason;
* **the score**: weighted sum and factors, total as new, or the gate that stopped it.

Everything is seeded: the same genome, seed and settings give the same report, bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from darwindeck.evolve.fitness import (
    ARC_GAMES,
    ARC_POINTS,
    ARC_ROLLOUTS,
    FitnessResult,
    evaluate_fitness,
)
from darwindeck.evolve.published import nearest_known
from darwindeck.evolve.quality.arc import Float64Array, game_points
from darwindeck.evolve.quality.descriptors import family
from darwindeck.evolve.quality.elegance import biggest_event, score_target
from darwindeck.evolve.quality.idle import ALPHA, COMPONENTS, Contribution, IdleTest
from darwindeck.evolve.quality.ladder import Rung
from darwindeck.evolve.quality.play import GREEDY, batch_seed, play, side_count
from darwindeck.evolve.quality.trace import Trace, trace_games
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.schema import GameGenome


@dataclass(frozen=True)
class Explanation:
    """What the report says: the judged result, the traced games and one game's arc."""

    original: GameGenome
    result: FitnessResult
    trace: Trace | None
    arc: Float64Array | None
    winner: int

    @property
    def live(self) -> GameGenome:
        return self.result.live or self.original


def explain(genome: GameGenome, seed: int = 0, settings: EvolutionSettings | None = None) -> Explanation:
    """Judge ``genome`` and trace one of its games (module docstring)."""
    settings = settings or EvolutionSettings()
    result = evaluate_fitness(genome, settings, seed, judge=True, weigh_rules=True)
    live = result.live or genome
    if "meaningful_decisions" not in result.breakdown:  # the engine cannot run it
        return Explanation(genome, result, None, None, -1)
    greedy_seed = batch_seed(seed, "greedy")
    trace = trace_games(live, greedy_seed, ARC_GAMES)
    games = play(live, [GREEDY], 1, greedy_seed)
    points, winner = game_points(live, [GREEDY], games, greedy_seed, 0, ARC_POINTS, ARC_ROLLOUTS)
    return Explanation(genome, result, trace, points, winner)


# --------------------------------------------------------------------------------------------- Markdown


def _number(value: float | None, spec: str = ".3f") -> str:
    return "–" if value is None else format(value, spec)


def _get(explanation: Explanation, name: str) -> float | None:
    return explanation.result.breakdown.get(name)


def _nearest_line(live: GameGenome) -> str:
    found = nearest_known(live)
    verdict = "a rediscovery" if found.rediscovery else "new"
    return (
        f"- **Nearest published game**: {found.game.name} ({found.game.source}; distance "
        f"{found.distance:.3f}, {verdict}): {found.difference}"
    )


def _header(explanation: Explanation) -> list[str]:
    live, result = explanation.live, explanation.result
    b = result.breakdown
    deck = live.setup.initial_deck
    lines = [
        f"# Designer's report: {live.name}",
        "",
        f"- **Family**: {family(live)}; **players**: {live.player_count}"
        + (f" in {len(live.teams)} teams" if live.team_mode else "")
        + f"; **deck**: {deck.value} ({deck.size} cards), {live.setup.cards_per_player} dealt to each",
        _nearest_line(live),
    ]
    if result.gate_reason:
        lines.append(f"- **Gated** (score 0): {result.gate_reason}")
    else:
        lines.append(f"- **Score as new** (no novelty factor): {_number(b.get('total_as_new'))}")
    return [*lines, ""]


def _rules(explanation: Explanation) -> list[str]:
    lines = ["## What each rule contributes", ""]
    idle = explanation.result.idle
    if idle is None:
        lines += [
            "The rules were not weighed (the game was gated, or the judging budget did not allow it).",
            "",
        ]
    elif not idle.rules and not idle.untested:
        lines += ["The game has no rule that can be removed and leave a valid game.", ""]
    elif not idle.components:
        lines += [
            f"The rules were not weighed: on the idle test's deals the game itself is gated "
            f"({idle.untested} rule(s) untested).",
            "",
        ]
    else:
        measured = ", ".join(
            f"{name} {value:.3f}" for name, value in zip(COMPONENTS, idle.components, strict=True)
        )
        lines += [
            f"The game's play measures on the idle test's deals: {measured}. A rule *earns its place* when "
            f"one of them drops without it beyond the deals' noise (paired bootstrap, p < {ALPHA:g} / "
            f"{len(COMPONENTS)}); it is *idle* when none does.",
            "",
            "| rule | kind | what drops without it | verdict |",
            "|---|---|---|---|",
        ]
        lines += [_rule_row(rule) for rule in idle.rules]
        if idle.untested:
            lines.append(f"\n{idle.untested} more rule(s) were not weighed: the judging budget ran out.")
        lines += ["", designer_line(idle), ""]
    dead = explanation.result.dead_rules
    if dead:
        lines += ["Dead rules (they change no game; stripped before anything was measured):", ""]
        lines += [f"- {rule.text} ({rule.kind}): {rule.reason}" for rule in dead]
        lines.append("")
    return lines


def designer_line(idle: IdleTest) -> str:
    """What a designer would cut: the idle rules (``quality.simplify`` drops them one at a time, and the
    gallery shows evolved games so), or nothing when every weighed rule earns its place."""
    if not idle.idle:
        return "A designer would drop: nothing (every rule weighed earns its place)."
    rules = "; ".join(rule.text for rule in idle.idle)
    return f"A designer would drop: {rules} (idle: no play measure drops without it)."


def _drops(rule: Contribution) -> str:
    """The components that drop without ``rule``, ``with → without (p)``."""
    return "; ".join(
        f"{d.component} {d.with_rule:.3f} → {d.without:.3f} (p {d.p_value:.3f})" for d in rule.drops
    )


def _rule_row(rule: Contribution) -> str:
    """One rule's row: what drops without it (or without its scoring scheme) and the verdict."""
    if rule.needed:
        drops, verdict = "the game without it cannot be played or is gated", "needed"
    elif rule.drops or rule.scheme is None:
        drops, verdict = _drops(rule) or "nothing", "idle" if rule.idle else "earns its place"
    elif rule.scheme.needed:
        drops, verdict = (
            f"without {rule.scheme.text}, the game cannot be played or is gated",
            "earns its place with its scheme",
        )
    else:
        drops = f"alone nothing; without {rule.scheme.text}: {_drops(rule.scheme) or 'nothing'}"
        verdict = "idle" if rule.idle else "earns its place with its scheme"
    return f"| {rule.text} | {rule.kind} | {drops} | {verdict} |"


def _rung_row(rung: Rung) -> str:
    mark = "yes" if rung.significant else "no"
    return (
        f"| {rung.weak} → {rung.strong} | {rung.decided} | {rung.wins} | {rung.rate:.2f} "
        f"| {rung.p_value:.2g} | {mark} | {rung.skill:.2f} | {rung.luck:.2f} |"
    )


def _ladder(explanation: Explanation) -> list[str]:
    ladder = explanation.result.ladder
    lines = ["## Skill ladder and luck", ""]
    if ladder is None:
        return [*lines, "Not measured (the game was gated).", ""]
    lines += [
        "| rung | decided replays | strong side's wins | rate | p | significant | skill K | luck L |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
        *(_rung_row(rung) for rung in ladder.rungs),
        "",
        f"Skill depth **{ladder.depth}**; luck share **{ladder.luck:.2f}** (what the deal decides between "
        f"two competent players); hidden information "
        f"{_number(_get(explanation, 'hidden_information'), '.2f')}.",
        "",
    ]
    return lines


def _fairness(explanation: Explanation) -> list[str]:
    b = explanation.result.breakdown
    meaningful, hands = b.get("meaningful_decisions"), b.get("hands_per_game")
    per_hand = meaningful / hands if meaningful is not None and hands else None
    return [
        "## Fairness and length (greedy self-play)",
        "",
        f"- First-player advantage: {_number(b.get('first_player_advantage'), '+.2f')} (seat 0's side's "
        "share of the decided games minus the chance share)",
        f"- Meaningful decisions per game: {_number(meaningful, '.1f')}; hands per game: "
        f"{_number(hands, '.2f')}; **per hand: {_number(per_hand, '.1f')}**",
        f"- Games without a winner: {_number(b.get('draw_rate'), '.0%')}",
        "",
    ]


def _arc(explanation: Explanation, plot: str | None) -> list[str]:
    lines = ["## The arc of a typical game", ""]
    points = explanation.arc
    if points is None:
        return [*lines, "Not traced (the engine cannot run the game).", ""]
    sides = points.shape[1]
    lines += [
        "Every side's estimated chance of winning at each checkpoint of greedy self-play game 0, from its "
        f"own view; the last row is the outcome (winner: side {explanation.winner}).",
        "",
        "| point | " + " | ".join(f"side {s}" for s in range(sides)) + " |",
        "|---" * (sides + 1) + "|",
    ]
    for index, row in enumerate(points):
        name = "outcome" if index == points.shape[0] - 1 else str(index + 1)
        lines.append(f"| {name} | " + " | ".join(f"{value:.2f}" for value in row) + " |")
    b = explanation.result.breakdown
    lines += [
        "",
        f"Averaged over the judged games: lead changes {_number(b.get('lead_changes'), '.2f')}, drama "
        f"{_number(b.get('drama'), '.2f')}, decisiveness {_number(b.get('decisiveness'), '.2f')} (0: the "
        "winner led from the first checkpoint).",
        "",
    ]
    if plot:
        lines += [f"![The arc of game 0]({plot})", ""]
    return lines


def _decisions(explanation: Explanation) -> list[str]:
    trace = explanation.trace
    lines = ["## Decisions per turn", ""]
    if trace is None:
        return [*lines, "Not traced (the engine cannot run the game).", ""]
    kinds = ", ".join(trace.kinds_seen) or "none"
    return [
        *lines,
        f"Over {trace.games} games of greedy self-play, a player's turn with a real choice asks "
        f"**{trace.decision_kinds:.2f}** kinds of decision on average, at most {trace.most_decision_kinds} "
        f"({trace.seat_turns} seat-turns). Kinds with a real choice: {kinds}.",
        "",
    ]


def _elegance(explanation: Explanation) -> list[str]:
    live, trace, b = explanation.live, explanation.trace, explanation.result.breakdown
    points, event = biggest_event(live)
    target = score_target(live)
    lines = [
        "## Elegance",
        "",
        f"- Rulebook: {_number(b.get('rulebook_words'), '.0f')} words",
    ]
    if live.turn_structure.has_tricks:
        lines.append(
            f"- Tricks a hand: {live.hand_tricks} with {live.setup.cards_per_player} cards dealt to each"
        )
    target_text = "no score target" if target is None else f"a target of {target}"
    lines.append(f"- Biggest single event: {event} ({points} points), {target_text}")
    if "one_hand_share" in b:
        lines.append(f"- Games ended in their first hand: {b['one_hand_share']:.0%}")
    if trace is not None:
        lines.append(f"- Tricks contested by one player: {trace.tricks_alone} of {trace.tricks_led} led")
        stock = (
            "never drawn" if trace.stock_idle else ("drawn" if trace.stock_drawn else "empty after the deal")
        )
        lines.append(f"- Stock: {trace.stock_after_deal} cards at most after a deal, {stock}")
    lines += ["", "Charges applied:", ""]
    penalties = explanation.result.penalties
    lines += [f"- `{p.name}` ×{p.factor:.3g}: {p.reason}" for p in penalties] or ["- none"]
    return [*lines, ""]


def _score(explanation: Explanation) -> list[str]:
    b = explanation.result.breakdown
    names = ("weighted_sum", "skill_factor", "length_factor", "coherence_factor", "elegance_factor")
    parts = " × ".join(f"{name} {_number(b.get(name))}" for name in names)
    return ["## The score", "", f"{parts} = total as new {_number(b.get('total_as_new'))}", ""]


def to_markdown(explanation: Explanation, plot: str | None = None) -> str:
    """The report as Markdown; ``plot`` is the arc plot's file name to link, when one was written."""
    sections = (
        _header(explanation),
        _rules(explanation),
        _ladder(explanation),
        _fairness(explanation),
        _arc(explanation, plot),
        _decisions(explanation),
        _elegance(explanation),
        _score(explanation),
    )
    return "\n".join(line for section in sections for line in section).rstrip() + "\n"


def plot_arc(explanation: Explanation, path: Path) -> bool:
    """Write the typical game's arc as a PNG (one line per side); False when there is no arc."""
    if explanation.arc is None:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = explanation.arc
    figure, axes = plt.subplots(figsize=(6, 3.5))
    x = np.arange(1, points.shape[0] + 1)
    for side in range(side_count(explanation.live)):
        width = 2.5 if side == explanation.winner else 1.2
        axes.plot(x, points[:, side], marker="o", linewidth=width, label=f"side {side}")
    axes.set_xticks(x, [*map(str, x[:-1]), "end"])
    axes.set_ylim(-0.02, 1.02)
    axes.set_xlabel("checkpoint")
    axes.set_ylabel("estimated chance of winning")
    axes.set_title(f"{explanation.live.name}: the arc of a typical game")
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return True
