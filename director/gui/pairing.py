"""The parts the phone dialogs share (helpers' phones, dealers' phones, the door):
the switch with its hint and the "share on the network" row, a QR code with the code
to type by hand and its "New code" button, and the list of paired phones with their
"Revoke" buttons. Each dialog says what its code is for; these only show it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.app.phones.remote import Device
from director.app.storage.databases import StoreError
from director.gui.common import show_error
from director.gui.qr import QrCode
from director.gui.sharing import Sharing
from director.i18n import _, format_datetime


class SwitchHeader(QWidget):
    """A phone feature's switch, what it lets a phone do, and, while the page is not
    shared, a button that shares it."""

    def __init__(
        self,
        switch: str,
        hint: str,
        *,
        checked: bool,
        toggled: Callable[[bool], None],
        share: Callable[[], None],
        extra: QWidget | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._share = share
        self.on = QCheckBox(switch)
        self.on.setChecked(checked)
        self.on.toggled.connect(toggled)
        self.hint = QLabel(hint)
        self.hint.setWordWrap(True)
        self.not_shared = QLabel(_("The page is not shared on the network yet."))
        self.not_shared.setWordWrap(True)
        self.share_button = QPushButton(_("&Share on the network…"))
        self.share_button.clicked.connect(self._share)
        share_row = QHBoxLayout()
        share_row.addWidget(self.not_shared, 1)
        share_row.addWidget(self.share_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.on)
        layout.addWidget(self.hint)
        if extra is not None:
            layout.addWidget(extra)
        layout.addLayout(share_row)

    def show_shared(self, running: bool) -> None:
        """The share row shows only while the page is not shared."""
        self.not_shared.setVisible(not running)
        self.share_button.setVisible(not running)


class CodePanel(QWidget):
    """A pairing code: its QR code, the words to type it by hand, "New code"."""

    def __init__(self, side: int, *, renew_tip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.qr = QrCode()
        self.qr.setFixedSize(side, side)
        self.code_text = QLabel()
        self.code_text.setWordWrap(True)
        self.code_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.renew = QPushButton(_("New code"))
        if renew_tip:
            self.renew.setToolTip(renew_tip)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.code_text)
        layout.addWidget(self.renew, 0, Qt.AlignmentFlag.AlignLeft)

    def show_code(self, url: str, words: str) -> None:
        """``url`` is what the QR code says ("" hides it and greys "New code")."""
        self.qr.set_text(url)
        self.qr.setVisible(bool(url))
        self.renew.setEnabled(bool(url))
        self.code_text.setText(words)


class PhoneList(QWidget):
    """The phones paired for one purpose, each with its last sighting and "Revoke"."""

    def __init__(self, *, revoke_tip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._revoke_tip = revoke_tip
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(2)

    def fill(self, phones: Sequence[Device], revoke: Callable[[Device], None]) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        if not phones:
            self.rows.addWidget(QLabel(_("No phone yet.")))
        for phone in phones:
            self.rows.addWidget(self._row(phone, revoke))

    def _row(self, phone: Device, revoke: Callable[[Device], None]) -> QWidget:
        seen = format_datetime(phone.last_seen) if phone.last_seen else _("not yet")
        label = QLabel(_("{name} · last seen {moment}").format(name=phone.name, moment=seen))
        label.setWordWrap(True)
        button = QPushButton(_("Revoke"))
        if self._revoke_tip:
            button.setToolTip(self._revoke_tip)
        button.clicked.connect(lambda _checked=False, phone=phone: revoke(phone))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(label, 1)
        row.addWidget(button)
        holder = QWidget()
        holder.setLayout(row)
        return holder


def forget_phone(parent: QWidget, sharing: Sharing, phone: Device, now: int) -> None:
    """Revoke a paired phone (already confirmed): it stops at once; every dialog that
    lists phones redraws."""
    devices = sharing.server.devices
    try:
        if devices is not None:
            devices.revoke(phone.id, now)
    except StoreError as error:
        show_error(parent, error)
    sharing.changed.emit()


def every_second(parent: QWidget, tick: Callable[[], None]) -> QTimer:
    """A running timer calling ``tick`` each second: a code's time left counts down,
    and one used or run out is replaced (stop it when the dialog closes)."""
    timer = QTimer(parent)
    timer.setInterval(1000)
    timer.timeout.connect(tick)
    timer.start()
    return timer
