"""A night at the poker table, compressed, in one process: shared by the refcount
guard (tests/gui/test_refcounts.py), the soak test (tests/gui/test_soak.py) and
the benchmark that prints its figures (bench/bench_soak.py).

The night runs on the real main window and the real TV window, with a clock
driven by a fake time source (the app reads time only through
``director.app.night.timesource.Now``), so eight hours pass in a minute or two: every
simulated second the clock is read and the TV is painted, as the ticker does
in the room; between paints comes a realistic stream of buy-ins, re-buys,
add-ons, busts with eliminators, hands done, balancing moves, undo/redo and
reports, until one player is left.

What the night watches: that the process survives, that the reference counts
of the interpreter's shared objects (None, True, False, small ints) do not
drift, and how the memory (RSS) grows after the first hour.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from director.core.frozen import settle_pending
from tests.conftest import FakeClock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from director.gui.main_window import MainWindow

SECOND = 1000
MINUTE = 60 * SECOND
HOUR = 60 * MINUTE

WATCHED: Mapping[str, object] = {"None": None, "True": True, "False": False, "0": 0, "1": 1}
"""Objects every C extension hands around: a leak or a dropped reference in a
path that runs all night shows here first. On CPython 3.12 and later they are
immortal (their count is a fixed huge number), so a drift cannot be seen there;
the check still runs."""

IMMORTAL_OBJECTS = sys.version_info >= (3, 12)


class RefcountDrift(AssertionError):
    """A watched object's reference count moved while painting: a C extension
    leaks (count up) or drops (count down) references."""


def refcounts() -> dict[str, int]:
    """The reference count of every watched object, after a full collection."""
    gc.collect()
    return {name: sys.getrefcount(value) for name, value in WATCHED.items()}


def drift(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    return {name: after[name] - before[name] for name in before}


def check_drift(
    before: Mapping[str, int], after: Mapping[str, int], *, tolerance: int, where: str
) -> dict[str, int]:
    moved = drift(before, after)
    worst = {name: delta for name, delta in moved.items() if abs(delta) > tolerance}
    if worst:
        raise RefcountDrift(
            f"reference counts drifted while {where}: {worst} (tolerance {tolerance}); "
            "a C extension leaks or drops references (see pyproject.toml's PySide6 pins)"
        )
    return moved


def rss_bytes() -> int:
    """The process's resident memory now (Linux: /proc; elsewhere its peak)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def paint_many(
    widgets: Mapping[str, QWidget],
    times: int | Mapping[str, int],
    *,
    batch: int = 50,
    tolerance: int = 8,
    warm_up: int = 20,
) -> dict[str, dict[str, int]]:
    """Paint each widget ``times`` times (``grab`` runs its whole paintEvent) and
    check after every ``batch`` that no watched reference count moved by more than
    ``tolerance``: a fault that drops references is caught long before the count
    of None reaches zero and aborts the interpreter. Returns each widget's drift."""
    from PySide6.QtWidgets import QApplication

    found: dict[str, dict[str, int]] = {}
    for name, widget in widgets.items():
        count = times if isinstance(times, int) else times.get(name, 0)
        for _ in range(warm_up):  # fonts, glyph caches, first layouts
            widget.grab()
        QApplication.processEvents()
        # And the display records' classes, made once (see ``settle_pending``).
        settle_pending()
        before = refcounts()
        moved = dict.fromkeys(before, 0)
        done = 0
        while done < count:
            for _ in range(min(batch, count - done)):
                widget.grab()
            done += batch
            moved = check_drift(before, refcounts(), tolerance=tolerance, where=f"painting {name}")
        found[name] = moved
    return found


# -- the event ---------------------------------------------------------------------


