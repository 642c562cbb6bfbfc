"""Faults that must never become a 500 or stop the server: malformed input, damaged rows, a database
that refuses writes, odd WebSocket frames; and what the server tells browsers and its log."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text
from starlette.websockets import WebSocketDisconnect

from .conftest import create, make_client, wait_for

SURROGATE = "\\ud800"          # as JSON text: a lone surrogate, which no UTF-8 encoder accepts


def raw_post(client: TestClient, path: str, body: str) -> Any:
    return client.post(path, content=body.encode(), headers={"content-type": "application/json"})


def test_malformed_input_gets_a_4xx_and_never_reaches_the_log(client: TestClient,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    g = create(client, ["human", "human"])
    gid, token = g["id"], g["seats"][0]["token"]
    bodies = {
        "/api/games": [
            '{"game": "spirits", "players": 1e400, "seats": ["human", "human"]}',
            '{"game": "spirits", "players": NaN, "seats": ["human", "human"]}',
            '{"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": -Infinity}',
            f'{{"game": "{SURROGATE}", "players": 2, "seats": ["human", "human"]}}',
            f'{{"game": "spirits", "players": 2, "seats": ["human", "{SURROGATE}"]}}',
            f'{{"game": "spirits", "players": 2, "seats": ["human", "human"], "options": {{"{SURROGATE}": true}}}}',
            f'{{"game": "spirits", "players": 2, "seats": ["human", "human"], "options": {{"x": "{SURROGATE}"}}}}',
            f'{{"game": "spirits", "players": 2, "seats": ["human", "human"], "standin": "{SURROGATE}"}}',
            f'{{"game": "spirits", "{SURROGATE}": 1}}',
        ],
        f"/api/games/{gid}/actions": [
            f'{{"token": "{token}", "action": 1e400, "version": 0}}',
            f'{{"token": "{token}", "action": NaN, "version": 0}}',
            f'{{"token": "{token}", "action": 1, "version": Infinity}}',
            f'{{"token": "{SURROGATE}", "action": 1, "version": 0}}',
            f'{{"token": "{token}{SURROGATE}", "action": 1, "version": 0}}',
            f'{{"token": "{token}", "action": 1, "version": 0, "{SURROGATE}": 1}}',
            f'{{"token": "{token}", "action": "{SURROGATE}", "version": 0}}',
            '{"token": "' + token + '", "action": ' + "9" * 5000 + ', "version": 0}',
            "\xff\xfe",
        ],
        f"/api/games/{gid}/undo": [f'{{"token": "{token}", "version": 1e400}}',
                                   f'{{"token": "{SURROGATE}", "version": 0}}'],
        f"/api/games/{gid}/gone": [f'{{"token": "{token}", "seat": NaN, "version": 0}}',
                                   f'{{"token": "{token}", "seat": 1, "version": 0, "x": "{SURROGATE}"}}'],
        f"/api/games/{gid}/reclaim": [f'{{"token": "{SURROGATE}"}}', '{"token": 1e400}'],
        f"/api/games/{SURROGATE}/actions": [f'{{"token": "{token}", "action": 1, "version": 0}}'],
    }
    for path, cases in bodies.items():
        for body in cases:
            r = raw_post(client, path, body)
            assert 400 <= r.status_code < 500, (path, body, r.status_code, r.text)
            assert isinstance(r.json()["detail"], str) and r.json()["detail"]
    for params in ({"token": SURROGATE}, {"wait": "nan", "after": "0"}, {"after": "1e400"}, {"svg": "maybe"}):
        r = client.get(f"/api/games/{gid}", params=params)
        assert 400 <= r.status_code < 500, (params, r.text)
    r = client.get("/api/games", params={"limit": "1e400"})
    assert r.status_code == 422
    server_side = [r for r in caplog.records if not r.name.startswith("httpx")]
    logged = "\n".join(record.getMessage() for record in server_side)
    assert token not in logged and '"action"' not in logged and "players" not in logged
    assert client.get(f"/api/games/{gid}", params={"token": token}).json()["version"] == 0


def test_an_error_names_the_field_without_echoing_it(client: TestClient) -> None:
    r = raw_post(client, "/api/games", '{"game": "spirits", "players": 1e400, "seats": ["human", "human"]}')
    assert r.status_code == 422
    assert r.json()["detail"].startswith("players:") and "inf" not in r.json()["detail"].lower()
    r = raw_post(client, "/api/games", "{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["detail"]


def corrupt(db_path: Path, sql: str, **params: Any) -> None:
    engine = create_engine(f"sqlite:///{db_path}")
    with engine.begin() as conn:
        conn.execute(text(sql), params)
    engine.dispose()


def test_damaged_games_are_set_aside_and_everything_else_works(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    url = f"sqlite:///{tmp_path / 'talewood.db'}"
    with make_client(url) as client:
        games = {name: create(client, ["human", "human"], seed=i) for i, name in
                 enumerate(("options", "seats", "hashes", "move", "seed", "bot_turn", "healthy"))}
    path = tmp_path / "talewood.db"
    corrupt(path, "UPDATE games SET options = '{not json' WHERE id = :i", i=games["options"]["id"])
    corrupt(path, "UPDATE games SET seats = '[\"human\"]' WHERE id = :i", i=games["seats"]["id"])
    corrupt(path, "UPDATE games SET token_hashes = 'null' WHERE id = :i", i=games["hashes"]["id"])
    corrupt(path, "INSERT INTO moves (game_id, step, action, seat) VALUES (:i, 0, 99999, 0)", i=games["move"]["id"])
    corrupt(path, "UPDATE games SET steps = 1 WHERE id = :i", i=games["move"]["id"])
    corrupt(path, "UPDATE games SET seed = 'forty-two' WHERE id = :i", i=games["seed"]["id"])
    # a bot's turn is resumed at startup: a damaged one once stopped the server from starting
    corrupt(path, "UPDATE games SET seats = '[\"greedy\", \"human\"]', options = '[1' WHERE id = :i",
            i=games["bot_turn"]["id"])
    caplog.set_level(logging.INFO)
    with make_client(url) as client:
        listed = {g["id"]: g for g in client.get("/api/games").json()}
        assert listed[games["healthy"]["id"]]["damaged"] is False
        assert listed[games["options"]["id"]]["damaged"] is True
        assert listed[games["seats"]["id"]]["damaged"] is True
        for name, g in games.items():
            r = client.get(f"/api/games/{g['id']}", params={"token": g["seats"][1]["token"]})
            if name == "healthy":
                assert r.status_code == 200
                continue
            assert r.status_code == 410, (name, r.text)
            assert "damaged" in r.json()["detail"]
            assert client.post(f"/api/games/{g['id']}/actions", json={
                "token": g["seats"][0]["token"], "action": 0, "version": 0}).status_code == 410
            with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4410
        h = games["healthy"]
        s = client.get(f"/api/games/{h['id']}", params={"token": h["seats"][0]["token"]}).json()
        r = client.post(f"/api/games/{h['id']}/actions", json={"token": h["seats"][0]["token"],
                                                              "action": s["actions"][0]["id"], "version": 0})
        assert r.status_code == 200
        assert create(client, ["human", "greedy"])["id"]
    engine = create_engine(url)
    with engine.connect() as conn:
        marked = dict(conn.execute(text("SELECT id, damaged FROM games")).all())
    engine.dispose()
    assert marked[games["healthy"]["id"]] is None
    assert all(marked[g["id"]] for name, g in games.items() if name != "healthy")
    assert "damaged and set aside" in caplog.text


def refuse_writes(engine: Any, fault: str) -> Any:
    @event.listens_for(engine, "connect")
    def refuse(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        if fault == "read-only":
            cursor.execute("PRAGMA query_only = ON")
        else:       # the disk is full: the file may not grow by one more page
            pages = cursor.execute("PRAGMA page_count").fetchone()[0]
            cursor.execute(f"PRAGMA max_page_count = {pages}")
        cursor.close()

    engine.dispose()
    return refuse


def test_a_read_only_database_gives_503_on_every_write(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'talewood.db'}"
    with make_client(url, gone_after=0) as client:
        g = create(client, ["human", "human", "human"])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        before = client.get(f"/api/games/{gid}", params={"token": t0}).json()
        first = before["actions"][0]["id"]
        engine = client.app.state.manager.engine  # type: ignore[attr-defined]
        refuse = refuse_writes(engine, "read-only")
        writes = [("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"]}),
                  (f"/api/games/{gid}/actions", {"token": t0, "action": first, "version": 0}),
                  (f"/api/games/{gid}/gone", {"token": t1, "seat": 0, "version": 0})]
        for path, body in writes:
            r = client.post(path, json=body)
            assert r.status_code == 503, (path, r.text)
            assert r.headers["retry-after"] == "5" and "try again" in r.json()["detail"]
        after = client.get(f"/api/games/{gid}", params={"token": t0}).json()
        assert after == before                        # reads still work, and nothing changed
        event.remove(engine, "connect", refuse)
        engine.dispose()
        r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": first, "version": 0})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 1 and r.json()["steps"] == 1


def test_a_full_disk_gives_503(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'talewood.db'}"
    with make_client(url) as client:
        g = create(client, ["human", "human"])
        engine = client.app.state.manager.engine  # type: ignore[attr-defined]
        refuse_writes(engine, "full")
        for _ in range(500):                         # fill the last free space of the file
            r = client.post("/api/games", json={"game": "spirits", "players": 4, "seats": ["human"] * 4,
                                                "options": {"wish": True, "hex": True}})
            if r.status_code != 200:
                break
        assert r.status_code == 503 and r.headers["retry-after"] == "5", r.text
        assert client.get(f"/api/games/{g['id']}").status_code == 200
        assert client.get("/api/games").status_code == 200


def test_websocket_refusals_have_their_own_close_codes(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, token = g["id"], g["seats"][0]["token"]

    def closed_with(path: str, hello: Any = None) -> int:
        with client.websocket_connect(path) as ws:
            if hello is not None:
                ws.send_text(hello if isinstance(hello, str) else json.dumps(hello))
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        return closed.value.code

    assert closed_with("/ws/games/nosuchgame", {"type": "hello", "token": None}) == 4404
    assert closed_with(f"/ws/games/{'x' * 40}") == 4404
    assert closed_with(f"/ws/games/{gid}", {"type": "hello", "token": "not-a-seat"}) == 4403
    assert closed_with(f"/ws/games/{gid}?token={token}") == 4400           # never in the address
    assert closed_with(f"/ws/games/{gid}", {"type": "action", "action": 1, "version": 0}) == 4400
    assert closed_with(f"/ws/games/{gid}", "not json") == 4400


def test_websocket_binary_frames_are_read_as_json(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, token = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_bytes(json.dumps({"type": "hello", "token": token}).encode())
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0
        ws.send_bytes(b"\xff\xfe not utf-8")
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 400 and "UTF-8" in error["detail"]
        ws.send_bytes(b"x" * 5000)
        assert ws.receive_json()["status"] == 413
        ws.send_bytes(json.dumps({"type": "action", "action": first["actions"][0]["id"], "version": 0}).encode())
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state":
                assert msg["version"] == 1
                break


def test_security_headers_on_every_answer(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    for path in ("/", f"/games/{g['id']}", "/static/game.js", "/api/meta", "/api/games/nosuchgame"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-eval'" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
    assert client.get("/docs").status_code == 200


def test_the_access_log_never_holds_a_token(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="talewood.access")
    g = create(client, ["human", "greedy"])
    gid, token = g["id"], g["seats"][0]["token"]
    client.get(f"/api/games/{gid}", params={"token": token, "svg": "true"})
    client.get(f"/games/{gid}", params={"token": token})
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        ws.receive_json()
    lines = [r.getMessage() for r in caplog.records if r.name == "talewood.access"]
    assert any(f"GET /api/games/{gid}?token=redacted&svg=true 200 " in line for line in lines)
    assert any(line.startswith(f"WS /ws/games/{gid}") for line in lines)
    assert not [line for line in lines if token in line]


def test_a_path_cannot_forge_access_log_lines(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="talewood.access")
    client.get("/games/x%0D%0AGET%20/api/games/forged%20200%201.0ms%0Aend")
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/games/y%0Aforged") as ws:
        ws.receive_json()
    lines = [r.getMessage() for r in caplog.records if r.name == "talewood.access"]
    assert any(line.startswith("GET /games/x%0D%0AGET /api/games/forged 200 1.0ms%0Aend 404 ") for line in lines)
    assert any(line.startswith("WS /ws/games/y%0Aforged") for line in lines)
    assert not [line for line in lines if "\n" in line or "\r" in line]


def test_a_crash_inside_a_handler_is_a_plain_500_logged_without_its_message(
        client: TestClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    g = create(client, ["human", "human"])
    token = g["seats"][0]["token"]
    manager = client.app.state.manager  # type: ignore[attr-defined]

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError(f"a message quoting the token {token}")

    monkeypatch.setattr(manager.audiences, "text", broken)
    caplog.set_level(logging.DEBUG)
    r = client.get(f"/api/games/{g['id']}", params={"token": token})
    assert r.status_code == 500 and "logged" in r.json()["detail"]
    server_side = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("httpx"))
    assert "RuntimeError at" in server_side and token not in server_side


def test_long_polling_and_bots_still_answer(client: TestClient) -> None:
    g = create(client, ["human", "greedy"], seed=3)
    gid, token = g["id"], g["seats"][0]["token"]
    s = wait_for(client, gid, token, lambda s: s["actions"])
    client.post(f"/api/games/{gid}/actions", json={"token": token, "action": s["actions"][0]["id"],
                                                   "version": s["version"]})
    r = client.get(f"/api/games/{gid}", params={"token": token, "after": s["version"] + 1, "wait": 5, "turn": True})
    assert r.status_code == 200 and (r.json()["actions"] or r.json()["over"])
