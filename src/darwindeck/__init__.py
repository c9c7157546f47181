"""DarwinDeck: a card-game laboratory.

The packages are layers, data flowing down (``docs/architecture.md``; ``tests/test_layers.py`` checks the
direction and that nothing imports in a circle):

* ``errors``: the error types; every user mistake is a ``DarwinDeckError`` with a place and a reason.
* ``fileio``: file output that never leaves a half-written file.
* ``stats``: the Wilson interval and the binomial tail.
* ``harness``: the State API both engines offer, the one player protocol, and ``play_out``.
* ``seeding``: one derivation of seeds from named parts (``derive``), used by every layer.
* ``genome``: the game description, validation, identity, JSON, bytecode, import, the classic-game library.
* ``engine``: the compiled VM that plays every genome.
* ``rulebook``: a genome's rulebook, Markdown or HTML.
* ``agents``: search players and the batch playouts.
* ``evolve``: evolving new games: operators, quality measures, fitness, the GA, the run store.
* ``play``: playing a game yourself in the terminal.
* ``tcg``: the Pokémon-TCG-Pocket-style battle engine and deck evolution (its map is ``tcg/README.md``).
* ``web``: the web app.
* ``cli``: the ``darwindeck`` command.
"""

__version__ = "0.1.0"
