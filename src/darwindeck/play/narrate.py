"""One line per decision, and a line for each public consequence, written for the human's seat.

``describe_decision(before, action, after, genome, rules)`` says what the deciding seat did, e.g. "West
plays 8♣ (wild: next card must be a ♣ or an 8)", "East plays J♥: South is skipped", "East bids 3",
"North draws a card", "You draw 5♦"; ``forced_note`` is the reason added when the human's only legal
move is made for them ("You draw 5♦ (no playable card)"); ``merge_lines`` folds a run of draws by one
seat into one line ("West draws 3 cards", "You draw 5♦, 9♣ (no playable card)"), a wild card with the
suit its player names ("West plays 8♣ and names ♥ (next card must be a ♥ or an 8)"), and an opponent's
choices of cards to pass ("East chooses 3 cards to pass": which cards, only the receiver learns).
``describe_events(before, action, after, rules)`` says what followed without a decision: the cards the
human passed and received ("You pass Q♠, K♠, 4♥ to East and receive J♠, 5♥, A♥ from West"), a trick
won, a claim pile taken, a pot won, cards captured, the discard shuffled into a new deck (the deck grew
without a deal), community cards dealt to the board ("The board: 7♥ 8♣ 2♦ 4♠ (dealt 4♠)"), the dealer's
play once it turns its hole card ("The dealer turns 4♥ and draws 3♣, 2♦";
said when the dealer's cards are still on the table after the action: not when a new deal follows at
once), a hand over with the scores. Both read only ``TableView`` values of the human's seat
(``darwindeck.play.view``), the genome and ``TableRules`` (public rules), so a line can name a card only
when that seat may see it:

* cards played to the discard (unless the discard is face down), the tableau or a trick are named, a
  set's card by card as it went down ("South plays K♥ K♣", ``Revealed.laid``), a run's from its action,
  a meld laid on the table with one verb, set or run alike ("South melds K♥ K♣ K♠", "South melds 3♠ 4♠
  5♠"; ``view.lays_meld``) and a card laid off on one ("South lays off 6♥", ``view.lays_off``), and so
  are the cards a capture takes off the table ("West captures 5♣ 5♦"; War's winner "takes 4♣ 7♠" into
  the hand), in the move that ends a hand too, before the next deal (``view.settled_view``);
* cards put down for a claim, given to or taken from a hand, or drawn are named only for the human's
  own moves, and a card taken from the human's hand to the human ("East takes 7♣ from your hand"): the
  human sees them arrive in or leave their hand;
* a card played in a play phase whose rank has a special effect adds the effect (spec 000: one per rank,
  the last listed wins), with its target named from the direction of play before the card, and for a
  draw what was really drawn;
* discards the rules keep face down (the Euchre dealer's, a discard onto a captured pile or the deck,
  as Draw Poker's exchange) and sets put face down are counted, never named, except to their owner
  ("East discards 2 cards and draws 2", "East puts 2 cards onto the deck");
* cards the rules turn face up (``view.cards_turned_up``: a challenged claim, a knock's hands, a
  showdown's hands, a book, a set) are named with the moment that turns them up; bets say their size.

A game ends with ``result_text``: the winner and why, in the terms of the game's win condition.

The winner of a trick is worked out from the cards of the trick with the engine's rule
(``tricks.trick_winner_index``: the best trump, else the best card of the led suit), because the trick
that ends a hand is scored and cleared in the same action. A hand of a contract game ends with one line
per side (team, or seat in individual mode) in spec 004's arithmetic (``engine.contracts``):

    North+South (you): bid 5 (North 3, South 2), took 6: made +50, 1 overtrick +1 = +51; bags 1; score 51
    East: bid Nil, took 2: Nil failed -100, 2 overtricks +2 = -98; bags 2; score -98

    North (you): bid 3, took 2: missed the bid, no points; score 13

the contract made or failed (a miss that costs nothing, Oh Hell's, is "missed the bid", with no
"+0"), the overtricks (each a bag), the bag penalty when the bags reach the limit, each Nil made or
failed, the points of the hand (the side's score after minus before), the bags carried (only where
the contract has a bag rule, ``counts_bags``: an exact contract, Oh Hell's, has none) and the score.
Points the contract does not explain (card scoring) are shown as ``other``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from darwindeck.engine import layout as L
from darwindeck.engine.actions import CLIMB_RANKS, combo_name, contract_name
from darwindeck.engine.counting import count_value
from darwindeck.engine.tableau_melds import run_length
from darwindeck.genome.cards import Location, Rank, Suit, card_name, card_rank
from darwindeck.genome.conditions import Condition, ConditionType, Operator, Reference
from darwindeck.genome.phases import DiscardPhase, DrawPhase, PlayPhase
from darwindeck.genome.schema import (
    SCORE_WINS,
    ContractScoring,
    EffectType,
    GameGenome,
    SpecialEffect,
    TargetSelector,
    WinType,
)
from darwindeck.play.view import (
    NO_REVEAL,
    KnockHand,
    Revealed,
    TableRules,
    TableView,
    contract_bid,
    follow_note,
    is_run,
    lands_face_up,
    lays_meld,
    lays_off,
    run_cards,
    sort_hand,
    trick_winner,
    wild_note,
)

BET_WORDS = frozenset({L.A_CHECK, L.A_CALL, L.A_BET, L.A_RAISE, L.A_ALL_IN, L.A_FOLD})


def bet_words(view: TableView, rules: TableRules, player: int, action: int) -> tuple[str, str]:
    """(third person, second person) of a betting action by ``player`` with its size, from the view
    before it (``engine.betting``: a call puts in what is owed, a bet the minimum, a raise the minimum
    over the bet, all in every chip): ("raises to 6", "raise to 6"), ("calls 4", "call 4")."""
    owed = view.current_bet - view.round_bets[player]
    bet = _bet_size(view, rules)
    raised = view.round_bets[player] + bet
    words = {
        L.A_CHECK: ("checks", "check"),
        L.A_CALL: (f"calls {owed}", f"call {owed}"),
        L.A_BET: (f"bets {bet}", f"bet {bet}"),
        L.A_RAISE: (f"raises to {raised}", f"raise to {raised}"),
        L.A_ALL_IN: (f"goes all in ({view.chips[player]})", f"go all in ({view.chips[player]})"),
        L.A_FOLD: ("folds", "fold"),
    }
    return words[action]


def draw_words(view: TableView, rules: TableRules, action: int) -> str:
    """A draw phase's choice as it is: "take 7♣ from the discard pile", "draw from the stock", "pass"
    ("pass (leave 7♣)" when passing declines the discard)."""
    source = rules.draw_sources[view.phase_index]
    top = card_name(view.discard_top) if view.discard_top is not None else ""
    if action == L.A_PASS:
        return f"pass (leave {top})" if source is Location.DISCARD and top else "pass"
    if source is Location.DISCARD and top:
        return f"take {top} from the discard pile"
    if source is Location.TABLEAU and view.tableau[L.GENERAL_PILE]:
        return f"take {card_name(view.tableau[L.GENERAL_PILE][-1])} from the table"
    if source is Location.OPPONENT_HAND:
        return "take a card from an opponent's hand"
    if source is Location.CAPTURED:
        return "take a card from your captured pile"
    return "draw from the stock"


def _bet_size(view: TableView, rules: TableRules) -> int:
    """The chips a BET or RAISE of the deciding seat puts in (``engine.betting``): the minimum bet over
    what it owes, or with pot-sized betting what it owes and the pot after calling."""
    owed = max(view.current_bet - view.round_bets[view.current_player], 0)
    if rules.pot_sized:
        return view.pot + 2 * owed
    return owed + rules.min_bets[view.phase_index]


def _put_in(view: TableView, rules: TableRules, action: int) -> int:
    """The chips the deciding seat puts in with a betting ``action`` (``engine.betting``)."""
    player = view.current_player
    owed = max(view.current_bet - view.round_bets[player], 0)
    bet = _bet_size(view, rules)
    amounts = {L.A_CALL: owed, L.A_BET: bet, L.A_RAISE: bet, L.A_ALL_IN: view.chips[player]}
    return amounts.get(action, 0)


def _says(view: TableView, actor: int, third: str, second: str, rest: str = "") -> str:
    """ "East plays 7♥" / "You play 7♥": the verb agrees with "You"."""
    verb = second if actor == view.seat else third
    return f"{view.name(actor)} {verb}{' ' + rest if rest else ''}"


def _offset(view: TableView, actor: int, step: int) -> int:
    return (actor + step) % view.n_players


def _shrunk_hand(before: TableView, after: TableView, actor: int) -> int:
    """The seat whose hand lost a card to the actor's draw (``engine.cond_eval.offering_player``)."""
    for seat in range(before.n_players):
        if seat != actor and after.hand_sizes[seat] < before.hand_sizes[seat]:
            return seat
    return _offset(before, actor, -before.direction)


