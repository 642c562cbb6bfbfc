"""Playing many games with bots, in parallel processes, and summarising them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

from ..agents import ITERATIONS, check_budget, seat_list
from ..engine import InvalidOption
from ..games import load
from .play import Outcome, play_game
from .ratings import wilson
from .remote import call

CHUNK = 25
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
    completed = [o for o in outcomes if o.error is None]
    width = max(players)
    seat_wins = [0] * width
    score_sum = [0.0] * width
    score_n = [0] * width
    for o in completed:
        for w in o.winners:
            seat_wins[w] += 1
        for s, score in enumerate(o.scores):
            score_sum[s] += score
            score_n[s] += 1
    by_players = {}
    for n in players:
        group = [o for o in completed if o.players == n]
        wins = [0] * n
        for o in group:
            for w in o.winners:
                wins[w] += 1
        by_players[str(n)] = {
            "games": sum(1 for o in outcomes if o.players == n), "completed": len(group), "seat_wins": wins,
            "mean_scores": [round(sum(o.scores[s] for o in group) / len(group), 3) if group else None
                            for s in range(n)],
        }
    out: dict[str, Any] = {
        "game": game_id,
        "players": players[0] if len(players) == 1 else players,
        "seats": seats_for(players[0], seats) if len(players) == 1 else seats,
        "games": len(outcomes),
        "completed": len(completed),
        "errors": len(outcomes) - len(completed),
        "error_games": [{"seed": o.seed, "players": o.players, "error": (o.error or "").splitlines()[0]}
                        for o in outcomes if o.error is not None][:50],
        "seat_wins": seat_wins,
        "mean_scores": [round(score_sum[s] / score_n[s], 3) if score_n[s] else None for s in range(width)],
        "mean_decisions": round(sum(o.decisions for o in completed) / len(completed), 2) if completed else 0,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 2) if seconds > 0 else None,
        "by_players": by_players,
    }
    if load(game_id).cooperative:
        out["team"] = team_summary(completed)
        for n in players:
            out["by_players"][str(n)]["team"] = team_summary([o for o in completed if o.players == n])
    return out


def team_summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """A cooperative game's figures: how often the team won (with a 95% interval), and its score."""
    wins = sum(1 for o in outcomes if o.team_won)
    n = len(outcomes)
    scores = [o.team_score for o in outcomes if o.team_score is not None]
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
            "ci95": [round(x, 4) for x in wilson(wins, n)],
            "mean_score": round(sum(scores) / len(scores), 3) if scores else None}


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def timed_batch(*args: Any, **kwargs: Any) -> tuple[list[Outcome], float]:
    start = time.perf_counter()
    outcomes = run_batch(*args, **kwargs)
    return outcomes, time.perf_counter() - start
