"""The network page: what a change and a tick cost the server with viewers, how soon
every viewer has a change, and whether the TV stays on time while they watch.

Two parts (``--part cost``, ``--part night``, or both by default). Viewers are
WebSocket clients in another process (``bench.web_viewers``), so the figures are
the server's own.

cost: an event on a fake time source, served on 127.0.0.1 to 1, 10 and 50 viewers
(``--viewers``). Each figure next to its floor from the same run: a bare
``QWebSocketServer`` on the same loop sending the same bytes to the same number of
clients.

- from a change (a dispatch: written durably, then the feed, then the push) to
  every viewer having it: for each change the moment its last viewer had it, then
  the median and the worst of those over the changes (each change counted as
  reaching every viewer or not); floor: the bare server sending a message of the
  same size;
- the server's CPU per clock tick (the feed's reading each second, and a heartbeat
  to every viewer every other second; nothing else changes); floor: the bare server
  sending a heartbeat-sized message every other tick;
- the server's CPU per change pushed to every viewer (the display in each viewer's
  language); floor: the bare server sending the same bytes.

night: the real TV window (offscreen) fed by the app's ticker on the wall clock,
one-minute levels, with the server on the same feed; ``--minutes`` without
viewers, then as long with ``--night-viewers`` (200) connected. For each level
change, the moment its last viewer had it, from the level's end and from the
push's start (taken before the send loop); the median and worst of those over the
changes, and how many changes reached every viewer. The TV's lateness (how long
after the true second it painted each new second; target: within one frame,
16.7 ms) as median, p99 and worst, with and without viewers, and with viewers
split by what the server did meanwhile: nothing (viewers connected, idle), a
heartbeat to every viewer, a level change pushed to every viewer; beside it the
machine's own lateness (another process waking every 100 ms) in the same minutes.
The app's CPU and memory with and without the viewers.

Run: QT_QPA_PLATFORM=offscreen python -m bench.bench_web [--part cost] [--minutes 5]
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import queue
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtNetwork import QHostAddress
from PySide6.QtWebSockets import QWebSocket, QWebSocketServer

from director.app.files import structures
from director.app.phones.remote import SessionTarget
from director.app.storage.library import Library
from director.app.views.feed import ClockFeed
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.structure import Level, Structure
from director.gui.app import application
from director.persistence.db import open_database
from director.web.server import Limits, WebServer

HOST = "127.0.0.1"
FRAME_MS = 1000 / 60
LEVEL_MS = 60_000
"""One-minute levels in the night part: a level change to measure every minute."""
LIMITS = Limits(connections=1024, per_address=1024)
"""The viewers all come from one address here."""


class FakeClock:
    def __init__(self, start: int = 1_795_000_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        return self.now


def wait(milliseconds: int) -> None:
    """Let Qt's loop run for a while without spinning the CPU."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def wait_until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        wait(10)


def rss_mib() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class Viewers:
    """N clients in another process (``bench.web_viewers``)."""

    def __init__(self, port: int, count: int) -> None:
        url, origin = f"ws://{HOST}:{port}/ws", f"http://{HOST}:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.web_viewers", url, origin, str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next()  # "ready": every client is connected (Qt's loop served them)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def _next(self) -> str:
        deadline = time.monotonic() + 120
        while True:
            try:
                return self.lines.get_nowait()
            except queue.Empty:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise SystemExit("the viewers' process stopped") from None
                wait(10)

    def dump(self) -> list[tuple[tuple[str, int], int, int]]:
        assert self.process.stdin is not None
        self.process.stdin.write("dump\n")
        self.process.stdin.flush()
        return [((key[0], key[1]), client, at) for key, client, at in json.loads(self._next())]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        wait_until(lambda: self.process.poll() is not None)  # the server answers their goodbyes


class BareServer:
    """The floor: Qt's WebSocket server alone, sending text to every client."""

    def __init__(self) -> None:
        self.server = QWebSocketServer("floor", QWebSocketServer.SslMode.NonSecureMode)
        assert self.server.listen(QHostAddress(HOST), 0)
        self.clients: list[QWebSocket] = []
        self.server.newConnection.connect(self._take)

    def _take(self) -> None:
        while self.server.hasPendingConnections():
            self.clients.append(self.server.nextPendingConnection())

    @property
    def port(self) -> int:
        return int(self.server.serverPort())

    def send(self, text: str) -> None:
        for client in self.clients:
            client.sendTextMessage(text)

    def close(self) -> None:
        for client in self.clients:
            client.abort()
        self.server.close()


