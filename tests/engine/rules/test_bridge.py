"""Bridge (Chicago) scenario tests: the auction, the dummy and the duplicate score, by the published rules.

Sources: the Laws of Duplicate Bridge (2017): the auction (Laws 18-22: bids in ascending order ♣ ♦ ♥ ♠
NT, double only an opponent's bid, redouble only an opponent's double, three passes end the auction, the
declarer is the first of the contracting side to name the strain), the dummy (Law 41: the declarer's
left-hand opponent leads, then the dummy's hand is spread face up and the declarer plays it) and the
score (Law 77's table); Chicago's vulnerability (Pagat, "Chicago": deal 1 nobody, deals 2 and 3 the
dealer's side, deal 4 both). Seats: North 0, East 1, South 2, West 3; partners N-S against E-W; hand 1
is dealt by West (seat 3), who calls first.

Every expected value is worked out by hand from those rules in the comments, never read off the program.
"""

from __future__ import annotations

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.bridge_score import defeat_score, made_score
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library import get_game
from engine.scenario import arranged, bridge_last_trick, cards

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
STRAINS = "CDHSN"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PASS, DOUBLE, REDOUBLE = L.A_PASS, L.A_DOUBLE, L.A_REDOUBLE


def bid(text: str) -> int:
    """The action of a bid written ``'3N'``, ``'4S'``."""
    return L.A_CONTRACT0 + (int(text[0]) - 1) * L.N_STRAINS + STRAINS.index(text[1])


def call(state: GameState, *actions: int) -> None:
    for action in actions:
        state.apply_action(action)


# ------------------------------------------------------------------------------------------ the score


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "overtricks", "expected"),
    [
        # 4♠ just made, not vulnerable: 4 × 30 = 120 trick score (a game) + 300 = 420.
        (4, 3, 0, False, 0, 420),
        # The same vulnerable: 120 + 500 = 620.
        (4, 3, 0, True, 0, 620),
        # 3NT + 1: 40 + 30 + 30 = 100 (a game) + 300 + one overtrick 30 = 430.
        (3, 4, 0, False, 1, 430),
        # 2♣ + 1: 2 × 20 = 40, a part score: + 50, overtrick 20 = 110.
        (2, 0, 0, False, 1, 110),
        # 2♥ doubled just made: 2 × 30 × 2 = 120, a game (+300), + 50 for the insult = 470.
        (2, 2, 1, False, 0, 470),
        # 1NT redoubled + 1, vulnerable: 40 × 4 = 160 (a game, +500), + 100 for the insult,
        # + 400 for the redoubled vulnerable overtrick = 1160.
        (1, 4, 2, True, 1, 1160),
        # 6♦ just made, not vulnerable: 6 × 20 = 120 + 300 (game) + 500 (small slam) = 920.
        (6, 1, 0, False, 0, 920),
        # 7NT vulnerable: 40 + 6 × 30 = 220 + 500 (game) + 1500 (grand slam) = 2220.
        (7, 4, 0, True, 0, 2220),
    ],
)
def test_a_made_contract_scores_by_the_duplicate_table(
    level: int, strain: int, doubled: int, vulnerable: bool, overtricks: int, expected: int
) -> None:
    assert made_score(level, strain, doubled, vulnerable, overtricks) == expected


@pytest.mark.parametrize(
    ("undertricks", "doubled", "vulnerable", "expected"),
    [
        # Undoubled: 50 a trick not vulnerable, 100 vulnerable.
        (1, 0, False, 50),
        (3, 0, True, 300),
        # Doubled, not vulnerable: 100, then 200 and 200, then 300: down 4 = 800.
        (4, 1, False, 800),
        # Doubled, vulnerable: 200, then 300 each: down 3 = 800.
        (3, 1, True, 800),
        # Redoubled, not vulnerable: twice (100 + 200) = 600 for down 2.
        (2, 2, False, 600),
    ],
)
def test_a_defeated_contract_scores_to_the_defenders(
    undertricks: int, doubled: int, vulnerable: bool, expected: int
) -> None:
    assert defeat_score(undertricks, doubled, vulnerable) == expected


