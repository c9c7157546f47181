"""Card-scoring operators.

A new rule scores the cards of one rank (from the game's deck) or one suit, ±1..``MAX_POINTS`` points,
with a trigger that can happen in this genome: ``play`` and ``hand_end`` always, ``trick_win`` with a
trick phase, ``capture`` when something captures (``wins.can_capture``).

* ``add_card_scoring_rule`` (``AddCardScoringRuleMutation``): a new rule, at most ``MAX_RULES``.
* ``remove_card_scoring_rule`` (``RemoveCardScoringRuleMutation``): one rule removed.
* ``mutate_card_scoring_rule`` (``MutateCardScoringRuleMutation``): one rule's points move by ±1..3
  (never to 0, within ±``MAX_POINTS``) or its trigger becomes another possible trigger. Its condition
  belongs to the condition operators.
* ``toggle_shoot_the_moon`` (``ToggleShootTheMoonMutation``): shooting the moon switched on or off, in a
  game with a trick phase and a ``trick_win`` rule (elsewhere it could never fire: unchanged).
* ``toggle_book_scoring`` (``ToggleBookScoringMutation``): book scoring removed when the game has it;
  else, in a game with a trick phase, added with a book of half the hand's tricks (rounded down: Whist's
  6 of 13) and 1 point a trick. No trick phase → unchanged.
* ``mutate_book_scoring`` (``MutateBookScoringMutation``): the book moved by one (0..one less than the
  hand's tricks) or the points per trick moved by 1 or 2 (1..255); none → unchanged.

Book scoring left without a trick phase is dropped by the repairs and by
``CleanupOrphanedResourcesMutation``.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    hand_tricks,
    indices_of,
    nudge,
    other_choice,
    removed_at,
    replaced_at,
)
from darwindeck.evolve.mutations.conditions import SCORING_TYPES, random_condition
from darwindeck.evolve.mutations.wins import can_capture
from darwindeck.genome.phases import TrickPhase
from darwindeck.genome.schema import BookScoring, CardScoringRule, GameGenome, Scoring, ScoringTrigger
from darwindeck.genome.validation import UINT8_MAX

MAX_RULES = 4
MAX_POINTS = 20


def possible_triggers(genome: GameGenome) -> list[ScoringTrigger]:
    triggers = [ScoringTrigger.PLAY, ScoringTrigger.HAND_END]
    if indices_of(genome.phases, TrickPhase):
        triggers.append(ScoringTrigger.TRICK_WIN)
    if can_capture(genome):
        triggers.append(ScoringTrigger.CAPTURE)
    return triggers


def _with_rules(genome: GameGenome, rules: tuple[CardScoringRule, ...]) -> GameGenome:
    scoring: Scoring = dataclasses.replace(genome.scoring, card_rules=rules)
    return genome.replace(scoring=scoring)


def add_card_scoring_rule(genome: GameGenome, rng: random.Random) -> GameGenome:
    rules = genome.scoring.card_rules
    if len(rules) >= MAX_RULES:
        return genome
    points = rng.randint(1, 5) * rng.choice((-1, 1))
    condition = random_condition(rng, genome, SCORING_TYPES)
    rule = CardScoringRule(condition, points, rng.choice(possible_triggers(genome)))
    return _with_rules(genome, (*rules, rule))


def remove_card_scoring_rule(genome: GameGenome, rng: random.Random) -> GameGenome:
    rules = genome.scoring.card_rules
    if not rules:
        return genome
    return _with_rules(genome, removed_at(rules, rng.randrange(len(rules))))


def _moved_points(rng: random.Random, points: int) -> int:
    moved = points + rng.randint(1, 3) * rng.choice((-1, 1))
    moved = min(MAX_POINTS, max(-MAX_POINTS, moved))
    return moved if moved not in (0, points) else -points


def mutate_card_scoring_rule(genome: GameGenome, rng: random.Random) -> GameGenome:
    rules = genome.scoring.card_rules
    if not rules:
        return genome
    at = rng.randrange(len(rules))
    rule = rules[at]
    if rng.random() < 0.5:
        changed = dataclasses.replace(rule, points=_moved_points(rng, rule.points))
    else:
        changed = dataclasses.replace(
            rule, trigger=other_choice(rng, possible_triggers(genome), rule.trigger)
        )
    return _with_rules(genome, replaced_at(rules, at, changed))


def toggle_shoot_the_moon(genome: GameGenome, rng: random.Random) -> GameGenome:
    scoring = genome.scoring
    tricks = indices_of(genome.phases, TrickPhase)
    trick_rules = any(rule.trigger is ScoringTrigger.TRICK_WIN for rule in scoring.card_rules)
    if not (tricks and trick_rules) and not scoring.shoot_the_moon:
        return genome
    return genome.replace(scoring=dataclasses.replace(scoring, shoot_the_moon=not scoring.shoot_the_moon))


def toggle_book_scoring(genome: GameGenome, rng: random.Random) -> GameGenome:
    if genome.book_scoring is not None:
        return genome.replace(book_scoring=None)
    if not indices_of(genome.phases, TrickPhase):
        return genome
    return genome.replace(book_scoring=BookScoring(book=hand_tricks(genome) // 2, points_per_trick=1))


def mutate_book_scoring(genome: GameGenome, rng: random.Random) -> GameGenome:
    book = genome.book_scoring
    if book is None:
        return genome
    if rng.random() < 0.5:
        changed = dataclasses.replace(book, book=nudge(rng, book.book, 0, hand_tricks(genome) - 1))
    else:
        points = nudge(rng, book.points_per_trick, 1, UINT8_MAX, step=2)
        changed = dataclasses.replace(book, points_per_trick=points)
    return genome.replace(book_scoring=changed)
