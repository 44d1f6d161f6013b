"""The clock display running for a while (default 10 minutes) while another process
keeps a core busy.

Measured: for every change of the shown time, how late it was painted after
the moment the true time crossed that second (target: never more than 0.1 s);
and the display process's CPU use (target: under 5% of a core). The window is
the real one (offscreen platform), fed by the real ticker and session.

Run: QT_QPA_PLATFORM=offscreen python -m bench.bench_display [--minutes 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer

from director.app.library import Library
from director.core import clock as clk
from director.core import commands as c
from director.core.structure import Level, Structure
from director.gui.app import application
from director.gui.clock_display import ClockDisplayWindow
from director.gui.controller import SessionController
from director.gui.ticker import ClockTicker
from director.persistence.db import open_database


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10.0)
    args = parser.parse_args()
    app = application()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    folder = tempfile.mkdtemp()
    database = open_database(Path(folder) / "bench.db")
    session = Library(database).create("Display bench")
    # Two-minute levels, so the run crosses level changes too.
    levels = tuple(Level(small_blind=25 * n, big_blind=50 * n, seconds=120) for n in range(1, 60))
    session.dispatch(c.SetStructure(structure=Structure(items=levels)))
    session.dispatch(c.StartClock())
    controller = SessionController(session)
    ticker = ClockTicker(controller)
    window = ClockDisplayWindow()
    window.resize(1920, 1080)
    window.show()

    lateness: list[float] = []
    shown: dict[str, str] = {"text": ""}
    original_paint = window.face.paintEvent

    def refresh() -> None:
        window.set_data(ticker.data)

    def painted(event: object) -> None:
        original_paint(event)  # type: ignore[arg-type]
        now_ms = time.time_ns() / 1e6
        data = window.face.data
        if data is None or data.time_text == shown["text"]:
            return
        shown["text"] = data.time_text
        # When did the true time cross into what is now shown? Levels last
        # whole seconds, so the shown text changes each time the time spent in
        # the level passes a whole second: what is past it now is the delay.
        state = controller.state
        view = clk.view(state.clock, state.structure, int(now_ms))
        lateness.append((view.elapsed % 1000) / 1000)

    window.face.paintEvent = painted  # type: ignore[method-assign]
    ticker.tick.connect(refresh)
    ticker.update()  # a fresh reading, as the app takes when the display opens

    seconds = args.minutes * 60
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    busy.kill()
    # Take the Qt objects down before the interpreter does: leaving them to
    # shutdown's garbage collection once ended a long run with a fatal error.
    ticker.stop()
    ticker.tick.disconnect(refresh)
    window.face.paintEvent = original_paint  # type: ignore[method-assign]
    window.close()
    window.deleteLater()
    ticker.deleteLater()
    app.processEvents()
    session.close()
    database.close()

    changes = lateness[1:]  # the first paint is not a change
    worst = max(changes) if changes else float("nan")
    print(f"ran {wall:.0f} s with another core busy; {len(changes)} changes of the shown time")
    print(
        f"lateness of the shown time: median {statistics.median(changes) * 1000:.1f} ms, "
        f"worst {worst * 1000:.1f} ms (target: at most 100 ms)"
    )
    print(f"display CPU use: {100 * cpu / wall:.2f}% of a core (target: under 5%)")
    verdict = "met" if worst <= 0.1 and cpu / wall < 0.05 else "MISSED"
    print(f"targets: {verdict}")


if __name__ == "__main__":
    main()
