"""Change notices without Qt: any listener follows an event's changes, and one broken
listener never breaks the others, the command or the undo."""

from __future__ import annotations

import logging
from pathlib import Path

from director.app.files import structures
from director.app.night.changes import Changes
from director.app.night.notices import Notifier
from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence.db import open_database


def test_listeners_are_told_in_order_and_a_raising_one_does_not_stop_the_others(
    caplog,
) -> None:
    notifier: Notifier[int] = Notifier("test numbers")
    heard: list[tuple[str, int]] = []

    def broken(value: int) -> None:
        raise RuntimeError(f"broken on {value}")

    notifier.subscribe(lambda value: heard.append(("first", value)))
    notifier.subscribe(broken)
    notifier.subscribe(lambda value: heard.append(("third", value)))
    assert notifier.notify(1) == 1
    assert notifier.notify(2) == 1
    assert heard == [("first", 1), ("third", 1), ("first", 2), ("third", 2)]
    failures = [r for r in caplog.records if r.name == "director.app.night.notices"]
    assert len(failures) == 2 and failures[0].levelno == logging.ERROR
    assert "test numbers" in failures[0].getMessage() and failures[0].exc_info is not None
    caplog.clear()  # expected here: the suite fails on any other listener's failure


def test_listeners_added_or_removed_while_a_notice_is_delivered() -> None:
    notifier: Notifier[int] = Notifier("test")
    heard: list[str] = []
    subscriptions = {}

    def late(value: int) -> None:
        heard.append(f"late {value}")

    def first(value: int) -> None:
        heard.append(f"first {value}")
        if value == 1:
            subscriptions["second"].cancel()  # taken off before its turn: not called
            notifier.subscribe(late)  # hears from the next notice on
        if value == 2:
            subscriptions["first"].cancel()  # takes itself off

    def second(value: int) -> None:
        heard.append(f"second {value}")

    subscriptions["first"] = notifier.subscribe(first)
    subscriptions["second"] = notifier.subscribe(second)
    notifier.notify(1)
    assert heard == ["first 1"]
    notifier.notify(2)
    notifier.notify(3)
    assert heard == ["first 1", "first 2", "late 2", "late 3"]
    assert not subscriptions["first"].active
    subscriptions["first"].cancel()  # again: harmless
    assert notifier.unsubscribe(late) and not notifier.unsubscribe(late)
    assert len(notifier) == 0


def test_a_listener_may_notify_again_from_inside_a_notice() -> None:
    notifier: Notifier[int] = Notifier("test")
    heard: list[int] = []

    def echo(value: int) -> None:
        heard.append(value)
        if value < 3:
            notifier.notify(value + 1)

    notifier.subscribe(echo)
    notifier.notify(1)
    assert heard == [1, 2, 3]


def test_a_notice_sent_from_inside_another_waits_for_it(caplog) -> None:
    """A listener that runs a command while a notice is delivered: every listener
    still hears the first notice before the second, never an old one last."""
    notifier: Notifier[int] = Notifier("test")
    heard: list[tuple[str, int]] = []

    def first(value: int) -> None:
        heard.append(("first", value))
        if value == 1:
            assert notifier.notify(2) == 0  # delivered once everyone has had 1

    def broken(value: int) -> None:
        raise RuntimeError(value)

    notifier.subscribe(first)
    notifier.subscribe(broken)
    notifier.subscribe(lambda value: heard.append(("last", value)))
    assert notifier.notify(1) == 2  # both failures of the broken listener
    assert heard == [("first", 1), ("last", 1), ("first", 2), ("last", 2)]
    caplog.clear()


def test_bound_methods_unsubscribe_by_equality() -> None:
    notifier: Notifier[int] = Notifier("test")

    class View:
        def __init__(self) -> None:
            self.seen: list[int] = []

        def show(self, value: int) -> None:
            self.seen.append(value)

    view = View()
    notifier.subscribe(view.show)
    notifier.notify(1)
    assert notifier.unsubscribe(view.show)  # a new bound method object, equal to the first
    notifier.notify(2)
    assert view.seen == [1]


def test_a_session_tells_every_dispatch_undo_redo_and_announce(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    heard: list[Changes] = []
    subscription = session.subscribe(heard.append)
    returned = session.dispatch(c.RenameTournament(name="Saturday"))
    assert heard == [returned] and returned.aspects == {"name"}
    assert session.state.name == "Saturday"
    undone = session.undo()
    redone = session.redo()
    assert heard[1:] == [undone, redone]
    assert [h.action for h in heard] == ["command", "undo", "redo"]
    settings = Changes(action="settings", aspects=frozenset({"ledger"}))
    session.announce(settings)
    assert heard[-1] is settings
    subscription.cancel()
    session.dispatch(c.RenameTournament(name="Sunday"))
    assert len(heard) == 4
    session.close()
    database.close()


def test_a_raising_listener_breaks_neither_the_dispatch_nor_the_others(
    db_path: Path, clock, caplog
) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    event_id = session.tournament_id
    heard: list[frozenset[str]] = []

    def broken(_changes: Changes) -> None:
        raise ValueError("a view that fails")

    session.subscribe(broken)
    session.subscribe(lambda changes: heard.append(changes.aspects))
    session.dispatch(c.RenameTournament(name="Saturday"))
    session.undo()
    assert heard == [frozenset({"name"}), frozenset({"name"})]
    assert session.state.name == "Friday" and session.can_redo()
    assert sum(r.name == "director.app.night.notices" for r in caplog.records) == 2
    caplog.clear()
    session.close()
    # What was written stands: the rename and its undo are both in the log.
    again = TournamentSession(database, event_id, clock=clock)
    assert again.state.name == "Friday" and again.can_redo()
    again.close()
    database.close()


def test_a_session_following_another_copy_tells_its_listeners_on_reload(
    db_path: Path, clock
) -> None:
    """A read-only copy follows the writer: each reload is a change notice, so the
    views (and a web server) of the follower redraw as the writer's do."""
    writer_db = open_database(db_path)
    writer = Library(writer_db, clock=clock).create("Club night")
    follower_db = open_database(db_path, readonly=True)
    follower = TournamentSession(follower_db, writer.tournament_id, clock=clock)
    assert follower.following
    heard: list[Changes] = []
    follower.subscribe(heard.append)
    writer.dispatch(c.RenameTournament(name="Club night, second table"))
    template = structures.find("regular-5000").template
    writer.dispatch(c.SetStructure(structure=template.structure))
    writer.dispatch(c.StartClock())
    follower.reload()
    assert len(heard) == 1 and {"name", "structure", "clock"} <= heard[0].aspects
    assert follower.state == writer.state
    follower.reload()  # nothing new: told anyway, with nothing changed
    assert heard[-1].aspects == frozenset()
    follower.close()
    writer.close()
    follower_db.close()
    writer_db.close()


def test_closing_a_session_lets_its_listeners_go(db_path: Path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday")
    session.subscribe(lambda _changes: None)
    session.close()
    assert len(session._listeners) == 0
    database.close()
