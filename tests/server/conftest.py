from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from talewood.server import create_app
from talewood.server.db import database_url
from talewood.server.manager import Limits

NO_LIMITS = Limits(games=0, bot_only=0)


def postgres_url() -> str:
    url = os.environ.get("TALEWOOD_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but TALEWOOD_TEST_POSTGRES_URL is not set: the PostgreSQL tests cannot run")
        pytest.skip("no PostgreSQL server (set TALEWOOD_TEST_POSTGRES_URL)")
    return url


def fresh_schema(url: str) -> tuple[str, str]:
    """A schema of its own for one test (tests on several workers share one database)."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}", schema


def drop_schema(url: str, schema: str) -> None:
    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'talewood.db'}"
        return
    base = postgres_url()
    url, schema = fresh_schema(base)
    yield url
    drop_schema(base, schema)


def make_client(url: str, limits: Limits = NO_LIMITS, **kwargs: Any) -> TestClient:
    return TestClient(create_app(url, executor=ThreadPoolExecutor(2), bot_delay=0.0, limits=limits, **kwargs))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path / 'talewood.db'}") as c:
        yield c


def create(client: TestClient, seats: list[str], options: dict[str, Any] | None = None,
           seed: int = 7) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "spirits", "players": len(seats), "seats": seats,
                                        "options": options or {}, "seed": seed})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def wait_for(client: TestClient, game_id: str, token: str | None, predicate: Any,
             stall: float = 60.0) -> dict[str, Any]:
    """The game's state once `predicate` holds. Waits as long as the game keeps changing (a busy machine
    only makes it slower); fails when its version has not moved for `stall` seconds."""
    import time

    params = {"token": token} if token else {}
    seen, since = None, time.monotonic()
    while True:
        state = client.get(f"/api/games/{game_id}", params=params).json()
        if predicate(state):
            return state  # type: ignore[no-any-return]
        if state.get("version") != seen:
            seen, since = state.get("version"), time.monotonic()
        elif time.monotonic() - since > stall:
            raise AssertionError(f"the game stopped at version {seen} for {stall:.0f} s without what was awaited")
        time.sleep(0.01)


@pytest.fixture
def deck_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the test game `deck` (tests/server/deckgame.py) for one test."""
    from talewood import games

    monkeypatch.setitem(games.REGISTRY, "deck", "tests.server.deckgame:DeckGame")
    return "deck"


def live_of(client: TestClient, game_id: str) -> Any:
    """The server's in-memory game (the test may know every secret)."""
    return client.app.state.manager.live[game_id]  # type: ignore[attr-defined]
