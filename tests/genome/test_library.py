"""The classic-game library: the registry, spec 001's tableau table, and one rules fact per game."""

from __future__ import annotations

import pytest

from darwindeck.errors import DarwinDeckError, UnknownGameError
from darwindeck.genome.cards import DeckType, Location, Rank, Suit, Visibility, card_id
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.library import GAME_INFO, MECHANICS, all_games, game_names, get_game, resolve_slug
from darwindeck.genome.library.parts import is_rank
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    CountPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassDirection,
    PassPhase,
    PlayPhase,
    TopTrump,
    TrickPhase,
    TrumpPhase,
    TrumpRelation,
)
from darwindeck.genome.schema import (
    DEFAULT_CARD_VALUES,
    BookScoring,
    CardScoringRule,
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    MakerScoring,
    Scoring,
    ScoringTrigger,
    SequenceDirection,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnedTrump,
    WinCondition,
    WinType,
)
from darwindeck.genome.serialization import from_json, to_json
from darwindeck.genome.validation import validate

ALL_SLUGS = [
    "betting-war",
    "black-maria",
    "blackjack",
    "bridge",
    "cheat",
    "crazy-eights",
    "cribbage",
    "cribbage-play",
    "cutthroat-euchre",
    "draw-poker",
    "euchre",
    "fan-tan",
    "gin-rummy",
    "go-fish",
    "hearts",
    "knaves",
    "knockout-whist",
    "mau-mau",
    "oh-hell",
    "old-maid",
    "omnibus-hearts",
    "partnership-spades",
    "polignac",
    "president",
    "rummy",
    "scopa",
    "scopone",
    "scotch-whist",
    "simple-poker",
    "spades",
    "texas-holdem",
    "uno-style",
    "war",
    "whist",
]
#: Classics added after the first 22 games (Oh Hell, these five, Knaves, Cutthroat Euchre, Cribbage's
#: play, Bridge, Texas Hold'em and Cribbage; the library has 34 with them).
ADDED_CLASSICS = {
    "oh-hell",
    "black-maria",
    "omnibus-hearts",
    "polignac",
    "scopone",
    "mau-mau",
    "knaves",
    "cutthroat-euchre",
    "cribbage-play",
    "bridge",
    "texas-holdem",
    "cribbage",
}
REQUIRED_SLUGS = set(ALL_SLUGS) - {"euchre", "rummy", "whist"} - ADDED_CLASSICS


# -- registry ------------------------------------------------------------------------------------------


def test_game_names_are_every_slug_sorted() -> None:
    assert game_names() == ALL_SLUGS
    assert len(ALL_SLUGS) == 34
    assert len(REQUIRED_SLUGS) == 19
    assert list(all_games()) == ALL_SLUGS
    assert list(GAME_INFO) == ALL_SLUGS


@pytest.mark.parametrize(
    ("spelling", "slug"),
    [
        ("hearts", "hearts"),
        ("HEARTS", "hearts"),
        ("  Hearts ", "hearts"),
        ("Partnership Spades", "partnership-spades"),
        ("partnership spades", "partnership-spades"),
        ("Knock-Out Whist", "knockout-whist"),
        ("KNOCKOUT-WHIST", "knockout-whist"),
        ("crazy_eights", "crazy-eights"),
        ("Uno-style", "uno-style"),
    ],
)
def test_get_game_accepts_slug_or_display_name_in_any_case(spelling: str, slug: str) -> None:
    assert resolve_slug(spelling) == slug
    assert get_game(spelling) is all_games()[slug]


def test_unknown_game_lists_close_matches() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("hartes")
    assert (
        str(caught.value)
        == "unknown game 'hartes'; did you mean: hearts? `darwindeck games` lists all games."
    )


def test_unknown_game_with_several_close_matches() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("Spade")
    assert str(caught.value) == (
        "unknown game 'Spade'; did you mean: spades, scopa? `darwindeck games` lists all games."
    )


def test_unknown_game_without_close_match() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("mahjong")
    assert str(caught.value) == "unknown game 'mahjong'; no close match. `darwindeck games` lists all games."
    assert isinstance(caught.value, DarwinDeckError)


