"""Shared expenses in the club's journal: an entry's sharers and their parts
(``shares``, JSON ``[[player, amount], ...]``, empty for a payment or a write-off)
and the night it belongs to (``event``, none for most entries).

Revision ID: 0014_club_expenses
Revises: 0013_club_journal
"""

import sqlalchemy as sa
from alembic import op

revision = "0014_club_expenses"
down_revision = "0013_club_journal"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_entry") as batch:
        batch.add_column(sa.Column("shares", sa.String(), nullable=False, server_default=""))
        batch.add_column(sa.Column("event", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club_entry") as batch:
        batch.drop_column("event")
        batch.drop_column("shares")
