"""Live play under pressure: fair "gone" votes, spectators by the hundred, a stalled database, replays
looped over, and memory that stays bounded — nothing one visitor does slows or spoils other tables."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from starlette.websockets import WebSocketDisconnect

from talewood.server import create_app
from talewood.server.live import apply_patch
from talewood.server.manager import Limits, client_key
from talewood.server.storage import Storage

from .conftest import NO_LIMITS, create, make_client, wait_for


def state(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def hello(ws: Any, token: str | None, patches: bool = False) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token, "patches": patches}))
    first = ws.receive_json()
    assert first["type"] == "state", first
    return first  # type: ignore[no-any-return]


def manager_of(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


def answered_soon(ask: Any, seconds: float = 10) -> Any:
    """`ask()` from another thread; it must answer within `seconds` — long before a stalled database or a
    replay held back for 30 s would let a blocked event loop answer it."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(ask()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, "the server did not answer: its event loop is blocked"
    return out[0]


# -- a player who is gone ----------------------------------------------------------------------------
def test_a_player_is_never_called_gone_the_moment_their_turn_starts(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", gone_after=1.0) as client:
        g = create(client, ["human", "human"], seed=5)
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]

        def vote() -> Any:
            return client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0,
                                                               "version": state(client, gid, t1)["version"]})

        # Player 1 has the game open: no vote, however long it takes
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            mine = hello(ws, t0)
            assert mine["seats"][0]["away_since"] is None
            r = vote()
            assert r.status_code == 409 and "has the game open" in r.json()["detail"]
            assert "after 1 second without a page of the game open" in r.json()["detail"]
        # the page closed just now: not yet, and the answer says when
        assert state(client, gid, t1)["seats"][0]["away_since"] is not None
        r = vote()
        assert r.status_code == 409 and "try again in" in r.json()["detail"]
        assert 1 <= int(r.headers["retry-after"]) <= 2
        # a minute (here: a second) without a page of theirs: the others may call them gone
        time.sleep(1.2)
        r = vote()
        assert r.status_code == 200, r.text
        assert r.json()["seats"][0]["standin"] == "greedy"


def test_by_default_a_player_is_given_a_minute_away_before_a_vote(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}") as client:
        g = create(client, ["human", "human"], seed=5)
        gid, t1 = g["id"], g["seats"][1]["token"]
        s = state(client, gid, t1)
        assert s["gone_after"] >= 60          # what the page tells the others
        r = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": s["version"]})
        assert r.status_code == 409, r.text
        assert "after 1 minute without a page of the game open" in r.json()["detail"]


def test_a_player_whose_turn_time_ran_out_may_be_called_gone(tmp_path: Path) -> None:
    # no sweep in this test: the vote alone, after the deadline, seats the bot
    with make_client(f"sqlite:///{tmp_path / 't.db'}", gone_after=3600, sweep_every=3600) as client:
        r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"],
                                            "seed": 6, "turn_limit": 1})
        g = r.json()
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:   # Player 1's page stays open
            hello(ws, t0)
            s = state(client, gid, t1)
            r = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": s["version"]})
            assert r.status_code == 409
            time.sleep(1.1)
            r = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": s["version"]})
            assert r.status_code == 200, r.text
            assert r.json()["seats"][0]["standin"] == "greedy"


# -- spectators ------------------------------------------------------------------------------------------
def test_a_move_watched_by_many_is_encoded_once_per_audience_and_patched(tmp_path: Path) -> None:
    watchers = 24
    with make_client(f"sqlite:///{tmp_path / 't.db'}", limits=Limits(0, 600, 0, 0, 0)) as client:
        g = create(client, ["human", "human"], {"wish": True}, seed=9)
        gid, t0 = g["id"], g["seats"][0]["token"]
        manager = manager_of(client)
        sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(watchers)]
        firsts = [hello(ws.__enter__(), None, patches=True) for ws in sockets]
        plain = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(watchers)]   # no patches
        for ws in plain:
            hello(ws.__enter__(), None)
        try:
            s = state(client, gid, t0)
            before = (manager.audiences.encoded, manager.audiences.patched, manager.audiences.built)
            r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": s["actions"][0]["id"],
                                                               "version": s["version"]})
            assert r.status_code == 200
            patches = [ws.receive_json() for ws in sockets]
            assert all(p["type"] == "patch" for p in patches)
            assert len({json.dumps(p, sort_keys=True) for p in patches}) == 1      # one message for all
            states = [ws.receive_json() for ws in plain]
            assert all(p["type"] == "state" and p["version"] == s["version"] + 1 for p in states)
            # one patch computed for all the spectators, one whole state for the others and one for the
            # mover's answer
            encoded, patched, built = (manager.audiences.encoded - before[0], manager.audiences.patched - before[1],
                                       manager.audiences.built - before[2])
            assert patched == 1 and encoded <= 2 and built <= 2, (encoded, patched, built)
            # the patch is small, and turns each page's state into the whole new one
            whole = next(iter(manager.live.values()))
            full = manager.audiences.payload(whole, None, True)
            assert len(json.dumps(patches[0])) < len(json.dumps(full)) / 4
            assert apply_patch(firsts[0], patches[0]) == {"type": "state", **full}
        finally:
            for ws in sockets + plain:
                ws.__exit__(None, None, None)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("spirits", 3, {"wish": True, "hex": True, "seasons": True}), ("greylune", 2, {}), ("trial", 2, {}),
    ("threetale", 3, {})])
