"""Deck evolution: a genetic algorithm over legal 20-card decks of the battle engine.

Modules, data flowing down:

- ``pool``: the cards evolution may use and their evolution lines (by card name).
- ``genome``: ``DeckGenome`` (sorted card ids + Energy Zone types), its identity and deck JSON.
- ``operators``: repair (any multiset of cards → a legal deck with whole lines), random decks, the
  mutations and the crossover. Every operator ends in ``repair``, so every child is legal.
- ``fitness``: seat-alternated matches between two decks, win rates against a field (draws count half).
- ``store``: the run store (SQLite through SQLAlchemy) that makes a killed run resumable.
- ``ga``: the generational loop (tournament selection, elitism, crossover, mutation), seeded per generation.
- ``report``: the final win-rate tables, the matrix plot, the best decks as JSON with a Markdown note.
"""
