"""Entry point: ``director`` and ``python -m director``."""

from __future__ import annotations

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

    quiet_environment(verbose)
    from director.gui.app import run

    return run(database, settings, notices, verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    from director.cli import main as cli_main

    return cli_main(argv)


def main_gui() -> None:
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
