"""The compiled game engine: every rule of every genome, in one numba-compiled kernel.

``compile_tables(genome)`` → ``GameTables`` (NumPy int arrays) → ``pack_tables`` → one program array
that the kernel (``kernel``, ``batch.play_batch``) executes on a flat int64 state array. Play and tests
use ``state_api.GameState``; batches use ``simulate.simulate``. The semantics are in
``docs/rules-engine.md``.

Action layout (dense ints; legal actions are listed ascending; details in ``layout``):

==========  ==========================================================================================
0–51        card ``c = suit*13 + rank``: play / discard / play to the trick / put down for a claim
52          DRAW
53          PASS (optional phase; ends a claim once ``min_cards`` are down)
54–59       CHECK, CALL, BET, RAISE, ALL_IN, FOLD
60–73       BID n = 60 + n; BID 0 is Nil when the bidding phase allows Nil
74–75       CHALLENGE, NO_CHALLENGE
76–114      SET of k cards of rank r = 76 + (k−2)·13 + r (k = 2..4)
115–122     TARGET p = 115 + p (a ``player_choice`` effect)
123–135     CLAIM_RANK r = 123 + r
==========  ==========================================================================================
"""

from darwindeck.engine.cache_guard import AGENTS_DIR, ENGINE_DIR, ensure_fresh_cache

ensure_fresh_cache(ENGINE_DIR, companions=(AGENTS_DIR,))
