"""The league page: leagues and their seasons, which events count, the points
formula with a preview on sample fields, the standings and a player's history;
imports from CSV and exports of every table shown.

Everything shown comes from ``director.app.club.leagues`` (and the core's points
rules); this page only sends what is typed and redraws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.club.leagues import (
    League,
    Leagues,
    Season,
    SeasonTable,
    nothing_new_text,
    undone_text,
)
from director.app.files.structures import slug
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.leagues import SAMPLE_FIELDS, PointsRule, points_text, preview, sample_paid
from director.core.text import name_order
from director.gui.common import confirm, show_error
from director.gui.widgets import DateField, InlineError, MoneyEdit
from director.i18n import N_, _, format_date, format_money, language, ngettext

if TYPE_CHECKING:
    from director.reports.options import RenderOptions
from director.reports.league_cells import (
    history_cells,
    history_header,
    points_cell,
    points_count,
    season_dates,
    season_summary,
    standing_cells,
    standing_header,
)

FORMULAS = (
    ("field", N_("By field size (entrants − place + 1)")),
    ("table", N_("Fixed points by place")),
    ("expression", N_("Formula")),
)
TIE_BREAKS = (
    ("wins", N_("More wins, then more cashes")),
    ("best_place", N_("Best single place")),
    ("net", N_("Best net result")),
    ("shared", N_("Not broken: equal rank")),
)
COUNTING = (
    (None, N_("By its date")),
    (True, N_("Counted")),
    (False, N_("Not counted")),
)


def _points(text: str) -> int:
    """Points as typed ("12", "12.5", "12,5") -> hundredths; ValueError otherwise."""
    from decimal import Decimal, InvalidOperation

    cleaned = text.strip().replace(",", ".") or "0"
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(text) from None
    hundredths = value * 100
    if value < 0 or hundredths != hundredths.to_integral_value():
        raise ValueError(text)
    return int(hundredths)


def fill_table(
    table: QTableWidget,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    left: tuple[int, ...] = (1,),
) -> None:
    """Show ``rows`` under ``header``; numbers right-aligned, ``left`` columns (names) not."""
    table.clear()
    table.setColumnCount(len(header))
    table.setHorizontalHeaderLabels(list(header))
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c not in left:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
    header_view = table.horizontalHeader()
    # The name column takes the room left; a table of numbers only, its last column.
    header_view.setStretchLastSection(1 not in left)
    for column in range(len(header)):
        mode = (
            QHeaderView.ResizeMode.Stretch
            if column == 1 and 1 in left
            else (QHeaderView.ResizeMode.Interactive)
        )
        header_view.setSectionResizeMode(column, mode)


def read_only_table() -> QTableWidget:
    table = QTableWidget()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().hide()
    table.setAlternatingRowColors(True)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class LeaguesDialog(QDialog):
    event_created = Signal(int)
    """A season's final was created as this event (the events list shows it at once)."""

    def __init__(
        self, leagues: Leagues, parent: QWidget | None = None, *, paper: str = "A4"
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Leagues"))
        self.resize(1200, 700)
        self.leagues = leagues
        self.paper = paper
        """The settings' paper size, for the PDFs saved from the page."""
        self.error = InlineError()

        # -- left: leagues and seasons ------------------------------------------
        self.league_list = QListWidget()
        self.league_list.currentRowChanged.connect(lambda _row: self.league_changed())
        self.new_league = QLineEdit()
        self.new_league.setPlaceholderText(_("New league’s name"))
        create = QPushButton(_("&Create league"))
        create.clicked.connect(self.create_league)
        self.season_box = QComboBox()
        self.season_box.currentIndexChanged.connect(lambda _i: self.redraw())
        self.season_dates = QLabel()
        """The chosen season's dates (the events dated in them count)."""
        self.season_dates.setWordWrap(True)
        self.season_name = QLineEdit()
        self.season_name.setPlaceholderText(_("Season’s name"))
        self.season_start = DateField()
        self.season_end = DateField()
        add_season = QPushButton(_("&Add season"))
        add_season.clicked.connect(self.add_season)
        season_form = QFormLayout()
        season_form.addRow(_("Name"), self.season_name)
        season_form.addRow(_("From"), self.season_start)
        season_form.addRow(_("To"), self.season_end)
        left = QVBoxLayout()
        left.addWidget(QLabel(_("Leagues")))
        left.addWidget(self.league_list, 1)
        left.addWidget(self.new_league)
        left.addWidget(create)
        left.addWidget(QLabel(_("Season")))
        left.addWidget(self.season_box)
        left.addWidget(self.season_dates)
        left.addLayout(season_form)
        left.addWidget(add_season)

        # -- tabs -----------------------------------------------------------------------
        self.tabs = QTabWidget()
        self.tabs.addTab(self._standings_tab(), _("Standings"))
        self.tabs.addTab(self._events_tab(), _("Events"))
        self.tabs.addTab(self._formula_tab(), _("Points formula"))
        self.tabs.addTab(self._history_tab(), _("Player history"))
        from director.gui.charts_view import SeasonCharts  # Qt's charts: loaded with the page

        self.charts = SeasonCharts(leagues, self.league, self.season)
        self.tabs.addTab(self.charts, _("Charts"))

        imports = QHBoxLayout()
        for text, slot in (
            (_("Import players…"), self.import_players),
            (_("Import past results…"), self.import_results),
            (_("Undo last import"), self.undo_import),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            imports.addWidget(button)
        imports.addStretch()
        close = QPushButton(_("Close"))
        close.clicked.connect(self.accept)
        imports.addWidget(close)

        body = QHBoxLayout()
        side = QWidget()
        side.setLayout(left)
        side.setMaximumWidth(300)
        body.addWidget(side)
        body.addWidget(self.tabs, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.error)
        layout.addLayout(imports)
        self.error.clear()
        self.refresh_leagues()

    # -- building the tabs ---------------------------------------------------------

    def _standings_tab(self) -> QWidget:
        page = QWidget()
        self.standings = read_only_table()
        self.pot = QLabel()
        export = QPushButton(_("Export as CSV…"))
        export.clicked.connect(self.export_standings)
        export.setToolTip(_("The standings as a spreadsheet file"))
        results = QPushButton(_("Export results as CSV…"))
        results.setToolTip(
            _(
                "Each counted event's results (date, event, player, place, prize, bounties, "
                "buy-in, money in, knock-outs): another database imports them as past "
                "results and gets the same standings"
            )
        )
        results.clicked.connect(lambda: self.export_results())
        pdf = QPushButton(_("Save as PDF…"))
        pdf.setToolTip(_("The standings as a report to print or send"))
        pdf.clicked.connect(lambda: self.save_standings_pdf())
        row = QHBoxLayout()
        row.addWidget(self.pot, 1)
        row.addWidget(export)
        row.addWidget(results)
        row.addWidget(pdf)
        # The season's results going out (issue 33), and its final.
        out = QHBoxLayout()
        for text, tip, slot in (
            (
                _("Save results page…"),
                _("The season as one web page to send or put on the club's site"),
                lambda: self.save_results_page(),
            ),
            (
                _("Save results picture…"),
                _("The top of the table as a picture for a chat message"),
                lambda: self.save_results_picture(),
            ),
            (
                _("Copy for the group chat"),
                _("The standings as a few lines of text, to paste in a message"),
                self.copy_results_text,
            ),
            (
                _("Create the final…"),
                _("The final's event with the qualifiers registered, each with his stack"),
                self.create_final,
            ),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            out.addWidget(button)
        out.addStretch()
        self.out_note = QLabel()
        """What the last of these buttons did ("on the clipboard", "created")."""
        layout = QVBoxLayout(page)
        layout.addLayout(row)
        layout.addLayout(out)
        layout.addWidget(self.out_note)
        layout.addWidget(self.standings, 1)
        return page

    def _events_tab(self) -> QWidget:
        page = QWidget()
        self.events = QTableWidget()
        self.events.verticalHeader().hide()
        self.events.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.events.horizontalHeader().setStretchLastSection(True)
        note = QLabel(
            _(
                "Finished tournaments and the past results imported into the league count in "
                "a season when their date is in it, unless chosen here (the final, for "
                "instance, is often not counted)."
            )
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(page)
        layout.addWidget(note)
        layout.addWidget(self.events, 1)
        return page

    def _formula_tab(self) -> QWidget:
        page = QWidget()
        self.kind = QComboBox()
        for key, text in FORMULAS:
            self.kind.addItem(_(text), key)
        self.table_points = QLineEdit()
        self.table_points.setPlaceholderText("100, 70, 50, 30, 20, 10")
        self.expression = QLineEdit()
        self.expression.setPlaceholderText("10 * sqrt(entrants) / sqrt(place) * (1 + buyin / 100)")
        self.expression.setToolTip(
            _(
                "Variables: entrants, place, buyin, paid, and each player's own knockouts "
                "and prize (buyin and prize in whole money). Functions: sqrt, min, max, "
                "round (halves away from zero, as a spreadsheet's ROUND: 2.5 gives 3), "
                "floor, ceil."
            )
        )
        self.participation = QLineEdit()
        self.knockout = QLineEdit()
        self.bubble = QLineEdit()
        self.best_of = QSpinBox()
        self.best_of.setRange(0, 999)
        self.best_of.setSpecialValueText(_("all events"))
        self.tie_break = QComboBox()
        for key, text in TIE_BREAKS:
            self.tie_break.addItem(_(text), key)
        self.final_table = QSpinBox()
        self.final_table.setRange(1, 99)
        # The league rules of issue 33: who is ranked, the final's line and stacks.
        self.min_events = QSpinBox()
        self.min_events.setRange(0, 999)
        self.min_events.setSpecialValueText(_("any"))
        self.qualify_top = QSpinBox()
        self.qualify_top.setRange(0, 999)
        self.qualify_top.setSpecialValueText(_("no line"))
        self.qualify_events = QSpinBox()
        self.qualify_events.setRange(0, 999)
        self.qualify_events.setSpecialValueText(_("no line"))
        self.bonus_base = QSpinBox()
        self.bonus_base.setRange(0, 10**9)
        self.bonus_base.setSingleStep(1000)
        self.bonus_base.setSpecialValueText(_("no stacks"))
        self.bonus_per_point = QSpinBox()
        self.bonus_per_point.setRange(0, 10**9)
        self.bonus_per_point.setSingleStep(10)
        self.bonus_cap = QSpinBox()
        self.bonus_cap.setRange(0, 10**9)
        self.bonus_cap.setSingleStep(1000)
        self.bonus_cap.setSpecialValueText(_("no cap"))
        form = QFormLayout()
        form.addRow(_("Points"), self.kind)
        form.addRow(_("Points by place"), self.table_points)
        form.addRow(_("Formula"), self.expression)
        form.addRow(_("Points for playing"), self.participation)
        form.addRow(_("Points per knock-out"), self.knockout)
        form.addRow(_("Bubble points"), self.bubble)
        form.addRow(_("Count the best"), self.best_of)
        form.addRow(_("Ties broken by"), self.tie_break)
        form.addRow(_("Final table places"), self.final_table)
        form.addRow(_("Events to be ranked"), self.min_events)
        form.addRow(_("Final: the top"), self.qualify_top)
        form.addRow(_("Final: at least events"), self.qualify_events)
        form.addRow(_("Final: starting stack"), self.bonus_base)
        form.addRow(_("Final: chips per point"), self.bonus_per_point)
        form.addRow(_("Final: most bonus chips"), self.bonus_cap)
        self.formula_error = InlineError()
        buttons = QHBoxLayout()
        show = QPushButton(_("&Preview"))
        show.clicked.connect(self.show_preview)
        save = QPushButton(_("&Save formula"))
        save.clicked.connect(self.save_rule)
        buttons.addWidget(show)
        buttons.addWidget(save)
        buttons.addStretch()
        self.preview = read_only_table()
        self.preview_note = QLabel()
        """What the preview's points include (bonuses), and what they cannot (knock-outs)."""
        self.preview_note.setWordWrap(True)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.formula_error)
        left.addLayout(buttons)
        left.addStretch()
        self.sample_buy_in = MoneyEdit()
        self.sample_buy_in.setToolTip(
            _(
                "The buy-in of the sample events, which a formula over buyin reads "
                "(at first the usual buy-in of the season's events)"
            )
        )
        self.sample_buy_in.editingFinished.connect(self.show_preview)
        sample = QHBoxLayout()
        sample.addWidget(QLabel(_("Points by place on sample fields")), 1)
        sample.addWidget(QLabel(_("Sample buy-in")))
        sample.addWidget(self.sample_buy_in)
        right = QVBoxLayout()
        right.addLayout(sample)
        right.addWidget(self.preview, 1)
        right.addWidget(self.preview_note)
        layout = QHBoxLayout(page)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)
        self.formula_error.clear()
        return page

    def _history_tab(self) -> QWidget:
        page = QWidget()
        self.player_box = QComboBox()
        self.player_box.setEditable(False)
        self.player_box.currentIndexChanged.connect(lambda _i: self.redraw_history())
        self.guest = QCheckBox(_("&Guest of this league"))
        self.guest.setToolTip(_("A guest plays but earns no points and is not ranked"))
        self.guest.clicked.connect(self.set_guest)
        self.history = read_only_table()
        self.history_total = QLabel()
        export = QPushButton(_("Export as CSV…"))
        export.clicked.connect(self.export_history)
        pdf = QPushButton(_("Save as PDF…"))
        pdf.setToolTip(_("The player's history as a report to print or send"))
        pdf.clicked.connect(lambda: self.save_history_pdf())
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Player")))
        row.addWidget(self.player_box, 1)
        row.addWidget(self.guest)
        row.addWidget(export)
        row.addWidget(pdf)
        layout = QVBoxLayout(page)
        layout.addLayout(row)
        layout.addWidget(self.history, 1)
        layout.addWidget(self.history_total)
        return page

    # -- reading ------------------------------------------------------------------------

    def league(self) -> League | None:
        item = self.league_list.currentItem()
        if item is None:
            return None
        try:
            return self.leagues.get(int(item.data(Qt.ItemDataRole.UserRole)))
        except RuleViolation:
            return None

    def season(self) -> Season | None:
        league = self.league()
        season_id = self.season_box.currentData()
        if league is None or season_id is None:
            return None
        for season in self.leagues.seasons(league.id):
            if season.id == season_id:
                return season
        return None

    def refresh_leagues(self, select: int | None = None) -> None:
        current = self.league()
        wanted = select if select is not None else (current.id if current else None)
        self.league_list.blockSignals(True)
        self.league_list.clear()
        for league in self.leagues.all():
            item = QListWidgetItem(league.name)
            item.setData(Qt.ItemDataRole.UserRole, league.id)
            self.league_list.addItem(item)
            if league.id == wanted:
                self.league_list.setCurrentItem(item)
        if self.league_list.currentRow() < 0 and self.league_list.count():
            self.league_list.setCurrentRow(0)
        self.league_list.blockSignals(False)
        self.league_changed()

    def league_changed(self) -> None:
        league = self.league()
        self.season_box.blockSignals(True)
        self.season_box.clear()
        self.season_box.addItem(_("All events"), None)
        if league is not None:
            for season in self.leagues.seasons(league.id):
                self.season_box.addItem(season.name, season.id)
            self.season_box.setCurrentIndex(self.season_box.count() - 1)
            self.sample_buy_in.set_value(self.leagues.usual_buy_in(league.id, self.season()))
            self.show_rule(league.rule)
        self.season_box.blockSignals(False)
        self.redraw()

    def show_rule(self, rule: PointsRule) -> None:
        self.kind.setCurrentIndex(max(0, self.kind.findData(rule.kind)))
        self.table_points.setText(", ".join(points_text(value) for value in rule.table))
        self.expression.setText(rule.expression)
        self.participation.setText(points_text(rule.participation))
        self.knockout.setText(points_text(rule.knockout))
        self.bubble.setText(points_text(rule.bubble))
        self.best_of.setValue(rule.best_of)
        self.tie_break.setCurrentIndex(max(0, self.tie_break.findData(rule.tie_break)))
        self.final_table.setValue(rule.final_table)
        self.min_events.setValue(rule.min_events)
        self.qualify_top.setValue(rule.qualify_top)
        self.qualify_events.setValue(rule.qualify_events)
        self.bonus_base.setValue(rule.bonus_base)
        self.bonus_per_point.setValue(rule.bonus_per_point)
        self.bonus_cap.setValue(rule.bonus_cap)
        self.show_preview()

    def typed_rule(self) -> PointsRule:
        """The rule as typed; ``ValueError`` naming the field, ``RuleViolation`` from the rules."""
        fields = (
            (_("Points for playing"), self.participation),
            (_("Points per knock-out"), self.knockout),
            (_("Bubble points"), self.bubble),
        )
        values = []
        for label, field in fields:
            try:
                values.append(_points(field.text()))
            except ValueError:
                raise ValueError(
                    _("{field}: “{value}” is not a number of points").format(
                        field=label, value=field.text()
                    )
                ) from None
        try:
            table = tuple(
                _points(part) for part in self.table_points.text().split(",") if part.strip()
            )
        except ValueError:
            raise ValueError(
                _("{field}: “{value}” is not a number of points").format(
                    field=_("Points by place"), value=self.table_points.text()
                )
            ) from None
        return PointsRule(
            kind=str(self.kind.currentData()),
            table=table,
            expression=self.expression.text(),
            participation=values[0],
            knockout=values[1],
            bubble=values[2],
            best_of=self.best_of.value(),
            tie_break=str(self.tie_break.currentData()),
            final_table=self.final_table.value(),
            min_events=self.min_events.value(),
            guests=league.rule.guests if (league := self.league()) else (),
            qualify_top=self.qualify_top.value(),
            qualify_events=self.qualify_events.value(),
            bonus_base=self.bonus_base.value(),
            bonus_per_point=self.bonus_per_point.value(),
            bonus_cap=self.bonus_cap.value(),
        ).check()

    def typed_buy_in(self) -> int:
        """The sample buy-in as typed; ``ValueError`` naming the field otherwise."""
        try:
            return self.sample_buy_in.value()
        except ValueError:
            raise ValueError(
                _("{field}: “{value}” is not an amount").format(
                    field=_("Sample buy-in"), value=self.sample_buy_in.text()
                )
            ) from None

    # -- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        self.charts.redraw_if_shown()
        league = self.league()
        season = self.season()
        self.redraw_season_dates(season)
        if league is None:
            fill_table(self.standings, standing_header(), [])
            self.pot.setText(_("Create a league to see its standings."))
            self.events.setRowCount(0)
            self.redraw_players()
            return
        try:
            table = self.leagues.table(league.id, season.id if season else None)
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return
        fill_table(self.standings, standing_header(), [standing_cells(r) for r in table.rows])
        self.pot.setText(season_summary(len(table.events), table.pot))
        self.pot.setToolTip(
            _(
                "The season pot is what the ledgers of the events counted set aside for it "
                "(each event's money settings say how much of each entry)."
            )
        )
        self.redraw_events(season)
        self.redraw_players()

    def redraw_season_dates(self, season: Season | None) -> None:
        if season is None:
            text = _("Every finished event and the past results imported count.")
        else:
            dates = season_dates(season.start, season.end)
            text = (
                _("Counts the events dated {dates}, and those chosen.").format(dates=dates)
                if dates
                else _("No dates: only the events chosen count.")
            )
        self.season_dates.setText(text)

    def redraw_events(self, season: Season | None) -> None:
        """Every finished event and every past event imported into the league, each
        with its entries, what its ledger set aside for the season pot, and whether the
        season counts it."""
        league = self.league()
        events = self.leagues.finished_events()
        if league is not None:
            events += self.leagues.imported_events(league.id)
            events.sort(key=lambda item: (item.date, item.event))
        self.events.clear()
        self.events.setColumnCount(5)
        self.events.setHorizontalHeaderLabels(
            [_("Date"), _("Event"), _("Entries"), _("Season pot"), _("In this season")]
        )
        self.events.setRowCount(len(events))
        for row, event in enumerate(events):
            self.events.setItem(
                row, 0, QTableWidgetItem(format_date(event.date) if event.date else "")
            )
            name = (
                _("{event} (imported)").format(event=event.name) if event.event < 0 else event.name
            )
            self.events.setItem(row, 1, QTableWidgetItem(name))
            for column, text in (
                (2, str(event.entries)),
                (3, format_money(event.season_pot) if event.season_pot else ""),
            ):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.events.setItem(row, column, item)
            choice = QComboBox()
            dated_in = season is not None and self.leagues.dated_in(season, event.date)
            for value, text in COUNTING:
                label = _(text)
                if value is None and season is not None:
                    label = (
                        _("By its date (counted)") if dated_in else _("By its date (not counted)")
                    )
                choice.addItem(label, value)
            if season is None:
                choice.setEnabled(False)
                choice.setToolTip(_("Choose a season first."))
            else:
                state = (
                    True
                    if event.event in season.chosen
                    else False
                    if event.event in season.excluded
                    else None
                )
                choice.setCurrentIndex([value for value, _t in COUNTING].index(state))
                choice.currentIndexChanged.connect(
                    lambda _i, e=event.event, box=choice: self.choose(e, box.currentData())
                )
            self.events.setCellWidget(row, 4, choice)
        self.events.resizeColumnsToContents()

    def redraw_players(self) -> None:
        current = self.player_box.currentData()
        self.player_box.blockSignals(True)
        self.player_box.clear()
        _same, names = self.leagues.merges()
        for player_id, name in sorted(names.items(), key=lambda item: name_order(item[1])):
            self.player_box.addItem(name, int(player_id))
        index = self.player_box.findData(current)
        self.player_box.setCurrentIndex(max(0, index))
        self.player_box.blockSignals(False)
        self.redraw_history()

    def redraw_history(self) -> None:
        player = self.player_box.currentData()
        league = self.league()
        self.guest.setEnabled(player is not None and league is not None)
        self.guest.setChecked(
            player is not None and league is not None and int(player) in league.rule.guests
        )
        lines = [] if player is None else self.leagues.history(PlayerId(int(player)))
        fill_table(
            self.history, history_header(), [history_cells(line) for line in lines], left=(0, 1)
        )
        self.history_total.setText(
            ngettext("{count} event; net {net}", "{count} events; net {net}", len(lines)).format(
                count=len(lines), net=format_money(sum(line.net for line in lines))
            )
        )

    def show_preview(self) -> None:
        try:
            rule = self.typed_rule()
            buy_in = self.typed_buy_in()
            rows = preview(rule, SAMPLE_FIELDS, buy_in=buy_in)
        except ValueError as error:  # RuleViolation is a ValueError too
            self.formula_error.say(error if isinstance(error, RuleViolation) else str(error))
            return
        self.formula_error.clear()
        places = max(len(points) for _size, points in rows)
        header = [_("Place")] + [
            ngettext("{count} player", "{count} players", size).format(count=size)
            for size, _points in rows
        ]
        table = [
            [str(place + 1)]
            + [points_cell(points[place]) if place < len(points) else "" for _s, points in rows]
            for place in range(places)
        ]
        fill_table(self.preview, header, table, left=())
        notes = []
        if rule.participation:
            notes.append(
                ngettext(
                    "Each place includes {points} point for playing.",
                    "Each place includes {points} points for playing.",
                    points_count(rule.participation),
                ).format(points=points_cell(rule.participation))
            )
        if rule.bubble:
            notes.append(
                ngettext(
                    "The shaded place is the bubble (first out of the money, with the usual "
                    "places paid): it includes the {points} bubble point.",
                    "The shaded place is the bubble (first out of the money, with the usual "
                    "places paid): it includes the {points} bubble points.",
                    points_count(rule.bubble),
                ).format(points=points_cell(rule.bubble))
            )
            for column, (size, points) in enumerate(rows, start=1):
                bubble = sample_paid(size)  # 0-based row of place paid + 1
                item = self.preview.item(bubble, column)
                if bubble < len(points) and item is not None:
                    item.setBackground(QColor("#fde7c8"))
                    item.setToolTip(_("The bubble: first place out of the money"))
        if rule.knockout:
            notes.append(
                ngettext(
                    "Each knock-out adds {points} point (not shown: it depends on the night).",
                    "Each knock-out adds {points} points (not shown: it depends on the night).",
                    points_count(rule.knockout),
                ).format(points=points_cell(rule.knockout))
            )
        if rule.uses_buy_in:
            notes.append(
                _("The formula's buy-in is {amount} here (the sample buy-in).").format(
                    amount=format_money(buy_in)
                )
            )
        if rule.per_player:
            notes.append(
                _(
                    "The formula's knock-outs and prize are each player's own: the preview "
                    "counts none."
                )
            )
        self.preview_note.setText(" ".join(notes))
        self.preview_note.setVisible(bool(notes))

    # -- changing ------------------------------------------------------------------------

    def _do(self, action: object) -> bool:
        try:
            assert callable(action)
            action()
        except (RuleViolation, StoreError) as error:
            self.error.say(error)
            return False
        self.error.clear()
        return True

    def create_league(self) -> None:
        created: list[League] = []
        if self._do(lambda: created.append(self.leagues.create(self.new_league.text()))):
            self.new_league.clear()
            self.refresh_leagues(select=created[0].id)

    def add_season(self) -> None:
        league = self.league()
        if league is None:
            self.error.say(RuleViolation("league_unknown", league=""))
            return
        if self._do(
            lambda: self.leagues.add_season(
                league.id, self.season_name.text(), self.season_start.iso(), self.season_end.iso()
            )
        ):
            self.season_name.clear()
            self.league_changed()

    def choose(self, event: int, counted: object) -> None:
        season = self.season()
        if season is None:
            return
        value = counted if isinstance(counted, bool) else None
        if self._do(lambda: self.leagues.choose_event(season.id, event, value)):
            self.redraw()

    def set_guest(self, guest: bool) -> None:
        league = self.league()
        player = self.player_box.currentData()
        if league is None or player is None:
            return
        if self._do(lambda: self.leagues.set_guest(league.id, PlayerId(int(player)), guest)):
            self.redraw()
        self.redraw_history()

    def save_rule(self) -> None:
        league = self.league()
        if league is None:
            return
        try:
            rule = self.typed_rule()
        except ValueError as error:
            self.formula_error.say(error if isinstance(error, RuleViolation) else str(error))
            return
        self.formula_error.clear()
        if self._do(lambda: self.leagues.set_rule(league.id, rule)):
            self.show_preview()
            self.redraw()

    # -- files ------------------------------------------------------------------------------

    def _save_csv(self, header: Sequence[str], rows: Sequence[Sequence[str]], name: str) -> None:
        from director.app.files.csv_io import delimiter_for, write_table

        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export as CSV"), name, _("CSV files (*.csv)")
        )
        if not path:
            return
        try:
            write_table(Path(path), header, rows, delimiter=delimiter_for(language()))
        except (StoreError, RuleViolation) as error:
            show_error(self, error)

    def export_standings(self) -> None:
        league = self.league()
        if league is None:
            return
        season = self.season()
        table = self.leagues.table(league.id, season.id if season else None)
        rows = [standing_cells(row) for row in table.rows]
        self._save_csv(standing_header(), rows, f"{league.name}.csv")

    def export_results(self, path: Path | None = None) -> None:
        """The counted events' results in the columns the results import reads (the
        same file as ``director export results``)."""
        from director.app.files.csv_io import delimiter_for, result_header, result_rows, write_table

        league = self.league()
        if league is None:
            return
        season = self.season()
        try:
            table = self.leagues.table(league.id, season.id if season else None)
            same, names = self.leagues.merges()
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return
        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self,
                _("Export results as CSV"),
                str(Path.home() / f"{slug(league.name)}-results.csv"),
                _("CSV files (*.csv)"),
            )
            if not chosen:
                return
            path = Path(chosen)
        try:
            write_table(
                path,
                result_header(language()),
                result_rows(table.events, names=names, same=same),
                delimiter=delimiter_for(language()),
            )
        except (StoreError, RuleViolation) as error:
            show_error(self, error)

    def _save_pdf(
        self, make: Callable[[RenderOptions], bytes], name: str, path: Path | None
    ) -> None:
        from director.app.files.outputs import write_output
        from director.reports.options import RenderOptions

        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self, _("Save the report"), str(Path.home() / name), _("PDF (*.pdf)")
            )
            if not chosen:
                return
            path = Path(chosen)
        try:
            write_output(path, make(RenderOptions(paper=self.paper)), self.leagues.database.path)
        except (StoreError, RuleViolation) as error:  # never over the database; a full disk
            show_error(self, error)

    def save_standings_pdf(self, path: Path | None = None) -> None:
        """The standings shown (league, season) as the league report, in the language
        of the page (the same PDF as ``director report league``)."""
        from director.app.views.charts import season_race
        from director.reports.league import league_pdf

        league = self.league()
        if league is None:
            return
        season = self.season()
        try:
            table = self.leagues.table(league.id, season.id if season else None)
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return
        name = "-".join(slug(part) for part in (league.name, season.name if season else "") if part)
        self._save_pdf(
            lambda options: league_pdf(
                table, self.leagues.now(), options, season_race(self.leagues, table)
            ),
            f"{name}.pdf",
            path,
        )

    def _shown_table(self) -> SeasonTable | None:
        """The standings shown (league, season), None when none or unreadable (said)."""
        league = self.league()
        if league is None:
            return None
        season = self.season()
        try:
            return self.leagues.table(league.id, season.id if season else None)
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return None

    def save_results_page(self, path: Path | None = None) -> None:
        """The season's self-contained HTML page (as ``director report html --league``)."""
        from director.gui.dialogs.league_files import save_season_page

        table = self._shown_table()
        if table is not None:
            save_season_page(self, self.leagues, table, path)

    def save_results_picture(self, path: Path | None = None) -> None:
        """The top of the season's table as a PNG (as ``director report png --league``)."""
        from director.gui.dialogs.league_files import save_season_picture

        table = self._shown_table()
        if table is not None:
            save_season_picture(self, self.leagues, table, path)

    def copy_results_text(self) -> None:
        from director.gui.dialogs.league_files import copy_season_text

        table = self._shown_table()
        if table is not None:
            copy_season_text(table)
            self.out_note.setText(_("The standings are on the clipboard: paste them in a message."))

    def create_final(self) -> None:
        """Show the qualifiers and their stacks, then create the final's event."""
        from director.gui.dialogs.season_final import FinalDialog

        table = self._shown_table()
        if table is None:
            return
        try:
            dialog = FinalDialog(self.leagues, table, self)
        except RuleViolation as error:
            self.error.say(error)
            return
        self.final_dialog = dialog
        """The last final's dialog (tests answer it)."""
        if dialog.exec() and dialog.event is not None:
            self.event_created.emit(dialog.event)
            self.error.clear()
            self.out_note.setText(
                _("Created the final {id}: {name}. Open it from the events list.").format(
                    id=dialog.event, name=dialog.name.text().strip()
                )
            )
            self.redraw()

    def save_history_pdf(self, path: Path | None = None) -> None:
        """The chosen player's history as the player report, ending with his lifetime
        results (as ``director report player``)."""
        from director.reports.league import history_pdf

        player = self.player_box.currentData()
        if player is None:
            return
        from director.app.club.lifetime import player_lifetime

        name = self.player_box.currentText()
        lines = self.leagues.history(PlayerId(int(player)))
        lifetime = player_lifetime(self.leagues.database, PlayerId(int(player)))
        self._save_pdf(
            lambda options: history_pdf(name, lines, self.leagues.now(), options, lifetime),
            f"{slug(name)}.pdf",
            path,
        )

    def export_history(self) -> None:
        player = self.player_box.currentData()
        if player is None:
            return
        lines = self.leagues.history(PlayerId(int(player)))
        name = self.player_box.currentText()
        self._save_csv(history_header(), [history_cells(line) for line in lines], f"{name}.csv")

    def _open_csv(self, title: str) -> Path | None:
        path, _filter = QFileDialog.getOpenFileName(self, title, "", _("CSV files (*.csv)"))
        return Path(path) if path else None

    def import_players(self, path: Path | None = None) -> None:
        from director.app.club.roster import Roster
        from director.app.files.csv_io import columns_text, preview_players

        path = path or self._open_csv(_("Import players"))
        if path is None:
            return
        try:
            found = preview_players(path, Roster(self.leagues.database))
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return
        columns = columns_text(found)
        if not found.new:
            QMessageBox.information(
                self, _("Import players"), nothing_new_text("players") + "\n\n" + columns
            )
            return
        names = "\n".join(name for name, _nick, _contact in found.new[:20])
        already = "\n".join(
            _("Row {row}: {name}").format(row=row, name=name) for row, name in found.already[:20]
        )
        count = len(found.new)
        text = (
            ngettext("{count} new player:", "{count} new players:", count).format(count=count)
            + "\n"
            + names
        )
        if found.already:
            text += "\n\n" + _("Already in the roster (left out):") + "\n" + already
        text += "\n\n" + columns
        if confirm(self, _("Import players"), text, yes=_("Import")) and self._do(
            lambda: self.leagues.import_players(found.new)
        ):
            self.redraw()

    def import_results(self, path: Path | None = None) -> None:
        from director.app.files.csv_io import read_results, without_money_in, without_money_in_text

        league = self.league()
        if league is None:
            self.error.say(RuleViolation("league_unknown", league=""))
            return
        path = path or self._open_csv(_("Import past results"))
        if path is None:
            return
        try:
            events = read_results(path)
        except (RuleViolation, StoreError) as error:
            show_error(self, error)
            return
        if not events:
            QMessageBox.information(self, _("Import past results"), nothing_new_text("results"))
            return
        text = (
            ngettext(
                "{count} event into {league}:", "{count} events into {league}:", len(events)
            ).format(count=len(events), league=league.name)
            + "\n"
            + "\n".join(
                f"{format_date(event.date)}  {event.name}  ({len(event.lines)})" for event in events
            )
        )
        unpaid = without_money_in(events)
        if unpaid:
            text += "\n\n" + without_money_in_text(len(unpaid))
        if confirm(self, _("Import past results"), text, yes=_("Import")) and self._do(
            lambda: self.leagues.import_results(league.id, events)
        ):
            self.redraw()

    def undo_import(self) -> None:
        undone: list[str] = []
        if self._do(lambda: undone.append(self.leagues.undo_import())):
            self.redraw()
            QMessageBox.information(self, _("Leagues"), undone_text(undone[0]))
