"""The standings of a 1,000-player event: time to render (target under 2 s) and size.

The baseline, in the same run, renders a one-page report (the payouts), so
the ratio shows what a thousand rows cost over a report's fixed price (fonts,
page furniture).

Run: python -m bench.bench_reports
"""

from __future__ import annotations

import io
import statistics
import time

from pypdf import PdfReader

from director import reports
from director.core import commands as c
from director.core.apply import fold
from director.core.decide import decide
from director.core.ids import Instant, PlayerId
from director.core.money import Fee, MoneySettings
from director.core.players import Bust
from director.core.state import TournamentState

PLAYERS = 1000
NOW = Instant(1_800_000_000_000)


def event() -> TournamentState:
    state = fold(decide(TournamentState(), c.CreateTournament(name="Big night"), NOW))

    def run(command: c.Command) -> None:
        nonlocal state
        state = fold(decide(state, command, NOW), state)

    run(
        c.SetMoneySettings(
            settings=MoneySettings(buy_in=2000, chips=5000, fee=Fee(fixed=200), bounty=500)
        )
    )
    for number in range(1, PLAYERS + 1):
        run(c.BuyIn(player=PlayerId(number), name=f"Player {number:04d} Łukasz Żółć"))
    for number in range(PLAYERS, 1, -1):
        run(c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(1)),)))
    return state


def main() -> None:
    state = event()
    samples = []
    pdf = b""
    for _ in range(3):
        start = time.perf_counter()
        pdf = reports.render("standings", state, NOW)
        samples.append(time.perf_counter() - start)
    baseline = []
    for _ in range(3):
        start = time.perf_counter()
        reports.render("payouts", state, NOW)
        baseline.append(time.perf_counter() - start)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    median = statistics.median(samples)
    print(
        f"standings of {PLAYERS} players: median {median * 1000:.0f} ms, "
        f"{len(pdf) / 1024:.0f} KB, {pages} pages"
    )
    print(
        f"baseline one-page payouts report: median {statistics.median(baseline) * 1000:.0f} ms; "
        f"ratio {median / statistics.median(baseline):.1f}x"
    )
    print(f"target (under 2 s): {'met' if median < 2 else 'MISSED'}")


if __name__ == "__main__":
    main()
