"""The TV's look: its colours, what it shows and where, its pictures and sounds.

A ``TvLook`` is chosen per event (the ``SetTvLook`` command, undoable like any
other), or left to the defaults from the settings. Its pictures and sounds are
named by their content (``<sha256>.<ext>``): the files themselves live in the
app's data folder, so a look never points at a path that could disappear.

Every text on the TV must stay readable: ``contrast_problems`` checks each
text colour against what lies behind it by WCAG AA (4.5:1 for normal text, 3:1
for large text), a background picture included (texts sit on a veil of the
background colour; the picture's darkest and lightest tones bound what shows
through). A look that fails is refused, naming the text.
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import StrEnum
from typing import NamedTuple

from director.core.clock import CueKind
from director.core.colours import (
    AA_LARGE,
    AA_NORMAL,
    Rgb,
    blended_luminance,
    contrast_ratio,
    luminance,
    parse_colour,
    rounded,
    worst_ratio,
)
from director.core.errors import RuleViolation, require
from director.core.frozen import Record, dataclass, fields_of

# -- colours ------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class Theme(Record):
    """The TV's colours, each ``#rrggbb``; ``name`` is a shipped theme's or "custom"."""

    name: str = "dark"
    background: str = "#0d1117"
    panel: str = "#161b22"
    """Behind the figures, the side column and the message line."""
    text: str = "#f0f3f6"
    """The time, the blinds, names and figures."""
    dim: str = "#8b949e"
    """The event's name, the caption above the time, a paused time."""
    next: str = "#d0d7de"
    """The next level and the figures' captions."""
    accent: str = "#58a6ff"
    """The level and the side column's headings."""
    warn: str = "#f0b429"
    """Overtime, the winner, where a player moves; the next-hand banner."""
    alert: str = "#c62828"
    """The PAUSED banner."""
    rest: str = "#3fb950"
    """The time and the level during a break."""

    def colours(self) -> dict[str, str]:
        """Each colour role and its value."""
        return {f.name: getattr(self, f.name) for f in fields_of(Theme) if f.name != "name"}


COLOUR_ROLES: tuple[str, ...] = tuple(f.name for f in fields_of(Theme) if f.name != "name")

THEMES: dict[str, Theme] = {
    "dark": Theme(),
    "light": Theme(
        name="light",
        background="#f6f8fa",
        panel="#e3e8ee",
        text="#0d1117",
        dim="#4f5862",
        next="#2d333b",
        accent="#0550ae",
        warn="#8a4b00",
        alert="#ff6b61",
        rest="#116329",
    ),
    "contrast": Theme(
        name="contrast",
        background="#000000",
        panel="#161616",
        text="#ffffff",
        dim="#e6e6e6",
        next="#ffffff",
        accent="#ffff00",
        warn="#ffd500",
        alert="#c00000",
        rest="#00ff66",
    ),
    "felt": Theme(
        name="felt",
        background="#0b3d2e",
        panel="#062a1f",
        text="#fdfbf3",
        dim="#b7d3c3",
        next="#e3efe8",
        accent="#f2c94c",
        warn="#ffb74d",
        alert="#b3261e",
        rest="#9be7b4",
    ),
}
"""The shipped themes: dark (the default), light for daylight rooms, high contrast
and felt green."""


class Ground(StrEnum):
    """What lies behind a text."""

    BACKGROUND = "background"
    """The window's background (and a background picture under its veil)."""
    PANEL = "panel"
    WARN = "warn"
    """The next-hand banner."""
    ALERT = "alert"
    """The PAUSED banner."""


class TextCheck(NamedTuple):
    """One kind of text on the TV: its colour role, what it is drawn on, its size."""

    key: str
    """A message code naming the text for the organizer ("tv_text_next")."""
    colour: str
    ground: Ground
    large: bool = False
    """At least 7% of the screen's height and bold: WCAG's large text (3:1)."""

    @property
    def needed(self) -> Decimal:
        return AA_LARGE if self.large else AA_NORMAL


