"""Learning in the web app: the rules, guided first games, hints (allowed, refused, logged) and the stored review
of a finished game, on SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from talewood.games import available, load
from talewood.learn.rules import rulebook

from .conftest import create, live_of, make_client, wait_for


def test_the_rules_of_every_game(client: TestClient) -> None:
    for game_id in available():
        r = client.get(f"/api/rules/{game_id}")
        assert r.status_code == 200
        data = r.json()
        assert data["title"] == load(game_id).name
        assert [s["id"] for s in data["sections"]] == [s.id for s in rulebook(game_id).sections]
        assert set(data["actions"]) == {spec.kind for spec in load(game_id).action_space.specs}
    r = client.get("/api/rules/dragons")
    assert r.status_code == 404 and "spirits" in r.json()["detail"]
    assert client.get("/rules/spirits").headers["content-type"].startswith("text/html")


def hint(client: TestClient, game_id: str, token: str, level: str = "normal", version: int | None = None) -> Any:
    if version is None:
        version = client.get(f"/api/games/{game_id}", params={"token": token}).json()["version"]
    return client.post(f"/api/games/{game_id}/hint", json={"token": token, "version": version, "level": level})


def test_a_hint_is_a_legal_choice_and_every_log_says_it_was_asked(client: TestClient) -> None:
    game = create(client, ["human", "human"])
    me, other = game["seats"][0]["token"], game["seats"][1]["token"]
    info = client.get(f"/api/games/{game['id']}/learning", params={"token": me}).json()
    assert info["hints"]["allowed"] and not info["guided"] and info["hints"]["levels"] == ["easy", "normal", "hard"]
    state = client.get(f"/api/games/{game['id']}", params={"token": me}).json()
    r = hint(client, game["id"], me)
    assert r.status_code == 200, r.text
    advice = r.json()
    assert advice["action"] in [a["id"] for a in state["actions"]]
    assert advice["label"] == next(a["label"] for a in state["actions"] if a["id"] == advice["action"])
    assert advice["line"].startswith(advice["label"]) and advice["section"] == "collect" and advice["step"] == 0
    for token in (me, other, None):
        log = client.get(f"/api/games/{game['id']}", params={"token": token} if token else {}).json()["log"]
        assert "Player 1 asked a normal bot for a hint." in [e["text"] for e in log]
    # the log keeps it where it was asked: after the setup's lines, before the first move's
    client.post(f"/api/games/{game['id']}/actions", json={"token": me, "action": advice["action"],
                                                          "version": state["version"]})
    log = [e["text"] for e in client.get(f"/api/games/{game['id']}", params={"token": me}).json()["log"]]
    assert log.index("Player 1 asked a normal bot for a hint.") < next(i for i, t in enumerate(log) if "Player 1 " in t
                                                                       and "hint" not in t)
    assert client.get(f"/api/games/{game['id']}/learning", params={"token": me}).json()["used"] == [
        {"seat": 0, "step": 0, "level": "normal"}]


def test_hints_are_refused_with_a_reason(client: TestClient) -> None:
    game = create(client, ["human", "human"])
    me, other = game["seats"][0]["token"], game["seats"][1]["token"]
    assert hint(client, game["id"], other).status_code == 409            # not your turn
    assert "not your turn" in hint(client, game["id"], other).json()["detail"]
    assert hint(client, game["id"], me, version=99).status_code == 409   # a stale version
    assert hint(client, game["id"], me, level="greedy").status_code == 422
    r = client.post(f"/api/games/{game['id']}/hint", json={"token": "nobody", "version": 0})
    assert r.status_code == 403
    assert client.post(f"/api/games/{game['id']}/hint", json={"token": me}).status_code == 422
    assert hint(client, "nosuchgame", me, version=0).status_code == 404


def test_a_timed_game_has_hints_only_if_every_player_agreed(client: TestClient) -> None:
    body = {"game": "spirits", "players": 2, "seats": ["human", "human"], "turn_limit": 600}
    timed = client.post("/api/games", json=body).json()
    me = timed["seats"][0]["token"]
    info = client.get(f"/api/games/{timed['id']}/learning", params={"token": me}).json()
    assert not info["hints"]["allowed"] and "turn limit" in info["hints"]["why"]
    r = hint(client, timed["id"], me)
    assert r.status_code == 409 and "every player agreed" in r.json()["detail"]
    agreed = client.post("/api/games", json={**body, "hints": True}).json()
    me = agreed["seats"][0]["token"]
    assert client.get(f"/api/games/{agreed['id']}/learning", params={"token": me}).json()["hints"]["allowed"]
    assert hint(client, agreed["id"], me).status_code == 200


def test_a_guided_game_is_the_games_own_set_up_and_its_guide_is_not_logged(client: TestClient) -> None:
    offered = client.get("/api/learn").json()
    assert {g["game"] for g in offered} == set(available())
    r = client.post("/api/learn", json={"game": "spirits"})
    assert r.status_code == 200, r.text
    game = r.json()
    live = live_of(client, game["id"])
    assert live.seats == ["human", "easy"] and live.prearranged and live.seed == 2024
    info = client.get(f"/api/games/{game['id']}/learning", params={"token": game["token"]}).json()
    assert info["guided"] and info["intro"].startswith("Your first game of Spirits of the Forest")
    assert hint(client, game["id"], game["token"]).status_code == 200
    log = client.get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()["log"]
    assert not any("hint" in e["text"] for e in log)
    assert client.post("/api/learn", json={"game": "dragons"}).status_code == 404


def finished_game(client: TestClient) -> str:
    game = create(client, ["greedy", "greedy"], seed=11)
    wait_for(client, game["id"], None, lambda s: s["over"])
    return str(game["id"])


def test_a_review_is_computed_once_and_kept(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("talewood.server.learning.REVIEW_LEVEL", "easy")
    with make_client(db_url) as client:
        unfinished = create(client, ["human", "greedy"])
        assert client.get(f"/api/games/{unfinished['id']}/review").status_code == 409
        game_id = finished_game(client)
        first = client.get(f"/api/games/{game_id}/review")
        assert first.status_code == 202 and first.json()["status"] == "running"
        assert first.json()["total"] == len(live_of(client, game_id).state.history)
        for _ in range(3000):
            r = client.get(f"/api/games/{game_id}/review")
            if r.status_code == 200:
                break
            assert r.json()["done"] <= r.json()["total"]
            time.sleep(0.02)
        review = r.json()["review"]
        assert review["level"] == "easy" and review["decisions"] and review["svg"].startswith("<svg")
        assert len(review["chart"]) == len(review["decisions"]) + 1
    with make_client(db_url) as client:            # another server on the same database: the stored review
        r = client.get(f"/api/games/{game_id}/review")
        assert r.status_code == 200 and r.json()["review"] == review


def test_a_page_asking_for_its_settings_is_redrawn_only_when_hints_were_asked(client: TestClient,
                                                                               monkeypatch: Any) -> None:
    """A page asks for the game's learning settings as it opens: unless a hint it did not know of was asked,
    nothing is pushed to the game's pages (a redraw then would close the sheet a phone's tap just opened)."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    pushed: list[dict[str, Any]] = []
    monkeypatch.setattr(manager, "notify", lambda live, message: pushed.append(message))
    game = create(client, ["human", "human"])
    me = game["seats"][0]["token"]
    for _ in range(2):
        assert client.get(f"/api/games/{game['id']}/learning", params={"token": me}).status_code == 200
    assert pushed == []
    assert hint(client, game["id"], me).status_code == 200
    assert pushed == [{"type": "state"}]
    # a server that did not know of the hint (it was asked through another process) learns of it once
    client.app.state.learning.notes.pop(game["id"])  # type: ignore[attr-defined]
    pushed.clear()
    client.get(f"/api/games/{game['id']}/learning", params={"token": me})
    assert pushed == [{"type": "state"}]
    client.get(f"/api/games/{game['id']}/learning", params={"token": me})
    assert pushed == [{"type": "state"}]


