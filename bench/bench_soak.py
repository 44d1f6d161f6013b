"""A whole night in one process: the soak test's night, with its figures printed.

The real main window and TV window, a running clock on a fake time source, one
paint of the TV per simulated second, and a night's stream of buy-ins,
re-buys, add-ons, busts with eliminators, hands done, balancing moves,
undo/redo and reports (see tests/soak.py, shared with tests/gui/test_soak.py).

Prints the frames painted, the commands sent, the RSS at each simulated hour,
its growth after the first hour, the reference-count drift and the CPU time;
the floor beside them, measured in the same run, is the cost of the paints
alone (the same number of TV paints with no event changing).

    QT_QPA_PLATFORM=offscreen python -m bench.bench_soak [--hours 8]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from tests.soak import (
        IMMORTAL_OBJECTS,
        FakeClock,
        Night,
        NightFigures,
        close_night,
        cpu_seconds,
        open_night,
        soak_hours,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=soak_hours(8.0))
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    print(f"Python {sys.version.split()[0]}, PySide6 {__import__('PySide6').__version__}")
    if IMMORTAL_OBJECTS:
        print("(None, True, False and small ints are immortal here: no drift can show)")

    def hourly(hour: int, figures: NightFigures) -> None:
        print(
            f"  hour {hour}: frames {figures.frames}, commands {figures.commands}, "
            f"RSS {figures.rss_by_hour[-1] / 2**20:.1f} MiB",
            flush=True,
        )

    with tempfile.TemporaryDirectory() as folder:
        clock = FakeClock()
        window = open_night(Path(folder) / "soak.db", clock)
        night = Night(window, clock, args.hours, on_hour=hourly)
        figures = night.run()
        # Floor: the same number of TV paints alone, nothing else happening.
        face = window.display.face if window.display is not None else None
        assert face is not None
        started_cpu, started_wall = cpu_seconds(), time.perf_counter()
        for _ in range(figures.frames):
            face.grab()
        floor_cpu, floor_wall = cpu_seconds() - started_cpu, time.perf_counter() - started_wall
        close_night(window)
    app.processEvents()
    print("soak night:")
    for line in figures.lines():
        print(f"  {line}")
    print(
        f"  floor (the same {figures.frames} TV paints alone): CPU {floor_cpu:.1f} s, "
        f"wall {floor_wall:.1f} s; night / floor CPU: {figures.cpu_seconds / floor_cpu:.1f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
