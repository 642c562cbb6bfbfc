"""The balance lab's report in a real browser: it opens from a file, offline, with no console error, and
shows every section with its plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from talewood.sim.lab.collect import run_lab
from talewood.sim.lab.render import SECTIONS
from talewood.sim.lab.report import write

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]


@pytest.mark.parametrize(("game", "players", "options", "own"), [
    ("greylune", [2, 3], {}, ("quests", "companions", "sources", "strategies")),
    ("spirits", [2], {"wish": True, "hex": True, "seasons": True}, ("wishes", "hexes", "modules", "sources")),
])
def test_the_report_renders_offline_without_console_errors(browser: Any, tmp_path: Path, game: str,
                                                          players: list[int], options: dict[str, Any],
                                                          own: tuple[str, ...]) -> None:
    pytest.importorskip("duckdb")
    run_lab(game, 12, players, ["random"], 5, options, tmp_path)
    path, _ = write(tmp_path)
    context = browser.strict.new_context(offline=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    assert problems == []
    assert requests == [path.as_uri()]                  # nothing else is fetched
    for section in SECTIONS:
        heading = page.locator(f"section#{section} > h2")
        assert heading.count() == 1 and heading.is_visible(), section
    for part in own:
        assert page.locator(f"section#game #{part}").count() == 1, part
    assert page.locator("section#win-rates svg.chart").count() >= 2
    assert page.locator("section#scores svg.chart").count() >= 1
    assert page.locator("section#items svg.chart").count() >= 1
    box = page.locator("section#win-rates svg.chart").first.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    page.click("nav a[href='#items']")
    assert page.evaluate("location.hash") == "#items"
    context.close()
