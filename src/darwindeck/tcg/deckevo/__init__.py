"""Deck evolution: a genetic algorithm over legal 20-card decks of the battle engine.

Modules, data flowing down:

- ``pool``: the cards evolution may use and their evolution lines (by card name).
- ``genome``: ``DeckGenome`` (sorted card ids + Energy Zone types), its identity, deck JSON and store codec.
- ``operators``: repair (any multiset of cards → a legal deck with whole lines), random decks, the
  mutations and the crossover. Every operator ends in ``repair``, so every child is legal.
- ``fitness``: seat-alternated matches between two decks, win rates against a field (draws count half).
- ``ga``: the decks' parts of the shared evolutionary loop and run store (``evolve.loop``, ``evolve.store``):
  first generation, elites, children, fitness with elites' growing records, per-generation seeds.
- ``report``: the final win-rate tables, the matrix plot, the best decks as JSON with a Markdown note.
"""
