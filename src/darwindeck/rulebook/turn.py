"""The Turn section: one subsection per phase, in order, plus the order of play.

Rules (semantics from ``darwindeck.genome.phases`` and specs 000, 001, 004):

* Each phase is described field by field: its main action first, then every rule its fields state
  (conditions, mandatory / pass_if_unable, loop, trick rules). Nothing is said about a field's default
  meaning when the genome leaves it out (a draw with no condition simply has no "only when").
* Play passes in seat order (``AdvanceTurn``); when the genome has skip / reverse / extra-turn effects the
  intro explains direction and skipping.
* A play to the tableau carries spec 001's one-line rule for the tableau mode.
* In a trick, the trump is the suit of the card turned up at the deal (``setup.turned_trump``), else
  the suit a trump phase made for the hand, else the trick phase's own ``trump_suit``, else
  ``setup.trump_suit``; top trumps (bowers) are named relative to it.
* A trump phase says who the dealer is, the two rounds, the dealer's pick-up and what happens when all
  pass, as ``engine.trump`` plays them.
"""

from __future__ import annotations

from darwindeck.genome.cards import DeckType, Location, Rank, Visibility
from darwindeck.genome.phases import (
    CRIB_SIZE,
    MAX_RUN,
    MAX_SET,
    MIN_RUN,
    AllPass,
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    CallPhase,
    ClaimPhase,
    ClimbPhase,
    Combo,
    CountPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    FirstCaller,
    KnockPhase,
    PassDirection,
    PassPhase,
    Phase,
    PlayPhase,
    ShowPhase,
    TopTrump,
    TrickPhase,
    TrumpPhase,
    TrumpRelation,
)
from darwindeck.genome.schema import (
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    SequenceDirection,
    TableauMode,
)
from darwindeck.rulebook import words
from darwindeck.rulebook.conditions_text import ConditionContext, describe_condition, tests_a_card
from darwindeck.rulebook.describe import TURN_ORDER_EFFECTS, effective_effects
from darwindeck.rulebook.model import Block, BulletList, Paragraph, Section
from darwindeck.rulebook.statements import Actor, Others, Statements, TrickStatement, others_of

_PHASE_TITLES: dict[type[Phase], str] = {
    DrawPhase: "Draw",
    PlayPhase: "Play",
    DiscardPhase: "Discard",
    TrickPhase: "Trick",
    ClaimPhase: "Claim",
    BettingPhase: "Betting",
    BiddingPhase: "Bidding",
    KnockPhase: "Knock",
    PassPhase: "Pass",
    TrumpPhase: "Making trump",
    AskPhase: "Ask",
    CountPhase: "Count",
    AuctionPhase: "Auction",
    DealerPhase: "Dealer",
    BoardPhase: "Board",
    CribPhase: "Crib",
    ShowPhase: "Show",
    CallPhase: "Call",
    ClimbPhase: "Climb",
}

#: Spec 001's one-line rule per tableau mode (SEQUENCE: per direction).
TABLEAU_MODE_SENTENCES = {
    TableauMode.NONE: "Cards remain on the tableau.",
    TableauMode.WAR: "When both players have played, compare ranks—higher card wins both cards.",
    TableauMode.MATCH_RANK: "If your card matches a card on the tableau by rank, capture both cards.",
}
SEQUENCE_SENTENCES = {
    SequenceDirection.ASCENDING: "Play cards in ascending order (7→8→9→...) to build on tableau piles.",
    SequenceDirection.DESCENDING: "Play cards in descending order (7→6→5→...) to build on tableau piles.",
    SequenceDirection.BOTH: "Play cards in either direction to build on tableau piles.",
}

_PLAY_DESTINATIONS = {
    Location.DISCARD: "onto the discard pile",
    Location.TABLEAU: "to the tableau",
    Location.DECK: "onto the deck",
    Location.HAND: "into your hand",
    Location.CAPTURED: "onto your captured pile",
    Location.OPPONENT_HAND: "into an opponent's hand",
    Location.OPPONENT_DISCARD: "onto an opponent's discard pile",
}


def rank_order(deck: DeckType) -> str:
    """``"Cards rank from 2 (low) to A (high)."`` with the deck's own lowest rank."""
    return f"Cards rank from {deck.ranks()[0].value} (low) to A (high)."


def tableau_mode_sentence(genome: GameGenome) -> str:
    """Spec 001's sentence for the genome's tableau mode (and direction, for SEQUENCE)."""
    mode = genome.setup.tableau_mode
    if mode is TableauMode.SEQUENCE:
        return SEQUENCE_SENTENCES[genome.setup.sequence_direction]
    return TABLEAU_MODE_SENTENCES[mode]


def build_turn_section(genome: GameGenome, context: ConditionContext, statements: Statements) -> Section:
    phases = tuple(
        _phase_section(phase, index, genome, context, statements) for index, phase in enumerate(genome.phases)
    )
    return Section("Turn", tuple(_turn_intro(genome, statements)), phases)


def tricks_sentence(genome: GameGenome, tricks: TrickStatement, one_hand: bool) -> str:
    """The tricks of a hand as ``tricks`` states them: never more than the deal can give (``one_hand``:
    the game deals one hand only)."""
    limit = genome.turn_structure.tricks_per_hand
    if limit is None or tricks.most is None:
        return ""
    if tricks.exact:
        return f" {'The' if one_hand else 'A'} hand has {words.count(tricks.most, 'trick')}."
    if tricks.most == limit:
        return f" A hand ends after {words.count(limit, 'trick')}, or sooner when every hand is empty."
    return f" A hand ends when every hand is empty, after {words.count(tricks.most, 'trick')} at most."


def _turn_owned(genome: GameGenome, statements: Statements) -> list[str]:
    """The titles of the phases a trick game's turn player plays alone, every turn."""
    return [
        _PHASE_TITLES[type(genome.phases[statement.index])].lower()
        for statement in statements.phases
        if statement.actor is not Actor.EACH_PLAYER and not statement.once_per_hand
    ]


