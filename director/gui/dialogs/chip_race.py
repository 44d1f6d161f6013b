"""The chip race (R28): the organizer types how many chips of the leaving
denomination each player at a table has; the rules deal the cards and say who
wins the chips raced. The dialog only builds the command."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.core import clock as clk
from director.core import commands as c
from director.core.chip_race import RaceResult, chips_going, next_chip
from director.core.ids import Instant, PlayerId
from director.core.state import TournamentState
from director.core.structure import Break
from director.gui.common import ok_cancel
from director.i18n import _, format_number, ngettext

NAME, CHIPS, ALL = range(3)


def chip_to_race(state: TournamentState, now: Instant) -> int | None:
    """The chip the current break (or the last one passed) removes, if any."""
    structure = state.structure
    index = clk.view(state.clock, structure, now).index if state.clock.started else 0
    for candidate in range(min(index, len(structure.items) - 1), -1, -1):
        if isinstance(structure.items[candidate], Break):
            going = chips_going(structure, candidate)
            if going:
                return going[0]
    return None


def race_lines(state: TournamentState, table: int, result: RaceResult) -> list[str]:
    """The race told line by line: odd chips, cards, who wins."""
    lines = [
        _("Table {table}: the {chip}s change into {next}s; {raced} raced.").format(
            table=table,
            chip=format_number(result.denomination),
            next=format_number(result.next_denomination),
            raced=result.raced,
        )
    ]
    for entry in result.entries:
        name = state.player_name(entry.player)
        text = ngettext("{name}: {odd} odd", "{name}: {odd} odd", entry.odd).format(
            name=name, odd=entry.odd
        )
        if entry.cards:
            text += " (" + " ".join(entry.cards) + ")"
        if entry.won:
            text += " — " + _("wins a {chip}").format(chip=format_number(result.next_denomination))
        elif entry.kept_in:
            text += " — " + _("keeps a {chip} (not raced out)").format(
                chip=format_number(result.next_denomination)
            )
        lines.append(text)
    return lines


class ChipRaceDialog(QDialog):
    def __init__(self, state: TournamentState, now: Instant, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Chip race"))
        self.state = state
        self.table_choice = QComboBox()
        for number in sorted(state.tables.tables):
            if state.tables.tables[number].seats:
                self.table_choice.addItem(_("Table {number}").format(number=number), number)
        self.chip_choice = QComboBox()
        structure = state.structure
        for chip in sorted(set(structure.chips)):
            following = next_chip(structure, chip)
            if following is not None:
                self.chip_choice.addItem(
                    _("{chip}s into {next}s").format(
                        chip=format_number(chip), next=format_number(following)
                    ),
                    chip,
                )
        going = chip_to_race(state, now)
        if going is not None:
            self.chip_choice.setCurrentIndex(max(0, self.chip_choice.findData(going)))
        self.players = QTableWidget(0, 3)
        self.players.setHorizontalHeaderLabels(
            [_("Player"), _("Chips of that colour"), _("Nothing else")]
        )
        header = self.players.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CHIPS, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(ALL, QHeaderView.ResizeMode.ResizeToContents)
        self.players.verticalHeader().hide()
        self.table_choice.currentIndexChanged.connect(lambda _index: self._fill())
        form = QFormLayout()
        form.addRow(_("Table"), self.table_choice)
        form.addRow(_("Chips that go"), self.chip_choice)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        explanation = QLabel(
            _(
                "Each player's chips of that colour; tick “Nothing else” for a player "
                "who has no other chip (nobody is raced out)."
            )
        )
        explanation.setWordWrap(True)
        layout.addWidget(explanation)
        layout.addWidget(self.players, 1)
        layout.addWidget(ok_cancel(self, _("Race")))
        self.resize(560, 460)
        self._fill()

    def _fill(self) -> None:
        number = self.table_choice.currentData()
        self.players.setRowCount(0)
        if number is None:
            return
        table = self.state.tables.tables[number]
        for seat in sorted(table.seats):
            player = table.seats[seat]
            row = self.players.rowCount()
            self.players.insertRow(row)
            name = QTableWidgetItem(f"{seat}. {self.state.player_name(player)}")
            name.setData(Qt.ItemDataRole.UserRole, int(player))
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.players.setItem(row, NAME, name)
            count = QSpinBox()
            count.setRange(0, 1000)
            self.players.setCellWidget(row, CHIPS, count)
            alone = QTableWidgetItem()
            alone.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            alone.setCheckState(Qt.CheckState.Unchecked)
            self.players.setItem(row, ALL, alone)

    def set_count(self, row: int, chips: int, nothing_else: bool = False) -> None:
        spin = self.players.cellWidget(row, CHIPS)
        assert isinstance(spin, QSpinBox)
        spin.setValue(chips)
        item = self.players.item(row, ALL)
        item.setCheckState(Qt.CheckState.Checked if nothing_else else Qt.CheckState.Unchecked)

    def command(self) -> c.ChipRace:
        holdings = []
        for row in range(self.players.rowCount()):
            player = self.players.item(row, NAME).data(Qt.ItemDataRole.UserRole)
            spin = self.players.cellWidget(row, CHIPS)
            assert isinstance(spin, QSpinBox)
            alone = self.players.item(row, ALL).checkState() == Qt.CheckState.Checked
            holdings.append(
                c.RaceChips(player=PlayerId(int(player)), chips=spin.value(), nothing_else=alone)
            )
        return c.ChipRace(
            table=int(self.table_choice.currentData() or 0),
            denomination=int(self.chip_choice.currentData() or 0),
            holdings=tuple(holdings),
        )
