"""Playing a game yourself in the terminal (``darwindeck play``).

One module per concern; the CLI verb is ``darwindeck.cli.play_verbs``:

* ``view``: what one seat may see (``TableView``), built only from ``GameState.observation``.
* ``render``: the full and compact layouts of a view and the numbered moves.
* ``narrate``: one line per decision and per public consequence.
* ``opponents``: the computer players at the other seats (random, greedy, MCTS).
* ``session``: the game loop, with injected input and output.
* ``results``: the JSON Lines results file, one object per game played.
"""
