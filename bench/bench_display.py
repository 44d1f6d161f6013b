"""The clock display: what one tick of the clock costs, and how late the TV shows it.

Two parts (``--part cost``, ``--part lateness``, or both by default):

cost: the demo event (27 players at three tables, payouts, bounties, re-buys)
on a fake time source. Measured, each next to its floor from the same run:

- one tick of the clock (the ticker's reading, once per displayed second:
  cues, the display data, the next wake-up), against the least any clock does
  per second (read the clock, format the time left); where the clock feed
  exists, the feed alone, and the feed with the JSON a network viewer gets in
  English and in French;
- one paint of the TV window at 1920x1080 with that data, against a bare
  widget of the same size that fills its background and draws the time in the
  same big font. With ``--side-break``, in a layout with "Next break" (a figure
  counting down with the clock) in the side column instead of the main one.

lateness: the real window (offscreen platform), fed by the real ticker and
session on the wall clock for a while (default 10 minutes) while another
process keeps a core busy. For every change of the shown time, how late it was
painted after the moment the true time crossed that second (target: never more
than 0.1 s); and the display process's CPU use (target: under 5% of a core).
With ``--countdown`` the start is planned half-way through the run (starting by
itself): the "Starts in" countdown's lateness is measured the same way, next to
the clock's own after it, and how late the first level's time appeared after the
planned moment.

scroll: the scrolling message line. The real TV window at 1920x1080 on the wall
clock, the clock running, for a while (default 20 s) each: without a message
(the floor: one repaint a second), with a long message scrolling (its band
repainted about 30 times a second), and a bare widget scrolling the same text
in a band of the same size (the floor for any scrolling text). For each: the
process's CPU use, paints per second, and the share of the screen repainted
per second (a full-screen repaint 30 times a second would be 3,000%).

look: the TV's look with its pictures and sounds (a 600x600 PNG logo with
transparency, a 1920x1080 JPEG background, six one-second sounds), through the
main window as the app does it. Measured, each next to its floors from the
same run:

- one paint of the TV at 1920x1080 with that look, against the same TV with no
  look (the default theme, nothing to draw but the texts) and a bare widget
  painting the time;
- opening the event with that look until the TV can show it: the event read
  from the database, then its logo and background decoded and every cue's
  sound found, with nothing kept from before (a fresh start); against opening
  the same event without looking at its look, and reading the same pictures'
  files from disk and decoding them (what any program showing them must do);
- choosing a picture: decoding it and measuring its darkest and lightest tones
  (every pixel counts), for the 1920x1080 background and a 3840x2160 one, against
  decoding the same file alone.

Run: QT_QPA_PLATFORM=offscreen python -m bench.bench_display [--part cost] [--minutes 10]
[--message] [--seconds 20] [--rounds 15] [--side-break]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from director.app.storage.library import Library
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import Instant, PlayerId
from director.core.money import MoneySettings
from director.core.structure import Level, Structure
from director.core.tv import Element, Layout, Place, Slot, TvLook
from director.gui.app import application
from director.gui.clock_display import ClockDisplayWindow
from director.gui.controller import SessionController
from director.gui.ticker import ClockTicker
from director.i18n import format_clock
from director.persistence.db import open_database

SIZE = (1920, 1080)


class FakeClock:
    """Time that moves only when told: ticks are measured, not waited for."""

    def __init__(self, start: int = 1_795_000_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        return self.now


class BareClock(QWidget):
    """The floor for a paint: the background and the time, nothing else."""

    def __init__(self) -> None:
        super().__init__()
        self.text = "00:00"
        self.font_ = QFont()
        self.font_.setBold(True)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#0d1117"))
        self.font_.setPixelSize(int(self.height() * 0.40))
        painter.setFont(self.font_)
        painter.setPen(QColor("#f0f3f6"))
        painter.drawText(QRectF(self.rect()), int(Qt.AlignmentFlag.AlignCenter), self.text)
        painter.end()


def per_call(function: Callable[[], object], calls: int, rounds: int) -> float:
    """Median over ``rounds`` of the seconds one call takes, ``calls`` calls a round."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        samples.append((time.perf_counter() - start) / calls)
    return statistics.median(samples)