def test_game_info_matches_its_genome() -> None:
    families = {"tableau", "tricks", "shedding", "rummy", "fishing", "casino", "counting"}
    for slug, info in GAME_INFO.items():
        genome = get_game(slug)
        assert info.slug == slug
        assert info.name == genome.name
        assert info.family in families
        assert set(info.mechanics) <= set(MECHANICS), slug
        assert len(info.mechanics) == len(set(info.mechanics)), slug
        assert info.summary.endswith("."), slug


def _shown_mechanics(genome: GameGenome) -> dict[str, bool]:
    """Whether a genome shows each mechanic that can be read from a genome."""
    phases = genome.phases
    shown = {
        "tricks": genome.turn_structure.is_trick_based,
        "bidding": any(isinstance(p, BiddingPhase) for p in phases),
        "auction": any(isinstance(p, AuctionPhase) for p in phases),
        "dealer": any(isinstance(p, DealerPhase) for p in phases),
        "betting": any(isinstance(p, BettingPhase) for p in phases),
        "bluffing": any(isinstance(p, ClaimPhase) for p in phases),
        "teams": genome.team_mode,
        "trumps": genome.setup.turned_trump is not None
        or any(
            (isinstance(p, TrickPhase) and p.trump_suit is not None)
            or isinstance(p, TrumpPhase | AuctionPhase)
            for p in phases
        ),
        "special-effects": bool(genome.special_effects),
        "wild-cards": bool(genome.setup.wild_cards),
        "hand-evaluation": genome.scoring.hand_evaluation is not None,
        "layout": genome.setup.tableau_mode is TableauMode.SEQUENCE,
        "capture": genome.setup.tableau_mode in (TableauMode.WAR, TableauMode.MATCH_RANK),
    }
    return shown


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_listed_mechanics_agree_with_the_genome(slug: str) -> None:
    shown = _shown_mechanics(get_game(slug))
    assert set(shown) <= set(MECHANICS)
    listed = set(GAME_INFO[slug].mechanics)
    assert listed & set(shown) == {name for name, present in shown.items() if present}


def test_names_and_rules_are_distinct() -> None:
    games = all_games().values()
    assert len({g.name for g in games}) == len(ALL_SLUGS)
    assert len({g.identity for g in games}) == len(ALL_SLUGS)


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_game_has_a_short_description(slug: str) -> None:
    description = get_game(slug).description
    assert description.endswith(".")
    assert 1 <= description.count(". ") + 1 <= 2, description


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_game_survives_json(slug: str) -> None:
    genome = get_game(slug)
    assert from_json(to_json(genome), validate=False) == genome


# -- validation ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_game_validates(slug: str) -> None:
    report = validate(get_game(slug))
    assert [str(p) for p in report.errors] == []
    assert report.warnings == ()


# -- spec 001's table of tableau modes -----------------------------------------------------------------

SEED_001_MODES = {
    "war": TableauMode.WAR,
    "betting-war": TableauMode.WAR,
    "scopa": TableauMode.MATCH_RANK,
    "scopone": TableauMode.MATCH_RANK,  # after spec 001's table: Scopone is Scopa for four
    "fan-tan": TableauMode.SEQUENCE,
}


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_seed_001_tableau_mode_table(slug: str) -> None:
    setup = get_game(slug).setup
    assert setup.tableau_mode is SEED_001_MODES.get(slug, TableauMode.NONE)
    assert setup.sequence_direction is SequenceDirection.BOTH


# -- one rules-level fact per game ---------------------------------------------------------------------


def test_war() -> None:
    war = get_game("war")
    assert war.player_count == 2
    assert war.setup.cards_per_player == 26
    assert war.setup.hand_visibility is Visibility.FACE_DOWN
    assert war.setup.tableau_mode is TableauMode.WAR
    assert war.setup.captures_to is Location.HAND
    assert war.phases == (PlayPhase(target=Location.TABLEAU, min_cards=1, max_cards=1, mandatory=True),)
    assert war.win_conditions == (WinCondition(WinType.CAPTURE_ALL),)
    # War is long (about 1,400 turns on average with shuffled pick-ups): the limit leaves room for it.
    assert war.max_turns == 10_000


def test_betting_war_is_war_with_chips_and_a_betting_round() -> None:
    war, betting = get_game("war"), get_game("betting-war")
    assert betting.setup.starting_chips == 100
    assert betting.phases == (BettingPhase(min_bet=1, max_raises=2), war.phases[0])
    assert betting.replace(setup=war.setup, turn_structure=war.turn_structure).identity == war.identity


