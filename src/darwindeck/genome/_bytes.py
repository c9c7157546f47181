"""Bounds-checked big-endian byte reading and writing for the bytecode (private to ``genome.bytecode``).

Rules:

* Every multi-byte integer is big-endian (network order).
* ``ByteWriter`` refuses a value that does not fit its width with a ``BytecodeError`` naming the field,
  the section being written and the byte offset where it would have gone.
* ``ByteReader`` checks every read against the end of the data; a short read raises ``BytecodeError``
  naming the section, the absolute byte offset and the field. Nothing else (``IndexError``,
  ``struct.error``) can escape a read.
"""

from __future__ import annotations

from typing import NoReturn

from darwindeck.errors import BytecodeError

UINT8_MAX = 0xFF
UINT16_MAX = 0xFFFF
INT16_MIN = -0x8000
INT16_MAX = 0x7FFF


class ByteWriter:
    """An append-only buffer that checks the range of every value written."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self.section = "header"

    def __len__(self) -> int:
        return len(self._buffer)

    def getvalue(self) -> bytes:
        return bytes(self._buffer)

    def fail(self, reason: str) -> NoReturn:
        raise BytecodeError(self.section, len(self._buffer), reason)

    def _check(self, value: int, low: int, high: int, field: str, width: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{field} must be an int, got {value!r}")
        if not low <= value <= high:
            self.fail(f"{field} = {value} does not fit {width} ({low}..{high})")

    def u8(self, value: int, field: str) -> None:
        self._check(value, 0, UINT8_MAX, field, "uint8")
        self._buffer.append(value)

    def u16(self, value: int, field: str) -> None:
        self._check(value, 0, UINT16_MAX, field, "uint16")
        self._buffer += value.to_bytes(2, "big")

    def i16(self, value: int, field: str) -> None:
        self._check(value, INT16_MIN, INT16_MAX, field, "int16")
        self._buffer += value.to_bytes(2, "big", signed=True)

    def raw(self, data: bytes) -> None:
        self._buffer += data

    def patch_raw(self, offset: int, data: bytes) -> None:
        self._buffer[offset : offset + len(data)] = data


class ByteReader:
    """A cursor over immutable bytes; ``pos`` is the absolute offset of the next byte to read."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.pos = 0
        self.section = "header"

    @property
    def remaining(self) -> int:
        return len(self._data) - self.pos

    def fail(self, reason: str, offset: int | None = None) -> NoReturn:
        raise BytecodeError(self.section, self.pos if offset is None else offset, reason)

    def take(self, count: int, field: str) -> bytes:
        if count > self.remaining:
            self.fail(f"truncated: {field} needs {count} byte(s), {self.remaining} left")
        chunk = self._data[self.pos : self.pos + count]
        self.pos += count
        return chunk

    def u8(self, field: str) -> int:
        return self.take(1, field)[0]

    def u16(self, field: str) -> int:
        return int.from_bytes(self.take(2, field), "big")

    def i16(self, field: str) -> int:
        return int.from_bytes(self.take(2, field), "big", signed=True)
