"""Live play: a player who is gone (a turn time limit, or the others agree) is played by a bot until
they take their seat back; bot work is scheduled fairly; creation is limited per client."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from talewood.server import bots as bot_lanes
from talewood.server.manager import Limits

from .conftest import NO_LIMITS, create, make_client, wait_for


def state(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_turn_time_limit_seats_a_bot_and_the_player_reclaims(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'talewood.db'}", sweep_every=0.05) as client:
        r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"],
                                            "seed": 4, "turn_limit": 1, "standin": "random"})
        assert r.status_code == 200, r.text
        g = r.json()
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        first = state(client, gid, t1)
        assert first["turn_limit"] == 1 and first["deadline"] is not None and first["current_player"] == 0
        time.sleep(0.5)
        assert state(client, gid, t1)["seats"][0]["standin"] is None          # not before the limit
        # after the limit a random bot plays Player 1's turn; everyone sees who plays for whom
        s1 = wait_for(client, gid, t1, lambda s: s["current_player"] == 1 and s["steps"] > 0)
        assert s1["seats"][0]["standin"] == "random" and s1["seats"][1]["standin"] is None
        assert state(client, gid)["seats"][0]["standin"] == "random"
        s0 = state(client, gid, t0)
        assert s0["seats"][0]["standin"] == "random" and s0["actions"] == [] and s0["undo"] == 0
        bot_steps = s1["steps"]
        # Player 2 is timed out too if they wait: play their turn at once
        r = client.post(f"/api/games/{gid}/actions", json={"token": t1, "action": s1["actions"][0]["id"],
                                                           "version": s1["version"]})
        assert r.status_code == 200, r.text
        # the gone player cannot act for themselves while the bot sits in, but can take the seat back
        s0 = wait_for(client, gid, t0, lambda s: s["current_player"] == 1 or s["steps"] > bot_steps + 1)
        r = client.post(f"/api/games/{gid}/reclaim", json={"token": t0})
        assert r.status_code == 200, r.text
        back = r.json()
        assert back["seats"][0]["standin"] is None
        assert client.post(f"/api/games/{gid}/reclaim", json={"token": t0}).status_code == 409
        assert client.post(f"/api/games/{gid}/reclaim", json={"token": "nope"}).status_code == 403
        assert state(client, gid, t1)["seats"][0]["standin"] is None
        # the moves the bot made for them cannot be taken back by them
        s = wait_for(client, gid, t0, lambda s: s["actions"])
        assert s["undo"] == 0 or s["steps"] - s["undo"] >= back["steps"]


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """A server where a player may be called gone as soon as no page of theirs is open."""
    with make_client(f"sqlite:///{tmp_path / 'talewood.db'}", gone_after=0) as c:
        yield c


def test_the_other_players_agree_that_one_is_gone(quick: TestClient) -> None:
    client = quick
    g = create(client, ["human", "human", "human"], seed=8)
    gid = g["id"]
    t0, t1, t2 = (s["token"] for s in g["seats"])
    s = state(client, gid, t1)
    assert s["current_player"] == 0

    def gone(token: str, seat: int, version: int) -> Any:
        return client.post(f"/api/games/{gid}/gone", json={"token": token, "seat": seat, "version": version})

    assert gone(t0, 0, s["version"]).status_code == 422                 # not oneself
    assert gone(t1, 1, s["version"]).status_code == 422
    assert gone(t1, 2, s["version"]).status_code == 409                 # Player 3 holds nothing up
    assert gone(t1, 7, s["version"]).status_code == 422
    r = gone(t1, 0, s["version"])
    assert r.status_code == 200, r.text
    after_one = r.json()
    assert after_one["seats"][0]["gone_votes"] == [1] and after_one["seats"][0]["standin"] is None
    r = gone(t2, 0, after_one["version"])
    assert r.status_code == 200, r.text
    assert r.json()["seats"][0]["standin"] == "greedy"                  # the game's default stand-in
    s = wait_for(client, gid, t1, lambda s: s["current_player"] != 0)
    assert s["seats"][0]["standin"] == "greedy" and s["steps"] >= 1


def test_a_move_shows_the_player_is_there(quick: TestClient) -> None:
    client = quick
    g = create(client, ["human", "human", "human"], seed=8)
    gid = g["id"]
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    s = client.post(f"/api/games/{gid}/gone", json={"token": t1, "seat": 0, "version": 0}).json()
    assert s["seats"][0]["gone_votes"] == [1]
    mine = state(client, gid, t0)
    r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": mine["actions"][0]["id"],
                                                       "version": mine["version"]})
    assert r.status_code == 200 and r.json()["seats"][0]["gone_votes"] == []


def test_a_stand_in_kind_and_a_limit_are_checked_at_creation(client: TestClient) -> None:
    def post(**extra: Any) -> Any:
        return client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"],
                                               **extra})

    assert post(turn_limit=0).status_code == 422
    assert post(turn_limit=10**9).status_code == 422
    assert post(standin="human").status_code == 422
    r = post(standin="wizard")
    assert r.status_code == 422 and "greedy" in r.json()["detail"]
    assert post(turn_limit=None).status_code == 200
    assert client.get("/api/meta").json()["turn_limit"]["minimum"] == 1


def test_creation_is_limited_per_client(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'talewood.db'}"
    with make_client(url, limits=Limits(games=3, window=600, bot_only=1)) as client:
        made = [client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"]})
                for _ in range(3)]
        assert [r.status_code for r in made] == [200, 200, 200]
        r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"]})
        assert r.status_code == 429
        assert "3 games in the last 10 minutes" in r.json()["detail"] and int(r.headers["retry-after"]) > 500
        other = TestClient(client.app, client=("203.0.113.9", 5000))   # another address is not affected
        r = other.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["greedy", "greedy"]})
        assert r.status_code == 200, r.text
        r = other.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["greedy", "random"]})
        assert r.status_code == 429 and "bots only" in r.json()["detail"]
        r = other.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "random"]})
        assert r.status_code == 200


def test_a_persons_game_never_waits_behind_bot_only_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot-only games keep the bots busy; a person's game's bot still thinks next, not after them."""
    order: list[str] = []
    lock = threading.Lock()

    def slow_think(game_id: str, players: int, seed: int, options: dict[str, Any], actions: list[int],
                   kind: str, key: str | None = None) -> int:
        with lock:
            order.append(key or "")
        time.sleep(0.05)
        from talewood.server.bots import think

        return think(game_id, players, seed, options, actions, kind, None)

    monkeypatch.setattr(bot_lanes, "think", slow_think)
    with make_client(f"sqlite:///{tmp_path / 'talewood.db'}", NO_LIMITS) as client:
        robots = [create(client, ["greedy", "greedy"], seed=i)["id"] for i in range(6)]
        time.sleep(0.3)
        g = create(client, ["human", "greedy"], seed=50)
        gid, token = g["id"], g["seats"][0]["token"]
        with lock:
            mark = len(order)
        for _ in range(20):                  # play the person's turn until its bot is asked to think
            s = wait_for(client, gid, token, lambda s: s["actions"] or s["thinking"] is not None)
            if s["thinking"] is not None:
                break
            with lock:
                mark = len(order)
            r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": s["actions"][0]["id"],
                                                               "version": s["version"]})
            assert r.status_code == 200
        for _ in range(500):
            with lock:
                if gid in order[mark:]:
                    break
            time.sleep(0.01)
        with lock:
            mine = order.index(gid, mark)
            before_mine = [k for k in order[mark:mine] if k in robots]
        # at most the one bot-only move already thinking in the background lane, never the queue
        assert len(before_mine) <= 1, before_mine
        lanes = client.get("/api/server").json()["bot_lanes"]
        assert lanes["bots_only"]["waiting"] >= 3
