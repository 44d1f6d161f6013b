"""Before the window opens: does Qt's X11 platform plugin find every library it needs?

When it does not, Qt prints three lines that blame ``libxcb-cursor0`` whatever is
missing, then aborts the process. On a bare Debian or Ubuntu machine the plugin
also needs ``libxcb-icccm4`` and ``libxcb-keysyms1`` (and, on some, more): the
organizer gets one line naming every missing library and the packages that bring
them, and director exits without Qt's abort.

Only the X11 plugin (xcb) is checked, and only when Qt would use it: on Linux,
with no other platform asked for (``QT_QPA_PLATFORM``) and outside a Wayland
session (Qt prefers its Wayland plugin there).
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from director.i18n import _

_NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)

_PACKAGES = {
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgl.so.1": "libgl1",
    "libglx.so.0": "libglx0",
}
"""Debian's package for the libraries whose package name the usual pattern misses."""


def xcb_plugin() -> Path | None:
    """The X11 platform plugin of the installed PySide6, if there is one."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def uses_xcb(environ: Mapping[str, str] | None = None) -> bool:
    """Whether Qt would start on its X11 plugin here."""
    environ = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "").strip()
    if asked:
        return asked.split(";")[0].split(":")[0] == "xcb"
    wayland = environ.get("WAYLAND_DISPLAY") or environ.get("XDG_SESSION_TYPE") == "wayland"
    return not wayland


def missing_libraries(library: Path) -> list[str]:
    """The shared libraries ``library`` needs that the system cannot find (none
    when it loads)."""
    # Imported here: a start on another platform (Wayland, offscreen, Windows)
    # checks nothing, and ``ldd`` runs only when the plugin does not load.
    import ctypes
    import shutil
    import subprocess

    try:
        ctypes.CDLL(str(library))
        return []
    except OSError as error:
        first = str(error).split(":")[0].strip()
    ldd = shutil.which("ldd")
    if ldd is not None:
        try:
            listed = subprocess.run(
                [ldd, str(library)], capture_output=True, text=True, timeout=10, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            listed = ""
        found = list(dict.fromkeys(_NOT_FOUND.findall(listed)))
        if found:
            return found
    return [first] if first else [library.name]


def debian_package(library: str) -> str:
    """The Debian/Ubuntu package that usually holds ``library`` (libxcb-icccm.so.4:
    libxcb-icccm4; libxkbcommon-x11.so.0: libxkbcommon-x11-0)."""
    name = library.lower()
    if name in _PACKAGES:
        return _PACKAGES[name]
    stem, _, version = name.partition(".so.")
    version = version.split(".")[0]
    if not version:
        return stem
    if stem.startswith("libicu"):
        return f"libicu{version}"
    return f"{stem}-{version}" if stem[-1:].isdigit() else f"{stem}{version}"


def window_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """One line saying which libraries keep the window from opening, or None."""
    if not uses_xcb(environ):
        return None
    environ = os.environ if environ is None else environ
    if not environ.get("DISPLAY"):
        return _("director cannot open its window: no display to open it on (DISPLAY is not set)")
    plugin = xcb_plugin()
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    if not missing:
        return None
    packages = " ".join(dict.fromkeys(debian_package(name) for name in missing))
    return _(
        "director cannot open its window: Qt's X11 support needs {libraries}, missing "
        "on this system (Debian or Ubuntu: apt-get install {packages})"
    ).format(libraries=", ".join(missing), packages=packages)
