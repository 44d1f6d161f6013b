"""``director leagues``, ``league ...``, ``import ...`` and ``report league``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from director.app.club.roster import Roster
from director.app.storage.library import Library
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


@pytest.mark.parametrize(
    ("place", "message"),
    [
        ("²", "Row 3, column place: '²'"),
        ("2", "Row 3, column place: place 2 where place 3 comes next"),
    ],
)
def test_import_results_with_a_place_that_cannot_be_exits_2_in_one_line(
    season_db: Path, capsys, tmp_path, place: str, message: str
) -> None:
    """A Unicode digit used to crash the import with a traceback; a place inside a
    tie (two at 1 cover 1 and 2) was taken, giving out places twice."""
    run(season_db, "league", "create", "L")
    bad = tmp_path / "bad.csv"
    text = f"date,event,player,place\n2025-12-01,Dec,Ann,1\n2025-12-01,Dec,Eve,{place}\n"
    bad.write_text(text + "2025-12-01,Dec,Bob,1\n" * (place == "2"), encoding="utf-8")
    before = digest(season_db)
    assert run(season_db, "import", "results", str(bad), "--league", "L") == 2
    err = capsys.readouterr().err
    assert err.startswith("director: " + message) and err.count("\n") == 1
    assert digest(season_db) == before


def test_standings_csv_on_the_terminal_neutralise_formulas(
    season_db: Path, capsys, tmp_path
) -> None:
    run(season_db, "league", "create", "L")
    results = tmp_path / "results.csv"
    results.write_text(
        'date,event,player,place\n2025-12-01,Dec,=HYPERLINK("http://x"),1\n2025-12-01,Dec,Ann,2\n',
        encoding="utf-8",
    )
    assert run(season_db, "import", "results", str(results), "--league", "L") == 0
    capsys.readouterr()
    assert run(season_db, "league", "standings", "L", "--csv") == 0
    out = capsys.readouterr().out
    assert "'=HYPERLINK" in out and "\n=HYPERLINK" not in out and ",=HYPERLINK" not in out


def test_import_players_and_results_then_undo(season_db: Path, capsys, tmp_path) -> None:
    run(season_db, "league", "create", "L")
    players = tmp_path / "players.csv"
    players.write_text("name,nickname,email,phone\nann,,,\nEve,E,eve@x.org,\n", encoding="utf-8")
    assert run(season_db, "import", "players", str(players)) == 0
    captured = capsys.readouterr()
    assert "Row 2: ann is already in the roster" in captured.err
    assert "Imported 1 player." in captured.out
    # The same file again: nothing new, nothing recorded (undo still takes Eve back).
    assert run(season_db, "import", "players", str(players)) == 0
    assert "Nothing new to import: every player of the file is already in the roster." in (
        capsys.readouterr().out
    )
    results = tmp_path / "results.csv"
    results.write_text(
        "date,event,player,place,prize\n2025-12-01,Dec,Eve,1,10\n2025-12-01,Dec,Ann,2,0\n"
    )
    assert run(season_db, "import", "results", str(results), "--league", "L") == 0
    captured = capsys.readouterr()
    assert "Imported 1 event." in captured.out
    assert "1 event has no buy-in: its players' money in counts as 0" in captured.err
    assert run(season_db, "league", "history", "eve") == 0
    assert "Dec" in capsys.readouterr().out
    assert run(season_db, "import", "undo") == 0
    assert capsys.readouterr().out == "Took back the last import of past results.\n"
    assert run(season_db, "import", "undo") == 0
    assert capsys.readouterr().out == "Took back the last import of players.\n"
    assert run(season_db, "league", "history", "eve") == 2  # Eve is gone again
    assert run(season_db, "import", "undo") == 2
    assert "no import to take back" in capsys.readouterr().err


def test_import_players_says_which_columns_it_read_and_which_it_left_out(
    season_db: Path, capsys, tmp_path
) -> None:
    """Issue 34, item 8: another tool's export imports, with a line on stdout naming
    the columns read and the ones left out."""
    players = tmp_path / "td-players.csv"
    players.write_text(
        "First Name,Last Name,Nickname,Email,Phone,Address\nZoé,Martin,Zo,z@x.org,,here\n",
        encoding="utf-8",
    )
    assert run(season_db, "import", "players", str(players)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "Columns read: “First Name”, “Last Name”, “Nickname”, “Email”, “Phone”."
        " Left out: “Address”."
    )
    assert out[1] == "Zoé Martin\tZo\tz@x.org"
    assert out[-1] == "Imported 1 player."


def test_import_messages_in_french(season_db: Path, capsys, tmp_path, monkeypatch) -> None:
    run(season_db, "league", "create", "L")
    monkeypatch.setenv("LANGUAGE", "fr")
    players = tmp_path / "joueurs.csv"
    players.write_text("nom\nEve\nYann\n", encoding="utf-8")
    assert run(season_db, "import", "players", str(players)) == 0
    out = capsys.readouterr().out
    assert "Colonnes lues : « nom »." in out
    assert "2 joueurs importés." in out
    results = tmp_path / "resultats.csv"
    results.write_text("date;tournoi;joueur;place;cave\n2025-12-01;Déc;Eve;1;20\n")
    assert run(season_db, "import", "results", str(results), "--league", "L") == 0
    captured = capsys.readouterr()
    assert "1 manche importée." in captured.out and "buy-in" not in captured.err
    assert run(season_db, "import", "undo") == 0
    assert capsys.readouterr().out == "Dernier import de résultats passés annulé.\n"
    assert run(season_db, "import", "undo") == 0
    assert capsys.readouterr().out == "Dernier import de joueurs annulé.\n"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_export_results_then_import_into_a_fresh_database(
    season_db: Path, capsys, tmp_path, monkeypatch, language: str
) -> None:
    """``director export results`` writes what ``director import results`` reads: the
    standings of another database that imports the file are the same."""
    monkeypatch.setenv("LANGUAGE", language)
    run(season_db, "league", "create", "Friday", "--formula", "table", "--table", "10,6,3")
    capsys.readouterr()
    out = tmp_path / "results.csv"
    assert run(season_db, "export", "results", "--league", "Friday", "--out", str(out)) == 0
    fresh = tmp_path / "fresh.db"
    open_database(fresh).close()
    run(fresh, "league", "create", "Friday", "--formula", "table", "--table", "10,6,3")
    assert run(fresh, "import", "results", str(out), "--league", "Friday") == 0
    capsys.readouterr()
    standings = []
    for db in (season_db, fresh):
        assert run(db, "league", "standings", "Friday", "--json") == 0
        document = json.loads(capsys.readouterr().out)
        standings.append(
            [{k: v for k, v in row.items() if k != "player_id"} for row in document["standings"]]
        )
    assert standings[0] == standings[1] and len(standings[0]) >= 3
    assert run(season_db, "export", "results", "--league", "Friday") == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == (
        "date,event,player,place,prize,bounties,buy_in,money_in,knockouts"
        if language == "en"
        else "date;événement;joueur;place;gain;primes;cave;mises;éliminations"
    )
    assert run(season_db, "export", "results") == 2
    assert "--league" in capsys.readouterr().err


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


@pytest.fixture
def pot_db(db_path: Path, clock) -> Path:
    """One event whose money settings set 3.00 of each entry aside for the season pot."""
    database = open_database(db_path)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé")]
    play_event(Library(database, clock=clock), "Pot night", "2026-04-10", players, season_pot=300)
    database.close()
    return db_path


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_season_pot_is_the_ledgers_in_every_output(
    pot_db: Path, tmp_path, capsys, language: str, monkeypatch
) -> None:
    run(pot_db, "league", "create", "Friday", "--participation", "0.5")
    monkeypatch.setenv("LANGUAGE", language)
    capsys.readouterr()
    # JSON: the pot the counted event's ledger holds; points with a point, for machines.
    assert run(pot_db, "league", "standings", "Friday", "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert document["pot"] == 900 and document["events"] == 1
    assert {row["points"] for row in document["standings"]} == {"3.5", "2.5", "1.5"}
    # CSV: points with the language's decimal mark, as its delimiter follows it.
    assert run(pot_db, "league", "standings", "Friday", "--csv") == 0
    rows = capsys.readouterr().out.splitlines()
    mark, delimiter = (",", ";") if language == "fr" else (".", ",")
    assert [row.split(delimiter)[2] for row in rows[1:]] == [f"3{mark}5", f"2{mark}5", f"1{mark}5"]
    # PDF: one event, said in the singular; no header word cut in two.
    out = tmp_path / "league.pdf"
    assert run(pot_db, "report", "league", "Friday", "--out", str(out)) == 0
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    if language == "en":
        assert "1 event counted; season pot €9.00" in text
        assert "Knock-outs" in text
    else:
        assert "1 manche comptée ; cagnotte de saison 9,00 €" in text.replace("\u202f", " ")
        assert "Éliminations" in text
    # The event's ledger, as CSV and PDF: a column of its own, and its total.
    ledger = tmp_path / "ledger.csv"
    assert run(pot_db, "export", "ledger", "Pot night", "--out", str(ledger)) == 0
    lines = ledger.read_text(encoding="utf-8-sig").splitlines()
    header = lines[0].split(delimiter)
    column = header.index("Season pot" if language == "en" else "Cagnotte de saison")
    assert [line.split(delimiter)[column] for line in lines[1:4]] == [
        "€3.00" if language == "en" else "3,00\u00a0€"
    ] * 3
    pdf = tmp_path / "ledger.pdf"
    assert run(pot_db, "report", "ledger", "Pot night", "--out", str(pdf)) == 0
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    expected = (
        "Set aside for the league's season pot: €9.00"
        if language == "en"
        else "Mis de côté pour la cagnotte de saison de la ligue : 9,00 €"
    )
    assert expected in text.replace("\u202f", " ").replace("\u00a0", " ")


def test_league_rules_min_events_guest_qualification_and_final_stacks(
    season_db: Path, capsys, db_path: Path, clock
) -> None:
    """Issue 33: a minimum of events to be ranked, a guest who earns no points and is
    not ranked, a qualification line for the final, and each qualifier's starting
    stack from the season points, kept across a restart."""
    assert (
        run(season_db, "league", "create", "Friday", "--formula", "table", "--table", "10,6,3") == 0
    )
    capsys.readouterr()
    # Eve plays one night only: below the minimum of two events.
    database = open_database(db_path)
    roster = Roster(database, clock=clock)
    eve = roster.add("Eve")
    ann = roster.find("Ann")
    play_event(Library(database, clock=clock), "Night 4", "2026-04-10", [eve, ann])
    database.close()
    assert (
        run(
            season_db,
            "league",
            "rules",
            "Friday",
            "--min-events",
            "2",
            "--qualify-top",
            "2",
            "--bonus-base",
            "10000",
            "--bonus-per-point",
            "100",
            "--bonus-cap",
            "1500",
        )
        == 0
    )
    assert run(season_db, "league", "guest", "Friday", "Zoé") == 0
    assert run(season_db, "league", "standings", "Friday", "--json") == 0
    document = json.loads(capsys.readouterr().out)
    rows = {row["player"]: row for row in document["standings"]}
    # Table 10,6,3. Ann 1st, 4th, 3rd, 2nd: 10 + 3 + 6 = 19; Bob 2nd, 1st, 4th: 16;
    # Dan 4th, 3rd, 2nd: 9; Zoé would have 3 + 6 + 10 = 19 but is a guest (her
    # places stand: nobody moves up a place).
    assert [row["player"] for row in document["standings"]] == ["Ann", "Bob", "Dan", "Eve", "Zoé"]
    assert rows["Zoé"]["guest"] and not rows["Zoé"]["ranked"] and rows["Zoé"]["points"] == "0"
    assert not rows["Eve"]["ranked"] and rows["Eve"]["rank"] == 0
    assert [rows[name]["qualified"] for name in ("Ann", "Bob", "Dan")] == [True, True, False]
    # 10,000 + 100 a point, at most 1,500 more.
    assert rows["Ann"]["final_stack"] == 11500 and rows["Bob"]["final_stack"] == 11500
    assert rows["Dan"]["final_stack"] == 0
    assert run(season_db, "league", "standings", "Friday") == 0
    out = capsys.readouterr().out
    assert "guest\tZoé" in out and "unranked\tEve" in out and "qualified, 11,500 chips" in out
    assert run(season_db, "league", "guest", "Friday", "Zoé", "--off") == 0
    assert run(season_db, "league", "standings", "Friday", "--json") == 0
    again = json.loads(capsys.readouterr().out)
    assert not any(row["guest"] for row in again["standings"])


def test_league_rules_refuse_a_negative_number_in_one_line(season_db: Path, capsys) -> None:
    assert run(season_db, "league", "create", "Friday") == 0
    assert run(season_db, "league", "rules", "Friday", "--min-events", "-1") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "-1" in err