TEXT_CHECKS: tuple[TextCheck, ...] = (
    TextCheck("tv_text_main", "text", Ground.BACKGROUND),
    TextCheck("tv_text_dim", "dim", Ground.BACKGROUND),
    TextCheck("tv_text_level", "accent", Ground.BACKGROUND, large=True),
    TextCheck("tv_text_next", "next", Ground.BACKGROUND),
    TextCheck("tv_text_break", "rest", Ground.BACKGROUND, large=True),
    TextCheck("tv_text_overtime", "warn", Ground.BACKGROUND),
    TextCheck("tv_text_figures", "text", Ground.PANEL),
    TextCheck("tv_text_captions", "next", Ground.PANEL),
    TextCheck("tv_text_headings", "accent", Ground.PANEL),
    TextCheck("tv_text_details", "warn", Ground.PANEL),
    TextCheck("tv_text_banner", "background", Ground.WARN),
    TextCheck("tv_text_paused", "text", Ground.ALERT, large=True),
)
"""Every text colour on the TV against what it is drawn on (the seat draw uses the
same pairs: names in the main colour, seats in the next level's)."""


class ContrastProblem(NamedTuple):
    """A text that is not readable enough: its contrast and the least it needs."""

    key: str
    ratio: Decimal
    needed: Decimal

    def violation(self) -> RuleViolation:
        return RuleViolation(
            "tv_contrast", text=self.key, ratio=rounded(self.ratio), needed=str(self.needed)
        )


# -- pictures -------------------------------------------------------------------

ASSET_NAME = re.compile(r"[0-9a-f]{64}\.(png|jpg|svg|wav)")
"""A picture's or a sound's stored name: the SHA-256 of its bytes and its kind."""
PICTURE_KINDS = frozenset({"png", "jpg", "svg"})
SOUND_KINDS = frozenset({"wav"})


def require_asset(name: str, kinds: frozenset[str]) -> str:
    """``name`` if it is a stored asset's name of one of ``kinds``."""
    require(
        isinstance(name, str)
        and ASSET_NAME.fullmatch(name) is not None
        and name.rsplit(".", 1)[1] in kinds,
        "bad_asset_name",
        name=str(name)[:80],
    )
    return name


@dataclass(frozen=True, eq=False, repr=False)
class Picture(Record):
    """A background picture and the range of its tones.

    ``low`` and ``high`` are the least and the greatest red, green and blue over the
    picture's pixels (measured when it is chosen): whatever shows through the veil
    lies between the veil over ``low`` and the veil over ``high``.
    """

    asset: str
    low: str = "#000000"
    high: str = "#ffffff"


# -- what the TV shows, and where ------------------------------------------------


class Element(StrEnum):
    """What the TV can show besides the time (always shown, at the top of the main
    column, at least a quarter of the height)."""

    BLINDS = "blinds"
    """The blinds and the ante, and the next hand's blinds when a level ran out (R9)."""
    NEXT_LEVEL = "next_level"
    STATS = "stats"
    """Players left, average stack, prize pool, re-buys."""
    NEXT_BREAK = "next_break"
    ESTIMATED_END = "estimated_end"
    """When the night should end, from the structure, the breaks and the clock."""
    CHIPS = "chips"
    """Chips in play, with the re-buys, add-ons and bounties."""
    PAYOUTS = "payouts"
    MOVES = "moves"
    """The table moves to make."""
    SEATS = "seats"
    """The seat draw: every player's table and seat."""
    QR_CODE = "qr_code"
    """A code to scan for the network page, when the app has one to show."""
    LEAGUE_TABLE = "league_table"
    """The league's standings if the season ended now, during a night that counts
    for a season (the night's places as they stand)."""
    MESSAGE = "message"
    """The message line for the room (scrolling when long)."""


class Place(StrEnum):
    """Where an element goes."""

    MAIN = "main"
    """The main column, under the time (blinds, next level; figures in its bottom band)."""
    SIDE = "side"
    """The side column, in the order given."""
    TOP = "top"
    """A line across the top of the screen."""
    BOTTOM = "bottom"
    """A line across the bottom of the screen."""


PLACES: dict[Element, frozenset[Place]] = {
    Element.BLINDS: frozenset({Place.MAIN}),
    Element.NEXT_LEVEL: frozenset({Place.MAIN}),
    Element.STATS: frozenset({Place.MAIN, Place.SIDE}),
    Element.NEXT_BREAK: frozenset({Place.MAIN, Place.SIDE}),
    Element.ESTIMATED_END: frozenset({Place.MAIN, Place.SIDE}),
    Element.CHIPS: frozenset({Place.MAIN, Place.SIDE}),
    Element.PAYOUTS: frozenset({Place.SIDE}),
    Element.MOVES: frozenset({Place.SIDE}),
    Element.SEATS: frozenset({Place.SIDE}),
    Element.QR_CODE: frozenset({Place.SIDE}),
    Element.LEAGUE_TABLE: frozenset({Place.SIDE}),
    Element.MESSAGE: frozenset({Place.TOP, Place.BOTTOM}),
}
"""Where each element may go: every place keeps the readability rules at any size."""


