"""The session and app tests run on both kinds of database (a file, a PostgreSQL
server's), but for those about what only one kind does (``file_path``, ``pg_url``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KINDS, database_of_kind


@pytest.fixture(params=KINDS)
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Each test using it runs on a database file, then on a PostgreSQL server."""
    return database_of_kind(request.param, tmp_path)
