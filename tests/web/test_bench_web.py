"""The network page's benchmark counts what the issue asks: a change reaches every
viewer when its last viewer has it (not its median one), each change counted as
reaching all of them or not, and a push timed from before its send loop."""

from __future__ import annotations

from bench.bench_web import PushTimes, spread, to_every_viewer

MS = 1_000_000


def test_a_change_reaches_every_viewer_when_the_last_one_has_it() -> None:
    sent = {("state", 1): 0, ("state", 2): 1000 * MS, ("state", 3): 2000 * MS}
    arrived = [
        # change 1: 1, 2 and 10 ms
        (("state", 1), 0, 1 * MS),
        (("state", 1), 1, 2 * MS),
        (("state", 1), 2, 10 * MS),
        # change 2: 1, 2 and 30 ms; viewer 0 had it twice (its first copy counts)
        (("state", 2), 0, 1001 * MS),
        (("state", 2), 0, 1040 * MS),
        (("state", 2), 1, 1002 * MS),
        (("state", 2), 2, 1030 * MS),
        # change 3: two viewers of three, 3 and 4 ms
        (("state", 3), 0, 2003 * MS),
        (("state", 3), 1, 2004 * MS),
        # the full state each viewer got on connecting: not a change measured
        (("state", 0), 0, 5 * MS),
    ]
    reach = to_every_viewer(sent, arrived, viewers=3)
    assert reach.median == 10 * MS  # the last viewers: 10, 30 and 4 ms
    assert reach.worst == 30 * MS
    assert reach.typical == 2 * MS  # the median viewers: 2, 2 and 3.5 ms
    assert (reach.complete, reach.changes) == (2, 3)


class FakeServer:
    """A push channel whose send loop takes 5 ms on a fake clock, and sends a new display
    only when it changed."""

    def __init__(self) -> None:
        self.now = 0
        self.revision = 0
        self.changed = True

    def push(self, *, force: bool = False) -> bool:
        if not (self.changed or force):
            return False
        self.revision += 1
        self.now += 5 * MS  # sending to every viewer
        return True

    def heartbeat(self) -> None:
        self.now += 2 * MS


def test_a_push_is_timed_from_before_its_send_loop() -> None:
    server = FakeServer()
    times = PushTimes(server, now=lambda: server.now)
    heard = []
    times.listeners.append(heard.append)
    server.now = 100 * MS
    assert server.push() is True
    server.changed = False
    server.now = 200 * MS
    assert server.push() is False  # nothing new: not a change
    times.heartbeat()
    assert times.started == {("state", 1): 100 * MS}
    assert times.pushes == [(100 * MS, 105 * MS)]
    assert times.beats == [(200 * MS, 202 * MS)]
    assert heard == [("state", 1)]


def test_lateness_spread_is_median_p99_and_worst() -> None:
    values = [float(n) for n in range(1, 201)]  # 1..200 ms
    assert spread(values) == (100.5, 198.0, 200.0)
