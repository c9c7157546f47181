"""Playing a game yourself in the terminal (``darwindeck play``).

One module per concern: ``view`` (what a seat may see, from ``GameState.observation``), ``render`` (the
full and compact layouts), ``narrate`` (a line per decision), ``opponents`` (random, greedy, MCTS),
``session`` (the game loop with injected input and output) and ``results`` (the JSON Lines results
file). The CLI verb is ``darwindeck.cli.play_verbs``.
"""
