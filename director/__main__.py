"""Entry point: ``director`` and ``python -m director``."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from director.app.settings import Settings
    from director.core.messages import Message


def start_gui(
    database: Path, settings: Settings, notices: Sequence[Message] = (), *, verbose: bool = False
) -> int:
    """Start the desktop app on ``database``; returns its exit status.

    Qt's multimedia chatter stays off stderr unless ``verbose``: the logging rules
    are set here, before Qt loads.
    """
    from director.gui.qt_messages import quiet_environment

    global _window_shown
    _window_shown = True
    quiet_environment(verbose)
    from director.gui.app import run

    return run(database, settings, notices, verbose=verbose)


_window_shown = False
"""Whether this process ran the app (its window), not a command of the command line."""


def main(argv: Sequence[str] | None = None) -> int:
    """The process's entry point (``director``, ``python -m director``): the command
    line, or the app. Given ``argv``, it is only a call, as the tests make."""
    from director.cli import main as cli_main

    status = cli_main(argv)
    if argv is None and not _window_shown:
        # The process ends now, its command done: all it wrote is written and
        # closed. The collector's last pass at exit would free every module's
        # functions and classes one cycle at a time (some 20 ms after a status),
        # only to give back memory the system takes back anyway.
        gc.freeze()
    return status


def main_gui() -> None:
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
