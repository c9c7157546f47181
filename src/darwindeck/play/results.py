"""The results file: one JSON object per line for every game a person plays (JSON Lines, appended).

Each line (``GameRecord.to_json``) holds, with these keys:

* ``format`` (1), ``played_at`` (UTC, ISO 8601, seconds);
* the game: ``game`` (name), ``identity`` (``GameGenome.identity``, the rules' hash), ``source`` (what
  was typed: a library name or a file path), ``players``;
* the set-up that replays it: ``seed``, ``seat``, ``opponents``, ``iterations`` (MCTS only, else null)
  and ``moves`` (every action id applied, in order: the human's and the opponents');
* the outcome: ``result`` (``win``, ``loss``, ``draw`` or ``abandoned``), ``winner`` and
  ``winning_team`` (-1 when none), ``scores``, ``team_scores``, ``turns``;
* the player's opinion: ``rating`` (1-5 or null) and ``comment`` (text or null).

The default file is ``play-results.jsonl`` in ``platformdirs.user_data_dir("darwindeck")``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_data_dir

from darwindeck.errors import DarwinDeckError

RESULTS_FORMAT = 1
RESULTS_FILE_NAME = "play-results.jsonl"
RESULTS = ("win", "loss", "draw", "abandoned")


@dataclass(frozen=True)
class GameRecord:
    played_at: str
    game: str
    identity: str
    source: str
    players: int
    seed: int
    seat: int
    opponents: str
    iterations: int | None
    moves: tuple[int, ...]
    result: str
    winner: int
    winning_team: int
    scores: tuple[int, ...]
    team_scores: tuple[int, ...]
    turns: int
    rating: int | None
    comment: str | None

    def to_json(self) -> str:
        """The record as one line of JSON (keys in the order above, ``format`` first)."""
        return json.dumps({"format": RESULTS_FORMAT, **asdict(self)}, ensure_ascii=False)


def default_results_path() -> Path:
    """``play-results.jsonl`` in the user's data directory for darwindeck."""
    return Path(user_data_dir("darwindeck")) / RESULTS_FILE_NAME


def prepare_results_file(path: Path) -> None:
    """Make sure ``path`` can be appended to (its folder is created); a ``DarwinDeckError`` if not."""
    if path.is_dir():
        raise DarwinDeckError(f"--results {path}: is a folder, give a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise DarwinDeckError(f"--results {path}: cannot write ({error.strerror})") from error


def append_record(path: Path, record: GameRecord) -> None:
    """Append ``record`` as one line to ``path``."""
    try:
        with path.open("a", encoding="utf-8") as stream:
            stream.write(record.to_json() + "\n")
    except OSError as error:
        raise DarwinDeckError(f"--results {path}: cannot write ({error.strerror})") from error
