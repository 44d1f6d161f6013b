"""Where everything goes on the TV: a layout and a screen size in, boxes out.

Pure (no Qt): the TV window, the console's preview and the tests use the same
plan. Every element gets its own box; boxes never overlap and stay inside the
screen; the time's band is at least ``TIME_MIN`` of the height and the main
column wide enough for the time's digits to stand a quarter of the height,
whatever the time reads ("59:59", "1:00:00", "+03:12"): the side column gives
way down to ``SIDE_LEAST`` of the width for "00:00" at its natural width, then
the time's glyphs narrow (down to ``Needs.time_em_least``), then the side column
narrows further, and only on a screen too narrow even for that does it go;
every text is at least ``MIN_TEXT`` of the height, from 1024x576 to 3840x2160.

Sizes are shares of the height, so a plan scales with the screen.
"""

from __future__ import annotations

from dataclasses import field

from director.core.frozen import Record, dataclass
from director.core.tv import Element, Layout, LogoPlace, Place, Side, TvLook

MIN_TEXT = 0.03
"""No text is smaller than this share of the height (readable at 5 m)."""
TIME_MIN = 0.37
"""The time's band, at least (its font is ``TIME_FONT`` of the band)."""
TIME_MAX = 0.56
TIME_FONT = 0.975
DIGITS = 0.75
"""Digits stand about three quarters of a font's pixel size."""
TIME_DIGITS_AT_LEAST = 0.255
"""The time's digits: a quarter of the height, and a little to spare."""
SIDE_LEAST = 0.3
"""The side column keeps at least this share of the width (when the layout asks for
that much) before the time's glyphs narrow."""
SIDE_DROPPED = 0.12
"""A side column narrower than this share of the width is not shown at all."""
MARGIN = 0.025
"""Side margins, and the gap between the columns, as a share of the height."""
TOP, BOTTOM = 0.015, 0.01

# (preferred, least) heights of the bands, as shares of the screen's height.
BANDS: dict[str, tuple[float, float]] = {
    "message": (0.075, 0.06),
    "title": (0.09, 0.07),
    "caption": (0.055, 0.04),
    "time": (0.41, TIME_MIN),
    "blinds": (0.14, 0.105),
    "ante": (0.055, 0.04),
    "next": (0.06, 0.045),
    "stats": (0.155, 0.125),
}
MAIN_FIGURES = (Element.STATS, Element.NEXT_BREAK, Element.ESTIMATED_END, Element.CHIPS)
"""What the main column's figures band may hold."""


def shows_league_table(look: TvLook) -> bool:
    """Whether the live league table is shown: only when the TV's layout has it. The
    clock feed leaves its section out of the display otherwise, so the TV window and
    the network page (phones, TVs on the network) show it alike."""
    return look.layout.place_of(Element.LEAGUE_TABLE) is not None


@dataclass(frozen=True, eq=False, repr=False)
class Box(Record):
    """A rectangle in pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        """Whether the two share more than an edge."""
        return (
            min(self.right, other.right) - max(self.x, other.x) >= 1
            and min(self.bottom, other.bottom) - max(self.y, other.y) >= 1
        )

    def inside(self, width: float, height: float) -> bool:
        return (
            self.x >= -0.5
            and self.y >= -0.5
            and self.right <= width + 0.5
            and (self.bottom <= height + 0.5)
        )


@dataclass(frozen=True, eq=False, repr=False)
class Needs(Record):
    """What there is to show now, besides the layout."""

    side: bool = True
    """Something to show in the side column (moves, payouts, seats...)."""
    figures: bool = True
    """The main column's figures band has something to show."""
    message: bool = False
    logo: bool = False
    qr: bool = False
    time_em: float = 3.2
    """"00:00"'s advance per pixel of font size at the font's natural width (about 3.2)."""
    time_em_least: float = 2.5
    """The advance per pixel of font size of the widest time text to show now ("00:00"
    at least; "1:00:00" in a level of an hour or more, "+03:12" in overtime), drawn
    as narrow as the face may draw it (about 2.5 for "00:00")."""
    logo_aspect: float = 1.0
    """The logo's width over its height."""