def open_night(database_path: Path, clock: FakeClock) -> MainWindow:
    """The main window on a fresh demo event (27 players at three tables, the clock
    running in level 2, bounties, re-buys, an add-on), with the TV window open."""
    from PySide6.QtWidgets import QApplication

    from director.app.night.demo import create_demo
    from director.gui.main_window import MainWindow
    from director.persistence.db import open_database

    database = open_database(database_path)
    session = create_demo(database, clock=clock)
    event_id = session.tournament_id
    session.close()
    window = MainWindow(database, clock=clock, ask_resume=False)
    window.resize(1366, 768)
    window.show()
    window.open_event(event_id)
    # The console paints before the rules are asked about its controls: the night
    # starts once they have answered, as the organizer's first click does.
    while window.controller is not None and window.controller.guard.held:
        QApplication.processEvents()
    window.show_display()
    assert window.display is not None
    window.display.showNormal()
    window.display.resize(960, 540)
    return window


def close_night(window: MainWindow) -> None:
    from PySide6.QtWidgets import QApplication

    window.close()
    window.database.close()
    window.deleteLater()
    QApplication.processEvents()


def night_widgets(window: MainWindow) -> dict[str, QWidget]:
    """Every widget that repaints all night: the TV's clock and seating board, the
    console's clock, the tables' views, the players and payouts pages."""
    from director.gui.pages.clock_page import ClockPage
    from director.gui.pages.tables_page import TablesPage

    assert window.console is not None and window.display is not None
    assert window.controller is not None
    from director.app.views.display import seat_rows

    window.display.seating.set_rows(seat_rows(window.controller.state))
    window.display.seating.resize(1280, 720)
    clock_page = window.console.page("clock")
    tables_page = window.console.page("tables")
    assert isinstance(clock_page, ClockPage) and isinstance(tables_page, TablesPage)
    widgets: dict[str, QWidget] = {
        "TV clock": window.display.face,
        "TV seating board": window.display.seating,
        "console clock": clock_page.face,
    }
    for number, card in enumerate(tables_page.cards, start=1):
        widgets[f"table view {number}"] = card.view
    for key in ("players", "payouts"):
        page = window.console.page(key)
        assert page is not None
        page.resize(1280, 700)
        widgets[f"{key} page"] = page
    return widgets


# -- the night -------------------------------------------------------------------


@dataclass
class NightFigures:
    """What a night did and what it cost."""

    hours: float
    frames: int = 0
    commands: int = 0
    refused: int = 0
    undos: int = 0
    redos: int = 0
    reports: int = 0
    busts: int = 0
    rebuys: int = 0
    entries: int = 0
    rss_by_hour: list[int] = field(default_factory=list)
    """RSS at the start, then at the end of each simulated hour."""
    paint_drift: dict[str, int] = field(default_factory=dict)
    """The watched counts' change summed over stretches of ticks and paints alone
    (fifty simulated seconds every ten minutes, and the minute after the end): a C
    extension that drops or leaks references while the clock runs moves it; the
    night's commands, which make the event's data grow, fall outside them."""
    quiet_windows: list[dict[str, int]] = field(default_factory=list)
    """The drift of each stretch of ticks and paints alone."""
    refcount_change: dict[str, int] = field(default_factory=dict)
    """From the end of the first hour to the end of the night, everything included:
    what the night keeps (its log, the states kept for undo) holds references too."""
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    finished: bool = False
    players_left: int = 0

    @property
    def rss_growth_after_first_hour(self) -> float:
        """RSS at the end over RSS after the first hour, less one (0.05: 5 % more)."""
        if len(self.rss_by_hour) < 3:
            return 0.0
        return self.rss_by_hour[-1] / self.rss_by_hour[1] - 1

    def lines(self) -> list[str]:
        mib = [f"{value / 2**20:.1f}" for value in self.rss_by_hour]
        return [
            f"simulated hours: {self.hours:g} (one paint per simulated second)",
            f"frames painted (TV): {self.frames}",
            f"commands: {self.commands} (refused before sending: {self.refused}; "
            f"entries {self.entries}, re-buys {self.rebuys}, busts {self.busts}), "
            f"undo {self.undos}, redo {self.redos}, reports {self.reports}",
            f"RSS MiB at start and each simulated hour: {' '.join(mib)}",
            f"RSS growth after the first hour: {self.rss_growth_after_first_hour * 100:.1f} %",
            f"refcount drift over ticks and paints alone: {self.paint_drift}",
            "  None per stretch: " + " ".join(str(w["None"]) for w in self.quiet_windows),
            f"refcount change after the first hour, the night's data included: "
            f"{self.refcount_change}",
            f"event finished: {self.finished} (players left {self.players_left})",
            f"CPU time: {self.cpu_seconds:.1f} s, wall time: {self.wall_seconds:.1f} s",
        ]


