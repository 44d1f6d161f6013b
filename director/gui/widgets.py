"""Small input widgets: money and chip amounts typed as people type them."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QWidget

from director.i18n import currency, format_money, format_number, parse_money


class MoneyEdit(QLineEdit):
    """A money amount ("12.50", "12,50", "€12.50"); ``value()`` is in minor units."""

    def __init__(self, amount: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(format_money(0))
        self.set_value(amount)
        self.setToolTip(currency())

    def set_value(self, amount: int) -> None:
        self.setText(format_money(amount, symbol=False) if amount else "")

    def value(self) -> int:
        """The amount; raises ``ValueError`` for text that is not an amount."""
        text = self.text().strip()
        return parse_money(text) if text else 0


class ChipsEdit(QLineEdit):
    """A whole number of chips, with or without thousands separators."""

    def __init__(self, chips: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.set_value(chips)

    def set_value(self, chips: int) -> None:
        self.setText(format_number(chips) if chips else "")

    def value(self) -> int:
        text = "".join(ch for ch in self.text() if not ch.isspace() and ch not in ",.'\u202f\u00a0")
        if not text:
            return 0
        if not text.isdigit():
            raise ValueError(self.text())
        return int(text)
