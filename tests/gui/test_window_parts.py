"""The main window stays a frame: its work is in hosts of a few hundred lines each,
and a host runs without the window."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from PySide6.QtWidgets import QWidget

import director.gui.window as window_package
from director.app.files.settings import KeptSettings, Settings
from director.core.tv import TvLook
from director.gui.main_window import MainWindow

MOST_LINES = 400


def class_lengths(path: Path) -> dict[str, int]:
    """Each class of ``path`` with the number of lines of its body (docstring included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: (node.end_lineno or node.lineno) - node.lineno + 1
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def test_the_main_window_class_is_under_400_lines() -> None:
    lines, _start = inspect.getsourcelines(MainWindow)
    assert len(lines) < MOST_LINES, f"MainWindow has {len(lines)} lines"


def test_no_class_of_the_window_package_is_over_400_lines() -> None:
    folder = Path(window_package.__file__).parent
    modules = sorted(folder.glob("*.py"))
    assert {path.name for path in modules} >= {
        "main.py",
        "menus.py",
        "events_page.py",
        "session_host.py",
        "tv_host.py",
        "network_host.py",
        "maintenance.py",
    }
    too_long = {
        f"{path.name}:{name}": length
        for path in modules
        for name, length in class_lengths(path).items()
        if length > MOST_LINES
    }
    assert too_long == {}


def test_the_tv_host_runs_without_the_window(qtbot, database, clock) -> None:
    """The TV host alone, on a database and the settings: with no event open the TV
    shows the default look and opens nothing; a logo that is not stored is said once
    (a warning, not a dialog) and left out, and looked for again when asked."""
    from director.app.storage.workspace import Workspace
    from director.gui.sound import SoundPlayer
    from director.gui.window.tv_host import TvHost

    parent = QWidget()
    qtbot.addWidget(parent)
    look = TvLook(logo="missing-logo.png")
    kept = KeptSettings(Settings(tv_look=look))
    said: list[str] = []
    applied: list[Settings] = []
    tv = TvHost(
        Workspace(database, clock=clock),
        kept,
        SoundPlayer(parent=parent),
        warn=said.append,
        apply_settings=applied.append,
        parent=parent,
    )
    assert tv.tv_look() == look == tv.default_look()
    tv.show_display()
    assert tv.display is None  # no event open: no TV window
    assert tv.look_pictures(look) == {}
    assert tv.look_pictures(look) == {}
    assert len(said) == 1 and said[0].startswith("TV: ")
    assert tv.missing_pictures()
    tv.forget_missing_pictures()
    assert not tv.missing_pictures()
    tv.save_default_look(TvLook())
    assert applied == [kept.current.with_changes(tv_look=TvLook())]
