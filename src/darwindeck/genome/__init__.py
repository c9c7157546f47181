"""The genome layer: the game description and everything that reads or writes it.

* ``cards``: ranks, suits, decks, places and visibility.
* ``conditions``: when a card may be played, a phase happens, or a card scores.
* ``declare``: how a phase kind is declared once (kind, opcode, layout, ranges, versions); the codecs
  and validation's field checks derive from it.
* ``phases``: the steps of a turn, one declared dataclass per phase kind.
* ``schema``: ``GameGenome`` and its parts.
* ``validation``: every problem of a genome at once, each with its path.
* ``identity``: a genome's canonical data form, canonical JSON and identity.
* ``serialization``: the JSON file format and its migrations.
* ``importer``: genomes of the public DarwinDeck project (its v1 and 2.0 files).
* ``bytecode``: compile a genome to bytecode and parse it back (``docs/bytecode.md``).
* ``_bytes``: bounds-checked big-endian bytes, for ``bytecode``.
* ``library``: the classic games and the registry that finds them.
"""

from darwindeck.genome.cards import (
    CodedEnum,
    DeckType,
    Location,
    Rank,
    Suit,
    Visibility,
    card_id,
    card_name,
    card_rank,
    card_suit,
)
from darwindeck.genome.conditions import (
    CompoundCondition,
    Condition,
    ConditionLike,
    ConditionType,
    Logic,
    Operator,
    Reference,
)
from darwindeck.genome.phases import (
    AskPhase,
    AuctionPhase,
    BettingPhase,
    BiddingPhase,
    ClaimPhase,
    CountPhase,
    CribPhase,
    DealerPhase,
    DiscardPhase,
    DrawPhase,
    KnockPhase,
    Phase,
    PlayPhase,
    ShowPhase,
    TopTrump,
    TrickPhase,
    TrumpPhase,
    TrumpRelation,
    Vulnerability,
)
from darwindeck.genome.schema import (
    SCHEMA_VERSION,
    BookScoring,
    CardScoringRule,
    ContractScoring,
    DeckEmptyAction,
    EffectType,
    EvaluationMethod,
    GameGenome,
    HandEvaluation,
    HandPattern,
    MakerScoring,
    Scoring,
    ScoringTrigger,
    SequenceDirection,
    SetupRules,
    SpecialEffect,
    TableauMode,
    TargetSelector,
    TurnedTrump,
    TurnStructure,
    WinCondition,
    WinType,
)

__all__ = [
    "SCHEMA_VERSION",
    "AskPhase",
    "AuctionPhase",
    "BettingPhase",
    "BiddingPhase",
    "BookScoring",
    "CardScoringRule",
    "ClaimPhase",
    "CodedEnum",
    "CompoundCondition",
    "Condition",
    "ConditionLike",
    "ConditionType",
    "ContractScoring",
    "CountPhase",
    "CribPhase",
    "DealerPhase",
    "DeckEmptyAction",
    "DeckType",
    "DiscardPhase",
    "DrawPhase",
    "EffectType",
    "EvaluationMethod",
    "GameGenome",
    "HandEvaluation",
    "HandPattern",
    "KnockPhase",
    "Location",
    "Logic",
    "MakerScoring",
    "Operator",
    "Phase",
    "PlayPhase",
    "Rank",
    "Reference",
    "Scoring",
    "ScoringTrigger",
    "SequenceDirection",
    "SetupRules",
    "ShowPhase",
    "SpecialEffect",
    "Suit",
    "TableauMode",
    "TargetSelector",
    "TopTrump",
    "TrickPhase",
    "TrumpPhase",
    "TrumpRelation",
    "TurnStructure",
    "TurnedTrump",
    "Visibility",
    "Vulnerability",
    "WinCondition",
    "WinType",
    "card_id",
    "card_name",
    "card_rank",
    "card_suit",
]
