"""Search players and skill measurement on top of the compiled engine.

* ``determinize``: what each seat has observed (``observe``) and full states sampled consistently with
  it (``determinize``); hidden cards are never read.
* ``mcts``: single-observer information-set MCTS (``search``), compiled; agent kind 2 (``mcts``) of
  ``engine.batch.play_batch_with`` and ``engine.simulate``.
* ``chances``: every side's estimated chance of winning at checkpoints of a game (rollouts of
  determinizations of what the side has seen), for the arc measures of ``evolve.quality.arc``.

Skill is measured by the ladder of ``evolve.quality.ladder`` (``darwindeck skill``).

Their compiled code is linked into the engine's batch loop, so ``engine.cache_guard`` watches these
sources together with the engine's.
"""
