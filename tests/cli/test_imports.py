"""Start-up stays honest: what each entry point imports (sys.modules, not timings).

Each check runs in a fresh interpreter, since this test process has imported
everything already.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from director import __version__
from director.app.storage.library import Library
from director.core import commands as c
from director.persistence.db import open_database

HEAVY = (
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "reportlab",
    "PySide6",
    "babel",
    "platformdirs",
    "segno",
)


def imported_after(code: str, env: dict[str, str] | None = None) -> tuple[list[str], str]:
    """The heavy top-level packages imported by running ``code``, and its output."""
    heavy, _ours, output = modules_after(code, env)
    return heavy, output


def modules_after(code: str, env: dict[str, str] | None = None) -> tuple[list[str], set[str], str]:
    """The heavy top-level packages and director's own modules imported by running
    ``code``, and its output."""
    probe = (
        "import io, json, sys, contextlib\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        + "".join(f"    {line}\n" for line in code.splitlines())
        + f"heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({list(HEAVY)!r}))\n"
        "ours = sorted(m for m in sys.modules if m.startswith('director'))\n"
        "print(json.dumps([heavy, ours, out.getvalue()]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    heavy, ours, output = json.loads(done.stdout.splitlines()[-1])
    return heavy, set(ours), output


def test_version_imports_no_database_layer_report_library_gui_or_babel() -> None:
    heavy, output = imported_after("from director.cli import main\nmain(['--version'])")
    assert output == f"director {__version__}\n"
    assert heavy == []


def test_version_through_python_dash_m_imports_nothing_heavy() -> None:
    heavy, output = imported_after(
        "import sys, runpy\n"
        "sys.argv = ['director', '--version']\n"
        "try:\n"
        "    runpy.run_module('director', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert done.code in (0, None), done.code"
    )
    assert output == f"director {__version__}\n"
    assert heavy == []


def test_the_check_sees_a_heavy_import() -> None:
    """The probe itself works: a module that does import the database layer is seen."""
    heavy, _ = imported_after("import director.persistence.tables")
    assert "sqlalchemy" in heavy


@pytest.mark.parametrize(
    ("module", "allowed"),
    [
        # The command line's own module: argparse and the messages, nothing else.
        ("director.cli", set()),
        # Formatting and paths are imported by nearly everything.
        ("director.i18n", set()),
        ("director.paths", set()),
        # The GUI's main window: Qt, but the report library only when a report is
        # made, and SQLAlchemy only when the roster is changed.
        ("director.gui.main_window", {"PySide6", "babel"}),
    ],
)
def test_importing_a_module_pulls_in_only_what_it_needs(module: str, allowed: set[str]) -> None:
    heavy, _ = imported_after(f"import {module}")
    assert set(heavy) <= allowed, f"{module} imports {sorted(set(heavy) - allowed)}"


def test_the_window_imports_the_network_server_only_when_sharing() -> None:
    """An app that never shares its clock never loads the server, Qt's network
    modules or the QR library."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, director.gui.main_window\n"
            "print(sorted(m for m in sys.modules if m.startswith(('director.web', "
            "'PySide6.QtWebSockets', 'PySide6.QtNetwork', 'segno'))))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("command", [["events"], ["status", "1"], ["status", "1", "--json"]])
def test_reading_commands_do_not_import_sqlalchemy(
    command: list[str], db_path: Path, tmp_path: Path, clock
) -> None:
    """A read-only database is read through the driver: no SQLAlchemy or SQLModel."""
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday night")
    session.dispatch(c.RenameTournament(name="Friday night out"))
    session.close()
    database.close()
    env = {
        **os.environ,
        "DIRECTOR_CONFIG_DIR": str(tmp_path / "config"),
        "DIRECTOR_DATA_DIR": str(tmp_path / "data"),
    }
    argv = [*command, "--db", str(db_path)]
    heavy, output = imported_after(
        f"from director.cli import main\nassert main({argv!r}) == 0", env=env
    )
    assert "Friday night out" in output
    assert heavy == ["babel"] or heavy == []


