"""Live games: loaded lazily from their records, kept in memory, changed only under a per-game lock.

Every change follows the same order: validate against the in-memory state, apply, commit the
change to the database (guarded by the game's `version`), and only then tell the subscribers. If
the commit fails the game is rebuilt from what the database holds.

Several server processes may share one PostgreSQL database: each change is announced with NOTIFY in
the transaction that stores it, and the other processes rebuild that game and tell their own
subscribers. A bot's turn belongs to the one process holding the game's lease; a process that dies
loses its leases when they run out and another takes the turn over (see `sweep`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..agents import make_agent
from ..engine import SECRET_SEED_BITS, Game, State, Step, TalewoodError, plural, rebuild_steps, record_of, undoable
from ..games import game_module, load
from . import db
from .bots import BotScheduler, think

log = logging.getLogger("talewood.server")

HUMAN = "human"
# a creator may choose any seed a live game could have drawn itself
MAX_SEED = (1 << (SECRET_SEED_BITS + 1)) - 1
RETRY_AFTER = 5                       # seconds, on 503 answers
LEASE = timedelta(seconds=30)         # how long a bot's turn stays with a process that stops renewing it
MIN_TURN_LIMIT = 1
MAX_TURN_LIMIT = 7 * 24 * 3600
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class ApiError(Exception):
    """An expected refusal: an HTTP status and a message saying what was wrong."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


class Damaged(ApiError):
    """A game whose stored record cannot be read back: set aside, never a client's fault."""

    def __init__(self, game_id: str) -> None:
        super().__init__(410, f"game {game_id} is damaged and cannot be loaded: its stored record is unreadable. "
                              "The server's operator has been told; other games are not affected.")


class Corrupt(Exception):
    """A stored row that does not describe a game (the message says which field)."""


def storage_failed(exc: SQLAlchemyError, what: str) -> ApiError:
    """A lost race is a conflict (409); anything else means the database cannot take writes now (503)."""
    if isinstance(exc, IntegrityError):
        return ApiError(409, f"the game changed meanwhile: {what} was not stored; reload the game")
    return ApiError(503, f"the database cannot store {what} right now ({type(exc).__name__}); nothing changed, "
                         f"try again in {RETRY_AFTER} s", {"Retry-After": str(RETRY_AFTER)})


