"""Payouts: the structure (automatic, percentages or fixed amounts), the paid
places as they stand, deals among the players left, and paying the winners."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.files import payout_templates
from director.app.night.changes import Changes
from director.app.views.display import bubble_text
from director.app.views.format_display import pool_breakdown
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.payout_tables import band_for
from director.core.payouts import (
    AUTO,
    FIXED,
    PERCENT,
    TABLE,
    Deal,
    PayoutSettings,
    check_payout_settings,
    default_shares,
    shares_for,
)
from director.core.prize_pool import prize_pool
from director.core.results import (
    player_results,
    preview_deal,
    prize_amounts,
)
from director.gui.common import scaled_font, show_error
from director.gui.controller import SaveFailed, SessionController
from director.gui.dialogs.payout_tables import PayoutTablesDialog
from director.gui.models.deal_model import OUT_NEXT, DealModel
from director.gui.models.records_model import MONEY, SHOWN, Column, RecordsModel
from director.gui.models.records_model import PERCENT as PERCENT_KIND
from director.gui.widgets import InlineError, MoneyEdit
from director.i18n import (
    N_,
    _,
    describe_error,
    format_money,
    format_number,
    ngettext,
)

DEAL_METHODS = (("icm", N_("ICM")), ("chips", N_("Chip chop")), ("even", N_("Even chop")))


def _item(text: str, *, editable: bool = False, right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if editable:
        flags |= Qt.ItemFlag.ItemIsEditable
    item.setFlags(flags)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class PayoutsPage(QWidget):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.tabs = QTabWidget()
        self.tabs.addTab(self._structure_tab(), _("&Structure"))
        self.tabs.addTab(self._deal_tab(), _("&Deal"))
        self.tabs.addTab(self._pay_tab(), _("&Pay the winners"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        controller.changed.connect(self._on_changed)
        self.load_settings()
        self.refresh()

    # -- structure --------------------------------------------------------------------

    def _structure_tab(self) -> QWidget:
        tab = QWidget()
        self.mode = QComboBox()
        self.mode.addItem(_("Automatic: the default table for the number of entries"), AUTO)
        self.mode.addItem(_("Percentages"), PERCENT)
        self.mode.addItem(_("Fixed amounts (first place gets the rest)"), FIXED)
        self.mode.addItem(_("By field size: a payout table"), TABLE)
        self.mode.activated.connect(lambda _row: self._mode_changed())
        self.places_model = RecordsModel(
            [Column(_("Place"), SHOWN), Column(_("Share"), PERCENT_KIND)]
        )
        self.places_model.edited.connect(self._check_draft)
        self.places_model.refused.connect(self._show_error)
        self.places = QTableView()
        self.places.setModel(self.places_model)
        self.places.verticalHeader().hide()
        self.places.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.places.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        add = QPushButton(_("Add a place"))
        add.clicked.connect(self.add_place)
        remove = QPushButton(_("Remove the last place"))
        remove.clicked.connect(self.remove_place)
        self.unit = MoneyEdit()
        self.templates = QComboBox()
        load = QPushButton(_("Load"))
        load.clicked.connect(self.load_template)
        save_template = QPushButton(_("Save as template…"))
        save_template.clicked.connect(self.save_template)
        self.table_note = QLabel()
        self.table_note.setWordWrap(True)
        tables_button = QPushButton(_("Payout &tables…"))
        tables_button.setToolTip(
            _("Percentages by number of entries: shipped tables and your own, edit, import, export")
        )
        tables_button.clicked.connect(self.open_tables)
        self.error = InlineError()
        self.apply_button = QPushButton(_("&Apply"))
        self.apply_button.clicked.connect(self.apply)
        form = QFormLayout()
        form.addRow(_("How to pay"), self.mode)
        form.addRow(_("Round amounts to"), self.unit)
        template_row = QHBoxLayout()
        template_row.addWidget(self.templates, 1)
        template_row.addWidget(load)
        template_row.addWidget(save_template)
        form.addRow(_("Your templates"), template_row)
        table_row = QHBoxLayout()
        table_row.addWidget(tables_button)
        table_row.addStretch()
        form.addRow(_("Payout table"), table_row)
        form.addRow(self.table_note)
        rows = QHBoxLayout()
        rows.addWidget(add)
        rows.addWidget(remove)
        rows.addStretch()
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.places, 1)
        left.addLayout(rows)
        left.addWidget(self.error)
        left.addWidget(self.apply_button)

        self.now = QTableWidget(0, 3)
        self.now.setHorizontalHeaderLabels([_("Place"), _("Amount"), _("Player")])
        self.now.verticalHeader().hide()
        self.now.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.pool = QLabel()
        self.pool.setFont(scaled_font(self.font(), 1.2, bold=True))
        self.pool.setWordWrap(True)
        self.bubble = QLabel()
        self.bubble.setFont(scaled_font(self.font(), 1.5, bold=True))
        self.bubble.setStyleSheet("color: #b7791f;")
        right = QVBoxLayout()
        heading = QLabel(_("Payouts now"))
        heading.setFont(scaled_font(self.font(), 1.2, bold=True))
        right.addWidget(heading)
        right.addWidget(self.pool)
        right.addWidget(self.bubble)
        right.addWidget(self.now, 1)
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)
        return tab

    def load_settings(self) -> None:
        settings = self.controller.state.payout
        self.mode.setCurrentIndex(self.mode.findData(settings.mode))
        self.unit.set_value(settings.unit)
        if settings.mode == FIXED:
            values = list(settings.amounts)
        elif settings.mode == PERCENT:
            values = list(settings.shares)
        else:
            values = list(shares_for(settings, self._entries()))
        self._show_table_note(settings)
        self._set_places(settings.mode, values)
        self.templates.clear()
        for template in payout_templates.templates():
            self.templates.addItem(template.name, template)
        self.error.hide()

    def _set_places(self, mode: str, values: list[int]) -> None:
        """The places shown: a share (basis points) or an amount (minor units) each."""
        model = self.places_model
        model.set_column_kind(1, MONEY if mode == FIXED else PERCENT_KIND)
        model.read_only = mode in (AUTO, TABLE)
        model.set_rows([[row + 1, value] for row, value in enumerate(values)])

    def _entries(self) -> int:
        state = self.controller.state
        return figures(state.players, state.ledger).entries

    def _mode_changed(self) -> None:
        mode = self.mode.currentData()
        values = [value for _place, value in self.places_model.rows()] or [0]
        if mode == AUTO:
            values = list(default_shares(self._entries()))
        elif mode == TABLE:
            values = list(shares_for(self._table_draft(), self._entries()))
            self._show_table_note(self._table_draft())
        elif (mode == FIXED) != (self.places_model.columns[1].kind == MONEY):
            values = [0] * len(values)  # a percentage is no amount: typed afresh
        self._set_places(mode, values)
        self._check_draft()

    def load_settings_for_auto(self) -> None:
        self._set_places(AUTO, list(default_shares(self._entries())))

    def add_place(self) -> None:
        self.places_model.append_row([self.places_model.rowCount() + 1, 0])

    def remove_place(self) -> None:
        if self.places_model.rowCount() > 1:
            self.places_model.remove_row(self.places_model.rowCount() - 1)
            self._check_draft()

    def draft(self) -> PayoutSettings:
        """The settings as typed (the model holds them typed)."""
        mode = self.mode.currentData()
        unit = self.unit.value() or 1
        values = tuple(value for _place, value in self.places_model.rows())
        if mode == PERCENT:
            return PayoutSettings(mode=PERCENT, shares=values, unit=unit)
        if mode == FIXED:
            return PayoutSettings(mode=FIXED, amounts=values, unit=unit)
        if mode == TABLE:
            return PayoutSettings(mode=TABLE, table=self._table_draft().table, unit=unit)
        return PayoutSettings(mode=AUTO, unit=unit)

    def _table_draft(self) -> PayoutSettings:
        """The event's payout table, or the shipped standard one until one is chosen."""
        table = self.controller.state.payout.table or payout_templates.shipped_tables()[0]
        return PayoutSettings(mode=TABLE, table=table, unit=self.controller.state.payout.unit)

    def _show_table_note(self, settings: PayoutSettings) -> None:
        table = settings.table if settings.mode == TABLE else None
        if table is None:
            self.table_note.setText("")
            return
        band = band_for(table, max(self._entries(), 1))
        self.table_note.setText(
            _("“{name}”: {entries} entries are paid by band {band}.").format(
                name=table.name, entries=self._entries(), band=band.label
            )
        )

    def open_tables(self) -> None:
        PayoutTablesDialog(self.controller, self).exec()

    def _check_draft(self) -> bool:
        try:
            check_payout_settings(self.draft())
        except RuleViolation as error:  # before ValueError: it is one
            self._show_error(describe_error(error))
            return False
        except ValueError:  # the rounding unit
            self._show_error(_("Amounts must be numbers, such as 20 or 12.50."))
            return False
        self.error.hide()
        self.apply_button.setEnabled(True)
        return True

    def _show_error(self, text: str) -> None:
        self.error.say(text)
        self.apply_button.setEnabled(False)

    def apply(self) -> None:
        if not self._check_draft():
            return
        settings = self.draft()
        if settings == self.controller.state.payout:
            return
        try:
            self.controller.run(c.SetPayouts(settings=settings))
        except (RuleViolation, SaveFailed) as error:
            self._show_error(describe_error(error))

    def save_template(self) -> None:
        if not self._check_draft():
            return
        name, accepted = QInputDialog.getText(self, _("Save as template"), _("Template name:"))
        if accepted and name.strip():
            try:
                payout_templates.save(payout_templates.PayoutTemplate(name.strip(), self.draft()))
            except (RuleViolation, OSError) as error:
                show_error(
                    self,
                    error
                    if isinstance(error, RuleViolation)
                    else RuleViolation("payout_file_invalid", path=str(error)),
                )
            self.load_settings()

    def load_template(self) -> None:
        template = self.templates.currentData()
        if template is not None:
            try:
                self.controller.run(c.SetPayouts(settings=template.settings))
            except (RuleViolation, SaveFailed) as error:
                self._show_error(describe_error(error))

    # -- deal ---------------------------------------------------------------------------

    def _deal_tab(self) -> QWidget:
        tab = QWidget()
        self.deal_model = DealModel()
        self.deal_model.refused.connect(self._deal_refused)
        # Typed chips drop the deal shown (the model does); the Accept button follows.
        self.deal_model.dataChanged.connect(lambda *_: self.controller.guard.refresh())
        self.deal_table = QTableView()
        self.deal_table.setModel(self.deal_model)
        self.deal_table.verticalHeader().hide()
        self.deal_table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        # The figures' columns as wide as their titles ("Si éliminé maintenant").
        self.deal_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.deal_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.method = QComboBox()
        for key, text in DEAL_METHODS:
            self.method.addItem(_(text), key)
        self.method.activated.connect(lambda _row: self._deal_typed())
        self.aside = MoneyEdit()
        self.aside.textEdited.connect(lambda _text: self._deal_typed())
        work = QPushButton(_("&Work out the deal"))
        work.clicked.connect(self.work_out_deal)
        self.work_button = work
        self.accept_difference = QCheckBox(_("Accept stacks that differ from the chips in play"))
        self.accept_difference.toggled.connect(lambda _on: self.controller.guard.refresh())
        self.deal_note = QLabel()
        self.deal_note.setWordWrap(True)
        self.accept_deal_button = QPushButton(_("&Accept the deal"))
        self.accept_deal_button.clicked.connect(self.accept_deal)
        self.controller.guard.bind(
            self.accept_deal_button,
            self._accept_command,
            _("Record the deal: each player's share is his prize"),
        )
        form = QFormLayout()
        form.addRow(_("Kind of deal"), self.method)
        form.addRow(_("Keep aside to play for"), self.aside)
        layout = QVBoxLayout(tab)
        layout.addWidget(
            QLabel(_("Type each player's chips, choose the kind of deal, then work it out."))
        )
        layout.addLayout(form)
        layout.addWidget(self.deal_table, 1)
        layout.addWidget(work)
        layout.addWidget(self.accept_difference)
        layout.addWidget(self.deal_note)
        layout.addWidget(self.accept_deal_button)
        return tab

    @property
    def proposal(self) -> Deal | None:
        preview = self.deal_model.preview
        return preview.deal if preview is not None else None

    def _accept_command(self) -> c.Command | RuleViolation:
        proposal = self.proposal
        if proposal is None:
            return RuleViolation("deal_not_worked_out")
        return c.AcceptDeal(
            deal=proposal, chips_difference_accepted=self.accept_difference.isChecked()
        )

    def _deal_refused(self, text: str) -> None:
        self.deal_note.setText(text)

    def _deal_typed(self) -> None:
        """The kind of deal or the money kept aside changed: the deal shown is no longer it."""
        if self.deal_model.preview is not None:
            self.deal_model.set_preview(None)
        self.controller.guard.refresh()

    def _fill_deal_players(self) -> None:
        state = self.controller.state
        self.deal_model.set_state(state)
        self.deal_table.setColumnHidden(OUT_NEXT, self.deal_model.out_next is None)
        if state.deal is not None:
            self.deal_note.setText(
                _("A deal was made: {shares}. Undo it to make another.").format(
                    shares=", ".join(
                        f"{state.players[PlayerId(s.player)].name} {format_money(s.amount)}"
                        for s in state.deal.shares
                    )
                )
            )
        self.controller.guard.refresh()

    def work_out_deal(self) -> None:
        state = self.controller.state
        stacks = self.deal_model.stacks()
        try:
            if len(stacks) != len(self.deal_model.players):
                raise RuleViolation("deal_stacks_for_every_player")
            aside = self.aside.value()
            preview = preview_deal(state, self.method.currentData(), stacks, aside)
        except RuleViolation as error:  # before ValueError: it is one
            self.deal_note.setText(describe_error(error))
            self.deal_model.set_preview(None)
            self.controller.guard.refresh()
            return
        except ValueError:
            self.deal_note.setText(_("The amount kept aside must be a number."))
            return
        self.deal_model.set_preview(preview)
        note = []
        if preview.chips_difference:
            note.append(
                _(
                    "The stacks add up to {typed}, but {chips} chips are in play "
                    "(difference {difference})."
                ).format(
                    typed=format_number(preview.typed_chips),
                    chips=format_number(preview.chips_in_play),
                    difference=format_number(preview.chips_difference),
                )
            )
        if aside:
            note.append(
                _("{amount} is kept aside for the winner.").format(amount=format_money(aside))
            )
        self.deal_note.setText(" ".join(note))
        self.controller.guard.refresh()

    def accept_deal(self) -> None:
        command = self._accept_command()
        if isinstance(command, RuleViolation):
            show_error(self, command)
            return
        if self.controller.dispatch(command, self):
            self.deal_model.set_preview(None)
            self.controller.guard.refresh()

    # -- paying ---------------------------------------------------------------------------

    def _pay_tab(self) -> QWidget:
        tab = QWidget()
        self.results = QTableWidget(0, 8)
        self.results.setHorizontalHeaderLabels(
            [
                _("Place"),
                _("Player"),
                _("Prize"),
                _("Bounties"),
                _("Total"),
                _("Paid"),
                _("Due"),
                "",
            ]
        )
        self.results.verticalHeader().hide()
        self.results.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(tab)
        layout.addWidget(self.results)
        return tab

    def _fill_results(self) -> None:
        state = self.controller.state
        results = [r for r in player_results(state) if r.total or r.paid_out]
        self.results.setRowCount(len(results))
        for row, result in enumerate(results):
            place = (
                ""
                if result.place is None
                else (
                    f"{result.place.best}–{result.place.worst}"
                    if result.place.tied
                    else str(result.place.best)
                )
            )
            cells = [
                place,
                result.name,
                format_money(result.prize),
                format_money(result.bounties),
                format_money(result.total),
                format_money(result.paid_out),
                format_money(result.due),
            ]
            for column, text in enumerate(cells):
                self.results.setItem(row, column, _item(text, right=column != 1))
            button = QPushButton(_("Pay"))
            self.controller.guard.bind(
                button,
                lambda player=result.player: c.PayPrize(player=player),
                _("Record that the prize is paid"),
            )
            button.clicked.connect(
                lambda _checked=False, player=result.player: self.controller.dispatch(
                    c.PayPrize(player=player), self
                )
            )
            self.results.setCellWidget(row, 7, button)

    # -- refresh --------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.controller.state
        amounts = prize_amounts(state)
        winners = {
            r.place.best: r.name
            for r in player_results(state)
            if r.place is not None and not r.place.tied
        }
        self.now.setRowCount(len(amounts))
        for row, amount in enumerate(amounts):
            self.now.setItem(row, 0, _item(str(row + 1)))
            self.now.setItem(row, 1, _item(format_money(amount), right=True))
            self.now.setItem(row, 2, _item(winners.get(row + 1, "")))
        numbers = figures(state.players, state.ledger)
        pool = prize_pool(state)
        text = ngettext(
            "Prize pool: {pool} · {entries} entry",
            "Prize pool: {pool} · {entries} entries",
            numbers.entries,
        ).format(pool=format_money(pool.total), entries=numbers.entries)
        if pool.host_money or pool.guarantee:
            text += "\n" + pool_breakdown(pool)
            if pool.guarantee:
                text += " · " + _("guaranteed {amount}").format(amount=format_money(pool.guarantee))
        self.pool.setText(text)
        self.bubble.setText(bubble_text(state))
        self._fill_deal_players()
        self._fill_results()
        if state.payout.mode == AUTO and self.mode.currentData() == AUTO:
            self.load_settings_for_auto()
        elif state.payout.mode == TABLE and self.mode.currentData() == TABLE:
            self._set_places(TABLE, list(shares_for(state.payout, self._entries())))
            self._show_table_note(state.payout)

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("payout"):
            self.load_settings()
        if changes.touches("payout", "players", "ledger", "busts", "deal", "status", "money"):
            self.refresh()
