"""The event's players as a table: status, entries, money, place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from director.core.bounties import bounty_book
from director.core.ids import PlayerId
from director.core.ledger import purchase_counts
from director.core.money import MYSTERY
from director.core.players import Entrant, EntrantStatus, MovementKind
from director.core.results import prizes_by_player
from director.core.standings import Place, eliminations, places
from director.core.state import Status, TournamentState
from director.core.text import name_order
from director.i18n import _, format_money, format_number

Index = QModelIndex | QPersistentModelIndex

NAME, STATUS, SEAT, ENTRIES, REBUYS, ADDONS, PAID, OWED, CHIPS, PLACE, KNOCKOUTS, BOUNTY = range(12)
PRIZE = 12
CASH_HIDDEN = (ADDONS, KNOCKOUTS, BOUNTY, PRIZE)
"""The columns a cash game has nothing for (no add-on, knock-out, bounty or prize)."""
OUT_BRUSH = QBrush(QColor("#8b949e"))
OWED_BRUSH = QBrush(QColor("#c0392b"))


def status_text(status: EntrantStatus, *, cash: bool = False) -> str:
    return {
        EntrantStatus.REGISTERED: _("Registered"),
        EntrantStatus.PLAYING: _("Seated") if cash else _("Playing"),
        EntrantStatus.BUSTED: _("Out"),
        EntrantStatus.LEFT: _("Left"),
        EntrantStatus.REMOVED: _("Removed"),
    }[status]


def place_text(place: Place | None) -> str:
    if place is None:
        return ""
    if place.tied:
        return _("{best}–{worst} (tie)").format(best=place.best, worst=place.worst)
    return str(place.best)


@dataclass(frozen=True)
class Row:
    entrant: Entrant
    place: Place | None
    knockouts: int
    seat: str
    bounty: int = 0
    """The bounty on his head now (fixed or progressive knockout); in a mystery, what
    he won from the envelopes drawn."""
    prize: int = 0
    """The prize his place wins (ties share it, a deal replaces it): the core's."""
    top_ups: int = 0
    """Cash game: the top-ups he bought (the core's count, from the ledger)."""


class PlayersModel(QAbstractTableModel):
    """Call ``set_state`` after every change; rows keep a stable order by name."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.cash = False
        self.finished = False
        self.mystery = False

    def set_state(self, state: TournamentState, seats: dict[PlayerId, str] | None = None) -> None:
        self.finished = state.status is Status.FINISHED
        ranked = places(state.alive(), state.busts, self.finished)
        knockouts = eliminations(state.busts)
        book = bounty_book(state) if not state.is_cash else None
        mystery = book is not None and book.kind == MYSTERY
        # A mystery puts no bounty on heads: the column shows the envelopes won.
        heads = {} if book is None else (book.won if mystery else book.on_head)
        seats = seats or {}
        prizes = {} if state.is_cash else prizes_by_player(state)
        top_ups = purchase_counts(state.ledger, MovementKind.TOP_UP) if state.is_cash else {}
        rows = [
            Row(
                entrant=entrant,
                place=ranked.get(player),
                knockouts=knockouts.get(player, 0),
                seat=seats.get(player, ""),
                bounty=heads.get(player, 0),
                prize=prizes.get(player, 0),
                top_ups=top_ups.get(player, 0),
            )
            for player, entrant in state.players.items()
        ]
        rows.sort(
            key=lambda row: (
                row.entrant.status is not EntrantStatus.PLAYING,
                row.place.best if row.place else 0,
                name_order(row.entrant.name),
            )
        )
        self.beginResetModel()
        self.rows = rows
        self.cash = state.is_cash
        self.mystery = mystery  # the reset repaints the headers too
        self.endResetModel()

    def player_at(self, row: int) -> PlayerId | None:
        return self.rows[row].entrant.player if 0 <= row < len(self.rows) else None

    def row_of(self, player: PlayerId) -> int:
        for number, row in enumerate(self.rows):
            if row.entrant.player == player:
                return number
        return -1

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else PRIZE + 1

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if self.cash:
            headers = [
                _("Name"),
                _("Status"),
                _("Seat"),
                _("Buy-ins"),
                _("Top-ups"),
                "",
                _("Paid"),
                _("Owes"),
                _("Chips bought"),
                _("Cashed out"),
                "",
                "",
                "",
            ]
        else:
            headers = [
                _("Name"),
                _("Status"),
                _("Seat"),
                _("Entries"),
                _("Re-buys"),
                _("Add-on"),
                _("Paid"),
                _("Owes"),
                _("Chips bought"),
                _("Place"),
                _("Knock-outs"),
                _("Envelopes won") if self.mystery else _("Bounty"),
                _("Prize"),
            ]
        return headers[section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        entrant = row.entrant
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.UserRole:
            return entrant.player
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == OWED and entrant.owed > 0:
                return OWED_BRUSH
            if entrant.status is not EntrantStatus.PLAYING:
                return OUT_BRUSH
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (NAME, STATUS, SEAT):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, row: Row, column: int) -> str:
        entrant = row.entrant
        if column == NAME:
            return entrant.display_name
        if column == STATUS:
            if self.finished and entrant.status is EntrantStatus.PLAYING:
                return _("Winner")
            return status_text(entrant.status, cash=self.cash)
        if column == SEAT:
            return row.seat
        if column == ENTRIES:
            return str(entrant.entries)
        if column == REBUYS:
            count = row.top_ups if self.cash else entrant.rebuys
            return str(count) if count else ""
        if column == ADDONS:
            return _("yes") if entrant.addons and not self.cash else ""
        if column == PAID:
            return format_money(entrant.paid)
        if column == OWED:
            return format_money(entrant.owed) if entrant.owed else ""
        if column == CHIPS:
            return format_number(entrant.chips) if entrant.chips else ""
        if column == PLACE:
            if self.cash:
                return format_money(entrant.cashed_out) if entrant.cashed_out else ""
            return place_text(row.place)
        if column == KNOCKOUTS:
            return str(row.knockouts) if row.knockouts and not self.cash else ""
        if column == BOUNTY:
            return format_money(row.bounty) if row.bounty else ""
        if column == PRIZE:
            return format_money(row.prize) if row.prize else ""
        return ""
