"""The buy-in, fee, bounty, re-buy, add-on and late registration settings of a
tournament, or the times and chip value of a cash game. Bad input is shown
inline and nothing is saved until it is right."""

from __future__ import annotations

from PySide6.QtCore import QDateTime
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from director.app.night.changes import Changes
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.money import (
    RAKE_HOUR,
    RAKE_NONE,
    RAKE_PLAYER,
    RAKE_POT,
    AddonRule,
    CashSettings,
    Fee,
    MoneySettings,
    RakeRule,
    RebuyRule,
)
from director.gui.controller import SaveFailed, SessionController
from director.gui.pages.formats_form import FieldError, FormatsFields
from director.gui.widgets import ChipsEdit, InlineError, MoneyEdit, date_format, time_format
from director.i18n import _, describe_error


class SavedNote(QLabel):
    """A green "Saved." beside a Save button, gone as soon as a field is edited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet("color: #1a7f37; font-weight: bold;")

    def say(self, text: str) -> None:
        self.setText(text)


def level_box(value: int = 0, *, none_text: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, 200)
    box.setValue(value)
    if none_text:
        box.setSpecialValueText(none_text)
    return box


class FeeEdit(QWidget):
    """A fee as a fixed amount or a percentage."""

    def __init__(self, fee: Fee, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        self.kind.addItem(_("fixed amount"), "fixed")
        self.kind.addItem(_("percent of the price"), "percent")
        self.amount = MoneyEdit()
        self.percent = QSpinBox()
        self.percent.setRange(0, 100)
        self.percent.setSuffix(" %")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.amount)
        layout.addWidget(self.percent)
        layout.addWidget(self.kind)
        self.kind.currentIndexChanged.connect(self._show)
        self.set_fee(fee)

    def set_fee(self, fee: Fee) -> None:
        self.kind.setCurrentIndex(1 if fee.percent_bp else 0)
        self.amount.set_value(fee.fixed)
        self.percent.setValue(fee.percent_bp // 100)
        self._show()

    def _show(self) -> None:
        percent = self.kind.currentData() == "percent"
        self.amount.setVisible(not percent)
        self.percent.setVisible(percent)

    def fee(self) -> Fee:
        if self.kind.currentData() == "percent":
            return Fee(percent_bp=self.percent.value() * 100)
        return Fee(fixed=self.amount.value())


class TournamentMoneyForm(QGroupBox):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(_("Buy-in, re-buys and add-on"), parent)
        self.controller = controller
        self.buy_in = MoneyEdit()
        self.chips = ChipsEdit()
        self.fee = FeeEdit(Fee())
        self.bounty = MoneyEdit()
        self.season_pot = MoneyEdit()
        self.season_pot.setToolTip(
            _(
                "Money of each buy-in and re-entry set aside for the league's season pot "
                "(its final), out of the prize pool like the fee"
            )
        )
        self.late = level_box(none_text=_("none after the start"))
        self.reentry = QCheckBox(_("Re-entry allowed (during late registration)"))
        self.max_reentries = level_box(none_text=_("no limit"))
        self.rebuys = QCheckBox(_("Re-buys"))
        self.rebuy_price = MoneyEdit()
        self.rebuy_chips = ChipsEdit()
        self.rebuy_until = level_box(1)
        self.rebuy_end = QComboBox()
        self.rebuy_end.addItem(_("with that level (the break offers only the add-on)"), False)
        self.rebuy_end.addItem(_("after the break that follows it"), True)
        self.rebuy_threshold = ChipsEdit()
        self.rebuy_threshold.setPlaceholderText(_("0: only when out"))
        self.rebuy_max = level_box(none_text=_("no limit"))
        self.addon = QCheckBox(_("Add-on"))
        self.addon_price = MoneyEdit()
        self.addon_chips = ChipsEdit()
        self.addon_from = level_box(1)
        self.addon_until = level_box(1)
        self.formats = FormatsFields()
        form = QFormLayout(self)
        form.addRow(_("Buy-in price"), self.buy_in)
        form.addRow(_("Starting chips"), self.chips)
        form.addRow(_("House fee (kept out of the prize pool)"), self.fee)
        form.addRow(_("Bounty per entry"), self.bounty)
        form.addRow(_("Season pot per entry"), self.season_pot)
        form.addRow(_("Late registration until the end of level"), self.late)
        form.addRow("", self.reentry)
        form.addRow(_("Re-entries per player"), self.max_reentries)
        form.addRow("", self.rebuys)
        form.addRow(_("Re-buy price"), self.rebuy_price)
        form.addRow(_("Re-buy chips"), self.rebuy_chips)
        form.addRow(_("Re-buys until the end of level"), self.rebuy_until)
        form.addRow(_("Re-buys end"), self.rebuy_end)
        form.addRow(_("Re-buy when at or below (chips)"), self.rebuy_threshold)
        form.addRow(_("Re-buys per player"), self.rebuy_max)
        form.addRow("", self.addon)
        form.addRow(_("Add-on price"), self.addon_price)
        form.addRow(_("Add-on chips"), self.addon_chips)
        form.addRow(_("Add-on offered from level"), self.addon_from)
        form.addRow(_("… to the end of level"), self.addon_until)
        form.addRow(self.formats)
        self.error = InlineError()
        save = QPushButton(_("Save money settings"))
        save.clicked.connect(self.save)
        self.saved = SavedNote()
        form.addRow(self.error)
        form.addRow(self.saved, save)
        for edit in self.findChildren(QLineEdit):
            edit.textEdited.connect(lambda _text: self.saved.clear())
        self.rebuys.toggled.connect(self._enable)
        self.addon.toggled.connect(self._enable)
        self.reentry.toggled.connect(self._enable)
        self.chips.textEdited.connect(lambda _text: self._typed())
        self.bounty.textEdited.connect(lambda _text: self._typed())
        controller.changed.connect(self._on_changed)
        self.load()

    def load(self) -> None:
        money = self.controller.state.money
        self.buy_in.set_value(money.buy_in)
        self.chips.set_value(money.chips)
        self.fee.set_fee(money.fee)
        self.bounty.set_value(money.bounty)
        self.season_pot.set_value(money.season_pot)
        self.late.setValue(money.late_until_level)
        self.reentry.setChecked(money.reentry)
        self.max_reentries.setValue(money.max_reentries)
        rebuy = money.rebuy
        self.rebuys.setChecked(rebuy is not None)
        self.rebuy_price.set_value(rebuy.price if rebuy else money.buy_in)
        self.rebuy_chips.set_value(rebuy.chips if rebuy else money.chips)
        self.rebuy_until.setValue(rebuy.until_level if rebuy else 4)
        self.rebuy_end.setCurrentIndex(1 if rebuy is not None and rebuy.through_break else 0)
        self.rebuy_threshold.set_value(rebuy.threshold if rebuy else 0)
        self.rebuy_max.setValue(rebuy.max_per_player if rebuy else 0)
        addon = money.addon
        self.addon.setChecked(addon is not None)
        self.addon_price.set_value(addon.price if addon else money.buy_in)
        self.addon_chips.set_value(addon.chips if addon else money.chips)
        self.addon_from.setValue(addon.from_level if addon else 4)
        self.addon_until.setValue(addon.until_level if addon else 4)
        self.formats.load(self.controller.state)
        self._enable()
        self.error.hide()

    def _typed(self) -> None:
        """The stack or the bounty typed: the formats' checks follow."""
        try:
            self.formats.set_typed(bounty=self.bounty.value(), stack=self.chips.value())
        except ValueError:
            self.formats.set_typed(bounty=0, stack=0)

    def _enable(self) -> None:
        for widget in (
            self.rebuy_price,
            self.rebuy_chips,
            self.rebuy_until,
            self.rebuy_end,
            self.rebuy_threshold,
            self.rebuy_max,
        ):
            widget.setEnabled(self.rebuys.isChecked())
        for widget in (self.addon_price, self.addon_chips, self.addon_from, self.addon_until):
            widget.setEnabled(self.addon.isChecked())
        self.max_reentries.setEnabled(self.reentry.isChecked())
        self.formats.rebuy_bounty.setEnabled(self.rebuys.isChecked())
        self.formats.addon_bounty.setEnabled(self.addon.isChecked())

    def settings(self) -> MoneySettings:
        """The settings as typed; raises ``ValueError`` for text that is not a number."""
        rebuy = None
        if self.rebuys.isChecked():
            rebuy = RebuyRule(
                price=self.rebuy_price.value(),
                chips=self.rebuy_chips.value(),
                until_level=self.rebuy_until.value(),
                through_break=bool(self.rebuy_end.currentData()),
                threshold=self.rebuy_threshold.value(),
                max_per_player=self.rebuy_max.value(),
                bounty=self.bounty.value(),
            )
        addon = None
        if self.addon.isChecked():
            addon = AddonRule(
                price=self.addon_price.value(),
                chips=self.addon_chips.value(),
                from_level=self.addon_from.value(),
                until_level=self.addon_until.value(),
            )
        plain = MoneySettings(
            buy_in=self.buy_in.value(),
            chips=self.chips.value(),
            fee=self.fee.fee(),
            bounty=self.bounty.value(),
            rebuy=rebuy,
            addon=addon,
            late_until_level=self.late.value(),
            reentry=self.reentry.isChecked(),
            max_reentries=self.max_reentries.value(),
            season_pot=self.season_pot.value(),
        )
        return self.formats.apply(plain)

    def save(self) -> None:
        try:
            settings = self.settings()
        except FieldError as error:
            self._show_error(str(error))
            return
        except ValueError:
            self._show_error(_("Amounts must be numbers, such as 20 or 12.50."))
            return
        if settings == self.controller.state.money:
            self.error.hide()
            self.saved.say(_("Nothing changed: these are the settings saved."))
            return
        try:
            self.controller.run(c.SetMoneySettings(settings=settings))
        except (RuleViolation, SaveFailed) as error:
            self._show_error(describe_error(error))
            return
        self.error.hide()
        self.saved.say(_("Saved."))

    def _show_error(self, text: str) -> None:
        self.saved.clear()
        self.error.say(text)

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("money"):
            self.load()
        elif changes.touches("chip_set", "players", "ledger"):
            self.formats.state = self.controller.state
            self.formats.refresh_checks()