class Side(StrEnum):
    LEFT = "left"
    RIGHT = "right"


class LogoPlace(StrEnum):
    """Where the club's logo goes: never over the time."""

    TITLE_LEFT = "title_left"
    TITLE_RIGHT = "title_right"
    SIDE_TOP = "side_top"


@dataclass(frozen=True, eq=False, repr=False)
class Slot(Record):
    element: Element
    place: Place


SIDE_WIDTH_RANGE = (20, 50)
"""The side column's width, percent of the screen's."""

_FULL_SLOTS = (
    Slot(Element.BLINDS, Place.MAIN),
    Slot(Element.NEXT_LEVEL, Place.MAIN),
    Slot(Element.STATS, Place.MAIN),
    Slot(Element.NEXT_BREAK, Place.MAIN),
    Slot(Element.ESTIMATED_END, Place.MAIN),
    Slot(Element.MOVES, Place.SIDE),
    Slot(Element.PAYOUTS, Place.SIDE),
    Slot(Element.CHIPS, Place.SIDE),
    Slot(Element.QR_CODE, Place.SIDE),
    Slot(Element.MESSAGE, Place.BOTTOM),
)


@dataclass(frozen=True, eq=False, repr=False)
class Layout(Record):
    """What the TV shows and where: the elements shown (each once) with their place,
    in order within each place; the side column's side and width; the logo's place.
    ``preset`` names the preset it was made from, or "custom"."""

    preset: str = "full"
    slots: tuple[Slot, ...] = _FULL_SLOTS
    side: Side = Side.RIGHT
    side_width: int = 32
    logo: LogoPlace = LogoPlace.TITLE_LEFT

    def place_of(self, element: Element) -> Place | None:
        """Where ``element`` is shown, or None when it is not."""
        for slot in self.slots:
            if slot.element is element:
                return slot.place
        return None

    def at(self, place: Place) -> tuple[Element, ...]:
        """The elements at ``place``, in order."""
        return tuple(slot.element for slot in self.slots if slot.place is place)


PRESETS: dict[str, Layout] = {
    "clock_only": Layout(
        preset="clock_only",
        slots=(
            Slot(Element.BLINDS, Place.MAIN),
            Slot(Element.NEXT_LEVEL, Place.MAIN),
            Slot(Element.MESSAGE, Place.BOTTOM),
        ),
    ),
    "full": Layout(),
    "tables": Layout(
        preset="tables",
        slots=(
            Slot(Element.BLINDS, Place.MAIN),
            Slot(Element.NEXT_LEVEL, Place.MAIN),
            Slot(Element.STATS, Place.MAIN),
            Slot(Element.MOVES, Place.SIDE),
            Slot(Element.SEATS, Place.SIDE),
            Slot(Element.MESSAGE, Place.BOTTOM),
        ),
        side_width=42,
    ),
}
"""Clock only (the time, the blinds and the next level, as large as they go); full
(everything, today's TV); tables and moves (a wide side column with the moves and
the seat draw)."""


def require_valid_layout(layout: Layout) -> None:
    """Each element once, in a place it may go; a known preset; the side column's
    width within ``SIDE_WIDTH_RANGE``."""
    require(layout.preset in PRESETS or layout.preset == "custom", "bad_layout")
    seen: set[Element] = set()
    for slot in layout.slots:
        element = f"tv_element_{slot.element.value}"
        require(slot.element not in seen, "layout_repeats", element=element)
        require(
            slot.place in PLACES[slot.element],
            "layout_bad_place",
            element=element,
            place=f"tv_place_{slot.place.value}",
        )
        seen.add(slot.element)
    low, high = SIDE_WIDTH_RANGE
    require(low <= layout.side_width <= high, "layout_side_width", low=low, high=high)


# -- sounds ------------------------------------------------------------------------

SOUND_CUES: tuple[CueKind, ...] = (
    CueKind.ONE_MINUTE,
    CueKind.LEVEL_START,
    CueKind.BREAK_START,
    CueKind.BREAK_END,
    CueKind.BUBBLE,
    CueKind.FINAL_TABLE,
)
"""The cues that play a sound (a message is only spoken)."""


@dataclass(frozen=True, eq=False, repr=False)
class CueSound(Record):
    """The sound of one cue: the built-in one (``asset`` empty), an imported one, or
    none; at ``volume`` percent of the settings' volume."""

    cue: CueKind
    asset: str = ""
    silent: bool = False
    volume: int = 100