def test_patches_rebuild_every_state_exactly(client: TestClient, game: str, players: int,
                                             options: dict[str, Any]) -> None:
    """A page that takes patches holds, after each move, exactly the state a page without them is sent."""
    g = client.post("/api/games", json={"game": game, "players": players, "seats": ["human"] * players,
                                        "options": options, "seed": 3}).json()
    tokens = [s["token"] for s in g["seats"]]
    with client.websocket_connect(f"/ws/games/{g['id']}") as patched, \
            client.websocket_connect(f"/ws/games/{g['id']}") as whole:
        held = hello(patched, tokens[1], patches=True)
        hello(whole, tokens[1])
        for step in range(20):
            seat = state(client, g["id"], tokens[0])["current_player"]
            mine = state(client, g["id"], tokens[seat])
            r = client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "version": mine["version"],
                                                                   "action": mine["actions"][step % 3 % len(
                                                                       mine["actions"])]["id"]})
            assert r.status_code == 200
            message, sent = patched.receive_json(), whole.receive_json()
            assert message["type"] == "patch"
            held = apply_patch(held, message)
            assert held == sent


def test_spectators_and_pages_per_address_are_capped_with_their_own_close_code(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", limits=Limits(0, 600, 0, sockets=4, watchers=2)) as client:
        g = create(client, ["human", "human"], seed=10)
        gid = g["id"]
        open_ = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(2)]
        for ws in open_:
            hello(ws.__enter__(), None)
        try:
            refused_beyond_the_caps(client, g, open_)
        finally:
            for ws in open_:
                ws.__exit__(None, None, None)
        assert manager_of(client).sockets == {}


def refused_beyond_the_caps(client: TestClient, g: dict[str, Any], open_: list[Any]) -> None:
    """With 2 spectators of the game open: a third spectator is refused, the players are not, and then
    the address has its 4 pages open."""
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as third:
        third.send_text(json.dumps({"type": "hello", "token": None}))
        with pytest.raises(WebSocketDisconnect) as refused:
            third.receive_json()
        assert refused.value.code == 4429 and "2 spectators" in refused.value.reason
    # the players still come in; then the address has its 4 pages and a fifth is refused
    for seat in (0, 1):
        ws = client.websocket_connect(f"/ws/games/{gid}")
        hello(ws.__enter__(), g["seats"][seat]["token"])
        open_.append(ws)
    other = create(client, ["human", "human"], seed=11)
    with client.websocket_connect(f"/ws/games/{other['id']}") as fifth:
        fifth.send_text(json.dumps({"type": "hello", "token": None}))
        with pytest.raises(WebSocketDisconnect) as refused:
            fifth.receive_json()
        assert refused.value.code == 4429 and "4 games open" in refused.value.reason


# -- a stalled database ----------------------------------------------------------------------------------
class StalledStorage(Storage):
    """Storage whose writes wait on `go` (a database that stops answering, as a paused PostgreSQL does)."""

    def __init__(self, engine: Engine, shared: bool, timeout: float) -> None:
        super().__init__(engine, shared=shared, timeout=timeout)
        self.go = threading.Event()
        self.go.set()
        self.stalled = threading.Event()

    def store_move(self, *args: Any) -> None:
        if not self.go.is_set():
            self.stalled.set()
            self.go.wait(30)
        super().store_move(*args)


@pytest.fixture
def stalled(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", executor=ThreadPoolExecutor(2), limits=NO_LIMITS,
                     db_timeout=0.5, make_storage=StalledStorage)
    with TestClient(app) as client:
        yield client


