"""``director league final``: the season final's event with the qualifiers'
stacks (issue 33), across a restart between commands."""

from __future__ import annotations

from pathlib import Path

from director.app.storage.library import Library
from director.core import commands as c
from director.core.ledger import figures
from director.persistence.db import open_database
from tests.cli.test_leagues_cli import run, season_db  # noqa: F401 (the played season)


def test_league_final_creates_the_event_with_each_qualifiers_stack(
    season_db: Path,  # noqa: F811
    capsys,
    clock,
) -> None:
    assert (
        run(season_db, "league", "create", "Friday", "--formula", "table", "--table", "10,6,3") == 0
    )
    assert run(season_db, "league", "season", "Friday", "2026", "--start", "2026-01-01") == 0
    assert (
        run(
            season_db,
            "league",
            "rules",
            "Friday",
            "--qualify-top",
            "2",
            "--bonus-base",
            "10000",
            "--bonus-per-point",
            "100",
        )
        == 0
    )
    capsys.readouterr()
    assert run(season_db, "league", "final", "--league", "Friday", "--name", "F", "--dry-run") == 0
    shown = capsys.readouterr().out
    # Zoé 3rd, 2nd, 1st: 3 + 6 + 10 = 19 points; Bob 2nd, 1st, 4th: 16; Ann 13.
    assert shown.splitlines() == ["1\tZoé\t19\t11,900", "2\tBob\t16\t11,600"]
    database = open_database(season_db)
    assert len(Library(database).events()) == 3, "a dry run writes nothing"
    database.close()
    assert (
        run(
            season_db,
            "league",
            "final",
            "--league",
            "friday",
            "--season",
            "2026",
            "--name",
            "Grand final",
            "--date",
            "2026-12-20",
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Created the final" in out and "2 players registered" in out

    # Another process: the final's players registered with their stacks.
    database = open_database(season_db)
    library = Library(database, clock=clock)
    final = next(event for event in library.events() if event.name == "Grand final")
    session = library.open(final.id)
    stacks = {p.name: p.starting_stack for p in session.state.players.values()}
    assert stacks == {"Zoé": 11_900, "Bob": 11_600}
    for player in list(session.state.players):
        session.dispatch(c.BuyIn(player=player))
    session.close()
    database.close()

    # Replayed after a restart, and kept out of its own season.
    database = open_database(season_db)
    session = Library(database, clock=clock).open(final.id)
    assert figures(session.state.players, session.state.ledger).chips_in_play == 23_500
    session.close()
    database.close()
    assert run(season_db, "league", "standings", "Friday", "--json") == 0
    assert '"events": 3' in capsys.readouterr().out


def test_league_final_refused_in_one_line_without_a_line(season_db: Path, capsys) -> None:  # noqa: F811
    assert run(season_db, "league", "create", "Friday") == 0
    capsys.readouterr()
    assert run(season_db, "league", "final", "--league", "Friday", "--name", "F") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "qualification line" in err
    assert run(season_db, "league", "final", "--league", "Nope", "--name", "F") == 2
