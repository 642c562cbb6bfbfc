"""Alembic environment: migrations run on the connection the server hands over (see db.migrate),
or on TALEWOOD_DATABASE_URL when run with the alembic command."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from talewood.server.db import database_url, metadata

config = context.config
target_metadata = metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(database_url(config.get_main_option("sqlalchemy.url")))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
