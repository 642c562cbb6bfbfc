"""Turns no request asks for: a bot's move (thought out in the bot lanes of bots.py, then stored like any
move), a turn whose time limit has passed, and the bot turns of a server process that stopped.

A bot's turn belongs to the one process holding the game's lease (`lease`, `wake_at`, renewed every
10 s, released on a clean stop); only it thinks the move, so each bot move is computed once. If a
process dies, its leases run out within 30 s and another takes the turns over (`sweep`, every
second, also finds the turns whose deadline has passed).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..engine import State
from . import bots as bot_lanes
from .errors import ApiError
from .live import HUMAN, Live, LiveGames, now

if TYPE_CHECKING:
    from .bots import BotScheduler
    from .storage import Storage

log = logging.getLogger("talewood.server")
LEASE = timedelta(seconds=30)         # how long a bot's turn stays with a process that stops renewing it


class Turns:
    """The Manager's part that plays the turns nobody asks for (a mixin: the Manager holds the state)."""

    storage: Storage
    bots: BotScheduler
    live: LiveGames
    instance: str
    closed: bool
    bot_delay: float
    sweep_every: float
    computed: int
    _renewed: datetime | None

    if TYPE_CHECKING:              # provided by the Manager and its other parts
        async def get(self, game_id: str) -> Live: ...
        async def refresh(self, game_id: str, old: Live | None = None) -> bool: ...
        async def _commit_move(self, live: Live, seat: int, action: int) -> None: ...
        async def _time_out(self, live: Live, seat: int) -> None: ...
        def changed(self, live: Live) -> None: ...
        def notify(self, live: Live, message: dict[str, Any]) -> None: ...
        def _wake(self, live: Live) -> None: ...
        async def refresh_presence(self, stamp: datetime) -> None: ...

    # -- when a server must act unasked ------------------------------------------------------------------
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
                    action = await self.bots.run(live.people, bot_lanes.think, live.game.id, live.players, live.seed,
                                                 live.options, actions, kind, live.id)
                except Exception as exc:        # a bot bug must not stop the game: play a random legal move
                    log.error("the %s bot failed in game %s (%s); it plays at random this once", kind, live.id,
                              type(exc).__name__)
                    self.notify(live, {"type": "notice", "text": f"the {kind} bot failed; "
                                                                 "it played a random legal move instead"})
                    try:
                        action = await self.bots.run(live.people, bot_lanes.think, live.game.id, live.players,
                                                     live.seed, live.options, actions, "random", None)
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
                        await self._commit_move(live, seat, action)
                    except ApiError as exc:
                        log.warning("a bot move was not stored in game %s (%s)", live.id, exc.status)
                        break
                    except Exception as exc:
                        log.warning("a bot move was not stored in game %s (%s)", live.id, type(exc).__name__)
                        break
                self._wake(live)
                self.notify(live, {"type": "state"})
        finally:
            if live.thinking is not None:
                live.thinking = None
                live.invalidate()
                self.notify(live, {"type": "state"})
            if live.bot_task is asyncio.current_task():
                live.bot_task = None
            self.live.let_go(live)

    # -- work no one asked for: bot turns whose process is gone, deadlines ---------------------------
    async def sweep(self) -> int:
        """Act on every game whose `wake_at` has passed; renew the leases of bot turns played here."""
        stamp = now()
        if self._renewed is None or stamp - self._renewed >= LEASE / 3:
            await self.storage.write(self.storage.renew_leases, self.instance, stamp + LEASE)
            self._renewed = stamp
        await self.refresh_presence(stamp)
        due = await self.storage.read(self.storage.due, stamp)
        for game_id, version in due:
            try:
                await self._wake_up(game_id, version)
            except ApiError:
                continue
            except Exception as exc:
                log.warning("game %s: its turn could not be looked at (%s); trying again later", game_id,
                            type(exc).__name__)
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
                won = await self.storage.write(self.storage.claim, live.id, version, self.instance, stamp, LEASE,
                                               running)
                if won:
                    live.lease, live.wake_at = self.instance, stamp + LEASE
                    start = not running
            elif seat is not None and (deadline := live.deadline()) is not None and deadline <= stamp:
                await self._time_out(live, seat)
                changed = True
            else:
                await self.storage.write(self.storage.reschedule, live.id, version, sched["wake_at"], sched["lease"])
                live.wake_at, live.lease = sched["wake_at"], sched["lease"]
        if changed:
            self.changed(live)
        elif start:
            self.ensure_bots(live)
        self.live.let_go(live)

    async def release_leases(self) -> None:
        """On a clean stop: hand this process's bot turns to the other processes at once."""
        await self.storage.write(self.storage.release_leases, self.instance, now())

    async def sweep_forever(self) -> None:
        while not self.closed:
            try:
                await self.sweep()
            except ApiError as exc:
                log.warning("the periodic check could not read the database (%s)", exc.detail)
            except Exception as exc:
                log.error("the periodic check failed (%s)", type(exc).__name__)
            await asyncio.sleep(self.sweep_every)
