"""Win-condition operators.

A new win condition's type is drawn from ``live_win_types(genome)``: the types that can fire in this
genome (the rules of ``genome.validation``: score wins need something that scores, capture wins a way to
capture, trick wins a trick phase, best_hand a hand evaluation). A type that needs a threshold gets one
of ``THRESHOLDS`` (a score floor one of ``FLOORS``, hands played one of ``HAND_COUNTS``); high_score
gets one half the time.

* ``add_win_condition`` (``AddWinConditionMutation``): a live type the genome does not have yet, at most
  ``MAX_WINS`` conditions.
* ``remove_win_condition`` (``RemoveWinConditionMutation``): one condition removed (never the last).
* ``mutate_win_condition`` (``MutateWinConditionMutation``): one condition becomes another live type.
* ``mutate_win_threshold`` (``MutateWinThresholdMutation``): one threshold scaled by ×½, ×⅘, ×1¼ or ×2
  within 1..``MAX_THRESHOLD`` (hands played within 1..``MAX_HANDS``).
"""

from __future__ import annotations

import random

from darwindeck.evolve.mutations._edit import indices_of, removed_at, replaced_at, scaled
from darwindeck.genome.cards import Location
from darwindeck.genome.phases import AuctionPhase, PlayPhase, TrickPhase
from darwindeck.genome.schema import (
    CAPTURE_WINS,
    SCORE_WINS,
    THRESHOLD_REQUIRED,
    GameGenome,
    TableauMode,
    WinCondition,
    WinType,
)

MAX_WINS = 3
THRESHOLDS = (10, 25, 50, 100, 200, 500)
FLOORS = (-50, -100, -200, -500)  # score_floor thresholds (scores start at 0)
MAX_THRESHOLD = 10_000
HAND_COUNTS = (1, 2, 3, 4, 6, 8)  # hands_played thresholds: how many hands the game lasts
MAX_HANDS = 20


def something_scores(genome: GameGenome) -> bool:
    scoring = genome.scoring
    scored = bool(scoring.card_rules) or scoring.hand_evaluation is not None
    return scored or genome.contract_scoring is not None or bool(indices_of(genome.phases, AuctionPhase))


def can_capture(genome: GameGenome) -> bool:
    plays_to_tableau = any(isinstance(p, PlayPhase) and p.target is Location.TABLEAU for p in genome.phases)
    capturing_mode = genome.setup.tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK)
    return bool(indices_of(genome.phases, TrickPhase)) or (capturing_mode and plays_to_tableau)


def live_win_types(genome: GameGenome) -> list[WinType]:
    """The win types that can fire in ``genome``, in enum order."""
    live = {WinType.EMPTY_HAND, WinType.ALL_HANDS_EMPTY}
    if something_scores(genome):
        live |= SCORE_WINS
    if not can_lose_points(genome):
        live.discard(WinType.SCORE_FLOOR)
    if can_capture(genome):
        live |= CAPTURE_WINS
    if indices_of(genome.phases, TrickPhase):
        live |= {WinType.MOST_TRICKS, WinType.FEWEST_TRICKS}
    if genome.scoring.hand_evaluation is not None:
        live.add(WinType.BEST_HAND)
    return [kind for kind in WinType if kind in live]


def can_lose_points(genome: GameGenome) -> bool:
    """Whether a score can fall below 0 (a score floor can fire): contracts or a negative card rule."""
    negative = any(rule.points < 0 for rule in genome.scoring.card_rules)
    return genome.contract_scoring is not None or negative


def random_win(rng: random.Random, kind: WinType) -> WinCondition:
    if kind is WinType.SCORE_FLOOR:
        return WinCondition(kind, rng.choice(FLOORS))
    if kind is WinType.HANDS_PLAYED:
        return WinCondition(kind, rng.choice(HAND_COUNTS))
    if kind in THRESHOLD_REQUIRED or (kind is WinType.HIGH_SCORE and rng.random() < 0.5):
        return WinCondition(kind, rng.choice(THRESHOLDS))
    return WinCondition(kind)


def add_win_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    wins = genome.win_conditions
    present = {win.type for win in wins}
    fresh = [kind for kind in live_win_types(genome) if kind not in present]
    if len(wins) >= MAX_WINS or not fresh:
        return genome
    return genome.replace(win_conditions=(*wins, random_win(rng, rng.choice(fresh))))


def remove_win_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    wins = genome.win_conditions
    if len(wins) < 2:
        return genome
    return genome.replace(win_conditions=removed_at(wins, rng.randrange(len(wins))))


def mutate_win_condition(genome: GameGenome, rng: random.Random) -> GameGenome:
    wins = genome.win_conditions
    present = {win.type for win in wins}
    fresh = [kind for kind in live_win_types(genome) if kind not in present]
    if not wins or not fresh:
        return genome
    at = rng.randrange(len(wins))
    return genome.replace(win_conditions=replaced_at(wins, at, random_win(rng, rng.choice(fresh))))


def mutate_win_threshold(genome: GameGenome, rng: random.Random) -> GameGenome:
    wins = genome.win_conditions
    with_threshold = [i for i, win in enumerate(wins) if win.threshold is not None]
    if not with_threshold:
        return genome
    at = rng.choice(with_threshold)
    win = wins[at]
    assert win.threshold is not None
    if win.type is WinType.SCORE_FLOOR:  # scale the depth of the floor, keep it below 0
        depth = scaled(rng, -win.threshold, 1, max(MAX_THRESHOLD, -win.threshold))
        return genome.replace(win_conditions=replaced_at(wins, at, WinCondition(win.type, -depth)))
    if win.type is WinType.HANDS_PLAYED:
        hands = scaled(rng, win.threshold, 1, max(MAX_HANDS, win.threshold))
        return genome.replace(win_conditions=replaced_at(wins, at, WinCondition(win.type, hands)))
    threshold = scaled(rng, win.threshold, 1, max(MAX_THRESHOLD, win.threshold))
    return genome.replace(win_conditions=replaced_at(wins, at, WinCondition(win.type, threshold)))