def soak_hours(default: float = 8.0) -> float:
    """The night's length in simulated hours, from DIRECTOR_SOAK_HOURS."""
    text = os.environ.get("DIRECTOR_SOAK_HOURS", "")
    try:
        hours = float(text) if text else default
    except ValueError:
        hours = default
    return max(hours, 2.0)  # a first hour and at least one more to compare with


class Night:
    """Drives ``window`` through ``hours`` of simulated play on ``clock``."""

    def __init__(
        self,
        window: MainWindow,
        clock: FakeClock,
        hours: float,
        *,
        seed: int = 13,
        on_hour: Callable[[int, NightFigures], None] | None = None,
        drift_tolerance: int | None = None,
    ) -> None:
        self.window = window
        self.clock = clock
        self.hours = hours
        self.random = random.Random(seed)
        self.figures = NightFigures(hours=hours)
        self.on_hour = on_hour
        self.drift_tolerance = drift_tolerance
        """When set, the night stops with ``RefcountDrift`` as soon as the drift over
        ticks and paints passes it: long before a dropped reference to None could
        abort the interpreter."""
        self._late_names = [f"Late Player {number}" for number in range(1, 10)]

    # -- what the room does ------------------------------------------------

    @property
    def controller(self):  # type: ignore[no-untyped-def]
        controller = self.window.controller
        assert controller is not None
        return controller

    def send(self, command: object) -> bool:
        """Send ``command`` as the GUI does, unless the rules would refuse it."""
        from director.core.commands import Command

        assert isinstance(command, Command)
        if self.controller.session.refusal(command) is not None:
            self.figures.refused += 1
            return False
        self.controller.run(command)
        self.figures.commands += 1
        return True

    def late_entry(self) -> None:
        from director.app.club.roster import Roster
        from director.core import commands as c

        if not self._late_names:
            return
        name = self._late_names.pop(0)
        roster = Roster(self.window.database, clock=self.clock)
        person = roster.find(name) or roster.add(name)
        if self.send(c.BuyIn(player=person.id, name=person.name)):
            self.figures.entries += 1

    def bust(self) -> None:
        from director.core import commands as c
        from director.core.players import Bust

        state = self.controller.state
        alive = sorted(state.alive())
        if len(alive) < 2:
            return
        out, winner = self.random.sample(alive, 2)
        if self.send(c.BustPlayers(busts=(Bust(player=out, eliminator=winner),))):
            self.figures.busts += 1
            if self.random.random() < 0.5 and self.send(c.Rebuy(player=out)):
                self.figures.rebuys += 1
        if self.controller.state.tables.pending:
            self.send(c.ConfirmAllMoves())

    def hands_done(self) -> None:
        from director.core import commands as c

        for table in sorted(self.controller.state.tables.tables):
            self.send(c.HandDone(table=table))

    def add_ons(self) -> None:
        from director.core import commands as c

        for player in sorted(self.controller.state.alive()):
            if self.random.random() < 0.6:
                self.send(c.Addon(player=player))

    def undo_redo(self) -> None:
        if self.controller.session.can_undo():
            self.controller.undo(self.window)
            self.figures.undos += 1
            if self.controller.session.can_redo():
                self.controller.redo(self.window)
                self.figures.redos += 1

    def reports(self) -> None:
        from director import reports

        state = self.controller.state
        for kind in reports.available(state):
            reports.render(kind, state, self.clock())
            self.figures.reports += 1

    def look_at_console(self, page: str) -> None:
        assert self.window.console is not None
        self.window.console.show_page(page)
        self.window.grab()

    # -- the night itself --------------------------------------------------

    def run(self) -> NightFigures:
        from PySide6.QtWidgets import QApplication

        window = self.window
        display = window.display
        ticker = window.ticker
        assert display is not None and ticker is not None
        figures = self.figures
        started_wall, started_cpu = time.perf_counter(), cpu_seconds()
        seconds = int(self.hours * 3600)
        # Busts come at a pace that leaves one player at about the end of the night,
        # faster while re-buys are open. The room acts on whole minutes only, so that
        # the rest of each minute is clock ticks and paints alone.
        next_bust = 5 * 60
        pages = ("clock", "players", "tables", "payouts", "floor")
        first_hour_counts: dict[str, int] = {}
        figures.rss_by_hour.append(rss_bytes())
        paint_drift = dict.fromkeys(WATCHED, 0)
        quiet_start: dict[str, int] = {}

        def settled() -> dict[str, int]:
            QApplication.processEvents()
            return refcounts()

        for second in range(1, seconds + 1):
            self.clock.advance(SECOND)
            # One second of the clock: read it (as the precise timer does when the
            # shown second changes) and paint the TV.
            ticker.update()
            display.face.grab()
            figures.frames += 1
            if second % 10 == 0:
                QApplication.processEvents()  # queued repaints, deferred deletes
            # Every ten minutes, fifty seconds of ticks and paints alone must leave
            # the watched counts where they were.
            if second % 600 == 5:
                quiet_start = settled()
            elif second % 600 == 55 and quiet_start:
                moved = drift(quiet_start, settled())
                figures.quiet_windows.append(moved)
                for name, delta in moved.items():
                    paint_drift[name] += delta
                if self.drift_tolerance is not None:
                    check_drift(
                        dict.fromkeys(paint_drift, 0),
                        paint_drift,
                        tolerance=self.drift_tolerance,
                        where=f"the clock ran and the TV painted (simulated second {second})",
                    )
            if second % 60:
                continue
            if second <= 3600 and second % 360 == 0:
                self.late_entry()
            if second % 180 == 0:
                self.hands_done()
            if second >= next_bust:
                self.bust()
                left = max(1, len(self.controller.state.alive()) - 1)
                remaining = max(60, seconds - 10 * 60 - second)
                pace = remaining // left // (2 if second < 3600 else 1)
                next_bust = second + max(60, pace - pace % 60)
            if second % 1200 == 600:
                self.undo_redo()
            if second % 300 == 120:
                self.look_at_console(pages[(second // 300) % len(pages)])
            if second == 75 * 60:  # the add-on level of the demo's structure
                self.add_ons()
            if second % 3600 == 0:
                self.reports()
                QApplication.processEvents()
                figures.rss_by_hour.append(rss_bytes())
                if second == 3600:
                    first_hour_counts = refcounts()
                if self.on_hour is not None:
                    self.on_hour(second // 3600, figures)
        # The last players go out: the event is over, the TV shows the winner.
        while len(self.controller.state.alive()) > 1:
            self.clock.advance(MINUTE)
            self.bust()
        quiet_start = settled()
        for _ in range(60):
            self.clock.advance(SECOND)
            ticker.update()
            display.face.grab()
            figures.frames += 1
        for name, delta in drift(quiet_start, settled()).items():
            paint_drift[name] += delta
        figures.paint_drift = paint_drift
        if seconds % 3600:
            figures.rss_by_hour.append(rss_bytes())
        if first_hour_counts:
            figures.refcount_change = drift(first_hour_counts, refcounts())
        state = self.controller.state
        from director.core.state import Status

        figures.finished = state.status is Status.FINISHED
        figures.players_left = len(state.alive())
        figures.cpu_seconds = cpu_seconds() - started_cpu
        figures.wall_seconds = time.perf_counter() - started_wall
        return figures
