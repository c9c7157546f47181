"""Players of the battle engine, all behind one interface: ``player.choose(battle) -> action``.

- ``RandomPlayer``: a uniformly random legal action (seeded).
- ``GreedyPlayer``: one fixed priority per action kind, best first (ties: lowest action number):
  choose the Active with the most HP > place Basics > evolve > attach energy to the Active (to a
  benched Pokémon once the Active can pay its most expensive attack) > Supporters and Items > abilities
  > attack with the most base damage (a knock-out first) > retreat only when the Active cannot attack
  and a benched Pokémon could > end the turn > discard a fossil (never). Choices inside actions take
  the engine's former automatic choice (``choices``): retreat energy most recently attached, spread
  energy round-robin, a copied attack's first valid target.
- ``MCTSPlayer``: determinized UCT. Each iteration starts from what the player may know
  (``Battle.observation``: during setup, not the opponent's placement) and re-deals the hidden cards
  (opponent's hand and both decks) at random, then selects with UCB1, expands one action and plays a
  random rollout to the end or ``rollout_turns`` more turns; a cut-off rollout scores the point
  difference / 3.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from darwindeck.harness import Player
from darwindeck.tcg.battle import choices
from darwindeck.tcg.battle.engine import Battle
from darwindeck.tcg.core.actions import ABILITY_BASE, ATTACK_BASE, DECODED, ActionKind, decode
from darwindeck.tcg.core.models import CardKind, Stage
from darwindeck.tcg.rules import pipelines

#: A battle player: the one player protocol (``harness.Player``) over battles.
BattlePlayer = Player[Battle]


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, battle: Battle) -> int:
        actions = battle.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class _Facts:
    """What several actions' greedy scores share, computed at most once per decision: the player whose
    turn it is, whether their Active still cannot pay its costliest attack (``needy``), whether an
    attack is legal (``can_attack``) and each attack's score (one per attack, whatever its target)."""

    __slots__ = ("_attack_scores", "_can_attack", "_needy", "battle", "cards", "chooser", "turn_player")

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.cards = battle.facts
        state = battle.state
        self.turn_player = state.players[state.current]
        self.chooser = state.players[state.pending[0].player] if state.pending else self.turn_player
        self._needy: bool | None = None
        self._can_attack: bool | None = None
        self._attack_scores: dict[int, float] = {}

    @property
    def needy(self) -> bool:
        if self._needy is None:
            active = self.turn_player.active
            if active is None:
                self._needy = False
            else:
                costliest = self.cards[active.card_id].costliest
                self._needy = costliest is not None and not pipelines.covers(
                    pipelines.effective_energy(self.battle, active), costliest.typed_cost, len(costliest.cost)
                )
        return self._needy

    @property
    def can_attack(self) -> bool:
        if self._can_attack is None:
            legal = self.battle.legal_actions()  # sorted: the first code from ATTACK_BASE on
            first = bisect.bisect_left(legal, ATTACK_BASE)
            self._can_attack = first < len(legal) and legal[first] < ABILITY_BASE
        return self._can_attack


RETREAT_SCORE = 50  # the most a retreat scores (``GreedyPlayer._retreat_score``)


class GreedyPlayer:
    def choose(self, battle: Battle) -> int:
        """The legal action with the highest ``score``, the lowest action number among equals. Retreats,
        which score at most ``RETREAT_SCORE``, are scored last and only while one could still win."""
        actions = battle.legal_actions()
        if len(actions) == 1:
            return actions[0]
        facts = _Facts(battle)
        best, best_score = -1, -math.inf
        retreats: list[tuple[int, int]] = []
        decoded, scorers, retreat = DECODED, _SCORERS, ActionKind.RETREAT
        for action in actions:
            kind, index, _target = decoded[action]
            if kind is retreat:
                retreats.append((action, index))
                continue
            score = scorers[kind](self, battle, index, facts)
            if score > best_score:
                best, best_score = action, score
        for action, index in retreats:
            if best_score > RETREAT_SCORE:
                break
            score = self._retreat_score(battle, index, facts)
            if score > best_score or (score == best_score and action < best):
                best, best_score = action, score
        return best

    def score(self, battle: Battle, action: int, facts: _Facts | None = None) -> float:
        kind, index, _target = decode(action)
        return _SCORERS[kind](self, battle, index, facts or _Facts(battle))

    def _end_turn_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 1

    def _attach_score(self, battle: Battle, slot: int, facts: _Facts) -> float:
        if facts.turn_player.active is None:
            return 650
        return 700 if (slot == 0) == facts.needy else 650

    def _play_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        card = facts.cards[facts.chooser.hand[index]].card
        if card.kind is CardKind.POKEMON:
            return 900 if card.stage is not None and card.stage is not Stage.BASIC else 800
        return 600

    def _ability_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 500

    def _attack_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        known = facts._attack_scores.get(index)
        if known is None:
            known = facts._attack_scores[index] = self._attack_score_of(battle, index, facts)
        return known

    def _attack_score_of(self, battle: Battle, index: int, facts: _Facts) -> float:
        state = battle.state
        active = state.players[state.current].active
        defender = state.players[1 - state.current].active
        if active is None or defender is None:
            return 100
        attack = facts.cards[active.card_id].attacks[index].attack
        damage = pipelines.compute_damage(battle, active, defender, attack.damage, to_active=True)
        knocks_out = damage >= facts.cards[defender.card_id].hp - defender.damage
        return 100 + damage + (200 if knocks_out else 0) + len(attack.effects)

    def _retreat_score(self, battle: Battle, bench_index: int, facts: _Facts) -> float:
        player = facts.turn_player
        active, candidate = player.active, player.bench[bench_index]
        if active is None or facts.can_attack:
            return -1
        attacks = facts.cards[candidate.card_id].attacks
        if not attacks:
            return -1
        energy = pipelines.effective_energy(battle, candidate)
        covered = any(pipelines.covers(energy, a.typed_cost, len(a.cost)) for a in attacks)
        return RETREAT_SCORE if covered else -1

    def _promote_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        pokemon = facts.chooser.bench[index]
        return battle.card(pokemon.card_id).hp - pokemon.damage

    def _setup_active_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 500 + battle.card(facts.chooser.hand[index]).hp

    def _setup_bench_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 400

    def _retreat_energy_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 1 if index == choices.default_retreat_way(battle, facts.chooser) else 0

    def _place_energy_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        return 1 if index == choices.default_spread_slot(battle, battle.state.pending[0]) else 0

    def _zero_score(self, battle: Battle, index: int, facts: _Facts) -> float:
        # finishing setup; a copied attack's target: ties go to the lowest code, the first valid target;
        # discarding a fossil: never
        return 0


