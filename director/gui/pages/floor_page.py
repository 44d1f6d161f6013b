"""The floor: settle a dispute at the table about a raise, a side pot or who won.

Three tabs, each usable from the keyboard: bets and raises (the raise
calculator, R15-R19), side pots (R21) and the showdown (R20, R22). What is
typed is saved with the event as it changes.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.night import floor
from director.core import clock as clk
from director.core.betting import limit_bet
from director.core.errors import RuleViolation
from director.core.frozen import evolve
from director.core.messages import Message
from director.core.straddle import straddle_amount
from director.core.structure import AnteKind
from director.gui.common import scaled_font
from director.gui.controller import SessionController
from director.gui.models.records_model import CHECK, CHIPS, PLACE, SHOWN, Column, RecordsModel
from director.gui.widgets import InlineError
from director.i18n import N_, _, describe_error, format_number, parse_chips, render

ACTION_NAMES = {
    "fold": N_("folds"),
    "check": N_("checks"),
    "call": N_("calls"),
    "bet": N_("bets"),
    "raise": N_("raises"),
    "all_in": N_("all-in"),
}


class CardPicker(QWidget):
    """52 buttons; a click types the card into the field that last had focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target: QLineEdit | None = None
        grid = QGridLayout(self)
        grid.setSpacing(1)
        grid.setContentsMargins(0, 0, 0, 0)
        for row, suit in enumerate("shdc"):
            for column, rank in enumerate("AKQJT98765432"):
                card = rank + suit
                button = QPushButton(floor.pretty([card]))
                button.setFixedSize(38, 26)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                colour = "#c0392b" if suit in "hd" else "#111111"
                button.setStyleSheet(f"color: {colour}; font-weight: bold;")
                button.clicked.connect(lambda _checked=False, card=card: self._add(card))
                grid.addWidget(button, row, column)

    def _add(self, card: str) -> None:
        if self.target is not None:
            text = self.target.text().strip()
            self.target.setText(f"{text} {card}".strip())


