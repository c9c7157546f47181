"""ActiveEffectsManager: ids, stacking, removal, expiry, queries, combined values."""

from __future__ import annotations

import dataclasses

from darwindeck.tcg.core.active_effects import (
    ActiveEffect,
    EffectScope,
    EffectTrigger,
    StackingMode,
)
from darwindeck.tcg.core.active_effects_manager import ActiveEffectsManager
from darwindeck.tcg.core.models import CardInstance, GameState, PlayerState

M = ActiveEffectsManager()


def _game() -> GameState:
    game = GameState(turn=5)
    for index in range(2):
        game.players.append(PlayerState(index=index))
    game.players[0].active = CardInstance(uid="a0", card_id="x")
    game.players[0].bench = [CardInstance(uid="b0", card_id="x")]
    game.players[1].active = CardInstance(uid="a1", card_id="x")
    return game


def _add(game: GameState, **kw: object) -> ActiveEffect | None:
    args: dict[str, object] = dict(
        effect_type="damage_reduction",
        source_type="ability",
        source_card_id="a0",
        source_player_id="p0",
        trigger=EffectTrigger.ON_DAMAGE_CALC,
        scope=EffectScope.SELF,
        params={"amount": 10},
    )
    args.update(kw)
    return M.register_effect(game, **args)  # type: ignore[arg-type]


def test_enums_have_the_seed_values() -> None:
    assert [t.value for t in EffectTrigger] == [
        "continuous",
        "on_damage_calc",
        "on_energy_count",
        "on_retreat_calc",
        "on_status_apply",
        "on_turn_start",
        "on_turn_end",
        "on_attack",
        "on_knockout",
    ]
    assert [s.value for s in EffectScope] == [
        "self",
        "team_active",
        "team_bench",
        "team_all",
        "opponent_active",
        "opponent_bench",
        "opponent_all",
        "all_pokemon",
        "global",
    ]
    assert [m.value for m in StackingMode] == ["additive", "max_only", "min_only", "no_stack"]
    assert {f.name for f in dataclasses.fields(ActiveEffect)} == {
        "id",
        "effect_type",
        "source_type",
        "source_card_id",
        "source_player_id",
        "trigger",
        "scope",
        "stacking_mode",
        "stacking_key",
        "params",
        "duration",
        "expires_turn",
        "suppressed",
    }


def test_register_gives_unique_ids_and_expiry_turn() -> None:
    game = _game()
    first, second = _add(game), _add(game, duration=1)
    assert first is not None and second is not None
    assert (first.id, second.id) == ("eff-0", "eff-1")
    assert (first.expires_turn, second.expires_turn) == (None, 6)


def test_no_stack_refuses_a_second_instance() -> None:
    game = _game()
    assert _add(game, stacking_mode=StackingMode.NO_STACK, stacking_key="k") is not None
    assert _add(game, stacking_mode=StackingMode.NO_STACK, stacking_key="k", source_card_id="b0") is None
    assert len(game.active_effects) == 1


def test_remove_by_source_counts() -> None:
    game = _game()
    _add(game)
    _add(game)
    _add(game, source_card_id="b0")
    assert M.remove_effects_by_source(game, "a0") == 2
    assert [e.source_card_id for e in game.active_effects] == ["b0"]


def test_duration_one_lasts_exactly_through_the_next_turn() -> None:
    game = _game()
    _add(game, duration=1)
    assert M.remove_expired_effects(game) == 0  # end of turn 5
    game.turn = 6
    assert M.remove_expired_effects(game, at_turn_end=False) == 0
    assert len(M.query_effects(game, affecting_card_id="a0")) == 1
    assert M.remove_expired_effects(game) == 1  # end of turn 6


def test_query_filters() -> None:
    game = _game()
    _add(game)
    _add(
        game, effect_type="block_supporters", scope=EffectScope.OPPONENT_ALL, trigger=EffectTrigger.CONTINUOUS
    )
    _add(game, effect_type="damage_boost", scope=EffectScope.TEAM_BENCH)
    suppressed = _add(game, effect_type="energy_multiplier", scope=EffectScope.TEAM_ALL)
    assert suppressed is not None
    suppressed.suppressed = True
    assert [e.effect_type for e in M.query_effects(game, affecting_player_id="p1")] == ["block_supporters"]
    assert [e.effect_type for e in M.query_effects(game, affecting_card_id="b0")] == ["damage_boost"]
    assert [e.effect_type for e in M.query_effects(game, trigger=EffectTrigger.CONTINUOUS)] == [
        "block_supporters"
    ]
    assert len(M.query_effects(game, affecting_card_id="b0", include_suppressed=True)) == 2
    assert M.query_effects(game, effect_type="damage_reduction", affecting_card_id="a1") == []


def test_requires_active_and_target_card() -> None:
    game = _game()
    _add(game, source_card_id="b0", scope=EffectScope.OPPONENT_ALL, params={"requires_active": True})
    assert M.query_effects(game, affecting_card_id="a1") == []
    _add(game, scope=EffectScope.OPPONENT_ALL, params={"target_card_id": "a1"})
    assert len(M.query_effects(game, affecting_card_id="a1")) == 1


def test_combined_values_per_stacking_mode() -> None:
    game = _game()
    a = [_add(game, params={"amount": v}) for v in (10, 20)]
    mx = [
        _add(game, params={"amount": v}, stacking_mode=StackingMode.MAX_ONLY, stacking_key="m")
        for v in (5, 30)
    ]
    mn = [
        _add(game, params={"amount": v}, stacking_mode=StackingMode.MIN_ONLY, stacking_key="n")
        for v in (7, 3)
    ]
    ns = _add(game, params={"amount": 40}, stacking_mode=StackingMode.NO_STACK, stacking_key="s")
    effects = [e for e in [*a, *mx, *mn, ns] if e is not None]
    assert M.get_combined_value(effects[:2], "amount") == 30
    assert M.get_combined_value(effects[2:4], "amount", 1) == 31
    assert M.get_combined_value(effects[4:6], "amount") == 3
    assert M.get_combined_value(effects, "amount") == 30 + 30 + 3 + 40
