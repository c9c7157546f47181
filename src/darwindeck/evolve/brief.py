"""Steering: a designer's brief that a run must meet (``evolve --brief FILE``, ``--from GAME``).

A brief is a JSON object; every key is optional and an unknown key is refused, named:

============  ==========================================================================================
key           meaning
============  ==========================================================================================
``players``   the player count, 2..6 (hard: every game of the run has it)
``deck``      ``{"size": 32}`` or ``{"type": "piquet_32"}`` (and ``"jokers": 0``): the genome's deck
              types are 52, 40, 32 and 24 cards and have no jokers (hard)
``minutes``   the target playing time of a game (soft, below)
``wanted``    signature mechanics the game should have (soft)
``refused``   signature mechanics the game must not have (hard)
``style``     a fitness style (``settings.STYLES``)
``from``      library games (slugs) whose variants the run explores (hard, with ``distance``)
``distance``  how far (``novelty.genome_distance``) a game may be from the nearest ``from`` game,
              in (0, 1]; default ``DEFAULT_DISTANCE``
============  ==========================================================================================

Mechanic names are the fitness's signature mechanics (``fitness.SIGNATURE_PHASES`` and
``SIGNATURE_TABLEAUX``): asking, passing, claiming, knocking, tricks, trump-making, bidding, betting,
counting, war battles, capturing, building.

**Refused before the run** (``Brief.check``, one ``BriefError`` naming the reason): a deck size no deck
type has, a deck type that does not exist, jokers, a mechanic wanted and refused at once, war battles with
a player count other than 2 (the engine's war tableau is two-player only, spec 001), bidding or trump-making
wanted with tricks refused (the repairs drop a bidding or trump phase with no trick phase after it), an
unknown ``from`` game, or one that cannot be coerced into the brief (``refusal``: e.g. Hearts for 3
players, whose passing across needs an even number of players).

**Hard parts** hold for every child (``steer``): the child is *coerced* (player count and deck type set,
its teams refitted to that count (``repair.fix_teams``), the phases of refused mechanics removed, a
refused tableau mode set to none), and a partnership game whose sides are of unequal size is played
without partnerships, whether the brief's player count split it (Partnership Spades for 3: players 1 and 3
against 2) or a mutation made it (``EnableTeamModeMutation`` deals an odd count into sides one apart):
fixed sides of unequal size hand one side the game (the first run of the example brief's gallery showed
two such games, at first-player advantages of +0.50 and −0.33, and a mutation made a third after the
player count was set), and no classic has them. Validation still accepts such teams (spec 003 lists 3
against 1 among its configurations), so a run without a brief may breed them. The coerced child is vetted
by ``repair.vet`` (the deal is clamped to the new deck, teams refitted, orphan rules dropped), then
checked (``unmet``); a child that still misses a hard part, or lies farther than ``distance`` from every
``from`` game, is refused and the GA breeds again. The fitness gates (total 0, ``gate_reason``
``brief: …``) a live genome that misses a hard part, so nothing that misses one enters the archive or the
gallery.

**Soft parts** are charged (``brief_penalties``, recorded as ``penalty.brief_time`` and
``penalty.brief_wanted``): the playing time is ``meaningful_decisions × SECONDS_PER_DECISION / 60``
minutes (greedy self-play, every seat's decisions added: players act in turn); outside ``[1 −
TIME_TOLERANCE, 1 + TIME_TOLERANCE] × minutes`` the game keeps ``edge / time`` above the band and ``time /
edge`` below it; every wanted mechanic absent costs ×``WANTED_FACTOR``.

**The archive's axes** (``niche_axes``): a brief narrows the run, so the descriptors it fixes would each
hold one bin of the archive (``evolve.archive``), which would collapse to a handful of niches exactly
when a designer asked for something. ``fixed_descriptors`` names them: ``players`` when the brief sets
the player count, ``deck`` when it sets the deck, ``length`` when it sets a playing time (the band of ±50 %
spans a factor of 3 in meaningful decisions, the length bins a factor of 4, so the games the charge lets
through fall in one bin or two neighbours), and ``family`` when it wants a mechanic that decides the
family of a game that has it (``FAMILY_MECHANICS``: tricks, trump-making, bidding, betting, claiming,
capturing, knocking; only a family ranked above can take such a game, ``quality.descriptors``) or when
its ``from`` games are all of one family (their variants stay near them); and ``interaction`` when it
wants a mechanic that needs a trick phase (``TRICK_MECHANICS``: tricks, trump-making, bidding) or its
``from`` games all have one: a trick is an interaction event and every turn leads one, so every trick
game reads interaction 1, ``direct`` (all 20 trick games of the example brief's first run did).
``quality.descriptors.niche_axes`` replaces each by a spare descriptor. The issue's example, 3 players,
a 32-card deck, about 15 minutes, tricks wanted and betting refused, fixes family, players, length, deck
and interaction, and files games by (luck, hands, decisions).

In the run's settings the brief is ``EvolutionSettings.brief``, its canonical JSON (``Brief.to_setting``),
so the run store keeps it, a resumed run follows it, and it is part of the fitness cache key.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from darwindeck.errors import DarwinDeckError
from darwindeck.evolve import fitness as F
from darwindeck.evolve.mutations._edit import with_phases, with_setup
from darwindeck.evolve.novelty import genome_distance
from darwindeck.evolve.quality import descriptors as D
from darwindeck.evolve.quality.penalty import Penalty
from darwindeck.evolve.repair import fix_teams, vet
from darwindeck.evolve.settings import STYLES, EvolutionSettings
from darwindeck.genome.cards import DeckType
from darwindeck.genome.library import all_games
from darwindeck.genome.schema import GameGenome, TableauMode

if TYPE_CHECKING:
    from darwindeck.evolve.fitness import FitnessResult

#: Seconds a player spends on a decision with more than one legal move: reading the table and choosing a
#: card in a familiar card game takes a few seconds; a forced move is taken as instant.
SECONDS_PER_DECISION = 4.0
#: The playing time may miss the target by this share either way before it is charged.
TIME_TOLERANCE = 0.5
#: The factor each wanted mechanic that the game lacks costs.
WANTED_FACTOR = 0.5
#: How far a variant may lie from its ``from`` game by default: the distance at which the fitness's
#: novelty factor reaches 1 (``fitness.novelty_factor``), so a variant is new yet recognisably the game.
DEFAULT_DISTANCE = 0.15
#: Every mechanic name a brief may use.
MECHANICS = tuple(
    dict.fromkeys([name for _, name in F.SIGNATURE_PHASES] + list(F.SIGNATURE_TABLEAUX.values()))
)
#: The deck types by size.
DECK_SIZES = {deck.size: deck for deck in DeckType}
#: Wanted mechanics that decide the family of a game that has them (module docstring, the archive's axes).
FAMILY_MECHANICS = ("tricks", "trump-making", "bidding", "betting", "claiming", "capturing", "knocking")
#: Wanted mechanics that need a trick phase, which makes every turn an interaction (module docstring).
TRICK_MECHANICS = ("tricks", "trump-making", "bidding")


class BriefError(DarwinDeckError):
    """A brief that cannot be read or cannot be met; the message names the key and the reason."""


class DeckWish(BaseModel):
    """The deck a brief asks for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    size: int | None = None
    type: str | None = None
    jokers: int = 0


