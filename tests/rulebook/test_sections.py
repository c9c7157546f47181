"""Rulebook content from small hand-built genomes: exact sentences for each rule the genome states."""

from __future__ import annotations

import dataclasses

import pytest

from darwindeck.errors import GenomeValidationError
from darwindeck.genome import (
    BiddingPhase,
    CardScoringRule,
    CompoundCondition,
    Condition,
    ConditionType,
    ContractScoring,
    DeckEmptyAction,
    DeckType,
    DiscardPhase,
    DrawPhase,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    Location,
    Logic,
    Operator,
    PlayPhase,
    Rank,
    Reference,
    Scoring,
    ScoringTrigger,
    SequenceDirection,
    SetupRules,
    SpecialEffect,
    Suit,
    TableauMode,
    TargetSelector,
    TrickPhase,
    TurnStructure,
    Visibility,
    WinCondition,
    WinType,
)
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import PassDirection, PassPhase
from darwindeck.rulebook import BulletList, Paragraph, Section, Table, build_rulebook, render_markdown


def shedding(**changes: object) -> GameGenome:
    """A plain 2-player shedding game: draw 1, play 1 matching card, empty your hand to win."""
    genome = GameGenome(
        name="Shed",
        setup=SetupRules(cards_per_player=7, initial_discard_count=1),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(),
                PlayPhase(valid_play_condition=Condition(ConditionType.MATCHES_OR_WILD)),
            )
        ),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
    )
    return genome.replace(**changes)


def war(mode: TableauMode = TableauMode.WAR, **setup_changes: object) -> GameGenome:
    setup = SetupRules(
        cards_per_player=26,
        hand_visibility=Visibility.FACE_DOWN,
        tableau_mode=mode,
        captures_to=Location.HAND,
    )
    return GameGenome(
        name="War",
        setup=dataclasses.replace(setup, **setup_changes),
        turn_structure=TurnStructure(phases=(PlayPhase(target=Location.TABLEAU),)),
        win_conditions=(WinCondition(WinType.CAPTURE_ALL),),
        max_turns=1000,
    )


def spades(team_mode: bool = False, contract: ContractScoring | None = None) -> GameGenome:
    return GameGenome(
        name="Spades",
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            phases=(BiddingPhase(), TrickPhase(trump_suit=Suit.SPADES, breaking_suit=Suit.SPADES)),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
        win_conditions=(WinCondition(WinType.FIRST_TO_SCORE, 500),),
        player_count=4,
        team_mode=team_mode,
        teams=((0, 2), (1, 3)) if team_mode else (),
        contract_scoring=contract if contract is not None else ContractScoring(),
    )


def section(genome: GameGenome, title: str) -> Section:
    matches = [s for s in build_rulebook(genome).sections if s.title == title]
    assert len(matches) == 1, f"expected one {title!r} section"
    return matches[0]


def sentences(block_owner: Section) -> list[str]:
    """Every paragraph and bullet of a section and its subsections, in order."""
    found: list[str] = []
    for block in block_owner.blocks:
        if isinstance(block, Paragraph):
            found.append(block.text)
        elif isinstance(block, BulletList):
            found.extend(block.items)
    for sub in block_owner.subsections:
        found.extend(sentences(sub))
    return found


def titles(genome: GameGenome) -> list[str]:
    return [s.title for s in build_rulebook(genome).sections]


# --- section order and presence -------------------------------------------------------------------


def test_plain_game_has_the_core_sections_in_order() -> None:
    assert titles(shedding()) == ["Overview", "Components", "Setup", "Objective", "Turn", "End of game"]


