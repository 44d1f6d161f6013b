"""Two copies of director on one club database: the second is told who writes the
event, follows it live read-only, and redraws within a second of each change."""

from __future__ import annotations

import pytest

from director.core import commands as c
from director.persistence.db import open_database


@pytest.fixture
def db_path(pg_url: str) -> str:
    return pg_url


def test_a_second_copy_follows_an_event_live(qtbot, window_factory, monkeypatch, clock) -> None:
    from director.gui import main_window as main_window_module
    from director.gui.main_window import MainWindow

    writer = window_factory()
    session = writer.library.create("Club night")
    writer.open_session(session)
    assert writer.statusBar().currentMessage() == writer.database.location
    assert "club_" in writer.statusBar().currentMessage()

    asked: list[str] = []

    def follow(_parent, _title, text, **_kwargs) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(main_window_module, "confirm", follow)
    database = open_database(writer.database.url)
    follower = MainWindow(database, clock=clock, ask_resume=False)
    qtbot.addWidget(follower)
    follower.open_event(session.tournament_id)
    assert asked and writer.database.holder in asked[0]
    assert follower.controller is not None
    followed = follower.controller.session
    assert followed.following
    assert "read-only" in follower.statusBar().currentMessage()
    # Nothing can be changed from the follower: the guard says why.
    refusal = followed.refusal(c.RenameTournament(name="Not here"))
    assert refusal is not None and refusal.code == "following_read_only"

    writer.controller.dispatch(c.RenameTournament(name="Club night, table 2 broken"))
    qtbot.waitUntil(
        lambda: follower.controller.state.name == "Club night, table 2 broken", timeout=1000
    )
    assert follower.controller.state == writer.controller.state
    # The follower's clock feed heard the reload too: its TV shows the new name.
    assert follower.feed.data.event_name == "Club night, table 2 broken"
    assert not follower.feed.tick.alive_due  # a follower never marks the event alive
    follower.close_session()
    follower.close()
    database.close()


def test_file_open_database_takes_a_postgresql_url(
    qtbot, tmp_path, monkeypatch, clock, pg_url
) -> None:
    from director.gui import main_window as main_window_module
    from director.gui.main_window import MainWindow

    club = open_database(pg_url)
    from director.app.library import Library

    Library(club, clock=clock).create("On the server").close()
    club.close()
    window = MainWindow(open_database(tmp_path / "laptop.db"), clock=clock, ask_resume=False)
    qtbot.addWidget(window)
    assert window.library.events() == []
    errors: list[object] = []
    monkeypatch.setattr(main_window_module, "show_error", lambda _p, e, **_k: errors.append(e))
    # A server that is not there: said, and the laptop's database kept.
    assert not window.open_database("postgresql://nobody@/club?host=/nonexistent")
    assert errors and errors[0].code == "db_server_unreachable"
    assert window.database.kind == "sqlite"
    assert window.open_database(pg_url)
    assert window.database.kind == "postgresql"
    assert [e.name for e in window.library.events()] == ["On the server"]
    assert window.statusBar().currentMessage() == window.database.location
    assert window.open_database_action in window.menuBar().actions()[0].menu().actions()
    window.close()
    window.database.close()


def test_the_events_list_follows_the_other_copies(qtbot, window_factory, clock) -> None:
    from director.gui.main_window import MainWindow

    writer = window_factory()
    database = open_database(writer.database.url)
    other = MainWindow(database, clock=clock, ask_resume=False)
    qtbot.addWidget(other)
    other.show_events()
    session = writer.library.create("Made on the other laptop")

    def listed() -> list[str]:
        model = other.events_page.model
        return [model.index(row, 0).data() for row in range(model.rowCount())]

    qtbot.waitUntil(
        lambda: "Made on the other laptop" in " ".join(map(str, listed())), timeout=1000
    )
    session.close()
    other.close()
    database.close()
