"""Bot latency under load: how long a person waits for the bots' reply in a game of their own, on an
idle server and while many games of bots only run (they must not starve the person's game).

    .venv/bin/python benchmarks/bots.py                       # 60 bot-only games, process workers
    .venv/bin/python benchmarks/bots.py --record benchmarks/results/bots-DATE.json

It starts its own server on a temporary SQLite file (or uses --database), plays the person's seat
at random against `greedy` through the HTTP API and measures, for each turn the person hands over,
the time from the answer to their action until it is their turn again (the bots' thinking, their
queue and the storage of their moves). The same games (same seeds, same choices) are played twice: on
the idle server, then with --robots games of two greedy bots running. Only loopback addresses;
bounded by --replies and --seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import OPTIONS, free_port, percentile


def person_game(client: httpx.Client, replies: int, seed: int, deadline: float, think: float = 0.0) -> list[float]:
    """Play the person's seat; the wait for each bot reply, in seconds."""
    rng = random.Random(seed)
    r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "greedy"],
                                        "options": OPTIONS, "seed": seed})
    r.raise_for_status()
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    state = client.get(f"/api/games/{gid}", params={"token": token}).json()
    waits: list[float] = []
    while not state["over"] and len(waits) < replies and time.monotonic() < deadline:
        if not state["actions"]:
            t0 = time.perf_counter()
            state = client.get(f"/api/games/{gid}", params={"token": token, "after": state["version"], "wait": 30,
                                                             "turn": True}).json()
            if state["actions"] or state["over"]:
                waits.append(time.perf_counter() - t0)
            continue
        action = rng.choice(state["actions"])["id"]
        if think:
            time.sleep(rng.uniform(0.5 * think, 1.5 * think))     # a person takes a moment
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action,
                                                           "version": state["version"]})
        r.raise_for_status()
        state = r.json()
    return waits


def person_games(client: httpx.Client, replies: int, seed: int, deadline: float, think: float) -> list[float]:
    """Games after games (seeds seed, seed + 1, ...) until `replies` bot replies were measured."""
    waits: list[float] = []
    while len(waits) < replies and time.monotonic() < deadline:
        waits += person_game(client, replies - len(waits), seed, deadline, think)
        seed += 1
    return waits


def summary(waits: list[float]) -> dict[str, float]:
    ms = [w * 1000 for w in waits] or [0.0]
    return {"replies": len(waits), "p50": round(statistics.median(ms), 1), "p90": round(percentile(ms, 90), 1),
            "max": round(max(ms), 1), "mean": round(statistics.fmean(ms), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--robots", type=int, default=60, help="games of bots only running meanwhile")
    parser.add_argument("--robot-kind", default="normal", help="the bots of the bot-only games (search bots: "
                        "slow enough that all of them still run at the end)")
    parser.add_argument("--replies", type=int, default=60, help="bot replies measured in each phase")
    parser.add_argument("--seconds", type=float, default=240, help="stop each phase after this long in any case")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds the person takes for a decision")
    parser.add_argument("--database", default=None)
    parser.add_argument("--bot-delay", type=float, default=0.0, help="the server's --bot-delay (0: thinking only)")
    parser.add_argument("--bot-executor", default="process", choices=("process", "thread"))
    parser.add_argument("--record", default=None, metavar="FILE", help="also write the result here as JSON")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    database = args.database or f"sqlite:///{Path(tmp.name) / 'bots.db'}"
    proc = subprocess.Popen([sys.executable, "-m", "talewood.cli", "serve", "--port", str(port), "--database",
                             database, "--bot-delay", str(args.bot_delay), "--bot-executor", args.bot_executor,
                             "--limit-games", "0", "--limit-bot-only", "0", "--no-access-log"],
                            stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/api/meta", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        with httpx.Client(base_url=url, timeout=60) as client:
            person_game(client, 3, 999, time.monotonic() + 60)           # warm the workers up
            idle = person_games(client, args.replies, 1, time.monotonic() + args.seconds, args.think)
            for i in range(args.robots):
                client.post("/api/games", json={"game": "spirits", "players": 2, "seats": [args.robot_kind] * 2,
                                                "options": OPTIONS, "seed": 5000 + i}).raise_for_status()
            time.sleep(3)
            lanes_before = client.get("/api/server").json()["bot_lanes"]
            started = time.monotonic()
            loaded = person_games(client, args.replies, 1, time.monotonic() + args.seconds, args.think)
            loaded_seconds = time.monotonic() - started
            lanes_after = client.get("/api/server").json()["bot_lanes"]
            games = client.get("/api/games", params={"limit": 500}).json()
    finally:
        proc.terminate()
        proc.wait(20)
        tmp.cleanup()
    report: dict[str, Any] = {
        "robots": args.robots, "robot_kind": args.robot_kind, "bot_delay": args.bot_delay,
        "bot_executor": args.bot_executor,
        "seats": ["human", "greedy"], "options": OPTIONS, "idle_ms": summary(idle), "loaded_ms": summary(loaded),
        "think_seconds": args.think, "loaded_phase_seconds": round(loaded_seconds, 1),
        "bot_only_moves_during_the_loaded_phase": lanes_after["bots_only"]["done"] - lanes_before["bots_only"]["done"],
        "bot_only_moves_waiting_at_the_end": lanes_after["bots_only"]["waiting"],
        "bot_only_games_finished": sum(1 for g in games if g["over"] and "human" not in g["seats"]),
        "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
        "date": time.strftime("%Y-%m-%d"),
    }
    report["ratio_p50"] = round(report["loaded_ms"]["p50"] / max(report["idle_ms"]["p50"], 0.001), 2)
    report["ratio_p90"] = round(report["loaded_ms"]["p90"] / max(report["idle_ms"]["p90"], 0.001), 2)
    report["within_2x"] = report["ratio_p50"] <= 2 and report["ratio_p90"] <= 2
    print(json.dumps(report, indent=2))
    if args.record:
        Path(args.record).write_text(json.dumps(report, indent=2) + "\n")
    return 0 if report["within_2x"] else 1


if __name__ == "__main__":
    sys.exit(main())
