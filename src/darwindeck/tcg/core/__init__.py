"""Layer 1 of the battle engine, the bottom: cards and state as data, and the registries.

``models`` (cards, Pokémon in play, players, the game state), ``card_facts`` (each card's static facts,
derived once for the battle loop), ``actions`` (the action codes),
``catalog`` (the card sets), ``decks`` (deck files and their rules), ``coins``, ``errors``,
``active_effects`` (seed 002's registry of effects that last), ``registry`` and ``effect_context`` (the
effect-handler registry and the context a handler gets) and ``battle_data`` (what a rule may read and
change of a battle). Nothing here imports from the layers above (``rules``, ``effects``, ``battle``).
"""