def _owned_text(genome: GameGenome, statements: Statements, owned: list[str]) -> str:
    """Who takes part in which phase of a trick game's turn (``Statements.phases``)."""
    phases = words.join([f"the {title}" for title in dict.fromkeys(owned)])
    shared = [
        _PHASE_TITLES[type(genome.phases[statement.index])].lower()
        for statement in statements.phases
        if statement.actor is Actor.EACH_PLAYER and not statement.once_per_hand
    ]
    others = words.join([f"the {title}" for title in dict.fromkeys(shared)])
    challenge = any(isinstance(phase, ClaimPhase) and phase.allow_challenge for phase in genome.phases)
    text = (
        "On your turn, go through these phases in order. Only the player whose turn it is takes part in "
        f"{phases}: the other players take part only in {others}"
    )
    return text + (", and may challenge a claim." if challenge else ".")


def _turn_intro(genome: GameGenome, statements: Statements) -> list[Block]:
    structure = genome.turn_structure
    if any(isinstance(phase, ClimbPhase) for phase in genome.phases):
        return [Paragraph(_climbing_hands(genome))]
    one_hand = statements.most_hands == 1
    played_in = (
        "The game is one hand, played in" if one_hand else "The game is played in hands, and each hand in"
    )
    owned = _turn_owned(genome, statements) if structure.has_tricks else []
    if owned:
        unless = (
            ""
            if statements.trick_winner_next
            else ", unless the count then starts again: then the player after the last to count takes it"
        )
        hands = (
            f"{played_in} turns. On your turn you lead a trick: in seat order, starting with you, every "
            f"player plays one card to it. The winner of the trick takes the next turn{unless}."
        )
    elif structure.has_tricks:
        hands = (
            f"{played_in} tricks: in seat order, starting with the player who leads, every player plays "
            "one card to each trick."
        )
    else:
        hands = _seat_order(genome.player_count)
    if statements.tricks is not None:
        hands += tricks_sentence(genome, statements.tricks, one_hand)
        if not statements.tricks.exact:
            hands += (
                " A player with no cards left is passed over; if it is the one to lead, the next player "
                "in the order of play who has cards leads instead."
            )
    blocks: list[Block] = [Paragraph(hands)]
    blocks.append(Paragraph(_who_starts(genome, one_hand)))
    kinds = {effect.effect_type for effect in effective_effects(genome)}
    if kinds & TURN_ORDER_EFFECTS:
        blocks.append(Paragraph(_advance_turn_text(kinds)))
    if owned:
        blocks.append(Paragraph(_owned_text(genome, statements, owned)))
    elif len(genome.phases) > 1:
        lead = (
            ("The hand goes" if one_hand else "Each hand goes")
            if structure.has_tricks
            else "On your turn, go"
        )
        blocks.append(Paragraph(f"{lead} through these phases in order."))
    return blocks


def _climbing_hands(genome: GameGenome) -> str:
    """A climbing game's hand (``engine.climb``): the call, then the climb, each in seat order."""
    calls = [phase for phase in genome.phases if isinstance(phase, CallPhase)]
    starts = bool(calls) and calls[0].first is FirstCaller.DEALER_LEFT
    return (
        "The game is played in hands. Each hand has two phases, in this order: the call, then the climb. "
        f"In both, the players act one after another in seat order (player 1, player 2, and so on to "
        f"player {genome.player_count}, then player 1 again), starting with the player each phase names "
        "below."
    ) + (_FIRST_HAND if starts else "")


_FIRST_HAND = " Player 1 starts the first hand; in each new hand, the next player in seat order does."


def _who_starts(genome: GameGenome, one_hand: bool) -> str:
    """Who starts a hand: player 1 the first, the next player in seat order each new hand (``one_hand``:
    the game deals one hand only, and nothing is said of new hands)."""
    bids = any(isinstance(phase, BiddingPhase) for phase in genome.phases)
    if any(isinstance(phase, AuctionPhase) for phase in genome.phases):
        last = genome.player_count
        return (
            f"Player {last} deals the first hand and the deal passes to the next player in seat order "
            "each hand. The auction decides who leads the first trick."
        )
    leads = [p.first_lead for p in genome.phases if isinstance(p, TrickPhase) and p.first_lead is not None]
    if genome.turn_structure.has_tricks and leads:
        card = words.card(*leads[0])
        starts = "bids first" if bids else "takes the first turn"
        if one_hand:
            return f"Player 1 {starts}. The first trick is led by the player holding {card}."
        return (
            f"Player 1 {starts} of the first hand; in each new hand, the next player in seat order does. "
            f"The first trick of each hand is led by the player holding {card}."
        )
    if genome.turn_structure.has_tricks:
        first = "bids first and leads the first trick" if bids else "leads the first trick"
    else:
        first = "takes the first turn"
    if one_hand:
        return f"Player 1 {first}."
    return f"Player 1 {first} of the first hand; in each new hand, the next player in seat order does."


def _seat_order(player_count: int) -> str:
    if player_count == 2:
        return "The two players take turns."
    return (
        f"Players take turns in seat order: player 1, player 2, and so on to player {player_count}, "
        "then player 1 again."
    )


def _advance_turn_text(kinds: set[EffectType]) -> str:
    text = "When your turn ends, play passes to the next player in the current direction of play"
    if EffectType.SKIP_NEXT in kinds or EffectType.EXTRA_TURN in kinds:
        text += ", passing over any players a special card has skipped"
    text += "."
    if EffectType.REVERSE_DIRECTION in kinds:
        text += (
            " Play starts in seat order; a reverse card switches the direction, and “next” and "
            "“previous” player always follow the current direction."
        )
    return text


def _phase_section(
    phase: Phase, index: int, genome: GameGenome, context: ConditionContext, statements: Statements
) -> Section:
    title = f"Phase {index + 1}: {_PHASE_TITLES[type(phase)]}"
    path = f"turn_structure.phases[{index}]"
    main, details = _describe_phase(
        phase, path, genome, context, statements, statements.phases[index].opening
    )
    blocks: list[Block] = [Paragraph(main)]
    if details:
        blocks.append(BulletList(tuple(details)))
    return Section(title, tuple(blocks))


