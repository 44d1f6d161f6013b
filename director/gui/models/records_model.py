"""An editable table of typed values: what a page's form-like table holds.

Pages used to read their data back out of ``QTableWidget`` cells, each with its
own number parser. Here every value is kept typed (chips and money as integers,
percentages in basis points, a tick as a bool), shown with the app's one
formatter for its kind and read back with the one parser; a value that does not
parse is refused (``refused`` says why) and the model keeps the previous one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from director.i18n import (
    N_,
    _,
    format_money,
    format_number,
    format_percent,
    parse_chips,
    parse_money,
    parse_percent,
)

Index = QModelIndex | QPersistentModelIndex
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

TEXT, CHIPS, MONEY, PERCENT, PLACE, CHECK, SHOWN = (
    "text",
    "chips",
    "money",
    "percent",
    "place",
    "check",
    "shown",
)
"""Column kinds: free text, chips, money (minor units), a percentage (basis points),
a place (a whole number from 1, or none), a tick box, and a read-only text."""


def _parse_place(text: str) -> int | None:
    cleaned = text.strip()
    if not cleaned:
        return None
    if not cleaned.isdigit() or int(cleaned) < 1:
        raise ValueError(text)
    return int(cleaned)


_PARSERS: dict[str, Callable[[str], Any]] = {
    TEXT: lambda text: " ".join(text.split()),
    CHIPS: parse_chips,
    MONEY: lambda text: parse_money(text) if text.strip() else 0,
    PERCENT: parse_percent,
    PLACE: _parse_place,
}

_PROBLEMS = {
    CHIPS: N_("Chips must be whole numbers."),
    MONEY: N_("Amounts must be numbers, such as 20 or 12.50."),
    PERCENT: N_("Type a percentage from 0 to 100, such as 50 or 12.5."),
    PLACE: N_("A place is a whole number from 1 (or nothing)."),
}


def show(kind: str, value: Any) -> str:
    """A value as the app shows it everywhere (0 and None as an empty cell)."""
    if value is None or value == "" or (kind in (CHIPS, MONEY, PERCENT) and value == 0):
        return ""
    if kind == CHIPS:
        return format_number(int(value))
    if kind == MONEY:
        return format_money(int(value))
    if kind == PERCENT:
        return format_percent(int(value))
    return str(value)


@dataclass(frozen=True)
class Column:
    title: str
    kind: str = TEXT

    @property
    def editable(self) -> bool:
        return self.kind not in (SHOWN, CHECK)


class RecordsModel(QAbstractTableModel):
    """Rows of typed values, one per column; ``edited`` after every accepted change."""

    edited = Signal()
    refused = Signal(str)

    def __init__(self, columns: Sequence[Column], blank: Sequence[Any] | None = None) -> None:
        super().__init__()
        self.columns = list(columns)
        self.blank = list(blank) if blank is not None else [_blank(c.kind) for c in columns]
        self._rows: list[list[Any]] = []
        self.read_only = False

    # -- the values ----------------------------------------------------------------

    def rows(self) -> list[list[Any]]:
        return [list(row) for row in self._rows]

    def set_rows(self, rows: Sequence[Sequence[Any]]) -> None:
        self.beginResetModel()
        self._rows = [list(row) for row in rows]
        self.endResetModel()

    def value(self, row: int, column: int) -> Any:
        return self._rows[row][column]

    def set_value(self, row: int, column: int, value: Any) -> None:
        """Set a typed value (no parsing), e.g. a computed column; not an edit."""
        self._rows[row][column] = value
        index = self.index(row, column)
        self.dataChanged.emit(index, index)

    def append_row(self, values: Sequence[Any] | None = None) -> int:
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append(list(values) if values is not None else list(self.blank))
        self.endInsertRows()
        self.edited.emit()
        return row

    def remove_row(self, row: int) -> None:
        if 0 <= row < len(self._rows):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._rows[row]
            self.endRemoveRows()
            self.edited.emit()

    def set_column_kind(self, column: int, kind: str) -> None:
        """Change how a column is read and shown (payouts: percentages or amounts)."""
        self.columns[column] = Column(self.columns[column].title, kind)
        if self._rows:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    # -- Qt ------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.columns)
        ):
            return self.columns[section].title
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        column = self.columns[index.column()]
        if self.read_only:
            return flags
        if column.kind == CHECK:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        elif column.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self.columns):
            return None
        kind = self.columns[index.column()].kind
        value = self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.CheckStateRole and kind == CHECK:
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole) and kind != CHECK:
            return show(kind, value)
        if role == Qt.ItemDataRole.TextAlignmentRole and kind in (CHIPS, MONEY, PERCENT, PLACE):
            return RIGHT
        if role == Qt.ItemDataRole.UserRole:
            return value
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        kind = self.columns[index.column()].kind
        if kind == CHECK and role == Qt.ItemDataRole.CheckStateRole:
            typed: Any = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role == Qt.ItemDataRole.EditRole and self.columns[index.column()].editable:
            try:
                typed = _PARSERS[kind](str(value))
            except ValueError:
                self.refused.emit(_(_PROBLEMS.get(kind, "")) or str(value))
                return False
        else:
            return False
        if self._rows[index.row()][index.column()] != typed:
            self._rows[index.row()][index.column()] = typed
            self.dataChanged.emit(index, index)
            self.edited.emit()
        return True


def _blank(kind: str) -> Any:
    if kind in (CHIPS, MONEY, PERCENT):
        return 0
    if kind == CHECK:
        return False
    if kind == PLACE:
        return None
    return ""
