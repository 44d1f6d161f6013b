"""Club: leases on events (one writer per event on a shared server); on PostgreSQL,
64-bit times and log ids, and a notice to followers when an event changes.

Revision ID: 0006_club
Revises: 0005_leagues
"""

import sqlalchemy as sa
from alembic import op

from director.persistence.postgres import NOTICES_SQL, NOTICES_UNDO_SQL, widen_columns_sql

revision = "0006_club"
down_revision = "0005_leagues"
branch_labels = None
depends_on = None

# Milliseconds since 1970 do not fit PostgreSQL's 32-bit INTEGER (SQLite's
# INTEGER is 64-bit already); a league's log outgrows 32-bit ids too.
_WIDE = {
    "tournament": ["created_at", "updated_at", "alive_at"],
    "entry": ["id", "at"],
    "event": ["id", "at"],
    "snapshot": ["created_at"],
    "player": ["created_at"],
    "draft": ["updated_at"],
    "league": ["created_at"],
    "season": ["created_at"],
    "import_batch": ["created_at"],
    "result_summary": ["last_entry"],
}


_WIDE_TYPE = sa.Integer().with_variant(sa.BigInteger(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "lease",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournament.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("holder", sa.String(), nullable=False),
        sa.Column("token", sa.String(), nullable=False),
        sa.Column("since", _WIDE_TYPE, nullable=False),
        sa.Column("expires", _WIDE_TYPE, nullable=False),
    )
    if op.get_bind().dialect.name != "postgresql":
        return
    # PostgreSQL's SQL lives in its module: 64-bit columns, then the trigger that
    # notifies followers when an event changes.
    for statement in (*widen_columns_sql(_WIDE), *NOTICES_SQL):
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for statement in NOTICES_UNDO_SQL:
            op.execute(statement)
    op.drop_table("lease")
