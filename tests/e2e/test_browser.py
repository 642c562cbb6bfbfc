"""A person in a real browser: a full game with modules against bots, two humans who never see each
other's secrets, and a server killed mid-game (SIGKILL) and restarted while the page carries on."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from talewood.engine import State, rebuild
from talewood.games import load

from .conftest import GONE_AFTER, Server, click_next, create_and_play, wait_my_turn_or_end

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]


def true_state(server: Server, game_id: str) -> State:
    """The server's real state, rebuilt from its database (the test may know every secret)."""
    engine = create_engine(server.database)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT players, seed, options FROM games WHERE id = :i"), {"i": game_id}).one()
        actions = [r[0] for r in conn.execute(
            text("SELECT action FROM moves WHERE game_id = :i ORDER BY step"), {"i": game_id})]
    engine.dispose()
    options = row[2] if isinstance(row[2], dict) else json.loads(row[2])
    return rebuild(load("spirits"), row[0], int(row[1]), options, actions)


def test_full_game_with_modules_against_two_bots(server: Server, browser: Any) -> None:
    modules: dict[str, str | bool] = {m: True for m in ("wish", "hex", "seasons", "air_spirit", "fireflies")}
    page = create_and_play(server, browser, "spirits", {**modules, "scenario": "forbidden-forest"}, 42, 400)
    assert page.locator("#board svg .score-sheet").count() == 1       # the verdict on the board
    assert page.inner_text("#verdict").rstrip(".") in page.inner_text("#board")   # as the table beside it says
    page.click("#replay-link")
    page.wait_for_selector("#board svg")
    page.click("#next")
    page.wait_for_function("document.querySelector('#step').textContent.startsWith('move 1 ')")
    page.context.close()


def secrets_of(state: Any, seat: int) -> tuple[set[str], set[str]]:
    """(favor tokens only `seat` may see, Wish/Hex cards `seat` holds but never revealed)."""
    tokens = state.c.tokens
    hidden = {tokens[k].id for k in state.favors[seat] if not state.public_token[k]}
    cards = set()
    if not state.cards_revealed:
        cards |= {state.c.wishes[w].id for w in state.wish_hand[seat]}
        cards |= {state.c.hexes[h].id for h in state.hex_hand[seat]}
    else:
        cards |= {state.c.wishes[w].id for w in state.wish_hand[seat] if w != state.wish[seat]}
        cards |= {state.c.hexes[h].id for h in state.hex_hand[seat] if h != state.hex[seat]}
    return hidden, cards


def leaks(text_: str, hidden: set[str], cards: set[str]) -> list[str]:
    found = [c for c in cards if c in text_]
    found += [t for t in hidden if f'data-token="{t}"' in text_ or f"data-token=\\\"{t}\\\"" in text_]
    return found


def test_two_humans_never_see_each_others_secrets(server: Server, browser: Any) -> None:
    options = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"],
                                   "options": options, "seed": 9})
    pages = []
    frames: list[list[str]] = [[], []]
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        page = context.new_page()
        page.on("websocket", lambda ws, seat=seat: ws.on(
            "framereceived", lambda payload, seat=seat: frames[seat].append(str(payload))))
        page.goto(g["seats"][seat]["url"])
        page.wait_for_selector("#board svg")
        pages.append(page)
    seen_cards: list[set[str]] = [set(), set()]
    seen_hidden: list[set[str]] = [set(), set()]
    for _move in range(40):
        state = true_state(server, g["id"])
        if state.is_over:
            break
        for seat in (0, 1):
            hidden, cards = secrets_of(state, 1 - seat)
            seen_hidden[seat] |= hidden
            seen_cards[seat] |= cards
            html = pages[seat].content()
            assert not leaks(html, hidden, cards), f"seat {seat}'s page shows {leaks(html, hidden, cards)}"
        mover = state.current_player
        assert mover is not None
        page = pages[mover]
        page.wait_for_function("document.querySelector('#status').dataset.turn === 'yours'", timeout=15000)
        click_next(page)
    for seat in (0, 1):
        assert frames[seat], "no WebSocket frames were seen"
        _hidden, other_cards = secrets_of(true_state(server, g["id"]), 1 - seat)
        for frame in frames[seat]:
            assert not [c for c in other_cards if c in frame]
    state = true_state(server, g["id"])
    assert state.cards_revealed and seen_cards[0] and seen_cards[1]
    # the favor tokens hidden from the other seat at the end never crossed its WebSocket as theirs
    for seat in (0, 1):
        hidden, _ = secrets_of(state, 1 - seat)
        for frame in frames[seat]:
            data = json.loads(frame)
            if data.get("type") == "state":
                assert not hidden & set(data["view"]["player_states"][1 - seat]["favor_tokens"])
                assert not leaks(data["svg"], hidden, set())
    for page in pages:
        page.context.close()


def test_server_killed_mid_game_and_restarted(server: Server, browser: Any) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "greedy"],
                                   "options": {"seasons": True}, "seed": 5})
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#board svg")
    for _ in range(4):
        assert wait_my_turn_or_end(page)
        click_next(page)
    assert wait_my_turn_or_end(page)
    before = page.evaluate("window.talewood.lastVersion")
    steps_before = len(true_state(server, g["id"]).history or [])
    server.kill()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('reconnecting')",
                           timeout=10000)
    server.start()
    page.wait_for_function(f"window.talewood.lastVersion === {before} && "
                           "document.querySelector('#status').dataset.turn === 'yours'", timeout=20000)
    assert len(true_state(server, g["id"]).history or []) == steps_before
    clicks = 0
    while wait_my_turn_or_end(page):
        click_next(page)
        clicks += 1
        assert clicks < 300
    assert page.locator("#scores th[data-seat]").count() == 2
    assert page.locator("#scores tr").last.locator(".row-label").inner_text() == "Total"
    assert "wins" in page.inner_text("#verdict") or "share the victory" in page.inner_text("#verdict")
    page.close()


