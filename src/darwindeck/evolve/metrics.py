"""Fitness metrics: what the engine's instrumentation says about a game, each as a number in [0, 1].

Inputs are ``BatchStats`` of random self-play (every seat ``random``) and of greedy-vs-random runs (one
``greedy`` seat, the others ``random``, the greedy seat rotated), plus the genome for structure. "Sides"
are the teams in a team game, else the players; ``s`` is their number. A *decided* game has a winner;
win shares are shares of the decided games (0 when none was decided). ``clamp`` keeps a value in [0, 1].

==================  ==========================================================================================
metric              formula
==================  ==========================================================================================
decision_density    meaningful decisions per turn,
                    ``clamp(avg_decisions × (1 − forced_fraction) / avg_turns)`` (a meaningful decision has
                    more than one legal move)
comeback            ``comeback_fraction``: games whose winner was not leading at the middle turn
tension             ½ lead changes + ½ closeness: ``clamp(avg_lead_changes / 4)`` and
                    ``1 / (1 + |avg_margin| / scale)``, where scale is the first win condition's threshold
                    for a score win that has one, else ``max(1, cards_per_player)``
interaction         interaction events per turn (tricks, captures, effects, challenges, taking from or
                    giving to an opponent), ``clamp(avg_interaction / avg_turns)``
skill               greedy seat's win share w over the rotated greedy-vs-random runs (its team's share in
                    a team game), against chance: ``clamp((w − 1/s) / (1 − 1/s))``; an MCTS skill score
                    replaces it when the fitness is given one (``fitness.evaluate_fitness(mcts_skill=…)``)
balance             first-player fairness: ``max(0, 1 − fpa / 0.3)`` where the first-player advantage
                    ``fpa = |seat 0's side's win share − 1/s|`` in random self-play
session_length      1 when ``avg_turns`` lies in [20, 150]; ``avg_turns / 20`` below,
                    ``150 / avg_turns`` above
rules_complexity    structure count c = phases + simple conditions (phases and card-scoring rules) + special
                    effects + win conditions + card-scoring rules + 1 each for a hand evaluation, a tableau
                    mode other than none, team play; 1 when c lies in [5, 12]; ``c / 5`` below,
                    ``max(0, 1 − (c − 12) / 12)`` above
betting_engagement  bidding games: ``4 r (1 − r)`` with r = bids met / bids made (risky contracts score,
                    sure or hopeless ones do not); claim games (Cheat) and betting games: interaction
                    events per turn, which there are mostly settled challenges and folds (the engine has
                    no separate challenge or fold counter); 0 for every other game
trick_play          structural: 1 when hands are played as tricks, else 0
==================  ==========================================================================================

*Live rules.* Special effects trigger only on cards played in a play phase (``docs/rules-engine.md``), so
in a game without a ``PlayPhase`` they can never fire. ``live_genome`` drops them, and the structural
measures (``rules_complexity`` here, the novelty distance in ``fitness``) see the live genome: otherwise
inert effects pad a game's complexity and move it away from the library without changing one game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from darwindeck.engine.simulate import BatchStats
from darwindeck.genome.conditions import ConditionLike, iter_conditions
from darwindeck.genome.phases import (
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    DiscardPhase,
    DrawPhase,
    PlayPhase,
)
from darwindeck.genome.schema import SCORE_WINS, GameGenome, TableauMode

LEAD_CHANGES_FULL = 4.0
FPA_TOLERANCE = 0.3
SESSION_BAND = (20.0, 150.0)
COMPLEXITY_BAND = (5, 12)


@dataclass(frozen=True)
class GreedyRun:
    """One greedy-vs-random batch: the greedy player sat in ``seat``."""

    seat: int
    stats: BatchStats


@dataclass(frozen=True)
class Metrics:
    """The weighted metrics of one genome, each in [0, 1] (see the module table)."""

    decision_density: float
    comeback: float
    tension: float
    interaction: float
    skill: float
    balance: float
    session_length: float
    rules_complexity: float
    betting_engagement: float
    trick_play: float

    def as_dict(self) -> dict[str, float]:
        return dataclasses.asdict(self)


def clamp(value: float) -> float:
    """``value`` limited to [0, 1]."""
    return min(1.0, max(0.0, value))


def _per_turn(amount: float, stats: BatchStats) -> float:
    return clamp(amount / stats.avg_turns) if stats.avg_turns > 0 else 0.0


# ------------------------------------------------------------------------------------------------ sides


def side_count(genome: GameGenome) -> int:
    """Teams in a team game, else players."""
    return len(genome.teams) if genome.team_mode else genome.player_count


def side_of_seat(genome: GameGenome, seat: int) -> int:
    """The side (team index, or the seat itself) that ``seat`` plays for."""
    if not genome.team_mode:
        return seat
    return next(index for index, members in enumerate(genome.teams) if seat in members)


def side_wins(stats: BatchStats, genome: GameGenome) -> tuple[int, ...]:
    """Wins per side."""
    return stats.team_wins if genome.team_mode else stats.wins


def win_share(stats: BatchStats, genome: GameGenome, side: int) -> float:
    """``side``'s share of the decided games (0 when none was decided)."""
    wins = side_wins(stats, genome)
    decided = sum(wins)
    return wins[side] / decided if decided else 0.0


