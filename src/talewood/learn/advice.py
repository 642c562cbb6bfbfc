"""Hints: what a bot of a chosen level would do here, and why, in the game's words.

A hint is the bot's own search (agents/mcts.py), run from the position as the asking seat sees it: the
root's statistics give the preferred action, its expected result (about a win chance, or the team's
chance in a cooperative game) and the runners-up. The words come from the game's `explain` hook (its
`learn.py`): what the preferred action does in the game's terms ("takes the last Moss: the most Moss,
+4"), computed on a world re-dealt from what the seat can see, so a hint never tells a secret. A game
without the hook gets the search's own words (the expected result, the next best choice).

Nothing here knows a game: the engine contract, the bots' levels and the game's optional hooks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..agents import ITERATIONS, TIME, check_budget
from ..agents.levels import LEVELS
from ..agents.mcts import MCTSAgent, Node, canonical_rng
from ..engine import InvalidOption, Rng, State, TalewoodError
from ..games import game_module
from .rules import rulebook

HINT_LEVELS = tuple(LEVELS)           # the levels that search: easy, normal, hard
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Option:
    """One choice as the search saw it: its expected result for the seat and how much it was searched."""

    action: int
    label: str
    value: float            # the chooser's expected result, 0..1
    visits: int

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "label": self.label, "value": round(self.value, 4), "visits": self.visits}


@dataclass(frozen=True)
class Advice:
    """A hint: the action a bot of `level` prefers for `seat`, a one-line reason, and what it rests on."""

    seat: int
    level: str
    action: int
    label: str
    reason: str                       # the game's words for what the action does ("" when it has none)
    value: float | None               # the expected result of the action for the seat (None: the only choice)
    options: tuple[Option, ...] = ()  # the choices searched, best first (at most five)
    iterations: int = 0
    seconds: float = 0.0
    section: str = ""                 # the rules section about this decision
    tip: str = ""                     # a sentence of the rules behind it, for a guided game
    cooperative: bool = False
    plan: tuple[str, ...] = ()        # the choice and the follow-ups the bot means to make this turn, labelled

    def line(self) -> str:
        """The hint in one line: the choice, then why in the game's words (or the bot's expectation)."""
        return f"{self.label}: {self.reason or self.expectation()}"

    def expectation(self) -> str:
        """What the bot expects of the choice, and of the next best one."""
        if self.value is None:
            return "it is the only choice"
        who = "the team" if self.cooperative else "you"
        text = f"the bot expects {who} to win about {percent(self.value)} of the time after it"
        if len(self.options) > 1:
            runner = self.options[1]
            text += f" (next best: {runner.label}, {percent(runner.value)})"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "level": self.level, "action": self.action, "label": self.label,
                "reason": self.reason, "expectation": self.expectation(), "line": self.line(),
                "value": None if self.value is None else round(self.value, 4),
                "options": [o.to_json() for o in self.options], "iterations": self.iterations,
                "seconds": round(self.seconds, 3), "section": self.section, "tip": self.tip,
                "cooperative": self.cooperative, "plan": list(self.plan)}


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise InvalidOption(f"a hint comes from a bot that searches: {', '.join(LEVELS)}, not {level!r}")
    return level


def searcher(level: str, seed: int, budget: str = TIME, iterations: int | None = None) -> MCTSAgent:
    """The search of a bot `level` (its iterations and depth; its time cap only under the `time` budget)."""
    count, cap, depth = LEVELS[check_level(level)]
    return MCTSAgent(seed, iterations=iterations or count, max_seconds=cap if check_budget(budget) == TIME else None,
                     depth=depth)


def ranked(root: Node, legal: list[int]) -> list[tuple[int, Node]]:
    """The root's children best first, as the bot chooses: the most visited, then the higher mean."""
    children = [(a, root.children[a]) for a in legal if a in root.children and root.children[a].visits]
    children.sort(key=lambda x: (x[1].visits, x[1].total / x[1].visits), reverse=True)
    return children


