"""Contract Bridge, call for call and card for card against OpenSpiel's ``bridge``.

OpenSpiel is loaded with West dealing (``dealer=3``), the double-dummy shortcut off and a fixed
vulnerability; ours is the library game Bridge with its ``AuctionPhase`` vulnerability set to the same
(none, or both). Our first deal is dealt by West too, so the seats map one to one: North 0, East 1,
South 2, West 3, North-South our team 0. OpenSpiel's chance events deal the 52 cards one at a time,
card ``k`` of the sequence to player ``k mod 4``; ours is arranged to the same four hands. OpenSpiel
numbers a card ``rank * 4 + suit`` (suits clubs, diamonds, hearts, spades; ranks 2..A), a call
``52`` pass, ``53`` double, ``54`` redouble, ``55 + (level - 1) * 5 + strain`` a bid (strains ♣ ♦ ♥ ♠
no trump): the same contract numbering as ours, from ``A_CONTRACT0``.

At every decision both engines must agree on who decides (the declarer when the dummy is to play, in
both) and on the exact set of legal moves (the calls, the cards that follow suit); then the same move,
one of OpenSpiel's legal moves drawn by a ``random.Random`` seeded per deal, is played in both. At the
end of the deal they must agree on the score: OpenSpiel's returns are North-South's duplicate score for
the deal (East-West's the same negated), ours ``team_scores()`` team 0 minus team 1 once the deal is
scored (``S_HANDS_PLAYED`` 1; our Chicago game would go on to deal 2). A deal everybody passes is 0 in
OpenSpiel; ours throws it in and deals again (``S_HAND_NO`` 2), scoring nothing. No rule differs.

Uniformly random calls end nearly every auction at the seven level, often redoubled, and random play
never makes it: that covers only the undertricks. So a deal's seed picks one of three styles (``choose``,
``deal_both``): a wild auction (every move uniform); a quiet one (the side with more high-card points
bids low, the other passes or doubles; the cards uniform); and a quiet one after a deal that gives North
and South the higher cards. Together they make contracts of every level, part scores, games, slams,
overtricks and doubled and redoubled contracts, made and defeated, and pass some deals out.

Compared, neither side vulnerable: 1,000 deals (58 passed out, 290 contracts made: 74 games, 4 slams,
59 doubled or redoubled), 60,617 decisions (11,633 calls, 48,984 cards); both vulnerable: 1,000 deals
(54 passed out, 278 made: 78 games, 6 slams, 58 doubled or redoubled), 60,747 decisions (11,555 calls,
49,192 cards); every deal's score. (A further 30,000 deals each way, seeds 200,000 on, agreed too.)
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from darwindeck.engine import layout as L
from darwindeck.engine.state_api import GameState
from darwindeck.genome.cards import Rank, Suit, card_id
from darwindeck.genome.library import get_game
from darwindeck.genome.phases import AuctionPhase, Vulnerability
from darwindeck.genome.schema import GameGenome
from oracle.cards import rank_major_card

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel (the test-only oracle) has no wheel for this platform"
)

PLAYERS = 4
CARDS = 52
DEALER = 3  # West deals OpenSpiel's deal and our first
PASS, DOUBLE, REDOUBLE, FIRST_BID = 52, 53, 54, 55  # OpenSpiel's calls
JACK = 9  # OpenSpiel's rank of the jack (2 is 0)
BOOK = 6
STYLES = 3  # a deal's seed mod 3: a wild auction, a quiet one, a quiet one with North-South strong
WILD, QUIET, STRONG = range(STYLES)
NOT_VULNERABLE_SEEDS = range(1000)
BOTH_VULNERABLE_SEEDS = range(100_000, 101_000)
# (deals, passed out, contracts made, calls, cards), counted by the test (module docstring)
NOT_VULNERABLE_COUNTS = (1000, 58, 290, 11_633, 48_984)
BOTH_VULNERABLE_COUNTS = (1000, 54, 278, 11_555, 49_192)


def our_card(openspiel_card: int) -> int:
    """OpenSpiel Bridge's card ``rank * 4 + suit`` (suits C, D, H, S; ranks 2..A) as our card id."""
    return rank_major_card(openspiel_card)


def our_action(action: int) -> int:
    """OpenSpiel's action as ours: a card, pass, double, redouble or a bid (the same contract id)."""
    if action < CARDS:
        return our_card(action)
    if action == PASS:
        return L.A_PASS
    if action == DOUBLE:
        return L.A_DOUBLE
    if action == REDOUBLE:
        return L.A_REDOUBLE
    return L.A_CONTRACT0 + action - FIRST_BID


