"""Fitness metrics: what competent play says about a game, each as a number in [0, 1].

Inputs are ``BatchStats`` of *greedy self-play* (every seat the engine's greedy player: competent play,
not random), the skill ladder (``quality.ladder``) and the genome's structure. "Sides" are the teams in
a team game, else the players; ``s`` is their number. A *decided* game has a winner; win shares are
shares of the decided games (0 when none was decided). ``clamp`` keeps a value in [0, 1].

==================  ==========================================================================================
metric              formula
==================  ==========================================================================================
decision_density    meaningful decisions per turn,
                    ``clamp(avg_decisions × (1 − forced_fraction) / avg_turns)`` (a meaningful decision has
                    more than one legal move)
comeback            ``comeback_fraction``: games whose winner was not leading at the middle turn
tension             the arc's tension on estimated chances (``quality.arc``) when the game was judged;
                    before that the score proxy ½ lead changes + ½ closeness: ``clamp(avg_lead_changes /
                    4)`` and ``1 / (1 + |avg_margin| / scale)``, where scale is the first win condition's
                    threshold for a score win that has one, else ``max(1, cards_per_player)``
interaction         interaction events per turn (tricks, captures, effects, challenges, taking from or
                    giving to an opponent), ``clamp(avg_interaction / avg_turns)``
skill               from the ladder's first two rungs (greedy → random, MCTS-k → greedy):
                    ``(clamp(2 K₀) + clamp(2 K₁)) / 2`` with K_r the rung's skill share (``quality.ladder``;
                    0 for a rung not measured): how much better play wins, not only whether it does
                    (the skill *depth*, whether it does significantly, is the fitness's skill factor)
balance             first-player fairness: ``clamp(1 − |fpa| / 0.25)`` where the first-player advantage
                    ``fpa = seat 0's side's win share − 1/s`` in greedy self-play
control             how much play, not the deal, decides: ``1 − clamp((luck − 0.5) / 0.5)`` with the
                    ladder's luck share (``quality.ladder``): 1 while the deal settles at most half of the
                    decided games, 0 when it settles all of them
rules_complexity    structure count c = phases + simple conditions (phases and card-scoring rules) + special
                    effects + win conditions + card-scoring rules + 1 each for a hand evaluation, a tableau
                    mode other than none, team play, of the *live* genome; 1 when c lies in [5, 12];
                    ``c / 5`` below, ``max(0, 1 − (c − 12) / 12)`` above
betting_engagement  bidding games: ``4 r (1 − r)`` with r = bids met / bids made (risky contracts score,
                    sure or hopeless ones do not); claim games (Cheat) and betting games: interaction
                    events per turn, which there are mostly settled challenges and folds (the engine has
                    no separate challenge or fold counter); 0 for every other game
trick_play          structural: 1 when hands are played as tricks, else 0
==================  ==========================================================================================
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from darwindeck.agents.simulate import BatchStats
from darwindeck.evolve.quality.ladder import Ladder
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
FPA_TOLERANCE = 0.25
LUCK_TOLERATED = 0.5
SKILL_RUNGS = 2
COMPLEXITY_BAND = (5, 12)


@dataclass(frozen=True)
class Metrics:
    """The weighted metrics of one genome, each in [0, 1] (see the module table)."""

    decision_density: float
    comeback: float
    tension: float
    interaction: float
    skill: float
    balance: float
    control: float
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


def score_tension(stats: BatchStats, genome: GameGenome) -> float:
    """The score proxy of tension (module table), used until the game's arc is measured."""
    lead = clamp(stats.avg_lead_changes / LEAD_CHANGES_FULL)
    closeness = 1.0 / (1.0 + abs(stats.avg_margin) / margin_scale(genome))
    return 0.5 * lead + 0.5 * closeness


def interaction(stats: BatchStats) -> float:
    return _per_turn(stats.avg_interaction, stats)


def ladder_skill(ladder: Ladder) -> float:
    """``(clamp(2 K₀) + clamp(2 K₁)) / 2`` over the ladder's first two rungs (module table)."""
    shares = [rung.skill for rung in ladder.rungs[:SKILL_RUNGS]]
    return sum(clamp(2.0 * share) for share in shares) / SKILL_RUNGS


def first_player_advantage(stats: BatchStats, genome: GameGenome) -> float:
    """``seat 0's side's win share − 1/s`` (signed; positive when the first seat is favoured)."""
    return win_share(stats, genome, side_of_seat(genome, 0)) - 1.0 / side_count(genome)


def balance(advantage: float) -> float:
    return clamp(1.0 - abs(advantage) / FPA_TOLERANCE)


def control(luck: float) -> float:
    return 1.0 - clamp((luck - LUCK_TOLERATED) / (1.0 - LUCK_TOLERATED))


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


def measure(genome: GameGenome, greedy: BatchStats, ladder: Ladder, tension: float | None = None) -> Metrics:
    """Every metric of the live ``genome`` from its greedy self-play and ladder; ``tension`` is the
    arc's when the game was judged (``None``: the score proxy)."""
    return Metrics(
        decision_density=decision_density(greedy),
        comeback=comeback(greedy),
        tension=score_tension(greedy, genome) if tension is None else clamp(tension),
        interaction=interaction(greedy),
        skill=ladder_skill(ladder),
        balance=balance(first_player_advantage(greedy, genome)),
        control=control(ladder.luck),
        rules_complexity=rules_complexity(genome),
        betting_engagement=betting_engagement(greedy, genome),
        trick_play=trick_play(genome),
    )
