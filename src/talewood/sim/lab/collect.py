"""Playing a lab's games and streaming what happened into games.parquet, seats.parquet and items.parquet.

The games are played in chunks by `sim.batch.map_chunks` (local processes or Ray); each chunk comes back
as columns of rows, which are written in row groups as they arrive: no list of every game is kept.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from itertools import chain, islice, pairwise
from pathlib import Path
from typing import Any

from ... import __version__
from ...agents import ITERATIONS, check_budget, make_agent
from ...engine import Game, InvalidOption, State
from ...games import load
from ..batch import check_batch, chunk_size, map_chunks, seats_for
from ..play import Outcome, play_game
from .hooks import Hooks, Recorder, hooks_for

FLUSH_ROWS = 200_000     # rows buffered per table before a row group is written
LADDER_SEEDS = 1_000_000_000   # the ladder's deals start this far from the run's seed (other deals than the run's)
META_KEY = b"talewood.lab"

# the columns of each table, with their Arrow types (names of pyarrow factories)
SCHEMAS: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("first_player", "int8"),
              ("decisions", "int32"), ("length", "int32"), ("seconds", "float64"), ("winners", "int8"),
              ("team_won", "bool_"), ("team_score", "float64"), ("error", "string"), ("turns", "int32"),
              ("choices", "int32"), ("legal", "int64")),
    "seats": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("seat", "int8"),
              ("position", "int8"), ("bot", "string"), ("score", "float64"), ("won", "bool_")),
    "items": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("seat", "int8"),
              ("kind", "string"), ("item", "string"), ("event", "string"), ("value", "float64")),
    "ladder": (("seed", "int64"), ("players", "int8"), ("stronger", "string"), ("weaker", "string"),
               ("seat", "int8"), ("position", "int8"), ("bot", "string"), ("score", "float64"), ("won", "bool_"),
               ("decisions", "int32"), ("error", "string")),
}
Job = tuple[int, int, list[str], dict[str, Any]]       # seed, players, seat kinds, the options turned for it
Rung = tuple[int, int, list[str], str, str, dict[str, Any]]   # a ladder game: seed, players, kinds, stronger, weaker,
                                                              # the options turned for it
Variant = tuple[str, str | None]                       # label, content folder (None: the shipped content)


class Rows:
    """Rows for the three tables, one tuple each in SCHEMAS' column order, filled game by game."""

    __slots__ = ("games", "rows", "rungs")

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[Any, ...]]] = {table: [] for table in SCHEMAS}
        self.games = 0
        self.rungs = 0          # of `games`, the ladder's

    def add(self, variant: str, o: Outcome) -> None:
        facts: Recorder | None = o.facts
        order = facts.order if facts is not None and facts.order else list(range(o.players))
        steps: Trace | None = facts.steps if facts is not None else None
        self.rows["games"].append((variant, o.seed, o.players, order[0], o.decisions,
                                   facts.rounds if facts is not None else None, o.seconds, len(o.winners),
                                   o.team_won, o.team_score, o.error, steps.turns if steps else None,
                                   steps.choices if steps else None, steps.legal if steps else None))
        self.games += 1
        if o.error is not None:
            return
        winners = set(o.winners)
        team = o.team_won
        self.rows["seats"].extend(
            (variant, o.seed, o.players, seat, order.index(seat), o.seats[seat], score,
             bool(team) if team is not None else seat in winners)
            for seat, score in enumerate(o.scores))
        if facts is not None:
            head = (variant, o.seed, o.players)
            self.rows["items"].extend(head + event for event in facts.events)
            if steps is not None:
                self.rows["items"].extend(head + event for event in steps.events())

    def add_rung(self, o: Outcome, stronger: str, weaker: str) -> None:
        """A ladder game: one row per seat (`won` is the team's verdict in a cooperative game)."""
        order = o.facts if isinstance(o.facts, list) and o.facts else list(range(o.players))
        if o.error is not None:
            self.rows["ladder"].append((o.seed, o.players, stronger, weaker, -1, -1, "", None, None, o.decisions,
                                        o.error))
            return
        winners = set(o.winners)
        self.rows["ladder"].extend(
            (o.seed, o.players, stronger, weaker, seat, order.index(seat), o.seats[seat], score,
             bool(o.team_won) if o.team_won is not None else seat in winners, o.decisions, None)
            for seat, score in enumerate(o.scores))

    def extend(self, other: Rows) -> None:
        for table, rows in other.rows.items():
            self.rows[table].extend(rows)
        self.games += other.games
        self.rungs += other.rungs

    def size(self) -> int:
        return max(len(rows) for rows in self.rows.values())

    def columns(self, table: str) -> dict[str, list[Any]]:
        """The rows of `table` as columns."""
        names = [name for name, _ in SCHEMAS[table]]
        rows = self.rows[table]
        if not rows:
            return {name: [] for name in names}
        return {name: list(values) for name, values in zip(names, zip(*rows, strict=True), strict=True)}


