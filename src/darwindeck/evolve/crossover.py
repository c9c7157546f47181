"""Crossover: a child that inherits each section of the genome from one of two parents.

``crossover(first, second, rng)`` builds the child section by section, drawing from ``rng`` in this
order:

1. *setup*: ``setup``, ``player_count`` and ``max_turns`` from one parent (``rng.random() < 0.5``: the
   first);
2. *turn*: ``turn_structure`` with the ``contract_scoring`` that belongs to its bidding phase;
3. *wins*: ``win_conditions``;
4. *scoring*: ``scoring``;
5. *effects*: spec 000's union by trigger rank (``mutations.effects.crossover_effects``: the first
   parent's effects, each of the second's overriding with probability ½);
6. *teams* (spec 003): ``team_mode`` and ``teams`` from one parent; when that configuration does not fit
   the child's player count, the other parent's is taken; when neither fits, the repairs decide
   (``repair.fix_teams``).

Then, as for every child, ``repair.vet``: valid → kept; repairable → repaired; still invalid → a
second try in which the wins and the scoring come from the parent that gave the turn (the sections that
depend on the phases most; no new draws); still invalid → the crossover is rejected and the child is the
first parent's rules (recorded in ``rejected``; the only parent is then the first). The child gets a
generated name; ``operators`` is ``("crossover",)``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from darwindeck.evolve.mutations.effects import crossover_effects
from darwindeck.evolve.operators import Child, named_child
from darwindeck.evolve.repair import teams_fit, vet
from darwindeck.genome.schema import GameGenome, SpecialEffect

CROSSOVER = "crossover"


def _pick(rng: random.Random, first: GameGenome, second: GameGenome) -> GameGenome:
    return first if rng.random() < 0.5 else second


def _team_config(child: GameGenome, donor: GameGenome, other: GameGenome) -> GameGenome:
    """``child`` with the donor's team configuration, or the other parent's when the donor's does not
    fit the child's player count."""
    for parent in (donor, other):
        if not parent.team_mode or teams_fit(parent.teams, child.player_count):
            return child.replace(team_mode=parent.team_mode, teams=parent.teams)
    return child.replace(team_mode=donor.team_mode, teams=donor.teams)


@dataclass(frozen=True)
class Donors:
    """Which parent gives each section."""

    setup: GameGenome
    turn: GameGenome
    wins: GameGenome
    scoring: GameGenome
    teams: GameGenome


def draw_donors(first: GameGenome, second: GameGenome, rng: random.Random) -> Donors:
    """The section donors, drawn in the module docstring's order (teams last, after the effects)."""
    setup, turn, wins, scoring = (_pick(rng, first, second) for _ in range(4))
    return Donors(setup, turn, wins, scoring, teams=first)


def combine(
    first: GameGenome, second: GameGenome, donors: Donors, effects: tuple[SpecialEffect, ...]
) -> GameGenome:
    """The unvalidated child of these donors and effects."""
    child = first.replace(
        setup=donors.setup.setup,
        player_count=donors.setup.player_count,
        max_turns=donors.setup.max_turns,
        turn_structure=donors.turn.turn_structure,
        contract_scoring=donors.turn.contract_scoring,
        win_conditions=donors.wins.win_conditions,
        scoring=donors.scoring.scoring,
        special_effects=effects,
    )
    other = second if donors.teams is first else first
    return _team_config(child, donors.teams, other)


def crossover(first: GameGenome, second: GameGenome, rng: random.Random) -> Child:
    """A validated child of ``first`` and ``second`` (see the module docstring)."""
    donors = draw_donors(first, second, rng)
    effects = crossover_effects(first, second, rng)
    donors = dataclasses.replace(donors, teams=_pick(rng, first, second))
    vetted = vet(combine(first, second, donors, effects))
    if vetted.genome is None:
        coherent = dataclasses.replace(donors, wins=donors.turn, scoring=donors.turn)
        vetted = vet(combine(first, second, coherent, effects))
    if vetted.genome is None:
        return Child(
            genome=named_child(first, rng, (first,)),
            parents=(first.identity,),
            operators=(),
            rejected=(CROSSOVER,),
        )
    return Child(
        genome=named_child(vetted.genome, rng, (first, second)),
        parents=(first.identity, second.identity),
        operators=(CROSSOVER,),
        repairs=tuple(f"{CROSSOVER}: {repair}" for repair in vetted.repairs),
    )
