"""The Club page's "Expense…" dialog: food, drinks or the venue paid by one player and
shared by everyone at a night, chosen players, or by hours played in a cash game.
The club's book splits and records it; a refusal is said in the dialog, which stays
open."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.club.balances import (
    SPLIT_ALL,
    SPLIT_CHOSEN,
    SPLIT_HOURS,
    ClubBalances,
    ClubBook,
)
from director.app.club.roster import fold
from director.app.storage.databases import StoreError
from director.app.storage.library import Library
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.kinds import EventKind
from director.gui.common import ok_cancel
from director.gui.widgets import InlineError, MoneyEdit
from director.i18n import _, format_date


class ExpenseDialog(QDialog):
    """Record a shared expense through ``ClubBook.expense``."""

    def __init__(
        self,
        book: ClubBook,
        found: ClubBalances,
        parent: QWidget | None = None,
        *,
        player: PlayerId | None = None,
    ) -> None:
        super().__init__(parent)
        self.book = book
        self.found = found
        self.recorded: object | None = None
        self.setWindowTitle(_("Shared expense"))
        people = sorted(found.names.items(), key=lambda item: fold(item[1]))
        self.payer = QComboBox()
        for party, name in people:
            self.payer.addItem(name, int(party))
        if player is not None:
            self.payer.setCurrentIndex(max(0, self.payer.findData(int(player))))
        self.amount = MoneyEdit()
        self.amount.setPlaceholderText("30")
        self.night = QComboBox()
        self.night.addItem(_("No night in particular"), 0)
        self.cash_nights: set[int] = set()
        try:
            events = Library(book.database).events(include_archived=False)
        except StoreError:
            events = []
        for event in events:
            if event.damaged:
                continue
            title = (
                f"{format_date(event.event_date)} — {event.name}"
                if event.event_date
                else event.name
            )
            self.night.addItem(title, event.id)
            if event.kind is EventKind.CASH:
                self.cash_nights.add(event.id)
        if self.night.count() > 1:
            self.night.setCurrentIndex(1)  # the newest night
        self.split = QComboBox()
        self.split.addItem(_("Everyone at the night"), SPLIT_ALL)
        self.split.addItem(_("By hours played (cash game)"), SPLIT_HOURS)
        self.split.addItem(_("Chosen players"), SPLIT_CHOSEN)
        self.sharers = QListWidget()
        for party, name in people:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, int(party))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.sharers.addItem(item)
        self.note = QLineEdit()
        self.note.setPlaceholderText(_("pizza, drinks, the room…"))
        self.error = InlineError()
        form = QFormLayout()
        form.addRow(_("&Paid by"), self.payer)
        form.addRow(_("&Amount"), self.amount)
        form.addRow(_("&For"), self.note)
        form.addRow(_("&Night"), self.night)
        form.addRow(_("&Shared by"), self.split)
        form.addRow("", self.sharers)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(ok_cancel(self, _("Record")))
        self.split.currentIndexChanged.connect(lambda _index: self._show_sharers())
        self.amount.textChanged.connect(lambda _text: self.error.clear())
        self._show_sharers()

    def _show_sharers(self) -> None:
        self.sharers.setVisible(self.split.currentData() == SPLIT_CHOSEN)

    def chosen(self) -> list[PlayerId]:
        found = []
        for row in range(self.sharers.count()):
            item = self.sharers.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(PlayerId(int(item.data(Qt.ItemDataRole.UserRole))))
        return found

    def accept(self) -> None:
        amount = self.amount.checked(self.error)
        if amount is None:
            return
        if self.payer.currentIndex() < 0:
            self.error.say(RuleViolation("no_player_chosen"))
            return
        how = self.split.currentData()
        split: str | list[PlayerId] = self.chosen() if how == SPLIT_CHOSEN else str(how)
        event = int(self.night.currentData() or 0) or None
        try:
            self.recorded = self.book.expense(
                PlayerId(int(self.payer.currentData())),
                amount,
                split=split,
                event=event,
                note=self.note.text(),
                expected=self.found.last_seq,
            )
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        super().accept()
