"""Load benchmark: the web app under concurrent games, through its HTTP API and WebSockets.

    .venv/bin/python benchmarks/load.py play --games 200 --think 1        # mixed seats, people who think
    .venv/bin/python benchmarks/load.py play --database postgresql://...  # on PostgreSQL
    .venv/bin/python benchmarks/load.py saturate --steps 10,25,50,100     # actions/s as the games grow
    .venv/bin/python benchmarks/load.py saturate --database postgresql://... --workers 2
    .venv/bin/python benchmarks/load.py pressure --database postgresql://...   # another table's latency
    .venv/bin/python benchmarks/load.py play --url http://127.0.0.1:8000  # an already running server

`play`: N concurrent games, the script playing every human seat at random against server-side bots;
the seats of game i cycle through SEATINGS (one person against bots, two people, …). It reports the
latency of the people's actions (POST /actions round trips, which never include bot thinking: the
bots think after the answer, on their executor), as the client measures it and inside the server
(Server-Timing), for every action and for the steady state.

`saturate`: the same games played as fast as the client can (no think time), for a few seconds at
each number of games: the actions per second the server takes, and their latency. Where the rate
stops growing, the server is saturated.

`pressure`: one table of two people (the one measured) plays on while, phase by phase, 300
spectators watch another game, 8 clients loop over replays of finished games, the database stalls
for 8 s (PostgreSQL: an ACCESS EXCLUSIVE lock on `games` from a connection of its own; SQLite: an
exclusive transaction), and then all three at once. Per phase: the measured table's moves (round
trip and inside the server), its reads of the game in memory, and WebSocket pings.

Only loopback addresses; every run is bounded and stops by itself. Results print as text, or as
JSON with --json (summaries only; `--out FILE` also writes them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx

OPTIONS = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}
# the seats of game i: SEATINGS[i % len(SEATINGS)] (every "human" seat is played by this script)
SEATINGS = (["human", "greedy"], ["human", "greedy", "random"], ["human", "human", "greedy"],
            ["human", "random", "greedy", "greedy"], ["human", "human"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    """Milliseconds: how many, p50, p90, p99, max."""
    ms = [v * 1000 for v in values]
    return {"n": len(ms), "p50": round(statistics.median(ms), 2) if ms else 0.0,
            "p90": round(percentile(ms, 90), 2), "p99": round(percentile(ms, 99), 2),
            "max": round(max(ms), 2) if ms else 0.0}


def cpu_seconds(pid: int, alone: bool = False) -> float:
    """CPU time (user + system) of a process and every live process below it (`alone`: of the process
    only), from /proc (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    if alone:
        return times.get(pid, 0.0)
    total = 0.0
    for p, t in times.items():
        q = p
        while q > 1:
            if q == pid:
                total += t
                break
            q = parents.get(q, 0)
    return total


def machine() -> dict[str, Any]:
    """How busy the machine is: its load average and cores (other people's work counts here)."""
    return {"load_average": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count()}


class Server:
    """`talewood serve` on a loopback port, with the limits off (one client plays every game)."""

    def __init__(self, database: str | None, workers: int = 1, bot_executor: str = "process",
                 extra: tuple[str, ...] = ()) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database = database or f"sqlite:///{Path(self.tmp.name) / 'load.db'}"
        self.log = open(Path(self.tmp.name) / "server.log", "w+")  # noqa: SIM115 - open while it runs
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "talewood.cli", "serve", "--port", str(self.port), "--database", self.database,
             "--bot-delay", "0", "--bot-executor", bot_executor, "--workers", str(workers),
             "--limit-games", "0", "--limit-bot-only", "0", "--limit-sockets", "0", "--limit-watchers", "0",
             "--no-access-log", *extra],
            stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "/api/meta", timeout=1)
                break
            except OSError:
                time.sleep(0.1)

    def cpu(self, alone: bool = False) -> float:
        """CPU seconds of the server and its bot and replay workers (`alone`: of the server process)."""
        return cpu_seconds(self.proc.pid, alone)

    def errors(self) -> str:
        """The end of the server's log (its warnings and errors)."""
        self.log.seek(0)
        return self.log.read()[-4000:]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        self.tmp.cleanup()


