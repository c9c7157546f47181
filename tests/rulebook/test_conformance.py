"""The rulebook says what the engine does: every checkable statement against the engine's play.

Each genome is played by the engine through ``GameState`` with a seeded random player and its events
are checked against ``statements_of(genome)`` (``tests/rulebook/conformance.py`` says what each statement
means); every mismatch is a failure naming the genome, the statement and the event. Genomes: the 32 library
games, the 68 games of the 2026-11 gallery (Painted Falcon, whose rulebook disagreed with the engine,
was the first case) and 5,000 generated genomes (library games mutated by evolution's operators, from a
seeded generator). See ``docs/rulebooks.md``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from darwindeck.evolve.operators import mutate
from darwindeck.genome import GameGenome
from darwindeck.genome.library import all_games, game_names, get_game
from darwindeck.genome.phases import BiddingPhase, DiscardPhase, DrawPhase, TrickPhase
from darwindeck.genome.schema import (
    ContractScoring,
    DeckEmptyAction,
    SetupRules,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import load_genome
from darwindeck.rulebook import build_rulebook, render_markdown
from darwindeck.rulebook.statements import Actor, Moment, Others, ScoreMoment, TrickStatement, statements_of
from rulebook.conformance import Mismatch, check_genome

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "docs" / "experiments" / "2026-11-gallery-seed-2027" / "gallery"
PAINTED_FALCON = GALLERY / "07-d9bdf63f596d.json"

GENERATED = 5000
GENERATOR_SEED = 2027
#: Decisions a generated game is played for: enough for several hands of most genomes.
GENERATED_DECISIONS = 250
LIBRARY_DECISIONS = 3000


def _report(failures: Iterable[Mismatch], limit: int = 25) -> str:
    failures = list(failures)
    kinds = Counter(failure.statement for failure in failures)
    genomes = len({failure.genome for failure in failures})
    lines = [f"{len(failures)} mismatches in {genomes} genomes; by statement: {dict(kinds.most_common(10))}"]
    lines += [str(failure) for failure in failures[:limit]]
    return "\n".join(lines)


@pytest.mark.parametrize("slug", game_names())
def test_library_rulebooks_conform(slug: str) -> None:
    genome = get_game(slug)
    failures = [f for seed in (1, 2) for f in check_genome(genome, seed, LIBRARY_DECISIONS)]
    assert not failures, _report(failures)


def test_gallery_rulebooks_conform() -> None:
    paths = sorted(GALLERY.glob("*.json"))
    assert len(paths) == 68  # the 2026-11 gallery as recorded
    failures = [f for path in paths for f in check_genome(load_genome(path), 1, LIBRARY_DECISIONS)]
    assert not failures, _report(failures)


def generated_genomes(count: int, seed: int) -> list[tuple[str, GameGenome]]:
    """``count`` genomes, each a library game mutated by one or two aggressive passes of evolution's
    pipeline (``evolve.operators.mutate``, which validates and repairs), from ``random.Random``."""
    library = list(all_games().values())
    genomes = []
    for i in range(count):
        rng = random.Random(seed * 100_003 + i)
        genome = library[i % len(library)]
        for _ in range(rng.randint(1, 2)):
            genome = mutate(genome, rng, aggressive=True).genome
        genomes.append((f"generated #{i} ({genome.name})", genome))
    return genomes


@pytest.mark.slow
def test_generated_rulebooks_conform() -> None:
    failures = []
    for i, (label, genome) in enumerate(generated_genomes(GENERATED, GENERATOR_SEED)):
        found = check_genome(genome, i, GENERATED_DECISIONS)
        failures += [dataclasses.replace(f, genome=label) for f in found]
    assert not failures, _report(failures)


# ---- the first case: Painted Falcon ---------------------------------------------------------------


def test_painted_falcon_rulebook_says_who_discards_and_claims() -> None:
    """The engine: the turn's player leads the trick, then discards and claims alone; the winner of the
    trick has the next turn; high_score with a threshold is judged at a hand's end only
    (docs/rules-engine.md, "A turn" and "Win checks")."""
    genome = load_genome(PAINTED_FALCON)
    statements = statements_of(genome)
    assert [(c.kind, c.actor) for c in statements.phases] == [
        ("TrickPhase", Actor.EACH_PLAYER),
        ("DiscardPhase", Actor.TURN_PLAYER),
        ("ClaimPhase", Actor.CLAIMER_THEN_OTHERS),
    ]
    assert [w.moment for w in statements.wins] == [Moment.HAND_END]
    text = render_markdown(genome)
    assert "On your turn you lead a trick" in text
    assert "Only the player whose turn it is takes part in the discard and the claim" in text
    assert "At the end of a hand in which any player's score has reached 62 points or more" in text
    assert "When any player's score reaches 62 points" not in text


def test_the_old_painted_falcon_claims_fail() -> None:
    """What the 2026-11 rulebook said (every player discards and claims in turn; the game ends as soon
    as a score reaches 62) is caught: the check can fail."""
    genome = load_genome(PAINTED_FALCON)
    statements = statements_of(genome)
    old = dataclasses.replace(
        statements,
        phases=tuple(
            dataclasses.replace(c, actor=Actor.EACH_PLAYER) if c.kind == "DiscardPhase" else c
            for c in statements.phases
        ),
        wins=tuple(dataclasses.replace(w, moment=Moment.ACTION) for w in statements.wins),
    )
    found = {f.statement for seed in range(1, 4) for f in check_genome(genome, seed, 3000, old)}
    assert "DiscardPhase: every player in turn" in found
    assert "high_score (threshold 62) ends the game after any action" in found


# ---- no unreachable statements ---------------------------------------------------------------------


def _trick_game(dealt: int, tricks: int, *extra: DrawPhase | DiscardPhase) -> GameGenome:
    return GameGenome(
        name="Seven",
        setup=SetupRules(cards_per_player=dealt),
        turn_structure=TurnStructure(
            phases=(TrickPhase(), *extra),
            is_trick_based=True,
            tricks_per_hand=tricks,
            deck_empty=DeckEmptyAction.SKIP,
        ),
        win_conditions=(WinCondition(WinType.MOST_TRICKS),),
        player_count=4,
    )


def test_thirteen_tricks_with_seven_dealt_is_written_seven() -> None:
    """Seven cards each and nothing but tricks: every trick takes one card from each hand, so a hand
    has exactly 7 tricks, whatever ``tricks_per_hand`` (13) says."""
    genome = _trick_game(7, 13)
    tricks = statements_of(genome).tricks
    assert tricks is not None and (tricks.most, tricks.exact) == (7, True)
    text = render_markdown(genome)
    # every hand ends with every hand empty, so its empty_hand win ends the game with the first hand
    assert "The hand has 7 tricks." in text
    assert "13 tricks" not in text
    assert not [f for seed in (1, 2) for f in check_genome(genome, seed, 2000)]


def test_a_discard_each_turn_makes_the_count_a_bound() -> None:
    """A discard each turn takes a further card from the leader's hand: the hands run out after at
    most 7 tricks, and the stated 13 cannot happen."""
    text = render_markdown(_trick_game(7, 13, DiscardPhase()))
    assert "A hand ends when every hand is empty, after 7 tricks at most." in text
    assert "13 tricks" not in text


def test_drawing_keeps_the_stated_limit() -> None:
    """With a draw each turn a hand can hold more than it was dealt, so the stated 13 can happen."""
    text = render_markdown(_trick_game(7, 13, DrawPhase()))
    assert "A hand ends after 13 tricks, or sooner when every hand is empty." in text


def test_build_rulebook_carries_its_claims() -> None:
    genome = get_game("hearts")
    assert build_rulebook(genome).statements == statements_of(genome)


def test_library_claims_follow_the_published_rules() -> None:
    """Statements of four classics, worked out from their rules (pagat.com): Hearts deals 13 cards to 4 and
    plays 13 tricks, passing before the first, the game judged after a hand; Euchre deals 5 and plays 5
    tricks, trump made before the first (all pass: thrown in), points at the hand's end, 10 wins at once;
    Crazy Eights: the turn's player draws and plays, the first to go out wins; Gin Rummy scores a knock."""
    hearts, euchre = statements_of(get_game("hearts")), statements_of(get_game("euchre"))
    assert hearts.tricks is not None and (hearts.tricks.most, hearts.tricks.exact) == (13, True)
    assert [(c.kind, c.actor, c.once_per_hand) for c in hearts.phases] == [
        ("PassPhase", Actor.EACH_PLAYER, True),
        ("TrickPhase", Actor.EACH_PLAYER, False),
    ]
    assert [w.moment for w in hearts.wins] == [Moment.HAND_END]
    assert hearts.score_moments == {ScoreMoment.TRICK_WON, ScoreMoment.HAND_END}  # hearts, Q♠; the moon
    assert euchre.tricks == TrickStatement(most=5, exact=True, thrown_in=True)
    assert euchre.phases[0].opening == "Before the first trick of each hand"
    assert euchre.score_moments == {ScoreMoment.HAND_END}
    eights = statements_of(get_game("crazy-eights"))
    assert [c.actor for c in eights.phases] == [Actor.TURN_PLAYER, Actor.TURN_PLAYER]
    assert eights.tricks is None and [w.moment for w in eights.wins] == [Moment.TURN_END]
    assert statements_of(get_game("gin-rummy")).score_moments == {ScoreMoment.KNOCK}


