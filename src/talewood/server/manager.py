"""The live games' manager: loading a game into memory, creating one, changing one (a move, an undo,
who plays for whom), a player who is gone, and the records and replays of finished games.

Every change follows the same order: validate against the in-memory state under the game's lock,
work out what the change leads to on a copy, store it (guarded by the game's `version`, on a
database thread: the event loop never waits on the database), and only then apply it in memory and
tell the subscribers. A change the database refuses leaves memory as it was; a lost race rebuilds
the game from the database. A request gets its answer within the storage timeout (`within`): a
change still on its way to the database then finishes on its own and reaches every page.

What lives elsewhere: the database calls (storage.py), the games in memory and what each audience
is shown of them (live.py), telling the pages and the other server processes (notify.py), bot turns
and deadlines (turns.py), replays (replays.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from .. import __version__
from ..agents import make_agent
from ..engine import SECRET_SEED_BITS, Record, Step, plural, rebuild_steps, undoable
from ..games import load
from .bots import BotScheduler
from .errors import RETRY_AFTER, ApiError, Corrupt, Damaged, storage_failed, too_slow
from .live import (
    CORRUPTION,
    GAME_ID,
    HUMAN,
    MAX_SEED,
    Audiences,
    Live,
    LiveGames,
    Subscriber,
    aware,
    now,
    parse_live,
    parse_seed,
    seen_of,
    summary,
)
from .notify import Telling
from .replays import Replays
from .storage import Storage
from .turns import Turns

log = logging.getLogger("talewood.server")
T = TypeVar("T")

MIN_TURN_LIMIT = 1
MAX_TURN_LIMIT = 7 * 24 * 3600
GONE_AFTER = 60.0                      # seconds without a page open before the others may call a player gone

__all__ = ["MAX_TURN_LIMIT", "MIN_TURN_LIMIT", "RETRY_AFTER", "ApiError", "Limits", "Live", "Manager",
           "Subscriber", "client_key", "hash_token"]
from .live import hash_token  # noqa: E402  (re-exported: the tests and older callers find it here)


def client_key(host: str | None) -> str | None:
    """What the per-client limits count by: a hash of the client's address (the address is not stored).
    An IPv6 address counts as its /64 network (one household or machine usually has a whole /64)."""
    if not host:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        group = host
    else:
        if isinstance(address, ipaddress.IPv6Address):
            mapped = address.ipv4_mapped
            group = str(mapped) if mapped is not None else str(ipaddress.ip_network(f"{address}/64", strict=False))
        else:
            group = str(address)
    return hashlib.sha256(group.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def secret_seed() -> int:
    """128 bits from the operating system's secret source; the top bit makes it ≥ SECRET_SEED_MIN."""
    return (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)


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
    """What one client may do: create `games` per `window` seconds and have `bot_only` unfinished games of
    bots only at a time (0: no limit); open `sockets` WebSockets, and `watchers` of one game may be
    spectators (0: no limit)."""

    games: int = 20
    window: float = 600.0
    bot_only: int = 4
    sockets: int = 16
    watchers: int = 100


@dataclass
class Ticket:
    """One request's deadline, and whether its change has reached the database."""

    deadline: float
    stored: bool = False


TICKET: ContextVar[Ticket | None] = ContextVar("talewood_ticket", default=None)


@dataclass(frozen=True)
class Setup:
    """A new game's settings, checked: what its row and its table are made of."""

    game: str
    players: int
    seats: list[str]
    options: dict[str, Any]
    seed: int
    prearranged: bool
    turn_limit: int | None
    standin: str


