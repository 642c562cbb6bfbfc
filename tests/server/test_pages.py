"""The pages around the table: a favicon (never a 404), the about page with the icons' credits, the API's
pages with every asset served here (they work offline), and what the API tells a page about its choices
and the end of a game."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .conftest import create


def test_every_page_has_a_favicon(client: TestClient) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    for icon in ("/static/favicon.svg", "/static/favicon-turn.svg"):
        assert client.get(icon).status_code == 200
    for page in ("/", "/games/x", "/replays/x", "/about"):
        assert 'rel="icon"' in client.get(page).text


def test_the_about_page_credits_the_icons_and_the_api_pages(client: TestClient) -> None:
    text = client.get("/about").text
    assert "game-icons.net" in text and "CC BY 3.0" in text.replace("Attribution 3.0", "CC BY 3.0")
    assert "Lorc" in text and "Delapouite" in text and "Swagger UI" in text


def test_the_api_pages_load_nothing_from_elsewhere(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404     # ReDoc's page asks the internet for its logo: not served
    for path in ("/docs",):
        r = client.get(path)
        assert r.status_code == 200
        sources = re.findall(r'(?:src|href)="([^"]+)"', r.text)
        assert sources and all(s.startswith("/") for s in sources), sources
        for s in sources:
            assert client.get(s).status_code == 200, s
        csp = r.headers["content-security-policy"]
        assert "https:" not in csp and "cdn" not in csp
        assert "fonts.googleapis" not in r.text


def test_a_state_tells_each_choice_its_group_and_the_pass_kind(client: TestClient) -> None:
    g = create(client, ["human", "human"], {"wish": True})
    gid, token = g["id"], g["seats"][0]["token"]
    state = client.get(f"/api/games/{gid}", params={"token": token}).json()
    wishes = state["actions"]
    assert all(a["group"] == "Wish cards" and a["detail"].startswith("Wish: ") for a in wishes)
    assert all("first" not in a for a in wishes)


def test_the_end_gives_the_score_sheet_with_kinds_and_explanations(client: TestClient) -> None:
    g = create(client, ["greedy", "random"], seed=4)
    gid = g["id"]
    state = client.get(f"/api/games/{gid}").json()
    while not state["over"]:        # the bots play on: wait on each change, never on a clock
        state = client.get(f"/api/games/{gid}", params={"after": state["version"], "wait": 30}).json()
    sheet = state["score_sheet"]
    kinds = {row["label"]: row["kind"] for row in sheet["rows"]}
    assert kinds["Total"] == "total" and kinds["Tiles"] == "tiebreak" and kinds["Favor tokens"] == "count"
    assert all(row["explain"] for row in sheet["rows"] if row["kind"] != "total")
    assert state["verdict"].startswith(sheet["verdict"]) and "nature point" in sheet["verdict"]
    replay = client.get(f"/api/games/{gid}/replay", params={"step": 10_000}).json()
    assert replay["score_sheet"] == sheet and replay["verdict"] == state["verdict"]