def test_betting_rulebooks_say_what_a_fold_does() -> None:
    """docs/rules-engine.md, Betting: a folded player sits out the hand; when all but one have folded
    the hand ends at once; the pot goes to the one left, else to the best hand (Draw Poker ranks hands)."""
    genome = get_game("draw-poker")
    assert statements_of(genome).fold_ends_hand
    text = render_markdown(genome)
    assert "When all but one player have folded, the hand ends at once." in text
    assert "otherwise to the best hand among them" in text
    assert not statements_of(get_game("hearts")).fold_ends_hand


def test_a_bid_is_never_stated_above_the_cards_dealt() -> None:
    """Seven cards each, bidding before the first trick: a bid is never more than the hand (the
    engine offers BID n for n up to min(max_bid, hand size, 13)), so max_bid 13 is written as 7."""
    genome = _trick_game(7, 13)
    phases = (BiddingPhase(min_bid=1, max_bid=13), *genome.phases)
    genome = genome.replace(
        turn_structure=dataclasses.replace(genome.turn_structure, phases=phases),
        contract_scoring=ContractScoring(),  # validation: contracts exactly when there is bidding
    )
    assert statements_of(genome).most_bid == 7
    assert "A bid is from 1 to 7." in render_markdown(genome)
    assert not [f for seed in (1, 2) for f in check_genome(genome, seed, 2000)]


