"""Browser tests: a real `talewood serve` subprocess and headless Chromium from Debian's packages."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, database: str, port: int) -> None:
        self.database = database
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "talewood.cli", "serve", "--port", str(self.port), "--database", self.database,
             "--bot-delay", "0.05", "--bot-executor", "thread"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.base + "/api/meta", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'talewood.db'}", free_port())
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {CHROMIUM} is missing: .ci/run must install Debian's chromium")
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield CspBypassing(b)
        b.close()


class CspBypassing:
    """The browser for tests that drive pages with Playwright's string predicates, which the pages'
    Content-Security-Policy (no eval) would refuse; `strict` is the browser as a person has it."""

    def __init__(self, strict: Any) -> None:
        self.strict = strict

    def new_page(self, **kwargs: Any) -> Any:
        return self.strict.new_page(bypass_csp=True, **kwargs)

    def new_context(self, **kwargs: Any) -> Any:
        return self.strict.new_context(bypass_csp=True, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.strict, name)


def click_next(page: Any) -> None:
    """As a person would: click the board if it offers a choice, else the first button; wait for a change.

    A click that lands while the page is being redrawn is tried again (the version check on the
    server makes a repeated click harmless)."""
    version = page.evaluate("window.talewood.lastVersion")
    for _attempt in range(3):
        target = page.locator("#board [data-action]").first
        if target.count():
            target.click()
        else:
            page.locator("#actions button").first.click()
        try:
            page.wait_for_function(f"window.talewood.lastVersion !== {version}", timeout=6000)
            return
        except Exception:
            continue
    raise AssertionError(f"no change after clicking: {page.inner_text('header')} | {page.inner_text('#error')}")


def wait_my_turn_or_end(page: Any, timeout: float = 30000) -> bool:
    """True when it is this page's turn, False when the game is over."""
    page.wait_for_function(
        "document.querySelector('#status').dataset.turn === 'yours' || !document.querySelector('#scores-card').hidden",
        timeout=timeout)
    return bool(page.evaluate("document.querySelector('#scores-card').hidden"))
