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
    follower.close_session()
    follower.close()
    database.close()
