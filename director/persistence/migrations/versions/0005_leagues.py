"""Leagues and seasons, each finished event's results summary, imports.

Revision ID: 0005_leagues
Revises: 0004_identity
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_leagues"
down_revision = "0004_identity"
branch_labels = None
depends_on = None


def _parent(table: str) -> sa.ForeignKey:
    return sa.ForeignKey(f"{table}.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False, unique=True),
        sa.Column("rule", sa.String(), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
    )
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(), _parent("league"), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("start_date", sa.String(), nullable=False),
        sa.Column("end_date", sa.String(), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
    )
    op.create_table(
        "season_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("season_id", sa.Integer(), _parent("season"), nullable=False),
        sa.Column("tournament_id", sa.Integer(), _parent("tournament"), nullable=False),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("season_id", "tournament_id"),
    )
    op.create_table(
        "result_summary",
        sa.Column(
            "tournament_id", sa.Integer(), _parent("tournament"), primary_key=True, nullable=False
        ),
        sa.Column("last_entry", sa.Integer(), nullable=False),
        sa.Column("data", sa.String(), nullable=False),
    )
    op.create_table(
        "import_batch",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("payload", sa.String(), nullable=False),
        sa.Column("created_at", sa.Integer(), nullable=False),
    )
    op.create_table(
        "imported_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("batch_id", sa.Integer(), _parent("import_batch"), nullable=False),
        sa.Column("league_id", sa.Integer(), _parent("league"), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("event_date", sa.String(), nullable=False),
        sa.Column("data", sa.String(), nullable=False),
    )


def downgrade() -> None:
    for table in (
        "imported_event",
        "import_batch",
        "result_summary",
        "season_event",
        "season",
        "league",
    ):
        op.drop_table(table)
