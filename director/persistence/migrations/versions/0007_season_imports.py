"""Past results imported into a league can be counted in a season or kept out of it
one event at a time, as the events played here can (``season_event``).

Revision ID: 0007_season_imports
Revises: 0006_club
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_season_imports"
down_revision = "0006_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season_import",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "season_id",
            sa.Integer(),
            sa.ForeignKey("season.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "imported_event_id",
            sa.Integer(),
            sa.ForeignKey("imported_event.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("season_id", "imported_event_id"),
    )


def downgrade() -> None:
    op.drop_table("season_import")