def _describe_phase(
    phase: Phase,
    path: str,
    genome: GameGenome,
    context: ConditionContext,
    statements: Statements,
    opening: str,
) -> tuple[str, list[str]]:
    """``opening``: when a once-a-hand phase happens (``PhaseStatement.opening``)."""
    if isinstance(phase, DrawPhase):
        return _draw(phase, path, genome, context)
    if isinstance(phase, PlayPhase):
        return _play(phase, path, genome, context)
    if isinstance(phase, DiscardPhase):
        return _discard(phase, path, genome, context)
    if isinstance(phase, TrickPhase):
        return _trick(phase, genome, statements.most_hands == 1)
    if isinstance(phase, ClaimPhase):
        return _claim(phase, genome)
    if isinstance(phase, BettingPhase) and pot_sized(genome):
        return _pot_sized_betting(phase, _first_index(genome, BettingPhase, path))
    if isinstance(phase, BettingPhase):
        return _betting(phase)
    if isinstance(phase, BoardPhase):
        return _board(phase, genome, _first_index(genome, BoardPhase, path))
    if isinstance(phase, KnockPhase):
        return _knock(phase, genome)
    if isinstance(phase, PassPhase):
        return _pass(phase, genome, opening, statements.most_hands)
    if isinstance(phase, TrumpPhase):
        return _making_trump(phase, genome, opening)
    if isinstance(phase, AskPhase):
        return _ask(phase, genome)
    if isinstance(phase, CountPhase):
        return _count(phase)
    if isinstance(phase, AuctionPhase):
        return _auction(phase, genome, opening)
    if isinstance(phase, DealerPhase):
        return _dealer(phase, genome)
    if isinstance(phase, CribPhase):
        return _crib(phase, opening)
    if isinstance(phase, ShowPhase):
        return _show(phase)
    if isinstance(phase, CallPhase):
        return _call(phase, genome, opening)
    if isinstance(phase, ClimbPhase):
        return _climb(phase, genome)
    return _bidding(phase, opening, statements)


def _source(location: Location, player_count: int) -> str:
    if player_count == 2 and location is Location.OPPONENT_HAND:
        return "your opponent's hand"
    if location is Location.OPPONENT_HAND:  # engine.cond_eval.offering_player
        return (
            "the hand of the player before you in the order of play "
            "(if it is empty, the nearest one before them who holds cards)"
        )
    if player_count == 2 and location is Location.OPPONENT_DISCARD:
        return "your opponent's discard pile"
    return words.place(location)


def _loop_stop(phase: DrawPhase, genome: GameGenome, source: str) -> str:
    """When a drawing loop runs out of cards, as the engine plays it (``engine.movegen.source_available``:
    an empty deck still gives a card while ``deck_empty`` can reshuffle a discard pile of 2+ cards)."""
    if phase.source is not Location.DECK:
        return f"{source} is empty"
    action = genome.turn_structure.deck_empty
    if action is DeckEmptyAction.RESHUFFLE_DISCARD:
        return "the deck is empty and the discard pile has no card under its top card to make a new deck"
    if action in (DeckEmptyAction.END_HAND, DeckEmptyAction.END_GAME):
        ended = "hand" if action is DeckEmptyAction.END_HAND else "game"
        return f"the deck runs out, which ends the {ended}"
    return "the deck is empty"


def _draw(
    phase: DrawPhase, path: str, genome: GameGenome, context: ConditionContext
) -> tuple[str, list[str]]:
    source = _source(phase.source, genome.player_count)
    main = f"Draw {words.count(phase.count, 'card')} from {source}."
    details = []
    clause = None
    if phase.condition is not None:
        clause = describe_condition(phase.condition, context, f"{path}.condition")
        if tests_a_card(phase.condition):
            details.append(f"A card may be drawn only if {clause}.")
        else:
            details.append(f"Draw only when {clause}.")
    if phase.loop:
        stop = _loop_stop(phase, genome, source)
        if clause is None:
            details.append(f"Keep drawing until {stop}.")
        elif phase.condition is not None and tests_a_card(phase.condition):
            details.append(f"Keep drawing while such a card can be drawn, stopping when {stop}.")
        else:
            details.append(f"Keep drawing while {clause}, stopping when {stop}.")
    if phase.mandatory:
        details.append("This draw is compulsory.")
    elif phase.stand:
        details.append(
            "You may instead stand: once you skip this draw, you draw no more cards in this phase until "
            "the hand ends."
        )
    else:
        details.append("You may skip this draw.")
    return main, details


def _play(
    phase: PlayPhase, path: str, genome: GameGenome, context: ConditionContext
) -> tuple[str, list[str]]:
    destination = _PLAY_DESTINATIONS[phase.target]
    if genome.setup.hand_visibility is Visibility.FACE_DOWN and phase.max_cards == 1:
        main = f"Play the top card of your face-down stack {destination}, without looking at it first."
    else:
        main = f"Play {_card_count(phase.min_cards, phase.max_cards)} {destination}."
    details = []
    if phase.runs and phase.max_cards >= MIN_RUN:
        main = _play_with_runs(phase, destination)
        details.append(
            "In a run the Ace is low (A-2-3 is a run) and the sequence does not turn the corner "
            "(K-A-2 is not a run)."
        )
    if phase.valid_play_condition is not None:
        clause = describe_condition(phase.valid_play_condition, context, f"{path}.valid_play_condition")
        details.append(f"A card may be played only if {clause}.")
    details.append(_play_obligation(phase))
    if phase.target is Location.TABLEAU:
        details.append(tableau_mode_sentence(genome))
    if genome.special_effects:
        details.append(
            "A card with a special effect (see Special cards) takes effect as soon as it is played."
        )
    return main, details


def _play_with_runs(phase: PlayPhase, destination: str) -> str:
    """The play of a phase with ``runs``: a set as ``_card_count`` says, or a run (``tableau_melds``)."""
    shortest, longest = max(MIN_RUN, phase.min_cards), min(MAX_RUN, phase.max_cards)
    length = f"{shortest}" if shortest == longest else f"{shortest} to {longest}"
    run = f"a run of {length} cards of one suit in sequence"
    if phase.min_cards > MAX_SET:
        return f"Play {run} {destination}."
    group = _card_count(max(phase.min_cards, 1), min(phase.max_cards, MAX_SET))
    return f"Play {group}, or {run}, {destination}."


