"""Spec 003's team win conditions and dual scoring, each in a real game played through the kernel.

Four seats in two partnerships, ``(0, 2)`` against ``(1, 3)``, unless a test says otherwise. Every deal is
forced with ``arrange``; the expected scores and results are worked out by hand in the comments from
docs/rules-engine.md ("Teams and scores", "Win checks and the end of a hand"): in team mode a win sets
``winning_team`` (``winner`` stays −1), a draw leaves both −1, and ``returns()`` gives each member their
team's result.

The points game used for the score wins: each turn a player plays one card to the discard; a card rule
on ``play`` scores 10 for a heart and 5 for a spade, to the player's score and to the team's score.
Hand ``h`` is opened by seat ``(h − 1) mod 4`` and play goes 0 → 1 → 2 → 3. The deck is left empty, so
the hand ends (and the hand-end wins are judged) when the last card is played.
"""

from __future__ import annotations

from collections.abc import Sequence

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome import (
    CardScoringRule,
    Condition,
    ConditionType,
    DeckType,
    EffectType,
    GameGenome,
    Rank,
    Scoring,
    ScoringTrigger,
    SetupRules,
    SpecialEffect,
    Suit,
    TargetSelector,
    TrickPhase,
    TurnStructure,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, c, cards, draw_to_21, shedding_genome

PARTNERS = ((0, 2), (1, 3))
TEAM_0_WINS = [1.0, -1.0, 1.0, -1.0]
TEAM_1_WINS = [-1.0, 1.0, -1.0, 1.0]

HEART_10 = CardScoringRule(Condition(ConditionType.CARD_IS_SUIT, value=Suit.HEARTS), 10, ScoringTrigger.PLAY)
SPADE_5 = CardScoringRule(Condition(ConditionType.CARD_IS_SUIT, value=Suit.SPADES), 5, ScoringTrigger.PLAY)


def points_game(*wins: WinCondition, teams: tuple[tuple[int, ...], ...] = PARTNERS) -> GameGenome:
    players = sum(len(team) for team in teams)
    return shedding_genome(players, cards_per_player=2).replace(
        win_conditions=wins,
        scoring=Scoring(card_rules=(HEART_10, SPADE_5)),
        team_mode=True,
        teams=teams,
    )


def deal(genome: GameGenome, hands: Sequence[str]) -> GameState:
    """A game of ``genome`` with these hands, an empty deck and every other card in the discard."""
    return arranged(genome, [cards(hand) for hand in hands], deck=[])


def redeal(state: GameState, hands: Sequence[str], current: int) -> None:
    """Force the deal of the hand in progress (as ``deal`` does) with ``current`` to play."""
    held = [cards(hand) for hand in hands]
    used = {card for hand in held for card in hand}
    rest = [card for card in state.tables.deck_cards.tolist() if card not in used]
    state.arrange(hands=held, deck=[], discard=rest, current=current)


def play(state: GameState, moves: str) -> None:
    """Apply ``'seat:card ...'`` in order, checking that each seat is the one to decide."""
    for move in moves.split():
        seat, card = move.split(":")
        assert state.current_player == int(seat), f"{move}: seat {state.current_player} is to play"
        state.apply_action(c(card))


# Hand 1 of the points game in most tests: seat 0 AH 2S (10 + 5 = 15), seat 1 QH JH (10 + 10 = 20),
# seat 2 KH 3S (15), seat 3 2C 3C (0). Seat 1 is the best player; team 0 has 15 + 15 = 30, team 1
# 20 + 0 = 20.
TEAM_0_AHEAD = ("AH 2S", "QH JH", "KH 3S", "2C 3C")
TEAM_0_AHEAD_PLAY = "0:AH 1:QH 2:KH 3:2C 0:2S 1:JH 2:3S 3:3C"

# A deal that ties the teams: seat 0 AH 2S (15), seat 1 QH 3S (15), seat 2 KH 2C (10), seat 3 JH 3C
# (10): team 0 15 + 10 = 25, team 1 15 + 10 = 25.
TIED = ("AH 2S", "QH 3S", "KH 2C", "JH 3C")
TIED_PLAY = "0:AH 1:QH 2:KH 3:JH 0:2S 1:3S 2:2C 3:3C"


# ---------------------------------------------------------------------------------------------- dual scoring


def test_points_go_to_the_player_and_to_the_team() -> None:
    state = deal(points_game(WinCondition(WinType.HIGH_SCORE, 1000)), TEAM_0_AHEAD)
    play(state, "0:AH")  # 10 to seat 0 and 10 to team 0
    assert state.scores() == (10, 0, 0, 0)
    assert state.team_scores() == (10, 0)
    play(state, "1:QH 2:KH 3:2C 0:2S")  # seat 1 +10 (team 1); seat 2 +10 (team 0); seat 0 +5 (team 0)
    assert state.scores() == (15, 10, 10, 0)
    assert state.team_scores() == (25, 10)
    play(state, "1:JH 2:3S 3:3C")
    assert state.scores() == (15, 20, 15, 0)
    assert state.team_scores() == (30, 20)
    assert not state.is_terminal()  # 1000 is far away: hand 2 is dealt
    assert state.array[L.S_HAND_NO] == 2


def test_dual_scoring_with_three_against_one() -> None:
    # Teams (0, 1, 2) and (3,): seat 3 plays AH, KH (20) alone; seats 0-2 play QH, 2S, 3C between them.
    # Players 10 / 5 / 0 / 20; teams 10 + 5 + 0 = 15 against 20.
    genome = points_game(WinCondition(WinType.HIGH_SCORE, 1000), teams=((0, 1, 2), (3,)))
    state = deal(genome, ("QH 2C", "2S 4C", "3C 5C", "AH KH"))
    play(state, "0:QH 1:2S 2:3C 3:AH 0:2C 1:4C 2:5C 3:KH")
    assert state.scores() == (10, 5, 0, 20)
    assert state.team_scores() == (15, 20)


def test_individual_mode_team_block_mirrors_the_players() -> None:
    # Without teams each player is a team: the team block is the player scores, 15 / 20 / 15 / 0.
    genome = points_game(WinCondition(WinType.HIGH_SCORE, 1000)).replace(team_mode=False, teams=())
    state = deal(genome, TEAM_0_AHEAD)
    play(state, TEAM_0_AHEAD_PLAY)
    assert state.scores() == (15, 20, 15, 0)
    assert state.team_scores() == (15, 20, 15, 0)


# ---------------------------------------------------------------------------------------------- score wins


def test_team_high_score_is_the_best_team_not_the_best_player() -> None:
    # No threshold: judged at the hand's end. Team 0 30 > team 1 20, although seat 1 (20) is the best
    # player: team 0 wins.
    state = deal(points_game(WinCondition(WinType.HIGH_SCORE)), TEAM_0_AHEAD)
    play(state, TEAM_0_AHEAD_PLAY)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_team_high_score_tie_without_threshold_is_a_draw() -> None:
    # 25 against 25 at the hand's end, no threshold: a tie for the best is a draw.
    state = deal(points_game(WinCondition(WinType.HIGH_SCORE)), TIED)
    play(state, TIED_PLAY)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, -1)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_team_high_score_tie_at_the_threshold_plays_on_until_one_team_leads() -> None:
    # Threshold 25: both teams reach it with 25 each, the best is shared, so the win is not met and
    # hand 2 is dealt. Hand 2 (opened by seat 1): 2C, 3C, 4C score nothing, seat 0's 10H scores 10.
    # Team 0 35 against 25: team 0 alone is best, it wins.
    state = deal(points_game(WinCondition(WinType.HIGH_SCORE, 25)), TIED)
    play(state, TIED_PLAY)
    assert state.team_scores() == (25, 25)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2
    assert state.current_player == 1
    redeal(state, ("10H", "2C", "3C", "4C"), current=1)
    play(state, "1:2C 2:3C 3:4C 0:10H")
    assert state.team_scores() == (35, 25)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_team_low_score_judges_the_team_totals() -> None:
    # Threshold 25: no player reaches it (the best has 20), team 0 does (30). The lowest team, team 1
    # with 20, wins.
    state = deal(points_game(WinCondition(WinType.LOW_SCORE, 25)), TEAM_0_AHEAD)
    play(state, TEAM_0_AHEAD_PLAY)
    assert max(state.scores()) < 25
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 1)
    assert state.returns() == TEAM_1_WINS


