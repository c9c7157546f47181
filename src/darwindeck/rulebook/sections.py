"""Build a genome's rulebook: the ordered sections, each from the fields that state its rules.

Order: Overview, Components, Setup, Objective, Turn, Special cards, Tableau rules, Bidding and scoring
(or Scoring), End of game. A section whose rules the genome does not have is left out (Special cards
without effects, Tableau rules when the mode is NONE, Scoring with nothing that scores), and no
sentence describes a rule the genome does not contain. The output depends only on the genome: no
dates, no dict or set iteration order.
"""

from __future__ import annotations

import re

from darwindeck.errors import UnknownGameError
from darwindeck.genome.cards import DeckType, Location, Visibility
from darwindeck.genome.conditions import ConditionType, iter_conditions
from darwindeck.genome.library import resolve_slug
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    BoardPhase,
    ClaimPhase,
    ClimbPhase,
    CountPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    PassPhase,
    PlayPhase,
    ShowPhase,
    TrickPhase,
    TrumpPhase,
    Vulnerability,
)
from darwindeck.genome.schema import (
    BookScoring,
    DeckEmptyAction,
    EffectType,
    GameGenome,
    MakerScoring,
    SequenceDirection,
    TableauMode,
    TurnedTrump,
    WinCondition,
    WinType,
)
from darwindeck.rulebook import words
from darwindeck.rulebook.conditions_text import ConditionContext
from darwindeck.rulebook.describe import captures_only_tricks, describe_win, effect_row, effective_effects
from darwindeck.rulebook.model import Block, BulletList, Paragraph, Rulebook, Section, Table
from darwindeck.rulebook.scoring_text import (
    CARD_RULES_HEADER,
    card_rule_row,
    contract_sentences,
    hand_evaluation_sentences,
)
from darwindeck.rulebook.statements import Statements, hands_end_empty, statements_of
from darwindeck.rulebook.turn import auction_book, build_turn_section, rank_order, tableau_mode_sentence

EFFECTS_HEADER = ("Card", "Effect", "Target", "Value", "In words")

_DECK_TEXT = {
    DeckType.STANDARD_52: "A standard 52-card deck: 2 to A in each of the four suits (♥ ♦ ♣ ♠).",
    DeckType.ITALIAN_40: (
        "A 40-card deck: a standard deck without the 8s, 9s and 10s, so A, 2 to 7, J, Q and K in "
        "each of the four suits (♥ ♦ ♣ ♠)."
    ),
    DeckType.PIQUET_32: "A 32-card deck: 7 to A in each of the four suits (♥ ♦ ♣ ♠).",
    DeckType.EUCHRE_24: "A 24-card deck: 9 to A in each of the four suits (♥ ♦ ♣ ♠).",
}

_CAPTURES_TO = {
    Location.CAPTURED: "in their captured pile",
    Location.HAND: "at the bottom of their hand",
    Location.DECK: "into the deck",
    Location.DISCARD: "onto the discard pile",
    Location.TABLEAU: "back on the tableau",
    Location.OPPONENT_HAND: "into an opponent's hand",
    Location.OPPONENT_DISCARD: "onto an opponent's discard pile",
}

_DECK_EMPTY_TEXT = {
    DeckEmptyAction.RESHUFFLE_DISCARD: (
        "When a player must draw from an empty deck, the discard pile except its top card is shuffled "
        "to form a new deck; if there is nothing to shuffle, the draw does not happen."
    ),
    DeckEmptyAction.SKIP: "When a player must draw from an empty deck, the draw does not happen.",
    DeckEmptyAction.END_HAND: (
        "When a player must draw from an empty deck, the hand ends: hand-end scoring applies and, if "
        "nobody has won, a new hand is dealt."
    ),
    DeckEmptyAction.END_GAME: (
        "When a player must draw from an empty deck, the game ends and the winner is decided as "
        "described under Objective."
    ),
}


