"""The clock face: paints ``DisplayData`` in the event's TV look, at any size.

Where everything goes comes from ``director.app.tv.tv_layout`` (the layout chosen
and the screen's size): every element has its own box, nothing overlaps from
1024x576 to 3840x2160, the time's digits stand at least a quarter of the
height, and no text is under 3% of it. Colours come from the look's theme
(checked readable by ``director.core.tv``); a background picture lies under a
veil of the background colour; the club's logo has its own box, never over
the time.

The message line scrolls when it is longer than the screen: a timer repaints
only its band (``update(rect)``), about 30 times a second, and a paint asked for
that band alone draws nothing else. What stays still (the background, pictures,
captions, blinds, figures, side column) is drawn once per change into a kept
layer; each second only the time and what counts down with it are drawn over it.
The same widget is the TV display and the preview on the console's clock page.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import field
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHideEvent,
    QImage,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QShowEvent,
    QStaticText,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from director.app.tv.tv_layout import MIN_TEXT, Box, Needs, Plan, plan
from director.app.views.display import (
    ELEMENT_STATS,
    DisplayData,
    FigureRow,
    LeagueRow,
    MoreRow,
    MoveRow,
    NoteRow,
    PlaceRow,
    RaceRow,
    Section,
    SectionKind,
    Stat,
    Timing,
)
from director.core.frozen import Record, dataclass, evolve
from director.core.tv import THEMES, Element, Place, Theme, TvLook
from director.i18n import _, format_number

if TYPE_CHECKING:
    # Pictures are decoded (``gui.media``, with the TV's stored files) only for a look
    # that has one: a face without a logo paints without that module.
    from director.gui.media import LoadedPicture

_DARK = THEMES["dark"]
BACKGROUND = QColor(_DARK.background)
PANEL = QColor(_DARK.panel)
TEXT = QColor(_DARK.text)
DIM = QColor(_DARK.dim)
NEXT = QColor(_DARK.next)
"""The "Next:" line: bright enough to read from 5 m."""
ACCENT = QColor(_DARK.accent)
WARN = QColor(_DARK.warn)
ALERT = QColor(_DARK.alert)
BREAK = QColor(_DARK.rest)
"""The dark theme's colours (the default look), for widgets that have no look."""

MIN_TEXT_FRACTION = MIN_TEXT
"""No text on the TV is smaller than this share of the screen's height (readable at
5 m on a 1080-line TV): a text too long for its place wraps or is shortened."""

MESSAGE_FRAME_MS = 33
"""The scrolling message moves about 30 times a second (its band only is repainted)."""
MESSAGE_SPEED = 0.11
"""Screen heights per second the message scrolls by (about 120 px/s at 1080 lines)."""
MESSAGE_GAP = 0.8
"""Screen heights between the end of the message and its next pass."""
SIDE_PAGE_MS = 8_000
"""When the side column's lines do not all fit, each page stays this long."""
TIME_STRETCH_LEAST = 75
"""The time's glyphs may be drawn down to this percentage of their width (a condensed
face, or the font narrowed) before its size goes down: "1:00:00" and "+03:12" keep
digits a quarter of the height beside the side column."""


class LineStyle(Enum):
    """How a line of the side column looks."""

    HEADING = "heading"
    """A section's title: accent colour, bold."""
    ROW = "row"
    """A name, a paid place, a figure: bright, bold."""
    DETAIL = "detail"
    """Where a player goes, the bubble: warm colour, after an arrow."""
    SEAT = "seat"
    """A name, with its table and seat at the right."""
    DONE = "done"
    """A table move already made: dimmed, its destination ticked."""


@dataclass(frozen=True, eq=False, repr=False)
class SideLine(Record):
    text: str
    style: LineStyle
    right: str = ""
    swatch: str = ""
    """A chip's colour (``#rrggbb``), painted as a disc before the text."""
    counting: str = ""
    """The figure (a key of ``COUNTING_FIGURES``) whose value is this line's text: it
    changes each second, so it is drawn with the time, over the still layer."""


def section_lines(section: Section) -> list[SideLine]:
    """A section of the side column as lines: a title, then each row (a move takes
    two lines: the name, then where to)."""
    lines = [SideLine(section.title, LineStyle.HEADING)]
    for row in section.rows:
        if isinstance(row, MoveRow) and row.done:
            lines.append(SideLine(row.name, LineStyle.DONE))
            lines.append(SideLine("✓ " + row.destination, LineStyle.DONE))
        elif isinstance(row, MoveRow):
            lines.append(SideLine(row.name, LineStyle.ROW))
            lines.append(SideLine("→ " + row.destination, LineStyle.DETAIL))
        elif isinstance(row, RaceRow):
            lines.append(SideLine(row.name, LineStyle.SEAT, row.text))
        elif isinstance(row, NoteRow):
            lines.append(SideLine("→ " + row.text, LineStyle.DETAIL))
        elif isinstance(row, FigureRow):
            swatch = next((figure.colour for figure in row.figures if figure.colour), "")
            lines.append(SideLine(row.text, LineStyle.ROW, swatch=swatch))
        elif isinstance(row, PlaceRow | MoreRow):
            lines.append(SideLine(row.text, LineStyle.ROW))
        elif isinstance(row, LeagueRow):
            lines.append(SideLine(f"{row.rank}. {row.name}", LineStyle.SEAT, row.points))
    return lines


SIDE_SECTIONS = {
    # Hand-for-hand (which tables still play the hand) is news of the tables too.
    # The chip race's result (who won a chip) is news of the tables as well.
    Element.MOVES: (SectionKind.HAND_FOR_HAND, SectionKind.MOVES, SectionKind.CHIP_RACE),
    # The bounties (each player's in a progressive knockout, the mystery envelopes
    # left) are prize money: they follow the payouts.
    Element.PAYOUTS: (SectionKind.PAYOUTS, SectionKind.BOUNTIES),
    # The figures, then the chips on the table at this level with their colours.
    Element.CHIPS: (SectionKind.FIGURES, SectionKind.CHIPS),
    Element.LEAGUE_TABLE: (SectionKind.LEAGUE,),
}


