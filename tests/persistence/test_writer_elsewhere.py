"""``Database.writer_elsewhere``: whether another copy writes an event now, asked
without taking anything (``director serve`` asks before a paired phone's command)."""

from __future__ import annotations

from pathlib import Path

from director.app.night.demo import create_demo
from director.persistence.db import is_url, open_database
from director.persistence.follow import FollowedFile


def test_nobody_else_writes_then_another_copy_does(db_path: Path | str) -> None:
    setup = open_database(db_path)
    event = create_demo(setup).tournament_id
    setup.close()

    def ask() -> str | None:
        # A reader opened for the question (on a file, a reader opened before the
        # writer would keep it out: a follower reads a moment at a time).
        looker = open_database(db_path, create=False, readonly=True)
        try:
            found = looker.writer_elsewhere(event)
        finally:
            looker.close()
        return None if found is None else found.code

    assert ask() is None  # nobody writes: a command could be written
    writer = open_database(db_path, create=False)
    try:
        writer.take_lease(event)  # the app opening the event (a file: its lock)
        assert ask() == ("event_leased" if is_url(db_path) else "db_in_use")
        # The writer itself is never told another copy writes.
        assert writer.writer_elsewhere(event) is None
        writer.release_lease(event)
    finally:
        writer.close()
    assert ask() is None  # gone: free again


def test_a_followed_file_asks_without_keeping_the_writer_out(file_path: Path) -> None:
    setup = open_database(file_path)
    event = create_demo(setup).tournament_id
    setup.close()
    followed = FollowedFile(file_path)
    assert followed.writer_elsewhere(event) is None
    writer = open_database(file_path, create=False)  # the app starts after the follower
    try:
        error = followed.writer_elsewhere(event)
        assert error is not None and error.code == "db_in_use"
    finally:
        writer.close()
    assert followed.writer_elsewhere(event) is None