def us(seconds: float) -> str:
    return f"{seconds * 1e6:8.1f} µs"


def side_break_look() -> TvLook:
    """The full layout with "Next break" moved to the side column, after the payouts."""
    slots = [slot for slot in Layout().slots if slot.element is not Element.NEXT_BREAK]
    at = next(i for i, slot in enumerate(slots) if slot.element is Element.PAYOUTS) + 1
    slots.insert(at, Slot(Element.NEXT_BREAK, Place.SIDE))
    return TvLook(layout=Layout(preset="custom", slots=tuple(slots)))


def cost(rounds: int, *, side_break: bool = False) -> None:
    from director.app.night.demo import create_demo

    app = application()
    folder = tempfile.mkdtemp()
    database = open_database(Path(folder) / "bench.db")
    clock = FakeClock()
    session = create_demo(database, clock=clock)
    controller = SessionController(session)
    ticker = ClockTicker(controller)
    window = ClockDisplayWindow()
    if side_break:
        window.set_look(side_break_look())
    window.resize(*SIZE)
    window.face.resize(*SIZE)
    window.show()
    floor_widget = BareClock()
    floor_widget.resize(*SIZE)
    floor_widget.show()
    app.processEvents()

    def tick() -> None:
        clock.now += 1000
        ticker.update()

    def floor_tick() -> None:
        clock.now += 1000
        state = controller.state
        view = clk.view(state.clock, state.structure, clock.now)
        format_clock(view.remaining or 0)

    def paint() -> None:
        tick()
        window.set_data(ticker.data)
        window.face.grab()

    def floor_paint() -> None:
        floor_tick()
        floor_widget.text = format_clock(clock.now % 3_600_000)
        floor_widget.grab()

    for _ in range(50):  # fonts, glyph caches, first layouts
        paint()
        floor_paint()
    # Interleaved rounds: the machine's load falls on both sides alike.
    tick_times, floor_times, paint_times, floor_paint_times = [], [], [], []
    for _ in range(rounds):
        tick_times.append(per_call(tick, 300, 1))
        floor_times.append(per_call(floor_tick, 300, 1))
        paint_times.append(per_call(paint, 30, 1))
        floor_paint_times.append(per_call(floor_paint, 30, 1))
    ticks = statistics.median(tick_times)
    floor = statistics.median(floor_times)
    paints = statistics.median(paint_times) - ticks
    floor_paints = statistics.median(floor_paint_times) - floor
    print(f"demo event, {len(controller.state.players)} players; {rounds} interleaved rounds")
    print(f"one tick of the clock (ticker.update): {us(ticks)}")
    print(f"  floor, read the clock + format the time: {us(floor)}  ratio {ticks / floor:.1f}x")
    feed = getattr(ticker, "feed", None)
    if feed is not None:

        def advance() -> None:
            clock.now += 1000
            feed.advance()

        alone = statistics.median(per_call(advance, 300, 1) for _ in range(rounds))
        print(f"  of which the feed alone (feed.advance): {us(alone)}  ratio {alone / floor:.1f}x")

        def for_viewers() -> None:
            advance()
            for language in ("en", "fr"):
                json.dumps(feed.payload(language), ensure_ascii=False)

        viewers = statistics.median(per_call(for_viewers, 100, 1) for _ in range(rounds))
        print(
            f"  the feed, then its JSON in English and French: {us(viewers)}  "
            f"ratio {viewers / floor:.1f}x"
        )
    where = ', "Next break" in the side column' if side_break else ""
    print(f"one paint of the TV at {SIZE[0]}x{SIZE[1]}{where}: {us(paints)}")
    print(f"  floor, a bare widget painting the time: {us(floor_paints)}  ratio ", end="")
    print(f"{paints / floor_paints:.1f}x")
    ticker.stop()
    window.close()
    floor_widget.close()
    window.deleteLater()
    floor_widget.deleteLater()
    ticker.deleteLater()
    app.processEvents()
    session.close()
    database.close()


