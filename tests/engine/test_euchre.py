"""Euchre by Pagat's rules (https://www.pagat.com/euchre/euchre.html): making trump from the turned card,
the bowers, maker scoring and the game to 10. Every expected value below is worked out by hand from
those rules in the comments, never read off the program.

Seats: North 0, East 1, South 2, West 3; partners N+S (team 0) against E+W (team 1). Hand 1 is opened
by North, so West deals: North decides first, West (the dealer) last, and North leads the first trick.
"""

from __future__ import annotations

import dataclasses

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.makers import score_makers
from darwindeck.engine.state_api import GameState
from darwindeck.genome import TrumpPhase
from darwindeck.genome.library import get_game
from darwindeck.genome.schema import GameGenome
from engine.scenario import arranged, c, cards

HEARTS = L.A_SUIT0 + 0
DIAMONDS = L.A_SUIT0 + 1
CLUBS = L.A_SUIT0 + 2
SPADES = L.A_SUIT0 + 3
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def euchre(**trump_phase: bool) -> GameGenome:
    genome = get_game("euchre")
    if not trump_phase:
        return genome
    phases = (TrumpPhase(**trump_phase), *genome.phases[1:])
    return genome.replace(turn_structure=dataclasses.replace(genome.turn_structure, phases=phases))


def deal(hands: list[str], turned: str, deck: str, genome: GameGenome | None = None) -> GameState:
    """Hand 1 with these hands (N, E, S, W), the turned card and the three cards left in the deck."""
    state = arranged(genome or euchre(), [cards(h) for h in hands], discard=[c(turned)], deck=cards(deck))
    assert state.all_cards() and sorted(state.all_cards()) == sorted(state.tables.deck_cards.tolist())
    return state


def tricks(state: GameState) -> tuple[int, ...]:
    return state.block(L.B_TRICKS, 4)


def play(state: GameState, *moves: str) -> None:
    for move in moves:
        state.apply_action(c(move))


# Deal A (the J♥, right bower, lies in the deck, out of play).
DEAL_A = ["AH QD KS QS 9C", "JD 9D 10D KC AC", "KD 9S 10S 10C AS", "QH KH AD JC QC"]


def ordered_up_a() -> GameState:
    # North orders up the turned 9♥: hearts are trumps, North's side (N+S) are the makers. West, the
    # dealer, takes the 9♥ (six cards) and must discard one; West throws the Q♣ face down.
    state = deal(DEAL_A, "9H", "JH 10H JS")
    assert state.current_player == NORTH
    assert state.legal_actions() == [L.A_PASS, HEARTS]
    state.apply_action(HEARTS)
    assert state.current_player == WEST
    assert sorted(state.hand(WEST)) == sorted(cards("QH KH AD JC QC 9H"))
    assert state.legal_actions() == sorted(cards("QH KH AD JC QC 9H"))
    state.apply_action(c("QC"))
    assert sorted(state.hand(WEST)) == sorted(cards("QH KH AD JC 9H"))
    assert c("QC") in state.deck() and state.discard() == ()
    assert state.hand_trump == 0 and state.maker == NORTH
    return state


def test_order_up_the_dealer_takes_the_turned_card_and_discards() -> None:
    state = ordered_up_a()
    # North, left of the dealer, leads the first trick.
    assert state.current_player == NORTH


def test_the_left_bower_may_not_follow_its_printed_suit() -> None:
    state = ordered_up_a()
    # North leads Q♦. East holds J♦ 9♦ 10♦: the J♦ is a heart now, so East must follow with 9♦ or 10♦.
    play(state, "QD")
    assert state.legal_actions() == cards("9D 10D")
    # East 9♦, South must follow with K♦, West with A♦: the A♦ is the best diamond and wins.
    play(state, "9D")
    assert state.legal_actions() == [c("KD")]
    play(state, "KD")
    assert state.legal_actions() == [c("AD")]
    play(state, "AD")
    assert state.current_player == WEST and tricks(state)[WEST] == 1