_hooks: dict[str, Hooks] = {}
_kinds: dict[str, tuple[list[str], list[int]]] = {}


def hooks_of(game_id: str) -> Hooks:
    if game_id not in _hooks:
        _hooks[game_id] = hooks_for(game_id)
    return _hooks[game_id]


def action_kinds(game: Game) -> tuple[list[str], list[int]]:
    """The game's action kinds, and the kind (its index) of every action id."""
    if game.id not in _kinds:
        names: list[str] = []
        index: dict[str, int] = {}
        of: list[int] = []
        for action in range(len(game.action_space)):
            kind = game.action_space.spec(action).kind
            if kind not in index:
                index[kind] = len(names)
                names.append(kind)
            of.append(index[kind])
        _kinds[game.id] = (names, of)
    return _kinds[game.id]


class Trace:
    """What the lab notes of every decision of one game, before it is carried out: how many actions were
    legal (the branching factor), the turns (a run of decisions by one seat), the kind of each action chosen,
    and each seat's progress at the end of every round (the game's `progress` hook, asked when a turn
    begins, so its cost is per turn, not per decision); the game's `watch` hook sees every decision too."""

    __slots__ = ("choices", "chosen", "hooks", "kind_of", "kinds", "last", "legal", "marks", "rec", "round", "turns")

    def __init__(self, hooks: Hooks, rec: Recorder) -> None:
        self.hooks = hooks
        self.rec = rec
        self.kinds: list[str] = []
        self.kind_of: list[int] = []
        self.chosen: dict[tuple[int, int], int] = {}      # (seat, kind) -> how often chosen
        self.legal = self.choices = self.turns = self.round = 0
        self.last: int | None = -2
        self.marks: list[tuple[int, list[float]]] = []     # (a round that ended, each seat's progress then)

    def __call__(self, state: State, action: int) -> None:
        if not self.kind_of:
            self.kinds, self.kind_of = action_kinds(state.game)
        n = len(state.legal_actions())
        self.legal += n
        if n > 1:
            self.choices += 1
        seat = state.current_player
        key = (-1 if seat is None else seat, self.kind_of[action])
        self.chosen[key] = self.chosen.get(key, 0) + 1
        if seat != self.last:
            self.last = seat
            self.turns += 1
            progress = self.hooks.progress
            if progress is not None:
                r, values = progress(state)
                if r != self.round:
                    if self.round:
                        self.marks.append((self.round, [float(v) for v in values]))
                    self.round = r
        if self.hooks.watch is not None:
            self.hooks.watch(state, action, self.rec)

    def finish(self, state: State) -> None:
        """The finished game's progress, as the last round's."""
        if self.hooks.progress is None:
            return
        r, values = self.hooks.progress(state)
        r = max(r, self.round, 1)
        if self.marks and self.marks[-1][0] >= r:
            self.marks.pop()
        self.marks.append((r, [float(v) for v in values]))

    def events(self) -> Iterator[tuple[int, str, str, str, float]]:
        """Item rows: ("action", kind, "chosen", count) per seat; ("progress", round, "value", v) per seat."""
        for (seat, kind), count in self.chosen.items():
            yield (seat, "action", self.kinds[kind], "chosen", float(count))
        for r, values in self.marks:
            for seat, v in enumerate(values):
                yield (seat, "progress", str(r), "value", v)


def observe(state: State, outcome: Outcome, trace: Trace | None = None) -> Recorder:
    """The game's `record` hook on a finished game (run where the game was played), the turn order as the
    game tells it, and what `trace` followed."""
    rec = trace.rec if trace is not None else Recorder()
    rec.order = state.turn_order()
    hooks_of(state.game.id).record(state, state.result(), rec)
    if trace is not None:
        trace.finish(state)
        rec.steps = trace
    return rec


def turn_order(state: State, outcome: Outcome) -> list[int]:
    return state.turn_order()


