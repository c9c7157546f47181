"""Number operators: deal size, game length, player count, deck, draw and discard counts.

* ``mutate_cards_per_player`` (``MutateCardsPerPlayerMutation``): ±1..3 cards, within 1 and what the
  deck can deal (``repair.max_cards_per_player``).
* ``mutate_max_turns`` (``MutateMaxTurnsMutation``): ×½, ×⅘, ×1¼ or ×2, within ``MIN_TURNS``..
  ``MAX_TURNS``.
* ``mutate_player_count`` (``MutatePlayerCountMutation``): ±1 player within 2..6 (``MIN_PLAYERS``..
  ``MAX_PLAYERS``); a WAR game keeps its 2 players (spec 001). Spec 003's reconciliation: in a team
  game the teams are repaired for the new count (``repair.repair_teams``) or, when that leaves fewer
  than two teams, team play is switched off. The deal shrinks when the deck cannot deal it any more.
* ``mutate_deck`` (``MutateDeckMutation``): another deck type, the deal shrunk to fit.
* ``mutate_draw_count`` (``MutateDrawCountMutation``): one draw or discard phase's ``count`` ±1 within
  1..``MAX_DRAW``.
"""

from __future__ import annotations

import dataclasses
import random

from darwindeck.evolve.mutations._edit import (
    indices_of,
    nudge,
    other_choice,
    replaced_at,
    scaled,
    with_phases,
    with_setup,
)
from darwindeck.evolve.repair import max_cards_per_player, repair_teams
from darwindeck.genome.cards import DeckType
from darwindeck.genome.phases import DiscardPhase, DrawPhase
from darwindeck.genome.schema import GameGenome, TableauMode

MIN_TURNS, MAX_TURNS = 10, 5000
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_DRAW = 5


def _deal_fitted(genome: GameGenome) -> GameGenome:
    """``genome`` with ``cards_per_player`` lowered to what the deck can deal, if needed."""
    limit = max_cards_per_player(genome)
    if genome.setup.cards_per_player <= limit:
        return genome
    return with_setup(genome, cards_per_player=limit)


def mutate_cards_per_player(genome: GameGenome, rng: random.Random) -> GameGenome:
    limit = max_cards_per_player(genome)
    current = genome.setup.cards_per_player
    if limit < 1:
        return genome
    return with_setup(genome, cards_per_player=nudge(rng, current, 1, max(limit, 1), step=3))


def mutate_max_turns(genome: GameGenome, rng: random.Random) -> GameGenome:
    return genome.replace(max_turns=scaled(rng, genome.max_turns, MIN_TURNS, MAX_TURNS))


def with_player_count(genome: GameGenome, player_count: int) -> GameGenome:
    """``genome`` for ``player_count`` players: teams repaired or switched off, the deal fitted."""
    child = genome.replace(player_count=player_count)
    if genome.team_mode:
        teams = repair_teams(genome.teams, player_count)
        child = child.replace(teams=teams) if teams else child.replace(team_mode=False, teams=())
    return _deal_fitted(child)


def mutate_player_count(genome: GameGenome, rng: random.Random) -> GameGenome:
    if genome.setup.tableau_mode is TableauMode.WAR:
        return genome
    count = nudge(rng, genome.player_count, MIN_PLAYERS, max(MAX_PLAYERS, genome.player_count))
    return with_player_count(genome, count)


def mutate_deck(genome: GameGenome, rng: random.Random) -> GameGenome:
    deck = other_choice(rng, list(DeckType), genome.setup.initial_deck)
    return _deal_fitted(with_setup(genome, initial_deck=deck))


def mutate_draw_count(genome: GameGenome, rng: random.Random) -> GameGenome:
    counted = indices_of(genome.phases, (DrawPhase, DiscardPhase))
    if not counted:
        return genome
    at = rng.choice(counted)
    phase = genome.phases[at]
    assert isinstance(phase, DrawPhase | DiscardPhase)
    count = nudge(rng, phase.count, 1, max(MAX_DRAW, phase.count))
    return with_phases(genome, replaced_at(genome.phases, at, dataclasses.replace(phase, count=count)))
