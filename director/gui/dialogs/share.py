"""View > Share on the network: the clock for every phone and TV in the room, and the
organizer's phone as a remote.

The organizer picks one of this machine's addresses (never all of them at once)
and a port; the page's address and its QR code are shown here, and on the TV for a
minute on request. Remote control is off until turned on here; a phone is paired
by scanning a second QR code shown only here, with a one-time code that works for
two minutes; the paired phones are listed and can be revoked.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.files.settings import Settings
from director.app.phones.remote import PairingCode
from director.app.storage.databases import StoreError
from director.gui.common import confirm, scaled_font, show_error
from director.gui.qr import QrCode
from director.gui.sharing import Sharing, default_address
from director.gui.widgets import InlineError
from director.i18n import _, format_clock, format_datetime
from director.web.addresses import local_addresses


class ShareDialog(QDialog):
    """Start or stop the network page, pair phones, revoke them."""

    def __init__(
        self,
        sharing: Sharing,
        settings: Settings,
        *,
        show_on_tv: Callable[[], None],
        now: Callable[[], int],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Share on the network"))
        self.sharing = sharing
        self._show_on_tv = show_on_tv
        self._now = now
        self.code: PairingCode | None = None

        # -- where the page is served ----------------------------------------------
        self.address = QComboBox()
        self.address.setMinimumContentsLength(18)
        wanted = sharing.server.host if sharing.running else settings.share_address
        wanted = wanted or default_address()
        for item in local_addresses():
            label = (
                item.label
                if not item.loopback
                else _("{address} (this computer only)").format(address=item.ip)
            )
            self.address.addItem(label, item.ip)
        if self.address.findData(wanted) < 0:
            self.address.addItem(_("{address} (not found now)").format(address=wanted), wanted)
        self.address.setCurrentIndex(self.address.findData(wanted))
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(sharing.server.port if sharing.running else settings.share_port)
        self.share_button = QPushButton()
        self.share_button.clicked.connect(self.toggle_sharing)
        self.error = InlineError()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.url = QLabel()
        self.url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url.setFont(scaled_font(self.font(), 1.4, bold=True))
        self.qr = QrCode()
        self.tv_button = QPushButton(_("Show on the &TV for a minute"))
        self.tv_button.setToolTip(_("The page's address and its QR code, over the clock."))
        self.tv_button.clicked.connect(self._show_on_tv)

        where = QGridLayout()
        where.addWidget(QLabel(_("&Address:")), 0, 0)
        where.addWidget(self.address, 0, 1)
        where.addWidget(QLabel(_("&Port:")), 0, 2)
        where.addWidget(self.port, 0, 3)
        where.addWidget(self.share_button, 0, 4)
        for column, widget in ((1, self.address), (3, self.port)):
            label = where.itemAtPosition(0, column - 1).widget()
            if isinstance(label, QLabel):
                label.setBuddy(widget)
        where.setColumnStretch(1, 1)
        page_box = QGroupBox(_("The live clock for phones and TVs (read-only)"))
        page_layout = QVBoxLayout(page_box)
        page_layout.addLayout(where)
        page_layout.addWidget(self.error)
        page_layout.addWidget(self.status)
        shown = QHBoxLayout()
        shown.addWidget(self.qr)
        side = QVBoxLayout()
        side.addWidget(self.url)
        hint = QLabel(
            _(
                "Players open this address on their phone (or scan the code) on the same "
                "Wi-Fi: the clock, blinds, payouts and seats, in English or French. "
                "No contact details and no money owed are ever shown there."
            )
        )
        hint.setWordWrap(True)
        side.addWidget(hint)
        side.addWidget(self.tv_button)
        side.addStretch(1)
        shown.addLayout(side, 1)
        page_layout.addLayout(shown)

        # -- the remote ------------------------------------------------------------
        self.remote = QCheckBox(_("Let paired phones &control the clock"))
        self.remote.setToolTip(
            _(
                "Pause and resume, levels, minutes, hand done, busts and re-buys, from "
                "the organizer's phone: each one undoable here."
            )
        )
        self.remote.setChecked(sharing.remote)
        self.remote.toggled.connect(self._remote_toggled)
        self.pair_button = QPushButton(_("&Pair a phone…"))
        self.pair_button.clicked.connect(self.new_code)
        self.pair_qr = QrCode()
        self.pair_qr.hide()
        self.pair_text = QLabel()
        self.pair_text.setWordWrap(True)
        self.pair_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.phones = QTableWidget(0, 3)
        self.phones.setHorizontalHeaderLabels([_("Phone"), _("Paired"), _("Last seen")])
        self.phones.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.phones.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.phones.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.phones.horizontalHeader().setStretchLastSection(True)
        self.phones.verticalHeader().hide()
        self.phones.itemSelectionChanged.connect(self._update_buttons)
        self.revoke_button = QPushButton(_("&Revoke"))
        self.revoke_button.setToolTip(_("That phone's commands stop at once."))
        self.revoke_button.clicked.connect(self.revoke_selected)
        remote_box = QGroupBox(_("The organizer's phone as a remote"))
        remote_layout = QVBoxLayout(remote_box)
        remote_layout.addWidget(self.remote)
        pairing = QHBoxLayout()
        pairing.addWidget(self.pair_qr)
        pairing_side = QVBoxLayout()
        pairing_side.addWidget(self.pair_button)
        pairing_side.addWidget(self.pair_text)
        pairing_side.addStretch(1)
        pairing.addLayout(pairing_side, 1)
        remote_layout.addLayout(pairing)
        remote_layout.addWidget(QLabel(_("Paired phones:")))
        remote_layout.addWidget(self.phones)
        revoke_row = QHBoxLayout()
        revoke_row.addStretch(1)
        revoke_row.addWidget(self.revoke_button)
        remote_layout.addLayout(revoke_row)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(page_box)
        layout.addWidget(remote_box, 1)
        layout.addWidget(buttons)

        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._tick)
        self._timer.start()
        sharing.server.paired.connect(self._paired)
        sharing.changed.connect(self.refresh)
        self.resize(760, 720)
        self.refresh()

    # -- the page -------------------------------------------------------------------

    def toggle_sharing(self) -> None:
        if self.sharing.running:
            self.sharing.stop()
            self.error.clear()
        else:
            problem = self.sharing.start(str(self.address.currentData()), self.port.value())
            if problem:
                self.error.say(problem)
            else:
                self.error.clear()
        self.refresh()

    def refresh(self) -> None:
        sharing = self.sharing
        running = sharing.running
        self.share_button.setText(_("&Stop sharing") if running else _("&Share"))
        self.address.setEnabled(not running)
        self.port.setEnabled(not running)
        self.url.setText(sharing.url)
        self.qr.set_text(sharing.url)
        self.qr.setVisible(running)
        self.tv_button.setEnabled(running)
        self.status.setText(sharing.summary() if running else _("Not shared."))
        if running:
            self.tv_button.setToolTip(_("The page's address and its QR code, over the clock."))
        self._fill_phones()
        self._update_buttons()

    # -- the remote -------------------------------------------------------------------

    def _remote_toggled(self, on: bool) -> None:
        self.sharing.set_remote(on)
        if not on:
            self.code = None
        self._show_code()

    def new_code(self) -> None:
        """A new one-time code (the one shown before works no more)."""
        self.code = self.sharing.pairing_code()
        self._show_code()

    def _show_code(self) -> None:
        code = self.code
        now = self._now()
        if code is not None and (now >= code.expires_at or not self.sharing.remote):
            self.code = code = None
        if code is None:
            self.pair_qr.hide()
            self.pair_qr.set_text("")
            if self.pair_text.property("paired") is None:
                self.pair_text.clear()
            return
        url = self.sharing.pairing_url(code)
        self.pair_qr.set_text(url)
        self.pair_qr.show()
        self.pair_text.setProperty("paired", None)
        self.pair_text.setText(
            _(
                "Scan this with the organizer's phone, or open {url} and type the code "
                "{code}. It works once, for {left} more."
            ).format(
                url=self.sharing.url, code=code.shown, left=format_clock(code.expires_at - now)
            )
        )

    def _paired(self, name: str) -> None:
        self.code = None
        self._show_code()
        self.pair_text.setProperty("paired", name)
        self.pair_text.setText(_("Paired: {name}.").format(name=name))
        self._fill_phones()

    def _tick(self) -> None:
        if self.code is not None:
            self._show_code()
        if self.sharing.running:
            self.status.setText(self.sharing.summary())

    def _fill_phones(self) -> None:
        devices = self.sharing.server.devices
        try:
            listed = devices.remotes() if devices is not None else []
        except StoreError as error:
            self.error.say(error)
            listed = []
        chosen = self.selected_phone()
        self.phones.setRowCount(len(listed))
        for row, device in enumerate(listed):
            name = QTableWidgetItem(device.name)
            name.setData(Qt.ItemDataRole.UserRole, device.id)
            self.phones.setItem(row, 0, name)
            self.phones.setItem(row, 1, QTableWidgetItem(format_datetime(device.paired_at)))
            seen = format_datetime(device.last_seen) if device.last_seen else _("Not yet")
            if device.last_address:
                seen = _("{moment} from {address}").format(moment=seen, address=device.last_address)
            self.phones.setItem(row, 2, QTableWidgetItem(seen))
            if device.id == chosen:
                self.phones.selectRow(row)
        self.phones.resizeColumnsToContents()

    def selected_phone(self) -> int | None:
        rows = self.phones.selectionModel().selectedRows() if self.phones.selectionModel() else []
        if not rows:
            return None
        item = self.phones.item(rows[0].row(), 0)
        value = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return int(value) if value is not None else None

    def _update_buttons(self) -> None:
        on = self.sharing.remote
        self.pair_button.setEnabled(on and self.sharing.running)
        self.pair_button.setToolTip(
            ""
            if on and self.sharing.running
            else _("Share on the network and let paired phones control the clock first.")
        )
        self.revoke_button.setEnabled(self.selected_phone() is not None)

    def revoke_selected(self) -> None:
        device = self.selected_phone()
        if device is None:
            return
        name = self.phones.item(self.phones.currentRow(), 0)
        shown = name.text() if name is not None else ""
        if not confirm(
            self,
            _("Revoke a phone"),
            _("Revoke “{name}”? Its commands stop at once; pair it again to use it.").format(
                name=shown
            ),
            yes=_("Revoke"),
        ):
            return
        devices = self.sharing.server.devices
        try:
            if devices is not None:
                devices.revoke(device, self._now())
        except StoreError as error:
            show_error(self, error)
        self.sharing.changed.emit()

    def done(self, result: int) -> None:
        self._timer.stop()
        try:
            self.sharing.changed.disconnect(self.refresh)
            self.sharing.server.paired.disconnect(self._paired)
        except (RuntimeError, TypeError):
            pass
        super().done(result)
