"""Tables: open seats taken by name, the game starting with the last one (exactly one of two people racing for it
gets it), the creator's link (fill with bots, close, renew a seat's link), "Your games", and the turn clock that
the "gone" rule follows."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from talewood.server.manager import Limits

from .conftest import drop_schema, fresh_schema, make_client, postgres_url, wait_for
from .procs import Serve


def open_table(client: TestClient, seats: list[str], names: list[str | None] | None = None,
               **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "spirits", "players": len(seats), "seats": seats, "seed": 11, **extra}
    if names is not None:
        body["names"] = names
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def join(client: TestClient, table: str, name: Any, seat: int | None = None) -> Any:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/tables/{table}/join", json=body)


def listed(client: TestClient, table: str) -> dict[str, Any] | None:
    r = client.get("/api/tables")
    assert r.status_code == 200, r.text
    return next((t for t in r.json() if t["id"] == table), None)


def test_an_open_table_is_listed_taken_by_name_and_starts_with_the_last_seat(db_url: str) -> None:
    with make_client(db_url) as client:
        t = open_table(client, ["human", "open", "open"], ["Ann", None, None], options={"wish": True})
        tid, mine = t["id"], t["seats"][0]["token"]
        assert t["open"] and [s["kind"] for s in t["seats"]] == ["human", "open", "open"]
        assert t["seats"][1]["token"] is None
        assert t["creator_url"].endswith(f"/tables/{tid}#creator={t['creator_token']}")
        # not a game yet: its page waits at the table
        assert client.get(f"/api/games/{tid}").status_code == 404
        shown = listed(client, tid)
        assert shown is not None and shown["seats_left"] == 2 and shown["name"] == "Spirits of the Forest"
        assert [s["name"] for s in shown["seats"]] == ["Ann", None, None]
        assert shown["options"] == ["Wish cards"]                     # in words; the defaults go unsaid
        text = json.dumps(client.get("/api/tables").json())
        assert "seed" not in text and "hash" not in text and mine not in text and t["creator_token"] not in text

        r = join(client, tid, "  Bo   Lee ")
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == 1 and r.json()["url"].endswith(f"/games/{tid}#token={r.json()['token']}")
        bo = r.json()["token"]
        seen = client.get(f"/api/tables/{tid}", params={"token": bo}).json()
        assert seen["you"] == 1 and not seen["creator"] and seen["seats"][1]["name"] == "Bo Lee"
        assert client.get(f"/api/tables/{tid}", params={"token": t["creator_token"]}).json()["creator"]
        assert client.get(f"/api/tables/{tid}", params={"token": "nope"}).status_code == 403
        assert listed(client, tid)["seats_left"] == 1  # type: ignore[index]

        r = join(client, tid, "Cy", seat=2)
        assert r.status_code == 200, r.text
        cy = r.json()["token"]
        assert listed(client, tid) is None                           # no longer open
        assert client.get(f"/api/tables/{tid}").json()["status"] == "started"
        # the game is on, every seat's link works, the first to play is asked
        for seat, token in enumerate((mine, bo, cy)):
            s = client.get(f"/api/games/{tid}", params={"token": token}).json()
            assert s["seat"] == seat and s["version"] == 0 and s["seats"][seat]["kind"] == "human"
        assert client.get(f"/api/tables/{tid}", params={"token": cy}).json()["you"] == 2


@pytest.mark.parametrize("name", ["<b>Eve</b>", "Eve\x00", "Eve\x1b[31m", "Eve\u202e", "a\u200bb", "", "   ", "...",
                                  "x" * 25, "x" * 10_000, 12, None])
def test_a_name_must_be_plain_text_of_a_sensible_length(client: TestClient, name: Any) -> None:
    t = open_table(client, ["human", "open"])
    before = client.get(f"/api/tables/{t['id']}").json()
    r = join(client, t["id"], name)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail.startswith("name: ")                                # says which field, in words
    if isinstance(name, str) and name.strip(" ."):
        assert name[:20] not in detail                                # the input is never echoed
    assert client.get(f"/api/tables/{t['id']}").json() == before     # nothing changed
    # a name in any script, with an emoji, is fine
    assert join(client, t["id"], "Zoë 🎲 李").status_code == 200


def test_names_at_creation_are_checked_alike(client: TestClient) -> None:
    body = {"game": "spirits", "players": 2, "seats": ["human", "open"]}
    assert client.post("/api/games", json={**body, "names": ["<script>", None]}).status_code == 422
    assert client.post("/api/games", json={**body, "names": ["Ann"]}).status_code == 422
    assert client.post("/api/games", json={**body, "names": [None, "Bob"]}).status_code == 422   # an open seat's
    assert client.post("/api/games", json={**body, "seats": ["open", "tricky"]}).status_code == 422
    assert client.get("/api/tables").json() == []


def test_refusals_at_a_full_a_closed_and_an_unknown_table(client: TestClient) -> None:
    t = open_table(client, ["human", "open", "open"])
    tid, creator = t["id"], t["creator_token"]
    assert join(client, tid, "Bo", seat=0).status_code == 409            # a person sits there
    assert join(client, tid, "Bo", seat=3).status_code == 422
    assert join(client, tid, "Bo", seat=-1).status_code == 422
    assert join(client, "nosuchtable", "Bo").status_code == 404
    assert join(client, "x" * 40, "Bo").status_code == 404
    assert join(client, tid, "Bo", seat=1).status_code == 200
    r = join(client, tid, "Al", seat=1)
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    # only the creator closes or fills it
    assert client.post(f"/api/tables/{tid}/close", json={"creator": "nope"}).status_code == 403
    assert client.post(f"/api/tables/{tid}/fill", json={"creator": t["seats"][0]["token"]}).status_code == 403
    assert client.post(f"/api/tables/{tid}/close", json={"creator": creator}).status_code == 200
    r = join(client, tid, "Al")
    assert r.status_code == 409 and "closed" in r.json()["detail"]
    assert client.post(f"/api/tables/{tid}/close", json={"creator": creator}).status_code == 409
    assert client.post(f"/api/tables/{tid}/fill", json={"creator": creator}).status_code == 409
    assert listed(client, tid) is None and client.get(f"/api/games/{tid}").status_code == 404
    # a started table takes nobody more
    full = open_table(client, ["human", "open"])
    assert join(client, full["id"], "Bo").status_code == 200
    r = join(client, full["id"], "Al")
    assert r.status_code == 409 and "started" in r.json()["detail"]


def test_the_creator_fills_the_open_seats_with_bots(client: TestClient) -> None:
    t = open_table(client, ["human", "open", "open"])
    tid = t["id"]
    assert join(client, tid, "Bo").status_code == 200
    r = client.post(f"/api/tables/{tid}/fill", json={"creator": t["creator_token"], "kind": "human"})
    assert r.status_code == 422
    r = client.post(f"/api/tables/{tid}/fill", json={"creator": t["creator_token"], "kind": "nosuchbot"})
    assert r.status_code == 422 and "greedy" in r.json()["detail"]
    r = client.post(f"/api/tables/{tid}/fill", json={"creator": t["creator_token"], "kind": "random"})
    assert r.status_code == 200, r.text
    assert r.json()["seats"] == ["human", "human", "random"]
    s = client.get(f"/api/games/{tid}", params={"token": t["seats"][0]["token"]}).json()
    assert [x["kind"] for x in s["seats"]] == ["human", "human", "random"]


def test_joins_count_against_the_creation_limit(tmp_path: Any) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", Limits(games=3, bot_only=0)) as client:
        t = open_table(client, ["human", "open", "open", "open"])          # 1
        assert join(client, t["id"], "Bo").status_code == 200              # 2
        assert join(client, t["id"], "Cy").status_code == 200              # 3
        r = join(client, t["id"], "Di")
        assert r.status_code == 429 and "created or joined 3 games" in r.json()["detail"]
        assert int(r.headers["retry-after"]) > 0
        assert listed(client, t["id"])["seats_left"] == 1                   # type: ignore[index]
        assert client.post("/api/games", json={"game": "spirits"}).status_code == 429


def race_for_the_last_seat(post: Any, tid: str, people: int) -> list[int]:
    barrier = threading.Barrier(people)
    codes: list[int] = []

    def go(i: int) -> None:
        barrier.wait()
        codes.append(post(tid, f"Racer {i}"))

    threads = [threading.Thread(target=go, args=(i,)) for i in range(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return sorted(codes)


def test_two_people_taking_the_last_seat_at_once_exactly_one_wins(db_url: str) -> None:
    with make_client(db_url) as client:
        for _round in range(3):
            t = open_table(client, ["human", "open"])
            codes = race_for_the_last_seat(lambda tid, name: join(client, tid, name).status_code, t["id"], 4)
            assert codes == [200, 409, 409, 409], codes
            s = client.get(f"/api/tables/{t['id']}").json()
            assert s["status"] == "started" and s["seats"][1]["name"].startswith("Racer")
            assert client.get(f"/api/games/{t['id']}").json()["version"] == 0


@pytest.mark.postgres
@pytest.mark.xdist_group("processes")
def test_the_last_seat_raced_through_two_server_processes_goes_to_one_person() -> None:
    import urllib.error
    import urllib.request

    base = postgres_url()
    url, schema = fresh_schema(base)
    servers = [Serve(url, "--bot-executor", "thread"), Serve(url, "--bot-executor", "thread")]
    try:
        for s in servers:
            s.wait_ready()

        def post(server: Serve, tid: str, name: str) -> int:
            req = urllib.request.Request(f"{server.base}/api/tables/{tid}/join",
                                         data=json.dumps({"name": name}).encode(),
                                         headers={"content-type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=30) as r:
                    return int(r.status)
            except urllib.error.HTTPError as exc:
                return int(exc.code)

        for _round in range(3):
            t = servers[0].post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "open"]})
            # the racers take turns at the two processes
            codes = race_for_the_last_seat(lambda tid, name: post(servers[int(name[-1]) % 2], tid, name), t["id"], 4)
            assert codes == [200, 409, 409, 409], codes
            for s in servers:                      # either process serves the started game
                assert s.get(f"/api/games/{t['id']}")["version"] == 0
        # a link renewed through one process closes the page that holds it on the other
        import websockets.sync.client as ws_client
        from websockets.exceptions import ConnectionClosed

        g = servers[0].post("/api/games", {"game": "spirits", "players": 2, "seats": ["human", "human"]})
        for s in servers:
            deadline = time.time() + 20
            while not s.get("/api/server")["listening"]:
                assert time.time() < deadline, "the server never listened for changes"
                time.sleep(0.1)
        with ws_client.connect(f"ws://127.0.0.1:{servers[1].port}/ws/games/{g['id']}", open_timeout=10) as sock:
            sock.send(json.dumps({"type": "hello", "token": g["seats"][1]["token"]}))
            assert json.loads(sock.recv(timeout=10))["type"] == "state"
            servers[0].post(f"/api/games/{g['id']}/renew", {"creator": g["creator_token"], "seat": 1})
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    sock.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    finally:
        for s in servers:
            s.stop()
        drop_schema(base, schema)


def close_code(ws: Any, seconds: float = 20) -> int | None:
    """The code the server closes the socket with, reading whatever comes first; None if it stays open."""
    out: list[int] = []

    def read() -> None:
        try:
            while True:
                ws.receive_json()
        except WebSocketDisconnect as exc:
            out.append(exc.code)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    return out[0] if out else None


def test_the_creator_renews_a_lost_link(db_url: str) -> None:
    with make_client(db_url) as client:
        g = open_table(client, ["human", "human", "greedy"])
        gid, creator = g["id"], g["creator_token"]
        assert not g["open"]
        old, other = g["seats"][1]["token"], g["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": old}))
            assert ws.receive_json()["type"] == "state"
            assert client.post(f"/api/games/{gid}/renew", json={"creator": other, "seat": 1}).status_code == 403
            assert client.post(f"/api/games/{gid}/renew", json={"creator": creator, "seat": 2}).status_code == 409
            assert client.post(f"/api/games/{gid}/renew", json={"creator": creator, "seat": 3}).status_code == 422
            version = client.get(f"/api/games/{gid}").json()["version"]
            r = client.post(f"/api/games/{gid}/renew", json={"creator": creator, "seat": 1})
            assert r.status_code == 200, r.text
            new = r.json()["token"]
            assert new != old and r.json()["url"].endswith(f"#token={new}")
            # the page holding the old link is told, and closed
            assert close_code(ws) == 4401
        r = client.get(f"/api/games/{gid}", params={"token": old})
        assert r.status_code == 403 and "renewed Player 2's link" in r.json()["detail"]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": old}))
            assert close_code(ws) == 4401
        mine = client.get(f"/api/games/{gid}", params={"token": new}).json()
        assert mine["seat"] == 1 and mine["version"] == version + 1
        for token in (new, other, None):
            log = client.get(f"/api/games/{gid}", params={"token": token} if token else {}).json()["log"]
            assert sum(e["text"] == "Player 2's link was renewed by the creator." for e in log) == 1
        # the seat plays with its new link; the other seat's link never changed
        assert client.get(f"/api/games/{gid}", params={"token": other}).json()["seat"] == 0
        assert client.get(f"/api/tables/{gid}", params={"token": new}).json()["you"] == 1


def test_a_link_is_renewed_only_once_the_game_is_on(client: TestClient) -> None:
    t = open_table(client, ["human", "open"])
    r = client.post(f"/api/games/{t['id']}/renew", json={"creator": t["creator_token"], "seat": 0})
    assert r.status_code == 409 and "not started" in r.json()["detail"]
    assert client.post("/api/games/nosuchgame/renew", json={"creator": "x", "seat": 0}).status_code == 404


def test_your_games_says_what_each_saved_link_leads_to(db_url: str) -> None:
    with make_client(db_url) as client:
        g = open_table(client, ["human", "human"], turn_limit=86400)
        t = open_table(client, ["human", "open", "open"])
        gid, tid = g["id"], t["id"]
        r = client.post(f"/api/games/{gid}/renew", json={"creator": g["creator_token"], "seat": 1})
        links = [(gid, g["seats"][0]["token"]), (gid, g["seats"][1]["token"]), (gid, r.json()["token"]),
                 (tid, t["seats"][0]["token"]), (tid, t["creator_token"]), ("nosuchgame", "x"), (gid, "made-up"),
                 ("x" * 40, "x")]
        answer = client.post("/api/my-games", json={"links": [{"game": a, "token": b} for a, b in links]})
        assert answer.status_code == 200, answer.text
        first, renewed, second, waiting, creator, missing, bad, odd = answer.json()
        assert first["status"] == "playing" and first["your_turn"] and first["seat"] == 0 and first["role"] == "seat"
        assert first["deadline"] is not None and first["turn_limit"] == 86400
        assert first["name"] == "Spirits of the Forest"
        assert renewed["status"] == "renewed" and renewed["seat"] is None
        assert second["status"] == "playing" and not second["your_turn"] and second["current_player"] == 0
        assert waiting["status"] == "waiting" and waiting["seats_left"] == 2 and waiting["seat"] == 0
        assert creator["role"] == "creator" and creator["seat"] is None
        assert missing["status"] == odd["status"] == "missing" and bad["status"] == "not_valid"
        text = answer.text
        assert "seed" not in text and "hash" not in text and "token" not in text
        too_many = [{"game": gid, "token": "x"}] * 51
        assert client.post("/api/my-games", json={"links": too_many}).status_code == 422
        assert client.post("/api/my-games", json={"links": [{"game": gid, "token": "x" * 200}]}).status_code == 422


def test_the_gone_rule_follows_the_games_own_clock(tmp_path: Any) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", gone_after=0) as client:
        # a day per turn: closing the page after a move does not make a player gone
        g = open_table(client, ["human", "human"], turn_limit=86400)
        gid, t1 = g["id"], g["seats"][1]["token"]
        s = client.get(f"/api/games/{gid}", params={"token": t1}).json()
        assert s["gone_after"] == 86400
        r = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": s["version"]})
        assert r.status_code == 409 and "after 1 day without a page of the game open" in r.json()["detail"]
        # no limit: the server's grace alone (here none), and every other person must agree
        g = open_table(client, ["human", "human"])
        gid, t1 = g["id"], g["seats"][1]["token"]
        s = client.get(f"/api/games/{gid}", params={"token": t1}).json()
        assert s["gone_after"] == 0 and s["deadline"] is None
        time.sleep(0.05)
        r = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": s["version"]})
        assert r.status_code == 200, r.text
        wait_for(client, gid, t1, lambda st: st["seats"][0]["standin"] == "greedy")


def test_a_long_poll_with_a_link_renewed_meanwhile_is_refused(client: TestClient) -> None:
    g = open_table(client, ["human", "human"])
    gid, old = g["id"], g["seats"][1]["token"]
    version = client.get(f"/api/games/{gid}", params={"token": old}).json()["version"]
    answers: list[Any] = []
    poll = threading.Thread(target=lambda: answers.append(client.get(
        f"/api/games/{gid}", params={"token": old, "after": version, "wait": 30})))
    poll.start()
    manager = client.app.state.manager  # type: ignore[attr-defined]
    while not manager.live[gid].waiters:           # the poll is waiting
        time.sleep(0.01)
    r = client.post(f"/api/games/{gid}/renew", json={"creator": g["creator_token"], "seat": 1})
    assert r.status_code == 200, r.text
    poll.join(30)
    assert answers and answers[0].status_code == 403 and "renewed" in answers[0].json()["detail"]