def _card_count(minimum: int, maximum: int) -> str:
    if minimum == maximum:
        if maximum == 1:
            return "1 card"
        return f"{maximum} cards of the same rank"
    if minimum == 0:
        return f"up to {words.count(maximum, 'card')} of the same rank"
    return f"{minimum} to {maximum} cards of the same rank"


def _play_obligation(phase: PlayPhase) -> str:
    if not phase.mandatory:
        return "Playing is optional: you may pass instead."
    if phase.pass_if_unable:
        return "You must play if you can; if you cannot, you pass."
    return "You must play: passing is not allowed, even without a legal play."


def _discard(
    phase: DiscardPhase, path: str, genome: GameGenome, context: ConditionContext
) -> tuple[str, list[str]]:
    main = f"Discard {words.count(phase.count, 'card')} {_PLAY_DESTINATIONS[phase.target]}."
    details = []
    if phase.matching_condition is not None:
        clause = describe_condition(phase.matching_condition, context, f"{path}.matching_condition")
        details.append(f"A card may be discarded only if {clause}.")
    if phase.no_return:
        details.append("You may not discard a card you took from the discard pile this turn.")
    if phase.target is Location.TABLEAU:
        rule = tableau_mode_sentence(genome)
        details.append(f"A card discarded to the tableau counts as played there: {rule[0].lower()}{rule[1:]}")
    details.append("Discarding is compulsory." if phase.mandatory else "You may skip this discard.")
    return main, details


def _trick(phase: TrickPhase, genome: GameGenome, one_hand: bool) -> tuple[str, list[str]]:
    """A trick phase's rules (``one_hand``: the game deals one hand only)."""
    main = "Play 1 card to the trick. The first card played is the lead."
    details = []
    if phase.lead_suit_required:
        details.append("You must follow the suit led if you can; if you cannot, you may play any card.")
    else:
        details.append("You may play any card: following the suit led is not required.")
    if phase.breaking_suit is not None:
        suit = words.suit_plural(phase.breaking_suit)
        details.append(
            f"{words.capitalize(suit)} may not be led until a {words.suit_singular(phase.breaking_suit)} "
            f"has been played in this hand (until {words.suit_singular(phase.breaking_suit)}s are "
            f"“broken”), unless you hold nothing but {suit}{_first_lead_excepted(phase)}."
        )
    best = "highest" if phase.high_card_wins else "lowest"
    trump = phase.trump_suit if phase.trump_suit is not None else genome.setup.trump_suit
    made = any(isinstance(p, TrumpPhase) for p in genome.phases)
    turned = genome.setup.turned_trump is not None
    bid = any(isinstance(p, AuctionPhase) for p in genome.phases)
    if bid:
        details.append(
            "The contract's suit is trumps (a contract in no trump has none): a trump beats any card of "
            f"another suit. The {best} trump played wins the trick; if no trump was played, the {best} "
            "card of the suit led wins."
        )
    elif turned:
        details.append(
            "The suit of the card turned up at the deal is trumps: a trump beats any card of another suit. "
            f"The {best} trump played wins the trick; if no trump was played, the {best} card of the suit "
            "led wins."
        )
    elif made:
        fixed = "" if trump is None else f" (until one is made, {words.suit_plural(trump)})"
        details.append(
            f"The suit made trump for the hand is trumps{fixed}: a trump beats any card of another suit. "
            f"The {best} trump played wins the trick; if no trump was played, the {best} card of the suit "
            "led wins."
        )
    elif trump is None:
        details.append(f"The {best} card of the suit led wins the trick.")
    else:
        details.append(
            f"{words.capitalize(words.suit_plural(trump))} are trumps: a trump beats any card of another "
            f"suit. The {best} trump played wins the trick; if no trump was played, the {best} card of "
            "the suit led wins."
        )
    if phase.top_trumps and (made or turned or bid or trump is not None):
        details.append(_top_trumps_text(phase.top_trumps))
    details.extend(_first_trick_rules(phase, one_hand))
    details.append(rank_order(genome.setup.initial_deck))
    details.append("The winner of a trick leads the next one.")
    return main, details


def _first_lead_excepted(phase: TrickPhase) -> str:
    """The compulsory first lead comes before the breaking suit (``engine.tricks.trick_card_legal``)."""
    if phase.first_lead is None or phase.first_lead[1] != phase.breaking_suit:
        return ""
    return f", or must lead the {words.card(*phase.first_lead)} to the first trick"


def _top_trump_name(top: TopTrump) -> str:
    rank = "jack" if top.rank is Rank.JACK else top.rank.value
    if top.suit is TrumpRelation.TRUMP:
        return f"the {rank} of trumps"
    return f"the {rank} of the other suit of the same colour as trumps"


def _top_trumps_text(tops: tuple[TopTrump, ...]) -> str:
    """The rank override (``engine.tricks.top_index``): first listed highest, and all count as trumps."""
    names = [_top_trump_name(top) for top in dict.fromkeys(tops)]
    order = names[0] if len(names) == 1 else ", then ".join(names)
    return (
        f"The highest trumps are, in order: {order}; then the other trumps from the top. Each of these "
        "cards is a trump and belongs to the trump suit, not to the suit printed on it: it must be played "
        "to follow a trump lead, cannot be played to follow its printed suit, and leading it leads trumps."
    )


