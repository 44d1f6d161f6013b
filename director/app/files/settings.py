"""The user's settings: a small JSON file in the config folder.

A missing or damaged file gives the defaults (never a crash); a damaged one is
kept aside under another name and the user is told once. Saving writes a new
file and renames it over the old one, so a crash never leaves half a file.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from director import paths
from director.core import codec
from director.core.errors import RuleViolation
from director.core.frozen import Record, dataclass, evolve, fields_of
from director.core.messages import Message
from director.core.tv import TvLook, require_valid_look
from director.files import display_path, is_regular_file, write_atomic

FILE_NAME = "settings.json"
PAPER_SIZES = ("A4", "Letter")
DEFAULT_PAYMENT_METHODS = ("cash", "bank transfer")
"""The ways to pay offered until the organizer makes his own list (stored in English,
shown in the user's language: ``app.club.balances.method_label``)."""
PAYMENT_METHOD_MAX = 40


@dataclass(frozen=True, eq=False, repr=False)
class Settings(Record):
    language: str = "system"
    currency: str = "EUR"
    volume: int = 80
    muted: bool = False
    voice: bool = False
    display_screen: str = ""
    backup_folder: str = ""
    paper: str = "A4"
    welcomed: bool = False
    window_geometry: tuple[tuple[str, str], ...] = ()
    """(screen identity key, Qt's saved geometry in base 64): the console's place
    and size on each screen it was closed on."""
    open_event: int = 0
    """The event open when the app closed (reopened at start), in ``open_database``."""
    open_database: str = ""
    tv_open: bool = False
    """The TV window was showing with that event: it shows again when the event reopens."""
    closed_cleanly: bool = True
    """The app closed itself last time; False while it runs with an event open, so a
    start that finds it False follows a crash (or a power cut)."""
    tv_look: TvLook = TvLook()
    """The TV's look for events that have none of their own (a new event starts here)."""
    share: bool = False
    """The clock is shared on the local network (started again with the app)."""
    share_address: str = ""
    """The address of this machine it is served on (chosen by the organizer)."""
    share_port: int = 8765
    remote: bool = False
    """Paired phones may control the clock (off until the organizer turns it on)."""
    dealers: bool = False
    """Tables' dealer phones may pair and report hands and busts (off until turned on)."""
    payment_methods: tuple[str, ...] = DEFAULT_PAYMENT_METHODS
    """The organizer's ways to pay between nights, offered by the payment dialog."""

    def geometry_on(self, screen: str) -> str:
        """The console's saved geometry on ``screen`` (a screen key), or ""."""
        return dict(self.window_geometry).get(screen, "")

    def with_geometry(self, screen: str, geometry: str) -> Settings:
        kept = tuple((key, value) for key, value in self.window_geometry if key != screen)
        return self.with_changes(window_geometry=(*kept, (screen, geometry))[-8:])

    def with_changes(self, **changes: Any) -> Settings:
        return evolve(self, **changes)


def payment_methods(texts: Iterable[str]) -> tuple[str, ...]:
    """The organizer's list of ways to pay as typed, cleaned: spaces collapsed, blank
    lines and repeats (whatever their case) left out; the defaults when none is left.
    A way longer than ``PAYMENT_METHOD_MAX`` is refused (``payment_method_too_long``)."""
    found: list[str] = []
    for text in texts:
        method = " ".join(text.split())
        if not method or method.casefold() in (kept.casefold() for kept in found):
            continue
        if len(method) > PAYMENT_METHOD_MAX:
            raise RuleViolation("payment_method_too_long", most=PAYMENT_METHOD_MAX)
        found.append(method)
    return tuple(found) or DEFAULT_PAYMENT_METHODS


def settings_path() -> Path:
    return paths.config_dir() / FILE_NAME


class LoadedSettings(NamedTuple):
    """The settings read from the file, and what went wrong reading it (if anything)."""

    settings: Settings
    problem: Message | None = None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults for anything missing or unreadable."""
    return read_settings(path).settings


def read_settings(
    path: Path | None = None, *, now: datetime.datetime | None = None
) -> LoadedSettings:
    """The saved settings; a file that cannot be read gives the defaults.

    Such a file is renamed aside (``settings.json.broken-<time>``), never
    overwritten, and the problem is returned so that it is said once.
    """
    path = path or settings_path()
    if not path.exists() and not path.is_symlink():
        return LoadedSettings(Settings())
    if not is_regular_file(path):
        # A folder or a FIFO: reading could wait forever; leave it where it is.
        return LoadedSettings(
            Settings(), Message("settings_unreadable", {"path": display_path(path)})
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except OSError:
        return LoadedSettings(
            Settings(), Message("settings_unreadable", {"path": display_path(path)})
        )
    except (ValueError, RecursionError):
        return LoadedSettings(Settings(), _put_aside(path, now or datetime.datetime.now()))
    return LoadedSettings(_from_data(data))


def _put_aside(path: Path, now: datetime.datetime) -> Message:
    aside = path.with_name(f"{path.name}.broken-{now.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError:
        return Message("settings_unreadable", {"path": display_path(path)})
    return Message(
        "settings_damaged", {"path": display_path(path), "aside": display_path(aside.name)}
    )


def _from_data(data: dict[str, Any]) -> Settings:
    known = {field.name for field in fields_of(Settings)}
    wanted = {key: value for key, value in data.items() if key in known}
    try:
        # Each field is read on its own, so a file whose every value reads (as the
        # app writes it) is read in one pass: the start reads it before the window.
        settings = codec.decode(Settings, {**codec.encode(Settings()), **wanted})
    except (RuleViolation, RecursionError):
        settings = Settings()
        for key, value in wanted.items():
            try:
                candidate = codec.decode(Settings, {**codec.encode(settings), key: value})
            except (RuleViolation, RecursionError):
                continue  # one bad value keeps its default, the rest still load
            settings = candidate
    try:
        require_valid_look(settings.tv_look)
    except RuleViolation:
        settings = settings.with_changes(tv_look=TvLook())  # edited by hand into nonsense
    volume = min(100, max(0, settings.volume))
    paper = settings.paper if settings.paper in PAPER_SIZES else "A4"
    port = settings.share_port if 1 <= settings.share_port <= 65535 else Settings.share_port
    try:
        methods = payment_methods(settings.payment_methods)
    except RuleViolation:  # edited by hand into nonsense
        methods = DEFAULT_PAYMENT_METHODS
    return settings.with_changes(
        volume=volume, paper=paper, share_port=port, payment_methods=methods
    )


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(codec.encode(settings), indent=2))


class KeptSettings:
    """The settings a running app uses, one copy shared by the window's parts: each
    change is in use at once and saved to the settings file."""

    def __init__(self, settings: Settings) -> None:
        self.current = settings

    def use(self, settings: Settings) -> None:
        """Use ``settings`` from now on and save them (an ``OSError`` says they were
        not saved; they are in use all the same)."""
        self.current = settings
        save_settings(settings)

    def change(self, **changes: Any) -> bool:
        """Change a few settings and save them; False when nothing changed (nothing
        is written). Raises ``OSError`` as ``use`` does."""
        settings = self.current.with_changes(**changes)
        if settings == self.current:
            return False
        self.use(settings)
        return True

    def remember(self, settings: Settings | None = None, **changes: Any) -> None:
        """Change settings silently, a courtesy for the next start: a file that
        cannot be written is not said."""
        wanted = (settings or self.current).with_changes(**changes)
        if wanted != self.current:
            self.current = wanted
            with contextlib.suppress(OSError):
                save_settings(wanted)
