"""Identity: a random id that tells this database's backups from another's.

Revision ID: 0004_identity
Revises: 0003_drafts
"""

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0004_identity"
down_revision = "0003_drafts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "database_identity",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("uuid", sa.String(), nullable=False),
    )
    # A new database and one made by an older version both get their id here.
    op.bulk_insert(table, [{"id": 1, "uuid": uuid.uuid4().hex}])


def downgrade() -> None:
    op.drop_table("database_identity")
