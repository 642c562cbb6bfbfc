"""Load benchmark: N concurrent games through the HTTP API, a client playing the human seat of each
against server-side bots; reports the latency of the human actions (POST /actions round trips,
which never include bot thinking: the bots think after the response, on the executor).

    .venv/bin/python benchmarks/load.py                 # starts its own server on a temporary SQLite file
    .venv/bin/python benchmarks/load.py --games 50 --database postgresql://...
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000   # an already running server

Only loopback addresses; the run is bounded by --games and --seconds and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx

OPTIONS = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its live children, from /proc (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def play_one(client: httpx.AsyncClient, index: int, bots: list[str], deadline: float, think: float,
                   latencies: list[float], polls: list[float], server_side: list[float],
                   start_after: float = 0.0, stamps: list[float] | None = None) -> dict[str, Any]:
    rng = random.Random(index)
    await asyncio.sleep(start_after)     # players arrive over the ramp, not all in the same instant
    seats = ["human", *bots]
    r = await client.post("/api/games", json={"game": "spirits", "players": len(seats), "seats": seats,
                                              "options": OPTIONS, "seed": 1000 + index})
    r.raise_for_status()
    created = r.json()
    gid, token = created["id"], created["seats"][0]["token"]
    state = (await client.get(f"/api/games/{gid}", params={"token": token})).json()
    moves = 0
    while not state["over"] and time.monotonic() < deadline:
        if not state["actions"]:
            t0 = time.perf_counter()
            r = await client.get(f"/api/games/{gid}", params={"token": token, "after": state["version"],
                                                                  "wait": 20, "turn": True})
            polls.append(time.perf_counter() - t0)
            state = r.json()
            continue
        action = rng.choice(state["actions"])["id"]
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))   # a person takes a moment
        t0 = time.perf_counter()
        r = await client.post(f"/api/games/{gid}/actions",
                              json={"token": token, "action": action, "version": state["version"]})
        latencies.append(time.perf_counter() - t0)
        if stamps is not None:
            stamps.append(t0)
        timing = r.headers.get("server-timing", "")
        if timing.startswith("app;dur="):
            server_side.append(float(timing[8:]) / 1000)
        if r.status_code != 200:
            raise RuntimeError(f"game {gid}: {r.status_code} {r.text}")
        state = r.json()
        moves += 1
    return {"id": gid, "over": state["over"], "moves": moves}


async def run(url: str, games: int, bots: list[str], seconds: float, think: float, ramp: float = 5.0,
              warmup: float = 5.0) -> dict[str, Any]:
    latencies: list[float] = []
    polls: list[float] = []
    server_side: list[float] = []
    stamps: list[float] = []
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        start = time.perf_counter()
        results = await asyncio.gather(*(play_one(client, i, bots, deadline, think, latencies, polls, server_side,
                                                  ramp * i / max(1, games), stamps)
                                         for i in range(games)))
        elapsed = time.perf_counter() - start
    ms = [x * 1000 for x in latencies]
    # steady state: the actions sent once every game has started and the warm-up is over
    steady = [x * 1000 for x, t in zip(latencies, stamps, strict=True) if t - start >= ramp + warmup] or [0.0]
    inside = [x * 1000 for x in server_side] or [0.0]
    return {
        "games": games, "think_seconds": think, "finished": sum(1 for r in results if r["over"]),
        "seats": ["human", *bots],
        "human_actions": len(ms), "seconds": round(elapsed, 1),
        "actions_per_second": round(len(ms) / elapsed, 1),
        "latency_ms": {"p50": round(statistics.median(ms), 2), "p90": round(percentile(ms, 90), 2),
                       "p99": round(percentile(ms, 99), 2), "max": round(max(ms), 2),
                       "mean": round(statistics.fmean(ms), 2)},
        "steady_latency_ms": {"after_seconds": ramp + warmup, "actions": len(steady),
                              "p50": round(statistics.median(steady), 2), "p90": round(percentile(steady, 90), 2),
                              "p99": round(percentile(steady, 99), 2), "max": round(max(steady), 2)},
        "server_ms": {"p50": round(statistics.median(inside), 2), "p90": round(percentile(inside, 90), 2),
                      "p99": round(percentile(inside, 99), 2), "max": round(max(inside), 2)},
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--bots", default="greedy,random", help="the bot seats of each game")
    parser.add_argument("--seconds", type=float, default=300, help="stop after this long in any case")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--database", default=None, help="database for the server started here")
    parser.add_argument("--bot-executor", default="process", choices=("process", "thread"))
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds the client waits before each human action (0: as fast as it can)")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which the games start")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds after the ramp before the steady-state figures start counting")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    proc = None
    tmp = None
    url = args.url
    if url is None:
        tmp = tempfile.TemporaryDirectory()
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        database = args.database or f"sqlite:///{Path(tmp.name) / 'load.db'}"
        # one client creates every game: no creation limit; the access log is written (and thrown away)
        proc = subprocess.Popen([sys.executable, "-m", "talewood.cli", "serve", "--port", str(port),
                                 "--database", database, "--bot-delay", "0", "--bot-executor", args.bot_executor,
                                 "--limit-games", "0", "--limit-bot-only", "0"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/api/meta", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
    try:
        cpu_before = cpu_seconds(proc.pid) if proc is not None else 0.0
        report = asyncio.run(run(url, args.games, [b for b in args.bots.split(",") if b], args.seconds, args.think,
                                 args.ramp, args.warmup))
        if proc is not None and report["human_actions"]:
            used = cpu_seconds(proc.pid) - cpu_before
            report["server_cpu_ms_per_human_action"] = round(used * 1000 / report["human_actions"], 2)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        if tmp is not None:
            tmp.cleanup()
    if args.json:
        print(json.dumps(report))
    else:
        lat = report["latency_ms"]
        print(f"{report['games']} concurrent games ({', '.join(report['seats'])}; "
              f"think time {report['think_seconds']} s), "
              f"{report['finished']} finished, "
              f"{report['human_actions']} human actions in {report['seconds']} s "
              f"({report['actions_per_second']}/s)")
        print(f"human action latency, client round trip (ms): p50 {lat['p50']}  p90 {lat['p90']}  "
              f"p99 {lat['p99']}  max {lat['max']}  mean {lat['mean']}")
        srv = report["server_ms"]
        print(f"inside the server (Server-Timing, ms):         p50 {srv['p50']}  p90 {srv['p90']}  "
              f"p99 {srv['p99']}  max {srv['max']}")
        if "server_cpu_ms_per_human_action" in report:
            print(f"server CPU per human action (with the bots' replies): "
                  f"{report['server_cpu_ms_per_human_action']} ms")
        print(f"machine load average during the run: {report['load_average']} (2 cores, shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
