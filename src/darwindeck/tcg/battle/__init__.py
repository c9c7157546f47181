"""Layer 4 of the battle engine, the top: the battle loop and who plays it.

Imports from every layer below (``core``, ``rules``, ``effects``); deck evolution (``deckevo``) sits on
top of it.

* ``engine``: ``Battle``: setup, turns, legal actions, applying them, clones and views.
* ``choices``: the decisions card text leaves to a player.
* ``players``: the battle players (random, greedy, MCTS).
* ``play``: whole battles and match summaries.
* ``card_status``: which cards the engine implements, and why a card is missing.
* ``narration``: a battle told to a person: each action, coin, damage, status and knock-out in words.
* ``card_words``: each card effect described in the project's own words (the card text on request).
"""
