"""A pass cycle's later directions: kept where the game plays them, stripped where it never can.

Hearts passes left, right, across and holds on hands 1, 2, 3 and 4 (``engine.passing``: hand h passes
``directions[(h − 1) mod 4]``), and is played to 100 over many hands: its cycle is live. The variants
below change only the win conditions (or the table), so the hands each can reach follow from the rules.
"""

from __future__ import annotations

import dataclasses

from darwindeck.evolve.mutations._edit import replaced_at, with_phases
from darwindeck.evolve.quality.ablation import (
    ablate,
    ablation_rules,
    removable_rules,
    replay_digests,
    replays_identically,
    static_dead,
)
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import PassDirection, PassPhase
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.rulebook import render_markdown
from darwindeck.rulebook.statements import most_hands

LEFT, RIGHT, ACROSS, HOLD = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD
HEARTS = get_game("hearts")


def _hearts_won_by(*wins: WinCondition) -> GameGenome:
    return HEARTS.replace(win_conditions=wins)


def _with_cycle(genome: GameGenome, *directions: PassDirection) -> GameGenome:
    phase = genome.phases[0]
    assert isinstance(phase, PassPhase)
    cycled = dataclasses.replace(phase, directions=directions)
    return with_phases(genome, replaced_at(genome.phases, 0, cycled))


def _cycle(genome: GameGenome) -> tuple[PassDirection, ...]:
    phase = genome.phases[0]
    assert isinstance(phase, PassPhase)
    return phase.directions


def _pass_sentences(genome: GameGenome) -> list[str]:
    lines = [line.removeprefix("- ") for line in render_markdown(genome).splitlines()]
    return [line for line in lines if line.startswith(("Hand 1 ", "Every hand ", "Everyone "))]


def test_hearts_keeps_its_four_hand_cycle() -> None:
    # Hearts to 100: nothing bounds its hands, every direction differs at 4 players (1, 3, 2 seats, hold),
    # and the seeded games reach hand 2 (cut to "left only" differs) and hand 4 (without the hold differs).
    assert most_hands(HEARTS) is None
    assert static_dead(HEARTS) == []
    baseline = replay_digests(HEARTS, 0)
    cycle_rules = [rule for rule in ablation_rules(HEARTS) if rule.kind == "pass cycle"]
    assert [_cycle(rule.without) for rule in cycle_rules] == [(LEFT,), (LEFT, RIGHT, ACROSS)]
    assert not any(replays_identically(rule.without, 0, baseline) for rule in cycle_rules)
    assert _cycle(ablate(HEARTS, 0).live) == (LEFT, RIGHT, ACROSS, HOLD)
    # A dead-only simplification, not a removable rule: the idle test's rules are Hearts' four as before.
    assert not any(rule.kind == "pass cycle" for rule in removable_rules(HEARTS))


def test_no_library_classic_holds_a_static_dead_pass_rule() -> None:
    # The library's pass phases: Hearts and Omnibus Hearts (to 100, four directions), Black Maria (one).
    for name, genome in all_games().items():
        assert not [rule.text for rule, _ in static_dead(genome) if "pass" in rule.text], name


def test_a_one_hand_hearts_passes_left_only_and_says_so() -> None:
    # Crimson Jester's win conditions (the hearts run of 2026-11-28): lowest at 100, or the highest score
    # when every hand is empty. 13 cards are dealt, a hand is 13 tricks and nothing but tricks takes a
    # card from a hand, so every hand ends with every hand empty: all_hands_empty is met at the first
    # hand's end and hand 2 is never dealt. Only "left" is used: statically dead, exact.
    one_hand = _hearts_won_by(WinCondition(WinType.LOW_SCORE, 100), WinCondition(WinType.ALL_HANDS_EMPTY))
    assert most_hands(one_hand) == (1, WinCondition(WinType.ALL_HANDS_EMPTY))
    found = [(rule.text, reason) for rule, reason in static_dead(one_hand)]
    assert found[0] == (
        "pass cycle left, right, across, hold in phase 1 → left only",
        "static: all_hands_empty ends the game when its first hand ends: one direction is used",
    )
    live = ablate(one_hand, 0).live
    assert _cycle(live) == (LEFT,)
    assert replay_digests(live, 0) == replay_digests(one_hand, 0)
    # the rulebook names only the direction of the one hand the game deals, with the cycle or without
    assert _pass_sentences(one_hand) == ["Everyone passes to the left (the next player in seat order)."]
    assert _pass_sentences(live) == ["Everyone passes to the left (the next player in seat order)."]


