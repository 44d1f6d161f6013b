"""The shot clock on the console: start it for a seated player (for the event's
length or another), use one of his time-bank chips, stop it; and the event's shot
clock settings. A window that stays open beside the console, its countdown read
from the clock feed's data like the TV's (nothing is counted here)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from director.app.night.actions import Request, command
from director.app.night.changes import Changes
from director.app.views.table_texts import seat_label
from director.core import commands as c
from director.core import shot_clock as shot
from director.core.ids import PlayerId
from director.core.shot_clock import ShotClockSettings
from director.gui.controller import SessionController
from director.gui.ticker import ClockTicker
from director.i18n import _, describe_error


class ShotClockDialog(QDialog):
    """Start, extend and stop a player's shot clock; the event's settings."""

    def __init__(
        self, controller: SessionController, ticker: ClockTicker, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.ticker = ticker
        self.setWindowTitle(_("Shot clock"))
        self._filled = ShotClockSettings()
        self.setMinimumWidth(560)
        guard = controller.guard

        self.player = QComboBox()
        self.player.setMinimumContentsLength(28)
        self.seconds = QSpinBox()
        self.seconds.setRange(shot.MIN_SECONDS, shot.MAX_SECONDS)
        self.seconds.setSuffix(_(" s"))
        self.start_button = QPushButton(_("Start the shot clock"))
        self.start_button.clicked.connect(lambda: self._send(self._start()))
        self.bank_button = QPushButton(_("Time bank"))
        self.bank_button.setToolTip(_("One of the player's time-bank chips adds its seconds"))
        self.bank_button.clicked.connect(lambda: self._send(self._bank()))
        self.stop_button = QPushButton(_("Stop"))
        self.stop_button.clicked.connect(lambda: self._send(self._stop()))
        guard.bind(self.start_button, self._start)
        guard.bind(self.bank_button, self._bank)
        guard.bind(self.stop_button, self._stop)
        self.player.currentIndexChanged.connect(lambda _index: self._recheck())
        self.seconds.valueChanged.connect(lambda _value: self._recheck())
        self.running = QLabel()
        self.running.setWordWrap(True)
        font = self.running.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.running.setFont(font)

        start_box = QGroupBox(_("A player's decision"))
        form = QFormLayout(start_box)
        form.addRow(_("Player:"), self.player)
        form.addRow(_("Seconds:"), self.seconds)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.bank_button)
        buttons.addWidget(self.stop_button)
        form.addRow(buttons)
        form.addRow(self.running)

        self.length = QSpinBox()
        self.length.setRange(shot.MIN_SECONDS, shot.MAX_SECONDS)
        self.length.setSuffix(_(" s"))
        self.bank_chips = QSpinBox()
        self.bank_chips.setRange(0, shot.MAX_BANK_CHIPS)
        self.bank_chips.setSpecialValueText(_("none"))
        self.bank_seconds = QSpinBox()
        self.bank_seconds.setRange(shot.MIN_SECONDS, shot.MAX_SECONDS)
        self.bank_seconds.setSuffix(_(" s"))
        self.save_button = QPushButton(_("Save for this event"))
        self.save_button.clicked.connect(lambda: self._send(self._settings()))
        guard.bind(self.save_button, self._settings)
        for box in (self.length, self.bank_chips, self.bank_seconds):
            box.valueChanged.connect(lambda _value: guard.recheck(self.save_button))
        settings_box = QGroupBox(_("This event's shot clock"))
        settings_form = QFormLayout(settings_box)
        settings_form.addRow(_("Length:"), self.length)
        settings_form.addRow(_("Time-bank chips per player:"), self.bank_chips)
        settings_form.addRow(_("Each chip adds:"), self.bank_seconds)
        settings_form.addRow(self.save_button)

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(start_box)
        layout.addWidget(settings_box)
        layout.addWidget(close)

        self._fill_players()
        self._fill_settings()
        self.refresh()
        controller.changed.connect(self._on_changed)
        ticker.tick.connect(self.refresh)

    # -- what each button would send ------------------------------------------

    def chosen(self) -> PlayerId | None:
        data = self.player.currentData()
        return None if data is None else PlayerId(int(data))

    def choose(self, player: PlayerId) -> None:
        index = self.player.findData(int(player))
        if index >= 0:
            self.player.setCurrentIndex(index)

    def _start(self) -> c.Command | None:
        player = self.chosen()
        if player is None:
            return None
        return command("shot_clock", Request(player=player, seconds=self.seconds.value()))

    def _bank(self) -> c.Command | None:
        player = self.chosen()
        return None if player is None else command("time_bank", Request(player=player))

    def _stop(self) -> c.Command | None:
        player = self.chosen()
        where = None if player is None else self.controller.state.tables.where(player)
        return None if where is None else command("shot_clock_stop", Request(table=where[0]))

    def _settings(self) -> c.Command:
        return c.SetShotClockOptions(
            settings=ShotClockSettings(
                seconds=self.length.value(),
                bank_chips=self.bank_chips.value(),
                bank_seconds=self.bank_seconds.value(),
            )
        )

    def _send(self, command: c.Command | None) -> None:
        if command is not None:
            self.controller.dispatch(command, self)

    def _recheck(self) -> None:
        for button in (self.start_button, self.bank_button, self.stop_button):
            self.controller.guard.recheck(button)
        self.refresh()

    # -- drawing ----------------------------------------------------------------

    def _fill_players(self) -> None:
        state = self.controller.state
        kept = self.chosen()
        self.player.blockSignals(True)
        self.player.clear()
        seated = sorted(state.tables.seated().items(), key=lambda item: item[1])
        for player, (table, seat) in seated:
            text = f"{seat_label(state.tables, table, seat)} · {state.player_name(player)}"
            self.player.addItem(text, int(player))
        if kept is not None:
            index = self.player.findData(int(kept))
            if index >= 0:
                self.player.setCurrentIndex(index)
        self.player.blockSignals(False)

    def _fill_settings(self) -> None:
        settings = self._filled = self.controller.state.shot_clocks.settings
        self.seconds.setValue(settings.seconds)
        self.length.setValue(settings.seconds)
        self.bank_chips.setValue(settings.bank_chips)
        self.bank_seconds.setValue(settings.bank_seconds)

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("tables", "players"):
            self._fill_players()
        if self.controller.state.shot_clocks.settings != self._filled:
            self._fill_settings()  # saved here, undone, or read again
        self._recheck()

    def refresh(self) -> None:
        """The shot clocks running, as the TV shows them."""
        rows = self.ticker.data.shot_clocks
        lines = []
        for row in rows:
            left = _("Time!") if row.over else _("{seconds} s").format(seconds=row.seconds)
            line = f"{row.place} · {row.name}: {left}"
            if row.banks_left:
                line += " · " + _("Time bank: {count}").format(count=row.banks_left)
            lines.append(line)
        self.running.setText("\n".join(lines) if lines else _("No shot clock running."))
        theme_warn = any(row.warning for row in rows)
        self.running.setStyleSheet("color: #d9822b;" if theme_warn else "")


def add_seat_actions(
    menu: QMenu,
    controller: SessionController,
    parent: QWidget,
    table: int,
    player: PlayerId,
) -> None:
    """A seated player's shot clock in his seat's menu (the tables page): start it for
    the event's length, use a time-bank chip, stop the table's; each greyed with the
    rules' reason."""
    state = controller.state
    name = state.player_name(player)
    shots = state.shot_clocks
    seconds = shots.settings.seconds
    wanted: list[tuple[str, c.Command]] = [
        (
            _("Shot clock for {name} ({seconds} s)").format(name=name, seconds=seconds),
            command("shot_clock", Request(player=player)),
        )
    ]
    if shots.settings.bank_chips:
        text = _("Time-bank chip for {name} ({count} left)").format(
            name=name, count=shots.banks_left(player)
        )
        wanted.append((text, command("time_bank", Request(player=player))))
    if table in shots.running:
        stop = command("shot_clock_stop", Request(table=table))
        wanted.append((_("Stop the shot clock at this table"), stop))
    for text, asked in wanted:
        action = menu.addAction(text, lambda asked=asked: controller.dispatch(asked, parent))
        refused = controller.session.refusal(asked)
        action.setEnabled(refused is None)
        if refused is not None:
            action.setToolTip(describe_error(refused))