def test_war_genome_has_tableau_rules_with_the_seed_sentence() -> None:
    genome = war()
    assert "Tableau rules" in titles(genome)
    text = sentences(section(genome, "Tableau rules"))
    assert text == [
        "When both players have played, compare ranks—higher card wins both cards.",
        "Cards rank from 2 (low) to A (high).",
        "The player of the higher card takes every card on the tableau and puts them at the bottom of "
        "their hand.",
        "On a tie both cards stay on the tableau and the next two cards decide: the higher one takes them "
        "all (a war).",
        "A player with no card left to play after a tie cannot finish the war: the other player takes the "
        "tableau.",
        "Won cards are shuffled before they go under the hand.",
    ]


def test_none_mode_has_no_tableau_heading_but_the_play_says_cards_remain() -> None:
    genome = war(TableauMode.NONE)
    assert "Tableau rules" not in titles(genome)
    assert "## Tableau rules" not in render_markdown(genome)
    assert "Cards remain on the tableau." in sentences(section(genome, "Turn"))


def test_match_rank_sentences_and_capture_destination() -> None:
    genome = war(TableauMode.MATCH_RANK, captures_to=Location.CAPTURED)
    assert sentences(section(genome, "Tableau rules")) == [
        "If your card matches a card on the tableau by rank, capture both cards.",
        "The capturing player puts both cards in their captured pile.",
        "A card that matches no card on the tableau by rank stays there.",
    ]


@pytest.mark.parametrize(
    ("direction", "first", "growth", "complete"),
    [
        (
            SequenceDirection.ASCENDING,
            "Play cards in ascending order (7→8→9→...) to build on tableau piles.",
            "Each card added must be one rank above the top card of its pile.",
            "A pile that reaches K is complete.",
        ),
        (
            SequenceDirection.DESCENDING,
            "Play cards in descending order (7→6→5→...) to build on tableau piles.",
            "Each card added must be one rank below the top card of its pile.",
            "A pile that reaches A is complete.",
        ),
        (
            SequenceDirection.BOTH,
            "Play cards in either direction to build on tableau piles.",
            "Each card added must be one rank above the highest card of its pile or one rank below its "
            "lowest card, so a pile grows both ways from its base.",
            "A pile is complete upwards once it reaches K, and downwards once it reaches A.",
        ),
    ],
)
def test_sequence_mode_explains_piles_per_direction(
    direction: SequenceDirection, first: str, growth: str, complete: str
) -> None:
    genome = shedding(
        setup=SetupRules(cards_per_player=13, tableau_mode=TableauMode.SEQUENCE, sequence_direction=direction)
    )
    assert sentences(section(genome, "Tableau rules")) == [
        first,
        "Each suit has its own pile, and a card may only be added to the pile of its own suit.",
        "The first card played in a suit starts that suit's pile and is its base.",
        growth,
        complete,
        "For building, A is the lowest rank (A, 2, 3, …, 10, J, Q, K) and ranks never wrap: nothing is "
        "built on a K going up or on an A going down.",
    ]


# --- bidding, contracts, teams -------------------------------------------------------------------


def test_spades_with_default_contract_scoring_states_the_seed_numbers() -> None:
    text = sentences(section(spades(), "Bidding and scoring"))
    assert text == [
        "Your bid is your contract: the number of tricks you promise to take.",
        "At the end of each hand, a player who took at least as many tricks as their contract has made "
        "it: they score 10 points per trick bid, plus 1 point per trick over the contract.",
        "A player who took fewer tricks than their contract failed it and loses 10 points per trick bid.",
        "Nil is worth 100 points if the Nil bidder takes no trick; a failed Nil costs 100 points. A Nil "
        "bidder's contract is no trick at all, so each trick they take also counts as a trick over the "
        "contract.",
        "Every trick over the contract is also a bag. Bags carry over from hand to hand: 10 bags cost 100 "
        "points, so when a player has 10 bags, they lose 100 points and 10 bags are taken off their count.",
    ]


