"""Traced greedy self-play (``quality.trace``): facts about library games worked out from their deals."""

from __future__ import annotations

from darwindeck.evolve.quality.elegance import played_flaws
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.evolve.quality.trace import trace_games
from darwindeck.genome.library import get_game


def test_knockout_whist_leaves_a_stock_only_its_upcard_reads() -> None:
    # 4 players × 7 cards from 52, one card turned up for trumps: 52 − 28 − 1 = 23 cards stay in the
    # stock, and nobody draws in Knockout Whist. Every player holds 7 cards at the first trick, so no
    # trick is played alone then; the trick is the only decision.
    genome = get_game("knockout-whist")
    trace = trace_games(genome, batch_seed(7, "greedy"), 4)
    assert trace.stock_after_deal == 23 and not trace.stock_drawn and trace.stock_idle
    assert trace.kinds_seen == ("trick",)
    assert trace.most_decision_kinds == 1 and trace.decision_kinds == 1.0
    # The stock is idle, but the upcard is a rule that reads it: no charge.
    assert played_flaws(genome, trace, "trick-taking") == ()


def test_blackjack_draws_from_its_stock() -> None:
    # 4 players × 2 cards and the dealer's 2 from 52 leave 42; hitting draws from them. Hit or stand is a
    # draw decision.
    trace = trace_games(get_game("blackjack"), batch_seed(7, "greedy"), 4)
    assert trace.stock_after_deal == 42 and trace.stock_drawn and not trace.stock_idle
    assert trace.kinds_seen == ("draw",) and trace.tricks_led == 0