class Brief(BaseModel):
    """What a designer asks of a run (module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    players: int | None = None
    deck: DeckWish | None = None
    minutes: float | None = Field(default=None, gt=0)
    wanted: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    style: str | None = None
    origins: tuple[str, ...] = Field(default=(), alias="from")
    distance: float = Field(default=DEFAULT_DISTANCE, gt=0, le=1)

    def check(self) -> Brief:
        """The brief itself when it can be met, else ``BriefError`` with the reason (module docstring)."""
        if self.players is not None and not 2 <= self.players <= 6:
            raise BriefError(f"players {self.players}: must lie between 2 and 6")
        self.deck_type()
        for key, names in (("wanted", self.wanted), ("refused", self.refused)):
            unknown = [name for name in names if name not in MECHANICS]
            if unknown:
                raise BriefError(f"{key}: unknown mechanic {unknown[0]!r}, use one of {', '.join(MECHANICS)}")
        both = [name for name in self.wanted if name in self.refused]
        if both:
            raise BriefError(f"wanted and refused: {both[0]} is both")
        if "war battles" in self.wanted and self.players not in (None, 2):
            raise BriefError(
                f"wanted war battles: a war tableau is for 2 players only, the brief asks for {self.players}"
            )
        for needy in ("bidding", "trump-making"):
            if needy in self.wanted and "tricks" in self.refused:
                raise BriefError(f"wanted {needy}: it needs a trick phase, and tricks are refused")
        if self.style is not None and self.style not in STYLES:
            raise BriefError(f"style {self.style!r}: unknown, use one of {', '.join(STYLES)}")
        games = all_games()
        unknown_games = [slug for slug in self.origins if slug not in games]
        if unknown_games:
            raise BriefError(f"from {unknown_games[0]!r}: no library game has this name")
        for slug in self.origins:
            why = refusal(games[slug], self)
            if why is not None:
                raise BriefError(f"from {slug!r}: it cannot be made to meet the brief ({why})")
        return self

    def deck_type(self) -> DeckType | None:
        """The deck type the brief fixes (None: any), or ``BriefError``."""
        wish = self.deck
        if wish is None:
            return None
        if wish.jokers:
            raise BriefError(f"deck jokers {wish.jokers}: no deck type has jokers")
        by_type = None
        if wish.type is not None:
            by_type = next((deck for deck in DeckType if deck.value == wish.type), None)
            if by_type is None:
                names = ", ".join(deck.value for deck in DeckType)
                raise BriefError(f"deck type {wish.type!r}: unknown, use one of {names}")
        if wish.size is None:
            return by_type
        by_size = DECK_SIZES.get(wish.size)
        if by_size is None:
            sizes = ", ".join(str(size) for size in DECK_SIZES)
            raise BriefError(f"deck size {wish.size}: no deck type has {wish.size} cards (sizes: {sizes})")
        if by_type is not None and by_type is not by_size:
            raise BriefError(f"deck: type {by_type.value} has {by_type.size} cards, not {wish.size}")
        return by_size

    def to_setting(self) -> str:
        """The canonical JSON the run's settings keep (``EvolutionSettings.brief``)."""
        return json.dumps(self.model_dump(by_alias=True, exclude_defaults=True), sort_keys=True)

    def settings_changes(self) -> dict[str, Any]:
        """The settings the brief fixes: the player range, the style and the brief itself."""
        changes: dict[str, Any] = {"brief": self.to_setting()}
        if self.players is not None:
            changes.update(min_players=self.players, max_players=self.players)
        if self.style is not None:
            changes["style"] = self.style
        return changes


