"""Undo through the API follows Board Game Arena's rule: only your own moves of your current turn,
never past a reveal, a random outcome or another seat's move."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from talewood.engine import Rng


def state_of(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"token": token})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def play(client: TestClient, gid: str, tokens: list[str], rng: Rng) -> dict[str, Any]:
    """One move by the seat to play, chosen at random; the mover's payload afterwards."""
    s = state_of(client, gid, tokens[0])
    seat = s["current_player"]
    mine = state_of(client, gid, tokens[seat])
    action = mine["actions"][rng.below(len(mine["actions"]))]["id"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": tokens[seat], "action": action,
                                                       "version": mine["version"]})
    assert r.status_code == 200, r.text
    return {**r.json(), "mover": seat}


def test_the_seat_that_deals_the_new_year_can_undo_nothing(client: TestClient) -> None:
    """Greylune: the move that ends year 1 deals year 2's Village, Event, Encounters and Seals."""
    r = client.post("/api/games", json={"game": "greylune", "players": 2, "seats": ["human", "human"], "seed": 3})
    g = r.json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = Rng(3)
    year = 1
    for _ in range(2000):
        after = play(client, gid, tokens, rng)
        if after["view"]["year"] > year:
            mover = after["mover"]
            again = state_of(client, gid, tokens[mover])
            assert again["undo"] == 0, "the seat whose move dealt the new year may take it back"
            refused = client.post(f"/api/games/{gid}/undo", json={"token": tokens[mover],
                                                                  "version": again["version"]})
            assert refused.status_code == 409
            return
    raise AssertionError("year 2 never came")


def test_a_finished_turn_cannot_be_taken_back_once_play_has_passed(client: TestClient) -> None:
    """Spirits: a whole turn with no reveal, then the other seat is to play: the first may undo nothing."""
    r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"], "seed": 11})
    g = r.json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = Rng(5)
    for _ in range(300):
        before = state_of(client, gid, tokens[0])
        after = play(client, gid, tokens, rng)
        mover = after["mover"]
        now = state_of(client, gid, tokens[mover])
        if now["current_player"] != mover and not now["over"] and now["steps"] > before["steps"]:
            assert now["undo"] == 0
            other = now["current_player"]
            theirs = state_of(client, gid, tokens[other])
            assert theirs["undo"] == 0                      # nothing of theirs this turn yet
            assert client.post(f"/api/games/{gid}/undo", json={"token": tokens[mover], "version": now["version"]}
                               ).status_code == 409
            return
    raise AssertionError("no turn passed")


def test_a_cooperative_game_ends_with_the_team_result(client: TestClient, monkeypatch: Any) -> None:
    """The scoreboard of a cooperative game: the team's verdict and score, not per-seat winners."""
    from talewood import games

    monkeypatch.setitem(games.REGISTRY, "lanterns", "tests.games.lanterns.game:LanternsGame")
    monkeypatch.delitem(games._loaded, "lanterns", raising=False)
    r = client.post("/api/games", json={"game": "lanterns", "players": 2, "seats": ["human", "random"], "seed": 4})
    assert r.status_code == 200, r.text
    g = r.json()
    gid, token = g["id"], g["seats"][0]["token"]
    rng = Rng(1)
    for _ in range(200):
        s = state_of(client, gid, token)
        if s["over"]:
            break
        if s["current_player"] == 0 and s["actions"]:
            client.post(f"/api/games/{gid}/actions", json={"token": token, "version": s["version"],
                                                           "action": s["actions"][rng.below(len(s["actions"]))]["id"]})
        else:
            import time
            time.sleep(0.05)
    s = state_of(client, gid, token)
    assert s["over"] and s["result"]["cooperative"] is True
    score = s["result"]["team_score"]
    assert s["verdict"] == f"The team {'wins' if s['result']['team_won'] else 'loses'}"
    assert s["score_sheet"]["rows"] == [{"label": "Team score", "cells": [f"{score:g}", f"{score:g}"],
                                         "kind": "total"}]