def openspiel_name(vulnerable: bool) -> str:
    flag = str(vulnerable).lower()
    return f"bridge(use_double_dummy_result=false,dealer={DEALER},dealer_vul={flag},non_dealer_vul={flag})"


def our_bridge(vulnerability: Vulnerability) -> GameGenome:
    """The library game with its auction's vulnerability replaced."""
    genome = get_game("bridge")
    phases = tuple(
        dataclasses.replace(phase, vulnerability=vulnerability) if isinstance(phase, AuctionPhase) else phase
        for phase in genome.turn_structure.phases
    )
    turns = dataclasses.replace(genome.turn_structure, phases=phases)
    return dataclasses.replace(genome, turn_structure=turns)


def high_card_points(openspiel_card: int) -> int:
    """Milton Work's count: ace 4, king 3, queen 2, jack 1."""
    return max(0, openspiel_card // 4 - JACK + 1)


def deal_both(
    rng: random.Random, seed: int, vulnerable: bool, genome: GameGenome
) -> tuple[object, GameState, int]:
    """Deal both engines the same cards; return them and the side holding more high-card points.

    A ``STRONG`` deal gives North and South each card from the upper half of the cards left."""
    theirs = pyspiel.load_game(openspiel_name(vulnerable)).new_initial_state()
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    points = [0, 0]
    for k in range(CARDS):
        outcomes = [outcome for outcome, _ in theirs.chance_outcomes()]
        if seed % STYLES == STRONG and k % 2 == 0:
            outcomes = outcomes[len(outcomes) // 2 :]
        card = rng.choice(outcomes)
        hands[k % PLAYERS].append(our_card(card))
        points[k % 2] += high_card_points(card)
        theirs.apply_action(card)
    assert not theirs.is_chance_node()
    ours = GameState.new(genome, seed)
    ours.arrange(hands=hands, deck=[], discard=[], current=0)
    return theirs, ours, 0 if points[0] >= points[1] else 1


def choose(rng: random.Random, legal: list[int], wild: bool, player: int, strong_side: int) -> int:
    """The move to play, one of OpenSpiel's legal moves: any at random, except in a quiet auction.

    A quiet auction: the side with more high-card points bids (70 %, one of its six cheapest bids, at
    random; else it passes) and redoubles half the time it may; the other side doubles a fifth of the
    time it may and otherwise passes."""
    if wild or legal[0] < CARDS:
        return rng.choice(legal)
    if player % 2 != strong_side:
        return DOUBLE if DOUBLE in legal and rng.random() < 0.2 else PASS
    if REDOUBLE in legal and rng.random() < 0.5:
        return REDOUBLE
    bids = [action for action in legal if action >= FIRST_BID][:6]
    return rng.choice(bids) if bids and rng.random() < 0.7 else PASS


def play_one(seed: int, vulnerable: bool, genome: GameGenome) -> tuple[int, int, bool]:
    """Play one deal in both engines; return the calls and the cards compared, and whether a contract
    was made."""
    rng = random.Random(seed)
    theirs, ours, strong_side = deal_both(rng, seed, vulnerable, genome)
    wild = seed % STYLES == WILD
    calls: list[int] = []
    cards = 0
    while not theirs.is_terminal():  # type: ignore[attr-defined]
        where = f"seed {seed}, calls {calls}, card {cards}"
        assert int(ours.array[L.S_HAND_NO]) == 1 and int(ours.array[L.S_HANDS_PLAYED]) == 0, where
        player = theirs.current_player()  # type: ignore[attr-defined]
        assert ours.current_player == player, where
        legal = theirs.legal_actions()  # type: ignore[attr-defined]
        assert sorted(ours.legal_actions()) == sorted(our_action(a) for a in legal), where
        action = choose(rng, legal, wild, player, strong_side)
        theirs.apply_action(action)  # type: ignore[attr-defined]
        ours.apply_action(our_action(action))
        if action < CARDS:
            cards += 1
        else:
            calls.append(action)
    returns = [int(value) for value in theirs.returns()]  # type: ignore[attr-defined]
    north_south = returns[0]
    assert returns == [north_south, -north_south, north_south, -north_south], f"seed {seed}: {returns}"
    if cards == 0:  # passed out: OpenSpiel scores nothing, ours throws the hand in and deals again
        assert north_south == 0, f"seed {seed}: passed out"
        assert int(ours.array[L.S_HAND_NO]) == 2 and int(ours.array[L.S_HANDS_PLAYED]) == 0, seed
        assert list(ours.team_scores()) == [0, 0], f"seed {seed}: passed out"
        return len(calls), cards, False
    assert int(ours.array[L.S_HANDS_PLAYED]) == 1, f"seed {seed}: the deal is not scored"
    team = ours.team_scores()
    assert team[0] - team[1] == north_south, f"seed {seed}: ours {list(team)}, OpenSpiel {returns}"
    level = (max(calls) - FIRST_BID) // 5 + 1
    return len(calls), cards, declarer_tricks(str(theirs)) >= BOOK + level


def declarer_tricks(text: str) -> int:
    """The tricks the declaring side took, from OpenSpiel's state text ("Declarer tricks won: 8")."""
    (line,) = [line for line in text.splitlines() if line.startswith("Declarer tricks won:")]
    return int(line.split(":")[1])


def play_many(seeds: range, vulnerable: bool) -> tuple[int, int, int, int, int]:
    """Play the seeds' deals; return the deals, those passed out, the contracts made, the calls and the
    cards compared."""
    genome = our_bridge(Vulnerability.BOTH if vulnerable else Vulnerability.NONE)
    passed_out = made = calls = cards = 0
    for seed in seeds:
        deal_calls, deal_cards, deal_made = play_one(seed, vulnerable, genome)
        passed_out += deal_cards == 0
        made += deal_made
        calls += deal_calls
        cards += deal_cards
    return len(seeds), passed_out, made, calls, cards


def test_a_card_and_a_call_map_to_ours() -> None:
    # OpenSpiel Bridge numbers C2 0, D2 1, H2 2, S2 3, C3 4, ..., SA 51.
    assert our_card(0) == card_id(Rank.TWO, Suit.CLUBS)
    assert our_card(2) == card_id(Rank.TWO, Suit.HEARTS)
    assert our_card(3) == card_id(Rank.TWO, Suit.SPADES)
    assert our_card(8 * 4 + 1) == card_id(Rank.TEN, Suit.DIAMONDS)
    assert our_card(51) == card_id(Rank.ACE, Suit.SPADES)
    assert [our_action(a) for a in (PASS, DOUBLE, REDOUBLE)] == [L.A_PASS, L.A_DOUBLE, L.A_REDOUBLE]
    assert our_action(FIRST_BID) == L.A_CONTRACT0  # 1♣
    assert our_action(FIRST_BID + 2 * 5 + 4) == L.A_CONTRACT0 + 14  # 3NT
    assert our_action(FIRST_BID + 34) == L.A_CONTRACT0 + 34  # 7NT


def test_openspiel_deals_round_the_table_from_north() -> None:
    # Card k of the chance sequence goes to player k mod 4, whatever the card; West (the dealer) calls first.
    state = pyspiel.load_game(openspiel_name(False)).new_initial_state()
    for k in range(CARDS):
        state.apply_action((k + 1) % CARDS)  # D2 C3 ... to North: North holds the diamonds, West the clubs
    rows = str(state).splitlines()
    assert rows[0] == "Dealer West" and state.current_player() == DEALER
    assert rows[4].split() == ["♦", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert rows[7].split()[-13:] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert rows[9].split()[:3] == ["♣", "A", "K"] and rows[13].split() == ["♣"]


def test_the_declarer_plays_for_the_dummy_in_both() -> None:
    # West opens 1♣ and all pass: West declares, North leads, then East's (the dummy's) card is West's call.
    genome = our_bridge(Vulnerability.NONE)
    theirs, ours, _ = deal_both(random.Random(1), 1, False, genome)
    for action in (FIRST_BID, PASS, PASS, PASS):
        theirs.apply_action(action)  # type: ignore[attr-defined]
        ours.apply_action(our_action(action))
    assert theirs.current_player() == ours.current_player == 0  # type: ignore[attr-defined]
    lead = theirs.legal_actions()[0]  # type: ignore[attr-defined]
    theirs.apply_action(lead)  # type: ignore[attr-defined]
    ours.apply_action(our_action(lead))
    assert theirs.current_player() == ours.current_player == DEALER  # type: ignore[attr-defined]


@pytest.mark.slow
def test_bridge_agrees_with_openspiel_neither_vulnerable() -> None:
    assert play_many(NOT_VULNERABLE_SEEDS, vulnerable=False) == NOT_VULNERABLE_COUNTS


@pytest.mark.slow
def test_bridge_agrees_with_openspiel_both_vulnerable() -> None:
    assert play_many(BOTH_VULNERABLE_SEEDS, vulnerable=True) == BOTH_VULNERABLE_COUNTS
