"""The shot clock on the console and the TV (issue 34, item 4): started from a seat's
menu on the tables page or the clock page's window, shown large over the TV's clock
(warning colour for the last ten seconds), a sound at ten seconds and at zero, a
time-bank chip and Stop; the event's settings; English and French grabs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from director import i18n
from director.app.views.display import ShotRow
from director.core import commands as c
from director.core.clock import CueKind
from director.core.ids import PlayerId
from director.core.shot_clock import ShotClockSettings
from director.gui.clock_display import ClockDisplayWindow
from director.gui.dialogs.shot_clock import ShotClockDialog
from tests.gui.test_tables_page import _action, page_of
from tests.gui.test_tables_page import window as window

SHOTS = os.environ.get("DIRECTOR_GUI_SHOTS")


def keep(widget, tmp_path: Path, name: str) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert widget.grab().save(str(path))
    return path


@pytest.fixture
def seated(window):
    page_of(window).draw_seats()
    window.controller.dispatch(c.DrawForButton())
    window.controller.dispatch(c.StartClock())
    return window


def _at(window, table: int = 1) -> tuple[int, PlayerId]:
    seat, player = sorted(window.controller.state.tables.tables[table].seats.items())[0]
    return seat, player


def test_a_seats_menu_starts_the_shot_clock_and_the_tv_shows_it_then_sounds(
    qtbot, seated, clock, tmp_path
) -> None:
    window = seated
    seat, player = _at(window)
    name = window.controller.state.player_name(player)
    menu = page_of(window).seat_menu(1, seat)
    assert _action(menu, "Stop the shot clock") is None  # none runs at this table
    _action(menu, f"Shot clock for {name} (30 s)").trigger()
    assert window.controller.state.shot_clocks.running[1].player == player
    assert window.undo_action.text() == f"&Undo: start the shot clock for {name}"
    window.show_display()
    window.display.showNormal()
    window.display.resize(1920, 1080)
    window.ticker.update()
    panel = window.display.shot_clocks
    assert panel.isVisible()
    (row,) = panel.rows
    assert (row.name, row.seconds, row.warning) == (name, 30, False)
    keep(window.display, tmp_path, "tv-shot-clock-en")
    # The last ten seconds: the warning colour and the one-minute cue's sound, once.
    played = len(window.sound.played)
    alerts = window.sound.alerts
    clock.advance(20_500)
    window.ticker.update()
    assert panel.rows[0].warning and panel.rows[0].seconds == 10
    if not window.sound.no_output:
        assert window.sound.played[played:] == [CueKind.ONE_MINUTE]
    keep(window.display, tmp_path, "tv-shot-clock-warning-en")
    clock.advance(10_000)
    window.ticker.update()
    assert panel.rows[0].over
    if not window.sound.no_output:
        assert window.sound.alerts == alerts + 1
    window.ticker.update()
    assert window.sound.alerts == alerts + (0 if window.sound.no_output else 1)
    # Gone from the TV a moment later; Stop greyed then, with the reason.
    clock.advance(10_000)
    window.ticker.update()
    assert not panel.isVisible()
    menu = page_of(window).seat_menu(1, seat)
    stop = _action(menu, "Stop the shot clock")
    assert stop is not None and not stop.isEnabled()
    assert stop.toolTip() == "No shot clock runs at table 1."


def test_the_clock_pages_window_sets_the_time_bank_and_uses_it(qtbot, seated, clock) -> None:
    window = seated
    window.console.show_page("clock")
    page = window.console.page("clock")
    dialog = page.open_shot_clock()
    assert isinstance(dialog, ShotClockDialog)
    _seat, player = _at(window, 2)
    dialog.choose(player)
    assert not dialog.bank_button.isEnabled()  # no time-bank chips yet
    dialog.length.setValue(45)
    dialog.bank_chips.setValue(2)
    dialog.bank_seconds.setValue(20)
    dialog.save_button.click()
    assert window.controller.state.shot_clocks.settings == ShotClockSettings(
        seconds=45, bank_chips=2, bank_seconds=20
    )
    assert dialog.seconds.value() == 45
    assert not dialog.save_button.isEnabled()  # nothing left to save
    assert dialog.seconds.maximum() == 600  # what the rules allow, no more
    dialog.seconds.setValue(25)
    dialog.start_button.click()
    running = window.controller.state.shot_clocks.running[2]
    assert running.player == player and running.duration_ms == 25_000
    assert dialog.bank_button.isEnabled()
    dialog.bank_button.click()
    assert window.controller.state.shot_clocks.banks_left(player) == 1
    window.ticker.update()
    assert "Time bank: 1" in dialog.running.text()
    dialog.stop_button.click()
    assert not window.controller.state.shot_clocks.running
    window.undo_action.trigger()
    assert 2 in window.controller.state.shot_clocks.running


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tv_overlay_and_the_console_at_their_sizes(
    qtbot, seated, clock, tmp_path, language
) -> None:
    """Grabbed for a person to look at: the TV at 1920x1080 with two tables' shot
    clocks (one in its last ten seconds), the console at 1366x768 with the window."""
    window = seated
    i18n.set_language(language)
    settings = ShotClockSettings(seconds=30, bank_chips=3, bank_seconds=30)
    window.controller.dispatch(c.SetShotClockOptions(settings=settings))
    window.controller.dispatch(c.StartShotClock(player=_at(window, 1)[1]))
    clock.advance(22_000)
    window.controller.dispatch(c.StartShotClock(player=_at(window, 2)[1], seconds=60))
    display = ClockDisplayWindow()
    qtbot.addWidget(display)
    display.resize(1920, 1080)
    display.show()
    window.ticker.update()
    display.set_data(window.ticker.data)
    rows: tuple[ShotRow, ...] = display.shot_clocks.rows
    assert [row.warning for row in rows] == [True, False]
    assert display.shot_clocks.seconds_text(rows[0]) == "8"
    keep(display, tmp_path, f"tv-shot-clocks-{language}")
    window.console.show_page("clock")
    window.resize(1366, 768)
    dialog = window.console.page("clock").open_shot_clock()
    keep(window, tmp_path, f"console-clock-shot-{language}")
    keep(dialog, tmp_path, f"console-shot-dialog-{language}")
    dialog.close()


def test_ctrl_t_starts_the_selected_players_shot_clock_and_ctrl_shift_t_stops_it(
    qtbot, seated
) -> None:
    """The console's hotkeys (the catalogue's, listed by F1): Ctrl+T starts the shot
    clock of the player selected on the players page, for the event's length;
    Ctrl+Shift+T stops his table's; with nobody selected, the rules' reason goes to
    the status bar and nothing changes."""
    from PySide6.QtCore import Qt

    from director.gui.pages.players_page import PlayersPage

    window = seated
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_T, ctrl)
    assert not window.controller.state.shot_clocks.running
    assert window.statusBar().currentMessage() == "Choose a player first."

    _seat, player = _at(window, 2)
    page = window.console.page("players")
    assert isinstance(page, PlayersPage)
    page.select(player)
    qtbot.keyClick(window, Qt.Key.Key_T, ctrl)
    running = window.controller.state.shot_clocks.running
    assert list(running) == [2] and running[2].player == player
    assert running[2].duration_ms == 30_000
    qtbot.keyClick(window, Qt.Key.Key_T, ctrl | shift)
    assert not window.controller.state.shot_clocks.running
    assert window.undo_action.text().startswith("&Undo: stop the shot clock")
    qtbot.keyClick(window, Qt.Key.Key_T, ctrl | shift)  # none left: said, not a dialog
    assert window.statusBar().currentMessage() == "No shot clock runs at table 2."

    qtbot.keyClick(window, Qt.Key.Key_F1)
    lines = dict(window.help_overlay.lines())
    assert lines["Ctrl+T"] == "Shot clock for the selected player (the event's length)"
    assert lines["Ctrl+Shift+T"] == "Stop the shot clock at the selected player's table"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
@pytest.mark.parametrize("preset", ["full", "clock_only"])
def test_the_tv_shot_clocks_leave_the_blinds_line_readable(
    qtbot, seated, clock, tmp_path, language, size, preset
) -> None:
    """Two tables on the shot clock over the TV: the blinds line (and the ante under
    it) stays uncovered, over the side column where there is one, over the time's
    band in a layout without one; grabbed for a person to look at."""
    from director.core.tv import PRESETS, TvLook

    window = seated
    i18n.set_language(language)
    window.controller.dispatch(c.StartShotClock(player=_at(window, 1)[1]))
    window.controller.dispatch(c.StartShotClock(player=_at(window, 2)[1], seconds=60))
    display = ClockDisplayWindow()
    qtbot.addWidget(display)
    display.set_look(TvLook(layout=PRESETS[preset]))
    display.resize(*size)
    display.show()
    window.ticker.update()
    display.set_data(window.ticker.data)
    keep(display, tmp_path, f"tv-shot-clocks-{preset}-{size[0]}x{size[1]}-{language}")
    panel = display.shot_clocks.geometry()
    assert display.shot_clocks.isVisible() and len(display.shot_clocks.rows) == 2
    regions = display.face.regions
    for name in ("blinds", "ante"):
        assert not panel.intersects(regions[name].toAlignedRect()), name
    if preset == "full":
        assert regions["side"].toAlignedRect().contains(panel)
    # The seconds stay large: each box at least a fifth of the screen's height.
    assert min(panel.width(), panel.height() / 2) >= size[1] * 0.2
