"""Live games: loaded lazily from their records, kept in memory, changed only under a per-game lock.

Every change follows the same order: validate against the in-memory state, apply, commit the move
to the database, and only then tell the subscribers. If the commit fails the game is dropped from
memory, so the next access rebuilds it from what the database holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, bindparam, delete, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from ..agents import make_agent
from ..engine import Game, State, Step, TalewoodError, rebuild_steps, record_of, undoable
from ..games import game_module, load
from . import db
from .bots import think

log = logging.getLogger("talewood.server")

HUMAN = "human"
MAX_SEED = (1 << 62) - 1


class ApiError(Exception):
    """An expected refusal: an HTTP status and a message saying what was wrong."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: int | None = None
    bot_task: asyncio.Task[None] | None = None
    cache: dict[tuple[int, int | None, bool], dict[str, Any]] = field(default_factory=dict)
    encoded: dict[tuple[int, int | None, bool], bytes] = field(default_factory=dict)
    error: str | None = None
    moved: asyncio.Event = field(default_factory=asyncio.Event)

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
            raise ApiError(403, "this token does not claim any seat of this game")
        return found


# built once: executing a prepared statement skips rebuilding it on every move
INSERT_MOVE = insert(db.moves)
UPDATE_GAME = (update(db.games)
               .where(db.games.c.id == bindparam("gid")).where(db.games.c.version == bindparam("old"))
               .values(version=bindparam("new_version"), steps=bindparam("steps"),
                       current_player=bindparam("current_player"), over=bindparam("over"),
                       result=bindparam("result"), updated_at=bindparam("updated_at")))


def replay_steps(game: Game, players: int, seed: int, options: dict[str, Any],
                 actions: list[int]) -> tuple[State, list[Step]]:
    return rebuild_steps(game, players, seed, options, actions)


