"""Layer 2 of the battle engine: the rules every card obeys, over ``core``'s data.

``pipelines`` (energy, retreat cost, damage: the ordered pipelines of seed 002), ``board`` (placing,
moving, healing and knocking out Pokémon), ``lifecycle`` (the hooks a Pokémon's entering and leaving
play run) and ``targets`` (the valid targets of each target kind). Imports only from ``core``.
"""
