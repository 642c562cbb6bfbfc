"""The pages on a phone (390x844, touch) and a laptop (1366x900): nothing scrolls sideways, the board
fits the width with the panel under it, every control takes a thumb, the lobby speaks in words — and
each game's start, middle and end photographed (`make screenshots` keeps them in docs/screenshots/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import TAP, Server, create_and_play, log_numbers_fit, long_but, overflow, small_tap_targets

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

# game: (options, seed, click limit, the click photographed as "the middle")
GAMES: dict[str, tuple[dict[str, str | bool], int, int, int]] = {
    "spirits": ({"wish": True, "hex": True, "seasons": True}, 42, 400, 14),
    "greylune": ({}, 7, 600, 20),
    "trial": ({}, 11, 900, 30),
}
RAW = {"spirits": ("first_player", "air_spirit", "fireflies", "seat0"), "greylune": ("first_player", "seat0"),
       "trial": ("first_player", "seat0")}


def phone_checks(page: Any, stage: str) -> None:
    """What a phone needs at every stage of a game, and in the lobby."""
    assert page.evaluate("window.innerWidth") == 390, "the viewport meta is missing: the page is drawn at 980px"
    assert overflow(page) == [], f"{stage}: {overflow(page)}"
    assert small_tap_targets(page) == [], f"{stage}: controls under {TAP}px: {small_tap_targets(page)}"
    if stage == "lobby":
        return
    board = page.locator("#board").bounding_box()          # the board's window: the board pans inside it
    panel = page.locator("aside").bounding_box()
    assert board is not None and panel is not None
    assert 330 <= board["width"] <= 390 and board["x"] >= 0, f"{stage}: the board's window is {board}"
    assert panel["y"] >= board["y"] + board["height"], f"{stage}: the panel is not under the board"
    assert panel["width"] >= 350


def desktop_checks(page: Any, stage: str) -> None:
    assert overflow(page) == [], f"{stage}: {overflow(page)}"
    if stage == "lobby":
        return
    board = page.locator("#board").bounding_box()          # the board's window
    panel = page.locator("aside").bounding_box()
    assert board is not None and panel is not None
    assert panel["x"] >= board["x"] + board["width"], f"{stage}: the panel is not beside the board"


@pytest.mark.parametrize("game", list(GAMES))
def test_lobby_options_by_name_with_a_line_of_explanation(server: Server, browser: Any, game: str) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", game)
    text = page.inner_text("#options")
    for raw in RAW[game]:
        assert raw not in text, f"the lobby shows the identifier {raw!r}"
    assert "First player" in text and "Player 1" in text
    if page.locator("#variants").count():     # the rule variants fold away; a designer opens them
        page.click("#variants summary")
    helps = page.locator("#options .option-help")
    assert helps.count() == page.locator("#options .option").count() > 0
    for i in range(helps.count()):
        assert len(helps.nth(i).inner_text()) > 15
    if game == "spirits":
        for title in ("Wish cards", "Hex cards", "Seasons", "Forest layout", "Air Spirit", "Silver Fireflies"):
            assert title in text
        # the rulebook: each player chooses one of two cards and reveals it; nothing stays secret
        assert "secret" not in text.lower()
        assert "keeps one and reveals it once everyone has chosen" in text
        assert "Forbidden Forest Scenario" in page.inner_text("#opt-scenario")
    page.close()


# a whole game each, a minute or more for the Trial: Spirits on a laptop stays in make test
@pytest.mark.parametrize("game", long_but(GAMES, keep=None))
def test_a_full_game_on_a_phone(server: Server, browser: Any, tmp_path: Path, game: str) -> None:
    screens = tmp_path      # photographed to be checked; test_table.py takes the pictures docs/ keeps
    options, seed, limit, middle = GAMES[game]
    page = create_and_play(server, browser, game, options, seed, limit, size="phone", screens=screens,
                           middle=middle, check=phone_checks)
    entries, number, indent = log_numbers_fit(page)
    assert entries >= 80 and indent >= number, f"log entry {entries}'s number is {number}px, the indent {indent}px"
    # the board opens readable, larger than the phone, panned inside its own window; "Whole table" fits
    # it in the window and "Readable size" brings it back; the page never scrolls sideways
    readable = page.locator("#board svg").bounding_box()
    assert readable is not None and readable["width"] > 800 and overflow(page) == []
    page.locator("#zoom").tap()
    fitted = page.locator("#board svg").bounding_box()
    assert fitted is not None and fitted["width"] <= 390 and overflow(page) == []
    page.locator("#zoom").tap()
    again = page.locator("#board svg").bounding_box()
    assert again is not None and again["width"] == readable["width"]
    page.click("#replay-link")
    page.wait_for_selector("#board svg")
    page.locator("#next").tap()
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('move 1 ')")
    assert overflow(page) == [] and small_tap_targets(page) == []
    page.context.close()
    for stage in ("start", "middle", "end"):
        assert (screens / f"{game}-phone-{stage}.png").stat().st_size > 10_000


@pytest.mark.parametrize("game", long_but(GAMES, keep="spirits"))
def test_a_full_game_on_a_laptop(server: Server, browser: Any, tmp_path: Path, game: str) -> None:
    screens = tmp_path
    options, seed, limit, middle = GAMES[game]
    page = create_and_play(server, browser, game, options, seed, limit, size="desktop", screens=screens,
                           middle=middle, check=desktop_checks)
    assert page.locator("#zoom").is_visible() and page.locator(".zoom-in").is_visible()   # zoom at every size
    entries, number, indent = log_numbers_fit(page)
    assert entries >= 80 and indent >= number, f"log entry {entries}'s number is {number}px, the indent {indent}px"
    page.context.close()
    for stage in ("start", "middle", "end"):
        assert (screens / f"{game}-desktop-{stage}.png").stat().st_size > 10_000
