"""Names of actions for people (``action_to_string``); the layout itself is in ``layout``."""

from __future__ import annotations

from darwindeck.engine import layout as L
from darwindeck.engine.combinations import BLACK_JOKER as C_JOKER_RANK
from darwindeck.engine.combinations import C_ROCKET, C_SOLO, PRIMAL_HEAD, PRIMAL_LEN, PRIMAL_TYPE, TYPE_CHAIN
from darwindeck.engine.tableau_melds import run_card, run_length, run_low
from darwindeck.genome.cards import Rank, Suit, card_name

_BETTING = ("check", "call", "bet", "raise", "all-in", "fold")
#: the climbing ranks' names (``engine.combinations``: 3 low … 2, then the black and the red joker)
CLIMB_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "black joker", "red joker")
_COMBOS = (
    "solo",
    "pair",
    "trio",
    "trio with a solo",
    "trio with a pair",
    "chain",
    "chain of pairs",
    "airplane",
    "airplane with solos",
    "airplane with pairs",
    "four with two solos",
    "four with two pairs",
    "bomb",
    "rocket",
)


def combo_name(p: int) -> str:
    """``'pair of 7s'``-style name of primal part ``p`` (``engine.combinations``); a chain names its ranks
    (``'chain 5–9'``), a combination with kickers says so (``'trio of 7s with a solo'``, the kickers chosen
    after it)."""
    kind, head, length = int(PRIMAL_TYPE[p]), int(PRIMAL_HEAD[p]), int(PRIMAL_LEN[p])
    name = _COMBOS[kind]
    if kind == C_ROCKET:
        return name
    if TYPE_CHAIN[kind]:
        return f"{name} {CLIMB_RANKS[head]}–{CLIMB_RANKS[head + length - 1]}"
    rank = CLIMB_RANKS[head]
    if kind == C_SOLO:
        return f"solo {rank}"
    base, _, kickers = name.partition(" with ")
    plural = f"{rank}s" if head < C_JOKER_RANK else rank
    return f"{base} of {plural}" + (f" with {kickers}" if kickers else "")


_STRAINS = ("♣", "♦", "♥", "♠", "NT")


def contract_name(contract: int) -> str:
    """``'3NT'``-style name of a contract id (``(level − 1) · 5 + strain``)."""
    return f"{contract // L.N_STRAINS + 1}{_STRAINS[contract % L.N_STRAINS]}"


def action_name(
    action: int,
    nil_allowed: bool,
    making_trump: bool = False,
    asking: bool = False,
    bidding: bool = False,
    counting: bool = False,
) -> str:
    """``'play Q♠'``-style name of ``action``; ``nil_allowed`` names BID 0 "bid Nil"; ``making_trump``
    (a trump phase's decision) names NAME_SUIT "make ♣ trump" and a card "discard 9♦"; ``asking`` (an
    ask phase's decision) names TARGET "ask player 2" and CLAIM_RANK "ask for 7s"; ``bidding`` names
    PASS (declining blind Nil) "look at your cards"; ``counting`` names PASS "say go"."""
    if bidding and action == L.A_PASS:
        return "look at your cards"
    if counting and action == L.A_PASS:
        return "say go"
    if asking and L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return f"ask player {action - L.A_TARGET0}"
    if asking and L.A_CLAIM_RANK0 <= action < L.A_SUIT0:
        return f"ask for {Rank.from_code(action - L.A_CLAIM_RANK0).value}s"
    if making_trump and 0 <= action < L.FULL_DECK:
        return f"discard {card_name(action)}"
    if making_trump and L.A_SUIT0 <= action < L.A_KNOCK:
        return f"make {Suit.from_code(action - L.A_SUIT0).symbol} trump"
    if 0 <= action < L.FULL_DECK:
        return f"card {card_name(action)}"
    if action == L.A_DRAW:
        return "draw"
    if action == L.A_PASS:
        return "pass"
    if L.A_CHECK <= action <= L.A_FOLD:
        return _BETTING[action - L.A_CHECK]
    if L.A_BID0 <= action <= L.A_BID0 + L.MAX_BID:
        bid = action - L.A_BID0
        return "bid Nil" if bid == 0 and nil_allowed else f"bid {bid}"
    if action == L.A_CHALLENGE:
        return "challenge"
    if action == L.A_NO_CHALLENGE:
        return "no challenge"
    if L.A_SET0 <= action < L.A_TARGET0:
        size = (action - L.A_SET0) // L.N_RANKS + 2
        rank = Rank.from_code((action - L.A_SET0) % L.N_RANKS)
        return f"play {size}×{rank.value}"
    if L.A_TARGET0 <= action < L.A_CLAIM_RANK0:
        return f"target player {action - L.A_TARGET0}"
    if L.A_CLAIM_RANK0 <= action < L.A_SUIT0:
        return f"claim {Rank.from_code(action - L.A_CLAIM_RANK0).value}s"
    if L.A_SUIT0 <= action < L.A_KNOCK:
        return f"name {Suit.from_code(action - L.A_SUIT0).symbol}"
    if action == L.A_KNOCK:
        return "knock"
    if action == L.A_BLIND_NIL:
        return "bid blind Nil"
    if L.A_RUN0 <= action < L.A_DOUBLE:
        low, length = run_low(action), run_length(action)
        return f"play run {card_name(low)}–{card_name(run_card(action, length - 1))}"
    if action == L.A_DOUBLE:
        return "double"
    if action == L.A_REDOUBLE:
        return "redouble"
    if L.A_CONTRACT0 <= action < L.A_COMBO0:
        return f"bid {contract_name(action - L.A_CONTRACT0)}"
    if L.A_COMBO0 <= action < L.A_KICKER0:
        return f"play {combo_name(action - L.A_COMBO0)}"
    if L.A_KICKER0 <= action < L.N_ACTIONS:
        return f"with {CLIMB_RANKS[action - L.A_KICKER0]}"
    raise ValueError(f"{action} is not an action id (0..{L.N_ACTIONS - 1})")