def play_chunk(task: tuple[str, list[Any], dict[str, Any], list[Variant], str]) -> Rows:
    """Play a chunk of games, each once per variant (the same seed on every side), into rows; or a chunk of
    ladder games (Rungs, on the first variant's content)."""
    game_id, jobs, options, variants, budget = task
    rows = Rows()
    hooks = hooks_of(game_id)
    for job in jobs:
        if len(job) == 6:                # a ladder game
            seed, players, seats, stronger, weaker, turned = job
            outcome = play_game(game_id, Outcome(seed=seed, players=players, seats=seats), {**options, **turned},
                                content=variants[0][1], observe=turn_order, budget=budget)
            rows.add_rung(outcome, stronger, weaker)
            rows.rungs += 1
            continue
        seed, players, seats, turned = job
        for label, content in variants:
            trace = Trace(hooks, Recorder())

            def noted(state: State, outcome: Outcome, trace: Trace = trace) -> Recorder:
                return observe(state, outcome, trace)

            outcome = play_game(game_id, Outcome(seed=seed, players=players, seats=seats), {**options, **turned},
                                content=content, observe=noted, trace=trace, budget=budget)
            rows.add(label, outcome)
    rows.games = len(jobs)
    return rows


class ParquetSink:
    """The three Parquet files of a lab, written row group by row group."""

    def __init__(self, folder: Path) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.pa, self.pq = pa, pq
        folder.mkdir(parents=True, exist_ok=True)
        self.schemas = {table: pa.schema([(name, getattr(pa, kind)()) for name, kind in columns])
                        for table, columns in SCHEMAS.items()}
        self.writers = {table: pq.ParquetWriter(folder / f"{table}.parquet", schema, compression="zstd")
                        for table, schema in self.schemas.items()}
        self.buffer = Rows()

    def add(self, rows: Rows) -> None:
        self.buffer.extend(rows)
        if self.buffer.size() >= FLUSH_ROWS:
            self.flush()

    def flush(self) -> None:
        for table in SCHEMAS:
            if self.buffer.rows[table]:
                batch = self.pa.table(self.buffer.columns(table), schema=self.schemas[table])
                self.writers[table].write_table(batch)
        self.buffer = Rows()

    def close(self, meta: Mapping[str, Any]) -> None:
        self.flush()
        self.writers["games"].add_key_value_metadata({META_KEY: json.dumps(meta).encode()})
        for writer in self.writers.values():
            writer.close()


EACH = "each"           # an option given as NAME=each takes each of its values but the default in turn


