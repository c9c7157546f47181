"""Scenario tests of the game rules with forced coins and exact numbers."""

from __future__ import annotations

import itertools

import pytest

from darwindeck.errors import IllegalActionError
from darwindeck.tcg.battle.engine import Battle, new_battle
from darwindeck.tcg.battle.play import play_battle
from darwindeck.tcg.battle.players import GreedyPlayer, RandomPlayer
from darwindeck.tcg.core.actions import Action, ActionKind, encode
from darwindeck.tcg.core.coins import ForcedCoins
from darwindeck.tcg.core.decks import Deck, deck_problems, load_deck, shipped_deck_names, validate_deck
from darwindeck.tcg.core.errors import InvalidDeckError
from darwindeck.tcg.core.models import EnergyType, Phase, Status
from tcg.tcg_scenario import F, G, L, P, R, W, cid, scenario


def attack(index: int = 0, target: int = 0) -> int:
    return encode(Action(ActionKind.ATTACK, index, target))


def play(hand_index: int, target: int = 0) -> int:
    return encode(Action(ActionKind.PLAY, hand_index, target))


END = encode(Action(ActionKind.END_TURN))


def test_weakness_adds_20_to_the_active() -> None:
    battle = scenario(("Charmander", [R]), "Bulbasaur")
    battle.apply_action(attack())
    assert battle.state.players[1].active is not None
    assert battle.state.players[1].active.damage == 50  # 30 + 20 weakness


def test_no_weakness_without_matching_type_and_no_resistance() -> None:
    battle = scenario(("Squirtle", [W]), "Bulbasaur")
    battle.apply_action(attack())
    assert battle.state.players[1].active is not None
    assert battle.state.players[1].active.damage == 20


def test_reduction_applies_after_weakness_and_never_below_zero() -> None:
    battle = scenario(("Pikachu", [L]), ("Mr. Mime", [P, P]))
    battle.manager.register_effect(
        battle.state,
        "damage_reduction",
        "attack",
        battle.state.players[1].active.uid,
        "p1",  # type: ignore[union-attr]
        __import__(
            "darwindeck.tcg.core.active_effects", fromlist=["EffectTrigger"]
        ).EffectTrigger.ON_DAMAGE_CALC,
        __import__("darwindeck.tcg.core.active_effects", fromlist=["EffectScope"]).EffectScope.SELF,
        {"amount": 30},
    )
    battle.apply_action(attack())
    assert battle.state.players[1].active is not None
    assert battle.state.players[1].active.damage == 0  # 20 - 30 -> 0


def test_knockout_gives_one_point_and_two_for_ex() -> None:
    battle = scenario(("Charmander", [R]), ("Bulbasaur", [], 30), bench1=["Rattata"])
    battle.apply_action(attack())
    assert battle.state.players[0].points == 1
    assert battle.state.players[1].discard == [cid("Bulbasaur")]
    assert battle.current_player == 1  # must choose a new Active
    battle.apply_action(encode(Action(ActionKind.PROMOTE, 0)))
    assert battle.state.players[1].active is not None and battle.state.players[1].active.card_id == cid(
        "Rattata"
    )
    assert battle.state.turn == 4 and battle.state.current == 1
    ex = scenario(("Raichu", [L, L, L]), ("Mew ex", [], 0), bench1=["Rattata"])
    ex.apply_action(attack())
    assert ex.state.players[0].points == 2


def test_three_points_win_and_empty_board_loses() -> None:
    battle = scenario(("Charmander", [R]), ("Bulbasaur", [], 30), bench1=["Ralts"])
    battle.state.players[0].points = 2
    battle.apply_action(attack())
    assert (
        battle.state.phase is Phase.OVER and battle.state.winner == 0 and battle.state.end_reason == "points"
    )
    alone = scenario(("Charmander", [R]), ("Bulbasaur", [], 30))
    alone.apply_action(attack())
    assert alone.state.winner == 0 and alone.state.end_reason == "no Pokémon left"
    assert alone.state.players[0].points == 1