def build_rulebook(genome: GameGenome) -> Rulebook:
    """The whole rulebook of ``genome`` as a document model."""
    context = ConditionContext(
        genome_name=genome.name,
        wild_cards=genome.setup.wild_cards,
        breaking_suits=tuple(
            phase.breaking_suit
            for phase in genome.phases
            if isinstance(phase, TrickPhase) and phase.breaking_suit is not None
        ),
    )
    statements = statements_of(genome)
    sections = [
        _overview(genome),
        _components(genome),
        _setup(genome),
        _objective(genome),
        build_turn_section(genome, context, statements),
        _special_cards(genome),
        _tableau_rules(genome),
        _scoring(genome, context),
        _end_of_game(genome, statements),
    ]
    return Rulebook(genome.name, tuple(section for section in sections if section is not None), statements)


def _overview(genome: GameGenome) -> Section:
    blocks: list[Block] = []
    description = _description(genome)
    if description:
        blocks.append(Paragraph(description))
    blocks.append(BulletList((f"Players: {genome.player_count}",)))
    blocks.append(Paragraph(_summary(genome)))
    return Section("Overview", tuple(blocks))


#: The description ``evolve.operators`` gives a child: the name of its origin, which means nothing to a
#: stranger unless it is a library game.
_EVOLVED_FROM = re.compile(r"Evolved from (?P<origin>.+)\.")


def _description(genome: GameGenome) -> str:
    """The genome's description, but "An evolved game." for "Evolved from X." where X is no library game."""
    description = " ".join(genome.description.split())
    evolved = _EVOLVED_FROM.fullmatch(description)
    if evolved is None:
        return description
    try:
        resolve_slug(evolved["origin"])
    except UnknownGameError:
        return "An evolved game."
    return description


def _summary(genome: GameGenome) -> str:
    players = f"{genome.player_count} players"
    if genome.team_mode:
        players += f" in {len(genome.teams)} teams"
    text = f"{genome.name} is a card game for {players}, played with a {genome.setup.deck_size}-card deck."
    mechanics = _mechanics(genome)
    if mechanics:
        text += f" Its mechanics: {words.join(mechanics)}."
    goals = [_goal(win, genome) for win in genome.win_conditions]
    if goals:
        text += f" The aim is to {words.join(list(dict.fromkeys(goals)), 'or')}."
    return text


def _goal(win: WinCondition, genome: GameGenome) -> str:
    if win.type is WinType.ALL_HANDS_EMPTY and hands_end_empty(genome):  # the first hand ends the game
        return "have the highest score when the hand ends"
    if win.threshold is not None and win.type in (WinType.FIRST_TO_SCORE, WinType.SCORE_THRESHOLD):
        target = words.count(win.threshold, "point")
        if win.type is WinType.FIRST_TO_SCORE:
            return f"be the first to reach {target}"
        return f"have at least {target} at the end of a hand"
    if win.type is WinType.MOST_CAPTURED and captures_only_tricks(genome):
        return "win the most cards in tricks"
    return _GOALS[win.type]


_GOALS = {
    WinType.EMPTY_HAND: "be the first to empty your hand",
    WinType.ALL_HANDS_EMPTY: "have the highest score when every hand is empty",
    WinType.HIGH_SCORE: "have the highest score",
    WinType.LOW_SCORE: "have the lowest score",
    WinType.FIRST_TO_SCORE: "be the first to reach the target score",
    WinType.SCORE_THRESHOLD: "reach the target score at the end of a hand",
    WinType.SCORE_FLOOR: "have the highest score when a score falls too low",
    WinType.HANDS_PLAYED: "have the highest score after the last hand",
    WinType.CAPTURE_ALL: "win every card",
    WinType.MOST_CAPTURED: "capture the most cards",
    WinType.BEST_HAND: "hold the best hand at the showdown",
    WinType.MOST_TRICKS: "take the most tricks",
    WinType.FEWEST_TRICKS: "take the fewest tricks",
}


