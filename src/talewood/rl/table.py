"""One game at a table, as every learning interface sees it: the seats that learn, the bots in the others,
the observations, the action mask and the rewards. The PettingZoo, Gymnasium and OpenSpiel interfaces
are thin layers over this class (and over the engine), so they agree on everything by construction.

The hot path (`apply`, `play_bots`, `mask`, `observation`) does no deep copy and allocates at most one
small mask array per decision; the game's encoder keeps one buffer per seat up to date
(rewriting only what changed since that seat last looked, where the game's observation spec has an
updater), and each call hands out a fresh float32 copy of it (the environment never changes an array
it gave away: replay buffers may keep them).
"""

from __future__ import annotations

import secrets
from array import array
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..agents import ITERATIONS, Agent, bot_seed, check_budget, make_agent
from ..engine import Game, IllegalAction, InvalidOption, OptionValue, Result, Rng, State, seat_name
from ..engine.observation import Update, numbers
from ..games import game_module, load
from .padding import embedding

AGENT = "agent"           # the kind of a seat played by the learner (every other kind is a bot)
REWARDS = ("win", "score")
ILLEGAL = ("raise", "lose")
ILLEGAL_REWARD = -1.0     # what an illegal action costs its seat under illegal="lose"
INT8 = np.dtype(np.int8)  # (numpy reads a dtype object quicker than a type, on every mask)


# what a seat's observation is made from (Table._follow)
Seen = tuple[Update, np.ndarray, "array[float]", tuple[tuple[memoryview, memoryview], ...]]


def agent_name(seat: int) -> str:
    """An agent's id in PettingZoo: `player_1` for the first seat, as people number seats."""
    return f"player_{seat + 1}"


def seat_kinds(seats: Sequence[str] | Mapping[int, str] | None, players: int) -> list[str]:
    """Each seat's kind: `agent`, or a bot kind (random, greedy, easy, normal, hard).

    None: every seat learns. A sequence: one kind per seat. A mapping: seat index to bot kind, the
    seats it leaves out are agents. Unknown kinds and tables without a learning seat are refused.
    """
    if seats is None:
        kinds = [AGENT] * players
    elif isinstance(seats, Mapping):
        kinds = [AGENT] * players
        for seat, kind in seats.items():
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise InvalidOption(
                    f"seat {seat!r} is not a seat index of a {players}-player game (0 to {players - 1})")
            kinds[seat] = kind
    else:
        kinds = [str(k) for k in seats]
        if len(kinds) != players:
            raise InvalidOption(f"{len(kinds)} seat kinds given for {players} players: give one per seat")
    for kind in set(kinds) - {AGENT}:
        make_agent(kind)   # refuses an unknown kind, naming the valid ones
    if AGENT not in kinds:
        raise InvalidOption("every seat is a bot: at least one seat must be an agent")
    return kinds


