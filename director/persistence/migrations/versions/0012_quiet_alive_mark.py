"""Quiet alive mark: on PostgreSQL, a change of an event's alive mark alone (written
every two seconds while its clock runs, for the writer's own restart) no longer
notifies the copies following the club's events; any other change still does.
Nothing changes on SQLite.

Revision ID: 0012_quiet_alive_mark
Revises: 0011_results_format
"""

from alembic import op

from director.persistence.postgres import NOTICES_QUIET_ALIVE_SQL, NOTICES_SQL

revision = "0012_quiet_alive_mark"
down_revision = "0011_results_format"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(NOTICES_QUIET_ALIVE_SQL)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(NOTICES_SQL[0].replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1))