def _mechanics(genome: GameGenome) -> list[str]:
    kinds = {type(phase) for phase in genome.phases}
    wins = {win.type for win in genome.win_conditions}
    mode = genome.setup.tableau_mode
    found = [
        ("trick-taking", genome.turn_structure.has_tricks or TrickPhase in kinds),
        ("bidding", BiddingPhase in kinds),
        ("betting with chips", BettingPhase in kinds),
        ("bluffing", ClaimPhase in kinds),
        ("draw-and-discard", DrawPhase in kinds and DiscardPhase in kinds),
        ("knocking", KnockPhase in kinds),
        ("asking for cards", AskPhase in kinds),
        ("counting to a total", CountPhase in kinds),
        ("an auction for a contract", AuctionPhase in kinds),
        ("playing against a dealer", DealerPhase in kinds),
        ("community cards", BoardPhase in kinds),
        ("a crib and a show", ShowPhase in kinds),
        ("shedding cards", WinType.EMPTY_HAND in wins),
        ("capturing cards", mode in (TableauMode.WAR, TableauMode.MATCH_RANK)),
        ("building sequences", mode is TableauMode.SEQUENCE),
        ("comparing hands", WinType.BEST_HAND in wins),
        ("special cards", bool(genome.special_effects)),
        ("wild cards", bool(genome.setup.wild_cards)),
        ("card scoring", bool(genome.scoring.card_rules)),
        ("contracts", genome.contract_scoring is not None),
        ("making trump", any(isinstance(phase, TrumpPhase) for phase in genome.phases)),
        ("trumps turned up", genome.setup.turned_trump is not None),
        ("partnerships", genome.team_mode),
    ]
    return [name for name, present in found if present]


def _components(genome: GameGenome) -> Section:
    items = [_DECK_TEXT[genome.setup.initial_deck]]
    if genome.setup.jokers:
        items.append("Two jokers, a black one and a red one, added to the deck.")
    if _compares_ranks_outside_tricks(genome):
        items.append(rank_order(genome.setup.initial_deck))
    if genome.setup.starting_chips > 0:
        items.append(f"Chips: each player starts with {words.count(genome.setup.starting_chips, 'chip')}.")
    return Section("Components", (BulletList(tuple(items)),))


def _compares_ranks_outside_tricks(genome: GameGenome) -> bool:
    """Whether a play or discard condition asks which card ranks higher (so the rank order matters)."""
    conditions = []
    for phase in genome.phases:
        if isinstance(phase, PlayPhase):
            conditions.extend(iter_conditions(phase.valid_play_condition))
        elif isinstance(phase, DiscardPhase):
            conditions.extend(iter_conditions(phase.matching_condition))
    return any(condition.type is ConditionType.CARD_BEATS_TOP for condition in conditions)


def _setup(genome: GameGenome) -> Section:
    setup = genome.setup
    items = [_deal_text(genome)]
    if setup.initial_discard_count > 0:
        cards = words.count(setup.initial_discard_count, "card")
        items.append(f"Move {cards} from the deck onto the discard pile to start it.")
    remaining = setup.deck_size - setup.cards_per_player * genome.player_count
    remaining -= setup.initial_discard_count
    if setup.kitty:  # engine.climb_state: the deck's top cards, awarded by the call
        kitty = "card" if setup.kitty == 1 else f"{setup.kitty} cards"
        items.append(f"Set the next {kitty} aside face down: the kitty, for the winner of the call.")
        remaining -= setup.kitty
    if any(isinstance(phase, DealerPhase) for phase in genome.phases):  # engine.dealer.deal_dealer
        items.append("Deal the dealer two cards: the up-card face up, then the hole card face down.")
        remaining -= 2
    unused = _deck_unused(genome)
    if remaining == 1:
        items.append(
            f"The one card left over {'is set aside unused' if unused else 'stays face down as the deck'}."
        )
    elif remaining > 1:
        where = "are set aside unused" if unused else "stay face down as the deck"
        items.append(f"The other {words.count(remaining, 'card')} {where}.")
    if setup.wild_cards:
        ranks = words.join([f"every {rank.value}" for rank in setup.wild_cards])
        items.append(f"{words.capitalize(ranks)} {'is' if len(setup.wild_cards) == 1 else 'are'} wild.")
    if setup.trump_suit is not None and setup.turned_trump is None:
        items.append(f"{words.capitalize(words.suit_plural(setup.trump_suit))} are trumps.")
    if setup.turned_trump is not None:
        items.append(_TURNED_TRUMP_TEXT[setup.turned_trump])
    items.extend(_visibility_text(setup.hand_visibility, setup.discard_visibility))
    if setup.refill_hands:
        items.append(
            "When every hand is empty and the deck still holds cards, deal again: "
            f"{words.count(setup.cards_per_player, 'card')} to each player."
        )
    return Section("Setup", (BulletList(tuple(items)),))


