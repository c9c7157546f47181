"""The classic-game library: real card games written as genomes, and the registry that finds them.

Each family module builds its games as faithfully as the schema allows and says in its docstrings where
the schema forces an approximation:

* ``tricks``: trick-taking games (Hearts, Spades, Whist, Euchre, Oh Hell, Bridge, ...).
* ``shedding``: Crazy Eights, Uno-style, Mau-Mau, Old Maid, President, Cheat.
* ``rummy``: Gin Rummy, Rummy, Go Fish.
* ``fishing``: Scopa and Scopone.
* ``tableau``: War, Betting War, Fan Tan.
* ``casino``: Simple Poker, Draw Poker, Texas Hold'em, Blackjack.
* ``counting``: Cribbage, Cribbage Play.
* ``climbing``: Dou Dizhu's design (what the language lacks for it and how each lack is built); the game
  joins the library when the engine plays it.
* ``parts``: rule parts several games share.
* ``info``: what the library says about each game besides its genome (``GameInfo``).

The registry here collects them:

* ``get_game(name)``: the genome of a game by slug (``crazy-eights``) or display name (``Crazy Eights``),
  case-insensitive; spaces and underscores count as hyphens; a former slug still finds its game
  (``euchre-like`` is ``euchre``). An unknown name raises
  ``UnknownGameError`` listing the close matches.
* ``game_names()``: every slug, sorted. ``all_games()``: slug → genome. ``GAME_INFO``: slug → ``GameInfo``
  (display name, family, mechanics, summary), in slug order.

Tableau modes follow spec 001's table: war and betting-war WAR, scopa (and scopone, Scopa for four)
MATCH_RANK, fan-tan SEQUENCE with direction BOTH, every other game NONE.

>>> get_game("Crazy Eights").setup.wild_cards
(<Rank.EIGHT: '8'>,)
>>> game_names()[:3]
['betting-war', 'black-maria', 'blackjack']
"""

from __future__ import annotations

import re
from difflib import get_close_matches

from darwindeck.errors import UnknownGameError
from darwindeck.genome.library import casino, counting, fishing, rummy, shedding, tableau, tricks
from darwindeck.genome.library.info import MECHANICS, GameInfo, LibraryGame
from darwindeck.genome.schema import GameGenome

__all__ = ["GAME_INFO", "MECHANICS", "GameInfo", "all_games", "game_names", "get_game", "resolve_slug"]

_FAMILY_GAMES: tuple[tuple[LibraryGame, ...], ...] = (
    tableau.GAMES,
    tricks.GAMES,
    shedding.GAMES,
    rummy.GAMES,
    fishing.GAMES,
    casino.GAMES,
    counting.GAMES,
)


def _collect(families: tuple[tuple[LibraryGame, ...], ...]) -> dict[str, LibraryGame]:
    """Every library game by slug, in slug order; two games with one slug are a programming error."""
    games: dict[str, LibraryGame] = {}
    for family in families:
        for info, genome in family:
            if info.slug in games:
                raise ValueError(f"library: two games have the slug {info.slug!r}")
            games[info.slug] = (info, genome)
    return dict(sorted(games.items()))


def _key(name: str) -> str:
    """A name as the registry compares it: case-folded, spaces and underscores as hyphens."""
    return re.sub(r"[\s_]+", "-", name.strip().casefold())


_GAMES = _collect(_FAMILY_GAMES)

#: slug → catalogue entry, in slug order.
GAME_INFO: dict[str, GameInfo] = {slug: info for slug, (info, _) in _GAMES.items()}

#: Every accepted spelling (slug or display name, as ``_key`` folds it) → slug.
_ALIASES: dict[str, str] = {
    "euchre-like": "euchre",  # the former one-deal approximation's slug
    **{_key(info.name): slug for slug, info in GAME_INFO.items()},
    **{_key(slug): slug for slug in GAME_INFO},
}


def game_names() -> list[str]:
    """Every library slug, sorted."""
    return list(GAME_INFO)


def all_games() -> dict[str, GameGenome]:
    """slug → genome for every library game, in slug order (a new dict each call)."""
    return {slug: genome for slug, (_, genome) in _GAMES.items()}


def resolve_slug(name: str) -> str:
    """The slug of the game called ``name`` (slug or display name, any case); ``UnknownGameError`` else."""
    key = _key(name)
    if key in _ALIASES:
        return _ALIASES[key]
    close = get_close_matches(key, list(_ALIASES), n=5, cutoff=0.6)
    suggestions = list(dict.fromkeys(_ALIASES[match] for match in close))
    hint = f"did you mean: {', '.join(suggestions)}?" if suggestions else "no close match."
    raise UnknownGameError(f"unknown game {name!r}; {hint} `darwindeck games` lists all games.")


def get_game(name: str) -> GameGenome:
    """The genome of the library game called ``name`` (slug or display name, any case)."""
    return _GAMES[resolve_slug(name)][1]