def _first_error(error: ValidationError) -> str:
    """One line for the first problem pydantic found: the key path and the reason."""
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "brief"
    if problem["type"] == "extra_forbidden":
        return f"{where}: unknown key"
    return f"{where}: {problem['msg'].lower()}"


def parse_brief(data: object) -> Brief:
    """A checked brief from JSON data, or ``BriefError`` naming the key and the reason."""
    if not isinstance(data, dict):
        raise BriefError("a brief is a JSON object of keys (players, deck, minutes, …)")
    try:
        brief = Brief.model_validate(data)
    except ValidationError as error:
        raise BriefError(_first_error(error)) from None
    return brief.check()


def load_brief(path: Path) -> Brief:
    """The brief in a JSON file; ``BriefError`` names the file and the reason."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BriefError(f"brief {path}: cannot read it ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise BriefError(f"brief {path}: not JSON (line {error.lineno}: {error.msg})") from None
    try:
        return parse_brief(data)
    except BriefError as error:
        raise BriefError(f"brief {path}: {error}") from None


@functools.lru_cache(maxsize=8)
def _from_setting(text: str) -> Brief:
    return parse_brief(json.loads(text))


def brief_of(settings: EvolutionSettings) -> Brief | None:
    """The brief a run's settings carry (None: an unsteered run)."""
    return _from_setting(settings.brief) if settings.brief else None


