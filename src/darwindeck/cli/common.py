"""Helpers shared by the CLI verbs: turning a GAME|FILE argument into a genome, and console output.

Every genome file the CLI reads goes through ``serialization.load_genome`` (``load_game_file``): our
JSON, a DarwinDeck export or bytecode, with the same strict reading everywhere (a duplicated key, a bad
byte: one ``GenomeFormatError`` naming the file). ``console`` never reads Rich markup: every
text a verb prints may hold a user's or the data's brackets (``darwindeck[ray]``, a file name, an energy
symbol ``[F]``) and is shown as written; a verb styles its own words with ``styled`` (a ``Text``).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from darwindeck.errors import GenomeFormatError
from darwindeck.genome.schema import GameGenome

#: Never reads markup: a verb styles its own words with ``styled`` (a ``Text``), never with ``[bold]``.
console = Console(highlight=False, soft_wrap=True, markup=False)

#: What a GAME argument accepts, for the verbs' help texts.
GAME_HELP = (
    "A library game name (see `darwindeck games`) or a genome file: our JSON, a DarwinDeck export or "
    "bytecode (`darwindeck compile`)."
)


def styled(label: str, style: str, rest: str = "") -> Text:
    """``label`` in ``style`` followed by ``rest`` as written (a ``Text`` is never read as markup)."""
    return Text.assemble((label, style), rest)


def resolve_game(spec: str) -> GameGenome:
    """A library game by name, or a genome file by path (``load_game_file``).

    Paths are recognised by an existing file, a ``.json`` or ``.bin`` suffix or a slash; anything else
    is a library name.
    """
    path = Path(spec)
    if path.is_file():
        return load_game_file(path)
    if path.suffix.lower() in (".json", ".bin") or "/" in spec:
        raise GenomeFormatError(spec, "no such file")
    from darwindeck.genome.library import get_game

    return get_game(spec)


def load_game_file(path: Path, *, validate: bool = True) -> GameGenome:
    """Our JSON, a DarwinDeck export (``"1.0"`` / ``"2.0"`` version strings) or bytecode, through the
    one loader ``load_genome``."""
    from darwindeck.genome.importer import import_genome
    from darwindeck.genome.serialization import load_genome

    return load_genome(
        path, validate=validate, exports=lambda data, source: import_genome(data, source=source)
    )


#: Printed before a verb first runs an engine that numba has not compiled yet (a fresh clone).
FIRST_COMPILE_NOTICE = "First run: numba compiles the engine once (4-5 minutes on 2 idle cores)."


def announce_first_compile() -> None:
    """Say, before it happens, why the first run of a fresh clone waits minutes
    (``cache_guard.is_compiled``): ``evolve``, ``demo``, ``play``, ``serve``, and ``simulate`` and
    ``skill`` unless they print JSON, call it first."""
    from darwindeck.engine.cache_guard import is_compiled

    if not is_compiled():
        console.print(FIRST_COMPILE_NOTICE)
