"""Whose turn it is, unmissable: the tab's title and icon change on your turn, a sound may be turned on
(off at first, remembered), a turn limit counts down, the status says whom the table waits for; no page
asks for a file the server does not have; the API's pages work with no network beyond this server; the
replay zooms on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import SIZES, Server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]


def test_your_turn_changes_the_title_and_icon_and_the_limit_counts_down(server: Server, browser: Any) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 3,
                                   "turn_limit": 600})
    missing: list[str] = []
    context = browser.new_context(**SIZES["desktop"])
    mine, theirs = context.new_page(), context.new_page()
    for page in (mine, theirs):
        page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    mine.goto(g["seats"][0]["url"])
    theirs.goto(g["seats"][1]["url"])
    for page in (mine, theirs):
        page.wait_for_selector("#board svg")
    mine.wait_for_function("document.title.startsWith('● Your turn')")
    assert mine.get_attribute("#favicon", "href").endswith("favicon-turn.svg")
    assert "yours" in (mine.get_attribute("#status", "class") or "")
    assert not theirs.title().startswith("●") and theirs.get_attribute("#favicon", "href").endswith("/favicon.svg")
    assert theirs.inner_text("#status") == "Waiting for Player 1"
    # whom the table waits for, in words, whoever is to play
    kinds = ["human", "human", "hard"]
    seats = [{"seat": s, "kind": k, "standin": None, "gone_votes": []} for s, k in enumerate(kinds)]
    said = theirs.evaluate("""(seats) => [
        waitingFor({current_player: 2, thinking: 2, seats}, ["human", "human", "hard"]),
        waitingFor({current_player: 2, thinking: null, seats}, ["human", "human", "hard"]),
        waitingFor({current_player: 0, thinking: null, seats: [{...seats[0], standin: "greedy"}, ...seats.slice(1)]},
                   ["human", "human", "hard"])]""", seats)
    assert said == ["Player 3 (bot thinking…)", "Player 3 (hard bot)", "Player 1 (a greedy bot plays for them)"]
    # the limit as a countdown, ticking: "You have 9:59 left to play; then a greedy bot plays for you."
    text = mine.inner_text("#deadline")
    assert re.fullmatch(r"You have (10:00|9:[0-5]\d) left to play; then a greedy bot plays for you\.", text), text
    mine.wait_for_function(f"document.querySelector('#deadline').textContent !== {text!r}")
    assert re.match(r"Player 1 has (10:00|9:[0-5]\d) left to play", theirs.inner_text("#deadline"))
    # the sound: off at first, and remembered once turned on
    assert not mine.is_checked("#sound")
    mine.check("#sound")
    assert mine.evaluate("localStorage.getItem('talewood.sound')") == "on"
    mine.reload()
    mine.wait_for_selector("#board svg")
    assert mine.is_checked("#sound")
    assert missing == [], f"pages asked for files the server does not have: {missing}"
    context.close()


def test_the_api_page_works_without_the_internet(server: Server, browser: Any) -> None:
    path = "/docs"
    page = browser.new_page()
    outside: list[str] = []

    def only_here(route: Any) -> None:
        if route.request.url.startswith(server.base):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_here)
    page.goto(server.base + path)
    page.wait_for_function("document.body.innerText.includes('Create a game')", timeout=30000)
    assert outside == [], f"{path} asked the internet for {outside}"
    page.close()


def test_the_replay_zooms_on_a_phone(server: Server, browser: Any) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["greedy", "random"], "seed": 5})
    state = server.get(f"/api/games/{g['id']}")
    while not state["over"]:
        state = server.get(f"/api/games/{g['id']}?after={state['version']}&wait=30")
    page = browser.new_context(**SIZES["phone"]).new_page()
    page.goto(f"{server.base}/replays/{g['id']}")
    page.wait_for_selector("#board svg")
    before = page.locator("#board svg").bounding_box()
    page.locator(".zoom-in").tap()
    after = page.locator("#board svg").bounding_box()
    assert before is not None and after is not None and after["width"] > before["width"] * 1.2
    page.locator("#zoom").tap()
    whole = page.locator("#board svg").bounding_box()
    assert whole is not None and whole["width"] <= 390
    page.locator("#last").tap()
    page.wait_for_selector("#scores-card:not([hidden])")
    assert page.inner_text("#verdict").startswith(("Player", "Nobody"))
    page.context.close()
