"""Search players and skill measurement on top of the compiled engine.

* ``determinize``: what each seat has observed (``observe``) and full states sampled consistently with
  it (``determinize``); hidden cards are never read.
* ``mcts``: single-observer information-set MCTS (``search``), compiled; agent kind 2 (``mcts``) of
  ``engine.batch.play_batch_with`` and ``engine.simulate``.
* ``skill``: ``evaluate_skill`` (greedy / MCTS against random players, first-player advantage, Wilson
  intervals and exact binomial p-values) and ``mcts_skill``, the evolution fitness hook.

Their compiled code is linked into the engine's batch loop, so ``engine.cache_guard`` watches these
sources together with the engine's.
"""
