"""Helpers shared by the CLI verbs: turning a GAME|FILE argument into a genome, and console output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from darwindeck.errors import GenomeFormatError
from darwindeck.genome.schema import GameGenome

console = Console(highlight=False, soft_wrap=True)


def resolve_game(spec: str) -> GameGenome:
    """A library game by name, or a genome JSON file by path (ours or a DarwinDeck export).

    Paths are recognised by an existing file or a ``.json`` suffix; anything else is a library name.
    """
    path = Path(spec)
    if path.is_file():
        return _load_file(path)
    if path.suffix.lower() == ".json" or "/" in spec:
        raise GenomeFormatError(spec, "no such file")
    from darwindeck.genome.library import get_game

    return get_game(spec)


def _load_file(path: Path) -> GameGenome:
    """Our JSON (integer ``schema_version``) or a DarwinDeck export (``"1.0"`` / ``"2.0"`` strings)."""
    from darwindeck.genome.importer import import_genome
    from darwindeck.genome.serialization import genome_from_dict

    data = read_json_object(path)
    if isinstance(data.get("schema_version"), str):
        return import_genome(data, source=str(path))
    return genome_from_dict(data, source=str(path))


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; a ``GenomeFormatError`` naming the file for anything else."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise GenomeFormatError(str(path), f"cannot read: {error}") from error
    except json.JSONDecodeError as error:
        raise GenomeFormatError(str(path), f"not JSON: {error.msg} at line {error.lineno}") from error
    if not isinstance(data, dict):
        raise GenomeFormatError(str(path), "a genome file holds a JSON object")
    return data
