"""``darwindeck explain``: the designer's report, facts worked out from the rules of two library games, and
the report run on every library game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from typer.testing import CliRunner

from darwindeck.cli import app
from darwindeck.evolve.explain import Explanation, _rule_row, _rules, designer_line, explain, to_markdown
from darwindeck.evolve.fitness import FitnessResult
from darwindeck.evolve.quality.idle import COMPONENTS, Contribution, Drop, IdleTest
from darwindeck.evolve.settings import EvolutionSettings
from darwindeck.genome.library import game_names, get_game

SMALL = EvolutionSettings(games_per_genome=20, mcts_games=8)


def test_war_has_no_decision_and_the_report_says_so() -> None:
    # War: every card is played face down from the top of the hand, so no decision has two legal moves:
    # the gate stops it (fewer than 3 meaningful decisions a game), nothing is judged and no decision
    # kind is seen; the 52 cards are all dealt, 26 each, so no stock is left; it has no trick.
    explanation = explain(get_game("war"), 0, SMALL)
    text = to_markdown(explanation)
    assert explanation.trace is not None and explanation.trace.kinds_seen == ()
    assert explanation.trace.stock_after_deal == 0 and explanation.trace.tricks_led == 0
    assert "**Gated** (score 0): greedy self-play: 0.00 meaningful decisions per game, fewer than 3" in text
    assert "The rules were not weighed" in text
    assert "Kinds with a real choice: none." in text
    assert "**deck**: standard_52 (52 cards), 26 dealt to each" in text
    # War is in the library, so its nearest published game is itself, at 0: a rediscovery.
    nearest = "- **Nearest published game**: War (DarwinDeck library; distance 0.000, a rediscovery): "
    assert nearest + "the same rules as War" in text


def test_hearts_passes_and_tricks_four_hands_of_thirteen() -> None:
    # Hearts (Pagat): 4 players, 13 cards each from 52, so nothing is left in a stock; each hand starts
    # with a pass of three cards, then 13 tricks in which everyone holds as many cards as the others, so
    # no trick is ever played alone. The only decisions with a choice are the pass and the trick card.
    settings = dataclasses.replace(SMALL, mcts_step_budget=4_000_000)
    explanation = explain(get_game("hearts"), 0, settings)
    trace = explanation.trace
    assert trace is not None
    assert trace.kinds_seen == ("pass", "trick")
    assert trace.tricks_alone == 0 and trace.stock_after_deal == 0 and not trace.stock_idle
    assert trace.tricks_led % 13 == 0  # whole hands of 13 tricks (the game ends at the end of a hand)
    assert explanation.arc is not None and explanation.arc.shape[1] == 4  # one column per player
    assert explanation.arc[-1].tolist().count(1.0) == 1  # the outcome row names one winner
    text = to_markdown(explanation, "hearts-arc.png")
    assert "- Tricks a hand: 13 with 13 cards dealt to each" in text
    assert "- Tricks contested by one player: 0 of" in text
    assert "Kinds with a real choice: pass, trick." in text
    assert "![The arc of game 0](hearts-arc.png)" in text
    assert "| phase 1 (PassPhase) | phase |" in text


def test_the_verb_writes_markdown_and_refuses_a_bad_format(tmp_path: Path) -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["explain", "war", "--format", "pdf"])
    assert refused.exit_code != 0
    assert "--format: 'pdf' is not a format; use text or md" in str(refused.exception or refused.output)
    out = tmp_path / "war.md"
    done = runner.invoke(app, ["explain", "war", "--format", "md", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text().startswith("# Designer's report: War")
    assert (tmp_path / "war-arc.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # the arc's plot


def test_a_rule_that_earns_its_place_with_its_scheme_says_so() -> None:
    # A penalty card idle alone (nothing drops without it) whose scoring scheme is needed, and one whose
    # scheme's removal lowers the decided share from 1 to 0.5 (quality.idle).
    needed = Contribution("s", "scoring scheme", "every card scored on trick_win", (), needed=True)
    measured = Contribution(
        "s", "scoring scheme", "every card scored on trick_win", (Drop("decided", 1.0, 0.5, 0.002),)
    )
    card = Contribution("scoring.card_rules[1]", "card scoring", "+13 per card on trick_win", ())
    assert _rule_row(card) == "| +13 per card on trick_win | card scoring | nothing | idle |"
    assert _rule_row(dataclasses.replace(card, scheme=needed)) == (
        "| +13 per card on trick_win | card scoring | without every card scored on trick_win, the game "
        "cannot be played or is gated | earns its place with its scheme |"
    )
    assert _rule_row(dataclasses.replace(card, scheme=measured)) == (
        "| +13 per card on trick_win | card scoring | alone nothing; without every card scored on trick_win: "
        "decided 1.000 → 0.500 (p 0.002) | earns its place with its scheme |"
    )


def test_a_game_gated_on_the_idle_deals_has_its_rules_unweighed() -> None:
    # The idle test of a game whose own profile is gated weighs nothing: its rules are all untested
    # (quality.idle), and the report says so instead of listing measures it does not have.
    result = FitnessResult(0.5, {}, idle=IdleTest((), (), 2))
    text = "\n".join(_rules(Explanation(get_game("war"), result, None, None, 0)))
    assert "on the idle test's deals the game itself is gated (2 rule(s) untested)" in text


def test_the_report_says_what_a_designer_would_drop() -> None:
    # Two rules weighed: the pass phase earns its place (decided 1 → 0.5), breaking hearts is idle.
    passing = Contribution("p", "phase", "phase 1 (PassPhase)", (Drop("decided", 1.0, 0.5, 0.002),))
    breaking = Contribution("b", "phase option", "breaking suit H in phase 2", ())
    components = (0.5,) * len(COMPONENTS)
    result = FitnessResult(0.5, {}, idle=IdleTest(components, (passing, breaking), 0))
    text = "\n".join(_rules(Explanation(get_game("hearts"), result, None, None, 0)))
    assert (
        "A designer would drop: breaking suit H in phase 2 (idle: no play measure drops without it)." in text
    )
    assert designer_line(IdleTest(components, (passing,), 0)) == (
        "A designer would drop: nothing (every rule weighed earns its place)."
    )


#: A cheap judging for the whole library: 8 deals a batch, rung 1 on 8 deals within 250,000 steps.
CHEAP = EvolutionSettings(games_per_genome=8, mcts_games=8, mcts_step_budget=250_000)


@pytest.mark.slow  # every library game (docs/fitness.md §6 *Idle rules*: seconds a game on an idle machine)
@pytest.mark.parametrize("slug", game_names())
def test_explain_runs_on_every_library_game(slug: str) -> None:
    # Every library game is in the published corpus, and the report describes its live form: the game
    # itself, or the game without a dead rule (President's live form is not won by going out first: 0.075
    # from President), within the rediscovery distance 0.08 of itself. Every report has every section, and
    # one of the three verdicts on its rules: not weighed (gated or over budget), nothing removable, or what
    # a designer would drop.
    name = get_game(slug).name
    text = to_markdown(explain(get_game(slug), 0, CHEAP))
    assert text.startswith(f"# Designer's report: {name}\n")
    nearest = text.split("- **Nearest published game**: ")[1].split("\n")[0]
    assert nearest.startswith(f"{name} (DarwinDeck library; distance 0.0") and ", a rediscovery)" in nearest
    for section in ("What each rule contributes", "Skill ladder and luck", "Elegance", "The score"):
        assert f"\n## {section}\n" in text
    verdicts = ("The rules were not weighed", "no rule that can be removed", "A designer would drop: ")
    assert sum(verdict in text for verdict in verdicts) == 1
