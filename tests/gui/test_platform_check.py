"""When Qt's X11 plugin cannot load, director names the missing libraries in one line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from director.gui import platform_check
from director.gui.platform_check import (
    debian_package,
    missing_libraries,
    uses_xcb,
    window_problem,
    xcb_plugin,
)


def test_the_packages_named_are_debians() -> None:
    assert debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert debian_package("libxcb-keysyms.so.1") == "libxcb-keysyms1"
    assert debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert debian_package("libX11-xcb.so.1") == "libx11-xcb1"
    assert debian_package("libEGL.so.1") == "libegl1"
    assert debian_package("libdbus-1.so.3") == "libdbus-1-3"
    assert debian_package("libglib-2.0.so.0") == "libglib2.0-0"
    assert debian_package("libicuuc.so.72") == "libicu72"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's X11")
def test_only_x11_starts_are_checked() -> None:
    assert uses_xcb({})
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"})
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not uses_xcb({"WAYLAND_DISPLAY": "wayland-0"})
    assert uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"})
    assert window_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def plugin_missing_two(tmp_path: Path) -> Path:
    """A copy of the installed X11 plugin that names two libraries no system has
    (same-length names, so the file stays a valid ELF), beside Qt's own libraries."""
    plugin = xcb_plugin()
    if plugin is None:
        pytest.skip("this PySide6 has no X11 plugin")
    copy = tmp_path / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    copy.parent.mkdir(parents=True)
    (tmp_path / "Qt" / "lib").symlink_to(plugin.parents[2] / "lib")
    data = plugin.read_bytes()
    for old, new in (
        (b"libxcb-icccm.so.4", b"libxcb-nothe.so.4"),
        (b"libxcb-keysyms.so.1", b"libxcb-missing.so.1"),
    ):
        assert len(old) == len(new) and old in data
        data = data.replace(old, new)
    copy.write_bytes(data)
    return copy


@pytest.mark.skipif(shutil.which("ldd") is None, reason="needs ldd")
def test_every_missing_library_is_named_with_its_package(tmp_path, monkeypatch) -> None:
    copy = plugin_missing_two(tmp_path)
    assert missing_libraries(copy) == ["libxcb-nothe.so.4", "libxcb-missing.so.1"]
    monkeypatch.setattr(platform_check, "xcb_plugin", lambda: copy)
    line = window_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"})
    assert line is not None and "\n" not in line
    assert "libxcb-nothe.so.4, libxcb-missing.so.1" in line
    assert "apt-get install libxcb-nothe4 libxcb-missing1" in line


def test_the_installed_plugin_needs_nothing_missing() -> None:
    plugin = xcb_plugin()
    if plugin is None:
        pytest.skip("this PySide6 has no X11 plugin")
    assert missing_libraries(plugin) == []  # .ci/run installs the README's line


def test_director_says_there_is_no_display_in_one_line_and_writes_nothing(tmp_path) -> None:
    """Started with no display at all, ``director`` says so in one line (exit 2)
    instead of Qt's abort, and creates no data folder."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"}
    }
    environment.update(
        DIRECTOR_DATA_DIR=str(tmp_path / "data"), DIRECTOR_CONFIG_DIR=str(tmp_path / "config")
    )
    result = subprocess.run(
        [sys.executable, "-m", "director"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("X11 is Linux's")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "director cannot open its window: no display to open it on (DISPLAY is not set)"
    ]
    assert not (tmp_path / "data").exists()
