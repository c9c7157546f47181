"""``darwindeck bench``: finds the checkout's benchmarks and refuses unknown names in one line."""

from __future__ import annotations

import pytest

from darwindeck.cli import main
from darwindeck.cli.bench_verbs import available


def test_the_checkout_benchmarks_are_found() -> None:
    assert {"engine", "evolve", "tcg"} <= set(available())


def test_unknown_benchmark_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["bench", "nope"])
    assert stopped.value.code == 2
    names = ", ".join(available())
    assert capsys.readouterr().err == f"error: bench: unknown benchmark 'nope' (available: {names})\n"
