"""Starting the desktop app."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, Qt, QTranslator
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from director import __version__, paths
from director.app.backups import BackupManager
from director.app.settings import Settings, load_settings
from director.i18n import _, describe_error, language, set_currency, set_language
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
    icon = paths.resource("icons", "director.png")
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


_qt_translators: list[QTranslator] = []
"""Qt's own translator installed for the current language (at most one)."""


def apply_language(app: QApplication, settings: Settings) -> QTranslator | None:
    """Use the chosen language for director's texts and for Qt's own (buttons, dialogs).

    Called again after a change of language: the previous Qt translator is removed.
    Returns Qt's installed translator, if one was needed.
    """
    set_language(settings.language)
    set_currency(settings.currency)
    while _qt_translators:
        app.removeTranslator(_qt_translators.pop())
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if language() != "en" and translator.load(f"qtbase_{language()}", folder):
        app.installTranslator(translator)
        _qt_translators.append(translator)
        return translator
    return None


def open_or_explain(path: Path) -> Database | None:
    """Open the database, or say in a dialog why it cannot be used."""
    try:
        return open_database(path)
    except StoreError as error:
        QMessageBox.critical(None, _("director cannot open this database"), describe_error(error))
        return None


def run(database_path: Path, settings: Settings | None = None) -> int:
    """Open ``database_path`` (created if missing) and show the main window.

    ``settings``: as already read by the caller, else read from the settings file.
    """
    app = application()
    settings = settings if settings is not None else load_settings()
    apply_language(app, settings)
    database = open_or_explain(database_path)
    if database is None:
        return EXIT_FAILED
    from director.gui.main_window import MainWindow

    folder = Path(settings.backup_folder).expanduser() if settings.backup_folder else None
    backups = BackupManager(database, folder)
    # A backup folder that cannot be written must not stop the night.
    with contextlib.suppress(OSError):
        backups.back_up()
    window = MainWindow(database, backups=backups, settings=settings)
    window.show()
    window.welcome_if_new()
    try:
        return app.exec()
    finally:
        database.close()