def test_hearts() -> None:
    hearts = get_game("hearts")
    assert hearts.player_count == 4
    assert hearts.turn_structure.is_trick_based
    assert hearts.turn_structure.tricks_per_hand == 13
    # Three cards passed left, right, across, then held; 2♣ leads; no point card on the first trick.
    assert hearts.phases == (
        PassPhase(
            count=3,
            directions=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
        ),
        TrickPhase(
            lead_suit_required=True,
            breaking_suit=Suit.HEARTS,
            first_lead=(Rank.TWO, Suit.CLUBS),
            clean_first_trick=True,
        ),
    )
    assert hearts.scoring.shoot_the_moon
    assert hearts.scoring.card_rules == (
        CardScoringRule(
            Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN
        ),
        CardScoringRule(
            CompoundCondition(
                Logic.AND,
                (
                    Condition(ConditionType.CARD_IS_RANK, value=Rank.QUEEN),
                    Condition(ConditionType.CARD_IS_SUIT, value=Suit.SPADES),
                ),
            ),
            13,
            ScoringTrigger.TRICK_WIN,
        ),
    )
    assert hearts.win_conditions == (WinCondition(WinType.LOW_SCORE, threshold=100),)


def _honours(genome: GameGenome) -> dict[int, int]:
    """card id → points of rules that each name one card (an AND of card_is_rank and card_is_suit)."""
    honours: dict[int, int] = {}
    for rule in genome.scoring.card_rules:
        assert isinstance(rule.condition, CompoundCondition)
        rank, suit = (c.value for c in rule.condition.conditions if isinstance(c, Condition))
        assert isinstance(rank, Rank)
        assert isinstance(suit, Suit)
        honours[card_id(rank, suit)] = rule.points
    return honours


def test_scotch_whist_scores_the_honours_of_the_turned_suit_to_41() -> None:
    scotch = get_game("scotch-whist")
    assert scotch.setup.trump_suit is None and scotch.setup.turned_trump is TurnedTrump.DEALER_LAST
    assert scotch.setup.initial_deck is DeckType.PIQUET_32
    (trick,) = scotch.phases
    assert isinstance(trick, TrickPhase) and trick.top_trumps == (TopTrump(Rank.JACK, TrumpRelation.TRUMP),)
    of_trumps = Condition(ConditionType.CARD_MATCHES_SUIT, reference=Reference.TURNED_CARD)
    assert {(r.condition, r.points) for r in scotch.scoring.card_rules} == {
        (CompoundCondition(Logic.AND, (is_rank(rank), of_trumps)), points)
        for rank, points in ((Rank.JACK, 11), (Rank.TEN, 10), (Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2))
    }
    assert {r.trigger for r in scotch.scoring.card_rules} == {ScoringTrigger.TRICK_WIN}
    assert scotch.win_conditions == (WinCondition(WinType.FIRST_TO_SCORE, threshold=41),)


def test_black_maria_passes_right_and_prices_the_top_spades() -> None:
    maria = get_game("black-maria")
    assert maria.player_count == 3
    # 17 cards each from the full deck: one card stays undealt (the real game removes the 2♣).
    assert maria.setup.cards_per_player == 17
    assert maria.setup.initial_deck is DeckType.STANDARD_52
    assert maria.turn_structure.tricks_per_hand == 17
    assert maria.phases == (
        PassPhase(count=3, directions=(PassDirection.RIGHT,)),
        TrickPhase(lead_suit_required=True),
    )
    hearts_rule, *spades = maria.scoring.card_rules
    assert hearts_rule == CardScoringRule(
        Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN
    )
    assert _honours(maria.replace(scoring=Scoring(card_rules=tuple(spades)))) == {
        card_id(Rank.QUEEN, Suit.SPADES): 13,
        card_id(Rank.KING, Suit.SPADES): 10,
        card_id(Rank.ACE, Suit.SPADES): 7,
    }
    assert not maria.scoring.shoot_the_moon
    assert maria.win_conditions == (WinCondition(WinType.LOW_SCORE, threshold=100),)


