"""Every doctest of every module of ``src/darwindeck`` runs, each module imported by its own name.

``make test`` runs these (pytest's ``--doctest-modules`` over both ``src`` and ``tests`` is not used: in
the importlib import mode it imports ``tests/engine/golden`` as a top-level ``golden``, hiding
``tests/golden``, and can execute a module a second time under another name). ``docs/testing.md`` lists
the kinds of tests.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import darwindeck

SRC = Path(darwindeck.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: The modules whose source holds a doctest prompt.
WITH_EXAMPLES = sorted(_module_name(p) for p in SRC.rglob("*.py") if ">>> " in p.read_text(encoding="utf-8"))


def test_the_package_has_doctests() -> None:
    expected = {"darwindeck.stats", "darwindeck.genome.cards", "darwindeck.engine.state_api"}
    assert expected <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for test in doctest.DocTestFinder().find(module, name):
        examples += len(test.examples)
        runner.run(test)
    assert examples > 0, f"{name} shows a prompt but no doctest was found"
    assert runner.failures == 0, f"{name}: {runner.failures} failed example(s) (output above)"
