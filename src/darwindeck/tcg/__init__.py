"""The Pokémon-TCG-Pocket-style battle engine (``docs/battles.md``, ``docs/tcg-rules.md``; the full map is
``tcg/README.md``).

Four layers, data flowing down (``tests/tcg/test_layers.py``), and deck evolution on top:

* ``core``: cards and state as data, the active-effects registry of spec 002, the handler registry.
* ``rules``: the rules every card obeys: the pipelines, the board, the lifecycle hooks, targets.
* ``effects``: the handlers of attacks, abilities and Trainers, registered on import.
* ``battle``: the battle loop, the players' choices, the battle players, whole battles.
* ``deckevo``: deck evolution, a genetic algorithm over legal 20-card decks.
* ``tools``: the builder of the card data in ``data/``.
"""