@dataclass(frozen=True, eq=False, repr=False)
class Plan(Record):
    """Every box of the TV at one size, and the font size each text aims at."""

    width: float
    height: float
    boxes: dict[str, Box] = field(default_factory=dict)
    fonts: dict[str, float] = field(default_factory=dict)
    """Font pixel sizes: "event", "level", "caption", "time", "blinds", "ante", "next",
    "stat_caption", "stat_value", "message", "qr_caption"; "line" is the side column's
    tallest line (its font is three quarters of it)."""
    side_dropped: bool = False
    """The screen was too narrow for the side column beside a readable time (the time
    as it reads now, narrowed as far as it may be)."""


def _heights(wanted: list[str], available: float) -> dict[str, float]:
    """Shares of the height for ``wanted`` bands: the preferred ones when they fit,
    else every band but the time shrinks toward its least, then the time; room to
    spare goes to the time (up to ``TIME_MAX``), then to the blinds."""
    heights = {name: BANDS[name][0] for name in wanted}
    excess = sum(heights.values()) - available
    if excess > 0:
        give = {name: BANDS[name][0] - BANDS[name][1] for name in wanted if name != "time"}
        room = sum(give.values())
        share = min(1.0, excess / room) if room else 0.0
        for name, spare in give.items():
            heights[name] -= spare * share
        excess -= room * share
        if excess > 0 and "time" in heights:
            heights["time"] = max(TIME_MIN, heights["time"] - excess)
    else:
        spare = -excess
        if "time" in heights:
            grow = min(spare, TIME_MAX - heights["time"])
            heights["time"] += grow
            spare -= grow
        if spare > 0 and "blinds" in heights:
            grow = min(spare, heights["blinds"] * 0.5)
            heights["blinds"] += grow
            heights["ante"] = heights.get("ante", 0.0) + min(spare - grow, 0.02)
    return heights


def main_bands(layout: Layout, needs: Needs) -> list[str]:
    """The main column's bands, top to bottom (the message line aside)."""
    bands = ["title", "caption", "time"]
    figures_placed = False
    for element in layout.at(Place.MAIN):
        if element is Element.BLINDS:
            bands += ["blinds", "ante"]
        elif element is Element.NEXT_LEVEL:
            bands.append("next")
        elif element in MAIN_FIGURES and needs.figures and not figures_placed:
            bands.append("stats")
            figures_placed = True
    return bands


NOTHING_MORE = Needs()
"""Nothing to show besides the layout."""


