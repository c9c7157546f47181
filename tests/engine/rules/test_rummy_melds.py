"""Rummy's melds by Pagat's rules (https://www.pagat.com/rummy/rummy.html): a meld is a set (three or
four cards of one rank) or a run (three or more cards of one suit in sequence; the Ace is low, A-2-3,
and a run does not turn the corner, K-A-2); a player may lay off a card on any meld on the table, a set
of its rank or a run it continues at either end; the first player with no cards left wins.

Every expected value is worked out by hand from those rules in the comments, never read off the program.

The library's turn (its docstring): draw from the stock, meld once (optional), lay off one card
(optional), discard one. Seats 0..3 play in that order, seat 0 first; cards are written rank then suit
(``10H`` = 10♥); the LAST card of ``deck`` is the top of the stock, drawn first.
"""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.engine.tableau_melds import run_action
from darwindeck.genome.library import get_game
from engine.scenario import arranged, c, cards


def deal(hands: list[str], deck: str, discard: str = "QS") -> GameState:
    return arranged(get_game("rummy"), [cards(h) for h in hands], deck=cards(deck), discard=[c(discard)])


def run(low: str, length: int) -> int:
    return run_action(c(low), length)


OTHERS = ["10C JC 6D 7S 8S KD KS", "2C 3C 4D 6S QH QD 10D", "5C 6C 7C 8D 4S JD JH"]


def test_runs_are_offered_ace_low_and_never_round_the_corner() -> None:
    # Seat 0 holds K♥ A♥ 2♥ 3♥ 5♥ 9♣ 5♠ and draws the 4♥: hearts A 2 3 4 5 and K. Runs (Ace low):
    # from A: A-2-3, A-2-3-4, A-2-3-4-5; from 2: 2-3-4, 2-3-4-5; from 3: 3-4-5. K-A-2 and Q-K-A are
    # not runs (no wrap; the Ace is low). No rank is held three times, so there is no set. Melding is
    # optional: PASS too.
    state = deal(["KH AH 2H 3H 5H 9C 5S", *OTHERS], deck="9H 10H 4H")
    state.apply_action(L.A_DRAW)
    runs = {run("AH", 3), run("AH", 4), run("AH", 5), run("2H", 3), run("2H", 4), run("3H", 3)}
    assert set(state.legal_actions()) == runs | {L.A_PASS}


def test_a_run_goes_down_and_a_card_continuing_it_is_laid_off() -> None:
    # Seat 0 melds 2♥ 3♥ 4♥ (after drawing the 4♥): 7 + 1 - 3 = 5 cards left, K♥ A♥ 5♥ 9♣ 5♠. To lay
    # off it may add the A♥ (below the 2♥) or the 5♥ (above the 4♥); the K♥ is not next to the run,
    # and nothing else is on the table. It lays off the A♥: four cards left, then discards one: three.
    state = deal(["KH AH 2H 3H 5H 9C 5S", *OTHERS], deck="9H 10H 4H")
    state.apply_action(L.A_DRAW)
    state.apply_action(run("2H", 3))
    assert state.tableau(L.GENERAL_PILE) == tuple(cards("2H 3H 4H"))
    assert set(state.legal_actions()) == {c("AH"), c("5H"), L.A_PASS}
    state.apply_action(c("AH"))
    assert sorted(state.hand(0)) == sorted(cards("KH 5H 9C 5S"))
    state.apply_action(c("9C"))
    assert len(state.hand(0)) == 3 and state.current_player == 1


def test_anyone_may_lay_off_on_a_set_of_its_rank_but_not_on_its_neighbours() -> None:
    # Seat 0 draws the 2♦ and melds 9♣ 9♦ 9♥ (7 + 1 - 3 = 5 cards left), lays off nothing (none of its
    # cards is a 9 or next in suit to a run: there is none), and discards the 2♦. Seat 1 draws the 3♦;
    # it holds the 9♠, which joins the set of nines, and the 10♣ and 8♠, which are next to a 9 in rank,
    # but a set takes only its own rank.
    hands = ["9C 9D 9H KH AH 5S 6H", "10C 9S 8S 4C 7D KC QC", "2C 3C 4D 6S QH QD 10D", "5C 6C 7C 8D 4S JD JH"]
    state = deal(hands, deck="JC 3D 2D")
    state.apply_action(L.A_DRAW)
    state.apply_action(L.A_SET0 + (3 - 2) * L.N_RANKS + c("9C") % L.N_RANKS)  # three nines
    # Nothing can be laid off, so the turn goes straight on to the discard: any of the 5 cards left.
    assert set(state.legal_actions()) == set(cards("KH AH 5S 6H 2D"))
    state.apply_action(c("2D"))
    assert state.current_player == 1
    # Seat 1 (10♣ 9♠ 8♠ 4♣ 7♦ K♣ Q♣ 3♦) has no set or run to meld, so its turn goes from the draw
    # straight to the lay-off.
    state.apply_action(L.A_DRAW)
    assert set(state.legal_actions()) == {c("9S"), L.A_PASS}


def test_laying_off_the_last_card_goes_out_and_wins() -> None:
    # Seat 0 holds 2♥ 3♥ 4♥ 5♥ and draws the 6♠; it melds 2-3-4♥ (two cards left, 5♥ 6♠), lays off the
    # 5♥ on the run and discards the 6♠: no card left, so it is out and wins at once.
    hands = ["2H 3H 4H 5H", "10C 9S 8S 4C", "2C 3C 4D 7S", "5C 6C 7C 8D"]
    genome = get_game("rummy")
    setup = genome.setup.__class__(**{**genome.setup.__dict__, "cards_per_player": 4})
    state = arranged(
        genome.replace(setup=setup), [cards(h) for h in hands], deck=cards("JC 6S"), discard=[c("QS")]
    )
    state.apply_action(L.A_DRAW)
    state.apply_action(run("2H", 3))
    state.apply_action(c("5H"))
    state.apply_action(c("6S"))
    assert state.hand(0) == ()
    assert state.is_terminal() and state.winner == 0
