"""The app against full disks, damaged files and odd names: it says so once and the
night goes on; never a traceback out of a window."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from director.app.files.settings import Settings
from director.app.storage.backups import BackupManager
from director.app.storage.library import Library
from director.cli import main as cli_main
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.messages import Message
from director.core.money import MoneySettings
from director.gui import app as app_module
from director.gui.main_window import MainWindow
from director.gui.window import events_page
from director.persistence.db import open_database
from tests.conftest import checkpoint
from tests.corpus import corrupt_index_page


@pytest.fixture
def errors(monkeypatch) -> list[str]:
    """Error dialogs, recorded instead of shown."""
    shown: list[str] = []

    def record(parent, error, **kwargs) -> None:
        shown.append(getattr(error, "code", str(error)) + ": " + str(error))

    for module in (
        "director.gui.controller",
        "director.gui.window.events_page",
        "director.gui.window.maintenance",
        "director.gui.window.session_host",
        "director.gui.pages.structure_page",
        "director.gui.pages.reports_page",
    ):
        monkeypatch.setattr(f"{module}.show_error", record)

    def critical(parent, title, text) -> None:
        shown.append("critical: " + text)

    # The window imports its dialogs when it shows one: patched on Qt's class.
    monkeypatch.setattr(QMessageBox, "critical", critical)
    return shown


def started(qtbot, path: Path, settings: Settings, notices=()) -> MainWindow:
    window = app_module.start(path, settings, notices)
    assert window is not None
    qtbot.addWidget(window)
    window.welcome_if_new = lambda: None  # type: ignore[method-assign]
    return window


def finish(window: MainWindow) -> None:
    window.close()
    window.database.close()


# -- item 7: full disks ---------------------------------------------------------------------


def test_the_app_starts_when_the_backup_disk_is_full(
    qtbot, db_path: Path, small_disk, errors, monkeypatch
) -> None:
    monkeypatch.setattr(MainWindow, "welcome_if_new", lambda self: None)
    folder = small_disk.root / "backups"
    small_disk.fill()
    window = started(qtbot, db_path, Settings(backup_folder=str(folder), welcomed=True))
    qtbot.waitUntil(lambda: not window.backups.pending)  # made once the window has painted
    assert not window.warning.isHidden()
    assert "full" in window.warning.text()
    assert small_disk.files() == []  # no half-made copy left behind
    # The night goes on: events are created and played.
    session = window.library.create("Friday")
    window.open_session(session)
    window.controller.dispatch(c.RenameTournament(name="Friday deepstack"))
    assert window.controller.state.name == "Friday deepstack"
    # The hourly backup fails quietly again, then succeeds once there is room.
    window.backups._last = None
    window.maintenance.hourly_backup()
    assert not window.warning.isHidden() and errors == []
    small_disk.free()
    window.maintenance.hourly_backup()
    assert window.warning.isHidden()
    assert len(window.backups.backups()) == 1
    finish(window)


def test_deleting_an_event_on_a_full_disk_keeps_it(
    qtbot, window_factory, small_disk, errors, clock, monkeypatch
) -> None:
    path = small_disk.root / "club.db"
    window = window_factory(path)
    window.library.create("Friday").close()
    window.library.create("Saturday").close()
    window.refresh_events()
    checkpoint(path)
    small_disk.fill()
    monkeypatch.setattr(events_page, "confirm", lambda *args, **kwargs: True)
    window.event_list.delete_selected()
    assert len(errors) == 1 and "backup_disk_full" in errors[0]
    assert window.events_page.model.rowCount() == 2
    assert sorted(s.name for s in window.library.events()) == ["Friday", "Saturday"]
    assert not [name for name in small_disk.files() if "partial" in name]
    finish(window)


def test_closing_the_window_on_a_full_disk_raises_nothing(
    qtbot, window_factory, small_disk, errors, clock
) -> None:
    path = small_disk.root / "club.db"
    window = window_factory(path)
    database = window.database
    window.open_session(window.library.create("Friday"))
    window.controller.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 30):
        window.controller.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    checkpoint(path)
    small_disk.fill()
    # A command on a full disk is refused and changes nothing...
    window.controller.dispatch(c.RenameTournament(name="Friday deepstack"))
    assert window.controller.state.name == "Friday"
    assert errors and "full" in errors[-1]
    # ...and closing (which writes a snapshot) says nothing and raises nothing.
    window.close()
    database.close()
    small_disk.free()
    reopened = open_database(path)
    with reopened.read() as connection:  # the snapshot at closing could not be written
        assert connection.exec_driver_sql("SELECT count(*) FROM snapshot").scalar() == 0
    session = Library(reopened, clock=clock).open(1)
    assert session.state.name == "Friday" and len(session.state.players) == 29
    reopened.close()


# -- item 6: a damaged database at start ---------------------------------------------------


@pytest.fixture
def damaged_with_backup(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    Library(database, clock=clock).create("Friday").close()
    BackupManager(database).back_up()
    database.close()
    corrupt_index_page(db_path)
    return db_path


def test_a_damaged_database_is_offered_its_newest_good_backup(
    qtbot, damaged_with_backup: Path, errors, monkeypatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(app_module, "ask_to_restore", lambda text: asked.append(text) or True)
    monkeypatch.setattr(MainWindow, "welcome_if_new", lambda self: None)
    window = started(qtbot, damaged_with_backup, Settings(welcomed=True))
    assert len(asked) == 1 and "is damaged" in asked[0]
    assert [s.name for s in window.library.events()] == ["Friday"]
    kept = list(damaged_with_backup.parent.glob("director.db.damaged-*"))
    assert len(kept) == 1
    assert errors == []
    finish(window)


def test_a_damaged_database_is_left_alone_when_the_restore_is_declined(
    qtbot, damaged_with_backup: Path, errors, monkeypatch
) -> None:
    before = damaged_with_backup.read_bytes()
    monkeypatch.setattr(app_module, "ask_to_restore", lambda text: False)
    assert app_module.start(damaged_with_backup, Settings()) is None
    assert damaged_with_backup.read_bytes() == before


def test_a_database_on_a_full_disk_is_not_called_damaged_nor_replaced(
    qtbot, small_disk, errors, clock, monkeypatch
) -> None:
    """SQLite cannot even make its journal files on a full disk and says "disk I/O
    error": the organizer is told the disk is full, never offered to put a backup in
    place of a good database."""
    path = small_disk.root / "club.db"
    database = open_database(path)
    Library(database, clock=clock).create("Friday").close()
    BackupManager(database).back_up()
    database.close()
    checkpoint(path)
    before = path.read_bytes()
    small_disk.fill()
    asked: list[str] = []
    monkeypatch.setattr(app_module, "ask_to_restore", lambda text: asked.append(text) or True)
    assert app_module.start(path, Settings()) is None
    assert asked == []
    assert len(errors) == 1 and "is full" in errors[0] and "damaged" not in errors[0]
    small_disk.free()
    assert path.read_bytes() == before
    assert not list(path.parent.glob("club.db.damaged-*"))


def test_a_database_on_a_read_only_disk_is_not_called_damaged_nor_replaced(
    qtbot, small_disk, errors, clock, monkeypatch, capsys
) -> None:
    """The club's file on a write-protected stick: SQLite "cannot open" it for
    writing. The organizer is told it cannot be written to, not that it is damaged,
    and is never offered a backup in its place; the command line says the same."""
    path = small_disk.root / "club.db"
    database = open_database(path)
    Library(database, clock=clock).create("Friday").close()
    BackupManager(database).back_up()
    database.close()
    checkpoint(path)
    before = path.read_bytes()
    small_disk.read_only()
    try:
        asked: list[str] = []
        monkeypatch.setattr(app_module, "ask_to_restore", lambda text: asked.append(text) or True)
        assert app_module.start(path, Settings()) is None
        assert asked == []
        assert len(errors) == 1 and "cannot be written to" in errors[0]
        assert "damaged" not in errors[0]
        assert cli_main(["pay", "Ann", "5", "--db", str(path)]) == 2
        said = capsys.readouterr().err
        assert said.count("\n") == 1 and "cannot be written to" in said, said
    finally:
        small_disk.read_only(False)
    assert path.read_bytes() == before


# -- item 8: a database name that is not UTF-8 ------------------------------------------------


def test_the_app_starts_on_a_database_whose_name_is_not_utf8(
    qtbot, tmp_path: Path, errors, monkeypatch
) -> None:
    monkeypatch.setattr(MainWindow, "welcome_if_new", lambda self: None)
    path = Path(os.fsdecode(os.fsencode(str(tmp_path)) + b"/caf\xe9.db"))
    window = started(qtbot, path, Settings(welcomed=True))
    assert "caf\ufffd.db" in window.statusBar().currentMessage()
    window.open_session(window.library.create("Friday"))
    assert window.controller.state.name == "Friday"
    assert errors == []
    finish(window)


# -- item 11: the settings file --------------------------------------------------------------


def test_a_damaged_settings_file_is_said_once_in_the_window(
    qtbot, db_path: Path, errors, monkeypatch
) -> None:
    from director import paths
    from director.app.files.settings import read_settings

    monkeypatch.setattr(MainWindow, "welcome_if_new", lambda self: None)
    settings_file = paths.config_dir() / "settings.json"
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text("[" * 100_000)
    loaded = read_settings()
    assert loaded.problem is not None
    window = started(qtbot, db_path, loaded.settings, [loaded.problem])
    assert "default settings" in window.warning.text()
    assert list(settings_file.parent.glob("settings.json.broken-*"))
    finish(window)
    assert read_settings().problem is None


# -- item 9: importing a structure --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"format": "director-structure", "version": True, "name": "x"}),
        json.dumps(
            {
                "format": "director-structure",
                "version": 1,
                "name": "Lone \ud800",
                "structure": {"items": [{"type": "Level", "small_blind": 25, "big_blind": 50}]},
            }
        ),
    ],
)
def test_a_bad_structure_import_is_shown_not_raised(
    qtbot, window_factory, tmp_path: Path, errors, monkeypatch, text: str
) -> None:
    from director.gui.pages import structure_page

    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(
        structure_page.QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), "")
    )
    window = window_factory()
    window.open_session(window.library.create("Friday"))
    before = window.controller.state.structure
    window.console.page("structure").import_structure()
    assert len(errors) == 1 and "structure_file" in errors[0]
    assert window.controller.state.structure == before


# -- item 10: a damaged line of the event list --------------------------------------------------


def test_a_damaged_line_of_the_event_list_is_shown_as_damaged(
    qtbot, window_factory, db_path: Path
) -> None:
    import sqlite3

    window = window_factory()
    window.library.create("Friday").close()
    window.library.create("Saturday").close()
    connection = sqlite3.connect(db_path)
    connection.execute("UPDATE tournament SET kind = 'bogus' WHERE id = 1")
    connection.commit()
    connection.close()
    window.refresh_events()
    model = window.events_page.model
    statuses = {model.index(row, 0).data(): model.index(row, 3).data() for row in range(2)}
    assert statuses == {"Friday": "Damaged", "Saturday": "Not started"}


# -- item 2: a report saved over the database --------------------------------------------------


def test_a_report_is_never_saved_over_the_database(
    qtbot, window_factory, db_path: Path, errors, monkeypatch
) -> None:
    from director.gui.pages import reports_page

    window = window_factory()
    window.open_session(window.library.create("Friday"))
    checkpoint(db_path)
    before = db_path.read_bytes()
    monkeypatch.setattr(
        reports_page.QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(db_path), "")
    )
    window.console.page("reports").save()
    assert len(errors) == 1 and "output_is_database" in errors[0]
    assert db_path.read_bytes()[:16] == before[:16] == b"SQLite format 3\x00"


def test_a_notice_from_opening_an_event_is_shown(qtbot, window_factory, db_path: Path) -> None:
    import sqlite3

    window = window_factory()
    window.library.create("Friday").close()
    connection = sqlite3.connect(db_path)
    connection.execute("UPDATE snapshot SET state = '{broken'")
    connection.commit()
    connection.close()
    window.open_event(1)
    assert "snapshot" in window.warning.text()
    assert window.controller.state.name == "Friday"
    assert Message("snapshot_damaged", {"event": 1}) in window.controller.session.notices


def test_opening_a_database_not_exactly_directors_is_said_and_leaves_it_unchanged(
    qtbot, window_factory, tmp_path: Path, errors, clock
) -> None:
    """Issue 35: a file with a table dropped or a foreign trigger is refused by the
    window's open before anything is written; the window keeps its own database."""
    import hashlib

    from tests.corpus import SHAPES, build_base, damaged

    base = tmp_path / "base.db"
    build_base(base)
    window = window_factory(tmp_path / "mine.db")
    mine = window.database
    for number, shape in enumerate(sorted(SHAPES)):
        folder = tmp_path / f"shape {number}"
        folder.mkdir()
        path = damaged(SHAPES[shape])(folder, base)
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        assert not window.maintenance.open_database(str(path)), shape
        assert errors[-1].startswith("db_foreign_schema: "), (shape, errors)
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before, shape
        assert sorted(p.name for p in folder.iterdir()) == ["club.db"], shape
        assert window.database is mine
    assert len(errors) == len(SHAPES)
    finish(window)