def night_event(database: Any, clock: Callable[[], int], *, levels: Structure | None = None):
    session = Library(database, clock=clock).create("Web bench")
    template = structures.find("regular-5000")
    structure = levels or (template.template.structure if template else Structure())
    session.dispatch(c.SetStructure(structure=structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 28):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    session.dispatch(c.StartClock())
    return session


def cpu_per_call(work: Callable[[], object], calls: int, interval_ms: int = 10) -> float:
    """Process CPU seconds per call of ``work`` run by a timer every ``interval_ms``
    (the loop's own cost included: see ``net``)."""
    done = {"calls": 0}
    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(interval_ms)

    def step() -> None:
        work()
        done["calls"] += 1
        if done["calls"] >= calls:
            timer.stop()
            QTimer.singleShot(50, loop.quit)  # what was sent is written

    timer.timeout.connect(step)
    cpu = time.process_time()
    timer.start()
    loop.exec()
    return (time.process_time() - cpu) / calls


def net(work: Callable[[], object], calls: int) -> float:
    """CPU per call of ``work`` beyond an idle timer's own, measured just before."""
    idle = cpu_per_call(lambda: None, calls)
    return max(0.0, cpu_per_call(work, calls) - idle)


def ms(nanoseconds: float) -> str:
    return f"{nanoseconds / 1e6:.2f} ms"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} µs"


Key = tuple[str, int]
"""A message as the viewers note it: ("state", revision) or ("probe", number)."""


@dataclass(frozen=True)
class Reach:
    """How soon every viewer had each change (nanoseconds)."""

    median: float
    """Median over the changes of the moment the last viewer had it."""
    worst: float
    """The latest any viewer had any change."""
    typical: float
    """Median over the changes of the median viewer (for comparison only)."""
    changes: int
    complete: int
    """Changes that every one of the viewers had."""


def to_every_viewer(
    sent: dict[Key, int], arrived: list[tuple[Key, int, int]], viewers: int
) -> Reach:
    """From ``sent`` (each change's reference instant) to every viewer having it:
    per change the last of ``viewers`` viewers' arrival (``arrived``: key, viewer,
    instant; a viewer's first copy counts), then the median and worst over changes."""
    by_key: dict[Key, dict[int, int]] = {}
    for key, client, at in arrived:
        if key in sent:
            by_key.setdefault(key, {}).setdefault(client, at - sent[key])
    lasts = [max(delays.values()) for delays in by_key.values() if delays]
    middles = [statistics.median(delays.values()) for delays in by_key.values() if delays]
    nan = float("nan")
    return Reach(
        median=statistics.median(lasts) if lasts else nan,
        worst=max(lasts, default=nan),
        typical=statistics.median(middles) if middles else nan,
        changes=len(sent),
        complete=sum(len(by_key.get(key, {})) == viewers for key in sent),
    )


class PushTimes:
    """Wraps the push channel's ``push`` and heartbeat: when each push that sent a new
    display began (before its send loop; the key the viewers note it by) and ended,
    and each heartbeat's span."""

    def __init__(self, channel: Any, now: Callable[[], int] = time.monotonic_ns) -> None:
        self.channel = channel
        self.now = now
        self.started: dict[Key, int] = {}
        self.pushes: list[tuple[int, int]] = []
        self.beats: list[tuple[int, int]] = []
        self.listeners: list[Callable[[Key], None]] = []
        self._push = channel.push
        channel.push = self.push
        beat = getattr(channel, "beat", None)
        if beat is not None:  # the timer calls the method it was given: give it ours
            beat.timeout.disconnect()
            beat.timeout.connect(self.heartbeat)

    def push(self, *, force: bool = False) -> bool:
        revision = self.channel.revision
        began = self.now()
        pushed = bool(self._push(force=force))
        ended = self.now()
        if self.channel.revision != revision:
            key = ("state", self.channel.revision)
            self.started[key] = began
            self.pushes.append((began, ended))
            for listener in self.listeners:
                listener(key)
        return pushed

    def heartbeat(self) -> None:
        began = self.now()
        type(self.channel).heartbeat(self.channel)
        self.beats.append((began, self.now()))

    def clear(self) -> None:
        self.started.clear()
        self.pushes.clear()
        self.beats.clear()


def spread(values: list[float]) -> tuple[float, float, float]:
    """(median, p99, worst) of ``values`` (nan when there are none)."""
    if not values:
        nan = float("nan")
        return nan, nan, nan
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return statistics.median(ordered), p99, ordered[-1]


def overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(began <= end and ended >= start for began, ended in spans)