def lateness(
    minutes: float, *, message: bool = False, countdown: bool = False, shot_clock: bool = False
) -> None:
    app = application()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    folder = tempfile.mkdtemp()
    database = open_database(Path(folder) / "bench.db")
    session = Library(database).create("Display bench")
    # Two-minute levels, so the run crosses level changes too.
    levels = tuple(Level(small_blind=25 * n, big_blind=50 * n, seconds=120) for n in range(1, 60))
    session.dispatch(c.SetStructure(structure=Structure(items=levels)))
    planned = None
    if countdown:
        # Not on a whole second of the wall clock, as a real planned time is not
        # once the countdown's start is rounded: the crossings move with it.
        planned = int(time.time() * 1000 + minutes * 30_000) + 370
        session.dispatch(c.PlanStart(planned=Instant(planned), auto_start=True))
    else:
        session.dispatch(c.StartClock())
    if shot_clock:
        # Two tables of players: shot clocks of 30 s for one player after another
        # (started off the whole second, as a dealer's tap is), all run long.
        money = MoneySettings(buy_in=2000, chips=5000, late_until_level=4)
        session.dispatch(c.SetMoneySettings(settings=money))
        for number in range(1, 13):
            session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
        session.dispatch(c.DrawSeats())
    if message:
        # The message line scrolling all the while: its frames must not delay the time.
        text = "Last orders at the bar in ten minutes: the kitchen closes at midnight. " * 2
        session.dispatch(c.SetRoomMessage(text=text))
    controller = SessionController(session)
    ticker = ClockTicker(controller)
    window = ClockDisplayWindow()
    window.resize(*SIZE)
    window.show()

    late: list[float] = []
    counting: list[float] = []
    first_level: list[float] = []
    shown: dict[str, str] = {"text": ""}
    original_paint = window.face.paintEvent

    def refresh() -> None:
        window.set_data(ticker.data)

    def painted(event: object) -> None:
        original_paint(event)  # type: ignore[arg-type]
        now_ms = time.time_ns() / 1e6
        data = window.face.data
        if (
            data is None
            or data.time_text == shown["text"]
            or not event.rect().contains(  # type: ignore[attr-defined]
                window.face.rect()
            )
        ):
            return
        shown["text"] = data.time_text
        # When did the true time cross into what is now shown? Levels last
        # whole seconds, so the shown text changes each time the time spent in
        # the level passes a whole second: what is past it now is the delay.
        state = controller.state
        view = clk.view(state.clock, state.structure, int(now_ms))
        if planned is not None and not data.started:
            # "Starts in" shows the time to the planned moment rounded up: it
            # changes as that time crosses a whole second.
            counting.append(((now_ms - planned) % 1000) / 1000)
        elif planned is not None and not first_level:
            first_level.append((now_ms - planned) / 1000)
        else:
            late.append((view.elapsed % 1000) / 1000)

    window.face.paintEvent = painted  # type: ignore[method-assign]
    shot_late: list[float] = []
    shot_shown: list[tuple[int, int]] = []
    """The shot clock shown last: when it ends, and its seconds."""
    shot_paint = window.shot_clocks.paintEvent

    def shot_painted(event: object) -> None:
        shot_paint(event)  # type: ignore[arg-type]
        now_ms = time.time_ns() / 1e6
        rows = window.shot_clocks.rows
        if not rows or rows[0].over:
            shot_shown.clear()
            return
        seen = (rows[0].ends_at, rows[0].seconds)
        if shot_shown and seen == shot_shown[0]:
            return
        if shot_shown and shot_shown[0][0] == seen[0]:
            # A change of the shown second: how long since the true time crossed it.
            shot_late.append(((now_ms - seen[0]) % 1000) / 1000)
        shot_shown[:] = [seen]

    def next_shot() -> None:
        seated = sorted(controller.state.tables.seated())
        player = seated[len(shot_late) % len(seated)]
        session.dispatch(c.StartShotClock(player=player, seconds=30))

    shots = QTimer()
    if shot_clock:
        window.shot_clocks.paintEvent = shot_painted  # type: ignore[method-assign]
        shots.timeout.connect(next_shot)
        shots.start(43_370)  # a new one every 43.37 s: each runs out, then leaves
        QTimer.singleShot(1_370, next_shot)
    ticker.tick.connect(refresh)
    ticker.update()  # a fresh reading, as the app takes when the display opens

    seconds = minutes * 60
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    cpu = time.process_time() - cpu_start
    wall = time.perf_counter() - wall_start
    busy.kill()
    # Take the Qt objects down before the interpreter does: leaving them to
    # shutdown's garbage collection once ended a long run with a fatal error.
    shots.stop()
    ticker.stop()
    ticker.tick.disconnect(refresh)
    window.face.paintEvent = original_paint  # type: ignore[method-assign]
    window.shot_clocks.paintEvent = shot_paint  # type: ignore[method-assign]
    window.close()
    window.deleteLater()
    ticker.deleteLater()
    app.processEvents()
    session.close()
    database.close()

    changes = late if planned is not None else late[1:]  # the first paint is not a change
    worst = max(changes) if changes else float("nan")
    print(f"ran {wall:.0f} s with another core busy; {len(changes)} changes of the shown time")
    worst_countdown = 0.0
    if planned is not None:
        counted = counting[1:]
        worst_countdown = max(counted) if counted else float("nan")
        print(
            f'countdown ("Starts in"), {len(counted)} changes: median '
            f"{statistics.median(counted) * 1000:.1f} ms, worst {worst_countdown * 1000:.1f} ms"
        )
        start = first_level[0] if first_level else float("nan")
        print(f"first level's time shown {start * 1000:.1f} ms after the planned start")
        worst_countdown = max(worst_countdown, start)
    print(
        f"lateness of the shown time: median {statistics.median(changes) * 1000:.1f} ms, "
        f"worst {worst * 1000:.1f} ms (target: at most 100 ms)"
    )
    if shot_clock:
        worst_shot = max(shot_late) if shot_late else float("nan")
        print(
            f"shot clock's shown second, {len(shot_late)} changes: median "
            f"{statistics.median(shot_late) * 1000:.1f} ms, worst {worst_shot * 1000:.1f} ms"
        )
        worst_countdown = max(worst_countdown, worst_shot)
    print(f"display CPU use: {100 * cpu / wall:.2f}% of a core (target: under 5%)")
    verdict = "met" if max(worst, worst_countdown) <= 0.1 and cpu / wall < 0.05 else "MISSED"
    print(f"targets: {verdict}")


