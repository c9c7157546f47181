"""Showdown equity and the betting choice made from it (the greedy player's betting rule), compiled.

**Equity** (``showdown_equity``): the chance that a seat's hand wins the showdown against the players
still in the hand (not folded), estimated by sampling what the seat cannot see. The *unseen* cards are
the other players' hands, the deck and the claim pile, taken in card order (never in the order the real
state keeps them, so a sample depends only on what the seat sees and on the seed: the same rule as
``agents.determinize``, which the engine cannot import). Each sample shuffles the unseen cards with the
engine's xorshift (``rng.rand_below``) and deals each opponent still in as many as it holds, plus the
cards still to come; the seat keeps its own cards and takes its cards to come too. Cards to come: in a
``POKER`` game every hand is completed to five cards while the deck lasts (five-card stud's later
streets); otherwise hands are compared as they are (Draw Poker's exchange is not anticipated). The
hands are compared by ``hand_strength.hand_strength``; a sample won outright counts 1, a tie for the
best hand among ``k`` hands counts ``1/k``. Without a hand evaluation the equity is the even share
``1 / players in``.

**Betting choice** (``equity_choice``), among the legal betting actions (``engine.betting``), with ``e``
the equity from ``EQUITY_SAMPLES`` samples, ``k`` the players still in, ``owed`` the chips to call and
``pot`` the chips in the pot:

* the *price* of a call: the equity it needs to pay, counting a chip at its worth in the game. No
  game's result counts chips (the winner is the best hand among those who did not fold), so the player
  values a whole starting stack ``S`` at ``CHIP_WORTH`` of a game: it calls when
  ``e + w·(e·(pot + owed) − owed)/S ≥ 0`` with ``w = CHIP_WORTH``, i.e. ``e ≥ w·owed / (S + w·(pot +
  owed))``. With a large ``w`` this is the pot odds ``owed / (pot + owed)`` of a game played for chips;
  with ``w = 0.1`` an all-in of a whole stack into a pot of one stack needs ``e ≥ 1/12``;
* ``e ≥ ALL_IN_EQUITY``: all in (a near-certain winner puts every chip at stake; a call when the call
  already takes every chip);
* ``e ≥ raise_equity(k) = 2 / (k + 1)`` (two thirds heads-up, two fifths against three): bet, or raise
  when a bet stands (call when no raise is left);
* a *bluff*: with ``e`` below the even share ``1/k`` and nothing to call, bet at ``BLUFF_PER_MILLE``
  per mille of such decisions (the draw is a hash of the seat's observation and the seat, so the
  choice stays a function of the state, and the rate is measured in ``docs/skill.md``);
* otherwise check when nothing is owed; call when ``e`` reaches the price (all in when the call needs
  every chip left); else fold.

The equity's samples are seeded by ``observation_seed`` (a hash of the seat's own cards, the pot, the
turn and the seat), so the greedy player stays deterministic and never reads a hidden card's place.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from darwindeck.engine import layout as L
from darwindeck.engine.hand_strength import METHOD_POKER, hand_strength
from darwindeck.engine.jit import kernel_jit, stack_array
from darwindeck.engine.piles import hand_off
from darwindeck.engine.program import values_view
from darwindeck.engine.rng import mix32, rand_below

Int64Array = npt.NDArray[np.int64]

#: Samples of the unseen cards per equity estimate in a betting decision.
EQUITY_SAMPLES = 64
#: Equity from which the player goes all in.
ALL_IN_EQUITY = 0.85
#: What a starting stack of chips is worth, in games won (the price of a call, module docstring).
CHIP_WORTH = 0.1
#: Bluffs per thousand decisions with a weak hand and nothing to call.
BLUFF_PER_MILLE = 100
#: Cards a poker hand is completed to when cards are still to come.
POKER_HAND = 5

_CARD_CELLS = stack_array(L.FULL_DECK)
_UNSEEN_CELLS = stack_array(L.FULL_DECK)
_HAND_CELLS = stack_array(L.PILE_CAP)
_SEAT_CELLS = stack_array(L.MAX_PLAYERS)
_RNG_CELLS = stack_array(1)


@kernel_jit
def unseen_cards(tables: Int64Array, state: Int64Array, player: int, out: Int64Array) -> int:
    """The cards ``player`` cannot see (other hands, deck, claim pile) into ``out`` in card order; their
    number."""
    marked = _CARD_CELLS()
    for p in range(tables[L.H_PLAYERS]):
        if p != player:
            off = hand_off(p)
            for i in range(state[L.L_HAND + p]):
                marked[state[off + i] % L.FULL_DECK] = 1
    for i in range(state[L.L_DECK]):
        marked[state[L.P_DECK + i] % L.FULL_DECK] = 1
    for i in range(state[L.L_CLAIM]):
        marked[state[L.P_CLAIM + i] % L.FULL_DECK] = 1
    n = 0
    for card in range(L.FULL_DECK):
        if marked[card] != 0:
            out[n] = card
            n += 1
    return n


@kernel_jit
def observation_seed(state: Int64Array, player: int) -> int:
    """A hash of what ``player`` sees of the betting (its cards, the pot, the turn) and of the seat."""
    h = mix32(player + 1)
    off = hand_off(player)
    for i in range(state[L.L_HAND + player]):
        h = mix32(h ^ (state[off + i] + 1))
    h = mix32(h ^ state[L.S_POT])
    h = mix32(h ^ state[L.S_TURN])
    return h if h != 0 else 1


@kernel_jit
def _strength(tables: Int64Array, cards: Int64Array, n: int) -> int:
    return int(
        hand_strength(
            cards,
            n,
            tables[L.H_EVAL_METHOD],
            values_view(tables),
            tables[L.H_ACE_ALT],
            tables[L.H_BUST],
            tables[L.H_PATTERN_MASK],
        )
    )


@kernel_jit
def _target_size(tables: Int64Array, held: int) -> int:
    """The cards a hand of ``held`` cards will have at the showdown (module docstring)."""
    if tables[L.H_EVAL_METHOD] == METHOD_POKER:
        return max(held, POKER_HAND)
    return held


@kernel_jit
def _deal(unseen: Int64Array, n_unseen: int, taken: int, count: int, rng: Int64Array, out: Int64Array) -> int:
    """Move ``count`` random cards of ``unseen[taken:n_unseen]`` to ``unseen[taken:taken+count]`` (a step
    of Fisher–Yates) and append them to ``out``; the new ``taken``."""
    for j in range(count):
        if taken >= n_unseen:
            return taken
        pick = taken + rand_below(rng, 0, n_unseen - taken)
        card = unseen[pick]
        unseen[pick] = unseen[taken]
        unseen[taken] = card
        out[j] = card
        taken += 1
    return taken


@kernel_jit
def _sample_share(
    tables: Int64Array, state: Int64Array, player: int, unseen: Int64Array, n_unseen: int, rng: Int64Array
) -> float:
    """The seat's share of one sampled showdown: 1 won, ``1/k`` tied among ``k``, 0 lost."""
    cards = _HAND_CELLS()
    own = state[L.L_HAND + player]
    off = hand_off(player)
    for i in range(own):
        cards[i] = state[off + i]
    target = _target_size(tables, own)
    taken = _deal(unseen, n_unseen, 0, target - own, rng, cards[own:])
    mine = _strength(tables, cards, min(target, own + taken))
    tied = 1
    for p in range(tables[L.H_PLAYERS]):
        if p == player or state[L.B_FOLDED + p] != 0:
            continue
        size = _target_size(tables, state[L.L_HAND + p])
        before = taken
        taken = _deal(unseen, n_unseen, taken, size, rng, cards)
        theirs = _strength(tables, cards, taken - before)
        if theirs > mine:
            return 0.0
        tied += 1 if theirs == mine else 0
    return 1.0 / tied


