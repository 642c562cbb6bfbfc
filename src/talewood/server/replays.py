"""Replays of finished games, off the event loop: a worker (a process of its own by default, at a low OS
priority) rebuilds the game to the step asked for and draws it; the answer, JSON already encoded, is
kept per (game, step, seat) in a cache bounded by its size, so a page looping over a replay costs
the server one computation per step, and a spectator looping over many costs it no more than the
bound of waiting work (beyond it: 503, try again in a second).
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from concurrent.futures import Executor
from typing import Any

from ..engine import State, rebuild
from ..games import load
from .errors import retry_later
from .live import render

_states: OrderedDict[str, State] = OrderedDict()    # in a worker: the last state of each game replayed


def replay_step(game_id: str, key: str, players: int, seed: int, options: dict[str, Any], actions: list[int],
                step: int, seat: int | None, head: dict[str, Any]) -> bytes:
    """A finished game after `step` of its `actions` as `seat` sees it, encoded (runs in a worker). A
    page steps forward one action at a time: the worker goes on from the state it kept for the game."""
    target = max(0, step - 1)             # the state before the last move shown, to name that move
    state = _states.pop(key, None)
    done = len(state.history or []) if state is not None else 0
    if state is None or done > target or (state.history or []) != actions[:done]:
        state = rebuild(load(game_id), players, seed, options, actions[:target])
        done = target
    for action in actions[done:target]:
        state.apply(action)
    last = None
    if step:
        last = {"seat": state.current_player, "label": state.describe(actions[step - 1])}
        state.apply(actions[step - 1])
    _states[key] = state
    while len(_states) > 16:
        _states.popitem(last=False)
    view = state.view(seat)
    out = {**head, "step": step, "steps": len(actions), "current_player": state.current_player,
           "prompt": state.prompt(), "view": view, "svg": render(game_id, view, seat, []), "last": last,
           "log": state.events_for(seat), "over": state.is_over,
           "result": state.result().to_json() if state.is_over else None}
    sheet = state.game.score_sheet(state.result()) if state.is_over else None
    out["verdict"] = sheet.headline() if sheet is not None else None
    out["score_sheet"] = sheet.to_json() if sheet is not None else None
    return json.dumps(out, separators=(",", ":")).encode()


class Replays:
    """The replay cache and its worker. `limit_bytes` bounds the cache; `queue` the work waiting."""

    def __init__(self, executor: Executor, limit_bytes: int = 64 << 20, queue: int = 16) -> None:
        self.executor = executor
        self.limit_bytes = limit_bytes
        self.queue = queue
        self.cache: OrderedDict[tuple[str, int, int | None], bytes] = OrderedDict()
        self.size = 0
        self.pending: dict[tuple[str, int, int | None], asyncio.Future[bytes]] = {}
        self.computed = 0
        self.hits = 0

    async def get(self, game_id: str, players: int, seed: int, options: dict[str, Any], actions: list[int],
                  step: int, seat: int | None, head: dict[str, Any]) -> bytes:
        key = (game_id, step, seat)
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            self.hits += 1
            return found
        waiting = self.pending.get(key)
        if waiting is None:
            if len(self.pending) >= self.queue:
                raise retry_later(f"the server is busy drawing {len(self.pending)} replays; try again in 1 s", 1)
            waiting = asyncio.get_running_loop().run_in_executor(
                self.executor, replay_step, game_id, f"{game_id}:{seat}", players, seed, options, actions, step,
                seat, head)
            self.pending[key] = waiting
            waiting.add_done_callback(lambda done: self._store(key, done))
        return await asyncio.shield(waiting)

    def _store(self, key: tuple[str, int, int | None], done: asyncio.Future[bytes]) -> None:
        self.pending.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        data = done.result()
        self.computed += 1
        if len(data) > self.limit_bytes:
            return
        self.cache[key] = data
        self.size += len(data)
        while self.size > self.limit_bytes:
            _, old = self.cache.popitem(last=False)
            self.size -= len(old)
