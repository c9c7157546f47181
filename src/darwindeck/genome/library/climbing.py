"""Climbing games with combination plays: Dou Dizhu (Fight the Landlord), by its published rules.

This module holds the design: what the language lacked for the game, and how each lack became a genome
field or a phase kind (following the "adding a phase kind" checklist of ``docs/architecture.md``), and
the game's genome (``dou_dizhu``). Built: the combination rules (``engine.combinations``), the hand's flow
(``engine.climb``), the genome's jokers, kitty, call and climb phases with their codecs and validation
(``tests/genome/test_climbing_phases.py``), and the kernel playing them (``engine.climb_state``: the
54-card deck, the kitty, the COMBO and KICKER actions, the stake, the greedy player;
``tests/engine/rules/test_dou_dizhu.py``), checked through ``GameState`` in lock-step against OpenSpiel
on 1,000 deals: the player to move, the legal set and the returns at every decision
(``tests/oracle/test_openspiel_dou_dizhu.py``); the rulebook's sentences (``rulebook.turn``,
``tests/rulebook/test_climbing_rulebook.py``) and the narration of each decision (``play.narrate``).
Not built yet: the terminal's and the web's views of the table (they name cards by suit and rank, and a
joker has neither), the sampler (the search's determinization knows 52 cards) and evolution's
operators; so the game is not in the library yet (``get_game`` does not find it: the library's games
are played at the terminal and on the web, and evolution seeds from them).

**Who wins.** The hand's scores are the stake (``engine.climb_state``); the win condition (one hand
played, the highest score) names the landlord the winner when he goes out, and when a peasant does the
two peasants share the top score: the engine's winner is then -1 (the tie rule of ``engine.wins``), and
``GameState.returns``, the scores, carry the peasants' win. A side-aware winner (the declarer's side
against the rest) would need the win checks to read ``S_DECLARER``; not done.

**Sources.** The published rules are Pagat's "Dou Dizhu" (pagat.com/climbing/doudizhu.html); the
page itself was not at hand here, so what follows is taken from the rules pages that retell it
(iwotm.org/dou-dizhu, a1game.net's "Dou Di Zhu", Wikipedia's "Dou dizhu") and from OpenSpiel's source,
and is to be checked against Pagat when the library game is written: a 54-card pack with two jokers, ranked
3 (low) … K, A, 2, black joker, red joker, suits irrelevant; three players, 17 cards each, three left
face down (the kitty); a random first bidder, bids 1, 2 or 3, each higher than the last; the highest
bidder is the landlord, turns the kitty up and takes it, and plays alone against the two peasants,
leading first. Each player in turn passes or beats the last play with a higher combination of the same
type and number of cards; a bomb beats anything but a higher bomb or the rocket, the rocket beats
everything; when the other two pass in a row the last player to play leads anything. The first to run
out of cards wins for their side. The stake is the bid, doubled for each bomb or rocket played and
doubled again for a *spring* (the landlord goes out before either peasant has played a card, or a
peasant goes out while the landlord has played only the opening combination); the landlord wins or
loses twice the stake, each peasant the stake. OpenSpiel's ``dou_dizhu``
(``open_spiel/games/dou_dizhu/``) defines the exact legal sets and returns the differential test
compares against.

**The combination types** (ranks in Dou Dizhu order, the *primal part* decides the order; 2s and jokers
never in a chain): solo; pair; trio; trio with a solo; trio with a pair; a chain of ≥5 solos; a chain of
≥3 pairs; an airplane (≥2 consecutive trios) alone, with as many solos (small wings) or as many pairs
(large wings) as trios; four with two solos or with two pairs; the bomb (four of a rank); the rocket
(both jokers). Kickers (the solos or pairs carried) are of ranks outside the primal part; the two
jokers are never both kickers; a pair kicker is two cards of one rank.

**What the language lacks**, checked against the genome (``genome/cards.py``, ``genome/phases.py``,
``genome/schema.py``) and the engine (``engine/layout.py``):

1. *The deck.* ``DeckType`` has no jokers; card ids are 0–51 (``suit*13 + rank``); the engine's piles
   hold 52 (``PILE_CAP``) and the actions 52 and 53 are DRAW and PASS, so a joker cannot be a card-id
   action. Ranks compare Ace high with 2 lowest; Dou Dizhu ranks 3 lowest and 2 above the Ace.
2. *The auction.* ``BiddingPhase`` is a contract bid by everyone (tricks, spec 004) and
   ``AuctionPhase`` is Bridge's; neither is a bid for the right to play alone, 1 to 3, each higher than
   the last, ended by the top bid or by passes, thrown in when all pass.
3. *The kitty.* Undealt cards stay in the stock; nothing sets cards aside at the deal, turns them up and
   gives them to the auction's winner.
4. *Combination plays.* ``PlayPhase`` plays one card, a set (SET: k cards of one rank) or a suited run
   (RUN), each card tested alone by ``valid_play_condition`` (``card_beats_top`` compares one rank).
   Nothing makes a play match the type and length of the last one, carries kickers, chains pairs or
   trios, clears the table when the others pass (President's docstring names this lack), or makes the
   player who cleared it lead.
5. *Bombs and the rocket.* No play beats across types.
6. *One against two.* Teams (spec 003) are fixed partnerships; the makers (``S_MAKER``, Euchre) are a
   fixed side. Nothing makes the auction's winner a side of one against the rest for this hand, the
   rest winning together when either goes out.
7. *Scoring.* No stake: nothing multiplies a hand's score by the bid, doubles it for bombs played or
   for a spring, or pays the lone player from each opponent.

**The design** (each becomes a declared field or phase kind; bytecode and JSON of every existing genome
stay byte-identical: the phase kinds are ``since=2`` like every kind added to version 2, and the setup's
two fields are late version-2 keys, written only when not 0, behind bit 2 of the setup's flag byte in
the bytecode):

* ``SetupRules.jokers: int`` (0 or 2, default 0; one byte): the deck gains a black joker (card id 52)
  and a red joker (53). ``PILE_CAP`` becomes 54. Joker ids never appear as card-id actions: validation
  refuses jokers without a climb phase, and a climb phase beside any phase but the call, so no other
  phase ever meets a joker.
* ``SetupRules.kitty: int`` (default 0; one byte): after the deal this many cards are set aside face
  down; validation refuses a kitty without a call phase to award it, and a deal that leaves fewer cards.
* Phase kind ``call`` (``CallPhase``, once per hand, before the turns; rules in ``engine.climb``, built):
  fields ``max_bid`` (1..7, default 3), ``once_around: bool`` (true: each player calls once,
  as a1game.net's "each player has a chance to bid"; false: bidding goes on until the others pass in a
  row after a bid, as OpenSpiel and Wikipedia's outbidding), ``all_pass: AllPass`` (``redeal``, the
  rules pages; ``void``: the game ends with no score, OpenSpiel), and
  ``first: FirstCaller`` (``random``: the seat that drew the turned-up card, uniform; ``dealer_left``).
  Actions: the existing BID n (60 + n) and PASS; no new action id. It sets the *declarer* (the existing
  ``S_DECLARER`` cell) and the *stake* (a new ``S_STAKE``), turns the kitty up for every seat and moves
  it to the declarer's hand, and makes the declarer lead. Sides for the hand: the declarer alone
  against the others (``engine.makers`` reads the side from ``S_DECLARER`` when the game has a call
  phase); the others win together when either empties their hand (``WinType.EMPTY_HAND``, by side).
  Validation refuses a call phase with teams (spec 003) or fewer than 3 players.
* Phase kind ``climb`` (``ClimbPhase``; engine module ``engine.combinations`` for the rules, built, and
  ``engine.climb`` for the turn): fields ``combos: tuple[Combo, ...]`` (the allowed types, a count byte and
  the codes, as the declared codecs write a tuple of enums; ``Combo`` codes 0–13 as
  ``engine.combinations.C_*``: solo, pair, trio, trio_solo, trio_pair, solo_chain, pair_chain, airplane,
  airplane_solos, airplane_pairs, four_solos, four_pairs, bomb, rocket; default all; a type listed twice is
  refused), ``bomb_doubles: bool`` and ``spring_doubles: bool``. The shortest chains (5 solos, 3 pairs, 2
  trios) are the published ones, fixed by the primal table, and so is the rank order (3 low, then K, A, 2
  and the jokers): a deck other than ``standard_52`` is refused, and no field names another order. Actions,
  new and dense after the current last id: COMBO p = ``A_COMBO0 + p`` for each of the 308 *primal parts*
  (type, head rank, length; ``engine.combinations.PRIMAL_*``), then KICKER r = ``A_KICKER0 + r`` for the 15
  climbing ranks: a combination with kickers is one COMBO then its kicker ranks one at a time (solos in
  non-decreasing rank, pairs rising), each offered only when the combination can still be completed; PASS
  when following. The engine chooses which suits go (the lowest card ids of a rank), since suits are
  irrelevant. The state holds the combination on the table (its primal part), its player, the passes in a
  row, the kicker stage (the primal part chosen, the kickers so far, the last kicker rank), and per seat the
  combinations played (for the spring). Validation refuses a climb phase beside any phase but the call,
  without a call before it, with another deck than ``standard_52``, and an empty ``combos``.
* Scoring by stake (``engine.climb.stake_scores``, built; at the hand's end): stake = bid × 2^(bombs
  and rockets played, with ``bomb_doubles``) × 2 (spring, with ``spring_doubles``); the declarer scores
  ±(players − 1) × stake, each other ∓stake; the game is one hand and the returns are these scores.
* Rulebook sentences, narration ("plays a pair of 7s", "passes"), the greedy player's choice, the
  sampler (the kitty turned up is known to every seat), mutation operators for both kinds.

**Known differences from OpenSpiel** (``tests/oracle/test_openspiel_dou_dizhu.py`` states and counts
them): its bidding goes on past one round and an all-pass ends the game at 0 (the test configures
``once_around=False``, ``all_pass=void``); it has no four-with-two (left out of ``combos`` in the test);
it offers no chain of solos, pairs or trios headed by a rank the player holds four of (a quirk of its
search, no rule: the test removes those chains from our set); it lets a bomb be played over the rocket
(its search adds bombs before looking at what is on the table, against its own header's "rocket
dominates all other hands": the test leaves those bombs out of its set and never plays them).

**What remains, in order** (each step its own commit with its tests):

1. *Done* (step 1): the genome (``SetupRules.jokers`` and ``kitty``, ``CallPhase`` and ``ClimbPhase`` with the
   ``Combo``, ``AllPass`` and ``FirstCaller`` enums, validation's refusals, the round trips, the codec
   corpus entry ``climbing:dou-dizhu`` with its variants). Touched: 11 source files: the genome's
   ``phases``, ``__init__`` and ``validation`` (the checklist's three), ``schema``, ``identity``,
   ``serialization`` and ``bytecode`` for the setup's two fields only (the phases' codecs are derived),
   this module for the game's genome; ``rulebook.turn`` (titles, and a refusal) and
   ``evolve.quality.elegance`` (``PHASE_PRODUCTS``), which a test or mypy requires for every kind; and
   ``engine.tables``, which refuses both kinds, the jokers and the kitty
   (``_check_engine_limits``), so a genome that skipped validation is refused there too. Also
   ``docs/bytecode.md`` and 5 test files. When the engine plays them, remove validation's "the engine
   does not play" error (``_Checker.check_climbing_phase``), the tables' refusal and the rulebook's.
2. *Done* (step 2), but for ``agents`` (the search's sampler, step 3) and ``state_api``'s observation of
   the kitty (the cells hold it, ``CL_KITTY``; the ``Observation`` does not show it yet): ``layout``
   (``PILE_CAP`` 54, ``K_CALL`` 17, ``K_CLIMB`` 18, the COMBO and KICKER ids, ``B_CLIMB``, ``H_CLIMB``),
   ``climb`` (the kicker stage's cells), the new ``climb_state``, ``tables`` (rows, the deck, the refusal
   gone), ``movegen``, ``kernel``, ``deals``, ``actions``, ``policies``, ``state_api`` (the returns) and
   ``play.render`` (one bound: contracts end at ``A_COMBO0``), validation's refusal lifted. What it was:
   ``PILE_CAP`` 54 and the deck with jokers (``tables``, ``deals``; ``PILE_CAP`` and
   ``FULL_DECK`` are read in 25 source files, ``agents`` and ``play`` among them: each array sized by
   them must hold the jokers' ids 52 and 53 or prove it never meets one); the kitty set aside at the
   deal and turned up; ``layout``: ``K_CALL``, ``K_CLIMB``, ``A_COMBO0`` (308 ids), ``A_KICKER0`` (15),
   the cells of ``engine.climb`` as state cells, the kicker stage; ``movegen`` (``call_actions``,
   ``legal_primals``, ``legal_kickers``), ``kernel`` (the two ``apply_action`` branches and the turn
   order of ``climb_pass``), ``deals``/``wins`` (the hand ends when a seat goes out; the declarer's side
   against the rest; ``stake_scores`` at the hand's end, the returns the scores), ``actions``,
   ``policies`` (greedy: the lowest combination that beats the table), ``state_api`` (the kitty and the
   stake in the observation).
3. *Done*: the rulebook's sentences (``rulebook.turn``'s call and climb, ``sections``' deal with the
   jokers and the kitty and the hand's end, ``statements``) and narration (``play.narrate``). *Remains*:
   the sampler (``agents.determinize``: its arrays know 52 cards; the kitty is known once turned up;
   suits are unseen but irrelevant), the terminal's and web's views (``play.view``, ``play.render``,
   ``web``: a joker's name, the kitty, the combination on the table), the mutation operators.
4. *Done*: the OpenSpiel test on ``GameState``. *Remains*: the library game ``dou_dizhu`` registered
   (family ``climbing``) with its transcript and rulebook goldens, once step 3 is done.
"""

