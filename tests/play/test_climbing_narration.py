"""Dou Dizhu's decisions told to a seat (``play.narrate``'s call and climb line): a bid, a pass, a
combination by its kind and rank, each kicker after it. Worked from the forced deal of
``tests/engine/rules/test_dou_dizhu.py``: seat 0 bids 2, the others pass; it plays its trio of 3s with
the pair of 7s (climbing rank 4)."""

from __future__ import annotations

import dataclasses

from darwindeck.engine import combinations as C
from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library.climbing import dou_dizhu
from darwindeck.genome.phases import CallPhase, ClimbPhase, FirstCaller
from darwindeck.play.narrate import describe_decision
from darwindeck.play.view import build_view, table_rules
from engine.scenario import cards


def test_the_call_and_the_climb_are_told_by_kind_and_rank() -> None:
    game = dou_dizhu()
    phases = (CallPhase(first=FirstCaller.DEALER_LEFT), ClimbPhase())
    state = GameState.new(
        game.replace(turn_structure=dataclasses.replace(game.turn_structure, phases=phases)), 3
    )
    held = [cards("3S 3H 3D 9C"), cards("QS QH 2C"), cards("5C 6C JD")]
    kitty = cards("7S 7H KC")
    used = {card for hand in held for card in hand} | set(kitty)
    state.arrange(hands=held, deck=kitty, discard=[c for c in range(54) if c not in used], current=0)
    rules = table_rules(state)
    trio_pair = L.A_COMBO0 + C.primal_id(C.C_TRIO_PAIR, 0, 1)
    lines = []
    for action in (L.A_BID0 + 2, L.A_PASS, L.A_PASS, trio_pair, L.A_KICKER0 + 4, L.A_PASS):
        before = build_view(state, 0)
        state.apply_action(action)
        lines.append(describe_decision(before, action, build_view(state, 0), state.genome, rules))
    assert lines == [
        "You bid 2",
        "Player 2 passes",
        "Player 3 passes",
        "You play a trio of 3s with a pair",
        "You add a 7",
        "Player 2 passes",
    ]
