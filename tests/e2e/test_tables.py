"""Playing together online in the browser: a second person takes an open seat from the lobby, "Your games" is
kept across reloads (and forgotten on request), and the creator renews a lost link while the page holding the
old one is told. Each page is photographed on a laptop and on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import SIZES, Server, overflow, small_tap_targets

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]


def check(page: Any, size: str, screens: Path, name: str, measure: bool = True) -> None:
    """Photograph the page; measure it (the game's own page is measured by test_table.py)."""
    page.screenshot(path=str(screens / f"tables-{size}-{name}.png"), full_page=True)
    if not measure:
        return
    assert overflow(page) == [], f"{name}: {overflow(page)}"
    if size == "phone":
        assert small_tap_targets(page) == [], f"{name}: {small_tap_targets(page)}"
    small = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => !e.closest('svg')
        && e.childNodes.length
        && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
        && e.getBoundingClientRect().width && parseFloat(getComputedStyle(e).fontSize) < 12)
        .map((e) => e.tagName + '#' + e.id).slice(0, 5)""")
    assert small == [], f"{name}: text under 12 px: {small}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_second_person_takes_an_open_seat_from_the_lobby(server: Server, browser: Any, screens: Path,
                                                           size: str) -> None:
    creator = browser.new_context(**SIZES[size]).new_page()
    creator.goto(server.base + "/")
    creator.select_option("#game", "spirits")
    creator.select_option("#players", "2")
    assert creator.is_hidden("#name-box")
    creator.select_option("#seat-1", "open")
    creator.fill("#my-name", "Ann")
    creator.select_option("#turn-limit", "86400")
    creator.click("#create-button")
    creator.wait_for_selector("#creator-link")
    assert "open seat" in creator.inner_text("#links")
    check(creator, size, screens, "created")
    creator.click("#play-link")
    # the game waits for its open seat: the seat's page shows the table until then
    creator.wait_for_url("**/tables/**")
    creator.wait_for_selector("#table-note:has-text('The game starts when every seat is taken')")
    check(creator, size, screens, "waiting")

    other = browser.new_context(**SIZES[size]).new_page()
    other.goto(server.base + "/")
    row = other.wait_for_selector("#tables tr[data-table]")
    assert "Ann" in row.inner_text() and "1 of 2" in row.inner_text()
    check(other, size, screens, "lobby-open-table")
    other.click("#tables a.take-seat")
    other.wait_for_selector("#join-card:not([hidden])")
    other.fill("#join-name", "<b>Bo</b>")
    other.click("#join-button")
    other.wait_for_selector("#join-error:has-text('plain text')")
    check(other, size, screens, "join")
    other.fill("#join-name", "Bo")
    other.click("#join-button")
    # the last seat taken: both pages move to the game
    for page, seat in ((other, 2), (creator, 1)):
        page.wait_for_url("**/games/**")
        page.wait_for_selector("#board svg")
        assert f"you are Player {seat}" in page.inner_text("#seat-name")
    assert "/tables/" not in other.url and "#token=" in other.url
    # the lobby no longer lists the table; the second person's game is theirs on this device
    other.goto(server.base + "/")
    other.wait_for_selector("#mine-table tr[data-game]")
    assert other.locator("#tables tr[data-table]").count() == 0
    assert "Player 2" in other.inner_text("#mine-table")
    check(other, size, screens, "your-games")
    creator.context.close()
    other.context.close()


def test_your_games_survive_a_reload_and_are_forgotten_on_request(server: Server, browser: Any) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 5,
                                   "turn_limit": 259200})
    h = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "greedy"], "seed": 6})
    page = browser.new_context(**SIZES["desktop"]).new_page()
    for url in (g["seats"][1]["url"], h["seats"][0]["url"], g["seats"][0]["url"]):
        page.goto(url)
        page.wait_for_selector("#board svg")
    # nothing of it leaves this device but to this server's own API
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.post_data and g["seats"][0]["token"] in r.post_data else None)
    page.goto(server.base + "/")
    page.wait_for_function("document.querySelectorAll('#mine-table tr[data-game]').length === 3")
    rows = page.locator("#mine-table tr[data-game]")
    # your turn first: Player 1 of both games is to play; the game with a clock shows it
    assert "Your turn" in rows.nth(0).inner_text() and "Your turn" in rows.nth(1).inner_text()
    assert "2 days" in rows.nth(0).inner_text() and rows.nth(0).get_attribute("data-game") == g["id"]
    assert "Player 1" in rows.nth(2).inner_text() and "Your turn" not in rows.nth(2).inner_text()
    page.wait_for_function("document.title.startsWith('● Your turn (2)')")
    assert page.get_attribute("#favicon", "href").endswith("favicon-turn.svg")
    assert sent and all(u.startswith(server.base + "/api/my-games") for u in sent)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#mine-table tr[data-game]').length === 3")
    page.locator(f"#mine-table tr[data-game='{h['id']}'] button.forget").click()
    page.wait_for_function("document.querySelectorAll('#mine-table tr[data-game]').length === 2")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#mine-table tr[data-game]').length === 2")
    assert page.locator(f"#mine-table tr[data-game='{h['id']}']").count() == 0
    page.locator("#mine-table tr[data-game] a.open-game").first.click()
    page.wait_for_selector("#board svg")
    assert page.url == g["seats"][0]["url"]
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_creator_renews_a_link_and_the_old_page_is_told(server: Server, browser: Any, screens: Path,
                                                            size: str) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 8})
    lost = browser.new_context(**SIZES[size]).new_page()
    lost.goto(g["seats"][1]["url"])
    lost.wait_for_selector("#board svg")
    creator = browser.new_context(**SIZES[size]).new_page()
    creator.goto(g["creator_url"])
    creator.wait_for_selector("#creator-started:not([hidden]) button.renew")
    check(creator, size, screens, "creator")
    creator.click("button.renew[data-seat='1']")
    new_link = creator.wait_for_selector("#renewed-1 input").get_attribute("value")
    assert new_link and new_link != g["seats"][1]["url"] and "#token=" in new_link
    check(creator, size, screens, "renewed")
    # the page with the old link is told why it stopped, and stays stopped
    lost.wait_for_function("document.querySelector('#status').dataset.refused === '4401'")
    assert "creator renewed it" in lost.inner_text("#status")
    check(lost, size, screens, "old-link", measure=False)
    found = lost.context.new_page()
    found.goto(new_link)
    found.wait_for_selector("#board svg")
    assert "you are Player 2" in found.inner_text("#seat-name")
    assert "Player 2's link was renewed by the creator." in found.inner_text("#log")
    creator.context.close()
    lost.context.close()
