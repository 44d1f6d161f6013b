"""Dealers' phones: one QR code per table of the open event. The phone that scans a
table's code becomes that table's dealer phone: it reports the table's hands, busts
and moves, and calls the floor, and nothing else. Each code works once, for ten
minutes; a new one shows as soon as it is used. The paired phones are listed under
their table and can be revoked; a table that breaks takes its phones with it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from director.app.night.changes import Changes
from director.app.phones.remote import Device, PairingCode
from director.app.storage.databases import StoreError
from director.gui.common import confirm, scaled_font
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

COLUMNS = 3
QR_SIDE = 220
"""Big enough for a phone to read from a laptop's screen at arm's length."""


class TableCodeCard(QFrame):
    """One table: its QR code, the code to type by hand, its phones."""

    def __init__(self, table: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.code: PairingCode | None = None
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(_("Table {table}").format(table=table))
        self.title.setFont(scaled_font(self.font(), 1.4, bold=True))
        self.panel = CodePanel(
            QR_SIDE, renew_tip=_("The code shown works no more; a new one replaces it.")
        )
        self.qr, self.code_text, self.renew = self.panel.qr, self.panel.code_text, self.panel.renew
        self.phones_box = PhoneList(revoke_tip=_("That phone's reports stop at once."))
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.panel)
        layout.addWidget(self.phones_box)
        layout.addStretch(1)


class DealersDialog(QDialog):
    """View > Dealers' phones: each table's code, its phones, the switch."""

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
        self.setWindowTitle(_("Dealers' phones"))
        self.sharing = sharing
        self.controller = controller
        self._share = share
        self._now = now
        self.typing = QLabel()
        """Where a phone that cannot scan its table's code types it (once shared)."""
        self.typing.setWordWrap(True)
        self.typing.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header = SwitchHeader(
            _("Let each table's dealer &phone report its hands, busts and moves"),
            _(
                "A phone on each table scans its table's code (any player's phone: "
                "the deal can go round). It can only act on that table; the console "
                "can still do everything itself."
            ),
            checked=sharing.dealers,
            toggled=self._toggled,
            share=self._share_clicked,
            extra=self.typing,
        )
        self.on = self.header.on
        self.on.setToolTip(
            _(
                "Hand done, a bust at the table, a move done and a call for the floor, "
                "from a phone on each table: each one undoable here."
            )
        )
        self.error = InlineError()
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.cards: dict[int, TableCodeCard] = {}
        self.empty = QLabel(_("No tables yet: draw the seats first."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.error)
        layout.addWidget(self.empty)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self._timer = every_second(self, self._tick)
        sharing.changed.connect(self.refresh)
        controller.changed.connect(self._on_changed)
        self.resize(900, 720)
        self.refresh()

    # -- redraw -------------------------------------------------------------------

    @property
    def usable(self) -> bool:
        return self.sharing.running and self.sharing.dealers

    def refresh(self) -> None:
        self.header.show_shared(self.sharing.running)
        self.typing.setVisible(self.usable)
        self.typing.setText(
            _("A phone that cannot scan its table's code opens {url} and types it.").format(
                url=f"{self.sharing.url}dealer"
            )
        )
        numbers = sorted(self.controller.state.tables.tables)
        for number in list(self.cards):
            if number not in numbers:
                card = self.cards.pop(number)
                card.hide()
                card.deleteLater()
        for index, number in enumerate(numbers):
            card = self.cards.get(number)
            if card is None:
                card = self.cards[number] = TableCodeCard(number)
                card.renew.clicked.connect(lambda _checked=False, t=number: self.renew(t))
            self.grid.addWidget(card, index // COLUMNS, index % COLUMNS)
        self.empty.setVisible(not numbers)
        self._fill_codes()
        self._fill_phones()

    def _fill_codes(self, *, renew: int | None = None) -> None:
        usable = self.usable
        for number, card in self.cards.items():
            code = None
            if usable:
                code = self.sharing.dealer_code(number, renew=number == renew)
            card.code = code
            self._say_code(card)

    def _say_code(self, card: TableCodeCard) -> None:
        code = card.code
        if code is None:
            card.panel.show_code(
                "",
                _("Turn on dealers' phones above to show this table's code.")
                if self.sharing.running
                else _("Share the page on the network to show this table's code."),
            )
            return
        left = max(0, code.expires_at - self._now())
        card.panel.show_code(
            self.sharing.dealer_url(code),
            _("Code {code}: works once, for {left} more.").format(
                code=code.shown, left=format_clock(left)
            ),
        )

    def _fill_phones(self) -> None:
        try:
            phones = self.sharing.dealer_phones(self.controller.session.tournament_id)
        except StoreError as error:
            self.error.say(error)
            phones = []
        else:
            self.error.clear()
        for number, card in self.cards.items():
            card.phones_box.fill([phone for phone in phones if phone.table == number], self.revoke)

    def _tick(self) -> None:
        expired = any(
            card.code is not None and self._now() >= card.code.expires_at
            for card in self.cards.values()
        )
        if expired:
            self._fill_codes()  # a code that ran out shows its successor
        else:
            for card in self.cards.values():
                self._say_code(card)

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("tables"):
            self.refresh()

    # -- actions ---------------------------------------------------------------------

    def _toggled(self, on: bool) -> None:
        self.sharing.set_dealers(on)
        self.refresh()

    def _share_clicked(self) -> None:
        self._share()
        self.refresh()

    def renew(self, table: int) -> None:
        self._fill_codes(renew=table)

    def revoke(self, phone: Device) -> None:
        if not confirm(
            self,
            _("Revoke a phone"),
            _("Revoke “{name}” (table {table})? Its reports stop at once.").format(
                name=phone.name, table=phone.table
            ),
            yes=_("Revoke"),
        ):
            return
        forget_phone(self, self.sharing, phone, self._now())

    def done(self, result: int) -> None:
        self._timer.stop()
        try:
            self.sharing.changed.disconnect(self.refresh)
            self.controller.changed.disconnect(self._on_changed)
        except (RuntimeError, TypeError):
            pass
        super().done(result)
