"""Layer 1 of the battle engine, the bottom: cards and state as data, and the registries.

Nothing here imports from the layers above (``rules``, ``effects``, ``battle``).

* ``models``: cards, Pokémon in play, players, the game state.
* ``card_facts``: each card's static facts, derived once for the battle loop.
* ``actions``: the dense integer action codes.
* ``catalog``: the card sets (the project's card data in ``data/``).
* ``decks``: deck files and the deck rules.
* ``coins``: the one injected source of coin flips.
* ``errors``: the battle engine's errors (all ``DarwinDeckError``).
* ``active_effects``: the active effects of spec 002 as data.
* ``active_effects_manager``: the registry that registers, removes and queries them.
* ``registry``: the effect-handler registry (``effect_id`` → handler).
* ``effect_context``: the context a handler gets and the result it returns.
* ``battle_data``: what a rule may read and change of a battle.
"""