def test_team_low_score_below_the_threshold_plays_the_next_hand() -> None:
    # Threshold 31: 30 and 20 do not reach it; hand 2 is dealt.
    state = deal(points_game(WinCondition(WinType.LOW_SCORE, 31)), TEAM_0_AHEAD)
    play(state, TEAM_0_AHEAD_PLAY)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2
    assert (state.winner, state.winning_team) == (-1, -1)


def test_team_low_score_tie_at_the_threshold_plays_on() -> None:
    # Threshold 25: 25 each, the lowest is shared: not met, hand 2 is dealt (not a draw).
    state = deal(points_game(WinCondition(WinType.LOW_SCORE, 25)), TIED)
    play(state, TIED_PLAY)
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2


def test_team_first_to_score_ends_the_game_on_the_action_that_reaches_it() -> None:
    # Threshold 25, judged after every action. Team 0: AH 10, KH 20, then seat 0's 2S makes 25: the game
    # ends there, mid-hand, with seat 0 at 15 and seat 2 at 10 (neither near 25 alone). Team 1 has 10
    # (seat 1's QH); seat 1's JH and the 3S, 3C are never played.
    state = deal(points_game(WinCondition(WinType.FIRST_TO_SCORE, 25)), TEAM_0_AHEAD)
    play(state, "0:AH 1:QH 2:KH 3:2C")
    assert state.team_scores() == (20, 10)
    assert not state.is_terminal()
    play(state, "0:2S")
    assert state.is_terminal()
    assert state.scores() == (15, 10, 10, 0)
    assert state.team_scores() == (25, 10)
    assert state.hand(1) == (c("JH"),)
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_a_three_team_first_to_score() -> None:
    # Six seats in teams (0, 3), (1, 4), (2, 5); threshold 20. Round 1: seat 0 QH (team 0: 10), seat 1 2S
    # (team 1: 5), seat 2 2C, seat 3 KH (team 0: 20 ≥ 20, alone best): team 0 wins after seat 3's play.
    genome = points_game(WinCondition(WinType.FIRST_TO_SCORE, 20), teams=((0, 3), (1, 4), (2, 5)))
    state = deal(genome, ("QH 3C", "2S 4C", "2C 5C", "KH 6C", "AH 7C", "JH 8C"))
    play(state, "0:QH 1:2S 2:2C")
    assert not state.is_terminal()
    play(state, "3:KH")
    assert state.team_scores() == (20, 5, 0)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == [1.0, -1.0, -1.0, 1.0, -1.0, -1.0]


