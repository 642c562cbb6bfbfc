"""What the balance lab's statistics cost over plain simulation (docs/lab.md, "Scale").

Plays the same seeds in one process, alternately with `sim.batch.simulate` (what `talewood simulate` runs)
and with `sim.lab.collect.run_lab` (the report's games, the game's record hook, the rows and the Parquet
files), and compares the CPU time of each; then the CPU time of rendering the report from the files.
CPU time, not wall time, so other work on a shared machine changes the figures little.

    .venv/bin/python benchmarks/lab_overhead.py spirits --games 100 --players 4 --option wish=true
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from talewood.engine import parse_assignments
from talewood.sim.batch import simulate
from talewood.sim.lab.collect import run_lab
from talewood.sim.lab.report import write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="greedy")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--backend", default="local", choices=("local", "ray"))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    clock = time.process_time
    if args.backend == "ray":
        import ray

        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
        clock = time.perf_counter
    options = parse_assignments(args.option)
    seats = args.seats.split(",")
    plain, lab, render = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.repeats):
            t0 = clock()
            simulate(args.game, args.games, [args.players], seats, 0, options, workers=args.workers,
                     backend=args.backend)
            plain.append(clock() - t0)
            out = Path(tmp) / f"run{rep}"
            t0 = clock()
            run_lab(args.game, args.games, [args.players], seats, 0, options, out, workers=args.workers,
                    backend=args.backend)
            lab.append(clock() - t0)
            t0 = time.process_time()
            write(out)
            render.append(time.process_time() - t0)
    best_plain, best_lab = min(plain), min(lab)
    print(json.dumps({
        "game": args.game, "games": args.games, "players": args.players, "seats": seats, "options": options,
        "backend": args.backend, "workers": args.workers,
        "seconds": "wall" if args.backend == "ray" else "cpu",
        "simulate_seconds": [round(x, 2) for x in plain], "report_games_seconds": [round(x, 2) for x in lab],
        "render_cpu_seconds": [round(x, 2) for x in render],
        "statistics_overhead_percent": round((best_lab / best_plain - 1) * 100, 1),
    }))


if __name__ == "__main__":
    main()