class FloorPage(QWidget):
    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.draft = floor.draft_from_data(controller.session.load_draft(floor.DRAFT_NAME))
        self.round = None
        self.keeper: floor.TurnKeeper | None = None
        self.tabs = QTabWidget()
        self.tabs.addTab(self._betting_tab(), _("&Bets and raises"))
        self.tabs.addTab(self._pots_tab(), _("&Side pots"))
        self.tabs.addTab(self._showdown_tab(), _("S&howdown"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self._load_betting()
        self._load_pots()
        self._load_showdown()
        # The game's settings or the level may allow or refuse a straddle.
        controller.changed.connect(lambda _changes: self._straddle_allowed())

    # -- saving ------------------------------------------------------------------

    def save(self) -> None:
        # The draft is a convenience: failing to save it must not disturb the floor.
        with contextlib.suppress(Exception):
            self.controller.session.save_draft(floor.DRAFT_NAME, floor.draft_data(self.draft))

    # -- bets and raises -----------------------------------------------------------

    def _betting_tab(self) -> QWidget:
        tab = QWidget()
        self.big_blind = QSpinBox()
        self.big_blind.setRange(1, 1_000_000_000)
        self.big_blind.setPrefix(_("Big blind: "))
        self.preflop = QCheckBox(_("Before the flop (blinds posted)"))
        self.straddle = QCheckBox(_("Live straddle"))
        self.preflop.toggled.connect(lambda _on: self._straddle_allowed())
        self.table_choice = QComboBox()
        fill = QPushButton(_("&Fill from table"))
        fill.clicked.connect(self.fill_from_table)
        setup = QHBoxLayout()
        for widget in (
            self.big_blind,
            self.preflop,
            self.straddle,
            QLabel(_("Table:")),
            self.table_choice,
            fill,
        ):
            setup.addWidget(widget)
        setup.addStretch()
        self.ante = QSpinBox()
        self.ante.setRange(0, 1_000_000_000)
        self.ante.setPrefix(_("Ante: "))
        self.ante.setSpecialValueText(_("Ante: none"))
        self.big_blind_ante = QCheckBox(_("Big blind ante"))
        self.limit = QSpinBox()
        self.limit.setRange(0, 1_000_000_000)
        self.limit.setPrefix(_("Limit bet: "))
        self.limit.setSpecialValueText(_("No limit"))
        self.limit.setToolTip(
            _("Limit hold'em: the small bet on the first two rounds, the big bet on the last two.")
        )
        self.street = QComboBox()
        for number, name in enumerate((_("Pre-flop"), _("Flop"), _("Turn"), _("River")), start=1):
            self.street.addItem(name, number)
        self.street.setToolTip(_("The betting round: in limit, it sets the small or big bet."))
        self.street.activated.connect(lambda _index: self._street_chosen())
        self.pot_limit = QCheckBox(_("Pot limit"))
        self.pot_limit.setToolTip(_("The largest raise is the pot after the call."))
        self.pot_limit.toggled.connect(self._pot_limit_toggled)
        self.pot_before = QSpinBox()
        self.pot_before.setRange(0, 1_000_000_000)
        self.pot_before.setPrefix(_("Pot before this round: "))
        self.pot_before.setToolTip(
            _("Pot limit: the chips already in the middle from earlier betting rounds.")
        )
        extra = QHBoxLayout()
        for widget in (self.ante, self.big_blind_ante, self.street, self.limit):
            extra.addWidget(widget)
        extra.addStretch()
        pot_row = QHBoxLayout()
        pot_row.addWidget(self.pot_limit)
        pot_row.addWidget(self.pot_before)
        pot_row.addStretch()
        self.players_model = RecordsModel(
            [
                Column(_("Player (acting order)")),
                Column(_("Chips"), CHIPS),
                Column(_("Posted"), CHIPS),
            ]
        )
        self.players = self._table(self.players_model)
        self.players_model.refused.connect(lambda text: self.refusal.say(text))
        add = QPushButton(_("Add player"))
        add.clicked.connect(lambda: self._add_player_row("", 0, 0))
        remove = QPushButton(_("Remove player"))
        remove.clicked.connect(
            lambda: self.players_model.remove_row(self.players.currentIndex().row())
        )
        start = QPushButton(_("S&tart the round"))
        start.clicked.connect(self.start_round)
        player_buttons = QHBoxLayout()
        for widget in (add, remove, start):
            player_buttons.addWidget(widget)
        left = QVBoxLayout()
        left.addLayout(setup)
        left.addLayout(extra)
        left.addLayout(pot_row)
        left.addWidget(self.players, 1)
        left.addLayout(player_buttons)

        self.advice = QLabel()
        self.advice.setWordWrap(True)
        self.advice.setFont(scaled_font(self.font(), 1.5, bold=True))
        self.advice.setMinimumHeight(120)
        self.refusal = InlineError()
        self.speaker = QComboBox()
        self.speaker.setToolTip(
            _(
                "Who speaks: the player to act, or another one speaking out of turn "
                "(bound by it if the action has not changed when his turn comes, seed 001)."
            )
        )
        self.amount = QLineEdit()
        self.amount.setPlaceholderText(_("Raise to (total this round)"))
        self.amount.returnPressed.connect(lambda: self.act("raise"))
        self.action_buttons: dict[str, QPushButton] = {}
        actions = QGridLayout()
        for index, (key, text, shortcut) in enumerate(
            (
                ("fold", _("Fold (F)"), "F"),
                ("check", _("Check (K)"), "K"),
                ("call", _("Call (C)"), "C"),
                ("raise", _("Raise to… (R)"), "R"),
                ("all_in", _("All-in (A)"), "A"),
            )
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _checked=False, key=key: self.act(key))
            self.action_buttons[key] = button
            actions.addWidget(button, index // 3, index % 3)
            hotkey = QShortcut(QKeySequence(shortcut), tab)
            hotkey.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            if key == "raise":
                hotkey.activated.connect(self.amount.setFocus)
            else:
                hotkey.activated.connect(lambda key=key: self.act(key))
        undo = QPushButton(_("Undo last action"))
        undo.clicked.connect(self.undo_action)
        to_pots = QPushButton(_("Send to side pots"))
        to_pots.clicked.connect(self.send_to_pots)
        self.history = QListWidget()
        self.history.setEditTriggers(QListWidget.EditTrigger.NoEditTriggers)
        self.history.setWordWrap(True)  # the out-of-turn lines are sentences
        right = QVBoxLayout()
        right.addWidget(self.advice)
        right.addWidget(self.refusal)
        speaks = QHBoxLayout()
        speaks.addWidget(QLabel(_("Speaks:")))
        speaks.addWidget(self.speaker, 1)
        right.addLayout(speaks)
        right.addWidget(self.amount)
        right.addLayout(actions)
        row = QHBoxLayout()
        row.addWidget(undo)
        row.addWidget(to_pots)
        right.addLayout(row)
        right.addWidget(QLabel(_("This round so far:")))
        right.addWidget(self.history, 1)
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)
        return tab

    def _table(self, model: RecordsModel) -> QTableView:
        """A view on one of the page's item models: typed into, never read back."""
        view = QTableView()
        view.setModel(model)
        # The other columns as wide as their French titles, the first takes the rest.
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        view.verticalHeader().hide()
        view.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        return view

    def _add_player_row(self, name: str, stack: int, posted: int) -> None:
        self.players_model.append_row([name, stack, posted])

    def _load_betting(self) -> None:
        draft = self.draft
        state = self.controller.state
        big = (
            draft.big_blind if draft.players else floor.blinds_now(state, self.controller.now()).big
        )
        self.big_blind.setValue(big)
        self.preflop.setChecked(draft.preflop)
        self._straddle_allowed()
        self.straddle.setChecked(draft.straddle > 0 and self.straddle.isEnabled())
        if not draft.preflop and self.street.currentIndex() == 0:
            self.street.setCurrentIndex(1)
        self.ante.setValue(draft.ante)
        self.big_blind_ante.setChecked(draft.big_blind_ante)
        self.limit.setValue(draft.limit)
        self.pot_limit.setChecked(draft.pot_limit)
        self.pot_before.setValue(draft.pot)
        self._pot_limit_toggled(draft.pot_limit)
        self.table_choice.clear()
        for number in sorted(state.tables.tables):
            self.table_choice.addItem(_("Table {number}").format(number=number), number)
        self.players_model.set_rows([[p.name, p.stack, p.posted] for p in draft.players])
        self._refresh_round()

    def _read_players(self) -> tuple[floor.FloorPlayer, ...]:
        return tuple(
            floor.FloorPlayer(name=name, stack=stack, posted=posted)
            for name, stack, posted in self.players_model.rows()
            if name
        )

    def fill_from_table(self) -> None:
        number = self.table_choice.currentData()
        if number is None:
            return
        state = self.controller.state
        blinds = floor.blinds_now(
            state, self.controller.now(), fallback_big=self.big_blind.value(), table=number
        )
        big = blinds.big
        straddle = straddle_amount(blinds.big) if self._straddling() else 0
        try:
            players = floor.players_from_table(
                state, number, self.preflop.isChecked(), blinds.big, blinds.small, straddle=straddle
            )
        except RuleViolation as error:
            self.refusal.say(error)
            return
        self.big_blind.setValue(big)
        self.draft = evolve(self.draft, dead_blinds=floor.dead_blinds_at(state, number))
        if blinds.level is not None:
            self.ante.setValue(blinds.level.ante)
            self.big_blind_ante.setChecked(blinds.level.ante_kind is AnteKind.BIG_BLIND)
            self.limit.setValue(blinds.limit_bet)
            self.pot_limit.setChecked(blinds.pot_limit)
        self.players_model.set_rows([[player.name, 0, player.posted] for player in players])
        text = _("Type each player's chips, then start the round.")
        if self.draft.dead_blinds:
            text += " " + _("Dead blinds posted with missed blinds: {amount}.").format(
                amount=format_number(self.draft.dead_blinds)
            )
        self.refusal.say(text)

    def _street_chosen(self) -> None:
        """A betting round chosen: blinds only before the flop; in a limit game the
        small bet on the first two rounds, the big bet on the last two."""
        number = int(self.street.currentData() or 1)
        self.preflop.setChecked(number == 1)
        state = self.controller.state
        level = clk.blinds_level(state.clock, state.structure, self.controller.now())
        if level is not None and level.limited:
            self.limit.setValue(limit_bet(level.small_bet, level.big_bet, number))
        if number == 1:
            self.pot_before.setValue(0)

    def _pot_limit_toggled(self, on: bool) -> None:
        """Pot limit and limit exclude each other; the pot before the round counts
        only in pot limit."""
        self.limit.setEnabled(not on)
        self.pot_before.setEnabled(on)

    def start_round(self) -> None:
        players = self._read_players()
        self.draft = evolve(
            self.draft,
            big_blind=self.big_blind.value(),
            preflop=self.preflop.isChecked(),
            players=players,
            actions=(),
            ante=self.ante.value(),
            big_blind_ante=self.big_blind_ante.isChecked(),
            limit=0 if self.pot_limit.isChecked() else self.limit.value(),
            pot_limit=self.pot_limit.isChecked(),
            pot=self.pot_before.value() if self.pot_limit.isChecked() else 0,
            straddle=straddle_amount(self.big_blind.value()) if self._straddling() else 0,
        )
        self.refusal.clear()
        self._refresh_round()
        self.save()

    def _straddle_allowed(self) -> None:
        """The straddle box is offered when the game allows one now (seed 002 §4.1.17),
        and says why not otherwise."""
        refused = floor.straddle_refused(self.controller.state, self.controller.now())
        self.straddle.setEnabled(refused is None and self.preflop.isChecked())
        if refused is not None:
            self.straddle.setChecked(False)
            self.straddle.setToolTip(describe_error(refused))
        else:
            self.straddle.setToolTip(
                _(
                    "The first player left of the big blind posts two big blinds and acts "
                    "last before the flop (Fill from table puts him last; typed by hand, "
                    "list him last)."
                )
            )

    def _straddling(self) -> bool:
        return self.straddle.isEnabled() and self.straddle.isChecked()

    def act(self, key: str) -> None:
        if self.round is None or self.keeper is None or self.round.to_act is None:
            return
        total = 0
        if key == "raise":
            try:
                total = parse_chips(self.amount.text())
            except ValueError:
                self.refusal.say(_("Chips must be whole numbers."))
                return
        speaker = self.speaker.currentData() or self.round.to_act
        action = floor.FloorAction(player=speaker, action=key, total=total)
        try:
            floor.perform(self.keeper, action)
        except RuleViolation as error:
            self.refusal.say(error)
            return
        self.refusal.clear()
        self.amount.clear()
        self.draft = evolve(self.draft, actions=(*self.draft.actions, action))
        self._refresh_round()
        self.save()

    def undo_action(self) -> None:
        if self.draft.actions:
            self.draft = evolve(self.draft, actions=self.draft.actions[:-1])
            self._refresh_round()
            self.save()

    def _refresh_round(self) -> None:
        self.history.clear()
        self.speaker.clear()
        self.speaker.setEnabled(False)
        if len(self.draft.players) < 2:
            self.round = None
            self.advice.setText(
                _("Add the players in acting order with their chips, then start the round.")
            )
            return
        try:
            self.keeper = floor.replay_spoken(self.draft)
        except RuleViolation as error:
            self.round = None
            self.advice.setText(describe_error(error))
            return
        self.round = self.keeper.round
        for player, action, amount in self.round.history:
            amount_text = format_number(amount) if amount else ""
            self.history.addItem(f"{player}: {_(ACTION_NAMES.get(action, action))} {amount_text}")
        for line in self._out_of_turn_lines():
            self.history.addItem(line)
        self._fill_speakers()
        advice = floor.advice(self.round, self.keeper)
        if advice.player is None:
            self.advice.setText(_("The betting round is over."))
        else:
            lines = [
                _("To act: {player}").format(player=advice.player),
                _("To call: {amount}").format(amount=format_number(advice.to_call)),
            ]
            if advice.may_raise and advice.min_raise_to is not None and advice.limit:
                if advice.min_raise_to <= advice.max_total:
                    lines.append(
                        _("Limit: bet or raise to exactly {total}").format(
                            total=format_number(advice.min_raise_to)
                        )
                    )
                else:
                    lines.append(
                        _("Only an all-in raise, to {maximum}").format(
                            maximum=format_number(advice.max_total)
                        )
                    )
            elif advice.may_raise and advice.min_raise_to is not None and advice.pot_limit:
                if advice.min_raise_to <= advice.max_total:
                    lines.append(
                        _("Pot limit: raise to at least {minimum}, at most {maximum}").format(
                            minimum=format_number(advice.min_raise_to),
                            maximum=format_number(advice.max_total),
                        )
                    )
                else:
                    lines.append(
                        _("Only an all-in raise, to {maximum}").format(
                            maximum=format_number(advice.max_total)
                        )
                    )
                lines.append(
                    _("The pot after the call: {pot}").format(
                        pot=format_number(advice.pot_after_call)
                    )
                )
            elif advice.may_raise and advice.min_raise_to is not None:
                if advice.min_raise_to <= advice.max_total:
                    lines.append(
                        _("Raise to at least {minimum} (all-in: {maximum})").format(
                            minimum=format_number(advice.min_raise_to),
                            maximum=format_number(advice.max_total),
                        )
                    )
                else:
                    lines.append(
                        _("Only an all-in raise, to {maximum}").format(
                            maximum=format_number(advice.max_total)
                        )
                    )
            else:
                lines.append(render(Message(advice.reason, dict(advice.args))))
            self.advice.setText("\n".join(lines))
        for _key, button in self.action_buttons.items():
            button.setEnabled(advice.player is not None)

    def _out_of_turn_lines(self) -> list[str]:
        """What was said out of turn: released declarations, and those waiting."""
        lines: list[str] = []
        if self.keeper is None:
            return lines
        for settled in self.keeper.settled:
            if not settled.binding:
                declared = settled.declaration
                lines.append(
                    _(
                        "{player} is no longer bound by “{action}” said out of turn: "
                        "the action changed."
                    ).format(player=declared.player, action=_(ACTION_NAMES[declared.action]))
                )
        for declared in self.keeper.pending:
            amount = f" {format_number(declared.total)}" if declared.action == "raise" else ""
            lines.append(
                _(
                    "{player}, out of turn: {action}{amount} (waits for the turn; binding "
                    "if the action does not change)"
                ).format(
                    player=declared.player,
                    action=_(ACTION_NAMES[declared.action]),
                    amount=amount,
                )
            )
        return lines

    def _fill_speakers(self) -> None:
        """The player to act first, then those who may speak out of turn."""
        self.speaker.clear()
        to_act = self.round.to_act if self.round is not None else None
        if to_act is None:
            self.speaker.setEnabled(False)
            return
        self.speaker.setEnabled(True)
        self.speaker.addItem(_("{player} (to act)").format(player=to_act), None)
        pending = self.keeper.pending if self.keeper is not None else []
        waiting = {declared.player for declared in pending}
        for player in self.round.in_hand():
            if player != to_act and player not in waiting and self.round.stack(player) > 0:
                self.speaker.addItem(_("{player} (out of turn)").format(player=player), player)

    def send_to_pots(self) -> None:
        if self.round is None:
            return
        rows, dead = floor.pot_rows_from_round(
            self.round,
            big_blind_ante=self.draft.big_blind_ante,
            preflop=self.draft.preflop,
            straddled=self.draft.straddle > self.draft.big_blind,
        )
        self.draft = evolve(self.draft, pot_rows=rows, dead=dead + self.draft.dead_blinds)
        self._load_pots()
        self.save()
        self.tabs.setCurrentIndex(1)

    # -- side pots ---------------------------------------------------------------------

    def _pots_tab(self) -> QWidget:
        tab = QWidget()
        self.pots_model = RecordsModel(
            [
                Column(_("Player (clockwise from the button's left)")),
                Column(_("Put in the hand"), CHIPS),
                Column(_("Folded"), CHECK),
            ]
        )
        self.pot_table = self._table(self.pots_model)
        self.pots_model.edited.connect(self._pots_changed)
        add = QPushButton(_("Add player"))
        add.clicked.connect(lambda: self._add_pot_row(floor.PotRow(name="")))
        remove = QPushButton(_("Remove player"))
        remove.clicked.connect(
            lambda: self.pots_model.remove_row(self.pot_table.currentIndex().row())
        )
        self.dead = QSpinBox()
        self.dead.setRange(0, 1_000_000_000)
        self.dead.setPrefix(_("Dead money in the middle: "))
        self.dead.setToolTip(
            _("A big blind ante, or the dead small blind of a player who posted missed blinds.")
        )
        self.dead.valueChanged.connect(lambda _value: self._pots_changed())
        self.pots_result = QLabel()
        self.pots_result.setWordWrap(True)
        self.pots_result.setFont(scaled_font(self.font(), 1.3, bold=True))
        self.pots_result.setAlignment(Qt.AlignmentFlag.AlignTop)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch()
        self.pots_error = InlineError()
        self.pots_model.refused.connect(lambda text: self.pots_error.say(text))
        left = QVBoxLayout()
        left.addWidget(self.pot_table, 1)
        left.addWidget(self.dead)
        left.addWidget(self.pots_error)
        left.addLayout(buttons)
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 1)
        layout.addWidget(self.pots_result, 1)
        return tab

    def _add_pot_row(self, row_data: floor.PotRow) -> None:
        self.pots_model.append_row([row_data.name, row_data.put_in, row_data.folded])

    def _load_pots(self) -> None:
        self.dead.blockSignals(True)
        self.dead.setValue(self.draft.dead)
        self.dead.blockSignals(False)
        self.pots_model.set_rows(
            [[row.name, row.put_in, row.folded] for row in self.draft.pot_rows]
        )
        self._show_pots()
        self._load_showdown_players()

    def _read_pot_rows(self) -> tuple[floor.PotRow, ...]:
        return tuple(
            floor.PotRow(name=name, put_in=put_in, folded=folded)
            for name, put_in, folded in self.pots_model.rows()
            if name
        )

    def _pots_changed(self) -> None:
        self.pots_error.clear()
        self.draft = evolve(self.draft, pot_rows=self._read_pot_rows(), dead=self.dead.value())
        self._show_pots()
        self._load_showdown_players()
        self.save()

    def pot_lines(self) -> list[str]:
        rows = self.draft.pot_rows
        if not rows:
            return []
        split = floor.pots_of(rows, self.draft.dead)
        lines = []
        for index, pot in enumerate(split.pots):
            title = _("Main pot") if index == 0 else _("Side pot {number}").format(number=index)
            names = ", ".join(row.name for row in rows if row.name in pot.eligible)
            lines.append(
                _("{title}: {amount} — {players}").format(
                    title=title, amount=format_number(pot.amount), players=names
                )
            )
        for player, amount in split.returned.items():
            lines.append(
                _("Returned to {player} (not called): {amount}").format(
                    player=player, amount=format_number(amount)
                )
            )
        return lines

    def _show_pots(self) -> None:
        try:
            lines = self.pot_lines()
        except RuleViolation as error:
            lines = [describe_error(error)]
        self.pots_result.setText("\n".join(lines) or _("Enter what each player put in the hand."))

    # -- showdown ------------------------------------------------------------------------

    def _showdown_tab(self) -> QWidget:
        tab = QWidget()
        self.board = QLineEdit()
        self.board.setPlaceholderText(_("Board, e.g. As Kd 7h 2c 10s"))
        self.board.textEdited.connect(lambda _text: self._showdown_changed())
        self.unit = QSpinBox()
        self.unit.setRange(1, 1_000_000)
        self.unit.setPrefix(_("Smallest chip: "))
        self.unit.valueChanged.connect(lambda _value: self._showdown_changed())
        self.hands_model = RecordsModel(
            [
                Column(_("Player"), SHOWN),
                Column(_("Cards")),
                Column(_("Place if no cards"), PLACE),
                Column(_("Hand"), SHOWN),
            ]
        )
        self.hands_table = self._table(self.hands_model)
        self.hands_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.hands_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.hands_model.edited.connect(self._showdown_changed)
        self.picker = CardPicker()
        self.picker.target = self.board
        self.board.installEventFilter(self)
        self.showing_label = QLabel()
        self.showing_label.setWordWrap(True)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setFont(scaled_font(self.font(), 1.25, bold=True))
        self.result.setAlignment(Qt.AlignmentFlag.AlignTop)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Board:")))
        top.addWidget(self.board, 1)
        top.addWidget(self.unit)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.hands_table, 1)
        left.addWidget(
            QLabel(_("Click cards to add them to the board or to the selected player's cards:"))
        )
        left.addWidget(self.picker)
        right = QVBoxLayout()
        right.addWidget(self.showing_label)
        right.addWidget(self.result, 1)
        layout = QHBoxLayout(tab)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)
        self.hands_table.selectionModel().currentChanged.connect(
            lambda current, _previous: self._target_cell(current.row(), current.column())
        )
        self.hands_model.refused.connect(lambda text: self.result.setText(text))
        return tab

    def eventFilter(self, watched, event):  # type: ignore[no-untyped-def]
        from PySide6.QtCore import QEvent

        if watched is self.board and event.type() == QEvent.Type.FocusIn:
            self.picker.target = self.board
        return super().eventFilter(watched, event)

    def _target_cell(self, row: int, _column: int, *_previous: int) -> None:
        """Clicked cards go to the selected player's cards."""
        self.picker.target = _CellTarget(self, row)  # type: ignore[assignment]

    def _load_showdown_players(self) -> None:
        holes = dict(self.draft.holes)
        ranks = dict(self.draft.manual_ranks)
        live = [row.name for row in self.draft.pot_rows if not row.folded]
        self.hands_model.set_rows(
            [[name, holes.get(name, ""), ranks.get(name), ""] for name in live]
        )
        self._show_showdown()

    def _load_showdown(self) -> None:
        self.board.setText(self.draft.board)
        self.unit.blockSignals(True)
        self.unit.setValue(max(1, self.draft.unit))
        self.unit.blockSignals(False)
        self._load_showdown_players()

    def _showdown_changed(self) -> None:
        holes, ranks = [], []
        for name, cards, place, _hand in self.hands_model.rows():
            if cards:
                holes.append((name, cards))
            if place is not None:
                ranks.append((name, place))
        self.draft = evolve(
            self.draft,
            board=self.board.text(),
            unit=self.unit.value(),
            holes=tuple(holes),
            manual_ranks=tuple(ranks),
        )
        self._show_showdown()
        self.save()

    def _show_showing_order(self) -> None:
        """Who shows first (seed 000 §2), then each in turn, showing or mucking."""
        order = floor.showing(self.draft)
        if order is None:
            self.showing_label.clear()
            return
        first, *others = order.order
        if order.first_bet_last:
            lines = [_("Shows first: {player} (the last to bet or raise)").format(player=first)]
        else:
            lines = [
                _("Shows first: {player} (nobody bet: the first left of the button)").format(
                    player=first
                )
            ]
        if others:
            lines.append(_("Then, in turn: {players}").format(players=", ".join(others)))
            if order.everyone_shows:
                lines.append(_("A player is all-in: every hand is turned face up (TDA 16)."))
            else:
                lines.append(
                    _("Each may show or muck in turn; a mucked hand is out (tick it folded).")
                )
        self.showing_label.setText("\n".join(lines))

    def _show_showdown(self) -> None:
        self._show_showing_order()
        if not self.draft.pot_rows:
            self.result.setText(_("Fill in the side pots first: who put what in the hand."))
            return
        try:
            result = floor.showdown(self.draft)
        except RuleViolation as error:
            self.result.setText(describe_error(error))
            return
        for row, (name, *_rest) in enumerate(self.hands_model.rows()):
            value = result.values.get(name)
            self.hands_model.set_value(row, 3, floor.hand_name(value) if value else "")
        lines = []
        for place, group in enumerate(result.ranking, start=1):
            lines.append(_("{place}. {players}").format(place=place, players=" = ".join(group)))
        lines.append("")
        for name, amount in sorted(result.won.items(), key=lambda item: -item[1]):
            lines.append(
                _("{player} wins {amount}").format(player=name, amount=format_number(amount))
            )
        self.result.setText("\n".join(lines))


class _CellTarget:
    """Lets the card picker type into a cell of the hands table."""

    def __init__(self, page: FloorPage, row: int) -> None:
        self.page, self.row = page, row

    def text(self) -> str:
        model = self.page.hands_model
        return str(model.value(self.row, 1)) if 0 <= self.row < model.rowCount() else ""

    def setText(self, text: str) -> None:
        model = self.page.hands_model
        if 0 <= self.row < model.rowCount():
            model.setData(model.index(self.row, 1), text)