async def ask(client: httpx.AsyncClient, method: str, url: str, **kwargs: Any) -> httpx.Response:
    """A request, sent again once if the server had just closed the idle connection it went out on (its
    keep-alive ends after 5 s): an action sent twice is refused the second time (its version is stale)."""
    try:
        return await client.request(method, url, **kwargs)
    except (httpx.ReadError, httpx.RemoteProtocolError):
        return await client.request(method, url, **kwargs)


class Samples:
    def __init__(self) -> None:
        self.client: list[float] = []
        self.server: list[float] = []
        self.stamps: list[float] = []
        self.refused: dict[int, int] = {}

    def add(self, started: float, r: httpx.Response) -> None:
        self.client.append(time.perf_counter() - started)
        self.stamps.append(started)
        timing = r.headers.get("server-timing", "")
        if timing.startswith("app;dur="):
            self.server.append(float(timing[8:]) / 1000)


# -- playing --------------------------------------------------------------------------------------------
async def play_one(client: httpx.AsyncClient, index: int, seats: list[str], deadline: float, think: float,
                   samples: Samples, start_after: float = 0.0) -> dict[str, Any]:
    """Play every human seat of one game at random until it ends or `deadline`."""
    rng = random.Random(index)
    await asyncio.sleep(start_after)     # players arrive over the ramp, not all in the same instant
    r = await ask(client, "POST", "/api/games", json={"game": "spirits", "players": len(seats), "seats": seats,
                                              "options": OPTIONS, "seed": 1000 + index})
    r.raise_for_status()
    created = r.json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"] if s["token"]]
    state = (await ask(client, "GET", f"/api/games/{gid}", params={"token": tokens[0]})).json()
    moves = 0
    while not state["over"] and time.monotonic() < deadline:
        seat = state["current_player"]
        token = created["seats"][seat]["token"] if seat is not None else None
        if token is None:                # a bot's turn: wait for a person's turn (or the end)
            r = await ask(client, "GET", f"/api/games/{gid}", params={"token": tokens[0], "after": state["version"],
                                                                  "wait": 20})
            state = r.json()
            continue
        mine = (await ask(client, "GET", f"/api/games/{gid}", params={"token": token})).json()
        if not mine["actions"] or mine["version"] != state["version"]:
            state = mine
            continue
        action = rng.choice(mine["actions"])["id"]
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))   # a person takes a moment
        t0 = time.perf_counter()
        r = await ask(client, "POST", f"/api/games/{gid}/actions",
                              json={"token": token, "action": action, "version": mine["version"]})
        if r.status_code != 200:
            samples.refused[r.status_code] = samples.refused.get(r.status_code, 0) + 1
            state = (await ask(client, "GET", f"/api/games/{gid}", params={"token": token})).json()
            continue
        samples.add(t0, r)
        state = r.json()
        moves += 1
    return {"id": gid, "over": state["over"], "moves": moves}


async def play(url: str, games: int, seconds: float, think: float, ramp: float, warmup: float) -> dict[str, Any]:
    samples = Samples()
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        start = time.perf_counter()
        results = await asyncio.gather(*(play_one(client, i, list(SEATINGS[i % len(SEATINGS)]), deadline, think,
                                                  samples, ramp * i / max(1, games)) for i in range(games)))
        elapsed = time.perf_counter() - start
    steady = [x for x, t in zip(samples.client, samples.stamps, strict=True) if t - start >= ramp + warmup]
    steady_server = [x for x, t in zip(samples.server, samples.stamps, strict=False) if t - start >= ramp + warmup]
    return {"games": games, "think_seconds": think, "finished": sum(1 for r in results if r["over"]),
            "actions": len(samples.client), "seconds": round(elapsed, 1),
            "actions_per_second": round(len(samples.client) / elapsed, 1), "refused": samples.refused,
            "client_ms": summary(samples.client), "server_ms": summary(samples.server),
            "steady": {"after_seconds": ramp + warmup, "client_ms": summary(steady),
                       "server_ms": summary(steady_server)},
            "machine": machine()}


