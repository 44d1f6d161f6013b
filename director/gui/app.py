"""Starting the desktop app."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from director import __version__, paths
from director.app.files.settings import Settings, read_settings
from director.app.storage.backups import BackupManager, newest_good_backup, replace_damaged
from director.app.storage.databases import Database, StoreError, open_database
from director.core.messages import Message
from director.files import display_path
from director.gui.common import confirm
from director.i18n import (
    _,
    describe_error,
    format_datetime,
    language,
    render,
    set_currency,
    set_language,
)

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

    from director.gui.main_window import MainWindow

EXIT_FAILED = 2
BACKUP_AT_THE_LATEST_MS = 2000
"""The start-up backup is made once the window has painted, or after this long
if it never paints (hidden), or before the first write, whichever comes first;
the audio output is looked for then too."""


def application() -> QApplication:
    """The QApplication, created once."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    # The style is named on Qt's command line: ``setStyle`` would hand Python the
    # style object, and PySide would make its eleven enums before the first paint.
    app = QApplication([*sys.argv[:1], "-style", "Fusion"])
    app.setApplicationName("director")
    app.setApplicationDisplayName("director")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("director")
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus, False)
    return app


def give_the_app_its_icon() -> None:
    """director's icon on its windows and dialogs. Given once the main window has
    painted (or before a dialog shown instead of it): PySide makes the Python enums
    of the icon's class (some 150 theme icons' names) when Python first meets it,
    some 8 ms of CPU the first paint does without."""
    from PySide6.QtGui import QIcon

    app = QApplication.instance()
    icon = paths.resource("icons", "director.png")
    if isinstance(app, QApplication) and app.windowIcon().isNull() and icon.exists():
        app.setWindowIcon(QIcon(str(icon)))


_qt_translators: list[QTranslator] = []
"""Qt's own translator installed for the current language (at most one)."""


def apply_language(app: QApplication, settings: Settings) -> QTranslator | None:
    """Use the chosen language for director's texts and for Qt's own (buttons, dialogs).

    Called again after a change of language: the previous Qt translator is removed.
    Returns Qt's installed translator, if one was needed (none for English, Qt's own).
    """
    set_language(settings.language)
    set_currency(settings.currency)
    while _qt_translators:
        app.removeTranslator(_qt_translators.pop())
    if language() == "en":
        return None
    from PySide6.QtCore import QLibraryInfo, QTranslator

    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{language()}", folder):
        app.installTranslator(translator)
        _qt_translators.append(translator)
        return translator
    return None


def backup_folder_of(settings: Settings) -> Path | None:
    return Path(settings.backup_folder).expanduser() if settings.backup_folder else None