def test_contract_numbers_come_from_the_genome() -> None:
    contract = ContractScoring(
        points_per_trick_bid=5,
        overtrick_points=2,
        failed_contract_penalty=7,
        nil_bonus=50,
        nil_penalty=60,
        bag_limit=5,
        bag_penalty=40,
    )
    text = " ".join(sentences(section(spades(team_mode=True, contract=contract), "Bidding and scoring")))
    assert "it scores 5 points per trick bid, plus 2 points per trick over the contract" in text
    assert "loses 7 points per trick bid" in text
    assert "Nil is worth 50 points if the Nil bidder takes no trick; a failed Nil costs 60 points." in text
    assert "Nil is scored for the bidder's team on top of the team's contract." in text
    assert "5 bags cost 40 points, so when a team has 5 bags, it loses 40 points" in text
    assert "A team's contract is the sum of its members' bids (Nil bids excluded)" in text


def test_no_nil_sentence_when_no_bidding_phase_allows_nil() -> None:
    genome = spades()
    phases = (BiddingPhase(allow_nil=False), *genome.phases[1:])
    genome = genome.replace(turn_structure=TurnStructure(phases, is_trick_based=True, tricks_per_hand=13))
    assert not any("Nil" in s for s in sentences(section(genome, "Bidding and scoring")))
    assert "You may instead bid Nil: a promise to take no trick at all." not in sentences(
        section(genome, "Turn")
    )


# A score win with a threshold reached while the best score is shared does not end the game (real
# Hearts and Spades play on); every such sentence says so.
PLAYED_ON = " If the best score is shared at that moment, play goes on until one is best alone."


def test_team_objective_names_the_seats() -> None:
    text = sentences(section(spades(team_mode=True), "Objective"))
    assert text[0] == "Players 1 and 3 play against players 2 and 4."
    assert text[-1] == "The first team to reach 500 points wins." + PLAYED_ON


def test_three_teams_and_a_lone_player() -> None:
    six = shedding(player_count=6, team_mode=True, teams=((0, 3), (1, 4), (2, 5)))
    assert sentences(section(six, "Objective"))[0] == (
        "There are 3 teams: players 1 and 4; players 2 and 5; players 3 and 6."
    )
    lone = shedding(player_count=4, team_mode=True, teams=((3,), (0, 1, 2)))
    assert sentences(section(lone, "Objective"))[0] == "Player 4 plays against players 1, 2 and 3."


def test_individual_objective_has_no_team_sentence() -> None:
    assert sentences(section(spades(), "Objective")) == [
        "The first player to reach 500 points wins." + PLAYED_ON
    ]


# --- win conditions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("win", "sentence"),
    [
        (
            WinCondition(WinType.LOW_SCORE, 100),
            # engine.wins judges low_score at a hand's end only (docs/rules-engine.md, Win checks)
            "At the end of a hand in which any player's score has reached 100 points or more, the game "
            "ends and the player with the lowest score wins (not before: a hand is always played out)."
            + PLAYED_ON,
        ),
        (
            # met at the first hand's end, so the game deals one hand (statements.most_hands)
            WinCondition(WinType.HIGH_SCORE),
            "At the end of the hand, the player with the highest score wins (a tie is a draw).",
        ),
        (
            WinCondition(WinType.SCORE_THRESHOLD, 1),
            "A player whose score is at least 1 point at the end of a hand wins." + PLAYED_ON,
        ),
        (
            WinCondition(WinType.MOST_CAPTURED),
            "When the cards run out, the player who captured the most cards wins.",
        ),
        (
            WinCondition(WinType.FEWEST_TRICKS),
            "At the end of a hand, the player who took the fewest tricks wins.",
        ),
    ],
)
def test_win_condition_sentences(win: WinCondition, sentence: str) -> None:
    assert sentences(section(shedding(win_conditions=(win,)), "Objective")) == [sentence]


def test_several_win_conditions_become_a_list() -> None:
    genome = shedding(
        win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.FIRST_TO_SCORE, 50))
    )
    assert sentences(section(genome, "Objective")) == [
        "The game is won in any of these ways:",
        "The first player to empty their hand wins.",
        "The first player to reach 50 points wins." + PLAYED_ON,
    ]