@kernel_jit
def players_in(tables: Int64Array, state: Int64Array) -> int:
    count = 0
    for p in range(tables[L.H_PLAYERS]):
        count += 1 if state[L.B_FOLDED + p] == 0 else 0
    return count


@kernel_jit
def showdown_equity(tables: Int64Array, state: Int64Array, player: int, samples: int, seed: int) -> float:
    """The chance that ``player`` wins the showdown, from ``samples`` samples seeded ``seed`` (module
    docstring)."""
    if tables[L.H_EVAL_METHOD] < 0:
        return 1.0 / max(1, players_in(tables, state))
    unseen = _UNSEEN_CELLS()
    n_unseen = unseen_cards(tables, state, player, unseen)
    rng = _RNG_CELLS()
    rng[0] = seed if seed != 0 else 1
    total = 0.0
    for _ in range(samples):
        total += _sample_share(tables, state, player, unseen, n_unseen, rng)
    return total / max(1, samples)


@kernel_jit
def raise_equity(n_in: int) -> float:
    """The equity from which the player bets or raises with ``n_in`` players in the hand."""
    return 2.0 / (n_in + 1)


@kernel_jit
def _legal(state: Int64Array, action: int) -> bool:
    for i in range(state[L.S_N_LEGAL]):  # noqa: SIM110 (numba: no generators)
        if state[L.P_LEGAL + i] == action:
            return True
    return False


