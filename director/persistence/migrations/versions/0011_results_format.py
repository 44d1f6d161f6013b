"""Results summaries carry the format of the results logic that wrote them: a summary
written by an older version (bounties, refunds and deals counted the old way) is
rebuilt from the event's log when read.

Revision ID: 0011_results_format
Revises: 0010_dealer_phones
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_results_format"
down_revision = "0010_dealer_phones"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Summaries already kept were written before the format was recorded: format 1,
    # older than every version that records one, so each is rebuilt once when read.
    op.add_column(
        "result_summary",
        sa.Column("results_format", sa.Integer(), nullable=False, server_default="1"),
    )


def downgrade() -> None:
    with op.batch_alter_table("result_summary") as batch:
        batch.drop_column("results_format")