def runs(index: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The padded layout's `index` (own position -> padded position) as runs of consecutive positions:
    (own start, own end, padded start, padded end) each."""
    out: list[tuple[int, int, int, int]] = []
    start = 0
    for at in range(1, len(index) + 1):
        if at == len(index) or index[at] != index[at - 1] + 1:
            out.append((start, at, int(index[start]), int(index[at - 1]) + 1))
            start = at
    return out


def win_rewards(result: Result) -> list[float]:
    """+1 for a win and -1 for a loss; the k winners of a tie share the win (2/k - 1 each); in a
    cooperative game every seat has the team's +1 or -1."""
    if result.cooperative:
        return [1.0 if result.team_won else -1.0] * len(result.scores)
    return [2.0 * share - 1.0 for share in result.rewards()]


class Table:
    """A Talewood game with some seats learning and the others played by bots.

    `reward` is `win` (+1 for a win, -1 for a loss, a tie shares the win: 2 × share − 1, where the k
    winners of a tie each have a share of 1/k; a cooperative game gives every seat the team's +1 or
    -1) or `score` (each seat's final score, the team's in a cooperative game, divided by
    `score_scale`). `max_steps` truncates an episode after that many decisions of the learning seats.
    `budget` bounds the bots' searches (agents.BUDGETS): `iterations`, so a seed always deals and plays the
    same games however busy the machine. `pad` (the default) gives every configuration of the game one
    observation size, each segment at its largest shape (padding.py; `observation_mask` says which numbers this
    configuration writes); `pad=False` gives this configuration's own, smaller layout.
    """

    def __init__(self, game: str | Game, players: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | Mapping[int, str] | None = None, *, reward: str = "win",
                 score_scale: float = 1.0, max_steps: int | None = None, budget: str = ITERATIONS,
                 pad: bool = True) -> None:
        self.game = load(game) if isinstance(game, str) else game
        self.game.check_players(players)
        if reward not in REWARDS:
            raise InvalidOption(f"unknown reward {reward!r}; valid: {', '.join(REWARDS)}")
        if not score_scale > 0:
            raise InvalidOption(f"score_scale must be a positive number, not {score_scale!r}")
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise InvalidOption(f"max_steps must be a whole number of 1 or more, not {max_steps!r}")
        self.players = players
        self.options: dict[str, OptionValue | None] = self.game.parse_options(options, players)
        self.kinds = seat_kinds(seats, players)
        self.agent_seats = [s for s, kind in enumerate(self.kinds) if kind == AGENT]
        self.reward = reward
        self.score_scale = float(score_scale)
        self.max_steps = max_steps
        self.budget = check_budget(budget)
        self.spec = self.game.observation_spec(players, self.options)
        self.pad = bool(pad)
        if self.pad:
            self._index, self.observation_mask = embedding(self.game, self.spec, players, self.options)
            self.observation_size = int(self.observation_mask.size)
            self._identity = bool(self.observation_size == self.spec.size and
                                  np.array_equal(self._index, np.arange(self.spec.size)))
            self._runs = runs(self._index)
        else:
            self._index = np.arange(self.spec.size)
            self.observation_mask = np.ones(self.spec.size, dtype=np.int8)
            self.observation_mask.flags.writeable = False
            self.observation_size = self.spec.size
            self._identity = True
            self._runs = runs(self._index)
        self.observation_shape = (self.observation_size,)
        self.num_actions = len(self.game.action_space)
        self._mask_bytes = self.game.action_space.mask_bytes
        self.max_decisions = self.game.max_decisions(players, self.options)
        # per seat: the game's updater, numpy's view of what is handed out (a copy of it each time), the
        # buffer the updater keeps, and (padded) each run of the buffer paired with its place in the padded one
        self._seen: list[Seen | None] = [None] * players
        self.no_mask = np.zeros(self.num_actions, dtype=np.int8)
        self.no_mask.flags.writeable = False
        self._mask = self.no_mask
        self._mask_version = self._mask_episode = -1     # the decision `_mask` was made for
        self._seeds: Rng | None = None
        self.episode = 0
        self.seed = 0
        self.steps = 0
        self.bots: dict[int, Agent] = {}
        self.state: State = self.game.new_game(players, 0, self.options, tracked=False)

    # -- an episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """A new game. `seed` restarts the sequence of game seeds (the same seed, the same games);
        without one the next game of the sequence is dealt (the first sequence is seeded at random)."""
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
                raise InvalidOption(f"the seed must be a whole number of 0 or more, not {seed!r}")
            self._seeds = Rng(int(seed))
        elif self._seeds is None:
            self._seeds = Rng(secrets.randbits(63))
        self.seed = self._seeds.next64()
        self.state = self.game.new_game(self.players, self.seed, self.options, tracked=False)
        self.bots = {s: make_agent(kind, bot_seed(self.seed, s), self.budget)
                     for s, kind in enumerate(self.kinds) if kind != AGENT}
        self.episode += 1
        self.steps = 0
        self.play_bots()

    def play_bots(self) -> None:
        """Let the bots move until a learning seat decides or the game ends."""
        state = self.state
        bots = self.bots
        while not state.over:
            bot = bots.get(state.current_player)  # type: ignore[arg-type]
            if bot is None:
                return
            state.apply(bot.choose(state))

    def apply(self, action: int) -> None:
        """A learning seat's decision, then the bots' until the next learning decision. An illegal
        action raises IllegalAction and changes nothing."""
        self.state.apply(int(action))
        self.steps += 1
        if self.bots:
            self.play_bots()

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps and not self.state.over

    def is_legal(self, action: object) -> bool:
        try:
            return int(action) in self.state.legal_actions()  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return False

    def illegal_reason(self, action: object) -> str:
        if isinstance(action, np.integer):
            action = int(action)
        return self.state.illegal_reason(action)

    # -- what a seat sees ----------------------------------------------------------------------
    def observation(self, seat: int) -> np.ndarray:
        """The game's encoding of what `seat` sees, as a fresh float32 array (`Game.encode`'s numbers): a copy
        of the seat's buffer, which the game's updater keeps in float32 already."""
        seen = self._seen[seat]
        if seen is None:
            seen = self._seen[seat] = self._follow()
        update, handed, buffer, runs = seen
        update(self.state, seat, buffer)
        # padded: each run of the buffer (a segment's row) copied into place by memoryviews made once, whose
        # copies cost a third of numpy's slicing; the padded buffer's other numbers stay 0
        for padded, own in runs:
            padded[:] = own
        return handed.copy()

    def _follow(self) -> Seen:
        buffer = self.spec.buffer()
        if self._identity:
            return self.spec.follow(), np.frombuffer(buffer, dtype=np.float32), buffer, ()
        out = numbers(self.observation_size)
        whole, own = memoryview(out), memoryview(buffer)
        runs = tuple((whole[padded:padded_end], own[start:end]) for start, end, padded, padded_end in self._runs)
        return self.spec.follow(), np.frombuffer(out, dtype=np.float32), buffer, runs

    def padded(self, numbers: Sequence[float] | np.ndarray) -> np.ndarray:
        """An encoding in this configuration's own layout (`Game.encode`), placed as `observation` places it."""
        own = np.asarray(numbers, dtype=np.float32)
        if self._identity:
            return own.copy()
        out = np.zeros(self.observation_size, dtype=np.float32)
        out[self._index] = own
        return out

    @property
    def state_size(self) -> int:
        """The size of `global_state()`: the padded observation of every seat the game can have."""
        return self.game.max_players * self.observation_size

    def global_state(self) -> np.ndarray:
        """The whole game for a centralised critic: every seat's observation in seat order (what any seat
        knows, so nothing no seat knows: the deck's order, the dice to come), then zeros for the seats this
        table does not have, so the size is one per game."""
        out = np.zeros(self.state_size, dtype=np.float32)
        size = self.observation_size
        for seat in range(self.players):
            out[seat * size:(seat + 1) * size] = self.observation(seat)
        return out

    def mask(self, seat: int | None = None) -> np.ndarray:
        """int8 over the whole action space: 1 for each legal action of the pending decision (all 0
        when the game is over, or when `seat` is given and does not decide now). One read-only array per
        decision, made once and handed to every call for that decision."""
        state = self.state
        if state.over or (seat is not None and state.current_player != seat):
            return self.no_mask
        if state.version != self._mask_version or self.episode != self._mask_episode:
            # built afresh: most decisions of a game have legal actions never seen before (a store keyed
            # by them cost more than it saved), and a compiled loop over the few legal ids beats numpy's
            # indexing. An array over bytes is read-only from the start (cheaper than clearing its flag).
            self._mask = np.frombuffer(self._mask_bytes(state.legal_actions()), INT8)
            self._mask_version, self._mask_episode = state.version, self.episode
        return self._mask

    def rewards(self) -> list[float]:
        """Each seat's reward for the finished game (see the class)."""
        result = self.state.result()
        if self.reward == "score":
            if result.cooperative:
                return [float(result.team_score or 0.0) / self.score_scale] * self.players
            return [float(s) / self.score_scale for s in result.scores]
        return win_rewards(result)

    def render_text(self, seat: int | None) -> str:
        """The terminal's picture of the game as `seat` sees it (None: a spectator), and the prompt."""
        import io

        from rich.console import Console

        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None, force_terminal=False, legacy_windows=False)
        module = game_module(self.game.id, "terminal") if self._registered() else None
        if module is not None:
            console.print(module.render(self.state, seat))  # type: ignore[attr-defined]
        state = self.state
        if state.over:
            console.print(state.result().verdict())
        else:
            console.print(f"{state.prompt()}" + ("" if seat is None else f" (seen by {seat_name(seat)})"))
        return out.getvalue()

    def render_rgb(self, seat: int | None) -> np.ndarray:
        """The game's board as the web app draws it for `seat` (its SVG, rasterised with CairoSVG): an
        (height, width, 3) uint8 array."""
        try:
            import cairosvg
            from PIL import Image
        except ImportError as exc:
            raise InvalidOption("render_mode='rgb_array' needs CairoSVG (pip install 'talewood[rl]')") from exc
        import io

        module: Any = game_module(self.game.id, "render") if self._registered() else None
        state = self.state
        if module is None:
            raise InvalidOption(f"{self.game.name} has no board drawing (render.py) to rasterise")
        actions = []
        if seat is not None and state.current_player == seat and not state.over:
            for a in state.legal_actions():
                entry = self.game.action_space.to_json(a)
                entry["label"] = state.describe(a)
                actions.append(entry)
        svg = module.render_svg(state.view(seat), seat, actions)
        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))

    def _registered(self) -> bool:
        from ..games import REGISTRY

        return self.game.id in REGISTRY


def check_illegal_mode(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise InvalidOption(f"unknown illegal-action handling {illegal!r}; valid: {', '.join(ILLEGAL)}")
    return illegal


__all__ = ["AGENT", "ILLEGAL_REWARD", "IllegalAction", "Table", "agent_name", "check_illegal_mode", "seat_kinds",
           "win_rewards"]