def test_the_window_starts_and_opens_an_event_without_sqlalchemy_or_reportlab(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """Start-up to the first paint reads through the driver: SQLAlchemy, SQLModel
    and ReportLab wait until something needs them."""
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday night")
    session.dispatch(c.RenameTournament(name="Friday night out"))
    event_id = session.tournament_id
    session.close()
    database.close()
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "DIRECTOR_CONFIG_DIR": str(tmp_path / "config"),
        "DIRECTOR_DATA_DIR": str(tmp_path / "data"),
    }
    heavy, output = imported_after(
        "from pathlib import Path\n"
        "from director.app.files.settings import Settings\n"
        "from director.gui.app import application, start\n"
        "app = application()\n"
        f"window = start(Path({str(db_path)!r}), Settings(welcomed=True))\n"
        "app.processEvents()\n"
        f"window.open_event({event_id})\n"
        "app.processEvents()\n"
        "print(window.controller.state.name)\n"
        "window.database.close()",
        env=env,
    )
    assert output == "Friday night out\n"
    assert not set(heavy) & {"sqlalchemy", "sqlmodel", "reportlab", "alembic", "segno"}


RULES_FOR_COMMANDS = {
    "director.core.commands",
    "director.core.decide",
    "director.core.handlers",
}
"""What only sending a command needs: the commands and the rules that decide them."""

PAGES = {
    f"director.gui.pages.{page}"
    for page in (
        "event_page",
        "clock_page",
        "structure_page",
        "players_page",
        "tables_page",
        "payouts_page",
        "floor_page",
        "reports_page",
        "night_page",
        "club_page",
    )
}


NOT_FOR_A_FIRST_PAINT = (
    # The leagues' rules and standings: asked only when the database has a season.
    "director.app.club.leagues",
    "director.core.leagues",
    # Pictures are decoded for a TV look that has one (the demo's has none).
    "director.gui.media",
    "director.app.tv.tv_assets",
    # Windows and pages opened on demand: the shot clock, the Night page's charts,
    # the door, the club.
    "director.gui.dialogs.shot_clock",
    "director.gui.shot_clock_panel",
    "director.gui.clock_display",
    "director.gui.charts_view",
    "director.gui.door_view",
    "director.app.club.balances",
    "PySide6.QtCharts",
    "PySide6.QtMultimedia",
    # The X11 check's tools, when Qt does not start on X11 (offscreen here).
    "ctypes",
    "subprocess",
)
"""What neither first paint (the list of events, or an event reopened on its clock
page) imports."""


def a_night(db_path: Path, clock, *, started: bool = False, paused: bool = False) -> int:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Friday night")
    session.dispatch(c.RenameTournament(name="Friday night out"))
    session.dispatch(c.EditDetails(event_date="2026-11-21", venue="Back room"))
    if started:
        from director.core.structure import simple

        session.dispatch(c.SetStructure(structure=simple([(100, 200)])))
        session.dispatch(c.StartClock())
        if paused:  # reopened with no question (a running clock asks whether to go on)
            session.dispatch(c.PauseClock())
    event_id = session.tournament_id
    session.close()
    database.close()
    return event_id


def quiet_env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "DIRECTOR_CONFIG_DIR": str(tmp_path / "config"),
        "DIRECTOR_DATA_DIR": str(tmp_path / "data"),
    }


