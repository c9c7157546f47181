"""Elegance: each measure of ``quality.elegance`` on hand-made cases, worked out by hand, and the
library's calibration (no classic carries a flaw read from the genome)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from darwindeck.evolve.quality.descriptors import family, phase_kind_count
from darwindeck.evolve.quality.elegance import (
    FAMILY_PHASE_KINDS,
    PHASE_PRODUCTS,
    UNREAD_FACTOR,
    biggest_event,
    count_words,
    one_hand_flaw,
    one_hand_share,
    played_flaws,
    score_target,
    static_flaws,
    trick_directions,
    unread_parts,
)
from darwindeck.evolve.quality.trace import Trace
from darwindeck.genome.cards import DeckType, Location, Rank, Suit
from darwindeck.genome.conditions import Condition, ConditionType, Reference
from darwindeck.genome.declare import phase_kinds
from darwindeck.genome.library import all_games, get_game
from darwindeck.genome.phases import ClaimPhase, CountPhase, DiscardPhase, DrawPhase, PlayPhase, TrickPhase
from darwindeck.genome.schema import (
    CardScoringRule,
    EffectType,
    GameGenome,
    ScoringTrigger,
    SpecialEffect,
    TargetSelector,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import from_json

GALLERY = (
    Path(__file__).resolve().parents[3] / "docs" / "experiments" / "2026-11-gallery-seed-2027" / "gallery"
)


def _names(genome: GameGenome) -> list[str]:
    return [penalty.name for penalty in static_flaws(genome)]


def test_words_are_tokens_with_a_letter_or_a_digit() -> None:
    # "#", "—" and "|" hold neither: Tiny, Deal, 5, cards, each, player. = 6 words.
    assert count_words("# Tiny\n\nDeal 5 cards — each | player.") == 6


def test_no_classic_carries_a_flaw_read_from_its_genome() -> None:
    # The calibration of docs/fitness.md §8: rulebooks of 278 (Old Maid) to 845 words (Bridge), under
    # the 900 allowed; every classic's tricks fit the cards dealt, no single event reaches its target,
    # every trick game counts its tricks. And (docs/fitness.md §8, 2026-11-28) every trick game plays every
    # card it deals, no event is worth more than half a target (Spades' blind Nil: 200 of 500), every
    # trump is used by tricks, every score by a win, every stock smaller than the other hands is read by
    # a rule (Euchre's kitty turns the trump), and the one claim (Cheat) is in a game won by shedding.
    flawed = {name: _names(genome) for name, genome in all_games().items() if static_flaws(genome)}
    assert flawed == {}
    # Every part of every classic is read (docs/fitness.md §8): each phase's products, the setup's trump,
    # the score and the tableau's captures, so the elegance factor read from the genome is 1.
    assert {name: unread_parts(genome) for name, genome in all_games().items() if unread_parts(genome)} == {}


def test_thirteen_tricks_with_seven_cards_dealt_is_a_contradiction() -> None:
    # Whist deals 13 and plays 13 tricks; dealing 7 while the turn structure still states 13 tricks (and
    # nobody draws) states tricks that can never be played: ×0.8. A draw phase makes them reachable.
    whist = get_game("whist")
    short = whist.replace(
        setup=dataclasses.replace(whist.setup, cards_per_player=7),
        turn_structure=dataclasses.replace(whist.turn_structure, tricks_per_hand=13),
    )
    assert _names(short) == ["tricks_beyond_cards"]
    assert static_flaws(short)[0].factor == 0.8
    drawing = short.replace(
        turn_structure=dataclasses.replace(
            short.turn_structure, phases=(DrawPhase(), *short.turn_structure.phases)
        )
    )
    assert "tricks_beyond_cards" not in _names(drawing)


def test_a_nil_worth_the_whole_target_is_a_single_event() -> None:
    # Spades to 500 allows blind Nil, which scores twice the Nil bonus: 250 → 500, the whole target
    # (×0.5); 249 → 498, and the biggest contract, 13 × 10 = 130, is far below 500.
    spades = get_game("spades")
    assert score_target(spades) == 500
    assert spades.contract_scoring is not None
    worth = spades.replace(contract_scoring=dataclasses.replace(spades.contract_scoring, nil_bonus=250))
    assert biggest_event(worth) == (500, "a blind Nil")
    assert _names(worth) == ["single_event"]
    assert static_flaws(worth)[0].factor == 0.5


def test_an_event_worth_most_of_the_target_is_charged_by_its_share() -> None:
    # A blind Nil of 2 × 150 = 300 in Spades to 500 is r = 0.6 of the target: ×(1 − (0.6 − 0.5)) = ×0.9.
    # 2 × 125 = 250 is exactly half the target, not most of it: no charge. Spades itself, 2 × 100 = 200
    # (0.4), is the classics' largest share.
    spades = get_game("spades")
    assert spades.contract_scoring is not None
    most = spades.replace(contract_scoring=dataclasses.replace(spades.contract_scoring, nil_bonus=150))
    assert _names(most) == ["single_event"]
    assert static_flaws(most)[0].factor == pytest.approx(0.9)
    below = spades.replace(contract_scoring=dataclasses.replace(spades.contract_scoring, nil_bonus=125))
    assert biggest_event(below) == (250, "a blind Nil")
    assert _names(below) == []


def test_tricks_nothing_counts_are_an_unread_component() -> None:
    # Whist scores its tricks by its book (6); without the book scoring nothing reads who won a trick.
    whist = get_game("whist")
    assert _names(whist.replace(book_scoring=None)) == ["unread_tricks"]


def test_a_target_reached_in_the_first_hand_most_of_the_time() -> None:
    spades = get_game("spades")
    # 2 of 4 games ended in their first hand: a half, not more than a half: no charge.
    assert one_hand_share(spades, np.array([1, 1, 2, 3])) == 0.5
    assert one_hand_flaw(spades, np.array([1, 1, 2, 3])) == ()
    # 3 of 4: ×0.7.
    (flaw,) = one_hand_flaw(spades, np.array([1, 1, 1, 2]))
    assert (flaw.name, flaw.factor) == ("one_hand_target", 0.7)
    # War has no score target: the measure does not apply.
    assert one_hand_share(get_game("war"), np.array([1, 1])) is None


def _trace(**changes: object) -> Trace:
    base = Trace(4, 100, 1.0, 1, ("trick",), 52, 0, 0, False)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_the_flaws_read_from_play() -> None:
    hearts = get_game("hearts")  # no turned trump
    # Three decision kinds a turn in a trick-taking game allowed two: 0.8^(3 − 2) = 0.8.
    # Two of forty tricks led alone: a = 0.05, 1 − min(0.5, 5 × 0.05) = 0.75.
    # Eighteen cards in a stock never drawn: 0.95.
    trace = _trace(decision_kinds=3.0, tricks_led=40, tricks_alone=2, stock_after_deal=18)
    flaws = {p.name: p.factor for p in played_flaws(hearts, trace, "trick-taking")}
    assert flaws == pytest.approx({"decision_kinds": 0.8, "tricks_alone": 0.75, "stock_idle": 0.95})
    # None of them for a clean trace; a trump phase's turned card reads the stock (Euchre); three cards
    # left among four players are the deal's odd cards, not a stock.
    assert played_flaws(hearts, _trace(), "trick-taking") == ()
    assert played_flaws(hearts, _trace(stock_after_deal=3), "trick-taking") == ()
    euchre = get_game("euchre")
    assert played_flaws(euchre, _trace(stock_after_deal=4), "trick-taking") == ()
    # One trick in ten alone or more halves the score.
    half = played_flaws(hearts, _trace(tricks_led=10, tricks_alone=1), "trick-taking")
    assert [(p.name, p.factor) for p in half] == [("tricks_alone", 0.5)]


def _keen_meadow() -> GameGenome:
    """Keen Meadow, the best game of the 2026-11-27 demo (``docs/experiments/2026-11-28-stapled.md``),
    in its shape: 3 players, 7 cards each from the 24-card deck, 5 tricks a hand, a trick then a Cheat
    claim of 1 to 3 cards every turn, first to 16 points, with Omnibus Hearts' card points (the Q♠ +13,
    the J♦ −10, +1 a heart; Keen Meadow's +1 goes to clubs, which changes no flaw)."""
    omnibus = get_game("omnibus-hearts")
    return omnibus.replace(
        player_count=3,
        setup=dataclasses.replace(omnibus.setup, cards_per_player=7, initial_deck=DeckType.EUCHRE_24),
        turn_structure=TurnStructure(
            (TrickPhase(), ClaimPhase(min_cards=1, max_cards=3)), is_trick_based=True, tricks_per_hand=5
        ),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 16),),
    )


