"""Shared fixtures: a fake clock, a database in a temporary folder, sessions."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from director.core.ids import Instant

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
settings.load_profile("default")

START = Instant(1_795_000_000_000)  # 2026-11-18, a fixed moment for repeatable tests


class FakeClock:
    """A clock the test moves by hand: ``clock()`` -> now, ``clock.advance(ms)``."""

    def __init__(self, start: int = START) -> None:
        self.now = Instant(start)

    def __call__(self) -> Instant:
        return self.now

    def advance(self, milliseconds: int) -> Instant:
        self.now = Instant(self.now + milliseconds)
        return self.now

    def set(self, moment: int) -> None:
        self.now = Instant(moment)


@pytest.fixture(autouse=True)
def _isolated_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never touch the real user's data or settings."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DIRECTOR_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("DIRECTOR_CONFIG_DIR", str(home / "config"))
    # The tests read English texts whatever the machine's language.
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A test that switches to French must not leave the next one in French."""
    yield
    from director.i18n import set_currency, set_language

    set_language("en")
    set_currency("EUR")
    # Qt's own translator too (key names such as "Espace" in the F1 list): a window
    # switched to French installs one for the whole application.
    gui_app = sys.modules.get("director.gui.app")
    if gui_app is not None and gui_app._qt_translators:
        from PySide6.QtWidgets import QApplication

        application = QApplication.instance()
        while gui_app._qt_translators:
            translator = gui_app._qt_translators.pop()
            if application is not None:
                application.removeTranslator(translator)


@pytest.fixture(autouse=True)
def _listeners_never_fail_silently(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A listener of a change notice or of the clock feed that raises is only logged
    (the night goes on): in a test, that fails the test. A test that makes one fail
    on purpose checks the log, then clears it."""
    yield
    failures = [
        record.getMessage()
        for record in caplog.get_records("call")
        if record.name == "director.app.night.notices"
    ]
    if failures:
        pytest.fail(f"a listener failed: {failures}")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "director.db"


@pytest.fixture
def database(db_path: Path) -> Iterator[object]:
    from director.persistence.db import open_database

    db = open_database(db_path)
    yield db
    db.close()


@pytest.fixture
def library(database: object, clock: FakeClock) -> object:
    from director.app.storage.library import Library

    return Library(database, clock=clock)  # type: ignore[arg-type]


class SmallDisk:
    """A real file system of a few hundred kilobytes, to run out of space for real."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.filler = root / ".filler"

    def fill(self) -> None:
        """Take every free block, so the next write that needs space fails (ENOSPC)."""
        with self.filler.open("ab", buffering=0) as handle:
            for chunk in (65536, 4096, 512, 1):
                try:
                    while handle.write(b"\0" * chunk):
                        pass
                except OSError:
                    continue

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def read_only(self, on: bool = True) -> None:
        """Mount the disk read-only (a write-protected stick, a disk the system found
        faulty), or writable again."""
        import subprocess

        option = "remount,ro" if on else "remount,rw"
        subprocess.run(["mount", "-o", option, str(self.root)], check=True, capture_output=True)

    def files(self) -> list[str]:
        """Every file on the disk but the filler, relative to its root."""
        return sorted(
            str(path.relative_to(self.root))
            for path in self.root.rglob("*")
            if path.is_file() and path != self.filler
        )


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[SmallDisk]:
    """A tmpfs of 2 MB mounted for the test (root only, as here and in CI)."""
    import subprocess

    root = tmp_path / "small-disk"
    root.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m,mode=0755", "tmpfs", str(root)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr.strip()}")
    try:
        yield SmallDisk(root)
    finally:
        if subprocess.run(["umount", str(root)], capture_output=True, check=False).returncode:
            subprocess.run(["umount", "-l", str(root)], capture_output=True, check=False)


def checkpoint(path: Path) -> None:
    """Fold the database's WAL back into it and empty it, so that the next write must
    grow a file (on a full disk, it then fails)."""
    import sqlite3

    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()


@pytest.fixture
def pg_url() -> str:
    """A fresh, empty database on the tests' throwaway PostgreSQL server."""
    from tests import pg

    return pg.server().create_database()


KINDS = ("sqlite", "postgresql")
"""The kinds of database director runs on: a file, and a club's server."""


def database_of_kind(kind: str, tmp_path: Path) -> Path | str:
    """A new database's location: a file in ``tmp_path``, or a fresh database on the
    tests' PostgreSQL server (one server per test session, see ``tests/pg.py``)."""
    if kind == "sqlite":
        return tmp_path / "director.db"
    from tests import pg

    return pg.server().create_database()


@pytest.fixture(params=KINDS)
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a database is, on each kind of server: a file, then a PostgreSQL URL."""
    return str(database_of_kind(request.param, tmp_path))


@pytest.fixture
def file_path(tmp_path: Path) -> Path:
    """A database file, for the tests about what only SQLite does (its file, lock,
    journal, damage, online backup), where ``db_path`` runs on both kinds."""
    return tmp_path / "director.db"


def names_in(target: Path | str) -> list[str]:
    """The names of the events in the database at ``target`` (either kind), read
    without writing, in the order they were made."""
    from director.app.storage.library import Library
    from director.persistence.db import open_database

    database = open_database(target, create=False, readonly=True)
    try:
        return [event.name for event in sorted(Library(database).events(), key=lambda e: e.id)]
    finally:
        database.close()