# Both players winning at once, Pokémon TCG Pocket: "Reach 3 Points at the Same Time" and "Lose All
# Pokemon on the Field Simultaneously" are draws (https://gamewith.net/pokemon-tcg-pocket/48611); when
# both Actives are knocked out and both reach 3 points, a player who still has a Benched Pokémon wins
# (https://www.dexerto.com/pokemon/pokemon-tcg-pocket-players-discover-unfair-rules-for-tying-games-3015305/).
# The engine counts win conditions met (3 points; opponent has no Pokémon): more wins, as many draws.


def test_both_reaching_three_with_empty_benches_is_a_draw() -> None:
    """Both Rattata (40 HP, 30 damage, Poisoned) take 10 at the checkup: 30 + 10 = 40 knocks both out.
    Each player: 2 + 1 = 3 points and the opponent has no Pokémon: 2 conditions each -> a draw
    (gamewith.net/pokemon-tcg-pocket/48611: "Reach 3 Points at the Same Time")."""
    battle = scenario(("Rattata", [], 30), ("Rattata", [], 30))
    for player in battle.state.players:
        player.points = 2
        player.active.statuses = [Status.POISONED]  # type: ignore[union-attr]
    battle.apply_action(END)
    assert [p.points for p in battle.state.players] == [3, 3]
    assert battle.state.is_draw and battle.state.end_reason == "both players won at once"


def test_both_reaching_three_the_one_with_a_bench_wins() -> None:
    """As above, but player 1 has a Benched Rattata: player 0 meets 1 condition (3 points), player 1
    meets 2 (3 points, player 0 has no Pokémon) -> player 1 wins (dexerto.com, "Pokemon TCG Pocket draws
    depend on the Bench")."""
    battle = scenario(("Rattata", [], 30), ("Rattata", [], 30), bench1=["Rattata"])
    for player in battle.state.players:
        player.points = 2
        player.active.statuses = [Status.POISONED]  # type: ignore[union-attr]
    battle.apply_action(END)
    assert [p.points for p in battle.state.players] == [3, 3]
    assert battle.state.winner == 1
    assert battle.state.end_reason == "more win conditions: points and no Pokémon left"


def test_recoil_knocking_out_both_last_pokemon() -> None:
    """Heat Tackle (Arcanine, 130 HP, 110 damage): 100 damage, "This Pokémon also does 20 damage to
    itself." Rattata (40 HP) is knocked out and Arcanine too (110 + 20 = 130). Each player scores 1 and
    loses their last Pokémon: 1 condition each -> a draw ("Lose All Pokemon on the Field
    Simultaneously", gamewith.net/pokemon-tcg-pocket/48611). With player 0 at 2 points before, 2 + 1 = 3:
    2 conditions against 1 -> player 0 wins."""
    battle = scenario(("Arcanine", [R, R, R], 110), "Rattata")
    battle.apply_action(attack())
    assert [p.points for p in battle.state.players] == [1, 1]
    assert battle.state.is_draw and battle.state.end_reason == "both players won at once"
    ahead = scenario(("Arcanine", [R, R, R], 110), "Rattata")
    ahead.state.players[0].points = 2
    ahead.apply_action(attack())
    assert ahead.state.winner == 0
    assert ahead.state.end_reason == "more win conditions: points and no Pokémon left"


def test_checkup_poison_burn_sleep_paralysis() -> None:
    battle = scenario("Bulbasaur", "Squirtle", coins=[False, False])
    me, them = battle.state.players[0].active, battle.state.players[1].active
    assert me is not None and them is not None
    me.statuses = [Status.POISONED, Status.PARALYZED]
    them.statuses = [Status.BURNED, Status.ASLEEP]
    battle.apply_action(END)
    assert me.damage == 10 and me.statuses == [Status.POISONED]  # paralysis ends after its owner's turn
    assert them.damage == 20 and them.statuses == [Status.BURNED, Status.ASLEEP]  # tails, tails
    battle = scenario("Bulbasaur", "Squirtle", coins=[True, True])
    them = battle.state.players[1].active
    assert them is not None
    them.statuses = [
        Status.BURNED,
        Status.ASLEEP,
    ]
    battle.apply_action(END)
    assert them.damage == 20 and them.statuses == []