# -- the whole look ---------------------------------------------------------------

VEIL_RANGE = (0, 100)


@dataclass(frozen=True, eq=False, repr=False)
class TvLook(Record):
    """Everything that makes the TV the club's own."""

    theme: Theme = Theme()
    layout: Layout = Layout()
    logo: str = ""
    """The club's logo (a stored picture's name), or "" for none."""
    background: Picture | None = None
    veil: int = 80
    """How opaque the background colour lies over a background picture, percent."""
    sounds: tuple[CueSound, ...] = ()
    """The cues whose sound differs from the built-in one at full volume."""

    def sound_for(self, cue: CueKind) -> CueSound:
        for sound in self.sounds:
            if sound.cue is cue:
                return sound
        return CueSound(cue)

    def assets(self) -> tuple[str, ...]:
        """Every stored file this look uses."""
        names = [self.logo] if self.logo else []
        if self.background is not None:
            names.append(self.background.asset)
        names.extend(sound.asset for sound in self.sounds if sound.asset)
        return tuple(names)


def ground_range(look: TvLook, ground: Ground) -> tuple[Decimal, Decimal]:
    """The least and greatest luminance behind a text drawn on ``ground``."""
    theme = look.theme
    if ground is Ground.BACKGROUND and look.background is not None:
        low: Rgb = parse_colour(look.background.low)
        high: Rgb = parse_colour(look.background.high)
        ends = (
            blended_luminance(theme.background, low, look.veil),
            blended_luminance(theme.background, high, look.veil),
        )
        return min(ends), max(ends)
    own = luminance(getattr(theme, ground.value))
    return own, own


def contrast_problems(look: TvLook) -> tuple[ContrastProblem, ...]:
    """Every text of the TV whose contrast is under WCAG AA, worst first (none: all
    readable). Colours that are not ``#rrggbb`` raise ``bad_colour``."""
    theme = look.theme
    for role in COLOUR_ROLES:
        parse_colour(getattr(theme, role))
    problems = []
    for check in TEXT_CHECKS:
        low, high = ground_range(look, check.ground)
        ratio = worst_ratio(getattr(theme, check.colour), low, high)
        if ratio < check.needed:
            problems.append(ContrastProblem(check.key, ratio, check.needed))
    return tuple(sorted(problems, key=lambda problem: problem.ratio))


def theme_ratio(theme: Theme, colour: str, ground: str) -> Decimal:
    """The contrast of two of a theme's roles (for tests and the editor)."""
    return contrast_ratio(getattr(theme, colour), getattr(theme, ground))


def require_valid_look(look: TvLook) -> None:
    """Refuse a look the TV could not show well: unreadable colours (naming the
    text), a bad layout, an asset name that is not a stored file's, a repeated cue,
    a volume or veil out of range."""
    require(look.theme.name in THEMES or look.theme.name == "custom", "bad_theme")
    low, high = VEIL_RANGE
    require(low <= look.veil <= high, "veil_out_of_range", low=low, high=high)
    require_valid_layout(look.layout)
    if look.logo:
        require_asset(look.logo, PICTURE_KINDS)
    if look.background is not None:
        require_asset(look.background.asset, PICTURE_KINDS)
        parse_colour(look.background.low)
        parse_colour(look.background.high)
    cues: set[CueKind] = set()
    for sound in look.sounds:
        require(sound.cue in SOUND_CUES, "bad_cue", cue=sound.cue.value)
        require(sound.cue not in cues, "cue_repeats", cue=sound.cue.value)
        cues.add(sound.cue)
        require(0 <= sound.volume <= 100, "volume_out_of_range", volume=sound.volume)
        if sound.asset:
            require_asset(sound.asset, SOUND_KINDS)
    problems = contrast_problems(look)
    if problems:
        raise problems[0].violation()


def least_veil(look: TvLook, *, step: int = 5) -> int | None:
    """The least veil (a multiple of ``step``) under which every text is readable over
    the look's background picture, or None when even a full veil is not enough
    (the colours themselves fail)."""
    for veil in range(VEIL_RANGE[0], VEIL_RANGE[1] + 1, step):
        candidate = TvLook(
            theme=look.theme, layout=look.layout, background=look.background, veil=veil
        )
        if not contrast_problems(candidate):
            return veil
    return None


MESSAGE_MAX_LENGTH = 200
"""The message line: one sentence for the room, not a page."""