def test_hot_seat_in_one_browser(server: Server, browser: Any) -> None:
    """Several humans in one browser: an opaque "pass the device" screen between them, and behind it
    nothing of the last player's turn — above all none of their private log lines (favor tokens)."""
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"],
                                   "options": {"wish": True}, "seed": 12})
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(g["hotseat_url"])
    ready: int | None = None
    handovers_after_a_secret = 0
    for _ in range(40):
        state = true_state(server, g["id"])
        seat = state.current_player
        assert seat is not None
        if seat != ready:
            page.wait_for_selector("#overlay-button", state="visible")
            assert f"Player {seat + 1}" in page.inner_text("#overlay-text")
            assert page.locator("#board svg").count() == 0   # nothing shows until the right person is ready
            background = page.evaluate("getComputedStyle(document.querySelector('#overlay')).backgroundColor")
            assert background.startswith("rgb("), f"the overlay is see-through: {background}"
            behind = page.evaluate("document.querySelector('main').textContent")
            secrets = [e["text"] for e in (state.log or []) if e["to"] is not None]
            assert not [s for s in secrets if s in behind], "a private log line shows behind the overlay"
            assert page.locator("#log li").count() == 0 and page.locator("#actions button").count() == 0
            handovers_after_a_secret += bool(secrets)
            page.click("#overlay-button")
            ready = seat
        page.wait_for_function("document.querySelector('#status').dataset.turn === 'yours'")
        assert f"you are Player {seat + 1}" in page.inner_text("header")
        version = page.evaluate("window.talewood.lastVersion")
        click_next(page)
        assert page.evaluate("window.talewood.lastVersion") > version
        if handovers_after_a_secret >= 2:
            break
    assert handovers_after_a_secret >= 2, "no private log line was ever at stake"
    page.close()


def test_a_bad_link_says_what_is_wrong(server: Server, browser: Any) -> None:
    """An unknown game or a token of no seat is told plainly, never "reconnecting…" forever."""
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"]})
    page = browser.new_page()
    page.goto(server.base + "/games/nosuchgame")
    page.wait_for_function("document.querySelector('#status').dataset.refused === '4404'", timeout=10000)
    assert "This game does not exist" in page.inner_text("#status")
    page.goto(f"{server.base}/games/{g['id']}#token=not-a-seat-token")
    page.wait_for_function("document.querySelector('#status').dataset.refused === '4403'", timeout=10000)
    assert "This link is not valid" in page.inner_text("#status")
    page.wait_for_timeout(1500)
    assert "reconnecting" not in page.inner_text("header")
    page.close()


def test_every_page_shows_a_prearranged_deal_and_a_gone_player(server: Server, browser: Any) -> None:
    g = server.post("/api/games", {"game": "spirits", "players": 3, "seats": ["human", "human", "human"],
                                   "seed": 77, "standin": "random"})
    pages = []
    for seat in range(3):
        page = browser.new_page()
        page.goto(g["seats"][seat]["url"])
        page.wait_for_selector("#board svg")
        assert "prearranged" in page.inner_text("#prearranged").lower()
        pages.append(page)
    # while Player 1, whose turn it is, has the game open, nobody may call them gone; the page says why
    for page in pages[1:]:
        page.wait_for_selector("#gone-rule")
        assert "Player 1 has the game open" in page.inner_text("#gone-rule")
        assert page.query_selector("#gone-vote") is None
    pages[0].close()
    # Player 1 left: the page says from when; then Players 2 and 3 agree that Player 1 is gone
    pages[1].wait_for_selector("#gone-rule:has-text('no page of the game open')", timeout=10000)
    for seat in (1, 2):
        pages[seat].wait_for_selector("#gone-vote:not([disabled])", timeout=10000 + GONE_AFTER * 1000)
        pages[seat].click("#gone-vote")
        pages[seat].wait_for_selector("#gone-vote[disabled], .standin", timeout=10000)
    for page in pages[1:]:
        page.wait_for_selector(".standin", timeout=10000)
        assert "Player 1 is away: a random bot plays for them" in page.inner_text("#seat-notes")
    pages[0] = browser.new_page()
    pages[0].goto(g["seats"][0]["url"])
    pages[0].wait_for_selector("#reclaim", timeout=10000)
    assert "a random bot plays for you" in pages[0].inner_text("#seat-notes")
    pages[0].click("#reclaim")
    pages[0].wait_for_selector("#reclaim", state="detached", timeout=10000)
    pages[1].wait_for_selector(".standin", state="detached", timeout=10000)
    for page in pages:
        page.close()


def test_the_pages_work_under_their_content_security_policy(server: Server, browser: Any) -> None:
    """No inline script, no eval: the lobby and a game page run as served, and a click plays a move."""
    page = browser.strict.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(server.base + "/")
    page.wait_for_selector("#game option", state="attached")
    g = server.post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "greedy"], "seed": 3})
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#board [data-action]")
    steps = len(true_state(server, g["id"]).history or [])
    page.locator("#board [data-action]").first.click()
    for _ in range(100):
        if len(true_state(server, g["id"]).history or []) > steps:
            break
        page.wait_for_timeout(50)
    assert len(true_state(server, g["id"]).history or []) > steps
    assert not refused, refused
    page.close()
