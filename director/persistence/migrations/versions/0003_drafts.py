"""Drafts: the floor calculators' inputs, per event.

Revision ID: 0003_drafts
Revises: 0002_players
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_drafts"
down_revision = "0002_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournament.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("payload", sa.String(), nullable=False),
        sa.Column("updated_at", sa.Integer(), nullable=False),
        sa.UniqueConstraint("tournament_id", "name"),
    )


def downgrade() -> None:
    op.drop_table("draft")
