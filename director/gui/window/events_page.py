"""The list of events: the page that shows them (New, Open, Rename, Archive, Delete,
the leagues) and what its buttons do with the database's library, the first event
made by the welcome steps and the demo among them.

An event opened from here is shown by the session host; an event that is open is
renamed, archived or deleted through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.app.files.settings import KeptSettings
from director.app.night.timesource import Now
from director.app.storage.databases import StoreError
from director.app.storage.library import EventSummary, Library
from director.app.storage.workspace import Workspace
from director.core.errors import RuleViolation
from director.gui import hotkeys
from director.gui.common import confirm, scaled_font, show_error
from director.gui.models.events_model import EventsModel
from director.i18n import _

if TYPE_CHECKING:
    from director.app.night.session import TournamentSession
    from director.core import commands as c
    from director.gui.window.session_host import SessionHost


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


class EventList(QObject):
    """What the list of events does: its page, kept up to date, and its buttons."""

    def __init__(
        self,
        workspace: Workspace,
        sessions: SessionHost,
        settings: KeptSettings,
        *,
        stack: QStackedWidget,
        keys: hotkeys.ItemViewKeys,
        clock: Now,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.sessions = sessions
        self._settings = settings
        self.stack = stack
        self._keys = keys
        self.clock = clock
        self._parent = parent
        self.page = EventsPage()
        self.stack.addWidget(self.page)
        self._connect_page()
        self.refresh()
        hotkeys.keep_keys(self.page, keys)

    @property
    def library(self) -> Library:
        return self.workspace.library

    def _connect_page(self) -> None:
        page = self.page
        page.buttons["new"].clicked.connect(self.new_event)
        page.buttons["open"].clicked.connect(self.open_selected)
        page.buttons["rename"].clicked.connect(self.rename_selected)
        page.buttons["archive"].clicked.connect(self.archive_selected)
        page.buttons["delete"].clicked.connect(self.delete_selected)
        page.buttons["leagues"].clicked.connect(self.show_leagues)
        page.view.doubleClicked.connect(lambda _index: self.open_selected())
        page.view.activated.connect(lambda _index: self.open_selected())
        page.show_archived.toggled.connect(lambda _on: self.refresh())
        page.view.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())

    def rebuild(self) -> None:
        """Make the page again in the language now set, in the same place."""
        old_page = self.page
        self.page = EventsPage()
        self.stack.insertWidget(0, self.page)
        self.stack.removeWidget(old_page)
        old_page.deleteLater()
        self._connect_page()
        hotkeys.keep_keys(self.page, self._keys)

    def _update_buttons(self) -> None:
        selected = self.page.selected()
        for key in ("open", "rename", "archive", "delete"):
            self.page.buttons[key].setEnabled(selected is not None)
        self.page.buttons["archive"].setText(
            _("Un&archive") if selected and selected.archived else _("Ar&chive")
        )

    def shown(self) -> bool:
        return self.stack.currentWidget() is self.page

    def show(self) -> None:
        self.refresh()
        self.stack.setCurrentWidget(self.page)
        self.page.view.setFocus()

    def refresh(self, select: int | None = None) -> None:
        page = self.page
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
        from director.app.night.session import TournamentSession
        from director.core.state import EventKind
        from director.gui.dialogs.new_event import NewEventDialog

        def create(name: str, kind: EventKind, event_date: str, venue: str) -> TournamentSession:
            return self.library.create(name, kind, event_date=event_date, venue=venue)

        dialog = NewEventDialog(create, self._parent)
        if dialog.exec() and isinstance(dialog.created, TournamentSession):
            self.sessions.open_session(dialog.created)

    def open_selected(self) -> None:
        selected = self.page.selected()
        if selected is not None:
            self.sessions.open_event(selected.id)

    def _is_open(self, event_id: int) -> bool:
        controller = self.sessions.controller
        return controller is not None and controller.session.tournament_id == event_id

    def _run_on(self, event_id: int, command: c.Command) -> None:
        try:
            if self.sessions.controller is not None and self._is_open(event_id):
                self.sessions.controller.run(command)
            else:
                self.library.dispatch(event_id, command)
        except (StoreError, RuleViolation) as error:
            show_error(self._parent, error)
        self.refresh(select=event_id)

    def rename_selected(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        selected = self.page.selected()
        if selected is None:
            return
        name, accepted = QInputDialog.getText(
            self._parent, _("Rename event"), _("New name:"), text=selected.name
        )
        if accepted and name.strip() != selected.name:
            from director.core.commands import RenameTournament

            self._run_on(selected.id, RenameTournament(name=name))

    def archive_selected(self) -> None:
        selected = self.page.selected()
        if selected is not None:
            from director.core.commands import SetArchived

            self._run_on(selected.id, SetArchived(archived=not selected.archived))

    def delete_selected(self) -> None:
        selected = self.page.selected()
        if selected is None:
            return
        question = _(
            "Delete “{name}” and everything recorded in it?\n\n"
            "A backup of the database is made first; restore it from "
            "File > Backups to get the event back."
        ).format(name=selected.name)
        try:  # a night whose money is not settled is refused, saying who owes what
            refusal = self.library.delete_refusal(selected.id)
        except StoreError as error:
            refusal = error
        if refusal is not None:
            show_error(self._parent, refusal)
            return
        if not confirm(self._parent, _("Delete event"), question, yes=_("Delete")):
            return
        if self._is_open(selected.id):
            self.sessions.close_session()
        try:
            self.library.delete(selected.id)
        except (StoreError, RuleViolation, OSError) as error:
            show_error(self._parent, error)
        self.refresh()

    # -- the first event, the demo, the club's lists ---------------------------------

    def open_demo(self) -> None:
        from director.app.night.demo import create_demo

        try:
            session = create_demo(self.workspace.database, clock=self.clock)
        except (StoreError, RuleViolation) as error:
            show_error(self._parent, error)
            return
        self.sessions.open_session(session)

    def create_from_welcome(self, values: dict[str, object]) -> TournamentSession | None:
        """Create the first event from the welcome steps in one app call (one undo step);
        bad input is shown and nothing is written."""
        from director.app.club.roster import Roster
        from director.app.night.first_night import FirstNight, create_first_night
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
                self.library, Roster(self.workspace.database, clock=self.clock), night
            )
        except (RuleViolation, StoreError) as error:
            show_error(self._parent, error)
            return None
        self.sessions.open_session(session)
        return session

    def show_leagues(self) -> None:
        """The league page: leagues, seasons, standings, player history, CSV."""
        from director.app.club.leagues import Leagues
        from director.gui.dialogs.leagues import LeaguesDialog

        dialog = LeaguesDialog(
            Leagues(self.workspace.database, clock=self.clock),
            self._parent,
            paper=self._settings.current.paper,
        )
        dialog.event_created.connect(lambda event_id: self.refresh(select=event_id))
        dialog.exec()

    def show_roster(self) -> None:
        from director.app.club.roster import Roster
        from director.gui.dialogs.roster import RosterDialog

        RosterDialog(Roster(self.workspace.database, clock=self.clock), self._parent).exec()
