"""A review of a finished game by a bot: every decision rated, the turning points, each seat's expected result
over the game.

At each decision of the record (a position where the player to move had more than one choice), the bot of
the review's level searches the position as that player saw it (information-set search: the same search the
bots play with, agents/mcts.py), under its iteration budget only, so a review is reproducible from its seed,
and with the whole budget spent (no early stop) so the other choices are searched too. From the root's
statistics:

- `before`: what the mover could expect with the bot's preferred choice (its mean reward, about a win chance);
- `after`: what the mover could expect with the choice played — its own mean when the search visited it
  enough (a search spends little on a choice it finds poor), else a second search, of half the budget, of
  the position after it (which then holds what that move drew, if it drew at random);
- `loss`: before − after, what the choice cost as the bot sees it;
- `expected`: every seat's expected result after the preferred choice (each iteration's whole reward vector),
  the points of the chart.

Nothing here knows a game: the engine contract and the bots' levels.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..agents import bot_seed
from ..agents.levels import LEVELS
from ..agents.mcts import MCTSAgent, terminal_rewards
from ..engine import Game, InvalidOption, Record, State, plural, seat_name
from ..games import load
from .advice import percent, ranked

DEFAULT_LEVEL = "hard"
REVIEW_SALT = 104729           # keeps a review's searches apart from the game's own bots
MIN_VISITS = 0.02              # a played choice searched less than this share of the budget gets a search of its own
TURNING_POINTS = 5
TURNING_LOSS = 0.05            # a move that cost less than 5 points of expected result is no turning point
VERDICTS = ((0.0, "as good"), (0.03, "a little worse"), (0.08, "a mistake"), (0.2, "a big mistake"))


@dataclass
class Decision:
    """One decision of the record, as the review's bot saw it."""

    step: int                    # the position before the move: the record's first `step` actions were played
    seat: int
    played: int
    played_label: str
    best: int
    best_label: str
    choices: int                 # how many legal choices there were
    before: float                # the mover's expected result with the bot's preferred choice
    after: float                 # … with the choice played
    expected: list[float]        # every seat's expected result after the preferred choice
    played_visits: int = 0

    @property
    def loss(self) -> float:
        return 0.0 if self.played == self.best else max(0.0, self.before - self.after)

    def verdict(self) -> str:
        if self.played == self.best:
            return "the bot's choice"
        words = VERDICTS[0][1]
        for threshold, text in VERDICTS:
            if self.loss >= threshold:
                words = text
        return words

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "seat": self.seat, "played": self.played, "played_label": self.played_label,
                "best": self.best, "best_label": self.best_label, "choices": self.choices,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "loss": round(self.loss, 4), "verdict": self.verdict(),
                "expected": [round(v, 4) for v in self.expected], "played_visits": self.played_visits}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(step=data["step"], seat=data["seat"], played=data["played"], played_label=data["played_label"],
                   best=data["best"], best_label=data["best_label"], choices=data["choices"],
                   before=data["before"], after=data["after"], expected=list(data["expected"]),
                   played_visits=data.get("played_visits", 0))


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise InvalidOption(f"a review is made by a bot that searches: {', '.join(LEVELS)}, not {level!r}")
    return level


def rebuild_to(game: Game, players: int, seed: int, options: dict[str, Any], actions: Sequence[int]) -> State:
    state = game.new_game(players, seed, options, tracked=False)
    for action in actions:
        state.apply(action)
    return state


