"""The planned start on the console's clock page, and the end in sight on the
structure page (issue 34, items 2 and 3)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTime

from director.app.files import structures
from director.core import commands as c
from director.i18n import format_clock, format_time
from tests.core.helpers import MIN

NIGHT = structures.find("regular-5000").template.structure


@pytest.fixture
def window(qtbot, window_factory):
    made = window_factory()
    session = made.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=NIGHT))
    made.open_session(session)
    made.console.show_page("clock")
    made.show()
    made.activateWindow()
    qtbot.waitExposed(made)
    return made


def local_time(epoch_ms: int) -> QTime:
    moment = datetime.datetime.fromtimestamp(epoch_ms / 1000)
    return QTime(moment.hour, moment.minute)


def test_a_planned_start_counts_down_then_starts_the_clock_by_itself(qtbot, window, clock) -> None:
    page = window.console.page("clock")
    assert page.plan_row.isVisibleTo(page)
    whole_minute = clock() - clock() % MIN
    planned = whole_minute + 30 * MIN
    page.planned_time.setTime(local_time(planned))
    qtbot.mouseClick(page.plan_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.clock.planned == planned and state.clock.auto_start
    assert window.undo_action.text() == "&Undo: plan the start"
    window.ticker.update()
    data = window.ticker.data
    assert data.time_caption == "Starts in"
    assert data.time_text == format_clock(planned - clock())
    assert data.blinds_text == "25 / 50"  # the first level's blinds
    assert format_time(planned) in page.planned_label.text()

    clock.set(planned + 2 * MIN)
    window.ticker.update()
    assert window.ticker.view().running
    assert window.ticker.view().remaining == 18 * MIN
    assert page.start_button.text() == "Pause"
    assert not page.plan_row.isVisibleTo(page)
    qtbot.keyClick(window, Qt.Key.Key_Space)  # pauses the clock that started alone
    assert window.controller.state.clock.started
    assert not window.ticker.view().running and window.ticker.view().remaining == 18 * MIN


def test_a_start_that_waits_for_the_organizer(qtbot, window, clock) -> None:
    page = window.console.page("clock")
    planned = clock() - clock() % MIN + 10 * MIN
    page.planned_time.setTime(local_time(planned))
    page.auto_start.setChecked(False)
    qtbot.mouseClick(page.plan_button, Qt.MouseButton.LeftButton)
    clock.set(planned + MIN)
    window.ticker.update()
    assert not window.ticker.view().started
    assert window.ticker.data.time_caption == "Starting soon"
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert window.ticker.view().running and window.ticker.view().remaining == 20 * MIN
    # Undone, the plan is back with its countdown.
    window.undo_action.trigger()
    assert not window.controller.state.clock.started


def test_the_structure_page_shows_each_levels_start_and_the_estimated_end(
    qtbot, window, clock
) -> None:
    window.controller.dispatch(c.StartClock(), None)
    window.console.show_page("structure")
    page = window.console.page("structure")
    started = clock()
    model = page.model
    header = model.headerData(1, Qt.Orientation.Vertical)
    assert header == f"2 · {format_time(started + NIGHT.items[0].duration_ms)}"
    night = sum(item.duration_ms for item in NIGHT.items)
    assert page.end_label.text() == f"Estimated end: {format_time(started + night)}"
    # A pause pushes the end back as it lasts.
    window.controller.dispatch(c.PauseClock(), None)
    clock.advance(10 * MIN)
    page.refresh_times()
    assert page.end_label.text() == f"Estimated end: {format_time(started + night + 10 * MIN)}"


SHOTS = Path("/work/shots/endinsight")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tv_shows_the_countdown_and_the_estimated_end_at_1920x1080(
    qtbot, window, clock, language
) -> None:
    """Grabbed for a person to look at: "Starts in" with the first level's blinds, then
    the running clock with the estimated end among the figures; nothing cut."""
    from director import i18n
    from director.app.views.display import display_data
    from director.gui.clock_face import ClockFace

    i18n.set_language(language)
    planned = clock() + 12 * MIN + 34_000
    window.controller.dispatch(c.PlanStart(planned=planned, auto_start=True), None)
    state = window.controller.state
    for name, now in (("countdown", clock()), ("running", planned + 5 * MIN)):
        data = display_data(state, now)
        face = ClockFace()
        qtbot.addWidget(face)
        face.resize(1920, 1080)
        face.set_data(data)
        image = face.grab().toImage()
        if SHOTS.parent.is_dir():
            SHOTS.mkdir(exist_ok=True)
            image.save(str(SHOTS / f"tv-{name}-{language}.png"))
        assert not {key for key in face.elided if key.startswith("stat")}, face.elided
        ends = [stat for stat in data.stats if stat.key == "estimated_end"]
        assert ends and ends[0].value == format_time(
            planned + sum(i.duration_ms for i in NIGHT.items)
        )
        if name == "countdown":
            assert data.time_text == "12:34" and data.blinds_text == "25 / 50"


def test_the_estimated_end_is_an_element_placed_in_the_main_column_or_the_side(
    qtbot, window, clock
) -> None:
    """Where the layout puts it, and only there: never among the room's figures."""
    from director.app.views.display import display_data
    from director.core.tv import Element, Layout, Place, Slot, TvLook, require_valid_layout
    from director.gui.clock_face import main_figures, side_lines

    window.controller.dispatch(c.StartClock(), None)
    data = display_data(window.controller.state, clock())
    side = Layout(
        preset="custom",
        slots=(
            Slot(Element.STATS, Place.MAIN),
            Slot(Element.ESTIMATED_END, Place.SIDE),
        ),
    )
    require_valid_layout(side)
    look = TvLook(layout=side)
    assert "estimated_end" not in {stat.key for stat in main_figures(data, look)}
    lines = [line.text for line in side_lines(data, look)]
    assert "Estimated end" in lines
    look = TvLook(layout=Layout(preset="custom", slots=(Slot(Element.STATS, Place.SIDE),)))
    assert "Estimated end" not in [line.text for line in side_lines(data, look)]
    assert "estimated_end" in {stat.key for stat in main_figures(data, TvLook())}


def test_reopened_after_a_planned_start_that_came_the_console_opens_on_the_running_clock(
    qtbot, window_factory, clock
) -> None:
    made = window_factory()
    session = made.library.create("Planned night")
    session.dispatch(c.SetStructure(structure=NIGHT))
    session.dispatch(c.PlanStart(planned=clock() + MIN, auto_start=True))
    clock.advance(6 * MIN)
    made.open_session(session)
    assert made.console.current_key() == "clock"
    assert made.ticker.view().running and made.ticker.view().remaining == 15 * MIN
    assert made.console.page("clock").start_button.text() == "Pause"


def test_the_time_field_shows_the_plan_in_force(qtbot, window, clock) -> None:
    page = window.console.page("clock")
    planned = clock() - clock() % MIN + 47 * MIN
    window.controller.dispatch(c.PlanStart(planned=planned, auto_start=True), None)
    window.ticker.update()
    assert page.planned_time.time() == local_time(planned)
