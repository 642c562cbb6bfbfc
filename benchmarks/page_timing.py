"""What a person waits for in the browser: a game page's first paint and a move's round trip.

Starts its own server (temporary SQLite, bots in threads, no bot delay), creates one game per run
(you against `greedy` and `random`, a fixed seed), opens the seat's page in headless Chromium
(Debian's /usr/bin/chromium) at a laptop's size and measures:

- first paint: the browser's `first-contentful-paint`, and the moment the board is on screen (the
  first state drawn, after the WebSocket's hello);
- a move's round trip: from the click on a choice until the page has drawn the state that answers it
  (the server applies the move, sends the new state and board, the page redraws).

    .venv/bin/python benchmarks/page_timing.py                      # Spirits, 3 runs of 40 moves
    .venv/bin/python benchmarks/page_timing.py --game trial --runs 5 --moves 60 --json

Only loopback addresses; every run is bounded by --moves and stops by itself.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
OPTIONS: dict[str, dict[str, Any]] = {"spirits": {"wish": True, "hex": True, "seasons": True}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def one_run(browser: Any, base: str, game: str, seed: int, moves: int) -> dict[str, Any]:
    created = post(base, "/api/games", {"game": game, "players": 3, "seats": ["human", "greedy", "random"],
                                        "options": OPTIONS.get(game, {}), "seed": seed})
    page = browser.new_page(viewport={"width": 1366, "height": 900}, bypass_csp=True)   # for wait_for_function
    t0 = time.perf_counter()
    url = created["seats"][0]["url"]
    page.goto(url if url.startswith("http") else base + url)
    page.wait_for_selector("#board svg")
    board_ms = (time.perf_counter() - t0) * 1000
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    trips: list[float] = []
    while len(trips) < moves:
        page.wait_for_function("document.querySelector('#status').dataset.turn === 'yours' || "
                               "!document.querySelector('#scores-card').hidden", timeout=60000)
        if not page.evaluate("document.querySelector('#scores-card').hidden"):
            break
        version = page.evaluate("window.talewood.lastVersion")
        target = page.locator("#board [data-action]").first
        if not target.count():
            target = page.locator("#actions button").first
        t0 = time.perf_counter()
        target.click()
        page.wait_for_function(f"window.talewood.lastVersion > {version}", timeout=60000)
        trips.append((time.perf_counter() - t0) * 1000)
    page.close()
    return {"board_ms": board_ms, "first_contentful_paint_ms": fcp, "round_trips_ms": trips}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="spirits")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = tempfile.TemporaryDirectory()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "talewood.cli", "serve", "--port", str(port), "--database",
                             f"sqlite:///{Path(tmp.name) / 'timing.db'}", "--bot-delay", "0", "--bot-executor",
                             "thread", "--no-access-log"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    runs: list[dict[str, Any]] = []
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/meta", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            one_run(browser, base, args.game, 999, 2)          # warm the server and the browser
            runs = [one_run(browser, base, args.game, 1000 + i, args.moves) for i in range(args.runs)]
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
        tmp.cleanup()
    trips = [t for r in runs for t in r["round_trips_ms"]]
    report = {
        "game": args.game, "runs": len(runs), "moves": len(trips),
        "board_ms_median": round(statistics.median(r["board_ms"] for r in runs), 1),
        "first_contentful_paint_ms_median": round(statistics.median(
            r["first_contentful_paint_ms"] or 0 for r in runs), 1),
        "round_trip_ms": {"p50": round(statistics.median(trips), 1),
                          "p90": round(sorted(trips)[int(0.9 * (len(trips) - 1))], 1),
                          "mean": round(statistics.fmean(trips), 1)},
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.game}: first contentful paint {report['first_contentful_paint_ms_median']} ms, board on "
              f"screen {report['board_ms_median']} ms (medians of {len(runs)} page loads); a move's round trip "
              f"p50 {report['round_trip_ms']['p50']} ms, p90 {report['round_trip_ms']['p90']} ms over {len(trips)} "
              "moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
