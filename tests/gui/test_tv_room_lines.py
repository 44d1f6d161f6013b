"""The TV paints what the room must know besides the clock: a move made (as made),
the add-on on offer at its break (R4), the chip race's result (R28), the clock
over the seat draw, the QR code only when play stops, and a right title; the
console's header says when the clock is paused."""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, Signal

from director.app.night.changes import Changes
from director.app.views.display import MoveRow, Section, SectionKind, display_data
from director.core import commands as c
from director.core.state import TournamentState
from director.core.tv import Element, TvLook
from director.gui.clock_display import ClockDisplayWindow
from director.gui.clock_face import ClockFace, LineStyle, section_lines, side_lines
from director.i18n import set_language
from tests.app.test_display_room import ON_BREAK, night
from tests.core.helpers import MIN, T0, run


def grab(qtbot, data, size=(1920, 1080), url: str = "") -> ClockFace:
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(*size)
    face.set_network_url(url)
    face.set_data(data)
    face.grab()
    return face


def test_a_move_made_is_dimmed_and_ticked_not_shown_as_one_to_make() -> None:
    section = Section(
        SectionKind.MOVES,
        "Table moves",
        (
            MoveRow("Ann", 1, 2, 2, 5, "table 2, seat 5"),
            MoveRow("Bob", 1, 3, 2, 6, "table 2, seat 6", done=True),
        ),
    )
    lines = section_lines(section)
    assert [line.style for line in lines[1:3]] == [LineStyle.ROW, LineStyle.DETAIL]
    assert [line.style for line in lines[3:]] == [LineStyle.DONE, LineStyle.DONE]
    assert lines[4].text == "✓ table 2, seat 6"


def test_r4_the_add_on_on_offer_is_painted_on_its_break(qtbot) -> None:
    """R4: the add-on "usually at the break ending the re-buy period"."""
    data = display_data(night(), ON_BREAK)
    face = grab(qtbot, data)
    assert face.font_pixels["ante"] >= math.ceil(1080 * 0.03)
    assert "ante" not in face.elided


def test_r28_the_chip_race_result_is_in_the_side_column(qtbot) -> None:
    """R28: who won a chip of the next denomination, under the moves."""
    state = night()
    holdings = tuple(c.RaceChips(player=p, chips=3) for p in state.tables.seated())
    state = run(state, c.ChipRace(table=1, denomination=25, holdings=holdings), ON_BREAK)
    data = display_data(state, ON_BREAK)
    lines = side_lines(data, TvLook())
    texts = [line.text for line in lines]
    assert "Chip race" in texts and "→ The 25s change into 100s" in texts
    assert any(line.right == "wins a 100" for line in lines)
    grab(qtbot, data, (1366, 768))


def test_the_seat_draw_keeps_the_level_the_time_and_the_blinds(qtbot) -> None:
    from dataclasses import replace

    window = ClockDisplayWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    data = replace(display_data(night(), T0 + MIN), show_seats=True)
    window.set_data(data)
    assert window.stack.currentWidget() is window.seating
    assert window.seating.time_line == ("Level 1", "19:00", "25 / 50", "")
    image = window.seating.grab().toImage()
    # The band over the draw is painted: bright text in its middle third.
    band = [image.pixelColor(x, y).lightness() for x in range(455, 910, 3) for y in range(5, 110)]
    assert max(band) > 200
    window.set_data(replace(data, show_seats=False))
    assert window.seating.time_line is None


def test_the_qr_code_only_shows_before_the_start_and_on_breaks(qtbot) -> None:
    """During play the payouts and figures keep their whole column."""
    look = TvLook()
    assert look.layout.place_of(Element.QR_CODE) is not None
    url = "http://192.168.1.2:8080/"
    state = night()
    playing = ClockFace()
    qtbot.addWidget(playing)
    playing.set_look(look)
    playing.resize(1920, 1080)
    playing.set_network_url(url)
    playing.set_data(display_data(state, T0 + MIN))
    made = playing.current_plan()
    assert made is not None and "qr" not in made.boxes
    playing.set_data(display_data(state, ON_BREAK))
    made = playing.current_plan()
    assert made is not None and "qr" in made.boxes


def test_the_tv_window_title_names_the_app_once() -> None:
    """Qt adds the application's name to a title that does not end with it."""
    window = ClockDisplayWindow()
    assert window.windowTitle().endswith("director")
    assert window.windowTitle().count("director") == 1
    set_language("fr")
    try:
        from director.gui.clock_display import window_title

        assert window_title().endswith("— director") and window_title().count("director") == 1
    finally:
        set_language("en")


class _Controller(QObject):
    changed = Signal(object)

    def __init__(self, state: TournamentState) -> None:
        super().__init__()
        self.state = state


def test_the_console_header_says_paused_not_running(qtbot) -> None:
    from director.gui.console import Console

    state = night()
    controller = _Controller(state)
    console = Console(controller)  # type: ignore[arg-type]
    qtbot.addWidget(console)
    assert console.subtitle.text().endswith("Running")
    controller.state = run(state, c.PauseClock(), T0 + MIN)
    controller.changed.emit(Changes("pause", frozenset({"clock"})))
    assert console.subtitle.text().endswith("Paused")