def _new_cards(before: TableView, after: TableView) -> list[int]:
    """Cards in the human's hand after that were not there before (the human sees their own hand)."""
    old = set(before.hand or ())
    return [c for c in after.hand or () if c not in old]


def effect_of(genome: GameGenome, rank: Rank) -> SpecialEffect | None:
    """The special effect a card of ``rank`` triggers (the last one listed for the rank), if any."""
    found = None
    for effect in genome.special_effects:
        if effect.trigger_rank is rank:
            found = effect
    return found


def _clause(view: TableView, player: int, third: str, second: str) -> str:
    """ "East draws 2" / "you draw 2": a clause whose subject is a seat."""
    return f"you {second}" if player == view.seat else f"{view.names[player]} {third}"


def effect_text(view: TableView, actor: int, effect: SpecialEffect, after: TableView | None = None) -> str:
    """What an effect does, as a clause: "South draws 2", "you are skipped", "play now goes
    counter-clockwise" (targets follow the direction of play before the card). With ``after`` (the
    view once the effect is applied) a draw says what was drawn: "you draw 1 (the deck ran out)",
    "South draws nothing (the deck is empty)"."""
    step = view.direction
    seats = {
        TargetSelector.NEXT_PLAYER: _offset(view, actor, step),
        TargetSelector.PREV_PLAYER: _offset(view, actor, -step),
        TargetSelector.LEFT_OPPONENT: _offset(view, actor, 1),
        TargetSelector.RIGHT_OPPONENT: _offset(view, actor, -1),
    }
    groups = {
        TargetSelector.ALL_OPPONENTS: "every opponent",
        TargetSelector.RANDOM_OPPONENT: "a random opponent",
        TargetSelector.PLAYER_CHOICE: "the chosen player",
    }
    value = effect.value
    kind = effect.effect_type
    if kind is EffectType.REVERSE_DIRECTION:
        return f"play now goes {'counter-clockwise' if step > 0 else 'clockwise'}"
    if kind is EffectType.EXTRA_TURN:
        return _clause(view, actor, "takes another turn", "take another turn")
    if kind is EffectType.SKIP_NEXT and value > 1:
        return f"the next {value} players are skipped"
    verbs = {
        EffectType.SKIP_NEXT: ("is skipped", "are skipped"),
        EffectType.DRAW_CARDS: (f"draws {value}", f"draw {value}"),
        EffectType.FORCE_DISCARD: (f"discards {value}", f"discard {value}"),
    }
    third, second = verbs[kind]
    if effect.target in seats and kind is EffectType.DRAW_CARDS and after is not None:
        return _drawn_clause(view, actor, seats[effect.target], value, after)
    if effect.target in seats:
        return _clause(view, seats[effect.target], third, second)
    return f"{groups[effect.target]} {third}"


def _drawn_clause(view: TableView, actor: int, target: int, value: int, after: TableView) -> str:
    """The cards a draw effect really gave ``target``: its hand's growth (the actor's own hand also lost
    the card played), short of ``value`` when the deck and the discard ran out."""
    drawn = after.hand_sizes[target] - view.hand_sizes[target] + (1 if target == actor else 0)
    if drawn >= value or after.hand_number != view.hand_number or after.terminal:
        return _clause(view, target, f"draws {value}", f"draw {value}")
    if drawn <= 0:
        return _clause(view, target, "draws nothing", "draw nothing") + " (the deck is empty)"
    return _clause(view, target, f"draws {drawn}", f"draw {drawn}") + " (the deck ran out)"


def _card_play(
    view: TableView,
    actor: int,
    shown: Sequence[int],
    count: int,
    rank: int,
    genome: GameGenome,
    rules: TableRules,
    after: TableView,
    meld: bool = False,
) -> str:
    """``count`` cards of ``rank`` played in a play phase, one card, a set or a run: its target and the
    discard's visibility decide the words (``view.lands_face_up``); a ``meld`` (``view.lays_meld``) is
    said with one verb, set or run: "East melds K♥ K♣ K♠", "East melds 3♠ 4♠ 5♠". ``shown`` are the
    cards as the seat may see them: those laid face up, or the seat's own; empty for another seat's
    cards put face down."""
    phase = genome.phases[view.phase_index]
    target = phase.target if isinstance(phase, PlayPhase) else Location.DISCARD
    named = " ".join(card_name(card) for card in shown)
    private = named if actor == view.seat and named else "a card" if count == 1 else f"{count} cards"
    if lands_face_up(genome, target):
        wild_rank = rank in rules.wild_ranks
        note = wild_note(rules, shown[-1]) if shown and target is Location.DISCARD else ""
        note = note or ("wild" if wild_rank and target is Location.TABLEAU else "")
        wild = f" ({note})" if note else ""
        where = " to the table" if target is Location.TABLEAU and not meld else ""
        verbs = ("melds", "meld") if meld else ("plays", "play")
        words = _says(view, actor, *verbs, f"{named or claim_words(count, rank)}{where}{wild}")
    elif target is Location.DISCARD:
        words = _says(view, actor, "plays", "play", f"{private} face down")
    elif target is Location.OPPONENT_HAND:
        receiver = view.name(_offset(view, actor, view.direction))
        words = _says(view, actor, "gives", "give", f"{private} to {receiver}")
    else:
        where = "onto the deck" if target is Location.DECK else "onto their captured pile"
        words = _says(view, actor, "puts", "put", f"{private} {where}")
    effect = effect_of(genome, Rank.from_code(rank))
    if effect is None or effect.effect_type is EffectType.NAME_SUIT:  # the naming is told next
        return words
    return f"{words}: {effect_text(view, actor, effect, after)}"


def _group_play(
    before: TableView,
    actor: int,
    action: int,
    after: TableView,
    genome: GameGenome,
    rules: TableRules,
    revealed: Revealed,
) -> str:
    """A set (a pair, three of a kind, ``A_SET0`` ..) or a run (``A_RUN0`` ..): "South plays K♥ K♠",
    "South melds 3♠ 4♠ 5♠", its cards as laid face up (a set's ``revealed.laid``, ``view.cards_turned_up``;
    a run's, named by its action); put face down, they are named only to their owner (the cards that
    left its hand: "You put K♥ K♠ onto the deck", "East puts 3 cards onto the deck")."""
    meld = lays_meld(genome, before.phase_index, action)
    if is_run(action):
        cards = run_cards(action)
        phase = genome.phases[before.phase_index]
        face_up = isinstance(phase, PlayPhase) and lands_face_up(genome, phase.target)
        shown = cards if face_up or actor == before.seat else ()
        return _card_play(before, actor, shown, len(cards), cards[0] % L.N_RANKS, genome, rules, after, meld)
    rank, count = (action - L.A_SET0) % L.N_RANKS, (action - L.A_SET0) // L.N_RANKS + 2
    laid: Sequence[int] = revealed.laid
    if not laid and actor == before.seat:
        gone = set(before.hand or ()) - set(after.hand or ())
        laid = sorted(card for card in gone if card % L.N_RANKS == rank)
    return _card_play(before, actor, laid, count, rank, genome, rules, after, meld)


