"""How a shared expense was split, kept with it (``split``: ``all``, ``hours`` or
``chosen``; empty for the expenses recorded before, read as "shares as given", and
for payments and write-offs).

Revision ID: 0015_expense_split
Revises: 0014_club_expenses
"""

import sqlalchemy as sa
from alembic import op

revision = "0015_expense_split"
down_revision = "0014_club_expenses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_entry") as batch:
        batch.add_column(sa.Column("split", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("club_entry") as batch:
        batch.drop_column("split")
