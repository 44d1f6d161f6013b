"""The tables: the seat draw, every table drawn with its button and blinds,
"hand done" per table, and the moves to make after busts, one instruction
each, confirmed by the organizer."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from director.app.night.actions import Request, command
from director.app.night.changes import Changes
from director.app.views.display import move_text
from director.app.views.table_texts import button_draw_lines, posting_text, table_summary
from director.core import clock as clk
from director.core import commands as c
from director.core.buttons import DEAD, MOVING
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.messages import Message
from director.core.players import EntrantStatus
from director.core.tables import blinds_to_post, seat_change_wait
from director.core.text import name_order
from director.gui.common import confirm, scaled_font, show_error
from director.gui.controller import SessionController
from director.gui.dialogs.chip_race import ChipRaceDialog, race_lines
from director.gui.dialogs.shot_clock import add_seat_actions
from director.gui.dialogs.table_setup import TableSetupDialog
from director.gui.table_view import TableView
from director.i18n import _, describe_error, parse_money, render

COLUMNS = 3


class TableCard(QFrame):
    """A table's drawing, its name and seats, and its "Hand done" button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.view = TableView()
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.done = QPushButton(_("Hand done"))
        self.done.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setup = QPushButton(_("Name…"))
        self.setup.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setup.setToolTip(_("Name this table and set its own number of seats"))
        # The line about the table over its buttons: beside them it wrapped to
        # four lines at three tables across a 1366-pixel screen.
        row = QHBoxLayout()
        row.addWidget(self.setup)
        row.addStretch()
        row.addWidget(self.done)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.info)
        layout.addLayout(row)


