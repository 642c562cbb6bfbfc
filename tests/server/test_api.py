"""The HTTP API: shapes, every refusal (and that a refusal changes nothing), races, secrets, bots."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from talewood.engine import Record, replay
from talewood.games import load

from .conftest import create, wait_for

ALL = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True, "scenario": "standard"}


def state_of(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def act(client: TestClient, gid: str, token: str, action: Any, version: Any) -> Any:
    return client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action, "version": version})


def test_create_and_view(client: TestClient) -> None:
    g = create(client, ["human", "human"], ALL)
    assert [s["kind"] for s in g["seats"]] == ["human", "human"]
    assert all(s["token"] and s["url"].endswith(s["token"]) for s in g["seats"])
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    assert g["spectator_url"].endswith(f"/games/{g['id']}")
    # the hot seat: one `token` parameter per person, each human seat a person of its own
    assert g["hotseat_url"] == f"{g['spectator_url']}#token={t0}&token={t1}"
    s0, s1, spectator = state_of(client, g["id"], t0), state_of(client, g["id"], t1), state_of(client, g["id"])
    assert s0["version"] == 0 and s0["current_player"] == 0 and not s0["over"] and s0["result"] is None
    assert s0["actions"] and all(isinstance(a["id"], int) and isinstance(a["label"], str) for a in s0["actions"])
    assert s1["actions"] == [] and spectator["actions"] == []
    assert spectator["seat"] is None and isinstance(spectator["log"], list)
    assert client.get(f"/api/games/{g['id']}", params={"token": t0, "svg": True}).json()["svg"].startswith("<svg")
    assert any(x["id"] == g["id"] for x in client.get("/api/games").json())
    meta = client.get("/api/meta").json()
    assert meta["seat_kinds"][0] == "human" and "greedy" in meta["seat_kinds"]
    assert {o["name"] for o in meta["games"][0]["options"]} >= {"wish", "hex", "seasons", "scenario"}
    assert "/api/games/{game_id}/actions" in client.get("/openapi.json").json()["paths"]
    assert client.get("/").status_code == 200 and client.get(f"/games/{g['id']}").status_code == 200


def test_every_refusal_leaves_the_game_unchanged(client: TestClient) -> None:
    g = create(client, ["human", "human"], {"wish": True})
    gid = g["id"]
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    before = state_of(client, gid, t0)
    legal = before["actions"][0]["id"]

    r = act(client, gid, t1, legal, 0)
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]
    r = act(client, gid, t0, legal, 5)
    assert r.status_code == 409 and "stale" in r.json()["detail"]
    r = act(client, gid, t0, 0, 0)
    assert r.status_code == 422 and "not legal" in r.json()["detail"]
    r = act(client, gid, t0, 10**12, 0)
    assert r.status_code == 422
    r = act(client, gid, "not-a-token", legal, 0)
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}", params={"token": "nope"}).status_code == 403
    assert act(client, "nosuchgame", t0, legal, 0).status_code == 404
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get(f"/api/games/{'x' * 500}").status_code == 404
    r = client.post(f"/api/games/{gid}/actions", content=b"{not json", headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": str(legal), "version": 0})
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": True, "version": 0})
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/actions", json=[1, 2, 3])
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": legal, "version": 0, "x": 1})
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/actions", content=b"{" + b" " * 200_000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get(f"/api/games/{gid}/record").status_code == 409
    assert client.post(f"/api/games/{gid}/undo", json={"token": t0, "version": 0}).status_code == 409
    assert state_of(client, gid, t0) == before


def test_bad_creation_is_refused_with_the_engines_message(client: TestClient) -> None:
    def post(body: Any) -> Any:
        return client.post("/api/games", json=body)

    r = post({"game": "spirits", "players": 2, "seats": ["human", "hard-as-nails"]})
    assert r.status_code == 422 and "valid: human" in r.json()["detail"] and "greedy" in r.json()["detail"]
    r = post({"game": "spirits", "players": 2, "seats": ["human", "greedy"], "options": {"nope": True}})
    assert r.status_code == 422 and "valid options" in r.json()["detail"]
    r = post({"game": "spirits", "players": 2, "seats": ["human", "greedy"], "options": {"scenario": "moon"}})
    assert r.status_code == 422 and "one of" in r.json()["detail"]
    r = post({"game": "spirits", "players": 2, "seats": ["human", "greedy"], "options": {"fireflies": True}})
    assert r.status_code == 422 and "air_spirit" in r.json()["detail"]
    r = post({"game": "spirits", "players": 9, "seats": ["human"] * 9})
    assert r.status_code == 422 and "1 to 4 players" in r.json()["detail"]
    r = post({"game": "spirits", "players": 3, "seats": ["human", "greedy"]})
    assert r.status_code == 422
    r = post({"game": "chess", "players": 2, "seats": ["human", "human"]})
    assert r.status_code == 422 and "known games" in r.json()["detail"]
    r = post({"game": "spirits", "players": 2, "seats": ["human", "greedy"], "seed": -1})
    assert r.status_code == 422
    r = post({"game": "spirits", "players": "2", "seats": ["human", "greedy"]})
    assert r.status_code == 422
    r = post({"game": "spirits", "players": 2, "seats": ["human"] * 100})
    assert r.status_code == 422
    assert client.get("/api/games").json() == []


def test_racing_submissions_one_wins(client: TestClient) -> None:
    for seed in range(4):
        g = create(client, ["human", "human"], seed=seed)
        gid, t0 = g["id"], g["seats"][0]["token"]
        legal = state_of(client, gid, t0)["actions"]
        barrier = threading.Barrier(2)
        codes: list[int] = []

        def go(action: int, gid: str = gid, t0: str = t0, barrier: threading.Barrier = barrier,
               codes: list[int] = codes) -> None:
            barrier.wait()
            codes.append(act(client, gid, t0, action, 0).status_code)

        threads = [threading.Thread(target=go, args=(legal[i % len(legal)]["id"],)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409]
        assert state_of(client, gid, t0)["version"] == 1


def hidden_tokens(client: TestClient, gid: str, seat: int) -> set[str]:
    state: Any = client.app.state.manager.live[gid].state  # type: ignore[attr-defined]
    tokens = state.c.tokens
    return {tokens[k].id for k in state.favors[seat] if not state.public_token[k]}


def test_a_view_never_contains_another_seats_secrets(client: TestClient) -> None:
    g = create(client, ["human", "human"], ALL, seed=3)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    first = state_of(client, gid, tokens[0])["view"]["player_states"][0]
    secrets_0 = set(first["wish_hand"] + first["hex_hand"])
    assert secrets_0
    step = 0
    while True:
        views = [state_of(client, gid, t) for t in tokens]
        spectator = state_of(client, gid)
        if views[0]["over"]:
            break
        for seat in (0, 1):
            other = 1 - seat
            mine = views[seat]
            theirs = mine["view"]["player_states"][other]
            assert "wish_hand" not in theirs and "hex_hand" not in theirs
            if not theirs.get("wish") and "wish" in theirs:
                assert theirs["wish"] is None
            hidden = hidden_tokens(client, gid, other)
            assert not hidden & set(theirs["favor_tokens"])
            assert all(e["to"] in (None, seat) for e in mine["log"])
            if not views[0]["view"]["player_states"][0].get("wish") and step < 10:
                text = str(views[1])
                own = str(views[1]["view"]["player_states"][1])
                assert not any(f"'{c}'" in text for c in secrets_0 if c not in own)
        assert all(e["to"] is None for e in spectator["log"])
        current = views[0]["current_player"]
        payload = views[current]
        choice = payload["actions"][step % len(payload["actions"])]["id"]
        r = act(client, gid, tokens[current], choice, payload["version"])
        assert r.status_code == 200, r.text
        step += 1
    assert views[0]["result"]["scores"]


def test_bots_play_and_the_record_replays(client: TestClient) -> None:
    g = create(client, ["human", "greedy", "random"], ALL, seed=11)
    gid, token = g["id"], g["seats"][0]["token"]
    while True:
        s = wait_for(client, gid, token, lambda s: s["over"] or s["actions"])
        if s["over"]:
            break
        assert s["current_player"] == 0
        r = act(client, gid, token, s["actions"][-1]["id"], s["version"])
        assert r.status_code == 200, r.text
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seats"] == ["human", "greedy", "random"] and record["result"] == s["result"]
    rebuilt = replay(Record.from_json(record), load)
    assert rebuilt.is_over and rebuilt.result().to_json()["scores"] == s["result"]["scores"]
    rep = client.get(f"/api/games/{gid}/replay", params={"step": 5}).json()
    assert rep["step"] == 5 and rep["svg"].startswith("<svg") and rep["last"]["label"]
    assert client.get(f"/api/games/{gid}/replay", params={"step": 10**6}).json()["step"] == len(record["actions"])
    assert act(client, gid, token, 0, s["version"]).status_code == 409
    listed = next(x for x in client.get("/api/games").json() if x["id"] == gid)
    assert listed["over"] and listed["result"]["scores"] == s["result"]["scores"]


def test_undo_follows_the_rule(client: TestClient) -> None:
    for seed in range(20):
        g = create(client, ["human", "human"], seed=seed)
        gid, t0 = g["id"], g["seats"][0]["token"]
        s = state_of(client, gid, t0)
        for a in s["actions"]:
            after = act(client, gid, t0, a["id"], s["version"]).json()
            if after["undo"] > 0:
                r = client.post(f"/api/games/{gid}/undo", json={"token": t0, "version": after["version"]})
                assert r.status_code == 200, r.text
                back = r.json()
                assert back["version"] == after["version"] + 1 and back["steps"] == after["steps"] - after["undo"]
                assert back["view"] == {**s["view"]}
                t1 = g["seats"][1]["token"]
                assert client.post(f"/api/games/{gid}/undo", json={"token": t1, "version": back["version"]}
                                   ).status_code == 409
                return
            break
    raise AssertionError("no undoable first move found")


def test_websocket_plays(client: TestClient) -> None:
    g = create(client, ["human", "greedy"], seed=5)
    gid, token = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        first = ws.receive_json()
        assert first["type"] == "state" and first["svg"].startswith("<svg") and first["seat"] == 0
        ws.send_json({"type": "action", "action": first["actions"][0]["id"], "version": 99})
        assert ws.receive_json()["status"] == 409
        ws.send_text("garbage")
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "action", "action": first["actions"][0]["id"], "version": first["version"]})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["version"] > first["version"]:
                break
