"""Information-set Monte Carlo tree search (single-observer IS-MCTS), written against the engine only.

One tree per decision, keyed by action sequences from the root. Every iteration:

1. **Determinize**: `state.determinize(seat, rng)` re-deals everything the searching seat cannot
   see (other hands, face-down tokens and tiles, the deck order, future dice), so the bot never
   uses hidden information, and each iteration samples a different consistent world.
2. **Select**: walk down the tree while every legal action of the determinized world already has
   a child, choosing by UCT with *availability counts* (an action's exploration term counts the
   iterations in which it was legal, not the parent's visits). Who moves is read from the world's
   `current_player`, so several decisions in a row by one seat (multi-step frames) and any seat
   order are handled alike.
3. **Expand** one untried legal action.
4. **Simulate** with the game's rollout policy for at most `depth` decisions, then score the
   position with the game's evaluation (a per-seat value in [0, 1]); a finished game is scored
   from its result (1 shared among the winners, 0 for the others).
5. **Back up** the reward vector: each edge accumulates the reward of the seat that chose it, so
   2–4-player games work, and a cooperative game (where every seat gets the team's reward) too.

A game without a heuristics module is searched with random rollouts to the end of the game.
The search is reproducible from the agent's seed when the budget is in iterations; `max_seconds`
is only a safety net (it stops early on a slow machine, which then makes the choice time-dependent).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, MutableSequence
from typing import Any, TypeVar, final

from mypy_extensions import mypyc_attr

from ..engine import Rng, State
from ..games import game_module
from .base import TIME, Agent

T = TypeVar("T")
Evaluator = Callable[[State], list[float]]
Policy = Callable[[State, Rng], int]


@final
class CanonicalRng(Rng):
    """The generator an agent hands to `determinize`: it sorts a list before shuffling it.

    A game re-deals hidden things by gathering them from the real state into a pool and shuffling
    it; the pool's order then comes from the real (secret) arrangement, so the same shuffle gives
    a different world for a different secret. Sorting first makes the re-deal a function of what
    the seat sees only (the pool's contents), while the shuffle stays uniformly random.
    """

    __slots__ = ()

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.deal(items, len(items) - 1)

    def deal(self, items: MutableSequence[T], n: int) -> None:
        _sort(items)
        super().deal(items, n)


def _sort(items: MutableSequence[T]) -> None:
    # try/except rather than contextlib.suppress: a re-deal shuffles many short lists, and entering a
    # context manager cost more than sorting one
    try:  # noqa: SIM105
        items.sort()  # type: ignore[attr-defined]
    except (TypeError, AttributeError):   # unorderable items: shuffled as they come
        pass


def canonical_rng(rng: Rng) -> CanonicalRng:
    child = CanonicalRng()
    child.state = rng.next64()
    return child


@final
class Node:
    """An edge's statistics and the children after it. `total` is the chooser's summed reward."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def terminal_rewards(state: State) -> list[float]:
    """1 shared among the winners (0 for the others); a cooperative game: the team's result for all."""
    result = state.result()
    n = state.players
    if result.cooperative:
        won = 1.0 if result.team_won else 0.0
        return [won] * n
    out = [0.0] * n
    if result.winners:
        share = 1.0 / len(result.winners)
        for w in result.winners:
            out[w] = share
    return out


@final
class Heuristics:
    """A game's evaluation and rollout policy, or the fallbacks when it has none."""

    __slots__ = ("evaluate_all", "has_evaluation", "rollout", "root_bias")

    def __init__(self, game_id: str) -> None:
        module: Any = game_module(game_id, "heuristics")
        self.has_evaluation = module is not None and hasattr(module, "evaluate")
        rollout = getattr(module, "rollout_action", None) if module is not None else None
        self.rollout: Policy = rollout if rollout is not None else _random_action
        self.root_bias: Callable[[State], float] | None = getattr(module, "root_bias", None) if module else None
        if module is not None and hasattr(module, "evaluate_all"):
            self.evaluate_all: Evaluator = module.evaluate_all
        elif self.has_evaluation:
            evaluate = module.evaluate

            def evaluate_all(state: State) -> list[float]:
                return [float(evaluate(state, s)) for s in range(state.players)]

            self.evaluate_all = evaluate_all
        else:
            self.evaluate_all = terminal_rewards


def _random_action(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


_HEURISTICS: dict[str, Heuristics] = {}


def heuristics_for(game_id: str) -> Heuristics:
    if game_id not in _HEURISTICS:
        _HEURISTICS[game_id] = Heuristics(game_id)
    return _HEURISTICS[game_id]


@mypyc_attr(allow_interpreted_subclasses=True)
class MCTSAgent(Agent):
    """SO-ISMCTS with UCT over integer actions and a rollout cut-off scored by the game's heuristics.

    iterations: the search budget (reproducible for a fixed seed).
    max_seconds: a wall-time safety net per decision (None: none).
    depth: rollout decisions before the evaluation cut-off (None: play to the end).
    c: the UCT exploration constant (rewards are in [0, 1]).
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 1000, max_seconds: float | None = None,
                 depth: int | None = 8, c: float = 0.7) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.depth = depth
        self.c = c
        self.last_iterations = 0

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        seat = state.current_player
        assert seat is not None
        root = self.search(state, seat)
        best = -1
        best_key = (-1, -math.inf)
        for action in legal:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits if child.visits else 0.0)
            if key > best_key:
                best_key, best = key, action
        return best if best >= 0 else legal[0]

    def search(self, state: State, seat: int, vectors: dict[int, list[float]] | None = None,
               early_stop: bool = True) -> Node:
        """Run the budget from `state` as `seat` sees it; the root's children hold the statistics.

        With `vectors`, each root action's summed reward vector (every seat's reward, iteration by iteration)
        is added into it: what the search expects for every seat after that action, not only for its chooser
        (hints and reviews read it). `early_stop=False` spends the whole budget even once the choice is
        settled, so that the other actions' statistics keep growing too."""
        heur = heuristics_for(state.game.id)
        rollout = heur.rollout
        evaluate_all = heur.evaluate_all if heur.has_evaluation else terminal_rewards
        depth = self.depth if heur.has_evaluation else None
        c = self.c
        rng = self.rng
        log = math.log
        sqrt = math.sqrt
        root = Node()
        bias = self.one_ply(state, seat, heur) if heur.root_bias is not None and heur.has_evaluation else None
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        path: list[Node] = []
        movers: list[int] = []
        done = 0
        for done in range(1, self.iterations + 1):
            world = state.determinize(seat, canonical_rng(rng))
            node = root
            path.clear()
            movers.clear()
            first = -1
            # selection and expansion
            while not world.is_over:
                legal = world.legal_actions()
                mover = world.current_player
                assert mover is not None
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    for a in legal:
                        ch = children.get(a)
                        if ch is not None:
                            ch.avail += 1
                    child = Node()
                    child.avail = 1
                    children[action] = child
                    if node is root:
                        first = action
                    world.apply(action)
                    path.append(child)
                    movers.append(mover)
                    break
                best_child: Node | None = None
                best_action = legal[0]
                best_value = -math.inf
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    value = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if bias is not None and node is root:
                        value += bias.get(a, 0.0) / (ch.visits + 1)
                    if value > best_value:
                        best_value, best_child, best_action = value, ch, a
                assert best_child is not None
                if node is root:
                    first = best_action
                world.apply(best_action)
                path.append(best_child)
                movers.append(mover)
                node = best_child
            # simulation
            if depth is None:
                while not world.is_over:
                    world.apply(rollout(world, rng))
            else:
                steps = 0
                while not world.is_over and steps < depth:
                    world.apply(rollout(world, rng))
                    steps += 1
            rewards = terminal_rewards(world) if world.is_over else evaluate_all(world)
            # backpropagation
            for node_, mover in zip(path, movers, strict=True):
                node_.visits += 1
                node_.total += rewards[mover]
            if vectors is not None and first >= 0:
                summed = vectors.get(first)
                if summed is None:
                    vectors[first] = list(rewards)
                else:
                    for k, r in enumerate(rewards):
                        summed[k] += r
            if deadline is not None and time.perf_counter() > deadline:
                break
            if early_stop and not done & 15 and _decided(root, self.iterations - done):
                break
        self.last_iterations = done
        return root

    def one_ply(self, state: State, seat: int, heur: Heuristics) -> dict[int, float] | None:
        """Progressive bias at the root, for a game whose `root_bias(state)` asks for it (a weight > 0):
        each legal action's one-step evaluation (as greedy sees it, on one re-dealt world), scaled so the
        best gets the weight and the worst 0. A child's bias fades as 1/(visits + 1), so the search
        follows the one-step view until its own statistics disagree: where the evaluation's differences
        are far smaller than the exploration term, the visits alone would be spread almost evenly."""
        assert heur.root_bias is not None
        weight = heur.root_bias(state)
        if weight <= 0:
            return None
        world = state.determinize(seat, canonical_rng(self.rng))
        values: dict[int, float] = {}
        for action in state.legal_actions():
            child = world.clone()
            child.apply(action)
            values[action] = (terminal_rewards(child) if child.is_over else heur.evaluate_all(child))[seat]
        low, high = min(values.values()), max(values.values())
        if high - low < 1e-12:
            return None
        return {a: weight * (v - low) / (high - low) for a, v in values.items()}


def _decided(root: Node, remaining: int) -> bool:
    """Whether the most visited child stays the most visited whatever the remaining iterations do.

    The choice is the most visited child, so stopping here picks exactly what the whole budget
    would have picked; clear decisions (most of them against weak play) cost a fraction of it.
    """
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


def mcts_factory(iterations: int, max_seconds: float | None, depth: int | None,
                 c: float = 0.7, name: str = "mcts") -> Callable[[int, str], Agent]:
    """A level's bots: `iterations` always; the wall-time cap `max_seconds` only under the `time` budget."""
    def make(seed: int, budget: str = TIME) -> Agent:
        cap = max_seconds if budget == TIME else None
        agent = MCTSAgent(seed, iterations=iterations, max_seconds=cap, depth=depth, c=c)
        agent.name = name
        return agent

    return make
