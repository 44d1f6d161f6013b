"""The blind structure being edited, as a table. It edits a draft: nothing is
saved until the page applies it through a command."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor

from director.core.frozen import evolve
from director.core.structure import (
    AnteKind,
    Betting,
    Break,
    Level,
    Problem,
    Severity,
    Structure,
    check,
)
from director.i18n import _, format_number

Index = QModelIndex | QPersistentModelIndex

LEVEL, SMALL, BIG, ANTE, ANTE_KIND, MINUTES, HANDS, BETTING, SMALL_BET, BIG_BET, NOTE = range(11)
FIELDS = {
    SMALL: "small_blind",
    BIG: "big_blind",
    ANTE: "ante",
    SMALL_BET: "small_bet",
    BIG_BET: "big_bet",
}
ANTE_KINDS = (AnteKind.NONE, AnteKind.EVERY_PLAYER, AnteKind.BIG_BLIND)
BETTINGS = (Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.LIMIT)
ERROR_BRUSH = QBrush(QColor("#f8d7da"))
WARNING_BRUSH = QBrush(QColor("#fff3cd"))
FROZEN_BRUSH = QBrush(QColor("#e9ecef"))


def ante_kind_text(kind: AnteKind) -> str:
    return {
        AnteKind.NONE: _("No ante"),
        AnteKind.EVERY_PLAYER: _("Every player"),
        AnteKind.BIG_BLIND: _("Big blind ante"),
    }[kind]


def betting_text(betting: Betting) -> str:
    return {
        Betting.NO_LIMIT: _("No limit"),
        Betting.POT_LIMIT: _("Pot limit"),
        Betting.LIMIT: _("Limit"),
    }[betting]


class StructureModel(QAbstractTableModel):
    """Rows are the draft's items; rows before ``frozen`` (levels played) are read-only."""

    input_refused = Signal(str)
    draft_changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.items: list[Level | Break] = []
        self.chips: tuple[int, ...] = ()
        self.frozen = 0
        self.problems: list[Problem] = []
        self.starts: tuple[str, ...] = ()
        """Each row's start time as shown ("" when not known), from the page."""

    # -- the draft -----------------------------------------------------------

    def structure(self) -> Structure:
        return Structure(items=tuple(self.items), chips=self.chips)

    def load(self, structure: Structure, *, frozen: int = 0) -> None:
        self.beginResetModel()
        self.items = list(structure.items)
        self.chips = structure.chips
        self.frozen = frozen
        self.problems = check(structure)
        self.endResetModel()
        self.draft_changed.emit()

    def set_frozen(self, frozen: int) -> None:
        if frozen != self.frozen:
            self.frozen = frozen
            self._all_changed()

    def _all_changed(self) -> None:
        # With no rows there is no cell to name: a range ending at row -1 is invalid.
        if self.items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.items) - 1, NOTE))

    def _changed(self) -> None:
        self.problems = check(self.structure())
        self._all_changed()
        self.draft_changed.emit()

    def replace_items(self, items: list[Level | Break]) -> None:
        self.beginResetModel()
        self.items = items
        self.problems = check(self.structure())
        self.endResetModel()
        self.draft_changed.emit()

    @property
    def limit(self) -> bool:
        """Whether a level is played limit (its bets are then shown)."""
        return any(isinstance(item, Level) and item.betting is Betting.LIMIT for item in self.items)

    def set_chips(self, chips: tuple[int, ...]) -> None:
        """The denominations in play (R28: the chip race names those that go)."""
        self.chips = chips
        self._changed()

    def insert(self, row: int, item: Level | Break) -> None:
        row = max(self.frozen, min(row, len(self.items)))
        self.beginInsertRows(QModelIndex(), row, row)
        self.items.insert(row, item)
        self.endInsertRows()
        self._changed()

    def remove(self, row: int) -> bool:
        if not self.frozen <= row < len(self.items):
            return False
        self.beginRemoveRows(QModelIndex(), row, row)
        del self.items[row]
        self.endRemoveRows()
        self._changed()
        return True

    def move(self, row: int, offset: int) -> bool:
        target = row + offset
        if not (self.frozen <= row < len(self.items) and self.frozen <= target < len(self.items)):
            return False
        self.items[row], self.items[target] = self.items[target], self.items[row]
        self._changed()
        return True

    def next_level_after(self, row: int) -> Level:
        """A sensible new level after ``row``: the previous blinds about 1.5 times higher."""
        before = [item for item in self.items[: row + 1] if isinstance(item, Level)]
        if not before:
            return Level(small_blind=25, big_blind=50)
        last = before[-1]
        step = max(1, last.big_blind // 2)
        big = last.big_blind + step
        small = big // 2
        ante = last.ante + max(0, last.ante // 2) if last.ante else 0
        if last.ante_kind is AnteKind.BIG_BLIND:
            ante = big
        return evolve(last, small_blind=small, big_blind=big, ante=ante, note="")

    # -- Qt's table interface --------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else NOTE + 1

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            # The row's number, and when it should start (the end in sight).
            start = self.starts[section] if section < len(self.starts) else ""
            return f"{section + 1} · {start}" if start else str(section + 1)
        return [
            _("Level"),
            _("Small blind"),
            _("Big blind"),
            _("Ante"),
            _("Ante kind"),
            _("Minutes"),
            _("Hands"),
            _("Betting"),
            _("Small bet"),
            _("Big bet"),
            _("Note"),
        ][section]

    def set_starts(self, starts: tuple[str, ...]) -> None:
        """Show each row's start time in its header."""
        if starts != self.starts:
            self.starts = starts
            if self.items:
                self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(self.items) - 1)

    def _problem(self, row: int, column: int) -> Problem | None:
        found = None
        for problem in self.problems:
            if problem.index != row:
                continue
            field = problem.field
            matches = (
                (field == "seconds" and column in (MINUTES, HANDS))
                or FIELDS.get(column) == field
                or (field == "" and column == LEVEL)
            )
            if matches and (found is None or problem.severity is Severity.ERROR):
                found = problem
        return found

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.items):
            return None
        row, column = index.row(), index.column()
        item = self.items[row]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._value(row, column, item, edit=role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.BackgroundRole:
            problem = self._problem(row, column)
            if problem is not None:
                return ERROR_BRUSH if problem.severity is Severity.ERROR else WARNING_BRUSH
            if row < self.frozen:
                return FROZEN_BRUSH
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (
            LEVEL,
            ANTE_KIND,
            BETTING,
            NOTE,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _value(self, row: int, column: int, item: Level | Break, *, edit: bool) -> Any:
        if column == LEVEL:
            if isinstance(item, Break):
                return _("Break")
            return str(self.structure().level_number(row))
        if column == NOTE:
            return item.note
        if column == MINUTES:
            if isinstance(item, Level) and not item.timed:
                return "" if not edit else 0
            minutes, seconds = divmod(item.seconds, 60)
            return f"{minutes}:{seconds:02d}" if seconds else str(minutes)
        if isinstance(item, Break):
            return ""
        if column == HANDS:
            return (str(item.hands) if item.hands else "") if not edit else item.hands
        if column == ANTE_KIND:
            return ante_kind_text(item.ante_kind) if not edit else ANTE_KINDS.index(item.ante_kind)
        if column == BETTING:
            return betting_text(item.betting) if not edit else BETTINGS.index(item.betting)
        value = getattr(item, FIELDS[column])
        return value if edit else (format_number(value) if value or column in (SMALL, BIG) else "")

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags  # Qt's rule for the root (the model tester checks)
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.row() < self.frozen:
            return base
        item = self.items[index.row()]
        editable = index.column() in (MINUTES, NOTE) or (
            isinstance(item, Level) and index.column() != LEVEL
        )
        return base | Qt.ItemFlag.ItemIsEditable if editable else base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not (self.flags(index) & Qt.ItemFlag.ItemIsEditable):
            return False
        row, column = index.row(), index.column()
        item = self.items[row]
        try:
            new_item = self._edited(item, column, value)
        except ValueError:
            self.input_refused.emit(
                _("“{value}” is not a whole number of chips or minutes.").format(value=value)
            )
            return False
        if new_item == item:
            return False
        self.items[row] = new_item
        self._changed()
        return True

    def _edited(self, item: Level | Break, column: int, value: Any) -> Level | Break:
        if column == NOTE:
            return evolve(item, note=str(value).strip())
        if column == MINUTES:
            seconds = _parse_minutes(value)
            if isinstance(item, Level):
                return evolve(item, seconds=seconds, hands=0 if seconds else item.hands)
            return evolve(item, seconds=seconds)
        assert isinstance(item, Level)
        if column == HANDS:
            hands = _parse_int(value)
            return evolve(item, hands=hands, seconds=0 if hands else max(item.seconds, 60))
        if column == BETTING:
            betting = BETTINGS[int(value)]
            if betting is Betting.LIMIT and not item.small_bet:
                # Limit hold'em's usual bets: the big blind, then twice it.
                return evolve(
                    item, betting=betting, small_bet=item.big_blind, big_bet=2 * item.big_blind
                )
            return evolve(item, betting=betting)
        if column == ANTE_KIND:
            kind = ANTE_KINDS[int(value)]
            ante = item.ante
            if kind is AnteKind.NONE:
                ante = 0
            elif kind is AnteKind.BIG_BLIND and not ante:
                ante = item.big_blind
            return evolve(item, ante_kind=kind, ante=ante)
        amount = _parse_int(value)
        if column == ANTE:
            kind = item.ante_kind
            if amount and kind is AnteKind.NONE:
                kind = AnteKind.EVERY_PLAYER
            if not amount:
                kind = AnteKind.NONE
            return evolve(item, ante=amount, ante_kind=kind)
        return evolve(item, **{FIELDS[column]: amount})


def _parse_int(value: Any) -> int:
    if isinstance(value, int):
        return value
    text = str(value).replace(",", "").replace("\u202f", "").replace("\u00a0", "").replace(" ", "")
    if not text:
        return 0
    if not text.lstrip("-").isdigit():
        raise ValueError(value)
    return int(text)


def _parse_minutes(value: Any) -> int:
    """Minutes as "20" or "12:30"; returns seconds."""
    if isinstance(value, int):
        return value * 60
    text = str(value).strip()
    if ":" in text:
        minutes, _sep, seconds = text.partition(":")
        if not (minutes.isdigit() and seconds.isdigit() and int(seconds) < 60):
            raise ValueError(value)
        return int(minutes) * 60 + int(seconds)
    return _parse_int(text) * 60