# ---------------------------------------------------------------------------------------- the auction


def test_the_dealer_calls_first_and_bids_must_rise() -> None:
    state = arranged(get_game("bridge"), hands=_full_hands(), current=NORTH)
    # Hand 1 is dealt by West, who calls first: pass or any of the 35 bids (nothing to double yet).
    assert state.current_player == WEST
    assert state.legal_actions() == [PASS] + [bid(f"{level}{s}") for level in range(1, 8) for s in STRAINS]
    call(state, PASS, bid("1H"))  # West passes, North opens 1♥
    # East may overcall 1♠ (same level, higher strain) but not 1♦ (lower strain), and may double.
    legal = state.legal_actions()
    assert state.current_player == EAST
    assert bid("1S") in legal and bid("1N") in legal and bid("2C") in legal
    assert bid("1D") not in legal and bid("1H") not in legal
    assert DOUBLE in legal and REDOUBLE not in legal


def test_double_only_an_opponent_and_redouble_only_their_double() -> None:
    state = arranged(get_game("bridge"), hands=_full_hands(), current=NORTH)
    call(state, PASS, bid("1H"), PASS)  # West pass, North 1♥, East pass
    # South may not double their partner's bid.
    assert state.current_player == SOUTH and DOUBLE not in state.legal_actions()
    call(state, PASS, DOUBLE)  # South pass, West doubles North's 1♥
    # North, whose side's bid was doubled, may redouble; East (West's partner) may not double again.
    assert state.current_player == NORTH and REDOUBLE in state.legal_actions()
    call(state, PASS)
    assert state.current_player == EAST
    assert DOUBLE not in state.legal_actions() and REDOUBLE not in state.legal_actions()
    call(state, PASS)
    assert state.current_player == SOUTH and REDOUBLE in state.legal_actions()


def test_three_passes_end_the_auction_and_the_first_to_name_the_strain_declares() -> None:
    state = arranged(get_game("bridge"), hands=_full_hands(), current=NORTH)
    # W pass, N 1♥, E 1♠, S 2♥, W pass, N pass, E pass: the last bid 2♥ is the contract. North-South
    # named hearts first through North, so North declares although South made the last bid; East, on
    # North's left, leads; South is the dummy; hearts are trumps.
    call(state, PASS, bid("1H"), bid("1S"), bid("2H"), PASS, PASS)
    assert state.array[L.S_DECLARER] == -1
    call(state, PASS)
    assert state.array[L.S_DECLARER] == NORTH
    assert state.array[L.S_DUMMY] == SOUTH
    assert state.array[L.S_CONTRACT] == bid("2H") - L.A_CONTRACT0
    assert state.array[L.S_HAND_TRUMP] == 0  # ♥ is suit code 0
    assert state.current_player == EAST
    assert all(0 <= action < 52 for action in state.legal_actions())


def test_four_passes_throw_the_hand_in() -> None:
    state = arranged(get_game("bridge"), hands=_full_hands(), current=NORTH)
    call(state, PASS, PASS, PASS, PASS)
    # Nothing scored; hand 2 is dealt by North, who calls first; no hand counted as played.
    assert state.array[L.S_HAND_NO] == 2
    assert state.team_scores() == (0, 0)
    assert state.array[L.S_HANDS_PLAYED] == 0
    assert state.current_player == NORTH


# ------------------------------------------------------------------------------------------ the dummy


def test_the_declarer_plays_the_dummy_which_lies_face_up_after_the_lead() -> None:
    state = arranged(get_game("bridge"), hands=_full_hands(), current=NORTH)
    call(state, PASS, bid("1N"), PASS, PASS, PASS)  # North declares 1NT, South is the dummy
    assert state.current_player == EAST
    # Before the opening lead nobody sees the dummy.
    assert state.observation(WEST).dummy_hand == ()
    lead = state.legal_actions()[0]
    call(state, lead)
    # South (the dummy) is to play, but North decides, from South's cards; every seat now sees them.
    assert state.array[L.S_ACTOR] == SOUTH
    assert state.current_player == NORTH
    assert set(state.legal_actions()) <= set(state.hand(SOUTH))
    assert state.observation(WEST).dummy_hand == state.hand(SOUTH)
    assert state.observation(WEST).legal_actions == ()