def test_a_stalled_database_holds_up_no_other_page_and_the_learning_settings_answer_503(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The learning settings are read on the storage's threads within its timeout: while that read hangs, the
    server answers everything else at once, and the page asking is told to try again."""
    import threading

    from talewood.server.learning import Learning

    go, stalled = threading.Event(), threading.Event()
    read = Learning._row

    def hanging(self: Learning, game_id: str) -> dict[str, Any]:
        stalled.set()
        go.wait(15)
        return read(self, game_id)

    monkeypatch.setattr(Learning, "_row", hanging)
    with make_client(f"sqlite:///{tmp_path / 't.db'}", db_timeout=0.5) as client:
        game = create(client, ["human", "human"])
        me = game["seats"][0]["token"]
        answer: dict[str, Any] = {}

        def ask() -> None:
            r = client.get(f"/api/games/{game['id']}/learning", params={"token": me})
            answer.update(status=r.status_code, detail=r.json()["detail"], retry=r.headers.get("retry-after"))

        asking = threading.Thread(target=ask)
        asking.start()
        try:
            assert stalled.wait(10)
            started = time.monotonic()
            assert client.get(f"/api/games/{game['id']}", params={"token": me}).status_code == 200
            assert client.get("/api/meta").status_code == 200
            assert time.monotonic() - started < 5, "the loop waited for the database"
            asking.join(10)
            assert not go.is_set() and not asking.is_alive(), "the settings waited for the database"
        finally:
            go.set()
            asking.join(30)
        assert answer["status"] == 503 and answer["retry"] == "5" and "did not answer" in answer["detail"]
