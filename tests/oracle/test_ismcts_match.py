"""The match against OpenSpiel's ISMCTS (``benchmarks.ismcts``): the lock-step harness keeps both engines
in agreement through whole deals of the three games, our resamplers keep what the seat has seen and hide
what it has not, and the results are summed and summarized as the module docstring states.

The deals are played with tiny budgets (MCTS-5 against 5 simulations): the harness's own checks (who
acts, OpenSpiel's legal moves among ours, the final score equal in both engines) are what is tested, not
who wins.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

from benchmarks import ismcts  # noqa: E402  (needs pyspiel)

SEED = 3
HEARTS_POINTS = 26  # 13 hearts at 1 and the queen of spades at 13


def test_a_hearts_deal_is_played_twice_in_agreement_with_seats_swapped() -> None:
    result = ismcts.play_deal("hearts", SEED, 0, iterations=5, simulations=5)
    first, second = result.replays
    assert first["our_seats"] == (0, 2) and second["our_seats"] == (1, 3)
    for replay in result.replays:
        # Every hand hands out 26 penalty points, or 78 when one seat shoots the moon.
        assert sum(replay["points"]) in (HEARTS_POINTS, 3 * HEARTS_POINTS)
        assert replay["our_searched"] > 0 and replay["their_searched"] > 0
    theirs = sum(p for r in result.replays for s, p in enumerate(r["points"]) if s not in r["our_seats"])
    ours = sum(p for r in result.replays for s, p in enumerate(r["points"]) if s in r["our_seats"])
    assert result.difference == theirs - ours


@pytest.mark.parametrize("key", ["spades", "euchre"])
def test_a_partnership_deal_is_played_twice_in_agreement(key: str) -> None:
    result = ismcts.play_deal(key, SEED, 0, iterations=5, simulations=5)
    total = 0
    for replay in result.replays:
        ours = replay["points"][replay["our_seats"][0] % 2]
        theirs = replay["points"][1 - replay["our_seats"][0] % 2]
        total += ours - theirs
        assert replay["our_searched"] > 0 and replay["their_searched"] > 0
        if key == "euchre":
            # One side scores 1 or 2 (makers) or 2 (a euchre); a hand thrown in scores nothing.
            assert sorted(replay["points"]) in ([0, 0], [0, 1], [0, 2])
    assert result.difference == total


def test_the_paired_difference_counts_hearts_points_against_their_taker() -> None:
    # Replay 1: we (N, S) take 5 + 13 = 18, they 8 + 0; replay 2: we (E, W) take 3 + 13 = 16, they 10.
    replays = [
        ismcts.Replay((0, 2), [5, 8, 13, 0]),
        ismcts.Replay((1, 3), [10, 3, 0, 13]),
    ]
    assert ismcts.paired_difference("hearts", replays) == (8 - 18) + (10 - 16)
    # Spades: partnership scores; we are partnership 0 in replay 1 and partnership 1 in replay 2.
    spades = [ismcts.Replay((0, 2), [72, -40]), ismcts.Replay((1, 3), [51, 60])]
    assert ismcts.paired_difference("spades", spades) == (72 - -40) + (60 - 51)


def test_a_moon_shot_is_one_seat_with_nothing_and_the_others_with_26() -> None:
    assert ismcts.moon_shooter([26, 26, 0, 26]) == 2
    assert ismcts.moon_shooter([0, 13, 13, 0]) == -1
    assert ismcts.moon_shooter([0, 26, 0, 0]) == -1


def test_the_summary_has_the_mean_t_interval_and_shares() -> None:
    # D = 2, -1, 5: mean 2, sample deviation 3, t(0.975, 2 df) = 4.3027 (tables), half 4.3027 * 3 / √3.
    records = [
        {"difference": d, "moons_ours": 0, "moons_theirs": m, "replays": []}
        for d, m in ((2, 0), (-1, 1), (5, 0))
    ]
    summary = ismcts.summarize("hearts", records)
    assert "| hearts | 3 | +2.00 | -5.45 … +9.45 | +2 | 67% / 33% / 0% |" in summary
    assert summary.endswith("Hearts moon shots in 6 hands: ours 0, theirs 1.")


def spades_position(seed: int) -> tuple[pyspiel.State, int, int]:
    """A Spades hand played at random until a seat other than the one to act has failed to follow suit:
    the state, that seat and the suit (OpenSpiel's ``card // 13``) it is void in."""
    rng = random.Random(seed)
    state = pyspiel.load_game("spades").new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    trick: list[tuple[int, int]] = []
    while not state.is_terminal():
        seat, action = state.current_player(), rng.choice(state.legal_actions())
        state.apply_action(action)
        if action >= ismcts.SPADES_FIRST_BID:
            continue
        if trick and action // 13 != trick[0][1] // 13 and state.current_player() != seat:
            return state, seat, trick[0][1] // 13
        trick = [] if len(trick) == 3 else [*trick, (seat, action)]
    raise AssertionError("no void shown")


def test_the_spades_resampler_keeps_the_seen_and_respects_voids() -> None:
    state, void_seat, void_suit = spades_position(SEED)
    player = state.current_player()
    history = state.history()
    worlds = random.Random(SEED)
    other_hands = set()
    for _ in range(30):
        world = ismcts.resample_spades(state, player, worlds)
        world_history = world.history()
        assert world_history[player:52:4] == history[player:52:4]  # the seat's own hand
        assert world_history[52:] == history[52:]  # every bid and card played, in order
        assert world.observation_string() == state.observation_string()
        held = set(world_history[void_seat:52:4]) - set(world_history[52:])
        assert all(card // 13 != void_suit for card in held)
        other_hands.add(tuple(sorted(held)))
    assert len(other_hands) > 1  # hidden cards are sampled, not copied


def test_the_hearts_pass_resampler_does_not_replay_the_real_passes() -> None:
    rng = random.Random(SEED)
    state = pyspiel.load_game("hearts", {"qs_breaks_hearts": False}).new_initial_state()
    state.apply_action(ismcts.HEARTS_PASS_LEFT)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    for _ in range(6):  # North and East pass three cards each; South is to pass
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 2
    worlds = random.Random(SEED)
    seen_north_passes = set()
    for _ in range(30):
        world = ismcts.resample_hearts_pass(state, 2, worlds)
        assert world.information_state_string(2) == state.information_state_string(2)
        assert world.history()[3:53:4] == state.history()[3:53:4]  # South's own cards
        seen_north_passes.add(frozenset(world.history()[53:56]))
    # OpenSpiel's resampler replays North's real passes; ours draws them from North's sampled hand.
    assert len(seen_north_passes) > 1
