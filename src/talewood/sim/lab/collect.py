"""Playing a lab's games and streaming what happened into games.parquet, seats.parquet and items.parquet.

The games are played in chunks by `sim.batch.map_chunks` (local processes or Ray); each chunk comes back
as columns of rows, which are written in row groups as they arrive: no list of every game is kept.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine import State
from ...games import load
from ..batch import check_batch, chunk_size, map_chunks, seats_for
from ..play import Outcome, play_game
from .hooks import Hooks, Recorder, hooks_for

FLUSH_ROWS = 200_000     # rows buffered per table before a row group is written
META_KEY = b"talewood.lab"

# the columns of each table, with their Arrow types (names of pyarrow factories)
SCHEMAS: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("first_player", "int8"),
              ("decisions", "int32"), ("length", "int32"), ("seconds", "float64"), ("winners", "int8"),
              ("team_won", "bool_"), ("team_score", "float64"), ("error", "string")),
    "seats": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("seat", "int8"),
              ("position", "int8"), ("bot", "string"), ("score", "float64"), ("won", "bool_")),
    "items": (("variant", "string"), ("seed", "int64"), ("players", "int8"), ("seat", "int8"),
              ("kind", "string"), ("item", "string"), ("event", "string"), ("value", "float64")),
}
Job = tuple[int, int, list[str]]                       # seed, players, seat kinds
Variant = tuple[str, str | None]                       # label, content folder (None: the shipped content)


class Rows:
    """Rows for the three tables, one tuple each in SCHEMAS' column order, filled game by game."""

    __slots__ = ("games", "rows")

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[Any, ...]]] = {table: [] for table in SCHEMAS}
        self.games = 0

    def add(self, variant: str, o: Outcome) -> None:
        facts: Recorder | None = o.facts
        first = facts.first_seat if facts is not None else 0
        self.rows["games"].append((variant, o.seed, o.players, first, o.decisions,
                                   facts.rounds if facts is not None else None, o.seconds, len(o.winners),
                                   o.team_won, o.team_score, o.error))
        self.games += 1
        if o.error is not None:
            return
        winners = set(o.winners)
        team = o.team_won
        self.rows["seats"].extend(
            (variant, o.seed, o.players, seat, (seat - first) % o.players, o.seats[seat], score,
             bool(team) if team is not None else seat in winners)
            for seat, score in enumerate(o.scores))
        if facts is not None:
            head = (variant, o.seed, o.players)
            self.rows["items"].extend(head + event for event in facts.events)

    def extend(self, other: Rows) -> None:
        for table, rows in other.rows.items():
            self.rows[table].extend(rows)
        self.games += other.games

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


def observe(state: State, outcome: Outcome) -> Recorder:
    """The game's `record` hook on a finished game (run where the game was played)."""
    game_id = state.game.id
    if game_id not in _hooks:
        _hooks[game_id] = hooks_for(game_id)
    rec = Recorder()
    _hooks[game_id].record(state, state.result(), rec)
    return rec


def play_chunk(task: tuple[str, list[Job], dict[str, Any], list[Variant]]) -> Rows:
    """Play a chunk of games, each once per variant (the same seed on every side), into rows."""
    game_id, jobs, options, variants = task
    rows = Rows()
    for seed, players, seats in jobs:
        for label, content in variants:
            outcome = play_game(game_id, Outcome(seed=seed, players=players, seats=seats), options,
                                content=content, observe=observe)
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


def jobs_for(games: int, players: list[int], seats: list[str], seed: int) -> Iterator[Job]:
    """Seeds seed, seed+1, … cycling through the player counts, made as they are needed."""
    for i in range(games):
        n = players[i % len(players)]
        yield (seed + i, n, seats_for(n, seats))


def run_lab(game_id: str, games: int, players: list[int], seats: list[str], seed: int, options: Mapping[str, Any],
            out: Path, *, variants: list[Variant] | None = None, workers: int = 1, backend: str = "local",
            progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the games (once per variant, on the same seeds) and write the Parquet files into `out`;
    returns the run's description (also kept in games.parquet's metadata)."""
    variants = variants or [("", None)]
    check_batch(game_id, players, seats, options)
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
    source = jobs_for(games, players, seats, seed)
    tasks = iter(lambda: list(islice(source, size)), [])
    sink = ParquetSink(out)
    done = 0
    try:
        for rows in map_chunks(play_chunk, ((game_id, chunk, dict(options), variants) for chunk in tasks),
                               workers, backend):
            sink.add(rows)
            done += rows.games
            if progress:
                progress(rows.games)
    finally:
        meta = {
            "game": game_id, "name": base.name, "cooperative": base.cooperative, "players": players,
            "seats": seats, "options": {k: v for k, v in base.parse_options(options, players[0]).items()},
            "given_options": dict(options), "games": done, "planned": games, "seed": seed,
            "variants": [{"label": label, "content": content} for label, content in variants],
            "version": __version__, "started": started.isoformat(timespec="seconds"),
            "seconds": round(time.perf_counter() - clock, 3), "workers": workers, "backend": backend,
            "length_unit": hooks.length_unit, "items": items,
        }
        sink.close(meta)
    return meta


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
