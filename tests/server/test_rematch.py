"""Play again: the same seats, options and rules with a fresh secret deal; each person's new token to them
alone; once per game, even when two people press at once (on two server processes); a decliner's seat
given to a bot by whoever proposed."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from talewood.engine import SECRET_SEED_BITS
from talewood.server import db

from .conftest import live_of, make_client, wait_for


def finished(client: TestClient, seats: list[str], **extra: Any) -> tuple[str, list[str | None]]:
    """A deck game (four draws) played to its end by its people (each draws when it is their turn)."""
    r = client.post("/api/games", json={"game": "deck", "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 200, r.text
    made = r.json()
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    people = [t for t in tokens if t is not None]
    while True:
        state = wait_for(client, gid, people[0],
                         lambda s: s["over"] or s["seats"][s["current_player"]]["kind"] == "human")
        if state["over"]:
            return gid, tokens
        token = tokens[state["current_player"]]
        mine = client.get(f"/api/games/{gid}", params={"token": token}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": mine["actions"][0]["id"],
                                                            "version": mine["version"]})
        assert r.status_code == 200, r.text


def answer(client: TestClient, gid: str, token: str | None, said: str = "yes") -> Any:
    return client.post(f"/api/games/{gid}/rematch", json={"token": token, "answer": said})


def test_play_again_keeps_seats_options_and_rules_with_a_fresh_secret_deal(db_url: str, deck_game: str) -> None:
    with make_client(db_url) as client:
        r = client.post("/api/games", json={"game": "deck", "players": 2, "seats": ["human", "human"]})
        early = r.json()
        assert answer(client, early["id"], early["seats"][0]["token"]).status_code == 409     # not over yet
        gid, (one, two, _bot) = finished(client, ["human", "human", "greedy"], seed=7, turn_limit=3600,
                                         standin="random", spectator_chat=True)
        assert answer(client, gid, None).status_code == 422                # a spectator has no say
        assert answer(client, gid, "not-a-seat").status_code == 403
        assert answer(client, gid, two, "no").status_code == 409           # nothing to decline yet
        assert client.get(f"/api/games/{gid}/rematch").json()["rematch"] is None

        first = answer(client, gid, one)
        assert first.status_code == 200, first.text
        proposal = first.json()["rematch"]
        assert not proposal["started"] and proposal["id"] is None and proposal["proposer"] == 0
        assert [s["answer"] for s in proposal["seats"]] == ["yes", None, None]
        new_one = first.json()["mine"]["token"]
        # Player 2 and the spectators see the proposal, never Player 1's new token
        for token in (two, None):
            seen = client.get(f"/api/games/{gid}/rematch", params={"token": token} if token else {}).json()
            assert seen["mine"] is None and new_one not in str(seen)
            assert {**seen["rematch"], "proposed_at": None} == {**proposal, "proposed_at": None}

        second = answer(client, gid, two)
        assert second.status_code == 200, second.text
        started = second.json()["rematch"]
        assert started["started"] and started["id"]
        new_id, new_two = started["id"], second.json()["mine"]["token"]
        assert new_one not in second.text
        # the same new token each time it is asked for (a reloaded page), and only with the old token
        again = client.get(f"/api/games/{gid}/rematch", params={"token": one}).json()
        assert again["mine"]["token"] == new_one and again["mine"]["id"] == new_id

        old, new = live_of(client, gid), live_of(client, new_id)
        assert new.seats == ["human", "human", "greedy"] and new.options == old.options
        assert new.turn_limit == 3600 and new.standin_kind == "random" and not new.prearranged
        assert new.seed != old.seed and new.seed >= 1 << SECRET_SEED_BITS     # a fresh secret deal
        for token, seat in ((new_one, 0), (new_two, 1)):
            assert client.get(f"/api/games/{new_id}", params={"token": token}).json()["seat"] == seat
        for token in (one, two):                                              # the old links stay in the old game
            assert client.get(f"/api/games/{new_id}", params={"token": token}).status_code == 403
        assert client.get(f"/api/games/{new_id}/chat").json()["spectators"] is True
        assert answer(client, gid, two, "no").status_code == 409       # too late to decline a game under way


def test_two_pressing_play_again_at_once_make_one_game(db_url: str, deck_game: str) -> None:
    """On PostgreSQL on two server processes (SQLite serves one process: there, two requests to it)."""
    with make_client(db_url) as a, make_client(db_url) as b:
        second = b if "postgresql" in db_url else a
        for _round in range(4):
            gid, (one, two) = finished(a, ["human", "human"])
            second.get(f"/api/games/{gid}")                  # in memory on both: the presses meet in the database
            barrier = threading.Barrier(2)
            answers: dict[str, Any] = {}

            def press(client: TestClient, token: str, name: str, gid: str = gid,
                      barrier: threading.Barrier = barrier, answers: dict[str, Any] = answers) -> None:
                barrier.wait()
                answers[name] = answer(client, gid, token)

            threads = [threading.Thread(target=press, args=(a, one, "one")),
                       threading.Thread(target=press, args=(second, two, "two"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert all(r.status_code == 200 for r in answers.values()), [r.text for r in answers.values()]
            ids = {c.get(f"/api/games/{gid}/rematch").json()["rematch"]["id"] for c in (a, second)}
            assert len(ids) == 1 and None not in ids
        with a.app.state.manager.engine.connect() as conn:  # type: ignore[attr-defined]
            assert conn.execute(select(func.count()).select_from(db.games)).scalar() == 8    # 4 games, 4 rematches


def test_whoever_proposed_seats_a_bot_for_a_decliner(client: TestClient, deck_game: str) -> None:
    gid, (one, two, three) = finished(client, ["human", "human", "human"])
    assert answer(client, gid, one).status_code == 200
    bot = {"token": one, "seat": 2}
    r = client.post(f"/api/games/{gid}/rematch/bot", json=bot)
    assert r.status_code == 409 and "may still answer" in r.json()["detail"] and "retry-after" in r.headers
    assert answer(client, gid, two, "no").status_code == 200
    r = client.post(f"/api/games/{gid}/rematch/bot", json={"token": three, "seat": 1})
    assert r.status_code == 409 and "only Player 1" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/rematch/bot", json={"token": one, "seat": 1})
    assert r.status_code == 200, r.text
    assert r.json()["rematch"]["seats"][1] == {"seat": 1, "kind": "greedy", "answer": None}
    assert answer(client, gid, two).status_code == 409            # a bot has that seat now
    r = answer(client, gid, three)
    assert r.json()["rematch"]["started"]
    assert live_of(client, r.json()["rematch"]["id"]).seats == ["human", "greedy", "human"]
    assert client.post(f"/api/games/{gid}/rematch/bot", json={"token": one, "seat": 7}).status_code == 422


def test_the_answer_reaches_every_page_and_the_new_token_only_its_own(client: TestClient, deck_game: str) -> None:
    gid, (one, _two) = finished(client, ["human", "human"])
    with client.websocket_connect(f"/ws/games/{gid}") as first, client.websocket_connect(f"/ws/games/{gid}") as watcher:
        first.send_json({"type": "hello", "token": one})
        watcher.send_json({"type": "hello", "token": None})
        for ws in (first, watcher):
            assert ws.receive_json()["type"] == "state"
        first.send_json({"type": "rematch", "answer": "maybe"})
        error = first.receive_json()
        assert error["type"] == "error" and error["about"] == "rematch" and error["status"] == 422
        first.send_json({"type": "rematch", "answer": "yes"})
        got = [first.receive_json(), first.receive_json()]
        mine = next(m for m in got if m.get("mine"))
        heard = watcher.receive_json()
        assert heard["type"] == "rematch" and heard["rematch"]["seats"][0]["answer"] == "yes"
        assert mine["mine"]["token"] not in str(heard) and "mine" not in heard
        watcher.send_json({"type": "rematch", "answer": "yes"})
        assert watcher.receive_json()["status"] == 403