#: Phases that never read the deck: they use the cards in hand only.
_HAND_ONLY = (TrickPhase, BiddingPhase, PassPhase, AuctionPhase)


def _deck_unused(genome: GameGenome) -> bool:
    """Whether no rule ever uses the cards left over after the deal: every phase plays from hands only,
    nothing is turned up or dealt again, no card effect, and no condition reads a pile's size."""
    setup = genome.setup
    reads_piles = (ConditionType.LOCATION_EMPTY, ConditionType.LOCATION_SIZE)
    return (
        all(isinstance(phase, _HAND_ONLY) for phase in genome.phases)
        and setup.initial_discard_count == 0
        and setup.turned_trump is None
        and not setup.refill_hands
        and not genome.special_effects
        and not any(condition.type in reads_piles for condition in genome.all_conditions())
    )


#: Where each hand's trumps come from (``engine.deals.turn_up``).
_TURNED_TRUMP_TEXT: dict[TurnedTrump, str] = {
    TurnedTrump.UPCARD: (
        "The top card of the discard pile is the turned-up card: its suit is trumps for the hand."
    ),
    TurnedTrump.DEALER_LAST: (
        "The dealer is the player before the one who starts the hand. The last card dealt to the dealer "
        "is turned face up for everyone to see: its suit is trumps for the hand. The dealer keeps it and "
        "plays it like any other card of their hand."
    ),
}


def _deal_text(genome: GameGenome) -> str:
    per_player = genome.setup.cards_per_player
    if per_player == 0:
        return "Shuffle the deck. No cards are dealt at the start."
    dealt = words.count(per_player, "card")
    if per_player * genome.player_count == genome.setup.initial_deck.size:
        return f"Shuffle the deck and deal all of it: {dealt} to each player."
    return f"Shuffle the deck and deal {dealt} to each player."


def _visibility_text(hand: Visibility, discard: Visibility) -> list[str]:
    hand_text = {
        Visibility.FACE_DOWN: (
            "Keep your cards face down in a stack without looking at them: you always play its top card."
        ),
        Visibility.OWNER_ONLY: None,
        Visibility.TOP_ONLY: "Keep your cards in a stack: everyone may see its top card, and only that.",
        Visibility.FACE_UP: "Hands are open: everyone may see every card in every hand.",
    }[hand]
    discard_text = {
        Visibility.FACE_DOWN: "The discard pile is face down: nobody may look at its cards.",
        Visibility.OWNER_ONLY: "Only the player who discarded a card may look at it afterwards.",
        Visibility.TOP_ONLY: None,
        Visibility.FACE_UP: "The discard pile is spread face up: everyone may see every card in it.",
    }[discard]
    return [text for text in (hand_text, discard_text) if text is not None]


def _objective(genome: GameGenome) -> Section:
    blocks: list[Block] = []
    if genome.team_mode:
        blocks.append(Paragraph(_teams_text(genome.teams)))
        blocks.append(
            Paragraph(
                "Partners share one score: every point a player earns also counts for their team, and "
                "the winning conditions below are judged on team totals."
                if genome.scores_points
                else "Partners win or lose together: the winning conditions below are judged on the team."
            )
        )
    wins = [describe_win(win, index, genome) for index, win in enumerate(genome.win_conditions)]
    if len(wins) == 1:
        blocks.append(Paragraph(wins[0]))
    elif wins:
        blocks.append(Paragraph("The game is won in any of these ways:"))
        blocks.append(BulletList(tuple(wins)))
    return Section("Objective", tuple(blocks))