def test_keen_meadow_is_three_stapled_flaws() -> None:
    # Worked from its rules: the Q♠ scores 13 of the target 16, r = 0.8125, ×(1 − 0.3125) = ×0.6875;
    # 24 − 3 × 7 = 3 cards stay in a stock no rule reads (3 ≥ 3 players, 3 < 2 × 7 cards the others
    # hold): ×0.7; a Cheat claim in a game won by points, not by emptying the hand: ×0.5.
    flaws = static_flaws(_keen_meadow())
    assert [(p.name, p.factor) for p in flaws] == [
        ("single_event", 0.6875),  # 13 / 16 and 1 − 0.3125 are exact in binary
        ("stock_unread", 0.7),
        ("backwards_claim", 0.5),
    ]


def test_a_claim_feeds_a_game_won_by_emptying_the_hand() -> None:
    # Cheat (empty_hand) is not charged; the same claim in a game to 10 points runs backwards: ×0.5.
    cheat = get_game("cheat")
    assert _names(cheat) == []
    scored = cheat.replace(win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 10),))
    assert _names(scored) == ["backwards_claim"]
    assert any(isinstance(phase, ClaimPhase) for phase in scored.phases)


def test_a_trump_in_a_game_without_tricks_is_unread() -> None:
    # Crazy Eights has no trick: a fixed trump suit there is read by no rule.
    eights = get_game("crazy-eights")
    trumped = eights.replace(setup=dataclasses.replace(eights.setup, trump_suit=Suit.SPADES))
    assert _names(trumped) == ["unread_trump"]


