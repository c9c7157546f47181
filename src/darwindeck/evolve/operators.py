"""The operator registry and the mutation pipeline.

Every variation operator is a plain typed function ``(genome, rng) -> genome`` (see
``darwindeck.evolve.mutations``) bound here under its name with a default and an aggressive rate: the
probability that one pass of ``mutate`` applies it. ``OPERATORS`` is that registry, in pipeline order;
``get_operator(name)`` looks one up and raises ``UnknownOperatorError`` (naming close matches) for any
other name. The seed operators keep the specification's names.

=================================  =======  ==========  ==========================================
operator                           default  aggressive  family (module)
=================================  =======  ==========  ==========================================
AddEffectMutation                  0.10     0.20        spec 000 (``effects``)
RemoveEffectMutation               0.10     0.20        spec 000
MutateEffectMutation               0.15     0.30        spec 000
MutateTableauModeMutation          0.03     0.06        spec 001 (``tableau``)
MutateSequenceDirectionMutation    0.05     0.10        spec 001
EnableTeamModeMutation             0.03     0.06        spec 003 (``teams``)
DisableTeamModeMutation            0.03     0.06        spec 003
MutateTeamAssignmentMutation       0.05     0.10        spec 003
AddBiddingPhaseMutation            0.05     0.10        spec 004 (``bidding``)
RemoveBiddingPhaseMutation         0.03     0.06        spec 004
MutateBiddingPhaseMutation         0.10     0.20        spec 004
MutateContractScoringMutation      0.10     0.20        spec 004
AddPhaseMutation                   0.05     0.10        ``structure``
RemovePhaseMutation                0.05     0.10        ``structure``
ReplacePhaseMutation               0.03     0.06        ``structure``
SwapPhasesMutation                 0.05     0.10        ``structure``
MutatePhaseMutation                0.10     0.20        ``structure``
MutateCardsPerPlayerMutation       0.10     0.20        ``parameters``
MutateMaxTurnsMutation             0.05     0.10        ``parameters``
MutatePlayerCountMutation          0.05     0.10        ``parameters``
MutateDeckMutation                 0.03     0.06        ``parameters``
MutateDrawCountMutation            0.10     0.20        ``parameters``
MutateConditionMutation            0.10     0.20        ``conditions``
AddConditionMutation               0.05     0.10        ``conditions``
RemoveConditionMutation            0.05     0.10        ``conditions``
AddCardScoringRuleMutation         0.05     0.10        ``scoring``
RemoveCardScoringRuleMutation      0.05     0.10        ``scoring``
MutateCardScoringRuleMutation      0.10     0.20        ``scoring``
AddWinConditionMutation            0.03     0.06        ``wins``
RemoveWinConditionMutation         0.03     0.06        ``wins``
MutateWinConditionMutation         0.03     0.06        ``wins``
MutateWinThresholdMutation         0.10     0.20        ``wins``
AddBettingPhaseMutation            0.03     0.06        ``betting``
RemoveBettingPhaseMutation         0.03     0.06        ``betting``
MutateBettingMutation              0.10     0.20        ``betting``
AddKnockPhaseMutation              0.03     0.06        ``knock``
RemoveKnockPhaseMutation           0.03     0.06        ``knock``
MutateKnockPhaseMutation           0.10     0.20        ``knock``
AddPassPhaseMutation               0.03     0.06        ``passing``
RemovePassPhaseMutation            0.03     0.06        ``passing``
MutatePassPhaseMutation            0.10     0.20        ``passing``
ToggleShootTheMoonMutation         0.03     0.06        ``scoring``
CleanupOrphanedResourcesMutation   0.10     0.10        spec 004 (``structure``)
AddTrumpPhaseMutation              0.03     0.06        ``trumps``
RemoveTrumpPhaseMutation           0.03     0.06        ``trumps``
MutateTrumpPhaseMutation           0.10     0.20        ``trumps``
ToggleTopTrumpsMutation            0.03     0.06        ``trumps``
MutateTopTrumpsMutation            0.05     0.10        ``trumps``
MutateMakerScoringMutation         0.10     0.20        ``trumps``
ToggleTurnedTrumpMutation          0.03     0.06        ``trumps``
MutateTurnedTrumpMutation          0.05     0.10        ``trumps``
ToggleBookScoringMutation          0.03     0.06        ``scoring``
MutateBookScoringMutation          0.10     0.20        ``scoring``
AddAskPhaseMutation                0.03     0.06        ``asking``
RemoveAskPhaseMutation             0.03     0.06        ``asking``
MutateAskPhaseMutation             0.10     0.20        ``asking``
AddCountPhaseMutation              0.03     0.06        ``counting``
RemoveCountPhaseMutation           0.03     0.06        ``counting``
MutateCountPhaseMutation           0.10     0.20        ``counting``
AddAuctionPhaseMutation            0.03     0.06        ``auction``
RemoveAuctionPhaseMutation         0.03     0.06        ``auction``
MutateAuctionPhaseMutation         0.10     0.20        ``auction``
AddDealerPhaseMutation             0.03     0.06        ``dealer``
RemoveDealerPhaseMutation          0.03     0.06        ``dealer``
MutateDealerPhaseMutation          0.10     0.20        ``dealer``
AddCribMutation                    0.03     0.06        ``crib``
RemoveCribMutation                 0.03     0.06        ``crib``
MutateCribMutation                 0.10     0.20        ``crib``
AddBoardMutation                   0.03     0.06        ``board``
RemoveBoardMutation                0.03     0.06        ``board``
MutateBoardMutation                0.10     0.20        ``board``
MutateStreetsMutation              0.05     0.10        ``board``
=================================  =======  ==========  ==========================================

Structural changes (tableau mode, teams, whole phases, win types, deck) have low rates; tweaks of numbers
have higher ones; aggressive rates double the default ones (spec 000's table), except the cleanup, which
adds no diversity.

The pipeline. ``mutate(genome, rng, aggressive)`` walks ``OPERATORS`` in order; for each it draws
``rng.random()`` and applies the operator when the draw is below its rate. Every result goes through
``apply_operator``: validated, repaired or rejected (``repair.vet``), never invalid. The outcome of
one application is *changed* (a different genome; its name is recorded in ``operators``), *unchanged*
(the operator did not apply, nothing recorded) or *rejected* (still invalid after the repairs: the
genome before it is kept and the name recorded in ``rejected``). The result is a ``Child`` with a
generated name (``child_name``), the parents' identities and those records; its identity is the content
hash of its rules. A mutant may equal its parent when nothing applied (fitness caches on identity make
that free). All randomness comes from the ``rng`` the caller seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from difflib import get_close_matches
from enum import Enum
from typing import TypeAlias

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.mutations import (
    MutationFunction,
    asking,
    auction,
    betting,
    bidding,
    board,
    conditions,
    counting,
    crib,
    dealer,
    effects,
    knock,
    parameters,
    passing,
    scoring,
    structure,
    tableau,
    teams,
    trumps,
    wins,
)
from darwindeck.evolve.repair import vet
from darwindeck.genome.schema import GameGenome


class UnknownOperatorError(DarwinDeckError):
    """An operator name that is not in ``OPERATORS``."""


@dataclass(frozen=True)
class Operator:
    """A registered operator: its name, its function and its two rates (probabilities 0..1)."""

    name: str
    function: MutationFunction
    rate: float
    aggressive_rate: float

    def rate_for(self, aggressive: bool) -> float:
        return self.aggressive_rate if aggressive else self.rate


def _registry(*operators: Operator) -> dict[str, Operator]:
    registry: dict[str, Operator] = {}
    for operator in operators:
        if operator.name in registry:
            raise ValueError(f"operators: {operator.name!r} is registered twice")
        registry[operator.name] = operator
    return registry


#: Every operator by name, in pipeline order (see the module table).
OPERATORS: dict[str, Operator] = _registry(
    Operator("AddEffectMutation", effects.add_effect, 0.10, 0.20),
    Operator("RemoveEffectMutation", effects.remove_effect, 0.10, 0.20),
    Operator("MutateEffectMutation", effects.mutate_effect, 0.15, 0.30),
    Operator("MutateTableauModeMutation", tableau.mutate_tableau_mode, 0.03, 0.06),
    Operator("MutateSequenceDirectionMutation", tableau.mutate_sequence_direction, 0.05, 0.10),
    Operator("EnableTeamModeMutation", teams.enable_team_mode, 0.03, 0.06),
    Operator("DisableTeamModeMutation", teams.disable_team_mode, 0.03, 0.06),
    Operator("MutateTeamAssignmentMutation", teams.mutate_team_assignment, 0.05, 0.10),
    Operator("AddBiddingPhaseMutation", bidding.add_bidding_phase, 0.05, 0.10),
    Operator("RemoveBiddingPhaseMutation", bidding.remove_bidding_phase, 0.03, 0.06),
    Operator("MutateBiddingPhaseMutation", bidding.mutate_bidding_phase, 0.10, 0.20),
    Operator("MutateContractScoringMutation", bidding.mutate_contract_scoring, 0.10, 0.20),
    Operator("AddPhaseMutation", structure.add_phase, 0.05, 0.10),
    Operator("RemovePhaseMutation", structure.remove_phase, 0.05, 0.10),
    Operator("ReplacePhaseMutation", structure.replace_phase, 0.03, 0.06),
    Operator("SwapPhasesMutation", structure.swap_phases, 0.05, 0.10),
    Operator("MutatePhaseMutation", structure.mutate_phase, 0.10, 0.20),
    Operator("MutateCardsPerPlayerMutation", parameters.mutate_cards_per_player, 0.10, 0.20),
    Operator("MutateMaxTurnsMutation", parameters.mutate_max_turns, 0.05, 0.10),
    Operator("MutatePlayerCountMutation", parameters.mutate_player_count, 0.05, 0.10),
    Operator("MutateDeckMutation", parameters.mutate_deck, 0.03, 0.06),
    Operator("MutateDrawCountMutation", parameters.mutate_draw_count, 0.10, 0.20),
    Operator("MutateConditionMutation", conditions.mutate_condition, 0.10, 0.20),
    Operator("AddConditionMutation", conditions.add_condition, 0.05, 0.10),
    Operator("RemoveConditionMutation", conditions.remove_condition, 0.05, 0.10),
    Operator("AddCardScoringRuleMutation", scoring.add_card_scoring_rule, 0.05, 0.10),
    Operator("RemoveCardScoringRuleMutation", scoring.remove_card_scoring_rule, 0.05, 0.10),
    Operator("MutateCardScoringRuleMutation", scoring.mutate_card_scoring_rule, 0.10, 0.20),
    Operator("AddWinConditionMutation", wins.add_win_condition, 0.03, 0.06),
    Operator("RemoveWinConditionMutation", wins.remove_win_condition, 0.03, 0.06),
    Operator("MutateWinConditionMutation", wins.mutate_win_condition, 0.03, 0.06),
    Operator("MutateWinThresholdMutation", wins.mutate_win_threshold, 0.10, 0.20),
    Operator("AddBettingPhaseMutation", betting.add_betting_phase, 0.03, 0.06),
    Operator("RemoveBettingPhaseMutation", betting.remove_betting_phase, 0.03, 0.06),
    Operator("MutateBettingMutation", betting.mutate_betting, 0.10, 0.20),
    Operator("AddKnockPhaseMutation", knock.add_knock_phase, 0.03, 0.06),
    Operator("RemoveKnockPhaseMutation", knock.remove_knock_phase, 0.03, 0.06),
    Operator("MutateKnockPhaseMutation", knock.mutate_knock_phase, 0.10, 0.20),
    Operator("AddPassPhaseMutation", passing.add_pass_phase, 0.03, 0.06),
    Operator("RemovePassPhaseMutation", passing.remove_pass_phase, 0.03, 0.06),
    Operator("MutatePassPhaseMutation", passing.mutate_pass_phase, 0.10, 0.20),
    Operator("ToggleShootTheMoonMutation", scoring.toggle_shoot_the_moon, 0.03, 0.06),
    Operator("CleanupOrphanedResourcesMutation", structure.cleanup_orphaned_resources, 0.10, 0.10),
    Operator("AddTrumpPhaseMutation", trumps.add_trump_phase, 0.03, 0.06),
    Operator("RemoveTrumpPhaseMutation", trumps.remove_trump_phase, 0.03, 0.06),
    Operator("MutateTrumpPhaseMutation", trumps.mutate_trump_phase, 0.10, 0.20),
    Operator("ToggleTopTrumpsMutation", trumps.toggle_top_trumps, 0.03, 0.06),
    Operator("MutateTopTrumpsMutation", trumps.mutate_top_trumps, 0.05, 0.10),
    Operator("MutateMakerScoringMutation", trumps.mutate_maker_scoring, 0.10, 0.20),
    Operator("ToggleTurnedTrumpMutation", trumps.toggle_turned_trump, 0.03, 0.06),
    Operator("MutateTurnedTrumpMutation", trumps.mutate_turned_trump, 0.05, 0.10),
    Operator("ToggleBookScoringMutation", scoring.toggle_book_scoring, 0.03, 0.06),
    Operator("MutateBookScoringMutation", scoring.mutate_book_scoring, 0.10, 0.20),
    Operator("AddAskPhaseMutation", asking.add_ask_phase, 0.03, 0.06),
    Operator("RemoveAskPhaseMutation", asking.remove_ask_phase, 0.03, 0.06),
    Operator("MutateAskPhaseMutation", asking.mutate_ask_phase, 0.10, 0.20),
    Operator("AddCountPhaseMutation", counting.add_count_phase, 0.03, 0.06),
    Operator("RemoveCountPhaseMutation", counting.remove_count_phase, 0.03, 0.06),
    Operator("MutateCountPhaseMutation", counting.mutate_count_phase, 0.10, 0.20),
    Operator("AddAuctionPhaseMutation", auction.add_auction_phase, 0.03, 0.06),
    Operator("RemoveAuctionPhaseMutation", auction.remove_auction_phase, 0.03, 0.06),
    Operator("MutateAuctionPhaseMutation", auction.mutate_auction_phase, 0.10, 0.20),
    Operator("AddDealerPhaseMutation", dealer.add_dealer_phase, 0.03, 0.06),
    Operator("RemoveDealerPhaseMutation", dealer.remove_dealer_phase, 0.03, 0.06),
    Operator("MutateDealerPhaseMutation", dealer.mutate_dealer_phase, 0.10, 0.20),
    Operator("AddCribMutation", crib.add_crib, 0.03, 0.06),
    Operator("RemoveCribMutation", crib.remove_crib, 0.03, 0.06),
    Operator("MutateCribMutation", crib.mutate_crib, 0.10, 0.20),
    Operator("AddBoardMutation", board.add_board, 0.03, 0.06),
    Operator("RemoveBoardMutation", board.remove_board, 0.03, 0.06),
    Operator("MutateBoardMutation", board.mutate_board, 0.10, 0.20),
    Operator("MutateStreetsMutation", board.mutate_streets, 0.05, 0.10),
)


def get_operator(name: str) -> Operator:
    """The operator registered as ``name``; ``UnknownOperatorError`` naming close matches otherwise."""
    operator = OPERATORS.get(name)
    if operator is None:
        close = get_close_matches(name, list(OPERATORS), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; known: {', '.join(OPERATORS)}"
        raise UnknownOperatorError(f"unknown operator {name!r}{hint}")
    return operator


# ------------------------------------------------------------------------------------------ children


@dataclass(frozen=True)
class Child:
    """A genome made by variation, with its lineage.

    ``parents``: the parents' identities (one for a mutant, two for a crossover child). ``operators``:
    the operators that changed the genome, in order. ``rejected``: the operators whose result stayed
    invalid and was thrown away. ``repairs``: ``"<operator>: <repair>"`` for each repair applied.
    """

    genome: GameGenome
    parents: tuple[str, ...]
    operators: tuple[str, ...]
    rejected: tuple[str, ...] = ()
    repairs: tuple[str, ...] = ()

    @property
    def identity(self) -> str:
        """The content hash of the child's rules (``GameGenome.identity``)."""
        return self.genome.identity


