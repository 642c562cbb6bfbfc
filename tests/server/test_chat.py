"""Table talk: who may talk, what a message may be, how often, where it goes (every page of the game, the
database, the replay), and hostile input refused with a reason and nothing stored."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from talewood.server import chat as chat_module

from .conftest import make_client


def deck(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "deck", "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def say(client: TestClient, gid: str, token: str | None, text: Any) -> Any:
    # escaped JSON (as a browser sends it): a lone surrogate travels as \ud800
    return client.post(f"/api/games/{gid}/chat", content=json.dumps({"token": token, "text": text}),
                       headers={"content-type": "application/json"})


def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]


def test_a_message_reaches_every_page_of_the_game_and_is_stored(db_url: str, deck_game: str) -> None:
    with make_client(db_url) as client:
        made = deck(client, ["human", "human", "greedy"])
        gid, (one, two) = made["id"], [s["token"] for s in made["seats"][:2]]
        with client.websocket_connect(f"/ws/games/{gid}") as first, \
                client.websocket_connect(f"/ws/games/{gid}") as second, \
                client.websocket_connect(f"/ws/games/{gid}") as watcher:
            for ws, token in ((first, one), (second, two), (watcher, None)):
                ws.send_json({"type": "hello", "token": token})
                until(ws, "state")
            first.send_json({"type": "chat", "text": "  <b>good</b>\n\tluck  "})
            heard = [until(ws, "chat")["messages"] for ws in (first, second, watcher)]
        assert heard[0] == heard[1] == heard[2]
        (message,) = heard[0]
        # stored as the text it is (pages show it as text): markup is just characters, white space tidied
        assert message["seat"] == 0 and message["step"] == 0 and message["text"] == "<b>good</b> luck"
        r = say(client, gid, two, "thanks")
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == 1
        listed = client.get(f"/api/games/{gid}/chat").json()
        assert [(m["seat"], m["text"]) for m in listed["messages"]] == [(0, "<b>good</b> luck"), (1, "thanks")]
        assert listed["spectators"] is False and listed["may_talk"] is False
        assert client.get(f"/api/games/{gid}/chat", params={"token": one}).json()["may_talk"] is True


def test_hostile_messages_are_refused_with_a_reason_and_nothing_is_stored(db_url: str, deck_game: str) -> None:
    with make_client(db_url) as client:
        made = deck(client, ["human", "greedy"])
        gid, token = made["id"], made["seats"][0]["token"]
        bad: list[tuple[Any, int, str]] = [
            ("", 422, "empty"), (" \n\t ", 422, "empty"), ("x" * 301, 422, "at most 300"),
            ("bell\x07", 422, "control character"), ("nul\x00byte", 422, "control character"),
            ("escape\x1b[31m", 422, "control character"), ("del\x7f", 422, "control character"),
            ("c1\x9b", 422, "control character"), ("abc\u202edcba", 422, "control character"),
            ("lone \ud800 surrogate", 422, "text"), (42, 422, "text"), (None, 422, "text"),
        ]
        for text, status, words in bad:
            r = say(client, gid, token, text)
            assert r.status_code == status, (text, r.text)
            assert words in r.json()["detail"], (text, r.text)
        assert say(client, gid, "not-a-token", "hi").status_code == 403
        assert say(client, "nosuchgame", token, "hi").status_code == 404
        r = client.post(f"/api/games/{gid}/chat", json={"token": token, "text": "hi", "html": True})
        assert r.status_code == 422
        # a spectator at a table whose creator did not allow it
        r = say(client, gid, None, "hello players")
        assert r.status_code == 403 and "creator did not allow" in r.json()["detail"]
        assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []
        # over the WebSocket: the refusal goes to that page alone, marked as the chat's
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "token": token})
            until(ws, "state")
            ws.send_json({"type": "chat", "text": "ring\x07"})
            error = until(ws, "error")
            assert error["status"] == 422 and error["about"] == "chat"
            ws.send_text('{"type": "chat", "text": "lone \\ud800 surrogate"}')
            assert "control character" in until(ws, "error")["detail"]
            ws.send_json({"type": "chat", "text": ["not", "text"]})
            assert until(ws, "error")["status"] == 422
        assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_a_flood_is_refused_per_seat_with_retry_after(client: TestClient, deck_game: str) -> None:
    made = deck(client, ["human", "human"])
    gid, one, two = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    for n in range(chat_module.BURST):
        assert say(client, gid, one, f"message {n}").status_code == 200
    r = say(client, gid, one, "one too many")
    assert r.status_code == 429 and "too many messages" in r.json()["detail"]
    assert 1 <= int(r.headers["retry-after"]) <= chat_module.BURST_WINDOW + 1
    assert say(client, gid, two, "the other seat still talks").status_code == 200
    assert len(client.get(f"/api/games/{gid}/chat").json()["messages"]) == chat_module.BURST + 1


def test_spectators_talk_only_where_the_creator_allowed_it(client: TestClient, deck_game: str) -> None:
    made = deck(client, ["human", "greedy"], spectator_chat=True)
    gid = made["id"]
    r = say(client, gid, None, "nice move")
    assert r.status_code == 200 and r.json()["seat"] is None
    listed = client.get(f"/api/games/{gid}/chat").json()
    assert listed["spectators"] is True and listed["may_talk"] is True
    assert client.post("/api/games", json={"game": "deck", "spectator_chat": "yes"}).status_code == 422


def test_a_finished_game_keeps_its_talk_for_the_replay_and_a_damaged_one_refuses(
        client: TestClient, deck_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made = deck(client, ["human"])
    gid, token = made["id"], made["seats"][0]["token"]
    assert say(client, gid, token, "here goes").status_code == 200
    state = client.get(f"/api/games/{gid}", params={"token": token}).json()
    while not state["over"]:
        state = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": state["actions"][0]["id"],
                                                                "version": state["version"]}).json()
    assert say(client, gid, token, "good game").status_code == 200    # talk after the end is welcome
    steps = [m["step"] for m in client.get(f"/api/games/{gid}/chat").json()["messages"]]
    assert steps == [0, state["steps"]]          # each at its point of the game, for the replay
    monkeypatch.setattr(chat_module, "MAX_PER_GAME", 2)
    r = say(client, gid, token, "one more")
    assert r.status_code == 409 and "full" in r.json()["detail"]
    # a damaged game: 410, nothing stored
    other = deck(client, ["human"])
    client.app.state.manager.live.pop(other["id"])  # type: ignore[attr-defined]
    with client.app.state.manager.engine.begin() as conn:  # type: ignore[attr-defined]
        from sqlalchemy import update

        from talewood.server import db
        conn.execute(update(db.games).where(db.games.c.id == other["id"]).values(seed="not a number"))
    r = say(client, other["id"], other["seats"][0]["token"], "hello?")
    assert r.status_code == 410
    assert client.get(f"/api/games/{other['id']}/chat").status_code == 410


def test_a_message_reaches_the_pages_on_another_server_process(db_url: str, deck_game: str) -> None:
    if "postgresql" not in db_url:
        pytest.skip("SQLite serves one server process")
    with make_client(db_url) as a, make_client(db_url) as b:
        made = deck(a, ["human", "human"])
        gid, one, two = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        deadline = time.monotonic() + 30
        while not b.get("/api/server").json()["listening"]:       # its LISTEN is up
            assert time.monotonic() < deadline, "the second process never listened"
            time.sleep(0.05)
        with b.websocket_connect(f"/ws/games/{gid}") as there:
            there.send_json({"type": "hello", "token": two})
            until(there, "state")
            assert say(a, gid, one, "across the processes").status_code == 200
            assert until(there, "chat")["messages"][0]["text"] == "across the processes"
