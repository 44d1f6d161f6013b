"""The workspace without a window: open a file and a club's URL, switch between them,
follow an event another copy writes, hear other copies' changes, back up."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from director.app.storage.databases import ANY_EVENT, StoreError, open_database
from director.app.storage.library import Library
from director.app.storage.workspace import Workspace
from director.core import commands as c


def wait_for(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def test_a_file_is_worked_on_alone(tmp_path: Path, clock) -> None:
    workspace = Workspace(open_database(tmp_path / "night.db"), clock=clock)
    try:
        assert not workspace.shared
        assert workspace.connected
        session = workspace.library.create("Friday")
        session.close()
        with pytest.raises(StoreError) as refused:
            workspace.follow(session.tournament_id, lambda _event: None)
        assert refused.value.code == "db_not_shared"
        assert workspace.back_up_if_due() is not None  # the first one is due at once
        assert workspace.back_up_if_due() is None
        workspace.use_backup_folder(str(tmp_path / "elsewhere"))
        assert workspace.backups.folder == tmp_path / "elsewhere"
        assert workspace.library.backup_folder == tmp_path / "elsewhere"
    finally:
        workspace.close()


def test_switching_to_a_club_server_and_back(tmp_path: Path, clock, pg_url: str) -> None:
    workspace = Workspace(open_database(tmp_path / "laptop.db"), clock=clock)
    try:
        workspace.library.create("On the laptop").close()
        with pytest.raises(StoreError) as refused:
            workspace.switch("postgresql://nobody@/club?host=/nonexistent")
        assert refused.value.code == "db_server_unreachable"
        assert [e.name for e in workspace.library.events()] == ["On the laptop"]  # kept
        workspace.switch(pg_url)
        assert workspace.shared
        assert workspace.library.events() == []
        workspace.switch(str(tmp_path / "laptop.db"))
        assert [e.name for e in workspace.library.events()] == ["On the laptop"]
    finally:
        workspace.close()


def test_other_copies_changes_are_heard_and_an_event_is_followed_live(clock, pg_url: str) -> None:
    heard: list[int] = []
    connected: list[bool] = []
    lock = threading.Lock()

    def changed(event: int) -> None:
        with lock:
            heard.append(event)

    workspace = Workspace(
        open_database(pg_url), clock=clock, changed=changed, connection=connected.append
    )
    writer = open_database(pg_url)
    try:
        session = Library(writer, clock=clock).create("Club night")
        wait_for(lambda: session.tournament_id in heard or ANY_EVENT in heard)
        followed_heard: list[int] = []
        followed = workspace.follow(session.tournament_id, followed_heard.append)
        assert followed.session.following
        session.dispatch(c.RenameTournament(name="Club night, table 2"))
        wait_for(lambda: session.tournament_id in followed_heard)
        followed.session.reload()
        assert followed.session.state.name == "Club night, table 2"
        followed.session.close()
        followed.close()
        session.close()
        assert connected[0] is True
    finally:
        workspace.close()
        writer.close()


def test_a_command_runs_on_an_event_not_open_here(tmp_path: Path, clock) -> None:
    """Rename or archive from the list of events: the event is opened for the command
    and closed after; a refused command changes nothing and is said."""
    from director.core.errors import RuleViolation

    database = open_database(tmp_path / "director.db")
    library = Library(database, clock=clock)
    created = library.create("Friday")
    event_id = created.tournament_id
    created.close()
    library.dispatch(event_id, c.RenameTournament(name="Friday night"))
    library.dispatch(event_id, c.SetArchived(archived=True))
    summary = library.get(event_id)
    assert summary.name == "Friday night" and summary.archived
    with pytest.raises(RuleViolation):
        library.dispatch(event_id, c.RenameTournament(name=""))
    assert library.get(event_id).name == "Friday night"
    database.close()
