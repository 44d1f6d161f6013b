"""Make the user guide's screenshots from the demo event, so they stay current.

    QT_QPA_PLATFORM=offscreen python docs/make_screenshots.py [--language fr]

Everything runs offscreen on a fixed moment, so the pictures only change when
the program does. Console pages are taken at a 1366x768 laptop size, the TV
display at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtTest import QTest  # noqa: E402

from director.app.files.settings import Settings  # noqa: E402
from director.app.night.demo import create_demo  # noqa: E402
from director.core import commands as c  # noqa: E402
from director.core.ids import Instant  # noqa: E402
from director.gui.app import application, apply_language  # noqa: E402
from director.i18n import _  # noqa: E402
from director.persistence.db import open_database  # noqa: E402

MOMENT = Instant(1_795_210_800_000)  # Friday 2026-11-20, 21:40 UTC; the demo began at 21:00
LAPTOP = (1366, 768)
TV = (1920, 1080)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--language", default="en")
    parser.add_argument("--out", type=Path, default=None, help="folder for the pictures")
    args = parser.parse_args()
    folder = args.out or ROOT / "docs" / "screenshots" / (
        "" if args.language == "en" else args.language
    )
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["DIRECTOR_DATA_DIR"] = str(Path(scratch) / "data")
        os.environ["DIRECTOR_CONFIG_DIR"] = str(Path(scratch) / "config")
        app = application()
        # Qt's own texts (key names, buttons) follow the language too.
        apply_language(app, Settings(language=args.language))
        from director.app.tv import awake
        from director.gui.main_window import MainWindow

        # The guide shows a laptop whose system keeps the screen awake; a build
        # machine without a desktop bus refuses, and its status line is no help there.
        awake.ScreenAwake._take = lambda self: awake.AwakeState(wanted=True, held=True)  # type: ignore[method-assign]

        def clock() -> Instant:
            return MOMENT

        database = open_database(Path(scratch) / "demo.db")
        session = create_demo(database, clock=clock)
        window = MainWindow(
            database, clock=clock, ask_resume=False, settings=Settings(welcomed=True)
        )
        # The scratch folder's name changes each run: show the usual place
        # instead, so the pictures only change when the program does.
        window.statusBar().showMessage("~/.local/share/director/director.db")
        window.resize(*LAPTOP)
        window.show()

        def shot(name: str, widget: object = None, *, wait: int = 0) -> None:
            app.processEvents()
            if wait:
                QTest.qWait(wait)  # the PDF preview renders its pages in the background
            target = widget or window
            target.grab().save(str(folder / f"{name}.png"))  # type: ignore[attr-defined]
            print(f"wrote {name}.png")

        shot("events")
        window.open_session(session)
        # The console paints before its buttons are asked about (disabled meanwhile):
        # the pictures show them once the rules have answered.
        while window.controller.guard.held:
            app.processEvents()
        for page in (
            "clock",
            "structure",
            "players",
            "tables",
            "payouts",
            "floor",
            "reports",
            "event",
        ):
            window.console.show_page(page)
            shot(f"console-{page}", wait=1500 if page == "reports" else 0)
        window.help_overlay.toggle()
        shot("shortcuts")
        window.help_overlay.toggle()
        # View > Share on the network, on this computer only (the picture stays the
        # same from one run to the next: no pairing code, which is random).
        from director.gui.dialogs.share import ShareDialog

        if window.sharing.start("127.0.0.1", 8765, remember=False):
            window.sharing.start("127.0.0.1", 0, remember=False)
        share = ShareDialog(
            window.sharing, window.settings, show_on_tv=lambda: None, now=clock, parent=window
        )
        share.resize(760, 640)
        share.show()
        shot("share", share)
        share.close()
        window.show_display()
        display = window.display
        display.showNormal()
        display.resize(*TV)
        window.tv.refresh_display()
        shot("clock-tv", display)
        window.controller.dispatch(c.PauseClock())
        window.tv.refresh_display()
        shot("clock-tv-paused", display)
        window.tv.show_seating_on_tv(True)
        display.resize(*TV)
        shot("seating-tv", display)
        window.tv.show_seating_on_tv(False)
        # The TV made the club's own: felt green, tables and moves, a message.
        from director.gui.dialogs.tv_display import TvDisplayDialog

        dialog = TvDisplayDialog(window.tv, window, data=window.feed.data if window.feed else None)
        dialog._theme_chosen(dialog.theme.findData("felt"))
        dialog._preset_chosen(dialog.preset.findData("tables"))
        dialog.show()
        shot("tv-display", dialog)
        dialog.apply_to_event()
        dialog.close()
        window.controller.dispatch(c.StartClock())
        window.controller.dispatch(c.SetRoomMessage(text=_("Last orders at the bar")))
        display.resize(*TV)
        window.tv.refresh_display()
        shot("tv-felt", display)
        window.sharing.close()
        window.close()
        database.close()


if __name__ == "__main__":
    main()
