"""The player roster shared by every event.

Revision ID: 0002_players
Revises: 0001_baseline
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_players"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False, unique=True),
        sa.Column("nickname", sa.String(), nullable=False),
        sa.Column("contact", sa.String(), nullable=False),
        sa.Column("merged_into", sa.Integer(), sa.ForeignKey("player.id"), nullable=True),
        sa.Column("created_at", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player")
