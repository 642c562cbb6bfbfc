"""Storage: SQLAlchemy tables for games and their accepted actions; Alembic migrations at startup.

A game is its record (game id, players, seed, options, seat kinds, the accepted actions in order)
plus what the lobby shows (status, whose turn, result). Each accepted action is one row, committed
before anyone is told about it; the (game, step) primary key makes a lost race fail loudly.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),          # seat kinds: "human", "greedy", ...
    Column("token_hashes", JSON, nullable=False),   # per seat: sha256 hex of its token, or null for a bot
    Column("version", Integer, nullable=False, default=0),   # bumps on every action and every undo
    Column("steps", Integer, nullable=False, default=0),     # how many actions the record holds now
    Column("current_player", Integer, nullable=True),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
)

DEFAULT_DATABASE = "sqlite:///talewood.db"


def database_url(given: str | None = None) -> str:
    """`--database`, else TALEWOOD_DATABASE_URL, else an SQLite file in the working directory."""
    url = given or os.environ.get("TALEWOOD_DATABASE_URL") or DEFAULT_DATABASE
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(url: str) -> Engine:
    url = database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")        # a killed process loses no committed row
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


MIGRATIONS = Path(__file__).with_name("migrations")


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (run at every start)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