def test_paralysis_on_opponent_lasts_through_their_turn() -> None:
    battle = scenario("Bulbasaur", ("Squirtle", [W]))
    them = battle.state.players[1].active
    assert them is not None
    them.statuses = [Status.PARALYZED]
    battle.apply_action(END)
    assert them.statuses == [Status.PARALYZED]
    assert attack() not in battle.legal_actions()
    battle.apply_action(END)
    assert them.statuses == []


def test_confusion_tails_fails_the_attack() -> None:
    battle = scenario(("Charmander", [R]), "Bulbasaur", coins=[False])
    battle.state.players[0].active.statuses = [Status.CONFUSED]  # type: ignore[union-attr]
    battle.apply_action(attack())
    assert battle.state.players[1].active.damage == 0  # type: ignore[union-attr]
    assert battle.state.turn == 4


def test_exclusive_statuses_replace_each_other_and_retreat_cures() -> None:
    from darwindeck.tcg.rules.pipelines import apply_status

    battle = scenario(("Bulbasaur", [G]), "Squirtle", bench0=["Rattata"])
    me = battle.state.players[0].active
    assert me is not None
    for status in (Status.POISONED, Status.ASLEEP, Status.CONFUSED, Status.BURNED):
        apply_status(battle, me, status, from_attack=True)
    assert me.statuses == [Status.POISONED, Status.CONFUSED, Status.BURNED]
    battle.apply_action(encode(Action(ActionKind.RETREAT, 0)))
    assert me.statuses == [] and me.energy == [] and battle.state.players[0].bench[0] is me


def test_asleep_cannot_retreat_or_attack() -> None:
    battle = scenario(("Bulbasaur", [G, G]), "Squirtle", bench0=["Rattata"])
    battle.state.players[0].active.statuses = [Status.ASLEEP]  # type: ignore[union-attr]
    assert battle.legal_actions() == [END]


def test_energy_attach_once_per_turn_and_lost_at_turn_end() -> None:
    battle = scenario("Bulbasaur", "Squirtle", bench0=["Rattata"], energy0=G)
    attach_active = encode(Action(ActionKind.ATTACH, 0))
    battle.apply_action(attach_active)
    assert battle.state.players[0].active.energy == [G]  # type: ignore[union-attr]
    assert attach_active not in battle.legal_actions()
    unused = scenario("Bulbasaur", "Squirtle", energy0=G)
    unused.apply_action(END)
    assert unused.state.players[0].energy_available is None


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    battle = scenario("Bulbasaur", "Squirtle")
    before = battle.state.model_dump_json()
    with pytest.raises(IllegalActionError):
        battle.apply_action(attack())  # no energy
    with pytest.raises(IllegalActionError):
        battle.apply_action(10_000)
    assert battle.state.model_dump_json() == before


def test_evolution_rules() -> None:
    early = scenario("Bulbasaur", "Squirtle", hand0=["Ivysaur"], turn=2)
    assert play(0, 0) not in early.legal_actions()
    battle = scenario(("Bulbasaur", [G], 20), ("Squirtle", [], 0), hand0=["Ivysaur", "Bulbasaur"])
    battle.state.players[0].active.statuses = [Status.POISONED]  # type: ignore[union-attr]
    battle.apply_action(play(1))  # Bulbasaur to the Bench, played this turn
    assert play(0, 1) not in battle.legal_actions()
    battle.apply_action(play(0, 0))
    evolved = battle.state.players[0].active
    assert evolved is not None and evolved.card_id == cid("Ivysaur")
    assert (evolved.damage, evolved.energy, evolved.statuses, evolved.stack) == (
        20,
        [G],
        [],
        [cid("Bulbasaur")],
    )


def test_supporter_once_per_turn() -> None:
    battle = scenario(("Bulbasaur", [], 60), "Squirtle", hand0=["Erika", "Erika"])
    battle.apply_action(play(0, 0))
    assert battle.state.players[0].active.damage == 10  # type: ignore[union-attr]
    assert [a for a in battle.legal_actions() if a >= 80] == []


def test_turn_limit_is_a_draw() -> None:
    battle = scenario("Bulbasaur", "Squirtle", turn=30)
    battle.apply_action(END)
    assert battle.state.is_draw and battle.state.end_reason == "turn limit"