def _draw(before: TableView, actor: int, after: TableView, genome: GameGenome) -> str:
    phase = genome.phases[before.phase_index]
    source = phase.source if isinstance(phase, DrawPhase) else Location.DECK
    mine = actor == before.seat
    drawn = ", ".join(card_name(c) for c in _new_cards(before, after))
    if source is Location.DISCARD and before.discard_top is not None:
        return _says(before, actor, "takes", "take", f"{card_name(before.discard_top)} from the discard")
    if source is Location.TABLEAU and before.tableau[L.GENERAL_PILE]:
        return _says(
            before, actor, "takes", "take", f"{card_name(before.tableau[L.GENERAL_PILE][-1])} from the table"
        )
    if source is Location.OPPONENT_HAND:
        victim = before.name(_shrunk_hand(before, after, actor))
        owner = "your" if victim == "You" else f"{victim}'s"
        kept = after.hand or () if after.hand_number == before.hand_number else before.hand or ()
        lost = ", ".join(card_name(c) for c in before.hand or () if c not in kept)
        taken = drawn if mine else lost if victim == "You" else ""  # the giver sees its card go
        return _says(before, actor, "takes", "take", f"{taken or 'a card'} from {owner} hand")
    if source is Location.CAPTURED:
        return _says(before, actor, "takes", "take", "a card from their captured pile")
    return _says(before, actor, "draws", "draw", drawn if mine and drawn else "a card")


_CALL_VERBS = {
    L.A_PASS: ("passes", "pass"),
    L.A_DOUBLE: ("doubles", "double"),
    L.A_REDOUBLE: ("redoubles", "redouble"),
}


def _call(before: TableView, actor: int, action: int, after: TableView) -> str:
    """ "North bids 1♠", "East doubles"; the call that ends the auction says the contract and the
    dummy, and the last of four passes that the hand is thrown in."""
    if action in _CALL_VERBS:
        line = _says(before, actor, *_CALL_VERBS[action])
    else:
        line = _says(before, actor, "bids", "bid", contract_name(action - L.A_CONTRACT0))
    if after.hand_number != before.hand_number:
        return f"{line}: nobody bid, the hand is thrown in"
    if after.declarer >= 0 and before.declarer < 0:
        mine = after.declarer == after.seat
        declares = "you declare" if mine else f"{after.names[after.declarer]} declares"
        dummy = ""
        if after.dummy >= 0:
            dummy = (
                ", you are the dummy"
                if after.dummy == after.seat
                else f", {after.names[after.dummy]} is the dummy"
            )
        return f"{line}: the contract is {contract_bid(after)}, {declares}{dummy}"
    return line


def describe_decision(
    before: TableView,
    action: int,
    after: TableView,
    genome: GameGenome,
    rules: TableRules,
    revealed: Revealed = NO_REVEAL,
) -> str:
    """The one line that tells the human's seat what ``before.current_player`` did with ``action``
    (``revealed``: the cards the action turns face up, ``view.cards_turned_up``)."""
    actor = before.current_player
    kind = before.phase_kind
    mine = actor == before.seat
    if kind in (L.K_CALL, L.K_CLIMB):
        return _climbing(before, actor, action)
    if 0 <= action < L.FULL_DECK:
        if kind == L.K_COUNT:
            return _counted(before, actor, action, after, bool(revealed.crib))
        from_dummy = " from the dummy" if action in before.dummy_hand else ""
        if kind == L.K_TRICK and not before.trick:
            return _says(before, actor, "leads", "lead", card_name(action) + from_dummy)
        if kind == L.K_TRICK:
            return _says(before, actor, "plays", "play", card_name(action) + from_dummy)
        if kind == L.K_CLAIM:
            return _put_down(before, actor, action, after)
        if kind == L.K_PASS:
            return _says(
                before, actor, "chooses", "choose", f"{card_name(action) if mine else 'a card'} to pass"
            )
        if kind == L.K_CRIB:
            return _laid_away(before, actor, action, after)
        if kind == L.K_TRUMP or (kind == L.K_DISCARD and not _discard_face_up(genome, before.phase_index)):
            return _says(before, actor, "discards", "discard", card_name(action) if mine else "a card")
        if kind == L.K_DISCARD:
            return _says(before, actor, "discards", "discard", card_name(action))
        if lays_off(genome, before.phase_index, action):
            return _says(before, actor, "lays off", "lay off", card_name(action))
        return _card_play(before, actor, (action,), 1, action % L.N_RANKS, genome, rules, after)
    if action == L.A_DRAW:
        return _draw(before, actor, after, genome)
    if kind == L.K_AUCTION:
        return _call(before, actor, action, after)
    if action == L.A_PASS:
        phase = genome.phases[before.phase_index]
        if kind == L.K_DRAW and rules.draw_sources[before.phase_index] is Location.DISCARD:
            left = f"(leaves {card_name(before.discard_top)})" if before.discard_top is not None else ""
            return _says(before, actor, "passes", "pass", left.replace("leaves", "leave") if mine else left)
        if kind == L.K_BIDDING:  # declining blind Nil
            return _says(before, actor, "looks at their cards", "look at your cards")
        if kind == L.K_COUNT:
            return _says(before, actor, "says", "say", "go")
        if isinstance(phase, DrawPhase) and phase.stand:
            return _says(before, actor, "stands", "stand")
        if kind == L.K_CLAIM and before.claim_count > 0:  # ends the claim: it is said aloud
            return _says(before, actor, "claims", "claim", claim_words(before.claim_count, before.claim_rank))
        if kind == L.K_DISCARD:  # ends an optional discard: the rest of the hand is kept
            whose = "your" if mine else "their"
            return _says(before, actor, "keeps", "keep", f"the rest of {whose} hand")
        return _says(before, actor, "passes", "pass")
    if kind == L.K_BETTING and action in BET_WORDS:
        third, second = bet_words(before, rules, actor, action)
        pot = before.pot + _put_in(before, rules, action)
        return _says(before, actor, third, second, f"(pot {pot})" if pot else "")
    if L.A_BID0 <= action <= L.A_BID0 + L.MAX_BID:
        bid = action - L.A_BID0
        return _says(before, actor, "bids", "bid", "Nil" if after.nil[actor] else str(bid))
    if action == L.A_CHALLENGE:
        return _challenge(before, after, revealed)
    if action == L.A_NO_CHALLENGE:
        return _says(before, actor, "does not challenge", "do not challenge")
    if L.A_SET0 <= action < L.A_TARGET0 or is_run(action):
        return _group_play(before, actor, action, after, genome, rules, revealed)
    if action == L.A_BLIND_NIL:
        return _says(before, actor, "bids", "bid", "blind Nil")
    if kind == L.K_ASK and L.A_TARGET0 <= action < L.A_SUIT0:
        return _ask(before, action, after, revealed)
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return _says(before, actor, "chooses", "choose", before.name(action - L.A_TARGET0))
    if action == L.A_KNOCK and revealed.knock:
        laid = revealed.knock[actor]
        return _says(before, actor, "knocks", "knock", f"with {laid.count}: {_laid_out(laid)}")
    if action == L.A_KNOCK:
        return _says(before, actor, "knocks", "knock", _knock_outcome(before, after))
    if action >= L.A_SUIT0 and kind == L.K_TRUMP and _turned_up(before, action - L.A_SUIT0):
        return _order_up(before, after)
    if action >= L.A_SUIT0:
        suit = action - L.A_SUIT0
        named = _says(before, actor, "names", "name", Suit.from_code(suit).symbol)
        return f"{named} ({follow_note(rules, suit)})" if rules.wild_takes_suit else named
    rank = Rank.from_code(action - L.A_CLAIM_RANK0)
    return _says(before, actor, "claims", "claim", rank_plural(rank))


def _climbing(view: TableView, actor: int, action: int) -> str:
    """Dou Dizhu's call and climb: a bid, a pass, a combination by its kind and rank ("plays a pair of
    7s"), then each kicker it carries ("adds a 5"); the cards go face up to the discard pile."""
    if action == L.A_PASS:
        return _says(view, actor, "passes", "pass")
    if action < L.A_COMBO0:
        return _says(view, actor, "bids", "bid", str(action - L.A_BID0))
    if action < L.A_KICKER0:
        name = combo_name(action - L.A_COMBO0)
        return _says(view, actor, "plays", "play", f"{'an' if name[0] in 'aeiou' else 'a'} {name}")
    return _says(view, actor, "adds", "add", f"a {CLIMB_RANKS[action - L.A_KICKER0]}")


def _put_down(before: TableView, actor: int, card: int, after: TableView) -> str:
    """A card put face down for a claim: "East puts a card face down", named to its owner only; the card
    that ends the claim by itself (the most a claim may hold) says the claim aloud, as the pass that
    ends one does: "East puts a card face down and claims 4 Aces"."""
    shown = card_name(card) if actor == before.seat else "a card"
    line = _says(before, actor, "puts", "put", f"{shown} face down")
    goes_on = after.phase_kind == L.K_CLAIM and after.current_player == actor and not after.terminal
    if goes_on or before.claim_rank < 0:
        return line
    said = claim_words(before.claim_count + 1, before.claim_rank)
    return f"{line} and {'claim' if actor == before.seat else 'claims'} {said}"