async def saturate(url: str, steps: list[int], seconds: float) -> list[dict[str, Any]]:
    out = []
    for games in steps:
        out.append(await play(url, games, seconds, 0.0, 0.0, min(2.0, seconds / 4)))
    return out


# -- pressure -----------------------------------------------------------------------------------------------
async def finished_games(client: httpx.AsyncClient, count: int) -> list[dict[str, Any]]:
    """Games of bots only, played to their end (the replays' material)."""
    made = []
    for i in range(count):
        r = await ask(client, "POST", "/api/games", json={"game": "spirits", "players": 3,
                                                  "seats": ["greedy", "random", "random"], "seed": 500 + i,
                                                  "options": OPTIONS})
        made.append(r.json())
    for g in made:
        while not (await ask(client, "GET", f"/api/games/{g['id']}")).json()["over"]:
            await asyncio.sleep(0.5)
    return made


async def spectators(url: str, watched: dict[str, Any], count: int, stop: asyncio.Event, received: list[int]) -> None:
    """`count` pages watching the game being played (the next one when it ends), as the browser does."""
    import websockets

    async def one() -> None:
        while not stop.is_set():
            gid = watched["current"]
            async with websockets.connect(url.replace("http", "ws") + f"/ws/games/{gid}", max_size=None,
                                          open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None, "patches": True}))
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        message = await asyncio.wait_for(ws.recv(), 1)
                        received[0] += 1
                        received[1] += len(message)
                    if watched["current"] != gid:
                        break

    await asyncio.gather(*(one() for _ in range(count)), return_exceptions=True)


async def watched_game(client: httpx.AsyncClient, stop: asyncio.Event) -> dict[str, Any]:
    """Games of one person (played here, briskly) against two bots, one after another: something for
    the spectators to watch. `current` is the game being played."""
    seats = ["human", "greedy", "greedy"]
    r = await ask(client, "POST", "/api/games", json={"game": "spirits", "players": 3, "seats": seats,
                                                      "options": OPTIONS, "seed": 77})
    g = r.json()
    g["current"] = g["id"]

    async def go() -> None:
        rng = random.Random(7)
        seed = 78
        gid, token = g["id"], g["seats"][0]["token"]
        while not stop.is_set():
            s = (await ask(client, "GET", f"/api/games/{gid}", params={"token": token})).json()
            if s["over"]:
                r = await ask(client, "POST", "/api/games", json={"game": "spirits", "players": 3, "options": OPTIONS,
                                                          "seats": seats, "seed": seed})
                seed += 1
                g2 = r.json()
                gid, token = g2["id"], g2["seats"][0]["token"]
                g["current"] = gid
                continue
            if not s["actions"]:
                await ask(client, "GET", f"/api/games/{gid}", params={"token": token, "after": s["version"], "wait": 5,
                                                              "turn": True})
                continue
            await asyncio.sleep(0.3)
            await ask(client, "POST", f"/api/games/{gid}/actions", json={"token": token, "version": s["version"],
                                                                 "action": rng.choice(s["actions"])["id"]})

    g["task"] = asyncio.get_running_loop().create_task(go())
    return g


async def replay_loopers(client: httpx.AsyncClient, games: list[dict[str, Any]], count: int,
                         stop: asyncio.Event, served: list[int]) -> None:
    async def one(k: int) -> None:
        rng = random.Random(k)
        while not stop.is_set():
            g = rng.choice(games)
            seat = rng.choice([None, 0, 1, 2])
            steps = (await ask(client, "GET", f"/api/games/{g['id']}/replay", params={"step": 0})).json()["steps"]
            for step in range(0, steps + 1):
                if stop.is_set():
                    return
                params: dict[str, Any] = {"step": step}
                if seat is not None:
                    params["seat"] = seat
                r = await ask(client, "GET", f"/api/games/{g['id']}/replay", params=params)
                served[0 if r.status_code == 200 else 1] += 1

    await asyncio.gather(*(one(k) for k in range(count)))