def test_omnibus_hearts_is_hearts_with_the_jack_of_diamonds_at_minus_10() -> None:
    hearts, omnibus = get_game("hearts"), get_game("omnibus-hearts")
    *hearts_rules, bonus = omnibus.scoring.card_rules
    assert tuple(hearts_rules) == hearts.scoring.card_rules
    assert bonus == CardScoringRule(
        CompoundCondition(
            Logic.AND,
            (
                Condition(ConditionType.CARD_IS_RANK, value=Rank.JACK),
                Condition(ConditionType.CARD_IS_SUIT, value=Suit.DIAMONDS),
            ),
        ),
        -10,
        ScoringTrigger.TRICK_WIN,
    )
    same_rules = omnibus.replace(name=hearts.name, description=hearts.description, scoring=hearts.scoring)
    assert same_rules == hearts


def test_polignac_avoids_the_jacks_in_a_32_card_deck() -> None:
    polignac = get_game("polignac")
    assert polignac.player_count == 4
    assert polignac.setup.initial_deck is DeckType.PIQUET_32
    assert polignac.setup.cards_per_player * polignac.player_count == 32
    assert polignac.phases == (TrickPhase(lead_suit_required=True),)
    assert _honours(polignac) == {
        card_id(Rank.JACK, Suit.SPADES): 2,
        card_id(Rank.JACK, Suit.HEARTS): 1,
        card_id(Rank.JACK, Suit.DIAMONDS): 1,
        card_id(Rank.JACK, Suit.CLUBS): 1,
    }
    assert polignac.win_conditions == (WinCondition(WinType.LOW_SCORE, threshold=20),)


def test_knockout_whist_is_seven_tricks_most_wins() -> None:
    whist = get_game("knockout-whist")
    assert whist.setup.cards_per_player == 7
    assert whist.turn_structure.tricks_per_hand == 7
    assert whist.phases == (TrickPhase(lead_suit_required=True),)
    assert whist.setup.turned_trump is TurnedTrump.UPCARD and whist.setup.initial_discard_count == 1
    assert whist.win_conditions == (WinCondition(WinType.MOST_TRICKS),)


def test_spades() -> None:
    spades = get_game("spades")
    assert spades.phases == (
        BiddingPhase(min_bid=1, max_bid=13, allow_nil=True, blind_nil=True),
        TrickPhase(
            lead_suit_required=True, trump_suit=Suit.SPADES, high_card_wins=True, breaking_suit=Suit.SPADES
        ),
    )
    assert spades.setup.trump_suit is Suit.SPADES
    assert spades.contract_scoring == ContractScoring()
    assert spades.contract_scoring == ContractScoring(
        points_per_trick_bid=10,
        overtrick_points=1,
        failed_contract_penalty=10,
        nil_bonus=100,
        nil_penalty=100,
        bag_limit=10,
        bag_penalty=100,
    )
    # First to 500; a side sinking to -200 ends the game (the highest score then wins).
    assert spades.win_conditions == (
        WinCondition(WinType.FIRST_TO_SCORE, threshold=500),
        WinCondition(WinType.SCORE_FLOOR, threshold=-200),
    )
    assert not spades.team_mode


def test_partnership_spades_is_spades_in_teams() -> None:
    spades, partners = get_game("spades"), get_game("partnership-spades")
    assert partners.team_mode
    assert partners.teams == ((0, 2), (1, 3))
    as_individuals = partners.replace(
        name=spades.name, description=spades.description, team_mode=False, teams=()
    )
    assert as_individuals == spades


def test_whist_and_euchre_are_partnerships() -> None:
    whist, euchre = get_game("whist"), get_game("euchre")
    assert get_game("euchre-like") == euchre  # the former slug still finds it
    assert whist.teams == euchre.teams == ((0, 2), (1, 3))
    assert whist.turn_structure.tricks_per_hand == 13
    assert euchre.setup.initial_deck.size == 24
    assert euchre.turn_structure.tricks_per_hand == 5


def test_crazy_eights() -> None:
    eights = get_game("crazy-eights")
    assert eights.setup.wild_cards == (Rank.EIGHT,)
    assert eights.setup.initial_discard_count == 1
    draw, play = eights.phases
    assert draw == DrawPhase(
        source=Location.DECK,
        count=1,
        mandatory=True,
        condition=Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS),
        loop=True,
    )
    assert isinstance(play, PlayPhase)
    assert play.valid_play_condition == Condition(
        ConditionType.MATCHES_OR_WILD, reference=Reference.TOP_DISCARD
    )
    assert eights.turn_structure.deck_empty is DeckEmptyAction.RESHUFFLE_DISCARD
    assert eights.win_conditions == (WinCondition(WinType.EMPTY_HAND),)


