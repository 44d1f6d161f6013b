"""The money settings of the tournament formats: the kind of bounty (fixed,
progressive knockout, mystery envelopes), the bounty part of re-buys and the
add-on, and the host's added money and guarantee; with the starting stack
checked against the event's chip set. Part of the money form: one Save."""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.views.format_display import event_stack_check, stack_check_text
from director.core.bounties import check_envelopes
from director.core.money import (
    FIXED_BOUNTY,
    MYSTERY,
    PROGRESSIVE,
    BountySettings,
    Envelope,
    MoneySettings,
)
from director.core.state import TournamentState
from director.gui.widgets import MoneyEdit
from director.i18n import _, format_money, format_number, parse_money

FROM_START, FROM_LEVEL, FROM_MONEY = "start", "level", "money"


class FieldError(ValueError):
    """A field that is not a number, with the sentence saying which."""


class FormatsFields(QGroupBox):
    """Fields read into and written from ``MoneySettings`` by the money form."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Bounties and prize money"), parent)
        self.kind = QComboBox()
        self.kind.addItem(_("Fixed: the eliminator wins the whole bounty"), FIXED_BOUNTY)
        self.kind.addItem(_("Progressive knockout (PKO)"), PROGRESSIVE)
        self.kind.addItem(_("Mystery bounties (envelopes)"), MYSTERY)
        self.cash_share = QSpinBox()
        self.cash_share.setRange(0, 100)
        self.cash_share.setSuffix(" %")
        self.cash_share.setToolTip(
            _("At a knockout, this part of the bounty is paid; the rest goes on the winner's own.")
        )
        self.rebuy_bounty = MoneyEdit()
        self.addon_bounty = MoneyEdit()
        self.unit = MoneyEdit()
        self.unit.setToolTip(_("Bounties are split in whole units of this (odd units: R22)."))
        self.envelopes = QTableWidget(0, 2)
        self.envelopes.setHorizontalHeaderLabels([_("Envelope amount"), _("How many")])
        self.envelopes.verticalHeader().hide()
        self.envelopes.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.envelopes.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.envelopes.setMinimumHeight(110)
        self.envelopes.itemChanged.connect(lambda _item: self.refresh_checks())
        add = QPushButton(_("Add an amount"))
        add.clicked.connect(lambda: self._add_envelope_row("", ""))
        remove = QPushButton(_("Remove the amount"))
        remove.clicked.connect(self._remove_envelope_row)
        self.mystery_from = QComboBox()
        self.mystery_from.addItem(_("from the start"), FROM_START)
        self.mystery_from.addItem(_("from level"), FROM_LEVEL)
        self.mystery_from.addItem(_("from the money"), FROM_MONEY)
        self.mystery_level = QSpinBox()
        self.mystery_level.setRange(1, 200)
        self.envelope_check = QLabel()
        self.envelope_check.setWordWrap(True)
        self.added = MoneyEdit()
        self.guarantee = MoneyEdit()
        self.stack_check = QLabel()
        self.stack_check.setWordWrap(True)

        envelope_buttons = QHBoxLayout()
        envelope_buttons.addWidget(add)
        envelope_buttons.addWidget(remove)
        envelope_buttons.addStretch()
        self.mystery_box = QWidget()
        mystery = QVBoxLayout(self.mystery_box)
        mystery.setContentsMargins(0, 0, 0, 0)
        mystery.addWidget(self.envelopes)
        mystery.addLayout(envelope_buttons)
        when = QHBoxLayout()
        when.addWidget(QLabel(_("Envelopes drawn")))
        when.addWidget(self.mystery_from)
        when.addWidget(self.mystery_level)
        when.addStretch()
        mystery.addLayout(when)
        mystery.addWidget(self.envelope_check)

        form = QFormLayout(self)
        self.form = form
        form.addRow(_("Kind of bounty"), self.kind)
        form.addRow(_("Paid in cash at a knockout"), self.cash_share)
        form.addRow(_("Bounty part of a re-buy"), self.rebuy_bounty)
        form.addRow(_("Bounty part of the add-on"), self.addon_bounty)
        form.addRow(_("Split bounties in units of"), self.unit)
        form.addRow(_("Mystery envelopes"), self.mystery_box)
        form.addRow(_("Added by the host"), self.added)
        form.addRow(_("Guaranteed prize pool"), self.guarantee)
        form.addRow(self.stack_check)
        self.kind.currentIndexChanged.connect(lambda _index: self._enable())
        self.mystery_from.currentIndexChanged.connect(lambda _index: self._enable())
        self.state: TournamentState | None = None
        self._typed_bounty = 0
        self._typed_stack = 0

    # -- reading and writing ------------------------------------------------------------

    def load(self, state: TournamentState) -> None:
        self.state = state
        money = state.money
        bounties = money.bounties
        self.kind.setCurrentIndex(max(0, self.kind.findData(bounties.kind)))
        self.cash_share.setValue(bounties.cash_share_bp // 100)
        self.rebuy_bounty.set_value(money.rebuy.bounty if money.rebuy else money.bounty)
        self.addon_bounty.set_value(money.addon.bounty if money.addon else 0)
        self.unit.set_value(bounties.unit)
        self.envelopes.blockSignals(True)
        self.envelopes.setRowCount(0)
        for envelope in bounties.envelopes:
            self._add_envelope_row(format_money(envelope.amount), str(envelope.count))
        self.envelopes.blockSignals(False)
        if bounties.mystery_from_level:
            self.mystery_from.setCurrentIndex(1)
            self.mystery_level.setValue(bounties.mystery_from_level)
        else:
            self.mystery_from.setCurrentIndex(2 if bounties.mystery_in_the_money else 0)
        self.added.set_value(money.added)
        self.guarantee.set_value(money.guarantee)
        self._typed_bounty = money.bounty
        self._typed_stack = money.chips
        self._enable()

    def apply(self, settings: MoneySettings) -> MoneySettings:
        """``settings`` (the rest of the form) with these fields; ``ValueError`` names
        the field that is not a number."""
        kind = self.kind.currentData()
        envelopes = self.read_envelopes() if kind == MYSTERY else ()
        choice = self.mystery_from.currentData()
        bounties = BountySettings(
            kind=kind,
            cash_share_bp=self.cash_share.value() * 100,
            unit=self.unit.value() or 1,
            envelopes=envelopes,
            mystery_from_level=self.mystery_level.value() if choice == FROM_LEVEL else 0,
            mystery_in_the_money=choice == FROM_MONEY,
        )
        if self.state is not None and kind != PROGRESSIVE:
            # A share that only a progressive knockout uses stays as it was.
            bounties = replace(bounties, cash_share_bp=self.state.money.bounties.cash_share_bp)
        rebuy = settings.rebuy
        if rebuy is not None:
            rebuy = replace(rebuy, bounty=self.rebuy_bounty.value())
        addon = settings.addon
        if addon is not None:
            addon = replace(addon, bounty=self.addon_bounty.value())
        return replace(
            settings,
            bounties=bounties,
            rebuy=rebuy,
            addon=addon,
            added=self.added.value(),
            guarantee=self.guarantee.value(),
        )

    def read_envelopes(self) -> tuple[Envelope, ...]:
        envelopes = []
        for row in range(self.envelopes.rowCount()):
            amount_item = self.envelopes.item(row, 0)
            count_item = self.envelopes.item(row, 1)
            amount_text = amount_item.text().strip() if amount_item else ""
            count_text = count_item.text().strip() if count_item else ""
            if not amount_text and not count_text:
                continue
            try:
                amount = parse_money(amount_text)
                count = int(count_text.replace(" ", "") or "1")
            except ValueError:
                raise FieldError(
                    _("Envelope row {row}: give an amount and a whole number.").format(row=row + 1)
                ) from None
            envelopes.append(Envelope(amount=amount, count=count))
        return tuple(envelopes)

    # -- the checks shown as the organizer types -----------------------------------------

    def set_typed(self, *, bounty: int, stack: int) -> None:
        """The buy-in's bounty part and the starting stack typed in the form above."""
        self._typed_bounty, self._typed_stack = bounty, stack
        self.refresh_checks()

    def refresh_checks(self) -> None:
        self.envelope_check.setText(self._envelope_text())
        self.stack_check.setText(self._stack_text())

    def _envelope_text(self) -> str:
        if self.kind.currentData() != MYSTERY or self.state is None:
            return ""
        try:
            envelopes = self.read_envelopes()
        except ValueError as error:
            return f"<span style='color:#c0392b'>{error}</span>"
        check = check_envelopes(self.state, BountySettings(kind=MYSTERY, envelopes=envelopes))
        text = _("{count} envelopes, {total} in all; bounty money so far {pool}.").format(
            count=format_number(check.count),
            total=format_money(check.total),
            pool=format_money(check.pool),
        )
        if not check.matches:
            text += " " + _("They must be equal when the draws begin.")
            return f"<span style='color:#b7791f'>{text}</span>"
        return text

    def _stack_text(self) -> str:
        state = self.state
        if state is None or state.chip_set is None or self._typed_stack <= 0:
            return ""
        check = event_stack_check(state, state.chip_set, self._typed_stack)
        text = html.escape(stack_check_text(check, state.chip_set.name))
        return text if check.ok else f"<span style='color:#c0392b'>{text}</span>"

    def _enable(self) -> None:
        kind = self.kind.currentData()
        # Only the kind chosen shows its fields: the form stays short.
        self.form.setRowVisible(self.cash_share, kind == PROGRESSIVE)
        self.form.setRowVisible(self.mystery_box, kind == MYSTERY)
        self.mystery_level.setEnabled(self.mystery_from.currentData() == FROM_LEVEL)
        self.refresh_checks()

    def _add_envelope_row(self, amount: str, count: str) -> None:
        row = self.envelopes.rowCount()
        self.envelopes.insertRow(row)
        for column, text in enumerate((amount, count)):
            item = QTableWidgetItem(text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.envelopes.setItem(row, column, item)

    def _remove_envelope_row(self) -> None:
        row = self.envelopes.currentRow()
        if row < 0:
            row = self.envelopes.rowCount() - 1
        if row >= 0:
            self.envelopes.removeRow(row)
            self.refresh_checks()
