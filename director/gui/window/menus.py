"""The window's menus and their actions: built from what each action does (the slots
the window's hosts offer), built again in another language, and Undo and Redo
enabled exactly when the open session would do them.

The menu bar's titles are made with the window; the actions in them just after the
window's first paint (``fill``), or sooner when a menu opens or an action is asked
for: making the actions meets the classes of an action, a key sequence's standard
keys and an icon, whose Python enums PySide makes on first meeting them (some 250
names, 10-15 ms of CPU), and the first paint shows none of them. Nothing can press a
shortcut before the window is on screen, and the actions are made in the event
loop's next turn after its first paint."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from director.i18n import _, describe_error, render

if TYPE_CHECKING:
    from director.app.night.session import TournamentSession

Slot = Callable[[], object]


class Menus:
    """File, Edit, View and Help, their actions named after what they do."""

    def __init__(self, window: QMainWindow, slots: Mapping[str, Slot]) -> None:
        self._window = window
        self._slots = dict(slots)
        self._made: list[QAction] = []
        self._filled = False
        self._session: tuple[TournamentSession | None] | None = None
        """The session to show once the actions are made (``show_session`` before)."""
        self._titles()

    def __getattr__(self, name: str) -> object:
        """An action asked for before ``fill``: the actions are made now."""
        if name.endswith("_action") and not self.__dict__.get("_filled", True):
            self.fill()
            return getattr(self, name)
        raise AttributeError(name)

    def _titles(self) -> None:
        """The menu bar's menus, empty: each makes the actions when it opens."""
        menu = self._window.menuBar()
        self.file_menu = menu.addMenu(_("&File"))
        self.edit_menu = menu.addMenu(_("&Edit"))
        self.edit_menu.setToolTipsVisible(True)
        self.view_menu = menu.addMenu(_("&View"))
        self.view_menu.setToolTipsVisible(True)
        self.help_menu = menu.addMenu(_("&Help"))
        for each in (self.file_menu, self.edit_menu, self.view_menu, self.help_menu):
            each.aboutToShow.connect(self.fill)

    def fill(self) -> None:
        """Make the actions and put them in the menus (once; again after ``rebuild``)."""
        if self._filled:
            return
        self._filled = True
        self.build()
        if self._session is not None:
            (session,) = self._session
            self._session = None
            self.show_session(session)

    def _action(
        self,
        text: str,
        slot: str,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        item = QAction(text, self._window)
        if shortcut is not None:
            item.setShortcut(QKeySequence(shortcut))
        item.triggered.connect(self._slots[slot])
        self._made.append(item)
        return item

    def build(self) -> None:
        """Make the actions in the language now set and put them in the menus."""
        action = self._action
        self.new_action = action(_("&New event…"), "new_event", QKeySequence.StandardKey.New)
        self.events_action = action(_("&Events"), "show_events", "Ctrl+E")
        self.backups_action = action(_("&Backups…"), "show_backups")
        self.open_database_action = action(_("&Open database…"), "ask_database")
        self.quit_action = action(_("&Quit"), "quit", QKeySequence.StandardKey.Quit)
        self.undo_action = action(_("&Undo"), "undo", QKeySequence.StandardKey.Undo)
        self.redo_action = action(_("&Redo"), "redo", "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.about_action = action(_("&About director"), "about")
        self.display_action = action(_("&Clock display on the TV"), "show_display")
        self.share_action = action(_("&Share on the network…"), "show_sharing")
        self.share_action.setToolTip(
            _("The live clock on every phone and TV in the room, and a phone as a remote")
        )
        self.dealers_action = action(_("&Dealers' phones…"), "show_dealers")
        self.dealers_action.setToolTip(
            _("A phone on each table reports its hands, busts and moves, and calls the floor")
        )
        self.helpers_action = action(_("&Helpers' phones…"), "show_helpers")
        self.helpers_action.setToolTip(
            _("A friend's phone at the door or the bank takes entries and payments")
        )
        self.door_action = action(_("The &door…"), "show_door")
        self.door_action.setToolTip(_("Players check themselves in; each arrival, one buy-in"))
        self.display_action.setShortcut(QKeySequence("F5"))
        self.display_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.tv_settings_action = action(_("&TV display…"), "show_tv_settings")
        self.tv_settings_action.setToolTip(
            _("The TV's theme, logo, layout, sounds and message line")
        )
        self.settings_action = action(_("&Settings…"), "show_settings", "Ctrl+,")
        self.roster_action = action(_("&Players list…"), "show_roster")
        self.leagues_action = action(_("&Leagues…"), "show_leagues")
        self.shortcuts_action = action(_("&Keyboard shortcuts"), "show_shortcuts")

        self.welcome_action = action(_("&Welcome steps…"), "show_welcome")
        self.demo_action = action(_("Open a &demo event"), "open_demo")
        file_menu = self.file_menu
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
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.view_menu.addAction(self.display_action)
        self.view_menu.addAction(self.tv_settings_action)
        self.view_menu.addAction(self.share_action)
        self.view_menu.addAction(self.dealers_action)
        self.view_menu.addAction(self.helpers_action)
        self.view_menu.addAction(self.door_action)
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addAction(self.welcome_action)
        self.help_menu.addAction(self.demo_action)
        self.help_menu.addAction(self.about_action)

    def rebuild(self) -> None:
        """Make the menus again in the language now set; the old menus and actions go,
        so no shortcut is claimed twice."""
        bar = self._window.menuBar()
        for item in bar.actions():
            menu = item.menu()
            if menu is not None:
                menu.deleteLater()
        bar.clear()
        for old_action in self._made:
            old_action.deleteLater()
        self._made = []
        self._titles()
        filled, self._filled = self._filled, False
        if filled:
            self.fill()

    def show_session(self, session: TournamentSession | None) -> None:
        """Undo and Redo enabled exactly when the session would do them, the reason as tip
        (when the actions are made, if they are not yet)."""
        if not self._filled:
            self._session = (session,)
            return
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
