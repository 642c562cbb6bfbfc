"""`talewood serve` as a real process, for the tests that need one (signals, ports, several processes)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    def __init__(self, database: str, *args: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # the server's log: a pipe nobody reads would fill up and stop the server
        self.log = tempfile.TemporaryFile("w+")  # noqa: SIM115 - open as long as the server runs
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "talewood.cli", "serve", "--port", str(self.port), "--database", database,
             "--bot-delay", "0", "--limit-games", "0", "--limit-bot-only", "0", *args],
            stdout=subprocess.PIPE, stderr=self.log, text=True)

    def wait_ready(self, timeout: float = 60) -> str:
        """The line the server prints once it serves (it prints it only then)."""
        assert self.proc.stdout is not None
        deadline = time.time() + timeout
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the server ended: {self.logged()}")
        assert time.time() < deadline
        return line

    def logged(self) -> str:
        self.log.seek(0)
        return self.log.read()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            return json.load(r)

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.load(r)
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{path}: {exc.code} {exc.read()!r}") from None

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def descendants(pid: int) -> set[int]:
    """Every live process below `pid` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pids: set[int], timeout: float = 10) -> set[int]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        left = {p for p in pids if alive(p)}
        if not left:
            return left
        time.sleep(0.1)
    return {p for p in pids if alive(p)}


def stop_all(pids: set[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