def side_lines(data: DisplayData, look: TvLook) -> list[SideLine]:
    """The side column's lines, top to bottom, in the layout's order (the final
    standings first once the event is over)."""
    sections = {section.kind: section for section in data.sections}
    lines: list[SideLine] = []
    if SectionKind.STANDINGS in sections:
        lines += section_lines(sections[SectionKind.STANDINGS])
    for element in look.layout.at(Place.SIDE):
        kinds = SIDE_SECTIONS.get(element)
        if kinds is not None:
            for kind in kinds:
                if kind in sections:
                    lines += section_lines(sections[kind])
        elif element is Element.STATS:
            stats = [stat for stat in data.stats if stat.key not in ELEMENT_STATS]
            if stats:
                lines.append(SideLine(_("The room"), LineStyle.HEADING))
                lines += [SideLine(stat.caption, LineStyle.SEAT, stat.value) for stat in stats]
        elif element.value in ELEMENT_STATS:
            for stat in data.stats:
                if stat.key == element.value:
                    counting = stat.key if stat.key in COUNTING_FIGURES else ""
                    lines.append(SideLine(stat.caption, LineStyle.HEADING))
                    lines.append(SideLine(stat.value, LineStyle.ROW, counting=counting))
        elif element is Element.SEATS and data.seats and not data.finished:
            lines.append(SideLine(_("Seats · table · seat"), LineStyle.HEADING))
            lines += [
                SideLine(seat.name, LineStyle.SEAT, f"{seat.table} · {seat.seat}")
                for seat in data.seats
            ]
    return lines


def paginate(lines: list[SideLine], per_page: int) -> list[list[SideLine]]:
    """``lines`` cut into pages of ``per_page`` lines. A page that starts inside a
    section starts with that section's title again; with more than one page, each
    page's first title says which page it is ("2/3")."""
    if per_page < 2 or len(lines) <= per_page:
        return [lines[:per_page]] if per_page > 0 else []
    pages: list[list[SideLine]] = []
    page: list[SideLine] = []
    heading: SideLine | None = None
    for line in lines:
        if len(page) == per_page:
            pages.append(page)
            page = []
            if line.style is not LineStyle.HEADING and heading is not None:
                page.append(heading)
        if line.style is LineStyle.HEADING:
            heading = line
            if len(page) == per_page - 1:  # a title alone at the foot of a page
                pages.append(page)
                page = []
        page.append(line)
    if page:
        pages.append(page)
    count = len(pages)
    for number, made in enumerate(pages, start=1):
        if made and made[0].style is LineStyle.HEADING:
            made[0] = SideLine(made[0].text, LineStyle.HEADING, f"{number}/{count}")
    return pages


LINE_STRETCH_LEAST = 87
"""A side column's line may be drawn in a condensed face (87% of the width) before it
is made smaller (a name beside its table and seat in a narrow column)."""


def split_long_lines(
    lines: list[SideLine], family: str, size: float, least: int, width: float
) -> list[SideLine]:
    """``lines`` with each one too wide for ``width`` even at ``least`` pixels (and
    condensed) cut between words into lines that fit at ``size``, and a seat too wide
    beside its name put on the next line (a single word too long is left to be
    shortened)."""
    out: list[SideLine] = []
    for line in lines:
        font = QFont(family)
        font.setBold(line.style is not LineStyle.DETAIL)
        font.setPixelSize(least)
        if line.right and line.style is not LineStyle.HEADING:
            # A name and its table and seat too wide together: the seat goes under it.
            font.setStretch(LINE_STRETCH_LEAST)
            metrics = QFontMetricsF(font)
            both = metrics.horizontalAdvance(line.text) + metrics.horizontalAdvance(line.right)
            if both + width * 0.03 > width * 0.96:
                out += [SideLine(line.text, line.style), SideLine("", line.style, line.right)]
            else:
                out.append(line)
            continue
        font.setStretch(LINE_STRETCH_LEAST)
        room = width * 0.96
        if line.style is LineStyle.HEADING:
            # A title may get its page's number beside it ("2/3").
            room -= QFontMetricsF(font).horizontalAdvance("9/9") + width * 0.03
        if (
            line.right
            or " " not in line.text.strip(" ")
            or QFontMetricsF(font).horizontalAdvance(line.text) <= room
        ):
            out.append(line)
            continue
        font.setStretch(100)
        font.setPixelSize(max(least, int(size)))
        metrics = QFontMetricsF(font)
        piece = ""
        for word in filter(None, line.text.split(" ")):  # never at a no-break space
            longer = f"{piece} {word}" if piece else word
            if piece and metrics.horizontalAdvance(longer) > room:
                out.append(SideLine(piece, line.style))
                piece = word
            else:
                piece = longer
        out.append(SideLine(piece, line.style))
    return out


def main_figures(data: DisplayData, look: TvLook) -> list[Stat]:
    """The figures in the main column's bottom band, in the layout's order."""
    cells: list[Stat] = []
    for element in look.layout.at(Place.MAIN):
        if element is Element.STATS:
            cells += [stat for stat in data.stats if stat.key not in ELEMENT_STATS]
        elif element.value in ELEMENT_STATS:
            cells += [stat for stat in data.stats if stat.key == element.value]
        elif element is Element.CHIPS and data.room.chips_in_play and not data.finished:
            cells.append(Stat(_("Chips in play"), format_number(data.room.chips_in_play), "chips"))
    return cells


@dataclass(frozen=True, eq=False, repr=False)
class FigureCell(Record):
    """Where one figure of the main column's bottom band goes: which figure, its
    caption's box (over) and its value's (under)."""

    index: int
    caption: QRectF
    value: QRectF


VALUE_GIVES = 0.85
"""A figure's value may be drawn this much smaller for its caption to fit whole."""


