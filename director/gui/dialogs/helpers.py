"""Helpers' phones: one QR code for the open event. The phone that scans it becomes a
helper's phone (a trusted friend at the door or the bank): it takes buy-ins,
re-buys, re-entries, add-ons and payments through the console's rules, each one
undoable here, and nothing else. The code works once, for two minutes; a new one
shows as soon as it is used or runs out. The paired phones are listed and can be
revoked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from director.app.phones.remote import Device, PairingCode
from director.app.storage.databases import StoreError
from director.gui.common import confirm
from director.gui.controller import SessionController
from director.gui.pairing import (
    CodePanel,
    PhoneList,
    SwitchHeader,
    every_second,
    forget_phone,
)
from director.gui.sharing import Sharing
from director.gui.widgets import InlineError
from director.i18n import _, format_clock

QR_SIDE = 240
"""Big enough for a phone to read from a laptop's screen at arm's length."""


class HelpersDialog(QDialog):
    """View > Helpers' phones: the helpers' code, their phones, the switch."""

    def __init__(
        self,
        sharing: Sharing,
        controller: SessionController,
        *,
        share: Callable[[], None],
        now: Callable[[], int],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Helpers' phones"))
        self.sharing = sharing
        self.controller = controller
        self._share = share
        self._now = now
        self.code: PairingCode | None = None
        self.header = SwitchHeader(
            _("Let a helper's &phone take entries and payments"),
            _(
                "A trusted friend at the door or the bank scans this code: the phone "
                "takes buy-ins, re-buys, re-entries, add-ons and payments, each one "
                "undoable here, and nothing else."
            ),
            checked=sharing.helpers,
            toggled=self._toggled,
            share=self._share_clicked,
        )
        self.on = self.header.on
        self.panel = CodePanel(QR_SIDE)
        self.qr, self.code_text = self.panel.qr, self.panel.code_text
        self.panel.renew.clicked.connect(lambda: self._fill_code(renew=True))
        self.error = InlineError()
        self.phones_box = PhoneList()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.panel)
        layout.addWidget(self.error)
        layout.addWidget(self.phones_box)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self._timer = every_second(self, self._tick)
        sharing.changed.connect(self.refresh)
        self.resize(520, 640)
        self.refresh()

    @property
    def usable(self) -> bool:
        return self.sharing.running and self.sharing.helpers

    def refresh(self) -> None:
        self.header.show_shared(self.sharing.running)
        self._fill_code()
        self._fill_phones()

    def _fill_code(self, *, renew: bool = False) -> None:
        self.code = self.sharing.helper_code(renew=renew) if self.usable else None
        self._say_code()

    def _say_code(self) -> None:
        code = self.code
        if code is None:
            self.panel.show_code(
                "",
                _("Turn on helpers' phones above to show their code.")
                if self.sharing.running
                else _("Share the page on the network to show the helpers' code."),
            )
            return
        left = max(0, code.expires_at - self._now())
        self.panel.show_code(
            self.sharing.helper_url(code),
            _("Code {code}: works once, for {left} more; or open {url} and type it.").format(
                code=code.shown, left=format_clock(left), url=f"{self.sharing.url}helper"
            ),
        )

    def _fill_phones(self) -> None:
        try:
            phones = self.sharing.helper_phones(self.controller.session.tournament_id)
        except StoreError as error:
            self.error.say(error)
            phones = []
        else:
            self.error.clear()
        self.phones_box.fill(phones, self.revoke)

    def _tick(self) -> None:
        if self.code is not None and self._now() >= self.code.expires_at:
            self._fill_code()  # a code that ran out shows its successor
        elif self.code is not None and self.sharing.helper_code() != self.code:
            self._fill_code()  # used by a phone: a new one
        else:
            self._say_code()

    def _toggled(self, on: bool) -> None:
        self.sharing.set_helpers(on)

    def _share_clicked(self) -> None:
        self._share()
        self.refresh()

    def revoke(self, phone: Device) -> None:
        if not confirm(
            self,
            _("Revoke a phone"),
            _("Revoke the helper's phone “{name}”? It stops at once.").format(name=phone.name),
            yes=_("Revoke"),
        ):
            return
        forget_phone(self, self.sharing, phone, self._now())

    def done(self, result: int) -> None:
        self._timer.stop()
        with contextlib.suppress(RuntimeError, TypeError):
            self.sharing.changed.disconnect(self.refresh)
        super().done(result)
