"""The players of the event: find or add someone by typing a few letters and
pressing Enter, then one click per action. Every action is a command: it is
saved at once and can be undone; a refused action says why."""

from __future__ import annotations

import html
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QCompleter,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.app.club.names import START, fold, pick
from director.app.club.roster import Roster
from director.app.night.actions import Request, catalogue, command
from director.app.night.changes import Changes, confirmation
from director.app.storage.databases import StoreError
from director.app.views.format_display import envelope_news, envelopes_warning
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.handlers.players import rebuy_stack_question
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import MAX_CHIPS, RAKE_POT
from director.core.players import EntrantStatus
from director.core.prize_pool import prize_pool
from director.gui.common import confirm, scaled_font, show_error
from director.gui.controller import SessionController
from director.gui.dialogs.bust import BustDialog
from director.gui.dialogs.settlement import SettlementDialog
from director.gui.models.players_model import CASH_HIDDEN, PlayersModel
from director.i18n import _, format_money, format_number, parse_money

if TYPE_CHECKING:
    from director.app.club.balances import ClubBook


class PlayersPage(QWidget):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.roster = Roster(controller.session.database, clock=controller.session.now)
        self._book: ClubBook | None = None
        """The club's book, for what a player still owes from earlier nights (kept: it
        remembers the nights it read)."""
        cash = controller.state.is_cash

        self.entry = QLineEdit()
        self.entry.setPlaceholderText(_("Type a name and press Enter to buy in or find a player"))
        self.entry.setFont(scaled_font(self.font(), 1.3))
        self.entry.setClearButtonEnabled(True)
        self.names = QStringListModel()
        completer = QCompleter(self.names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.entry.setCompleter(completer)
        self.entry.returnPressed.connect(self.enter_name)
        self.register_button = QPushButton(_("Register &only"))
        self.register_button.setToolTip(_("Put the typed name on the list without a buy-in yet"))
        self.register_button.clicked.connect(self.register_only)
        self.paid = QCheckBox(_("Paid now"))
        self.paid.setChecked(True)
        self.paid.setToolTip(_("Untick to record what is bought as owed"))
        top = QHBoxLayout()
        top.addWidget(self.entry, 1)
        top.addWidget(self.register_button)
        top.addWidget(self.paid)

        self.model = PlayersModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in CASH_HIDDEN:
            self.table.setColumnHidden(column, cash)

        self.buttons: dict[str, QPushButton] = {}
        actions = (
            [
                ("buy_in", _("&Buy-in…"), self.buy_in),
                ("top_up", _("&Top-up…"), self.top_up),
                ("cash_out", _("&Cash-out…"), self.cash_out),
                ("pay", _("&Pay debt"), self.pay_debt),
                ("pay_out", _("Pay &out"), self.pay_out),
                ("remove", _("Re&move entry…"), self.remove),
                ("rake", _("Ra&ke…"), self.take_rake),
                ("settle", _("&Settlement…"), self.settlement),
            ]
            if cash
            else [
                ("buy_in", _("&Buy-in"), self.buy_in),
                ("rebuy", _("&Re-buy"), self.rebuy),
                ("addon", _("&Add-on"), self.addon),
                ("reentry", _("Re-&entry"), self.reentry),
                ("bust", _("B&ust…"), self.bust),
                ("revert", _("Put &back in"), self.revert),
                ("pay", _("&Pay debt"), self.pay_debt),
                ("remove", _("Re&move entry…"), self.remove),
            ]
        )
        row = QHBoxLayout()
        for key, text, slot in actions:
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            row.addWidget(button)
        row.addStretch()
        hints = {
            "bust": _("The selected player is out (Ctrl+B), then Enter"),
            "rebuy": _("Re-buy for the selected player (Ctrl+R)"),
            "addon": _("Add-on for the selected player (Ctrl+D)"),
        }
        guard = controller.guard
        for key, button in self.buttons.items():
            if key in catalogue():
                guard.bind_action(button, key, partial(self.request, key), hints.get(key, ""))
            else:  # the settlement: a dialog, always open
                guard.bind(button, lambda: None, hints.get(key, ""))

        self.figures = QGroupBox(_("Figures"))
        self.figure_labels: dict[str, QLabel] = {}
        form = QFormLayout(self.figures)
        self.figures_form = form
        keys = (
            [
                ("players_left", _("Seated")),
                ("chips_in_play", _("Chips in play")),
                ("money_in", _("Money in")),
                ("money_out", _("Money out")),
                ("owed", _("Still owed")),
            ]
            if cash
            else [
                ("entries", _("Entries")),
                ("players_left", _("Players left")),
                ("rebuys", _("Re-buys")),
                ("addons", _("Add-ons")),
                ("chips_in_play", _("Chips in play")),
                ("average", _("Average stack")),
                ("prize_pool", _("Prize pool")),
                ("bounty_pool", _("Bounty pool")),
                ("fees", _("Fees")),
                ("season_pot", _("Season pot")),
                ("owed", _("Still owed")),
            ]
        )
        for key, caption in keys:
            label = QLabel()
            label.setFont(scaled_font(self.font(), 1.15, bold=True))
            label.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.figure_labels[key] = label
            form.addRow(caption, label)
            if key == "season_pot":
                label.setToolTip(_("Set aside from the entries for the league's season pot"))
        self.figures.setMinimumWidth(240)

        body = QHBoxLayout()
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.table, 1)
        left.addLayout(row)
        body.addLayout(left, 1)
        body.addWidget(self.figures)
        layout = QVBoxLayout(self)
        layout.addLayout(body)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.table.doubleClicked.connect(lambda _index: self._default_action())
        controller.changed.connect(self._on_changed)
        self.refresh()

    # -- reading ---------------------------------------------------------------

    def selected(self) -> PlayerId | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.player_at(rows[0].row()) if rows else None

    def select(self, player: PlayerId) -> None:
        row = self.model.row_of(player)
        if row >= 0:
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    def refresh(self) -> None:
        selected = self.selected()
        state = self.controller.state
        self.model.set_state(state, self.seat_names())
        if selected is not None:
            self.select(selected)
        numbers = figures(state.players, state.ledger)
        values = {
            "entries": format_number(numbers.entries),
            "players_left": format_number(numbers.players_left),
            "rebuys": format_number(numbers.rebuys),
            "addons": format_number(numbers.addons),
            "chips_in_play": format_number(numbers.chips_in_play),
            "average": format_number(numbers.average_stack),
            "prize_pool": format_money(prize_pool(state).total),
            "bounty_pool": format_money(numbers.bounty_pool),
            "fees": format_money(numbers.fees),
            "season_pot": format_money(numbers.season_pot),
            "owed": format_money(numbers.owed),
            "money_in": format_money(numbers.money_in),
            "money_out": format_money(numbers.money_out),
        }
        for key, label in self.figure_labels.items():
            label.setText(values[key])
        pot = self.figure_labels.get("season_pot")
        if pot is not None:
            # Only for an event that sets money aside for a league's season pot.
            self.figures_form.setRowVisible(pot, bool(state.money.season_pot or numbers.season_pot))
        names = [entrant.name for entrant in state.players.values()]
        known = {fold(name) for name in names}
        names += [p.name for p in self.roster.all() if fold(p.name) not in known]
        self.names.setStringList(sorted(names, key=str.casefold))
        self._update_buttons()

    def seat_names(self) -> dict[PlayerId, str]:
        """ "T2 S5" beside each seated player."""
        return {
            player: _("T{table} S{seat}").format(table=table, seat=seat)
            for player, (table, seat) in self.controller.state.tables.seated().items()
        }

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("players", "ledger", "busts", "money", "cash", "status", "tables"):
            self.refresh()
        news = envelope_news(self.controller.state, changes.events)
        # Each action says it was done (and the moves it brings): the line never
        # outlives the fact it states.
        self.say(confirmation(changes, self.controller.state))
        if news:
            # Mystery bounties: the envelope drawn, to announce at the table.
            self.say(news)
        elif changes.touches("ledger", "money"):
            # Before the next knockout is refused for it: the envelopes no longer
            # add up to the bounty money (a re-entry, a re-buy or a refund).
            warning = envelopes_warning(self.controller.state, self.controller.now())
            if warning:
                self.status.setTextFormat(Qt.TextFormat.RichText)
                self.status.setText(f"<span style='color:#b7791f'>{html.escape(warning)}</span>")

    def say(self, text: str) -> None:
        """The line under the list, as plain text (a name is never read as markup)."""
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setText(text)

    def _update_buttons(self) -> None:
        self.controller.guard.refresh()

    def request(self, key: str) -> Request | RuleViolation:
        """What the button ``key`` (a catalogue action) would ask for the selected
        player, to ask the rules whether they would accept it (a refusal when there
        is no player)."""
        if key == "rake":  # the game's, not the selected player's
            # The largest pot: refused only if no pot could ever give a rake.
            pot = MAX_CHIPS if self.controller.state.cash.rake.kind == RAKE_POT else 0
            return Request(chips=pot, paid=self.paid.isChecked())
        player = self.selected()
        if player is None:
            return RuleViolation("no_player_chosen")
        state = self.controller.state
        # Money to ask about: a top-up's least, else a cash game's least buy-in.
        least_buy_in = max(1, state.cash.min_buy_in) if state.is_cash else 0
        amount = 1 if key == "top_up" else least_buy_in
        # With a stack to give, the most the rules accept: refused then, refused always.
        stack = rebuy_stack_question(state, player)
        return Request(
            player=player, paid=self.paid.isChecked(), amount=amount, stack=stack, chips=0
        )

    # -- typing a name -------------------------------------------------------------

    def enter_name(self) -> None:
        """Enter: select a player of the event, or buy in someone from the roster,
        or (after one confirmation) add a new person and buy them in."""
        text = " ".join(self.entry.text().split())
        if not text:
            return
        state = self.controller.state
        entrant = pick(text, ((e, (e.name, e.display_name)) for e in state.players.values()))
        if entrant is not None:
            self.select(entrant.player)
            if entrant.status is EntrantStatus.REGISTERED:
                self.buy_in()
            self.entry.clear()
            return
        # From the roster, only a name as typed or its start: a part of someone
        # else's name must not buy him in when a newcomer is meant.
        known = self.roster.find(text) or pick(
            text, ((p, (p.name, p.nickname)) for p in self.roster.all()), deepest=START
        )
        if known is None:
            if not confirm(
                self,
                _("New player"),
                _("Add “{name}” to the players and buy them in?").format(name=text),
                yes=_("Add"),
                enter_says_yes=True,  # name, Enter, Enter: the organizer meant it
            ):
                return
            try:
                known = self.roster.add(text)
            except RuleViolation as error:
                show_error(self, error)
                return
        self._buy_in_player(known.id, known.name, known.nickname)
        self.entry.clear()

    def register_only(self) -> None:
        """Put the typed name on the event's list, to buy in later."""
        text = " ".join(self.entry.text().split())
        if not text:
            show_error(self, RuleViolation("name_empty"))
            return
        known = self.roster.find(text)
        if known is None:
            try:
                known = self.roster.add(text)
            except RuleViolation as error:
                show_error(self, error)
                return
        if self.controller.dispatch(
            c.RegisterPlayer(player=known.id, name=known.name, nickname=known.nickname), self
        ):
            self.select(known.id)
            self.entry.clear()

    def _buy_in_player(self, player: PlayerId, name: str, nickname: str = "") -> None:
        amount = 0
        if self.controller.state.is_cash:
            amount_text, accepted = QInputDialog.getText(
                self, _("Buy-in"), _("Money brought by {name}:").format(name=name)
            )
            if not accepted:
                return
            try:
                amount = parse_money(amount_text)
            except ValueError:
                show_error(self, RuleViolation("amount_not_whole", value=amount_text))
                return
        changes = self.controller.dispatch(
            c.BuyIn(
                player=player,
                name=name,
                nickname=nickname,
                paid=self.paid.isChecked(),
                amount=amount,
            ),
            self,
        )
        if changes is not None:
            self.select(player)
            text = _("{name} is in.").format(name=name)
            owes = self.carry_over(player)
            self.say(f"{text} {owes}." if owes else text)

    def carry_over(self, player: PlayerId) -> str:
        """What the player still owes from earlier nights ("Ann owes €20 from 14
        November"), "" when nothing (or when the club's book cannot be read now)."""
        from director.app.club.balances import ClubBook

        if self._book is None:
            self._book = ClubBook(self.controller.session.database, clock=self.controller.now)
        try:
            return self._book.carry_over(player, self.controller.session.tournament_id)
        except (StoreError, RuleViolation):
            return ""

    # -- actions -------------------------------------------------------------------

    def _command(self, key: str, player: PlayerId) -> c.Command:
        """The catalogue's command ``key`` for ``player``, paid as the box says."""
        return command(key, Request(player=player, paid=self.paid.isChecked()))

    def _selected_or_warn(self) -> PlayerId | None:
        player = self.selected()
        if player is None:
            show_error(self, RuleViolation("no_player_chosen"))
        return player

    def _default_action(self) -> None:
        player = self.selected()
        entrant = self.controller.state.players.get(player) if player else None
        if entrant is not None and entrant.status is EntrantStatus.REGISTERED:
            self.buy_in()

    def buy_in(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            entrant = self.controller.state.players[player]
            self._buy_in_player(player, entrant.name, entrant.nickname)

    def rebuy(self) -> None:
        player = self._selected_or_warn()
        if player is None:
            return
        state = self.controller.state
        entrant = state.players[player]
        stack = None
        threshold = rebuy_stack_question(state, player)
        if threshold is not None:
            chips, accepted = QInputDialog.getInt(
                self,
                _("Re-buy"),
                _("{name}'s chips now (re-buys at {limit} or fewer):").format(
                    name=entrant.name, limit=format_number(threshold)
                ),
                0,
                0,
                2_000_000_000,
            )
            if not accepted:
                return
            stack = chips
        asked = Request(player=player, paid=self.paid.isChecked(), stack=stack)
        self.controller.dispatch(command("rebuy", asked), self)

    def addon(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            self.controller.dispatch(self._command("addon", player), self)

    def reentry(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            self.controller.dispatch(self._command("reentry", player), self)

    def bust(self) -> None:
        player = self._selected_or_warn()
        if player is None:
            return
        dialog = BustDialog(self.controller.state, player, self)
        if dialog.exec() and dialog.busts:
            self.controller.dispatch(c.BustPlayers(busts=dialog.busts), self)

    def revert(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            self.controller.dispatch(self._command("revert", player), self)

    def pay_debt(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            self.controller.dispatch(self._command("pay", player), self)

    def pay_out(self) -> None:
        player = self._selected_or_warn()
        if player is not None:
            self.controller.dispatch(self._command("pay_out", player), self)

    def remove(self) -> None:
        player = self._selected_or_warn()
        if player is None:
            return
        entrant = self.controller.state.players[player]
        if confirm(
            self,
            _("Remove an entry"),
            _(
                "Take back {name}'s last purchase as a refund? "
                "Use this for an entry made by mistake."
            ).format(name=entrant.name),
            yes=_("Remove"),
        ):
            self.controller.dispatch(c.RemoveEntry(player=player), self)

    def _amount(self, title: str, prompt: str) -> int | None:
        text, accepted = QInputDialog.getText(self, title, prompt)
        if not accepted:
            return None
        try:
            return parse_money(text)
        except ValueError:
            show_error(self, RuleViolation("amount_not_whole", value=text))
            return None

    def top_up(self) -> None:
        player = self._selected_or_warn()
        if player is None:
            return
        amount = self._amount(_("Top-up"), _("Amount:"))
        if amount is not None:
            self.controller.dispatch(
                c.TopUp(player=player, amount=amount, paid=self.paid.isChecked()), self
            )

    def cash_out(self) -> None:
        player = self._selected_or_warn()
        if player is None:
            return
        entrant = self.controller.state.players[player]
        chips, accepted = QInputDialog.getInt(
            self,
            _("Cash-out"),
            _("Chips {name} hands back:").format(name=entrant.name),
            0,
            0,
            2_000_000_000,
        )
        if accepted:
            self.controller.dispatch(
                c.CashOut(player=player, chips=chips, paid=self.paid.isChecked()), self
            )

    def take_rake(self) -> None:
        """The house's rake by the game's rule: from a pot (its chips asked), or the
        hour's or the seat's charge from each player in the game."""
        state = self.controller.state
        pot = 0
        if state.cash.rake.kind == RAKE_POT:
            pot, accepted = QInputDialog.getInt(
                self, _("Rake"), _("Chips in the pot:"), 0, 0, 2_000_000_000
            )
            if not accepted:
                return
        self.controller.dispatch(
            command("rake", Request(chips=pot, paid=self.paid.isChecked())), self
        )

    def settlement(self) -> None:
        SettlementDialog(self.controller.state, self).exec()
