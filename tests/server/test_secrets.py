"""Unpredictable deals: a game created without a seed draws 128 secret bits, its first view does not
give its hidden order away, nothing the server says or logs before the end carries the secret, and a
seed chosen by the creator is shown to every seat as a prearranged deal."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from talewood.agents import bot_seed
from talewood.engine import SECRET_SEED_BITS, SECRET_SEED_MIN, SecretRng

from .conftest import create, live_of, wait_for


def new_game(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_game_without_a_seed_draws_128_secret_bits(client: TestClient) -> None:
    seeds = []
    for _ in range(8):
        g = new_game(client, "spirits", ["human", "greedy"])
        live = live_of(client, g["id"])
        assert isinstance(live.state.rng, SecretRng)
        assert live.seed >= SECRET_SEED_MIN and live.seed.bit_length() == SECRET_SEED_BITS + 1
        assert g["prearranged"] is False
        seeds.append(live.seed)
    assert len(set(seeds)) == 8
    # 128 random bits below the top one: over 8 seeds, every one of the 128 positions varies
    low = [s & ((1 << SECRET_SEED_BITS) - 1) for s in seeds]
    varying = sum(1 for bit in range(SECRET_SEED_BITS) if len({(s >> bit) & 1 for s in low}) == 2)
    assert varying > 100


def test_equal_first_views_do_not_give_the_hidden_order(client: TestClient, deck_game: str) -> None:
    """Two games created alike whose first views are equal (ten face-down cards) have different hidden
    orders, each dealt by a generator keyed with its own secret."""
    games = [new_game(client, deck_game, ["human", "human"]) for _ in range(4)]
    firsts = [client.get(f"/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}).json() for g in games]
    assert all(f["view"] == firsts[0]["view"] == {"deck": 10, "drawn": []} for f in firsts)
    orders = [tuple(live_of(client, g["id"]).state.deck) for g in games]
    assert len(set(orders)) == 4
    assert all(isinstance(live_of(client, g["id"]).state.rng, SecretRng) for g in games)


def test_bots_seeds_come_from_the_whole_secret() -> None:
    secret = (1 << SECRET_SEED_BITS) | 0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321
    seeds = {bot_seed(secret ^ (1 << bit), 1, 5) for bit in range(0, SECRET_SEED_BITS, 8)}
    assert len(seeds) == SECRET_SEED_BITS // 8            # every part of the secret changes the bot's seed
    assert bot_seed(secret, 1, 5) != bot_seed(secret, 1, 6) != bot_seed(secret, 0, 6)
    assert 0 <= bot_seed(secret, 1, 5) < 1 << 64
    assert bot_seed(7, 1, 5) == 1313718238421434089        # a chosen seed replays the same bots everywhere


def test_nothing_carries_the_secret_before_the_end(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    g = new_game(client, "spirits", ["human", "greedy"], options={"wish": True, "hex": True})
    gid, token = g["id"], g["seats"][0]["token"]
    seed = live_of(client, gid).seed
    secret_forms = {str(seed), hex(seed)[2:], f"{seed:x}".upper(), str(seed & ((1 << 64) - 1)),
                    str(bot_seed(seed, 1, 0)), str(bot_seed(seed, 1, 1))}
    said: list[str] = [json.dumps(g)]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        for _ in range(8):
            s = wait_for(client, gid, token, lambda s: s["over"] or s["actions"])
            said.append(json.dumps(s))
            r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": s["actions"][0]["id"],
                                                               "version": s["version"]})
            said.append(r.text)
            said.append(json.dumps(ws.receive_json()))
        for path in ("/api/games", f"/api/games/{gid}", f"/api/games/{gid}/record", f"/api/games/{gid}/replay",
                     "/api/server", "/openapi.json", f"/api/games/{gid}?svg=true"):
            said.append(client.get(path).text)
    said += [record.getMessage() for record in caplog.records]
    everything = "\n".join(said)
    assert not [form for form in secret_forms if form in everything]
    assert client.get(f"/api/games/{gid}/record").status_code == 409
    while True:                                   # after the end, the record carries it, as before
        s = wait_for(client, gid, token, lambda s: s["over"] or s["actions"])
        if s["over"]:
            break
        client.post(f"/api/games/{gid}/actions", json={"token": token, "action": s["actions"][0]["id"],
                                                       "version": s["version"]})
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seed"] == seed and record["prearranged"] is False


def test_a_chosen_seed_is_shown_to_every_seat_as_prearranged(client: TestClient) -> None:
    chosen = create(client, ["human", "human"], seed=12345)
    drawn = new_game(client, "spirits", ["human", "human"])
    assert chosen["prearranged"] is True and drawn["prearranged"] is False
    for g, expected in ((chosen, True), (drawn, False)):
        for token in [s["token"] for s in g["seats"]] + [None]:
            state = client.get(f"/api/games/{g['id']}", params={"token": token} if token else {}).json()
            assert state["prearranged"] is expected
        listed = next(x for x in client.get("/api/games").json() if x["id"] == g["id"])
        assert listed["prearranged"] is expected
    assert live_of(client, chosen["id"]).seed == 12345


def test_the_secret_is_stored_whole(client: TestClient, tmp_path: Any) -> None:
    g = new_game(client, "spirits", ["human", "human"])
    seed = live_of(client, g["id"]).seed
    engine = create_engine(f"sqlite:///{tmp_path / 'talewood.db'}")
    with engine.connect() as conn:
        stored, prearranged = conn.execute(text("SELECT seed, prearranged FROM games WHERE id = :i"),
                                           {"i": g["id"]}).one()
    engine.dispose()
    assert int(stored) == seed and not prearranged


def test_a_seed_out_of_range_is_refused(client: TestClient) -> None:
    for seed in (-1, 1 << (SECRET_SEED_BITS + 1)):
        r = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "human"],
                                            "seed": seed})
        assert r.status_code == 422 and "seed" in r.json()["detail"]
    big = (1 << SECRET_SEED_BITS) + 5
    g = new_game(client, "spirits", ["human", "human"], seed=big)
    assert g["prearranged"] and live_of(client, g["id"]).seed == big