def _teams_text(teams: tuple[tuple[int, ...], ...]) -> str:
    if len(teams) == 2:
        first, second = teams
        verb = "plays" if len(first) == 1 else "play"
        return f"{words.capitalize(words.seats(first))} {verb} against {words.seats(second)}."
    listed = "; ".join(words.seats(team) for team in teams)
    return f"There are {len(teams)} teams: {listed}."


def _special_cards(genome: GameGenome) -> Section | None:
    effects = effective_effects(genome)
    if not effects:
        return None
    intro = Paragraph("When you play a card of one of these ranks, its effect happens at once.")
    rows = tuple(effect_row(effect, genome.player_count) for effect in effects)
    return Section("Special cards", (intro, Table(EFFECTS_HEADER, rows)))


def _tableau_rules(genome: GameGenome) -> Section | None:
    setup = genome.setup
    if setup.tableau_mode is TableauMode.NONE:
        return None
    blocks: list[Block] = [Paragraph(tableau_mode_sentence(genome))]
    captured = _CAPTURES_TO[setup.captures_to]
    if setup.tableau_mode is TableauMode.WAR:
        details = [
            rank_order(setup.initial_deck),
            f"The player of the higher card takes every card on the tableau and puts them {captured}.",
            "On a tie both cards stay on the tableau and the next two cards decide: the higher one takes "
            "them all (a war).",
            "A player with no card left to play after a tie cannot finish the war: the other player takes "
            "the tableau.",
        ]
        if setup.captures_to is Location.HAND:
            details.append("Won cards are shuffled before they go under the hand.")
        if any(isinstance(phase, BettingPhase) for phase in genome.phases):  # engine.tableau pays it
            details.append("Whoever takes the tableau takes the pot too; after a tie it waits for the war.")
    elif setup.tableau_mode is TableauMode.MATCH_RANK:
        details = [
            f"The capturing player puts both cards {captured}.",
            "A card that matches no card on the tableau by rank stays there.",
        ]
    else:
        details = _sequence_details(setup.sequence_direction)
    blocks.append(BulletList(tuple(details)))
    return Section("Tableau rules", tuple(blocks))


def _sequence_details(direction: SequenceDirection) -> list[str]:
    details = [
        "Each suit has its own pile, and a card may only be added to the pile of its own suit.",
        "The first card played in a suit starts that suit's pile and is its base.",
    ]
    if direction is SequenceDirection.ASCENDING:
        details.append("Each card added must be one rank above the top card of its pile.")
        details.append("A pile that reaches K is complete.")
    elif direction is SequenceDirection.DESCENDING:
        details.append("Each card added must be one rank below the top card of its pile.")
        details.append("A pile that reaches A is complete.")
    else:
        details.append(
            "Each card added must be one rank above the highest card of its pile or one rank below its "
            "lowest card, so a pile grows both ways from its base."
        )
        details.append("A pile is complete upwards once it reaches K, and downwards once it reaches A.")
    details.append(
        "For building, A is the lowest rank (A, 2, 3, …, 10, J, Q, K) and ranks never wrap: nothing is "
        "built on a K going up or on an A going down."
    )
    return details


def _scoring(genome: GameGenome, context: ConditionContext) -> Section | None:
    bidding = [phase for phase in genome.phases if isinstance(phase, BiddingPhase)]
    blocks: list[Block] = []
    if genome.contract_scoring is not None:
        nil_allowed = any(phase.allow_nil for phase in bidding)
        sentences = contract_sentences(genome.contract_scoring, genome.team_mode, nil_allowed)
        blocks.append(Paragraph("Your bid is your contract: the number of tricks you promise to take."))
        blocks.append(BulletList(tuple(sentences)))
    rules = genome.scoring.card_rules
    if rules:
        rows = tuple(card_rule_row(rule, index, context) for index, rule in enumerate(rules))
        blocks.append(Paragraph("Cards score points as follows."))
        blocks.append(Table(CARD_RULES_HEADER, rows))
    if genome.maker_scoring is not None:
        who = "the makers (the side that made trump) score" if genome.team_mode else "the maker scores"
        blocks.append(Paragraph(f"At the end of each hand {who}:"))
        blocks.append(BulletList(maker_sentences(genome.maker_scoring, genome.team_mode)))
    if genome.book_scoring is not None:
        blocks.append(Paragraph(book_sentence(genome.book_scoring, genome.team_mode)))
    auctions = [phase for phase in genome.phases if isinstance(phase, AuctionPhase)]
    if auctions:
        vulnerable = _VULNERABLE[auctions[0].vulnerability]
        blocks.append(
            Paragraph(f"At the end of each hand the contract scores (duplicate Bridge, {vulnerable}):")
        )
        blocks.append(BulletList(auction_sentences(auction_book(genome), genome.team_mode)))
    if genome.scoring.shoot_the_moon:
        blocks.append(
            Paragraph(
                "Shooting the moon: a player who wins every card that scores when a trick is won takes "
                "back the points those cards gave them, and every other player scores those points instead."
            )
        )
    evaluation = genome.scoring.hand_evaluation
    if evaluation is not None:
        blocks.append(BulletList(tuple(hand_evaluation_sentences(evaluation, genome.setup.initial_deck))))
    if not blocks:
        return None
    return Section("Bidding and scoring" if bidding else "Scoring", tuple(blocks))


