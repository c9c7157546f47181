"""Spec 001: tableau modes NONE, WAR, MATCH_RANK and SEQUENCE, from the header, never implied."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.genome import (
    Location,
    PlayPhase,
    SequenceDirection,
    TableauMode,
    Visibility,
    WinCondition,
    WinType,
)
from engine.scenario import arranged, c, cards, shedding_genome

TO_TABLEAU = (PlayPhase(target=Location.TABLEAU),)


def tableau_game(mode: TableauMode, **setup: object):  # type: ignore[no-untyped-def]
    genome = shedding_genome(2, phases=TO_TABLEAU, tableau_mode=mode, **setup)
    return genome.replace(
        win_conditions=(WinCondition(WinType.CAPTURE_ALL), WinCondition(WinType.EMPTY_HAND))
    )


def test_none_mode_cards_stay() -> None:
    state = arranged(tableau_game(TableauMode.NONE), [cards("5H 2C"), cards("5D 3C")])
    state.apply_action(c("5H"))
    state.apply_action(c("5D"))
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("5H 5D"))
    assert state.captured(0) == () and state.captured(1) == ()


def war_game():  # type: ignore[no-untyped-def]
    return tableau_game(TableauMode.WAR, hand_visibility=Visibility.FACE_DOWN, captures_to=Location.HAND)


def test_war_higher_card_takes_both_to_the_bottom_of_the_hand() -> None:
    state = arranged(war_game(), [cards("3C KH"), cards("4C 2S")])
    state.apply_action(c("KH"))
    assert state.tableau(L.GENERAL_PILE) == (c("KH"),)  # deferred: one card waits
    state.apply_action(c("2S"))
    assert state.tableau(L.GENERAL_PILE) == ()
    # the won pile is shuffled (state RNG; this seed keeps KH 2S), then slides under the hand card by
    # card: the pile's last card ends deepest
    assert state.hand(0) == tuple(cards("2S KH 3C"))
    assert state.hand(1) == (c("4C"),)


def test_war_tie_leaves_both_and_the_next_pair_takes_all_four() -> None:
    state = arranged(war_game(), [cards("2C 9C KH"), cards("3C 8D KS")])
    state.apply_action(c("KH"))
    state.apply_action(c("KS"))
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("KH KS"))
    state.apply_action(c("9C"))
    state.apply_action(c("8D"))
    assert state.tableau(L.GENERAL_PILE) == ()
    # all four are shuffled (this seed: KH 9C KS 8D; the pile was KH KS 9C 8D) and slide under 2C
    assert state.hand(0) == tuple(cards("8D KS 9C KH 2C"))


def test_war_game_ends_when_one_player_holds_every_card() -> None:
    state = arranged(war_game(), [[x for x in range(52) if x not in (0, 51)] + [51], [0]])
    state.apply_action(51)
    state.apply_action(0)
    assert state.is_terminal()
    assert state.winner == 0


def test_a_player_who_cannot_finish_a_war_loses_it() -> None:
    # Every card dealt: player 1 holds only the 5♥, player 0 the other 51 cards. Player 0 plays 5♠,
    # player 1 ties with 5♥ and has no card left for the war, so player 0 takes both 5s: all 52 cards.
    rest = [x for x in range(52) if x not in (c("5S"), c("5H"))]
    state = arranged(war_game(), [[*rest, c("5S")], [c("5H")]])
    state.apply_action(c("5S"))
    state.apply_action(c("5H"))
    assert state.tableau(L.GENERAL_PILE) == ()
    assert len(state.hand(0)) == 52 and state.hand(1) == ()
    assert state.is_terminal() and state.winner == 0


def test_match_rank_captures_the_matching_card() -> None:
    state = arranged(
        tableau_game(TableauMode.MATCH_RANK), [cards("5H 9C 2C"), cards("7D 3C")], tableau={4: cards("5D 8S")}
    )
    state.apply_action(c("5H"))
    assert state.tableau(L.GENERAL_PILE) == (c("8S"),)
    assert state.captured(0) == tuple(cards("5H 5D"))
    state.apply_action(c("7D"))
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("8S 7D"))
    assert state.captured(1) == ()


def sequence_state(direction: SequenceDirection, hand: str, piles: dict[int, list[int]]):  # type: ignore[no-untyped-def]
    genome = tableau_game(TableauMode.SEQUENCE, sequence_direction=direction)
    return arranged(genome, [cards(hand), cards("JD QD")], tableau=piles)


def test_sequence_both_extends_either_end_of_its_own_suit_pile() -> None:
    state = sequence_state(SequenceDirection.BOTH, "6H 8H 9H 5S", {0: cards("7H")})
    assert state.legal_actions() == sorted(cards("6H 8H 5S"))  # spades pile is empty: any spade starts it
    state.apply_action(c("8H"))
    assert state.tableau(0) == tuple(cards("7H 8H"))


def test_sequence_ascending_stops_at_king_and_has_no_wrap() -> None:
    state = sequence_state(SequenceDirection.ASCENDING, "AH 2C QS", {0: cards("QH KH"), 2: cards("AC")})
    # A-low: 2 follows A; nothing follows K (no wrap to A); QS starts the empty spades pile
    assert state.legal_actions() == sorted(cards("2C QS"))


def test_sequence_descending_stops_at_ace() -> None:
    state = sequence_state(SequenceDirection.DESCENDING, "KH 2D 10C", {0: cards("2H AH"), 1: cards("3D")})
    assert state.legal_actions() == sorted(cards("2D 10C"))
