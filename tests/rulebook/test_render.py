"""The renderers: escaping, standalone HTML, format selection, determinism, and properties over random
valid genomes (every one renders; sections appear exactly when the genome has their rules)."""

from __future__ import annotations

import dataclasses
import doctest
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

import darwindeck.rulebook
from darwindeck.errors import DarwinDeckError
from darwindeck.genome import (
    BiddingPhase,
    GameGenome,
    PlayPhase,
    SetupRules,
    TableauMode,
    TrickPhase,
    TurnStructure,
    WinCondition,
    WinType,
)
from darwindeck.rulebook import (
    BulletList,
    Paragraph,
    Rulebook,
    Section,
    Table,
    build_rulebook,
    render_html,
    render_markdown,
    render_rulebook,
)
from darwindeck.rulebook.html import to_html
from darwindeck.rulebook.markdown import escape, to_markdown
from strategies import genomes


def tiny(name: str = "Tiny", description: str = "") -> GameGenome:
    return GameGenome(
        name=name,
        description=description,
        setup=SetupRules(cards_per_player=5),
        turn_structure=TurnStructure(phases=(PlayPhase(),)),
        win_conditions=(WinCondition(WinType.EMPTY_HAND),),
    )


MODEL = Rulebook(
    "Demo",
    (
        Section(
            "Alpha",
            (Paragraph("One."), BulletList(("a", "b")), Table(("H1", "H2"), (("x", "y"),))),
            (Section("Sub", (Paragraph("Two."),)),),
        ),
    ),
)


def test_markdown_layout_of_every_block_kind() -> None:
    assert to_markdown(MODEL) == (
        "# Demo\n\n## Alpha\n\nOne.\n\n- a\n- b\n\n| H1 | H2 |\n| --- | --- |\n| x | y |\n\n### Sub\n\nTwo.\n"
    )


def test_html_layout_of_every_block_kind() -> None:
    body = to_html(MODEL).split("<body>\n", 1)[1]
    assert body == (
        "<h1>Demo</h1>\n<section>\n<h2>Alpha</h2>\n<p>One.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
        "<table>\n<thead><tr><th>H1</th><th>H2</th></tr></thead>\n<tbody>\n<tr><td>x</td><td>y</td></tr>\n"
        "</tbody>\n</table>\n<section>\n<h3>Sub</h3>\n<p>Two.</p>\n</section>\n</section>\n</body>\n</html>\n"
    )


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("plain text", "plain text"),
        ("*bold* _em_ `code`", r"\*bold\* \_em\_ \`code\`"),
        ("[link](x) <b> a|b #1", r"\[link\](x) \<b\> a\|b \#1"),
        ("- not a list", r"\- not a list"),
        ("12. not a list", r"12\. not a list"),
        ("back\\slash", "back\\\\slash"),
    ],
)
def test_markdown_escape(text: str, escaped: str) -> None:
    assert escape(text) == escaped


def test_hostile_name_and_description_are_shown_literally() -> None:
    genome = tiny(
        name="<script>alert(1)</script> *Evil*", description='Say "hi" & <b>go</b>\n\n# not a heading'
    )
    markdown = render_markdown(genome)
    assert markdown.startswith(r"# \<script\>alert(1)\</script\> \*Evil\*" + "\n")
    assert 'Say "hi" & \\<b\\>go\\</b\\> \\# not a heading' in markdown
    html_text = render_html(genome)
    assert "<script>" not in html_text
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; *Evil*</title>" in html_text
    assert "<p>Say &quot;hi&quot; &amp; &lt;b&gt;go&lt;/b&gt; # not a heading</p>" in html_text


def test_render_rulebook_selects_the_format() -> None:
    genome = tiny()
    assert render_rulebook(genome) == render_markdown(genome)
    assert render_rulebook(genome, "md") == render_markdown(genome)
    assert render_rulebook(genome, "html") == render_html(genome)
    with pytest.raises(DarwinDeckError, match="'pdf' is not one of 'md', 'html'"):
        render_rulebook(genome, "pdf")  # type: ignore[arg-type]


def test_output_is_identical_in_another_process_with_another_hash_seed() -> None:
    script = (
        "from darwindeck.genome.library import get_game\n"
        "from darwindeck.rulebook import render_markdown, render_html\n"
        "g = get_game('uno-style')\n"
        "print(render_markdown(g) + render_html(g), end='')\n"
    )
    outputs = []
    for seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"},
        )
        outputs.append(result.stdout)
    from darwindeck.genome.library import get_game

    genome = get_game("uno-style")
    assert outputs[0] == outputs[1] == render_markdown(genome) + render_html(genome)


def test_package_doctests() -> None:
    failures, attempted = doctest.testmod(darwindeck.rulebook)
    assert (failures, attempted) == (0, 3)


def _has_trump(genome: GameGenome) -> bool:
    trick_trumps = [p.trump_suit for p in genome.phases if isinstance(p, TrickPhase)]
    return genome.setup.trump_suit is not None or any(t is not None for t in trick_trumps)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(genomes())
def test_every_valid_genome_renders_with_exactly_its_sections(genome: GameGenome) -> None:
    # A drawn name or description could contain the words checked below ("Nil", "are trumps").
    genome = dataclasses.replace(genome, name="Drawn Game", description="")
    rulebook = build_rulebook(genome)
    titles = [section.title for section in rulebook.sections]
    assert titles[:5] == ["Overview", "Components", "Setup", "Objective", "Turn"]
    assert titles[-1] == "End of game"
    assert ("Special cards" in titles) == bool(genome.special_effects)
    assert ("Tableau rules" in titles) == (genome.setup.tableau_mode is not TableauMode.NONE)
    has_bidding = any(isinstance(phase, BiddingPhase) for phase in genome.phases)
    assert ("Bidding and scoring" in titles) == (has_bidding and genome.contract_scoring is not None)
    turn = rulebook.sections[4]
    assert len(turn.subsections) == len(genome.phases)

    markdown = render_markdown(genome)
    assert markdown == render_markdown(genome)
    assert markdown.endswith("\n") and not markdown.endswith("\n\n")
    assert ("Chips:" in markdown) == (genome.setup.starting_chips > 0)
    assert ("are trumps" in markdown) == _has_trump(genome)
    assert ("Nil" in markdown) == (
        genome.contract_scoring is not None
        and any(isinstance(p, BiddingPhase) and p.allow_nil for p in genome.phases)
    )
    assert ("Partners share one score" in markdown) == (genome.team_mode and genome.scores_points)
    assert ("Partners win or lose together" in markdown) == (genome.team_mode and not genome.scores_points)
    assert render_html(genome).count("<h3>") == len(genome.phases)