def explainer(game_id: str) -> Callable[[State, list[int], int], str] | None:
    module: Any = game_module(game_id, "learn")
    return getattr(module, "explain", None) if module is not None else None


def seen_world(state: State, seat: int, seed: int) -> State:
    """The position as `seat` may know it: everything it cannot see re-dealt (the same world for a seed)."""
    return state.determinize(seat, canonical_rng(Rng(seed)))


def explain(world: State, plan: list[int], seat: int) -> str:
    """The game's words for what the first action of `plan` does for `seat` (the rest of `plan`: what the bot
    means to do next in the same turn), worked out on `world`, a position re-dealt from what the seat sees
    (`seen_world`), so the words never tell what it cannot know; "" when the game has no words for it."""
    hook = explainer(world.game.id)
    if hook is None or not plan:
        return ""
    try:
        return hook(world, list(plan), seat).strip()
    except Exception:        # a hint is a courtesy: a hook that stumbles leaves the bot's own words
        return ""


def principal_plan(seen: State, root: Node, best: int, seat: int, most: int = 6) -> tuple[list[int], list[str]]:
    """`best`, then the seat's next choices the search means to make while it still decides (its most
    visited line), as far as they are legal in `seen`, a world re-dealt from what the seat sees (at most
    `most`): the real position would tell, by what is legal after a draw, what the seat cannot know. Returns
    the actions and their labels."""
    plan = [best]
    world = seen.clone()
    labels = [world.describe(best)]
    node = root.children.get(best)
    try:
        world.apply(best)
    except TalewoodError:
        return plan, labels
    while node is not None and node.children and len(plan) < most and not world.is_over \
            and world.current_player == seat:
        legal = set(world.legal_actions())
        choices = [(n.visits, a) for a, n in node.children.items() if a in legal and n.visits]
        if not choices:
            break
        _, action = max(choices)
        plan.append(action)
        labels.append(world.describe(action))
        world.apply(action)
        node = node.children[action]
    return plan, labels


def tip_for(game_id: str, section: str) -> str:
    module: Any = game_module(game_id, "learn")
    tips: dict[str, str] = getattr(module, "GUIDE_TIPS", {}) if module is not None else {}
    return tips.get(section, "")


def advise(state: State, level: str = DEFAULT_LEVEL, seed: int = 0, budget: str = TIME,
           iterations: int | None = None) -> Advice:
    """What a bot of `level` would do now for the seat to play, and why."""
    check_level(level)
    seat = state.current_player
    if seat is None or seat < 0:
        raise InvalidOption("there is no decision to hint at: the game is over or waits on chance")
    game = state.game
    book = rulebook(game.id)
    legal = state.legal_actions()
    cooperative = game.cooperative
    started = time.perf_counter()
    if len(legal) == 1:
        action = legal[0]
        section = book.section_id(type(state.stack[-1]).__name__, [game.action_space.spec(action).kind])
        reason = explain(seen_world(state, seat, seed), [action], seat)
        return Advice(seat, level, action, state.describe(action), reason, None, section=section,
                      tip=tip_for(game.id, section), cooperative=cooperative)
    agent = searcher(level, seed, budget, iterations)
    root = agent.search(state, seat)
    order = ranked(root, legal)
    if not order:
        order = [(legal[0], Node())]
    best = order[0][0]
    options = tuple(Option(a, state.describe(a), n.total / n.visits if n.visits else 0.0, n.visits)
                    for a, n in order[:5])
    section = book.section_id(type(state.stack[-1]).__name__, [game.action_space.spec(best).kind])
    seen = seen_world(state, seat, seed)
    plan, labels = principal_plan(seen, root, best, seat)
    return Advice(seat, level, best, state.describe(best), explain(seen, plan, seat),
                  options[0].value, options, agent.last_iterations, time.perf_counter() - started,
                  section, tip_for(game.id, section), cooperative, tuple(labels))


__all__ = ["DEFAULT_LEVEL", "HINT_LEVELS", "ITERATIONS", "TIME", "Advice", "Option", "advise", "explain",
           "searcher"]