# ---------------------------------------------------------------------------------------------- metrics


def meaningful_decisions(stats: BatchStats) -> float:
    """Decisions per game with more than one legal move."""
    return stats.avg_decisions * (1.0 - stats.forced_fraction)


def decision_density(stats: BatchStats) -> float:
    return _per_turn(meaningful_decisions(stats), stats)


def comeback(stats: BatchStats) -> float:
    return clamp(stats.comeback_fraction)


def margin_scale(genome: GameGenome) -> float:
    """What a final margin is measured against (see ``tension`` in the module table)."""
    first = genome.win_conditions[0] if genome.win_conditions else None
    if first is not None and first.type in SCORE_WINS and first.threshold:
        return float(abs(first.threshold))
    return float(max(1, genome.setup.cards_per_player))


def tension(stats: BatchStats, genome: GameGenome) -> float:
    lead = clamp(stats.avg_lead_changes / LEAD_CHANGES_FULL)
    closeness = 1.0 / (1.0 + abs(stats.avg_margin) / margin_scale(genome))
    return 0.5 * lead + 0.5 * closeness


def interaction(stats: BatchStats) -> float:
    return _per_turn(stats.avg_interaction, stats)


def skill_above_chance(share: float, sides: int) -> float:
    """A win share against the chance share ``1 / sides``, scaled so chance is 0 and always winning 1."""
    chance = 1.0 / sides
    return clamp((share - chance) / (1.0 - chance))


def greedy_share(runs: Sequence[GreedyRun], genome: GameGenome) -> float:
    """The greedy seat's side's share of the decided games over all ``runs`` (0 when none was decided)."""
    won = sum(side_wins(run.stats, genome)[side_of_seat(genome, run.seat)] for run in runs)
    decided = sum(sum(side_wins(run.stats, genome)) for run in runs)
    return won / decided if decided else 0.0


def first_player_advantage(stats: BatchStats, genome: GameGenome) -> float:
    """``|seat 0's side's win share − 1/s|`` (random self-play)."""
    return abs(win_share(stats, genome, side_of_seat(genome, 0)) - 1.0 / side_count(genome))


def balance(advantage: float) -> float:
    return max(0.0, 1.0 - advantage / FPA_TOLERANCE)


def session_length(avg_turns: float) -> float:
    low, high = SESSION_BAND
    if avg_turns < low:
        return clamp(avg_turns / low)
    if avg_turns > high:
        return high / avg_turns
    return 1.0


def _phase_conditions(genome: GameGenome) -> list[ConditionLike | None]:
    found: list[ConditionLike | None] = []
    for phase in genome.phases:
        if isinstance(phase, DrawPhase):
            found.append(phase.condition)
        elif isinstance(phase, PlayPhase):
            found.append(phase.valid_play_condition)
        elif isinstance(phase, DiscardPhase):
            found.append(phase.matching_condition)
    return found


def structure_count(genome: GameGenome) -> int:
    """The structure count c of ``rules_complexity`` (see the module table)."""
    rules = genome.scoring.card_rules
    conditions = [*_phase_conditions(genome), *(rule.condition for rule in rules)]
    return (
        len(genome.phases)
        + sum(len(iter_conditions(condition)) for condition in conditions)
        + len(genome.special_effects)
        + len(genome.win_conditions)
        + len(rules)
        + int(genome.scoring.hand_evaluation is not None)
        + int(genome.setup.tableau_mode is not TableauMode.NONE)
        + int(genome.team_mode)
    )


def rules_complexity(genome: GameGenome) -> float:
    count = structure_count(genome)
    low, high = COMPLEXITY_BAND
    if count < low:
        return count / low
    if count > high:
        return max(0.0, 1.0 - (count - high) / high)
    return 1.0


def betting_engagement(stats: BatchStats, genome: GameGenome) -> float:
    if any(isinstance(phase, BiddingPhase) for phase in genome.phases):
        met = stats.bids_met / stats.bids_made if stats.bids_made else 0.0
        return 4.0 * met * (1.0 - met)
    if any(isinstance(phase, ClaimPhase | BettingPhase) for phase in genome.phases):
        return interaction(stats)
    return 0.0


def trick_play(genome: GameGenome) -> float:
    return float(genome.turn_structure.has_tricks)


def live_genome(genome: GameGenome) -> GameGenome:
    """``genome`` without its special effects when it has no play phase for them to fire in."""
    if genome.special_effects and not any(isinstance(phase, PlayPhase) for phase in genome.phases):
        return genome.replace(special_effects=())
    return genome


def measure(genome: GameGenome, self_play: BatchStats, skill: float) -> Metrics:
    """Every metric; ``skill`` is already on the [0, 1] scale (greedy or MCTS, the caller decides)."""
    return Metrics(
        decision_density=decision_density(self_play),
        comeback=comeback(self_play),
        tension=tension(self_play, genome),
        interaction=interaction(self_play),
        skill=clamp(skill),
        balance=balance(first_player_advantage(self_play, genome)),
        session_length=session_length(self_play.avg_turns),
        rules_complexity=rules_complexity(live_genome(genome)),
        betting_engagement=betting_engagement(self_play, genome),
        trick_play=trick_play(genome),
    )
