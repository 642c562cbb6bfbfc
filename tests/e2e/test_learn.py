"""Learning in the browser, at a laptop's (1366x900) and a phone's (390x844) size:

- each game's guided first game, started from the lobby's "Learn to play" and followed as the guide says (but
  for one decision, where the person chooses something else and the guide keeps up), its suggestion rung on the
  board (or its button marked) with a line of why; the Rules panel opened at the start and in the middle. On a
  phone the game is followed to its end and the panel shown to have opened at the section the terminal's
  `rules` gives for that decision; on a laptop, whose page differs only in its layout, to a little past the
  middle;
- the rules of each game reachable from the lobby;
- a "Hint" asked in an ordinary game: the bot's choice rung on the board, a one-line reason, every log told;
- the bots' review of a finished game on its replay page: its chart, and a turning point that opens its step.

Every text of these parts is at least 12 CSS px, nothing scrolls sideways, and each stage is photographed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from talewood.engine import rebuild
from talewood.games import available, game_module, load
from talewood.learn.rules import rulebook

from .conftest import SIZES, Server, long_but, overflow, small_tap_targets

pytestmark = pytest.mark.e2e

GAMES = available()
# each guided game's decisions for the person, with room to spare (a game followed as the guide says)
LIMITS = {"spirits": 120, "greylune": 260, "trial": 400, "threetale": 900}
MIDDLE = {"spirits": 20, "greylune": 30, "trial": 40, "threetale": 60}
ASIDE = 2          # the decision where the person steps aside from the guide
READABLE = 12     # CSS px
# the parts of the pages this feature draws
PARTS = "#learn, #learn-card, #rules-panel, #rules-open, #review-card, #review-note, #rules-text, #rules-toc"


def small_text(page: Any) -> list[str]:
    """Visible texts of the learning parts drawn under 12 CSS px (the review's chart counted at its drawn size)."""
    return list(page.evaluate("""([parts, readable]) => {
        const out = [];
        for (const root of document.querySelectorAll(parts)) {
            for (const e of [root, ...root.querySelectorAll('*')]) {
                if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
                if (!e.checkVisibility()) continue;
                let px = parseFloat(getComputedStyle(e).fontSize);
                if (e instanceof SVGElement && e.getScreenCTM()) px *= e.getScreenCTM().a;
                if (px < readable - 0.05) out.push(`${e.textContent.trim().slice(0, 30)} ${px.toFixed(1)}px`);
            }
        }
        return out.slice(0, 6);
    }""", [PARTS, READABLE]))


# what no player should read: snake_case words, raw values of the program, long decimals
NOT_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\bnull\b|\bundefined\b|\bNaN\b|[{}\[\]]|\d\.\d{3,}")


def unwords(page: Any) -> list[str]:
    texts = page.evaluate("(parts) => [...document.querySelectorAll(parts)].map((e) => e.innerText || '')", PARTS)
    return sorted({m.group(0) for t in texts for m in NOT_WORDS.finditer(t)})


def looks_right(page: Any, phone: bool, stage: str) -> None:
    assert small_text(page) == [], f"{stage}: {small_text(page)}"
    assert unwords(page) == [], f"{stage}: {unwords(page)}"
    assert overflow(page) == [], f"{stage}: {overflow(page)}"
    if phone:
        assert small_tap_targets(page) == [], f"{stage}: {small_tap_targets(page)}"


def suggestion(page: Any, timeout: float = 60000) -> int | None:
    """Wait until the guide has spoken for the decision on screen (its choice's id), or the game is over (None)."""
    page.wait_for_function("""() => {
        const t = window.talewood, p = t && t.payload;
        if (p && p.over) return true;
        const text = document.querySelector('#learn-card .learn-text');
        return p && text && text.dataset.version === String(p.version) && p.current_player === p.seat;
    }""", timeout=timeout)
    if page.evaluate("window.talewood.payload.over"):
        return None
    return int(page.evaluate("document.querySelector('#learn-card .learn-text').dataset.action"))


def marked(page: Any, action: int) -> bool:
    """The choice is rung on the board, or its button in the panel is marked."""
    ring = page.locator(f'#board [data-action="{action}"] > .choice-ring.hinted')
    button = page.locator(f'#actions button.hinted[data-action-id="{action}"]')
    return bool(ring.count() or button.count())


def reachable(page: Any, action: int, phone: bool) -> Any:
    """A piece of the board that plays `action` and takes a click or a tap (not covered by another piece), if any."""
    pieces = page.locator(f'#board [data-action="{action}"]')
    for k in range(pieces.count()):
        piece = pieces.nth(k)
        try:
            piece.tap(trial=True, timeout=1500) if phone else piece.click(trial=True, timeout=1500)
        except Exception:
            continue
        return piece
    return None


def choose(page: Any, action: int, phone: bool) -> None:
    """Play `action` as a person would: on the board where it is rung (a phone's tap asks first), else its button."""
    version = page.evaluate("window.talewood.lastVersion")
    on_board = reachable(page, action, phone)
    button = page.locator(f'#actions > button[data-action-id="{action}"], '
                          f'#actions > details:not(.all-choices)[open] button[data-action-id="{action}"]').first
    if on_board is not None:
        if phone:
            on_board.tap()
            page.locator(f'#info-actions button[data-action-id="{action}"]').tap()
        else:
            on_board.click()
    elif button.count() and button.is_visible():
        button.tap() if phone else button.click()
    else:
        page.locator("#actions details.all-choices > summary").click()
        page.locator(f'#actions details.all-choices button[data-action-id="{action}"]').click()
    page.wait_for_function(f"window.talewood.lastVersion !== {version}", timeout=30000)


def open_rules(page: Any, phone: bool) -> str:
    """Open the Rules panel from the table and tell the section it opened at."""
    page.tap("#rules-open") if phone else page.click("#rules-open")
    page.wait_for_selector("#rules-panel:not([hidden]) #rules-body h3")
    section = str(page.get_attribute("#rules-panel", "data-section"))
    assert page.input_value("#rules-pick") == section
    return section


def close_rules(page: Any, phone: bool) -> None:
    page.tap("#rules-close") if phone else page.click("#rules-close")
    page.wait_for_selector("#rules-panel", state="hidden")


def start_guided(server: Server, browser: Any, game: str, size: str) -> Any:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(server.base + "/")
    page.wait_for_selector(f"#learn-{game}")
    page.click(f"#learn-{game}")
    page.wait_for_selector("#board svg")
    return page


@pytest.mark.screens
# whole games, ThreeTale's two to four minutes on this machine: Spirits on a desktop stays in make test
@pytest.mark.parametrize(("game", "size"), long_but([(g, size) for g in GAMES for size in ("desktop", "phone")],
                                                    keep=("spirits", "desktop")))
def test_a_guided_game_followed_to_its_end(server: Server, browser: Any, screens: Path, game: str, size: str) -> None:
    page = start_guided(server, browser, game, size)
    phone = size == "phone"
    followed = 0
    opened: dict[int, str] = {}          # steps of the record -> the section the Rules panel opened at
    while (action := suggestion(page)) is not None:
        assert marked(page, action), "the guide's choice is marked on the board or in the panel"
        assert page.inner_text("#learn-card .learn-line").startswith("Suggested: ")
        # why, in words: what the choice does in the game's terms, or the rule behind it
        assert page.locator("#learn-card .learn-reason, #learn-card .learn-tip").count(), page.inner_text("#learn-card")
        if followed in (0, MIDDLE[game]):
            stage = "start" if followed == 0 else "middle"
            if not phone:
                page.mouse.move(0, 0)
            page.screenshot(path=str(screens / f"{game}-{size}-guided-{stage}.png"))
            looks_right(page, phone, stage)
            opened[page.evaluate("window.talewood.payload.steps")] = open_rules(page, phone)
            if followed == 0:
                page.screenshot(path=str(screens / f"{game}-{size}-rules-panel.png"))
            looks_right(page, phone, f"{stage}, the rules open")
            close_rules(page, phone)
        if not phone and followed > MIDDLE[game]:
            return          # the laptop's layout seen at the start, in the middle and a decision past it
        if followed == ASIDE:
            # a person may always choose something else: the guide keeps up at the next decision
            others = [a["id"] for a in page.evaluate("window.talewood.payload.actions") if a["id"] != action]
            action = others[0] if others else action
        choose(page, action, phone)
        followed += 1
        assert followed < LIMITS[game], f"{game}: the guided game did not end in {LIMITS[game]} decisions"
    assert followed > MIDDLE[game]
    page.wait_for_selector("#scores-card:not([hidden])")
    assert load(game).name in page.inner_text("header")
    page.screenshot(path=str(screens / f"{game}-{size}-guided-end.png"), full_page=True)
    # the panel opened where the terminal's `rules` would have: at the decision's own section
    game_id = page.evaluate("window.talewood.payload.id")
    record = server.get(f"/api/games/{game_id}/record")
    book = rulebook(game)
    for steps, section in opened.items():
        state = rebuild(load(game), record["players"], record["seed"], record["options"], record["actions"][:steps])
        assert section == book.for_state(state).id, f"after {steps} steps"


@pytest.mark.screens
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_rules_of_every_game_from_the_lobby(server: Server, browser: Any, screens: Path, size: str) -> None:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(server.base + "/")
    for game in GAMES:
        name = load(game).name
        page.wait_for_selector(f"#learn-{game}")
        assert page.inner_text(f"#learn-{game}") == f"Learn to play {name}"
    looks_right(page, size == "phone", "lobby")
    page.screenshot(path=str(screens / f"lobby-{size}-learn.png"), full_page=True)
    for game in GAMES:
        page.goto(server.base + "/")
        page.click(f"#learn a[href='/rules/{game}']")
        page.wait_for_selector("#rules-text section h2")
        titles = [s.title for s in rulebook(game).sections]
        assert page.locator("#rules-toc a").all_inner_texts() == titles
        assert page.locator("#rules-text section h2").all_inner_texts() == titles
        looks_right(page, size == "phone", f"{game}'s rules")
        if game == GAMES[0]:
            page.screenshot(path=str(screens / f"{game}-{size}-rules-page.png"))
    # the lobby's form names the rules of the game it is making
    page.goto(server.base + "/")
    page.select_option("#game", GAMES[-1])
    assert page.inner_text("#rules-link") == f"Rules of {load(GAMES[-1]).name}"


@pytest.mark.screens
@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_a_hint_rings_the_bots_choice(server: Server, browser: Any, screens: Path, game: str, size: str) -> None:
    guided = game_module(game, "learn").GUIDED
    made = server.post("/api/games", {"game": game, "players": guided["players"], "seats": guided["seats"],
                                      "options": guided["options"], "seed": guided["seed"]})
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(next(s["url"] for s in made["seats"] if s["url"]))
    page.wait_for_function("document.querySelector('#status').dataset.turn === 'yours'", timeout=60000)
    page.wait_for_selector("#hint:not([disabled])")
    assert page.inner_text("#learn-card h2") == "Hints"
    page.tap("#hint") if size == "phone" else page.click("#hint")
    page.wait_for_selector("#learn-card .learn-line")
    action = int(page.evaluate("document.querySelector('#learn-card .learn-text').dataset.action"))
    assert action in [a["id"] for a in page.evaluate("window.talewood.payload.actions")]
    assert marked(page, action)
    line = page.inner_text("#learn-card .learn-line")
    label = next(a["label"] for a in page.evaluate("window.talewood.payload.actions") if a["id"] == action)
    assert line == f"Hint: {label}"
    # its reason on one line: the game's words for the choice, else what the bot expects of it
    why = page.locator("#learn-card .learn-reason, #learn-card .learn-expect").first.inner_text()
    assert why and "\n" not in why and why.endswith("."), why
    page.wait_for_function("[...document.querySelectorAll('#log li')].some((li) => "
                           "li.textContent.includes('asked a normal bot for a hint'))")
    if size == "desktop":
        page.mouse.move(0, 0)
    page.screenshot(path=str(screens / f"{game}-{size}-hint.png"))
    looks_right(page, size == "phone", "a hint")


@pytest.mark.screens
@pytest.mark.long       # a hard bot goes over every decision of a whole game: most of a minute
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_review_of_a_finished_game_on_its_replay_page(server: Server, browser: Any, screens: Path,
                                                          size: str) -> None:
    """A game the bots played to its end (the guided deal), its review on the replay page; a turning point's
    link opens that step of the replay."""
    guided = game_module("spirits", "learn").GUIDED
    made = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["easy", "easy"],
                                      "options": guided["options"], "seed": guided["seed"]})
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(server.base + f"/games/{made['id']}")
    page.wait_for_selector("#scores-card:not([hidden])", timeout=120000)
    page.goto(server.base + f"/replays/{made['id']}")
    page.wait_for_selector("#review-card .review-chart-box svg", timeout=240000)
    intro = page.inner_text("#review-card .review-intro")
    assert intro.startswith("A hard bot went over every decision")
    assert page.locator("#review-card .review-seats li").count() == 2
    assert page.inner_text("#review-note").startswith("Next: Player ")
    points = page.locator("#review-card .turning-points a")
    if points.count():
        step = int(str(points.first.get_attribute("data-step")))
        points.first.tap() if size == "phone" else points.first.click()
        page.wait_for_function(f"document.querySelector('#slider').value === '{step}'")
        assert page.inner_text("#step").startswith(f"move {step} of ")
        assert "Next: Player " in page.inner_text("#review-note")
    page.screenshot(path=str(screens / f"spirits-{size}-review.png"), full_page=True)
    looks_right(page, size == "phone", "the review")
    # stored with the game: a second visit has it at once
    again = server.get(f"/api/games/{made['id']}/review")
    assert again["review"]["decisions"]