@kernel_jit
def _first_legal(state: Int64Array, a: int, b: int, c: int) -> int:
    """The first of ``a``, ``b``, ``c`` that is legal; -1 when none is."""
    if a >= 0 and _legal(state, a):
        return a
    if b >= 0 and _legal(state, b):
        return b
    if c >= 0 and _legal(state, c):
        return c
    return -1


@kernel_jit
def call_price(owed: int, pot: int, stack: int) -> float:
    """The equity a call of ``owed`` chips into ``pot`` needs, a starting ``stack`` being worth
    ``CHIP_WORTH`` of a game (module docstring)."""
    return CHIP_WORTH * owed / (max(1, stack) + CHIP_WORTH * (pot + owed))


@kernel_jit
def choice_for_equity(
    state: Int64Array, player: int, equity: float, n_in: int, stack: int, bluff_draw: int
) -> int:
    """The betting action for ``equity`` among the legal ones (module rules), ``stack`` the starting
    chips; ``bluff_draw`` in ``[0, 1000)`` decides a bluff."""
    owed = state[L.S_CUR_BET] - state[L.B_ROUND_BET + player]
    if equity >= ALL_IN_EQUITY:
        every_chip = owed >= state[L.B_CHIPS + player]
        action = _first_legal(state, L.A_CALL if every_chip else L.A_ALL_IN, L.A_ALL_IN, -1)
    elif equity >= raise_equity(n_in):
        action = _first_legal(state, L.A_BET, L.A_RAISE, L.A_CALL)
    elif owed <= 0:
        bluff = equity < 1.0 / n_in and bluff_draw < BLUFF_PER_MILLE
        action = _first_legal(state, L.A_BET if bluff else -1, L.A_CHECK, -1)
    elif equity >= call_price(owed, state[L.S_POT], stack):
        action = _first_legal(state, L.A_CALL, L.A_ALL_IN, -1)
    else:
        action = _first_legal(state, L.A_FOLD, -1, -1)
    if action < 0:  # whatever the rule wanted is not offered: the cheapest way to stay in
        action = _first_legal(state, L.A_CHECK, L.A_CALL, L.A_ALL_IN)
    return action if action >= 0 else int(state[L.P_LEGAL])


@kernel_jit
def equity_choice(tables: Int64Array, state: Int64Array) -> int:
    """The betting action of the player to act (module rules), a function of its observation."""
    player = state[L.S_ACTOR]
    seed = observation_seed(state, player)
    equity = showdown_equity(tables, state, player, EQUITY_SAMPLES, seed)
    return choice_for_equity(
        state,
        player,
        equity,
        players_in(tables, state),
        tables[L.H_STARTING_CHIPS],
        mix32(seed ^ 0x5BD1) % 1000,
    )
