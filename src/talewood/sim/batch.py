"""Playing many games with bots, in parallel processes, and summarising them."""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..engine import InvalidOption, record_of, save_record
from ..games import load

CHUNK = 25
BACKENDS = ("local", "ray")


@dataclass
class Outcome:
    """One simulated game: its seed and seats, and either its result or the error it raised."""

    seed: int
    players: int
    seats: list[str]
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    decisions: int = 0
    error: str | None = None
    details: list[dict[str, Any]] = field(default_factory=list)


def seats_for(players: int, seats: list[str]) -> list[str]:
    if len(seats) == 1:
        return seats * players
    if len(seats) != players:
        raise InvalidOption(f"{len(seats)} seats given for {players} players; give one kind, or one per seat")
    return list(seats)


def agent_seed(seed: int, seat: int) -> int:
    return seed * 7919 + seat * 104729 + 1


def play_one(game_id: str, players: int, seats: list[str], seed: int, options: Mapping[str, Any],
             save_dir: str | None = None, keep_details: bool = False) -> Outcome:
    """Play one game with bots; an exception is caught and reported with the seed."""
    outcome = Outcome(seed=seed, players=players, seats=seats)
    try:
        game = load(game_id)
        state = game.new_game(players, seed, options, tracked=save_dir is not None)
        agents = [make_agent(kind, agent_seed(seed, i)) for i, kind in enumerate(seats)]
        hashes: list[str] | None = [] if save_dir is not None else None   # a saved record checks every step
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].choose(state))
            outcome.decisions += 1
            if hashes is not None:
                hashes.append(state.state_hash())
        result = state.result()
        outcome.scores = list(result.scores)
        outcome.winners = list(result.winners)
        if keep_details:
            outcome.details = result.details
        if save_dir is not None:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
            save_record(record_of(state, seats=seats, hashes=hashes),
                        Path(save_dir) / f"{game_id}-{players}p-{seed}.json")
    except Exception as exc:  # a batch goes on past one broken game
        outcome.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}"
    return outcome


def _play_chunk(args: tuple[str, list[tuple[int, int, list[str]]], dict[str, Any], str | None, bool]) -> list[Outcome]:
    game_id, jobs, options, save_dir, keep = args
    return [play_one(game_id, players, seats, seed, options, save_dir, keep) for seed, players, seats in jobs]


def run_batch(game_id: str, games: int, players: list[int], seats: list[str], seed: int,
              options: Mapping[str, Any], workers: int = 1, save_dir: str | None = None,
              progress: Callable[[int], None] | None = None, keep_details: bool = False,
              backend: str = "local") -> list[Outcome]:
    """Play `games` games, cycling through `players` counts; seeds are seed, seed+1, …

    `backend` is "local" (a process pool on this machine) or "ray" (a Ray cluster: the one named by
    RAY_ADDRESS, or a local one started with `workers` CPUs).
    """
    if backend not in BACKENDS:
        raise InvalidOption(f"unknown backend {backend!r}; valid: {', '.join(BACKENDS)}")
    game = load(game_id)
    for n in players:
        game.check_players(n)
        game.parse_options(options, n)
        for kind in seats_for(n, seats):
            if kind != "random":
                make_agent(kind)  # refuse unknown kinds before starting
    jobs = [(seed + i, players[i % len(players)], seats_for(players[i % len(players)], seats)) for i in range(games)]
    # smaller chunks for a small batch, so every worker is busy and a progress bar moves early
    size = max(1, min(CHUNK, len(jobs) // (max(1, workers) * 4)))
    chunks = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    outcomes: list[Outcome] = []
    if backend == "ray":
        outcomes = _run_on_ray(game_id, chunks, dict(options), save_dir, keep_details, workers, progress)
    elif workers <= 1:
        for chunk in chunks:
            outcomes.extend(_play_chunk((game_id, chunk, dict(options), save_dir, keep_details)))
            if progress:
                progress(len(chunk))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, (game_id, chunk, dict(options), save_dir, keep_details))
                       for chunk in chunks]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress:
                    progress(len(done))
    outcomes.sort(key=lambda o: o.seed)
    return outcomes


def _run_on_ray(game_id: str, chunks: list[list[tuple[int, int, list[str]]]], options: dict[str, Any],
                save_dir: str | None, keep_details: bool, workers: int,
                progress: Callable[[int], None] | None) -> list[Outcome]:
    """Spread the chunks over a Ray cluster; results come back as they finish."""
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
        remote = ray.remote(_play_chunk)
        pending = [remote.remote((game_id, chunk, options, save_dir, keep_details)) for chunk in chunks]
        outcomes: list[Outcome] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done):
                outcomes.extend(result)
                if progress:
                    progress(len(result))
        return outcomes
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
    return {
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


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def timed_batch(*args: Any, **kwargs: Any) -> tuple[list[Outcome], float]:
    start = time.perf_counter()
    outcomes = run_batch(*args, **kwargs)
    return outcomes, time.perf_counter() - start
