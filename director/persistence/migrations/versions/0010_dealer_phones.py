"""Dealers' phones: a paired phone may be one table's dealer phone, for one event
(its rights end with that table), beside the organizer's remotes.

Revision ID: 0010_dealer_phones
Revises: 0009_tv_assets
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_dealer_phones"
down_revision = "0009_tv_assets"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable columns without a default: both databases add them in place.
    op.add_column("remote_device", sa.Column("event_id", sa.Integer(), nullable=True))
    op.add_column("remote_device", sa.Column("table_number", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("remote_device") as batch:
        batch.drop_column("table_number")
        batch.drop_column("event_id")