class Manager:
    def __init__(self, engine: Engine, executor: Executor, bot_delay: float = 0.0) -> None:
        self.engine = engine
        self.executor = executor
        self.bot_delay = bot_delay
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.closed = False

    # -- loading -----------------------------------------------------------------------------
    def _load(self, game_id: str) -> Live:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.games).where(db.games.c.id == game_id)).mappings().first()
            if row is None:
                raise ApiError(404, f"no game {game_id!r}")
            actions = [r.action for r in conn.execute(
                select(db.moves.c.action).where(db.moves.c.game_id == game_id).order_by(db.moves.c.step))]
        game = load(row["game"])
        state, steps = replay_steps(game, row["players"], row["seed"], dict(row["options"]), actions)
        return Live(id=game_id, game=game, players=row["players"], seed=row["seed"], options=dict(row["options"]),
                    seats=list(row["seats"]), token_hashes=list(row["token_hashes"]), state=state, steps=steps,
                    version=row["version"])

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            return live
        if len(game_id) > 32:
            raise ApiError(404, "no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is None:
                try:
                    live = self._load(game_id)
                except SQLAlchemyError as exc:
                    raise ApiError(503, f"the database is unavailable: {type(exc).__name__}") from exc
                self.live[game_id] = live
                self.ensure_bots(live)
        self._loading.pop(game_id, None)
        return live

    def resume_all(self) -> int:
        """At startup: load every unfinished game whose turn is a bot's, so the bots carry on."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(db.games.c.id, db.games.c.seats, db.games.c.current_player)
                                .where(db.games.c.over.is_(False))).all()
        count = 0
        for game_id, seats, current in rows:
            if current is not None and seats[current] != HUMAN and game_id not in self.live:
                try:
                    live = self._load(game_id)
                except (TalewoodError, ApiError) as exc:
                    log.error("game %s cannot be rebuilt: %s", game_id, exc)
                    continue
                self.live[game_id] = live
                self.ensure_bots(live)
                count += 1
        return count

    # -- creating ----------------------------------------------------------------------------
    async def create(self, game_id: str, players: int | None, seats: list[str] | None,
                     options: dict[str, Any] | None, seed: int | None) -> tuple[Live, list[str | None]]:
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
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        if not 0 <= seed <= MAX_SEED:
            raise ApiError(422, f"the seed must be between 0 and {MAX_SEED}")
        parsed = game.parse_options(options, players)
        state, steps = replay_steps(game, players, seed, parsed, [])
        tokens: list[str | None] = [secrets.token_urlsafe(24) if k == HUMAN else None for k in seats]
        hashes = [hash_token(t) if t is not None else None for t in tokens]
        new_id = secrets.token_hex(6)
        stamp = now()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(db.games).values(
                    id=new_id, game=game.id, players=players, seed=seed, options=parsed, seats=seats,
                    token_hashes=hashes, version=0, steps=0, current_player=state.current_player,
                    over=state.is_over, result=None, created_at=stamp, updated_at=stamp))
        except SQLAlchemyError as exc:
            raise ApiError(503, f"the database is unavailable: {type(exc).__name__}") from exc
        live = Live(id=new_id, game=game, players=players, seed=seed, options=parsed, seats=list(seats),
                    token_hashes=hashes, state=state, steps=steps, version=0)
        self.live[new_id] = live
        self.ensure_bots(live)
        return live, tokens

    # -- changing ----------------------------------------------------------------------------
    def _commit_move(self, live: Live, seat: int, action: int) -> None:
        """Apply `action` (already known legal), commit it, then bump the version."""
        step = len(live.steps)
        events = list(live.state.apply(action))
        state = live.state
        result = state.result().to_json() if state.is_over else None
        try:
            with self.engine.begin() as conn:
                conn.execute(INSERT_MOVE, {"game_id": live.id, "step": step, "action": action, "seat": seat})
                done = conn.execute(UPDATE_GAME, {
                    "gid": live.id, "old": live.version, "new_version": live.version + 1, "steps": step + 1,
                    "current_player": state.current_player, "over": state.is_over, "result": result,
                    "updated_at": now()})
                if done.rowcount != 1:
                    raise ApiError(409, "the game changed meanwhile (another server?); reload it")
        except (SQLAlchemyError, ApiError) as exc:
            self.live.pop(live.id, None)     # memory is ahead of the database: rebuild on next access
            if isinstance(exc, ApiError):
                raise
            raise ApiError(409, f"the move could not be stored ({type(exc).__name__}); reload the game") from exc
        live.steps.append(Step(seat, events, state.barrier))
        live.version += 1
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
            if live.state.current_player != seat:
                raise ApiError(409, f"it is not your turn: waiting for seat {live.state.current_player}")
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
            try:
                with self.engine.begin() as conn:
                    conn.execute(delete(db.moves).where(db.moves.c.game_id == live.id).where(db.moves.c.step >= keep))
                    done = conn.execute(update(db.games).where(db.games.c.id == live.id)
                                        .where(db.games.c.version == live.version)
                                        .values(version=live.version + 1, steps=keep,
                                                current_player=state.current_player, over=False, result=None,
                                                updated_at=now()))
                    if done.rowcount != 1:
                        raise ApiError(409, "the game changed meanwhile; reload it")
            except SQLAlchemyError as exc:
                self.live.pop(live.id, None)
                raise ApiError(409, f"the undo could not be stored ({type(exc).__name__})") from exc
            live.state, live.steps = state, steps
            live.version += 1
            live.invalidate()
        self.changed(live)
        return live, seat

    def undo_count(self, live: Live, seat: int | None) -> int:
        if seat is None or live.state.is_over or live.seats[seat] != HUMAN:
            return 0
        return undoable(live.steps, seat, live.state.current_player)

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
        if seat is not None and current == seat and not state.is_over:
            for a in state.legal_actions():
                entry = game.action_space.to_json(a)
                entry["label"] = state.describe(a)
                actions.append(entry)
        view = state.view(seat)
        out: dict[str, Any] = {
            "id": live.id, "game": game.id, "name": game.name, "version": live.version, "seat": seat,
            "seats": [{"seat": s, "kind": k} for s, k in enumerate(live.seats)],
            "current_player": current, "prompt": state.prompt(),
            "actions": actions,
            "view": view, "log": state.events_for(seat), "over": state.is_over,
            "result": state.result().to_json() if state.is_over else None,
            "undo": self.undo_count(live, seat), "thinking": live.thinking, "steps": len(live.steps),
            "error": live.error,
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
        for sub in list(live.subscribers):
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait({"type": "state"})
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
        seat = state.current_player
        if seat is None or live.seats[seat] == HUMAN:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: Live) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self.closed and self.live.get(live.id) is live:
                state = live.state
                seat = state.current_player
                if state.is_over or seat is None or live.seats[seat] == HUMAN:
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
                    action = await loop.run_in_executor(self.executor, think, live.game.id, live.players, live.seed,
                                                        live.options, actions, live.seats[seat], live.id)
                except Exception as exc:        # a bot bug must not stop the game: play a random legal move
                    log.exception("bot %s failed in game %s; it plays at random this once", live.seats[seat], live.id)
                    self.notify(live, {"type": "notice", "text": f"the {live.seats[seat]} bot failed ({exc}); "
                                                                 "it played a random legal move instead"})
                    try:
                        action = await loop.run_in_executor(self.executor, think, live.game.id, live.players,
                                                            live.seed, live.options, actions, "random", None)
                    except Exception as again:
                        live.error = f"the {live.seats[seat]} bot failed: {again}"
                        break
                async with live.lock:
                    if live.version != version or live.state.current_player != seat:
                        continue                 # an undo came first: think again
                    live.thinking = None
                    try:
                        self._commit_move(live, seat, action)
                    except ApiError as exc:
                        log.error("bot move not stored in game %s: %s", live.id, exc.detail)
                        break
                self._wake(live)
                for sub in list(live.subscribers):
                    with contextlib.suppress(asyncio.QueueFull):
                        sub.queue.put_nowait({"type": "state"})
        finally:
            if live.thinking is not None:
                live.thinking = None
                live.invalidate()
                self.notify(live, {"type": "state"})

    # -- records -----------------------------------------------------------------------------
    def record(self, live: Live) -> dict[str, Any]:
        return record_of(live.state, seats=list(live.seats)).to_json()

    def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(db.games).order_by(db.games.c.updated_at.desc()).limit(limit)).mappings().all()
        out = []
        for row in rows:
            try:
                name = load(row["game"]).name
            except TalewoodError:
                name = row["game"]
            out.append({"id": row["id"], "game": row["game"], "name": name, "players": row["players"],
                        "seats": row["seats"], "over": row["over"], "current_player": row["current_player"],
                        "steps": row["steps"], "result": row["result"], "options": row["options"],
                        "created_at": row["created_at"].isoformat(), "updated_at": row["updated_at"].isoformat()})
        return out


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