# --------------------------------------------------------------------------------------- hard parts


@functools.lru_cache(maxsize=8)
def _origins(names: tuple[str, ...]) -> tuple[GameGenome, ...]:
    games = all_games()
    return tuple(games[name] for name in names)


def origin_genomes(brief: Brief) -> tuple[GameGenome, ...]:
    """The ``from`` games of the brief, as the library has them."""
    return _origins(brief.origins)


def unmet(genome: GameGenome, brief: Brief) -> str | None:
    """The first hard part of the brief that ``genome`` misses, in words (None: it meets them all)."""
    if brief.players is not None and genome.player_count != brief.players:
        return f"{genome.player_count} players, the brief asks for {brief.players}"
    deck = brief.deck_type()
    if deck is not None and genome.setup.initial_deck is not deck:
        return f"a {genome.setup.initial_deck.value} deck, the brief asks for {deck.value}"
    present = [name for name in F.signature_mechanics(genome) if name in brief.refused]
    if present:
        return f"{present[0]}, which the brief refuses"
    if brief.origins:
        nearest = min(genome_distance(genome, origin) for origin in origin_genomes(brief))
        if nearest > brief.distance:
            return f"distance {nearest:.3f} from the nearest from-game, above {brief.distance:g}"
    return None


def _refused_kinds(brief: Brief) -> tuple[type, ...]:
    return tuple(kind for kind, name in F.SIGNATURE_PHASES if name in brief.refused)


def coerce(genome: GameGenome, brief: Brief) -> GameGenome:
    """``genome`` with the brief's player count and deck set and its refused mechanics removed (not
    yet vetted: ``steer`` does that)."""
    if brief.players is not None and genome.player_count != brief.players:
        genome = fix_teams(genome.replace(player_count=brief.players))
    if genome.team_mode and len({len(team) for team in genome.teams}) > 1:
        genome = genome.replace(team_mode=False, teams=())  # uneven sides: no partnerships (module docstring)
    deck = brief.deck_type()
    if deck is not None and genome.setup.initial_deck is not deck:
        genome = with_setup(genome, initial_deck=deck)
    kinds = _refused_kinds(brief)
    if kinds and any(isinstance(phase, kinds) for phase in genome.phases):
        genome = with_phases(genome, [phase for phase in genome.phases if not isinstance(phase, kinds)])
    if F.SIGNATURE_TABLEAUX.get(genome.setup.tableau_mode) in brief.refused:
        genome = with_setup(genome, tableau_mode=TableauMode.NONE)
    return genome


def refusal(genome: GameGenome, brief: Brief) -> str | None:
    """Why ``genome`` cannot be coerced into the brief's hard parts (None: ``steer`` takes it)."""
    vetted = vet(coerce(genome, brief))
    if vetted.genome is None:
        return f"invalid once coerced: {vetted.errors[0]}"
    return unmet(vetted.genome, brief)


def steer(genome: GameGenome, brief: Brief) -> GameGenome | None:
    """``genome`` coerced into the brief and vetted, or None when it cannot meet the hard parts."""
    vetted = vet(coerce(genome, brief)).genome
    if vetted is None or unmet(vetted, brief) is not None:
        return None
    return vetted


# --------------------------------------------------------------------------------------- soft parts


def playing_minutes(meaningful_decisions: float) -> float:
    """The playing time of a game of ``meaningful_decisions`` decisions, in minutes."""
    return meaningful_decisions * SECONDS_PER_DECISION / 60.0