def _end_of_game(genome: GameGenome, statements: Statements) -> Section:
    which = "one of the winning conditions" if len(genome.win_conditions) > 1 else "the winning condition"
    items = [f"The game ends as soon as {which} under Objective holds."]
    structure = genome.turn_structure
    if any(isinstance(phase, CountPhase) for phase in genome.phases):  # engine.counting ends it
        items.append("A hand ends when every player's hand is empty (the deck is not played out).")
    elif any(isinstance(phase, DealerPhase) for phase in genome.phases):  # engine.dealer ends it
        items.append("A hand ends when the dealer has played and every player is settled.")
    elif any(isinstance(phase, BoardPhase) for phase in genome.phases):  # engine.board ends it
        items.append(
            "A hand is one turn: when its last phase is done, the players still in show their hands (the "
            "showdown). A round of betting in which nobody but one player could still bet is skipped."
        )
    elif any(isinstance(phase, ClimbPhase) for phase in genome.phases):  # engine.climb_state
        items.append("A hand ends as soon as a player has played their last card.")
    elif not structure.has_tricks:
        items.append(
            "A hand ends when every hand and the deck are empty, or after a whole round of turns in which "
            "no card moved."
        )
    if statements.fold_ends_hand:
        items.extend(_betting_hand_end(genome, statements.most_hands == 1))
    scored = " it is scored (see the scoring rules) and" if _scores_at_hand_end(genome) else ""
    if statements.most_hands == 1:
        items.append(f"When the hand ends,{scored} the game ends.")
    else:
        items.append(f"When a hand ends,{scored} a new hand is dealt unless someone has won.")
    if _draws_from_deck(genome):
        items.append(_DECK_EMPTY_TEXT[structure.deck_empty])
    climbing = any(isinstance(phase, ClimbPhase) for phase in genome.phases)  # a hand is one turn there
    if climbing or statements.most_turns is None or statements.most_turns > genome.max_turns:  # else moot
        limit = words.count(genome.max_turns, "hand" if climbing else "turn")
        dealt = ", deals thrown in included" if climbing else ""
        items.append(f"If nobody has won after {limit}{dealt}, the game ends in a draw.")
    return Section("End of game", (BulletList(tuple(items)),))


def _betting_hand_end(genome: GameGenome, one_hand: bool) -> list[str]:
    """Folding and the pot as ``engine.betting`` and ``engine.deals.end_hand`` play them (``one_hand``:
    the game deals one hand only, so nothing is kept for a next hand: a tie is the Objective's)."""
    ranked = genome.scoring.hand_evaluation is not None
    others = (
        "otherwise to the best hand among them (hands are ranked as the scoring rules describe)"
        + ("" if one_hand else ", and on a tie it stays in the pot for the next hand")
        if ranked
        else "if more than one has not, it stays in the pot" + ("" if one_hand else " for the next hand")
    )
    if any(isinstance(phase, BoardPhase) for phase in genome.phases):  # engine.board.share_pot
        others = (
            "otherwise it is shared equally among the best hands among them (an odd chip goes to the "
            "first of them after the dealer)"
        )
    return [
        "A player who folds sits out the rest of the hand: their turns are skipped and they cannot win "
        "the pot.",
        "When all but one player have folded, the hand ends at once.",
        f"When {'the' if one_hand else 'a'} hand ends, the pot goes to the only player who has not folded; "
        f"{others}.",
    ]