def _ask(phase: AskPhase, genome: GameGenome) -> tuple[str, list[str]]:
    """The ask phase as ``engine.asking`` plays it."""
    whom = "any opponent who has cards"
    if others_of(genome) is Others.PARTNER_TOO:
        whom = "any other player who has cards, your partner too,"
    elif genome.player_count == 2:
        whom = "your opponent"
    main = (
        f"Ask {whom} for a rank of which you hold at least one card. They must hand you every card "
        "of that rank they hold."
    )
    details = []
    if phase.fish:
        details.append('If they have none, "go fish": draw the top card of the deck, if any is left.')
    if phase.again:
        again = "When you receive cards"
        again += ", or fish a card of the rank you asked for" if phase.fish else ""
        details.append(f"{again}, ask again; otherwise your turn ends.")
    if phase.book:
        details.append(
            f"Whenever you hold {words.count(phase.book, 'card')} of one rank, lay them down at once on "
            "the discard pile: they count as played."
        )
    details.append(
        "If your hand is empty when you are to ask, draw a card from the deck first; if the deck is empty "
        "too, your turn ends."
    )
    return main, details


def _count(phase: CountPhase) -> tuple[str, list[str]]:
    """The count phase as ``engine.counting`` plays it."""
    main = (
        f"Play one card face up and add its value to the count: an ace is 1, 2 to 10 their number, jacks, "
        f"queens and kings 10. The count may never go over {phase.limit}."
    )
    go = words.count(phase.go_points, "point")
    details = [
        'If none of your cards fits, say "go". When nobody can play, the last player to have played '
        f"scores {go} for the go, the count starts again from 0, and the player after them plays first.",
        "When every hand is empty, the last player to have played scores the go too, and the hand ends.",
    ]
    if phase.combos:
        details.append(
            f"Scoring as you play: making the count 15 scores 2, and exactly {phase.limit} scores 2 (no go "
            "point then); a card of the same rank as the card just before it scores 2 for the pair, 6 "
            "for three of a kind, 12 for four; and when the last three or more cards played since the "
            "count began are all different ranks in sequence, in any order (ace low), they score 1 each."
        )
    return main, details


def _dealer(phase: DealerPhase, genome: GameGenome) -> tuple[str, list[str]]:
    """The dealer phase as ``engine.dealer`` plays it."""
    evaluation = genome.scoring.hand_evaluation
    limit = evaluation.bust_threshold if evaluation is not None else None
    soft = "draws" if phase.hits_soft else "stands"
    main = (
        "The dealer plays for the house against every player. At each deal, after the players' cards, "
        "the dealer takes one card face up (the up-card) and one face down (the hole card). When the "
        "last player of the round has had their turn, the dealer turns the hole card face up and, unless "
        f"every player has bust, draws cards while its total is below {phase.stand_on}, and {soft} on a "
        f"soft {phase.stand_on} (an ace counted high)."
    )
    details = [
        "Then each player is settled against the dealer, in half-bets added to their score: a player "
        f"over {limit} has bust and loses 2 whatever the dealer holds; if the dealer busts, every other "
        "player wins 2; otherwise the higher total wins 2 (a lower one loses 2) and equal totals push (0).",
        "Your result is yours alone against the house: a score above 0 at the end is a win, below 0 a "
        "loss, 0 a push.",
    ]
    if phase.naturals:
        details.insert(
            1,
            f"A natural is two cards worth exactly {limit}: a player's natural against none of the "
            "dealer's is paid 3 (3 to 2); the dealer's natural beats every other hand, even a "
            f"{limit} of more cards; two naturals push.",
        )
    if phase.peek:
        details.insert(
            0,
            "When the up-card is an ace or worth ten, the dealer looks at the hole card at once: with a "
            "natural it is turned face up, every player is settled and the hand ends before anyone plays.",
        )
    return main, details


def _crib(phase: CribPhase, opening: str) -> tuple[str, list[str]]:
    """The crib phase as ``engine.crib`` plays it."""
    main = (
        f"{opening}, every player in turn, starting with the player who starts the hand, lays "
        f"{words.count(phase.count, 'card')} of their hand away face down: together they make the crib, an "
        "extra hand that belongs to the dealer (the player before the one who starts the hand), which "
        "nobody looks at until the show."
    )
    details = [
        f"If the crib has fewer than {CRIB_SIZE} cards, it is made up from the top of the deck.",
        "Then the top card of the deck is turned face up for everyone: the starter, which counts with "
        "every hand in the show.",
    ]
    if phase.heels:
        details.append(
            f"If the starter is a jack, the dealer scores {words.count(phase.heels, 'point')} at once "
            "(his heels)."
        )
    return main, details


def _show(phase: ShowPhase) -> tuple[str, list[str]]:
    """The show phase as ``engine.show`` counts it."""
    main = (
        "When the hand's play is over, the hands are shown and counted, each with the starter: first the "
        "hand of the player left of the dealer, then each player's in turn, the dealer's last, and then "
        "the crib, for the dealer. Each count is scored at once, so a player who reaches the winning "
        "score wins before the later hands are counted."
    )
    details = [
        "Every combination of cards adding up to 15 scores 2 (an ace is 1, court cards 10).",
        "Every pair of cards of one rank scores 2 (three of a kind make three pairs, 6; four, 12).",
        "A run of three or more ranks in sequence (ace low) scores 1 a card, once for every way of making "
        "it with different cards (3-4-5 with two 5s is two runs of three, 6).",
        "If every card of a hand is of one suit (four or more), the flush scores 1 a card, and 1 more if "
        "the starter is of that suit too; "
        + (
            "the crib's flush counts the same way."
            if phase.crib_four_flush
            else "the crib scores a flush only when the starter is of its suit as well."
        ),
    ]
    if phase.nobs:
        details.append("The jack of the starter's suit in a hand or the crib scores 1 (nobs).")
    return main, details


def auction_book(genome: GameGenome) -> int:
    """The tricks a contract promises before its level counts: a hand's tricks less seven
    (``engine.bridge_score.auction_book``)."""
    return genome.hand_tricks - 7