from __future__ import annotations

from darwindeck.genome.cards import Visibility
from darwindeck.genome.phases import CallPhase, ClimbPhase
from darwindeck.genome.schema import GameGenome, SetupRules, TurnStructure, WinCondition, WinType

#: A Dou Dizhu deal: 17 cards to each of three players, three to the kitty, from 54 with the jokers.
CARDS_EACH, KITTY = 17, 3


def dou_dizhu() -> GameGenome:
    """Dou Dizhu as the genome states it (the module's design): the two-joker deck, 17 cards each and a
    kitty of 3, the cards played face up in sight of all (the discard pile face up), one call (each
    player once, bids 1 to 3, thrown in when all pass, a random first caller) and the climb with every
    combination type, bombs and the spring doubling the stake; one hand.

    The engine plays it (``engine.climb_state``) and the rulebook describes it; not in the library yet:
    the terminal's and web's views do not show it (step 3 of the list above)."""
    return GameGenome(
        name="Dou Dizhu",
        description=(
            "The highest bidder plays alone against the other two with the three-card kitty; each in turn "
            "beats the last play with a higher combination of the same kind, a bomb or the rocket, or "
            "passes. The first to shed every card wins the stake for their side."
        ),
        setup=SetupRules(
            cards_per_player=CARDS_EACH,
            jokers=2,
            kitty=KITTY,
            discard_visibility=Visibility.FACE_UP,  # every combination played stays in sight
        ),
        turn_structure=TurnStructure(phases=(CallPhase(), ClimbPhase())),
        win_conditions=(WinCondition(WinType.HANDS_PLAYED, 1),),
        player_count=3,
        max_turns=500,
    )