def test_a_score_no_win_condition_reads_is_unread() -> None:
    # Hearts scores its hearts and the Q♠; won by the fewest tricks instead of the low score, the
    # points are read by nothing (the tricks still are: fewest_tricks counts them).
    hearts = get_game("hearts")
    by_tricks = hearts.replace(win_conditions=(WinCondition(WinType.FEWEST_TRICKS),))
    assert _names(by_tricks) == ["unread_score"]


def _deal_12(genome: GameGenome) -> GameGenome:
    return genome.replace(
        setup=dataclasses.replace(genome.setup, cards_per_player=12),
        turn_structure=dataclasses.replace(genome.turn_structure, tricks_per_hand=12),
    )


def test_a_small_stock_no_rule_reads() -> None:
    # Hearts dealing 12 instead of 13 leaves 52 − 48 = 4 cards (≥ 4 players, < 3 × 12): ×0.7. Whist
    # dealing 12 turns its trump from the stock, which reads it; Cribbage's 44 of the 48 cards a player
    # cannot see hide the hands and are left to the traced measure.
    # (Both state 12 tricks a hand, the cards dealt.)
    assert _names(_deal_12(get_game("hearts"))) == ["stock_unread"]
    assert _names(_deal_12(get_game("whist"))) == []
    # A draw from the discard pile (Fickle Fortune's) does not read the stock; one from the deck does.
    short = _deal_12(get_game("hearts"))
    # (A draw beside Hearts' pass and trick is a third kind of phase in a trick game: phase_kinds.)
    for source, names in (
        (Location.DISCARD, ["stock_unread", "phase_kinds"]),
        (Location.DECK, ["phase_kinds"]),
    ):
        phases = (DrawPhase(source=source, mandatory=False), *short.turn_structure.phases)
        drawn = short.replace(turn_structure=dataclasses.replace(short.turn_structure, phases=phases))
        assert _names(drawn) == names
    assert _names(get_game("cribbage-play")) == []


