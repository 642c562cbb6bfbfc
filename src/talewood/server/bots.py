"""Bot thinking, off the event loop: a plain function an executor (threads or processes) can run.

The worker rebuilds the state from the record (a few milliseconds) so nothing but small,
picklable values cross the process boundary; the agent's seed comes from the game's seed, the seat
and the step, so a restarted server makes the same move.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..agents import bot_seed, make_agent
from ..engine import rebuild
from ..games import load

_cache: dict[str, Any] = {}


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


def make_executor(kind: str = "process", workers: int | None = None) -> Executor:
    """`process` (the default for `talewood serve`: bots never hold the server's GIL) or `thread`."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers or 2, thread_name_prefix="talewood-bot")
    if kind == "process":
        import multiprocessing

        return ProcessPoolExecutor(max_workers=workers or max(1, (os.cpu_count() or 2) - 1),
                                   mp_context=multiprocessing.get_context("spawn"))
    raise ValueError(f"bot executor must be process or thread, not {kind!r}")