def unavailable(exc: SQLAlchemyError) -> ApiError:
    return ApiError(503, f"the database is unavailable ({type(exc).__name__}); try again in {RETRY_AFTER} s",
                    {"Retry-After": str(RETRY_AFTER)})


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def client_key(host: str | None) -> str | None:
    """What the creation limit counts by: a hash of the client's address (the address is not stored)."""
    if not host:
        return None
    return hashlib.sha256(host.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def secret_seed() -> int:
    """128 bits from the operating system's secret source; the top bit makes it ≥ SECRET_SEED_MIN."""
    return (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)


def now() -> datetime:
    return datetime.now(UTC)


def aware(stamp: datetime | None) -> datetime | None:
    """SQLite gives timestamps back without their zone; they were stored in UTC."""
    if stamp is not None and stamp.tzinfo is None:
        return stamp.replace(tzinfo=UTC)
    return stamp


def duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds % 86400 == 0:
        return plural(seconds // 86400, "day")
    if seconds % 3600 == 0:
        return plural(seconds // 3600, "hour")
    if seconds % 60 == 0:
        return plural(seconds // 60, "minute")
    return plural(seconds, "second")


@dataclass(frozen=True)
class Limits:
    """What one client may create: `games` per `window` seconds, and `bot_only` unfinished games of
    bots only at a time (0: no limit)."""

    games: int = 20
    window: float = 600.0
    bot_only: int = 4


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class Live:
    id: str
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    state: State
    steps: list[Step]
    version: int
    prearranged: bool = False
    turn_limit: int | None = None
    standin_kind: str = "greedy"
    standins: list[str | None] = field(default_factory=list)
    votes: list[list[int]] = field(default_factory=list)
    undo_floor: int = 0
    turn_started: datetime | None = None
    wake_at: datetime | None = None
    lease: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: int | None = None
    bot_task: asyncio.Task[None] | None = None
    cache: dict[tuple[int, int | None, bool], dict[str, Any]] = field(default_factory=dict)
    encoded: dict[tuple[int, int | None, bool], bytes] = field(default_factory=dict)
    error: str | None = None
    moved: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        if not self.standins:
            self.standins = [None] * self.players
        if not self.votes:
            self.votes = [[] for _ in range(self.players)]

    def invalidate(self) -> None:
        self.cache.clear()
        self.encoded.clear()

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token claims (None: no token, a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        found: int | None = None
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(digest, stored):
                found = seat
        if found is None:
            raise ApiError(403, "this link is not valid: its token claims no seat of this game")
        return found

    def plays(self, seat: int | None) -> str | None:
        """The bot kind that plays `seat` now (its own kind, or a stand-in), or None for a person."""
        if seat is None:
            return None
        return self.standins[seat] or (None if self.seats[seat] == HUMAN else self.seats[seat])

    @property
    def people(self) -> bool:
        """Whether a person sits at this game (its bots then think in the foreground lane)."""
        return HUMAN in self.seats

    def deadline(self) -> datetime | None:
        seat = self.state.current_player
        if (self.turn_limit is None or seat is None or self.state.is_over or self.plays(seat) is not None
                or self.turn_started is None):
            return None
        return self.turn_started + timedelta(seconds=self.turn_limit)


# built once: executing a prepared statement skips rebuilding it on every move
INSERT_MOVE = insert(db.moves)
UPDATE_GAME = (update(db.games)
               .where(db.games.c.id == bindparam("gid")).where(db.games.c.version == bindparam("old"))
               .values(version=bindparam("new_version"), steps=bindparam("steps"),
                       current_player=bindparam("current_player"), over=bindparam("over"),
                       result=bindparam("result"), updated_at=bindparam("updated_at"),
                       turn_started=bindparam("turn_started"), wake_at=bindparam("wake_at"),
                       lease=bindparam("lease"), votes=bindparam("votes")))


def replay_steps(game: Game, players: int, seed: int, options: dict[str, Any],
                 actions: list[int]) -> tuple[State, list[Step]]:
    return rebuild_steps(game, players, seed, options, actions)


def parse_seed(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        seed = value
    elif isinstance(value, str) and value.isdigit() and len(value) <= 64:
        seed = int(value)
    else:
        raise Corrupt("seed is not a whole number")
    if not 0 <= seed <= MAX_SEED:
        raise Corrupt("seed is out of range")
    return seed


def _list(row: Any, name: str, players: int, check: Callable[[Any], bool], default: Any = None) -> list[Any]:
    value = row[name]
    if value is None and default is not None:
        return [default() for _ in range(players)]
    if not isinstance(value, list) or len(value) != players or not all(check(v) for v in value):
        raise Corrupt(f"{name} is not a list of {players} valid entries")
    return list(value)


def _int(row: Any, name: str, nullable: bool = False) -> int | None:
    value = row[name]
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Corrupt(f"{name} is not a whole number")
    return value


def parse_live(row: Any, actions: list[Any]) -> Live:
    """A Live game from its stored row and moves; anything that does not fit raises Corrupt or a
    TalewoodError (a move the rules refuse)."""
    if not isinstance(row["game"], str):
        raise Corrupt("game is not a game id")
    game = load(row["game"])
    players = _int(row, "players")
    assert players is not None
    game.check_players(players)
    seed = parse_seed(row["seed"])
    options = row["options"]
    if not isinstance(options, dict):
        raise Corrupt("options is not an object")
    seats = _list(row, "seats", players, lambda v: isinstance(v, str) and len(v) <= 32)
    hashes = _list(row, "token_hashes", players, lambda v: v is None or isinstance(v, str))
    if any((kind == HUMAN) != (digest is not None) for kind, digest in zip(seats, hashes, strict=True)):
        raise Corrupt("token_hashes does not give each human seat a token")
    standins = _list(row, "standins", players, lambda v: v is None or isinstance(v, str), default=lambda: None)
    votes = _list(row, "votes", players, lambda v: isinstance(v, list) and all(
        isinstance(s, int) and 0 <= s < players for s in v), default=list)
    version = _int(row, "version")
    assert version is not None
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
        raise Corrupt("a stored move is not an action id")
    if row["steps"] != len(actions):
        raise Corrupt(f"the game says it has {row['steps']} moves but {len(actions)} are stored")
    undo_floor = _int(row, "undo_floor")
    turn_limit = _int(row, "turn_limit", nullable=True)
    kind = row["standin_kind"]
    if not isinstance(kind, str):
        raise Corrupt("standin_kind is not a bot kind")
    state, steps = replay_steps(game, players, seed, dict(options), actions)
    return Live(id=row["id"], game=game, players=players, seed=seed, options=dict(options), seats=seats,
                token_hashes=hashes, state=state, steps=steps, version=version,
                prearranged=bool(row["prearranged"]), turn_limit=turn_limit, standin_kind=kind,
                standins=standins, votes=votes, undo_floor=min(undo_floor or 0, len(steps)),
                turn_started=aware(row["turn_started"]), wake_at=aware(row["wake_at"]), lease=row["lease"])


# what a damaged row may raise while it is read back
CORRUPTION = (Corrupt, TalewoodError, ValueError, TypeError, KeyError, IndexError, AssertionError)


class Manager:
    def __init__(self, engine: Engine, bots: BotScheduler, *, bot_delay: float = 0.0, limits: Limits | None = None,
                 shared: bool = False, sweep_every: float = 1.0) -> None:
        self.engine = engine
        self.bots = bots
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.shared = shared                  # other processes may use the database: announce changes
        self.sweep_every = sweep_every
        self.instance = secrets.token_hex(8)  # this process, as leases name it
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._refreshing: dict[str, bool] = {}      # game id -> another rebuild is wanted
        self.closed = False
        self.computed = 0                     # bot moves this process has thought out
        self.listening = asyncio.Event()
        self._renewed: datetime | None = None

    # -- loading -----------------------------------------------------------------------------
    def _load(self, game_id: str) -> Live:
        with self.engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                # the row and its moves from one snapshot: another process may commit a move between them
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            conn.begin()
            row = conn.execute(select(db.games).where(db.games.c.id == game_id)).mappings().first()
            if row is None:
                raise ApiError(404, f"this game does not exist: there is no game {game_id!r} on this server")
            if row["damaged"] is not None:
                raise Damaged(game_id)
            actions = [r.action for r in conn.execute(
                select(db.moves.c.action).where(db.moves.c.game_id == game_id).order_by(db.moves.c.step))]
        try:
            return parse_live(row, actions)
        except CORRUPTION as exc:
            self.set_aside(game_id, exc)
            raise Damaged(game_id) from None

    def set_aside(self, game_id: str, exc: BaseException) -> None:
        """Mark a game whose row cannot be read back, so no request tries it again, and tell the log."""
        reason = f"{type(exc).__name__}: {exc}"[:500]
        log.error("game %s is damaged and set aside: %s", game_id, reason)
        try:
            with self.engine.begin() as conn:
                conn.execute(update(db.games).where(db.games.c.id == game_id).values(damaged=reason))
        except SQLAlchemyError as db_exc:
            log.error("game %s could not be marked damaged (%s)", game_id, type(db_exc).__name__)

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            return live
        if not GAME_ID.fullmatch(game_id):
            raise ApiError(404, "this game does not exist: a game id is 1 to 32 letters, digits, - or _")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is None:
                try:
                    live = self._load(game_id)
                except SQLAlchemyError as exc:
                    raise unavailable(exc) from exc
                self.live[game_id] = live
                self.ensure_bots(live)
        self._loading.pop(game_id, None)
        return live

    async def refresh(self, game_id: str, old: Live | None = None) -> None:
        """Rebuild a game from the database (another process changed it, or a write here failed) and
        carry its subscribers and waiters over."""
        old = old or self.live.get(game_id)
        if old is None:
            return
        async with old.lock:
            current = self.live.get(game_id)
            if current is not None and current is not old:
                # a request rebuilt it first: hand the old subscribers and waiters over to it
                current.subscribers |= old.subscribers
                self._wake(old)
                self.notify(old, {"type": "state"})
                return
            try:
                new: Live | None = self._load(game_id)
            except (ApiError, SQLAlchemyError) as exc:
                log.warning("game %s could not be reloaded (%s)", game_id, type(exc).__name__)
                new = None
            if new is None:
                self.live.pop(game_id, None)
            else:
                new.subscribers = old.subscribers
                self.live[game_id] = new
            if old.bot_task is not None and old.bot_task is not asyncio.current_task():
                old.bot_task.cancel()
        self._wake(old)
        self.notify(old, {"type": "state"})
        if new is not None:
            self.ensure_bots(new)

    def _refresh_later(self, game_id: str, old: Live) -> None:
        """Rebuild the game soon; a change announced while a rebuild runs makes it run once more (the
        running one may have read the database before that change)."""
        if game_id in self._refreshing:
            self._refreshing[game_id] = True
            return
        self._refreshing[game_id] = False

        async def go() -> None:
            try:
                await self.refresh(game_id, old)
                while self._refreshing.get(game_id):
                    self._refreshing[game_id] = False
                    await self.refresh(game_id)
            finally:
                self._refreshing.pop(game_id, None)

        asyncio.get_running_loop().create_task(go())

    def resume_all(self) -> int:
        """At startup: take every bot turn of unfinished games (when this process is the only one) and
        set aside the damaged games found on the way. Other work is found by `sweep`."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(db.games.c.id, db.games.c.seats, db.games.c.standins,
                                           db.games.c.current_player)
                                    .where(db.games.c.over.is_(False)).where(db.games.c.damaged.is_(None))).all()
        except SQLAlchemyError as exc:
            log.error("the unfinished games could not be listed (%s)", type(exc).__name__)
            return 0
        count = 0
        for game_id, seats, standins, current in rows:
            try:
                bot_turn = isinstance(current, int) and (
                    seats[current] != HUMAN or (isinstance(standins, list) and standins[current] is not None))
            except (TypeError, IndexError, KeyError):
                bot_turn = True            # let the loader look at it (and set it aside)
            if not bot_turn or game_id in self.live:
                continue
            try:
                live = self._load(game_id)
            except ApiError:
                continue                   # damaged: set aside and logged by the loader
            except SQLAlchemyError as exc:
                log.error("game %s could not be read (%s)", game_id, type(exc).__name__)
                continue
            if not self.shared:
                live.lease = self.instance
            self.live[game_id] = live
            self.ensure_bots(live)
            count += 1
        return count

    # -- creating ----------------------------------------------------------------------------
    def check_limits(self, client: str | None, bot_only: bool, stamp: datetime) -> None:
        limits = self.limits
        if client is None:
            return
        try:
            with self.engine.connect() as conn:
                if limits.games:
                    since = stamp - timedelta(seconds=limits.window)
                    made, oldest = conn.execute(
                        select(func.count(), func.min(db.games.c.created_at))
                        .where(db.games.c.creator == client).where(db.games.c.created_at >= since)).one()
                    if made >= limits.games:
                        oldest = aware(oldest) or stamp
                        wait = max(1, int((oldest + timedelta(seconds=limits.window) - stamp).total_seconds()) + 1)
                        raise ApiError(429, f"too many new games: this address created {made} games in the last "
                                            f"{duration(limits.window)}, the most this server allows. Try again "
                                            f"in {plural(wait, 'second')}.", {"Retry-After": str(wait)})
                if bot_only and limits.bot_only:
                    seats = conn.execute(select(db.games.c.seats).where(db.games.c.creator == client)
                                         .where(db.games.c.over.is_(False))
                                         .where(db.games.c.damaged.is_(None))).scalars().all()
                    running = sum(1 for s in seats if isinstance(s, list) and HUMAN not in s)
                    if running >= limits.bot_only:
                        raise ApiError(429, f"too many games of bots only: this address has {running} in progress, "
                                            f"the most this server allows. Wait for one to end, or seat a person.",
                                       {"Retry-After": "60"})
        except SQLAlchemyError as exc:
            raise unavailable(exc) from exc

    async def create(self, game_id: str, players: int | None, seats: list[str] | None,
                     options: dict[str, Any] | None, seed: int | None, *, turn_limit: int | None = None,
                     standin: str | None = None, client: str | None = None) -> tuple[Live, list[str | None]]:
        game = load(game_id)
        if players is None:
            players = len(seats) if seats else max(game.min_players, min(2, game.max_players))
        game.check_players(players)
        if seats is None:
            seats = [HUMAN] + ["greedy"] * (players - 1)
        if len(seats) != players:
            raise ApiError(422, f"{len(seats)} seats given for {players} players: give one kind per seat")
        for kind in seats:
            if kind != HUMAN:
                make_agent(kind, 0)        # refuses an unknown kind, listing the valid ones
        standin = standin or "greedy"
        if standin == HUMAN:
            raise ApiError(422, "standin must be a bot kind: it plays for a player who is gone")
        make_agent(standin, 0)
        if turn_limit is not None and not MIN_TURN_LIMIT <= turn_limit <= MAX_TURN_LIMIT:
            raise ApiError(422, f"turn_limit must be between {MIN_TURN_LIMIT} and {MAX_TURN_LIMIT} seconds, "
                                "or null for no limit")
        prearranged = seed is not None
        if seed is None:
            seed = secret_seed()
        if not 0 <= seed <= MAX_SEED:
            raise ApiError(422, f"the seed must be between 0 and 2**{SECRET_SEED_BITS + 1} - 1")
        parsed = game.parse_options(options, players)
        stamp = now()
        self.check_limits(client, HUMAN not in seats, stamp)
        state, steps = replay_steps(game, players, seed, parsed, [])
        tokens: list[str | None] = [secrets.token_urlsafe(24) if k == HUMAN else None for k in seats]
        hashes = [hash_token(t) if t is not None else None for t in tokens]
        new_id = secrets.token_hex(6)
        live = Live(id=new_id, game=game, players=players, seed=seed, options=parsed, seats=list(seats),
                    token_hashes=hashes, state=state, steps=steps, version=0, prearranged=prearranged,
                    turn_limit=turn_limit, standin_kind=standin)
        sched = self._schedule(live, state, stamp, True)
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(db.games).values(
                    id=new_id, game=game.id, players=players, seed=str(seed), prearranged=prearranged,
                    options=parsed, seats=seats, token_hashes=hashes, version=0, steps=0,
                    current_player=state.current_player, over=state.is_over, result=None, created_at=stamp,
                    updated_at=stamp, turn_limit=turn_limit, standin_kind=standin, standins=live.standins,
                    votes=live.votes, undo_floor=0, creator=client, **sched))
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the new game") from exc
        self._apply_schedule(live, sched)
        self.live[new_id] = live
        self.ensure_bots(live)
        return live, tokens

    # -- changing ----------------------------------------------------------------------------
    def _schedule(self, live: Live, state: State, stamp: datetime, turn_changed: bool,
                  standins: list[str | None] | None = None) -> dict[str, Any]:
        """When the seat to play began, and when a server must act unasked: a bot's turn is leased to
        this process; a person's turn with a limit wakes a server at its deadline."""
        seat = state.current_player
        if state.is_over or seat is None:
            return {"turn_started": None, "wake_at": None, "lease": None}
        started = stamp if turn_changed or live.turn_started is None else live.turn_started
        standins = live.standins if standins is None else standins
        if standins[seat] is not None or live.seats[seat] != HUMAN:
            return {"turn_started": started, "wake_at": stamp + LEASE, "lease": self.instance}
        if live.turn_limit is not None:
            return {"turn_started": started, "wake_at": started + timedelta(seconds=live.turn_limit), "lease": None}
        return {"turn_started": started, "wake_at": None, "lease": None}

    @staticmethod
    def _apply_schedule(live: Live, sched: dict[str, Any]) -> None:
        live.turn_started, live.wake_at, live.lease = sched["turn_started"], sched["wake_at"], sched["lease"]

    def _announce(self, conn: Connection, live: Live, version: int) -> None:
        """Tell the other server processes (PostgreSQL NOTIFY: delivered when the transaction commits)."""
        if self.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": db.NOTIFY_CHANNEL, "payload": f"{live.id} {version} {self.instance}"})

    def _failed(self, live: Live, exc: SQLAlchemyError | ApiError, what: str) -> ApiError:
        """After a failed write. A lost race (another process changed the game): rebuild the game from
        the database. The database refusing writes: nothing changed, the game stays as it was."""
        error = exc if isinstance(exc, ApiError) else storage_failed(exc, what)
        if error.status == 409:
            self.live.pop(live.id, None)
            with contextlib.suppress(RuntimeError):
                self._refresh_later(live.id, live)
        return error

    def _commit_move(self, live: Live, seat: int, action: int) -> None:
        """Apply `action` (already known legal), commit it, then bump the version."""
        step = len(live.steps)
        events = list(live.state.apply(action))
        state = live.state
        result = state.result().to_json() if state.is_over else None
        stamp = now()
        sched = self._schedule(live, state, stamp, state.current_player != seat)
        votes = live.votes
        if live.standins[seat] is None and votes[seat]:
            votes = [[] if s == seat else v for s, v in enumerate(votes)]   # the player is here after all
        try:
            with self.engine.begin() as conn:
                conn.execute(INSERT_MOVE, {"game_id": live.id, "step": step, "action": action, "seat": seat})
                done = conn.execute(UPDATE_GAME, {
                    "gid": live.id, "old": live.version, "new_version": live.version + 1, "steps": step + 1,
                    "current_player": state.current_player, "over": state.is_over, "result": result,
                    "updated_at": stamp, "votes": votes, **sched})
                if done.rowcount != 1:
                    raise ApiError(409, "the game changed meanwhile (on another server process); reload it")
                self._announce(conn, live, live.version + 1)
        except (SQLAlchemyError, ApiError) as exc:
            # the state in memory is one move ahead of the database: take that move back
            live.state, live.steps = replay_steps(live.game, live.players, live.seed, live.options,
                                                  list(state.history or [])[:-1])
            live.invalidate()
            raise self._failed(live, exc, "the move") from exc
        live.steps.append(Step(seat, events, state.barrier))
        live.version += 1
        live.votes = votes
        self._apply_schedule(live, sched)
        live.invalidate()

    def _commit_seats(self, live: Live, standins: list[str | None], votes: list[list[int]],
                      undo_floor: int | None = None, restart_turn: bool = False) -> None:
        """Store who plays for whom (a stand-in comes or goes, a vote is cast) as a new version."""
        stamp = now()
        sched = self._schedule(live, live.state, stamp, restart_turn, standins)
        floor = live.undo_floor if undo_floor is None else undo_floor
        try:
            with self.engine.begin() as conn:
                done = conn.execute(update(db.games).where(db.games.c.id == live.id)
                                    .where(db.games.c.version == live.version)
                                    .values(version=live.version + 1, updated_at=stamp, standins=standins,
                                            votes=votes, undo_floor=floor, **sched))
                if done.rowcount != 1:
                    raise ApiError(409, "the game changed meanwhile (on another server process); reload it")
                self._announce(conn, live, live.version + 1)
        except (SQLAlchemyError, ApiError) as exc:
            raise self._failed(live, exc, "the change of seats") from exc
        live.version += 1
        live.standins, live.votes, live.undo_floor = standins, votes, floor
        self._apply_schedule(live, sched)
        live.invalidate()

    async def act(self, game_id: str, token: str | None, action: int, version: int) -> tuple[Live, int]:
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot act: give a seat's token")
        async with live.lock:
            if live.version != version:
                raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if live.standins[seat] is not None:
                raise ApiError(409, f"a {live.standins[seat]} bot plays for you since you were gone: "
                                    "take your seat back first")
            if live.state.current_player != seat:
                raise ApiError(409, f"it is not your turn: waiting for Player {live.state.current_player + 1}"
                               if live.state.current_player is not None else "it is not your turn")
            if action not in live.state.legal_actions():
                raise ApiError(422, live.state.illegal_reason(action))
            self._commit_move(live, seat, action)
        self.changed(live)
        return live, seat

    async def undo(self, game_id: str, token: str | None, version: int) -> tuple[Live, int]:
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot undo: give a seat's token")
        async with live.lock:
            if live.version != version:
                raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
            count = self.undo_count(live, seat)
            if count == 0:
                raise ApiError(409, "nothing to undo: no decision of yours can be taken back now")
            history = list(live.state.history or [])[:-count]
            keep = len(history)
            state, steps = replay_steps(live.game, live.players, live.seed, live.options, history)
            stamp = now()
            sched = self._schedule(live, state, stamp, state.current_player != live.state.current_player)
            try:
                with self.engine.begin() as conn:
                    conn.execute(delete(db.moves).where(db.moves.c.game_id == live.id).where(db.moves.c.step >= keep))
                    done = conn.execute(update(db.games).where(db.games.c.id == live.id)
                                        .where(db.games.c.version == live.version)
                                        .values(version=live.version + 1, steps=keep,
                                                current_player=state.current_player, over=False, result=None,
                                                updated_at=stamp, **sched))
                    if done.rowcount != 1:
                        raise ApiError(409, "the game changed meanwhile (on another server process); reload it")
                    self._announce(conn, live, live.version + 1)
            except (SQLAlchemyError, ApiError) as exc:
                raise self._failed(live, exc, "the undo") from exc
            live.state, live.steps = state, steps
            live.version += 1
            self._apply_schedule(live, sched)
            live.invalidate()
        self.changed(live)
        return live, seat

    def undo_count(self, live: Live, seat: int | None) -> int:
        if seat is None or live.state.is_over or live.plays(seat) is not None:
            return 0
        # never back past the moves a stand-in made for this seat
        return undoable(live.steps[live.undo_floor:], seat, live.state.current_player)

    # -- a player who is gone ----------------------------------------------------------------------
    def _needed(self, live: Live, gone: int) -> set[int]:
        """The seats whose agreement puts a stand-in in `gone`'s place: every other person at the table."""
        return {s for s, kind in enumerate(live.seats) if kind == HUMAN and s != gone and live.standins[s] is None}

    async def vote_gone(self, game_id: str, token: str | None, gone: int, version: int) -> tuple[Live, int]:
        """`token`'s seat agrees that `gone`, whose turn it is, has left: once every other person at the
        table agrees, a bot of the game's stand-in kind plays for that seat."""
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot decide that a player is gone: give a seat's token")
        async with live.lock:
            if live.version != version:
                raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if not 0 <= gone < live.players:
                raise ApiError(422, f"seat must be between 0 and {live.players - 1}")
            if gone == seat:
                raise ApiError(422, "you cannot vote yourself out: to leave, simply close the page")
            if live.standins[seat] is not None:
                raise ApiError(409, "a bot plays for you since you were gone: take your seat back first")
            if live.seats[gone] != HUMAN:
                raise ApiError(409, f"Player {gone + 1} is a bot")
            if live.standins[gone] is not None:
                raise ApiError(409, f"a {live.standins[gone]} bot already plays for Player {gone + 1}")
            if live.state.current_player != gone:
                raise ApiError(409, f"Player {gone + 1} is not holding up the game: it is not their turn")
            agreed = sorted({*live.votes[gone], seat})
            votes = [agreed if s == gone else list(v) for s, v in enumerate(live.votes)]
            standins = list(live.standins)
            if set(agreed) >= self._needed(live, gone):
                standins[gone] = live.standin_kind
                votes[gone] = []
                log.info("game %s: the other players agree Player %d is gone; a %s bot plays for them",
                         live.id, gone + 1, live.standin_kind)
            self._commit_seats(live, standins, votes)
        self.changed(live)
        return live, seat

    async def reclaim(self, game_id: str, token: str | None) -> tuple[Live, int]:
        """The player is back: their seat is theirs again (the stand-in's moves cannot be undone)."""
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator has no seat to take back: give a seat's token")
        async with live.lock:
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if live.standins[seat] is None:
                raise ApiError(409, "nobody plays for you: the seat is already yours")
            standins = [None if s == seat else k for s, k in enumerate(live.standins)]
            votes = [[] if s == seat else list(v) for s, v in enumerate(live.votes)]
            self._commit_seats(live, standins, votes, undo_floor=len(live.steps),
                               restart_turn=live.state.current_player == seat)
        self.changed(live)
        return live, seat

    def _time_out(self, live: Live, seat: int) -> None:
        standins = list(live.standins)
        standins[seat] = live.standin_kind
        votes = [[] if s == seat else list(v) for s, v in enumerate(live.votes)]
        log.info("game %s: Player %d took longer than %s; a %s bot plays for them", live.id, seat + 1,
                 duration(live.turn_limit or 0), live.standin_kind)
        self._commit_seats(live, standins, votes)

    # -- work no one asked for: bot turns whose process is gone, deadlines ---------------------------
    async def sweep(self) -> int:
        """Act on every game whose `wake_at` has passed; renew the leases of bot turns played here."""
        stamp = now()
        if self._renewed is None or stamp - self._renewed >= LEASE / 3:
            with self.engine.begin() as conn:
                conn.execute(update(db.games).where(db.games.c.lease == self.instance)
                             .where(db.games.c.over.is_(False)).where(db.games.c.wake_at.is_not(None))
                             .values(wake_at=stamp + LEASE))
            self._renewed = stamp
        with self.engine.connect() as conn:
            due = conn.execute(select(db.games.c.id, db.games.c.version)
                               .where(db.games.c.over.is_(False)).where(db.games.c.damaged.is_(None))
                               .where(db.games.c.wake_at <= stamp).limit(200)).all()
        for game_id, version in due:
            try:
                await self._wake_up(game_id, version)
            except ApiError:
                continue
            except SQLAlchemyError as exc:
                log.warning("game %s: the database failed (%s); trying again later", game_id, type(exc).__name__)
        return len(due)

    async def _wake_up(self, game_id: str, version: int) -> None:
        live = await self.get(game_id)
        if live.version < version:
            await self.refresh(game_id, live)
            live = await self.get(game_id)
        if live.version != version:
            return                              # it changed since the sweep looked: the next one will see
        start = False
        changed = False
        async with live.lock:
            if live.version != version:
                return
            state = live.state
            seat = state.current_player
            stamp = now()
            sched = self._schedule(live, state, stamp, False)
            if live.plays(seat) is not None:
                running = live.bot_task is not None and not live.bot_task.done()
                claim = (update(db.games).where(db.games.c.id == live.id).where(db.games.c.version == version)
                         .values(lease=self.instance, wake_at=stamp + LEASE))
                if not running:
                    claim = claim.where((db.games.c.wake_at.is_(None)) | (db.games.c.wake_at <= stamp))
                with self.engine.begin() as conn:
                    won = conn.execute(claim).rowcount == 1
                if won:
                    live.lease, live.wake_at = self.instance, stamp + LEASE
                    start = not running
            elif seat is not None and (deadline := live.deadline()) is not None and deadline <= stamp:
                self._time_out(live, seat)
                changed = True
            else:
                with self.engine.begin() as conn:
                    conn.execute(update(db.games).where(db.games.c.id == live.id)
                                 .where(db.games.c.version == version)
                                 .values(wake_at=sched["wake_at"], lease=sched["lease"]))
                live.wake_at, live.lease = sched["wake_at"], sched["lease"]
        if changed:
            self.changed(live)
        elif start:
            self.ensure_bots(live)

    def release_leases(self) -> None:
        """On a clean stop: hand this process's bot turns to the other processes at once."""
        with contextlib.suppress(SQLAlchemyError), self.engine.begin() as conn:
            conn.execute(update(db.games).where(db.games.c.lease == self.instance)
                         .where(db.games.c.over.is_(False)).values(wake_at=now(), lease=None))

    async def sweep_forever(self) -> None:
        while not self.closed:
            try:
                await self.sweep()
            except SQLAlchemyError as exc:
                log.warning("the periodic check could not read the database (%s)", type(exc).__name__)
            except Exception as exc:
                log.error("the periodic check failed (%s)", type(exc).__name__)
            await asyncio.sleep(self.sweep_every)

    # -- other server processes ----------------------------------------------------------------------
    def on_notify(self, payload: str) -> None:
        """Another process changed a game: rebuild it here if anyone here follows it."""
        try:
            game_id, version_text, origin = payload.split(" ")
            version = int(version_text)
        except ValueError:
            return
        if origin == self.instance:
            return
        live = self.live.get(game_id)
        if live is not None and live.version < version:
            self._refresh_later(game_id, live)

    async def catch_up(self) -> None:
        """After (re)connecting the notifications: rebuild the games that changed while it was down."""
        if not self.live:
            return
        ids = list(self.live)
        with self.engine.connect() as conn:
            rows = conn.execute(select(db.games.c.id, db.games.c.version).where(db.games.c.id.in_(ids))).all()
        for game_id, version in rows:
            live = self.live.get(game_id)
            if live is not None and live.version != version:
                self._refresh_later(game_id, live)

    async def listen_forever(self, url: str) -> None:
        """PostgreSQL LISTEN on a connection of its own; reconnects after a failure."""
        import psycopg

        while not self.closed:
            try:
                conn = await psycopg.AsyncConnection.connect(db.libpq_url(url), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {db.NOTIFY_CHANNEL}")
                    await self.catch_up()
                    self.listening.set()
                    async for note in conn.notifies():
                        self.on_notify(note.payload)
            except (psycopg.Error, OSError, SQLAlchemyError) as exc:
                self.listening.clear()
                log.warning("the change notifications stopped (%s); reconnecting in 1 s", type(exc).__name__)
                await asyncio.sleep(1)

    # -- telling -----------------------------------------------------------------------------
    def payload_bytes(self, live: Live, seat: int | None, svg: bool = False) -> bytes:
        """The payload as JSON bytes, encoded once per version and seat."""
        key = (live.version, seat, svg)
        found = live.encoded.get(key)
        if found is None:
            found = json.dumps(self.payload(live, seat, svg), separators=(",", ":")).encode()
            if len(live.encoded) > 64:
                live.encoded.clear()
            live.encoded[key] = found
        return found

    def payload(self, live: Live, seat: int | None, svg: bool = False) -> dict[str, Any]:
        """What `seat` (None: a spectator) may know now; cached per version."""
        key = (live.version, seat, svg)
        cached = live.cache.get(key)
        if cached is not None:
            return cached
        state = live.state
        game = live.game
        current = state.current_player
        actions: list[dict[str, Any]] = []
        if seat is not None and current == seat and not state.is_over and live.standins[seat] is None:
            for a in state.legal_actions():
                entry = game.action_space.to_json(a)
                entry["label"] = state.describe(a)
                entry.update(game.choice(state, a).to_json())    # group, first, detail, code
                actions.append(entry)
        view = state.view(seat)
        deadline = live.deadline()
        sheet = game.score_sheet(state.result()) if state.is_over else None
        out: dict[str, Any] = {
            "id": live.id, "game": game.id, "name": game.name, "seat_noun": game.seat_noun,
            "version": live.version, "seat": seat,
            "seats": [{"seat": s, "kind": k, "standin": live.standins[s], "gone_votes": live.votes[s]}
                      for s, k in enumerate(live.seats)],
            "current_player": current, "prompt": state.prompt(),
            "actions": actions,
            "view": view, "log": state.events_for(seat), "over": state.is_over,
            "result": state.result().to_json() if state.is_over else None,
            "verdict": sheet.headline() if sheet is not None else None,
            "score_sheet": sheet.to_json() if sheet is not None else None,
            "undo": self.undo_count(live, seat), "thinking": live.thinking, "steps": len(live.steps),
            "error": live.error, "prearranged": live.prearranged, "turn_limit": live.turn_limit,
            "deadline": deadline.isoformat() if deadline is not None else None,
            "standin_kind": live.standin_kind,
        }
        if svg:
            out["svg"] = render(game.id, view, seat, actions)
        if len(live.cache) > 64:
            live.invalidate()
        live.cache[key] = out
        return out

    async def wait_change(self, live: Live, version: int, timeout: float, seat: int | None = None,
                          turn: bool = False) -> Live:
        """Long polling: return once the game's version differs from `version` — and, with `turn`,
        once it is `seat`'s turn or the game is over — or after `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout

        def waiting() -> bool:
            if live.version == version:
                return True
            return turn and not live.state.is_over and live.state.current_player != seat and live.error is None

        while waiting() and self.live.get(live.id) is live:
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.moved.wait(), remaining)
        return self.live.get(live.id) or live

    def _wake(self, live: Live) -> None:
        live.moved.set()
        live.moved = asyncio.Event()

    def changed(self, live: Live) -> None:
        self._wake(live)
        self.notify(live, {"type": "state"})
        self.ensure_bots(live)

    def notify(self, live: Live, message: dict[str, Any]) -> None:
        for sub in list(live.subscribers):
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(message)

    # -- bots --------------------------------------------------------------------------------
    def ensure_bots(self, live: Live) -> None:
        state = live.state
        if self.closed or state.is_over or live.error is not None:
            return
        if live.plays(state.current_player) is None or live.lease != self.instance:
            return                       # a person's turn, or another process holds this bot turn
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: Live) -> None:
        try:
            while not self.closed and self.live.get(live.id) is live:
                state = live.state
                seat = state.current_player
                kind = live.plays(seat)
                if state.is_over or seat is None or kind is None or live.lease != self.instance:
                    break
                version = live.version
                actions = list(state.history or [])
                if live.thinking != seat:
                    live.thinking = seat
                    live.invalidate()
                    self.notify(live, {"type": "thinking", "seat": seat})
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                try:
                    action = await self.bots.run(live.people, think, live.game.id, live.players, live.seed,
                                                 live.options, actions, kind, live.id)
                except Exception as exc:        # a bot bug must not stop the game: play a random legal move
                    log.error("the %s bot failed in game %s (%s); it plays at random this once", kind, live.id,
                              type(exc).__name__)
                    self.notify(live, {"type": "notice", "text": f"the {kind} bot failed; "
                                                                 "it played a random legal move instead"})
                    try:
                        action = await self.bots.run(live.people, think, live.game.id, live.players, live.seed,
                                                     live.options, actions, "random", None)
                    except Exception as again:
                        live.error = f"the {kind} bot failed ({type(again).__name__})"
                        break
                self.computed += 1
                async with live.lock:
                    if (live.version != version or live.state.current_player != seat
                            or live.plays(seat) != kind or self.live.get(live.id) is not live):
                        continue                 # an undo, a reclaim or another process came first
                    live.thinking = None
                    try:
                        self._commit_move(live, seat, action)
                    except ApiError as exc:
                        log.warning("a bot move was not stored in game %s (%s)", live.id, exc.status)
                        break
                self._wake(live)
                self.notify(live, {"type": "state"})
        finally:
            if live.thinking is not None:
                live.thinking = None
                live.invalidate()
                self.notify(live, {"type": "state"})

    # -- records -----------------------------------------------------------------------------
    def record(self, live: Live) -> dict[str, Any]:
        out = record_of(live.state, seats=list(live.seats)).to_json()
        out["prearranged"] = live.prearranged
        return out

    def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(db.games).order_by(db.games.c.updated_at.desc())
                                    .limit(limit)).mappings().all()
        except SQLAlchemyError as exc:
            raise unavailable(exc) from exc
        return [summary(row) for row in rows]


def summary(row: Any) -> dict[str, Any]:
    """A lobby line; a row that cannot be read shows as damaged instead of failing the whole list."""
    try:
        if row["damaged"] is not None:
            raise Corrupt(row["damaged"])
        players = _int(row, "players")
        assert players is not None
        seats = _list(row, "seats", players, lambda v: isinstance(v, str))
        standins = _list(row, "standins", players, lambda v: v is None or isinstance(v, str), default=lambda: None)
        result = row["result"]
        if result is not None and not isinstance(result, dict):
            raise Corrupt("result is not an object")
        options = row["options"]
        if not isinstance(options, dict):
            raise Corrupt("options is not an object")
        try:
            name = load(row["game"]).name
        except TalewoodError:
            name = str(row["game"])
        current = row["current_player"]
        return {"id": row["id"], "game": row["game"], "name": name, "players": players, "seats": seats,
                "standins": standins, "over": bool(row["over"]),
                "current_player": current if isinstance(current, int) else None,
                "steps": _int(row, "steps"), "result": result, "options": options,
                "prearranged": bool(row["prearranged"]), "turn_limit": _int(row, "turn_limit", nullable=True),
                "damaged": False, "created_at": _iso(row["created_at"]), "updated_at": _iso(row["updated_at"])}
    except CORRUPTION:
        return {"id": row["id"], "game": row["game"] if isinstance(row["game"], str) else None, "name": None,
                "players": None, "seats": [], "standins": [], "over": False, "current_player": None, "steps": None,
                "result": None, "options": {}, "prearranged": False, "turn_limit": None, "damaged": True,
                "created_at": _iso(row["created_at"]), "updated_at": _iso(row["updated_at"])}


def _iso(stamp: Any) -> str | None:
    stamp = aware(stamp) if isinstance(stamp, datetime) else None
    return stamp.isoformat() if stamp is not None else None


_renderers: dict[str, Callable[..., str] | None] = {}


def render(game_id: str, view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    """The game's SVG for this view, or a plain fallback when the game has no render.py."""
    if game_id not in _renderers:
        module: Any = game_module(game_id, "render")
        _renderers[game_id] = getattr(module, "render_svg", None) if module is not None else None
    fn = _renderers[game_id]
    if fn is None:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="40"><text x="10" y="25">'
                'This game has no board drawing yet: use the buttons.</text></svg>')
    return fn(view, seat, actions)
