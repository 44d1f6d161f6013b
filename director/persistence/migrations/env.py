"""Alembic environment: always runs on the connection handed over by ``upgrade``."""

from alembic import context
from sqlmodel import SQLModel

from director.persistence import tables  # noqa: F401  (registers the tables)

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
)
with context.begin_transaction():
    context.run_migrations()
