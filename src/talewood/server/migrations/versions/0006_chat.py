"""Table talk and rematches: each game's chat messages, whether its spectators may talk, and its "Play again".

Revision ID: 0006
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game", "chat_messages", ["game_id", "id"])
    op.create_table(
        "chat_rules",
        # no foreign key: an open table's rule is stored before its game exists (the same id)
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("new_id", sa.String(32), nullable=False),
        sa.Column("proposer", sa.Integer, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("answers", sa.JSON, nullable=False),
        sa.Column("token_hashes", sa.JSON, nullable=False),
        sa.Column("proposed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("rematches")
    op.drop_table("chat_rules")
    op.drop_index("ix_chat_messages_game", table_name="chat_messages")
    op.drop_table("chat_messages")