def test_energy_zone_first_turn_and_setup() -> None:
    deck = load_deck("grass-serperior-celebi")
    battle = new_battle(deck, deck, seed=3, coins=ForcedCoins([]), first_player=0)
    for index in range(2):
        player = battle.state.players[index]
        assert len(player.hand) == 5 and any(battle.card(c).is_basic_pokemon for c in player.hand)
    while battle.state.phase is Phase.SETUP:
        battle.apply_action(
            min(battle.legal_actions())
            if battle.state.players[battle.state.current].active
            else max(a for a in battle.legal_actions() if 12 <= a < 22)
        )
    first = battle.state.players[0]
    assert battle.state.turn == 1 and first.energy_available is None and first.energy_next is EnergyType.GRASS
    assert len(first.hand) == 5 - 1 - len(first.bench) + 1  # opening hand - placed + turn-1 draw
    battle.apply_action(END)
    assert battle.state.players[1].energy_available is EnergyType.GRASS


def test_deck_problems_are_all_listed() -> None:
    bad = Deck("bad", tuple([cid("Erika")] * 3 + ["zz-999"]), ())
    problems = deck_problems(bad)
    assert problems == [
        "has 4 cards, needs exactly 20",
        "unknown card id 'zz-999'",
        "has 3 cards named 'Erika', at most 2 allowed",
        "has no Basic Pokémon",
        "declares 0 energy types, needs 1 to 3",
    ]
    with pytest.raises(InvalidDeckError, match="5 problem"):
        validate_deck(bad)


def test_fossil_plays_as_basic_and_cannot_retreat() -> None:
    battle = scenario(("Bulbasaur", [G, G]), "Squirtle", hand0=["Old Amber"], turn=3)
    battle.apply_action(play(0))
    fossil = battle.state.players[0].bench[0]
    assert fossil.card_id == cid("Old Amber") and battle.card(fossil.card_id).hp == 40
    battle.apply_action(encode(Action(ActionKind.RETREAT, 0)))
    assert battle.state.players[0].active is fossil
    assert not any(5 <= a < 8 for a in battle.legal_actions())
    assert F.value == "fighting"


def test_colorless_and_dragon_cannot_be_in_the_energy_zone() -> None:
    # The Energy Zone holds the eight basic types; colorless and dragon are only costs and Pokémon types.
    deck = load_deck("grass-serperior-celebi")
    dragon = Deck("dragon", deck.cards, (EnergyType.GRASS, EnergyType.DRAGON))
    assert deck_problems(dragon) == [
        "energy type dragon cannot be in the Energy Zone (only grass, fire, water, lightning, psychic, "
        "fighting, darkness, metal)"
    ]
    colorless = Deck("colorless", deck.cards, (EnergyType.COLORLESS,))
    assert [p.split(" (")[0] for p in deck_problems(colorless)] == [
        "energy type colorless cannot be in the Energy Zone"
    ]
    assert deck_problems(deck) == []


def test_a_deck_of_colorless_costs_gets_a_basic_zone_type() -> None:
    # Every attack of 20 Rattata-line cards costs Colorless: the zone takes their Pokémon type, not
    # "colorless"; Rattata is a Colorless Pokémon too, so the fallback is grass.
    from darwindeck.tcg.core.decks import derive_energy_types

    assert derive_energy_types([cid("Rattata")] * 20) == (EnergyType.GRASS,)
    assert derive_energy_types([cid("Bulbasaur")] * 2) == (EnergyType.GRASS,)
    assert derive_energy_types([cid("Charmander")] * 2) == (EnergyType.FIRE,)


def test_legal_actions_are_strictly_increasing_codes() -> None:
    # ``Battle.legal_actions`` only sorts: every code is listed once by construction.
    names = shipped_deck_names()
    for game, (first, second) in enumerate(itertools.product(names, names)):

        def check(battle: Battle) -> None:
            actions = battle.legal_actions()
            assert all(a < b for a, b in itertools.pairwise(actions)), actions

        play_battle(load_deck(first), load_deck(second), [RandomPlayer(game), GreedyPlayer()], game, check)
