"""The club's money journal (``club_entry``): payments between players or with the
club, write-offs, and the entries that take them back; ``seq`` is unique, so two
copies recording at once on a club's server leave one entry, not two. And each
night's money still to settle as last read from its log (``club_night``), so that
the balances of a long season do not replay every night.

Revision ID: 0013_club_journal
Revises: 0012_quiet_alive_mark
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_club_journal"
down_revision = "0012_quiet_alive_mark"
branch_labels = None
depends_on = None

_WIDE = sa.Integer().with_variant(sa.BigInteger(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "club_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", _WIDE, nullable=False, unique=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("payer", sa.Integer(), nullable=True),
        sa.Column("payee", sa.Integer(), nullable=True),
        sa.Column("amount", _WIDE, nullable=False),
        sa.Column("method", sa.String(), nullable=False),
        sa.Column("entry_date", sa.String(), nullable=False),
        sa.Column("note", sa.String(), nullable=False),
        sa.Column("undoes", _WIDE, nullable=True),
        sa.Column("created_at", _WIDE, nullable=False),
    )
    op.create_table(
        "club_night",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournament.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("last_entry", _WIDE, nullable=False),
        sa.Column("night_format", sa.Integer(), nullable=False),
        sa.Column("data", sa.String(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("club_night")
    op.drop_table("club_entry")
