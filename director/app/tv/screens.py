"""Screens told apart by a stable identity, not by name alone.

Two screens may share a name (two "HDMI-1" after a dock change, two monitors
of one model): the identity holds the name, the maker, the model, the serial
number and the geometry, and matching prefers the strongest evidence. Plain
data, no Qt: the window turns each ``QScreen`` into a ``ScreenId``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

SEPARATOR = "|"


class ScreenId(NamedTuple):
    """What tells one screen from another, as the window reads it from Qt."""

    name: str = ""
    manufacturer: str = ""
    model: str = ""
    serial: str = ""
    geometry: tuple[int, int, int, int] = (0, 0, 0, 0)
    """x, y, width, height on the desktop."""

    def key(self) -> str:
        """The identity as one line for the settings file."""
        x, y, width, height = self.geometry
        return SEPARATOR.join(
            (
                self.name,
                self.manufacturer,
                self.model,
                self.serial,
                f"{width}x{height}+{x}+{y}",
            )
        )

    @classmethod
    def parse(cls, key: str) -> ScreenId:
        """Read ``key()``; an older settings file holds only a name."""
        parts = key.split(SEPARATOR)
        if len(parts) != 5:
            return cls(name=key)
        name, manufacturer, model, serial, shape = parts
        geometry = (0, 0, 0, 0)
        try:
            size, x, y = shape.split("+")
            width, height = size.split("x")
            geometry = (int(x), int(y), int(width), int(height))
        except ValueError:
            pass
        return cls(name, manufacturer, model, serial, geometry)

    def label(self) -> str:
        """For a list of screens: "HDMI-1 · Samsung TV · 1920×1080"."""
        parts = [self.name, " ".join(p for p in (self.manufacturer, self.model) if p)]
        parts.append(f"{self.geometry[2]}×{self.geometry[3]}")
        return " · ".join(p for p in parts if p)


def match_strength(wanted: ScreenId, screen: ScreenId) -> int:
    """How surely ``screen`` is the screen ``wanted`` describes (0: not it)."""
    if wanted == screen:
        return 4
    if wanted.serial and wanted.serial == screen.serial and wanted.model == screen.model:
        return 3  # the same monitor, moved on the desktop or plugged elsewhere
    same_model = not wanted.model or wanted.model == screen.model
    if wanted.name == screen.name and wanted.geometry == screen.geometry and same_model:
        return 2
    if wanted.name == screen.name and not wanted.model and wanted.geometry == (0, 0, 0, 0):
        return 1  # a name only (an older settings file)
    return 0


def find_screen(wanted: str, screens: Sequence[ScreenId]) -> int | None:
    """The index of the screen ``wanted`` (a ``key()``) names; None when none does
    surely: the strongest match, and only if no other screen matches as strongly."""
    if not wanted:
        return None
    target = ScreenId.parse(wanted)
    strengths = [match_strength(target, screen) for screen in screens]
    best = max(strengths, default=0)
    if best == 0 or strengths.count(best) > 1:
        return None
    return strengths.index(best)


def choose_display(wanted: str, screens: Sequence[ScreenId], console: int | None) -> int:
    """Where the clock display goes: the screen chosen if it is there and is not the
    console's own; else another screen than the console's; else the console's."""
    if not screens:
        raise ValueError("no screen")
    found = find_screen(wanted, screens)
    others = [index for index in range(len(screens)) if index != console]
    if found is not None and (found != console or not others):
        return found
    return others[0] if others else 0