def cost(viewer_counts: list[int], changes: int, ticks: int) -> None:
    application()
    folder = tempfile.mkdtemp()
    print("cost: 127.0.0.1, viewers in another process; each row next to its floor")
    for count in viewer_counts:
        cost_for(count, folder, changes, ticks)


def cost_for(count: int, folder: str, changes: int, ticks: int) -> None:
    """The cost rows for ``count`` viewers."""
    clock = FakeClock()
    database = open_database(Path(folder) / f"cost-{count}.db")
    session = night_event(database, clock)
    feed = ClockFeed(session)
    server = WebServer(clock=clock, limits=LIMITS)
    server.start(HOST, 0)
    server.attach(feed, SessionTarget(session))
    viewers = Viewers(server.port, count)
    wait_until(lambda: server.viewers == count)
    wait(300)
    viewers.dump()
    state_bytes = len(server.channel.state_message("en").encode())
    spacing = max(60, 3 * count)
    """Between two changes: long enough for the viewers' process to read them all."""

    # From a dispatch to the viewers.
    sent: dict[tuple[str, int], int] = {}
    for number in range(changes):
        command = c.NextLevel() if number % 2 == 0 else c.PreviousLevel()
        started = time.monotonic_ns()
        session.dispatch(command)
        sent[("state", server.channel.revision)] = started
        wait(spacing)
    wait(300)
    ours = to_every_viewer(sent, viewers.dump(), count)

    # CPU per clock tick: the feed's reading, a heartbeat every other second.
    ticked = {"n": 0}

    def tick() -> None:
        clock.now += 1000
        feed.advance()
        ticked["n"] += 1
        if ticked["n"] % 2:
            server.channel.heartbeat()

    tick_cpu = net(tick, ticks)
    viewers.dump()

    # CPU per change pushed to everyone (the display, in each viewer's language).
    pushed = {"n": 0}

    def change() -> None:
        pushed["n"] += 1
        feed.show_seats(pushed["n"] % 2 == 0)

    push_cpu = net(change, changes * 5)
    viewers.dump()
    viewers.close()
    server.stop()
    server.detach(push=False)
    feed.close()
    session.close()
    database.close()

    # The floor: a bare WebSocket server, the same bytes to the same clients.
    bare = BareServer()
    floor_viewers = Viewers(bare.port, count)
    wait_until(lambda: len(bare.clients) == count)
    wait(300)
    padding = "x" * max(0, state_bytes - 40)
    sent = {}
    for number in range(changes):
        started = time.monotonic_ns()
        bare.send(json.dumps({"type": "probe", "n": number, "pad": padding}))
        sent[("probe", number)] = started
        wait(spacing)
    wait(300)
    floor = to_every_viewer(sent, floor_viewers.dump(), count)
    beat = json.dumps({"type": "beat", "now": clock.now, "revision": 1})
    beats = {"n": 0}

    def bare_tick() -> None:
        beats["n"] += 1
        if beats["n"] % 2:
            bare.send(beat)

    floor_tick_cpu = net(bare_tick, ticks)
    probe = json.dumps({"type": "probe", "n": -1, "pad": padding})
    floor_push_cpu = net(lambda: bare.send(probe), changes * 5)
    floor_viewers.close()
    bare.close()

    print(f"- {count} viewer(s), display message {state_bytes} bytes:")
    print(
        f"  dispatch to every viewer (the last): median {ms(ours.median)}, worst "
        f"{ms(ours.worst)} ({ours.complete} of {ours.changes} changes reached all {count}; "
        f"median viewer {ms(ours.typical)}); floor (bare send) median {ms(floor.median)}, "
        f"worst {ms(floor.worst)} ({floor.complete} of {floor.changes})"
    )
    print(f"  CPU per clock tick: {us(tick_cpu)}; floor {us(floor_tick_cpu)}")
    print(f"  CPU per change pushed: {us(push_cpu)}; floor {us(floor_push_cpu)}")


class Jitter:
    """The machine's own lateness: another process waking every 100 ms (``time.sleep``
    to the next boundary), for ``seconds``; its lateness in ms when it ends."""

    def __init__(self, seconds: float) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.web_jitter", str(seconds)],
            stdout=subprocess.PIPE,
            text=True,
        )

    def result(self) -> list[float]:
        wait_until(lambda: self.process.poll() is not None, timeout=120)
        assert self.process.stdout is not None
        return [float(value) for value in json.loads(self.process.stdout.read())]