_Scorer = Callable[[GreedyPlayer, Battle, int, _Facts], float]
_SCORER_OF: dict[ActionKind, _Scorer] = {
    ActionKind.END_TURN: GreedyPlayer._end_turn_score,
    ActionKind.ATTACH: GreedyPlayer._attach_score,
    ActionKind.RETREAT: GreedyPlayer._retreat_score,
    ActionKind.PROMOTE: GreedyPlayer._promote_score,
    ActionKind.SETUP_DONE: GreedyPlayer._zero_score,
    ActionKind.SETUP_ACTIVE: GreedyPlayer._setup_active_score,
    ActionKind.SETUP_BENCH: GreedyPlayer._setup_bench_score,
    ActionKind.ATTACK: GreedyPlayer._attack_score,
    ActionKind.ABILITY: GreedyPlayer._ability_score,
    ActionKind.PLAY: GreedyPlayer._play_score,
    ActionKind.RETREAT_ENERGY: GreedyPlayer._retreat_energy_score,
    ActionKind.PLACE_ENERGY: GreedyPlayer._place_energy_score,
    ActionKind.COPY_TARGET: GreedyPlayer._zero_score,
    ActionKind.DISCARD_FOSSIL: GreedyPlayer._zero_score,
}
_SCORERS: tuple[_Scorer, ...] = tuple(_SCORER_OF[kind] for kind in ActionKind)  # indexed by kind


@dataclass
class _Node:
    player: int
    children: dict[int, _Node] = field(default_factory=dict)
    visits: int = 0
    value: float = 0.0


class MCTSPlayer:
    def __init__(self, iterations: int = 200, seed: int = 0, rollout_turns: int = 6) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.rollout_turns = rollout_turns

    def choose(self, battle: Battle) -> int:
        actions = battle.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = battle.current_player
        root = _Node(me)
        for _ in range(self.iterations):
            self._iterate(self._determinize(battle, me), root)
        return max(actions, key=lambda a: (root.children[a].visits if a in root.children else -1, -a))

    def _determinize(self, battle: Battle, me: int) -> Battle:
        """A world from what ``me`` may know (``Battle.observation``): the opponent's hidden cards are
        re-dealt from their sorted pool (an opening hand with a Basic while they still set up), and the
        own deck is shuffled."""
        world = battle.observation(me)
        world.rng.seed(self.rng.random())
        opponent = world.state.players[1 - me]
        size = len(opponent.hand)
        hidden = sorted(opponent.hand + opponent.deck)
        while True:
            self.rng.shuffle(hidden)
            if opponent.setup_done or any(world.card(c).is_basic_pokemon for c in hidden[:size]):
                break
        opponent.hand, opponent.deck = hidden[:size], hidden[size:]
        self.rng.shuffle(world.state.players[me].deck)
        return world

    def _iterate(self, world: Battle, root: _Node) -> None:
        path = [root]
        node = root
        while not world.is_terminal():
            actions = world.legal_actions()
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                world.apply_action(action)
                node.children[action] = _Node(world.current_player)
                path.append(node.children[action])
                break
            action = max(actions, key=lambda a: self._ucb(node, node.children[a]))
            world.apply_action(action)
            node = node.children[action]
            path.append(node)
        result = self._rollout(world)
        for parent, child in itertools.pairwise(path):
            child.visits += 1
            child.value += result[parent.player]
        root.visits += 1

    def _ucb(self, parent: _Node, child: _Node) -> float:
        return child.value / child.visits + 1.4 * math.sqrt(math.log(parent.visits + 1) / child.visits)

    def _rollout(self, world: Battle) -> list[float]:
        stop = world.state.turn + self.rollout_turns
        while not world.is_terminal() and world.state.turn < stop:
            actions = world.legal_actions()
            world.apply_action(actions[self.rng.randrange(len(actions))])
        if world.is_terminal():
            return world.returns()
        diff = (world.state.players[0].points - world.state.players[1].points) / 3
        return [diff, -diff]


#: The names ``make_player`` knows.
PLAYER_NAMES = ("random", "greedy", "mcts")


def make_player(name: str, seed: int) -> BattlePlayer:
    """``random``, ``greedy`` or ``mcts``; other names raise ValueError."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    if name == "mcts":
        return MCTSPlayer(seed=seed)
    raise ValueError(f"unknown player {name!r} (random, greedy, mcts)")
