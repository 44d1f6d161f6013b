"""The organizer's main window: the list of events, and the console of the open one."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QByteArray, QItemSelectionModel, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director import __version__
from director.app.awake import ScreenAwake
from director.app.backups import BackupManager
from director.app.databases import ANY_EVENT, Database, StoreError
from director.app.library import EventSummary, Library
from director.app.settings import Settings, load_settings, save_settings
from director.app.timesource import Now, wall_clock
from director.app.workspace import Followed, Workspace
from director.core.errors import RuleViolation
from director.files import one_line
from director.gui import hotkeys
from director.gui.common import confirm, scaled_font, show_error
from director.gui.floor_call import FloorCallBar
from director.gui.models.events_model import EventsModel
from director.gui.screens import choose_screen, screen_id
from director.gui.sharing import Sharing
from director.gui.sound import SoundPlayer
from director.i18n import _, describe_error, format_clock, is_currency, render, set_currency

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QScreen
    from PySide6.QtWidgets import QMessageBox

    # The console of an open event (its pages, the clock, the rules) is imported
    # when an event is opened: the list of events paints first.
    from director.app.changes import Changes
    from director.app.feed import ClockFeed
    from director.app.resume import Interruption
    from director.app.session import TournamentSession
    from director.app.tv_assets import AssetStore
    from director.core import clock as clk
    from director.core import commands as c
    from director.core.clock import Cue
    from director.core.tv import TvLook
    from director.gui.clock_display import ClockDisplayWindow
    from director.gui.console import Console
    from director.gui.controller import SessionController
    from director.gui.media import LoadedPicture
    from director.gui.pages.clock_page import ClockPage
    from director.gui.ticker import ClockTicker

BACKUP_CHECK_MS = 60_000
LEASE_CHECK_MS = 2_000
"""How often the open event is checked to be still this copy's to write (a club's
server: its lease may lapse and go to another copy)."""


def _where(view: clk.ClockView) -> str:
    """ "level 5, 3:12 left" or "break, 8:00 left"."""
    from director.core.structure import Level

    what = (
        _("a break")
        if view.item is not None and not isinstance(view.item, Level)
        else _("level {number}").format(number=view.level_number)
    )
    if view.remaining is None:
        return what
    return _("{what}, {time} left").format(what=what, time=format_clock(view.remaining))


def duration_text(milliseconds: int) -> str:
    """ "2 h 15 min", "7 min", "less than a minute"."""
    minutes = milliseconds // 60_000
    if minutes < 1:
        return _("less than a minute")
    hours, minutes = divmod(minutes, 60)
    if hours >= 48:
        return _("{days} days").format(days=hours // 24)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return _("{minutes} min").format(minutes=minutes)


def resume_question(found: Interruption, *, crashed: bool = False) -> str:
    """How long the event was closed (or since director stopped without closing:
    a crash, a power cut) and what each choice does to the clock."""
    if crashed:
        first = _(
            "The clock was running when director stopped without closing (a crash or a "
            "power cut), {closed} ago. Nothing recorded was lost."
        )
    else:
        first = _("The clock was running when this event was closed, {closed} ago.")
    return (
        first
        + "\n\n"
        + _(
            "Catch up: the clock goes on as if it had run all along; it is now at "
            "{caught_up}.\n\n"
            "Resume paused where it stood: the clock goes back to {paused} and waits "
            "for Start (Space)."
        )
    ).format(
        closed=duration_text(found.closed_ms),
        caught_up=_where(found.if_caught_up),
        paused=_where(found.if_paused),
    )


class EventsPage(QWidget):
    """The events in the database, with New, Open, Rename, Archive and Delete."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(_("Events"))
        title.setFont(scaled_font(self.font(), 1.6, bold=True))
        self.model = EventsModel()
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.setAlternatingRowColors(True)
        self.view.setFont(scaled_font(self.font(), 1.15))
        self.show_archived = QCheckBox(_("Show &archived events"))
        self.empty = QLabel(_("No events yet. Click “New event” to set one up."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for key, text in (
            ("new", _("&New event…")),
            ("open", _("&Open")),
            ("rename", _("Re&name…")),
            ("archive", _("Ar&chive")),
            ("delete", _("&Delete…")),
        ):
            button = QPushButton(text)
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch()
        row.addWidget(self.show_archived)
        # Beside the title, the leagues read every event of the list (not one).
        self.buttons["leagues"] = QPushButton(_("&Leagues…"))
        self.buttons["leagues"].setToolTip(
            _("Leagues and seasons: standings, player history, CSV import and export")
        )
        top = QHBoxLayout()
        top.addWidget(title)
        top.addStretch()
        top.addWidget(self.buttons["leagues"])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty)

    def selected(self) -> EventSummary | None:
        indexes = self.view.selectionModel().selectedRows()
        return self.model.event_at(indexes[0].row()) if indexes else None

    def select(self, event_id: int) -> None:
        row = self.model.row_of(event_id)
        if row >= 0:
            self.view.selectionModel().select(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.view.setCurrentIndex(self.model.index(row, 0))


class MainWindow(QMainWindow):
    """Holds at most one open event; the GUI never holds the truth, the session does."""

    followed_changed = Signal(int)
    """An event followed live changed in the database (from the follower's thread);
    ``ANY_EVENT`` after the follower was cut off for a while."""
    club_connection = Signal(bool)
    """The notices from the club database stopped (False) or came back (True)."""

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
        self.settings = settings if settings is not None else load_settings()
        self.after_crash = not self.settings.closed_cleanly
        """The last run stopped without closing with an event open (read once, at start)."""
        self.ask_resume = ask_resume
        self.sound = SoundPlayer(
            volume=self.settings.volume,
            muted=self.settings.muted,
            voice=self.settings.voice,
            parent=self,
        )
        self.feed: ClockFeed | None = None
        """The open event's clock feed: the TV, the console's clock and the seat draw
        (and a server for the network) are its views."""
        self.ticker: ClockTicker | None = None
        self.display: ClockDisplayWindow | None = None
        self._assets: AssetStore | None = None
        self._pictures: dict[str, LoadedPicture | None] = {}
        """Pictures of the TV's looks, decoded once (None: missing or damaged)."""
        self.controller: SessionController | None = None
        self.console: Console | None = None
        self._following: Followed | None = None
        """While an event is followed live: its read-only database and its follower."""
        self.followed_changed.connect(self._on_followed_changed, Qt.ConnectionType.QueuedConnection)
        self.club_connection.connect(self._show_connection, Qt.ConnectionType.QueuedConnection)
        self.connection_note = QLabel()
        """Shown while the notices from a club database are cut off."""
        self.connection_note.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.connection_note.hide()
        self.workspace = Workspace(
            database,
            clock=clock,
            backups=backups,
            changed=self.followed_changed.emit,  # from the follower's thread: queued
            connection=self.club_connection.emit,
        )
        """The database worked on, its events, its backups and other copies' news."""
        self.setWindowTitle(_("director"))
        self.resize(1280, 720)  # until placed: see ``place_and_show``

        self.events_page = EventsPage()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.events_page)
        self.floor_calls = FloorCallBar()
        """Tables calling the floor from their dealer's phone (hidden when none)."""
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.floor_calls)
        central_layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self._build_actions()
        self._connect_events_page()
        self.refresh_events()
        self.help_overlay = hotkeys.HelpOverlay(self)
        self.shortcuts = hotkeys.install(
            self,
            {
                "toggle": lambda: self._clock_action("toggle"),
                "next": lambda: self._clock_action("next"),
                "previous": lambda: self._clock_action("previous"),
                "plus_minute": lambda: self._clock_action("plus_minute"),
                "minus_minute": lambda: self._clock_action("minus_minute"),
                "next_hand": lambda: self._clock_action("next_hand"),
                "hand_done": self._hand_done_hotkey,
                "bust": lambda: self._player_action("bust"),
                "rebuy": lambda: self._player_action("rebuy"),
                "addon": lambda: self._player_action("addon"),
                "show_display": self.show_display,
                "help": self.help_overlay.toggle,
            },
        )
        self._item_view_keys = hotkeys.ItemViewKeys(self)
        hotkeys.keep_keys(self.events_page, self._item_view_keys)

        self.backup_timer = QTimer(self)
        self.backup_timer.setInterval(BACKUP_CHECK_MS)
        self.backup_timer.timeout.connect(self._hourly_backup)
        self.backup_timer.start()
        self.lease_timer = QTimer(self)
        self.lease_timer.setInterval(LEASE_CHECK_MS)
        self.lease_timer.timeout.connect(self._check_lease)
        self.lease_timer.start()
        self.warning = QLabel()
        """Something the organizer should know that did not stop the night (a failed
        backup, a damaged settings file): shown until it no longer holds."""
        self.warning.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.warning.setWordWrap(False)
        self.warning.hide()
        self.statusBar().addPermanentWidget(self.warning)
        self.statusBar().addPermanentWidget(self.connection_note)
        self.saving_note = QLabel()
        """A change waiting for the club server ("Saving…"): shown while it waits."""
        self.saving_note.setObjectName("saving_note")
        self.saving_note.setStyleSheet("color: #8a5300; font-weight: bold;")
        self.saving_note.hide()
        self.statusBar().addPermanentWidget(self.saving_note)
        self._close_when_saved = False
        self.sound_note = QLabel()
        """Said once at start when no audio output exists (the clock runs as ever)."""
        self.sound_note.hide()
        self.statusBar().addPermanentWidget(self.sound_note)
        self.awake = ScreenAwake()
        """The screen kept awake while the clock runs or the TV is full screen."""
        self.awake_note = QLabel()
        """Said while the screen should stay awake and the system refuses to keep it so."""
        self.awake_note.setStyleSheet("color: #b3261e;")
        self.awake_note.hide()
        self.statusBar().addPermanentWidget(self.awake_note)
        self._backup_failing = False
        self.statusBar().showMessage(database.location)
        self.sharing = Sharing(database, self.update_settings, clock=clock, parent=self)
        """The clock on the local network (View > Share on the network)."""
        self.share_note = QPushButton()
        self.share_note.setFlat(True)
        self.share_note.clicked.connect(self.show_sharing)
        self.share_note.hide()
        self.statusBar().addPermanentWidget(self.share_note)
        self.sharing.changed.connect(self._sharing_changed)
        self.sharing.set_remote(self.settings.remote, remember=False)
        self.sharing.set_dealers(self.settings.dealers, remember=False)
        self.sharing.floor_changed.connect(self._floor_changed)
        self.floor_calls.answered.connect(self.sharing.answer_floor)
        self._calls_heard: set[tuple[int, int]] = set()
        if self.settings.share:
            # An address gone (another network) is said in the status bar, and the page
            # is never served on another address instead.
            self.sharing.start_remembered(self.settings.share_address, self.settings.share_port)

    # -- menus and actions --------------------------------------------------

    @property
    def database(self) -> Database:
        return self.workspace.database

    @property
    def library(self) -> Library:
        return self.workspace.library

    @property
    def backups(self) -> BackupManager:
        return self.workspace.backups

    def _build_actions(self) -> None:
        def action(text: str, slot: object, shortcut: QKeySequence | str | None = None) -> QAction:
            item = QAction(text, self)
            if shortcut is not None:
                item.setShortcut(QKeySequence(shortcut))
            item.triggered.connect(slot)
            return item

        self.new_action = action(_("&New event…"), self.new_event, QKeySequence.StandardKey.New)
        self.events_action = action(_("&Events"), self.show_events, "Ctrl+E")
        self.backups_action = action(_("&Backups…"), self.show_backups)
        self.open_database_action = action(_("&Open database…"), self.ask_database)
        self.quit_action = action(_("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.undo_action = action(_("&Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = action(_("&Redo"), self.redo, "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.about_action = action(_("&About director"), self.about)
        self.display_action = action(_("&Clock display on the TV"), self.show_display)
        self.share_action = action(_("&Share on the network…"), self.show_sharing)
        self.share_action.setToolTip(
            _("The live clock on every phone and TV in the room, and a phone as a remote")
        )
        self.dealers_action = action(_("&Dealers' phones…"), self.show_dealers)
        self.dealers_action.setToolTip(
            _("A phone on each table reports its hands, busts and moves, and calls the floor")
        )
        self.helpers_action = action(_("&Helpers' phones…"), self.show_helpers)
        self.helpers_action.setToolTip(
            _("A friend's phone at the door or the bank takes entries and payments")
        )
        self.door_action = action(_("The &door…"), self.show_door)
        self.door_action.setToolTip(_("Players check themselves in; each arrival, one buy-in"))
        self.display_action.setShortcut(QKeySequence("F5"))
        self.display_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.tv_settings_action = action(_("&TV display…"), self.show_tv_settings)
        self.tv_settings_action.setToolTip(
            _("The TV's theme, logo, layout, sounds and message line")
        )
        self.settings_action = action(_("&Settings…"), self.show_settings, "Ctrl+,")
        self.roster_action = action(_("&Players list…"), self.show_roster)
        self.leagues_action = action(_("&Leagues…"), self.show_leagues)
        self.shortcuts_action = action(_("&Keyboard shortcuts"), lambda: self.help_overlay.toggle())

        self.welcome_action = action(_("&Welcome steps…"), self.show_welcome)
        self.demo_action = action(_("Open a &demo event"), self.open_demo)
        menu = self.menuBar()
        file_menu = menu.addMenu(_("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.events_action)
        file_menu.addSeparator()
        file_menu.addAction(self.open_database_action)
        file_menu.addAction(self.roster_action)
        file_menu.addAction(self.leagues_action)
        file_menu.addAction(self.backups_action)
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu.addMenu(_("&Edit"))
        edit_menu.setToolTipsVisible(True)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        self.view_menu = menu.addMenu(_("&View"))
        self.view_menu.setToolTipsVisible(True)
        self.view_menu.addAction(self.display_action)
        self.view_menu.addAction(self.tv_settings_action)
        self.view_menu.addAction(self.share_action)
        self.view_menu.addAction(self.dealers_action)
        self.view_menu.addAction(self.helpers_action)
        self.view_menu.addAction(self.door_action)
        self.help_menu = menu.addMenu(_("&Help"))
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addAction(self.welcome_action)
        self.help_menu.addAction(self.demo_action)
        self.help_menu.addAction(self.about_action)
        self.update_undo_actions()

    def _connect_events_page(self) -> None:
        page = self.events_page
        page.buttons["new"].clicked.connect(self.new_event)
        page.buttons["open"].clicked.connect(self.open_selected)
        page.buttons["rename"].clicked.connect(self.rename_selected)
        page.buttons["archive"].clicked.connect(self.archive_selected)
        page.buttons["delete"].clicked.connect(self.delete_selected)
        page.buttons["leagues"].clicked.connect(self.show_leagues)
        page.view.doubleClicked.connect(lambda _index: self.open_selected())
        page.view.activated.connect(lambda _index: self.open_selected())
        page.show_archived.toggled.connect(lambda _on: self.refresh_events())
        page.view.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())

    def update_undo_actions(self) -> None:
        """Undo and Redo enabled exactly when the session would do them, the reason as tip."""
        session = self.controller.session if self.controller else None
        undo_label = session.undo_label() if session else None
        redo_label = session.redo_label() if session else None
        for item, refusal in (
            (self.undo_action, session.undo_refusal() if session else None),
            (self.redo_action, session.redo_refusal() if session else None),
        ):
            item.setEnabled(session is not None and refusal is None)
            item.setToolTip(
                describe_error(refusal)
                if refusal is not None
                else (_("No event is open.") if session is None else "")
            )
        # The clock display shows the open event's clock: none open, nothing to show.
        self.display_action.setEnabled(session is not None)
        self.dealers_action.setEnabled(session is not None)
        self.helpers_action.setEnabled(session is not None)
        self.door_action.setEnabled(session is not None)
        self.display_action.setToolTip("" if session is not None else _("No event is open."))
        undo_origin = session.undo_origin() if session and undo_label else None
        redo_origin = session.redo_origin() if session and redo_label else None
        if undo_label and undo_origin is not None:
            undo_text = _("&Undo: {action} (from {device})").format(
                action=render(undo_label), device=undo_origin.shown
            )
        elif undo_label:
            undo_text = _("&Undo: {action}").format(action=render(undo_label))
        else:
            undo_text = _("&Undo")
        if redo_label and redo_origin is not None:
            redo_text = _("&Redo: {action} (from {device})").format(
                action=render(redo_label), device=redo_origin.shown
            )
        elif redo_label:
            redo_text = _("&Redo: {action}").format(action=render(redo_label))
        else:
            redo_text = _("&Redo")
        self.undo_action.setText(undo_text)
        self.redo_action.setText(redo_text)

    def _update_buttons(self) -> None:
        selected = self.events_page.selected()
        for key in ("open", "rename", "archive", "delete"):
            self.events_page.buttons[key].setEnabled(selected is not None)
        self.events_page.buttons["archive"].setText(
            _("Un&archive") if selected and selected.archived else _("Ar&chive")
        )

    # -- the event list -----------------------------------------------------

    def refresh_events(self, select: int | None = None) -> None:
        page = self.events_page
        previous = page.selected()
        events = self.library.events(include_archived=page.show_archived.isChecked())
        page.model.set_events(events)
        page.empty.setVisible(not events)
        wanted = select if select is not None else (previous.id if previous else None)
        if wanted is not None:
            page.select(wanted)
        elif events:
            page.select(events[0].id)
        self._update_buttons()

    def new_event(self) -> None:
        from director.app.session import TournamentSession
        from director.core.state import EventKind
        from director.gui.dialogs.new_event import NewEventDialog

        def create(name: str, kind: EventKind, event_date: str, venue: str) -> TournamentSession:
            return self.library.create(name, kind, event_date=event_date, venue=venue)

        dialog = NewEventDialog(create, self)
        if dialog.exec() and isinstance(dialog.created, TournamentSession):
            self.open_session(dialog.created)

    def open_selected(self) -> None:
        selected = self.events_page.selected()
        if selected is not None:
            self.open_event(selected.id)

    def open_event(self, event_id: int) -> None:
        try:
            session = self.library.open(event_id)
        except (StoreError, RuleViolation) as error:
            if isinstance(error, StoreError) and error.code == "event_leased":
                if confirm(
                    self,
                    _("Event in use"),
                    describe_error(error),
                    yes=_("Follow live"),
                ):
                    self.follow_event(event_id)
                return
            show_error(self, error)
            return
        self.open_session(session)

    def ask_database(self) -> None:
        """File > Open database: a file, or a club database on a PostgreSQL server."""
        from PySide6.QtWidgets import QInputDialog

        text, accepted = QInputDialog.getText(
            self,
            _("Open database"),
            _(
                "A database file, or a PostgreSQL URL such as postgresql://user@host/club "
                "(the password comes from ~/.pgpass or PGPASSWORD):"
            ),
            text=self.database.location,
        )
        if accepted and text.strip() and text.strip() != self.database.location:
            self.open_database(text.strip())

    def open_database(self, target: str) -> bool:
        """Work on another database from now on; the open event is closed first.
        A database that cannot be used is explained, and the current one kept."""
        controller = self.controller
        if controller is not None:
            controller.wait_for_write()  # its outcome first: it may refuse the switch
        try:
            database = self.workspace.switch(target, backup_folder=self.settings.backup_folder)
        except StoreError as error:
            show_error(self, error)
            return False
        self.close_session()
        self.sharing.use_database(database)
        self._forget_missing_pictures()
        self.adopt_assets()
        self.statusBar().showMessage(database.location)
        self.show_events()
        self.refresh_events()
        return True

    def follow_event(self, event_id: int) -> None:
        """Show an event that another copy writes, read-only, redrawn as soon as the
        database says it changed (PostgreSQL's notices; no polling)."""
        if not self.workspace.shared:
            return  # a file has one writer: this copy
        try:
            followed = self.workspace.follow(
                event_id, self.followed_changed.emit, self.club_connection.emit
            )
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
            return
        session = followed.session
        self.open_session(session)
        self._following = followed
        self.statusBar().showMessage(
            _("Following “{event}” live, read-only: another copy writes it.").format(
                event=session.state.name
            )
        )

    def _show_connection(self, connected: bool) -> None:
        """While the notices from the club database are cut off, say so (a follower
        connects again by itself, then everything shown is read again, the TV's
        pictures that could not be read included)."""
        if connected:
            self.connection_note.hide()
            if any(picture is None for picture in self._pictures.values()):
                self._forget_missing_pictures()
                self.apply_tv_look()
            return
        self.connection_note.setText(
            _(
                "Connection to the club database lost: reconnecting… "
                "Changes made by other copies show once it is back."
            )
        )
        self.connection_note.show()

    def _check_lease(self) -> None:
        """The open event went to another copy (this copy's hold on it lapsed) or was
        deleted or replaced there: close it here, say so, and offer to follow it."""
        controller = self.controller
        if controller is None or self._following is not None or not self.workspace.shared:
            return
        lost = controller.session.written_elsewhere()
        if lost is None:
            return
        event_id = controller.session.tournament_id
        name = controller.state.name
        self.close_session()
        self.show_events()
        with contextlib.suppress(StoreError):
            self.refresh_events(select=event_id)
        if lost.code != "event_leased":
            show_error(self, lost)
            return
        text = _(
            "This copy no longer writes “{event}”: it could not renew its hold on it in "
            "time, and another copy of director took it over.\n\n{why}"
        ).format(event=name, why=describe_error(lost))
        if confirm(self, _("Event written elsewhere"), text, yes=_("Follow live")):
            self.follow_event(event_id)

    def _on_followed_changed(self, event_id: int) -> None:
        if self.stack.currentWidget() is self.events_page:
            with contextlib.suppress(StoreError):
                self.refresh_events()
        controller = self.controller
        if controller is None or self._following is None:
            return
        if event_id not in (ANY_EVENT, controller.session.tournament_id):
            return
        try:
            controller.session.reload()  # every view hears of it from the session
        except StoreError as error:
            self.warn(describe_error(error))

    def _run_on(self, event_id: int, command: c.Command) -> None:
        try:
            if self.controller is not None and self.controller.session.tournament_id == event_id:
                self.controller.run(command)
            else:
                session = self.library.open(event_id)
                try:
                    session.dispatch(command)
                finally:
                    session.close()
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
        self.refresh_events(select=event_id)

    def rename_selected(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        selected = self.events_page.selected()
        if selected is None:
            return
        name, accepted = QInputDialog.getText(
            self, _("Rename event"), _("New name:"), text=selected.name
        )
        if accepted and name.strip() != selected.name:
            from director.core.commands import RenameTournament

            self._run_on(selected.id, RenameTournament(name=name))

    def archive_selected(self) -> None:
        selected = self.events_page.selected()
        if selected is not None:
            from director.core.commands import SetArchived

            self._run_on(selected.id, SetArchived(archived=not selected.archived))

    def delete_selected(self) -> None:
        selected = self.events_page.selected()
        if selected is None:
            return
        question = _(
            "Delete “{name}” and everything recorded in it?\n\n"
            "A backup of the database is made first; restore it from "
            "File > Backups to get the event back."
        ).format(name=selected.name)
        money = self._open_money(selected.id)
        if money:
            question += "\n\n" + money
        if not confirm(self, _("Delete event"), question, yes=_("Delete")):
            return
        if self.controller is not None and self.controller.session.tournament_id == selected.id:
            self.close_session()
        try:
            self.library.delete(selected.id)
        except (StoreError, OSError) as error:
            show_error(self, error)
        self.refresh_events()

    def _open_money(self, event: int) -> str:
        """What deleting ``event`` takes out of the club's balances ("" if nothing)."""
        from director.app.balances import ClubBook

        try:
            return ClubBook(self.database, clock=self.clock).deleting(event)
        except (StoreError, RuleViolation):
            return ""

    # -- the open event -----------------------------------------------------

    def open_session(self, session: TournamentSession) -> None:
        from director.app.feed import ClockFeed
        from director.gui.console import Console
        from director.gui.controller import SessionController
        from director.gui.ticker import ClockTicker

        self.close_session()
        for notice in session.notices:
            self.warn(render(notice))
        self.controller = SessionController(session, self)
        self.controller.changed.connect(self._on_changed)
        self.controller.waiting.connect(self._show_waiting)
        self.controller.guard.refused.connect(self._say_refused)
        if self.ask_resume:
            self._offer_resume(session)
        self.feed = ClockFeed(session)
        self.sharing.attach(self.feed, session)
        self.ticker = ClockTicker(self.controller, self.feed, self)
        self.ticker.cue.connect(self._announce)
        self.ticker.tick.connect(self._refresh_display)
        self.console = Console(self.controller)
        self.console.back_requested.connect(self.show_events)
        self.console.page_built.connect(
            lambda _key, page: hotkeys.keep_keys(page, self._item_view_keys)
        )
        self.build_pages(self.console, self.controller)
        # The page to open on is chosen before the console shows (a page is built
        # when first shown: the first one would be, for nothing).
        # A planned start that came while the app was closed counts as started.
        started = self.ticker is not None and self.ticker.view().started
        self.console.show_page("clock" if started else "event")
        hotkeys.keep_keys(self.console, self._item_view_keys)
        self.stack.addWidget(self.console)
        self.stack.setCurrentWidget(self.console)
        self.apply_tv_look()
        self.setWindowTitle(_("{event} — director").format(event=session.state.name))
        self.update_undo_actions()
        self.keep_awake()  # an event reopened with its clock running
        self.refresh_events(select=session.tournament_id)
        # Said now, not only at a clean close: after a crash the next start reopens
        # this event (and its TV) and knows it follows a crash.
        self._remember(
            open_event=session.tournament_id,
            open_database=self.database_key(),
            closed_cleanly=False,
        )

    def _remember(self, **changes: object) -> None:
        """Save a few settings at once, silently (a courtesy for the next start)."""
        settings = self.settings.with_changes(**changes)
        if settings != self.settings:
            self.settings = settings
            with contextlib.suppress(OSError):
                save_settings(settings)

    def build_pages(self, console: Console, controller: SessionController) -> None:
        """Fill the console; each part of the product adds its page here. A page is
        built, and its module imported, when it is first shown or asked for."""
        assert self.ticker is not None
        ticker = self.ticker

        def event_page() -> QWidget:
            from director.gui.pages.event_page import EventPage

            return EventPage(controller)

        def clock_page() -> QWidget:
            from director.gui.pages.clock_page import ClockPage

            page = ClockPage(controller, ticker)
            page.show_display_requested.connect(self.show_display)
            page.tv_settings_requested.connect(self.show_tv_settings)
            # The TV's look, as on the TV (given to a built page by apply_tv_look).
            look = self.tv_look()
            page.face.set_look(look, self.look_pictures(look))
            return page

        def structure_page() -> QWidget:
            from director.gui.pages.structure_page import StructurePage

            return StructurePage(controller)

        def players_page() -> QWidget:
            from director.gui.pages.players_page import PlayersPage

            return PlayersPage(controller)

        def tables_page() -> QWidget:
            from director.gui.pages.tables_page import TablesPage

            page = TablesPage(controller)
            page.show_seating_requested.connect(self.show_seating_on_tv)
            page.dealers_requested.connect(self.show_dealers)
            return page

        def payouts_page() -> QWidget:
            from director.gui.pages.payouts_page import PayoutsPage

            return PayoutsPage(controller)

        def floor_page() -> QWidget:
            from director.gui.pages.floor_page import FloorPage

            return FloorPage(controller)

        def reports_page() -> QWidget:
            from director.gui.pages.reports_page import ReportsPage

            return ReportsPage(controller, self.settings.paper)

        def club_page() -> QWidget:
            from director.app.balances import ClubBook
            from director.app.lifetime import lifetime_results
            from director.gui.lifetime_view import add_lifetime_tab
            from director.gui.pages.club_page import ClubPage

            database = controller.session.database
            book = ClubBook(database, clock=controller.now)
            page = ClubPage(book, paper=self.settings.paper)
            add_lifetime_tab(page, lambda: lifetime_results(database))
            return page

        console.add_page("event", _("Event"), event_page)
        console.add_page("clock", _("Clock"), clock_page)
        console.add_page("structure", _("Structure"), structure_page)
        console.add_page("players", _("Players"), players_page)
        console.add_page("tables", _("Tables"), tables_page)
        if not controller.state.is_cash:
            console.add_page("payouts", _("Payouts"), payouts_page)
        console.add_page("floor", _("Floor"), floor_page)
        console.add_page("reports", _("Reports"), reports_page)
        console.add_page("club", _("Club"), club_page)

    def _offer_resume(self, session: TournamentSession) -> None:
        """After a crash or a restart with the clock running, let the organizer choose:
        catch up the time that passed, or resume paused where the clock stood (the
        decision and the figures come from ``director.app.resume``)."""
        from director.app import resume

        assert self.controller is not None
        if resume.open_fresh_demo(session) is not None:
            self.refresh_everything()
            return
        found = resume.interruption(session)
        if found is None:
            return
        if self.ask_resume_choice(found) == "catch_up":
            return
        resume.resume_paused(session, found)  # the views hear of it from the session

    def ask_resume_choice(self, found: Interruption | None = None) -> str:
        """Ask how to resume an interrupted clock: "catch_up" or "paused"."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Question,
            _("The clock was running"),
            resume_question(found, crashed=self.after_crash)
            if found is not None
            else _("The clock was running."),
            parent=self,
        )
        catch_up = box.addButton(_("Catch up"), QMessageBox.ButtonRole.AcceptRole)
        paused = box.addButton(_("Resume paused where it stood"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(paused)
        box.exec()
        return "catch_up" if box.clickedButton() is catch_up else "paused"

    def clock_page(self) -> ClockPage | None:
        from director.gui.pages.clock_page import ClockPage

        if self.console is None:
            return None
        page = self.console.page("clock")
        return page if isinstance(page, ClockPage) else None

    CLOCK_BUTTONS: ClassVar[dict[str, str]] = {
        "toggle": "start_button",
        "next": "next_button",
        "previous": "previous_button",
        "plus_minute": "plus_button",
        "minus_minute": "minus_button",
        "next_hand": "hand_button",
    }

    def _console_shown(self) -> bool:
        return self.console is not None and self.stack.currentWidget() is self.console

    def _clock_action(self, name: str) -> None:
        """A clock hotkey: the same check and the same action as its button."""
        if not self._console_shown() or self.controller is None:
            return
        page = self.clock_page()
        if page is not None:
            self.controller.guard.trigger(getattr(page, self.CLOCK_BUTTONS[name]))

    def _hand_done_hotkey(self, table: int) -> None:
        from director.gui.pages.tables_page import TablesPage

        if self.console is not None and self._console_shown() and self.controller is not None:
            page = self.console.page("tables")
            if isinstance(page, TablesPage):
                card = page.card_of(table)
                if card is None:
                    self._say_refused(describe_error(RuleViolation("no_such_table", table=table)))
                else:
                    self.controller.guard.trigger(card.done)

    def _player_action(self, key: str) -> None:
        """Bust, re-buy or add-on of the player selected on the players page."""
        from director.gui.pages.players_page import PlayersPage

        if self.console is None or not self._console_shown() or self.controller is None:
            return
        page = self.console.page("players")
        if isinstance(page, PlayersPage) and key in page.buttons:
            self.controller.guard.trigger(page.buttons[key])

    def _say_refused(self, reason: str) -> None:
        self.statusBar().showMessage(reason, 6000)

    def _announce(self, cue: Cue) -> None:
        from director.app.display import announcement
        from director.core.clock import CueKind

        if cue.kind is not CueKind.MESSAGE:  # a message is only spoken
            self.sound.play(cue.kind)
        if self.controller is not None:
            self.sound.say(announcement(self.controller.state, cue))

    # -- the TV's look --------------------------------------------------------

    @property
    def assets(self) -> AssetStore:
        """The database's pictures and sounds (this computer's data folder their cache),
        found on first use."""
        if self._assets is None or self._assets.database is not self.database:
            from director.app.tv_assets import AssetStore

            self._assets = AssetStore.of(self.database)
        return self._assets

    def adopt_assets(self) -> None:
        """Move into the database the pictures and sounds an older version kept only in
        the data folder, when an event's look or the default look names them (once
        after the upgrade; then there is nothing left to move). A failure (a full
        disk) is said; each picture is tried again when a look shows it."""
        try:
            self.assets.adopt(self.settings.tv_look.assets())
        except (StoreError, OSError) as error:
            text = describe_error(error) if isinstance(error, StoreError) else str(error)
            self.warn(_("TV: {problem}").format(problem=text))

    def _forget_missing_pictures(self) -> None:
        """Pictures found missing are looked for again (another database, a restore)."""
        for name in [name for name, picture in self._pictures.items() if picture is None]:
            del self._pictures[name]

    def tv_look(self) -> TvLook:
        """The open event's look, or the default one from the settings."""
        if self.controller is not None and self.controller.state.tv_look is not None:
            return self.controller.state.tv_look
        return self.settings.tv_look

    def look_pictures(self, look: TvLook) -> dict[str, LoadedPicture]:
        """The look's logo and background, decoded (kept); one that is missing or
        damaged is left out, and said once in the status bar."""
        from director.gui.media import load_picture

        wanted = (look.logo, look.background.asset if look.background else "")
        found: dict[str, LoadedPicture] = {}
        for name in filter(None, wanted):
            if name not in self._pictures:
                try:
                    self._pictures[name] = load_picture(self.assets.read(name))
                except RuleViolation as error:
                    self._pictures[name] = None
                    self.warn(_("TV: {problem}").format(problem=describe_error(error)))
            picture = self._pictures[name]
            if picture is not None:
                found[name] = picture
        return found

    def apply_tv_look(self) -> None:
        """Show the current look on the TV, on the console's preview and in the sounds."""
        look = self.tv_look()
        pictures = self.look_pictures(look)
        if self.display is not None:
            self.display.set_look(look, pictures)
        # A clock page not built yet takes the look when it is (see build_pages).
        page = self.console.built_page("clock") if self.console is not None else None
        if page is not None:
            from director.gui.pages.clock_page import ClockPage

            if isinstance(page, ClockPage):
                page.face.set_look(look, pictures)
        self.sound.set_look(look, self.assets if look.sounds else None)

    def show_tv_settings(self) -> None:
        """The TV display dialog: the look of the open event, or the defaults."""
        from director.gui.dialogs.tv_display import TvDisplayDialog

        data = self.feed.data if self.feed is not None else None
        dialog = TvDisplayDialog(self, data=data)
        dialog.exec()

    def _refresh_display(self) -> None:
        if self.display is not None and self.display.isVisible() and self.feed is not None:
            self.display.set_data(self.feed.data)

    @property
    def seating_on_tv(self) -> bool:
        return self.feed is not None and self.feed.showing_seats

    def show_seating_on_tv(self, on: bool) -> None:
        """Show the seat draw on the TV instead of the clock (or the clock again): the
        feed tells every view of it, the TV window among them."""
        if self.feed is None:
            return
        self.feed.show_seats(on)
        if on:
            self.show_display()

    def show_display(self) -> None:
        """Open (or bring back) the clock display on the chosen screen."""
        from director.gui.clock_display import ClockDisplayWindow

        if self.controller is None:
            return
        if self.display is None:
            self.display = ClockDisplayWindow()
            look = self.tv_look()
            self.display.set_look(look, self.look_pictures(look))
            self._tell_tv_the_address()
            self.display.hidden.connect(self._tv_closed_by_hand)
            self.display.full_screen_changed.connect(self.keep_awake)
        if self.feed is not None:
            self.display.set_data(self.feed.data)
        self.display.show_on(choose_screen(self.settings.display_screen, self.screen()))
        self.keep_awake()
        handle = self.display.windowHandle()
        if handle is not None:
            handle.screenChanged.connect(self._display_moved, Qt.ConnectionType.UniqueConnection)
        self._remember(tv_open=True)

    def _tv_closed_by_hand(self) -> None:
        self._remember(tv_open=False)
        # Hidden only after this signal: the screen may sleep once the TV is gone.
        QTimer.singleShot(0, self.keep_awake)

    def keep_awake(self) -> None:
        """Hold off the screen saver and display sleep while the clock runs or the TV
        is full screen; say so in the status bar where the system refuses."""
        clock_runs = self.controller is not None and self.controller.state.clock.running
        tv_full = (
            self.display is not None and self.display.isVisible() and self.display.isFullScreen()
        )
        self.awake.want(clock_runs or tv_full)
        self._show_awake()

    def _show_awake(self) -> None:
        state = self.awake.state
        self.awake_note.setText(state.text())
        self.awake_note.setToolTip(state.detail)
        self.awake_note.setVisible(state.refused)

    def _display_moved(self, screen: QScreen | None) -> None:
        """Remember the screen the organizer dragged the display to, by its identity."""
        if screen is None:
            return
        key = screen_id(screen).key()
        if key != self.settings.display_screen:
            self.apply_settings(self.settings.with_changes(display_screen=key))

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
            self.create_from_welcome(wizard.values())

    def open_demo(self) -> None:
        from director.app.demo import create_demo

        try:
            session = create_demo(self.database, clock=self.clock)
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
            return
        self.open_session(session)

    def create_from_welcome(self, values: dict[str, object]) -> TournamentSession | None:
        """Create the first event from the welcome steps in one app call (one undo step);
        bad input is shown and nothing is written."""
        from director.app.first_night import FirstNight, create_first_night
        from director.app.roster import Roster
        from director.core.state import EventKind

        kind = values["kind"]
        assert isinstance(kind, EventKind)
        players = values["players"]
        assert isinstance(players, list)
        night = FirstNight(
            name=str(values["name"]),
            kind=kind,
            event_date=str(values["date"]),
            buy_in=int(str(values["buy_in"])),
            chips=int(str(values["chips"])),
            template=str(values["template"] or ""),
            players=tuple(str(name) for name in players),
        )
        try:
            session = create_first_night(
                self.library, Roster(self.database, clock=self.clock), night
            )
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return None
        self.open_session(session)
        return session

    def show_leagues(self) -> None:
        """The league page: leagues, seasons, standings, player history, CSV."""
        from director.app.leagues import Leagues
        from director.gui.dialogs.leagues import LeaguesDialog

        LeaguesDialog(
            Leagues(self.database, clock=self.clock), self, paper=self.settings.paper
        ).exec()

    def show_roster(self) -> None:
        from director.app.roster import Roster
        from director.gui.dialogs.roster import RosterDialog

        RosterDialog(Roster(self.database, clock=self.clock), self).exec()

    def show_settings(self) -> None:
        from director.app.databases import backup_folder as default_folder
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
            self.apply_tv_look()
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
            save_settings(settings)
        except OSError as error:
            self.statusBar().showMessage(
                _("Settings not saved: {error}").format(error=error), 10000
            )

    def retranslate(self) -> None:
        """Redo every text in the language now set; the open event stays open.

        The windows are rebuilt from the state, as when an event is opened: the
        console on the same page, the clock display left as it is on the TV.
        """
        from director.gui.app import apply_language

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        apply_language(app, self.settings)
        showing_events = self.stack.currentWidget() is self.events_page
        # The old menus and actions go, so no shortcut is claimed twice.
        for item in self.menuBar().actions():
            menu = item.menu()
            if menu is not None:
                menu.deleteLater()
        self.menuBar().clear()
        for old_action in self.findChildren(QAction):
            if old_action.parent() is self:
                old_action.deleteLater()
        self._build_actions()
        old_page = self.events_page
        self.events_page = EventsPage()
        self.stack.insertWidget(0, self.events_page)
        self.stack.removeWidget(old_page)
        old_page.deleteLater()
        self._connect_events_page()
        hotkeys.keep_keys(self.events_page, self._item_view_keys)
        self.setWindowTitle(_("director"))
        if self.sound.no_output:  # the status bar's lines speak the new language too
            self.sound_note.setText(_("No audio output found: sounds are off."))
        self._show_awake()
        self.refresh_events()
        if self.controller is not None:
            assert self.console is not None
            event_id = self.controller.session.tournament_id
            page = self.console.current_key()
            seats = self.seating_on_tv
            # The TV keeps its window; its texts are redone on the next tick.
            display, self.display = self.display, None
            self.close_session()
            asking, self.ask_resume = self.ask_resume, False
            try:
                self.open_event(event_id)
            finally:
                self.ask_resume = asking
                self.display = display
            if self.console is not None:
                self.console.show_page(page)
                if seats and self.feed is not None:
                    from director.gui.pages.tables_page import TablesPage

                    # The seat draw stays on the TV, and its box stays ticked (the
                    # page that has the box is built for it).
                    self.feed.show_seats(True)
                    tables_page = self.console.page("tables")
                    if isinstance(tables_page, TablesPage):
                        with QSignalBlocker(tables_page.on_tv):
                            tables_page.on_tv.setChecked(True)
            if display is not None:
                from director.gui.clock_display import window_title

                display.setWindowTitle(window_title())
                self._refresh_display()
            if showing_events:
                self.show_events()
        self._sharing_changed()

    def refresh_everything(self) -> None:
        """Redraw every page (after a change that is not an event's, such as the currency)."""
        self.refresh_events()
        if self.controller is not None:
            import dataclasses

            from director.app.changes import Changes
            from director.core.state import TournamentState

            every = frozenset(field.name for field in dataclasses.fields(TournamentState))
            self.controller.announce(Changes(action="settings", aspects=every))

    def _show_waiting(self, what: int) -> None:
        from director.web.looping import DONE, SAVING

        if what == DONE:
            self.saving_note.hide()
            if self._close_when_saved:
                QTimer.singleShot(0, self.close)  # once the session is no longer saving
            return
        self.saving_note.setText(
            _("Saving…") if what == SAVING else _("Saving… the club server does not answer")
        )
        self.saving_note.show()

    def close_session(self) -> None:
        if self.controller is None:
            return
        # A change still waiting for the server is let finish first: its outcome
        # decides what the event holds (the window keeps painting meanwhile).
        self.controller.wait_for_write()
        running = False
        with contextlib.suppress(Exception):  # read before the ticker stops
            running = self.ticker is not None and self.ticker.view().running
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker.deleteLater()
            self.ticker = None
        self.sharing.detach()
        if self.feed is not None:
            self.feed.close()
            self.feed = None
        if self.display is not None:
            # Closed with the event, not by hand: the next start shows it again.
            with contextlib.suppress(RuntimeError, TypeError):
                self.display.hidden.disconnect(self._tv_closed_by_hand)
            self.display.close()
            self.display.deleteLater()
            self.display = None
        # The alive mark is a courtesy for the next start; failing it must not stop closing.
        with contextlib.suppress(Exception):
            if running:
                self.controller.session.mark_alive(running=True)
        # Nor the snapshot: it is a cache, the log has everything (a full disk).
        with contextlib.suppress(StoreError, OSError):
            self.controller.close()
        if self.console is not None:
            self.stack.removeWidget(self.console)
            self.console.deleteLater()
        self.controller.deleteLater()
        self.controller = None
        self.console = None
        if self._following is not None:
            followed, self._following = self._following, None
            followed.close()
            self.statusBar().showMessage(self.database.location)
            self._show_connection(self.workspace.connected)
        self.setWindowTitle(_("director"))
        self.update_undo_actions()
        self.keep_awake()

    def show_events(self) -> None:
        self.refresh_events()
        self.stack.setCurrentWidget(self.events_page)
        self.events_page.view.setFocus()

    def _on_changed(self, changes: Changes) -> None:
        from director.core.events import FinalTableDrawn

        self.update_undo_actions()
        self.keep_awake()
        if changes.touches("tv_look"):
            self.apply_tv_look()
        if self.controller is not None:
            self.setWindowTitle(_("{event} — director").format(event=self.controller.state.name))
            if changes.action == "command" and any(
                isinstance(event, FinalTableDrawn) for event in changes.events
            ):
                self.offer_button_draw()
        if changes.label is not None and changes.action != "command":
            verb = _("Undone: {action}") if changes.action == "undo" else _("Redone: {action}")
            self.statusBar().showMessage(verb.format(action=render(changes.label)), 5000)
        elif changes.label is not None and changes.origin is not None:
            # A paired phone did it: the organizer sees what, and from which phone.
            self.statusBar().showMessage(
                _("{device}: {action}").format(
                    device=changes.origin.shown, action=render(changes.label)
                ),
                8000,
            )

    def offer_button_draw(self) -> None:
        """After the final-table redraw no seat has the button yet: offer the draw for it
        at once (Hand done stays refused until a button is placed)."""
        from director.core.commands import DrawForButton

        if self.controller is None:
            return
        if self.controller.session.refusal(DrawForButton()) is not None:
            return
        from PySide6.QtWidgets import QMessageBox

        # Not blocking: the night goes on behind it (a window-modal question).
        box = QMessageBox(
            QMessageBox.Icon.Question,
            _("Final table"),
            _(
                "The final table is drawn and no seat has the button yet. Draw for the "
                "button now? One card to each seat: the highest card gets the button."
            ),
            parent=self,
        )
        draw = box.addButton(_("Draw for the button"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(draw)
        box.buttonClicked.connect(lambda clicked: self._button_draw_answered(clicked is draw))
        self.button_prompt = box
        box.open()

    button_prompt: QMessageBox | None = None

    def _button_draw_answered(self, draw: bool) -> None:
        self.button_prompt = None
        if draw and self.controller is not None:
            from director.core.commands import DrawForButton

            self.controller.dispatch(DrawForButton(), self)
            if self.console is not None:
                self.console.show_page("tables")

    def undo(self) -> None:
        if self.controller is not None:
            self.controller.undo(self)

    def redo(self) -> None:
        if self.controller is not None:
            self.controller.redo(self)

    # -- backups ------------------------------------------------------------

    def _hourly_backup(self) -> None:
        if self.controller is None:
            return
        made_now: list[object] = []

        def back_up() -> None:
            made_now.append(self.workspace.back_up_if_due())

        try:
            if self.database.kind == "postgresql":
                from director.web.looping import run_looping

                # A club server that stalls must not stop the clock for the backup.
                run_looping(back_up)
            else:
                back_up()
        except (OSError, StoreError) as error:
            self.backup_failed(error)
            return
        made = made_now[0]
        if made is not None and self._backup_failing:
            self._backup_failing = False
            self.warning.hide()

    def backup_failed(self, error: Exception) -> None:
        """Say once that a backup failed; the night goes on, and the next hourly
        backup tries again (the warning goes once one succeeds)."""
        self._backup_failing = True
        text = describe_error(error) if isinstance(error, StoreError) else str(error)
        self.warn(_("Backup failed: {error}").format(error=text))

    def check_audio(self) -> None:
        """With no audio output at all, say once in the status bar that sounds are off
        (the clock runs as ever; nothing is tried, so nothing more is printed)."""
        if self.settings.muted or self.sound.available():
            return
        self.sound.no_output = True
        self.sound_note.setText(_("No audio output found: sounds are off."))
        self.sound_note.show()

    def warn(self, text: str) -> None:
        """Show ``text`` in the status bar until replaced (not a dialog: the night goes on)."""
        self.warning.setText(one_line(text))
        self.warning.setToolTip(text)
        self.warning.show()

    def show_backups(self) -> None:
        from director.gui.dialogs.backups import BackupsDialog

        BackupsDialog(self.backups, self.restore_backup, self).exec()

    def restore_backup(self, path: Path) -> None:
        open_id = self.controller.session.tournament_id if self.controller else None
        self.close_session()
        try:
            self.backups.restore(path)
        except (StoreError, OSError) as error:
            show_error(self, error)
        self._forget_missing_pictures()
        self.refresh_events()
        if open_id is not None and self.events_page.model.row_of(open_id) >= 0:
            self.open_event(open_id)
        else:
            self.show_events()

    # -- the network page --------------------------------------------------------

    def show_sharing(self) -> None:
        """View > Share on the network: the page's address, its QR code, the remote."""
        from director.gui.dialogs.share import ShareDialog

        dialog = ShareDialog(
            self.sharing,
            self.settings,
            show_on_tv=self.show_address_on_tv,
            now=self.clock,
            parent=self,
        )
        self.share_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.share_dialog = None

    share_dialog: object | None = None

    def show_dealers(self) -> None:
        """View > Dealers' phones: one QR code per table of the open event."""
        if self.controller is None:
            self._say_refused(_("Open an event first: its tables get the codes."))
            return
        from director.gui.dialogs.dealers import DealersDialog

        dialog = DealersDialog(
            self.sharing, self.controller, share=self.show_sharing, now=self.clock, parent=self
        )
        self.dealers_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.dealers_dialog = None

    dealers_dialog: object | None = None

    def show_helpers(self) -> None:
        """View > Helpers' phones: the open event's code for a helper's phone."""
        if self.controller is None:
            self._say_refused(_("Open an event first: a helper's phone helps with it."))
            return
        from director.gui.dialogs.helpers import HelpersDialog

        dialog = HelpersDialog(
            self.sharing, self.controller, share=self.show_sharing, now=self.clock, parent=self
        )
        self.helpers_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.helpers_dialog = None

    helpers_dialog: object | None = None

    def show_door(self) -> None:
        """View > The door: the check-in page's switch, sign and arrivals."""
        if self.controller is None:
            self._say_refused(_("Open an event first: the door lets players into it."))
            return
        from director.gui.door_view import DoorView

        dialog = DoorView(self.sharing, self.controller, share=self.show_sharing, parent=self)
        self.door_view = dialog
        try:
            dialog.exec()
        finally:
            self.door_view = None

    door_view: object | None = None

    def _floor_changed(self) -> None:
        """A table called the floor (shown, and sounded when new), or a call was answered."""
        calls = self.sharing.floor_calls()
        self.floor_calls.show_calls(calls)
        fresh = {(call.table, call.called_at) for call in calls} - self._calls_heard
        self._calls_heard = {(call.table, call.called_at) for call in calls}
        if fresh:
            self.sound.alert()

    def show_address_on_tv(self) -> None:
        """The page's address and its QR code over the clock on the TV, for a minute."""
        if not self.sharing.running:
            return
        if self.controller is None:
            self._say_refused(_("Open an event first: the TV shows its clock."))
            return
        self.show_display()
        if self.display is not None:
            self.display.show_address(self.sharing.url)

    def _sharing_changed(self) -> None:
        summary = self.sharing.summary()
        self.share_note.setText(summary)
        self.share_note.setToolTip(_("Share on the network…"))
        self.share_note.setVisible(bool(summary))
        self._tell_tv_the_address()

    def _tell_tv_the_address(self) -> None:
        """The TV's QR code element (when its layout has one) points at the network
        page while it is shared, and disappears when it is not."""
        if self.display is not None:
            self.display.face.set_network_url(self.sharing.url if self.sharing.running else "")

    def update_settings(self, **changes: object) -> None:
        """Keep a setting changed outside the settings dialog (sharing on the network)."""
        settings = self.settings.with_changes(**changes)
        if settings == self.settings:
            return
        self.settings = settings
        try:
            save_settings(settings)
        except OSError as error:
            self.statusBar().showMessage(
                _("Settings not saved: {error}").format(error=error), 10000
            )

    # -- misc ---------------------------------------------------------------

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            _("About director"),
            _(
                "director {version}\nA tournament director for live home poker games.\n\n{path}"
            ).format(version=__version__, path=self.database.location),
        )

    # -- starting and restarting ---------------------------------------------

    def database_key(self) -> str:
        """The database, as the settings remember it (a file's real path, or the
        server's URL without any password)."""
        return self.database.key

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
        if not wanted or self.settings.open_database != self.database_key():
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
        settings = settings.with_changes(
            open_event=open_id,
            open_database=self.database_key() if open_id else "",
            closed_cleanly=True,
        )
        if settings != self.settings:
            self.settings = settings
            with contextlib.suppress(OSError):
                save_settings(settings)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller is not None and self.controller.session.saving:
            # Quitting now would leave a change in doubt: say so, and stay open.
            self.statusBar().showMessage(
                _("A change is still being saved; director closes once it is."), 6000
            )
            self._close_when_saved = True
            event.ignore()
            return
        try:
            with contextlib.suppress(Exception):  # a courtesy for next time, never a block
                self.remember_place()
            self.close_session()
            self.sharing.close()
        finally:
            self.awake.release()
            self.workspace.stop_listening()
            self.backup_timer.stop()
            super().closeEvent(event)