Mutant: TypeAlias = Child
"""A child of one parent (the result of ``mutate``)."""

_ADJECTIVES = (
    "Amber", "Brass", "Crimson", "Dusky", "Ember", "Fickle", "Gilded", "Hollow",
    "Ivory", "Jolly", "Keen", "Lucky", "Midnight", "Nimble", "Opal", "Painted",
    "Quiet", "Restless", "Silver", "Tangled", "Umber", "Velvet", "Wandering", "Young",
)  # fmt: skip
_NOUNS = (
    "Badger", "Crown", "Duel", "Falcon", "Gambit", "Harbor", "Jester", "Lantern",
    "Meadow", "Orchard", "Parade", "Quarry", "Riddle", "Spire", "Tangle", "Voyage",
    "Whirl", "Cascade", "Bazaar", "Comet", "Fortune", "Masque", "Rook", "Tempest",
)  # fmt: skip


def child_name(rng: random.Random) -> str:
    """A generated name: an adjective and a noun from fixed lists, chosen by ``rng``."""
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"


def named_child(genome: GameGenome, rng: random.Random, parents: tuple[GameGenome, ...]) -> GameGenome:
    """``genome`` with a generated name and a description naming its parents."""
    origin = " and ".join(parent.name for parent in parents)
    return genome.replace(name=child_name(rng), description=f"Evolved from {origin}.")