def brief_penalties(genome: GameGenome, breakdown: dict[str, float], brief: Brief) -> tuple[Penalty, ...]:
    """The charges for the soft parts the (live) genome misses (module docstring)."""
    found: list[Penalty] = []
    if brief.minutes is not None and "meaningful_decisions" in breakdown:
        minutes = playing_minutes(breakdown["meaningful_decisions"])
        low, high = brief.minutes * (1 - TIME_TOLERANCE), brief.minutes * (1 + TIME_TOLERANCE)
        if not low <= minutes <= high:
            factor = minutes / low if minutes < low else high / minutes
            reason = (
                f"plays in {minutes:.1f} minutes, the brief asks for {brief.minutes:g} "
                f"(±{TIME_TOLERANCE:.0%}): ×{factor:.3g}"
            )
            found.append(Penalty("brief_time", factor, reason))
    present = F.signature_mechanics(genome)
    missing = [name for name in brief.wanted if name not in present]
    if missing:
        factor = WANTED_FACTOR ** len(missing)
        reason = f"lacks {', '.join(missing)}, which the brief wants: ×{factor:.3g}"
        found.append(Penalty("brief_wanted", factor, reason))
    return tuple(found)


def judged(result: FitnessResult, genome: GameGenome, brief: Brief) -> FitnessResult:
    """A fitness result with the brief applied: gated when the live genome misses a hard part, else
    charged for the soft parts it misses."""
    live = result.live if result.live is not None else genome
    breakdown = dict(result.breakdown)
    breakdown["brief_minutes"] = playing_minutes(breakdown.get("meaningful_decisions", 0.0))
    missed = unmet(live, brief)
    if missed is not None:
        return dataclasses.replace(result, total=0.0, breakdown=breakdown, gate_reason=f"brief: {missed}")
    if result.total <= 0.0:
        return dataclasses.replace(result, breakdown=breakdown)
    penalties = brief_penalties(live, breakdown, brief)
    factor = 1.0
    for penalty in penalties:
        factor *= penalty.factor
        breakdown[f"penalty.{penalty.name}"] = penalty.factor
    breakdown["brief_factor"] = factor
    return dataclasses.replace(
        result, total=result.total * factor, breakdown=breakdown, penalties=(*result.penalties, *penalties)
    )


def evaluate_briefed(genome: GameGenome, settings: EvolutionSettings, seed: int) -> FitnessResult:
    """``fitness.evaluate_fitness`` with the run's brief applied (``judged``)."""
    result = F.evaluate_fitness(genome, settings, seed)
    brief = brief_of(settings)
    return result if brief is None else judged(result, genome, brief)


def evaluate_briefed_mcts(genome: GameGenome, settings: EvolutionSettings, seed: int) -> FitnessResult:
    """``fitness.evaluate_fitness_mcts`` with the run's brief applied (``judged``)."""
    result = F.evaluate_fitness_mcts(genome, settings, seed)
    brief = brief_of(settings)
    return result if brief is None else judged(result, genome, brief)


# --------------------------------------------------------------------------------------- the archive


def fixed_descriptors(brief: Brief) -> frozenset[str]:
    """The descriptors (``quality.descriptors.AXIS_BINS``) the brief narrows to one bin (module
    docstring)."""
    fixed = set()
    if brief.players is not None:
        fixed.add("players")
    if brief.deck_type() is not None:
        fixed.add("deck")
    if brief.minutes is not None:
        fixed.add("length")
    origin_families = {D.family(genome) for genome in origin_genomes(brief)}
    if any(name in FAMILY_MECHANICS for name in brief.wanted) or len(origin_families) == 1:
        fixed.add("family")
    origins = origin_genomes(brief)
    tricks_all = bool(origins) and all(genome.turn_structure.has_tricks for genome in origins)
    if any(name in TRICK_MECHANICS for name in brief.wanted) or tricks_all:
        fixed.add("interaction")
    return frozenset(fixed)


def niche_axes(brief: Brief | None) -> D.Axes:
    """The archive's axes for a run steered by ``brief`` (None: the default axes)."""
    return D.niche_axes(fixed_descriptors(brief) if brief is not None else ())