def _auction(phase: AuctionPhase, genome: GameGenome, opening: str) -> tuple[str, list[str]]:
    """The auction as ``engine.auction`` runs it."""
    book = auction_book(genome)
    main = (
        f"{opening} there is an auction. The dealer (the player before the one "
        "who starts the hand) calls first, then each player in turn. A call is a bid, or pass."
    )
    details = [
        f"A bid names a level from 1 to 7 and a strain: a suit or no trump. Bidding level n promises "
        f"{book} + n tricks (the first {book} are the book). Each bid must be higher than the last one: "
        "a higher level, or the same level in a higher strain, in the order clubs, diamonds, hearts, "
        "spades, no trump.",
    ]
    if phase.doubling:
        details.append(
            "Instead of bidding you may double the last bid if an opponent made it and nobody has doubled "
            "it yet, or redouble it if your side made it and an opponent doubled it. A new bid cancels "
            "any double."
        )
    details.append(
        "Once a bid has been followed by a pass from every other player, the auction is over: the last "
        "bid is the contract. Its suit is trumps for the hand (no trumps in no trump). The declarer is "
        "the player of the side that won the contract who first bid its strain; the player after the "
        "declarer leads the first trick."
    )
    details.append("If everybody passes without a bid, the cards are thrown in and the next dealer deals.")
    if phase.dummy and genome.team_mode:
        details.append(
            "The declarer's partner is the dummy: after the first card is led, the dummy lays their hand "
            "face up on the table, and the declarer plays the dummy's cards as well as their own, each "
            "in its turn."
        )
    return main, details


def _call(phase: CallPhase, genome: GameGenome, opening: str) -> tuple[str, list[str]]:
    """The call for the landlord as ``engine.climb`` runs it."""
    first = (
        "a player chosen at random" if phase.first is FirstCaller.RANDOM else "the player who starts the hand"
    )
    main = (
        f"{opening} the players call for the right to play alone. {first.capitalize()} calls first, then "
        "each player in turn. A call is a bid, or pass."
    )
    bids = f"1 to {phase.max_bid}" if phase.max_bid > 1 else "1"
    order = (
        "Each player calls once."
        if phase.once_around
        else "The calling goes on round the table until a bid has been followed by a pass from every "
        "other player."
    )
    details = [
        f"A bid is a number from {bids}, higher than every bid before it. A bid of {phase.max_bid} ends the "
        f"calling at once. {order}",
        "The last player to bid is the landlord, and the last bid is the stake. The landlord plays alone "
        "against all the other players, who play together for this hand.",
    ]
    if genome.setup.kitty:
        details.append(
            f"The landlord turns the kitty's {_kitty_cards(genome.setup.kitty)} face up for everyone to see "
            "and adds them to their hand."
        )
    details.append(
        "If everybody passes, the cards are thrown in and dealt again."
        if phase.all_pass is AllPass.REDEAL
        else "If everybody passes, the game ends there and nobody scores."
    )
    return main, details


def _kitty_cards(count: int) -> str:
    return "card" if count == 1 else f"{count} cards"


#: the combinations a climb allows, as the rulebook names them (``engine.combinations``' table)
_COMBO_TEXT: dict[Combo, str] = {
    Combo.SOLO: "a solo: any single card",
    Combo.PAIR: "a pair: two cards of one rank",
    Combo.TRIO: "a trio: three cards of one rank",
    Combo.TRIO_SOLO: "a trio with a solo: a trio and any single card of another rank",
    Combo.TRIO_PAIR: "a trio with a pair: a trio and a pair of another rank",
    Combo.SOLO_CHAIN: "a chain: five or more single cards of consecutive ranks, from 3 up to the Ace at most",
    Combo.PAIR_CHAIN: "a chain of pairs: three or more pairs of consecutive ranks, up to the Ace at most",
    Combo.AIRPLANE: "an airplane: two or more trios of consecutive ranks, up to the Ace at most",
    Combo.AIRPLANE_SOLOS: (
        "an airplane with solos: an airplane and as many single cards of other ranks as it has trios"
    ),
    Combo.AIRPLANE_PAIRS: (
        "an airplane with pairs: an airplane and as many pairs of other ranks as it has trios"
    ),
    Combo.FOUR_SOLOS: "four with two solos: four cards of one rank and two single cards of other ranks",
    Combo.FOUR_PAIRS: "four with two pairs: four cards of one rank and two pairs of other ranks",
    Combo.BOMB: "a bomb: four cards of one rank",
    Combo.ROCKET: "the rocket: both jokers",
}


def _climb(phase: ClimbPhase, genome: GameGenome) -> tuple[str, list[str]]:
    """The climb as ``engine.climb`` and ``engine.combinations`` play it."""
    jokers = ", then the black joker and the red joker" if genome.setup.jokers else ""
    main = (
        "Then the hand is played out. The landlord leads: they play any combination of cards face up onto "
        "the discard pile. "
        "Each player in turn then either plays a higher combination of the same kind and size, or "
        "passes. When all the other players have passed in a row, the last player to play leads again, "
        "any combination. The first player to play their last card ends the hand."
    )
    details = [
        f"Ranks from low to high: 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2{jokers}. Suits do not matter.",
        "The combinations you may play: " + "; ".join(_COMBO_TEXT[combo] for combo in phase.combos) + ".",
    ]
    if any(c in phase.combos for c in _WITH_KICKERS):
        details.append(
            "A combination is compared by its trio, four or airplane part (the cards added to it do not "
            "count). Added single cards may be of one rank or several, but never both jokers; added pairs "
            "are of different ranks, never jokers."
        )
    details.append(
        "A higher combination has the same kind and the same number of cards, and a higher rank (the "
        "lowest rank of a chain or airplane)."
    )
    beats = []
    rocket = Combo.ROCKET in phase.combos and genome.setup.jokers
    if Combo.BOMB in phase.combos:
        beats.append(f"a bomb beats any combination but a higher bomb{' or the rocket' if rocket else ''}")
    if rocket:
        beats.append("the rocket beats everything")
    if beats:
        details.append(f"Whatever was played, {' and '.join(beats)}.")
    stake = []
    if phase.bomb_doubles:
        stake.append("each bomb or rocket played doubles the stake")
    if phase.spring_doubles:
        stake.append(
            "the stake doubles again for a spring: the landlord goes out before any other player has "
            "played a card, or another player goes out while the landlord has played only once"
        )
    landlord = genome.player_count - 1
    details.append(
        (f"{'; '.join(stake).capitalize()}. " if stake else "")
        + f"If the landlord went out they win {landlord} times the stake, the stake from each other player; "
        f"otherwise they pay {landlord} times the stake, the stake to each other player."
    )
    return main, details


