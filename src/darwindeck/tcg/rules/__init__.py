"""Layer 2 of the battle engine: the rules every card obeys, over ``core``'s data.

Imports only from ``core``.

* ``pipelines``: energy, retreat cost, damage, status: the ordered pipelines of spec 002.
* ``board``: placing, moving, healing and knocking out Pokémon.
* ``lifecycle``: the hooks a Pokémon's entering and leaving play run, and ability suppression.
* ``targets``: the valid targets of each target kind.
"""
