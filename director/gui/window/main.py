"""The organizer's main window: the list of events, and the console of the open one.

The window is the frame: its menus, its status bar, the hotkeys, and starting and
closing. What it shows and does is in its hosts, each given only what it needs:
the list of events (``events_page.py``), the open event (``session_host.py``), the
TV (``tv_host.py``), the network (``network_host.py``) and the database's upkeep
(``maintenance.py``). The window never holds the truth: the session does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from PySide6.QtCore import QByteArray, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from director import __version__
from director.app.files.settings import KeptSettings, Settings, load_settings
from director.app.night.timesource import Now, wall_clock
from director.app.storage.backups import BackupManager
from director.app.storage.databases import Database
from director.app.storage.library import Library
from director.app.storage.workspace import Workspace
from director.files import one_line
from director.gui import hotkeys
from director.gui.app import after_first_paint
from director.gui.screens import screen_id
from director.gui.sound import SoundPlayer
from director.gui.window.events_page import EventList, EventsPage
from director.gui.window.maintenance import ClubNews, Maintenance
from director.gui.window.menus import Menus
from director.gui.window.network_host import NetworkHost
from director.gui.window.session_host import ConsoleKeys, SessionHost
from director.gui.window.tv_host import TvHost
from director.i18n import _, is_currency, set_currency

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QCloseEvent

    from director.app.night.session import TournamentSession
    from director.app.tv.awake import ScreenAwake
    from director.app.tv.tv_assets import AssetStore
    from director.app.views.feed import ClockFeed
    from director.gui.clock_display import ClockDisplayWindow
    from director.gui.console import Console
    from director.gui.controller import SessionController
    from director.gui.pages.clock_page import ClockPage
    from director.gui.sharing import Sharing
    from director.gui.ticker import ClockTicker


T = TypeVar("T")


class Forward(Generic[T]):
    """A window's attribute that is one of its hosts' (``name``, or the same name):
    read through the host, never a copy."""

    def __init__(self, host: str, name: str = "") -> None:
        self.host, self.name = host, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, window: object, owner: type | None = None) -> T:
        if window is None:  # read on the class (inspect, monkeypatch): the forward itself
            return cast(T, self)
        return cast(T, getattr(getattr(window, self.host), self.name))


class MainWindow(QMainWindow):
    """Holds at most one open event; the GUI never holds the truth, the session does."""

    def __init__(
        self,
        database: Database,
        *,
        clock: Now = wall_clock,
        backups: BackupManager | None = None,
        settings: Settings | None = None,
        ask_resume: bool = True,
    ) -> None:
        super().__init__()
        self.clock = clock
        self.kept = KeptSettings(settings if settings is not None else load_settings())
        """The settings in use, shared with the hosts."""
        current = self.kept.current
        self.sound = SoundPlayer(
            volume=current.volume, muted=current.muted, voice=current.voice, parent=self
        )
        news = ClubNews(self)
        self.workspace = Workspace(
            database,
            clock=clock,
            backups=backups,
            changed=news.followed_changed.emit,  # from the follower's thread: queued
            connection=news.club_connection.emit,
        )
        """The database worked on, its events, its backups and other copies' news."""
        self.setWindowTitle(_("director"))
        self.resize(1280, 720)  # until placed: see ``place_and_show``
        self.warning = QLabel()
        """Something the organizer should know that did not stop the night (a failed
        backup, a damaged settings file): shown until it no longer holds."""
        self.warning.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.warning.setWordWrap(False)
        self.warning.hide()
        self._close_when_saved = False
        self.sound_note = QLabel()
        """Said once at start when no audio output exists (the clock runs as ever)."""
        self.sound_note.hide()
        self.stack = QStackedWidget()
        self._item_view_keys = hotkeys.ItemViewKeys(self)
        self.tv = TvHost(
            self.workspace,
            self.kept,
            self.sound,
            warn=self._warn,
            apply_settings=self.apply_settings,
            parent=self,
        )
        self.network = NetworkHost(
            database, self.kept, self.sound, self.tv, say=self._say, clock=clock, parent=self
        )
        self.sessions = SessionHost(
            self.workspace,
            self.kept,
            self.sound,
            self.tv,
            self.network,
            news,
            stack=self.stack,
            keys=self._item_view_keys,
            warn=self._warn,
            say=self._say,
            ask_resume=ask_resume,
            parent=self,
        )
        self.event_list = EventList(
            self.workspace,
            self.sessions,
            self.kept,
            stack=self.stack,
            keys=self._item_view_keys,
            clock=clock,
            parent=self,
        )
        self.maintenance = Maintenance(
            self.workspace,
            news,
            self.kept,
            self.sessions,
            self.event_list,
            self.tv,
            self.network,
            warn=self._warn,
            unwarn=lambda: self.warning.hide(),
            say=self._say,
            parent=self,
        )
        self.sessions.opened.connect(lambda event_id: self.event_list.refresh(select=event_id))
        self.sessions.events_wanted.connect(self.show_events)
        self.sessions.undo_changed.connect(self.update_undo_actions)
        self.sessions.title_changed.connect(self.setWindowTitle)
        self.sessions.all_saved.connect(self._saved)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.network.floor_calls)
        central_layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.help_overlay = hotkeys.HelpOverlay(self)
        self.menus = Menus(self, self._menu_slots())
        after_first_paint(self, self.menus.fill)
        self.update_undo_actions()
        keys = ConsoleKeys(self.sessions)
        self.shortcuts = hotkeys.install(
            self,
            {
                "start_pause": lambda: keys.clock_action("start_pause"),
                "next_level": lambda: keys.clock_action("next_level"),
                "previous_level": lambda: keys.clock_action("previous_level"),
                "add_minute": lambda: keys.clock_action("add_minute"),
                "remove_minute": lambda: keys.clock_action("remove_minute"),
                "next_hand": lambda: keys.clock_action("next_hand"),
                "hand_done": keys.hand_done_hotkey,
                "bust": lambda: keys.player_action("bust"),
                "rebuy": lambda: keys.player_action("rebuy"),
                "addon": lambda: keys.player_action("addon"),
                "shot_clock": lambda: keys.shot_clock_action("shot_clock"),
                "shot_clock_stop": lambda: keys.shot_clock_action("shot_clock_stop"),
                "show_display": self.tv.show_display,
                "help": self.help_overlay.toggle,
            },
        )
        for note in (
            self.warning,
            self.maintenance.connection_note,
            self.sessions.saving_note,
            self.sound_note,
            self.tv.awake_note,
            self.network.share_note,
        ):
            self.statusBar().addPermanentWidget(note)
        self.statusBar().showMessage(database.location)

    def _menu_slots(self) -> dict[str, Callable[[], object]]:
        events, network, tv = self.event_list, self.network, self.tv
        return {
            "new_event": events.new_event,
            "show_events": self.show_events,
            "show_backups": self.maintenance.show_backups,
            "ask_database": self.maintenance.ask_database,
            "quit": self.close,
            "undo": self.sessions.undo,
            "redo": self.sessions.redo,
            "about": self.about,
            "show_display": tv.show_display,
            "show_sharing": network.show_sharing,
            "show_dealers": network.show_dealers,
            "show_helpers": network.show_helpers,
            "show_door": network.show_door,
            "show_tv_settings": tv.show_tv_settings,
            "show_settings": self.show_settings,
            "show_roster": events.show_roster,
            "show_leagues": events.show_leagues,
            "show_shortcuts": lambda: self.help_overlay.toggle(),
            "show_welcome": self.show_welcome,
            "open_demo": events.open_demo,
        }

    # -- what the hosts hold and do, as the window's (the app and many tests use them) --

    @property
    def settings(self) -> Settings:
        """The settings in use (shared with the hosts)."""
        return self.kept.current

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.kept.current = settings

    database: Forward[Database] = Forward("workspace")
    library: Forward[Library] = Forward("workspace")
    backups: Forward[BackupManager] = Forward("workspace")
    controller: Forward[SessionController | None] = Forward("sessions")
    console: Forward[Console | None] = Forward("sessions")
    feed: Forward[ClockFeed | None] = Forward("sessions")
    ticker: Forward[ClockTicker | None] = Forward("sessions")
    open_session: Forward[Callable[[TournamentSession], None]] = Forward("sessions")
    open_event: Forward[Callable[[int], None]] = Forward("sessions")
    close_session: Forward[Callable[[], None]] = Forward("sessions")
    clock_page: Forward[Callable[[], ClockPage | None]] = Forward("sessions")
    undo: Forward[Callable[[], None]] = Forward("sessions")
    redo: Forward[Callable[[], None]] = Forward("sessions")
    display: Forward[ClockDisplayWindow | None] = Forward("tv")
    assets: Forward[AssetStore] = Forward("tv")
    awake: Forward[ScreenAwake] = Forward("tv")
    show_display: Forward[Callable[[], None]] = Forward("tv")
    sharing: Forward[Sharing] = Forward("network")
    open_demo: Forward[Callable[[], None]] = Forward("event_list")
    events_page: Forward[EventsPage] = Forward("event_list", "page")
    refresh_events: Forward[Callable[..., None]] = Forward("event_list", "refresh")
    show_events: Forward[Callable[[], None]] = Forward("event_list", "show")
    undo_action: Forward[QAction] = Forward("menus")

    def update_undo_actions(self) -> None:
        controller = self.sessions.controller
        self.menus.show_session(controller.session if controller else None)

    # -- the status bar ---------------------------------------------------------------

    def warn(self, text: str) -> None:
        """Show ``text`` in the status bar until replaced (not a dialog: the night goes on)."""
        self.warning.setText(one_line(text))
        self.warning.setToolTip(text)
        self.warning.show()

    def _warn(self, text: str) -> None:
        self.warn(text)  # looked up at each call: a test may listen to ``warn``

    def _say(self, text: str, milliseconds: int) -> None:
        self.statusBar().showMessage(text, milliseconds)

    def backup_failed(self, error: Exception) -> None:
        self.maintenance.backup_failed(error)

    def check_audio(self) -> None:
        """With no audio output at all, say once in the status bar that sounds are off
        (the clock runs as ever; nothing is tried, so nothing more is printed)."""
        if self.settings.muted or self.sound.available():
            return
        self.sound.no_output = True
        self.sound_note.setText(_("No audio output found: sounds are off."))
        self.sound_note.show()

    # -- settings and languages ---------------------------------------------------------

    def show_settings(self) -> None:
        from director.app.storage.databases import backup_folder as default_folder
        from director.gui.dialogs.settings import SettingsDialog

        dialog = SettingsDialog(
            self.settings,
            self,
            audio_available=self.sound.available(),
            default_backup_folder=str(default_folder(self.database.path)),
        )
        if dialog.exec():
            self.apply_settings(dialog.result_settings)

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings at once and save them."""
        previous = self.settings
        self.settings = settings
        if settings.language != previous.language:
            self.retranslate()
        self.sound.configure(volume=settings.volume, muted=settings.muted, voice=settings.voice)
        if settings.tv_look != previous.tv_look:
            self.tv.apply_tv_look()
        self.workspace.use_backup_folder(settings.backup_folder)
        # A reports page not built yet takes the paper from the settings when it is.
        reports_page = self.console.built_page("reports") if self.console is not None else None
        if reports_page is not None and settings.paper != previous.paper:
            from director.gui.pages.reports_page import ReportsPage

            if isinstance(reports_page, ReportsPage):
                reports_page.paper.setCurrentText(settings.paper)
        if settings.currency != previous.currency:
            set_currency(settings.currency)
            self.refresh_everything()
        try:
            self.kept.use(settings)
        except OSError as error:
            self._say(_("Settings not saved: {error}").format(error=error), 10000)

    def retranslate(self) -> None:
        """Redo every text in the language now set; the open event stays open.

        The windows are rebuilt from the state, as when an event is opened: the
        console on the same page, the clock display left as it is on the TV.
        """
        from director.gui.app import apply_language

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        apply_language(app, self.settings)
        showing_events = self.event_list.shown()
        self.menus.rebuild()
        self.update_undo_actions()
        self.event_list.rebuild()
        self.setWindowTitle(_("director"))
        if self.sound.no_output:  # the status bar's lines speak the new language too
            self.sound_note.setText(_("No audio output found: sounds are off."))
        self.tv.show_awake()
        self.refresh_events()
        if self.sessions.reopen() and showing_events:
            self.show_events()
        self.network.sharing_changed()

    def refresh_everything(self) -> None:
        """Redraw every page (after a change that is not an event's, such as the currency)."""
        self.refresh_events()
        self.sessions.refresh_pages()

    # -- the first start ----------------------------------------------------------------

    def welcome_if_new(self) -> None:
        """On the very first start (no event yet), offer the welcome steps."""
        if not self.settings.welcomed and not self.library.events():
            self.show_welcome()

    def show_welcome(self) -> None:
        from director.gui.dialogs.welcome import WelcomeWizard

        wizard = WelcomeWizard(self)
        accepted = wizard.exec()
        chosen = wizard.chosen_currency() if accepted and not wizard.demo_requested else ""
        changes: dict[str, object] = {"welcomed": True}
        if is_currency(chosen):
            changes["currency"] = chosen
        else:
            set_currency(self.settings.currency)  # the wizard may have switched it
        self.apply_settings(self.settings.with_changes(**changes))
        if wizard.demo_requested:
            self.open_demo()
        elif accepted:
            self.event_list.create_from_welcome(wizard.values())

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            _("About director"),
            _(
                "director {version}\nA tournament director for live home poker games.\n\n{path}"
            ).format(version=__version__, path=self.database.location),
        )

    # -- starting and closing -------------------------------------------------------------

    def place_and_show(self) -> None:
        """Show the console where it was last closed on a screen that is there now
        (the primary screen first); the first time, maximised."""
        primary = QGuiApplication.primaryScreen()
        screens = [primary, *(s for s in QGuiApplication.screens() if s is not primary)]
        for screen in screens:
            saved = self.settings.geometry_on(screen_id(screen).key())
            if saved and self.restoreGeometry(QByteArray.fromBase64(saved.encode("ascii"))):
                self.show()
                return
        if primary is not None:
            self.setGeometry(primary.availableGeometry())
        self.showMaximized()

    def reopen_last_event(self) -> bool:
        """Open again the event that was open when the app closed (in this database)."""
        wanted = self.settings.open_event
        if not wanted or self.settings.open_database != self.database.key:
            return False
        if all(event.id != wanted for event in self.library.events()):
            return False
        self.open_event(wanted)
        if self.controller is None:
            return False
        if self.settings.tv_open:
            self.show_display()  # as it was: the room had its clock
        return True

    def remember_place(self) -> None:
        """Save the console's geometry on its screen and the event open, for next time."""
        settings = self.settings
        if self.isVisible():
            geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
            settings = settings.with_geometry(screen_id(self.screen()).key(), geometry)
        open_id = self.controller.session.tournament_id if self.controller else 0
        self.kept.remember(
            settings,
            open_event=open_id,
            open_database=self.database.key if open_id else "",
            closed_cleanly=True,
        )

    def _saved(self) -> None:
        if self._close_when_saved:
            QTimer.singleShot(0, self.close)  # once the session is no longer saving

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller is not None and self.controller.session.saving:
            # Quitting now would leave a change in doubt: say so, and stay open.
            self._say(_("A change is still being saved; director closes once it is."), 6000)
            self._close_when_saved = True
            event.ignore()
            return
        try:
            with contextlib.suppress(Exception):  # a courtesy for next time, never a block
                self.remember_place()
            self.close_session()
            self.network.sharing.close()
        finally:
            self.tv.awake.release()
            self.maintenance.stop()
            super().closeEvent(event)
