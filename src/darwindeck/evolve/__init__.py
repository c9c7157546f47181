"""Evolving new games.

Modules:

* ``operators``: the typed operator registry (``OPERATORS``, ``get_operator``) and the mutation pipeline
  (``mutate`` → ``Child``), every child validated, repaired or rejected.
* ``mutations``: the operator functions, one module per family (effects, tableau, teams, bidding,
  structure, parameters, conditions, scoring, wins, betting).
* ``crossover``: section-wise crossover of two genomes (``crossover`` → ``Child``).
* ``repair``: the documented repairs and ``settle`` (validate → repair → accept or reject).
* ``novelty``: the structural distance between genomes and a genome's novelty.
* ``store``: the SQLite run store.
* ``ga``: the genetic algorithm loop.
* ``evaluator``: fitness evaluation back-ends (local process pool, Ray).
"""
