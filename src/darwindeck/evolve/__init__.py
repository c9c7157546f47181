"""Evolving new games (``docs/evolution.md``, ``docs/fitness.md``).

* ``settings``: ``EvolutionSettings``, the style names and the fitness cache key.
* ``operators``: the typed operator registry and the mutation pipeline (every child validated, repaired
  or rejected).
* ``mutations``: the operator functions, one module per family of the genome.
* ``crossover``: section-wise crossover of two genomes.
* ``repair``: the documented repairs and the vetting step that uses them.
* ``novelty``: the structural distance between genomes, read from their features.
* ``differences``: how a game differs from a known one, in words, from the novelty features.
* ``published``: the published corpus (the library and described published games) and a game's nearest.
* ``quality``: how good a game is: canonical form, dead rules, the skill ladder, the arc, descriptors.
* ``metrics``: what competent play says about a game, each as a number in [0, 1].
* ``styles``: one weight table of the metrics per fitness style.
* ``fitness``: a genome's fitness: screening, judging, the score.
* ``archive``: the quality-diversity archive (MAP-Elites): the best game of every niche.
* ``gallery``: a run's gallery as files, text and a heat map.
* ``loop``: the evolutionary loop every kind of genome runs on (elitism, tournament, resume, seeds).
* ``ga``: the card games' genetic algorithm on that loop: breeding, fitness, MCTS step, hall of fame.
* ``brief``: steering: a designer's brief (players, deck, minutes, mechanics, ``from`` games) a run meets.
* ``evaluator``: where fitness runs: a local process pool or Ray.
* ``store``: the run store of every kind of genome (SQLAlchemy; SQLite by default).
* ``report``: what a run leaves in its output folder.
* ``explain``: a designer's report on one game (``darwindeck explain``): what each rule does, how it plays.
"""