_WITH_KICKERS = (
    Combo.TRIO_SOLO,
    Combo.TRIO_PAIR,
    Combo.AIRPLANE_SOLOS,
    Combo.AIRPLANE_PAIRS,
    Combo.FOUR_SOLOS,
    Combo.FOUR_PAIRS,
)


def _making_trump(phase: TrumpPhase, genome: GameGenome, opening: str) -> tuple[str, list[str]]:
    """The trump phase as ``engine.trump`` plays it."""
    main = (
        f"{opening}, trump is made from the turned-up card (the top card of the "
        "discard pile). The dealer is the player before the one who starts the hand; starting with the "
        "player after the dealer, each player in turn decides, and the dealer decides last."
    )
    taken = (
        " The dealer then takes the turned-up card into their hand and discards one card face down."
        if phase.dealer_takes
        else ""
    )
    details = [f"First round: you may order up the turned-up card's suit as trumps, or pass.{taken}"]
    if phase.name_round:
        details.append("If everybody passed, second round: you may name any other suit as trumps, or pass.")
    if phase.stick_the_dealer:
        details.append(
            "The dealer may not pass the last time: if everybody else passed, the dealer must choose."
        )
    else:
        details.append(
            "If everybody passed every time, the cards are thrown in and the next dealer deals a new hand."
        )
    if genome.maker_scoring is not None:
        if genome.team_mode:
            details.append("The player who made trump and their partners are the makers; the others defend.")
        else:
            details.append("The player who made trump is the maker; the others defend.")
    return main, details


def _first_trick_rules(phase: TrickPhase, one_hand: bool) -> list[str]:
    """The first lead and the clean first trick (``one_hand``: the game deals one hand only)."""
    rules = []
    if phase.first_lead is not None:
        card = words.card(*phase.first_lead)
        which = "" if one_hand else " of each hand"
        rules.append(f"The player holding {card} leads the first trick{which}, and must lead the {card}.")
    if phase.clean_first_trick:
        which = "" if one_hand else " of a hand"
        rules.append(
            f"On the first trick{which} you may not play a card that scores when the trick is won, "
            "unless you have no other card you may play."
        )
    return rules


def _pass(phase: PassPhase, genome: GameGenome, opening: str, hands: int | None) -> tuple[str, list[str]]:
    """The pass phase as ``engine.passing`` plays it (across is half the table away; hand h passes
    ``directions[(h − 1) mod n]``), for the hands the game can deal (``hands``; None: unbounded)."""
    main = (
        f"{opening}, every player chooses {words.count(phase.count, 'card')} from their "
        "hand, and then all pass them at the same time to another player: you see the cards you receive "
        "only after choosing yours."
    )
    names = [_pass_direction(direction, genome.player_count) for direction in phase.directions]
    if hands == 1:
        first = names[0]
        return main, [f"Everyone {first}." if first.startswith("passes") else f"The hand {first}."]
    used = names if hands is None else [names[h % len(names)] for h in range(min(hands, len(names)))]
    if len(set(names)) == 1 or (len(set(used)) == 1 and hands is not None and hands <= len(names)):
        return main, [f"Every hand {used[0]}."]
    steps = [f"hand {i + 1} {name}" for i, name in enumerate(used)]
    cycle = "; then the cycle starts again" if hands is None or hands > len(names) else ""
    return main, [f"{words.capitalize('; '.join(steps))}{cycle}."]


def _pass_direction(direction: PassDirection, players: int) -> str:
    """Where one hand's pass goes at a table of ``players``: with two, every pass goes to the opponent."""
    if direction is PassDirection.HOLD:
        return "is a hold hand: nobody passes"
    if players == 2:
        return "passes to your opponent"
    if direction is PassDirection.LEFT or (direction is PassDirection.ACROSS and players == 3):
        return "passes to the left (the next player in seat order)"
    if direction is PassDirection.RIGHT:
        return "passes to the right (the previous player in seat order)"
    if players % 2 == 0:
        return "passes across (the player opposite you)"
    return f"passes {players // 2} seats to the left"


def _claim_order(deck: DeckType) -> str:
    """The order of sequential claims: the deck's ranks from the Ace, as the engine cycles them."""
    ranks = deck.ranks()
    after_ace = [rank.value for rank in ranks if rank is not Rank.ACE]
    missing = [rank.value for rank in Rank if rank not in ranks]
    order = (
        "The rank you announce must be the next one in order after the previous claim: the first claim "
        f"of each hand is Aces, then {after_ace[0]}s, {after_ace[1]}s and so on up to Kings, "
        "and then Aces again"
    )
    if after_ace[0] != Rank.TWO.value or not missing:
        return order + "."
    return f"{order}; this deck has no {words.join([f'{rank}s' for rank in missing])}, so they are skipped."


def _claim(phase: ClaimPhase, genome: GameGenome) -> tuple[str, list[str]]:
    """The claim phase as ``engine.claims`` plays it: every other player may challenge."""
    deck = genome.setup.initial_deck
    main = (
        f"Play {_card_count(phase.min_cards, phase.max_cards).replace(' of the same rank', '')} "
        "face down onto the pile and announce their rank."
    )
    details = []
    if phase.sequential_rank:
        details.append(_claim_order(deck))
    else:
        details.append("You may announce any rank.")
    details.append("Your claim may be a lie: the cards need not be of the rank you announce.")
    if not phase.allow_challenge:
        details.append("Claims cannot be challenged.")
        return main, details
    who = "Any other player, your partner too," if others_of(genome) is Others.PARTNER_TOO else "Any opponent"
    details.append(f"{who} may challenge your claim; the cards you played are then turned face up.")
    if phase.pile_penalty:
        details.append(
            "If the claim was a lie, you pick up the whole pile; if it was true, the challenger picks it up."
        )
    else:
        details.append("Nobody picks up the pile after a challenge.")
    return main, details


