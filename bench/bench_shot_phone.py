"""The shot clock on a table's dealer phone: how late its shown second changes, next
to the main clock's on the same page, in a real headless Chromium.

A night of two tables on the wall clock is served by the app's own server (Qt's
loop here), the feed driven as in ``director serve``; a phone (Chromium at 390x844)
is paired with table 1. A 30-second shot clock is started for one of its players
every 43.37 s (off the whole second, as a dealer's tap is). The page records, for
every change of the shot clock's seconds and of the main clock's time, the
server's time it saw then (``live.serverNow()``); the lateness of a change is how
long after the true time crossed that second (both count down to a known end).
Another process keeps a core busy, as ``bench_display --part lateness`` does.

Run: QT_QPA_PLATFORM=offscreen python -m bench.bench_shot_phone [--minutes 2]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer

from director.app.night.timesource import wall_clock
from director.core import commands as c
from director.gui.app import application
from director.web.driver import FeedDriver
from tests.web.browser import Browser, start_chromium, stop_chromium
from tests.web.helpers import serve
from tests.web.test_dealer_browser import pair, seated_at

RECORD = """
window.__seen = [];
for (const id of ["shot-time", "time"]) {
  const node = document.getElementById(id);
  new MutationObserver(() => {
    window.__seen.push([id, node.textContent, window.directorLive.serverNow()]);
  }).observe(node, { childList: true, characterData: true, subtree: true });
}
"""


class Waiter:
    """What ``Browser`` asks of pytest-qt's ``qtbot``: run Qt's loop until done."""

    def waitUntil(self, done: Any, timeout: int = 5000) -> None:
        app = application()
        deadline = time.monotonic() + timeout / 1000
        while not done():
            app.processEvents()
            if time.monotonic() > deadline:
                raise TimeoutError("the browser did not answer")
            time.sleep(0.002)


def spread(values: list[float]) -> str:
    if not values:
        return "no change seen"
    return (
        f"{len(values)} changes: median {statistics.median(values):.1f} ms, "
        f"worst {max(values):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=2.0)
    args = parser.parse_args()
    app = application()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    driver = start_chromium()
    try:
        with serve(Path(tempfile.mkdtemp()), wall_clock, players=12) as live:
            live.server.dealers_enabled = True
            feeding = FeedDriver(live.feed)
            browser = Browser(Waiter(), driver)
            pair(browser, live, 1)
            browser.script(RECORD)
            ends: list[int] = []
            players = seated_at(live, 1)

            def next_shot() -> None:
                player = players[len(ends) % len(players)]
                live.session.dispatch(c.StartShotClock(player=player, seconds=30))
                ends.append(live.session.state.shot_clocks.running[1].ends_at)

            shots = QTimer()
            shots.timeout.connect(next_shot)
            shots.start(43_370)
            QTimer.singleShot(1_370, next_shot)
            QTimer.singleShot(int(args.minutes * 60_000), app.quit)
            app.exec()
            shots.stop()
            seen = browser.script("return window.__seen")
            level_end = live.feed.data.timing.ends_at
            feeding.stop()
    finally:
        stop_chromium(driver)
        busy.kill()
    assert level_end is not None
    shot_late: list[float] = []
    clock_late: list[float] = []
    last: dict[str, str] = {}
    for name, text, at in seen:
        before = last.get(name)
        last[name] = text
        if name == "time":
            if before is not None and text != before and ":" in text:
                clock_late.append((at - level_end) % 1000)
            continue
        if before is None or not text.isdigit() or not before.isdigit():
            continue  # a shot clock appearing, or its "Time!"
        end = max((end for end in ends if end - 30_000 <= at), default=None)
        if end is not None and int(text) < int(before):
            shot_late.append((at - end) % 1000)
    print(f"ran {args.minutes:.1f} min with another core busy; phone at 390x844")
    print(f"shot clock's shown second on the phone, {spread(shot_late)}")
    print(f"main clock's shown time on the same phone, {spread(clock_late)}")


if __name__ == "__main__":
    main()