def test_uno_style_has_seed_000_effects_and_a_wild_ace_that_names_a_suit() -> None:
    uno = get_game("uno-style")
    assert uno.special_effects == (
        SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2),
        SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT, TargetSelector.NEXT_PLAYER, 1),
        SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS, 1),
        SpecialEffect(Rank.KING, EffectType.EXTRA_TURN, TargetSelector.NEXT_PLAYER, 1),
        SpecialEffect(Rank.ACE, EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER, 1),
    )
    assert uno.setup.wild_cards == (Rank.ACE,)
    assert uno.player_count in (3, 4)
    assert uno.phases[1] == get_game("crazy-eights").phases[1]


def test_mau_mau_has_sevens_eights_and_wild_jacks_in_a_32_card_deck() -> None:
    mau_mau, uno = get_game("mau-mau"), get_game("uno-style")
    assert mau_mau.setup.initial_deck is DeckType.PIQUET_32
    assert (mau_mau.setup.cards_per_player, mau_mau.setup.initial_discard_count) == (5, 1)
    assert mau_mau.setup.wild_cards == (Rank.JACK,)
    assert mau_mau.special_effects == (
        SpecialEffect(Rank.SEVEN, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2),
        SpecialEffect(Rank.EIGHT, EffectType.SKIP_NEXT, TargetSelector.NEXT_PLAYER, 1),
        SpecialEffect(Rank.JACK, EffectType.NAME_SUIT, TargetSelector.NEXT_PLAYER, 1),
    )
    # Draw one card only when nothing can be played, then play: Uno-style's turn.
    assert mau_mau.turn_structure == uno.turn_structure
    assert mau_mau.win_conditions == (WinCondition(WinType.EMPTY_HAND),)


def test_old_maid_draws_from_an_opponent_and_pairs() -> None:
    draw, pair = get_game("old-maid").phases
    assert draw == DrawPhase(source=Location.OPPONENT_HAND, count=1, mandatory=True)
    assert isinstance(pair, PlayPhase)
    assert (pair.min_cards, pair.max_cards, pair.target) == (2, 2, Location.DISCARD)


def test_president_plays_must_beat_the_top() -> None:
    (play,) = get_game("president").phases
    assert isinstance(play, PlayPhase)
    assert (play.min_cards, play.max_cards, play.mandatory) == (1, 4, False)
    assert play.valid_play_condition == CompoundCondition(
        Logic.OR,
        (
            Condition(ConditionType.LOCATION_EMPTY, reference=Reference.DISCARD),
            Condition(ConditionType.CARD_BEATS_TOP, reference=Reference.TOP_DISCARD),
            Condition(ConditionType.CARD_IS_RANK, value=Rank.TWO),
        ),
    )


def test_president_stalled_deal_is_won_by_the_fewest_cards() -> None:
    president = get_game("president")
    # First out wins; a deal that stalls (everyone passes a whole round) goes to the fewest cards held.
    assert president.win_conditions == (WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.HIGH_SCORE))
    assert president.scoring.card_rules == (
        CardScoringRule(Condition(ConditionType.HAND_SIZE, Operator.GE, 1), -1, ScoringTrigger.HAND_END),
    )


def test_fan_tan() -> None:
    fan_tan = get_game("fan-tan")
    assert fan_tan.setup.tableau_mode is TableauMode.SEQUENCE
    assert fan_tan.setup.sequence_direction is SequenceDirection.BOTH
    assert fan_tan.setup.cards_per_player * fan_tan.player_count == 52
    assert fan_tan.phases == (PlayPhase(target=Location.TABLEAU, mandatory=True, pass_if_unable=True),)
    assert fan_tan.win_conditions == (WinCondition(WinType.EMPTY_HAND),)


def test_gin_rummy() -> None:
    gin = get_game("gin-rummy")
    take_discard, take_stock, discard, knock = gin.phases
    assert take_discard == DrawPhase(source=Location.DISCARD, count=1, mandatory=False)
    assert take_stock == DrawPhase(
        source=Location.DECK,
        count=1,
        mandatory=True,
        condition=Condition(ConditionType.HAND_SIZE, Operator.EQ, 10),
    )
    # The card just taken from the discard pile may not be thrown straight back.
    assert discard == DiscardPhase(target=Location.DISCARD, count=1, mandatory=True, no_return=True)
    assert knock == KnockPhase(max_value=10, full_bonus=25, undercut_bonus=25, lay_off=True)
    evaluation = gin.scoring.hand_evaluation
    assert evaluation is not None
    assert evaluation.method is EvaluationMethod.DEADWOOD
    assert evaluation.card_values == (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)
    assert gin.win_conditions == (WinCondition(WinType.HIGH_SCORE, threshold=100),)
    assert gin.turn_structure.deck_empty is DeckEmptyAction.END_HAND