# ------------------------------------------------------------------------------ whole hands, scored


def test_three_no_trump_made_exactly_scores_400_on_the_first_deal() -> None:
    # Twelve tricks played: North-South 8, East-West 4; one card each is left.
    state = bridge_last_trick("AH,3D,2C,2H", ns_tricks=8, ew_tricks=4)
    # W pass, N pass, E pass, S 3NT, three passes: South declares 3NT, North is the dummy, West leads.
    call(state, PASS, PASS, PASS, bid("3N"), PASS, PASS, PASS)
    assert state.array[L.S_DECLARER] == SOUTH and state.current_player == WEST
    # West 2♥, North's A♥ (South plays it from the dummy), East 3♦, South 2♣: A♥ wins (no trumps).
    # North-South 9 tricks = 6 + 3: made. Trick score 40 + 30 + 30 = 100, a game: + 300 = 400;
    # deal 1 of Chicago: nobody vulnerable.
    call(state, cards("2H")[0])
    assert state.current_player == SOUTH and state.legal_actions() == cards("AH")
    call(state, cards("AH")[0], cards("3D")[0], cards("2C")[0])
    assert state.team_scores() == (400, 0)


def test_four_spades_doubled_down_two_gives_the_defenders_300() -> None:
    # Twelve tricks played: North-South 4, East-West 8.
    state = bridge_last_trick("3C,4C,AD,2C", ns_tricks=4, ew_tricks=8)
    # W pass, N pass, E 4♠, S double, three passes: East declares 4♠ doubled, West is the dummy,
    # South leads.
    call(state, PASS, PASS, bid("4S"), DOUBLE, PASS, PASS, PASS)
    assert state.array[L.S_DECLARER] == EAST and state.array[L.S_DOUBLED] == 1
    # South A♦, West (dummy) 2♣, North 3♣, East 4♣: nobody can follow or trump, A♦ wins.
    call(state, cards("AD")[0], cards("2C")[0], cards("3C")[0], cards("4C")[0])
    # East-West 8 tricks of the 10 needed: down 2 doubled, not vulnerable: 100 + 200 = 300.
    assert state.team_scores() == (300, 0)


def test_the_dealers_side_is_vulnerable_on_the_second_deal() -> None:
    # Deal 2 of Chicago: North deals and calls first, North-South are vulnerable.
    state = bridge_last_trick("5D,2D,AD,4D", ns_tricks=9, ew_tricks=3, deal=2)
    assert state.current_player == NORTH
    call(state, bid("4H"), PASS, PASS, PASS)  # North declares 4♥, East leads
    call(state, cards("2D")[0], cards("AD")[0], cards("4D")[0], cards("5D")[0])
    # North-South 10 tricks: 4♥ made, 120 and the vulnerable game bonus 500 = 620 (not 420).
    assert state.team_scores() == (620, 0)


def test_after_the_fourth_deal_the_higher_total_wins() -> None:
    # Deal 4: South deals, both sides vulnerable; North-South 100, East-West 400 after three deals.
    state = bridge_last_trick("AH,3H,2C,2H", ns_tricks=6, ew_tricks=6, deal=4, team_scores=(100, 400))
    assert state.current_player == SOUTH
    call(state, bid("1C"), PASS, PASS, PASS)  # South declares 1♣, West leads
    call(state, cards("2H")[0], cards("AH")[0], cards("3H")[0], cards("2C")[0])
    # North-South 7 tricks: 1♣ made, 20 + 50 (a part score) = 70: 170 against 400. Four deals are
    # played, so the game ends and East-West (team 1) win.
    assert state.team_scores() == (170, 400)
    assert state.is_terminal() and state.winning_team == 1


def _full_hands() -> list[list[int]]:
    """Thirteen cards each: North the spades, East the hearts, South the diamonds, West the clubs."""
    return [cards(" ".join(f"{rank}{suit}" for rank in RANKS)) for suit in "SHDC"]