# ---------------------------------------------------------------------------------------------- capture_all


def euchre_tricks() -> GameGenome:
    """Trick play with the 24-card deck (9 to Ace), six cards each, follow suit, no trumps."""
    return GameGenome(
        name="team tricks",
        setup=SetupRules(cards_per_player=6, initial_deck=DeckType.EUCHRE_24),
        turn_structure=TurnStructure(phases=(TrickPhase(),), is_trick_based=True),
        win_conditions=(WinCondition(WinType.CAPTURE_ALL),),
        player_count=4,
        team_mode=True,
        teams=PARTNERS,
        max_turns=200,
    )


def play_trick(state: GameState, chosen: dict[int, str]) -> None:
    """One trick: seats in ``chosen`` play that card, the others their first legal card."""
    for _ in range(4):
        seat = state.current_player
        state.apply_action(c(chosen[seat]) if seat in chosen else state.legal_actions()[0])


def test_team_capture_all_counts_the_partners_together() -> None:
    # Team 0 holds every heart and spade, team 1 only clubs and diamonds, so team 1 can never follow or
    # win a trick. Tricks (leader first): 10H … KH → seat 2; 9H … QH → seat 0; 10S … KS → seat 2;
    # 9S … QS → seat 0; AH … JH → seat 0; AS … JS → seat 0. Seat 0 takes 4 tricks (16 cards), seat 2
    # takes 2 (8): nobody holds the 24 cards alone, the team does once the last trick is taken.
    state = arranged(
        euchre_tricks(),
        [
            cards("AH QH 10H AS QS 10S"),
            cards("AC KC QC JC 10C 9C"),
            cards("KH JH 9H KS JS 9S"),
            cards("AD KD QD JD 10D 9D"),
        ],
    )
    for chosen in ({0: "10H", 2: "KH"}, {2: "9H", 0: "QH"}, {0: "10S", 2: "KS"}, {2: "9S", 0: "QS"}):
        play_trick(state, chosen)
    assert len(state.captured(0)) == 8 and len(state.captured(2)) == 8
    play_trick(state, {0: "AH", 2: "JH"})
    assert not state.is_terminal()  # team 1 still holds 4 cards
    play_trick(state, {0: "AS", 2: "JS"})
    assert (len(state.captured(0)), len(state.captured(2))) == (16, 8)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_capture_all_is_not_met_while_an_opponent_captured_a_card() -> None:
    # As above, but seats 1 and 2 swap the 9H and the 9C. Trick 1: seat 0 leads 10H, seat 1 must follow
    # with its 9H, seat 2's KH wins. Trick 2: seat 2 leads the 9C; seat 1 alone can follow clubs and any
    # of its clubs beats the 9: team 1 captures 4 cards. Team 0 can hold at most the other 20, so the
    # hand is played out without a capture_all and hand 2 is dealt.
    state = arranged(
        euchre_tricks(),
        [
            cards("AH QH 10H AS QS 10S"),
            cards("AC KC QC JC 10C 9H"),
            cards("KH JH 9C KS JS 9S"),
            cards("AD KD QD JD 10D 9D"),
        ],
    )
    play_trick(state, {0: "10H", 1: "9H", 2: "KH"})  # seat 2 wins and leads
    play_trick(state, {2: "9C"})
    assert len(state.captured(1)) == 4
    while state.array[L.S_HAND_NO] == 1 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    assert state.array[L.S_HAND_NO] == 2


