"""``director leagues``, ``league ...``, ``import ...`` and ``report league``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from director.app.library import Library
from director.app.roster import Roster
from director.cli import main
from director.persistence.db import open_database
from tests.app.league_helpers import play_event


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def season_db(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé", "Dan")]
    for number in range(3):
        order = players[number:] + players[:number]
        play_event(library, f"Night {number + 1}", f"2026-0{number + 1}-10", order)
    database.close()
    return db_path


def run(db: Path, *argv: str) -> int:
    return main([*argv, "--db", str(db)])


def test_create_a_league_and_print_its_standings(season_db: Path, capsys) -> None:
    assert (
        run(
            season_db,
            "league",
            "create",
            "Friday",
            "--formula",
            "table",
            "--table",
            "10,6,3",
            "--participation",
            "1",
        )
        == 0
    )
    assert run(season_db, "league", "season", "friday", "2026", "--start", "2026-01-01") == 0
    assert run(season_db, "leagues") == 0
    assert run(season_db, "league", "standings", "Friday", "--json") == 0
    out = capsys.readouterr().out
    assert "1\tFriday\ttable\t2026" in out
    document = json.loads(out[out.index("{") :])
    points = {row["player"]: row["points"] for row in document["standings"]}
    # Ann 1st, 4th, 3rd; Bob 2nd, 1st, 4th; Zoé 3rd, 2nd, 1st; Dan 4th, 3rd, 2nd.
    assert points == {"Ann": "16", "Bob": "19", "Zoé": "22", "Dan": "12"}
    assert document["standings"][0]["rank"] == 1 and document["events"] == 3


def test_standings_as_csv_follow_the_language(
    season_db: Path, capsys, tmp_path, monkeypatch
) -> None:
    run(season_db, "league", "create", "L")
    capsys.readouterr()
    assert run(season_db, "league", "standings", "L", "--csv") == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("Rank,Player,Points")
    out = tmp_path / "standings.csv"
    monkeypatch.setenv("LANGUAGE", "fr")
    assert run(season_db, "league", "standings", "L", "--out", str(out)) == 0
    text = out.read_bytes().decode("utf-8")
    assert text.startswith("\ufeffRang;Joueur;Points")


def test_import_results_with_a_bad_row_exits_2_naming_it_and_writes_nothing(
    season_db: Path, capsys, tmp_path
) -> None:
    run(season_db, "league", "create", "L")
    bad = tmp_path / "bad.csv"
    bad.write_text("date,event,player,place\n2025-12-01,Dec,Ann,1\n2025-12-01,Dec,Eve,two\n")
    before = digest(season_db)
    assert run(season_db, "import", "results", str(bad), "--league", "L") == 2
    err = capsys.readouterr().err
    assert err.strip() == "director: Row 3, column place: 'two'"
    assert digest(season_db) == before


def test_import_players_and_results_then_undo(season_db: Path, capsys, tmp_path) -> None:
    run(season_db, "league", "create", "L")
    players = tmp_path / "players.csv"
    players.write_text("name,nickname,email,phone\nann,,,\nEve,E,eve@x.org,\n", encoding="utf-8")
    assert run(season_db, "import", "players", str(players)) == 0
    captured = capsys.readouterr()
    assert "Row 2: ann is already in the roster" in captured.err
    assert "Imported 1 players." in captured.out
    results = tmp_path / "results.csv"
    results.write_text(
        "date,event,player,place,prize\n2025-12-01,Dec,Eve,1,10\n2025-12-01,Dec,Ann,2,0\n"
    )
    assert run(season_db, "import", "results", str(results), "--league", "L") == 0
    assert run(season_db, "league", "history", "eve") == 0
    assert "Dec" in capsys.readouterr().out
    assert run(season_db, "import", "undo") == 0
    assert run(season_db, "import", "undo") == 0
    assert run(season_db, "import", "undo") == 2
    assert "no import to take back" in capsys.readouterr().err


@pytest.mark.parametrize("language", ["en", "fr"])
def test_report_league_and_player_history_as_pdf(
    season_db: Path, tmp_path, capsys, language: str, monkeypatch
) -> None:
    run(season_db, "league", "create", "Friday")
    monkeypatch.setenv("LANGUAGE", language)
    out = tmp_path / "league.pdf"
    assert run(season_db, "report", "league", "Friday", "--out", str(out)) == 0
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Zoé" in text
    assert ("League standings" if language == "en" else "Classement de la ligue") in text
    history = tmp_path / "zoe.pdf"
    assert run(season_db, "report", "player", "zoe", "--out", str(history)) == 0
    text = "".join(page.extract_text() for page in PdfReader(history).pages)
    assert "Night 3" in text


def test_reading_a_league_never_writes_the_database(season_db: Path) -> None:
    run(season_db, "league", "create", "L")
    before = digest(season_db)
    assert run(season_db, "league", "standings", "L") == 0
    assert run(season_db, "leagues") == 0
    assert digest(season_db) == before


def test_export_an_events_standings_and_ledger_as_csv(season_db: Path, capsys, tmp_path) -> None:
    assert run(season_db, "export", "standings", "Night 1") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Place,Player,Entries")
    assert [line.split(",")[1] for line in lines[1:]] == ["Ann", "Bob", "Zoé", "Dan"]
    out = tmp_path / "ledger.csv"
    before = digest(season_db)
    assert run(season_db, "export", "ledger", "1", "--out", str(out)) == 0
    text = out.read_text(encoding="utf-8-sig")
    assert text.startswith("Time,Player,What") and text.count("Buy-in") == 4
    assert digest(season_db) == before
