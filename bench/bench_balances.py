"""The club's balances for 5,000 nights and 200 players (target: the Club page's
balances under 200 ms).

Each night's money still to settle is written straight into the database as the
club's book keeps it beside the night's log (``club_night``, up to the event's last
entry), with 2,000 payments in the journal; then the Club page is opened as the console
opens it (offscreen): a new book, the page built and shown (the balances read
through the book: nights and journal selected and decoded, merges followed, every
line added up, the nights each balance still comes from found, the settle-up
worked out, the table filled), with its lifetime tab (read when that tab is asked
for). The balances and settle-up alone are measured beside it.

The floor, measured in the same run, is one pass over the same ledger lines
already in memory (adding each into its player's total): what any balances must
at least touch. Beside it, reading the kept nights from the database (SELECT and
json.loads, nothing decoded).

Run: python -m bench.bench_balances (offscreen unless QT_QPA_PLATFORM says otherwise)
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

from bench.common import ms, repeat, report
from director.app.club.balances import NIGHT_FORMAT, ClubBook
from director.app.club.roster import fold
from director.persistence import league_store as sql
from director.persistence.db import open_database

NIGHTS = 5_000
PLAYERS = 200
AT_A_NIGHT = 12
PAYMENTS = 2_000
TARGET_MS = 200.0


def fill(database, rng: random.Random) -> list[list[tuple[int, int]]]:
    """The nights (each a list of (player, amount)), written as the book keeps them."""
    nights: list[list[tuple[int, int]]] = []
    with database.write() as connection:
        ids = [
            sql.insert(
                connection,
                "INSERT INTO player (name, name_key, nickname, contact, created_at) "
                "VALUES (:n, :k, '', '', 0)",
                {"n": f"Player {number}", "k": fold(f"Player {number}")},
            )
            for number in range(1, PLAYERS + 1)
        ]
        for number in range(NIGHTS):
            date = f"{2000 + number // 300}-{number % 300 // 28 % 12 + 1:02d}-{number % 28 + 1:02d}"
            event = sql.insert(
                connection,
                "INSERT INTO tournament (name, kind, status, archived, event_date, "
                "created_at, updated_at, last_entry, last_event) "
                "VALUES (:n, 'tournament', 'finished', :no, :d, 0, 0, 1, 1)",
                {"n": f"Night {number}", "d": date, "no": False},
            )
            # A few unpaid buy-ins and an unpaid prize or two, as most nights leave.
            players = rng.sample(ids, AT_A_NIGHT)
            amounts = [(player, -2000) for player in players[:3]]
            amounts += [(players[3], 3500), (players[4], 2500)]
            nights.append(amounts)
            sql.run(
                connection,
                "INSERT INTO club_night (tournament_id, last_entry, night_format, data) "
                "VALUES (:t, 1, :f, :d)",
                {
                    "t": event,
                    "f": NIGHT_FORMAT,
                    "d": json.dumps({"name": f"Night {number}", "date": date, "amounts": amounts}),
                },
            )
        for seq in range(1, PAYMENTS + 1):
            sql.run(
                connection,
                "INSERT INTO club_entry (seq, kind, payer, payee, amount, method, entry_date, "
                "note, undoes, created_at) VALUES (:s, 'payment', :a, NULL, :m, 'cash', "
                "'2020-01-01', '', NULL, 0)",
                {"s": seq, "a": rng.choice(ids), "m": rng.randrange(100, 5000)},
            )
    return nights


def open_page(database) -> float:
    """The Club page opened as the console opens it, offscreen: the median in seconds."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from director.app.club.lifetime import lifetime_results
    from director.gui.lifetime_view import add_lifetime_tab
    from director.gui.pages.club_page import ClubPage

    app = QApplication.instance() or QApplication([])

    def opened() -> None:
        page = ClubPage(ClubBook(database))
        add_lifetime_tab(page, lambda: lifetime_results(database))
        page.show()
        app.processEvents()
        page.close()
        page.deleteLater()
        app.processEvents()

    return report("the Club page opened (a new book, built and shown)", repeat(opened, 7))


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    database = open_database(folder / "bench.db")
    nights = fill(database, random.Random(32))

    def balances() -> None:
        book = ClubBook(database)
        found = book.balances()
        book.settle(None, found)

    found = ClubBook(database).balances()
    assert len(found.nights) == NIGHTS and len(found.entries) == PAYMENTS
    assert sum(player.balance for player in found.players) + found.club == 0
    median = report("balances and settle-up, a new book", repeat(balances, 7))
    opening = open_page(database)
    lines = [line for night in nights for line in night]

    def one_pass() -> dict[int, int]:
        totals: dict[int, int] = {}
        for player, amount in lines:
            totals[player] = totals.get(player, 0) + amount
        return totals

    floor = report("floor: one pass over the nights' ledger lines", repeat(one_pass, 30))

    def read_nights() -> list[object]:
        with database.read() as connection:
            found = sql.rows(connection, "SELECT data FROM club_night")
        return [json.loads(row[0]) for row in found]

    reading = report(
        "reference: the kept nights read (SELECT + json.loads)", repeat(read_nights, 10)
    )
    print(
        f"Club page opened: {ms(opening)} (target {TARGET_MS:.0f} ms), "
        f"{opening / floor:.0f}x the floor of {ms(floor)}; balances and settle-up alone "
        f"{ms(median)}, {median / reading:.1f}x reading the kept nights ({ms(reading)})"
    )
    print(
        json.dumps(
            {
                "page_ms": round(opening * 1000, 2),
                "balances_ms": round(median * 1000, 2),
                "floor_ms": round(floor * 1000, 3),
                "reading_ms": round(reading * 1000, 2),
            }
        )
    )
    database.close()


if __name__ == "__main__":
    main()
