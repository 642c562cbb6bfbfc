"""The server as an operator runs it: `talewood serve` binds before it says it serves, its bot
worker processes end with it (even after SIGKILL), orphans of an earlier server are reaped at start,
and several processes share one PostgreSQL database."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from talewood.server.bots import POOL_MARK

from .conftest import drop_schema, fresh_schema, postgres_url
from .procs import Serve, descendants, stop_all, wait_gone

pytestmark = pytest.mark.xdist_group("processes")


def serve_cli(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "talewood.cli", "serve", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_a_taken_port_or_a_bad_one_fails_at_once_with_a_message(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        started = time.time()
        done = serve_cli("--port", str(port), "--database", f"sqlite:///{tmp_path / 'a.db'}")
        assert time.time() - started < 20
        assert done.returncode == 1
        assert f"cannot serve on 127.0.0.1:{port}" in done.stderr and "in use" in done.stderr
        assert "serving at" not in done.stdout
    done = serve_cli("--port", "99999")
    assert done.returncode == 2 and "99999 is not a port number (1 to 65535)" in done.stderr
    done = serve_cli("--workers", "2", "--database", f"sqlite:///{tmp_path / 'a.db'}")
    assert done.returncode == 2 and "PostgreSQL" in done.stderr


def test_serving_at_is_printed_once_the_server_answers(tmp_path: Path) -> None:
    server = Serve(f"sqlite:///{tmp_path / 'talewood.db'}", "--bot-executor", "thread")
    try:
        line = server.wait_ready()
        assert line.startswith(f"Talewood is serving at http://127.0.0.1:{server.port}/")
        with urllib.request.urlopen(server.base + "/api/meta", timeout=5) as r:   # at once, no retry
            assert r.status == 200
    finally:
        server.stop()


def ws_extensions(server: Serve) -> str | None:
    """The WebSocket extensions the server agreed to with a page that asks for compression. (The sync
    client: a worker that ran the browser tests holds Playwright's running event loop, so no asyncio.run.)"""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{server.port}/ws/games/none", compression="deflate") as ws:
        assert ws.response is not None
        return ws.response.headers.get("Sec-WebSocket-Extensions")


def test_websocket_compression_is_on_unless_turned_off(tmp_path: Path) -> None:
    for args, compressed in (((), True), (("--no-ws-compression",), False)):
        server = Serve(f"sqlite:///{tmp_path / 'talewood.db'}", "--bot-executor", "thread", *args)
        try:
            server.wait_ready()
            agreed = ws_extensions(server)
            assert ("permessage-deflate" in (agreed or "")) is compressed, (args, agreed)
        finally:
            server.stop()


def bot_processes(server: Serve) -> set[int]:
    """Start a game whose bot thinks in a worker process, and return the server's child processes."""
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["greedy", "greedy"]})
    deadline = time.time() + 30
    while time.time() < deadline:
        if server.get(f"/api/games/{g['id']}")["steps"] > 2:
            break
        time.sleep(0.1)
    return descendants(server.proc.pid)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_bot_workers_end_with_the_server(tmp_path: Path, sig: int) -> None:
    server = Serve(f"sqlite:///{tmp_path / 'talewood.db'}")
    children: set[int] = set()
    try:
        server.wait_ready()
        children = bot_processes(server)
        assert len(children) >= 2               # the bot workers and multiprocessing's resource tracker
        server.stop(sig)
        left = wait_gone(children, 10)
        assert not left, f"still running after the server ended: {left}"
    finally:
        server.stop(signal.SIGKILL)
        stop_all(children)


def test_orphans_of_an_earlier_server_are_reaped_at_start(tmp_path: Path) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()                                  # a server process id that no longer runs
    environment = {**os.environ, POOL_MARK: str(gone.pid)}
    orphan = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], env=environment)
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    server = Serve(f"sqlite:///{tmp_path / 'talewood.db'}")
    try:
        server.wait_ready()
        assert orphan.wait(10) == -signal.SIGKILL
        assert bystander.poll() is None          # only processes marked by a server that is gone
    finally:
        server.stop()
        for p in (orphan, bystander):
            p.kill()
            p.wait()