def _discard_face_up(genome: GameGenome, phase_index: int) -> bool:
    """Whether a discard phase's cards land face up (``view.lands_face_up``). Cards set aside onto a
    captured pile (Draw Poker's exchange) or the deck go face down, as a discard at a real table does."""
    phase = genome.phases[phase_index]
    return lands_face_up(genome, phase.target if isinstance(phase, DiscardPhase) else Location.DISCARD)


_FACE_NAMES = {Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King", Rank.ACE: "Ace"}


def claim_words(count: int, rank_code: int) -> str:
    """ "one Ace", "3 Queens": what a claim of ``count`` cards of a rank says they are."""
    rank = Rank.from_code(rank_code)
    return f"one {_FACE_NAMES.get(rank, rank.value)}" if count == 1 else f"{count} {rank_plural(rank)}"


def rank_plural(rank: Rank) -> str:
    """ "Queens", "7s": a rank as a claim names it."""
    return f"{_FACE_NAMES.get(rank, rank.value)}s"


def _turned_up(view: TableView, suit: int) -> bool:
    """Whether naming ``suit`` in a trump phase orders up the turned card, the discard top (engine.trump:
    Euchre's first round)."""
    return view.discard_top is not None and view.discard_top // L.N_RANKS == suit


def _order_up(before: TableView, after: TableView) -> str:
    """ "West orders up Q♦: South picks it up" (the dealer takes the turned card, engine.trump)."""
    turned = card_name(before.discard_top) if before.discard_top is not None else "the turned card"
    line = _says(before, before.current_player, "orders up", "order up", turned)
    takers = _grew(before.hand_sizes, after.hand_sizes)
    if not takers:
        return line
    return f"{line}: {_clause(before, takers[0], 'picks it up', 'pick it up')}"


def _challenge(before: TableView, after: TableView, revealed: Revealed) -> str:
    """ "West calls cheat: the 2 cards were 7♠ 9♦, not Queens — North takes the pile (5 cards)": the
    challenged claim turned face up, and who takes the pile (the liar, else the challenger)."""
    actor = before.current_player
    line = _says(before, actor, "calls", "call", "cheat")
    if not revealed.claim:
        return line
    rank = rank_plural(Rank.from_code(before.claim_rank))
    shown = " ".join(card_name(card) for card in revealed.claim)
    honest = all(card % L.N_RANKS == before.claim_rank for card in revealed.claim)
    verdict = f"all {rank}" if honest else f"not {rank}"
    words = (
        f"{line}: the {_count(len(revealed.claim), 'card')} {'was' if len(revealed.claim) == 1 else 'were'}"
    )
    takers = _grew(before.hand_sizes, after.hand_sizes)
    pile = _count(before.claim_pile_size, "card")
    if takers:
        taken = _clause(after, takers[0], "takes", "take") + f" the pile ({pile})"
    else:
        taken = f"the pile ({pile}) goes to the discard"
    return f"{words} {shown}, {verdict} — {taken}"


def _counted(before: TableView, actor: int, card: int, after: TableView, shown: bool = False) -> str:
    """ "East plays 8♠: 15 for 2" (the count the card made, and the points it scored, the go included;
    not when the card ended the play and the ``shown`` show's counts follow in the scores)."""
    points = 0 if shown else after.scores[actor] - before.scores[actor]
    total = before.count + count_value(card)
    scored = f" for {points}" if points else ""
    return _says(before, actor, "plays", "play", f"{card_name(card)}: {total}{scored}")


def _laid_away(before: TableView, actor: int, card: int, after: TableView) -> str:
    """ "East lays a card away to the crib", then, once the crib is made, the starter turned and his
    heels (``engine.crib``)."""
    shown = card_name(card) if actor == before.seat else "a card"
    line = _says(before, actor, "lays", "lay", f"{shown} away to the crib")
    if before.tableau[L.GENERAL_PILE] or not after.tableau[L.GENERAL_PILE]:
        return line
    line += f"; the starter is {card_name(after.tableau[L.GENERAL_PILE][0])}"
    for seat in _grew(before.scores, after.scores):
        line += f", his heels: {after.name(seat)} {after.scores[seat] - before.scores[seat]}"
    return line


def _ask(before: TableView, action: int, after: TableView, revealed: Revealed) -> str:
    """An ask phase's choice: "West asks East", or "West asks East for 7s: 2 handed over" / "West asks
    for 7s: go fish, draws a card" / "West asks for 7s: go fish, nothing to draw" (no stock, or none
    left, or no fishing at all; the catch is named to all only when it is the rank asked for, and
    to the asker: "You ask for 7s: go fish, draw 9♣")."""
    actor = before.current_player
    mine = actor == before.seat

    def whom(seat: int) -> str:
        return "you" if seat == before.seat else before.name(seat)

    if action < L.A_CLAIM_RANK0:
        return _says(before, actor, "asks", "ask", whom(action - L.A_TARGET0))
    rank = rank_plural(Rank.from_code(action - L.A_CLAIM_RANK0))
    givers = [
        seat
        for seat, (old, new) in enumerate(zip(before.hand_sizes, after.hand_sizes, strict=True))
        if seat != actor and new < old
    ]
    if givers:
        given = before.hand_sizes[givers[0]] - after.hand_sizes[givers[0]]
        return _says(before, actor, "asks", "ask", f"{whom(givers[0])} for {rank}: {given} handed over")
    line = _says(before, actor, "asks", "ask", f"for {rank}: go fish")
    if after.deck_size >= before.deck_size:
        return f"{line}, nothing to draw"
    if after.current_player == actor and not after.terminal:
        caught = Rank.from_code(action - L.A_CLAIM_RANK0).value
        return f"{line}, and {'fish' if mine else 'fishes'} a {caught}: {'ask' if mine else 'asks'} again"
    if mine:
        booked = [card for _, book in revealed.books for card in book]
        fished = [card for card in (*(after.hand or ()), *booked) if card not in (before.hand or ())]
        if len(fished) == 1:
            return f"{line}, draw {card_name(fished[0])}"
    return f"{line}, {'draw' if mine else 'draws'} a card"


def _book_line(view: TableView, owner: int, book: Sequence[int]) -> str:
    """ "West lays down the book of 7s (7♥ 7♦ 7♣ 7♠)"."""
    rank = rank_plural(card_rank(book[0]))
    shown = " ".join(card_name(card) for card in book)
    return _says(view, owner, "lays down", "lay down", f"the book of {rank} ({shown})")


def _laid_out(hand: KnockHand) -> str:
    """ "3♠ 4♠ 5♠ · 9♥ 9♦ 9♣ · lay off 7♠ · deadwood 2♦ 4♥": a hand laid down at a knock."""
    parts = [" ".join(card_name(c) for c in meld) for meld in hand.melds]
    if hand.laid_off:
        parts.append("lay off " + " ".join(card_name(c) for c in sort_hand(hand.laid_off)))
    parts.append("deadwood " + (" ".join(card_name(c) for c in sort_hand(hand.deadwood)) or "none"))
    return " · ".join(parts)


def _knock_lines(before: TableView, after: TableView, revealed: Revealed) -> list[str]:
    """After a knock: each opponent's hand laid out with the deadwood it counts, then the verdict in Gin's
    words (``engine.knock``): "Gin: North scores 45", "Undercut: you score 26", "North scores 14"."""
    knocker = before.current_player
    lines = []
    for seat, hand in enumerate(revealed.knock):
        if seat != knocker:
            lines.append(f"{before.name(seat)}: {_laid_out(hand)} = {hand.count}")
    changes = [new - old for old, new in zip(before.scores, after.scores, strict=True)]
    gains = [(seat, gain) for seat, gain in enumerate(changes) if gain > 0]
    scored = ", ".join(_clause(before, seat, f"scores {gain}", f"score {gain}") for seat, gain in gains)
    verdict = scored[:1].upper() + scored[1:] if scored else "No points change hands"
    if revealed.knock[knocker].count == 0:
        verdict = f"Gin: {scored}"
    elif any(seat != knocker for seat, _ in gains):
        verdict = f"Undercut: {scored}"
    return [*lines, verdict]


def _knock_outcome(before: TableView, after: TableView) -> str:
    """``"(West scores 16)"``: the points the knock's showdown gave, read off the score change."""
    gains = [
        f"{before.name(seat)} {'score' if seat == before.seat else 'scores'} {new - old}"
        for seat, (old, new) in enumerate(zip(before.scores, after.scores, strict=True))
        if new > old
    ]
    return f"({', '.join(gains)})" if gains else "(no points change hands)"


def with_note(line: str, note: str) -> str:
    """``line`` with ``note`` in parentheses at its end, inside a parenthesis that already ends it:
    "You draw 5♦ (no playable card)", "You play 8♠ (wild: ...; only legal card)"."""
    if line.endswith(")"):
        return f"{line[:-1]}; {note})"
    return f"{line} ({note})"


_OTHER_DRAWS = re.compile(r"^(?P<who>\S+) draws (?:a card|(?P<count>\d+) cards)$")
_OTHER_PASS_CHOICE = re.compile(r"^(?P<who>\S+) chooses (?:a card|(?P<count>\d+) cards) to pass$")
_ASKS_WHOM = re.compile(r"^(?P<who>.+?) asks (?P<whom>you|[A-Z][^:]*?)$")
_ASKS_FOR = re.compile(r"^(?P<who>.+?) asks (?:(?P<whom>you|[A-Z][^:]*?) )?for (?P<rest>.+)$")
_OWN_DRAW = re.compile(r"^You draw (?P<cards>[^(]+?)(?P<note> \(.*\))?$")


_OTHER_DISCARDS = re.compile(
    r"^(?P<who>\S+) discards (?:a card|(?P<count>\d+) cards?)(?: and draws (?P<drawn>\d+))?$"
)
_OWN_DISCARDS = re.compile(r"^You discard (?P<cards>[^(]+?)(?: and draw (?P<drawn>[^(]+?))?$")
_WILD_PLAY = re.compile(r"^(?P<who>\S+) (?P<verb>plays|play) (?P<card>\S+) \(wild(?:; (?P<extra>[^)]*))?\)$")
_NAMING = re.compile(r"^(?P<who>\S+) (?P<verb>names|name) (?P<suit>\S+)(?: \((?P<note>.*)\))?$")


def may_continue(line: str) -> bool:
    """Whether a following line may fold into ``line`` (``merge_lines``): a draw, or a wild card played
    (its player may name a suit next)."""
    patterns = (_OTHER_DRAWS, _OWN_DRAW, _WILD_PLAY, _OTHER_PASS_CHOICE, _OTHER_DISCARDS, _OWN_DISCARDS)
    return any(pattern.match(line) for pattern in patterns)


def merge_lines(previous: str, line: str) -> str | None:
    """One line for ``previous`` followed by ``line`` when the second continues the first, else None:
    draws by the same seat ("West draws a card" + "West draws a card" = "West draws 2 cards", the human's
    with the same note), an opponent's choices of cards to pass ("West chooses 3 cards to pass"), or a
    wild card and the suit its player names ("West plays 8♣ (wild)" + "West
    names ♥ (next card must be a ♥ or an 8)" = "West plays 8♣ and names ♥ (next card must be …)"),
    another seat's ask and its rank (Go Fish, ``_merged_ask``)."""
    earlier, later = _OTHER_DRAWS.match(previous), _OTHER_DRAWS.match(line)
    if earlier and later and earlier["who"] == later["who"] and later["count"] is None:
        count = int(earlier["count"] or 1) + 1
        return f"{earlier['who']} draws {count} cards"
    chose, chooses = _OTHER_PASS_CHOICE.match(previous), _OTHER_PASS_CHOICE.match(line)
    if chose and chooses and chose["who"] == chooses["who"] and chooses["count"] is None:
        return f"{chose['who']} chooses {int(chose['count'] or 1) + 1} cards to pass"
    asked = _merged_ask(previous, line)
    if asked is not None:
        return asked
    exchanged = _merged_exchange(previous, line)
    if exchanged is not None:
        return exchanged
    mine, next_mine = _OWN_DRAW.match(previous), _OWN_DRAW.match(line)
    if mine and next_mine and mine["note"] == next_mine["note"]:
        return f"You draw {mine['cards']}, {next_mine['cards']}{mine['note'] or ''}"
    played, naming = _WILD_PLAY.match(previous), _NAMING.match(line)
    if played and naming and played["who"] == naming["who"]:
        notes = "; ".join(n for n in (naming["note"], played["extra"]) if n)
        merged = f"{played['who']} {played['verb']} {played['card']} and {naming['verb']} {naming['suit']}"
        return f"{merged} ({notes})" if notes else merged
    return None


def _merged_ask(previous: str, line: str) -> str | None:
    """Another seat's two choices of one ask (Go Fish): whom, then the rank and what came of it ("East
    asks South" + "East asks for Jacks: go fish, draws a card" = "East asks South for Jacks: go fish, draws
    a card"). The human's own ask is not merged: their screen comes between its two choices."""
    whom, rank = _ASKS_WHOM.match(previous), _ASKS_FOR.match(line)
    if not (whom and rank and whom["who"] == rank["who"]) or whom["who"] == "You":
        return None
    if rank["whom"] not in (None, whom["whom"]):
        return None
    return f"{whom['who']} asks {whom['whom']} for {rank['rest']}"


def _merged_exchange(previous: str, line: str) -> str | None:
    """Face-down discards by one seat, then the cards drawn to replace them (Draw Poker's exchange):
    "East discards 2 cards and draws 2", "You discard 2♥, 7♣ and draw 9♠, K♦" (a draw after a discard
    is never a choice, so its forced-move note is dropped)."""
    other, mine = _OTHER_DISCARDS.match(previous), _OWN_DISCARDS.match(previous)
    if other is not None:
        count = int(other["count"] or 1)
        drawn = int(other["drawn"] or 0)
        more = _OTHER_DISCARDS.match(line)
        if more and more["who"] == other["who"] and more["count"] is None and not drawn:
            return f"{other['who']} discards {count + 1} cards"
        if line == f"{other['who']} keeps the rest of their hand" and not drawn:
            return previous
        draw = _OTHER_DRAWS.match(line)
        if draw and draw["who"] == other["who"]:
            added = int(draw["count"] or 1)
            return f"{other['who']} discards {_count(count, 'card')} and draws {drawn + added}"
        return None
    if mine is not None:
        more = _OWN_DISCARDS.match(line)
        if more and not mine["drawn"] and not more["drawn"]:
            return f"You discard {mine['cards']}, {more['cards']}"
        if line.startswith("You keep the rest of your hand") and not mine["drawn"]:
            return previous
        own = _OWN_DRAW.match(line)
        if own:
            cards = f"{mine['drawn']}, {own['cards']}" if mine["drawn"] else own["cards"]
            return f"You discard {mine['cards']} and draw {cards}"
    return None


_NO_VALID_PLAY = Condition(ConditionType.HAND_SIZE, Operator.EQ, 0, Reference.VALID_PLAYS)


def forced_note(view: TableView, action: int, genome: GameGenome) -> str:
    """Why the human's only legal move was made without asking: "no playable card" for a draw the rules
    allow only without a valid play, "only legal card", "no legal play" for a pass, else "only move"."""
    phase = genome.phases[view.phase_index]
    if action == L.A_DRAW and isinstance(phase, DrawPhase) and phase.condition == _NO_VALID_PLAY:
        return "no playable card"
    if 0 <= action < L.FULL_DECK:
        return "only legal card"
    if action == L.A_PASS:
        return "no legal play"
    return "only move"


def pass_exchange(before: TableView, after: TableView) -> str | None:
    """The seat's side of a pass phase's exchange, when ``after`` follows it: "You pass Q♠, K♠, 4♥ to
    East and receive J♠, 5♥, A♥ from West"."""
    if before.phase_kind != L.K_PASS or not before.pass_offset or before.hand is None or after.hand is None:
        return None
    if after.hand_number != before.hand_number or set(after.hand) == set(before.hand):
        return None
    given = [card for card in before.hand if card not in after.hand]
    received = [card for card in after.hand if card not in before.hand]
    to = before.names[(before.seat + before.pass_offset) % before.n_players]
    giver = before.names[(before.seat - before.pass_offset) % before.n_players]
    return f"You pass {_cards(given)} to {to} and receive {_cards(received)} from {giver}."


def _cards(cards: Sequence[int]) -> str:
    return ", ".join(card_name(card) for card in sort_hand(cards))


def _grew(before: Sequence[int], after: Sequence[int]) -> list[int]:
    return [p for p, (b, a) in enumerate(zip(before, after, strict=True)) if a > b]


def completed_trick(before: TableView, action: int, after: TableView) -> tuple[tuple[int, int], ...]:
    """The trick ``action`` completed (empty when it completed none)."""
    if before.phase_kind != L.K_TRICK or not 0 <= action < L.FULL_DECK or after.trick:
        return ()
    return (*before.trick, (before.current_player, action))


def _side_label(view: TableView, side: Sequence[int]) -> str:
    return "+".join(view.names[p] for p in side) + (" (you)" if view.seat in side else "")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


#: A missed contract that costs nothing (``failed_contract_penalty`` 0: Oh Hell's "a miss either way
#: scores nothing") is said in words, without a "+0".
MISSED_BID = "missed the bid"


def _nil_part(
    view: TableView, player: int, alone: bool, made: bool, scoring: ContractScoring
) -> tuple[str, int]:
    kind = "blind Nil" if view.blind_nil[player] else "Nil"
    whose = kind if alone else f"your {kind}" if player == view.seat else f"{view.names[player]}'s {kind}"
    stake = 2 if view.blind_nil[player] else 1  # engine.contracts: a blind Nil is worth twice either
    if made:
        return f"{whose} made", scoring.nil_bonus * stake
    return f"{whose} failed", -scoring.nil_penalty * stake


def _contract_parts(
    before: TableView, side: Sequence[int], tricks: Sequence[int], team: int, scoring: ContractScoring
) -> list[tuple[str, int]]:
    """(words, points) of one side's hand: the contract, overtricks, bag penalty, then each Nil (the
    Nils first when the side's contract is only Nil bids)."""
    bidders = [p for p in side if not before.nil[p]]
    contract = sum(max(before.bids[p], 0) for p in bidders)
    taken = sum(tricks[p] for p in side)
    parts: list[tuple[str, int]] = []
    nils = [_nil_part(before, p, len(side) == 1, tricks[p] == 0, scoring) for p in side if before.nil[p]]
    if taken == contract or (taken > contract and not scoring.exact):
        if bidders:
            parts.append(("made", contract * scoring.points_per_trick_bid))
            if scoring.made_bonus:
                parts.append(("bonus", scoring.made_bonus))
        over = taken - contract
        if over:
            parts.append((_count(over, "overtrick"), over * scoring.overtrick_points))
        if before.bags[team] + over >= scoring.bag_limit:
            parts.append((f"{scoring.bag_limit} bags", -scoring.bag_penalty))
    elif scoring.failed_contract_penalty:
        parts.append(("failed", -contract * scoring.failed_contract_penalty))
    else:
        parts.append((MISSED_BID, 0))
    return parts + nils if bidders else nils + parts


def counts_bags(scoring: ContractScoring | None) -> bool:
    """Whether overtricks pile up as bags that cost points (spec 004's bag limit; not with ``exact``)."""
    return scoring is not None and scoring.bag_limit > 0 and not scoring.exact


def contract_line(
    before: TableView,
    after: TableView,
    side: Sequence[int],
    team: int,
    tricks: Sequence[int],
    scoring: ContractScoring,
) -> str:
    """One side's result for the hand just ended (format in the module docstring)."""

    def bid_of(p: int) -> str:
        if before.nil[p]:
            return "blind Nil" if before.blind_nil[p] else "Nil"
        return str(max(before.bids[p], 0))

    bidders = [p for p in side if not before.nil[p]]
    if len(side) == 1:
        bid = bid_of(side[0])
        took = str(tricks[side[0]])
    else:
        bid = f"{sum(max(before.bids[p], 0) for p in bidders)} ("
        bid += ", ".join(f"{before.names[p]} {bid_of(p)}" for p in side) + ")"
        nil_tricks = [f"{before.names[p]} {tricks[p]}" for p in side if before.nil[p]]
        took = str(sum(tricks[p] for p in side)) + (f" ({', '.join(nil_tricks)})" if nil_tricks else "")
    parts = _contract_parts(before, side, tricks, team, scoring)
    points = after.team_scores[team] - before.team_scores[team]
    other = points - sum(value for _, value in parts)
    if other:
        parts.append(("other", other))
    sums = ", ".join(words if words == MISSED_BID else f"{words} {value:+d}" for words, value in parts)
    total = ", no points" if parts == [(MISSED_BID, 0)] else f" = {points:+d}"
    bags = f"bags {after.bags[team]}; " if counts_bags(scoring) else ""
    return (
        f"{_side_label(before, side)}: bid {bid}, took {took}: {sums}{total}; "
        f"{bags}score {after.team_scores[team]}"
    )


def hand_tricks(before: TableView, action: int, after: TableView, rules: TableRules) -> list[int]:
    """Tricks each seat took in the hand ``action`` ended: before's counts plus the last trick."""
    tricks = list(before.tricks_won)
    last = completed_trick(before, action, after)
    if last:
        tricks[trick_winner(last, before, rules)] += 1
    return tricks


def contract_lines(
    before: TableView, action: int, after: TableView, rules: TableRules, scoring: ContractScoring
) -> list[str]:
    """A line per side for the hand ``action`` ended, scored by ``scoring``."""
    tricks = hand_tricks(before, action, after, rules)
    sides = rules.teams or tuple((p,) for p in range(before.n_players))
    return [
        "  " + contract_line(before, after, side, team, tricks, scoring) for team, side in enumerate(sides)
    ]


def _side_name(view: TableView, rules: TableRules, player: int) -> str:
    """ "North–South": the names of ``player``'s team (the player's own name outside team mode)."""
    team = rules.team_of(player)
    return "–".join(view.names[p] for p in rules.teams[team]) if team >= 0 else view.names[player]


def contract_result(before: TableView, action: int, after: TableView, rules: TableRules) -> str:
    """An auction contract's result in Bridge's words (``engine.bridge_score``: the contract of level n
    needs the book, the hand's tricks less seven, plus n tricks of the declarer's side): "4♠ by North
    made with an overtrick: +450 to North–South", "3NT doubled by East down 2: +300 to North–South"."""
    declarer = before.declarer
    team = rules.team_of(declarer)
    side = rules.teams[team] if team >= 0 else (declarer,)
    tricks = hand_tricks(before, action, after, rules)
    taken = sum(tricks[p] for p in side)
    need = rules.book + before.contract // L.N_STRAINS + 1
    contract = f"{contract_bid(before)} by {before.names[declarer]}"
    if taken >= need:
        over = taken - need
        result = f"{contract} made" + (f" with {_count(over, 'overtrick')}" if over else "")
        result = result.replace("with 1 overtrick", "with an overtrick")
    else:
        result = f"{contract} down {need - taken}"
    gains = [
        (t, after.team_scores[t] - before.team_scores[t])
        for t in range(len(after.team_scores))
        if after.team_scores[t] > before.team_scores[t]
    ]
    if not gains:
        return result
    members = rules.teams[gains[0][0]] if rules.teams else (gains[0][0],)
    return f"{result}: +{gains[0][1]} to {_side_name(before, rules, members[0])}"


def makers_result(before: TableView, action: int, after: TableView, rules: TableRules) -> str:
    """The makers' hand in Euchre's words (``engine.makers``): "East–West made ♦ with 5 tricks, a march:
    +2", "North–South made ♥ with 3 tricks: +1", "South made ♣ and took 2 tricks, euchred: +2 to
    East–West" (the points each side gained this hand)."""
    scoring = rules.makers
    assert scoring is not None
    team = rules.team_of(before.maker)
    side = rules.teams[team] if team >= 0 else (before.maker,)
    tricks = hand_tricks(before, action, after, rules)
    taken, played = sum(tricks[p] for p in side), sum(tricks)
    makers = _side_name(before, rules, before.maker)
    made = f"{makers} made {Suit.from_code(before.hand_trump).symbol}"
    gains = [after.team_scores[t] - before.team_scores[t] for t in range(len(after.team_scores))]
    if taken >= scoring.made_tricks:
        march = ", a march" if taken >= played else ""
        return f"{made} with {taken} tricks{march}: +{gains[team] if team >= 0 else 0}"
    others = [t for t, gain in enumerate(gains) if gain > 0]
    to = " and ".join(_side_name(before, rules, rules.teams[t][0] if rules.teams else t) for t in others)
    return f"{made} and took {_count(taken, 'trick')}, euchred: +{scoring.euchre_points} to {to}"


def scores_text(view: TableView, rules: TableRules) -> str:
    """ "Scores: North 12, East 3, ..." ("Scores: North+South 120, East+West 80" in team mode); in a game
    without scores, the chips each seat holds ("Chips: North 120, ...") when it bets, the cards each side
    captured where captures count ("Captured: North+South 12, East+West 28"), else the cards in hand:
    "Cards left: North 3, East 0, ..."."""
    if not rules.keeps_score and rules.has_chips:
        return "Chips: " + ", ".join(f"{view.names[p]} {view.chips[p]}" for p in range(view.n_players))
    if not rules.keeps_score and rules.has_captures:
        sides = rules.teams or tuple((p,) for p in range(view.n_players))
        captured = (
            f"{'+'.join(view.names[p] for p in side)} {sum(view.captured_sizes[p] for p in side)}"
            for side in sides
        )
        return "Captured: " + ", ".join(captured)
    if not rules.keeps_score:
        return "Cards left: " + ", ".join(
            f"{view.names[p]} {view.hand_sizes[p]}" for p in range(view.n_players)
        )
    if rules.teams:
        parts = [
            "+".join(view.names[p] for p in team) + f" {view.team_scores[i]}"
            for i, team in enumerate(rules.teams)
        ]
    else:
        parts = [f"{view.names[p]} {view.scores[p]}" for p in range(view.n_players)]
    return "Scores: " + ", ".join(parts)


def _shown_hands(view: TableView, revealed: Revealed) -> list[str]:
    """ "North shows 2♠ 2♣ 7♣ 8♠ 9♣: a pair": each hand a showdown turns face up, with its name."""
    if revealed.labels == ():
        return []
    return [
        _says(view, seat, "shows", "show", _cards(hand) + (f": {label}" if label else ""))
        for seat, (hand, label) in enumerate(zip(revealed.hands, revealed.labels, strict=True))
        if hand is not None
    ]


def _why_pot(revealed: Revealed, winner: int) -> str:
    """ " with a flush" at a showdown, ": everyone else folded" when nobody else was left to show."""
    if revealed.labels and revealed.hands[winner] is not None:
        label = revealed.labels[winner]
        return f" with {label}" if label else " with the best hand"
    return ": everyone else folded"


def describe_events(
    before: TableView,
    action: int,
    after: TableView,
    rules: TableRules,
    revealed: Revealed = NO_REVEAL,
    settled: TableView | None = None,
) -> list[str]:
    """Public consequences of ``action`` between two views of the human's seat that no decision line
    has said (``revealed``: the cards the action turns face up, ``view.cards_turned_up``). ``settled``
    (``view.settled_view``) is the table as the action left it, before the steps that ran on: when the
    action ends a hand and the next is dealt at once, the action's own events (a capture, a claim pile
    taken) are told from it, before the hand's end and the new deal; when it left every hand empty and
    new cards were dealt in the same hand, that deal is told."""
    lines: list[str] = []
    moved = settled if settled is not None and after.hand_number != before.hand_number else after
    hand_over = after.hands_played > before.hands_played
    exchange = pass_exchange(before, after)
    if exchange:
        lines.append(exchange)
    lines.extend(_book_line(after, owner, book) for owner, book in revealed.books)
    if action == L.A_KNOCK and revealed.knock:
        lines.extend(_knock_lines(before, after, revealed))
    trick = completed_trick(before, action, after)
    if trick:
        winner = trick_winner(trick, before, rules)
        lines.append(_says(after, winner, "wins", "win", "the trick"))
    new_deal = moved.hand_number != before.hand_number  # the deal gathered every pile back
    if before.claim_pile_size and not moved.claim_pile_size and action != L.A_CHALLENGE and not new_deal:
        takers = _grew(before.hand_sizes, moved.hand_sizes)
        if takers:
            lines.append(
                _says(after, takers[0], "takes", "take", f"the claim pile ({before.claim_pile_size} cards)")
            )
    board = board_line(before, after)
    if board:
        lines.append(board)
    lines.extend(_shown_hands(after, revealed))
    if revealed.crib:
        dealer = (before.hand_number - 2) % before.n_players
        lines.append(
            _says(after, dealer, "shows", "show", f"the crib {_cards(revealed.crib)}: {revealed.crib_label}")
        )
    pot = before.pot + (_put_in(before, rules, action) if before.phase_kind == L.K_BETTING else 0)
    if pot and not after.pot:
        for player in _grew(before.chips, after.chips):
            lines.append(_says(after, player, "wins", "win", f"the pot ({pot}){_why_pot(revealed, player)}"))
    lines.extend(_capture_lines(before, action, moved, rules, revealed))
    refill = refill_line(before, after, settled)
    if refill:
        lines.append(refill)
    if before.dealer_hole and not after.dealer_hole and after.hand_number == before.hand_number:
        lines.append(dealer_line(before, after))
    grew = after.deck_size - before.deck_size - _put_on_deck(before, action, rules)
    if after.hand_number == before.hand_number and (grew > 1 or (grew > 0 and action == L.A_DRAW)):
        left = _count(after.deck_size, "card")  # after the draws the new deck was made for
        lines.append(f"The deck runs out: the discard pile is shuffled into a new deck ({left} left).")
    if hand_over and rules.contract is not None:
        lines.append(f"Hand {before.hand_number} is over.")
        lines.extend(contract_lines(before, action, after, rules, rules.contract))
    elif hand_over and rules.makers is not None and before.maker >= 0:
        lines.append(f"Hand {before.hand_number} is over: {makers_result(before, action, after, rules)}.")
        lines.append(scores_text(after, rules))
    elif hand_over and rules.auction and before.declarer >= 0:
        lines.append(f"Hand {before.hand_number} is over: {contract_result(before, action, after, rules)}.")
        lines.append(scores_text(after, rules))
    elif hand_over:
        lines.append(f"Hand {before.hand_number} is over. {scores_text(after, rules)}")
    if after.hand_number > before.hand_number:
        lines.append(f"Hand {after.hand_number} is dealt.")
    return lines


def _put_on_deck(before: TableView, action: int, rules: TableRules) -> int:
    """The cards a play onto the deck put there (a card, a set or a run): no shuffle grew the deck."""
    phase = before.phase_index
    if before.phase_kind != L.K_PLAY or rules.play_targets[phase] is not Location.DECK:
        return 0
    if L.A_SET0 <= action < L.A_TARGET0:
        return (action - L.A_SET0) // L.N_RANKS + 2
    if is_run(action):
        return run_length(action)
    return 1 if 0 <= action < L.FULL_DECK else 0


def _played_cards(action: int, revealed: Revealed) -> list[int]:
    """The cards ``action`` played to the table (face up): a card, a set's ``revealed.laid`` or a run."""
    if is_run(action):
        return list(run_cards(action))
    return list(revealed.laid) or ([action] if 0 <= action < L.FULL_DECK else [])


def _captured(
    before: TableView, action: int, after: TableView, rules: TableRules, revealed: Revealed
) -> list[int]:
    """The face-up cards a play to the table took off it (``engine.tableau``: a capture of the table's
    general pile): those on it before that are gone after, and the cards just played there. A play that
    put its cards anywhere else names none of them."""
    if before.phase_kind != L.K_PLAY or rules.play_targets[before.phase_index] is not Location.TABLEAU:
        return []
    table = [*before.tableau[L.GENERAL_PILE], *_played_cards(action, revealed)]
    return [card for card in table if card not in after.tableau[L.GENERAL_PILE]]


def _capture_lines(
    before: TableView, action: int, after: TableView, rules: TableRules, revealed: Revealed
) -> list[str]:
    """Who took cards off the table, and which (every one was face up): "West captures 5♣ 5♦" onto a
    captured pile (the count when not all of them were seen: a play put straight onto one), "Player 2
    takes 4♣ 7♠" into the hand (War, whose ``setup.captures_to`` is the hand). ``after`` is the table as
    the action left it (``describe_events``' ``settled`` when a new deal followed); nothing when it is a
    new deal's table (the deal gathered every pile back), in a trick game (the trick's winner is told)
    or for a discard set aside onto a captured pile."""
    if after.hand_number != before.hand_number or rules.has_tricks or before.phase_kind == L.K_DISCARD:
        return []
    taken = _captured(before, action, after, rules, revealed)
    named = " ".join(card_name(card) for card in taken)
    lines = []
    for player in _grew(before.captured_sizes, after.captured_sizes):
        gained = after.captured_sizes[player] - before.captured_sizes[player]
        shown = named if len(taken) == gained else _count(gained, "card")
        lines.append(_says(after, player, "captures", "capture", shown))
    if lines or not taken:
        return lines
    played = len(_played_cards(action, revealed))
    for seat in range(before.n_players):
        grown = (
            after.hand_sizes[seat]
            - before.hand_sizes[seat]
            + (played if seat == before.current_player else 0)
        )
        if grown == len(taken):
            return [_says(after, seat, "takes", "take", named)]
    return []


def refill_line(before: TableView, after: TableView, settled: TableView | None) -> str:
    """The new cards dealt when the action left every hand empty and the hand goes on (``setup.
    refill_hands``, Scopa's deals of three): "Each player is dealt 3 cards (deck 28)."; empty otherwise."""
    if settled is None or after.hand_number != before.hand_number or any(settled.hand_sizes):
        return ""
    sizes = set(after.hand_sizes)
    if not all(after.hand_sizes):
        return ""
    each = f"{_count(sizes.pop(), 'card')}" if len(sizes) == 1 else "new cards"
    return f"Each player is dealt {each} (deck {after.deck_size})."


def board_line(before: TableView, after: TableView) -> str:
    """The community cards dealt since ``before`` in the same hand, with the whole board
    (``engine.board``): "The board: 7♥ 8♣ 2♦ (dealt 7♥ 8♣ 2♦)"; empty when none were dealt."""
    if not after.board or after.hand_number != before.hand_number or len(after.board) <= len(before.board):
        return ""
    dealt = after.board[len(before.board) :]
    shown = " ".join(card_name(card) for card in after.board)
    return f"The board: {shown} (dealt {' '.join(card_name(card) for card in dealt)})."


def dealer_line(before: TableView, after: TableView) -> str:
    """The dealer's play: the hole card turned, then the cards drawn (``engine.dealer``)."""
    shown = len(before.dealer)
    hole, drawn = after.dealer[shown], after.dealer[shown + 1 :]
    rest = "draws " + ", ".join(card_name(card) for card in drawn) if drawn else "draws nothing"
    return f"The dealer turns {card_name(hole)} and {rest}."


def _side_of_winner(view: TableView, rules: TableRules) -> tuple[int, ...]:
    if rules.teams and view.winning_team >= 0:
        return rules.teams[view.winning_team]
    return (view.winner,) if view.winner >= 0 else ()


def _scores_of(view: TableView, rules: TableRules) -> list[tuple[tuple[int, ...], int]]:
    """(side, score) of every side: teams in team mode, else each seat."""
    if rules.teams:
        return [(team, view.team_scores[i]) for i, team in enumerate(rules.teams)]
    return [((p,), view.scores[p]) for p in range(view.n_players)]


def win_reason(view: TableView, rules: TableRules, genome: GameGenome) -> str:
    """Why the game was won, in the terms of its first win condition that the final table explains
    (``engine.wins``: the first met, in the genome's order; ``low_score`` only once a side reached its
    threshold, ``all_hands_empty`` only when every hand is empty): "East played every card first",
    "North+South reached 520 points (the target is 500; East+West 310)", "South took the most tricks (8)",
    "West has the best hand at the showdown", "South scored the most when every hand was empty: 13 points",
    "everyone else folded" (a pot nobody contested: no hand was shown)."""
    side = _side_of_winner(view, rules)
    who = _side_words(view, side)
    has = "have" if who == "you" or len(side) > 1 else "has"
    scores = _scores_of(view, rules)
    mine = next((score for members, score in scores if set(members) == set(side)), 0)
    others = "; ".join(f"{_side_words(view, m)} {score}" for m, score in scores if set(m) != set(side))
    tail = f" ({others})" if others else ""
    for condition in genome.win_conditions:
        kind, target = condition.type, condition.threshold
        if kind is WinType.EMPTY_HAND and any(view.hand_sizes[p] == 0 for p in side):
            return f"{who} played every card first"
        if kind is WinType.CAPTURE_ALL:
            return f"{who} {has} every card"
        if kind is WinType.MOST_CAPTURED:
            return f"{who} captured the most cards ({sum(view.captured_sizes[p] for p in side)})"
        if kind is WinType.BEST_HAND and all(view.folded[p] for p in range(view.n_players) if p not in side):
            return "everyone else folded"
        if kind is WinType.BEST_HAND:
            return f"{who} {has} the best hand at the showdown"
        if kind in (WinType.MOST_TRICKS, WinType.FEWEST_TRICKS):
            most = "most" if kind is WinType.MOST_TRICKS else "fewest"
            return f"{who} took the {most} tricks ({sum(view.tricks_won[p] for p in side)})"
        if kind is WinType.HANDS_PLAYED:
            return f"{who} scored the most after {_count(target or 0, 'hand')}: {mine} points{tail}"
        if kind is WinType.LOW_SCORE and any(score >= (target or 0) for _, score in scores):
            return f"{who} scored the fewest points when a side reached {target}: {mine}{tail}"
        if kind is WinType.ALL_HANDS_EMPTY and not any(view.hand_sizes):
            return f"{who} scored the most when every hand was empty: {mine} points{tail}"
        if kind is WinType.SCORE_FLOOR:
            return f"{who} scored the most when a side fell to {-(target or 0)}: {mine} points{tail}"
        if kind in SCORE_WINS - {WinType.LOW_SCORE} and target is not None and mine >= target:
            return f"{who} reached {mine} points, the target being {target}{tail}"
        if kind in SCORE_WINS and target is None:
            return f"{who} scored the most: {mine} points{tail}"
    return f"{who} {has} the best result{tail}"


def _side_words(view: TableView, side: Sequence[int]) -> str:
    if len(side) == 1 and side[0] == view.seat:
        return "you"
    return "+".join(view.names[p] for p in side)


_DRAWN_BY_A_LIMIT = frozenset({L.END_TURN_LIMIT, L.END_STEP_BUDGET})
#: A game against a dealer (``engine.dealer``): the seat's own result against the house, the sign of its
#: score (``GameState.returns``); there is no single winner.
_AGAINST_THE_DEALER = {
    "win": "you beat the dealer",
    "loss": "the dealer beats you",
    "draw": "you and the dealer are even",
}


def result_text(view: TableView, rules: TableRules, genome: GameGenome, result: str) -> str:
    """The sentence that ends the game: the winner and why, and what it means for the seat: "Result:
    East wins: East played every card first; you lose.", "Result: your team wins: North+South reached
    520 points, the target being 500 (East+West 310).", "Result: a draw (turn limit reached).", and
    against a dealer, where each seat plays the house alone, "Result: you beat the dealer (score 2).".
    """
    if result == "abandoned":
        return f"Result: abandoned after {view.turn} turns."
    if view.dealer and view.ended_by not in _DRAWN_BY_A_LIMIT:  # each seat plays the house alone
        return f"Result: {_AGAINST_THE_DEALER[result]} (score {view.scores[view.seat]})."
    if result == "draw":
        reason = {L.END_TURN_LIMIT: " (turn limit reached)", L.END_STEP_BUDGET: " (step limit reached)"}
        return f"Result: a draw{reason.get(view.ended_by, '')}."
    side = _side_of_winner(view, rules)
    why = win_reason(view, rules, genome)
    if result == "win" and len(side) > 1:
        return f"Result: your team wins: {why}."
    if result == "win":
        return f"Result: you win: {why}."
    names = _side_words(view, side)
    verb = "win" if len(side) > 1 else "wins"
    return f"Result: {names} {verb}: {why}; {'your team loses' if rules.teams else 'you lose'}."
