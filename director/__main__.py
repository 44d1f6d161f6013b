"""Entry point: ``director`` and ``python -m director``."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """The process's entry point (``director``, ``python -m director``): the command
    line, or the app. Given ``argv``, it is only a call, as the tests make."""
    from director import cli

    status = cli.main(argv)
    if argv is None and not cli.window_shown:
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
