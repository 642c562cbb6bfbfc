"""Live play: secret seeds as text, prearranged deals, damaged games, gone players, several servers.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        # a secret seed has 129 bits: no integer column holds it on SQLite or PostgreSQL
        batch.alter_column("seed", type_=sa.String(64), existing_type=sa.BigInteger, existing_nullable=False,
                           postgresql_using="seed::text")
        batch.add_column(sa.Column("prearranged", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("damaged", sa.Text, nullable=True))
        batch.add_column(sa.Column("turn_limit", sa.Integer, nullable=True))
        batch.add_column(sa.Column("standin_kind", sa.String(32), nullable=False, server_default="greedy"))
        batch.add_column(sa.Column("standins", sa.JSON, nullable=True))
        batch.add_column(sa.Column("votes", sa.JSON, nullable=True))
        batch.add_column(sa.Column("undo_floor", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("turn_started", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("lease", sa.String(32), nullable=True))
        batch.add_column(sa.Column("creator", sa.String(32), nullable=True))
    # games made before this revision drew their seed below 2**31: their deal is as good as known
    op.execute("UPDATE games SET wake_at = updated_at WHERE over = false")   # let a server look at each once
    op.create_index("ix_games_over_wake", "games", ["over", "wake_at"])
    op.create_index("ix_games_creator_created", "games", ["creator", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_games_creator_created", "games")
    op.drop_index("ix_games_over_wake", "games")
    with op.batch_alter_table("games") as batch:
        for name in ("creator", "lease", "wake_at", "turn_started", "undo_floor", "votes", "standins",
                     "standin_kind", "turn_limit", "damaged", "prearranged"):
            batch.drop_column(name)
        # only games with a seed below 2**63 come back: a secret seed does not fit
        batch.alter_column("seed", type_=sa.BigInteger, existing_type=sa.String(64), existing_nullable=False,
                           postgresql_using="seed::bigint")

