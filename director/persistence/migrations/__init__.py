"""Schema migrations (Alembic), applied when a database is opened.

A new revision goes in ``versions/`` and its id at the end of
``db.SCHEMA_REVISIONS``; a test checks that the two agree and that the
migrated schema matches ``tables.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent


def alembic_config() -> Config:
    """An Alembic configuration pointing at this folder, without an ini file."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema of ``engine``'s database up to ``revision``, in one transaction."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def known_revisions() -> list[str]:
    """Every revision id in ``versions/``, oldest first."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]
