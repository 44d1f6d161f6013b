"""A compressed night in one process: the soak test (slow; CI runs it).

The real main window and TV window, a clock running on a fake time source, one
TV paint per simulated second and a night's stream of commands (see
tests/soak.py, shared with bench/bench_soak.py, which prints the figures).
It passes when the process survives the night, the reference counts of None,
True, False and the small ints do not drift across the ticks and paints, and
the memory (RSS) after the first simulated hour grows by less than 10 %.

Its length is DIRECTOR_SOAK_HOURS simulated hours (default 4, at least 2: a
minute or two of machine time, so that CI, which runs it on two Pythons, stays
well under its time; bench/bench_soak.py runs the whole 8 hours). On CPython
3.12 and later those objects are immortal, so the drift check runs but cannot
see a fault there.
"""

from __future__ import annotations

import pytest

from tests.soak import FakeClock, Night, close_night, open_night, soak_hours

HOURS = soak_hours(4.0)
RSS_GROWTH_LIMIT = 0.10
DRIFT_TOLERANCE = 64


@pytest.mark.slow
def test_a_whole_night_without_a_crash(qapp, db_path, capsys) -> None:
    clock = FakeClock()
    window = open_night(db_path, clock)
    try:
        figures = Night(window, clock, HOURS, drift_tolerance=DRIFT_TOLERANCE).run()
    finally:
        close_night(window)
    with capsys.disabled():
        print("\nsoak:", *figures.lines(), sep="\n  ")
    assert figures.frames >= HOURS * 3600
    assert figures.busts > 20 and figures.rebuys > 0 and figures.entries > 0
    assert figures.undos > 0 and figures.redos > 0 and figures.reports > 0
    assert figures.finished and figures.players_left == 1
    assert all(abs(delta) <= DRIFT_TOLERANCE for delta in figures.paint_drift.values()), (
        figures.paint_drift
    )
    assert len(figures.rss_by_hour) >= 3
    assert figures.rss_growth_after_first_hour < RSS_GROWTH_LIMIT, figures.rss_by_hour