def _moment(edit: QDateTimeEdit) -> int:
    return int(edit.dateTime().toMSecsSinceEpoch())


class CashMoneyForm(QGroupBox):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(_("Cash game"), parent)
        self.controller = controller
        self.starts = QDateTimeEdit()
        self.ends = QDateTimeEdit()
        for edit in (self.starts, self.ends):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat(f"{date_format()} {time_format()}")
        self.chip_money = MoneyEdit()
        self.chip_count = ChipsEdit()
        self.min_buy_in = MoneyEdit()
        self.max_buy_in = MoneyEdit()
        form = QFormLayout(self)
        form.addRow(_("Starts"), self.starts)
        form.addRow(_("Ends"), self.ends)
        value = QHBoxLayout()
        value.addWidget(self.chip_money)
        value.addWidget(QLabel(_("buys")))
        value.addWidget(self.chip_count)
        value.addWidget(QLabel(_("chips")))
        form.addRow(_("Chip value"), value)
        form.addRow(_("Smallest buy-in"), self.min_buy_in)
        form.addRow(_("Largest buy-in"), self.max_buy_in)
        self.live_straddle = QCheckBox(_("A live straddle may be posted"))
        self.live_straddle.setToolTip(
            _("The player left of the big blind may post two big blinds and act last.")
        )
        self.straddle_in_limit = QCheckBox(_("In limit levels too"))
        self.live_straddle.toggled.connect(self.straddle_in_limit.setEnabled)
        for box in (self.live_straddle, self.straddle_in_limit):
            box.toggled.connect(lambda _on: self.saved.clear())
        form.addRow(_("Straddle"), self.live_straddle)
        form.addRow("", self.straddle_in_limit)
        # The house's rake, for the club's own account.
        self.rake_kind = QComboBox()
        self.rake_kind.addItem(_("No rake"), RAKE_NONE)
        self.rake_kind.addItem(_("A percentage of each pot, capped"), RAKE_POT)
        self.rake_kind.addItem(_("A charge per hour to each player"), RAKE_HOUR)
        self.rake_kind.addItem(_("A charge per player"), RAKE_PLAYER)
        self.rake_percent = QSpinBox()
        self.rake_percent.setRange(0, 100)
        self.rake_percent.setSuffix(" %")
        self.rake_cap = MoneyEdit()
        self.rake_cap.setToolTip(_("The most taken from one pot (0: no cap)"))
        self.rake_amount = MoneyEdit()
        rake = QHBoxLayout()
        rake.addWidget(self.rake_kind)
        rake.addWidget(self.rake_percent)
        self.rake_cap_label = QLabel(_("cap"))
        rake.addWidget(self.rake_cap_label)
        rake.addWidget(self.rake_cap)
        rake.addWidget(self.rake_amount)
        form.addRow(_("Rake"), rake)
        self.rake_kind.currentIndexChanged.connect(lambda _index: self._show_rake())
        self.rake_kind.currentIndexChanged.connect(lambda _index: self.saved.clear())
        self.rake_percent.valueChanged.connect(lambda _value: self.saved.clear())
        self.error = InlineError()
        save = QPushButton(_("Save cash game settings"))
        save.clicked.connect(self.save)
        self.saved = SavedNote()
        form.addRow(self.error)
        form.addRow(self.saved, save)
        for edit in self.findChildren(QLineEdit):
            edit.textEdited.connect(lambda _text: self.saved.clear())
        controller.changed.connect(lambda changes: changes.touches("cash") and self.load())
        self.load()

    def load(self) -> None:
        cash = self.controller.state.cash
        now = QDateTime.currentDateTime()
        self.starts.setDateTime(
            QDateTime.fromMSecsSinceEpoch(cash.starts_at) if cash.starts_at else now
        )
        self.ends.setDateTime(
            QDateTime.fromMSecsSinceEpoch(cash.ends_at) if cash.ends_at else now.addSecs(5 * 3600)
        )
        self.chip_money.set_value(cash.chip_money)
        self.chip_count.set_value(cash.chip_count)
        self.min_buy_in.set_value(cash.min_buy_in)
        self.max_buy_in.set_value(cash.max_buy_in)
        self.live_straddle.setChecked(cash.live_straddle)
        self.straddle_in_limit.setChecked(cash.straddle_in_limit)
        self.straddle_in_limit.setEnabled(cash.live_straddle)
        rule = cash.rake
        self.rake_kind.setCurrentIndex(max(0, self.rake_kind.findData(rule.kind)))
        self.rake_percent.setValue(rule.percent_bp // 100)
        self.rake_cap.set_value(rule.cap)
        self.rake_amount.set_value(rule.amount)
        self._show_rake()

    def _show_rake(self) -> None:
        kind = self.rake_kind.currentData()
        for widget in (self.rake_percent, self.rake_cap, self.rake_cap_label):
            widget.setVisible(kind == RAKE_POT)
        self.rake_amount.setVisible(kind in (RAKE_HOUR, RAKE_PLAYER))

    def rake_rule(self) -> RakeRule:
        """The rule as the form says it (``ValueError`` for an amount not a number)."""
        kind = str(self.rake_kind.currentData())
        if kind == RAKE_POT:
            return RakeRule(
                kind=kind, percent_bp=self.rake_percent.value() * 100, cap=self.rake_cap.value()
            )
        if kind in (RAKE_HOUR, RAKE_PLAYER):
            return RakeRule(kind=kind, amount=self.rake_amount.value())
        return RakeRule()

    def save(self) -> None:
        try:
            settings = CashSettings(
                starts_at=Instant(_moment(self.starts)),
                ends_at=Instant(_moment(self.ends)),
                chip_money=self.chip_money.value(),
                chip_count=self.chip_count.value(),
                min_buy_in=self.min_buy_in.value(),
                max_buy_in=self.max_buy_in.value(),
                live_straddle=self.live_straddle.isChecked(),
                straddle_in_limit=self.live_straddle.isChecked()
                and self.straddle_in_limit.isChecked(),
                rake=self.rake_rule(),
            )
        except ValueError:
            self.saved.clear()
            self.error.say(_("Amounts must be numbers, such as 20 or 12.50."))
            return
        if settings == self.controller.state.cash:
            self.error.hide()
            self.saved.say(_("Nothing changed: these are the settings saved."))
            return
        try:
            self.controller.run(c.SetCashSettings(settings=settings))
        except (RuleViolation, SaveFailed) as error:
            self.saved.clear()
            self.error.say(error)
            return
        self.error.hide()
        self.saved.say(_("Saved."))


def money_form(controller: SessionController) -> QWidget:
    """The form that fits the event's kind."""
    if controller.state.is_cash:
        return CashMoneyForm(controller)
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(TournamentMoneyForm(controller))
    return box