@dataclass(frozen=True)
class Finished:
    """A finished game's record, as replays need it (no state in memory)."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    actions: list[int]
    result: dict[str, Any] | None
    prearranged: bool


class Manager(Telling, Turns):
    def __init__(self, storage: Storage, bots: BotScheduler, *, bot_delay: float = 0.0, limits: Limits | None = None,
                 sweep_every: float = 1.0, max_games: int = 256, gone_after: float = GONE_AFTER,
                 replays: Replays | None = None, cpu: Any = None) -> None:
        self.storage = storage
        self.bots = bots
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.sweep_every = sweep_every
        self.gone_after = gone_after
        self.instance = secrets.token_hex(8)  # this process, as leases name it
        self.live = LiveGames(max_games)
        self.audiences = Audiences(gone_after, self.undo_count)
        self.replays = replays
        self.cpu = cpu                        # where games are rebuilt from their moves (None: a thread)
        self.records: OrderedDict[str, Finished] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._refreshing: dict[str, bool] = {}      # game id -> another rebuild is wanted
        self.closed = False
        self.computed = 0                     # bot moves this process has thought out
        self.listening = asyncio.Event()
        self._renewed: datetime | None = None
        self._presence_written: datetime | None = None
        self.sockets: dict[str, int] = {}     # open WebSockets per client (address hash)
        self.news: dict[str, Any] = {}        # news from other processes that is not a move (notify.py)

    @property
    def engine(self) -> Any:
        return self.storage.engine

    @property
    def shared(self) -> bool:
        return self.storage.shared

    # -- answering in time -----------------------------------------------------------------------------
    async def within(self, work: Awaitable[T]) -> T:
        """Await `work` for at most the storage timeout. Past it the request is answered 503, and the work,
        if its change has reached the database, finishes on its own (its game stays locked until then)."""
        loop = asyncio.get_running_loop()
        ticket = Ticket(loop.time() + self.storage.timeout)
        token = TICKET.set(ticket)
        try:
            task = asyncio.ensure_future(work)
        finally:
            TICKET.reset(token)
        try:
            return await asyncio.wait_for(asyncio.shield(task), self.storage.timeout)
        except TimeoutError:
            task.add_done_callback(_finished_late)
            raise too_slow(self.storage.timeout, ticket.stored) from None

    @contextlib.asynccontextmanager
    async def locked(self, live: Live) -> AsyncIterator[Live]:
        """The game's lock, given up at the request's deadline (503: nothing changed). It yields the game as
        it is in memory now: one rebuilt from the database while this request waited (another process
        changed it) replaces `live`, so that a change reaches the pages that follow the game."""
        ticket = TICKET.get()
        while True:
            if ticket is None:
                await live.lock.acquire()
            else:
                try:
                    async with asyncio.timeout(max(0.0, ticket.deadline - asyncio.get_running_loop().time())):
                        await live.lock.acquire()
                except TimeoutError:
                    raise too_slow(self.storage.timeout, stored=False) from None
            current = self.live.get(live.id)
            if current is None or current is live:
                break
            live.lock.release()
            live = current
        try:
            yield live
        finally:
            live.lock.release()

    async def _write(self, fn: Any, *args: Any) -> Any:
        ticket = TICKET.get()
        if ticket is not None:
            ticket.stored = True
        return await self.storage.write(fn, *args)

    async def _rebuild(self, *args: Any) -> Any:
        """Games are rebuilt from their moves off the event loop (a long game takes tens of milliseconds)."""
        return await asyncio.get_running_loop().run_in_executor(self.cpu, *args)

    # -- loading -----------------------------------------------------------------------------
    async def _load(self, game_id: str) -> Live:
        found = await self.storage.read(self.storage.fetch_game, game_id)
        if found is None:
            raise ApiError(404, f"this game does not exist: there is no game {game_id!r} on this server")
        row, actions = found
        if row["damaged"] is not None:
            raise Damaged(game_id)
        try:
            live: Live = await self._rebuild(parse_live, row, actions)
        except CORRUPTION as exc:
            await self.set_aside(game_id, exc)
            raise Damaged(game_id) from None
        return live

    async def set_aside(self, game_id: str, exc: BaseException) -> None:
        """Mark a game whose row cannot be read back, so no request tries it again, and tell the log."""
        reason = f"{type(exc).__name__}: {exc}"[:500]
        log.error("game %s is damaged and set aside: %s", game_id, reason)
        await self.storage.write(self.storage.set_aside, game_id, reason)

    async def get(self, game_id: str) -> Live:
        live = self.live.touch(game_id)
        if live is not None:
            return live
        if not GAME_ID.fullmatch(game_id):
            raise ApiError(404, "this game does not exist: a game id is 1 to 32 letters, digits, - or _")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.touch(game_id)
                if live is None:
                    live = await self._load(game_id)
                    self.keep(live)
                    self.ensure_bots(live)
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
        return live

    def keep(self, live: Live) -> None:
        """Put a game in memory, letting the least recently used idle ones go past the bound."""
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        self.live.trim(keep=live.id)

    async def resume_all(self) -> int:
        """At startup: take every bot turn of unfinished games (when this process is the only one) and
        set aside the damaged games found on the way. Other work is found by `sweep`."""
        try:
            rows = await self.storage.read(self.storage.unfinished_games)
        except ApiError as exc:
            log.error("the unfinished games could not be listed (%s)", exc.detail)
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
                live = await self._load(game_id)
            except ApiError:
                continue                   # damaged (set aside and logged by the loader), or unreadable now
            if not self.shared:
                live.lease = self.instance
            self.keep(live)
            self.ensure_bots(live)
            count += 1
        return count

    # -- creating ----------------------------------------------------------------------------
    async def check_limits(self, client: str | None, bot_only: bool, stamp: datetime) -> None:
        limits = self.limits
        if client is None:
            return
        if limits.games:
            made, oldest = await self.storage.read(self.storage.created_since, client,
                                                   stamp - timedelta(seconds=limits.window))
            if made >= limits.games:
                oldest = aware(oldest) or stamp
                wait = max(1, int((oldest + timedelta(seconds=limits.window) - stamp).total_seconds()) + 1)
                raise ApiError(429, f"too many new games: this address created or joined {made} games in the last "
                                    f"{duration(limits.window)}, the most this server allows. Try again "
                                    f"in {plural(wait, 'second')}.", {"Retry-After": str(wait)})
        if bot_only and limits.bot_only:
            seats = await self.storage.read(self.storage.unfinished_seats, client)
            running = sum(1 for s in seats if isinstance(s, list) and HUMAN not in s)
            if running >= limits.bot_only:
                raise ApiError(429, f"too many games of bots only: this address has {running} in progress, "
                                    f"the most this server allows. Wait for one to end, or seat a person.",
                               {"Retry-After": "60"})

    def setup(self, game_id: str, players: int | None, seats: list[str] | None, options: dict[str, Any] | None,
              seed: int | None, *, turn_limit: int | None = None, standin: str | None = None,
              open_seat: str | None = None) -> Setup:
        """A new game's settings, checked (422 naming what is valid). `open_seat`: a seat kind that counts as
        a person still to come (the lobby's open seats)."""
        game = load(game_id)
        if players is None:
            players = len(seats) if seats else max(game.min_players, min(2, game.max_players))
        game.check_players(players)
        if seats is None:
            seats = [HUMAN] + ["greedy"] * (players - 1)
        if len(seats) != players:
            raise ApiError(422, f"{len(seats)} seats given for {players} players: give one kind per seat")
        for kind in seats:
            if kind not in (HUMAN, open_seat):
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
        return Setup(game.id, players, list(seats), parsed, seed, prearranged, turn_limit, standin)

    def new_game(self, setup: Setup, new_id: str, hashes: list[str | None], stamp: datetime,
                 client: str | None) -> tuple[Live, dict[str, Any]]:
        """The game in memory and its row, not yet stored: `start` it once the row is."""
        game = load(setup.game)
        state, steps = rebuild_steps(game, setup.players, setup.seed, setup.options, [])
        live = Live(id=new_id, game=game, players=setup.players, seed=setup.seed, options=setup.options,
                    seats=list(setup.seats), token_hashes=hashes, state=state, steps=steps, version=0,
                    prearranged=setup.prearranged, turn_limit=setup.turn_limit, standin_kind=setup.standin)
        sched = self._schedule(live, state, stamp, True)
        self._apply_schedule(live, sched)
        return live, dict(
            id=new_id, game=game.id, players=setup.players, seed=str(setup.seed), prearranged=setup.prearranged,
            options=setup.options, seats=setup.seats, token_hashes=hashes, version=0, steps=0,
            current_player=state.current_player, over=state.is_over, result=None, created_at=stamp,
            updated_at=stamp, turn_limit=setup.turn_limit, standin_kind=setup.standin, standins=live.standins,
            votes=live.votes, undo_floor=0, creator=client, **sched)

    def start(self, live: Live) -> None:
        """A game whose row is stored: in memory, its bots at work."""
        self.keep(live)
        self.ensure_bots(live)

    async def create(self, game_id: str, players: int | None, seats: list[str] | None,
                     options: dict[str, Any] | None, seed: int | None, *, turn_limit: int | None = None,
                     standin: str | None = None, client: str | None = None, new_id: str | None = None,
                     token_hashes: list[str | None] | None = None) -> tuple[Live, list[str | None]]:
        """A new game. `new_id` and `token_hashes` (a rematch: its id chosen with the proposal, each person's
        token given to them alone when they accepted) replace the id and tokens drawn here; the tokens
        returned are then None."""
        setup = self.setup(game_id, players, seats, options, seed, turn_limit=turn_limit, standin=standin)
        stamp = now()
        await self.check_limits(client, HUMAN not in setup.seats, stamp)
        tokens: list[str | None] = [secrets.token_urlsafe(24) if k == HUMAN and token_hashes is None else None
                                    for k in setup.seats]
        hashes = token_hashes or [hash_token(t) if t is not None else None for t in tokens]
        live, row = self.new_game(setup, new_id or secrets.token_hex(6), hashes, stamp, client)
        try:
            await self._write(self.storage.insert_game, row)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the new game") from exc
        self.start(live)
        return live, tokens

    # -- changing ----------------------------------------------------------------------------
    async def _failed(self, live: Live, exc: SQLAlchemyError | ApiError, what: str) -> ApiError:
        """After a failed write. A lost race (another process changed the game): rebuild the game from
        the database. The database refusing writes: nothing changed, the game stays as it was."""
        error = exc if isinstance(exc, ApiError) else storage_failed(exc, what)
        if error.status == 409:
            self._refresh_later(live.id, live)
        return error

    async def _commit_move(self, live: Live, seat: int, action: int) -> None:
        """Store `action` (already known legal), then apply it and bump the version."""
        probe = live.state.clone()           # what the move leads to, worked out before it is stored
        probe.apply(action)
        step = len(live.steps)
        stamp = now()
        sched = self._schedule(live, probe, stamp, probe.current_player != seat)
        votes = live.votes
        if live.standins[seat] is None and votes[seat]:
            votes = [[] if s == seat else v for s, v in enumerate(votes)]   # the player is here after all
        try:
            await self._write(self.storage.store_move, {"game_id": live.id, "step": step, "action": action,
                                                        "seat": seat}, {
                "gid": live.id, "old": live.version, "new_version": live.version + 1, "steps": step + 1,
                "current_player": probe.current_player, "over": probe.is_over,
                "result": probe.result().to_json() if probe.is_over else None, "updated_at": stamp, "votes": votes,
                **sched}, self.instance)
        except (SQLAlchemyError, ApiError) as exc:
            raise await self._failed(live, exc, "the move") from exc
        events = live.state.apply(action)
        live.steps.append(Step(seat, list(events), live.state.barrier))
        live.version += 1
        live.votes = votes
        self._apply_schedule(live, sched)
        live.invalidate()

    async def _commit_seats(self, live: Live, standins: list[str | None], votes: list[list[int]],
                            undo_floor: int | None = None, restart_turn: bool = False) -> None:
        """Store who plays for whom (a stand-in comes or goes, a vote is cast) as a new version."""
        stamp = now()
        sched = self._schedule(live, live.state, stamp, restart_turn, standins)
        floor = live.undo_floor if undo_floor is None else undo_floor
        try:
            await self._write(self.storage.store_seats, live.id, live.version, dict(
                updated_at=stamp, standins=standins, votes=votes, undo_floor=floor, **sched), self.instance)
        except (SQLAlchemyError, ApiError) as exc:
            raise await self._failed(live, exc, "the change of seats") from exc
        live.version += 1
        live.standins, live.votes, live.undo_floor = standins, votes, floor
        self._apply_schedule(live, sched)
        live.invalidate()

    def _check(self, live: Live, version: int) -> None:
        if live.version != version:
            raise ApiError(409, f"stale version {version}: the game is at version {live.version}")

    async def act(self, game_id: str, token: str | None, action: int, version: int) -> tuple[Live, int]:
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot act: give a seat's token")
        self.seen(live, seat)
        async with self.locked(live) as live:
            self._check(live, version)
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
            await self._commit_move(live, seat, action)
        self.changed(live)
        return live, seat

    async def undo(self, game_id: str, token: str | None, version: int) -> tuple[Live, int]:
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot undo: give a seat's token")
        self.seen(live, seat)
        async with self.locked(live) as live:
            self._check(live, version)
            count = self.undo_count(live, seat)
            if count == 0:
                raise ApiError(409, "nothing to undo: no decision of yours can be taken back now")
            history = list(live.state.history or [])[:-count]
            keep = len(history)
            state, steps = await self._rebuild(rebuild_steps, live.game, live.players, live.seed, live.options,
                                               history)
            stamp = now()
            sched = self._schedule(live, state, stamp, state.current_player != live.state.current_player)
            try:
                await self._write(self.storage.store_undo, live.id, live.version, keep, dict(
                    steps=keep, current_player=state.current_player, over=False, result=None, updated_at=stamp,
                    **sched), self.instance)
            except (SQLAlchemyError, ApiError) as exc:
                raise await self._failed(live, exc, "the undo") from exc
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

    async def _may_call_gone(self, live: Live, gone: int) -> None:
        """A player may be called gone once their turn time has run out, or after `gone_after` seconds (a
        whole turn's time if the game's limit is longer) without any page of the game open (on any server
        process) — never the moment their turn starts."""
        stamp = now()
        deadline = live.deadline()
        if deadline is not None and deadline <= stamp:
            return
        if self.shared:
            live.seen_elsewhere = seen_of(await self.storage.read(self.storage.seen, live.id), live.players)
        grace = live.grace(self.gone_after)
        rule = (f"a player can be called gone once their turn time has run out or after "
                f"{duration(grace)} without a page of the game open")
        away = live.away_since(gone)
        if away is None:
            raise ApiError(409, f"Player {gone + 1} has the game open: {rule}")
        left = grace - (stamp - away).total_seconds()
        if left > 0:
            raise ApiError(409, f"Player {gone + 1} was here {plural(int((stamp - away).total_seconds()), 'second')} "
                                f"ago: {rule} (try again in {plural(int(left) + 1, 'second')})",
                           {"Retry-After": str(int(left) + 1)})

    async def vote_gone(self, game_id: str, token: str | None, gone: int, version: int) -> tuple[Live, int]:
        """`token`'s seat agrees that `gone`, whose turn it is, has left: once every other person at the
        table agrees, a bot of the game's stand-in kind plays for that seat."""
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot decide that a player is gone: give a seat's token")
        self.seen(live, seat)
        async with self.locked(live) as live:
            self._check(live, version)
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
            await self._may_call_gone(live, gone)
            agreed = sorted({*live.votes[gone], seat})
            votes = [agreed if s == gone else list(v) for s, v in enumerate(live.votes)]
            standins = list(live.standins)
            if set(agreed) >= self._needed(live, gone):
                standins[gone] = live.standin_kind
                votes[gone] = []
                log.info("game %s: the other players agree Player %d is gone; a %s bot plays for them",
                         live.id, gone + 1, live.standin_kind)
            await self._commit_seats(live, standins, votes)
        self.changed(live)
        return live, seat

    async def reclaim(self, game_id: str, token: str | None) -> tuple[Live, int]:
        """The player is back: their seat is theirs again (the stand-in's moves cannot be undone)."""
        live = await self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator has no seat to take back: give a seat's token")
        self.seen(live, seat)
        async with self.locked(live) as live:
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if live.standins[seat] is None:
                raise ApiError(409, "nobody plays for you: the seat is already yours")
            standins = [None if s == seat else k for s, k in enumerate(live.standins)]
            votes = [[] if s == seat else list(v) for s, v in enumerate(live.votes)]
            await self._commit_seats(live, standins, votes, undo_floor=len(live.steps),
                                     restart_turn=live.state.current_player == seat)
        self.changed(live)
        return live, seat

    async def _time_out(self, live: Live, seat: int) -> None:
        standins = list(live.standins)
        standins[seat] = live.standin_kind
        votes = [[] if s == seat else list(v) for s, v in enumerate(live.votes)]
        log.info("game %s: Player %d took longer than %s; a %s bot plays for them", live.id, seat + 1,
                 duration(live.turn_limit or 0), live.standin_kind)
        await self._commit_seats(live, standins, votes)

    # -- records and replays -------------------------------------------------------------------------
    async def finished(self, game_id: str) -> Finished:
        """A finished game's record: from memory, or read from the database without rebuilding the game."""
        found = self.records.get(game_id)
        if found is not None:
            self.records.move_to_end(game_id)
            return found
        live = self.live.get(game_id)
        if live is not None:
            if not live.state.is_over:
                raise ApiError(409, "the game is not over yet: its record and replay are published at its end")
            found = Finished(live.id, live.game.id, live.players, live.seed, dict(live.options), list(live.seats),
                             list(live.state.history or []), live.state.result().to_json(), live.prearranged)
        else:
            if not GAME_ID.fullmatch(game_id):
                raise ApiError(404, "this game does not exist: a game id is 1 to 32 letters, digits, - or _")
            row = await self.storage.read(self.storage.fetch_game, game_id)
            if row is None:
                raise ApiError(404, f"this game does not exist: there is no game {game_id!r} on this server")
            found = await self._finished_from(game_id, *row)
        self.records[game_id] = found
        while len(self.records) > 1024:
            self.records.popitem(last=False)
        return found

    async def _finished_from(self, game_id: str, row: Any, actions: list[Any]) -> Finished:
        if row["damaged"] is not None:
            raise Damaged(game_id)
        if not row["over"]:
            raise ApiError(409, "the game is not over yet: its record and replay are published at its end")
        try:
            players = int(row["players"])
            seats, options = row["seats"], row["options"]
            if not isinstance(seats, list) or not isinstance(options, dict) or not isinstance(row["game"], str):
                raise Corrupt("seats, options or game is not readable")
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
                raise Corrupt("a stored move is not an action id")
            load(row["game"]).check_players(players)
            return Finished(game_id, row["game"], players, parse_seed(row["seed"]), dict(options),
                            [str(s) for s in seats], list(actions), row["result"], bool(row["prearranged"]))
        except CORRUPTION as exc:
            await self.set_aside(game_id, exc)
            raise Damaged(game_id) from None

    async def record(self, game_id: str) -> dict[str, Any]:
        done = await self.finished(game_id)
        out = Record(game=done.game, engine_version=__version__, players=done.players, options=done.options,
                     seed=done.seed, actions=done.actions, seats=done.seats, result=done.result).to_json()
        out["prearranged"] = done.prearranged
        return out

    async def replay(self, game_id: str, step: int, seat: int | None) -> bytes:
        done = await self.finished(game_id)
        if seat is not None and seat >= done.players:
            raise ApiError(422, f"seat must be between 0 and {done.players - 1}")
        assert self.replays is not None
        game = load(done.game)
        head = {"id": done.id, "game": game.id, "name": game.name, "seat_noun": game.seat_noun, "seats": done.seats,
                "prearranged": done.prearranged}
        try:
            return await self.replays.get(done.game, done.players, done.seed, done.options, done.actions,
                                          min(step, len(done.actions)), seat, head)
        except CORRUPTION as exc:
            self.records.pop(game_id, None)
            await self.set_aside(game_id, exc)
            raise Damaged(game_id) from None

    async def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = await self.storage.read(self.storage.latest_games, limit)
        return [summary(row) for row in rows]


def _finished_late(task: asyncio.Future[Any]) -> None:
    """A request answered 503 whose work went on: a refusal then is expected, anything else is logged."""
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None and not isinstance(exc, ApiError | SQLAlchemyError):
        log.error("a change finished after its request was answered, and failed (%s)", type(exc).__name__)

