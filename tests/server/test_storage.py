"""Storage on SQLite and on a real PostgreSQL: migrations at startup, every move committed, and a
restarted server continues every game where it was (rebuilt lazily from its record)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text

from talewood.server.db import database_url

from .conftest import create, make_client, wait_for


def lasting(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without what belongs to one server process (its revision count, who it has seen)."""
    seats = [{k: v for k, v in seat.items() if k != "away_since"} for seat in payload["seats"]]
    return {**{k: v for k, v in payload.items() if k != "revision"}, "seats": seats}


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
        assert lasting(after) == lasting(before)
        other_now = client.get(f"/api/games/{h['id']}", params={"token": h["seats"][0]["token"]}).json()
        assert lasting(other_now) == lasting(other)
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
        assert set(inspect(conn).get_table_names()) >= {"games", "moves", "learning", "reviews", "tables", "joins",
                                                        "chat_messages", "chat_rules", "rematches", "alembic_version"}
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0006"
        steps = conn.execute(text("SELECT steps FROM games WHERE id = :i"), {"i": gid}).scalar()
        moves = conn.execute(text("SELECT count(*) FROM moves WHERE game_id = :i"), {"i": gid}).scalar()
        assert steps == moves == s["steps"]
    engine.dispose()


def test_bots_resume_after_a_restart(db_url: str) -> None:
    with make_client(db_url) as client:
        g = create(client, ["greedy", "random"], seed=4)
    with make_client(db_url) as client:
        s = wait_for(client, g["id"], None, lambda s: s["over"])
        assert s["result"]["scores"]


def test_a_game_stored_before_secret_seeds_carries_on_as_prearranged(db_url: str) -> None:
    """Revision 0002 turns the 64-bit seed column into text (a secret seed has 129 bits): a game stored
    under 0001 keeps its seed and moves, and is shown as prearranged (its seed was below 2**31)."""
    from datetime import UTC, datetime

    from alembic import command
    from alembic.config import Config

    from talewood.games import load
    from talewood.server.db import MIGRATIONS
    from talewood.server.manager import hash_token

    engine = create_engine(database_url(db_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    game = load("spirits")
    state = game.new_game(2, 2_000_000_000, game.parse_options({}, 2))
    first = state.legal_actions()[0]
    state.apply(first)
    stamp = datetime.now(UTC)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO games (id, game, players, seed, options, seats, token_hashes, version, steps, "
            "current_player, over, result, created_at, updated_at) VALUES ('old1', 'spirits', 2, 2000000000, "
            ":options, :seats, :hashes, 1, 1, :current, false, NULL, :t, :t)"),
            {"options": __import__("json").dumps(game.parse_options({}, 2)), "seats": '["human", "human"]',
             "hashes": f'["{hash_token("a")}", "{hash_token("b")}"]', "current": state.current_player, "t": stamp})
        conn.execute(text("INSERT INTO moves (game_id, step, action, seat) VALUES ('old1', 0, :a, 0)"), {"a": first})
    engine.dispose()
    with make_client(db_url) as client:
        s = client.get("/api/games/old1", params={"token": "a"}).json()
        assert s["steps"] == 1 and s["prearranged"] is True and s["version"] == 1
        assert s["view"] == state.view(0)
        assert client.app.state.manager.live["old1"].seed == 2_000_000_000  # type: ignore[attr-defined]


def test_the_learning_tables_come_and_go_with_their_revision(db_url: str) -> None:
    """Revision 0004 adds the learning and reviews tables on top of 0003's presence: downgraded to 0003 they
    are gone and the games stay; upgraded again they are back and a new game's learning settings are kept."""
    from alembic import command
    from alembic.config import Config

    from talewood.server.db import MIGRATIONS, make_engine, migrate

    with make_client(db_url) as client:
        gid = create(client, ["human", "human"])["id"]
    engine = make_engine(database_url(db_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0003")
    with engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        assert "learning" not in tables and "reviews" not in tables and {"games", "moves"} <= tables
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0003"
        assert conn.execute(text("SELECT count(*) FROM games WHERE id = :i"), {"i": gid}).scalar() == 1
    migrate(engine)
    engine.dispose()
    with make_client(db_url) as client:
        body = {"game": "spirits", "players": 2, "seats": ["human", "human"], "turn_limit": 600, "hints": True}
        made = client.post("/api/games", json=body).json()
        info = client.get(f"/api/games/{made['id']}/learning", params={"token": made["seats"][0]["token"]}).json()
        assert info["hints"]["allowed"]
        assert client.get(f"/api/games/{gid}").status_code == 200


def test_a_database_of_revision_0004_takes_the_tables_and_plays_on(db_url: str) -> None:
    """Revision 0005 adds the tables, the seats taken and the renewed links: a game stored before it keeps its
    moves and goes on; a new game then gets its table and its creator's link."""
    from alembic import command
    from alembic.config import Config

    from talewood.server.db import MIGRATIONS, make_engine, migrate

    with make_client(db_url) as client:
        g = create(client, ["human", "human"])
        gid, token = g["id"], g["seats"][0]["token"]
        s = client.get(f"/api/games/{gid}", params={"token": token}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": s["actions"][0]["id"],
                                                           "version": s["version"]})
        assert r.status_code == 200, r.text
    engine = make_engine(database_url(db_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")     # as migrate() does: a copied table keeps its moves
            conn.commit()
        with conn.begin():
            config.attributes["connection"] = conn
            command.downgrade(config, "0004")
    with engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        assert "tables" not in tables and "joins" not in tables
        assert "renewals" not in {c["name"] for c in inspect(conn).get_columns("games")}
        assert conn.execute(text("SELECT count(*) FROM moves WHERE game_id = :i"), {"i": gid}).scalar() == 1
    migrate(engine)
    engine.dispose()
    with make_client(db_url) as client:
        s = client.get(f"/api/games/{gid}", params={"token": token}).json()
        assert s["steps"] == 1 and s["log"]
        made = client.post("/api/games", json={"game": "spirits", "players": 2, "seats": ["human", "open"]}).json()
        assert made["open"] and client.get(f"/api/tables/{made['id']}").json()["seats_left"] == 1
        # a game older than its table has no creator's link to renew it with
        r = client.post(f"/api/games/{gid}/renew", json={"creator": made["creator_token"], "seat": 0})
        assert r.status_code == 404


def test_the_change_notifications_end_by_themselves_once_the_server_closes(db_url: str) -> None:
    """A LISTEN loop that is never cancelled (as if its cancellation were lost) still ends at its next look at
    `closed`, within about a second, so the server's shutdown never waits on it for ever."""
    if "postgresql" not in db_url:
        pytest.skip("SQLite serves one server process: nothing to listen to")
    with make_client(db_url) as client:
        manager: Any = client.app.state.manager  # type: ignore[attr-defined]
        manager.listening.clear()
        # a second loop like the server's own, never cancelled
        ending = client.portal.start_task_soon(manager.listen_forever, db_url)  # type: ignore[union-attr]
        deadline = time.monotonic() + 30
        while not manager.listening.is_set():          # its LISTEN is up and it waits for news
            assert time.monotonic() < deadline, "the second loop never listened"
            time.sleep(0.05)
        manager.closed = True
        try:
            ending.result(timeout=20)
        finally:
            ending.cancel()
