"""The operator registry, the seed operators' rules, and the validated mutation pipeline."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve.mutations import bidding, effects, parameters, tableau, teams
from darwindeck.evolve.operators import (
    OPERATORS,
    Child,
    Operator,
    Outcome,
    UnknownOperatorError,
    apply_operator,
    get_operator,
    mutate,
)
from darwindeck.evolve.repair import repair_teams, vet
from darwindeck.genome.cards import Rank
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import BiddingPhase, TrickPhase
from darwindeck.genome.schema import (
    ContractScoring,
    EffectType,
    GameGenome,
    SequenceDirection,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    WinCondition,
    WinType,
)
from darwindeck.genome.validation import validate
from strategies import genomes

SEED_OPERATORS = (
    "AddEffectMutation",
    "RemoveEffectMutation",
    "MutateEffectMutation",
    "MutateTableauModeMutation",
    "MutateSequenceDirectionMutation",
    "EnableTeamModeMutation",
    "DisableTeamModeMutation",
    "MutateTeamAssignmentMutation",
    "AddBiddingPhaseMutation",
    "RemoveBiddingPhaseMutation",
    "MutateBiddingPhaseMutation",
    "MutateContractScoringMutation",
    "CleanupOrphanedResourcesMutation",
)
FOUR_PLAYER_PARTITIONS = {((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2))}


def three_players(genome: GameGenome) -> GameGenome:
    return genome.replace(player_count=3)


# ------------------------------------------------------------------------------------------- registry


def test_seed_operators_are_registered_under_the_seeds_names() -> None:
    assert set(SEED_OPERATORS) <= set(OPERATORS)
    assert all(OPERATORS[name].name == name for name in OPERATORS)
    assert len(OPERATORS) == 72


def test_effect_rates_are_seed_000s_table() -> None:
    table = {name: (OPERATORS[name].rate, OPERATORS[name].aggressive_rate) for name in SEED_OPERATORS[:3]}
    assert table == {
        "AddEffectMutation": (0.10, 0.20),
        "RemoveEffectMutation": (0.10, 0.20),
        "MutateEffectMutation": (0.15, 0.30),
    }


def test_every_rate_is_a_probability_and_aggressive_is_not_lower() -> None:
    for operator in OPERATORS.values():
        assert 0 < operator.rate <= operator.aggressive_rate <= 1, operator.name
        assert operator.rate_for(False) == operator.rate
        assert operator.rate_for(True) == operator.aggressive_rate


def test_structural_seed_operators_have_low_rates() -> None:
    for name in ("MutateTableauModeMutation", "EnableTeamModeMutation", "DisableTeamModeMutation"):
        assert OPERATORS[name].rate == 0.03


def test_get_operator_finds_by_name_and_fails_loudly_on_unknown_names() -> None:
    assert get_operator("AddEffectMutation").function is effects.add_effect
    with pytest.raises(UnknownOperatorError, match="did you mean AddEffectMutation") as caught:
        get_operator("AddEfectMutation")
    assert isinstance(caught.value, DarwinDeckError)


# -------------------------------------------------------------------------------------- spec 000


def test_add_effect_to_a_game_without_effects_gives_exactly_one_effect() -> None:
    child = effects.add_effect(get_game("hearts"), random.Random(7))
    assert child.special_effects == (
        SpecialEffect(Rank.SEVEN, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS, 3),
    )


def test_add_effect_draws_from_the_seeds_ranges() -> None:
    for seed in range(200):
        (effect,) = effects.add_effect(get_game("hearts"), random.Random(seed)).special_effects
        assert effect.target in (TargetSelector.NEXT_PLAYER, TargetSelector.ALL_OPPONENTS)
        assert 1 <= effect.value <= 3


def test_remove_effect_drops_one_and_keeps_the_order() -> None:
    uno = get_game("uno-style")
    child = effects.remove_effect(uno, random.Random(7))
    kept = (0, 1, 3, 4)
    assert child.special_effects == tuple(uno.special_effects[i] for i in kept)
    hearts = get_game("hearts")
    assert effects.remove_effect(hearts, random.Random(7)) is hearts


def test_seed_000_add_mutate_remove_sequence() -> None:
    rng = random.Random(11)
    added = effects.add_effect(get_game("hearts"), rng)
    mutated = effects.mutate_effect(added, rng)
    removed = effects.remove_effect(mutated, rng)
    assert (len(added.special_effects), len(mutated.special_effects), len(removed.special_effects)) == (
        1,
        1,
        0,
    )


@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_effect_value_stays_at_least_one(seed: int) -> None:
    game = get_game("hearts").replace(special_effects=(SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS),))
    rng = random.Random(seed)
    for _ in range(5):
        game = effects.mutate_effect(game, rng)
        (effect,) = game.special_effects
        assert effect.value >= 1


# -------------------------------------------------------------------------------------- spec 001


def test_war_is_never_chosen_for_three_players_but_is_for_two() -> None:
    three = three_players(get_game("hearts"))
    modes3 = {tableau.mutate_tableau_mode(three, random.Random(s)).setup.tableau_mode for s in range(200)}
    assert modes3 == {TableauMode.MATCH_RANK, TableauMode.SEQUENCE}
    two = get_game("gin-rummy")
    modes2 = {tableau.mutate_tableau_mode(two, random.Random(s)).setup.tableau_mode for s in range(200)}
    assert modes2 == {TableauMode.WAR, TableauMode.MATCH_RANK, TableauMode.SEQUENCE}


def test_leaving_sequence_resets_the_direction() -> None:
    fan_tan = get_game("fan-tan")
    ascending = fan_tan.replace(
        setup=dataclasses.replace(fan_tan.setup, sequence_direction=SequenceDirection.ASCENDING)
    )
    child = tableau.mutate_tableau_mode(ascending, random.Random(0))
    assert child.setup.tableau_mode is not TableauMode.SEQUENCE
    assert child.setup.sequence_direction is SequenceDirection.BOTH


def test_sequence_direction_changes_only_in_sequence_mode() -> None:
    hearts = get_game("hearts")
    assert tableau.mutate_sequence_direction(hearts, random.Random(0)) is hearts
    fan_tan = get_game("fan-tan")
    directions = {
        tableau.mutate_sequence_direction(fan_tan, random.Random(s)).setup.sequence_direction
        for s in range(50)
    }
    assert directions == {SequenceDirection.ASCENDING, SequenceDirection.DESCENDING}


# -------------------------------------------------------------------------------------- spec 003


def test_enabling_teams_for_four_players_gives_one_of_the_three_partitions() -> None:
    hearts = get_game("hearts")
    assert teams.enable_team_mode(hearts, random.Random(7)).teams == ((0, 1), (2, 3))
    seen = set()
    for seed in range(300):
        child = teams.enable_team_mode(hearts, random.Random(seed))
        assert child.team_mode
        seen.add(child.teams)
    assert seen == FOUR_PLAYER_PARTITIONS


def test_enabling_teams_for_six_players_gives_equal_teams() -> None:
    hearts = get_game("hearts")
    six = hearts.replace(player_count=6, setup=dataclasses.replace(hearts.setup, cards_per_player=8))
    sizes = set()
    for seed in range(100):
        child = teams.enable_team_mode(six, random.Random(seed))
        assert validate(child).ok
        sizes.add(tuple(len(team) for team in child.teams))
    assert sizes == {(3, 3), (2, 2, 2)}


def test_enabling_teams_needs_three_players() -> None:
    war = get_game("war")
    assert teams.enable_team_mode(war, random.Random(0)) is war


def test_disabling_teams_clears_them() -> None:
    child = teams.disable_team_mode(get_game("partnership-spades"), random.Random(0))
    assert (child.team_mode, child.teams) == (False, ())


def test_reassigning_teams_swaps_two_players_and_keeps_sizes() -> None:
    spades = get_game("partnership-spades")
    for seed in range(30):
        child = teams.mutate_team_assignment(spades, random.Random(seed))
        assert child.teams in FOUR_PLAYER_PARTITIONS - {spades.teams}


def test_player_count_four_to_three_repairs_the_teams() -> None:
    child = parameters.with_player_count(get_game("partnership-spades"), 3)
    assert (child.player_count, child.team_mode, child.teams) == (3, True, ((0, 2), (1,)))
    assert validate(child).ok


def test_player_count_change_that_leaves_one_team_disables_team_mode() -> None:
    game = get_game("partnership-spades").replace(teams=((0, 1), (2, 3)))
    child = parameters.with_player_count(game, 2)
    assert (child.player_count, child.team_mode, child.teams) == (2, False, ())
    assert validate(child).ok


def test_repair_teams_seats_new_players_in_the_smallest_team() -> None:
    assert repair_teams(((0, 2), (1, 3)), 6) == ((0, 2, 4), (1, 3, 5))
    assert repair_teams(((0, 1, 2), (3,)), 5) == ((0, 1, 2), (3, 4))
    assert repair_teams(((0, 1), (2, 3)), 2) is None


def test_player_count_mutation_stays_in_two_to_six_and_keeps_war_at_two() -> None:
    hearts = get_game("hearts")
    counts = {parameters.mutate_player_count(hearts, random.Random(s)).player_count for s in range(50)}
    assert counts == {3, 5}
    two = get_game("gin-rummy")
    assert {parameters.mutate_player_count(two, random.Random(s)).player_count for s in range(20)} == {3}
    war = get_game("war")
    assert parameters.mutate_player_count(war, random.Random(0)) is war


# -------------------------------------------------------------------------------------- spec 004


def test_add_bidding_inserts_before_the_first_trick_and_adds_default_contract_scoring() -> None:
    child = bidding.add_bidding_phase(get_game("hearts"), random.Random(0))
    passing, trick = get_game("hearts").phases
    assert child.phases == (passing, BiddingPhase(min_bid=1, max_bid=13), trick)
    assert child.contract_scoring == ContractScoring()
    assert validate(child).ok


def test_add_bidding_needs_a_trick_phase_and_no_bidding_yet() -> None:
    for slug in ("crazy-eights", "spades"):
        game = get_game(slug)
        assert bidding.add_bidding_phase(game, random.Random(0)) is game


def test_remove_bidding_removes_the_phase_and_the_scoring() -> None:
    child = bidding.remove_bidding_phase(get_game("spades"), random.Random(0))
    assert child.phases == (get_game("spades").phases[1],)
    assert child.contract_scoring is None


def test_orphaned_contract_scoring_is_cleaned_up() -> None:
    orphan = get_game("hearts").replace(contract_scoring=ContractScoring())
    vetted = vet(orphan)
    assert vetted.genome == get_game("hearts")
    assert vetted.repairs == ("drop_orphan_contract",)
    cleanup = get_operator("CleanupOrphanedResourcesMutation").function
    assert cleanup(orphan, random.Random(0)) == get_game("hearts")


def test_bidding_and_contract_tweaks_stay_in_range() -> None:
    spades = get_game("spades")
    for seed in range(100):
        child = bidding.mutate_bidding_phase(spades, random.Random(seed))
        phase = child.phases[0]
        assert isinstance(phase, BiddingPhase) and isinstance(child.phases[1], TrickPhase)
        assert 0 <= phase.min_bid <= phase.max_bid <= 15
        contract = bidding.mutate_contract_scoring(spades, random.Random(seed)).contract_scoring
        assert contract is not None
        changed = [f for f in vars(contract) if getattr(contract, f) != getattr(ContractScoring(), f)]
        assert len(changed) == 1
        assert contract.bag_limit >= 1


# ---------------------------------------------------------------------------------------- repairs


def _with_setup(genome: GameGenome, **changes: object) -> GameGenome:
    return genome.replace(setup=dataclasses.replace(genome.setup, **changes))


@pytest.mark.parametrize(
    ("broken", "repairs", "check"),
    [
        (
            _with_setup(get_game("hearts"), tableau_mode=TableauMode.WAR),
            ("war_needs_two_players",),
            lambda g: g.setup.tableau_mode is TableauMode.NONE,
        ),
        (
            _with_setup(get_game("draw-poker"), starting_chips=0),
            ("chips_for_betting",),
            lambda g: g.setup.starting_chips == 100,
        ),
        (
            get_game("hearts").replace(win_conditions=(WinCondition(WinType.LOW_SCORE),)),
            ("fill_thresholds",),
            lambda g: g.win_conditions == (WinCondition(WinType.LOW_SCORE, 100),),
        ),
        (
            get_game("hearts").replace(
                turn_structure=dataclasses.replace(
                    get_game("hearts").turn_structure, phases=(*get_game("hearts").phases, BiddingPhase())
                ),
                contract_scoring=ContractScoring(),
            ),
            ("drop_bidding_without_tricks", "drop_orphan_contract"),
            lambda g: g == get_game("hearts"),
        ),
        (
            get_game("hearts").replace(team_mode=True, teams=((0, 1, 2, 3, 4), (5,))),
            ("fix_teams",),
            lambda g: (g.team_mode, g.teams) == (False, ()),  # players 4 and 5 do not exist: one team left
        ),
    ],
    ids=[
        "war-four-players",
        "betting-without-chips",
        "missing-threshold",
        "bidding-after-tricks",
        "bad-teams",
    ],
)
def test_vet_applies_the_documented_repair(
    broken: GameGenome, repairs: tuple[str, ...], check: Callable[[GameGenome], bool]
) -> None:
    assert not validate(broken).ok
    vetted = vet(broken)
    assert vetted.genome is not None
    assert vetted.repairs == repairs
    assert check(vetted.genome)
    assert validate(vetted.genome).ok


# -------------------------------------------------------------------------------------- pipeline


def test_mutate_records_parent_operators_and_a_generated_name() -> None:
    hearts = get_game("hearts")
    child = mutate(hearts, random.Random(3))
    assert isinstance(child, Child)
    # A pin: the name is drawn from the same generator after one draw per registered operator (it
    # changes whenever operators are added: last re-pinned for the four board operators).
    assert child.genome.name == "Restless Meadow"
    assert child.parents == (hearts.identity,)
    assert child.operators == ("AddCardScoringRuleMutation", "MutateWinThresholdMutation")
    assert child.identity == child.genome.identity != hearts.identity
    assert mutate(hearts, random.Random(3)) == child


def test_aggressive_mutation_applies_more_operators() -> None:
    hearts = get_game("hearts")
    normal = sum(len(mutate(hearts, random.Random(s)).operators) for s in range(200))
    aggressive = sum(len(mutate(hearts, random.Random(s), aggressive=True).operators) for s in range(200))
    assert aggressive > 1.5 * normal


def test_an_invalid_result_is_rejected_and_the_parent_kept() -> None:
    broken = Operator("DropAllWins", lambda genome, rng: genome.replace(win_conditions=()), 1.0, 1.0)
    hearts = get_game("hearts")
    step = apply_operator(broken, hearts, random.Random(0))
    assert step.outcome is Outcome.REJECTED
    assert step.genome is hearts
    assert step.errors == ("win_conditions: must have at least one win condition",)


def test_a_repairable_result_is_repaired_and_recorded() -> None:
    oversized = Operator(
        "DealThirty",
        lambda genome, rng: genome.replace(setup=dataclasses.replace(genome.setup, cards_per_player=30)),
        1.0,
        1.0,
    )
    step = apply_operator(oversized, get_game("crazy-eights"), random.Random(0))
    assert step.outcome is Outcome.CHANGED
    assert step.genome.setup.cards_per_player == 12  # (52 cards - 1 to the discard) // 4 players
    assert step.repairs == ("clamp_deal",)


def test_operators_use_only_the_injected_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("module-level random used")

    for name in ("random", "choice", "randint", "randrange", "shuffle", "sample", "uniform"):
        monkeypatch.setattr(random, name, forbidden)
    rng = random.Random(5)
    game = get_game("partnership-spades")
    for operator in OPERATORS.values():
        game = apply_operator(operator, game, rng).genome
    assert validate(game).ok


@settings(max_examples=60, deadline=None)
@given(genome=genomes(), name=st.sampled_from(sorted(OPERATORS)), seed=st.integers(0, 2**32 - 1))
def test_any_operator_on_any_valid_genome_gives_a_valid_genome(
    genome: GameGenome, name: str, seed: int
) -> None:
    step = apply_operator(OPERATORS[name], genome, random.Random(seed))
    assert validate(step.genome).ok


def test_ten_thousand_random_operator_applications_from_the_library_stay_valid() -> None:
    """The issue's property: 500 chains of 20 operators, each chain from a library game."""
    library = list(all_games().values())
    operators = list(OPERATORS.values())
    for chain_seed in range(500):
        rng = random.Random(chain_seed)
        genome = rng.choice(library)
        chain = [genome.name]
        for _ in range(20):
            operator = rng.choice(operators)
            chain.append(operator.name)
            genome = apply_operator(operator, genome, rng).genome
            report = validate(genome)
            assert report.ok, f"seed {chain_seed}, chain {' -> '.join(chain)}:\n{report}"