def arrange_figures(
    stats: list[Stat], rect: QRectF, value_size: float, least: int, family: str
) -> list[list[FigureCell]]:
    """The figures of the bottom band, as pages (one, when they all fit), laid out so
    that every caption is whole words, on at most two lines, at least ``least``
    pixels high: in one row, each cell as wide as its caption and value need (the
    rest shared out); when they do not all fit, over as few pages as it takes (they
    turn like the side column's). Only a caption too long for the whole band alone
    is shortened."""

    def caption_width(text: str, height: float) -> float:
        lines = 2 if _line_spacing(family, least) * 2 <= height + 1 else 1
        return _caption_width(text.upper(), family, least, "two" if lines == 2 else "one")

    def value_width(text: str, pixels: float) -> float:
        return _text_width(text, family, max(2, int(pixels * VALUE_GIVES)), "bold")

    def shared(needs: list[float]) -> list[float]:
        spare = max(0.0, rect.width() - sum(needs)) / len(needs)
        return [need + spare for need in needs]

    def one_row(indexes: list[int], widths: list[float]) -> list[FigureCell]:
        cells = []
        left = rect.left()
        for index, width in zip(indexes, widths, strict=True):
            inner = QRectF(left, rect.top(), width, rect.height()).adjusted(
                width * 0.04, 0, -width * 0.04, 0
            )
            # The caption has room for two lines at 3% of the height (AVERAGE · 133 BB).
            half = inner.height() * 0.5
            cells.append(
                FigureCell(
                    index,
                    caption=QRectF(inner.left(), inner.top(), inner.width(), half),
                    value=QRectF(inner.left(), inner.top() + half, inner.width(), half),
                )
            )
            left += width
        return cells

    # One row, each caption over its value: on two lines where it must, on one where
    # the room allows (the cheapest first).
    needs = [
        max(caption_width(stat.caption, rect.height() * 0.5), value_width(stat.value, value_size))
        / 0.92
        + 1
        for stat in stats
    ]
    everything = list(range(len(stats)))
    if sum(needs) <= rect.width():
        widths = list(needs)
        single = [
            max(caption_width(stat.caption, 0), value_width(stat.value, value_size)) / 0.92 + 1
            for stat in stats
        ]
        for index in sorted(everything, key=lambda i: single[i] - needs[i]):
            if sum(widths) - widths[index] + single[index] <= rect.width():
                widths[index] = max(widths[index], single[index])
        return [one_row(everything, shared(widths))]

    # Pages of one row, as few as it takes, as even as they fit (3 and 2, not 4 and 1).
    pages: list[list[int]] = [[]]
    for index, need in enumerate(needs):
        if pages[-1] and sum(needs[i] for i in pages[-1]) + need > rect.width():
            pages.append([])
        pages[-1].append(index)
    count = len(pages)
    even = [
        everything[number * len(stats) // count : (number + 1) * len(stats) // count]
        for number in range(count)
    ]
    if all(sum(needs[i] for i in page) <= rect.width() for page in even):
        pages = even
    return [one_row(page, shared([needs[i] for i in page])) for page in pages]


# The caches' keys hold no True, False, 0 or 1: the all-night guard counts the
# references to those (tests/soak.py), and a cache filling up over the first minutes
# (a value that changes each second) would look like a leak. Hence words, not flags.


@functools.lru_cache(maxsize=1024)
def _text_width(text: str, family: str, pixels: int, weight: str) -> float:
    """``text``'s advance in ``family`` at ``pixels``, ``weight`` "bold" or "normal"
    (kept: a paint a second asks again)."""
    font = QFont(family)
    font.setBold(weight == "bold")
    font.setPixelSize(pixels)
    return QFontMetricsF(font).horizontalAdvance(text)


@functools.lru_cache(maxsize=64)
def _line_spacing(family: str, pixels: int) -> float:
    font = QFont(family)
    font.setPixelSize(pixels)
    return QFontMetricsF(font).lineSpacing()


@functools.lru_cache(maxsize=1024)
def _caption_width(text: str, family: str, pixels: int, lines: str) -> float:
    """The least width of a caption on "one" or "two" lines."""
    font = QFont(family)
    font.setPixelSize(pixels)
    return least_width(text, QFontMetricsF(font), 2 if lines == "two" else 1)


def least_width(text: str, metrics: QFontMetricsF, lines: int) -> float:
    """The least width ``text`` needs on at most ``lines`` lines (one or two), broken
    only between words."""
    words = text.split()
    whole = metrics.horizontalAdvance(" ".join(words))
    if lines < 2 or len(words) < 2:
        return whole
    return min(
        whole,
        *(
            max(
                metrics.horizontalAdvance(" ".join(words[:cut])),
                metrics.horizontalAdvance(" ".join(words[cut:])),
            )
            for cut in range(1, len(words))
        ),
    )


def fitted_font(
    text: str, family: str, max_pixels: float, width: float, *, bold: bool, narrowest: int = 100
) -> QFont:
    """The largest font up to ``max_pixels`` high whose ``text`` fits ``width``: the
    glyphs narrowed first, down to ``narrowest`` percent of their width, then smaller."""
    font = QFont(family)
    font.setBold(bold)
    font.setPixelSize(max(1, int(max_pixels)))
    if text:
        advance = QFontMetricsF(font).horizontalAdvance(text)
        if narrowest < 100 and advance > width * 0.96 > 0:
            # Narrower glyphs, as little as needed (a glyph's overhang kept inside too).
            stretch = max(narrowest, int(100 * width * 0.96 / advance))
            while True:
                font.setStretch(stretch)
                advance = QFontMetricsF(font).horizontalAdvance(text)
                if advance <= width * 0.96 or stretch <= narrowest:
                    break
                stretch = max(narrowest, stretch - 2)
            if advance > width * 0.96:
                font.setPixelSize(max(1, int(max_pixels * 0.96 * width / advance)))
        elif advance > width > 0:
            # A little under the exact fit: glyph overhangs must stay inside too.
            font.setPixelSize(max(1, int(max_pixels * 0.96 * width / advance)))
    return font


def wrapped_size(
    text: str, font: QFont, most: float, least: int, rect: QRectF, flags: int
) -> int | None:
    """The largest pixel size from ``most`` down to ``least`` at which ``text`` wrapped
    at word boundaries (``flags`` has ``TextWordWrap``) fits ``rect``, or None."""
    probe = QFont(font)
    for pixels in range(max(least, int(most)), least - 1, -1):
        probe.setPixelSize(pixels)
        needed = QFontMetricsF(probe).boundingRect(rect, flags, text)
        if needed.height() <= rect.height() + 1 and needed.width() <= rect.width() + 1:
            return pixels
    return None


def time_shape(text: str) -> str:
    """The time text with every digit a 0 ("1:23:45" -> "0:00:00"), to measure the
    width of every time of its form; a text that is not a time (the hands of a level,
    the winner's name) is measured as "00:00"."""
    if not text or not all(char.isdigit() or char in ":+" for char in text):
        return "00:00"
    return "".join("0" if char.isdigit() else char for char in text)


def qr_image(text: str) -> QImage:
    """A QR code for ``text``: one pixel per module, dark on white with its quiet zone
    (the same modules as every other code the app shows, ``web.qr.qr_rows``)."""
    from director.web.qr import qr_rows  # segno, only when a code is shown

    rows = qr_rows(text, border=4)
    size = len(rows)
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    dark = QColor("#000000").rgb()
    for y, row in enumerate(rows):
        for x, module in enumerate(row):
            if module:
                image.setPixel(x, y, dark)
    return image


COUNTING_FIGURES = frozenset({"next_break"})
"""Figures that count down with the clock (a new value each second): in the main
column or in the side one, they are drawn with the time, over the still layer."""

STILL_TIMING = Timing(computed_at=-1)
"""The instant put in the still layer's key (the layer does not depend on it)."""


def live_figures(data: DisplayData, look: TvLook) -> frozenset[str]:
    """The keys of the figures of the main column's band that change each second."""
    return frozenset(stat.key for stat in main_figures(data, look) if stat.key in COUNTING_FIGURES)


@dataclass(frozen=True, eq=False, repr=False)
class LiveLine(Record):
    """A line of the side column whose text counts down with the clock: where the
    still layer left it blank, and how to draw it there each second."""

    figure: str
    """The figure's key in ``DisplayData.stats``."""
    key: str
    rect: QRectF
    size: float
    colour: QColor
    bold: bool


@dataclass(frozen=True, eq=False, repr=False)
class StillLayer(Record):
    """The face's still parts drawn once per change (background, picture, logo,
    captions, blinds, the figures, the side column), with what they were drawn for."""

    key: tuple[object, ...]
    pixmap: QPixmap = field(compare=False)
    regions: dict[str, QRectF] = field(compare=False)
    font_pixels: dict[str, int] = field(compare=False)
    elided: frozenset[str] = field(compare=False)
    side_pages: int = 0
    figure_pages: int = 0
    live_lines: tuple[LiveLine, ...] = ()
    """The side column's lines drawn over it each second."""


def _rect(box: Box) -> QRectF:
    return QRectF(box.x, box.y, box.w, box.h)


def _on_side(boxes: Mapping[str, Box], name: str) -> bool:
    """Whether box ``name`` lies in the side column."""
    if name not in boxes or "side" not in boxes:
        return False
    box, side = boxes[name], boxes["side"]
    return box.x >= side.x - 0.5 and box.right <= side.right + 0.5


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class ClockFace(QWidget):
    """Paints whatever ``DisplayData`` it was last given, in its ``TvLook``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: DisplayData | None = None
        self.look = TvLook()
        self.pictures: dict[str, LoadedPicture] = {}
        """Decoded pictures by stored name (the look's logo and background)."""
        self.network_url = ""
        """The network page's address, shown as a QR code where the layout says."""
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 180)
        self.family = QFont().family()
        self.regions: dict[str, QRectF] = {}
        self.font_pixels: dict[str, int] = {}
        """The pixel size each text was drawn at, last paint (for the 3% rule's test)."""
        self.elided: set[str] = set()
        """The texts shortened with an ellipsis at the last paint (none, when all fit)."""
        self.colours: dict[str, QColor] = {}
        self._set_colours(self.look.theme)
        self._plan: tuple[object, Plan] | None = None
        self._needs: tuple[object, Needs] | None = None
        self._pixmaps: dict[str, tuple[object, QPixmap]] = {}
        """Scaled pictures, the composed background and the QR code, by what made them."""
        self._message: tuple[object, QStaticText, float] | None = None
        self._time_em = QFontMetricsF(self._bold(100)).horizontalAdvance("00:00") / 100
        self._least_ems: dict[str, float] = {}
        """The advance per pixel of a time's shape drawn as narrow as it may be."""
        self.scroll_clock: Callable[[], int] = monotonic_ms
        """Milliseconds, for the message's position (a test sets its own)."""
        self._scroll = QTimer(self)
        self._scroll.setInterval(MESSAGE_FRAME_MS)
        self._scroll.timeout.connect(self._scroll_step)
        self.side_pages = 0
        """Pages of the side column at the last paint (more than one: they turn)."""
        self.figure_pages = 0
        """Pages of the main column's figures at the last paint (more than one: they turn
        with the side column's)."""
        self._figures: tuple[object, list[list[FigureCell]]] | None = None
        self._split: tuple[object, list[SideLine]] | None = None
        self._pages = QTimer(self)
        self._pages.setInterval(SIDE_PAGE_MS)
        self._pages.timeout.connect(self._turn_page)
        self.full_paints = 0
        self.message_paints = 0
        """Paints of the whole face, and of the message band alone."""
        self._layer: StillLayer | None = None
        self._canvas: QPixmap | None = None
        """The still layer's pixmap, drawn over at each change (a new one per size)."""
        self._still: tuple[DisplayData, TvLook, DisplayData] | None = None
        self._live_lines: list[LiveLine] = []
        """The side column's counting lines found while drawing the still layer."""
        self.layer_builds = 0
        """Times the still layer was drawn (once per change of what it shows)."""

    # -- what to show -----------------------------------------------------------

    def set_data(self, data: DisplayData) -> None:
        """Show ``data``; repainted only when something shown differs (not when only
        the instant it was read did)."""
        if not data.same_screen(self.data):
            self.update()
        self.data = data
        self._sync_scroll()

    def set_look(self, look: TvLook, pictures: Mapping[str, LoadedPicture] | None = None) -> None:
        """Paint in ``look``; ``pictures`` are its logo and background, decoded (a
        missing one is left out)."""
        if look == self.look and dict(pictures or {}) == self.pictures:
            return
        self.look = look
        self.pictures = dict(pictures or {})
        self._set_colours(look.theme)
        self._pixmaps.clear()
        self._plan = None
        self._layer = None  # the pictures, decoded again
        self.update()
        self._sync_scroll()

    def set_network_url(self, url: str) -> None:
        if url != self.network_url:
            self.network_url = url
            self._plan = None
            self.update()

    def _set_colours(self, theme: Theme) -> None:
        self.colours = {role: QColor(value) for role, value in theme.colours().items()}

    # -- the plan -----------------------------------------------------------------

    def needs(self, data: DisplayData) -> Needs:
        look = self.look
        logo = self.pictures.get(look.logo) if look.logo else None
        aspect = 1.0
        if logo is not None:
            size = logo.natural_size()
            aspect = size.width() / max(1, size.height())
        return Needs(
            side=bool(side_lines(data, look)) or self._shows_qr(data),
            figures=bool(main_figures(data, look)),
            message=bool(data.message) and look.layout.place_of(Element.MESSAGE) is not None,
            logo=logo is not None,
            qr=self._shows_qr(data),
            time_em=self._time_em,
            time_em_least=max(self._least_em("00:00"), self._least_em(time_shape(data.time_text))),
            logo_aspect=aspect,
        )

    def _least_em(self, shape: str) -> float:
        em = self._least_ems.get(shape)
        if em is None:
            font = self._bold(100)
            font.setStretch(TIME_STRETCH_LEAST)
            em = QFontMetricsF(font).horizontalAdvance(shape) / 100
            self._least_ems[shape] = em
        return em

    def _shows_qr(self, data: DisplayData) -> bool:
        """Whether the QR code to follow on a phone is in the side column: while the
        page is shared, and only before the clock starts and on breaks, when the room
        arrives or has time to scan; during play the payouts and figures keep their
        whole room (the organizer can show the address for a minute at any time)."""
        return (
            bool(self.network_url)
            and self.look.layout.place_of(Element.QR_CODE) is not None
            and (not data.started or data.on_break)
            and not data.finished
        )

    def current_plan(self) -> Plan | None:
        """The plan for the current size, look and data (kept until one changes)."""
        if self.data is None:
            return None
        data = self.data
        # Worked out again when what is shown changed (not when only the time and the
        # figures counting down with it did, unless the time's shape did), nor for each
        # frame of the scrolling message.
        made_for = (
            self.still_data(data),
            time_shape(data.time_text),
            self.look,
            self.network_url,
            len(self.pictures),
        )
        if self._needs is None or self._needs[0] != made_for:
            self._needs = (made_for, self.needs(data))
        needs = self._needs[1]
        key = (self.width(), self.height(), self.look.layout, needs)
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, plan(self.look.layout, self.width(), self.height(), needs))
        return self._plan[1]

    def shot_clock_room(self) -> QRect | None:
        """Where the shot clocks may go over the face without hiding the blinds line:
        over the side column (payouts and figures can wait half a minute), or, in a
        layout without one, over the time's band above the blinds (None: no plan)."""
        made = self.current_plan()
        if made is None:
            return None
        boxes = made.boxes
        if "side" in boxes:
            return _rect(boxes["side"]).toAlignedRect()
        if "time" in boxes and "blinds" in boxes:
            top = boxes["caption"].y if "caption" in boxes else boxes["time"].y
            time = boxes["time"]
            bottom = math.floor(boxes["blinds"].y - self.height() * 0.01)
            return QRect(round(time.x), math.ceil(top), round(time.w), bottom - math.ceil(top))
        return None

    # -- painting -------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        made = self.current_plan()
        band = made.boxes.get("message") if made is not None else None
        if (
            made is not None
            and band is not None
            and self.data is not None
            and _rect(band).toAlignedRect().contains(event.rect())
        ):
            # The scrolling line alone: nothing else is drawn (or laid out again).
            self.message_paints += 1
            self._paint_message(painter, made, self.data)
            painter.end()
            return
        self.full_paints += 1
        if self.data is None or made is None:
            self.side_pages = self.figure_pages = 0
            self.regions, self.font_pixels, self.elided = {}, {}, set()
            self._paint_background(painter)
        else:
            # What stays still is copied from the layer drawn at its last change; only
            # what moves each second is drawn again.
            kept = self._still_layer(self.data, made)
            painter.drawPixmap(0, 0, kept.pixmap)
            self.regions = dict(kept.regions)
            self.font_pixels = dict(kept.font_pixels)
            self.elided = set(kept.elided)
            self._paint_live(painter, self.data, made, kept.live_lines)
        painter.end()
        self._sync_pages()

    def still_data(self, data: DisplayData) -> DisplayData:
        """``data`` without what changes each second: the instant, the time, the values
        of the figures counting down with it (in the main column or the side one), the
        shot clocks (painted over the face by their own panel)."""
        kept = self._still
        if kept is not None and kept[0] is data and kept[1] == self.look:
            return kept[2]
        stats = tuple(
            evolve(stat, value="") if stat.key in COUNTING_FIGURES else stat for stat in data.stats
        )
        shown = evolve(data, timing=STILL_TIMING, time_text="", stats=stats, shot_clocks=())
        if kept is not None and kept[2] == shown:
            # A new second showing the same: the last second's still data is kept, so
            # that the plan's key and the still layer's, which hold it, find it
            # unchanged by identity (one comparison field by field a second, not one
            # per key).
            shown = kept[2]
        self._still = (data, self.look, shown)
        return shown

    def still_key(self, data: DisplayData, made: Plan) -> tuple[object, ...]:
        """Everything the still layer shows depends on: the data but for what changes
        each second (``still_data``), the plan, the look, the size, the pages of the
        side column and of the figures shown now."""
        shown = self.still_data(data)
        turn = self.scroll_clock() // SIDE_PAGE_MS
        layer = self._layer
        side_pages = layer.side_pages if layer is not None else 0
        figure_pages = layer.figure_pages if layer is not None else 0
        return (
            self.width(),
            self.height(),
            self.devicePixelRatioF(),
            self.family,
            self.look,
            self.network_url,
            made,
            shown,
            turn % side_pages if side_pages > 1 else "one page",
            turn % figure_pages if figure_pages > 1 else "one page",
        )

    def _still_layer(self, data: DisplayData, made: Plan) -> StillLayer:
        """The still layer for ``data``, drawn again only when what it shows changed."""
        key = self.still_key(data, made)
        if self._layer is not None and self._layer.key == key:
            return self._layer
        self.layer_builds += 1
        ratio = self.devicePixelRatioF()
        width, height = round(self.width() * ratio), round(self.height() * ratio)
        pixmap = self._canvas
        if pixmap is None or (pixmap.width(), pixmap.height()) != (width, height):
            # A new pixmap only for a new size: the first painter on each new pixmap
            # leaves references to None behind in PySide6 6.11 (the all-night guard
            # counts them), one drawn over again does not.
            pixmap = self._canvas = QPixmap(width, height)
        pixmap.setDevicePixelRatio(ratio)
        self.regions, self.font_pixels, self.elided = {}, {}, set()
        self.side_pages = self.figure_pages = 0
        self._live_lines = []
        with QPainter(pixmap) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            self._paint_background(painter)
            self._paint_still(painter, data, made)
        self._layer = StillLayer(
            # Its pages as drawn: the key holds the page shown, counted on them.
            key=key[:-2] + self._page_key(),
            pixmap=pixmap,
            regions=dict(self.regions),
            font_pixels=dict(self.font_pixels),
            elided=frozenset(self.elided),
            side_pages=self.side_pages,
            figure_pages=self.figure_pages,
            live_lines=tuple(self._live_lines),
        )
        return self._layer

    def _page_key(self) -> tuple[object, object]:
        turn = self.scroll_clock() // SIDE_PAGE_MS
        return (
            turn % self.side_pages if self.side_pages > 1 else "one page",
            turn % self.figure_pages if self.figure_pages > 1 else "one page",
        )

    def _paint_background(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), self.colours["background"])
        look = self.look
        picture = self.pictures.get(look.background.asset) if look.background else None
        if picture is None:
            return
        key = ("background", look.background, look.theme.background, look.veil, self.size())
        kept = self._pixmaps.get("background")
        if kept is None or kept[0] != key:
            image = picture.render(self.width(), self.height(), cover=True)
            veiled = QPainter(image)
            veil = QColor(look.theme.background)
            veil.setAlpha(round(look.veil * 255 / 100))
            veiled.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationOver)
            veiled.fillRect(image.rect(), QColor(look.theme.background))
            veiled.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            veiled.fillRect(image.rect(), veil)
            veiled.end()
            kept = (key, QPixmap.fromImage(image))
            self._pixmaps["background"] = kept
        painter.drawPixmap(0, 0, kept[1])

    def _text(
        self,
        painter: QPainter,
        key: str,
        rect: QRectF,
        text: str,
        *,
        size: float,
        color: QColor,
        bold: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
        narrowest: int = 100,
    ) -> None:
        self.regions[key] = rect
        if not text:
            return
        font = fitted_font(text, self.family, size, rect.width(), bold=bold, narrowest=narrowest)
        flags = int(align | Qt.AlignmentFlag.AlignVCenter)
        least = math.ceil(self.height() * MIN_TEXT_FRACTION)
        if font.pixelSize() < least:
            # Never smaller than 3% of the height: on more lines, as large as they fit
            # (whole words), else shortened.
            wrapped = flags | int(Qt.TextFlag.TextWordWrap)
            pixels = wrapped_size(text, font, size, least, rect, wrapped)
            if pixels is not None:
                font.setPixelSize(pixels)
                flags = wrapped
            else:
                font.setPixelSize(least)
                metrics = QFontMetricsF(font)
                text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
                self.elided.add(key)
        self.font_pixels[key] = font.pixelSize()
        painter.setFont(font)
        painter.setPen(QPen(color))
        painter.drawText(rect, flags, text)

    def _bold(self, pixels: float) -> QFont:
        font = QFont(self.family)
        font.setBold(True)
        font.setPixelSize(max(1, int(pixels)))
        return font

    def _paint_still(self, painter: QPainter, data: DisplayData, made: Plan) -> None:
        """Everything but the time, the figures counting down with it, the message
        line and the pause banner (``_paint_live``)."""
        colours = self.colours
        boxes, fonts = made.boxes, made.fonts
        height = float(self.height())

        if not _on_side(boxes, "logo"):
            self._paint_logo(painter, boxes.get("logo"))
        accent = colours["rest"] if data.on_break else colours["accent"]
        self._text(
            painter,
            "event",
            _rect(boxes["event"]),
            data.event_name,
            size=fonts["event"],
            color=colours["dim"],
            align=Qt.AlignmentFlag.AlignLeft,
        )
        self._text(
            painter,
            "level",
            _rect(boxes["level"]),
            data.level_label.upper(),
            size=fonts["level"],
            color=accent,
            bold=True,
            align=Qt.AlignmentFlag.AlignRight,
        )
        self._text(
            painter,
            "caption",
            _rect(boxes["caption"]),
            data.time_caption.upper(),
            size=fonts["caption"],
            color=colours["warn"] if data.overtime or data.finished else colours["dim"],
            bold=True,
        )

        if "blinds" in boxes:
            blinds, ante = _rect(boxes["blinds"]), _rect(boxes["ante"])
            on_break = data.on_break
            self._text(
                painter,
                "blinds",
                blinds,
                data.note if on_break else data.blinds_text,
                size=fonts["blinds"] * (0.55 if on_break else 1.0),
                color=colours["text"],
                bold=True,
            )
            # On a break, the add-on on offer (R4) where the ante would be.
            self._text(
                painter,
                "ante",
                ante,
                data.addon_text if on_break else data.ante_text,
                size=fonts["ante"],
                color=colours["warn" if on_break else "text"],
                bold=on_break,
            )
        if "next" in boxes:
            # The next hand's banner (R9), or the next level.
            pending = _rect(boxes["next"])
            if data.pending_text:
                painter.fillRect(pending, colours["warn"])
                self._text(
                    painter,
                    "next",
                    pending,
                    data.pending_text.upper(),
                    size=fonts["next"] * 1.1,
                    color=colours["background"],
                    bold=True,
                )
            else:
                self._text(
                    painter,
                    "next",
                    pending,
                    data.next_text,
                    size=fonts["next"],
                    color=colours["next"],
                )
        live = live_figures(data, self.look)
        if "stats" in boxes:
            stats = main_figures(data, self.look)
            self._paint_stats(painter, stats, boxes["stats"], fonts, leave=live)
        if "side" in boxes:
            self._paint_side(painter, data, made, height)

    def _paint_live(
        self,
        painter: QPainter,
        data: DisplayData,
        made: Plan,
        live_lines: tuple[LiveLine, ...] = (),
    ) -> None:
        """What changes each second, over the still layer: the time, the figures that
        count down with it (``live_lines``: those in the side column), then the message
        line and the pause banner."""
        colours = self.colours
        boxes, fonts = made.boxes, made.fonts
        height = float(self.height())
        # The time, as large as its band allows.
        time_rect = _rect(boxes["time"])
        time_colour = colours["text"]
        if data.finished:
            time_colour = colours["warn"]  # the winner's name, in gold
        elif data.paused:
            time_colour = colours["dim"]
        elif data.overtime:
            time_colour = colours["warn"]
        elif data.on_break:
            time_colour = colours["rest"]
        time_size = fonts["time"] * (0.5 if data.hands_level else 1.0)
        self._text(
            painter,
            "time",
            time_rect,
            data.time_text,
            size=time_size,
            color=time_colour,
            bold=True,
            narrowest=TIME_STRETCH_LEAST,
        )
        live = live_figures(data, self.look)
        if live and "stats" in boxes:
            stats = main_figures(data, self.look)
            self._paint_stats(painter, stats, boxes["stats"], fonts, only=live)
        if live_lines:
            values = {stat.key: stat.value for stat in data.stats}
            for line in live_lines:
                self._text(
                    painter,
                    line.key,
                    line.rect,
                    values.get(line.figure, ""),
                    size=line.size,
                    color=line.colour,
                    bold=line.bold,
                    align=Qt.AlignmentFlag.AlignLeft,
                    narrowest=LINE_STRETCH_LEAST,
                )
        if "message" in boxes:
            self._paint_message(painter, made, data)
        if data.paused:
            self._paint_paused(painter, time_rect, height)

    def _paint_logo(self, painter: QPainter, box: Box | None) -> None:
        if box is None:
            return
        picture = self.pictures.get(self.look.logo)
        if picture is None:
            return
        self.regions["logo"] = _rect(box)
        key = ("logo", self.look.logo, round(box.w), round(box.h))
        kept = self._pixmaps.get("logo")
        if kept is None or kept[0] != key:
            kept = (key, QPixmap.fromImage(picture.render(round(box.w), round(box.h), cover=False)))
            self._pixmaps["logo"] = kept
        painter.drawPixmap(QPointF(box.x, box.y), kept[1])

    def _paint_stats(
        self,
        painter: QPainter,
        stats: list[Stat],
        box: Box,
        fonts: Mapping[str, float],
        *,
        leave: frozenset[str] = frozenset(),
        only: frozenset[str] | None = None,
    ) -> None:
        """The figures' band: its panel, captions and values, but the values of the
        figures in ``leave``; or, with ``only``, those figures' values alone (drawn
        each second over the rest, kept still)."""
        rect = _rect(box)
        self.regions["stats"] = rect
        if not stats:
            return
        if only is None:
            painter.fillRect(rect, self.colours["panel"])
        least = math.ceil(self.height() * MIN_TEXT_FRACTION)
        key = (tuple(stats), rect, least, self.family)
        if self._figures is None or self._figures[0] != key:
            arranged = arrange_figures(stats, rect, fonts["stat_value"], least, self.family)
            self._figures = (key, arranged)
        pages = self._figures[1]
        self.figure_pages = len(pages)
        for cell in pages[(self.scroll_clock() // SIDE_PAGE_MS) % len(pages)]:
            stat = stats[cell.index]
            if only is not None:
                if stat.key not in only:
                    continue
            else:
                self._text(
                    painter,
                    f"stat{cell.index}.caption",
                    cell.caption,
                    stat.caption.upper(),
                    size=fonts["stat_caption"],
                    color=self.colours["next"],
                )
                if stat.key in leave:
                    continue
            self._text(
                painter,
                f"stat{cell.index}",
                cell.value,
                stat.value,
                size=fonts["stat_value"],
                color=self.colours["text"],
                bold=True,
            )

    def _paint_side(self, painter: QPainter, data: DisplayData, made: Plan, height: float) -> None:
        boxes = made.boxes
        side = _rect(boxes["side"])
        self.regions["side"] = side
        painter.fillRect(side, self.colours["panel"])
        if _on_side(boxes, "logo"):  # painted over the side column's panel
            self._paint_logo(painter, boxes["logo"])
        if "qr" in boxes:
            self._paint_qr(painter, boxes["qr"], boxes["qr_caption"], made.fonts["qr_caption"])
        lines = side_lines(data, self.look)
        if not lines:
            return
        rect = _rect(boxes["lines"])
        self.regions["lines"] = rect
        count = max(len(lines), 8)
        # Lines at 3% of the height or more: when they do not all fit, the column
        # turns its pages every few seconds (the moves come first, on every page's
        # start, then the payouts, the figures, the seat draw).
        line_height = max(min(made.fonts["line"], rect.height() * 0.92 / count), height * 0.041)
        least = math.ceil(height * MIN_TEXT_FRACTION)
        size = max(line_height * 0.75, least)
        # A line too long for the column even at 3% goes on two (a bounty's amount is
        # never cut off).
        key = (tuple(lines), self.family, size, least, rect.width())
        if self._split is None or self._split[0] != key:
            # Measured once per change of the lines, not for every paint.
            self._split = (
                key,
                split_long_lines(lines, self.family, size, least, rect.width() * 0.9),
            )
        lines = self._split[1]
        top = rect.top() + height * 0.02
        fitting = max(0, int((rect.bottom() - top) // line_height))
        pages = paginate(lines, fitting)
        self.side_pages = len(pages)
        lines = pages[(self.scroll_clock() // SIDE_PAGE_MS) % len(pages)] if pages else []
        colours = {
            LineStyle.HEADING: self.colours["accent"],
            LineStyle.ROW: self.colours["text"],
            LineStyle.DETAIL: self.colours["warn"],
            LineStyle.SEAT: self.colours["text"],
            LineStyle.DONE: self.colours["dim"],
        }
        wanted = self._bold(size)
        wanted.setStretch(LINE_STRETCH_LEAST)
        metrics = QFontMetricsF(wanted)
        for number, line in enumerate(lines[:fitting]):
            line_rect = QRectF(
                rect.left() + rect.width() * 0.05,
                top + number * line_height,
                rect.width() * 0.9,
                line_height,
            )
            line_size = size
            if line.right:
                # The name and its table and seat share the line at one size: smaller
                # together (never under 3%) when both do not fit at the column's size.
                gap = line_rect.width() * 0.03
                both = metrics.horizontalAdvance(line.text) + metrics.horizontalAdvance(line.right)
                if both + gap > line_rect.width() * 0.96:
                    line_size = max(least, size * line_rect.width() * 0.96 / (both + gap))
                right_width = min(
                    line_rect.width() * 0.45,
                    metrics.horizontalAdvance(line.right) * line_size / size * 1.05 + 1,
                )
                right_rect = QRectF(
                    line_rect.right() - right_width, line_rect.top(), right_width, line_height
                )
                self._text(
                    painter,
                    f"line{number}.right",
                    right_rect,
                    line.right,
                    size=line_size,
                    color=self.colours["next"],
                    bold=True,
                    align=Qt.AlignmentFlag.AlignRight,
                    narrowest=LINE_STRETCH_LEAST,
                )
                line_rect.setRight(right_rect.left() - line_rect.width() * 0.03)
            if line.swatch:
                self._paint_swatch(painter, line_rect, line.swatch, size)
            bold = line.style is not LineStyle.DETAIL
            if line.counting:
                # Left blank here, drawn each second by ``_paint_live``.
                self.regions[f"line{number}"] = line_rect
                self._live_lines.append(
                    LiveLine(
                        line.counting,
                        f"line{number}",
                        line_rect,
                        line_size,
                        colours[line.style],
                        bold,
                    )
                )
                continue
            self._text(
                painter,
                f"line{number}",
                line_rect,
                line.text,
                size=line_size,
                color=colours[line.style],
                bold=bold,
                align=Qt.AlignmentFlag.AlignLeft,
                narrowest=LINE_STRETCH_LEAST,
            )

    def _paint_swatch(self, painter: QPainter, line_rect: QRectF, colour: str, size: float) -> None:
        """A chip's colour as a disc at the start of its line (the text moves right)."""
        disc = QRectF(line_rect.left(), line_rect.center().y() - size / 2, size, size)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.colours["text"], max(1.0, size * 0.08)))
        painter.setBrush(QColor(colour))
        painter.drawEllipse(disc)
        painter.restore()
        line_rect.setLeft(disc.right() + size * 0.4)

    def _paint_qr(self, painter: QPainter, box: Box, caption: Box, size: float) -> None:
        key = ("qr", self.network_url)
        kept = self._pixmaps.get("qr")
        if kept is None or kept[0] != key:
            kept = (key, QPixmap.fromImage(qr_image(self.network_url)))
            self._pixmaps["qr"] = kept
        code = kept[1]
        # Whole pixels per module, so the code stays sharp and scannable.
        side = int(box.w // code.width()) * code.width() or int(box.w)
        target = QRectF(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawPixmap(target.toRect(), code)
        self.regions["qr"] = target
        self._text(
            painter,
            "qr_caption",
            _rect(caption),
            _("Scan to follow on your phone"),
            size=size,
            color=self.colours["next"],
        )

    def _paint_message(self, painter: QPainter, made: Plan, data: DisplayData) -> None:
        box = made.boxes["message"]
        rect = _rect(box)
        self.regions["message"] = rect
        painter.fillRect(rect, self.colours["panel"])
        if not data.message:
            return
        pixels = max(math.ceil(self.height() * MIN_TEXT_FRACTION), int(made.fonts["message"]))
        font = self._bold(pixels)
        key = (data.message, pixels, self.family)
        if self._message is None or self._message[0] != key:
            static = QStaticText(data.message)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(font=font)
            width = QFontMetricsF(font).horizontalAdvance(data.message)
            self._message = (key, static, width)
        _key, static, width = self._message
        self.font_pixels["message"] = pixels
        inner = rect.adjusted(rect.height() * 0.3, 0, -rect.height() * 0.3, 0)
        painter.setFont(font)
        painter.setPen(QPen(self.colours["text"]))
        top = inner.top() + (inner.height() - QFontMetricsF(font).height()) / 2
        if width <= inner.width():
            painter.drawStaticText(QPointF(inner.left() + (inner.width() - width) / 2, top), static)
            return
        painter.save()
        painter.setClipRect(inner)
        span = width + MESSAGE_GAP * self.height()
        offset = (self.scroll_clock() * MESSAGE_SPEED * self.height() / 1000) % span
        start = inner.left() + inner.width() * 0.1 - offset
        painter.drawStaticText(QPointF(start, top), static)
        if start + span < inner.right():
            painter.drawStaticText(QPointF(start + span, top), static)
        painter.restore()

    def message_scrolls(self) -> bool:
        """Whether the message line is longer than its band (so it scrolls)."""
        made = self.current_plan()
        if made is None or self.data is None or "message" not in made.boxes:
            return False
        box = made.boxes["message"]
        pixels = max(math.ceil(self.height() * MIN_TEXT_FRACTION), int(made.fonts["message"]))
        width = QFontMetricsF(self._bold(pixels)).horizontalAdvance(self.data.message)
        return width > box.w - box.h * 0.6

    def message_rect(self) -> QRect | None:
        made = self.current_plan()
        if made is None or "message" not in made.boxes:
            return None
        return _rect(made.boxes["message"]).toAlignedRect()

    def _sync_scroll(self) -> None:
        """Run the scrolling timer exactly while a long message is on a shown face."""
        scrolling = self.isVisible() and self.message_scrolls()
        if scrolling and not self._scroll.isActive():
            self._scroll.start()
        elif not scrolling and self._scroll.isActive():
            self._scroll.stop()

    def _turn_page(self) -> None:
        """Show the next page of the side column and of the figures (their boxes alone
        are repainted)."""
        made = self.current_plan()
        turned = False
        if made is not None and "side" in made.boxes and self.side_pages > 1:
            self.update(_rect(made.boxes["side"]).toAlignedRect())
            turned = True
        if made is not None and "stats" in made.boxes and self.figure_pages > 1:
            self.update(_rect(made.boxes["stats"]).toAlignedRect())
            turned = True
        if not turned:
            self._pages.stop()

    def _sync_pages(self) -> None:
        turning = self.isVisible() and (self.side_pages > 1 or self.figure_pages > 1)
        if turning and not self._pages.isActive():
            self._pages.start()
        elif not turning and self._pages.isActive():
            self._pages.stop()

    def _scroll_step(self) -> None:
        band = self.message_rect()
        if band is None:
            self._scroll.stop()
            return
        self.update(band)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._sync_scroll()
        self._sync_pages()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._scroll.stop()
        self._pages.stop()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_scroll()

    def _paint_paused(self, painter: QPainter, time_rect: QRectF, height: float) -> None:
        banner = QRectF(
            time_rect.left(),
            time_rect.center().y() - height * 0.085,
            time_rect.width(),
            height * 0.17,
        )
        painter.fillRect(banner, self.colours["alert"])
        self._text(
            painter,
            "paused",
            banner,
            _("PAUSED"),
            size=height * 0.14,
            color=self.colours["text"],
            bold=True,
        )
