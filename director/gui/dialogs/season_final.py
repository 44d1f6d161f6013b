"""Create the season final: the qualifiers and each one's starting stack from the
league's formula, shown before confirming; then the final's event with them
registered (``director.app.club.season_final``; ``director league final``)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from director.app.club.leagues import Leagues, SeasonTable
from director.app.club.season_final import FinalSeat, create_final, final_seats
from director.app.storage.databases import StoreError
from director.app.storage.library import Library
from director.core.errors import RuleViolation
from director.gui.dialogs.leagues import fill_table, read_only_table
from director.gui.widgets import DateField, InlineError
from director.i18n import _, format_number, ngettext
from director.reports.league_cells import points_cell


class FinalDialog(QDialog):
    """The qualifiers with their stacks, the final's name and date, and "Create"."""

    def __init__(self, leagues: Leagues, table: SeasonTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Create the final"))
        self.resize(560, 520)
        self.leagues = leagues
        self.table = table
        self.event: int | None = None
        """The final's event once created."""
        self.seats: list[FinalSeat] = final_seats(table)  # RuleViolation: the caller says why
        title = table.league.name + (f" — {table.season.name}" if table.season else "")
        intro = QLabel(
            ngettext(
                "{count} player qualifies for the final of {season}. Each one is registered "
                "with his starting stack; he buys in as he arrives.",
                "{count} players qualify for the final of {season}. Each one is registered "
                "with his starting stack; they buy in as they arrive.",
                len(self.seats),
            ).format(count=len(self.seats), season=title)
        )
        intro.setWordWrap(True)
        self.players = read_only_table()
        fill_table(
            self.players,
            [_("Rank"), _("Player"), _("Points"), _("Starting stack")],
            [
                [str(seat.rank), seat.name, points_cell(seat.points), format_number(seat.stack)]
                for seat in self.seats
            ],
        )
        self.name = QLineEdit(_("{season} final").format(season=title))
        self.date = DateField()
        form = QFormLayout()
        form.addRow(_("Name"), self.name)
        form.addRow(_("Date"), self.date)
        self.error = InlineError()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = buttons.addButton(
            _("Create the final"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        buttons.accepted.connect(self.create)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.players, 1)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.error.clear()

    def create(self) -> None:
        """Create the final's event; a refusal is said here and nothing is written."""
        library = Library(self.leagues.database, clock=self.leagues.now)
        try:
            session, self.seats = create_final(
                library, self.leagues, self.table, self.name.text(), event_date=self.date.iso()
            )
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        self.event = session.tournament_id
        session.close()
        self.accept()