def plan(layout: Layout, width: float, height: float, needs: Needs = NOTHING_MORE) -> Plan:
    """The boxes of the TV showing ``layout`` on a ``width`` x ``height`` screen."""
    H, W = float(height), float(width)
    margin = MARGIN * H
    bands = main_bands(layout, needs)
    message_at = layout.place_of(Element.MESSAGE) if needs.message else None
    stack = ["message", *bands] if message_at is Place.TOP else list(bands)
    if message_at is Place.BOTTOM:
        stack.append("message")
    shares = _heights(stack, 1.0 - TOP - BOTTOM)

    # Columns: the side column takes its share unless the time would no longer fit:
    # it narrows (down to SIDE_LEAST of the width) for "00:00" at its natural width,
    # then the time's glyphs narrow, then the side column again, then it goes.
    wanted = side_w = W * layout.side_width / 100 if needs.side else 0.0

    def least_main(em: float) -> float:
        return em * TIME_DIGITS_AT_LEAST / DIGITS * H / 0.96 + 2 * margin

    dropped = False
    if side_w and W - side_w < least_main(needs.time_em):
        side_w = max(W - least_main(needs.time_em), min(wanted, SIDE_LEAST * W))
    if side_w and W - side_w < least_main(needs.time_em_least):
        side_w = max(0.0, W - least_main(needs.time_em_least))
        if side_w < SIDE_DROPPED * W:
            side_w, dropped = 0.0, True
    if side_w and layout.side is Side.LEFT:
        side_box_x, main_x = margin, side_w + margin
    else:
        side_box_x, main_x = W - side_w, margin
    main_w = W - side_w - 2 * margin

    boxes: dict[str, Box] = {}
    fonts: dict[str, float] = {}
    y = TOP * H
    side_top = y
    side_bottom = H - BOTTOM * H
    for name in stack:
        h = shares[name] * H
        if name == "message":
            boxes["message"] = Box(margin, y, W - 2 * margin, h)
            fonts["message"] = max(MIN_TEXT * H, h * 0.58)
            if message_at is Place.TOP:
                side_top = y + h + 0.01 * H
            else:
                side_bottom = y - 0.01 * H
        else:
            boxes[name] = Box(main_x, y, main_w, h)
        y += h
    main_top = boxes["title"].y
    boxes["main"] = Box(main_x, main_top, main_w, boxes[bands[-1]].bottom - main_top)

    title = boxes["title"]
    fonts["event"] = max(MIN_TEXT * H, title.h * 0.55)
    fonts["level"] = title.h * 0.83
    left_edge, right_edge = title.x, title.right
    if needs.logo and (layout.logo is not LogoPlace.SIDE_TOP or not side_w):
        logo_w = min(title.h * max(0.5, min(needs.logo_aspect, 4.0)), title.w * 0.25)
        if layout.logo is LogoPlace.TITLE_RIGHT:
            boxes["logo"] = Box(title.right - logo_w, title.y, logo_w, title.h)
            right_edge = title.right - logo_w - margin
        else:
            boxes["logo"] = Box(title.x, title.y, logo_w, title.h)
            left_edge = title.x + logo_w + margin
    half = (right_edge - left_edge) / 2
    boxes["event"] = Box(left_edge, title.y, half, title.h)
    boxes["level"] = Box(left_edge + half, title.y, half, title.h)
    fonts["caption"] = max(MIN_TEXT * H, boxes["caption"].h * 0.82)
    fonts["time"] = boxes["time"].h * TIME_FONT
    if "blinds" in boxes:
        fonts["blinds"] = boxes["blinds"].h * 0.96
        fonts["ante"] = max(MIN_TEXT * H, boxes["ante"].h * 0.9)
    if "next" in boxes:
        fonts["next"] = max(MIN_TEXT * H, boxes["next"].h * 0.77)
    if "stats" in boxes:
        stats = boxes["stats"]
        fonts["stat_caption"] = max(MIN_TEXT * H * 1.04, stats.h * 0.2)
        fonts["stat_value"] = max(MIN_TEXT * H, stats.h * 0.32)

    if side_w:
        side = Box(side_box_x, side_top, side_w - margin, side_bottom - side_top)
        boxes["side"] = side
        lines_top, lines_bottom = side.y, side.bottom
        if needs.logo and layout.logo is LogoPlace.SIDE_TOP:
            logo_h = min(0.16 * H, side.h * 0.25)
            boxes["logo"] = Box(side.x, side.y, side.w, logo_h)
            lines_top += logo_h + 0.01 * H
        if needs.qr:
            code = min(side.w * 0.62, 0.26 * H)
            caption_h = 0.075 * H  # two lines at 3%, for a narrow column
            qr_top = side.bottom - code - 0.015 * H
            boxes["qr"] = Box(side.x + (side.w - code) / 2, qr_top, code, code)
            boxes["qr_caption"] = Box(side.x, qr_top - caption_h, side.w, caption_h)
            fonts["qr_caption"] = MIN_TEXT * H * 1.05
            lines_bottom = qr_top - caption_h - 0.005 * H
        boxes["lines"] = Box(side.x, lines_top, side.w, max(0.0, lines_bottom - lines_top))
        fonts["line"] = max(min(0.06 * H, boxes["lines"].h * 0.92 / 8), 0.041 * H)
    return Plan(W, H, boxes, fonts, dropped)


def separate_boxes(made: Plan) -> list[str]:
    """The boxes that must not overlap one another (containers aside)."""
    return [name for name in made.boxes if name not in ("main", "title", "side")]