def test_status_reads_an_event_without_the_commands_or_their_rules(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """Replaying a log needs the events and their appliers: not the ~50 command
    classes, decide, or the handlers that decide commands."""
    a_night(db_path, clock)
    _heavy, ours, output = modules_after(
        "from director.cli import main\n"
        f"assert main(['status', '1', '--db', {str(db_path)!r}]) == 0",
        env=quiet_env(tmp_path),
    )
    assert "Friday night out" in output
    assert "director.core.appliers" in ours  # the check sees the replay's modules
    assert not {m for m in ours if m.split(".")[:3] == ["director", "core", "handlers"]}
    assert not ours & RULES_FOR_COMMANDS
    # Nor the network page or the remote (a phone's commands).
    assert not {m for m in ours if m.startswith("director.web")}
    assert "director.app.phones.remote" not in ours


def test_a_command_line_reads_the_terminal_width_without_shutil(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """argparse imports ``shutil`` (and its compression modules, some 4 ms) to read
    the terminal's width as each option is added; director's parser reads it itself."""
    a_night(db_path, clock)
    _heavy, _ours, output = modules_after(
        "from director.cli import main\n"
        f"assert main(['status', '1', '--db', {str(db_path)!r}]) == 0\n"
        "print(sorted({'shutil', 'bz2', 'lzma'} & set(sys.modules)))\n",
        env=quiet_env(tmp_path),
    )
    assert "Friday night out" in output
    assert output.splitlines()[-1] == "[]"


def test_status_reads_the_snapshot_without_writing_a_decoder(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """A snapshot holds each of the state's classes a few times: they are decoded
    field by field (``codec.WRITTEN_AFTER``), none of their decoders written and
    compiled (some 0.3 ms each, for some forty classes)."""
    event_id = a_night(db_path, clock, started=True)  # closed: its snapshot written
    _heavy, _ours, output = modules_after(
        "from director.core import codec\n"
        "written = []\n"
        "write = codec._planned_decoder\n"
        "def counted(cls, hints):\n"
        "    written.append(cls.__name__)\n"
        "    return write(cls, hints)\n"
        "codec._planned_decoder = counted\n"
        "from director.cli import main\n"
        f"assert main(['status', '{event_id}', '--db', {str(db_path)!r}]) == 0\n"
        "print(written)\n",
        env=quiet_env(tmp_path),
    )
    assert "Friday night out" in output
    assert output.splitlines()[-1] == "[]"


BUILT_DATACLASSES = """
import json, sys
built, declared = set(), set()
for name, module in list(sys.modules.items()):
    if name.startswith("director.core"):
        for value in vars(module).values():
            # Read from the class's own dictionary: asking dataclasses would build it.
            fields = value.__dict__.get("__dataclass_fields__") if isinstance(value, type) else None
            if fields is not None and value.__module__ == name:
                declared.add(value.__qualname__)
                if type(fields) is dict:
                    built.add(value.__qualname__)
print(json.dumps([sorted(built), sorted(declared), "random" in sys.modules]))
"""


def test_status_builds_only_the_classes_it_makes_and_imports_no_random_draw(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """Replaying a log writes the methods of the classes whose instances need them
    (a button's move compares by dataclass's ``__eq__``): not those of the other
    classes the core declares (events this night never had, the hands), nor those of
    the records only decoded from the log (its events, the structure's levels) or
    made a few times (the state). Nor is ``random`` imported (a bounty draw is given
    its generator by the command that draws)."""
    a_night(db_path, clock)
    _heavy, _ours, output = modules_after(
        "from director.cli import main\n"
        f"assert main(['status', '1', '--db', {str(db_path)!r}]) == 0\n" + BUILT_DATACLASSES,
        env=quiet_env(tmp_path),
    )
    assert "Friday night out" in output
    built, declared, random_imported = json.loads(output.splitlines()[-1])
    assert "Move" in built  # the check sees what was built
    assert {"ClockStarted", "Level", "TournamentState", "ClockView"} <= set(declared)
    assert not set(built) & {
        "ClockStarted",
        "PlayersBusted",
        "LevelChanged",
        "Level",
        "TournamentState",
        "ClockView",
    }
    assert len(built) < len(declared) * 2 / 3, (len(built), len(declared))
    assert not random_imported


def test_the_window_paints_the_event_list_before_importing_any_console(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """The first paint shows the list of events: no session, no state classes, no
    console, no page, no clock display."""
    a_night(db_path, clock)
    _heavy, ours, output = modules_after(
        "from pathlib import Path\n"
        "from director.app.files.settings import Settings\n"
        "from director.gui.app import application, start\n"
        "app = application()\n"
        f"window = start(Path({str(db_path)!r}), Settings(welcomed=True))\n"
        "app.processEvents()\n"
        "print(window.events_page.model.rowCount())\n"
        "window.database.close()",
        env=quiet_env(tmp_path),
    )
    assert output == "1\n"
    assert "director.gui.main_window" in ours
    for absent in (
        *PAGES,
        *RULES_FOR_COMMANDS,
        "director.app.night.session",
        "director.core.events",
        "director.core.state",
        "director.gui.console",
        "director.gui.clock_display",
        "director.gui.controller",
        "director.gui.dialogs.share",
        "director.app.views.feed",
        "director.app.phones.remote",
        # The list's dates (Babel's locale data): written just after the paint.
        "babel.dates",
        *NOT_FOR_A_FIRST_PAINT,
    ):
        assert absent not in ours, absent
    # The network page is made when it is first shared, never for the first paint.
    assert not {m for m in ours if m.startswith("director.web")}


@pytest.mark.parametrize(("started", "shown"), [(False, "event_page"), (True, "clock_page")])
def test_opening_an_event_builds_only_the_page_shown(
    db_path: Path, tmp_path: Path, clock, started: bool, shown: str
) -> None:
    """The console opens on one page (the clock once it has started); the others are
    built, and their modules imported, when first shown or asked for."""
    event_id = a_night(db_path, clock, started=started)
    _heavy, ours, output = modules_after(
        "from pathlib import Path\n"
        "from director.app.files.settings import Settings\n"
        "from director.gui.app import application, start\n"
        "app = application()\n"
        f"window = start(Path({str(db_path)!r}), Settings(welcomed=True))\n"
        "window.sessions.ask_resume = False\n"
        f"window.open_event({event_id})\n"
        "app.processEvents()\n"
        "print(window.console.current_key())\n"
        "window.close()\n"
        "window.database.close()",
        env=quiet_env(tmp_path),
    )
    assert output == ("clock\n" if started else "event\n")
    assert PAGES & ours == {f"director.gui.pages.{shown}"}


BUILT_CLASSES = """
def built_classes():
    built = []
    for name, module in list(sys.modules.items()):
        if name.startswith("director.core"):
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == name:
                    fields = value.__dict__.get("__dataclass_fields__")
                    if type(fields) is dict:
                        built.append(value.__qualname__)
    return sorted(built)
"""
"""``built_classes()``: the core's dataclasses made so far (as ``BUILT_DATACLASSES``)."""


def at_first_paint(
    db_path: Path, tmp_path: Path, settings: str
) -> tuple[str, set[str], set[str], set[str]]:
    """Start the window on ``db_path`` with ``settings`` (Python source) in a fresh
    interpreter: what it shows (the console's page, or "events"), the modules
    imported, the Python enums PySide had made and the core's dataclasses built,
    all as of the first paint."""
    probe = (
        "import enum, gc, json, sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtCore import QEvent, QObject\n"
        "from director.app.files.settings import Settings\n"
        "from director.gui.app import application, start\n"
        "class Painted(QObject):\n"
        "    seen = None\n"
        "    def eventFilter(self, watched, event):\n"
        "        if event.type() == QEvent.Type.Paint and self.seen is None:\n"
        "            enums = [o for o in gc.get_objects() if isinstance(o, enum.EnumType)]\n"
        "            self.seen = (sorted(sys.modules), sorted(e.__qualname__ for e in enums),\n"
        "                         built_classes())\n"
        "        return False\n" + BUILT_CLASSES + "app = application()\n"
        f"window = start(Path({str(db_path)!r}), {settings})\n"
        "painted = Painted()\n"
        "window.installEventFilter(painted)\n"
        "while painted.seen is None:\n"
        "    app.processEvents()\n"
        "shown = window.console.current_key() if window.console else 'events'\n"
        "print(json.dumps([shown, *painted.seen]))\n"
        "window.database.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=quiet_env(tmp_path),
    )
    shown, modules, enums, built = json.loads(done.stdout.splitlines()[-1])
    return shown, set(modules), set(enums), set(built)


def test_reopening_the_event_left_open_paints_its_clock_page_without_what_it_does_not_show(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """Issue 36: "first paint reopening the event left open (what an organizer sees
    every night)". The start reopens the event (its console on the clock page)
    before the first paint, and imports for it only what that page shows: no
    leagues without a season, no picture decoder without a picture, no window or
    page not yet opened."""
    event_id = a_night(db_path, clock, started=True, paused=True)
    key = str(db_path.resolve())
    shown, ours, enums, built = at_first_paint(
        db_path,
        tmp_path,
        f"Settings(welcomed=True, open_event={event_id}, open_database={key!r})",
    )
    assert shown == "clock"
    assert "director.gui.pages.clock_page" in ours  # the check sees the page's modules
    assert "director.app.views.live_league" in ours
    for absent in NOT_FOR_A_FIRST_PAINT:
        assert absent not in ours, absent
    assert PAGES & ours == {"director.gui.pages.clock_page"}
    # The rules' questions are not asked yet: the guard asks them just after the
    # paint (its controls disabled meanwhile), so no command, no event a command
    # would record, is built for it; nor are the records the page shows (the
    # state, the clock's view, the display's values), made without it.
    assert "Move" in built  # the check sees what was built
    assert not built & {
        "StartClock",
        "NextLevel",
        "NextHand",
        "ClockStarted",
        "HandStarted",
        "TournamentState",
        "ClockView",
        "DisplayData",
    }
    # The planned start's row (a time field) shows only before the clock starts.
    assert not {e for e in enums if e.startswith(("QDateTimeEdit.", "QAbstractSpinBox."))}


@pytest.mark.parametrize("reopened", [False, True])
def test_the_first_paint_makes_no_python_enum_of_a_qt_class_the_window_does_not_use(
    db_path: Path, tmp_path: Path, clock, reopened: bool
) -> None:
    """PySide makes a class's Python enums when Python first meets the class. A
    filter on the whole application met every object (Qt's private ones too), and
    PySide then made the enums of every class of QtWidgets, some 150, before the
    first paint: a wizard's, a file dialog's, a calendar's."""
    event_id = a_night(db_path, clock, started=True, paused=True)
    key = str(db_path.resolve())
    settings = (
        f"Settings(welcomed=True, open_event={event_id}, open_database={key!r})"
        if reopened
        else "Settings(welcomed=True)"
    )
    shown, _ours, enums, _built = at_first_paint(db_path, tmp_path, settings)
    assert shown == ("clock" if reopened else "events")
    assert "Qt.AlignmentFlag" in enums  # the check sees the enums made
    unused = {e for e in enums if e.startswith(("QWizard.", "QFileDialog.", "QCalendarWidget."))}
    assert not unused


def test_the_list_of_events_paints_without_babel_or_the_icons_and_links_classes(
    db_path: Path, tmp_path: Path, clock
) -> None:
    """Issue 36: "main window first paint". The list of events shows a date on each
    row: Babel's import and its locale data (some 30-40 ms of CPU) wait for a
    number, an amount or a moment to format, in English and in French alike. Nor
    does PySide make the Python enums of the app's icon (some 150 theme icons'
    names, given once the window has painted) or of a link (the sounds' files)."""
    database = open_database(db_path)
    Library(database, clock=clock).create("Friday night", event_date="2026-11-27").close()
    database.close()
    for language in ("en", "fr"):
        shown, modules, enums, _built = at_first_paint(
            db_path, tmp_path, f"Settings(welcomed=True, language={language!r})"
        )
        assert shown == "events"
        assert "director.gui.models.events_model" in modules  # the check sees the list
        assert not {m for m in modules if m.split(".")[0] == "babel"}, language
        assert "QAbstractItemView.SelectionMode" in enums  # the check sees the enums
        assert not {e for e in enums if e.startswith(("QIcon.", "QUrl."))}, language


@pytest.mark.parametrize(("language", "code"), [("en", "EUR"), ("fr", "EUR"), ("fr", "USD")])
def test_the_reopened_console_paints_its_figures_without_babel(
    db_path: Path, tmp_path: Path, clock, language: str, code: str
) -> None:
    """Issue 36: "first paint reopening the event left open". The clock page shows
    blinds, chips and the prize pool in its first paint: their numbers and amounts
    are written out in English and French, so Babel's import and locale data (some
    40 ms of CPU) wait until something else needs them."""
    event_id = a_night(db_path, clock, started=True, paused=True)
    key = str(db_path.resolve())
    shown, modules, _enums, _built = at_first_paint(
        db_path,
        tmp_path,
        f"Settings(welcomed=True, open_event={event_id}, open_database={key!r}, "
        f"language={language!r}, currency={code!r})",
    )
    assert shown == "clock"
    assert "director.app.views.display" in modules  # the check sees the figures' module
    assert not {m for m in modules if m.split(".")[0] == "babel"}, (language, code)
