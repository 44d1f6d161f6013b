"""The TV in every theme and layout, at every size: grabbed, measured and saved.

Each grab is checked as the room would read it: the time's digits at least a
quarter of the height (counted in rendered pixel rows), no text under 3% of the
height, every box inside the screen and apart from the others (the face
records where it drew), and the contrast of the colours actually painted. The
pictures land in build/screenshots/tv/ to be looked at.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from director.app.tv.tv_assets import AssetStore
from director.app.views.display import DisplayData, display_data
from director.core import commands as c
from director.core.colours import AA_LARGE, AA_NORMAL, contrast_ratio
from director.core.tv import (
    PRESETS,
    THEMES,
    Element,
    LogoPlace,
    Picture,
    Theme,
    TvLook,
    contrast_problems,
)
from director.gui.clock_face import SIDE_PAGE_MS, ClockFace, main_figures
from director.gui.media import load_picture, picture_tones
from tests.app.tv_files import SVG_LOGO, jpeg, pinstripes, png
from tests.core.helpers import MIN, T0, run
from tests.gui.test_clock_display import _night_with_moves

SIZES = [(1024, 576), (1366, 768), (1920, 1080), (3840, 2160)]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "tv"
SEPARATE = ("event", "level", "logo", "caption", "time", "blinds", "ante", "next", "stats")
SIDE = ("lines", "qr", "message")
LOGO = "1" * 64 + ".png"
BACKGROUND = "2" * 64 + ".jpg"
MESSAGE = (
    "Last orders at the bar in ten minutes: the kitchen closes at midnight, add-on at the break"
)


@pytest.fixture(scope="module")
def night_data() -> DisplayData:
    state = run(_night_with_moves(), c.SetRoomMessage(text=MESSAGE), T0)
    return display_data(state, T0 + MIN)


@pytest.fixture(scope="module")
def long_times() -> dict[str, DisplayData]:
    """The widest times a night shows: a level of an hour and a half ("1:29:00") and
    the last level run over ("+03:12"), on the same night with its moves."""
    from director.core.structure import simple

    hour = run(
        _night_with_moves(simple([(25, 50), (50, 100)], level_minutes=90)),
        c.SetRoomMessage(text=MESSAGE),
        T0,
    )
    short = run(
        _night_with_moves(simple([(25, 50), (50, 100)], level_minutes=20)),
        c.SetRoomMessage(text=MESSAGE),
        T0,
    )
    shown = {
        "hour": display_data(hour, T0 + MIN),
        "overtime": display_data(short, T0 + 43 * MIN + 12_000),
    }
    assert shown["hour"].time_text == "1:29:00"
    assert shown["overtime"].time_text == "+03:12" and shown["overtime"].overtime
    return shown


@pytest.fixture(scope="module")
def pictures(qapp) -> dict[str, object]:
    return {LOGO: load_picture(png()), BACKGROUND: load_picture(jpeg())}


def rgb_bytes(colour: str) -> bytes:
    """A colour as the four bytes of a Format_RGB32 pixel (little-endian BGRA)."""
    value = QColor(colour)
    return bytes((value.blue(), value.green(), value.red(), 255))


def rows_with(image: QImage, rect: QRectF, colour: str) -> int:
    """How many pixel rows inside ``rect`` hold a pixel of exactly ``colour`` (a glyph's
    inside: the antialiased edges are other shades)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    wanted = rgb_bytes(colour)
    stride = image.bytesPerLine()
    bits = bytes(image.constBits())
    left = max(0, int(rect.left())) * 4
    right = min(image.width(), int(rect.right())) * 4
    count = 0
    for y in range(max(0, int(rect.top())), min(int(rect.bottom()), image.height())):
        row = bits[y * stride + left : y * stride + right]
        at = row.find(wanted)
        while at != -1 and at % 4:
            at = row.find(wanted, at + 1)
        count += at != -1
    return count