def review_steps(game_id: str, players: int, seed: int, options: dict[str, Any], actions: Sequence[int],
                 start: int, stop: int, level: str = DEFAULT_LEVEL, review_seed: int = 0,
                 progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """The decisions among the record's steps [start, stop), each searched by a bot of `level`, as JSON (a
    plain function of small values, so a server's bot executor can run it in another process). `progress`
    is told of each step done."""
    check_level(level)
    game = load(game_id)
    iterations, _cap, depth = LEVELS[level]
    state = rebuild_to(game, players, seed, options, actions[:start])
    out: list[dict[str, Any]] = []
    for step in range(start, min(stop, len(actions))):
        action = actions[step]
        seat = state.current_player
        legal = state.legal_actions()
        if seat is not None and seat >= 0 and len(legal) > 1:
            out.append(rate(state, seat, action, step, iterations, depth, review_seed).to_json())
        state.apply(action)
        if progress is not None:
            progress(1)
    return out


def rate(state: State, seat: int, action: int, step: int, iterations: int, depth: int | None,
         review_seed: int) -> Decision:
    """One decision: the search of the position before `action`, as `seat` saw it."""
    legal = state.legal_actions()
    agent = MCTSAgent(bot_seed(review_seed, seat, REVIEW_SALT + step), iterations=iterations, max_seconds=None,
                      depth=depth)
    vectors: dict[int, list[float]] = {}
    root = agent.search(state, seat, vectors=vectors, early_stop=False)
    order = ranked(root, legal)
    best, node = order[0]
    expected = [v / node.visits for v in vectors[best]]
    played = root.children.get(action)
    visits = played.visits if played is not None else 0
    if played is not None and visits >= max(8, MIN_VISITS * iterations):
        after = played.total / visits
    else:
        after = follow_up(state, action, seat, iterations // 2, depth, bot_seed(review_seed, seat, ~step))
    return Decision(step, seat, action, state.describe(action), best, state.describe(best), len(legal),
                    node.total / node.visits, after, expected, visits)


def follow_up(state: State, action: int, seat: int, iterations: int, depth: int | None, seed: int) -> float:
    """`seat`'s expected result after `action`, for a choice the first search barely looked at: a search of the
    position after it (as `seat` sees it, the next player choosing as the search expects), or its result."""
    world = state.clone()
    world.apply(action)
    while not world.is_over and len(world.legal_actions()) == 1:
        world.apply(world.legal_actions()[0])
    if world.is_over:
        return terminal_rewards(world)[seat]
    mover = world.current_player
    assert mover is not None
    agent = MCTSAgent(seed, iterations=max(16, iterations), max_seconds=None, depth=depth)
    vectors: dict[int, list[float]] = {}
    root = agent.search(world, seat, vectors=vectors, early_stop=False)
    best, node = ranked(root, world.legal_actions())[0]
    return vectors[best][seat] / node.visits


@dataclass
class Review:
    """A whole game's review: its decisions, the chart's points, the turning points, each seat's summary."""

    game: str
    players: int
    level: str
    review_seed: int
    steps: int
    decisions: list[Decision]
    final: list[float]            # each seat's result: 1 shared among the winners (the team's in a cooperative game)
    cooperative: bool
    seat_noun: str = "Player"
    seconds: float = 0.0

    def who(self, seat: int) -> str:
        return "The team" if self.cooperative else seat_name(seat, self.seat_noun)

    def turning_points(self) -> list[Decision]:
        """The decisions that cost the most (at least TURNING_LOSS), at most TURNING_POINTS, in game order."""
        costly = sorted((d for d in self.decisions if d.loss >= TURNING_LOSS), key=lambda d: -d.loss)
        return sorted(costly[:TURNING_POINTS], key=lambda d: d.step)

    def seats(self) -> list[dict[str, Any]]:
        """Per seat: decisions, how many were the bot's choice, the mean loss, the mistakes."""
        out = []
        for seat in range(self.players):
            mine = [d for d in self.decisions if d.seat == seat]
            agreed = sum(1 for d in mine if d.played == d.best)
            mistakes = sum(1 for d in mine if d.loss >= VERDICTS[2][0])
            out.append({"seat": seat, "decisions": len(mine), "agreed": agreed,
                        "mean_loss": round(sum(d.loss for d in mine) / len(mine), 4) if mine else 0.0,
                        "mistakes": mistakes, "big_mistakes": sum(1 for d in mine if d.loss >= VERDICTS[3][0]),
                        "result": self.final[seat]})
        return out

    def chart(self) -> list[dict[str, Any]]:
        """The points of the chart: at each decision every seat's expected result, then the final result."""
        points = [{"step": d.step, "expected": [round(v, 4) for v in d.expected]} for d in self.decisions]
        points.append({"step": self.steps, "expected": [round(v, 4) for v in self.final]})
        return points

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "level": self.level, "review_seed": self.review_seed,
                "steps": self.steps, "cooperative": self.cooperative, "seat_noun": self.seat_noun,
                "final": self.final, "seconds": round(self.seconds, 2),
                "decisions": [d.to_json() for d in self.decisions], "seats": self.seats(),
                "turning_points": [d.step for d in self.turning_points()], "chart": self.chart(),
                "svg": chart_svg(self)}

    def lines(self) -> list[str]:
        """The review in words, for the terminal."""
        out = []
        for s in self.seats():
            if self.cooperative and s["seat"]:
                continue
            who = seat_name(s["seat"], self.seat_noun)
            out.append(f"{who}: {s['agreed']} of {plural(s['decisions'], 'decision')} as the {self.level} bot "
                       f"would have played; a decision cost {percent(s['mean_loss'])} of the chance to win on "
                       f"average; {mistakes(s['mistakes'], s['big_mistakes'])}")
        for d in self.turning_points():
            out.append(turning_line(self, d))
        return out


def mistakes(count: int, big: int) -> str:
    if not count:
        return "no mistake"
    return plural(count, "mistake") + (f", {big} of them big" if big else "")


def turning_line(review: Review, d: Decision) -> str:
    who = seat_name(d.seat, review.seat_noun)
    return (f"Move {d.step + 1}, {who}: {d.played_label} — the chance to win went from {percent(d.before)} to "
            f"{percent(d.after)}; the {review.level} bot preferred {d.best_label}")


def assemble(game_id: str, players: int, level: str, review_seed: int, steps: int,
             decisions: Sequence[dict[str, Any]], final_state: State, seconds: float = 0.0) -> Review:
    game = load(game_id)
    return Review(game_id, players, level, review_seed, steps, [Decision.from_json(d) for d in decisions],
                  terminal_rewards(final_state), game.cooperative, game.seat_noun, seconds)


def review(record: Record, level: str = DEFAULT_LEVEL, review_seed: int = 0,
           progress: Callable[[int], None] | None = None) -> Review:
    """The review of a finished game's record (every step searched in turn)."""
    check_level(level)
    game = load(record.game)
    started = time.perf_counter()
    actions = list(record.actions)
    decisions = review_steps(record.game, record.players, record.seed, dict(record.options), actions, 0,
                             len(actions), level, review_seed, progress)
    final = rebuild_to(game, record.players, record.seed, dict(record.options), actions)
    if not final.is_over:
        raise InvalidOption("only a finished game can be reviewed: this record stops before the end")
    return assemble(record.game, record.players, level, review_seed, len(actions), decisions, final,
                    time.perf_counter() - started)


# -- the chart ------------------------------------------------------------------------------------------------
COLOURS = ("#1f6fb2", "#c0392b", "#2e8b57", "#8e44ad")
WIDTH, HEIGHT = 340, 210
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 34, 38
FONT = 12


def chart_svg(review: Review) -> str:
    """Each seat's expected result over the game (the team's line in a cooperative game) as inline SVG: no
    script, text at 12 units (the page shows it 1:1), the turning points marked on the mover's line."""
    points = review.chart()
    last = max(1, review.steps)
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def xy(step: int, value: float) -> tuple[float, float]:
        return LEFT + w * step / last, TOP + h * (1 - value)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" class="review-chart" role="img" font-family="sans-serif" font-size="{FONT}">',
             "<title>Each side's chance to win over the game, as the bot saw it</title>",
             f'<rect x="{LEFT}" y="{TOP}" width="{w}" height="{h}" fill="#fffdf7" stroke="#c9bd9a"/>']
    for value, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        _, y = xy(0, value)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + w}" y2="{y:.1f}" stroke="#e3dcc8"/>')
        parts.append(f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end" fill="#2f3b1f">{label}</text>')
    parts.append(f'<text x="{LEFT}" y="{HEIGHT - 10}" fill="#2f3b1f">move 1</text>')
    parts.append(f'<text x="{LEFT + w}" y="{HEIGHT - 10}" text-anchor="end" fill="#2f3b1f">move {review.steps}</text>')
    lines = [0] if review.cooperative else list(range(review.players))
    for i, seat in enumerate(lines):
        colour = COLOURS[seat % len(COLOURS)]
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(p["step"], p["expected"][seat]) for p in points))
        parts.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2" '
                     f'data-seat="{seat}"/>')
        lx = LEFT + (w / max(1, len(lines))) * i
        parts.append(f'<rect x="{lx:.1f}" y="8" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 16:.1f}" y="18" fill="#2f3b1f">{review.who(seat)}</text>')
    for d in review.turning_points():
        x, y = xy(d.step, d.expected[0 if review.cooperative else d.seat])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="none" stroke="#2f3b1f" stroke-width="2" '
                     f'data-step="{d.step}"><title>{escape(turning_line(review, d))}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)
