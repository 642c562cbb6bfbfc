"""ThreeTale in a real browser: the lobby calls the seats Heroes and makes games for 1, 2 or 3 people; one
person plays a whole game with two bot Heroes by clicking on the map; three people share one browser
(hot seat) to the end. Both games end with the team's verdict and score sheet, photographed at a
laptop's and a phone's size (`make screenshots` keeps them in docs/screenshots/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import SIZES, Server, click_next, create_and_play
from .test_screens import desktop_checks, phone_checks

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e"), pytest.mark.screens]

RAW = ("hope_scope", "crown_attacks", "ring_transfer", "tree_flips", "empty_tiles", "removal_fallback", "silver_deer+")


def lobby(server: Server, browser: Any) -> Any:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(server.base + "/")
    page.select_option("#game", "threetale")
    return page


def test_the_lobby_names_three_heroes_and_every_option_in_words(server: Server, browser: Any) -> None:
    page = lobby(server, browser)
    assert page.locator("#players option").all_inner_texts() == ["3"]
    assert [page.inner_text(f"#seats label:nth-child({i + 1})").split()[:2] for i in range(3)] == \
        [["Hero", "1"], ["Hero", "2"], ["Hero", "3"]]
    # the rule variants fold away: closed, a new table sees only what a player chooses
    assert not page.is_visible("#opt-empty_tiles")
    page.click("#variants summary")
    page.wait_for_selector("#opt-empty_tiles", state="visible")
    text = page.inner_text("#options")
    for raw in RAW:
        assert raw not in text, f"the lobby shows the identifier {raw!r}"
    for title in ("Future", "Difficulty", "Heroes", "The Nine Rings of Creation", "each player picks a Hero"):
        assert title in text
    variants = page.inner_text("#variants")
    for words in ("Tiles the Tree fills", "every empty tile", "as the rulebook says", "only flipped tiles"):
        assert words in variants, f"the rule variants lack {words!r}"
    page.close()


@pytest.mark.parametrize("humans", [1, 2, 3])
def test_the_lobby_makes_a_game_for_one_two_or_three_people(server: Server, browser: Any, humans: int) -> None:
    page = lobby(server, browser)
    for seat in range(3):
        page.select_option(f"#seat-{seat}", "human" if seat < humans else "greedy")
    page.click("#create-button")
    page.wait_for_selector(".seat-link")
    assert page.locator(".seat-link").count() == humans
    if humans == 1:
        assert page.locator("#play-link").count() == 1 and page.locator("#hotseat-link").count() == 0
    else:
        assert page.locator("#hotseat-link").count() == 1
    page.close()


@pytest.mark.long
def test_one_person_with_two_bot_heroes_plays_a_whole_game(server: Server, browser: Any, tmp_path: Path) -> None:
    screens = tmp_path      # photographed to be checked; test_table.py takes the pictures docs/ keeps
    page = create_and_play(server, browser, "threetale", {"future": "nine_rings"}, 11, 400, size="desktop",
                           screens=screens, middle=25, check=desktop_checks)
    verdict = page.inner_text("#verdict")
    assert verdict.startswith("The team wins") or verdict.startswith("The team loses")
    assert "Team score" in page.inner_text("#scores") and "The Hero's points" in page.inner_text("#scores")
    assert page.locator("#board svg .score-sheet").count() == 1
    page.click("#replay-link")
    page.wait_for_selector("#board svg")
    page.click("#next")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('move 1 ')")
    assert "The Map" in page.inner_text("#board") or "Prophecy" in page.inner_text("#board")
    page.context.close()
    for stage in ("start", "middle", "end"):
        assert (screens / f"threetale-desktop-{stage}.png").stat().st_size > 10_000


def test_a_spectator_watches_three_bot_heroes(server: Server, browser: Any) -> None:
    team = "silver_deer+youngest_son+sun_and_moon"
    g = server.post("/api/games", {"game": "threetale", "players": 3, "seats": ["greedy", "random", "greedy"],
                                   "options": {"future": "parallel_land", "heroes": team}, "seed": 3})
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(g["spectator_url"])
    page.wait_for_selector("#board svg")
    assert "spectating" in page.inner_text("header")
    seen = page.evaluate("window.talewood.lastVersion")
    page.wait_for_function(f"window.talewood.lastVersion > {seen} + 20", timeout=60000)   # the game goes on
    assert page.locator("#board svg [data-action]").count() == 0 and page.locator("#actions button").count() == 0
    assert "The Silver Deer" in page.inner_text("#board") or "Hero 1" in page.inner_text("#board")
    page.close()


@pytest.mark.long
def test_three_people_share_one_browser_to_the_end(server: Server, browser: Any, screens: Path) -> None:
    g = server.post("/api/games", {"game": "threetale", "players": 3, "seats": ["human"] * 3,
                                   "options": {"future": "crown_of_evil"}, "seed": 5})
    page = browser.new_context(**SIZES["phone"]).new_page()
    page.goto(g["hotseat_url"])
    seats_played: set[int] = set()
    clicks = 0
    while True:
        page.wait_for_function(
            "getComputedStyle(document.querySelector('#overlay')).display !== 'none'"
            " || document.querySelector('#status').dataset.turn === 'yours'"
            " || !document.querySelector('#scores-card').hidden", timeout=30000)
        if not page.evaluate("document.querySelector('#scores-card').hidden"):
            break
        if page.evaluate("getComputedStyle(document.querySelector('#overlay')).display !== 'none'"):
            page.locator("#overlay-button").tap()
            continue
        seats_played.add(int(page.inner_text("#seat-name").rsplit(" ", 1)[1]))
        if clicks == 30:
            phone_checks(page, "middle")
            page.screenshot(path=str(screens / "threetale-phone-hotseat-middle.png"), full_page=True)
        click_next(page, buttons_only=True)
        clicks += 1
        assert clicks < 700
    assert seats_played == {1, 2, 3}
    assert page.inner_text("#verdict").startswith("The team")
    # each of the three sockets hears of the end; the page draws it once, not under the checks below
    page.wait_for_timeout(1000)
    assert page.evaluate("window.talewood.endsDrawn") == 1
    phone_checks(page, "end")
    page.screenshot(path=str(screens / "threetale-phone-hotseat-end.png"), full_page=True)
    page.context.close()


def _open_game(page: Any, link: str) -> None:
    """Follow the lobby's link to the game and wait until the game page's own elements are there: the
    checks below read #overlay and #status, which the lobby page does not have."""
    page.click(link)
    page.wait_for_selector("#overlay", state="attached")


