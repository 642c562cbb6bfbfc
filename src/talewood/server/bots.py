"""Bot thinking, off the event loop: a plain function an executor (threads or processes) can run,
the fair scheduler that feeds it, and the worker processes' lifetime.

The worker rebuilds the state from the record (a few milliseconds) so nothing but small,
picklable values cross the process boundary; the agent's seed comes from the game's seed, the seat
and the step, so a restarted server makes the same move. For a live game's secret seed the agent's
seed is a keyed hash of it: the bots' moves say nothing about the secret.

Scheduling: every game has at most one bot move waiting or thinking at a time, and moves wait in
first-come order in one of two lanes: games with a person in them (the foreground) and games of
bots only (the background, on their own workers at the lowest OS priority). A person's game thus
never waits behind bot-only games, and behind at most one move of each other person's game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..agents import bot_seed, make_agent
from ..engine import rebuild
from ..games import load

log = logging.getLogger("talewood.server")
T = TypeVar("T")
_cache: dict[str, Any] = {}

# set in a bot worker's environment: the id of the server process that started it (see reap_orphans)
POOL_MARK = "TALEWOOD_BOT_POOL"


def think(game_id: str, players: int, seed: int, options: dict[str, Any], actions: list[int],
          kind: str, key: str | None = None) -> int:
    """The action a bot of `kind` picks in the state the record reaches."""
    state = None
    if key is not None:
        cached = _cache.get(key)
        if cached is not None and cached.history is not None and cached.history == actions[:len(cached.history)]:
            state = cached
            for action in actions[len(cached.history):]:
                state.apply(action)
    if state is None:
        state = rebuild(load(game_id), players, seed, options, actions)
        if key is not None:
            if len(_cache) > 256:
                _cache.clear()
            _cache[key] = state
    seat = state.current_player
    assert seat is not None
    return make_agent(kind, bot_seed(seed, seat, len(actions))).choose(state)


# -- worker processes ---------------------------------------------------------------------------
def die_with_parent(sig: int = signal.SIGKILL, parent: int | None = None) -> None:
    """Linux: the kernel sends `sig` to this process when its parent (`parent`, the process that started
    it) ends, even by SIGKILL."""
    parent = parent or int(os.environ.get(POOL_MARK) or 0) or os.getppid()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, sig, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:      # the parent was already gone before the line above
        os._exit(0)


def _worker_start(niceness: int) -> None:
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # the server decides when its workers stop
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)


def make_executor(kind: str = "process", workers: int | None = None, niceness: int = 0) -> Executor:
    """`process` (the default for `talewood serve`: bots never hold the server's GIL) or `thread`."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers or 2, thread_name_prefix="talewood-bot")
    if kind == "process":
        import multiprocessing

        # the workers and the resource tracker inherit this mark, so a later server can find them
        os.environ[POOL_MARK] = str(os.getpid())
        return ProcessPoolExecutor(max_workers=workers or max(1, (os.cpu_count() or 2) - 1),
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_start, initargs=(niceness,))
    raise ValueError(f"bot executor must be process or thread, not {kind!r}")


def stop_executor(executor: Executor) -> None:
    """Stop at once: cancel what waits and end the worker processes (a think in progress is lost;
    the next server thinks again)."""
    processes: list[Any] = []
    if isinstance(executor, ProcessPoolExecutor):
        processes = list((executor._processes or {}).values())   # no public way to end them at once
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)


def reap_orphans(proc: Path = Path("/proc")) -> list[int]:
    """Kill bot workers (and their resource trackers) left by a server process that no longer runs.

    Linux only: each is found by the mark in its environment, the id of the server that started it."""
    killed: list[int] = []
    if not proc.is_dir():
        return killed
    me = os.getpid()
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        owner = None
        for item in environ.split(b"\0"):
            if item.startswith(POOL_MARK.encode() + b"="):
                owner = item.split(b"=", 1)[1].decode(errors="replace")
        if owner is None or not owner.isdigit() or int(owner) == me or _alive(int(owner)):
            continue
        with contextlib.suppress(OSError):
            os.kill(int(entry.name), signal.SIGKILL)
            killed.append(int(entry.name))
    if killed:
        log.warning("stopped %d bot worker process(es) left by a server that is gone", len(killed))
    return killed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    with contextlib.suppress(OSError):
        if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":   # a zombie is gone too
            return False
    return True


# -- scheduling -----------------------------------------------------------------------------------
@dataclass
class Lane:
    """Bot moves of one kind of game: at most `slots` think at once, the others wait in order."""

    executor: Executor
    slots: int
    gate: asyncio.Semaphore = field(init=False)
    waiting: int = 0
    done: int = 0

    def __post_init__(self) -> None:
        self.gate = asyncio.Semaphore(self.slots)   # wakes its waiters first come, first served


class BotScheduler:
    def __init__(self, foreground: Executor, background: Executor | None = None, foreground_slots: int = 1,
                 background_slots: int = 1) -> None:
        self.foreground = Lane(foreground, max(1, foreground_slots))
        self.background = Lane(background or foreground, max(1, background_slots))

    async def run(self, people: bool, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` in the lane of a game with people in it (`people`) or of bots only."""
        lane = self.foreground if people else self.background
        lane.waiting += 1
        entered = False
        try:
            async with lane.gate:
                lane.waiting -= 1
                entered = True
                result = await asyncio.get_running_loop().run_in_executor(lane.executor, fn, *args)
                lane.done += 1
                return result
        finally:
            if not entered:
                lane.waiting -= 1