def test_the_left_bower_must_follow_a_trump_lead_and_beats_the_ace() -> None:
    state = ordered_up_a()
    play(state, "QD", "9D", "KD", "AD")
    # West leads K♥ (trumps). North's only heart is A♥; East's only "heart" is the J♦ (left bower),
    # so East must play it; South is void in hearts (the J♦ is no diamond for him either) and may play
    # anything. Left bower J♦ > A♥ > K♥: East wins.
    play(state, "KH")
    assert state.legal_actions() == [c("AH")]
    play(state, "AH")
    assert state.legal_actions() == [c("JD")]
    play(state, "JD")
    assert state.legal_actions() == sorted(cards("9S 10S 10C AS"))
    play(state, "AS")
    assert state.current_player == EAST and tricks(state)[EAST] == 1


def test_the_right_bower_beats_the_left_and_leading_the_left_leads_trumps() -> None:
    hands = ["JD AS KS QS 9C", "10H 9D 10D KC AC", "JH KD 9S 10S 10C", "QH KH AD JC QC"]
    state = deal(hands, "9H", "AH QD JS")
    state.apply_action(HEARTS)
    state.apply_action(c("QC"))
    # North leads the J♦: a trump lead. East holds the 10♥ and two diamonds: only the 10♥ follows.
    play(state, "JD")
    assert state.legal_actions() == [c("10H")]
    play(state, "10H")
    assert state.legal_actions() == [c("JH")]
    play(state, "JH")
    assert state.legal_actions() == sorted(cards("QH KH 9H"))
    play(state, "KH")
    # Right bower J♥ > left bower J♦ > K♥ > 10♥: South wins.
    assert state.current_player == SOUTH and tricks(state)[SOUTH] == 1


# Deal M: North holds the five highest trumps of hearts: J♥ J♦ A♥ K♥ Q♥.
DEAL_M = ["JH JD AH KH QH", "9D 10D KC AC 9S", "KD 10S 10C AS QS", "10H AD JC QC KS"]


def play_out(state: GameState) -> None:
    """North leads the trumps from the top; everybody else plays their first legal card."""
    for lead in ("JH", "JD", "AH", "KH", "QH"):
        assert state.current_player == NORTH
        play(state, lead)
        for _ in range(3):
            state.apply_action(state.legal_actions()[0])


def test_a_march_scores_2() -> None:
    state = deal(DEAL_M, "9H", "9C QD JS")
    state.apply_action(HEARTS)  # North orders up; West takes the 9♥ and discards the Q♣
    state.apply_action(c("QC"))
    play_out(state)
    # North took all five tricks: a march, 2 points for N+S; nothing for E+W. Hand 2 is dealt.
    assert state.team_scores() == (2, 0)
    assert not state.is_terminal()


def test_makers_taking_no_trick_are_euchred_and_the_defenders_score_2() -> None:
    state = deal(DEAL_M, "9H", "9C QD JS")
    state.apply_action(L.A_PASS)  # North passes
    state.apply_action(HEARTS)  # East orders up hearts: E+W are the makers
    state.apply_action(c("QC"))  # West, the dealer, takes the 9♥ and discards the Q♣
    assert state.maker == EAST
    play_out(state)
    # E+W took 0 tricks (< 3): euchred, N+S score 2.
    assert state.team_scores() == (2, 0)


@pytest.mark.parametrize(
    ("maker", "tricks", "expected"),
    [
        (NORTH, (3, 1, 0, 1), (1, 0)),  # N+S take 3: made, 1 point
        (NORTH, (2, 0, 2, 1), (1, 0)),  # 4 tricks between the partners: made, 1 point
        (SOUTH, (2, 0, 3, 0), (2, 0)),  # all 5: a march, 2 points
        (EAST, (2, 1, 1, 1), (2, 0)),  # E+W take 2: euchred, N+S score 2
        (WEST, (0, 0, 0, 5), (0, 2)),  # the maker alone takes all 5: a march for E+W
    ],
)
def test_maker_scoring(maker: int, tricks: tuple[int, ...], expected: tuple[int, int]) -> None:
    state = GameState.new(euchre(), 1)
    array = state.array.copy()
    array[L.S_MAKER] = maker
    array[L.S_TRICKS_PLAYED] = 5
    array[L.B_TRICKS : L.B_TRICKS + 4] = tricks
    array[L.B_TEAM_SCORE : L.B_TEAM_SCORE + 2] = 0
    score_makers(state.program, array)
    assert tuple(int(x) for x in array[L.B_TEAM_SCORE : L.B_TEAM_SCORE + 2]) == expected