def test_a_stalled_database_leaves_the_loop_free_and_answers_503_in_time(stalled: TestClient) -> None:
    client = stalled
    storage = manager_of(client).storage
    g = create(client, ["human", "human"], seed=12)
    other = create(client, ["human", "human"], seed=13)
    gid, t0 = g["id"], g["seats"][0]["token"]
    s = state(client, gid, t0)
    shown = state(client, other["id"], other["seats"][0]["token"])
    storage.go.clear()                                # the database stops answering writes
    answer: dict[str, Any] = {}

    def move() -> None:
        r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": s["actions"][0]["id"],
                                                           "version": s["version"]})
        answer.update(status=r.status_code, body=r.json(), retry=r.headers.get("retry-after"))

    mover = threading.Thread(target=move)
    mover.start()
    assert storage.stalled.wait(10)
    # while the write hangs: the games in memory, the server's data and WebSockets answer at once
    assert answered_soon(lambda: client.get("/api/meta").status_code) == 200
    assert answered_soon(lambda: state(client, other["id"], other["seats"][0]["token"])) == shown

    def watch() -> int:
        with client.websocket_connect(f"/ws/games/{other['id']}") as ws:
            return int(hello(ws, None)["version"])

    assert answered_soon(watch) == shown["version"]
    mover.join(10)
    assert not storage.go.is_set(), "the reads waited for the database"
    assert answer["status"] == 503 and answer["retry"] == "5"
    assert "may still be stored" in answer["body"]["detail"]
    # the game stays locked until the database answers; then the move reaches every page
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": s["actions"][0]["id"],
                                                       "version": s["version"]})
    assert r.status_code == 503 and "nothing changed" in r.json()["detail"]
    storage.go.set()
    after = wait_for(client, gid, t0, lambda x: x["version"] == s["version"] + 1)
    assert after["steps"] == 1


class SlowReadStorage(Storage):
    """Storage whose reads of a game wait on `go` (a rebuild from the database that takes a while)."""

    def __init__(self, engine: Engine, shared: bool, timeout: float) -> None:
        super().__init__(engine, shared=shared, timeout=timeout)
        self.go = threading.Event()
        self.go.set()
        self.reading = threading.Event()

    def fetch_game(self, game_id: str) -> Any:
        if not self.go.is_set():
            self.reading.set()
            self.go.wait(30)
        return super().fetch_game(game_id)


def test_a_move_waiting_while_the_game_is_rebuilt_never_lands_on_the_old_copy(tmp_path: Path) -> None:
    """Another process changed the game: it is rebuilt here (reading the database off the loop, its lock
    held), and a move that waited for the lock meanwhile is made to the rebuilt game, never to the old
    copy that no page follows any more."""
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", executor=ThreadPoolExecutor(2), limits=NO_LIMITS,
                     make_storage=SlowReadStorage)
    with TestClient(app) as client:
        manager = manager_of(client)
        g = create(client, ["human", "human"], seed=16)
        gid, t0 = g["id"], g["seats"][0]["token"]
        s = state(client, gid, t0)
        manager.storage.go.clear()
        rebuild = threading.Thread(target=lambda: client.portal.call(manager.refresh, gid))  # type: ignore[union-attr]
        rebuild.start()
        assert manager.storage.reading.wait(10)
        answer: dict[str, Any] = {}
        mover = threading.Thread(target=lambda: answer.update(r=client.post(
            f"/api/games/{gid}/actions", json={"token": t0, "action": s["actions"][0]["id"], "version": s["version"]})))
        mover.start()
        time.sleep(0.2)                    # the move is waiting for the game's lock
        manager.storage.go.set()
        rebuild.join(10)
        mover.join(10)
        r = answer["r"]
        assert r.status_code == 200, r.text
        # made to the game the pages follow: what they are shown has the move
        assert state(client, gid, t0)["version"] == r.json()["version"] == s["version"] + 1
        assert len(manager.live[gid].steps) == 1


# -- replays --------------------------------------------------------------------------------------------
class GatedExecutor(ThreadPoolExecutor):
    """Runs replays, but only once `go` is set."""

    def __init__(self) -> None:
        super().__init__(4)
        self.go = threading.Event()
        self.go.set()
        self.waiting = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            self.waiting += 1
            self.go.wait(30)
            self.waiting -= 1
            return fn(*args, **kwargs)
        return super().submit(gated)


def finished_game(client: TestClient, seed: int) -> str:
    g = create(client, ["random", "random"], seed=seed)
    wait_for(client, g["id"], None, lambda s: s["over"])
    return str(g["id"])