def _scores_at_hand_end(genome: GameGenome) -> bool:
    scored = genome.contract_scoring is not None or genome.maker_scoring is not None
    scored = scored or any(isinstance(phase, AuctionPhase) for phase in genome.phases)
    return scored or genome.book_scoring is not None or bool(genome.scoring.card_rules)


_VULNERABLE = {
    Vulnerability.NONE: "no side vulnerable",
    Vulnerability.BOTH: "every side vulnerable",
    Vulnerability.CHICAGO: (
        "vulnerability by Chicago's cycle: nobody on the first deal, the dealer's side on the second "
        "and third, everybody on the fourth, then round again"
    ),
}


def auction_sentences(book: int, team_mode: bool) -> tuple[str, ...]:
    """A contract's score as ``engine.bridge_score.score_contract`` applies it (book: tricks less seven)."""
    side = "the declarer's side" if team_mode else "the declarer"
    counted = " (the tricks of both partners count)" if team_mode else ""
    return (
        f"If {side} took the {book} tricks of the book plus the contract's level or more{counted}, "
        f"{side} scores. Each trick bid counts 20 in clubs or diamonds, 30 in hearts or spades, and in no "
        "trump 40 for the first and 30 for each other; doubled these count twice, redoubled four times.",
        "A contract whose tricks bid count 100 or more is a game and scores 300 more (500 vulnerable); "
        "any other made contract scores 50 more. A small slam (level 6) scores 500 more (750 vulnerable), "
        "a grand slam (level 7) 1000 more (1500 vulnerable).",
        "Each trick beyond the contract scores its value when undoubled, 100 (200 vulnerable) doubled, "
        "200 (400 vulnerable) redoubled; a doubled contract made scores 50 more, a redoubled one 100.",
        "If the contract fails, every other side scores for each trick short: undoubled 50 (100 "
        "vulnerable); doubled 100 for the first, 200 for the second and third and 300 for each after "
        "(vulnerable 200 for the first and 300 for each after); redoubled, twice as much.",
    )


def book_sentence(book: BookScoring, team_mode: bool) -> str:
    """Book scoring as ``engine.book.score_book`` applies it."""
    side = "each side" if team_mode else "each player"
    counted = " (the tricks of all its players count)" if team_mode else ""
    if book.book == 0:
        return (
            f"At the end of each hand {side}{counted} scores {words.count(book.points_per_trick, 'point')} "
            "for each trick taken."
        )
    return (
        f"At the end of each hand {side} that took more than {words.count(book.book, 'trick')}"
        f"{counted} scores {words.count(book.points_per_trick, 'point')} for each trick beyond "
        f"{book.book} (the first {book.book} are the book, and score nothing)."
    )


def maker_sentences(maker: MakerScoring, team_mode: bool) -> tuple[str, ...]:
    """Maker scoring as ``engine.makers.score_makers`` applies it."""
    side = "the makers' side" if team_mode else "the maker"
    counted = " (the tricks of all its players count)" if team_mode else ""
    defenders = "the defending side" if team_mode else "each other player"
    euchred = "the makers are" if team_mode else "the maker is"
    return (
        f"If {side} took {maker.made_tricks} tricks or more{counted}, {side} scores "
        f"{words.count(maker.made_points, 'point')}; taking all the tricks of the hand (a march) scores "
        f"{words.count(maker.march_points, 'point')} instead.",
        f"Otherwise {euchred} euchred: {defenders} scores {words.count(maker.euchre_points, 'point')}.",
    )


def _draws_from_deck(genome: GameGenome) -> bool:
    draws = any(isinstance(p, DrawPhase) and p.source is Location.DECK for p in genome.phases)
    effects = any(e.effect_type is EffectType.DRAW_CARDS for e in effective_effects(genome))
    return draws or effects