def _play_watching_the_device(page: Any, people: dict[int, int], seats_wanted: int) -> list[str]:
    """Click through turns until every wanted Hero has played, checking that the page asks to pass the
    device exactly when the next Hero belongs to another person. Returns the overlay texts seen."""
    seats_played: set[int] = set()
    last_seat: int | None = None
    passed = False
    texts: list[str] = []
    clicks = 0
    while len(seats_played) < seats_wanted:
        page.wait_for_function(
            "getComputedStyle(document.querySelector('#overlay')).display !== 'none'"
            " || document.querySelector('#status').dataset.turn === 'yours'", timeout=30000)
        if page.evaluate("getComputedStyle(document.querySelector('#overlay')).display !== 'none'"):
            texts.append(page.inner_text("#overlay-text"))
            page.locator("#overlay-button").click()
            passed = True
            continue
        seat = int(page.inner_text("#seat-name").rsplit(" ", 1)[1])
        if last_seat is not None and seat != last_seat:
            changed = people[seat] != people[last_seat]
            assert passed == changed, f"Hero {last_seat} → Hero {seat}: asked to pass the device: {passed}"
        last_seat, passed = seat, False
        seats_played.add(seat)
        click_next(page)
        clicks += 1
        assert clicks < 400
    return texts


def test_one_person_plays_all_three_heroes_from_one_link_without_passing_the_device(
        server: Server, browser: Any) -> None:
    page = lobby(server, browser)
    for seat in range(3):
        page.select_option(f"#seat-{seat}", "human")
        page.select_option(f"#person-{seat}", "1")
    page.select_option("#opt-future", "nine_rings")
    page.click("#create-button")
    page.wait_for_selector("#play-link")
    assert page.locator(".seat-link").count() == 1 and page.locator("#hotseat-link").count() == 0
    assert "One person playing Hero 1, Hero 2 and Hero 3" in page.inner_text("#links")
    _open_game(page, "#play-link")
    assert _play_watching_the_device(page, {1: 1, 2: 1, 3: 1}, 3) == []
    page.close()


def test_two_people_share_three_heroes_and_pass_the_device_only_between_them(
        server: Server, browser: Any) -> None:
    page = lobby(server, browser)
    for seat, person in enumerate((1, 1, 2)):
        page.select_option(f"#seat-{seat}", "human")
        page.select_option(f"#person-{seat}", str(person))
    assert page.locator("#person-0").is_visible()
    page.select_option("#seat-2", "greedy")
    assert not page.locator("#person-2").is_visible()        # a bot Hero is played by no one
    page.select_option("#seat-2", "human")
    page.select_option("#opt-future", "nine_rings")
    page.click("#create-button")
    page.wait_for_selector("#hotseat-link")
    assert page.locator(".seat-link").count() == 2 and page.locator("#play-link").count() == 0
    _open_game(page, "#hotseat-link")
    texts = _play_watching_the_device(page, {1: 1, 2: 1, 3: 2}, 3)
    assert texts and set(texts) <= {"Pass the device to the person playing Hero 1 and Hero 2",
                                     "Pass the device to Hero 3"}
    page.close()
