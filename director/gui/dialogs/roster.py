"""The list of players shared by every event: add, edit, merge two records."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.app.club.roster import Roster
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.gui.common import confirm, show_error
from director.gui.widgets import InlineError
from director.i18n import _


class RosterDialog(QDialog):
    def __init__(self, roster: Roster, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Players"))
        self.resize(640, 520)
        self.roster = roster
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search"))
        self.search.textChanged.connect(lambda _text: self.refresh())
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.itemSelectionChanged.connect(self._selected)
        self.name = QLineEdit()
        self.nickname = QLineEdit()
        self.contact = QLineEdit()
        form = QFormLayout()
        form.addRow(_("Name"), self.name)
        form.addRow(_("Nickname"), self.nickname)
        form.addRow(_("Contact"), self.contact)
        self.error = InlineError()
        add = QPushButton(_("&Add as new"))
        save = QPushButton(_("&Save changes"))
        merge = QPushButton(_("&Merge the two selected…"))
        close = QPushButton(_("Close"))
        add.clicked.connect(self.add)
        save.clicked.connect(self.save)
        merge.clicked.connect(self.merge)
        close.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        for button in (add, save, merge):
            buttons.addWidget(button)
        buttons.addStretch()
        buttons.addWidget(close)
        right = QVBoxLayout()
        right.addLayout(form)
        right.addWidget(self.error)
        right.addStretch()
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.list)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body)
        layout.addLayout(buttons)
        self.refresh()

    def refresh(self) -> None:
        self.list.clear()
        for player in self.roster.search(self.search.text(), limit=10_000):
            item = QListWidgetItem(player.display_name)
            item.setData(Qt.ItemDataRole.UserRole, int(player.id))
            self.list.addItem(item)

    def selected_ids(self) -> list[PlayerId]:
        return [PlayerId(item.data(Qt.ItemDataRole.UserRole)) for item in self.list.selectedItems()]

    def _selected(self) -> None:
        chosen = self.selected_ids()
        if len(chosen) == 1:
            player = self.roster.get(chosen[0])
            self.name.setText(player.name)
            self.nickname.setText(player.nickname)
            self.contact.setText(player.contact)

    def add(self) -> None:
        try:
            self.roster.add(self.name.text(), self.nickname.text(), self.contact.text())
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        self.error.clear()
        self.refresh()

    def save(self) -> None:
        chosen = self.selected_ids()
        if len(chosen) != 1:
            return
        try:
            self.roster.edit(
                chosen[0],
                name=self.name.text(),
                nickname=self.nickname.text(),
                contact=self.contact.text(),
            )
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        self.error.clear()
        self.refresh()

    def merge(self) -> None:
        chosen = self.selected_ids()
        if len(chosen) != 2:
            show_error(self, RuleViolation("merge_same_player"))
            return
        keep, drop = (self.roster.get(player) for player in chosen)
        if confirm(
            self,
            _("Merge players"),
            _(
                "“{drop}” and “{keep}” are the same person? “{drop}” will be kept as another name "
                "of “{keep}”."
            ).format(drop=drop.name, keep=keep.name),
            yes=_("Merge"),
        ):
            try:
                self.roster.merge(keep.id, drop.id)
            except (RuleViolation, StoreError) as error:
                show_error(self, error)
            self.refresh()
