"""Table talk and "Play again" in the browser: two people in two browser contexts (a laptop and a phone) talk,
markup stays text, a flood is refused in words, a muted seat is hidden; at the end both accept a rematch and
both pages move to the new game, each with its own new link. Photographed at both sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import SIZES, Server, overflow

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

HOSTILE = '<img src=x onerror="window.pwned=1"> <b>hello</b>'


def said(page: Any, words: str) -> None:
    """Wait until the page's table talk shows `words` (the card is drawn once the page has its state)."""
    page.wait_for_function("(words) => (document.querySelector('#chat-log') || {textContent: ''})"
                           ".textContent.includes(words)", arg=words)


def two_people(server: Server, **extra: Any) -> tuple[str, list[str]]:
    made = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 3,
                                      **extra})
    return made["id"], [s["token"] for s in made["seats"]]


def open_page(browser: Any, server: Server, gid: str, token: str, size: str) -> Any:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{server.base}/games/{gid}#token={token}")
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#chat-form:not([hidden])")
    return page


def play_to_the_end(server: Server, gid: str, tokens: list[str]) -> None:
    """Both seats take their first choice through the API until the game is over."""
    while True:
        state = server.get(f"/api/games/{gid}")
        if state["over"]:
            return
        token = tokens[state["current_player"]]
        mine = server.get(f"/api/games/{gid}?token={token}")
        if mine["over"] or not mine["actions"]:
            continue
        server.post(f"/api/games/{gid}/actions", {"token": token, "action": mine["actions"][0]["id"],
                                                   "version": mine["version"]})


def test_two_people_talk_at_the_table(server: Server, browser: Any, screens: Path) -> None:
    gid, (one, two) = two_people(server)
    laptop = open_page(browser, server, gid, one, "desktop")
    phone = open_page(browser, server, gid, two, "phone")
    laptop.fill("#chat-text", HOSTILE)
    laptop.click("#chat-send")
    for page in (laptop, phone):
        said(page, "<b>hello</b>")
        assert page.locator("#chat-log img, #chat-log b").count() == 0      # text, never markup
        assert page.evaluate("window.pwned") is None
    assert phone.inner_text("#chat-log").startswith("Player 1: ")
    assert laptop.inner_text("#chat-log").startswith("Player 1 (you): ")
    phone.fill("#chat-text", "Good luck to you too")
    phone.click("#chat-send")
    said(laptop, "Good luck to you too")
    laptop.mouse.move(0, 0)
    laptop.screenshot(path=str(screens / "chat-desktop.png"), full_page=True)
    phone.screenshot(path=str(screens / "chat-phone.png"), full_page=True)
    assert overflow(phone) == []
    # its limits: a flood is refused in words, and the unsent words stay in the box
    for n in range(6):
        laptop.fill("#chat-text", f"spam {n}")
        laptop.click("#chat-send")
        # the answer comes before the next is typed (a person reads it): shown at the table, or refused
        laptop.wait_for_function(f"document.querySelector('#chat-log').textContent.includes('spam {n}') || "
                                 "document.querySelector('#chat-error').textContent.includes('too many messages')")
    laptop.wait_for_function("document.querySelector('#chat-error').textContent.includes('too many messages')")
    assert laptop.input_value("#chat-text") == "spam 5"
    assert laptop.get_attribute("#chat-text", "maxlength") == "300"
    # muting Player 1 on the phone hides what they say there, and only there
    phone.locator("#chat-mute summary").click()
    phone.check("#mute-0")
    phone.wait_for_function("(document.querySelector('#chat-hidden') || {textContent: ''}).textContent"
                            ".includes('muted')")
    assert "spam" not in phone.inner_text("#chat-log") and "Good luck to you too" in phone.inner_text("#chat-log")
    phone.reload()
    phone.wait_for_function("(document.querySelector('#chat-hidden') || {textContent: ''}).textContent"
                            ".includes('muted')")
    assert "spam" in laptop.inner_text("#chat-log")
    # a spectator reads the table but, unless the creator allowed it, does not talk
    watcher = browser.new_context(**SIZES["desktop"]).new_page()
    watcher.goto(f"{server.base}/games/{gid}")
    said(watcher, "Good luck to you too")
    assert watcher.locator("#chat-form").is_hidden()
    assert "did not let spectators talk" in watcher.inner_text("#chat-card")


def test_both_accept_play_again_and_both_pages_move_to_the_new_game(server: Server, browser: Any,
                                                                    screens: Path) -> None:
    gid, tokens = two_people(server)
    laptop = open_page(browser, server, gid, tokens[0], "desktop")
    phone = open_page(browser, server, gid, tokens[1], "phone")
    laptop.fill("#chat-text", "good game coming")
    laptop.click("#chat-send")
    play_to_the_end(server, gid, tokens)
    for page in (laptop, phone):
        page.wait_for_selector("#rematch-propose")
    laptop.click("#rematch-propose")
    phone.wait_for_selector("#rematch-accept")
    assert "Player 1 proposes to play again" in phone.inner_text("#rematch-card")
    laptop.wait_for_selector("#rematch-waiting")
    laptop.mouse.move(0, 0)
    laptop.screenshot(path=str(screens / "rematch-desktop.png"), full_page=True)
    phone.screenshot(path=str(screens / "rematch-phone.png"), full_page=True)
    assert overflow(phone) == []
    phone.click("#rematch-accept")
    for page in (laptop, phone):
        page.wait_for_url(lambda url: gid not in url and "#token=" in url, timeout=30000)
        page.wait_for_selector("#board svg")
    new_id = laptop.url.split("/games/")[1].split("#")[0]
    assert phone.url.split("/games/")[1].split("#")[0] == new_id
    mine = [page.url.split("#token=")[1] for page in (laptop, phone)]
    assert set(mine).isdisjoint(tokens) and mine[0] != mine[1]
    # each page is its own seat of the new game, which the old links do not open
    assert [server.get(f"/api/games/{new_id}?token={t}")["seat"] for t in mine] == [0, 1]
    assert laptop.inner_text("#seat-name") == "you are Player 1"
    assert phone.inner_text("#seat-name") == "you are Player 2"
    # the finished game's replay shows what was said, at its point of the game
    replay = browser.new_context(**SIZES["desktop"]).new_page()
    server.post(f"/api/games/{gid}/chat", {"token": tokens[1], "text": "well played"})     # after the end
    replay.goto(f"{server.base}/replays/{gid}#step=0")
    said(replay, "good game coming")
    assert "well played" not in replay.inner_text("#chat-log")
    replay.click("#last")
    said(replay, "well played")


def test_the_hot_seat_plays_again_on_its_one_page(server: Server, browser: Any) -> None:
    made = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 5})
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    page = browser.new_context(**SIZES["desktop"]).new_page()
    page.goto(made["hotseat_url"])
    page.wait_for_selector("#overlay-button")
    play_to_the_end(server, gid, tokens)
    page.wait_for_selector("#rematch-propose", state="attached")
    if page.is_visible("#overlay-button"):           # the device was still being passed when the game ended
        page.click("#overlay-button")
    page.click("#rematch-propose")                    # one press answers for both people at the device
    page.wait_for_url(lambda url: gid not in url and url.count("token=") == 2, timeout=30000)
    page.wait_for_selector("#overlay-button")          # the new game's hot seat: pass the device
    new_id = page.url.split("/games/")[1].split("#")[0]
    mine = [part.removeprefix("token=") for part in page.url.split("#")[1].split("&")]
    assert [server.get(f"/api/games/{new_id}?token={t}")["seat"] for t in mine] == [0, 1]