def stall_database(database: str, seconds: float) -> threading.Thread:
    """Hold the database still for `seconds`, from a connection of its own (in a thread)."""
    from sqlalchemy import create_engine, text

    from talewood.server.db import database_url

    def hold() -> None:
        engine = create_engine(database_url(database))
        with engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
            else:
                conn.exec_driver_sql("BEGIN EXCLUSIVE")
            time.sleep(seconds)
            conn.rollback()
        engine.dispose()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    return thread


async def read_all(ws: Any) -> None:
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def measured_table(url: str, seconds: float, think: float) -> dict[str, Any]:
    """The table the figures are about: two people, each move after `think` s; reads and pings between."""
    import websockets

    moves = Samples()
    reads: list[float] = []
    pings: list[float] = []
    unanswered = 0                      # pings without a pong within 30 s
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        seed = 900
        while time.monotonic() < deadline:
            r = await ask(client, "POST", "/api/games", json={
                "game": "spirits", "players": 2, "seats": ["human", "human"], "options": OPTIONS, "seed": seed})
            seed += 1
            g = r.json()
            gid = g["id"]
            tokens = [s["token"] for s in g["seats"]]
            rng = random.Random(seed)
            async with websockets.connect(url.replace("http", "ws") + f"/ws/games/{gid}", max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[1], "patches": True}))
                await ws.recv()
                # the page reads every patch: left unread, 16 of them fill the client's queue, it stops
                # reading the socket, and the next ping waits for a pong it never reads
                reading = asyncio.create_task(read_all(ws))
                state = (await ask(client, "GET", f"/api/games/{gid}", params={"token": tokens[0]})).json()
                while not state["over"] and time.monotonic() < deadline:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    t0 = time.perf_counter()
                    mine = await ask(client, "GET", f"/api/games/{gid}", params={
                        "token": tokens[state["current_player"]]})
                    reads.append(time.perf_counter() - t0)
                    t0 = time.perf_counter()
                    try:
                        await asyncio.wait_for(await ws.ping(), 30)
                        pings.append(time.perf_counter() - t0)
                    except TimeoutError:
                        unanswered += 1
                    mine_state = mine.json()
                    t0 = time.perf_counter()
                    r = await ask(client, "POST", f"/api/games/{gid}/actions", json={
                        "token": tokens[state["current_player"]], "version": mine_state["version"],
                        "action": rng.choice(mine_state["actions"])["id"]})
                    if r.status_code == 200:
                        moves.add(t0, r)
                        state = r.json()
                    else:
                        moves.client.append(time.perf_counter() - t0)
                        moves.refused[r.status_code] = moves.refused.get(r.status_code, 0) + 1
                        state = (await ask(client, "GET", f"/api/games/{gid}", params={"token": tokens[0]})).json()
                reading.cancel()
    return {"moves_client_ms": summary(moves.client), "moves_server_ms": summary(moves.server),
            "refused": moves.refused, "reads_ms": summary(reads), "pings_ms": summary(pings),
            "pings_unanswered": unanswered}