def test_replays_are_drawn_off_the_loop_cached_and_bounded(tmp_path: Path) -> None:
    drawing = GatedExecutor()
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", executor=ThreadPoolExecutor(2), limits=NO_LIMITS,
                     replay_executor=drawing)
    with TestClient(app) as client:
        gid = finished_game(client, 14)
        manager = manager_of(client)
        manager.live.clear()                          # the replay needs no game in memory
        r = client.get(f"/api/games/{gid}/replay", params={"step": 3, "seat": 1})
        assert r.status_code == 200 and r.json()["step"] == 3 and r.json()["last"]["label"]
        assert manager.replays.computed == 1
        again = client.get(f"/api/games/{gid}/replay", params={"step": 3, "seat": 1})
        assert again.content == r.content and manager.replays.computed == 1 and manager.replays.hits == 1
        assert len(manager.live) == 0
        # while a replay is being drawn, the server answers everything else
        drawing.go.clear()
        answers: list[int] = []
        pending = [threading.Thread(target=lambda k=k: answers.append(client.get(
            f"/api/games/{gid}/replay", params={"step": 10 + k}).status_code)) for k in range(20)]
        for t in pending:
            t.start()
        deadline = time.time() + 10
        while drawing.waiting < 4 and time.time() < deadline:
            time.sleep(0.01)
        assert drawing.waiting >= 4, "the replays are not drawn by their executor"
        assert answered_soon(lambda: client.get("/api/meta").status_code) == 200
        drawing.go.set()
        for t in pending:
            t.join(20)
        # at most 16 wait at once: the others were told to come back in a second
        assert answers.count(200) >= 16 and set(answers) <= {200, 503}
        # a replay drawn step by step equals one drawn from the start
        stepwise = [client.get(f"/api/games/{gid}/replay", params={"step": k, "seat": 0}).json() for k in range(8)]
        manager.replays.cache.clear()
        import talewood.server.replays as replays_module
        replays_module._states.clear()
        assert client.get(f"/api/games/{gid}/replay", params={"step": 7, "seat": 0}).json() == stepwise[7]


# -- memory -----------------------------------------------------------------------------------------------
def test_idle_games_leave_memory_and_come_back_from_storage(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", max_games=3) as client:
        manager = manager_of(client)
        games = [create(client, ["human", "human"], seed=20 + i) for i in range(6)]
        assert len(manager.live) <= 3
        first = games[0]
        s = state(client, first["id"], first["seats"][0]["token"])      # read back from the database
        r = client.post(f"/api/games/{first['id']}/actions", json={"token": first["seats"][0]["token"],
                                                                   "action": s["actions"][0]["id"],
                                                                   "version": s["version"]})
        assert r.status_code == 200 and r.json()["steps"] == 1
        assert len(manager.live) <= 3
        # a game followed by a page never leaves; a finished one leaves as soon as nobody follows it
        watched = games[1]
        with client.websocket_connect(f"/ws/games/{watched['id']}") as ws:
            hello(ws, None)
            for i in range(4):
                create(client, ["human", "human"], seed=40 + i)
            assert watched["id"] in manager.live
        manager.live.finished_limit = 1
        done = [finished_game(client, 15 + i) for i in range(3)]
        deadline = time.time() + 10
        while sum(1 for gid in done if gid in manager.live) > 1 and time.time() < deadline:
            time.sleep(0.05)
        assert sum(1 for gid in done if gid in manager.live) <= 1
        assert state(client, done[0])["over"]                              # read back when asked for


# -- small things ----------------------------------------------------------------------------------------
def test_json_nested_too_deep_on_a_websocket_gets_the_documented_error(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        hello(ws, g["seats"][0]["token"])
        ws.send_text("[" * 2100 + "]" * 2100)
        assert ws.receive_json() == {"type": "error", "status": 413,
                                     "detail": "a message is at most 4096 characters"}
        ws.send_text("[" * 1500 + "]" * 1500)          # deeper than the JSON parser goes
        assert answered_soon(ws.receive_json) == {"type": "error", "status": 400, "detail": "a message must be JSON"}
        ws.send_text(json.dumps({"type": "undo", "version": 0}))        # the socket still works
        assert answered_soon(ws.receive_json)["status"] == 409


def test_deep_json_in_a_body_is_a_400(client: TestClient) -> None:
    r = client.post("/api/games", content="[" * 5000 + "]" * 5000, headers={"content-type": "application/json"})
    assert r.status_code in (400, 422), r.text


def test_ipv6_clients_count_by_their_64_network() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::7")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1")
    assert client_key("192.0.2.1") != client_key("192.0.2.2")


def test_the_creation_limit_holds_across_a_64_network(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 't.db'}", limits=Limits(games=2, window=600, bot_only=0)) as base:
        for host in ("2001:db8::1", "2001:db8::2"):
            c = TestClient(base.app, client=(host, 5000))
            assert c.post("/api/games", json={"game": "spirits", "players": 2,
                                              "seats": ["human", "human"]}).status_code == 200
        third = TestClient(base.app, client=("2001:db8::ff:3", 5000))
        assert third.post("/api/games", json={"game": "spirits", "players": 2,
                                              "seats": ["human", "human"]}).status_code == 429
        elsewhere = TestClient(base.app, client=("2001:db8:0:1::3", 5000))
        assert elsewhere.post("/api/games", json={"game": "spirits", "players": 2,
                                                  "seats": ["human", "human"]}).status_code == 200
