"""Tricks, bidding and contracts (spec 004), teams (spec 003), card scoring, hands that re-deal."""

from __future__ import annotations

import random

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import (
    BiddingPhase,
    CardScoringRule,
    Condition,
    ConditionType,
    ContractScoring,
    GameGenome,
    Scoring,
    ScoringTrigger,
    SetupRules,
    Suit,
    TrickPhase,
    TurnStructure,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, c, cards, shedding_genome


def spades(
    cards_per_player: int = 13,
    target: int = 500,
    teams: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3)),
    contract: ContractScoring = ContractScoring(),
) -> GameGenome:
    players = sum(len(t) for t in teams)
    return GameGenome(
        name="spades",
        setup=SetupRules(cards_per_player=cards_per_player, trump_suit=Suit.SPADES),
        turn_structure=TurnStructure(
            phases=(
                BiddingPhase(min_bid=1, max_bid=13, allow_nil=True),
                TrickPhase(trump_suit=Suit.SPADES, breaking_suit=Suit.SPADES),
            ),
            is_trick_based=True,
        ),
        win_conditions=(WinCondition(WinType.HIGH_SCORE, target),),
        player_count=players,
        team_mode=True,
        teams=teams,
        contract_scoring=contract,
        max_turns=5000,
    )


def hearts() -> GameGenome:
    return GameGenome(
        name="hearts",
        setup=SetupRules(cards_per_player=13),
        turn_structure=TurnStructure(phases=(TrickPhase(breaking_suit=Suit.HEARTS),), is_trick_based=True),
        win_conditions=(WinCondition(WinType.LOW_SCORE, 100),),
        scoring=Scoring(
            card_rules=(
                CardScoringRule(
                    Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 1, ScoringTrigger.TRICK_WIN
                ),
            )
        ),
        player_count=4,
        max_turns=2000,
    )


def test_bids_go_round_in_seat_order_then_the_first_player_leads() -> None:
    state = GameState.new(spades(), seed=1)
    assert state.legal_actions() == list(range(L.A_BID0, L.A_BID0 + 14))  # Nil (= BID 0) and 1..13
    assert state.action_to_string(L.A_BID0) == "bid Nil"
    for seat in range(4):
        assert state.current_player == seat
        state.apply_action(L.A_BID0 + 3)
    assert state.current_player == 0
    assert all(a < 52 for a in state.legal_actions())
    assert state.observation(0).bids == (3, 3, 3, 3)


def test_bids_are_capped_by_the_hand_size() -> None:
    state = GameState.new(spades(cards_per_player=2), seed=1)
    assert state.legal_actions() == [L.A_BID0, L.A_BID0 + 1, L.A_BID0 + 2]


def small_spades_hand() -> GameState:
    state = arranged(
        spades(cards_per_player=2),
        [cards("AS KS"), cards("2H 3H"), cards("4H 5H"), cards("6H 7H")],
    )
    for bid in (2, 0, 1, 1):  # team 0: 2 + 1; team 1: Nil + 1
        state.apply_action(L.A_BID0 + bid)
    return state


def test_trump_wins_the_trick_and_the_winner_leads() -> None:
    state = small_spades_hand()
    assert state.legal_actions() == sorted(cards("AS KS"))  # only spades: may lead the unbroken suit
    state.apply_action(c("AS"))
    assert state.legal_actions() == sorted(cards("2H 3H"))  # no spade to follow with
    for card in ("2H", "4H", "6H"):
        state.apply_action(c(card))
    assert state.captured(0) == tuple(cards("AS 2H 4H 6H"))
    assert state.observation(0).tricks_won == (1, 0, 0, 0)
    assert state.current_player == 0