def test_missing_threshold_is_an_error_naming_the_place() -> None:
    genome = shedding(win_conditions=(WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.FIRST_TO_SCORE)))
    with pytest.raises(GenomeValidationError, match=r"win_conditions\[1\]\.threshold"):
        render_markdown(genome)


# --- special effects -----------------------------------------------------------------------------


def effects_table(genome: GameGenome) -> Table:
    tables = [b for b in section(genome, "Special cards").blocks if isinstance(b, Table)]
    assert len(tables) == 1
    return tables[0]


def test_effects_table_rows_in_rank_order_with_sentences() -> None:
    genome = shedding(
        player_count=4,
        special_effects=(
            SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),
            SpecialEffect(Rank.TWO, EffectType.DRAW_CARDS, TargetSelector.NEXT_PLAYER, 2),
            SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION, TargetSelector.ALL_OPPONENTS),
            SpecialEffect(Rank.KING, EffectType.EXTRA_TURN),
            SpecialEffect(Rank.FIVE, EffectType.FORCE_DISCARD, TargetSelector.ALL_OPPONENTS, 1),
        ),
    )
    table = effects_table(genome)
    assert table.header == ("Card", "Effect", "Target", "Value", "In words")
    assert table.rows == (
        (
            "2",
            "Draw cards",
            "the next player",
            "2",
            "Playing a 2 makes the next player draw 2 cards from the deck (fewer if it runs out).",
        ),
        (
            "5",
            "Force discard",
            "every opponent",
            "1",
            "Playing a 5 makes every opponent discard 1 card onto the discard pile (fewer if their hand "
            "runs out).",
        ),
        ("J", "Skip", "—", "1", "Playing a J skips the next player."),
        ("Q", "Reverse", "—", "—", "Playing a Q reverses the direction of play."),
        ("K", "Extra turn", "—", "—", "Playing a K gives you another turn."),
    )


def test_last_effect_listed_for_a_rank_is_the_only_one_described() -> None:
    genome = shedding(
        player_count=3,
        special_effects=(
            SpecialEffect(Rank.EIGHT, EffectType.REVERSE_DIRECTION),
            SpecialEffect(Rank.EIGHT, EffectType.DRAW_CARDS, TargetSelector.PREV_PLAYER, 3),
        ),
    )
    assert effects_table(genome).rows == (
        (
            "8",
            "Draw cards",
            "the previous player",
            "3",
            "Playing an 8 makes the previous player draw 3 cards from the deck (fewer if it runs out).",
        ),
    )


def test_skip_count_is_capped_at_players_minus_one() -> None:
    genome = shedding(
        player_count=3, special_effects=(SpecialEffect(Rank.ACE, EffectType.SKIP_NEXT, value=5),)
    )
    assert effects_table(genome).rows[0][3:] == (
        "2",
        "Playing an A skips the next 2 players (no more than 2 can be skipped), so you play again.",
    )


def test_two_player_skip_and_reverse_say_what_really_happens() -> None:
    genome = shedding(
        special_effects=(
            SpecialEffect(Rank.JACK, EffectType.SKIP_NEXT),
            SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION),
        )
    )
    assert [row[4] for row in effects_table(genome).rows] == [
        "Playing a J skips the next player, so you play again.",
        "Playing a Q reverses the direction of play (with 2 players this changes nothing).",
    ]


def _pass_rule(players: int, *directions: PassDirection) -> str:
    play = PlayPhase(valid_play_condition=Condition(ConditionType.MATCHES_OR_WILD))
    phases = (PassPhase(3, directions), DrawPhase(), play)
    genome = shedding(player_count=players, turn_structure=TurnStructure(phases=phases))
    rules = [s for s in sentences(section(genome, "Turn")) if s.startswith(("Hand 1", "Every hand"))]
    assert len(rules) == 1
    return rules[0]


