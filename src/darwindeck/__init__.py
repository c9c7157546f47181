"""DarwinDeck: a card-game laboratory.

Layers (data flows down; the README maps them to folders): ``genome`` (the game description, validation,
JSON, bytecode, the classic-game library) → ``engine`` (the compiled VM) → ``agents`` → ``evolve``;
``rulebook`` and ``play`` read genomes; ``tcg`` is the separate Pokémon-TCG-Pocket-style battle engine.
"""

__version__ = "0.1.0"