class TablesPage(QWidget):
    show_seating_requested = Signal(bool)
    dealers_requested = Signal()

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        draw = QPushButton(_("&Draw seats"))
        draw.setToolTip(_("Draw a seat for every player now (asks first if seats are drawn)"))
        draw.clicked.connect(self.draw_seats)
        button_draw = QPushButton(_("Draw for the &button"))
        button_draw.setToolTip(_("One card to each seat: the highest card gets the button"))
        button_draw.clicked.connect(lambda: self.controller.dispatch(c.DrawForButton(), self))
        self.draw_button, self.button_draw = draw, button_draw
        guard = controller.guard
        guard.bind(draw, c.DrawSeats)
        guard.bind(button_draw, c.DrawForButton)
        self.hand_for_hand = QCheckBox(_("&Hand-for-hand"))
        self.hand_for_hand.clicked.connect(
            lambda on: self.controller.dispatch(c.SetHandForHand(on=on), self)
        )
        order = QPushButton(_("Breaking &order…"))
        order.clicked.connect(self.edit_break_order)
        self.layout_button = QPushButton(_("Table &names and seats…"))
        self.layout_button.setToolTip(
            _(
                "Name a table, give it its own number of seats (e.g. 9, 9, 6), "
                "before or after the draw"
            )
        )
        self.layout_button.clicked.connect(lambda: self.edit_table(1))
        self.seats = QSpinBox()
        self.seats.setRange(2, 10)
        self.seats.setPrefix(_("Seats per table: "))
        self.method = QComboBox()
        self.method.addItem(_("Dead button"), DEAD)
        self.method.addItem(_("Moving button"), MOVING)
        self.final_redraw = QCheckBox(_("Redraw at the final table"))
        for widget in (self.seats, self.method):
            widget.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.seats.editingFinished.connect(self._options)
        self.method.activated.connect(lambda _row: self._options())
        self.final_redraw.clicked.connect(lambda _on: self._options())
        self.dealers = QPushButton(_("Dealers' &phones…"))
        self.dealers.clicked.connect(self.dealers_requested)
        self.dealers.setToolTip(
            _("A phone on each table reports its hands, busts and moves, and calls the floor")
        )
        self.on_tv = QCheckBox(_("Seats on the TV"))
        self.on_tv.toggled.connect(self.show_seating_requested)
        # Two rows, what to do then how the tables are run: in one row the French
        # texts pushed the page past a 1366-pixel laptop screen.
        actions = QHBoxLayout()
        for widget in (draw, button_draw, order, self.layout_button, self.dealers):
            actions.addWidget(widget)
        actions.addStretch()
        options = QHBoxLayout()
        for widget in (
            self.seats,
            self.method,
            self.hand_for_hand,
            self.final_redraw,
            self.on_tv,
        ):
            options.addWidget(widget)
        options.addStretch()
        top = QVBoxLayout()
        top.addLayout(actions)
        top.addLayout(options)

        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(6)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.cards: list[TableCard] = []
        self.empty = QLabel(_("No seats yet: register the players, then “Draw seats”."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.moves_box = QVBoxLayout()
        moves_title = QLabel(_("Moves to make"))
        moves_title.setFont(scaled_font(self.font(), 1.2, bold=True))
        self.confirm_all = QPushButton(_("Confirm &all moves"))
        self.confirm_all.clicked.connect(
            lambda: self.controller.dispatch(c.ConfirmAllMoves(), self)
        )
        guard.bind(self.confirm_all, c.ConfirmAllMoves)
        self.moves_host = QWidget()
        self.moves_layout = QVBoxLayout(self.moves_host)
        self.moves_layout.setContentsMargins(0, 0, 0, 0)
        self.h4h = QLabel()
        self.h4h.setWordWrap(True)
        legend = QLabel(
            _(
                "D button, SB small blind, BB big blind; a red ring marks a dead "
                "button or dead small blind on an empty seat. Right-click a seat "
                "to place the button, move a player, lock the seat or reserve it."
            )
        )
        legend.setWordWrap(True)
        legend.setStyleSheet("color: #666;")
        self.race_button = QPushButton(_("Chip &race…"))
        self.race_button.clicked.connect(self.chip_race)
        self.draw_text = QLabel()
        self.draw_text.setWordWrap(True)
        self.draw_text.setTextFormat(Qt.TextFormat.PlainText)
        self.race_text = QLabel()
        self.race_text.setWordWrap(True)
        self.race_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        listed = QVBoxLayout()
        listed.setContentsMargins(0, 0, 0, 0)
        for widget in (
            moves_title,
            self.moves_host,
            self.confirm_all,
            self.h4h,
            self.draw_text,
            self.race_button,
            self.race_text,
        ):
            listed.addWidget(widget)
        listed.addStretch()
        listed_host = QWidget()
        listed_host.setLayout(listed)
        # The panel scrolls as a whole when what it lists is taller than the window
        # (a table broken up: nine moves at once; six tables' draws for the button),
        # rather than making the window taller than a laptop's screen.
        self.side_scroll = QScrollArea()
        self.side_scroll.setWidgetResizable(True)
        self.side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.side_scroll.setWidget(listed_host)
        side = QVBoxLayout()
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.side_scroll, 1)
        side.addWidget(legend)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setFixedWidth(max(250, min(340, self.fontMetrics().averageCharWidth() * 40)))

        body = QHBoxLayout()
        centre = QVBoxLayout()
        centre.addWidget(self.empty)
        centre.addWidget(scroll, 1)
        body.addLayout(centre, 1)
        body.addWidget(side_widget)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        # A cash game breaks no table, plays no hand-for-hand and races no chip
        # (R24-R28 are the tournament's): what is for them is not shown.
        tournament_only = (
            order,
            self.hand_for_hand,
            self.final_redraw,
            moves_title,
            self.moves_host,
            self.confirm_all,
            self.h4h,
            self.race_button,
            self.race_text,
        )
        for widget in tournament_only:
            widget.setVisible(not controller.state.is_cash)
        controller.changed.connect(self._on_changed)
        # Each table's "this hand" time counts up; only the lines under the tables change.
        self._clock = QTimer(self)
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._tick)
        self._clock.start()
        self.refresh()

    def _tick(self) -> None:
        if not self.isVisible():
            return
        tables = self.controller.state.tables
        now = self.controller.now()
        for card in self.cards:
            shown = card.view.table
            if card.isVisibleTo(self) and shown is not None and shown.number in tables.tables:
                card.info.setText(table_summary(tables, shown.number, now))

    # -- redraw -------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.controller.state
        tables = state.tables
        self.seats.setValue(tables.seats_per_table)
        self.method.setCurrentIndex(0 if tables.method == DEAD else 1)
        self.final_redraw.setChecked(tables.final_redraw)
        self.hand_for_hand.setChecked(tables.hand_for_hand)
        numbers = sorted(tables.tables)
        level = clk.blinds_level(state.clock, state.structure, self.controller.now())
        while len(self.cards) < len(numbers):
            card = TableCard()
            card.done.clicked.connect(lambda _checked=False, card=card: self._hand_done(card))
            self.controller.guard.bind_action(
                card.done,
                "hand_done",
                lambda card=card: (
                    Request(table=card.view.table.number)
                    if card.view.table is not None
                    else RuleViolation("no_tables")
                ),
                _("The hand is over: move the button and the blinds"),
            )
            card.view.seat_clicked.connect(self._seat_menu)
            card.setup.clicked.connect(
                lambda _checked=False, card=card: self.edit_table(
                    card.view.table.number if card.view.table is not None else 1
                )
            )
            self.cards.append(card)
        for index, card in enumerate(self.cards):
            if index < len(numbers):
                table = tables.tables[numbers[index]]
                card.view.set_table(state, table, level)
                card.info.setText(table_summary(tables, table.number, self.controller.now()))
                self.grid.addWidget(card, index // COLUMNS, index % COLUMNS)
                card.show()
            else:
                card.hide()
        for row in range(max(1, -(-len(numbers) // COLUMNS))):
            self.grid.setRowStretch(row, 1)
        self.empty.setVisible(not numbers)
        self._refresh_moves()
        self._refresh_race()

    def _refresh_race(self) -> None:
        state = self.controller.state
        ready = bool(state.structure.chips) and any(t.seats for t in state.tables.tables.values())
        self.race_button.setEnabled(ready)
        self.race_button.setToolTip(
            "" if state.structure.chips else render(Message("chip_set_missing"))
        )
        races = state.tables.races
        if races:
            last = races[-1]
            self.race_text.setText("\n".join(race_lines(state, last.table, last.result)))
        else:
            self.race_text.setText("")

    def chip_race(self) -> None:
        """R28: the organizer types the chips of the leaving colour; the rules race them."""
        dialog = ChipRaceDialog(self.controller.state, self.controller.now(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.dispatch(dialog.command(), self)

    def _refresh_moves(self) -> None:
        state = self.controller.state
        while self.moves_layout.count():
            item = self.moves_layout.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        pending = state.tables.pending
        for move in pending:
            # The instruction on its own lines across the panel, Done under it: it
            # reads whole at 1366x768 instead of wrapping beside the button.
            row = QVBoxLayout()
            row.setContentsMargins(0, 0, 0, 6)
            label = QLabel(move_text(state, move))
            label.setWordWrap(True)
            label.setFont(scaled_font(self.font(), 1.05, bold=True))
            button = QPushButton(_("Done"))
            button.setToolTip(_("Confirm this move once the player has moved"))
            button.clicked.connect(
                lambda _checked=False, move=move: self.controller.dispatch(
                    command("move_done", Request(move=move)), self
                )
            )
            self.controller.guard.bind_action(
                button, "move_done", lambda move=move: Request(move=move)
            )
            row.addWidget(label)
            row.addWidget(button, 0, Qt.AlignmentFlag.AlignRight)
            holder = QWidget()
            holder.setLayout(row)
            self.moves_layout.addWidget(holder)
        if not pending:
            self.moves_layout.addWidget(QLabel(_("No move to make.")))
        self.controller.guard.refresh()
        tables = state.tables
        if tables.hand_for_hand:
            waiting = tables.still_playing()
            self.h4h.setText(
                _("Hand-for-hand, hand {round}: waiting for table(s) {tables}.").format(
                    round=tables.round, tables=", ".join(str(n) for n in waiting)
                )
            )
        else:
            self.h4h.clear()

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("tables", "players", "structure"):
            self.refresh()
        if changes.touches("tables"):
            # The cards of a draw for the button, until the tables move on (R7).
            self.draw_text.setText("\n".join(button_draw_lines(changes.events)))

    # -- actions ---------------------------------------------------------------------

    def hand_done(self, table: int) -> None:
        self.controller.dispatch(command("hand_done", Request(table=table)), self)

    def card_of(self, table: int) -> TableCard | None:
        """The shown card of table ``table`` (for its hotkey), or None."""
        for card in self.cards:
            shown = card.view.table if card.isVisibleTo(self) else None
            if shown is not None and shown.number == table:
                return card
        return None

    def _hand_done(self, card: TableCard) -> None:
        if card.view.table is not None:
            self.hand_done(card.view.table.number)

    def draw_seats(self) -> None:
        state = self.controller.state
        if state.tables.drawn and not confirm(
            self,
            _("Draw seats"),
            _("Draw new seats for everyone? The current seats are replaced."),
            yes=_("Draw"),
        ):
            return
        self.controller.dispatch(c.DrawSeats(), self)

    def edit_break_order(self) -> None:
        current = " ".join(str(n) for n in self.controller.state.tables.break_order)
        text, accepted = QInputDialog.getText(
            self,
            _("Breaking order"),
            _("Tables in the order they break (first breaks first):"),
            text=current,
        )
        if not accepted:
            return
        try:
            order = tuple(int(part) for part in text.replace(",", " ").split())
        except ValueError:
            order = ()
        self.controller.dispatch(c.SetBreakOrder(order=order), self)

    def _options(self) -> None:
        tables = self.controller.state.tables
        wanted = (self.seats.value(), self.method.currentData(), self.final_redraw.isChecked())
        if wanted != (tables.seats_per_table, tables.method, tables.final_redraw):
            self.controller.dispatch(
                c.SetTableOptions(
                    seats_per_table=wanted[0], method=wanted[1], final_redraw=wanted[2]
                ),
                self,
            )
            self.refresh()

    def _seat_menu(self, table: int, seat: int) -> None:
        self.seat_menu(table, seat).popup(self.cursor().pos())

    def _allowed(self, action: QAction, command: c.Command) -> None:
        """Enable ``action`` when the rules would accept ``command``; else say why."""
        refused = self.controller.session.refusal(command)
        action.setEnabled(refused is None)
        if refused is not None:
            action.setToolTip(describe_error(refused))

    def edit_table(self, table: int) -> None:
        """Issue 34: a table's name and its own number of seats."""
        dialog = TableSetupDialog(
            self.controller.state.tables, table, self.controller.session.refusal, self
        )
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.dispatch(dialog.command(), self)

    def _lock_actions(self, menu: QMenu, table: int, seat: int) -> None:
        """Issue 34: lock the seat (a dealer's), reserve it for one player, free it;
        each greyed with the reason when the rules refuse it."""
        state = self.controller.state
        lock = c.LockSeat(table=table, seat=seat)
        action = menu.addAction(
            _("Lock this seat: nobody sits here (a dealer's seat)"),
            lambda: self.controller.dispatch(lock, self),
        )
        self._allowed(action, lock)
        reserve = menu.addMenu(_("Reserve this seat for"))
        reserve.setToolTipsVisible(True)
        for player, entrant in sorted(state.players.items(), key=lambda i: name_order(i[1].name)):
            if entrant.status is not EntrantStatus.PLAYING:
                continue
            command = c.LockSeat(table=table, seat=seat, player=player)
            action = reserve.addAction(
                entrant.name,
                lambda command=command: self.controller.dispatch(command, self),
            )
            self._allowed(action, command)
        unlock = c.UnlockSeat(table=table, seat=seat)
        action = menu.addAction(
            _("Free this seat (no longer locked or reserved)"),
            lambda: self.controller.dispatch(unlock, self),
        )
        self._allowed(action, unlock)

    def seat_menu(self, table: int, seat: int) -> QMenu:
        """What can be done at a seat: the button, and in a cash game away/back,
        the blinds owed, playing over, moves (seed 002 §4.1.6-16); locking or
        reserving it (issue 34)."""
        state = self.controller.state
        occupant = state.tables.tables[table].seats.get(seat)
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        if occupant is not None:
            menu.addAction(
                _("Button here"),
                lambda: self.controller.dispatch(c.SetButton(table=table, seat=seat), self),
            )
            if state.is_cash:
                self._cash_seat_actions(menu, table, seat, occupant)
            menu.addSeparator()
            add_seat_actions(menu, self.controller, self, table, occupant)
        else:
            for player, (where_table, where_seat) in sorted(
                state.tables.seated().items(), key=lambda item: state.players[item[0]].name
            ):
                if state.tables.tables[where_table].seats.get(where_seat) != player:
                    continue  # away while someone plays over his seat (§4.1.6)
                name = state.players[player].name
                text = _("Move {name} here (from table {table} seat {seat})").format(
                    name=name, table=where_table, seat=where_seat
                )
                if state.is_cash and where_table == table:
                    wait = seat_change_wait(state.tables.tables[table], where_seat, seat)
                    text += " · " + (
                        _("hands to sit out: {hands} (or post a big blind)").format(hands=wait)
                        if wait
                        else _("plays at once")
                    )
                move = c.MovePlayer(player=PlayerId(player), table=table, seat=seat)
                action = menu.addAction(
                    text, lambda move=move: self.controller.dispatch(move, self)
                )
                self._allowed(action, move)
            last = state.tables.tables[table].last_button if state.is_cash else None
            mover = state.tables.tables[table].seats.get(last) if last is not None else None
            if mover is not None:
                # §4.1.16: right after the button, he may sit out the blinds instead.
                after = c.ChangeSeatAfterButton(player=mover, seat=seat)
                action = menu.addAction(
                    _(
                        "Move {name} here, sitting out the blinds: plays again once the "
                        "button has passed, posting nothing"
                    ).format(name=state.players[mover].name),
                    lambda: self.controller.dispatch(after, self),
                )
                self._allowed(action, after)
        menu.addSeparator()
        self._lock_actions(menu, table, seat)
        return menu

    def _cash_seat_actions(self, menu: QMenu, table: int, seat: int, occupant: PlayerId) -> None:
        state = self.controller.state
        table_state = state.tables.tables[table]
        away = seat in table_state.sitting_out
        menu.addAction(
            _("Back at the table") if away else _("Away from the table"),
            lambda: self.controller.dispatch(
                (c.SitIn if away else c.SitOut)(player=occupant), self
            ),
        )
        level = clk.blinds_level(state.clock, state.structure, self.controller.now())
        owed = blinds_to_post(table_state, seat, level)
        post = menu.addAction(
            _("Posts to play now: {amounts}").format(amounts=posting_text(owed))
            if owed is not None
            else _("Posts the blinds owed"),
            lambda: self.controller.dispatch(c.PostBlinds(player=occupant), self),
        )
        self._allowed(post, c.PostBlinds(player=occupant))
        if seat in table_state.owes_big or seat in table_state.owes_small:
            # §4.1.11: dealt in by mistake, he acted: the hand stands.
            keep = c.KeepMistakenHand(player=occupant)
            action = menu.addAction(
                _("Dealt in by mistake and acted: the hand stands, posts on the next hand"),
                lambda: self.controller.dispatch(keep, self),
            )
            self._allowed(action, keep)
        record = table_state.over.get(seat)
        if record is not None:
            # §4.1.6: the seat's own player, away or back.
            owner = record.owner
            name = state.players[owner].name
            menu.addAction(
                _("{name} is away again").format(name=name)
                if record.back
                else _("{name} is back: takes his seat after this hand").format(name=name),
                lambda: self.controller.dispatch(
                    (c.SitOut if record.back else c.SitIn)(player=owner), self
                ),
            )
        elif away:
            over = menu.addMenu(_("Played over by"))
            over.setToolTipsVisible(True)
            least = max(1, state.cash.min_buy_in)
            for player, entrant in sorted(state.players.items(), key=lambda i: i[1].name):
                if player == occupant:
                    continue
                action = over.addAction(
                    entrant.name,
                    lambda player=player: self.play_over(table, seat, player),
                )
                # One not playing yet would buy in: asked with the least accepted.
                bringing = 0 if entrant.status is EntrantStatus.PLAYING else least
                self._allowed(
                    action, c.PlayOver(player=player, table=table, seat=seat, amount=bringing)
                )

    def play_over(self, table: int, seat: int, player: PlayerId) -> None:
        """§4.1.6: ``player`` plays the away player's seat; one not playing yet says
        how much money he brings."""
        state = self.controller.state
        entrant = state.players[player]
        amount = 0
        if entrant.status is not EntrantStatus.PLAYING:
            text, accepted = QInputDialog.getText(
                self, _("Buy-in"), _("Money brought by {name}:").format(name=entrant.name)
            )
            if not accepted:
                return
            try:
                amount = parse_money(text)
            except ValueError:
                show_error(self, RuleViolation("amount_not_whole", value=text))
                return
        self.controller.dispatch(
            c.PlayOver(player=player, table=table, seat=seat, amount=amount), self
        )
