"""The project's error types: every user mistake becomes one of these, with a place and a reason.

The CLI turns any ``DarwinDeckError`` into one line on stderr and exit code 2; anything else is a bug and
keeps its traceback.
"""

from __future__ import annotations


class DarwinDeckError(Exception):
    """Base of every error caused by bad input (a genome, a file, bytecode, a deck, an argument)."""


class GenomeFormatError(DarwinDeckError):
    """A genome file (JSON) that cannot be read: ``where`` is the file or the JSON path."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


class GenomeValidationError(DarwinDeckError):
    """A genome with one or more errors; ``problems`` lists them all (see ``genome.validation``)."""

    def __init__(self, name: str, problems: list[str]) -> None:
        self.name = name
        self.problems = problems
        listed = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"genome {name!r} is invalid ({len(problems)} problem(s)):\n{listed}")


class BytecodeError(DarwinDeckError):
    """Malformed bytecode: names the section being read and the byte offset."""

    def __init__(self, section: str, offset: int, reason: str) -> None:
        self.section = section
        self.offset = offset
        self.reason = reason
        super().__init__(f"bytecode {section} section, byte {offset}: {reason}")


class UnknownGameError(DarwinDeckError):
    """A game name that is not in the library and not a readable file."""


class IllegalActionError(DarwinDeckError):
    """An action that is not legal in the current state (the state is left unchanged)."""
