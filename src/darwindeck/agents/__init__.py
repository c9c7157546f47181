"""Search players and playouts on top of the compiled engine.

* ``determinize``: what each seat has observed (``observe``) and full states sampled consistently with
  it (``determinize``); hidden cards are never read.
* ``mcts``: single-observer information-set MCTS (``search``), compiled; policy 2 (``mcts``).
* ``solver``: a perfect-information alpha-beta solver to the end of the hand over the engine, compiled.
* ``pimc``: perfect-information Monte Carlo: sampled worlds, each solved, the best average card; policy
  kind 4.
* ``bids``: the PIMC player's trick-count bids and trump calls, chosen by their mean score in sampled
  worlds played out by the greedy player.
* ``batch``: a whole batch of games, every seat's policy included (the engine's random and greedy players,
  the search), in one compiled call, with per-game instrumentation (``play_batch_with``).
* ``simulate``: batches of one genome summarised as ``BatchStats``, split into chunks for parallel work.
* ``competent``: the competent search configuration (greedy rollouts, a bias toward the greedy move)
  used wherever play should be good.
* ``contract_value``: what an auction's contract is worth to each side, projected to the hand's end.
* ``chances``: every side's estimated chance of winning at checkpoints of a game (rollouts of
  determinizations of what the side has seen), for the arc measures of ``evolve.quality.arc``.

Skill is measured by the ladder of ``evolve.quality.ladder`` (``darwindeck skill``). The playouts live
here, not in the engine, because they call the search: the engine below knows nothing of this layer.

Their compiled code is linked with the engine's, so ``engine.cache_guard`` watches these sources
together with the engine's.
"""
