"""Tables: how each game was set up in the lobby (open seats, the names of those seated, the creator's secret),
the seats taken by people who joined (counted by the creation limits), and the seat links a creator renewed.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("prearranged", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("names", sa.JSON, nullable=False),
        sa.Column("token_hashes", sa.JSON, nullable=False),
        sa.Column("creator_hash", sa.String(64), nullable=False),
        sa.Column("turn_limit", sa.Integer, nullable=True),
        sa.Column("standin_kind", sa.String(32), nullable=False, server_default="greedy"),
        sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("creator", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tables_status_created", "tables", ["status", "created_at"])
    op.create_index("ix_tables_creator_created", "tables", ["creator", "created_at"])
    op.create_table(
        "joins",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("client", sa.String(32), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_joins_client_joined", "joins", ["client", "joined_at"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("renewals", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("renewals")
    op.drop_index("ix_joins_client_joined", "joins")
    op.drop_table("joins")
    op.drop_index("ix_tables_creator_created", "tables")
    op.drop_index("ix_tables_status_created", "tables")
    op.drop_table("tables")