# ---------------------------------------------------------------------------------------- the pipeline


class Outcome(Enum):
    CHANGED = "changed"
    UNCHANGED = "unchanged"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Step:
    """One validated application: the genome after it (the input when unchanged or rejected), what
    happened, the repairs kept (none when rejected) and, when rejected, the errors left."""

    genome: GameGenome
    outcome: Outcome
    repairs: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()


def apply_operator(operator: Operator, genome: GameGenome, rng: random.Random) -> Step:
    """Apply one operator, then validate and repair or reject its result (never an invalid genome)."""
    candidate = operator.function(genome, rng)
    if candidate == genome:
        return Step(genome, Outcome.UNCHANGED)
    vetted = vet(candidate)
    if vetted.genome is None:
        return Step(genome, Outcome.REJECTED, errors=vetted.errors)
    if vetted.genome == genome:
        return Step(genome, Outcome.UNCHANGED, vetted.repairs)
    return Step(vetted.genome, Outcome.CHANGED, vetted.repairs)


def mutate(genome: GameGenome, rng: random.Random, aggressive: bool = False) -> Mutant:
    """One pass of the pipeline over ``genome`` (see the module docstring)."""
    current = genome
    applied: list[str] = []
    rejected: list[str] = []
    repairs: list[str] = []
    for operator in OPERATORS.values():
        if rng.random() >= operator.rate_for(aggressive):
            continue
        step = apply_operator(operator, current, rng)
        repairs += [f"{operator.name}: {repair}" for repair in step.repairs]
        if step.outcome is Outcome.CHANGED:
            applied.append(operator.name)
            current = step.genome
        elif step.outcome is Outcome.REJECTED:
            rejected.append(operator.name)
    return Child(
        genome=named_child(current, rng, (genome,)),
        parents=(genome.identity,),
        operators=tuple(applied),
        rejected=tuple(rejected),
        repairs=tuple(repairs),
    )
