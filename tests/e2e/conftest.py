"""Browser tests: a real `talewood serve` subprocess and headless Chromium from Debian's packages."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from talewood.games import load

CHROMIUM = "/usr/bin/chromium"
# The two sizes every page is checked and photographed at: a laptop, and a phone held upright
# (a touch screen that honours the page's viewport meta, as a real phone does).
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 1},
}
TAP = 44   # the smallest tap target, in CSS pixels, each way


def long_but(cases: Iterable[Any], keep: Any) -> list[Any]:
    """Parameters of a test that plays whole games in the browser: `keep` runs in make test, every other case
    is marked `long` (make test-long, which CI runs after make test), so the inner loop still plays one."""
    return [case if case == keep else pytest.param(*(case if isinstance(case, tuple) else (case,)),
                                                    marks=pytest.mark.long) for case in cases]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.e2e
GONE_AFTER = 2     # seconds without a page open before a player may be called gone (60 by default)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`talewood serve` in a subprocess; its output kept in `log` (shown when a test fails)."""

    def __init__(self, database: str, port: int, log: Path | None = None) -> None:
        self.database = database
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = log or Path(tempfile.mkstemp(prefix="talewood-server-", suffix=".log")[1])

    def start(self) -> None:
        """Start the server and wait until it says it is serving (it prints that once it answers), for as
        long as the process lives and keeps making progress — a busy machine only makes it slower."""
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "talewood.cli", "serve", "--port", str(self.port), "--database",
                 self.database, "--bot-delay", "0.05", "--bot-executor", "thread", "--gone-after", str(GONE_AFTER)],
                stdout=out, stderr=subprocess.STDOUT)
        start = self.log.stat().st_size if self.log.exists() else 0
        while self.proc.poll() is None:
            if b"Talewood is serving at" in self.log.read_bytes()[start:]:
                return
            time.sleep(0.05)
        raise RuntimeError(f"the server stopped before it served (exit {self.proc.returncode}):\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

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
                self.proc.wait(10)

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.load(r)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=90) as r:
            return json.load(r)


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'talewood.db'}", free_port(), tmp_path / "server.log")
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            print(f"\n--- the server's log ({srv.log}) ---\n{srv.tail()}")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Each test's call report on its node (`rep_call`), so a fixture can tell a failed test."""
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report


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


def click_next(page: Any, buttons_only: bool = False) -> None:
    """As a person would: click the board if it offers a choice, else the first button; wait for a change.

    With `buttons_only` (a phone), the first choice on the board is tapped — its sheet opens, and its
    first choice is tapped there — or else, when the board offers none, the first button the panel shows
    (the panel keeps "pass" and "done" first, so a player tapping it alone would play a game of passes).
    A click that lands while the page is being redrawn is tried again (the version check on the server
    makes a repeated click harmless)."""
    version = page.evaluate("window.talewood.lastVersion")
    for _attempt in range(3):
        target = page.locator("#board [data-action]").first
        shown = page.locator("#actions button:visible").first
        if target.count() and not buttons_only:
            target.click()
        elif buttons_only and target.count():
            target.tap()
            page.locator("#info-actions button").first.tap()
        elif buttons_only:
            shown.tap()
        else:
            shown.click()
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