def test_pass_directions_say_who_receives_at_this_table() -> None:
    left, right, across, hold = PassDirection
    assert _pass_rule(4, left, right, across, hold) == (
        "Hand 1 passes to the left (the next player in seat order); hand 2 passes to the right (the previous "
        "player in seat order); hand 3 passes across (the player opposite you); hand 4 is a hold hand: "
        "nobody passes; then the cycle starts again."
    )
    # With two players left, right and across are all the opponent (engine.passing: 1 seat on).
    assert _pass_rule(2, left, right, across, hold) == (
        "Hand 1 passes to your opponent; hand 2 passes to your opponent; hand 3 passes to your opponent; "
        "hand 4 is a hold hand: nobody passes; then the cycle starts again."
    )
    assert _pass_rule(2, left, across) == "Every hand passes to your opponent."
    # Across is half the table away, rounded down: 1 seat of 3 (the left), 2 seats of 5.
    assert _pass_rule(3, across) == "Every hand passes to the left (the next player in seat order)."
    assert _pass_rule(5, across, right) == (
        "Hand 1 passes 2 seats to the left; hand 2 passes to the right (the previous player in seat order); "
        "then the cycle starts again."
    )


def test_turn_order_explained_only_when_effects_change_it() -> None:
    plain = sentences(section(shedding(player_count=3), "Turn"))
    assert not any("direction" in s for s in plain)
    reversing = shedding(
        player_count=3, special_effects=(SpecialEffect(Rank.QUEEN, EffectType.REVERSE_DIRECTION),)
    )
    turn = sentences(section(reversing, "Turn"))
    assert turn[1] == (
        "Player 1 takes the first turn of the first hand; in each new hand, the next player in seat "
        "order does."
    )
    assert turn[2] == (
        "When your turn ends, play passes to the next player in the current direction of play. Play "
        "starts in seat order; a reverse card switches the direction, and “next” and “previous” player "
        "always follow the current direction."
    )


def test_no_special_cards_section_without_effects() -> None:
    assert "Special cards" not in titles(shedding())


# --- setup and components ------------------------------------------------------------------------


def test_setup_states_deal_discard_stock_wild_trump_and_refill() -> None:
    genome = shedding(
        setup=SetupRules(
            cards_per_player=5,
            initial_discard_count=1,
            wild_cards=(Rank.EIGHT, Rank.TWO),
            trump_suit=Suit.HEARTS,
            refill_hands=True,
        )
    )
    assert sentences(section(genome, "Setup")) == [
        "Shuffle the deck and deal 5 cards to each player.",
        "Move 1 card from the deck onto the discard pile to start it.",
        "The other 41 cards stay face down as the deck.",
        "Every 8 and every 2 are wild.",
        "Hearts (♥) are trumps.",
        "When every hand is empty and the deck still holds cards, deal again: 5 cards to each player.",
    ]


def test_setup_states_unusual_visibilities_only() -> None:
    ordinary = sentences(section(shedding(), "Setup"))
    assert not any("see" in s for s in ordinary)
    genome = shedding(
        setup=SetupRules(hand_visibility=Visibility.FACE_UP, discard_visibility=Visibility.FACE_DOWN)
    )
    text = sentences(section(genome, "Setup"))
    assert "Hands are open: everyone may see every card in every hand." in text
    assert "The discard pile is face down: nobody may look at its cards." in text


def test_components_deck_and_chips() -> None:
    genome = shedding(
        setup=SetupRules(cards_per_player=3, initial_deck=DeckType.PIQUET_32, starting_chips=50)
    )
    assert sentences(section(genome, "Components")) == [
        "A 32-card deck: 7 to A in each of the four suits (♥ ♦ ♣ ♠).",
        "Chips: each player starts with 50 chips.",
    ]
    assert "Chips" not in " ".join(sentences(section(shedding(), "Components")))