def _betting(phase: BettingPhase) -> tuple[str, list[str]]:
    main = "A round of betting: in turn, each player may check, bet, call, raise, go all-in or fold."
    raises = (
        "No raise is allowed."
        if phase.max_raises == 0
        else f"After the opening bet, at most {words.count(phase.max_raises, 'raise')} may be made in a "
        "round."
    )
    return main, [f"A bet is at least {words.count(phase.min_bet, 'chip')}.", raises]


def pot_sized(genome: GameGenome) -> bool:
    """Whether a board phase makes the game's betting pot-sized (``engine.betting``)."""
    return any(isinstance(phase, BoardPhase) and phase.pot_sized for phase in genome.phases)


def _first_index(genome: GameGenome, kind: type[Phase], path: str) -> int | None:
    """The index of the first phase of ``kind`` when the phase at ``path`` is a later one, else None
    (a repeated phase refers back to the first rather than saying it all again)."""
    first = next(i for i, phase in enumerate(genome.phases) if isinstance(phase, kind))
    return None if path == f"turn_structure.phases[{first}]" else first


def _pot_sized_betting(phase: BettingPhase, first: int | None) -> tuple[str, list[str]]:
    """A betting round under ``BoardPhase.pot_sized`` as ``engine.betting`` plays it; ``first``: the
    index of the game's first betting phase when this is a later one."""
    if first is not None:
        return f"Another round of no-limit betting, as in phase {first + 1}.", []
    main = (
        "A round of no-limit betting: in turn, each player may check (or call what they owe), bet or "
        "raise the size of the pot, go all in, or fold when they owe chips."
    )
    details = [
        "A pot-sized bet or raise puts in what you owe and then as much again as the whole pot after "
        "your call; you need the chips for it. All in puts in every chip you have.",
        "You may raise or go all in only when you have chips beyond what you owe and another player "
        "could still bet.",
        "The round ends when everyone still in has acted since the last bet or raise and matched it (or "
        "is all in).",
    ]
    if phase.max_raises < _UNCAPPED_RAISES:
        details.append(f"At most {words.count(phase.max_raises, 'raise')} may be made in a round.")
    return main, details


#: ``max_raises`` from which the rulebook does not mention a cap (a byte's largest value).
_UNCAPPED_RAISES = 0xFF


def _board(phase: BoardPhase, genome: GameGenome, first: int | None) -> tuple[str, list[str]]:
    """The board phase as ``engine.board`` plays it; ``first``: the index of the game's first board
    phase when this is a later one (the board's rule is said once)."""
    two = genome.player_count == 2
    cards = words.count(phase.cards, "card")
    main = (
        f"Deal {cards} from the deck face up to the middle of the table (the board)."
        if phase.cards
        else "No card is dealt to the board yet."
    )
    details = (
        []
        if first is not None
        else [
            "The board belongs to everyone: at the showdown each player's hand is the best five of their "
            "own cards and the board's."
        ]
    )
    if phase.big_blind:
        small = "the dealer" if two else "the player after the dealer"
        details.append(
            "Blinds (the dealer is the player before the one who starts the hand): "
            f"{small} puts in {words.count(phase.small_blind, 'chip')} "
            f"(the small blind) and the next player {words.count(phase.big_blind, 'chip')} (the big blind) "
            "before the next round of betting, which the player after the big blind opens; the big blind "
            "may still raise when everyone has only called."
        )
    else:
        details.append("The next round of betting is opened by the first player after the dealer still in.")
    return main, details


def _bidding(phase: BiddingPhase, opening: str, statements: Statements) -> tuple[str, list[str]]:
    """The highest bid is ``Statements.most_bid``; where every bidder's hand size is known
    (``Statements.bid_hand_size``) the engine's cap by the hand is in it already and goes unsaid."""
    main = f"{opening}, each player in turn bids the number of tricks they expect to take."
    highest = statements.most_bid
    capped = highest is not None and highest < phase.max_bid
    if highest is not None and phase.min_bid <= highest and (capped or statements.bid_hand_size is not None):
        details = [f"A bid is from {phase.min_bid} to {highest}."]
    else:
        details = [
            f"A bid is from {phase.min_bid} to {phase.max_bid}, and never more than the number of cards "
            "in your hand."
        ]
    if phase.allow_nil and phase.min_bid > 0:
        details.append("You may instead bid Nil: a promise to take no trick at all.")
    elif phase.allow_nil:
        details.append("A bid of 0 is Nil: a promise to take no trick at all.")
    if phase.blind_nil:
        details.append(
            "Blind Nil: a player whose side is 100 points or more behind another may, before looking at "
            "their cards, bid blind Nil. It is a Nil bid worth twice as much, won or lost."
        )
    if phase.hook:
        details.append(
            "The last player to bid may not make the bids add up to the number of tricks in the hand, "
            "so that someone must fail (unless that is the only bid they could make)."
        )
    return main, details


def _knock(phase: KnockPhase, genome: GameGenome) -> tuple[str, list[str]]:
    """The knock phase as ``engine.knock`` scores it."""
    evaluation = genome.scoring.hand_evaluation
    deadwood = evaluation is not None and evaluation.method is EvaluationMethod.DEADWOOD
    measure = "deadwood" if deadwood else "hand value"
    lower = "less" if deadwood else "lower"
    main = (
        f"If your {measure} is {phase.max_value} or {lower}, you may knock: the hand ends at once and is "
        "scored. You may also play on."
    )
    opponent = "your opponent" if genome.player_count == 2 else "each opponent in turn"
    details = [
        f"If your {measure} is 0, you score {opponent}'s {measure} plus {phase.full_bonus}"
        + (" (gin)." if deadwood else ".")
    ]
    if phase.lay_off and deadwood:
        details.append(
            f"Otherwise {opponent} first lays off their cards that extend your sets and runs (a fourth "
            "card of a set, the next cards of a run); laid-off cards are not deadwood."
        )
    details.append(
        f"Then, if {opponent}'s {measure} is more than yours, you score the difference; if it is the same "
        f"or {lower}, they undercut you and score the difference plus {phase.undercut_bonus}."
    )
    return main, details
