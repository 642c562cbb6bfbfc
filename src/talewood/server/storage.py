"""Storage, off the event loop: every database call runs on a thread of its own pool, so a slow or
locked database never holds up the games in memory, their pages or their WebSockets.

A read waits at most `timeout` seconds, then answers 503 with Retry-After (its thread finishes on its
own). A write is never abandoned half-way: the caller holds the game's lock until the database has
answered, and the request that asked for it is answered 503 after `timeout` (see
`Manager.within`), while the change, if the database takes it, reaches every page of the game.

The SQL itself: the games' rows and moves (`db.py`), each change guarded by the game's `version`
and announced to the other server processes with NOTIFY in the transaction that stores it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from . import db
from .errors import ApiError, too_slow, unavailable

log = logging.getLogger("talewood.server")
T = TypeVar("T")

# built once: executing a prepared statement skips rebuilding it on every move
INSERT_MOVE = insert(db.moves)
UPDATE_GAME = (update(db.games)
               .where(db.games.c.id == bindparam("gid")).where(db.games.c.version == bindparam("old"))
               .values(version=bindparam("new_version"), steps=bindparam("steps"),
                       current_player=bindparam("current_player"), over=bindparam("over"),
                       result=bindparam("result"), updated_at=bindparam("updated_at"),
                       turn_started=bindparam("turn_started"), wake_at=bindparam("wake_at"),
                       lease=bindparam("lease"), votes=bindparam("votes")))
LOST_RACE = "the game changed meanwhile (on another server process); reload it"


class Storage:
    def __init__(self, engine: Engine, *, shared: bool = False, timeout: float = 5.0, threads: int = 8) -> None:
        self.engine = engine
        self.shared = shared                # other processes use the database: announce every change
        self.timeout = timeout
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="talewood-db")
        # SQLite takes one writer at a time, and a second waits in sleeps of up to 100 ms: its writes go
        # one after another on a thread of their own (PostgreSQL's wait on row locks only)
        sqlite = engine.dialect.name == "sqlite"
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="talewood-db-write") if sqlite else self.pool
        self.busy = 0                       # calls waiting for or running on a thread now

    # -- running off the loop --------------------------------------------------------------------
    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on a database thread; 503 if it fails or takes longer than `timeout`."""
        future = self._submit(fn, *args)
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            future.add_done_callback(_quietly)
            raise too_slow(self.timeout, stored=False) from None
        except SQLAlchemyError as exc:
            raise unavailable(exc) from exc

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on a database thread, awaited to its end (its errors are the caller's to turn into
        answers): a change the database may still store is never left behind."""
        return await self._submit(fn, *args, pool=self.writer)

    def _submit(self, fn: Callable[..., T], *args: Any, pool: ThreadPoolExecutor | None = None) -> asyncio.Future[T]:
        self.busy += 1
        future = asyncio.get_running_loop().run_in_executor(pool or self.pool, fn, *args)
        future.add_done_callback(self._done)
        return future

    def _done(self, _future: asyncio.Future[Any]) -> None:
        self.busy -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.writer.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()

    # -- reading -----------------------------------------------------------------------------------
    def fetch_game(self, game_id: str) -> tuple[Any, list[Any]] | None:
        """The game's row and its moves' actions from one snapshot, or None if there is no such game."""
        with self.engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                # the row and its moves from one snapshot: another process may commit a move between them
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            conn.begin()
            row = conn.execute(select(db.games).where(db.games.c.id == game_id)).mappings().first()
            if row is None or row["damaged"] is not None:
                return (row, []) if row is not None else None
            actions = [r.action for r in conn.execute(
                select(db.moves.c.action).where(db.moves.c.game_id == game_id).order_by(db.moves.c.step))]
        return row, actions

    def latest_games(self, limit: int) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.games).order_by(db.games.c.updated_at.desc())
                                     .limit(limit)).mappings().all())

    def created_since(self, client: str, since: datetime) -> tuple[int, datetime | None]:
        """How many games `client` created or joined since `since` (a table not started yet counts as one
        created, a seat taken at another's table as one joined), and the oldest of them."""
        made, oldest = 0, None
        with self.engine.connect() as conn:
            for query in (
                    select(func.count(), func.min(db.games.c.created_at))
                    .where(db.games.c.creator == client).where(db.games.c.created_at >= since),
                    select(func.count(), func.min(db.tables.c.created_at))
                    .where(db.tables.c.creator == client).where(db.tables.c.created_at >= since)
                    .where(db.tables.c.status != "started"),
                    select(func.count(), func.min(db.joins.c.joined_at))
                    .where(db.joins.c.client == client).where(db.joins.c.joined_at >= since)):
                count, first = conn.execute(query).one()
                made += int(count)
                if first is not None and (oldest is None or _utc(first) < _utc(oldest)):
                    oldest = first
        return made, oldest

    def unfinished_seats(self, client: str) -> list[Any]:
        """The seat kinds of every unfinished game `client` created."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.games.c.seats).where(db.games.c.creator == client)
                                     .where(db.games.c.over.is_(False))
                                     .where(db.games.c.damaged.is_(None))).scalars().all())

    def unfinished_games(self) -> list[Any]:
        """(id, seats, stand-ins, whose turn) of every unfinished game that is not damaged."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.games.c.id, db.games.c.seats, db.games.c.standins,
                                            db.games.c.current_player)
                                     .where(db.games.c.over.is_(False)).where(db.games.c.damaged.is_(None))).all())

    def versions(self, ids: list[str]) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.games.c.id, db.games.c.version).where(db.games.c.id.in_(ids))).all())

    def due(self, stamp: datetime, limit: int = 200) -> list[Any]:
        """(id, version) of the unfinished games whose `wake_at` has passed."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.games.c.id, db.games.c.version)
                                     .where(db.games.c.over.is_(False)).where(db.games.c.damaged.is_(None))
                                     .where(db.games.c.wake_at <= stamp).limit(limit)).all())

    def seen(self, game_id: str) -> Any:
        """When each seat's player was last seen by any server process (None: no row)."""
        with self.engine.connect() as conn:
            return conn.execute(select(db.games.c.seen).where(db.games.c.id == game_id)).scalar()

    # -- writing -----------------------------------------------------------------------------------
    def announce(self, conn: Connection, game_id: str, version: int, instance: str) -> None:
        """Tell the other server processes (PostgreSQL NOTIFY: delivered when the transaction commits)."""
        if self.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": db.NOTIFY_CHANNEL, "payload": f"{game_id} {version} {instance}"})

    def insert_game(self, values: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(db.games).values(**values))

    def store_move(self, move: dict[str, Any], game: dict[str, Any], instance: str) -> None:
        """One accepted action and the game's new row; a lost race raises ApiError 409."""
        with self.engine.begin() as conn:
            conn.execute(INSERT_MOVE, move)
            if conn.execute(UPDATE_GAME, game).rowcount != 1:
                raise ApiError(409, LOST_RACE)
            self.announce(conn, game["gid"], game["new_version"], instance)

    def store_undo(self, game_id: str, version: int, keep: int, values: dict[str, Any], instance: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(db.moves).where(db.moves.c.game_id == game_id).where(db.moves.c.step >= keep))
            done = conn.execute(update(db.games).where(db.games.c.id == game_id)
                                .where(db.games.c.version == version).values(version=version + 1, **values))
            if done.rowcount != 1:
                raise ApiError(409, LOST_RACE)
            self.announce(conn, game_id, version + 1, instance)

    def store_seats(self, game_id: str, version: int, values: dict[str, Any], instance: str) -> None:
        """Who plays for whom, as a new version of the game."""
        with self.engine.begin() as conn:
            done = conn.execute(update(db.games).where(db.games.c.id == game_id)
                                .where(db.games.c.version == version).values(version=version + 1, **values))
            if done.rowcount != 1:
                raise ApiError(409, LOST_RACE)
            self.announce(conn, game_id, version + 1, instance)

    def set_aside(self, game_id: str, reason: str) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(update(db.games).where(db.games.c.id == game_id).values(damaged=reason))
        except SQLAlchemyError as exc:
            log.error("game %s could not be marked damaged (%s)", game_id, type(exc).__name__)

    def store_seen(self, games: list[tuple[str, list[str | None]]]) -> None:
        """When this process last saw each seat's player (ISO times), merged with what the others wrote:
        the latest time of each seat stays. Not a change of the game: no version, no notification."""
        with self.engine.begin() as conn:
            for game_id, seen in games:
                query = select(db.games.c.seen).where(db.games.c.id == game_id)
                if conn.dialect.name == "postgresql":
                    query = query.with_for_update()
                found = conn.execute(query).first()
                if found is None:
                    continue
                stored = found[0] if isinstance(found[0], list) and len(found[0]) == len(seen) else [None] * len(seen)
                merged = [max((t for t in (a, b) if isinstance(t, str)), default=None)
                          for a, b in zip(stored, seen, strict=True)]
                conn.execute(update(db.games).where(db.games.c.id == game_id).values(seen=merged))

    # -- bot turns and deadlines ------------------------------------------------------------------------
    def renew_leases(self, instance: str, until: datetime) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(db.games).where(db.games.c.lease == instance)
                         .where(db.games.c.over.is_(False)).where(db.games.c.wake_at.is_not(None))
                         .values(wake_at=until))

    def claim(self, game_id: str, version: int, instance: str, stamp: datetime, lease: timedelta,
              running: bool) -> bool:
        """Take a bot's turn over: only if nobody renewed it meanwhile (or it already runs here)."""
        claim = (update(db.games).where(db.games.c.id == game_id).where(db.games.c.version == version)
                 .values(lease=instance, wake_at=stamp + lease))
        if not running:
            claim = claim.where((db.games.c.wake_at.is_(None)) | (db.games.c.wake_at <= stamp))
        with self.engine.begin() as conn:
            return bool(conn.execute(claim).rowcount == 1)

    def reschedule(self, game_id: str, version: int, wake_at: datetime | None, lease: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(db.games).where(db.games.c.id == game_id).where(db.games.c.version == version)
                         .values(wake_at=wake_at, lease=lease))

    def release_leases(self, instance: str, stamp: datetime) -> None:
        """On a clean stop: hand this process's bot turns to the other processes at once."""
        with contextlib.suppress(SQLAlchemyError), self.engine.begin() as conn:
            conn.execute(update(db.games).where(db.games.c.lease == instance)
                         .where(db.games.c.over.is_(False)).values(wake_at=stamp, lease=None))


def _utc(stamp: datetime) -> datetime:
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _quietly(future: asyncio.Future[Any]) -> None:
    """A read whose answer came too late: its result (or error) is of no use to anyone now."""
    if not future.cancelled():
        future.exception()
