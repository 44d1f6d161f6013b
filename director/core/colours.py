"""Colours and their contrast, by the WCAG 2 formulas, without floats.

A colour is ``#rrggbb``. Its relative luminance is WCAG's: each sRGB channel
linearised (``c / 12.92`` up to 0.04045, else ``((c + 0.055) / 1.055) ** 2.4``)
and weighted 0.2126 R + 0.7152 G + 0.0722 B. The contrast ratio of two colours
is ``(lighter + 0.05) / (darker + 0.05)``, from 1 to 21. WCAG AA asks 4.5:1 for
normal text and 3:1 for large text.

Worked out in ``Decimal`` (28 digits), so the rules stay exact and
float-free: the same answer on every machine.

>>> str(contrast_ratio("#000000", "#ffffff"))
'21'
>>> contrast_ratio("#767676", "#ffffff") >= AA_NORMAL
True
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

from director.core.errors import RuleViolation

Rgb = tuple[int, int, int]
"""A colour's red, green and blue, 0-255 each."""

AA_NORMAL = Decimal("4.5")
"""WCAG AA: the least contrast for normal text."""
AA_LARGE = Decimal(3)
"""WCAG AA: the least contrast for large text (18 pt, or 14 pt bold, and up)."""

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_R, _G, _B = Decimal("0.2126"), Decimal("0.7152"), Decimal("0.0722")
_LOW_LIMIT = Decimal("0.04045")
_FLARE = Decimal("0.05")


def parse_colour(text: str) -> Rgb:
    """``#rrggbb`` as (red, green, blue); anything else is refused (``bad_colour``)."""
    if not isinstance(text, str) or not _HEX.fullmatch(text):
        raise RuleViolation("bad_colour", colour=str(text)[:20])
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def colour_text(rgb: Rgb) -> str:
    """(red, green, blue) as ``#rrggbb``."""
    red, green, blue = (max(0, min(255, channel)) for channel in rgb)
    return f"#{red:02x}{green:02x}{blue:02x}"


def _linear(channel: Decimal) -> Decimal:
    """One sRGB channel (0-255, possibly between two integers) made linear, 0-1."""
    value = channel / 255
    if value <= _LOW_LIMIT:
        return value / Decimal("12.92")
    return ((value + Decimal("0.055")) / Decimal("1.055")) ** Decimal("2.4")


@cache
def _linear_byte(channel: int) -> Decimal:
    return _linear(Decimal(channel))


def luminance(colour: str | Rgb) -> Decimal:
    """WCAG relative luminance of ``colour``: 0 for black, 1 for white."""
    red, green, blue = parse_colour(colour) if isinstance(colour, str) else colour
    return _R * _linear_byte(red) + _G * _linear_byte(green) + _B * _linear_byte(blue)


def ratio_of(first: Decimal, second: Decimal) -> Decimal:
    """The contrast ratio of two luminances."""
    lighter, darker = max(first, second), min(first, second)
    return (lighter + _FLARE) / (darker + _FLARE)


def contrast_ratio(first: str | Rgb, second: str | Rgb) -> Decimal:
    """WCAG contrast ratio of two colours, 1 to 21 (the order does not matter)."""
    return ratio_of(luminance(first), luminance(second))


def blended_luminance(top: str | Rgb, under: Rgb, opacity_percent: int) -> Decimal:
    """Luminance of ``top`` laid at ``opacity_percent`` over ``under`` (sRGB mixing,
    as a painter composes a veil over a picture)."""
    rgb = parse_colour(top) if isinstance(top, str) else top
    share = Decimal(max(0, min(100, opacity_percent))) / 100
    mixed = [share * a + (1 - share) * b for a, b in zip(rgb, under, strict=True)]
    return _R * _linear(mixed[0]) + _G * _linear(mixed[1]) + _B * _linear(mixed[2])


def worst_ratio(colour: str | Rgb, low: Decimal, high: Decimal) -> Decimal:
    """The least contrast of ``colour`` against any background whose luminance lies
    between ``low`` and ``high``: 1 when it could be the very same luminance."""
    own = luminance(colour)
    if low <= own <= high:
        return Decimal(1)
    return min(ratio_of(own, low), ratio_of(own, high))


def rounded(ratio: Decimal) -> str:
    """A ratio as people write it: ``4.48`` (two decimals, rounded down so that a
    ratio shown as 4.50 is never one that failed)."""
    return str(ratio.quantize(Decimal("0.01"), rounding="ROUND_FLOOR"))
