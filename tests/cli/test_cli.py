from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from director import __version__
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.core.state import EventKind
from director.persistence.db import open_database


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def filled(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    first = library.create("Friday night", event_date="2026-11-21", venue="Ann's")
    clock.advance(1000)
    second = library.create("Cash Saturday", EventKind.CASH)
    second.dispatch(c.SetArchived(archived=True))
    first.close()
    second.close()
    database.close()
    return db_path


def test_events_prints_one_line_per_event(filled: Path, capsys) -> None:
    assert main(["events", "--db", str(filled)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["2\tcash\tCash Saturday\tarchived", "1\ttournament\tFriday night\tsetup"]


def test_db_option_works_before_the_command_too(filled: Path, capsys) -> None:
    assert main(["--db", str(filled), "events"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_status_json_describes_the_event(filled: Path, capsys) -> None:
    assert main(["status", "1", "--json", "--db", str(filled)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["id"] == 1
    assert document["name"] == "Friday night"
    assert document["kind"] == "tournament"
    assert document["status"] == "setup"
    assert document["date"] == "2026-11-21"
    assert document["created"].startswith("2026-11-")


def test_status_finds_an_event_by_name(filled: Path, capsys) -> None:
    assert main(["status", "cash saturday", "--json", "--db", str(filled)]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == 2


@pytest.mark.parametrize("reference", ["7", "Nobody's game"])
def test_unknown_event_is_one_line_and_exit_2_and_the_file_is_unchanged(
    filled: Path, capsys, reference: str
) -> None:
    before = digest(filled)
    assert main(["status", reference, "--db", str(filled)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no event" in err
    assert digest(filled) == before


def test_missing_file_is_an_error_and_is_not_created(tmp_path: Path, capsys) -> None:
    path = tmp_path / "missing.db"
    assert main(["events", "--db", str(path)]) == 2
    assert "no database" in capsys.readouterr().err
    assert not path.exists()


@pytest.mark.parametrize(
    "content", [b"not a database at all", b"SQLite format 3\x00" + b"\x00" * 200]
)
def test_a_file_that_is_not_ours_is_an_error_and_left_unchanged(
    tmp_path: Path, capsys, content: bytes
) -> None:
    path = tmp_path / "other.db"
    path.write_bytes(content)
    before = digest(path)
    assert main(["status", "1", "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert digest(path) == before


def test_a_directory_is_unreadable(tmp_path: Path, capsys) -> None:
    assert main(["events", "--db", str(tmp_path)]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_version_and_help_from_the_installed_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "director", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == f"director {__version__}"
    result = subprocess.run(
        [sys.executable, "-m", "director", "--help"], capture_output=True, text=True, check=True
    )
    assert "events" in result.stdout and "status" in result.stdout


@pytest.mark.parametrize("columns", ["60", "132"])
def test_help_is_wrapped_to_the_terminal_width_as_argparse_would(
    columns: str, monkeypatch, capsys
) -> None:
    """The help's lines fit ``COLUMNS`` less two, argparse's own margin, the width
    read without shutil (``cli.terminal_columns``)."""
    import argparse
    import shutil

    from director.cli import Parser, terminal_columns

    monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns == int(columns)
    with pytest.raises(SystemExit):
        main(["status", "--help"])
    ours = capsys.readouterr().out
    assert max(len(line) for line in ours.splitlines()) <= int(columns) - 2
    # The same layout as argparse's own formatter at that width.
    plain = argparse.ArgumentParser(prog="x", formatter_class=argparse.HelpFormatter)
    mine = Parser(prog="x")
    for parser in (plain, mine):
        parser.add_argument("--db", help="the database " * 12)
    assert mine.format_help() == plain.format_help()
    for wrong in ("0", "-3", "wide", ""):
        monkeypatch.setenv("COLUMNS", wrong)
        assert terminal_columns() == shutil.get_terminal_size().columns


def test_status_json_includes_the_clock(db_path: Path, clock, capsys) -> None:
    from director.app.files import structures

    database = open_database(db_path)
    session = Library(database, clock=clock).create("Clock night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.StartClock())
    clock.advance(5 * 60_000 + 400)
    session.dispatch(c.PauseClock())
    database.close()
    assert main(["status", "1", "--json", "--db", str(db_path)]) == 0
    section = json.loads(capsys.readouterr().out)["clock"]
    assert section["level"] == 1
    assert section["blinds"] == {
        "small_blind": 25,
        "big_blind": 50,
        "ante": 0,
        "ante_kind": "none",
        "betting": "no_limit",
    }
    assert section["seconds_left"] == 15 * 60  # 14:59.6 left is shown as 15:00
    assert section["paused"] is True and section["running"] is False
    assert section["next_level"]["level"] == 2


def test_status_json_includes_players_money_and_tables(db_path: Path, clock, capsys) -> None:
    from director.core.ids import PlayerId
    from director.core.money import Fee, MoneySettings
    from director.core.players import Bust

    database = open_database(db_path)
    session = Library(database, clock=clock).create("Full night")
    session.dispatch(
        c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000, fee=Fee(fixed=200)))
    )
    for number in range(1, 13):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"P{number}", paid=number != 3))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.SetButton(table=1, seat=min(session.state.tables.tables[1].seats)))
    session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(4), eliminator=PlayerId(5)),)))
    database.close()
    assert main(["status", "Full night", "--json", "--db", str(db_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["entries"], document["players_left"]) == (12, 11)
    assert document["prize_pool"] == 12 * 1800 and document["fees"] == 2400
    assert document["owed"] == 2000
    four = next(p for p in document["player_list"] if p["id"] == 4)
    assert four["status"] == "busted" and four["place"] == 12
    tables = document["tables"]
    assert [t["number"] for t in tables["tables"]] == [1, 2]
    seated = sum(len(t["seats"]) for t in tables["tables"])
    assert seated == 11
    assert tables["tables"][0]["button"] is not None


def test_a_usage_error_is_one_line_on_stderr_and_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["report"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "director report: error: the following arguments are required: KIND" in error
    assert "director report --help" in error


def test_help_and_usage_errors_follow_the_language(monkeypatch, capsys) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    assert help_text.startswith("utilisation : director")
    assert "affiche cette aide et quitte" in help_text
    assert "liste les événements, un par ligne" in help_text
    assert "usage" not in help_text and "show this help" not in help_text
    with pytest.raises(SystemExit) as stopped:
        main(["bogus"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "choix non valable : 'bogus'" in error


def test_status_json_gives_the_planned_start_each_levels_start_and_the_estimated_end(
    db_path: Path, clock, capsys
) -> None:
    """Issue 34: `estimated_end`, `starts_at` for each level, and the event's
    `starts_at` while the countdown runs."""
    import datetime

    from director.app.files import structures
    from director.app.night.status import iso_moment
    from director.app.night.timesource import wall_clock
    from director.core.ids import Instant

    structure = structures.find("regular-5000").template.structure
    clock.set(wall_clock())
    planned = Instant(clock() + 2 * 3_600_000)
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Countdown night")
    session.dispatch(c.SetStructure(structure=structure))
    session.dispatch(c.PlanStart(planned=planned, auto_start=True))
    database.close()
    assert main(["status", "1", "--json", "--db", str(db_path)]) == 0
    section = json.loads(capsys.readouterr().out)["clock"]
    assert section["started"] is False
    assert section["starts_at"] == iso_moment(planned)
    assert section["starts_by_itself"] is True
    night_ms = sum(item.duration_ms for item in structure.items)
    assert section["estimated_end"] == iso_moment(planned + night_ms)
    schedule = section["schedule"]
    assert [entry["starts_at"] for entry in schedule[:2]] == [
        iso_moment(planned),
        iso_moment(planned + structure.items[0].duration_ms),
    ]
    assert schedule[0]["level"] == 1 and schedule[0]["kind"] == "level"
    assert datetime.datetime.fromisoformat(section["estimated_end"]).tzinfo is not None


def test_status_json_after_a_planned_start_that_came_shows_the_clock_running(
    db_path: Path, clock, capsys
) -> None:
    """Nothing was stored at the planned time: the clock runs from it all the same."""
    from director.app.files import structures
    from director.app.night.timesource import wall_clock
    from director.core.ids import Instant

    clock.set(wall_clock() - 10 * 60_000)
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Started alone")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.PlanStart(planned=Instant(clock() + 60_000), auto_start=True))
    database.close()
    assert main(["status", "1", "--json", "--db", str(db_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["status"] == "running"
    section = document["clock"]
    assert section["started"] is True and section["running"] is True
    assert section["starts_at"] is None and section["level"] == 1
    assert 10 * 60 < section["seconds_left"] <= 11 * 60  # nine minutes into level 1


@pytest.mark.parametrize(
    "argv", [["--db", "night.db"], [], ["--verbose"], ["--db=night.db", "--verbose"]]
)
def test_starting_the_app_builds_no_commands_parser(argv: list[str]) -> None:
    """Issue 36, the window's first paint: ``director`` with no command starts the
    app, and the ~30 commands' parsers and their options are left unbuilt."""
    from director import cli

    parser = cli.build_parser(cli.command_named(argv))
    [commands] = [a for a in parser._actions if isinstance(a, cli._Commands)]
    assert "status" in commands.choices  # each command is still a valid choice
    assert all(isinstance(sub, cli._Unbuilt) for sub in commands.choices.values())
    assert parser.parse_args(argv).command is None


@pytest.mark.parametrize(
    "argv", [["--db", "night.db", "events"], ["--db=night.db", "events"], ["events"]]
)
def test_a_command_after_the_apps_options_still_has_its_parser(argv: list[str]) -> None:
    from director import cli

    assert cli.parse_arguments(argv).command == "events"
