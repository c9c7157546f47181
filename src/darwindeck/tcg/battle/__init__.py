"""Layer 4 of the battle engine, the top: the battle loop and who plays it.

``engine`` (``Battle``: setup, turns, legal actions, applying them, clones and views), ``choices`` (the
decisions card text leaves to a player), ``agents`` (random, greedy, MCTS), ``play`` (whole battles and
match summaries) and ``card_status`` (which cards the engine implements). Imports from every layer below
(``core``, ``rules``, ``effects``); deck evolution (``deckevo``) sits on top of it.
"""