def test_overview_summary_from_the_mechanics() -> None:
    text = sentences(section(spades(team_mode=True), "Overview"))
    assert text == [
        "Players: 4",
        "Spades is a card game for 4 players in 2 teams, played with a 52-card deck. Its mechanics: "
        "trick-taking, bidding, contracts and partnerships. The aim is to be the first to reach 500 points.",
    ]


# --- phases --------------------------------------------------------------------------------------


def test_draw_play_phases_describe_their_fields() -> None:
    no_play = Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS)
    genome = shedding(
        setup=SetupRules(wild_cards=(Rank.EIGHT,), initial_discard_count=1),
        turn_structure=TurnStructure(
            phases=(
                DrawPhase(condition=no_play, loop=True),
                PlayPhase(valid_play_condition=Condition(ConditionType.MATCHES_OR_WILD), mandatory=False),
            )
        ),
    )
    turn = section(genome, "Turn")
    assert [sub.title for sub in turn.subsections] == ["Phase 1: Draw", "Phase 2: Play"]
    assert sentences(turn.subsections[0]) == [
        "Draw 1 card from the deck.",
        "Draw only when you have no legal play.",
        "Keep drawing while you have no legal play, stopping when the deck is empty.",
        "This draw is compulsory.",
    ]
    assert sentences(turn.subsections[1]) == [
        "Play 1 card onto the discard pile.",
        "A card may be played only if it matches the rank or the suit of the top card of the discard "
        "pile, or it is wild (any 8).",
        "Playing is optional: you may pass instead.",
    ]


def test_play_obligations() -> None:
    def obligation(phase: PlayPhase) -> str:
        return sentences(section(shedding(turn_structure=TurnStructure((phase,))), "Turn").subsections[0])[-1]

    assert obligation(PlayPhase()) == "You must play if you can; if you cannot, you pass."
    assert obligation(PlayPhase(pass_if_unable=False)) == (
        "You must play: passing is not allowed, even without a legal play."
    )


def test_compound_conditions_keep_their_grouping() -> None:
    condition = CompoundCondition(
        Logic.OR,
        (
            Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS),
            CompoundCondition(
                Logic.AND,
                (
                    Condition(ConditionType.CARD_IS_RANK, value=Rank.ACE),
                    Condition(ConditionType.HAND_SIZE, Operator.LE, 3),
                ),
            ),
        ),
    )
    genome = shedding(turn_structure=TurnStructure((DiscardPhase(matching_condition=condition),)))
    assert sentences(section(genome, "Turn").subsections[0]) == [
        "Discard 1 card onto the discard pile.",
        "A card may be discarded only if it is a heart (♥) or (it is an A and your hand holds at most 3 "
        "cards).",
        "Discarding is compulsory.",
    ]


