"""The info panel (web/info.js), for every game: a piece's full text on hover (mouse) or tap (touch);
on a phone a tap on a clickable piece shows its text and asks before playing, and a tap just beside a
small piece still finds it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from talewood.games import load

from .conftest import SIZES, Server, overflow, small_tap_targets

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]


def open_game(server: Server, browser: Any, game: str, size: str, seed: int = 3) -> Any:
    players = max(2, load(game).min_players)       # ThreeTale is played by 3
    g = server.post("/api/games", {"game": game, "players": players, "seats": ["human"] + ["greedy"] * (players - 1),
                                   "seed": seed})
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(g["seats"][0]["url"])
    page.wait_for_function("document.querySelector('#status').dataset.turn === 'yours'")
    page.wait_for_selector("#board svg")
    return page


@pytest.mark.screens
@pytest.mark.parametrize("game", ["greylune", "spirits", "trial", "threetale"])
def test_hovering_a_piece_shows_its_text(server: Server, browser: Any, screens: Path, game: str) -> None:
    page = open_game(server, browser, game, "desktop")
    piece = page.locator("#board [data-info]").first
    info = piece.get_attribute("data-info")
    assert info and len(info) > 10
    piece.hover()
    page.wait_for_selector("#info.tooltip", state="visible")
    assert page.inner_text("#info-text") == info
    # no browser tooltip beside the panel: the piece's <title> became its accessible name
    assert page.locator("#board [data-info] > title").count() == 0
    assert info in (piece.get_attribute("aria-label") or "")
    box = page.locator("#info").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1366
    page.screenshot(path=str(screens / f"{game}-desktop-info.png"))
    # the tooltip never takes a click: a click on the board still plays at once
    version = page.evaluate("window.talewood.lastVersion")
    page.locator("#board [data-action]").first.click()
    page.wait_for_function(f"window.talewood.lastVersion !== {version}")
    page.context.close()


def test_a_greylune_card_reads_in_full(server: Server, browser: Any) -> None:
    page = open_game(server, browser, "greylune", "desktop")
    card = page.locator("#board g.card[data-info]").first
    card.hover()
    page.wait_for_selector("#info.tooltip", state="visible")
    text = page.inner_text("#info-text")
    assert "Cost:" in text and ("Ability" in text or "Reaction" in text or "Tavern" in text or "Immediately" in text)
    page.context.close()


@pytest.mark.screens
@pytest.mark.parametrize("game", ["greylune", "spirits", "threetale"])
def test_on_a_phone_a_tap_shows_the_text_and_asks_before_playing(server: Server, browser: Any, screens: Path,
                                                                  game: str) -> None:
    page = open_game(server, browser, game, "phone")
    version = page.evaluate("window.talewood.lastVersion")
    target = page.locator("#board [data-action]").first
    action = target.get_attribute("data-action")
    target.tap()
    page.wait_for_selector("#info.sheet", state="visible")
    assert page.inner_text("#info-text")
    confirm = page.locator(f"#info-actions button[data-action-id='{action}']")
    assert confirm.count() == 1
    label = page.evaluate(f"window.talewood.payload.actions.find((a) => a.id === {action}).label")
    assert confirm.inner_text() == label
    page.wait_for_timeout(300)
    assert page.evaluate("window.talewood.lastVersion") == version      # nothing played yet
    assert overflow(page) == [] and small_tap_targets(page) == []
    page.screenshot(path=str(screens / f"{game}-phone-info.png"))
    # Close changes nothing; the confirm button plays
    page.locator("#info-close").tap()
    page.wait_for_selector("#info", state="hidden")
    target.tap()
    page.locator(f"#info-actions button[data-action-id='{action}']").tap()
    page.wait_for_function(f"window.talewood.lastVersion !== {version}")
    page.context.close()


def test_on_a_phone_a_tap_beside_a_small_piece_finds_it(server: Server, browser: Any) -> None:
    """A tap 10 px beside a piece, outside every other one, opens that piece (the page's own reach, on
    top of whatever touch adjustment the browser does: the tap is sent as a plain click there)."""
    page = open_game(server, browser, "greylune", "phone")
    found = page.evaluate("""() => {
        const pieces = [...document.querySelectorAll('#board [data-action], #board [data-info]')];
        const distance = (r, x, y) => Math.hypot(Math.max(r.left - x, 0, x - r.right),
                                                 Math.max(r.top - y, 0, y - r.bottom));
        for (const el of document.querySelectorAll('#board [data-action]')) {
            const r = el.getBoundingClientRect();
            for (const [x, y] of [[r.right + 10, (r.top + r.bottom) / 2], [r.left - 10, (r.top + r.bottom) / 2],
                                  [(r.left + r.right) / 2, r.bottom + 10], [(r.left + r.right) / 2, r.top - 10]]) {
                if (x <= 0 || x >= window.innerWidth || y <= 0 || y >= window.innerHeight) continue;
                const others = pieces.filter((p) => p !== el && !el.contains(p) && !p.contains(el));
                if (others.some((p) => distance(p.getBoundingClientRect(), x, y) <= 10.5)) continue;
                if (pieces.some((p) => distance(p.getBoundingClientRect(), x, y) === 0)) continue;
                const under = document.elementFromPoint(x, y);
                under.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: x, clientY: y}));
                return el.dataset.action;
            }
        }
        return null;
    }""")
    assert found is not None
    page.wait_for_selector("#info.sheet", state="visible")
    assert page.locator(f"#info-actions button[data-action-id='{found}']").count() == 1
    page.context.close()


def test_the_spirits_symbols_have_a_key(server: Server, browser: Any) -> None:
    page = open_game(server, browser, "spirits", "phone")
    key = page.locator("#board .legend [data-info]")
    assert key.count() >= 12
    infos = [key.nth(i).get_attribute("data-info") or "" for i in range(key.count())]
    assert any("☀" in i for i in infos) and any("Moss" in i or "moss" in i for i in infos)
    key.first.tap()
    page.wait_for_selector("#info.sheet", state="visible")
    assert page.inner_text("#info-text") == infos[0]
    page.context.close()
