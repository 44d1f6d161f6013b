"""The first start: create a first event in three steps, or open the demo."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from director.app.files import structures
from director.core.state import EventKind
from director.gui.dialogs.settings import COMMON_CURRENCIES
from director.gui.widgets import ChipsEdit, DateField, MoneyEdit
from director.i18n import _, is_currency, set_currency, system_currency


class WelcomeWizard(QWizard):
    """Collects what a first event needs; ``demo_requested`` is set if the user
    chose the demo instead. The caller creates the event."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Welcome to director"))
        self.demo_requested = False
        self.resize(640, 460)

        first = QWizardPage()
        first.setTitle(_("Your first event"))
        first.setSubTitle(_("Three short steps. Everything can be changed later."))
        self.kind = QComboBox()
        self.kind.addItem(_("Tournament"), EventKind.TOURNAMENT.value)
        self.kind.addItem(_("Cash game"), EventKind.CASH.value)
        self.name = QLineEdit()
        self.name.setPlaceholderText(_("Friday night poker"))
        self.date = DateField(QDate.currentDate().toString("yyyy-MM-dd"))
        demo = QPushButton(_("Rather try the demo event first"))
        demo.clicked.connect(self._demo)
        form = QFormLayout()
        form.addRow(_("Kind"), self.kind)
        form.addRow(_("Name"), self.name)
        form.addRow(_("Date"), self.date)
        layout = QVBoxLayout(first)
        layout.addLayout(form)
        layout.addStretch()
        layout.addWidget(QLabel(_("Not ready? The demo has made-up players to try everything.")))
        layout.addWidget(demo)
        first.registerField("name*", self.name)

        second = _PricesPage(self)
        second.setTitle(_("Buy-in and blinds"))
        second.setSubTitle(_("What each player pays, the chips they get and the blind levels."))
        # Made before the currency box: proposing the system's currency (below)
        # updates this note, and every real locale proposes one.
        self.second_note = QLabel()
        self.second_note.setWordWrap(True)
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(list(COMMON_CURRENCIES))
        # The system's country says which (LANG=fr_FR: EUR); when it does not (LANG=C),
        # the box starts empty and Next waits for a choice.
        self.currency.setCurrentText(system_currency() or "")
        self.currency.lineEdit().setPlaceholderText(_("EUR, USD, GBP…"))
        self.currency.currentTextChanged.connect(self._currency_typed)
        self._currency_typed("")  # the buy-in below shows in the currency proposed
        self.buy_in = MoneyEdit(2000)
        self.chips = ChipsEdit(5000)
        self.template = QComboBox()
        for entry in structures.templates():
            self.template.addItem(entry.template.name, entry.key)
            self.template.setItemData(
                self.template.count() - 1, entry.template.description, Qt.ItemDataRole.ToolTipRole
            )
        self.template.setCurrentIndex(max(0, self.template.findData("regular-5000")))
        form2 = QFormLayout(second)
        form2.addRow(_("Currency"), self.currency)
        form2.addRow(_("Buy-in (or cash game buy-in)"), self.buy_in)
        form2.addRow(_("Starting chips"), self.chips)
        form2.addRow(_("Blind structure"), self.template)
        form2.addRow(self.second_note)
        # Next follows the currency box (see _PricesPage.isComplete): not a mandatory
        # field, which QWizard deems filled only once it differs from its first
        # value, so the currency proposed by the system's country would never do.
        self.currency.currentTextChanged.connect(second.completeChanged)

        third = QWizardPage()
        third.setTitle(_("Players"))
        third.setSubTitle(_("One name per line. You can also add players as they arrive."))
        self.players = QPlainTextEdit()
        self.players.setPlaceholderText("Ann\nBob\nZoë")
        layout3 = QVBoxLayout(third)
        layout3.addWidget(self.players)

        for page in (first, second, third):
            self.addPage(page)

    def chosen_currency(self) -> str:
        return self.currency.currentText().strip().upper()

    def _currency_typed(self, _text: str) -> None:
        code = self.chosen_currency()
        if code and is_currency(code):
            set_currency(code)  # amounts typed from now on are read in it
            self.second_note.clear()
            buy_in = getattr(self, "buy_in", None)
            if buy_in is not None:
                with contextlib.suppress(ValueError):
                    buy_in.set_value(buy_in.value())  # shown again with the new sign

    def currency_problem(self) -> str:
        code = self.chosen_currency()
        if is_currency(code):
            return ""
        return _("“{code}” is not a currency code (such as EUR, USD or GBP).").format(code=code)

    def _demo(self) -> None:
        self.demo_requested = True
        self.accept()

    def player_names(self) -> list[str]:
        names = []
        for line in self.players.toPlainText().splitlines():
            cleaned = " ".join(line.split())
            if cleaned and cleaned.casefold() not in {n.casefold() for n in names}:
                names.append(cleaned)
        return names

    def values(self) -> dict[str, object]:
        """What was typed; amounts raise ``ValueError`` if they are not numbers."""
        return {
            "kind": EventKind(self.kind.currentData()),
            "name": self.name.text(),
            "date": self.date.iso(),
            "buy_in": self.buy_in.value(),
            "chips": self.chips.value(),
            "template": self.template.currentData(),
            "players": self.player_names(),
            "currency": self.chosen_currency(),
        }


class _PricesPage(QWizardPage):
    """The second step: Next only with a currency that exists."""

    def __init__(self, wizard: WelcomeWizard) -> None:
        super().__init__()
        self.wizard_dialog = wizard

    def isComplete(self) -> bool:
        return bool(self.wizard_dialog.chosen_currency())

    def validatePage(self) -> bool:
        problem = self.wizard_dialog.currency_problem()
        if problem:
            self.wizard_dialog.second_note.setText(problem)
            return False
        return True
