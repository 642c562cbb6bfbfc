"""Storage on SQLite and on a real PostgreSQL: migrations at startup, every move committed, and a
restarted server continues every game where it was (rebuilt lazily from its record)."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from talewood.server.db import database_url

from .conftest import create, make_client, wait_for


def test_restart_continues_every_game(db_url: str) -> None:
    with make_client(db_url) as client:
        g = create(client, ["human", "greedy"], {"wish": True, "seasons": True}, seed=21)
        h = create(client, ["human", "human"], seed=22)
        gid, token = g["id"], g["seats"][0]["token"]
        for _ in range(6):
            s = wait_for(client, gid, token, lambda s: s["actions"])
            client.post(f"/api/games/{gid}/actions",
                        json={"token": token, "action": s["actions"][0]["id"], "version": s["version"]})
        before = wait_for(client, gid, token, lambda s: s["actions"])
        other = client.get(f"/api/games/{h['id']}", params={"token": h["seats"][0]["token"]}).json()
    with make_client(db_url) as client:          # a new server on the same database: migrations again
        after = client.get(f"/api/games/{gid}", params={"token": token}).json()
        assert after == before
        assert client.get(f"/api/games/{h['id']}", params={"token": h["seats"][0]["token"]}).json() == other
        while True:
            s = wait_for(client, gid, token, lambda s: s["over"] or s["actions"])
            if s["over"]:
                break
            r = client.post(f"/api/games/{gid}/actions",
                            json={"token": token, "action": s["actions"][0]["id"], "version": s["version"]})
            assert r.status_code == 200, r.text
        assert client.get(f"/api/games/{gid}/record").json()["result"]["scores"] == s["result"]["scores"]
    engine = create_engine(database_url(db_url))
    with engine.connect() as conn:
        assert set(inspect(conn).get_table_names()) >= {"games", "moves", "alembic_version"}
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0002"
        steps = conn.execute(text("SELECT steps FROM games WHERE id = :i"), {"i": gid}).scalar()
        moves = conn.execute(text("SELECT count(*) FROM moves WHERE game_id = :i"), {"i": gid}).scalar()
        assert steps == moves == s["steps"]
    engine.dispose()


def test_bots_resume_after_a_restart(db_url: str) -> None:
    with make_client(db_url) as client:
        g = create(client, ["greedy", "random"], seed=4)
    with make_client(db_url) as client:
        s = wait_for(client, g["id"], None, lambda s: s["over"], tries=2000)
        assert s["result"]["scores"]