def test_rummy_melds_sets_and_runs_and_lays_off_on_any_meld() -> None:
    _, meld, lay_off, _ = get_game("rummy").phases
    assert meld == PlayPhase(target=Location.TABLEAU, min_cards=3, max_cards=7, mandatory=False, runs=True)
    assert lay_off == PlayPhase(
        target=Location.TABLEAU,
        valid_play_condition=Condition(ConditionType.EXTENDS_MELD),
        min_cards=1,
        max_cards=1,
        mandatory=False,
    )


def test_go_fish_asks_any_opponent_fishes_asks_again_and_lays_books_of_four() -> None:
    go_fish = get_game("go-fish")
    assert go_fish.phases == (AskPhase(fish=True, again=True, book=4),)
    assert (go_fish.player_count, go_fish.setup.cards_per_player) == (4, 5)
    # One heart per book of four, laid down as played: a player's score is their number of books.
    assert go_fish.scoring.card_rules == (
        CardScoringRule(Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.PLAY),
    )
    # Judged at the hand's end: when all thirteen books are down (every hand and the stock empty).
    assert go_fish.win_conditions == (WinCondition(WinType.HIGH_SCORE),)


def test_cheat() -> None:
    assert get_game("cheat").phases == (
        ClaimPhase(min_cards=1, max_cards=4, sequential_rank=True, allow_challenge=True, pile_penalty=True),
    )


def test_scopa() -> None:
    scopa = get_game("scopa")
    assert scopa.setup.initial_deck is DeckType.ITALIAN_40
    assert len(scopa.setup.initial_deck.card_ids()) == 40
    assert scopa.setup.tableau_mode is TableauMode.MATCH_RANK
    assert scopa.setup.refill_hands
    assert scopa.setup.cards_per_player == 3
    assert scopa.win_conditions == (WinCondition(WinType.MOST_CAPTURED),)


def test_scopone_is_scopa_for_two_partnerships_with_the_deck_dealt_out() -> None:
    scopa, scopone = get_game("scopa"), get_game("scopone")
    assert scopone.player_count == 4
    assert scopone.team_mode and scopone.teams == ((0, 2), (1, 3))
    assert scopone.setup.cards_per_player * scopone.player_count == 40
    assert scopone.setup.initial_discard_count == 0
    assert not scopone.setup.refill_hands
    assert scopone.phases == scopa.phases
    assert scopone.win_conditions == scopa.win_conditions == (WinCondition(WinType.MOST_CAPTURED),)


@pytest.mark.parametrize("slug", ["simple-poker", "draw-poker"])
def test_poker(slug: str) -> None:
    poker = get_game(slug)
    assert poker.setup.starting_chips == 100
    assert poker.phases[0] == BettingPhase(min_bet=2, max_raises=3)
    evaluation = poker.scoring.hand_evaluation
    assert evaluation is not None
    assert evaluation.method is EvaluationMethod.POKER
    assert poker.win_conditions == (WinCondition(WinType.BEST_HAND),)


def test_draw_poker_exchanges_up_to_three_cards() -> None:
    phases = get_game("draw-poker").phases
    # Exchanged cards are set aside on the captured pile, which caps the exchange at three per deal.
    assert phases[1] == DiscardPhase(
        target=Location.CAPTURED,
        count=3,
        mandatory=False,
        matching_condition=Condition(ConditionType.LOCATION_SIZE, Operator.LT, 3, Reference.CAPTURED),
    )
    assert phases[2] == DrawPhase(
        source=Location.DECK,
        count=1,
        mandatory=True,
        condition=Condition(ConditionType.HAND_SIZE, Operator.LT, 5),
        loop=True,
    )
    assert phases[3] == phases[0]


