"""The clock on the TV: what it shows, at every size, readable from across a room."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from director.app.files import structures
from director.app.views.display import display_data
from director.core import commands as c
from director.gui.clock_face import ALERT, ClockFace
from director.i18n import format_time
from tests.core.helpers import MIN, T0, created, run

SIZES = [(1024, 576), (1280, 720), (1920, 1080), (3840, 2160)]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


NIGHT = structures.find("regular-5000").template.structure


def regular_state():
    return run(created(NIGHT), c.StartClock(), T0)


def grab(qtbot, data, size) -> tuple[ClockFace, QImage]:
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(*size)
    face.set_data(data)
    image = face.grab().toImage()
    return face, image


def bright_rows(image: QImage, rect: QRectF, *, threshold: int = 200) -> int:
    """How many pixel rows inside ``rect`` hold bright (text) pixels."""
    rows = 0
    left, right = int(rect.left()), int(rect.right())
    for y in range(int(rect.top()), min(int(rect.bottom()), image.height())):
        for x in range(left, min(right, image.width()), 3):
            if QColor(image.pixel(x, y)).lightness() > threshold:
                rows += 1
                break
    return rows


@pytest.mark.parametrize("size", SIZES)
def test_nothing_overlaps_and_everything_stays_inside(qtbot, size) -> None:
    state = run(regular_state(), c.PauseClock(), T0 + 21 * MIN)
    face, _image = grab(qtbot, display_data(state, T0 + 30 * MIN), size)
    drawn = {key: rect for key, rect in face.regions.items() if rect.height() > 0}
    window = QRectF(0, 0, size[0], size[1])
    for key, rect in drawn.items():
        assert window.contains(rect), key
    separate = ["event", "caption", "time", "blinds", "ante", "next", "stats"]
    for number, first in enumerate(separate):
        for second in separate[number + 1 :]:
            overlap = drawn[first].intersected(drawn[second])
            assert overlap.height() < 1 or overlap.width() < 1, (first, second)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_time_digits_are_at_least_a_quarter_of_the_screen(qtbot, size) -> None:
    state = regular_state()
    face, image = grab(qtbot, display_data(state, T0 + 5 * MIN), size)
    SHOTS.mkdir(parents=True, exist_ok=True)
    image.save(str(SHOTS / f"clock-{size[0]}x{size[1]}.png"))
    digits = bright_rows(image, face.regions["time"])
    assert digits >= size[1] / 4


def test_it_shows_level_blinds_next_level_and_break(qtbot) -> None:
    data = display_data(regular_state(), T0 + 5 * MIN)
    assert data.level_label == "Level 1"
    assert data.time_text == "15:00"
    assert data.blinds_text == "25 / 50"
    assert data.next_text == "Next: 50 / 100"
    assert [(stat.caption, stat.value) for stat in data.stats] == [
        ("Next break", "1:15:00"),
        ("Estimated end", format_time(T0 + sum(i.duration_ms for i in NIGHT.items))),
    ]
    assert not data.paused


def test_r9_pending_blinds_are_announced_until_the_next_hand(qtbot) -> None:
    data = display_data(regular_state(), T0 + 21 * MIN)
    assert data.level_label == "Level 2"
    assert data.blinds_text == "25 / 50"
    assert data.pending_text == "Next hand: 50 / 100"


def test_paused_is_unmistakable(qtbot) -> None:
    state = run(regular_state(), c.PauseClock(), T0 + MIN)
    face, image = grab(qtbot, display_data(state, T0 + 9 * MIN), (1920, 1080))
    assert "paused" in face.regions
    banner = face.regions["paused"]
    red = sum(
        1
        for x in range(int(banner.left()), int(banner.right()), 10)
        if QColor(image.pixel(x, int(banner.top()) + 3)) == ALERT
    )
    assert red > 0.8 * (banner.width() / 10)
    SHOTS.mkdir(parents=True, exist_ok=True)
    image.save(str(SHOTS / "clock-paused-1920x1080.png"))


def test_overtime_and_breaks(qtbot) -> None:
    state = regular_state()
    on_break = display_data(state, T0 + 85 * MIN)
    assert on_break.on_break and on_break.level_label == "Break"
    later = display_data(state, T0 + 24 * 3600_000)
    assert later.overtime and later.time_text.startswith("+")
    assert later.level_label == "Level 16"


def test_display_window_toggles_full_screen_and_only_hides(qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from director.gui.clock_display import ClockDisplayWindow
    from director.gui.screens import choose_screen

    window = ClockDisplayWindow()
    qtbot.addWidget(window)
    window.set_data(display_data(regular_state(), T0))
    window.show_on(choose_screen(""), full_screen=False)
    assert not window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    assert choose_screen("no such screen") in QGuiApplication.screens()


def test_r8_limit_levels_show_their_bets_on_the_tv_and_the_structure_sheet(qtbot) -> None:
    """Seed 000: "Il existe deux variétés de base de poker Texas Hold'em: No Limit
    Hold'em et Limit Hold'em": a limit level shows its small and big bets, and its
    blinds beside them."""
    from director import reports
    from director.core.structure import Betting, Level, Structure
    from tests.reports.test_reports import text_of

    level = Level(
        small_blind=50,
        big_blind=100,
        small_bet=100,
        big_bet=200,
        seconds=600,
        betting=Betting.LIMIT,
    )
    structure = Structure(items=(level,))
    state = run(created(structure), c.StartClock(), T0)
    data = display_data(state, T0 + MIN)
    assert data.blinds_text == "Limit 100 / 200"
    assert "Blinds 50 / 100" in data.ante_text
    text, _pages = text_of(reports.render("structure", state, T0 + MIN))
    # The sheet: the level's betting, its blinds, then its small and big bets.
    assert "Betting\nBlinds\nBets" in text and "Limit\n50 / 100\n100 / 200" in text


def _night_with_moves(structure=None):
    """Twelve players, tables of six, three out at table 1: a move to make on the TV
    (on the regular structure, or ``structure``)."""
    from director.core.ids import PlayerId
    from director.core.money import MoneySettings
    from director.core.players import Bust

    state = created(structure or structures.find("regular-5000").template.structure)
    state = run(state, c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)), T0)
    for number in range(1, 13):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"Player number {number}"), T0)
    state = run(state, c.SetTableOptions(seats_per_table=6), T0)
    state = run(state, c.DrawSeats(), T0)
    first = [p for p, (t, _s) in state.tables.seated().items() if t == 1]
    state = run(state, c.StartClock(), T0)
    for player in first[:3]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0)
    return state


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (1280, 720)])
def test_every_text_on_the_tv_is_at_least_3_percent_of_the_height(qtbot, size) -> None:
    """Readable at 5 m: the captions (PLAYERS, AVERAGE...) and "Next" included."""
    import math

    from director.gui.clock_face import DIM, NEXT

    state = _night_with_moves()
    assert state.tables.pending
    data = display_data(state, T0 + MIN)
    face, _image = grab(qtbot, data, size)
    least = math.ceil(size[1] * 0.03)
    assert face.font_pixels, "nothing drawn"
    small = {key: px for key, px in face.font_pixels.items() if px < least}
    assert small == {}
    assert "stat0.caption" in face.font_pixels and "next" in face.font_pixels
    assert any(key.startswith("line") for key in face.font_pixels)
    # "Next" is no longer the faint grey: clearly brighter on the dark background.
    assert NEXT.lightness() - DIM.lightness() >= 50


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_seat_draw_on_the_tv_is_at_least_3_percent_high_for_a_home_game(qtbot, size) -> None:
    import math

    from director.app.views.display import SeatRow
    from director.gui.clock_display import SeatingBoard

    board = SeatingBoard()
    qtbot.addWidget(board)
    board.resize(*size)
    board.set_rows(
        [
            SeatRow(
                f"Player with a long name {n}",
                n % 4 + 1,
                n % 9 + 1,
                f"Table {n % 4 + 1} · Seat {n % 9 + 1}",
            )
            for n in range(40)
        ]
    )
    board.grab()
    assert board.font_pixels >= math.ceil(size[1] * 0.03)


@pytest.mark.parametrize("size", [(1024, 576), (1920, 1080)])
def test_a_big_seat_draw_turns_pages_never_under_3_percent(qtbot, size) -> None:
    """Twenty players fit one page; ninety (and sixty at 1024x576) are shown over pages
    that turn every few seconds, each at 3% of the height or more, every player on
    one page."""
    import math

    from director.app.views.display import SeatRow
    from director.gui.clock_display import SeatingBoard
    from director.gui.clock_face import SIDE_PAGE_MS

    least = math.ceil(size[1] * 0.03)
    for count in (20, 60, 90):
        rows = tuple(
            SeatRow(f"Player number {n:02d}", n % 9 + 1, n % 10 + 1, f"Table {n % 9 + 1} · Seat 1")
            for n in range(count)
        )
        board = SeatingBoard()
        qtbot.addWidget(board)
        board.resize(*size)
        board.set_rows(rows)
        pages = board.arrangement(*size).pages
        if count == 20:
            assert pages == 1
        elif count == 90 or size == (1024, 576):
            assert pages > 1, (count, pages)
        seen: list[SeatRow] = []
        for page in range(pages):
            board.clock = lambda page=page: page * SIDE_PAGE_MS + 10
            board.grab()
            assert board.page == page
            assert board.font_pixels >= least, (count, board.font_pixels)
            seen += board.shown
        assert tuple(seen) == rows
        board.show()
        qtbot.waitExposed(board)
        assert board._turn.isActive() == (pages > 1)
        board.hide()
        assert not board._turn.isActive()