def test_trick_phase_rules() -> None:
    genome = shedding(
        player_count=4,
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(
            (TrickPhase(high_card_wins=False, breaking_suit=Suit.HEARTS),),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
    )
    turn = section(genome, "Turn")
    # 13 cards each and 13 tricks, nothing but tricks takes a card: every hand ends with every hand
    # empty, so shedding's empty_hand ends the game with the first hand (statements.most_hands)
    assert sentences(turn)[0] == (
        "The game is one hand, played in tricks: in seat order, starting with the player who leads, every "
        "player plays one card to each trick. The hand has 13 tricks."
    )
    assert sentences(turn.subsections[0]) == [
        "Play 1 card to the trick. The first card played is the lead.",
        "You must follow the suit led if you can; if you cannot, you may play any card.",
        "Hearts (♥) may not be led until a heart has been played in this hand (until hearts are “broken”), "
        "unless you hold nothing but hearts (♥).",
        "The lowest card of the suit led wins the trick.",
        "Cards rank from 2 (low) to A (high).",
        "The winner of a trick leads the next one.",
    ]


def test_location_condition_without_a_location_is_an_error_naming_the_place() -> None:
    bad = DrawPhase(condition=Condition(ConditionType.LOCATION_EMPTY))
    genome = shedding(turn_structure=TurnStructure((bad, PlayPhase())))
    with pytest.raises(GenomeValidationError, match=r"turn_structure\.phases\[0\]\.condition\.reference"):
        render_markdown(genome)


# --- scoring and end of game ---------------------------------------------------------------------


def test_card_scoring_table_and_hand_end_scoring() -> None:
    queen_of_spades = CompoundCondition(
        Logic.AND,
        (
            Condition(ConditionType.CARD_IS_RANK, value=Rank.QUEEN),
            Condition(ConditionType.CARD_IS_SUIT, value=Suit.SPADES),
        ),
    )
    genome = shedding(
        scoring=Scoring(
            card_rules=(
                CardScoringRule(
                    Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN
                ),
                CardScoringRule(queen_of_spades, 13, ScoringTrigger.CAPTURE),
                CardScoringRule(
                    Condition(ConditionType.CARD_IS_RANK, value=Rank.ACE), -5, ScoringTrigger.HAND_END
                ),
                CardScoringRule(Condition(ConditionType.HAS_MATCHING_PAIR), 2, ScoringTrigger.PLAY),
            )
        ),
        win_conditions=(WinCondition(WinType.HIGH_SCORE),),
    )
    tables = [b for b in section(genome, "Scoring").blocks if isinstance(b, Table)]
    assert tables[0].rows == (
        ("any heart (♥)", "1", "in a trick you win"),
        ("the Q♠", "13", "you capture it"),
        ("any A", "-5", "it is still in your hand when the hand ends"),
        ("any card such that your hand holds two cards of the same rank", "2", "you play it"),
    )


def test_hand_evaluation_point_total() -> None:
    genome = shedding(
        scoring=Scoring(
            hand_evaluation=HandEvaluation(
                EvaluationMethod.POINT_TOTAL, ace_alternate_value=1, bust_threshold=21
            )
        ),
        win_conditions=(WinCondition(WinType.BEST_HAND),),
    )
    assert sentences(section(genome, "Scoring")) == [
        "A hand is worth the total value of its cards.",
        "Card values: number cards count their face value; J, Q and K count 10; A counts 11.",
        "An A may count 1 instead, whenever that keeps the hand from busting.",
        "A hand worth more than 21 busts and cannot win.",
    ]


def test_end_of_game_turn_limit_and_deck_exhaustion() -> None:
    genome = shedding(
        max_turns=150,
        turn_structure=TurnStructure((DrawPhase(), PlayPhase()), deck_empty=DeckEmptyAction.END_GAME),
    )
    assert sentences(section(genome, "End of game")) == [
        "The game ends as soon as the winning condition under Objective holds.",
        "A hand ends when every hand and the deck are empty, or after a whole round of turns in which "
        "no card moved.",
        "When a hand ends, a new hand is dealt unless someone has won.",
        "When a player must draw from an empty deck, the game ends and the winner is decided as described "
        "under Objective.",
        "If nobody has won after 150 turns, the game ends in a draw.",
    ]


def test_the_end_of_game_names_one_winning_condition_in_the_singular() -> None:
    # The shedding genome has one win condition (empty hand): "the winning condition"; with a second
    # one (a score threshold) the Objective lists two ways, so "one of the winning conditions".
    first = "The game ends as soon as the winning condition under Objective holds."
    assert sentences(section(shedding(), "End of game"))[0] == first
    wins = (WinCondition(WinType.EMPTY_HAND), WinCondition(WinType.FIRST_TO_SCORE, 50))
    two = shedding(win_conditions=wins)
    assert sentences(section(two, "Objective"))[0] == "The game is won in any of these ways:"
    plural = "The game ends as soon as one of the winning conditions under Objective holds."
    assert sentences(section(two, "End of game"))[0] == plural


def test_no_deck_sentence_when_nothing_draws_from_the_deck() -> None:
    assert sentences(section(war(), "End of game")) == [
        "The game ends as soon as the winning condition under Objective holds.",
        "A hand ends when every hand and the deck are empty, or after a whole round of turns in which "
        "no card moved.",
        "When a hand ends, a new hand is dealt unless someone has won.",
        "If nobody has won after 1000 turns, the game ends in a draw.",
    ]


def test_a_hand_dealt_fewer_cards_than_tricks_ends_when_the_hands_are_empty() -> None:
    # 7 cards each and a compulsory discard of 2: five tricks empty every hand, long before 13.
    genome = GameGenome(
        name="Short Hands",
        setup=SetupRules(cards_per_player=7),
        turn_structure=TurnStructure(
            (DiscardPhase(target=Location.DISCARD, count=2, mandatory=True), TrickPhase()),
            is_trick_based=True,
            tricks_per_hand=13,
        ),
        win_conditions=(WinCondition(WinType.MOST_TRICKS),),
        player_count=4,
    )
    first = sentences(section(genome, "Turn"))[0]
    # No rule puts a card into a hand, so a hand has at most the 7 tricks the deal gives (issue 25:
    # the rulebook never states a number the deal cannot reach).
    assert "A hand ends when every hand is empty, after 7 tricks at most." in first
    assert "13 tricks" not in first


@pytest.mark.parametrize(
    ("deck_empty", "ending"),
    [
        (
            DeckEmptyAction.RESHUFFLE_DISCARD,
            "the deck is empty and the discard pile has no card under its top card",
        ),
        (DeckEmptyAction.SKIP, "the deck is empty."),
        (DeckEmptyAction.END_GAME, "the deck runs out, which ends the game."),
    ],
)
def test_a_drawing_loop_stops_as_the_engine_stops_it(deck_empty: DeckEmptyAction, ending: str) -> None:
    # The engine keeps a loop drawing from an empty deck while the discard pile can be reshuffled into a
    # new deck (Crazy Eights), so the rulebook may not say the loop stops at an empty deck there.
    eights = get_game("crazy-eights")
    genome = eights.replace(turn_structure=dataclasses.replace(eights.turn_structure, deck_empty=deck_empty))
    text = " ".join(sentences(section(genome, "Turn").subsections[0]))
    assert f"stopping when {ending}" in text


@pytest.mark.parametrize(
    ("deck", "order"),
    [
        (
            DeckType.STANDARD_52,
            "the first claim of each hand is Aces, then 2s, 3s and so on up to Kings, and then Aces again.",
        ),
        (
            DeckType.EUCHRE_24,
            "the first claim of each hand is Aces, then 9s, 10s and so on up to Kings, and then Aces again.",
        ),
        (
            DeckType.ITALIAN_40,
            "and then Aces again; this deck has no 8s, 9s and 10s, so they are skipped.",
        ),
    ],
)
def test_sequential_claims_name_the_ranks_of_the_deck(deck: DeckType, order: str) -> None:
    cheat = get_game("cheat")
    genome = dataclasses.replace(cheat, setup=dataclasses.replace(cheat.setup, initial_deck=deck))
    assert order in render_markdown(genome)


def test_partners_are_told_of_a_shared_score_only_where_points_are_scored() -> None:
    # Scopone (the library's: the team that captured the most cards wins, no card scores points) has
    # partners but no score; Partnership Spades scores its contracts. The demo's Gilded Bazaar (most
    # tricks, no scoring) told its players "every point a player earns also counts for their team".
    scopone = render_markdown(get_game("scopone"))
    assert "Partners win or lose together" in scopone and "Partners share one score" not in scopone
    spades = render_markdown(get_game("partnership-spades"))
    assert "Partners share one score" in spades and "Partners win or lose together" not in spades