def colours_in(image: QImage, rect: QRectF, step: int = 2) -> dict[int, int]:
    """The colours painted inside ``rect`` (sampled) and how often."""
    found: dict[int, int] = {}
    for y in range(int(rect.top()) + 1, int(rect.bottom()) - 1, step):
        for x in range(int(rect.left()) + 1, int(rect.right()) - 1, step):
            pixel = image.pixel(x, y) & 0xFFFFFF
            found[pixel] = found.get(pixel, 0) + 1
    return found


def painted_contrast(image: QImage, rect: QRectF) -> Decimal:
    """The contrast between what a text region is mostly painted with (its ground) and
    the colour of its text (the painted colour farthest from the ground that fills at
    least a few pixels): measured on the picture, not taken from the theme."""
    found = colours_in(image, rect)
    ground = max(found, key=found.__getitem__)
    total = sum(found.values())

    def rgb(value: int) -> tuple[int, int, int]:
        return (value >> 16) & 255, (value >> 8) & 255, value & 255

    inks = [value for value, count in found.items() if count >= max(3, total // 400)]
    return max(contrast_ratio(rgb(ground), rgb(ink)) for ink in inks)


def with_qr(data: DisplayData) -> DisplayData:
    """``data`` as the room sees it before the clock starts: the QR code to follow on a
    phone shows then (and on breaks), not during play."""
    from dataclasses import replace

    return replace(data, started=False)


def grab(
    size, look: TvLook, data: DisplayData, pictures=None, url: str = ""
) -> tuple[ClockFace, QImage]:
    face = ClockFace()
    face.resize(*size)
    face.set_look(look, pictures or {})
    face.set_network_url(url)
    face.scroll_clock = lambda: 2500
    face.set_data(data)
    image = face.grab().toImage()
    return face, image


def check_readable(face: ClockFace, image: QImage, look: TvLook, size, data: DisplayData) -> None:
    width, height = size
    window = QRectF(0, 0, width, height)
    drawn = {key: rect for key, rect in face.regions.items() if rect.height() > 0}
    for key, rect in drawn.items():
        assert window.contains(rect.adjusted(0.5, 0.5, -0.5, -0.5)), (key, rect)
    # Apart: the main boxes, the side column's, the QR code's caption, and each figure's
    # caption and value (inside the figures' band, apart from one another).
    cells = [key for key in drawn if re.fullmatch(r"stat\d+(\.caption)?", key)]
    separate = [key for key in (*SEPARATE, *SIDE, "qr_caption") if key in drawn] + cells
    for index, first in enumerate(separate):
        for second in separate[index + 1 :]:
            if "stats" in (first, second) and (first in cells or second in cells):
                assert (
                    drawn["stats"]
                    .adjusted(-0.5, -0.5, 0.5, 0.5)
                    .contains(drawn[second if first == "stats" else first])
                )
                continue
            overlap = drawn[first].intersected(drawn[second])
            assert overlap.height() < 1 or overlap.width() < 1, (first, second)
    # The time's digits: a quarter of the height, in rendered rows of its colour.
    colour = look.theme.warn if data.overtime else look.theme.text
    digits = rows_with(image, drawn["time"], colour)
    assert digits >= height / 4, (data.time_text, digits, height)
    # No text under 3% of the height.
    least = math.ceil(height * 0.03)
    small = {key: px for key, px in face.font_pixels.items() if px < least}
    assert small == {}
    assert face.font_pixels, "nothing drawn"
    # The colours: the theme's, painted where they belong.
    assert contrast_problems(look) == ()
    if look.background is None:
        assert QColor(image.pixel(1, height - 1)) == QColor(look.theme.background)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_theme_and_layout_is_readable_at_every_size(qtbot, theme, preset, night_data) -> None:
    look = TvLook(theme=THEMES[theme], layout=PRESETS[preset])
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        face, image = grab(size, look, with_qr(night_data), url="http://192.168.1.20:8080/")
        check_readable(face, image, look, size, night_data)
        if preset != "clock_only":
            assert any(key.startswith("line") for key in face.font_pixels)
        assert "message" in face.font_pixels
        image.save(str(SHOTS / f"{theme}-{preset}-{size[0]}x{size[1]}.png"))
        face.deleteLater()


@pytest.mark.parametrize("when", ["hour", "overtime"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_hour_long_level_and_overtime_keep_the_digits_a_quarter_of_the_height(
    qtbot, preset, when, long_times
) -> None:
    """ "1:29:00" and "+03:12" are wider than "00:00": the time's glyphs narrow (and the
    side column gives way a little) rather than the digits shrink, at every size;
    16:9 keeps the side column."""
    data = long_times[when]
    look = TvLook(layout=PRESETS[preset])
    for size in SIZES:
        face, image = grab(size, look, with_qr(data), url="http://192.168.1.20:8080/")
        check_readable(face, image, look, size, data)
        made = face.current_plan()
        assert made is not None and not made.side_dropped
        assert ("side" in face.regions) == (preset != "clock_only")
        if size == (1920, 1080):
            image.save(str(SHOTS / f"{when}-{preset}-1920x1080.png"))
        face.deleteLater()


@pytest.mark.parametrize("preset", ["full", "tables"])
def test_a_4_3_screen_keeps_the_moves_seats_and_qr_code(qtbot, preset, night_data) -> None:
    """1024x768 and 1280x1024: the side column stays (the time's glyphs narrow to
    leave it room), readable; with the QR code where the layout has it."""
    look = TvLook(layout=PRESETS[preset])
    for size in ((1024, 768), (1280, 1024)):
        face, image = grab(size, look, with_qr(night_data), url="http://192.168.1.20:8080/")
        check_readable(face, image, look, size, night_data)
        assert "side" in face.regions and "line0" in face.regions
        assert face.regions["side"].width() >= 0.24 * size[0]
        assert ("qr" in face.regions) == (preset == "full")
        # A line too long for the narrower column goes on two, never cut.
        assert not face.elided, face.elided
        image.save(str(SHOTS / f"four-three-{preset}-{size[0]}x{size[1]}.png"))
        face.deleteLater()


CONTRAST_CHECKS = {
    "time": AA_LARGE,
    "blinds": AA_LARGE,
    "level": AA_LARGE,
    "event": AA_NORMAL,
    "next": AA_NORMAL,
    "message": AA_NORMAL,
    "stat0.caption": AA_NORMAL,
    "stat0": AA_NORMAL,
    "line0": AA_NORMAL,
    "line1": AA_NORMAL,
    "line2": AA_NORMAL,
    "qr_caption": AA_NORMAL,
}
"""Text regions whose painted contrast is measured, and what each needs."""


def check_painted_contrast(face: ClockFace, image: QImage, preset: str) -> None:
    """Each text region the layout shows, its ink against its ground, on the pixels."""
    measured = 0
    for key, needed in CONTRAST_CHECKS.items():
        region = face.regions.get(key)
        if region is None:
            # Only what the layout leaves out: the side column and figures in clock only,
            # the QR code where the layout has none.
            without_qr = PRESETS[preset].place_of(Element.QR_CODE) is None
            assert (preset == "clock_only" and key[:4] in ("stat", "line", "qr_c")) or (
                key == "qr_caption" and without_qr
            ), key
            continue
        assert painted_contrast(image, region) >= needed, (preset, key)
        measured += 1
    assert measured >= 6


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_contrast_painted_on_the_screen_passes_aa(qtbot, theme, preset, night_data) -> None:
    """Measured on the pixels: each text region's ink against its ground, in every
    layout."""
    look = TvLook(theme=THEMES[theme], layout=PRESETS[preset])
    face, image = grab((1366, 768), look, with_qr(night_data), url="http://192.168.1.20:8080/")
    check_painted_contrast(face, image, preset)
    face.deleteLater()


CUSTOM = Theme(
    name="custom",
    background="#1b1030",
    panel="#2a1a48",
    text="#fff8e7",
    dim="#c9b8e8",
    next="#e8dcff",
    accent="#ffb86b",
    warn="#ffd166",
    alert="#b00020",
    rest="#7ee787",
)
"""An organizer's own colours (a purple room, warm texts), readable."""


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_logo_a_background_and_own_colours_are_readable_at_two_sizes(
    qtbot, preset, night_data, pictures
) -> None:
    """The readability grid with everything an organizer can add at once: their own
    colours, a logo, a background picture under the least veil that keeps the texts
    readable; checked on the pixels at 1024x576 and 1920x1080."""
    from director.core.tv import least_veil

    tones = picture_tones(pictures[BACKGROUND])
    bare = TvLook(
        theme=CUSTOM,
        layout=PRESETS[preset],
        logo=LOGO,
        background=Picture(BACKGROUND, *tones),
        veil=0,
    )
    veil = least_veil(bare)
    assert veil is not None
    look = replace(bare, veil=veil)
    assert contrast_problems(look) == ()
    for size in ((1024, 576), (1920, 1080)):
        face, image = grab(
            size, look, with_qr(night_data), pictures, url="http://192.168.1.20:8080/"
        )
        check_readable(face, image, look, size, night_data)
        assert "logo" in face.regions and not face.regions["logo"].intersects(face.regions["time"])
        check_painted_contrast(face, image, preset)
        image.save(str(SHOTS / f"own-look-{preset}-{size[0]}x{size[1]}.png"))
        face.deleteLater()


def test_the_paused_and_next_hand_banners_are_readable_in_every_theme(qtbot) -> None:
    from tests.gui.test_clock_display import regular_state

    paused = run(regular_state(), c.PauseClock(), T0 + 21 * MIN)
    data = display_data(paused, T0 + 30 * MIN)
    assert data.paused and data.pending_text
    for theme in THEMES.values():
        look = TvLook(theme=theme)
        face, image = grab((1366, 768), look, data)
        assert painted_contrast(image, face.regions["paused"]) >= AA_LARGE
        assert painted_contrast(image, face.regions["next"]) >= AA_NORMAL
        assert QColor(
            image.pixel(
                int(face.regions["paused"].left()) + 2, int(face.regions["paused"].top()) + 2
            )
        ) == QColor(theme.alert)
        face.deleteLater()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_logo_and_a_background_never_cover_the_time(qtbot, preset, night_data, pictures) -> None:
    tones = picture_tones(pictures[BACKGROUND])
    for logo_at in LogoPlace:
        layout = replace(PRESETS[preset], logo=logo_at)
        look = TvLook(
            theme=THEMES["felt"],
            layout=layout,
            logo=LOGO,
            background=Picture(BACKGROUND, *tones),
            veil=70,
        )
        assert contrast_problems(look) == ()
        for size in SIZES:
            face, image = grab(size, look, night_data, pictures)
            check_readable(face, image, look, size, night_data)
            logo = face.regions["logo"]
            assert not logo.intersects(face.regions["time"])
            on_side = "side" in face.regions and face.regions["side"].contains(logo)
            assert on_side == (logo_at is LogoPlace.SIDE_TOP and preset != "clock_only")
            # The logo is really there: its gold is painted inside its box.
            assert rows_with(image, logo, "#c9a227") > logo.height() * 0.3
            # The background shows through its veil (not the plain colour).
            corner = QColor(image.pixel(size[0] // 2, int(face.regions["time"].bottom()) + 2))
            assert corner != QColor(look.theme.background)
            if size == (1920, 1080):
                image.save(str(SHOTS / f"pictures-{preset}-{logo_at.value}-1920x1080.png"))
            face.deleteLater()


def test_an_svg_logo_is_drawn_sharp_at_4k(qtbot, night_data) -> None:
    look = TvLook(logo=LOGO)
    face, image = grab((3840, 2160), look, night_data, {LOGO: load_picture(SVG_LOGO)})
    logo = face.regions["logo"]
    assert rows_with(image, logo, "#c9a227") > logo.height() * 0.5
    face.deleteLater()


def test_a_missing_picture_leaves_its_place_empty_and_the_rest_as_ever(qtbot, night_data) -> None:
    look = TvLook(logo=LOGO, background=Picture(BACKGROUND, "#000000", "#101010"))
    face, image = grab((1920, 1080), look, night_data, {})
    assert "logo" not in face.regions
    check_readable(face, image, look, (1920, 1080), night_data)
    assert QColor(image.pixel(1, 1079)) == QColor(look.theme.background)
    face.deleteLater()


def test_the_qr_code_shows_the_network_address_and_reads_back(qtbot, night_data) -> None:
    """The code on the screen is the address's: its modules, read off the pixels,
    are those segno makes for it."""
    import segno

    url = "http://192.168.1.20:8080/"
    face, image = grab((1920, 1080), TvLook(), with_qr(night_data), url=url)
    box = face.regions["qr"]
    matrix = [list(row) for row in segno.make(url, error="m").matrix_iter(scale=1, border=4)]
    modules = len(matrix)
    cell = box.width() / modules
    for y in range(modules):
        for x in range(modules):
            pixel = QColor(
                image.pixel(int(box.left() + (x + 0.5) * cell), int(box.top() + (y + 0.5) * cell))
            )
            assert (pixel.lightness() < 128) == bool(matrix[y][x]), (x, y)
    # Without an address, nothing: no empty frame.
    face2, _image = grab((1920, 1080), TvLook(), night_data)
    assert "qr" not in face2.regions
    face.deleteLater()
    face2.deleteLater()


def test_the_scrolling_message_repaints_its_own_band_only(qtbot, night_data) -> None:
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(1366, 768)
    face.set_data(night_data)
    face.show()
    qtbot.waitExposed(face)
    assert face.message_scrolls() and face._scroll.isActive()
    full, band = face.full_paints, face.message_paints
    # About 30 band paints a second; waited for rather than counted in a fixed time,
    # which a machine busy with other tests does not always give.
    qtbot.waitUntil(lambda: face.message_paints - band >= 8, timeout=15_000)
    assert face.full_paints - full <= 1
    # What moves is the message alone: two moments differ only inside its band.
    face.scroll_clock = lambda: 1000
    first = face.grab().toImage()
    face.scroll_clock = lambda: 1400
    second = face.grab().toImage()
    band_rect = face.message_rect()
    assert band_rect is not None
    # (A glyph may come out a shade apart from one paint to the next: Qt's glyph cache.
    # Text that moved differs by far more.)
    changed = [
        (x, y)
        for y in range(0, 768, 4)
        for x in range(0, 1366, 4)
        if abs(QColor(first.pixel(x, y)).lightness() - QColor(second.pixel(x, y)).lightness()) > 40
    ]
    assert changed and all(band_rect.contains(x, y) for x, y in changed)
    # A short message stands still; no message, no timer; hidden, no timer.
    face.set_data(replace(night_data, message="Add-on at the break"))
    assert not face.message_scrolls() and not face._scroll.isActive()
    face.set_data(night_data)
    assert face._scroll.isActive()
    face.hide()
    assert not face._scroll.isActive()


def test_a_very_long_message_and_odd_text_never_escape_their_band(qtbot, night_data) -> None:
    """Whatever the text and wherever it has scrolled to, painting the message touches
    its band and nothing else (painted over a sentinel colour to see every pixel)."""
    from PySide6.QtGui import QPainter

    sentinel = QColor("#ff00ff").rgb()
    for text in ("W" * 200, "😀 " * 60, "مرحبا بكم في الطاولة النهائية " * 5, "ok"):
        data = replace(night_data, message=text)
        face = ClockFace()
        face.resize(1024, 576)
        face.set_data(data)
        made = face.current_plan()
        assert made is not None
        band = face.message_rect()
        assert band is not None and QRectF(0, 0, 1024, 576).contains(QRectF(band))
        for offset in (0, 1234, 99_999):
            face.scroll_clock = lambda offset=offset: offset
            image = QImage(1024, 576, QImage.Format.Format_RGB32)
            image.fill(sentinel)
            painter = QPainter(image)
            face._paint_message(painter, made, data)
            painter.end()
            assert face.font_pixels["message"] >= math.ceil(576 * 0.03)
            for y in range(0, 576, 2):
                for x in range(0, 1024, 2):
                    if not band.contains(x, y):
                        assert image.pixel(x, y) == sentinel, (text[:5], offset, x, y)
        face.deleteLater()


def test_the_stores_pictures_decode_and_measure_their_tones(qtbot, tmp_path: Path) -> None:
    from director.gui.media import choose_picture

    store = AssetStore(tmp_path / "assets")
    dark = tmp_path / "felt.jpg"
    dark.write_bytes(jpeg())
    chosen = choose_picture(dark, store)
    assert store.read(chosen.name) == dark.read_bytes()
    assert QColor(chosen.high).lightness() < 90  # a dark felt
    # A transparent logo: black and white both count where it is see-through.
    logo = tmp_path / "logo.png"
    logo.write_bytes(png())
    transparent = choose_picture(logo, store)
    assert (transparent.low, transparent.high) == ("#000000", "#ffffff")


def test_a_seat_draw_longer_than_the_column_turns_its_pages(qtbot, night_data) -> None:
    """Sixty players in the side column: every name is on a page, each page starts with
    its section's title, the pages turn on their own (the column alone repainted)."""
    from director.app.views.display import SeatRow
    from director.gui.clock_face import SIDE_PAGE_MS, LineStyle, paginate, side_lines

    seats = tuple(
        SeatRow(f"Player {n:02d}", n % 6 + 1, n % 10 + 1, f"Table {n % 6 + 1} · Seat {n % 10 + 1}")
        for n in range(60)
    )
    data = replace(night_data, seats=seats, message="")
    look = TvLook(layout=PRESETS["tables"])
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(1366, 768)
    face.set_look(look)
    face.set_data(data)
    shown = []
    for page in range(4):
        face.scroll_clock = lambda page=page: page * SIDE_PAGE_MS
        image = face.grab().toImage()
        check_readable(face, image, look, (1366, 768), data)
        shown.append(image)
    assert face.side_pages >= 3
    assert shown[0] != shown[1]
    lines = side_lines(data, look)
    fitting = sum(1 for key in face.font_pixels if key.startswith("line") and "." not in key)
    pages = paginate(lines, fitting)
    assert len(pages) == face.side_pages
    names = [line.text for page in pages for line in page if line.style is LineStyle.SEAT]
    assert names == [seat.name for seat in seats]
    assert all(page[0].style is LineStyle.HEADING for page in pages)
    face.show()
    qtbot.waitExposed(face)
    assert face._pages.isActive()
    face.hide()
    assert not face._pages.isActive()
    shown[1].save(str(SHOTS / "seats-page-2-1366x768.png"))


def test_the_organizers_own_arrangement_keeps_the_rules(qtbot, night_data, pictures) -> None:
    """Side column on the left, the figures split (chips and the next break under the
    time, the room's figures at the side), the message across the top, the logo at the
    right of the title: readable at every size."""
    from director.core.tv import Element, Layout, Place, Side, Slot

    layout = Layout(
        preset="custom",
        slots=(
            Slot(Element.MESSAGE, Place.TOP),
            Slot(Element.NEXT_LEVEL, Place.MAIN),
            Slot(Element.BLINDS, Place.MAIN),
            Slot(Element.CHIPS, Place.MAIN),
            Slot(Element.NEXT_BREAK, Place.MAIN),
            Slot(Element.STATS, Place.SIDE),
            Slot(Element.MOVES, Place.SIDE),
            Slot(Element.PAYOUTS, Place.SIDE),
        ),
        side=Side.LEFT,
        side_width=28,
        logo=LogoPlace.TITLE_RIGHT,
    )
    look = TvLook(theme=THEMES["light"], layout=layout, logo=LOGO)
    for size in SIZES:
        face, image = grab(size, look, night_data, pictures)
        check_readable(face, image, look, size, night_data)
        regions = face.regions
        assert regions["side"].right() < regions["time"].left()
        assert regions["message"].bottom() <= regions["event"].top() + 1
        assert regions["next"].bottom() <= regions["blinds"].top() + 1
        captions = {key for key in face.font_pixels if key.endswith(".caption")}
        assert len(captions) == 2  # chips in play and the next break
        if size == (1920, 1080):
            image.save(str(SHOTS / "own-arrangement-1920x1080.png"))
        face.deleteLater()


@pytest.mark.parametrize("svg", [False, True], ids=["png", "svg"])
def test_thin_bright_stripes_make_a_picture_bright_and_the_veil_covers_them(
    qtbot, night_data, svg: bool
) -> None:
    """A near-black background crossed by white stripes one pixel wide: its lightest
    tone is the stripes' white (not averaged away), so the look needs a veil; at the
    least veil allowed, a text crossing a stripe is readable, measured on the screen."""
    from director.core.tv import least_veil

    picture = load_picture(pinstripes(svg=svg))
    low, high = picture_tones(picture)
    assert QColor(high).lightness() >= 245 and QColor(low).lightness() <= 15, (low, high)
    bare = TvLook(theme=THEMES["dark"], background=Picture(BACKGROUND, low, high), veil=0)
    assert contrast_problems(bare)
    veil = least_veil(bare)
    assert veil is not None and veil > 0
    look = replace(bare, veil=veil)
    face, image = grab((1920, 1080), look, night_data, {BACKGROUND: picture})
    # Under the event's name (dim text on the background): the lightest ground there
    # is a stripe, veiled.
    event = face.regions["event"]
    y = int(event.top()) + 1
    ground = [QColor(image.pixel(x, y)) for x in range(int(event.left()), int(event.right()))]
    lightest = max(ground, key=lambda colour: colour.lightness())
    assert lightest.lightness() > QColor(look.theme.background).lightness()  # a stripe
    dim = QColor(look.theme.dim)
    ratio = contrast_ratio(
        (dim.red(), dim.green(), dim.blue()),
        (lightest.red(), lightest.green(), lightest.blue()),
    )
    assert ratio >= AA_NORMAL, ratio
    face.deleteLater()


def test_a_huge_photo_is_kept_no_larger_than_a_4k_screen_needs(qapp) -> None:
    big = load_picture(jpeg(6000, 3000))
    assert big.natural_size().width() == 4096 and big.natural_size().height() == 2048


def figure_captions(face: ClockFace) -> dict[str, int]:
    """The figures' captions drawn at the last paint, with their font sizes."""
    return {key: px for key, px in face.font_pixels.items() if key.endswith(".caption")}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("preset", ["full", "tables"])
def test_the_figures_captions_are_whole_words_at_every_16_9_size(
    qtbot, database, clock, preset, language
) -> None:
    """The demo night's seven figures (players, average, the guaranteed pool, re-buys to
    the end of level 4, the next break, the estimated end, late registration to the
    break after level 4), on one page or two: no caption is cut with an ellipsis,
    none is under 3% of the height, none overlaps another or its value."""
    from director import i18n
    from director.app.night.demo import create_demo

    i18n.set_language(language)
    session = create_demo(database, clock=clock)
    data = display_data(session.state, clock())
    session.close()
    assert len(data.stats) == 7 and any(len(s.caption) > 25 for s in data.stats)
    look = TvLook(layout=PRESETS[preset])
    for size in SIZES:
        face, image = grab(size, look, with_qr(data), url="http://192.168.1.20:8080/")
        check_readable(face, image, look, size, data)
        assert not {key for key in face.elided if key.startswith("stat")}, (size, face.elided)
        captions = set(figure_captions(face))
        for page in range(1, face.figure_pages):  # seven figures may take two pages
            face.scroll_clock = lambda page=page: page * SIDE_PAGE_MS + 2500
            face.grab()
            assert not {key for key in face.elided if key.startswith("stat")}, (size, page)
            captions |= set(figure_captions(face))
        assert len(captions) == len(main_figures(data, look)), size
        if size == (1024, 576):
            image.save(str(SHOTS / f"figures-{preset}-{language}-1024x576.png"))
        face.deleteLater()


def test_figures_that_do_not_fit_one_row_turn_pages(qtbot, night_data) -> None:
    """Six figures with a long caption under the time of a 1024x576 screen: on pages
    that turn with the side column's (the band alone repainted), every figure on one
    of them, never a caption cut."""
    from director.app.views.display import Stat
    from director.core.tv import Element, Layout, Place, Slot

    long = "Re-buys to the break after level 4, then add-ons at the break"
    stats = (
        Stat("Players", "25 / 27", "players"),
        Stat("Average · 56 BB", "5,600", "average"),
        Stat("Guaranteed pool", "€400.00", "prize_pool"),
        Stat(long, "Open", "rebuys"),
        Stat("Next break", "43:00", "next_break"),
    )
    layout = Layout(
        preset="custom",
        slots=(
            Slot(Element.BLINDS, Place.MAIN),
            Slot(Element.STATS, Place.MAIN),
            Slot(Element.NEXT_BREAK, Place.MAIN),
            Slot(Element.CHIPS, Place.MAIN),
            Slot(Element.MOVES, Place.SIDE),
        ),
    )
    look = TvLook(layout=layout)
    data = replace(night_data, stats=stats, message="")
    face = ClockFace()
    qtbot.addWidget(face)
    face.resize(1024, 576)
    face.set_look(look)
    face.set_data(data)
    seen: list[str] = []
    for page in range(3):
        face.scroll_clock = lambda page=page: page * SIDE_PAGE_MS
        image = face.grab().toImage()
        check_readable(face, image, look, (1024, 576), data)
        assert not face.elided, face.elided
        seen += sorted(figure_captions(face))
    assert face.figure_pages == 2
    assert len(set(seen)) == len(main_figures(data, look)) == 6
    assert seen[-len(figure_captions(face)) :] == seen[: len(figure_captions(face))]
    face.show()
    qtbot.waitExposed(face)
    assert face._pages.isActive()
    face.hide()
    assert not face._pages.isActive()


def test_figures_arranged_keep_every_caption_whole_and_inside_the_band(qapp) -> None:
    """The arrangement itself, for one to eight figures in a narrow band: every caption
    fits its box in at most two lines of whole words at 3%, every box in the band,
    none over another."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFont, QFontMetricsF

    from director.app.views.display import Stat
    from director.gui.clock_face import arrange_figures

    captions = [
        "Players",
        "Average · 56 BB",
        "Guaranteed pool",
        "Re-buys to the end of level 4",
        "Next break",
        "Chips in play",
        "Recaves jusqu'à la pause après le niveau 4",
        "Entries",
    ]
    band = QRectF(14, 480, 660, 82)
    least = 18
    family = QFont().family()
    for count in range(1, len(captions) + 1):
        stats = [Stat(text, "140,000") for text in captions[:count]]
        pages = arrange_figures(stats, band, 26, least, family)
        shown = sorted(cell.index for page in pages for cell in page)
        assert shown == list(range(count))
        for page in pages:
            boxes = [box for cell in page for box in (cell.caption, cell.value)]
            for box in boxes:
                assert band.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box)
            for index, first in enumerate(boxes):
                for second in boxes[index + 1 :]:
                    overlap = first.intersected(second)
                    assert overlap.width() < 1 or overlap.height() < 1
            for cell in page:
                font = QFont(family)
                font.setPixelSize(least)
                flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
                text = stats[cell.index].caption.upper()
                needed = QFontMetricsF(font).boundingRect(cell.caption, flags, text)
                assert needed.width() <= cell.caption.width() + 1, (count, text)
                assert needed.height() <= cell.caption.height() + 1, (count, text)
