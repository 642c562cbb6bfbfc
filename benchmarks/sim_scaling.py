"""How `talewood simulate` scales with its workers, and what the Ray backend adds to each game.

    .venv/bin/python benchmarks/sim_scaling.py [--seconds 4] [--runs 2] [--games spirits trial] [--no-ray]

1. Workers: for every game, with `random` and then `greedy` in every seat (the game's most players), the same
   batch (seeds from 0) with 1 and 2 workers, the runs interleaved (1, 2, 1, 2…), through `sim.batch.simulate`,
   what the command runs. The batch is sized to take about --seconds on one worker (measured first).
   Each run gives its wall time (games/s), and its CPU time: this process's and its workers' (getrusage of
   the process and of its ended children), so the work one game costs with 1 and with 2 workers can be
   compared whatever else the machine does.
2. Ray: one batch (`--ray-game`, random seats) on the local process pool and on a local Ray cluster
   (`ray.init(num_cpus=workers)`), at 1 and 2 workers. Ray's start-up is timed apart (ray.init, then a small
   batch that starts its workers and imports the game in them) and left out; what Ray adds to each game is
   (Ray's seconds − the pool's seconds) / games. CPU time on Ray: this process's, its workers' and its core's
   (raylet, GCS), from /proc between the start and the end of the batch; the rest of the cluster (dashboard,
   agents, log monitor) is kept apart, as CPU seconds a second: background work, not a game's.

On a shared machine the wall-clock figures depend on the others' work (Linux shares the CPU between
sessions, so two workers of one session get no more than one when every core is busy): the load average is
kept beside every run; rerun at rest for the speed-up itself. Writes benchmarks/results/sim-scaling-DATE.json
(--out) and prints a table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import threading
import time
from pathlib import Path
from typing import Any

from talewood.compiled import is_compiled
from talewood.games import available, load
from talewood.sim import batch
from talewood.sim.batch import simulate

RESULTS = Path(__file__).parent / "results"
KINDS = ("random", "greedy")
TICKS = os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def own_cpu() -> tuple[float, float]:
    """CPU seconds of this process, and of its children that have ended (a pool's workers, once it closed)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


def stat_of(pid: int) -> tuple[int, float] | None:
    """A process's parent and CPU seconds (from /proc), or None once it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS


class WorkerClock(threading.Thread):
    """Each worker's CPU seconds while a pool runs, read from /proc every 20 ms (the last reading of each is
    kept: a worker's last 20 ms may be missed): how evenly the workers shared the batch."""

    def __init__(self, workers: int) -> None:
        super().__init__(daemon=True)
        self.workers, self.cpu, self.stop = workers, {}, threading.Event()

    def run(self) -> None:
        me = os.getpid()
        while not self.stop.is_set():
            if len(self.cpu) < self.workers:
                for entry in os.listdir("/proc"):
                    if entry.isdigit() and int(entry) not in self.cpu:
                        stat = stat_of(int(entry))
                        if stat is not None and stat[0] == me:
                            self.cpu[int(entry)] = stat[1]
            for pid in list(self.cpu):
                stat = stat_of(pid)
                if stat is not None:
                    self.cpu[pid] = stat[1]
            self.stop.wait(0.02)


RAY_WORKERS = ("ray::call", "ray::IDLE")      # a Ray worker's process name, running a task or not
RAY_CORE = ("raylet", "gcs_server")             # the cluster's scheduler and its directory


def descendants_cpu() -> dict[str, float]:
    """CPU seconds of every live process below this one (a Ray cluster's), read from /proc: Ray's workers,
    its core (raylet, GCS) and the rest (dashboard, agents, log monitor: background work, not per game)."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        stat = stat_of(int(entry)) if entry.isdigit() else None
        if stat is not None:
            parents[int(entry)], cpu[int(entry)] = stat
    mine = {os.getpid()}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                grew = True
    mine.discard(os.getpid())
    out = {"workers": 0.0, "core": 0.0, "background": 0.0}
    for pid in mine:
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        role = "workers" if name in RAY_WORKERS else "core" if name in RAY_CORE else "background"
        out[role] += cpu[pid]
    return out


def batch_size(game_id: str, kind: str, seconds: float) -> int:
    """Games that take about `seconds` of CPU on one worker (played here first, on other seeds)."""
    players = load(game_id).max_players
    played, start = 0, time.process_time()
    while time.process_time() - start < min(1.0, seconds / 4) or played < 2:
        simulate(game_id, 1, [players], [kind], 10**6 + played, {})
        played += 1
    per_game = (time.process_time() - start) / played
    return max(8, round(seconds / per_game))


def run(game_id: str, kind: str, games: int, workers: int, backend: str = "local") -> dict[str, Any]:
    players = [load(game_id).max_players]
    load_before = load_average()
    me0, children0 = own_cpu()
    below0 = descendants_cpu() if backend == "ray" else {}
    clock = WorkerClock(workers)
    if backend == "local" and workers > 1:
        clock.start()
    start = time.perf_counter()
    tally = simulate(game_id, games, players, [kind], 0, {}, workers=workers, backend=backend)
    wall = time.perf_counter() - start
    clock.stop.set()
    below = {k: v - below0[k] for k, v in descendants_cpu().items()} if backend == "ray" else {}
    me1, children1 = own_cpu()
    assert tally.games == games
    row = {"workers": workers, "backend": backend, "seconds": round(wall, 3),
           "games_per_second": round(games / wall, 2), "cpu_parent": round(me1 - me0, 3),
           "cpu_workers": round(children1 - children0 + below.get("workers", 0.0) + below.get("core", 0.0), 3),
           "load": [load_before, load_average()]}
    if below:
        row["cpu_ray"] = {k: round(v, 3) for k, v in below.items()}
    if clock.cpu:
        row["cpu_each_worker"] = sorted(round(c, 3) for c in clock.cpu.values())
    return row


def cpu_per_game(row: dict[str, Any], games: int) -> float:
    return (row["cpu_parent"] + row["cpu_workers"]) / games


def scaling(game_id: str, kind: str, seconds: float, runs: int) -> dict[str, Any]:
    games = batch_size(game_id, kind, seconds)
    rows = [run(game_id, kind, games, w) for _ in range(runs) for w in (1, 2)]
    best = {w: min((r for r in rows if r["workers"] == w), key=lambda r: r["seconds"]) for w in (1, 2)}
    cpu = {w: min(cpu_per_game(r, games) for r in rows if r["workers"] == w) for w in (1, 2)}
    # one worker's CPU over the busiest of two workers' CPU: what two idle cores would give, waits apart
    busiest = min((max(r["cpu_each_worker"]) for r in rows if r.get("cpu_each_worker")), default=0.0)
    out = {"game": game_id, "seats": kind, "players": load(game_id).max_players, "games": games, "runs": rows,
           "games_per_second": {w: best[w]["games_per_second"] for w in (1, 2)},
           "speedup": round(best[1]["seconds"] / best[2]["seconds"], 2),
           "cpu_ms_per_game": {w: round(cpu[w] * 1000, 3) for w in (1, 2)},
           "cpu_two_over_one": round(cpu[2] / cpu[1], 3),
           "cpu_speedup": round(cpu[1] * games / busiest, 2) if busiest > 0 else None}
    print(f"{game_id:10} {kind:7} {games:6} games  1 worker {out['games_per_second'][1]:9.1f} games/s  "
          f"2 workers {out['games_per_second'][2]:9.1f} games/s  ×{out['speedup']:.2f} "
          f"(CPU ×{out['cpu_speedup'] or 0:.2f})  "
          f"CPU a game {out['cpu_ms_per_game'][1]:.3f} → {out['cpu_ms_per_game'][2]:.3f} ms "
          f"(×{out['cpu_two_over_one']:.3f})  load {min(r['load'][0] for r in rows)}–{max(r['load'][1] for r in rows)}",
          flush=True)
    return out


def ray_overhead(game_id: str, seconds: float, runs: int) -> dict[str, Any]:
    import ray

    games = batch_size(game_id, "random", seconds)
    chunk = batch.chunk_size(games, 1)
    out: dict[str, Any] = {"game": game_id, "seats": "random", "games": games, "ray": ray.__version__, "by_workers": {}}
    # the pool's runs first: a process that has run Ray keeps its threads, and a pool worker forked from it
    # afterwards can die at once (a BrokenProcessPool, seen here once)
    pool_rows = {workers: [run(game_id, "random", games, workers) for _ in range(runs)] for workers in (1, 2)}
    for workers in (1, 2):
        rows: list[dict[str, Any]] = list(pool_rows[workers])
        for _ in range(runs):
            t0 = time.perf_counter()
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            started = time.perf_counter() - t0
            t0 = time.perf_counter()
            simulate(game_id, 2 * workers * chunk, [load(game_id).max_players], ["random"], 10**6, {},
                     workers=workers, backend="ray")      # starts Ray's workers and imports the game in them
            warmed = time.perf_counter() - t0
            try:
                row = run(game_id, "random", games, workers, backend="ray")
            finally:
                ray.shutdown()
            row["ray_init_seconds"], row["ray_warm_up_seconds"] = round(started, 3), round(warmed, 3)
            rows.append(row)
        local = min((r for r in rows if r["backend"] == "local"), key=lambda r: r["seconds"])
        on_ray = min((r for r in rows if r["backend"] == "ray"), key=lambda r: r["seconds"])
        added = (on_ray["seconds"] - local["seconds"]) / games
        cpu = {b: min(cpu_per_game(r, games) for r in rows if r["backend"] == b) for b in ("local", "ray")}
        background = max(r["cpu_ray"]["background"] / r["seconds"] for r in rows if "cpu_ray" in r)
        out["by_workers"][workers] = {
            "runs": rows, "pool_seconds": local["seconds"], "ray_seconds": on_ray["seconds"],
            "ray_ms_added_per_game": round(added * 1000, 3),
            "pool_cpu_ms_per_game": round(cpu["local"] * 1000, 3), "ray_cpu_ms_per_game": round(cpu["ray"] * 1000, 3),
            "ray_cpu_ms_added_per_game": round((cpu["ray"] - cpu["local"]) * 1000, 3),
            "ray_background_cpu_per_second": round(background, 3),
            "ray_start_seconds": min(r["ray_init_seconds"] + r["ray_warm_up_seconds"]
                                     for r in rows if "ray_init_seconds" in r)}
        print(f"ray {game_id} {games} games, {workers} worker(s): pool {local['seconds']:.2f} s, "
              f"Ray {on_ray['seconds']:.2f} s → {added * 1000:+.3f} ms a game; CPU a game {cpu['local'] * 1000:.3f} → "
              f"{cpu['ray'] * 1000:.3f} ms ({(cpu['ray'] - cpu['local']) * 1000:+.3f} ms), Ray's background "
              f"{background:.2f} CPU s a second, start-up apart "
              f"({out['by_workers'][workers]['ray_start_seconds']:.1f} s); "
              f"load {[r['load'] for r in rows]}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="each batch's CPU time on one worker")
    parser.add_argument("--runs", type=int, default=2, help="runs of each batch at each worker count (best kept)")
    parser.add_argument("--games", nargs="*", default=available())
    parser.add_argument("--kinds", nargs="*", default=list(KINDS))
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--ray-game", default="spirits")
    parser.add_argument("--out", type=Path, default=None,
                        help="the JSON file (default: benchmarks/results/sim-scaling-DATE.json)")
    args = parser.parse_args()
    started = datetime.datetime.now(datetime.UTC)
    result: dict[str, Any] = {
        "started": started.isoformat(timespec="seconds"), "cores": os.cpu_count(), "python": platform.python_version(),
        "build": "compiled" if is_compiled(batch) else "pure", "seconds": args.seconds, "runs_each": args.runs,
        "load_at_start": list(os.getloadavg()),
        "scaling": [scaling(g, k, args.seconds, args.runs) for g in args.games for k in args.kinds],
    }
    if not args.no_ray:
        result["ray"] = ray_overhead(args.ray_game, args.seconds, args.runs)
    result["load_at_end"] = list(os.getloadavg())
    out = args.out or RESULTS / f"sim-scaling-{started.date().isoformat()}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
