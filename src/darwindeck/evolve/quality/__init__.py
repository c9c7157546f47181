"""Quality evaluation: what competent play says about a game (``docs/fitness.md``).

* ``play``: seeded batches of play for evaluation: who plays, and what the games came to.
* ``canonical``: the canonical form of a genome, so that identity means "same rules".
* ``ablation``: dead rules, found by exact checks and by replaying seeded games without each rule.
* ``ladder``: the skill ladder on duplicate deals, and the luck and skill shares.
* ``arc``: lead changes, drama and decisiveness on the players' estimated chances.
* ``descriptors``: what kind of game a genome is (mechanics family, players, length): the archive's niches.
* ``elegance``: what a designer would cut or fix (contradictory parameters, idle components), measured.
* ``idle``: rules that change games but lower none of the play measures (a paired test per measure).
* ``simplify``: a game with its idle rules dropped one at a time, as a designer cuts a rule that does nothing.
* ``penalty``: a multiplicative charge on a genome's score with its reason.
* ``trace``: what greedy self-play asks of the players, decision by decision.
"""