def lateness_line(name: str, values: list[float]) -> str:
    median, p99, worst = spread(values)
    return (
        f"{name}: median {median:.1f} ms, p99 {p99:.1f} ms, worst {worst:.1f} ms "
        f"({len(values)} paints)"
    )


def bare_floor(count: int, size: int, sends: int = 5) -> Reach:
    """A bare ``QWebSocketServer`` sending ``sends`` messages of ``size`` bytes, 2 s
    apart, to ``count`` viewers: from before its send loop to the last viewer."""
    bare = BareServer()
    viewers = Viewers(bare.port, count)
    wait_until(lambda: len(bare.clients) == count)
    wait(300)
    viewers.dump()
    padding = "x" * max(0, size - 40)
    sent: dict[Key, int] = {}
    for number in range(sends):
        sent[("probe", number)] = time.monotonic_ns()
        bare.send(json.dumps({"type": "probe", "n": number, "pad": padding}))
        wait(2000)
    found = to_every_viewer(sent, viewers.dump(), count)
    viewers.close()
    bare.close()
    return found


def night(minutes: float, count: int) -> None:
    from director.gui.clock_display import ClockDisplayWindow
    from director.gui.controller import SessionController
    from director.gui.ticker import ClockTicker

    application()
    folder = tempfile.mkdtemp()
    database = open_database(Path(folder) / "night.db")
    levels = Structure(
        items=tuple(
            Level(small_blind=25 * n, big_blind=50 * n, seconds=LEVEL_MS // 1000)
            for n in range(1, 200)
        )
    )
    from director.app.night.timesource import wall_clock

    session = night_event(database, wall_clock, levels=levels)
    controller = SessionController(session)
    ticker = ClockTicker(controller)
    window = ClockDisplayWindow()
    window.resize(1920, 1080)
    window.show()
    server = WebServer(limits=LIMITS)
    server.start(HOST, 0)
    server.attach(ticker.feed, SessionTarget(session))
    ticker.tick.connect(lambda: window.set_data(ticker.data))

    paints: list[tuple[float, int, float]] = []
    """Each new second painted: (ms after the true second, monotonic ns when painted,
    ms the paint itself took)."""
    shown = {"text": ""}
    original_paint = window.face.paintEvent
    collections: list[tuple[int, int]] = []
    """Python's cyclic garbage collections (a pause of the whole process)."""
    collecting = {"since": 0}

    def collected(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collecting["since"] = time.monotonic_ns()
        else:
            collections.append((collecting["since"], time.monotonic_ns()))

    gc.callbacks.append(collected)

    def painted(event: object) -> None:
        began = time.monotonic_ns()
        original_paint(event)  # type: ignore[arg-type]
        data = window.face.data
        if data is None or data.time_text == shown["text"]:
            return
        shown["text"] = data.time_text
        state = controller.state
        view = clk.view(state.clock, state.structure, time.time_ns() // 1_000_000)
        at = time.monotonic_ns()
        paints.append((float(view.elapsed % 1000), at, (at - began) / 1e6))

    window.face.paintEvent = painted  # type: ignore[method-assign]
    times = PushTimes(server.channel)
    ended: dict[Key, int] = {}
    offset = time.monotonic_ns() - time.time_ns()
    """The monotonic clock (what the viewers note) minus the wall clock (the app's)."""
    previous_level = {"level": -1}

    def level_changed(key: Key) -> None:
        data = ticker.feed.data
        if data.level != previous_level["level"] and data.timing.remaining_ms is not None:
            previous_level["level"] = data.level
            # When the level ended: the new one has run its length less what is left.
            start_ms = data.timing.computed_at - (LEVEL_MS - data.timing.remaining_ms)
            ended[key] = start_ms * 1_000_000 + offset

    times.listeners.append(level_changed)
    ticker.update()

    def phase(viewers: int) -> dict[str, Any]:
        watching = Viewers(server.port, viewers) if viewers else None
        if watching is not None:
            wait_until(lambda: server.viewers == viewers)
            watching.dump()
        paints.clear()
        collections.clear()
        times.clear()
        ended.clear()
        jitter = Jitter(minutes * 60)
        load = os.getloadavg()[0]
        memory_before = rss_mib()
        cpu = time.process_time()
        wall = time.perf_counter()
        wait(int(minutes * 60_000))
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        late = paints[1:]
        by_kind: dict[str, list[float]] = {"quiet": [], "beat": [], "change": [], "gc": []}
        for lateness, at, _paint in late:
            second = at - int(lateness * 1_000_000)  # the true second it painted
            if overlaps(second, at, times.pushes):
                by_kind["change"].append(lateness)
            elif overlaps(second, at, times.beats):
                by_kind["beat"].append(lateness)
            elif overlaps(second, at, collections):
                by_kind["gc"].append(lateness)
            else:
                by_kind["quiet"].append(lateness)
        found: dict[str, Any] = {
            "cpu": 100 * cpu / wall,
            "rss": rss_mib(),
            "rss_before": memory_before,
            "late": [lateness for lateness, _at, _paint in late],
            "paint": [paint for _lateness, _at, paint in late],
            "by_kind": by_kind,
            "push_ms": [(ended - began) / 1e6 for began, ended in times.pushes],
            "beat_ms": [(ended - began) / 1e6 for began, ended in times.beats],
            "gc_ms": [(ended - began) / 1e6 for began, ended in collections],
            "machine": jitter.result(),
            "load": (load, os.getloadavg()[0]),
            "changes": len(times.started),
        }
        if watching is not None:
            arrived = watching.dump()
            found["from_push"] = to_every_viewer(dict(times.started), arrived, viewers)
            found["from_end"] = to_every_viewer(dict(ended), arrived, viewers)
            watching.close()
            wait_until(lambda: server.viewers == 0)
        return found

    alone = phase(0)
    watched = phase(count)
    floor = bare_floor(count, len(server.channel.state_message("en").encode()))
    gc.callbacks.remove(collected)
    ticker.stop()
    server.stop()
    window.face.paintEvent = original_paint  # type: ignore[method-assign]
    window.close()
    session.close()
    database.close()
    print(f"night: {minutes:g} min alone, then {minutes:g} min with {count} viewers")
    for name, found in (("without viewers", alone), (f"with {count} viewers", watched)):
        print(
            f"- {name} (load average {found['load'][0]:.2f} to {found['load'][1]:.2f}): "
            f"CPU {found['cpu']:.2f}% of a core, RSS {found['rss']:.1f} MiB"
        )
        print("  " + lateness_line("TV lateness, every second", found["late"]))
        for kind, label in (
            ("quiet", "  seconds the server only waited"),
            ("beat", "  seconds with a heartbeat to every viewer"),
            ("change", "  seconds with a level change pushed to every viewer"),
            ("gc", "  seconds with a garbage collection of Python's"),
        ):
            print("  " + lateness_line(label, found["by_kind"][kind]))
        for key, label in (
            ("paint", "the TV's paint of a new second itself"),
            ("push_ms", "a push's send loop"),
            ("beat_ms", "a heartbeat's send loop"),
            ("gc_ms", "a garbage collection"),
        ):
            median, p99, worst = spread(found[key])
            print(
                f"  {label}: median {median:.2f} ms, p99 {p99:.2f} ms, worst {worst:.2f} ms "
                f"({len(found[key])})"
            )
        median, p99, worst = spread(found["machine"])
        print(
            f"  the machine (another process waking every 100 ms): median {median:.1f} ms, "
            f"p99 {p99:.1f} ms, worst {worst:.1f} ms late ({len(found['machine'])} wakes)"
        )
    end, push = watched["from_end"], watched["from_push"]
    print(
        f"- level change to every one of {count} viewers ({end.complete} of {end.changes} "
        f"changes reached all; {push.complete} of {push.changes} pushes): from the level's "
        f"end median {ms(end.median)}, worst {ms(end.worst)}; from the push's start median "
        f"{ms(push.median)}, worst {ms(push.worst)} (the median viewer: {ms(end.typical)} "
        f"from the end); floor, a bare server sending the same bytes to {count} viewers: "
        f"median {ms(floor.median)}, worst {ms(floor.worst)} ({floor.complete} of "
        f"{floor.changes} reached all)"
    )
    for name, found in (("without viewers", alone), (f"with {count} viewers", watched)):
        _median, p99, worst = spread(found["late"])
        verdict = "yes" if worst <= FRAME_MS else ("p99 yes, worst no" if p99 <= FRAME_MS else "no")
        print(f"TV within one frame ({FRAME_MS:.1f} ms) of its schedule {name}: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--part", choices=("cost", "night", "all"), default="all")
    parser.add_argument("--viewers", default="1,10,50")
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--ticks", type=int, default=600)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--night-viewers", type=int, default=200)
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (4096, 4096))
    if args.part in ("cost", "all"):
        cost([int(n) for n in args.viewers.split(",")], args.changes, args.ticks)
    if args.part in ("night", "all"):
        night(args.minutes, args.night_viewers)


if __name__ == "__main__":
    main()
