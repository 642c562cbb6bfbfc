"""Learning: a game's guided and hint settings with the hints used, and the bots' review of a finished game.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learning",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("guided", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("hints_agreed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("hints", sa.JSON, nullable=True),
    )
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=False, server_default="0"),
        sa.Column("decisions", sa.JSON, nullable=True),
        sa.Column("data", sa.JSON, nullable=True),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_table("learning")