class BareScroller(QWidget):
    """The floor for a scrolling line: a band that repaints itself 30 times a second,
    drawing one cached text at the moving offset, nothing else."""

    def __init__(self, text: str, band: QRectF) -> None:
        super().__init__()
        from PySide6.QtGui import QStaticText

        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.band = band
        self.static = QStaticText(text)
        self.font_ = QFont()
        self.font_.setBold(True)
        self.font_.setPixelSize(int(band.height() * 0.58))
        self.painted_pixels = 0
        self.paints = 0
        self.timer = QTimer(self)
        self.timer.setInterval(33)
        self.timer.timeout.connect(lambda: self.update(self.band.toAlignedRect()))

    def paintEvent(self, event: QPaintEvent) -> None:
        self.paints += 1
        self.painted_pixels += event.rect().width() * event.rect().height()
        painter = QPainter(self)
        painter.fillRect(event.rect(), QColor("#161b22"))
        painter.setFont(self.font_)
        painter.setPen(QColor("#f0f3f6"))
        painter.setClipRect(self.band)
        offset = (time.monotonic() * 120) % 3000
        painter.drawStaticText(
            int(self.band.left() - offset + 200), int(self.band.top()), self.static
        )
        painter.end()


def run_loop(seconds: float) -> None:
    """Let the event loop run for ``seconds`` (a local loop: quitting the application
    would close its windows)."""
    from PySide6.QtCore import QEventLoop

    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def scroll(seconds: float) -> None:
    from director.app.views.display import DisplayData

    app = application()
    folder = tempfile.mkdtemp()
    database = open_database(Path(folder) / "bench.db")
    session = Library(database).create("Scroll bench")
    levels = tuple(Level(small_blind=25 * n, big_blind=50 * n, seconds=600) for n in range(1, 30))
    session.dispatch(c.SetStructure(structure=Structure(items=levels)))
    session.dispatch(c.StartClock())
    controller = SessionController(session)
    ticker = ClockTicker(controller)
    window = ClockDisplayWindow()
    window.resize(*SIZE)
    window.show()
    face = window.face
    counted = {"pixels": 0, "paints": 0}
    original_paint = face.paintEvent

    def painted(event: QPaintEvent) -> None:
        counted["paints"] += 1
        counted["pixels"] += event.rect().width() * event.rect().height()
        original_paint(event)

    face.paintEvent = painted  # type: ignore[method-assign]

    def refresh() -> None:
        window.set_data(ticker.data)

    ticker.tick.connect(refresh)
    ticker.update()
    area = SIZE[0] * SIZE[1]

    def run_for(label: str) -> tuple[float, float, float]:
        counted.update(pixels=0, paints=0)
        cpu_start, wall_start = time.process_time(), time.perf_counter()
        run_loop(seconds)
        cpu = time.process_time() - cpu_start
        wall = time.perf_counter() - wall_start
        share = counted["pixels"] / area / wall * 100
        print(
            f"{label}: CPU {100 * cpu / wall:.2f}% of a core, "
            f"{counted['paints'] / wall:.1f} paints/s, {share:.0f}% of the screen repainted/s"
        )
        return cpu / wall, counted["paints"] / wall, share

    quiet = run_for("TV, clock running, no message (floor)")
    message = "Last orders at the bar in ten minutes: the kitchen closes at midnight. " * 2
    session.dispatch(c.SetRoomMessage(text=message))
    ticker.update()
    assert face.message_scrolls() and face._scroll.isActive()
    moving = run_for("TV, clock running, long message scrolling")
    band = face.message_rect()
    assert band is not None
    ticker.tick.disconnect(refresh)
    bare = BareScroller(message, QRectF(band))
    bare.resize(*SIZE)
    bare.show()
    bare.timer.start()
    window.hide()
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    run_loop(seconds)
    bare_cpu = (time.process_time() - cpu_start) / (time.perf_counter() - wall_start)
    wall = time.perf_counter() - wall_start
    print(
        f"floor, a bare widget scrolling the same text in the same band: CPU "
        f"{100 * bare_cpu:.2f}% of a core, {bare.paints / wall:.1f} paints/s, "
        f"{bare.painted_pixels / area / wall * 100:.0f}% of the screen repainted/s"
    )
    print(
        f"scrolling costs {100 * (moving[0] - quiet[0]):.2f}% of a core over the quiet TV; "
        f"ratio to the bare scroller {moving[0] / bare_cpu:.1f}x; "
        f"a full repaint at the same rate would be {moving[1] * 100:.0f}% of the screen/s"
    )
    bare.timer.stop()
    bare.close()
    face.paintEvent = original_paint  # type: ignore[method-assign]
    ticker.stop()
    window.close()
    window.deleteLater()
    bare.deleteLater()
    ticker.deleteLater()
    app.processEvents()
    session.close()
    database.close()
    del DisplayData


