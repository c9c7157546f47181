"""Dead rules: the recorded experiment's dead rules found and stripped; live rules kept."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from darwindeck.agents import batch as B
from darwindeck.engine import layout as L
from darwindeck.evolve.fitness import live_form
from darwindeck.evolve.mutations._edit import with_phases
from darwindeck.evolve.quality.ablation import (
    ablate,
    removable_rules,
    replay_baseline,
    replay_digests,
    replays_identically,
    static_dead,
)
from darwindeck.evolve.quality.play import GREEDY, play
from darwindeck.genome.identity import genome_identity
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome, WinCondition, WinType
from darwindeck.genome.serialization import load_genome

EXPERIMENT = Path(__file__).parents[3] / "docs" / "experiments" / "2026-11-balanced-seed-2026"


def _recorded(stem: str) -> GameGenome:
    return load_genome(EXPERIMENT / f"{stem}.json")


def test_gilded_harbors_three_dead_rules_are_stripped() -> None:
    # docs/experiments/2026-11-balanced-seed-2026.md: the first-to-12 win can never happen, the spade
    # scoring never matters, the match-rank tableau never fires (plays go to the discard pile).
    genome = _recorded("01-b2ae9e15afc8")
    ablation = ablate(genome, 0)
    assert {(dead.kind, dead.text) for dead in ablation.dead} == {
        ("win condition", "first_to_score 12"),
        ("card scoring", "-4 per card on hand_end"),
        ("tableau mode", "match_rank"),
    }
    live = ablation.live
    assert [w.type for w in live.win_conditions] == [WinType.EMPTY_HAND]
    assert live.scoring.card_rules == ()
    assert live.setup.tableau_mode.value == "none"
    # Its special effects are live: they change the games.
    assert live.special_effects == genome.special_effects


def test_the_three_copies_of_the_recorded_run_are_one_game() -> None:
    # Midnight Quarry and Umber Bazaar differ from Gilded Harbor only in the dead scoring rule.
    stems = ("01-b2ae9e15afc8", "02-c23550073f62", "03-dd116fdcd168")
    forms = [live_form(_recorded(stem))[0] for stem in stems]
    identities = {genome_identity(form.replace(name="", description="")) for form in forms}
    assert len(identities) == 1


def test_static_checks_are_exact() -> None:
    # Brass Spire's card scoring: no win condition and no condition reads scores.
    found = static_dead(_recorded("04-c00145caa401"))
    assert [(rule.kind, reason) for rule, reason in found][:1] == [
        ("card scoring", "static: no win condition or condition reads scores")
    ]


@pytest.mark.parametrize("name", ["hearts", "crazy-eights", "uno-style", "old-maid", "draw-poker"])
def test_library_rules_that_matter_are_kept(name: str) -> None:
    genome = get_game(name)
    assert ablate(genome, 0).dead == ()
    assert removable_rules(genome)


def test_a_rule_the_repair_puts_back_is_not_removable() -> None:
    # Euchre's trump phase needs the turned-up card: without it the repair turns one up again, so
    # "removing" it changes nothing and must not be offered (it would be stripped again for ever).
    euchre = get_game("euchre")
    paths = [rule.path for rule in removable_rules(euchre)]
    assert "setup.initial_discard_count" not in paths
    assert all(rule.without != euchre for rule in removable_rules(euchre))
    live = ablate(euchre, 0).live
    assert live.setup.initial_discard_count == 1
    assert live.team_mode


def test_a_trump_repeated_in_the_trick_phase_is_dead() -> None:
    # Spades declares spades trumps in its setup and again in its trick phase: one of them is redundant.
    dead = ablate(get_game("spades"), 0).dead
    assert [d.kind for d in dead] == ["phase option"]


def test_a_chunked_replay_agrees_with_the_full_one() -> None:
    genome = get_game("uno-style")
    base = replay_baseline(genome, 0)
    baseline = base.digests
    assert base.is_game and baseline == replay_digests(genome, 0)  # the chunked baseline is the whole one
    assert replays_identically(genome, 0, baseline)
    assert replays_identically(genome, 0, baseline, base.caps)
    for rule in removable_rules(genome):
        full = replay_digests(rule.without, 0) == baseline
        assert replays_identically(rule.without, 0, baseline) is full, rule.text
        assert replays_identically(rule.without, 0, baseline, base.caps) is full, rule.text


def test_a_turn_cap_ends_only_the_games_that_outlast_it() -> None:
    # The engine's turn limit (engine.kernel.end_turn: the win conditions are judged before the limit)
    # ends a game at the cap only when the game was still going: a game shorter than the cap is the same
    # game, digest for digest; a longer one ends by the turn limit with exactly the cap's turns, nobody won.
    genome = get_game("crazy-eights")
    free = play(genome, [GREEDY], 16, 3)
    turns = free.column(B.STAT_TURNS)
    cap = int(sorted(turns)[8])
    capped = play(genome, [GREEDY], 16, 3, turn_cap=cap)
    assert (turns < cap).any() and (turns > cap).any()
    for game in range(16):
        if turns[game] < cap:
            assert capped.digests[game] == free.digests[game]
        elif turns[game] > cap:
            assert capped.rows[game, B.STAT_TURNS] == cap
            assert capped.rows[game, B.STAT_ENDED_BY] == L.END_TURN_LIMIT
            assert capped.winners[game] == -1
    # One more than the longest game changes nothing.
    assert play(genome, [GREEDY], 16, 3, turn_cap=int(turns.max()) + 1).digests == free.digests


def test_a_genome_that_is_no_game_is_not_replayed() -> None:
    # War to 30 turns: a player wins by capturing all 52 cards, 26 of them the other's, and a turn moves
    # one card across unless ties chain into a war: no game comes near it, so every game ends at the turn
    # limit without a winner, greedy self-play makes no game of it, and the ablation replays nothing.
    war = dataclasses.replace(get_game("war"), max_turns=30)
    base = replay_baseline(war, 0)
    assert not base.is_game
    # 10 games without a winner of 24 decide it (more than 40 %): the third chunk of 4 stops the baseline
    assert base.digests == replay_digests(war, 0)[:12]
    ablation = ablate(war, 0)
    assert ablation.tested == 0
    assert ablation.digests == base.digests


def test_a_clean_first_trick_without_scoring_cards_is_dead() -> None:
    # The demo's Gilded Bazaar (2026-11-28): Hearts' "no scoring card on the first trick" in a game where
    # no card scores. The engine's test of a scoring card sums the trick-win card rules, none here, so
    # the rule forbids nothing: statically dead, stripped, and the rulebook loses its sentence. In Hearts,
    # whose hearts and Q♠ score when a trick is won, it is what the rule is for: not removable.
    hearts = get_game("hearts")
    assert not any(rule.path.endswith("clean_first_trick") for rule in removable_rules(hearts))
    pointless = hearts.replace(
        scoring=dataclasses.replace(hearts.scoring, card_rules=(), shoot_the_moon=False),
        win_conditions=(WinCondition(WinType.MOST_TRICKS),),
    )
    found = [(rule.path, reason) for rule, reason in static_dead(pointless)]
    assert (
        "turn_structure.phases[1].clean_first_trick",
        "static: no card scores when a trick is won, so a clean first trick forbids nothing",
    ) in found
    live = ablate(pointless, 0).live
    assert not live.phases[1].clean_first_trick


def test_card_scoring_a_clean_first_trick_reads_is_not_statically_dead() -> None:
    # Hearts won by the most tricks: no win condition reads scores, but the clean first trick forbids the
    # cards the trick-win rules score (hearts, Q♠) on the first trick. Without those rules they may be
    # played there, so removing them can change games: the static check must leave them to the replay.
    # Played without its pass (so that a hand void in clubs on the first trick is as the deal makes it),
    # the seeded games show it: some first trick takes a heart once the rules are gone.
    hearts = get_game("hearts")
    by_tricks = with_phases(hearts, hearts.phases[1:]).replace(
        win_conditions=(WinCondition(WinType.MOST_TRICKS),)
    )
    assert not [rule for rule, _ in static_dead(by_tricks) if rule.kind == "card scoring"]
    without_scoring = by_tricks.replace(scoring=dataclasses.replace(hearts.scoring, card_rules=()))
    assert replay_digests(without_scoring, 0) != replay_digests(by_tricks, 0)
