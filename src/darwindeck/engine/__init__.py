"""The compiled game engine: every rule of every genome, in one numba-compiled kernel.

``tables.compile_tables(genome)`` gives ``GameTables`` (NumPy int arrays), ``tables.pack_tables`` one
program array, and the kernel runs it on a flat ``int64`` state array. Play and tests use
``state_api.GameState``; whole batches of games run in ``darwindeck.agents.batch`` and
``darwindeck.agents.simulate`` (one layer up, because they call the search). The semantics are in
``docs/rules-engine.md``; the action ids and the state's cells are defined, and documented, in one place:
``layout``.

Modules:

* ``layout``: the fixed layouts: action ids, the state array's cells, the tables' rows.
* ``tables``: a genome compiled into ``GameTables``, and packed into the kernel's program array.
* ``program``: reading the packed program inside the kernel (phases, teams, values).
* ``kernel``: start a game, apply an action, run the automatic steps to the next decision.
* ``movegen``: the legal actions of the decision in progress, ascending.
* ``jit``: how the kernel is compiled (no reference counting, stack workspaces).
* ``cache_guard``: drops numba's cache when any engine or ``agents`` source changes.
* ``piles``: pile operations on the state array.
* ``rng``: the deterministic random numbers (xorshift32 in one state cell) and game seeds.
* ``cond_eval``: the compiled condition programs evaluated.
* ``turns``: turn order and special effects (spec 000).
* ``tableau``: what a card played to the tableau does, by tableau mode (spec 001).
* ``tricks``: trick phases: who may play what, who wins the trick.
* ``trump``: the trump phase: the hand's trump chosen from a turned card.
* ``passing``: the pass phase: cards chosen, then exchanged at once.
* ``betting``: betting rounds with chips.
* ``equity``: showdown equity sampled over the unseen cards, and the betting choice made from it.
* ``combinations``: Dou Dizhu's combination plays: primal parts, kickers, what beats what.
* ``climb``: a Dou Dizhu hand's flow: the call for the landlord, the turn in the climb, the stake.
* ``climb_state``: the call and climb phases on the state: legal actions, the kitty, cards played, the
  stake paid, the greedy player's choice.
* ``claims``: claim phases (Cheat): cards face down with a claimed rank, and challenges.
* ``asking``: the ask phase (Go Fish).
* ``counting``: the count phase (Cribbage's play).
* ``board``: the board phase (Hold'em's streets): community cards, blinds, round openers, the shared pot.
* ``dealer``: the dealer phase (Blackjack's house): up-card, hole card, fixed drawing, payouts.
* ``crib``: the crib phase (Cribbage): cards laid away to the dealer's crib, the starter, his heels.
* ``show``: the show phase (Cribbage): hands and crib counted at the hand's end.
* ``auction``: Bridge's auction and the dummy (``decider``).
* ``knock``: the knock phase and its showdown.
* ``knock_showdown``: Gin Rummy's melds and lay-offs after a knock.
* ``tableau_melds``: Rummy's melds on the tableau: runs as plays, lay-offs.
* ``deals``: dealing, the end of a hand, and the next deal.
* ``contracts``: contract scoring at the hand's end (spec 004).
* ``makers``: maker scoring (Euchre).
* ``book``: book scoring (Whist).
* ``bridge_score``: Bridge's score of a contract.
* ``scoring``: scores, team scores (spec 003) and card-scoring triggers.
* ``hand_strength``: hand evaluation for showdowns and the ``hand_value`` condition.
* ``teams``: team aggregates and winner picking (spec 003).
* ``wins``: win checks and the end of the game.
* ``policies``: the one-step policies inside the compiled loop: random and greedy.
* ``search_params``: the settings of a searching seat.
* ``actions``: action names for people (``action_to_string``).
* ``state_api``: ``GameState``, the Python face of the engine.
* ``transcript``: readable transcripts of seeded games (golden files).
"""

from darwindeck.engine.cache_guard import AGENTS_DIR, ENGINE_DIR, ensure_fresh_cache

ensure_fresh_cache(ENGINE_DIR, companions=(AGENTS_DIR,))