async def pressure(server: Server, phase_seconds: float, think: float, watchers: int, loopers: int,
                   stall: float) -> dict[str, Any]:
    out: dict[str, Any] = {"phase_seconds": phase_seconds, "think_seconds": think, "spectators": watchers,
                           "replay_loopers": loopers, "stall_seconds": stall, "phases": {}}
    url = server.url
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=50, max_keepalive_connections=50)) as client:
        done = await finished_games(client, 6)
        for phase in ("idle", "spectators", "replays", "stall", "all"):
            stop = asyncio.Event()
            tasks = []
            received = [0, 0]
            served = [0, 0]
            if phase in ("spectators", "all"):
                watched = await watched_game(client, stop)
                tasks.append(watched["task"])
                tasks.append(asyncio.create_task(spectators(url, watched, watchers, stop, received)))
            if phase in ("replays", "all"):
                tasks.append(asyncio.create_task(replay_loopers(client, done, loopers, stop, served)))
            await asyncio.sleep(2 if tasks else 0)       # the pressure is on before the measure starts
            cpu0, own0 = server.cpu(), server.cpu(alone=True)
            staller = None
            if phase in ("stall", "all"):
                async def later() -> None:
                    await asyncio.sleep(phase_seconds / 3)
                    nonlocal staller
                    staller = stall_database(server.database, stall)
                tasks.append(asyncio.create_task(later()))
            result = await measured_table(url, phase_seconds, think)
            result["server_cpu_seconds"] = round(server.cpu() - cpu0, 2)
            result["server_process_cpu_seconds"] = round(server.cpu(alone=True) - own0, 2)
            stop.set()
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(task, 30)
            if staller is not None:
                staller.join(30)
            result["spectator_messages"] = received[0]
            result["spectator_megabytes"] = round(received[1] / 1e6, 1)
            result["replays_served"], result["replays_refused"] = served
            result["machine"] = machine()
            out["phases"][phase] = result
            print(f"{phase}: {json.dumps(result)}", file=sys.stderr, flush=True)
        status = (await ask(client, "GET", "/api/server")).json()
        out["server"] = {k: status[k] for k in ("games_in_memory", "games_let_go", "payloads", "replays")}
    return out


# -- the command ----------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", nargs="?", default="play", choices=("play", "saturate", "pressure"))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=300, help="play: stop after this long in any case")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--database", default=None, help="database for the server started here")
    parser.add_argument("--workers", type=int, default=1, help="server processes (more than 1: PostgreSQL)")
    parser.add_argument("--bot-executor", default="process", choices=("process", "thread"))
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds the client waits before each human action (0: as fast as it can)")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which the games start")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds after the ramp before the steady-state figures start counting")
    parser.add_argument("--steps", default="5,10,25,50,100", help="saturate: numbers of games, in turn")
    parser.add_argument("--step-seconds", type=float, default=20.0, help="saturate: seconds at each step")
    parser.add_argument("--phase-seconds", type=float, default=30.0, help="pressure: seconds of each phase")
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--loopers", type=int, default=8)
    parser.add_argument("--stall", type=float, default=8.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", default=None, help="also write the JSON summary to this file")
    args = parser.parse_args()
    server = Server(args.database, args.workers, args.bot_executor) if args.url is None else None
    url = args.url or (server.url if server else "")
    report: dict[str, Any] = {"mode": args.mode, "database": "postgresql" if args.database and "postgres"
                              in args.database else "sqlite", "workers": args.workers, "machine": machine()}
    try:
        cpu0 = server.cpu() if server else 0.0
        own0 = server.cpu(alone=True) if server else 0.0
        if args.mode == "play":
            report.update(asyncio.run(play(url, args.games, args.seconds, args.think, args.ramp, args.warmup)))
        elif args.mode == "saturate":
            report["steps"] = asyncio.run(saturate(url, [int(x) for x in args.steps.split(",")], args.step_seconds))
        else:
            assert server is not None, "pressure starts its own server (it stalls its database)"
            report.update(asyncio.run(pressure(server, args.phase_seconds, args.think or 0.5, args.spectators,
                                               args.loopers, args.stall)))
        if server is not None:
            report["server_cpu_seconds"] = round(server.cpu() - cpu0, 1)
            report["server_process_cpu_seconds"] = round(server.cpu(alone=True) - own0, 1)
    except Exception:
        if server is not None:
            print(server.errors(), file=sys.stderr)
        raise
    finally:
        if server is not None:
            server.stop()
    report["machine_after"] = machine()
    text = json.dumps(report, indent=1)
    if args.out:
        Path(args.out).write_text(text + "\n")
    if args.json:
        print(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
