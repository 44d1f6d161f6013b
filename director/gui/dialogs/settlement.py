"""The end of a cash game: each player's result, the bank and chip checks, and
who pays whom (R32). Differences are shown, never hidden."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.core.ledger import BANK, settle
from director.core.state import TournamentState
from director.i18n import _, format_money, format_number
from director.reports.rake_text import rake_text


def party_name(state: TournamentState, party: int) -> str:
    if party == BANK:
        return _("The bank")
    return state.player_name(party)


def payment_lines(state: TournamentState) -> list[str]:
    """ "Ann pays Bob €35.00", one line per payment."""
    result = settle(state.players, state.ledger)
    return [
        _("{payer} pays {payee} {amount}").format(
            payer=party_name(state, p.payer),
            payee=party_name(state, p.payee),
            amount=format_money(p.amount),
        )
        for p in result.payments
    ]


class SettlementDialog(QDialog):
    def __init__(self, state: TournamentState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Settlement"))
        self.resize(620, 560)
        result = settle(state.players, state.ledger)
        table = QTableWidget(len(result.results), 4)
        table.setHorizontalHeaderLabels([_("Player"), _("Bought"), _("Cashed out"), _("Result")])
        table.verticalHeader().hide()
        for row, line in enumerate(sorted(result.results, key=lambda r: -r.net)):
            cells = [
                party_name(state, line.player),
                format_money(line.bought),
                format_money(line.cashed_out),
                format_money(line.net),
            ]
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        self.table = table

        def check(ok: bool, text: str) -> QLabel:
            label = QLabel(("✔ " if ok else "✘ ") + text)
            label.setStyleSheet("color: #1e7e34;" if ok else "color: #c0392b; font-weight: bold;")
            label.setWordWrap(True)
            return label

        chips_ok = result.chip_difference == 0
        self.chip_check = check(
            chips_ok,
            _("Chips: {sold} sold, {returned} returned, difference {difference}.").format(
                sold=format_number(result.chips_sold),
                returned=format_number(result.chips_returned),
                difference=format_number(result.chip_difference),
            ),
        )
        self.bank_check = check(
            True,
            _("Bank: {taken} taken in, {paid} paid out, {holds} in the box.").format(
                taken=format_money(result.money_in),
                paid=format_money(result.money_out),
                holds=format_money(result.bank_holds),
            ),
        )
        self.net_check = check(
            result.net_total + result.rake == 0,
            _("Results add up to {total}.").format(total=format_money(result.net_total)),
        )
        self.rake = QLabel(rake_text(result.rake))
        self.rake.setVisible(bool(result.rake))
        lines = payment_lines(state)
        self.payments = QLabel("\n".join(lines) if lines else _("Nobody owes anybody anything."))
        self.payments.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(self.chip_check)
        layout.addWidget(self.bank_check)
        layout.addWidget(self.net_check)
        layout.addWidget(self.rake)
        if result.unsettled:
            layout.addWidget(
                check(
                    False,
                    _(
                        "The books are off by {amount}: the payments below leave that unpaid."
                    ).format(amount=format_money(result.unsettled)),
                )
            )
        heading = QLabel(_("<b>Payments still to make</b>"))
        layout.addWidget(heading)
        layout.addWidget(self.payments)
        layout.addWidget(buttons)
