"""The console's clock page: a live preview of the TV and the clock's controls."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTime, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.app.night.actions import Request, command
from director.app.night.changes import Changes
from director.app.night.timesource import next_time_of_day
from director.app.views.display import level_summary, mixed_betting
from director.core import clock as clk
from director.core import commands as c
from director.core.clock import NewLevelApplies
from director.core.ids import Instant, PlayerId
from director.core.structure import Break
from director.core.tv import MESSAGE_MAX_LENGTH
from director.gui.clock_face import ClockFace
from director.gui.common import confirm, scaled_font
from director.gui.controller import SessionController
from director.gui.ticker import ClockTicker
from director.i18n import _, format_clock, format_time, ngettext, parse_clock_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTimeEdit

    from director.gui.dialogs.shot_clock import ShotClockDialog


class ClockPage(QWidget):
    """Buttons carry the same actions as the hotkeys (see ``hotkeys``)."""

    show_display_requested = Signal()
    tv_settings_requested = Signal()

    # The planned start's controls, made when its row first shows (``refresh_plan``).
    planned_time: QTimeEdit
    auto_start: QCheckBox
    plan_button: QPushButton
    unplan_button: QPushButton
    planned_label: QLabel

    def __init__(
        self, controller: SessionController, ticker: ClockTicker, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.ticker = ticker
        self.face = ClockFace()
        self.face.setMinimumSize(480, 270)

        def button(text: str, tip: str, slot: object) -> QPushButton:
            made = QPushButton(text)
            made.setToolTip(tip)
            made.setFont(scaled_font(self.font(), 1.2, bold=True))
            made.setMinimumHeight(44)
            made.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the hotkeys
            made.clicked.connect(slot)
            return made

        self.start_button = button(_("Start"), _("Start or pause the clock (Space)"), self.toggle)
        self.previous_button = button(_("◀ Level"), _("Previous level (Left arrow)"), self.previous)
        self.next_button = button(_("Level ▶"), _("Next level (Right arrow)"), self.next)
        self.minus_button = button(_("− 1 min"), _("Remove a minute (−)"), self.minus_minute)
        self.plus_button = button(_("+ 1 min"), _("Add a minute (+)"), self.plus_minute)
        self.set_button = button(_("Set time…"), _("Set the time left"), self.set_time)
        self.hand_button = button(_("Next hand"), _("A new hand is dealt (N)"), self.next_hand)
        self.display_button = button(
            _("Show on TV"), _("Open the clock display (F5)"), self.show_display_requested
        )
        guard = controller.guard
        guard.bind_action(self.start_button, "start_pause", self._running)
        guard.bind_action(self.previous_button, "previous_level")
        guard.bind_action(self.next_button, "next_level")
        guard.bind_action(self.minus_button, "remove_minute")
        guard.bind_action(self.plus_button, "add_minute")
        guard.bind(self.set_button, lambda: c.SetTimeLeft(remaining_ms=0))
        guard.bind_action(self.hand_button, "next_hand")
        controls = QGridLayout()
        for column, widget in enumerate(
            (self.previous_button, self.start_button, self.next_button, self.hand_button)
        ):
            controls.addWidget(widget, 0, column)
        for column, widget in enumerate(
            (self.minus_button, self.plus_button, self.set_button, self.display_button)
        ):
            controls.addWidget(widget, 1, column)

        self.applies = QComboBox()
        self.applies.addItem(
            _("New blinds apply from the next hand (N or Hand done confirms it)"),
            NewLevelApplies.NEXT_HAND.value,
        )
        self.applies.addItem(
            _("New blinds apply as soon as the time runs out"), NewLevelApplies.AT_ONCE.value
        )
        self.applies.activated.connect(self._applies_chosen)

        # The message line for the room: type and Enter shows it, one click clears it.
        self.message = QLineEdit()
        self.message.setMaxLength(MESSAGE_MAX_LENGTH)
        self.message.setPlaceholderText(_("A message for the room (Enter shows it on the TV)"))
        self.message.setClearButtonEnabled(True)
        self.message.returnPressed.connect(self.show_message)
        self.message_button = QPushButton(_("Show message"))
        self.message_button.setToolTip(
            _("Show this message on the TV (and say it if the voice is on)")
        )
        self.message_button.clicked.connect(self.show_message)
        self.clear_message_button = QPushButton(_("Clear"))
        self.clear_message_button.setToolTip(_("Take the message off the TV"))
        self.clear_message_button.clicked.connect(self.clear_message)
        self.tv_button = QPushButton(_("TV display…"))
        self.tv_button.setToolTip(_("The TV's theme, logo, layout, sounds and message line"))
        self.tv_button.clicked.connect(self.tv_settings_requested)
        guard.bind(self.message_button, lambda: c.SetRoomMessage(text=self.message.text()))
        guard.bind(self.clear_message_button, lambda: c.SetRoomMessage(text=""))
        self.message.textChanged.connect(lambda _text: guard.recheck(self.message_button))
        message_row = QHBoxLayout()
        message_row.addWidget(QLabel(_("Message:")))
        message_row.addWidget(self.message, 1)
        message_row.addWidget(self.message_button)
        message_row.addWidget(self.clear_message_button)
        message_row.addWidget(self.tv_button)
        self.shot_button = QPushButton(_("Shot clock…"))
        self.shot_button.setToolTip(_("A player's decision clock, with time-bank chips"))
        self.shot_button.clicked.connect(self.open_shot_clock)
        self._shot_dialog: ShotClockDialog | None = None
        message_row.addWidget(self.shot_button)

        # The planned start: before it the TV and the phones count down to it. Its
        # controls are made when the row first shows (``refresh_plan``): an event
        # reopened with its clock started never shows them.
        self._shown_planned: Instant | None = None
        self.plan_row = QWidget()
        self.plan_row.hide()

        self.levels = QListWidget()
        self.levels.setToolTip(_("Double-click a level to jump to it"))
        self.levels.itemDoubleClicked.connect(self._jump)
        self.levels.setEditTriggers(QListWidget.EditTrigger.NoEditTriggers)
        # Long levels ("Big blind ante 6,000") wrap rather than hide behind a scroll bar.
        self.levels.setWordWrap(True)
        self.levels.setResizeMode(QListView.ResizeMode.Adjust)
        self.levels.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        levels_box = QVBoxLayout()
        heading = QLabel(_("Levels"))
        heading.setFont(scaled_font(self.font(), 1.1, bold=True))
        levels_box.addWidget(heading)
        levels_box.addWidget(self.levels)

        left = QVBoxLayout()
        left.addWidget(self.face, 1)
        left.addLayout(controls)
        left.addLayout(message_row)
        left.addWidget(self.plan_row)
        left.addWidget(self.applies)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(levels_box, 1)

        ticker.tick.connect(self.refresh_face)
        controller.changed.connect(self._on_changed)
        self.refresh_levels()
        self.refresh_face()
        self.refresh_message()

    # -- actions (also bound to hotkeys) ------------------------------------

    def _running(self) -> Request:
        """Whether the clock runs as the ticker shows it (a planned start that came
        included), for the catalogue's start-or-pause."""
        return Request(running=self.ticker.view().running)

    def open_shot_clock(self, player: PlayerId | None = None) -> ShotClockDialog:
        """The shot clock's window (kept open beside the console), ``player`` chosen."""
        if self._shot_dialog is None:
            from director.gui.dialogs.shot_clock import ShotClockDialog

            self._shot_dialog = ShotClockDialog(self.controller, self.ticker, self)
        if player is not None:
            self._shot_dialog.choose(player)
        self._shot_dialog.show()
        self._shot_dialog.raise_()
        return self._shot_dialog

    def _toggle_command(self) -> c.Command:
        return command("start_pause", self._running())

    def _plan_command(self) -> c.Command:
        chosen = self.planned_time.time()
        planned = next_time_of_day(chosen.hour(), chosen.minute(), Instant(self.controller.now()))
        return c.PlanStart(planned=planned, auto_start=self.auto_start.isChecked())

    def plan_start(self) -> None:
        self.controller.dispatch(self._plan_command(), self)

    def unplan_start(self) -> None:
        self.controller.dispatch(c.PlanStart(planned=None), self)

    def toggle(self) -> None:
        self.controller.dispatch(self._toggle_command(), self)

    def previous(self) -> None:
        self.controller.dispatch(command("previous_level"), self)

    def next(self) -> None:
        self.controller.dispatch(command("next_level"), self)

    def plus_minute(self) -> None:
        self.controller.dispatch(command("add_minute"), self)

    def minus_minute(self) -> None:
        self.controller.dispatch(command("remove_minute"), self)

    def next_hand(self) -> None:
        self.controller.dispatch(command("next_hand"), self)

    def set_time(self) -> None:
        from PySide6.QtWidgets import QInputDialog  # named when first used: its enums

        view = self.ticker.view()
        current = format_clock(view.remaining or 0)
        text, accepted = QInputDialog.getText(
            self, _("Set the time left"), _("Time left (minutes:seconds):"), text=current
        )
        if not accepted:
            return
        try:
            remaining = parse_clock_text(text)
        except ValueError:
            from director.core.errors import RuleViolation
            from director.gui.common import show_error

            show_error(self, RuleViolation("bad_time"))
            return
        self.controller.dispatch(c.SetTimeLeft(remaining_ms=remaining), self)

    def show_message(self) -> None:
        """Show the typed message on the TV (the same text again is refused, quietly)."""
        command = c.SetRoomMessage(text=self.message.text())
        if self.controller.session.refusal(command) is None:
            self.controller.dispatch(command, self)

    def clear_message(self) -> None:
        command = c.SetRoomMessage(text="")
        if self.controller.session.refusal(command) is None:
            self.controller.dispatch(command, self)

    def _jump(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if confirm(
            self,
            _("Go to level"),
            _("Move the clock to the start of “{level}”?").format(level=item.text()),
            yes=_("Go"),
        ):
            self.controller.dispatch(c.GoToLevel(index=index), self)

    def _applies_chosen(self, row: int) -> None:
        chosen = NewLevelApplies(self.applies.itemData(row))
        if chosen != self.controller.state.clock.applies:
            self.controller.dispatch(c.SetClockOptions(applies=chosen), self)

    # -- redraw --------------------------------------------------------------

    def refresh_face(self) -> None:
        self.face.set_data(self.ticker.data)
        view = self.ticker.view()
        self.start_button.setText(
            _("Pause") if view.running else (_("Resume") if view.started else _("Start"))
        )
        self.refresh_plan(view)
        self.hand_button.setStyleSheet(
            "background: #f0b429; color: black;" if view.pending is not None else ""
        )
        if self.levels.currentRow() != view.index and 0 <= view.index < self.levels.count():
            self.levels.setCurrentRow(view.index)

    def _make_plan_row(self) -> None:
        """The planned start's controls, in ``plan_row`` (made once). The time field's
        class is named here: PySide makes a class's Python enums (a spin box's, a
        date's: five) when the class is first named."""
        from PySide6.QtWidgets import QTimeEdit

        guard = self.controller.guard
        self.planned_time = QTimeEdit()
        self.planned_time.setDisplayFormat("HH:mm")
        self.planned_time.setTime(QTime(20, 0))
        self.auto_start = QCheckBox(_("Start the clock by itself"))
        self.auto_start.setChecked(True)
        self.auto_start.setToolTip(
            _("At the planned time the clock starts alone; unticked, it waits for Start")
        )
        self.plan_button = QPushButton(_("Plan the start"))
        self.plan_button.clicked.connect(self.plan_start)
        self.unplan_button = QPushButton(_("No planned start"))
        self.unplan_button.clicked.connect(self.unplan_start)
        guard.bind(self.plan_button, self._plan_command)
        guard.bind(self.unplan_button, lambda: c.PlanStart(planned=None))
        self.planned_label = QLabel()
        plan_row = QHBoxLayout(self.plan_row)
        plan_row.setContentsMargins(0, 0, 0, 0)
        plan_row.addWidget(QLabel(_("Planned start:")))
        plan_row.addWidget(self.planned_time)
        plan_row.addWidget(self.auto_start)
        plan_row.addWidget(self.plan_button)
        plan_row.addWidget(self.unplan_button)
        plan_row.addWidget(self.planned_label, 1)
        self.planned_time.timeChanged.connect(lambda _time: guard.recheck(self.plan_button))
        self.auto_start.toggled.connect(lambda _on: guard.recheck(self.plan_button))

    def refresh_plan(self, view: clk.ClockView) -> None:
        """The planned start's row, shown until the clock starts."""
        if view.started:
            self.plan_row.hide()
            return
        if self.plan_row.layout() is None:
            self._make_plan_row()
        self.plan_row.show()
        planned = self.controller.state.clock.planned
        if planned is not None and planned != self._shown_planned:
            # The field shows the plan in force (once per plan: it stays editable).
            moment = datetime.datetime.fromtimestamp(planned / 1000)
            self.planned_time.setTime(QTime(moment.hour, moment.minute))
        self._shown_planned = planned
        if planned is None:
            self.planned_label.setText(_("None: the clock starts when you press Start."))
        elif self.controller.state.clock.auto_start:
            self.planned_label.setText(
                _("Starts by itself at {time}.").format(time=format_time(planned))
            )
        else:
            self.planned_label.setText(
                _("Planned at {time}; waits for Start.").format(time=format_time(planned))
            )

    def refresh_levels(self) -> None:
        structure = self.controller.state.structure
        self.levels.clear()
        for index, entry in enumerate(structure.items):
            if isinstance(entry, Break):
                text = _("Break · {minutes} min").format(minutes=entry.seconds // 60)
            else:
                length = (
                    _("{minutes} min").format(minutes=entry.seconds // 60)
                    if entry.timed
                    else ngettext("{hands} hand", "{hands} hands", entry.hands).format(
                        hands=entry.hands
                    )
                )
                text = _("{number}. {blinds} · {length}").format(
                    number=structure.level_number(index),
                    blinds=level_summary(entry, mixed=mixed_betting(structure)),
                    length=length,
                )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, index)
            self.levels.addItem(item)
        applies = self.controller.state.clock.applies
        self.applies.setCurrentIndex(0 if applies is NewLevelApplies.NEXT_HAND else 1)

    def _on_changed(self, changes: Changes) -> None:
        # The face follows the ticker, which redraws after every change.
        if changes.touches("structure", "clock"):
            self.refresh_levels()
        if changes.touches("room_message"):
            self.refresh_message()

    def refresh_message(self) -> None:
        """The field shows the message on the TV (after an undo too)."""
        shown = self.controller.state.room_message
        if self.message.text().strip() != shown:
            self.message.setText(shown)
