"""Claim phases (Cheat): declared ranks, face-down cards, challenges and who takes the pile."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.claims import next_claim_rank
from darwindeck.engine.state_api import GameState
from darwindeck.genome import ClaimPhase, DeckType, Rank
from engine.scenario import arranged, c, cards, shedding_genome


def cheat(  # type: ignore[no-untyped-def]
    sequential: bool, max_cards: int = 2, pile_penalty: bool = True, deck: DeckType = DeckType.STANDARD_52
):
    phase = ClaimPhase(
        min_cards=1, max_cards=max_cards, sequential_rank=sequential, pile_penalty=pile_penalty
    )
    return shedding_genome(3, phases=(phase,), initial_deck=deck)


def test_sequential_claims_start_at_aces_and_a_true_claim_punishes_the_challenger() -> None:
    # Cheat: the first claim of a hand is Aces. Two true Aces, challenged: the challenger takes them.
    state = arranged(cheat(True), [cards("AH AD 9S"), cards("4H 5H"), cards("6H 7H")])
    assert state.array[L.S_CLAIM_RANK] == Rank.ACE.code
    assert state.legal_actions() == sorted(cards("AH AD 9S"))
    state.apply_action(c("AH"))
    assert state.legal_actions() == [*sorted(cards("AD 9S")), L.A_PASS]
    state.apply_action(c("AD"))  # max 2 cards: the claim is complete
    assert state.current_player == 1
    assert state.legal_actions() == [L.A_CHALLENGE, L.A_NO_CHALLENGE]
    state.apply_action(L.A_CHALLENGE)
    assert sorted(state.hand(1)) == sorted(cards("4H 5H AH AD"))
    assert state.claim_pile() == ()
    assert state.current_player == 1  # the turn passes on as usual
    # The next claim is 2s (after Aces, as in Cheat: A, 2, 3, …, K, A again).
    assert state.array[L.S_CLAIM_RANK] == Rank.TWO.code


def test_a_caught_lie_gives_the_pile_to_the_liar() -> None:
    state = arranged(cheat(True), [cards("2H 9S KD"), cards("4H 5H"), cards("6H 7H")])
    state.apply_action(c("9S"))
    state.apply_action(L.A_PASS)
    state.apply_action(L.A_NO_CHALLENGE)  # player 1 lets it go
    assert state.current_player == 2
    state.apply_action(L.A_CHALLENGE)
    assert sorted(state.hand(0)) == sorted(cards("2H KD 9S"))
    assert state.current_player == 1


def test_declared_rank_and_no_challenge_leaves_the_pile() -> None:
    state = arranged(cheat(False, max_cards=1), [cards("2H 9S"), cards("4H 5H"), cards("6H 7H")])
    assert state.legal_actions() == list(range(L.A_CLAIM_RANK0, L.A_CLAIM_RANK0 + 13))
    state.apply_action(L.A_CLAIM_RANK0 + Rank.KING.code)
    assert state.action_to_string(L.A_CLAIM_RANK0 + Rank.KING.code) == "claim Ks"
    state.apply_action(c("9S"))
    state.apply_action(L.A_NO_CHALLENGE)
    state.apply_action(L.A_NO_CHALLENGE)
    assert state.claim_pile() == (c("9S"),)
    assert state.current_player == 1
    assert state.total_cards() == 52


def test_without_pile_penalty_a_challenged_pile_goes_to_the_discard() -> None:
    state = arranged(cheat(True, pile_penalty=False), [cards("2H 9S"), cards("4H 5H"), cards("6H 7H")])
    state.apply_action(c("9S"))
    state.apply_action(L.A_PASS)
    state.apply_action(L.A_CHALLENGE)
    assert state.discard()[-1] == c("9S")
    assert state.hand(0) == (c("2H"),)


def test_sequential_claims_skip_the_ranks_a_short_deck_lacks() -> None:
    # Euchre's 24 cards are 9 to A: after the opening Aces the next claim is 9s, not 2s (which nobody holds).
    state = arranged(
        cheat(True, max_cards=1, deck=DeckType.EUCHRE_24), [cards("AH 9S"), cards("KH"), cards("QH")]
    )
    assert state.array[L.S_CLAIM_RANK] == Rank.ACE.code
    state.apply_action(c("AH"))
    state.apply_action(L.A_NO_CHALLENGE)
    state.apply_action(L.A_NO_CHALLENGE)
    assert state.current_player == 1
    assert state.array[L.S_CLAIM_RANK] == Rank.NINE.code


def test_the_claim_order_of_each_deck() -> None:
    # A, 2, …, K, A over the ranks the deck holds: Italian 40 has no 8, 9, 10; Piquet 32 starts at 7.
    def order(deck: DeckType) -> list[str]:
        program = GameState.new(cheat(True, deck=deck), 0).program
        ranks, rank = [], Rank.ACE.code
        for _ in range(len(deck.ranks())):
            rank = next_claim_rank(program, rank)
            ranks.append(Rank.from_code(rank).value)
        return ranks

    assert order(DeckType.ITALIAN_40) == ["2", "3", "4", "5", "6", "7", "J", "Q", "K", "A"]
    assert order(DeckType.PIQUET_32) == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    assert order(DeckType.STANDARD_52)[:2] == ["2", "3"]
    assert order(DeckType.STANDARD_52)[-3:] == ["Q", "K", "A"]


def test_a_declared_claim_offers_only_the_ranks_of_the_deck() -> None:
    state = arranged(
        cheat(False, max_cards=1, deck=DeckType.EUCHRE_24), [cards("AH 9S"), cards("KH"), cards("QH")]
    )
    ranks = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    assert state.legal_actions() == [L.A_CLAIM_RANK0 + rank.code for rank in ranks]