def test_a_game_won_by_the_first_point_drops_its_cycle_by_replay() -> None:
    # First to 1 point: judged after every action. Every hand's 13 hearts are taken, and the first trick
    # that takes a point gives points to its winner alone, so the game ends in hand 1. Not known
    # statically (a score target), so the replay finds it: all 72 games play as before with "left" only.
    first_point = _hearts_won_by(WinCondition(WinType.FIRST_TO_SCORE, 1))
    assert most_hands(first_point) is None
    assert not [rule for rule, _ in static_dead(first_point) if rule.kind == "pass cycle"]
    ablation = ablate(first_point, 0)
    cycle = [(dead.text, dead.reason) for dead in ablation.dead if dead.kind == "pass cycle"]
    assert cycle == [
        ("pass cycle left, right, across, hold in phase 1 → left only", "replay: 72 games unchanged")
    ]
    assert _cycle(ablation.live) == (LEFT,)


def test_a_game_of_three_hands_never_holds() -> None:
    # hands_played 3: the game ends when hand 3 ends. Hands 1–3 pass left, right, across; the hold hand
    # (hand 4) is never dealt, so the cycle without it is the same game; "left only" is not (hand 2).
    three = _hearts_won_by(WinCondition(WinType.HANDS_PLAYED, 3))
    assert most_hands(three) == (3, WinCondition(WinType.HANDS_PLAYED, 3))
    found = {rule.text: reason for rule, reason in static_dead(three) if rule.kind == "pass cycle"}
    assert found == {
        "hold hands of the pass cycle left, right, across, hold in phase 1": (
            "static: hands_played ends the game within 3 hands, which pass as before"
        )
    }
    without_hold = next(rule.without for rule, _ in static_dead(three) if rule.kind == "pass cycle")
    assert _cycle(without_hold) == (LEFT, RIGHT, ACROSS)
    assert replay_digests(without_hold, 0) == replay_digests(three, 0)


def test_a_cycle_that_passes_to_one_seat_collapses() -> None:
    # At two players left, right and across all pass to the opponent (1 seat): one direction is the cycle.
    two = _with_cycle(HEARTS.replace(player_count=2), LEFT, RIGHT, ACROSS)
    found = [(rule.text, reason) for rule, reason in static_dead(two) if rule.kind == "pass cycle"]
    assert found == [
        (
            "pass cycle left, right, across in phase 1 → left only",
            "static: at 2 players every hand passes to the same seat as before",
        )
    ]
    assert _cycle(ablate(two, 0).live) == (LEFT,)
    assert _pass_sentences(two) == ["Every hand passes to your opponent."]
    # A cycle of one direction written three times, at four players: the same seat every hand.
    thrice = _with_cycle(HEARTS, LEFT, LEFT, LEFT)
    found = [(rule.text, reason) for rule, reason in static_dead(thrice) if rule.kind == "pass cycle"]
    assert found == [
        (
            "pass cycle left, left, left in phase 1 → left only",
            "static: at 4 players every hand passes to the same seat as before",
        )
    ]


def test_a_pass_phase_that_only_holds_goes() -> None:
    # A one-hand game whose cycle starts with the hold: hand 1 holds, nobody ever passes, and the phase
    # that is left ("hold" only) moves no card and asks nothing: it is stripped, and the games are the same.
    one_hand = _with_cycle(_hearts_won_by(WinCondition(WinType.MOST_TRICKS)), HOLD, LEFT, RIGHT, ACROSS)
    ablation = ablate(one_hand, 0)
    # (Its card scoring is live although no win reads scores: the clean first trick reads it.)
    assert [(dead.kind, dead.reason) for dead in ablation.dead if dead.kind in ("pass cycle", "phase")] == [
        ("pass cycle", "static: most_tricks ends the game when its first hand ends: one direction is used"),
        ("phase", "static: every hand of this pass phase is a hold hand: nobody ever passes"),
    ]
    assert not any(isinstance(phase, PassPhase) for phase in ablation.live.phases)
    assert replay_digests(ablation.live, 0) == replay_digests(one_hand, 0)
