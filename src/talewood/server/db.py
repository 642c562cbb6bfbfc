"""Storage: SQLAlchemy tables for games and their accepted actions; Alembic migrations at startup.

A game is its record (game id, players, seed, options, seat kinds, the accepted actions in order)
plus what the lobby shows (status, whose turn, result) and what the servers must do next for it
(a bot's turn and which server process holds it, a turn's deadline). Each accepted action is one
row, committed before anyone is told about it; the (game, step) primary key and the `version`
check make a lost race fail loudly.

The seed is stored as decimal text: a live game's secret seed has 129 bits, more than any integer
column holds on SQLite or PostgreSQL.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Dialect,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    create_engine,
    event,
)


class Unreadable:
    """What a JSON cell holds when its text is not JSON (a damaged row): never a valid value."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        return "<unreadable JSON>"


class _Forgiving(TypeDecorator[Any]):
    """A column whose unreadable stored text comes back as `fallback(value)` instead of failing the
    whole query (one damaged row must not take the others with it)."""

    cache_ok = True

    def fallback(self, value: Any) -> Any:
        return None

    def result_processor(self, dialect: Dialect, coltype: Any) -> Callable[[Any], Any] | None:
        inner = super().result_processor(dialect, coltype)
        if inner is None:
            return None

        def process(value: Any) -> Any:
            try:
                return inner(value)
            except (ValueError, TypeError):
                return self.fallback(value)

        return process


class SafeJSON(_Forgiving):
    """JSON whose unreadable text comes back as `Unreadable`."""

    impl = JSON
    cache_ok = True

    def fallback(self, value: Any) -> Any:
        return Unreadable(value)


class SafeDateTime(_Forgiving):
    """A timestamp whose unreadable text comes back as None."""

    impl = DateTime(timezone=True)
    cache_ok = True


metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", String(64), nullable=False),            # decimal: secret seeds have 129 bits
    Column("prearranged", Boolean, nullable=False, default=False),   # the creator chose the seed
    Column("options", SafeJSON, nullable=False),
    Column("seats", SafeJSON, nullable=False),             # seat kinds: "human", "greedy", ...
    Column("token_hashes", SafeJSON, nullable=False),      # per seat: sha256 hex of its token, or null for a bot
    Column("version", Integer, nullable=False, default=0),   # bumps on every change of the game
    Column("steps", Integer, nullable=False, default=0),     # how many actions the record holds now
    Column("current_player", Integer, nullable=True),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", SafeJSON, nullable=True),
    Column("created_at", SafeDateTime, nullable=False),
    Column("updated_at", SafeDateTime, nullable=False),
    Column("damaged", Text, nullable=True),                # why the game was set aside, or null
    Column("turn_limit", Integer, nullable=True),          # seconds a human seat may take a turn; null: none
    Column("standin_kind", String(32), nullable=False, default="greedy"),   # who plays for a gone player
    Column("standins", SafeJSON, nullable=True),           # per seat: the bot kind playing for it, or null
    Column("votes", SafeJSON, nullable=True),              # per seat: the seats that agreed it is gone
    Column("undo_floor", Integer, nullable=False, default=0),   # no undo reaches before this step
    Column("turn_started", SafeDateTime, nullable=True),   # when the seat to play began its turn
    Column("wake_at", SafeDateTime, nullable=True),        # when a server must act unasked (deadline, lease)
    Column("lease", String(32), nullable=True),            # the server process that plays the bot turn
    Column("creator", String(32), nullable=True),          # a hash of the creating client's address
    Column("seen", SafeJSON, nullable=True),               # per seat: when its player was last seen connected
    Column("renewals", SafeJSON, nullable=True),           # [{seat, step, old}]: seat links the creator renewed
    Index("ix_games_over_updated", "over", "updated_at"),
    Index("ix_games_over_wake", "over", "wake_at"),
    Index("ix_games_creator_created", "creator", "created_at"),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
)