# ---- whom an ask asks, who challenges a claim: a partner too (the 2026-11 blind raters' Game F) ------


def _teamed(slug: str) -> GameGenome:
    """A four-player library game played by partners: seats 1 and 3 against 2 and 4."""
    return dataclasses.replace(get_game(slug), team_mode=True, teams=((0, 2), (1, 3)))


def test_a_team_rulebook_lets_the_partner_be_asked_and_challenge() -> None:
    """engine.asking offers TARGET p for every other seat holding a card and engine.claims asks every
    other seat in turn to challenge; neither skips a partner (their docstrings and loops over all seats)."""
    fish, cheat = _teamed("go-fish"), _teamed("cheat")
    assert [c.others for c in statements_of(fish).phases] == [Others.PARTNER_TOO]
    assert [c.others for c in statements_of(cheat).phases] == [Others.PARTNER_TOO]
    assert "Ask any other player who has cards, your partner too, for a rank" in render_markdown(fish)
    assert "Any other player, your partner too, may challenge your claim" in render_markdown(cheat)
    for genome in (fish, cheat):
        failures = [f for seed in (1, 2) for f in check_genome(genome, seed, LIBRARY_DECISIONS)]
        assert not failures, _report(failures)


def test_without_teams_the_rulebook_says_opponent() -> None:
    """Without teams every other player is an opponent: the rulebook keeps its words."""
    fish, cheat = get_game("go-fish"), get_game("cheat")
    assert [c.others for c in statements_of(fish).phases] == [Others.OPPONENTS]
    assert "Ask any opponent who has cards for a rank" in render_markdown(fish)
    assert "Any opponent may challenge your claim" in render_markdown(cheat)


def test_the_old_opponents_only_wording_fails_with_teams() -> None:
    """What the rulebook said of Game F (ask any opponent; any opponent may challenge) is caught once
    the statement carries it: the random player asks its partner and partners decide on challenges."""
    found: set[str] = set()
    for slug in ("go-fish", "cheat"):
        genome = _teamed(slug)
        statements = statements_of(genome)
        old = dataclasses.replace(
            statements,
            phases=tuple(dataclasses.replace(c, others=Others.OPPONENTS) for c in statements.phases),
        )
        found |= {f.statement for seed in (1, 2) for f in check_genome(genome, seed, LIBRARY_DECISIONS, old)}
    assert found == {"AskPhase: only opponents are asked", "ClaimPhase: only opponents may challenge"}
