"""Small input widgets: money and chip amounts typed as people type them."""

from __future__ import annotations

from PySide6.QtCore import QDate, QLocale
from PySide6.QtWidgets import QDateEdit, QLabel, QLineEdit, QWidget

from director.i18n import (
    _,
    currency,
    describe_error,
    format_money,
    format_number,
    language,
    parse_chips,
    parse_money,
)

NO_DATE = QDate(2000, 1, 1)  # the field's minimum, shown as "no date"


def date_format() -> str:
    """The language's short date format, always with a four-digit year."""
    pattern = QLocale(language()).dateFormat(QLocale.FormatType.ShortFormat)
    return pattern if "yyyy" in pattern else pattern.replace("yy", "yyyy")


def time_format() -> str:
    """The language's short time format (14:30 in French, 2:30 PM in English)."""
    return QLocale(language()).timeFormat(QLocale.FormatType.ShortFormat)


class DateField(QDateEdit):
    """An event's date, shown the local way, that may also be left empty.

    ``iso()`` gives "2026-11-21" or "" for no date; ``set_iso`` takes the same.
    """

    def __init__(self, iso_date: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat(date_format())
        self.setMinimumDate(NO_DATE)
        # Qt shows this text instead of the minimum date.
        self.setSpecialValueText(_("no date"))
        self.set_iso(iso_date)

    def set_iso(self, iso_date: str) -> None:
        date = QDate.fromString(iso_date, "yyyy-MM-dd") if iso_date else NO_DATE
        self.setDate(date if date.isValid() else NO_DATE)

    def iso(self) -> str:
        date = self.date()
        return "" if date <= NO_DATE else date.toString("yyyy-MM-dd")


class MoneyEdit(QLineEdit):
    """A money amount ("12.50", "12,50", "€12.50"); ``value()`` is in minor units."""

    def __init__(self, amount: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(format_money(0))
        self.set_value(amount)
        self.setToolTip(currency())

    def set_value(self, amount: int) -> None:
        """Shown like every amount of the app (the one money formatter): €20.00."""
        self.setText(format_money(amount) if amount else "")

    def value(self) -> int:
        """The amount; raises ``ValueError`` for text that is not an amount."""
        text = self.text().strip()
        return parse_money(text) if text else 0

    def checked(self, error: InlineError) -> int | None:
        """The amount, or None once ``error`` says the text is not one (the field
        then has the focus, to type it again)."""
        try:
            return self.value()
        except ValueError:
            from director.core.errors import RuleViolation

            error.say(RuleViolation("not_money", value=self.text().strip()))
            self.setFocus()
            return None


class ChipsEdit(QLineEdit):
    """A whole number of chips, with or without thousands separators."""

    def __init__(self, chips: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.set_value(chips)

    def set_value(self, chips: int) -> None:
        self.setText(format_number(chips) if chips else "")

    def value(self) -> int:
        return parse_chips(self.text())


class InlineError(QLabel):
    """A bold red line in a form saying what is wrong; hidden while all is well."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet("color: #c0392b; font-weight: bold;")
        self.setWordWrap(True)
        self.hide()

    def say(self, problem: Exception | str) -> None:
        """Show ``problem``: a refused action's reason, or a sentence."""
        self.setText(describe_error(problem) if isinstance(problem, Exception) else problem)
        self.show()

    def clear(self) -> None:
        super().clear()
        self.hide()