def test_blackjack() -> None:
    blackjack = get_game("blackjack")
    evaluation = blackjack.scoring.hand_evaluation
    assert evaluation is not None
    assert evaluation.method is EvaluationMethod.POINT_TOTAL
    assert evaluation.ace_alternate_value == 1
    assert evaluation.bust_threshold == 21
    assert evaluation.card_values == DEFAULT_CARD_VALUES
    assert blackjack.phases == (
        DrawPhase(
            source=Location.DECK,
            count=1,
            mandatory=False,
            condition=Condition(ConditionType.HAND_VALUE, Operator.LT, 21),
            loop=True,  # a player draws as often as they like while under 21 (Bicycle's "hit")
            stand=True,  # a player who declines a card has stood: no more cards this hand
        ),
        # Bicycle: the dealer stands on 17, a soft 17 too; pays a natural 3 to 2; peeks under an ace or
        # a ten-card for a natural.
        DealerPhase(stand_on=17, hits_soft=False, naturals=True, peek=True),
    )
    # One deal (one bet) is the game.
    assert blackjack.win_conditions == (WinCondition(WinType.HANDS_PLAYED, threshold=1),)


def test_registry_doctests() -> None:
    import doctest

    import darwindeck.genome.library as library

    result = doctest.testmod(library)
    assert (result.attempted, result.failed) == (2, 0)


def test_knaves_scores_a_point_a_trick_less_the_jacks_with_the_last_card_turned_for_trumps() -> None:
    knaves = get_game("knaves")
    assert knaves.player_count == 3 and not knaves.team_mode
    # 17 cards each and the 52nd card turned up for trumps, out of play: nothing is left in the stock.
    assert knaves.setup.cards_per_player == 17
    assert knaves.setup.initial_deck is DeckType.STANDARD_52
    assert (knaves.setup.initial_discard_count, knaves.setup.turned_trump) == (1, TurnedTrump.UPCARD)
    assert knaves.setup.cards_per_player * knaves.player_count + 1 == 52
    assert knaves.setup.trump_suit is None
    assert knaves.turn_structure.tricks_per_hand == 17
    assert knaves.phases == (TrickPhase(lead_suit_required=True),)
    # A point for every trick (a book of 0), less the jacks taken in tricks.
    assert knaves.book_scoring == BookScoring(book=0, points_per_trick=1)
    assert _honours(knaves) == {
        card_id(Rank.JACK, Suit.HEARTS): -4,
        card_id(Rank.JACK, Suit.DIAMONDS): -3,
        card_id(Rank.JACK, Suit.CLUBS): -2,
        card_id(Rank.JACK, Suit.SPADES): -1,
    }
    assert {r.trigger for r in knaves.scoring.card_rules} == {ScoringTrigger.TRICK_WIN}
    assert not knaves.scoring.shoot_the_moon
    # Judged at the end of each deal: 20 or more, the highest score wins.
    assert knaves.win_conditions == (WinCondition(WinType.SCORE_THRESHOLD, threshold=20),)


def test_cutthroat_euchre_is_euchre_for_three_with_the_maker_alone() -> None:
    euchre, cutthroat = get_game("euchre"), get_game("cutthroat-euchre")
    assert cutthroat.player_count == 3
    assert not cutthroat.team_mode and cutthroat.teams == ()
    # Euchre's deal, trump making and bowers: 24 cards, five each, the next card turned up.
    assert cutthroat.setup == euchre.setup
    assert cutthroat.turn_structure == euchre.turn_structure
    assert cutthroat.phases == (TrumpPhase(), euchre.phases[1])
    # The maker alone: 1 for 3 or 4 tricks, 3 for a march; euchred, each opponent scores 2; game 10.
    assert cutthroat.maker_scoring == MakerScoring(
        made_tricks=3, made_points=1, march_points=3, euchre_points=2
    )
    assert (
        cutthroat.win_conditions
        == euchre.win_conditions
        == (WinCondition(WinType.FIRST_TO_SCORE, threshold=10),)
    )


def test_cribbage_play_counts_to_31_with_combos_to_61() -> None:
    crib = get_game("cribbage-play")
    assert crib.phases == (CountPhase(limit=31, go_points=1, combos=True),)
    assert (crib.player_count, crib.setup.cards_per_player) == (2, 4)
    assert crib.win_conditions == (WinCondition(WinType.FIRST_TO_SCORE, threshold=61),)
    assert GAME_INFO["cribbage-play"].mechanics == ("counting",)