def _look_files(folder: Path) -> dict[str, Path]:
    """A logo (PNG with transparency), a background (JPEG) and a one-second sound."""

    logo = QImage(600, 600, QImage.Format.Format_ARGB32)
    logo.fill(Qt.GlobalColor.transparent)
    painter = QPainter(logo)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor("#c9a227"))
    painter.drawEllipse(20, 20, 560, 560)
    painter.setPen(QColor("#ffffff"))
    font = QFont()
    font.setPixelSize(160)
    painter.setFont(font)
    painter.drawText(logo.rect(), int(Qt.AlignmentFlag.AlignCenter), "ACE")
    painter.end()
    background = QImage(1920, 1080, QImage.Format.Format_RGB32)
    painter = QPainter(background)
    for y in range(1080):
        shade = 20 + 30 * y // 1080
        painter.setPen(QColor(shade // 3, shade, shade // 2))
        painter.drawLine(0, y, 1919, y)
    painter.end()
    files = {"logo": folder / "logo.png", "background": folder / "felt.jpg"}
    logo.save(str(files["logo"]), "PNG")
    background.save(str(files["background"]), "JPG", 85)
    return files


def look(rounds: int) -> None:
    """A TV paint with a logo and a background, and opening an event with a look."""
    from director.app.files.settings import Settings
    from director.app.night.session import TournamentSession
    from director.app.tv.tv_assets import wav_bytes
    from director.core.tv import SOUND_CUES, CueSound, Picture, TvLook
    from director.gui.main_window import MainWindow
    from director.gui.media import choose_picture, load_picture

    app = application()
    folder = Path(tempfile.mkdtemp())
    os.environ["DIRECTOR_DATA_DIR"] = str(folder / "data")
    os.environ["DIRECTOR_CONFIG_DIR"] = str(folder / "config")
    files = _look_files(folder)
    database = open_database(folder / "bench.db")
    clock = FakeClock()
    window = MainWindow(database, clock=clock, settings=Settings(), ask_resume=False)
    window.sound.no_output = True  # measured: finding each cue's file, not playing it
    from director.app.night.demo import create_demo

    session = create_demo(database, clock=clock)  # a night under way: 27 players, payouts
    logo = choose_picture(files["logo"], window.assets)
    background = choose_picture(files["background"], window.assets)
    tone = bytes(2 * 44_100)  # one second of silence, 16-bit mono
    sounds = []
    for number, cue in enumerate(SOUND_CUES, start=1):
        name = window.assets.put(wav_bytes(tone[: -2 * number] + bytes(2 * number)), "wav")
        sounds.append(CueSound(cue, asset=name, volume=80))
    chosen = TvLook(
        logo=logo.name,
        background=Picture(background.name, background.low, background.high),
        sounds=tuple(sounds),
    )
    session.dispatch(c.SetTvLook(look=chosen))
    event_id = session.tournament_id
    session.close()
    window.open_event(event_id)
    assert window.controller is not None and window.controller.state.tv_look == chosen
    # The TV window as the app fills it (``apply_tv_look``), at the size measured (the
    # app's own goes full screen on the offscreen platform's small screen).
    display = ClockDisplayWindow()
    display.set_look(chosen, window.tv.look_pictures(chosen))
    display.resize(*SIZE)
    display.face.resize(*SIZE)
    bare_tv = ClockDisplayWindow()
    bare_tv.resize(*SIZE)
    bare_tv.face.resize(*SIZE)
    bare_tv.show()
    floor_widget = BareClock()
    floor_widget.resize(*SIZE)
    floor_widget.show()
    app.processEvents()
    assert window.feed is not None
    feed = window.feed

    # The display data of a minute of the night, worked out beforehand: the paints
    # are measured, not the clock feed (``--part cost`` measures it).
    frames = []
    for _ in range(60):
        clock.now += 1000
        feed.advance()
        frames.append(feed.data)
    turn = {"look": 0, "plain": 0}

    def paint_look() -> None:
        turn["look"] += 1
        display.set_data(frames[turn["look"] % len(frames)])
        display.face.grab()

    def paint_plain() -> None:
        turn["plain"] += 1
        bare_tv.set_data(frames[turn["plain"] % len(frames)])
        bare_tv.face.grab()

    def paint_floor() -> None:
        clock.now += 1000
        floor_widget.text = format_clock(clock.now % 3_600_000)
        floor_widget.grab()

    for _ in range(30):
        paint_look()
        paint_plain()
        paint_floor()
    looks, plains, floors = [], [], []
    for _ in range(rounds):
        looks.append(per_call(paint_look, 20, 1))
        plains.append(per_call(paint_plain, 20, 1))
        floors.append(per_call(paint_floor, 20, 1))
    painted, plain_painted, floor_painted = (
        statistics.median(looks),
        statistics.median(plains),
        statistics.median(floors),
    )
    print(
        f"the TV's look: logo {files['logo'].stat().st_size // 1024} KB PNG 600x600, "
        f"background {files['background'].stat().st_size // 1024} KB JPEG 1920x1080, "
        f"{len(sounds)} sounds; {rounds} interleaved rounds"
    )
    print(f"one TV paint at {SIZE[0]}x{SIZE[1]} with the logo and background: {us(painted)}")
    print(
        f"  floor, the same TV with no look: {us(plain_painted)}  "
        f"ratio {painted / plain_painted:.2f}x"
    )
    print(
        f"  floor, a bare widget painting the time: {us(floor_painted)}  "
        f"ratio {painted / floor_painted:.1f}x"
    )
    window.close_session()

    def open_with_look() -> None:
        # Nothing kept from before: a fresh start of the app on this database.
        window.tv._assets = None
        window.tv._pictures.clear()
        opened = TournamentSession(database, event_id, clock=clock)
        shown = opened.state.tv_look
        assert shown is not None
        pictures = window.tv.look_pictures(shown)
        assert len(pictures) == 2
        window.sound.set_look(shown, window.assets)
        assert all(window.sound.source(cue) is not None for cue in SOUND_CUES)
        opened.close()

    def open_plain() -> None:
        opened = TournamentSession(database, event_id, clock=clock)
        opened.close()

    def decode_files() -> None:
        for path in files.values():
            load_picture(path.read_bytes())

    for _ in range(5):
        open_with_look()
        open_plain()
        decode_files()
    opens, open_floors, decodes = [], [], []
    for _ in range(rounds):
        opens.append(per_call(open_with_look, 5, 1))
        open_floors.append(per_call(open_plain, 5, 1))
        decodes.append(per_call(decode_files, 5, 1))
    opened, open_floor, decoded = (
        statistics.median(opens),
        statistics.median(open_floors),
        statistics.median(decodes),
    )
    print(
        f"open the event with its look (event, pictures decoded, sounds found): "
        f"{opened * 1000:8.2f} ms"
    )
    print(f"  floor, the same event opened without its look: {open_floor * 1000:8.2f} ms")
    print(f"  floor, the two pictures' files read and decoded: {decoded * 1000:8.2f} ms")
    print(
        f"  the look's own cost {(opened - open_floor) * 1000:.2f} ms, "
        f"ratio to reading and decoding the files {(opened - open_floor) / decoded:.2f}x"
    )
    from director.gui.media import picture_tones

    big = QImage(3840, 2160, QImage.Format.Format_RGB32)
    big.fill(QColor("#0a0a0e"))
    painter = QPainter(big)
    for x in range(0, 3840, 80):  # thin bright stripes: every pixel must count
        painter.fillRect(x, 0, 1, 2160, QColor("#fafafa"))
    painter.end()
    files["4k"] = folder / "stripes.png"
    big.save(str(files["4k"]), "PNG")
    for key, label in (("background", "1920x1080 JPEG"), ("4k", "3840x2160 PNG")):
        data = files[key].read_bytes()
        for _ in range(3):
            picture_tones(load_picture(data))
        toned, plain = [], []
        for _ in range(rounds):
            toned.append(per_call(lambda data=data: picture_tones(load_picture(data)), 3, 1))
            plain.append(per_call(lambda data=data: load_picture(data), 3, 1))
        measured, decoded_only = statistics.median(toned), statistics.median(plain)
        print(f"a {label} picture decoded and its tones measured: {measured * 1000:8.2f} ms")
        print(
            f"  floor, the same file decoded: {decoded_only * 1000:8.2f} ms  "
            f"the tones {(measured - decoded_only) * 1000:.2f} ms"
        )
    bare_tv.close()
    display.close()
    floor_widget.close()
    display.deleteLater()
    bare_tv.deleteLater()
    floor_widget.deleteLater()
    window.close()
    window.deleteLater()
    app.processEvents()
    database.close()


def look_in_database(rounds: int) -> None:
    """What keeping the pictures in the database adds elsewhere: recording a look
    (its pictures checked in the same transaction) next to recording another change
    of the event; and the start-up look for pictures an older version left in the
    data folder (a stray file there forces a reading of every look in the logs), on
    an event of 10,000 log events, next to counting those events."""
    from bench.bench_session import EVENTS, fill
    from director.app.storage.library import Library
    from director.app.tv.tv_assets import AssetStore
    from director.core.tv import THEMES, TvLook

    application()
    folder = Path(tempfile.mkdtemp())
    os.environ["DIRECTOR_DATA_DIR"] = str(folder / "data")
    path = folder / "bench.db"
    event_id = fill(path)
    database = open_database(path)
    store = AssetStore.of(database)
    if not hasattr(store, "adopt"):
        print("(pictures kept in the data folder only: nothing to measure here)")
        database.close()
        return
    files = _look_files(folder)
    logos = [store.put(files["logo"].read_bytes(), "png")]
    logos.append(store.put(files["background"].read_bytes(), "jpg"))
    session = Library(database).open(event_id)
    turn = {"n": 0}

    def set_look() -> None:
        turn["n"] += 1
        session.dispatch(c.SetTvLook(look=TvLook(logo=logos[turn["n"] % 2])))

    themes = [THEMES["dark"], THEMES["felt"]]

    def set_plain_look() -> None:
        turn["n"] += 1
        session.dispatch(c.SetTvLook(look=TvLook(theme=themes[turn["n"] % 2])))

    stray = AssetStore(store.folder)
    stray.put(b"\x89PNG\r\n\x1a\n" + bytes(64), "png")  # never named by a look

    def adopt() -> None:
        store.adopt()

    def scan_events() -> None:
        with database.reading() as connection:
            connection.execute("SELECT COUNT(*) FROM event WHERE type = 'none'").fetchone()

    looks, plains, adopts, scans = [], [], [], []
    for _ in range(rounds):
        looks.append(per_call(set_look, 20, 1))
        plains.append(per_call(set_plain_look, 20, 1))
        adopts.append(per_call(adopt, 5, 1))
        scans.append(per_call(scan_events, 5, 1))
    look_ms, plain_ms = statistics.median(looks) * 1000, statistics.median(plains) * 1000
    adopt_ms, scan_ms = statistics.median(adopts) * 1000, statistics.median(scans) * 1000
    print(f"record a look with a logo (durable, its picture checked): {look_ms:8.2f} ms")
    print(
        f"  floor, the same with a theme only: {plain_ms:8.2f} ms  ratio {look_ms / plain_ms:.2f}x"
    )
    print(
        f"start-up look for an older version's pictures (a stray file in the folder), "
        f"{EVENTS:,} log events and {turn['n']} since: {adopt_ms:8.2f} ms"
    )
    print(
        f"  floor, one pass over the log's events: {scan_ms:8.2f} ms  "
        f"ratio {adopt_ms / scan_ms:.1f}x"
    )
    session.close()
    database.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--part", choices=("cost", "lateness", "scroll", "look", "all"), default="all"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument(
        "--message", action="store_true", help="lateness with the message line scrolling"
    )
    parser.add_argument(
        "--countdown",
        action="store_true",
        help="lateness of a planned start's countdown (half the run), next to the clock's",
    )
    parser.add_argument(
        "--shot-clock",
        action="store_true",
        help="lateness of shot clocks on the TV (one after another), next to the clock's",
    )
    parser.add_argument(
        "--side-break",
        action="store_true",
        help='cost with "Next break" in the TV\'s side column',
    )
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    if args.part in ("cost", "all"):
        cost(args.rounds, side_break=args.side_break)
    if args.part in ("lateness", "all"):
        lateness(
            args.minutes,
            message=args.message,
            countdown=args.countdown,
            shot_clock=args.shot_clock,
        )
    if args.part in ("scroll", "all"):
        scroll(args.seconds)
    if args.part in ("look", "all"):
        look(args.rounds)
        look_in_database(args.rounds)


if __name__ == "__main__":
    main()
