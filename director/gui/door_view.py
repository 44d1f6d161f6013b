"""View > The door: the door's switch and QR code, its printable sign, and the
arrivals (who checked in at the door's page, when, from the roster or new), each
turned into a buy-in with one action or dismissed.

The buy-in is the console's own command, asked of the rules first ("may I?"): a
row's button is greyed with the rule's reason when it would be refused, and a new
name is added to the roster only when its buy-in is done. The arrivals are read
from the database (``app.phones.door``): the window holds none of them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.phones import door as door_rules
from director.app.phones.door import Arrival, Door
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.gui.common import show_error
from director.gui.controller import SessionController
from director.gui.pairing import SwitchHeader
from director.gui.qr import QrCode
from director.gui.sharing import Sharing
from director.gui.widgets import InlineError
from director.i18n import _, describe_error, format_time, parse_money

QR_SIDE = 160
NAME, WHEN, FROM, ACTIONS = range(4)


class DoorView(QDialog):
    """The door's switch, sign and arrivals for the open event."""

    def __init__(
        self,
        sharing: Sharing,
        controller: SessionController,
        *,
        share: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("The door"))
        self.sharing = sharing
        self.controller = controller
        self._share = share
        self.door = Door.of(controller.session.database)
        self.arrivals: list[Arrival] = []
        self.header = SwitchHeader(
            _("&Open the door: players check themselves in with their phone"),
            _(
                "Players scan the sign's code, type their name and check in: nothing is "
                "bought at the door. Each arrival shows here; turn it into a buy-in with "
                "one click (a new name joins the roster then), or dismiss it."
            ),
            checked=sharing.door_open,
            toggled=sharing.set_door_open,
            share=self._share_clicked,
        )
        self.on = self.header.on
        self.qr = QrCode()
        self.qr.setFixedSize(QR_SIDE, QR_SIDE)
        self.address = QLabel()
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sign_button = QPushButton(_("Print the &sign…"))
        self.sign_button.setToolTip(_("A PDF to print: the QR code and short instructions"))
        self.sign_button.clicked.connect(self.save_sign)
        side = QVBoxLayout()
        side.addWidget(self.header)
        side.addWidget(self.address)
        side.addWidget(self.sign_button, 0, Qt.AlignmentFlag.AlignLeft)
        side.addStretch(1)
        top = QHBoxLayout()
        top.addLayout(side, 1)
        top.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignTop)
        self.paid = QCheckBox(_("&Paid"))
        self.paid.setChecked(True)
        self.paid.setToolTip(_("Unticked: the buy-in is owed, to be paid later"))
        self.paid.toggled.connect(self.refresh)
        self.count = QLabel()
        self.bring_back = QPushButton()
        self.bring_back.setObjectName("bring-back")
        self.bring_back.clicked.connect(self.restore_last)
        self.last_dismissed: Arrival | None = None
        heading = QHBoxLayout()
        heading.addWidget(self.count, 1)
        heading.addWidget(self.bring_back)
        heading.addWidget(self.paid)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([_("Name"), _("Checked in"), _("Roster"), ""])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in (WHEN, FROM, ACTIONS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.error = InlineError()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(heading)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        sharing.changed.connect(self.refresh)
        sharing.arrivals_changed.connect(self.refresh)
        controller.changed.connect(self.refresh)
        self.resize(860, 620)
        self.refresh()

    # -- showing ------------------------------------------------------------------

    def refresh(self, *_args: object) -> None:
        self.header.show_shared(self.sharing.running)
        url = self.sharing.door_url()
        self.qr.set_text(url if self.sharing.door_open else "")
        self.qr.setVisible(bool(url) and self.sharing.door_open)
        if not url:
            self.address.setText(_("Share the page on the network to open the door."))
        elif self.sharing.door_open:
            self.address.setText(_("Players check in at {url}").format(url=url))
        else:
            self.address.setText(_("The door is closed: open it above."))
        self.sign_button.setEnabled(bool(url))
        self.sign_button.setToolTip(
            _("A PDF to print: the QR code and short instructions")
            if url
            else _("Share the page on the network first: the sign carries its address.")
        )
        event = self.controller.session.tournament_id
        try:
            self.arrivals = self.door.waiting(event)
            dismissed = self.door.dismissed(event)
        except StoreError as error:
            self.error.say(error)
            self.arrivals, dismissed = [], []
        else:
            self.error.clear()
        self.last_dismissed = dismissed[-1] if dismissed else None
        self.bring_back.setVisible(self.last_dismissed is not None)
        if self.last_dismissed is not None:
            self.bring_back.setText(_("&Bring back {name}").format(name=self.last_dismissed.name))
            self.bring_back.setToolTip(_("The last arrival dismissed returns to the list"))
        self._fill()

    def _fill(self) -> None:
        arrivals = self.arrivals
        self.count.setText(
            _("At the door: {count}").format(count=len(arrivals))
            if arrivals
            else _("Nobody is waiting at the door.")
        )
        self.table.setRowCount(len(arrivals))
        for row, arrival in enumerate(arrivals):
            self.table.setItem(row, NAME, QTableWidgetItem(arrival.name))
            self.table.setItem(row, WHEN, QTableWidgetItem(format_time(arrival.at)))
            known = _("new name") if arrival.new else _("from the roster")
            self.table.setItem(row, FROM, QTableWidgetItem(known))
            self.table.setCellWidget(row, ACTIONS, self._actions(arrival))
        self.table.resizeRowsToContents()

    def refusal(self, arrival: Arrival) -> RuleViolation | None:
        """Whether the rules would refuse this arrival's buy-in now (as the console's
        own buy-in button is asked)."""
        state = self.controller.state
        amount = max(1, state.cash.min_buy_in) if state.is_cash else 0
        probe = door_rules.probe(arrival, state, paid=self.paid.isChecked(), amount=amount)
        refused = self.controller.session.refusal(probe)
        return refused if isinstance(refused, RuleViolation) else None

    def _actions(self, arrival: Arrival) -> QWidget:
        buy = QPushButton(_("Buy in"))
        buy.setObjectName(f"buy-{arrival.id}")
        refused = self.refusal(arrival)
        buy.setEnabled(refused is None)
        why = QLabel(describe_error(refused) if refused is not None else "")
        why.setWordWrap(True)
        why.setStyleSheet("color: #8a8f98;")
        why.setVisible(refused is not None)
        buy.setToolTip(why.text())
        buy.clicked.connect(lambda _checked=False, a=arrival: self.buy_in(a))
        dismiss = QPushButton(_("Dismiss"))
        dismiss.setObjectName(f"dismiss-{arrival.id}")
        dismiss.clicked.connect(lambda _checked=False, a=arrival: self.dismiss(a))
        row = QHBoxLayout()
        row.setContentsMargins(4, 2, 4, 2)
        row.addWidget(why, 1)
        row.addWidget(buy)
        row.addWidget(dismiss)
        holder = QWidget()
        holder.setLayout(row)
        holder.setMinimumWidth(420)
        return holder

    # -- acting -------------------------------------------------------------------

    def buy_in(self, arrival: Arrival) -> bool:
        """The arrival's buy-in, the console's own command; the arrival then leaves
        the list. A refused one changes nothing (a new name is not added)."""
        state = self.controller.state
        amount = 0
        if state.is_cash:
            text, accepted = QInputDialog.getText(
                self, _("Buy-in"), _("Money brought by {name}:").format(name=arrival.name)
            )
            if not accepted:
                return False
            try:
                amount = parse_money(text)
            except ValueError:
                show_error(self, RuleViolation("amount_not_whole", value=text))
                return False
        paid = self.paid.isChecked()
        refused = self.controller.session.refusal(
            door_rules.probe(arrival, state, paid=paid, amount=amount)
        )
        if refused is not None:
            show_error(self, refused)
            return False
        try:
            command = door_rules.buy_in(arrival, self.door, paid=paid, amount=amount)
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
            return False
        if self.controller.dispatch(command, self) is None:
            return False
        self._handle(self.door.handled, arrival)
        return True

    def dismiss(self, arrival: Arrival) -> None:
        """Off the list, kept aside: "Bring back" returns the last one dismissed."""
        self._handle(self.door.dismiss, arrival)

    def restore_last(self) -> None:
        """The last arrival dismissed back on the list (one click undoes a dismissal,
        after a restart too)."""
        if self.last_dismissed is not None:
            self._handle(self.door.restore, self.last_dismissed)

    def _handle(self, change: Callable[[int, int, int], bool], arrival: Arrival) -> None:
        try:
            change(self.controller.session.tournament_id, arrival.id, self.controller.now())
        except StoreError as error:
            show_error(self, error)
        self.refresh()

    def save_sign(self) -> Path | None:
        """Print the sign: a PDF of the door's QR code and instructions, saved where
        the organizer says."""
        url = self.sharing.door_url()
        if not url:
            return None
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Save the door's sign"), _("door-sign.pdf"), _("PDF files (*.pdf)")
        )
        return self.write_sign(Path(path)) if path else None

    def write_sign(self, path: Path) -> Path | None:
        from director.app.files.outputs import write_output
        from director.reports.door_sign import door_sign

        url = self.sharing.door_url()
        try:
            pdf = door_sign(self.controller.state, self.controller.now(), url)
            return write_output(path, pdf)
        except (StoreError, RuleViolation) as error:
            show_error(self, error)
            return None

    def _share_clicked(self) -> None:
        self._share()
        self.refresh()

    def done(self, result: int) -> None:
        for signal in (
            self.sharing.changed,
            self.sharing.arrivals_changed,
            self.controller.changed,
        ):
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(self.refresh)
        super().done(result)
