"""Starting the desktop app."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from director import __version__
from director.app.backups import BackupManager
from director.i18n import _, describe_error
from director.persistence.db import Database, StoreError, open_database

EXIT_FAILED = 2


def application() -> QApplication:
    """The QApplication, created once."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(sys.argv[:1])
    app.setApplicationName("director")
    app.setApplicationDisplayName("director")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("director")
    app.setStyle("Fusion")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    return app


def open_or_explain(path: Path) -> Database | None:
    """Open the database, or say in a dialog why it cannot be used."""
    try:
        return open_database(path)
    except StoreError as error:
        QMessageBox.critical(None, _("director cannot open this database"), describe_error(error))
        return None


def run(database_path: Path) -> int:
    """Open ``database_path`` (created if missing) and show the main window."""
    app = application()
    database = open_or_explain(database_path)
    if database is None:
        return EXIT_FAILED
    from director.gui.main_window import MainWindow

    backups = BackupManager(database)
    # A backup folder that cannot be written must not stop the night.
    with contextlib.suppress(OSError):
        backups.back_up()
    window = MainWindow(database, backups=backups)
    window.show()
    try:
        return app.exec()
    finally:
        database.close()