def test_contracts_are_scored_at_hand_end_then_the_hand_state_resets() -> None:
    state = small_spades_hand()
    for card in ("AS", "2H", "4H", "6H", "KS", "3H", "5H", "7H"):
        state.apply_action(c(card))
    # team 0 bid 3, took 2: -30. Team 1: Nil made +100, bid 1 took 0: -10.
    assert state.team_scores() == (-30, 90)
    assert state.scores() == (0, 0, 0, 0)
    assert int(state.array[L.S_HANDS_PLAYED]) == 1
    assert state.observation(0).bids == (-1, -1, -1, -1)
    assert state.observation(0).tricks_won == (0, 0, 0, 0)
    assert state.current_player == 1  # hand 2 opens at seat 1
    assert all(len(state.hand(p)) == 2 for p in range(4))


def test_following_suit_is_enforced() -> None:
    state = arranged(
        spades(cards_per_player=3),
        [cards("AH 2C 3C"), cards("KH 9H 4D"), cards("4H 5C 6C"), cards("7D 8D 9D")],
    )
    for _ in range(4):
        state.apply_action(L.A_BID0 + 1)
    assert state.legal_actions() == sorted(cards("AH 2C 3C"))
    state.apply_action(c("AH"))
    assert state.legal_actions() == sorted(cards("KH 9H"))


def test_breaking_suit_cannot_be_led_before_it_is_broken() -> None:
    state = arranged(
        spades(cards_per_player=2),
        [cards("AS 2C"), cards("KH 9H"), cards("4H 5C"), cards("7D 8D")],
    )
    for _ in range(4):
        state.apply_action(L.A_BID0 + 1)
    assert state.legal_actions() == [c("2C")]


def test_trick_win_card_scoring_counts_hearts() -> None:
    state = arranged(hearts(), [cards("AH 2C"), cards("KH 9C"), cards("4H 5C"), cards("7D 8D")])
    assert state.legal_actions() == [c("2C")]  # hearts not broken
    for card in ("2C", "9C", "5C", "7D"):
        state.apply_action(c(card))
    assert state.scores() == (0, 0, 0, 0)
    assert state.current_player == 1
    for card in ("KH", "4H", "8D", "AH"):
        state.apply_action(c(card))
    assert state.scores() == (3, 0, 0, 0)  # AH beats KH: player 0 takes three hearts


def play_out(state: GameState, seed: int) -> GameState:
    """Random play, except that every bid is the lowest legal non-Nil bid."""
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        bids = [a for a in legal if a > L.A_BID0]
        state.apply_action(bids[0] if bids else rng.choice(legal))
        assert state.total_cards() == 52
    return state


def test_spades_to_a_target_takes_many_hands_and_a_team_wins() -> None:
    no_bag_penalty = ContractScoring(bag_penalty=0)
    state = play_out(GameState.new(spades(target=200, contract=no_bag_penalty), seed=5), seed=5)
    assert int(state.array[L.S_HANDS_PLAYED]) > 1
    assert state.winner == -1
    assert state.winning_team in (0, 1)
    assert max(state.team_scores()) >= 200
    result = state.returns()
    assert result[0] == result[2] and result[1] == result[3] and result[0] == -result[1]


def test_hearts_to_100_ends_with_the_lowest_score_winning() -> None:
    state = play_out(GameState.new(hearts(), seed=2), seed=2)
    scores = state.scores()
    assert max(scores) >= 100
    assert state.winner == scores.index(min(scores))
    assert state.winning_team == -1


def test_unequal_and_three_team_games_run() -> None:
    for teams in (((0, 1, 2), (3,)), ((0, 3), (1, 4), (2, 5))):
        state = play_out(GameState.new(spades(cards_per_player=8, target=150, teams=teams), seed=3), seed=3)
        assert state.winning_team in range(len(teams)) or state.winning_team == -1
        assert state.winner == -1


def test_team_empty_hand_wins_for_the_team() -> None:
    genome = shedding_genome(4).replace(team_mode=True, teams=((0, 2), (1, 3)))
    state = arranged(genome, [cards("2H 3H"), cards("4H 5H"), cards("6H"), cards("7H 8H")])
    for card in ("2H", "4H", "6H"):
        state.apply_action(c(card))
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
