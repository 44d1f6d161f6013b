"""The tests' own PostgreSQL server: started in a temporary folder, on a socket."""

from __future__ import annotations

import os


def test_the_throwaway_server_answers_on_its_own_socket(pg_url: str) -> None:
    import psycopg

    from tests import pg

    server = pg.server()
    assert "host=" + str(server.socket) in pg_url
    with psycopg.connect(pg_url) as connection:
        row = connection.execute("SELECT current_user, current_database()").fetchone()
    assert row is not None and row[0] == pg.USER
    assert row[1] in pg_url
    # The server never runs as root.
    owner = os.stat(server.data).st_uid
    assert owner != 0 or os.geteuid() != 0


def test_each_test_gets_an_empty_database(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url) as connection:
        tables = connection.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchone()
    assert tables == (0,)