def _cannot_open(text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    give_the_app_its_icon()
    QMessageBox.critical(None, _("director cannot open this database"), text)


def open_or_explain(path: Path, folder: Path | None = None) -> Database | None:
    """Open the database, or say in a dialog why it cannot be used.

    A damaged database is never written to; its newest good backup (in
    ``folder``, else the default backup folder) is offered in its place.
    """
    try:
        return open_database(path)
    except StoreError as error:
        if error.code == "db_damaged" and isinstance(path, Path):
            return offer_backup(path, error, folder)
        _cannot_open(describe_error(error))
        return None


def offer_backup(path: Path, error: StoreError, folder: Path | None) -> Database | None:
    """Offer to put the newest good backup in place of the damaged database ``path``."""
    path = Path(path).expanduser().absolute()
    backup = newest_good_backup(path, folder)
    if backup is None:
        _cannot_open(describe_error(error))
        return None
    question = _(
        "{problem}\n\nIts newest good backup was made on {moment} ({name}). Put it in "
        "place of the damaged file? The damaged file is kept beside it, renamed."
    ).format(
        problem=describe_error(error),
        moment=format_datetime(int(backup.created.timestamp() * 1000)),
        name=display_path(backup.path.name),
    )
    if not ask_to_restore(question):
        return None
    try:
        replace_damaged(path, backup.path)
        return open_database(path)
    except StoreError as failure:
        _cannot_open(describe_error(failure))
        return None


def ask_to_restore(question: str) -> bool:
    """Ask whether to restore the backup (a function of its own, for the tests)."""
    give_the_app_its_icon()
    return confirm(None, _("The database is damaged"), question, yes=_("Restore the backup"))


def start(
    database_path: Path, settings: Settings, notices: Sequence[Message] = ()
) -> MainWindow | None:
    """Open the database and show the main window; None if the database cannot be used.

    A backup is made as soon as the window has painted (or before the first
    write, if one comes sooner: the copy is always of the file as it was
    opened); when it fails (a full disk) the window says so and the night goes on.
    """
    folder = backup_folder_of(settings)
    database = open_or_explain(database_path, folder)
    if database is None:
        return None
    from director.gui.main_window import MainWindow

    backups = BackupManager(database, folder)
    window = MainWindow(database, backups=backups, settings=settings)
    backups.back_up_later(window.backup_failed)
    for notice in notices:
        window.warn(render(notice))
    window.place_and_show()
    settled: list[bool] = []

    def settle() -> None:
        """What waits for the first paint, done once: the app's icon, the backup of
        the file as opened (see above), moving an older version's pictures into the
        database, and looking for an audio output (which loads Qt Multimedia, some
        50 ms)."""
        if not settled:
            settled.append(True)
            give_the_app_its_icon()
            try:
                backups.back_up_pending()
                # After the backup: moving an older version's pictures in is a
                # write, and the copy must be of the file as it was opened.
                window.tv.adopt_assets()
            finally:
                window.check_audio()

    after_first_paint(window, settle)
    QTimer.singleShot(BACKUP_AT_THE_LATEST_MS, window, settle)
    if not window.reopen_last_event():
        window.welcome_if_new()
    return window


class _FirstPaint(QObject):
    """Calls ``then`` once, just after the first paint of ``window``.

    It watches the window alone, not the whole application: a filter of the
    application is given every event of every object, and PySide then wraps each
    object for Python, Qt's private classes too (a menu bar's extension button, a
    list's model), which makes it build the Python enums of every class of
    QtWidgets (some 150, tens of milliseconds) before the first paint. The window
    is painted first, before its children, in the same pass.
    """

    def __init__(self, window: QWidget, then: Callable[[], object]) -> None:
        super().__init__(window)
        self.window = window
        self.then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.window.removeEventFilter(self)
            # After this paint has been drawn and shown, not in the middle of it.
            QTimer.singleShot(0, self.window, self.then)
        return False


def after_first_paint(window: QWidget, then: Callable[[], object]) -> None:
    """Call ``then`` once the window has first painted (the event loop runs it)."""
    window.installEventFilter(_FirstPaint(window, then))


def run(
    database_path: Path,
    settings: Settings | None = None,
    notices: Sequence[Message] = (),
    *,
    verbose: bool = False,
) -> int:
    """Open ``database_path`` (created if missing) and show the main window.

    ``settings``: as already read by the caller, else read from the settings
    file; ``notices``: what reading them had to say (a damaged file); ``verbose``:
    let Qt's multimedia chatter through to stderr.
    """
    from director.gui.platform_check import window_problem
    from director.gui.qt_messages import install_message_handler, quiet_environment

    quiet_environment(verbose)
    install_message_handler(verbose)
    if settings is None:
        loaded = read_settings()
        settings, notices = loaded.settings, [loaded.problem] if loaded.problem else []
    set_language(settings.language)
    # Qt aborts the process when its platform plugin cannot load, blaming a
    # library that may not be the one missing: say which ones, then stop.
    problem = window_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_FAILED
    app = application()
    apply_language(app, settings)
    window = start(database_path, settings, notices)
    if window is None:
        return EXIT_FAILED
    try:
        return app.exec()
    finally:
        window.database.close()