# how a game was set up in the lobby: open seats until the last is taken, the names of those seated, and the
# creator's secret (a hash), which closes the table, fills it with bots and renews a seat's link
tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),            # the game's id once it starts
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("prearranged", Boolean, nullable=False, default=False),
    Column("options", SafeJSON, nullable=False),
    Column("seats", SafeJSON, nullable=False),             # per seat: "human", "open" (nobody yet) or a bot kind
    Column("names", SafeJSON, nullable=False),             # per seat: the name of the person seated, or null
    Column("token_hashes", SafeJSON, nullable=False),      # per seat: sha256 hex of its token, or null
    Column("creator_hash", String(64), nullable=False),    # sha256 hex of the creator's token
    Column("turn_limit", Integer, nullable=True),
    Column("standin_kind", String(32), nullable=False, default="greedy"),
    Column("hints", Boolean, nullable=False, default=False),
    Column("status", String(16), nullable=False),          # open, started or closed
    Column("version", Integer, nullable=False, default=0),   # bumps on every change: a seat taken, the start
    Column("creator", String(32), nullable=True),          # a hash of the creating client's address
    Column("created_at", SafeDateTime, nullable=False),
    Column("updated_at", SafeDateTime, nullable=False),
    Index("ix_tables_status_created", "status", "created_at"),
    Index("ix_tables_creator_created", "creator", "created_at"),
)

# each open seat taken, by whom (a hash of the address): the creation limits count them
joins = Table(
    "joins", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("client", String(32), nullable=True),
    Column("joined_at", SafeDateTime, nullable=False),
    Index("ix_joins_client_joined", "client", "joined_at"),
)

# what a game's page offers to learn by: a guided first game, hints (and those asked for, written in the log)
learning = Table(
    "learning", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("guided", Boolean, nullable=False, default=False),        # a "Learn to play" game: the guide speaks
    Column("hints_agreed", Boolean, nullable=False, default=False),  # every player agreed to hints in a timed game
    Column("hints", SafeJSON, nullable=True),                        # [{seat, step, level}] of each hint asked
)

# the bots' review of a finished game, computed once, off the request path, and kept
reviews = Table(
    "reviews", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("level", String(16), nullable=False),
    Column("status", String(16), nullable=False),              # running, done or failed
    Column("done", Integer, nullable=False, default=0),        # steps of the record searched so far
    Column("total", Integer, nullable=False, default=0),
    Column("decisions", SafeJSON, nullable=True),              # the decisions rated so far
    Column("data", SafeJSON, nullable=True),                   # the whole review, once done
    Column("owner", String(32), nullable=True),                # the server process computing it
    Column("updated_at", SafeDateTime, nullable=False),
)

# table talk: each message with the seat that sent it (null: a spectator) and the moves made before it
chat_messages = Table(
    "chat_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("step", Integer, nullable=False),                 # the record's length when it was sent
    Column("text", Text, nullable=False),
    Column("sent_at", SafeDateTime, nullable=False),
    Index("ix_chat_messages_game", "game_id", "id"),
)

# who may talk at a table (only worth a row when spectators may)
chat_rules = Table(
    "chat_rules", metadata,
    # no foreign key: an open table's rule is stored before its game exists (the same id)
    Column("game_id", String(32), primary_key=True),
    Column("spectators", Boolean, nullable=False, default=False),
)

# "Play again": one proposal per finished game, and the game it becomes once every person accepted
rematches = Table(
    "rematches", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("new_id", String(32), nullable=False),           # the new game's id, chosen with the proposal
    Column("proposer", Integer, nullable=False),
    Column("seats", SafeJSON, nullable=False),              # the new game's seat kinds (a decliner may become a bot)
    Column("answers", SafeJSON, nullable=False),            # per seat: "yes", "no" or null (bots: null)
    Column("token_hashes", SafeJSON, nullable=False),       # per seat: sha256 of its new token, once it accepted
    Column("proposed_at", SafeDateTime, nullable=False),
    Column("started", Boolean, nullable=False, default=False),
)

DEFAULT_DATABASE = "sqlite:///talewood.db"
NOTIFY_CHANNEL = "talewood"


def database_url(given: str | None = None) -> str:
    """`--database`, else TALEWOOD_DATABASE_URL, else an SQLite file in the working directory."""
    url = given or os.environ.get("TALEWOOD_DATABASE_URL") or DEFAULT_DATABASE
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def is_postgres(url: str) -> bool:
    return database_url(url).startswith("postgresql")


def libpq_url(url: str) -> str:
    """The URL as psycopg itself takes it (for the LISTEN connection)."""
    return "postgresql://" + database_url(url).split("://", 1)[1]


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
            cursor.execute("PRAGMA busy_timeout=5000")
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
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite changes a column by copying the table and dropping the old one: with foreign keys
            # on, that drop would delete every move (ON DELETE CASCADE). The pragma only works outside
            # a transaction.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        with connection.begin():
            if connection.dialect.name == "postgresql":
                # several server processes may start at once: one migrates, the others wait for it
                connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7355608)")
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()
