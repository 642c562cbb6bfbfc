"""Playing many games with bots, in parallel processes, and summarising them.

`simulate` (what `talewood simulate` runs) keeps the parent out of the way of the workers: each worker
loads the game once, takes the next chunk of seeds itself (a counter the processes share) and tallies its
games as they end (sim/tally.py); the parent only merges one tally per worker and moves the progress bar.
`run_batch` gives every game's Outcome instead, for code that wants them one by one."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from itertools import islice
from typing import Any, TypeVar

from ..agents import ITERATIONS, check_budget, seat_list
from ..engine import InvalidOption
from ..games import load
from .play import Outcome, play_game
from .remote import call
from .tally import Tally

CHUNK = 25
PROGRESS_EVERY = 0.2     # seconds between the parent's looks at how many games the workers have played
BACKENDS = ("local", "ray")
T = TypeVar("T")
R = TypeVar("R")


def seats_for(players: int, seats: list[str]) -> list[str]:
    """One bot kind for every seat, or one per seat (checked)."""
    return seat_list(seats, players)


def play_one(game_id: str, players: int, seats: list[str], seed: int, options: Mapping[str, Any],
             save_dir: str | None = None, keep_details: bool = False, budget: str = ITERATIONS) -> Outcome:
    """Play one game with bots; an exception is caught and reported with the seed."""
    return play_game(game_id, Outcome(seed=seed, players=players, seats=seats), options,
                     save_dir=save_dir, keep_details=keep_details, budget=budget)


def _play_chunk(args: tuple[str, list[tuple[int, int, list[str]]], dict[str, Any], str | None, bool, str]
                ) -> list[Outcome]:
    game_id, jobs, options, save_dir, keep, budget = args
    return [play_one(game_id, players, seats, seed, options, save_dir, keep, budget) for seed, players, seats in jobs]


def run_batch(game_id: str, games: int, players: list[int], seats: list[str], seed: int,
              options: Mapping[str, Any], workers: int = 1, save_dir: str | None = None,
              progress: Callable[[int], None] | None = None, keep_details: bool = False,
              backend: str = "local", budget: str = ITERATIONS) -> list[Outcome]:
    """Play `games` games, cycling through `players` counts; seeds are seed, seed+1, …

    `backend` is "local" (a process pool on this machine) or "ray" (a Ray cluster: the one named by
    RAY_ADDRESS, or a local one started with `workers` CPUs). `budget`: the bots' (agents.BUDGETS).
    """
    check_backend(backend)
    check_budget(budget)
    check_batch(game_id, players, seats, options)
    jobs = [(seed + i, players[i % len(players)], seats_for(players[i % len(players)], seats)) for i in range(games)]
    size = chunk_size(games, workers)
    chunks = [(game_id, jobs[i:i + size], dict(options), save_dir, keep_details, budget)
              for i in range(0, len(jobs), size)]
    outcomes: list[Outcome] = []
    for done in map_chunks(_play_chunk, chunks, workers, backend):
        outcomes.extend(done)
        if progress:
            progress(len(done))
    outcomes.sort(key=lambda o: o.seed)
    return outcomes


@dataclass        # not frozen: a compiled frozen dataclass cannot be unpickled in a worker
class Plan:
    """A batch as its workers see it: game i (from 0) has seed `seed + i` and the i-th player count of the
    cycle; chunk c holds games c·size to c·size + size − 1."""

    game_id: str
    games: int
    players: list[int]
    seatings: dict[int, list[str]]      # each player count's seats, checked once
    seed: int
    options: dict[str, Any]
    save_dir: str | None
    budget: str
    size: int

    @property
    def chunks(self) -> int:
        return -(-self.games // self.size)

    def play(self, chunk: int) -> Tally:
        tally = Tally()
        for i in range(chunk * self.size, min(self.games, (chunk + 1) * self.size)):
            n = self.players[i % len(self.players)]
            tally.add(play_one(self.game_id, n, self.seatings[n], self.seed + i, self.options, self.save_dir,
                               budget=self.budget))
        return tally


def simulate(game_id: str, games: int, players: list[int], seats: list[str], seed: int,
             options: Mapping[str, Any], workers: int = 1, save_dir: str | None = None,
             progress: Callable[[int], None] | None = None, backend: str = "local",
             budget: str = ITERATIONS) -> Tally:
    """Play `games` games as run_batch does (the same seeds, seats and bots) and tally them: the tally, and
    so the summary, is the same whatever the number of workers or the backend."""
    check_backend(backend)
    check_budget(budget)
    check_batch(game_id, players, seats, options)
    # local workers take their chunks themselves, so small ones cost little: up to sixteen a worker keep the
    # last chunk (the wait for the slowest worker at the end) short; a Ray task costs more to send
    size = chunk_size(games, 4 * workers if backend == "local" else workers)
    plan = Plan(game_id, games, list(players), {n: seats_for(n, seats) for n in players}, seed, dict(options),
                save_dir, budget, size)
    if backend == "local" and workers > 1 and plan.chunks > 1:
        return _pull(plan, min(workers, plan.chunks), progress)
    tally = Tally()
    for part in map_chunks(_play_planned, ((plan, c) for c in range(plan.chunks)), workers, backend):
        tally.merge(part)
        if progress:
            progress(part.games)
    return tally


def _play_planned(task: tuple[Plan, int]) -> Tally:
    plan, chunk = task
    return plan.play(chunk)


# In each worker of `_pull`: the counter of the next chunk to take, and the one of the games played.
_counters: list[Any] = []


def _start_worker(game_id: str, next_chunk: Any, played: Any) -> None:
    _counters[:] = [next_chunk, played]
    load(game_id)       # the game's modules and content, once per process


def _take_chunks(plan: Plan) -> Tally:
    """A worker's share of the batch: chunk after chunk, until none is left."""
    next_chunk, played = _counters
    tally = Tally()
    while True:
        with next_chunk.get_lock():
            chunk = next_chunk.value
            next_chunk.value = chunk + 1
        if chunk >= plan.chunks:
            return tally
        part = plan.play(chunk)
        tally.merge(part)
        with played.get_lock():
            played.value += part.games


