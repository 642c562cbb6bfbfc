"""Telling: the pages that follow a game (WebSockets, long polls), who is there (presence), how many
pages one client and one game's spectators may open, and the other server processes.

Several server processes may share one PostgreSQL database: each change is announced with NOTIFY in
the transaction that stores it, and the other processes rebuild that game and tell their own
subscribers. Presence is known per process (open WebSockets, requests); with several processes each
also writes, every 20 s and whenever a seat's first page opens or its last closes, when it last saw
each seat, so that a vote that a player is gone, wherever it is cast, sees them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..engine import seat_name
from . import db
from .errors import ApiError, Renewed
from .live import Live, LiveGames, Subscriber, iso, now

if TYPE_CHECKING:
    from .manager import Limits
    from .storage import Storage

log = logging.getLogger("talewood.server")
PRESENCE_EVERY = timedelta(seconds=20)


class Telling:
    """The Manager's part that tells (a mixin: the Manager holds the state)."""

    storage: Storage
    live: LiveGames
    limits: Limits
    instance: str
    closed: bool
    listening: asyncio.Event
    sockets: dict[str, int]
    news: dict[str, Callable[[str, str], None]]   # kind -> what to do when another process tells of it
    _refreshing: dict[str, bool]
    _presence_written: datetime | None

    if TYPE_CHECKING:              # provided by the Manager and its other parts
        @property
        def shared(self) -> bool: ...
        async def _load(self, game_id: str) -> Live: ...
        def ensure_bots(self, live: Live) -> None: ...

    # -- the pages of a game ---------------------------------------------------------------------
    def _wake(self, live: Live) -> None:
        live.moved.set()
        live.moved = asyncio.Event()

    def changed(self, live: Live) -> None:
        self._wake(live)
        self.notify(live, {"type": "state"})
        self.ensure_bots(live)
        self.live.let_go(live)

    def notify(self, live: Live, message: dict[str, Any]) -> None:
        for sub in list(live.subscribers):
            with contextlib.suppress(asyncio.QueueFull):
                sub.queue.put_nowait(message)

    def drop_renewed(self, live: Live) -> None:
        """Close every page that holds a seat link the creator renewed since it opened (4401, saying why)."""
        for sub in list(live.subscribers):
            if sub.seat is not None and sub.digest is not None and live.token_hashes[sub.seat] != sub.digest:
                why = Renewed(seat_name(sub.seat, live.game.seat_noun))
                with contextlib.suppress(asyncio.QueueFull):
                    sub.queue.put_nowait({"type": "close", "code": why.close_code, "reason": why.detail})

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

        live.waiters += 1
        try:
            while waiting() and self.live.get(live.id) is live:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.moved.wait(), remaining)
        finally:
            live.waiters -= 1
        return self.live.get(live.id) or live

    # -- how many pages ------------------------------------------------------------------------------
    def admit(self, live: Live, sub: Subscriber, client: str | None) -> None:
        """Let a WebSocket follow the game, unless its client has too many open, or (a spectator) the game
        has as many spectators as the server allows: 429, which the socket closes with as 4429."""
        limits = self.limits
        if client is not None and limits.sockets and self.sockets.get(client, 0) >= limits.sockets:
            raise ApiError(429, f"too many pages open: this address has {limits.sockets} games open on this "
                                "server, the most it allows; close one first")
        if sub.seat is None and limits.watchers and sum(
                1 for s in live.subscribers if s.seat is None) >= limits.watchers:
            raise ApiError(429, f"this game already has {limits.watchers} spectators, the most this server "
                                "allows; try again later")
        if client is not None:
            self.sockets[client] = self.sockets.get(client, 0) + 1
        live.subscribers.add(sub)
        if sub.seat is not None:
            self.connect(live, sub.seat)

    def leave(self, live: Live, sub: Subscriber, client: str | None) -> None:
        if client is not None and self.sockets.get(client):
            self.sockets[client] -= 1
            if not self.sockets[client]:
                del self.sockets[client]
        current = self.live.get(live.id)
        for game in {live, current}:
            if game is not None and sub in game.subscribers:
                game.subscribers.discard(sub)
                if sub.seat is not None:
                    self.disconnect(game, sub.seat)
        if current is not None:
            self.live.let_go(current)

    # -- presence ------------------------------------------------------------------------------------
    def seen(self, live: Live, seat: int) -> None:
        """A request of `seat`'s player: they are here now."""
        live.last_seen[seat] = now()

    def connect(self, live: Live, seat: int) -> None:
        live.connected[seat] += 1
        live.last_seen[seat] = now()
        if live.connected[seat] == 1:
            self._presence_changed(live)

    def disconnect(self, live: Live, seat: int) -> None:
        live.connected[seat] = max(0, live.connected[seat] - 1)
        live.last_seen[seat] = now()
        if not live.connected[seat]:
            self._presence_changed(live)

    def _presence_changed(self, live: Live) -> None:
        live.invalidate()
        self.notify(live, {"type": "state"})
        if self.shared and not self.closed:
            asyncio.get_running_loop().create_task(self._store_presence([live]))

    def _seen_now(self, live: Live, stamp: datetime) -> list[str | None]:
        return [iso(stamp if live.connected[s] else live.last_seen[s]) for s in range(live.players)]

    async def _store_presence(self, games: list[Live]) -> None:
        stamp = now()
        try:
            await self.storage.write(self.storage.store_seen, [(live.id, self._seen_now(live, stamp))
                                                               for live in games])
        except Exception as exc:
            log.warning("when the players were last seen could not be stored (%s)", type(exc).__name__)

    async def refresh_presence(self, stamp: datetime) -> None:
        """With several processes: every 20 s, when this one last saw the seats of the games it follows."""
        if not self.shared or (self._presence_written is not None and stamp - self._presence_written < PRESENCE_EVERY):
            return
        self._presence_written = stamp
        games = [live for live in self.live.values() if any(live.connected)]
        if games:
            await self._store_presence(games)

    # -- other server processes ----------------------------------------------------------------------
    async def refresh(self, game_id: str, old: Live | None = None) -> bool:
        """Rebuild a game from the database (another process changed it, or a write here failed) and
        carry its subscribers and waiters over. True if the database could not be read: try again."""
        old = old or self.live.get(game_id)
        if old is None:
            return False
        new: Live | None = None
        retry = False
        async with old.lock:
            current = self.live.get(game_id)
            if current is not None and current is not old:
                target = current                 # a request rebuilt it first: hand the pages over to it
            else:
                try:
                    new = await self._load(game_id)
                except ApiError as exc:
                    log.warning("game %s could not be reloaded (%s)", game_id, exc.status)
                    if exc.status >= 500:
                        retry = True          # the database is slow or away: keep what is known, try again
                    elif self.live.get(game_id) is old:
                        self.live.pop(game_id, None)      # gone or damaged: its pages hear so when they ask
                if new is None:
                    target = old
                else:
                    self.live[game_id] = target = new
                if old.bot_task is not None and old.bot_task is not asyncio.current_task():
                    old.bot_task.cancel()
            if target is not old:
                self._carry(old, target)
                self.drop_renewed(target)       # another process renewed a seat's link
        self._wake(old)
        self.notify(target, {"type": "state"})
        if new is not None:
            self.ensure_bots(new)
        return retry

    @staticmethod
    def _carry(old: Live, new: Live) -> None:
        """The pages following `old` follow `new` from now on, and who was there stays known."""
        new.subscribers |= old.subscribers
        old.subscribers.clear()
        for seat in range(min(old.players, new.players)):
            new.connected[seat] += old.connected[seat]
            new.last_seen[seat] = max(new.last_seen[seat], old.last_seen[seat])
        old.connected = [0] * old.players
        new.invalidate()

    def _refresh_later(self, game_id: str, old: Live) -> None:
        """Rebuild the game soon; a change announced while a rebuild runs makes it run once more (the
        running one may have read the database before that change)."""
        if game_id in self._refreshing:
            self._refreshing[game_id] = True
            return
        self._refreshing[game_id] = False

        async def go() -> None:
            try:
                again = await self.refresh(game_id, old)
                while again or self._refreshing.get(game_id):
                    self._refreshing[game_id] = False
                    if again:
                        await asyncio.sleep(1)
                    again = await self.refresh(game_id)
            finally:
                self._refreshing.pop(game_id, None)

        with contextlib.suppress(RuntimeError):        # no loop: the next request reads the game anew
            asyncio.get_running_loop().create_task(go())

    def on_notify(self, payload: str) -> None:
        """Another process changed a game: rebuild it here if anyone here follows it. News that is not a
        change of the game itself ("~chat <game> <message> <process>", "~rematch …") goes to its handler."""
        if payload.startswith("~"):
            kind, _, rest = payload[1:].partition(" ")
            parts = rest.split(" ")
            handler = self.news.get(kind)
            if handler is not None and len(parts) == 3 and parts[2] != self.instance:
                handler(parts[0], parts[1])
            return
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
        rows = await self.storage.read(self.storage.versions, list(self.live))
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
                    # a wait of a second at a time, looking at `closed` between: should a shutdown's
                    # cancellation be lost on the way through psycopg, the loop still ends (a test's
                    # shutdown once waited for ever, 1 run in 25, with this loop as the likeliest cause)
                    while not self.closed:
                        async for note in conn.notifies(timeout=1.0):
                            self.on_notify(note.payload)
            except (psycopg.Error, OSError, ApiError) as exc:
                self.listening.clear()
                log.warning("the change notifications stopped (%s); reconnecting in 1 s", type(exc).__name__)
                await asyncio.sleep(1)