@pytest.fixture
def screens(tmp_path: Path) -> Path:
    """Where the pages are photographed: $TALEWOOD_SCREENSHOTS (`make screenshots` gives docs/screenshots),
    else a temporary folder, so every test run still takes (and so checks) them."""
    folder = Path(os.environ.get("TALEWOOD_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def overflow(page: Any) -> list[str]:
    """Whatever sticks out sideways past the window (empty when nothing scrolls sideways); an element
    inside a box that clips or scrolls its own content is that box's business."""
    return list(page.evaluate("""() => {
        const width = window.innerWidth, out = [];
        const root = document.documentElement;
        if (root.scrollWidth > width) out.push(`the page is ${root.scrollWidth}px wide`);
        const clipped = (e) => {
            for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                if (getComputedStyle(a).overflowX !== 'visible') return true;
            }
            return false;
        };
        for (const e of document.querySelectorAll('body *')) {
            if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
            const r = e.getBoundingClientRect();
            if (r.width && r.right > width + 0.5 && !clipped(e)) {
                out.push(`${e.tagName.toLowerCase()}#${e.id} ends at ${Math.round(r.right)}px`);
            }
        }
        return out.slice(0, 8);
    }"""))


def small_tap_targets(page: Any) -> list[str]:
    """Visible controls (buttons, links, fields) smaller than 44x44 CSS pixels; a checkbox counts with
    its label, which takes the tap too."""
    return list(page.evaluate("""(tap) => {
        const out = [];
        for (const e of document.querySelectorAll('button, a, select, input, [role=button]')) {
            if (e.closest('svg')) continue;
            if (!e.getBoundingClientRect().width || getComputedStyle(e).visibility === 'hidden') continue;
            const box = (e.type === 'checkbox' && e.closest('label') || e).getBoundingClientRect();
            if (box.width < tap || box.height < tap) {
                const name = (e.textContent || e.value || '').trim().slice(0, 30);
                const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
                out.push(`${e.tagName.toLowerCase()}#${e.id} '${name}' ${size}`);
            }
        }
        return out.slice(0, 8);
    }""", TAP))


def log_numbers_fit(page: Any) -> tuple[int, float, float]:
    """(entries in #log, the width of its longest number "N. ", the list's indent that must hold it)."""
    n, number, indent = page.evaluate("""() => {
        const log = document.querySelector('#log'), style = getComputedStyle(log);
        const probe = document.createElement('span');
        probe.style.font = style.font; probe.style.position = 'absolute'; probe.style.whiteSpace = 'pre';
        probe.textContent = `${log.children.length}. `;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return [log.children.length, width, parseFloat(style.paddingLeft)];
    }""")
    return int(n), float(number), float(indent)


def create_and_play(server: Server, browser: Any, game: str, options: dict[str, str | bool], seed: int,
                    limit: int, size: str = "desktop", screens: Path | None = None, middle: int = 0,
                    check: Callable[[Any, str], None] | None = None) -> Any:
    """Create a 3-player game in the lobby (you, greedy, random) and click through it to the end.

    At `size` "phone" the choices are tapped as buttons. The start, the `middle`-th click and the end
    are photographed into `screens` (as <game>-<size>-<stage>.png) and handed to `check`."""
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(server.base + "/")
    page.select_option("#game", game)
    page.select_option("#players", "3")
    page.select_option("#seat-1", "greedy")
    page.select_option("#seat-2", "random")
    for name, value in options.items():
        if value is True:
            page.check(f"#opt-{name}")
        else:
            page.select_option(f"#opt-{name}", str(value))
    page.fill("#seed", str(seed))
    if check:
        check(page, "lobby")
    page.click("#create-button")
    page.click("#play-link")
    page.wait_for_selector("#board svg")

    def stage(name: str) -> None:
        if size == "desktop":
            page.mouse.move(0, 0)       # no tooltip of the last piece clicked over the photograph
        if screens is not None:
            page.screenshot(path=str(screens / f"{game}-{size}-{name}.png"), full_page=True)
        if check:
            check(page, name)

    clicks = 0
    while wait_my_turn_or_end(page):
        if clicks in (0, middle):
            stage("start" if clicks == 0 else "middle")
        click_next(page, buttons_only=size == "phone")
        clicks += 1
        assert clicks < limit
    assert clicks > middle, f"the game ended after {clicks} clicks, before the middle ({middle})"
    assert page.locator("#scores th[data-seat]").count() == 3          # a column per player
    assert page.locator("#scores tr").count() > 4                        # the score sheet's rows
    assert load(game).name in page.inner_text("header")
    stage("end")
    return page