def test_cards_dealt_and_never_played() -> None:
    # Whist deals 13 and plays 13 tricks. Stating 7 tricks a hand leaves 13 − 7 = 6 cards a player is
    # dealt that no trick plays and no rule reads: ×0.8. A draw phase, which uses the hand, lifts it.
    whist = get_game("whist")
    short = whist.replace(turn_structure=dataclasses.replace(whist.turn_structure, tricks_per_hand=7))
    assert [(p.name, p.factor) for p in static_flaws(short)] == [("cards_unplayed", 0.8)]
    assert "6 cards a player is dealt are never played" in static_flaws(short)[0].reason
    drawing = short.replace(
        turn_structure=dataclasses.replace(
            short.turn_structure, phases=(DrawPhase(), *short.turn_structure.phases)
        )
    )
    assert "cards_unplayed" not in _names(drawing)


def test_captures_no_rule_reads_are_unread() -> None:
    # Scopa captures by rank from the table and is won by the most cards captured. Won instead by the
    # first to empty the hand, its captures only take cards off the table: nothing reads the captured
    # pile (no capture win, no capture scoring, no moon, no condition on it): ×0.7. War's capture_all
    # reads it.
    scopa = get_game("scopa")
    shedding = scopa.replace(win_conditions=(WinCondition(WinType.EMPTY_HAND),))
    assert _names(shedding) == ["unread_captures"]
    assert [p.factor for p in static_flaws(shedding)] == [0.7]
    assert _names(scopa) == [] and _names(get_game("war")) == []


def test_every_phase_kind_declares_what_it_makes() -> None:
    # A phase kind added to genome.phases needs its row in PHASE_PRODUCTS (what it makes, its charge's
    # word), or the unread check could not judge a phase of it.
    assert set(phase_kinds()) == set(PHASE_PRODUCTS)


def _with_phases(genome: GameGenome, *phases: object) -> GameGenome:
    structure = dataclasses.replace(genome.turn_structure, phases=phases)
    return genome.replace(turn_structure=structure)


def test_a_count_whose_points_nobody_reads_is_an_unread_phase() -> None:
    # Knock-Out Whist (won by the most tricks) with Cribbage's count before each trick. The count makes
    # points (go points 1, combos), cards out of the hand and cards on the discard pile. No win reads a
    # score (most_tricks), nothing makes holding cards a burden, and no other phase draws from the
    # discard pile or tests its top (the turned trump is the deal's card, not a rule of play): the count
    # is charged once, ×0.7, and the score it makes is not charged again. The tricks stay read.
    whist = get_game("knockout-whist")
    counted = _with_phases(whist, CountPhase(), TrickPhase())
    assert [(p.name, p.factor) for p in static_flaws(counted)] == [("unread_count", UNREAD_FACTOR)]
    assert UNREAD_FACTOR == 0.7
    (part,) = unread_parts(counted)
    assert part.text == (
        "phase 1 (count) makes cards out of the player's hand, cards on the discard pile and points"
    )
    # The same genome with a win condition that reads the score (first to 61, Cribbage's target) reads
    # the count's points: no charge.
    scored = counted.replace(win_conditions=(*whist.win_conditions, WinCondition(WinType.FIRST_TO_SCORE, 61)))
    assert static_flaws(scored) == ()
    # Won by emptying the hand instead, the count's plays are read (they shed cards) and its points are
    # not: the score is charged, and so are the tricks, which nothing counts now.
    shedding = counted.replace(win_conditions=(WinCondition(WinType.EMPTY_HAND),))
    assert _names(shedding) == ["unread_tricks", "unread_score"]