def turned_options(game: Game, options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The options with every NAME=each replaced by its first value (to check and describe the run), and the
    values each such option takes in turn (every value of the option but its default)."""
    fixed = dict(options)
    turning: dict[str, list[Any]] = {}
    for option in game.option_set.options:
        if str(options.get(option.name, "")).lower() != EACH:
            continue
        if option.kind != "choice":
            raise InvalidOption(f"--option {option.name}=each needs an option with a list of values; "
                                f"{option.name} is {option.describe_valid()}")
        turning[option.name] = [v for v in option.choices if v != option.default]
        fixed[option.name] = turning[option.name][0]
    return fixed, turning


def jobs_for(games: int, players: list[int], seats: list[str], seed: int,
             turning: Mapping[str, list[Any]] | None = None) -> Iterator[Job]:
    """Seeds seed, seed+1, … cycling through the player counts (and the values of the options given as each),
    made as they are needed."""
    for i in range(games):
        n = players[i % len(players)]
        yield (seed + i, n, seats_for(n, seats), {name: values[i % len(values)]
                                                  for name, values in (turning or {}).items()})


LADDER = ("random", "greedy", "easy", "normal", "hard")     # weakest first


def rungs_for(rungs: list[str], games: int, players: list[int], seed: int, cooperative: bool,
              turning: Mapping[str, list[Any]] | None = None) -> Iterator[Rung]:
    """The ladder's games, per player count: each bot against the one below it (`games` games a pair: the
    stronger in one seat, the weaker in every other, the stronger's seat rotating over the same deals); in a
    cooperative game, each bot as the whole team (`games` games each, the same deals for every bot). The
    options given as each take their values in turn, deal by deal."""
    def turned(deal: int) -> dict[str, Any]:
        return {name: values[deal % len(values)] for name, values in (turning or {}).items()}

    for n in players:
        if cooperative:
            for bot in rungs:
                for i in range(games):
                    yield (seed + i, n, [bot] * n, bot, "", turned(i))
            continue
        for weaker, stronger in pairwise(rungs):
            for i in range(games):
                seat = i % n
                kinds = [weaker] * n
                kinds[seat] = stronger
                yield (seed + i // n, n, kinds, stronger, weaker, turned(i // n))


def run_lab(game_id: str, games: int, players: list[int], seats: list[str], seed: int, options: Mapping[str, Any],
            out: Path, *, variants: list[Variant] | None = None, workers: int = 1, backend: str = "local",
            progress: Callable[[int], None] | None = None, budget: str = ITERATIONS,
            ladder: list[str] | None = None, ladder_games: int = 0, sweep: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    """Play the games (once per variant, on the same seeds) and write the Parquet files into `out`;
    returns the run's description (also kept in games.parquet's metadata). `ladder`: bot kinds, weakest
    first, each played `ladder_games` games against the one below it at every player count (rungs_for);
    `sweep`: the description of a sweep whose values are the variants (kept in the metadata)."""
    variants = variants or [("", None)]
    check_budget(budget)
    given = dict(options)
    options, turning = turned_options(load(game_id), options)
    check_batch(game_id, players, seats, options)
    rungs = list(ladder or [])
    for kind in rungs:
        make_agent(kind)
    if rungs and len(rungs) < (1 if load(game_id).cooperative else 2):
        raise InvalidOption("--ladder needs at least two bot kinds, the weakest first (e.g. random,greedy,normal)")
    hooks = hooks_for(game_id)
    items: dict[str, list[list[str]]] = {}
    for label, content in variants:
        game = load(game_id, content)     # a variant's content is checked before any game is played
        for n in players:
            game.parse_options(options, n)
        items[label] = [[i.kind, i.key, i.name, i.group] for i in hooks.items(game)]
    base = load(game_id)
    started = datetime.now(UTC)
    clock = time.perf_counter()
    size = chunk_size(games, workers)
    source: Iterator[Any] = jobs_for(games, players, seats, seed, turning)
    ladder_seed = seed + LADDER_SEEDS
    if rungs and ladder_games:
        source = chain(source, rungs_for(rungs, ladder_games, players, ladder_seed, base_cooperative(game_id), turning))
    tasks = iter(lambda: list(islice(source, size)), [])
    sink = ParquetSink(out)
    done = played_rungs = 0
    try:
        for rows in map_chunks(play_chunk, ((game_id, chunk, dict(options), variants, budget) for chunk in tasks),
                               workers, backend):
            sink.add(rows)
            main = rows.games - rows.rungs
            done += main
            played_rungs += rows.rungs
            if progress:
                progress(rows.games)
    finally:
        meta = {
            "game": game_id, "name": base.name, "cooperative": base.cooperative, "players": players,
            "seats": seats, "options": {k: v for k, v in base.parse_options(options, players[0]).items()},
            "given_options": given, "turned": turning, "games": done, "planned": games, "seed": seed,
            "variants": [{"label": label, "content": content} for label, content in variants],
            "version": __version__, "started": started.isoformat(timespec="seconds"),
            "seconds": round(time.perf_counter() - clock, 3), "workers": workers, "backend": backend,
            "length_unit": hooks.length_unit, "items": items, "budget": budget,
            "progress": hooks.progress_name if hooks.progress is not None else None, "round": hooks.round_name,
            "ladder": {"bots": rungs, "games": ladder_games, "seed": ladder_seed, "played": played_rungs}
            if rungs and ladder_games else None,
            "sweep": sweep,
        }
        sink.close(meta)
    return meta


def base_cooperative(game_id: str) -> bool:
    return bool(load(game_id).cooperative)


def read_meta(folder: Path) -> dict[str, Any]:
    """The run's description from games.parquet (what `talewood report --from` renders)."""
    import pyarrow.parquet as pq

    from ...engine import InvalidOption

    path = folder / "games.parquet"
    if not path.is_file():
        raise InvalidOption(f"{folder} holds no games.parquet: give the folder a `talewood report --out` wrote")
    metadata = pq.read_metadata(path).metadata or {}
    if META_KEY not in metadata:
        raise InvalidOption(f"{path} was not written by `talewood report` (it carries no run description)")
    meta: dict[str, Any] = json.loads(metadata[META_KEY])
    return meta
