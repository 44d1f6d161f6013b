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
    from director.gui.window import session_host

    writer = window_factory()
    session = writer.library.create("Club night")
    writer.open_session(session)
    assert writer.statusBar().currentMessage() == writer.database.location
    assert "club_" in writer.statusBar().currentMessage()

    asked: list[str] = []

    def follow(_parent, _title, text, **_kwargs) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(session_host, "confirm", follow)
    follower = window_factory(writer.database.url)
    database = follower.database
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
    qtbot, window_factory, tmp_path, monkeypatch, clock, pg_url
) -> None:
    from director.gui.window import maintenance

    club = open_database(pg_url)
    from director.app.storage.library import Library

    Library(club, clock=clock).create("On the server").close()
    club.close()
    window = window_factory(tmp_path / "laptop.db")
    assert window.library.events() == []
    errors: list[object] = []
    monkeypatch.setattr(maintenance, "show_error", lambda _p, e, **_k: errors.append(e))
    # A server that is not there: said, and the laptop's database kept.
    assert not window.maintenance.open_database("postgresql://nobody@/club?host=/nonexistent")
    assert errors and errors[0].code == "db_server_unreachable"
    assert window.database.kind == "sqlite"
    assert window.maintenance.open_database(pg_url)
    assert window.database.kind == "postgresql"
    assert [e.name for e in window.library.events()] == ["On the server"]
    assert window.statusBar().currentMessage() == window.database.location
    assert window.menus.open_database_action in window.menuBar().actions()[0].menu().actions()
    window.close()
    window.database.close()


def test_the_events_list_follows_the_other_copies(qtbot, window_factory, clock) -> None:

    writer = window_factory()
    other = window_factory(writer.database.url)
    database = other.database
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


def test_a_lost_connection_is_said_and_the_followed_event_catches_up(
    qtbot, window_factory, monkeypatch, clock
) -> None:
    """The follower's connection is cut (its server process ended): the status bar
    says so until it is back; a change made meanwhile shows once it reconnects."""
    from director.gui.window import session_host
    from director.persistence import postgres
    from tests import pg

    monkeypatch.setattr(postgres, "RECONNECT_FIRST", 1.0)  # long enough to be seen
    writer = window_factory()
    session = writer.library.create("Club night")
    writer.open_session(session)
    monkeypatch.setattr(session_host, "confirm", lambda *_a, **_k: True)
    follower = window_factory(writer.database.url)
    database = follower.database
    follower.open_event(session.tournament_id)
    assert follower.controller is not None and follower.controller.session.following
    assert not follower.maintenance.connection_note.isVisibleTo(follower)

    live = follower.sessions.following.follower
    pg.server().terminate(live.backend_pid)
    qtbot.waitUntil(
        lambda: follower.maintenance.connection_note.isVisibleTo(follower), timeout=3000
    )
    assert "reconnecting" in follower.maintenance.connection_note.text()
    # Written while the follower hears nothing: the notice is lost, the catch-up is not.
    writer.controller.dispatch(c.RenameTournament(name="Renamed during the cut"))
    qtbot.waitUntil(
        lambda: not follower.maintenance.connection_note.isVisibleTo(follower), timeout=5000
    )
    qtbot.waitUntil(
        lambda: follower.controller.state.name == "Renamed during the cut", timeout=2000
    )
    assert follower.controller.state == writer.controller.state
    follower.close_session()
    follower.close()
    database.close()


def test_the_events_list_says_when_the_club_database_is_out_of_reach(
    qtbot, window_factory, monkeypatch
) -> None:
    from director.persistence import postgres
    from tests import pg

    monkeypatch.setattr(postgres, "RECONNECT_FIRST", 1.0)
    window = window_factory()
    window.show_events()
    pg.server().terminate(window.workspace.follower.backend_pid)
    qtbot.waitUntil(lambda: window.maintenance.connection_note.isVisibleTo(window), timeout=3000)
    made = window.library.create("Made while the list was cut off")
    qtbot.waitUntil(
        lambda: not window.maintenance.connection_note.isVisibleTo(window), timeout=5000
    )
    model = window.events_page.model
    qtbot.waitUntil(
        lambda: any(
            model.index(row, 0).data() == "Made while the list was cut off"
            for row in range(model.rowCount())
        ),
        timeout=2000,
    )
    made.close()


def test_an_event_taken_over_after_its_lease_lapsed_is_said_and_offered_to_follow(
    qtbot, window_factory, monkeypatch, clock
) -> None:
    """A copy that could not renew its hold on the event in time (a network cut) no
    longer looks as if it wrote it: once another copy has taken it over, the window
    closes it, says who writes it now, and offers to follow it live."""
    from director.app.night.session import TournamentSession
    from director.gui.window import maintenance

    writer = window_factory()
    session = writer.library.create("Club night")
    writer.open_session(session)
    mine = writer.database
    mine._stop.set()  # the renewer stops (as over a cut network)...
    mine._renewer.join()
    with mine.transaction() as connection:  # ... and the lease lapses
        connection.execute("UPDATE lease SET expires = 0")
    other = open_database(mine.url)
    taken = TournamentSession(other, session.tournament_id, clock=clock)
    asked: list[str] = []

    def follow(_parent, _title, text, **_kwargs) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(maintenance, "confirm", follow)
    writer.maintenance.check_lease()
    assert asked == []  # nothing known yet: the renewer finds it at its next round
    mine.renew_leases()
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert "no longer writes “Club night”" in asked[0] and other.holder in asked[0]
    assert writer.controller is not None and writer.controller.session.following
    taken.dispatch(c.RenameTournament(name="Club night, taken over"))
    qtbot.waitUntil(lambda: writer.controller.state.name == "Club night, taken over", timeout=2000)
    writer.close_session()
    taken.close()
    other.close()