def _climbing() -> GameGenome:
    """Cribbage's count, then a climbing play onto the discard pile (a card higher than the top, or
    pass), to 61 points: the demo's Tangled Tempest of 2026-11-28 in its shape."""
    cribbage = get_game("cribbage-play")
    higher = Condition(ConditionType.CARD_BEATS_TOP, reference=Reference.TOP_DISCARD)
    climb = PlayPhase(Location.DISCARD, higher, max_cards=4, mandatory=False, pass_if_unable=False)
    return _with_phases(cribbage, CountPhase(), climb)


def test_a_climbing_play_nothing_reads_is_an_unread_phase() -> None:
    # The climb makes cards out of the hand (no empty_hand win, no hand-end scoring: no burden), cards
    # played (no play scoring, no special effect) and cards on the discard pile, read only by the climb's
    # own "beats the top" test: unread, ×0.7. The count's points are read by the first to 61.
    climbing = _climbing()
    assert [(p.name, p.factor) for p in static_flaws(climbing)] == [("unread_play", 0.7)]
    # A play-triggered score reads the cards played; a ten that makes the opponents discard (Lucky
    # Cascade's) reads them too: a rule acts on what the climb plays.
    scored = climbing.replace(
        scoring=dataclasses.replace(
            climbing.scoring,
            card_rules=(
                CardScoringRule(
                    Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.PLAY
                ),
            ),
        )
    )
    assert static_flaws(scored) == ()
    ten = SpecialEffect(Rank.TEN, EffectType.FORCE_DISCARD, TargetSelector.ALL_OPPONENTS)
    assert static_flaws(climbing.replace(special_effects=(ten,))) == ()
    # So does a later draw from the discard pile.
    drawing = _with_phases(climbing, *climbing.phases, DrawPhase(Location.DISCARD, mandatory=False))
    assert static_flaws(drawing) == ()


def test_painted_falcon_discards_to_a_pile_nobody_reads() -> None:
    # Painted Falcon (2026-11 gallery, read by the blind panel): 3 players, 13 cards each, a trick, then a
    # compulsory discard onto the discard pile, then a Cheat claim, to 62 points scored by trick wins.
    # Worked from its rules: nobody draws from the discard pile or tests its top, and in a game won by
    # points a card thrown away is no burden lifted: the discard is unread (×0.7); 52 − 39 = 13 cards stay
    # in a stock nobody draws (3 ≤ 13 < 2 × 13: ×0.7); the claim's penalty runs backwards (×0.5); and a
    # trick, a discard and a claim are three kinds of phase in a claiming game, whose classic has one (×0.8).
    falcon = from_json((GALLERY / "07-d9bdf63f596d.json").read_text())
    assert isinstance(falcon.phases[1], DiscardPhase)
    assert [(p.name, p.factor) for p in static_flaws(falcon)] == [
        ("unread_discard", 0.7),
        ("stock_unread", 0.7),
        ("backwards_claim", 0.5),
        ("phase_kinds", 0.8),
    ]
    # Won by emptying the hand, the discard sheds a burden and the claim punishes: neither is charged.
    shedding = falcon.replace(win_conditions=(WinCondition(WinType.EMPTY_HAND),))
    assert "unread_discard" not in _names(shedding) and "backwards_claim" not in _names(shedding)
    # A card that costs points when played (Midnight Masque's hearts, −1 each) is a burden to hold
    # where every card must be played: a discard that dodges it is read.
    heart = Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS)
    costly = (*falcon.scoring.card_rules, CardScoringRule(heart, -1, ScoringTrigger.PLAY))
    dodging = falcon.replace(scoring=dataclasses.replace(falcon.scoring, card_rules=costly))
    assert "unread_discard" not in _names(dodging)