@pytest.mark.postgres
def test_two_processes_on_one_postgres_play_one_game() -> None:
    """Seat 1 plays through one process, seat 2 through another; the bot's moves are thought out once."""
    import websockets.sync.client as ws_client

    base = postgres_url()
    url, schema = fresh_schema(base)
    servers = [Serve(url, "--bot-executor", "thread"), Serve(url, "--bot-executor", "thread")]
    try:
        for s in servers:
            s.wait_ready()
        for s in servers:
            deadline = time.time() + 20
            while not s.get("/api/server")["listening"]:
                assert time.time() < deadline, "the server never listened for changes"
                time.sleep(0.1)
        g = servers[0].post("/api/games", {"game": "spirits", "players": 3, "seats": ["human", "human", "greedy"],
                                           "seed": 31, "options": {"wish": True}})
        sockets = []
        for seat, s in enumerate(servers):
            sock = ws_client.connect(f"ws://127.0.0.1:{s.port}/ws/games/{g['id']}", open_timeout=10)
            sock.send(f'{{"type": "hello", "token": "{g["seats"][seat]["token"]}"}}')
            sockets.append(sock)
        latest: list[dict[str, Any]] = [{}, {}]
        moves = 0

        def read(seat: int, timeout: float = 10) -> None:
            message = json.loads(sockets[seat].recv(timeout=timeout))
            if message["type"] == "state":
                latest[seat] = message

        for seat in (0, 1):
            read(seat)
        finish = time.time() + 240
        while not latest[0].get("over"):
            assert time.time() < finish, "the game stopped: " + "\n".join(s.logged()[-3000:] for s in servers)
            mover = next((s for s in (0, 1) if latest[s]["actions"] and latest[s]["version"] == max(
                latest[0]["version"], latest[1]["version"])), None)
            if mover is None:
                # wait for news on both sockets: a move through the other process, or the bot's
                for seat in (0, 1):
                    try:
                        while True:
                            read(seat, timeout=0.05)
                    except TimeoutError:
                        pass
                continue
            version = latest[mover]["version"]
            sockets[mover].send(json.dumps({"type": "action", "action": latest[mover]["actions"][0]["id"],
                                            "version": version}))
            moves += 1
            other = 1 - mover
            deadline = time.time() + 10          # the other seat, on the other process, hears of it
            while latest[other].get("version", -1) <= version:
                assert time.time() < deadline, "a move never reached the other process's client: " + "\n".join(
                    s.logged()[-3000:] for s in servers)
                with contextlib.suppress(TimeoutError):
                    read(other, timeout=0.5)
            assert moves < 400
        for seat in (0, 1):
            deadline = time.time() + 10
            while not latest[seat].get("over"):
                assert time.time() < deadline
                read(seat)
            assert latest[seat]["result"] == latest[0]["result"]
        record = servers[1].get(f"/api/games/{g['id']}/record")
        bot_moves = len(record["actions"]) - moves
        assert bot_moves > 0
        computed = sum(s.get("/api/server")["bot_moves_computed"] for s in servers)
        assert "damaged" not in "".join(s.logged() for s in servers)
        assert computed == bot_moves              # each bot move thought out once, by one process
        for sock in sockets:
            sock.close()
    finally:
        for s in servers:
            s.stop()
        drop_schema(base, schema)


@pytest.mark.postgres
def test_serve_with_several_workers_shares_the_port() -> None:
    base = postgres_url()
    url, schema = fresh_schema(base)
    server = Serve(url, "--workers", "2", "--bot-executor", "thread")
    try:
        line = server.wait_ready()
        assert "with 2 processes" in line
        deadline = time.time() + 30
        seen: set[str] = set()
        g = None
        while len(seen) < 2 and time.time() < deadline:
            try:
                seen.add(server.get("/api/server")["instance"])
                if g is None:
                    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "greedy"]})
            except OSError:
                time.sleep(0.2)
        assert len(seen) == 2
        assert g is not None and server.get(f"/api/games/{g['id']}")["id"] == g["id"]
    finally:
        server.stop()
        drop_schema(base, schema)


def test_x_forwarded_for_is_believed_only_from_the_proxies_given(tmp_path: Path) -> None:
    """Creation limits count by address: a client may not pose as others through X-Forwarded-For, not even
    from loopback, unless its address is a proxy given to --forwarded-allow-ips."""

    def create_as(server: Serve, address: str) -> int:
        body = json.dumps({"game": "spirits", "players": 2, "seats": ["human", "human"]}).encode()
        req = urllib.request.Request(server.base + "/api/games", data=body, headers={
            "content-type": "application/json", "x-forwarded-for": address})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return int(r.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)

    plain = Serve(f"sqlite:///{tmp_path / 'a.db'}", "--bot-executor", "thread", "--limit-games", "1")
    proxied = Serve(f"sqlite:///{tmp_path / 'b.db'}", "--bot-executor", "thread", "--limit-games", "1",
                    "--forwarded-allow-ips", "127.0.0.1")
    try:
        plain.wait_ready()
        proxied.wait_ready()
        assert create_as(plain, "203.0.113.1") == 200
        assert create_as(plain, "203.0.113.2") == 429        # the same loopback client, whatever it claims
        assert create_as(proxied, "203.0.113.1") == 200
        assert create_as(proxied, "203.0.113.2") == 200      # the proxy's word counts: two clients
        assert create_as(proxied, "203.0.113.1") == 429
    finally:
        plain.stop()
        proxied.stop()


@pytest.mark.postgres
def test_the_processes_of_several_workers_end_with_their_supervisor() -> None:
    """`serve --workers 2` killed with SIGKILL: its server processes end too, and the port is free."""
    base = postgres_url()
    url, schema = fresh_schema(base)
    server = Serve(url, "--workers", "2", "--bot-executor", "thread")
    workers: set[int] = set()
    try:
        server.wait_ready()
        deadline = time.time() + 60
        instances: set[str] = set()
        while len(instances) < 2 and time.time() < deadline:       # both workers answer
            try:
                instances.add(server.get("/api/server")["instance"])
            except OSError:
                time.sleep(0.2)
        workers = descendants(server.proc.pid)
        assert len(instances) == 2 and len(workers) >= 2
        server.stop(signal.SIGKILL)
        left = wait_gone(workers, 15)
        assert not left, f"still running after the supervisor was killed: {left}"
        with socket.socket() as again:                 # nobody listens on the port any more
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind(("127.0.0.1", server.port))
            again.listen(1)
    finally:
        server.stop(signal.SIGKILL)
        stop_all(workers)
        drop_schema(base, schema)