# ---------------------------------------------------------------------------------------------- best_hand


def team_blackjack() -> GameGenome:
    """The draw-to-21 contest in partnerships: draw while under 21 (or pass), aces 11 or 1, over 21
    busts; the hand ends when a whole round passes without a card moving, and best_hand is judged."""
    return draw_to_21().replace(team_mode=True, teams=PARTNERS)


def test_team_best_hand_is_the_best_member_not_the_total() -> None:
    # The deck holds 5D under the 9D (so the others may still draw, and so may pass). Seat 0: 10H 6C = 16,
    # draws the 9D: 25, bust (strength −1). Seat 1: 10S 9S = 19, seat 2: KH QH = 20, seat 3: 8C 10C = 18;
    # they pass. Seat 0 (25) cannot draw: the fourth turn in a row without a card
    # moving ends the hand. Team 0's best member has 20, team 1's 19: team 0 wins, although its total
    # (−1 + 20) is below team 1's (19 + 18).
    hands = [cards("10H 6C"), cards("10S 9S"), cards("KH QH"), cards("8C 10C")]
    state = arranged(team_blackjack(), hands, deck=cards("5D 9D"))
    state.apply_action(L.A_DRAW)
    assert state.hand(0) == (*cards("10H 6C 9D"),)
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state.apply_action(L.A_PASS)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_team_best_hand_tie_between_the_best_members_is_a_draw() -> None:
    # Seat 0 19 (10H 9C), seat 1 20 (KS QS), seat 2 20 (KH QH), seat 3 12 (2C 10C): nobody draws. Best
    # members 20 and 20: a draw.
    hands = [cards("10H 9C"), cards("KS QS"), cards("KH QH"), cards("2C 10C")]
    state = arranged(team_blackjack(), hands, deck=[c("9D")])
    for seat in (0, 1, 2, 3):
        assert state.current_player == seat
        state.apply_action(L.A_PASS)
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, -1)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


# ---------------------------------------------------------------------------------------------- empty_hand


def discarding_shed() -> GameGenome:
    """The shedding game (play any card; empty hand wins) in partnerships; a 7 makes the next player
    discard 2 cards."""
    effect = SpecialEffect(Rank.SEVEN, EffectType.FORCE_DISCARD, TargetSelector.NEXT_PLAYER, 2)
    return shedding_genome(4, effects=(effect,)).replace(team_mode=True, teams=PARTNERS)


def test_an_opponent_emptying_your_hand_wins_for_your_team() -> None:
    # Seat 1 plays 7C: seat 2 (team 0) discards its two cards. At the end of seat 1's turn the turn's
    # player (seat 1, holding 4H) is checked first, then seat 2, 3, 0: seat 2 is empty, team 0 wins.
    state = arranged(discarding_shed(), [cards("2H 3H"), cards("7C 4H"), cards("5H 6H"), cards("8H 9H")])
    play(state, "0:2H 1:7C")
    assert state.hand(2) == ()
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 0)
    assert state.returns() == TEAM_0_WINS


def test_the_turns_player_is_checked_first_for_empty_hand() -> None:
    # Seat 1 plays its last card, the 7C, and empties seat 2's hand too: both are empty at the turn's end,
    # the turn's player comes first, team 1 wins.
    state = arranged(discarding_shed(), [cards("2H 3H"), cards("7C"), cards("5H 6H"), cards("8H 9H")])
    play(state, "0:2H 1:7C")
    assert state.hand(1) == () and state.hand(2) == ()
    assert state.is_terminal()
    assert (state.winner, state.winning_team) == (-1, 1)
    assert state.returns() == TEAM_1_WINS