def _two_trick_phases(second_high: bool) -> GameGenome:
    whist = get_game("whist")
    phases = (*whist.turn_structure.phases, TrickPhase(high_card_wins=second_high))
    return whist.replace(turn_structure=dataclasses.replace(whist.turn_structure, phases=phases))


def test_two_trick_phases_won_in_opposite_directions_are_a_hybrid() -> None:
    # Whist's trick phase (highest wins) and a second one a turn won by the lowest card: a card that wins
    # one trick loses the other: opposite_tricks, ×0.5 (module docstring). Whist's tricks are counted by
    # its win, so nothing else is charged.
    hybrid = static_flaws(_two_trick_phases(second_high=False))
    assert [(penalty.name, penalty.factor) for penalty in hybrid] == [("opposite_tricks", 0.5)]
    assert "(highest, lowest card wins)" in hybrid[0].reason
    # Two trick phases of one direction are a pace, not a contradiction.
    assert static_flaws(_two_trick_phases(second_high=True)) == ()


def test_no_classic_plays_tricks_both_ways() -> None:
    # The calibration (docs/fitness.md §8): every classic trick game has one trick phase a turn.
    both_ways = [name for name, genome in all_games().items() if len(set(trick_directions(genome))) > 1]
    assert both_ways == []


def test_wins_that_rank_the_score_both_ways_contradict_each_other() -> None:
    # The --from hearts run's Crimson Jester: Hearts (lowest score wins at 100) with a second win, "when
    # every hand is empty the highest score wins". Every hand of Hearts ends with the hands empty, so the
    # second win ends the game after its first hand and the Q♠'s taker wins: opposite_wins, ×0.5.
    hearts = get_game("hearts")
    jester = hearts.replace(win_conditions=(*hearts.win_conditions, WinCondition(WinType.ALL_HANDS_EMPTY)))
    flaws = static_flaws(jester)
    assert [(penalty.name, penalty.factor) for penalty in flaws] == [("opposite_wins", 0.5)]
    assert "lowest score wins (low_score) beside a win for the highest (all_hands_empty)" in flaws[0].reason
    # Hearts plays to 100 (a low-score target), so a game that ends in its first hand is charged too.
    assert score_target(hearts) == 100
    (flaw,) = one_hand_flaw(jester, np.array([1, 1, 1, 1]))
    assert (flaw.name, flaw.factor) == ("one_hand_target", 0.7)
    # Both directions high (Spades: first to 500, or out at −200) is one aim, not a contradiction.
    assert "opposite_wins" not in _names(get_game("spades"))


def test_a_turn_of_three_games_phases_is_charged_where_no_classic_of_its_family_has_one() -> None:
    # The fifty-generation run's stapled turn: Go Fish's ask, a play to the table, then Cheat's claim. A
    # claiming game (Cheat has one kind of phase), so the allowance is 2 and 3 kinds cost ×0.8 once.
    cheat, go_fish = get_game("cheat"), get_game("go-fish")
    turn = (*go_fish.turn_structure.phases, PlayPhase(), *cheat.turn_structure.phases)
    stapled = cheat.replace(turn_structure=dataclasses.replace(cheat.turn_structure, phases=turn))
    assert [(p.name, p.factor) for p in static_flaws(stapled) if p.name == "phase_kinds"] == [
        ("phase_kinds", 0.8)
    ]
    # Gin Rummy's draw, discard and knock are the collecting family's three: not charged.
    assert "phase_kinds" not in _names(get_game("gin-rummy"))


def test_the_phase_kind_allowances_are_the_classics_own() -> None:
    # FAMILY_PHASE_KINDS is the library's largest count per family wherever it exceeds 2 (calibration).
    largest: dict[str, int] = {}
    for genome in all_games().values():
        name = family(genome)
        largest[name] = max(largest.get(name, 0), phase_kind_count(genome))
    assert {name: count for name, count in largest.items() if count > 2} == FAMILY_PHASE_KINDS