def _pull(plan: Plan, workers: int, progress: Callable[[int], None] | None) -> Tally:
    """The batch on `workers` processes that take their chunks themselves; the parent merges their tallies."""
    context = multiprocessing.get_context()
    next_chunk, played = context.Value("q", 0), context.Value("q", 0)
    tally = Tally()
    shown = 0
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                             initargs=(plan.game_id, next_chunk, played)) as pool:
        pending = {pool.submit(_take_chunks, plan) for _ in range(workers)}
        try:
            while pending:
                done, pending = wait(pending, timeout=PROGRESS_EVERY if progress else None,
                                     return_when=FIRST_COMPLETED)
                for future in done:
                    tally.merge(future.result())
                now = played.value
                if progress and now > shown:
                    progress(now - shown)
                    shown = now
        finally:
            next_chunk.value = plan.chunks      # after an error or Ctrl-C: no worker starts another chunk
    return tally


def check_backend(backend: str) -> None:
    if backend not in BACKENDS:
        raise InvalidOption(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")


def check_batch(game_id: str, players: list[int], seats: list[str], options: Mapping[str, Any]) -> None:
    """Refuse a bad player count, option or seat kind before any game starts."""
    game = load(game_id)
    for n in players:
        game.check_players(n)
        game.parse_options(options, n)
        seats_for(n, seats)


def chunk_size(games: int, workers: int) -> int:
    """Games per task: smaller for a small batch, so every worker is busy and a progress bar moves early."""
    return max(1, min(CHUNK, games // (max(1, workers) * 4)))


def map_chunks(fn: Callable[[T], R], tasks: Iterable[T], workers: int, backend: str = "local",
               window: int | None = None) -> Iterator[R]:
    """`fn` over `tasks`, in `workers` processes here or on a Ray cluster; results as they finish.

    At most `window` tasks are in flight (default: four per worker), and `tasks` is read only as they
    are sent, so a batch of any size never sits in memory whole."""
    check_backend(backend)
    window = window or max(1, workers) * 4
    if backend == "ray":
        yield from _map_on_ray(fn, tasks, workers, window)
    elif workers <= 1:
        for task in tasks:
            yield fn(task)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            source = iter(tasks)
            pending = {pool.submit(fn, task) for task in islice(source, window)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                    for task in islice(source, 1):
                        pending.add(pool.submit(fn, task))


def _map_on_ray(fn: Callable[[T], R], tasks: Iterable[T], workers: int, window: int) -> Iterator[R]:
    """The same over a Ray cluster: the one RAY_ADDRESS names, else a local one with `workers` CPUs."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - ray is a declared dependency
        raise InvalidOption("the ray backend needs the ray package (pip install 'talewood[ray]')") from exc
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(call)       # a Python function (sim/remote.py): ray.remote refuses a compiled one
        source = iter(tasks)
        pending = [remote.remote(fn, task) for task in islice(source, window)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done):
                yield result
                pending.extend(remote.remote(fn, task) for task in islice(source, 1))
    finally:
        if started:
            ray.shutdown()


def summarise(game_id: str, players: list[int], seats: list[str], outcomes: list[Outcome],
              seconds: float) -> dict[str, Any]:
    """`talewood simulate`'s summary of games played one by one (`simulate` gives the same from its tallies)."""
    return Tally.of(outcomes).summary(game_id, players, seats, seconds)


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def timed_batch(*args: Any, **kwargs: Any) -> tuple[list[Outcome], float]:
    start = time.perf_counter()
    outcomes = run_batch(*args, **kwargs)
    return outcomes, time.perf_counter() - start
