"""The TV's pictures and sounds in the database itself (``tv_asset``), by content:
a backup, a restore, ``director copy`` and a second copy following the event on a
club database then have every picture and sound its looks name.

Revision ID: 0009_tv_assets
Revises: 0008_remote_devices
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_tv_assets"
down_revision = "0008_remote_devices"
branch_labels = None
depends_on = None

_WIDE_TYPE = sa.Integer().with_variant(sa.BigInteger(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "tv_asset",
        sa.Column("name", sa.String(), primary_key=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("stored_at", _WIDE_TYPE, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tv_asset")