def test_all_pass_twice_throws_the_hand_in_and_the_next_player_deals() -> None:
    state = deal(DEAL_M, "9H", "9C QD JS")
    for seat in (NORTH, EAST, SOUTH, WEST):  # round 1: nobody orders up the ♥
        assert state.current_player == seat and state.legal_actions() == [L.A_PASS, HEARTS]
        state.apply_action(L.A_PASS)
    for seat in (NORTH, EAST, SOUTH):  # round 2: any suit but hearts, or pass
        assert state.current_player == seat
        assert state.legal_actions() == [L.A_PASS, DIAMONDS, CLUBS, SPADES]
        state.apply_action(L.A_PASS)
    assert state.current_player == WEST
    state.apply_action(L.A_PASS)  # the dealer passes too: thrown in, nothing scored
    # Hand 2: North deals, so East decides first; five fresh cards each and a new turned card.
    assert state.array[L.S_HAND_NO] == 2 and state.team_scores() == (0, 0)
    assert state.current_player == EAST and state.maker == -1 and state.hand_trump == -1
    assert [len(state.hand(p)) for p in range(4)] == [5, 5, 5, 5] and len(state.discard()) == 1


def test_stick_the_dealer_variant_may_not_pass_last() -> None:
    state = deal(DEAL_M, "9H", "9C QD JS", euchre(stick_the_dealer=True))
    for _ in range(7):
        state.apply_action(L.A_PASS)
    assert state.current_player == WEST
    assert state.legal_actions() == [DIAMONDS, CLUBS, SPADES]
    state.apply_action(SPADES)  # named in round 2: the dealer does not take the turned card
    assert state.hand_trump == 3 and state.maker == WEST and len(state.hand(WEST)) == 5
    assert state.current_player == NORTH


@pytest.mark.parametrize(("before", "over"), [(7, False), (8, True)])
def test_the_game_ends_when_a_side_reaches_10(before: int, over: bool) -> None:
    state = deal(DEAL_M, "9H", "9C QD JS")
    state.array[L.B_TEAM_SCORE + 0] = before
    state.apply_action(HEARTS)
    state.apply_action(c("QC"))
    play_out(state)
    # A march adds 2: 7 → 9 plays on, 8 → 10 wins for N+S.
    assert state.team_scores()[0] == before + 2
    assert state.is_terminal() == over
    if over:
        assert state.winning_team == 0 and state.returns() == [1.0, -1.0, 1.0, -1.0]


def test_a_trump_phase_after_a_no_trump_contract_does_nothing() -> None:
    # Bridge with a trump phase after the auction (a combination evolution made). Hand 1 is opened by
    # seat 0, so seat 3 deals and calls first: 1NT, then three passes end the auction with seat 3
    # declaring in no trump (docs/rules-engine.md, the auction). The hand's trump is fixed (none), so
    # the trump phase finds it made and offers nothing: seat 0, after the declarer, leads a card at once.
    bridge = get_game("bridge")
    auction, trick = bridge.phases
    genome = bridge.replace(
        turn_structure=dataclasses.replace(bridge.turn_structure, phases=(auction, TrumpPhase(), trick))
    )
    state = GameState.new(genome, seed=3)
    assert state.current_player == 3
    state.apply_action(L.A_CONTRACT0 + 4)  # level 1, strain 4 (no trump)
    for _ in range(3):
        state.apply_action(L.A_PASS)
    assert state.hand_trump == L.HAND_NO_TRUMP
    assert state.current_player == 0
    assert all(action < L.FULL_DECK for action in state.legal_actions())
