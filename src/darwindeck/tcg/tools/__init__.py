"""Developer tools of the battle engine.

* ``build_cards``: builds the card data in ``data/`` from the reference card lists.
"""
