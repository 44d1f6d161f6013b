"""Remote devices: phones paired as remotes for the clock (their token's hash only),
and the origin of each log entry (which phone sent a command).

Revision ID: 0008_remote_devices
Revises: 0007_season_imports
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_remote_devices"
down_revision = "0007_season_imports"
branch_labels = None
depends_on = None

_WIDE = sa.Integer().with_variant(sa.BigInteger(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "remote_device",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False, unique=True),
        sa.Column("paired_at", _WIDE, nullable=False),
        sa.Column("last_seen", _WIDE, nullable=True),
        sa.Column("last_address", sa.String(), nullable=False, server_default=""),
        sa.Column("revoked_at", _WIDE, nullable=True),
    )
    # SQLite adds a column with a constant default in place, without copying the log.
    op.add_column("entry", sa.Column("origin", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("entry") as batch:
        batch.drop_column("origin")
    op.drop_table("remote_device")
