"""The players left for a deal: the chips typed for each, and the deal worked out.

The chips are kept as whole numbers in the model (typed through the one chip
reader, shown with the one number formatter); the deal, the ICM values and
"if out next" come from the core's ``preview_deal`` and ``out_next_prize``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal

from director.core.ids import PlayerId
from director.core.results import DealPreview, out_next_prize
from director.core.state import TournamentState
from director.core.text import name_order
from director.i18n import _, format_money, format_number, parse_chips

Index = QModelIndex | QPersistentModelIndex

PLAYER, CHIPS, DEAL, ICM_VALUE, OUT_NEXT = range(5)
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class DealModel(QAbstractTableModel):
    """Rows: the players still in, by name. Call ``set_state`` after every change."""

    refused = Signal(str)
    """Typed chips that are not a whole number: what to say."""

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerId] = []
        self.names: dict[PlayerId, str] = {}
        self.chips: dict[PlayerId, int] = {}
        self.preview: DealPreview | None = None
        self.out_next: int | None = None

    def set_state(self, state: TournamentState) -> None:
        """The players left; chips already typed stay, a preview for others goes."""
        alive = sorted(state.alive(), key=lambda p: name_order(state.players[p].name))
        self.beginResetModel()
        if alive != self.players:
            self.preview = None
        self.players = alive
        self.names = {p: state.players[p].name for p in alive}
        self.chips = {p: self.chips[p] for p in alive if p in self.chips}
        self.out_next = out_next_prize(state)
        self.endResetModel()

    def set_preview(self, preview: DealPreview | None) -> None:
        self.preview = preview
        if self.players:
            self.dataChanged.emit(self.index(0, DEAL), self.index(len(self.players) - 1, ICM_VALUE))

    def stacks(self) -> dict[PlayerId, int]:
        """The chips typed, for the players who have some."""
        return dict(self.chips)

    def player_at(self, row: int) -> PlayerId:
        return self.players[row]

    # -- Qt ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.players)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 5

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if not 0 <= section < 5:
            return None
        return (_("Player"), _("Chips"), _("Deal"), _("ICM value"), _("If out next"))[section]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == CHIPS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.players):
            return None
        player = self.players[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return RIGHT if column != PLAYER else None
        if role == Qt.ItemDataRole.UserRole:
            return int(player)
        if role == Qt.ItemDataRole.EditRole and column == CHIPS:
            chips = self.chips.get(player)
            return "" if chips is None else format_number(chips)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == PLAYER:
            return self.names[player]
        if column == CHIPS:
            chips = self.chips.get(player)
            return "" if chips is None else format_number(chips)
        preview = self.preview
        if column == DEAL and preview is not None:
            amounts = {s.player: s.amount for s in preview.deal.shares}
            return format_money(amounts[player]) if player in amounts else ""
        if column == ICM_VALUE and preview is not None:
            value = preview.icm_values.get(player)
            return "" if value is None else format_money(value)
        if column == OUT_NEXT and self.out_next is not None:
            return format_money(self.out_next)
        return ""

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != CHIPS or role != Qt.ItemDataRole.EditRole:
            return False
        player = self.players[index.row()]
        try:
            chips = parse_chips(str(value))
        except ValueError:
            self.refused.emit(_("Chips must be whole numbers."))
            return False
        if str(value).strip():
            self.chips[player] = chips
        else:
            self.chips.pop(player, None)
        self.preview = None
        self.dataChanged.emit(self.index(index.row(), CHIPS), self.index(index.row(), ICM_VALUE))
        if self.players:
            self.dataChanged.emit(self.index(0, DEAL), self.index(len(self.players) - 1, ICM_VALUE))
        return True
