"""``director lifetime`` and ``director report lifetime``: every player's results over
all nights, as lines, CSV and PDF; the player's history report ends with his."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.cli import main
from director.i18n import format_money
from director.persistence.db import open_database
from tests.app.lifetime_helpers import ids, play_club


@pytest.fixture
def club_db(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    people = ids(play_club(Library(database, clock=clock), database, clock))
    Roster(database, clock=clock).merge(people["Ann"], people["Annie"])
    database.close()
    return db_path


def run(db: Path, *argv: str) -> int:
    return main([*argv, "--db", str(db)])


def pdf_text(path: Path) -> str:
    """The PDF's text as ``pdftotext`` lays it out (one table row to a line)."""
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


def words(line: str) -> list[str]:
    return [part.strip() for part in line.split("  ") if part.strip()]


def test_lifetime_prints_a_line_per_player_best_net_first(club_db: Path, capsys) -> None:
    assert run(club_db, "lifetime") == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["Zoë", "Bob", "Ann", "Dmitri"]
    assert lines[0].split("\t") == [
        "Zoë",
        "4",
        format_money(11_000),
        format_money(13_000),
        format_money(2_000),
        "18.2%",
        "1",
        "2",
        format_money(4_000),
        "2",
    ]
    # Ann with Annie's night (merged): -€18.00 on €90.00 in.
    assert lines[2].split("\t")[1:6] == [
        "3",
        format_money(9_000),
        format_money(7_200),
        format_money(-1_800),
        "-20%",
    ]


def test_lifetime_as_csv_in_french(club_db: Path, capsys, tmp_path, monkeypatch) -> None:
    assert run(club_db, "lifetime", "--csv") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("Player,Nights,Money in,Money out,Net,ROI,Wins,Cashes,Biggest win,Streak")
    assert len(out) == 5
    monkeypatch.setenv("LANGUAGE", "fr")
    path = tmp_path / "lifetime.csv"
    assert run(club_db, "lifetime", "--out", str(path)) == 0
    text = path.read_bytes().decode("utf-8")
    assert text.startswith(
        "\ufeffJoueur;Soirées;Argent entré;Argent sorti;Net;ROI;Victoires;Places payées;"
        "Plus gros gain;Série"
    )
    assert "Zoë;4;" in text and "18,2\u00a0%" in text


def test_report_lifetime_writes_the_pdf(club_db: Path, capsys, tmp_path) -> None:
    out = tmp_path / "lifetime.pdf"
    assert run(club_db, "report", "lifetime", "--out", str(out)) == 0
    assert capsys.readouterr().out.strip().endswith("lifetime.pdf")
    text = pdf_text(out)
    assert "Lifetime results" in text and "4 players" in text
    rows = {words(line)[0]: words(line)[1:] for line in text.splitlines() if words(line)}
    assert rows["Zoë"] == ["4", "€110.00", "€130.00", "€20.00", "18.2%", "1", "2", "€40.00", "2"]
    assert rows["Dmitri"] == ["1", "€20.00", "€0.00", "-€20.00", "-100%", "0", "0", "0"]


def test_the_player_history_report_ends_with_his_lifetime_line(club_db: Path, tmp_path) -> None:
    out = tmp_path / "ann.pdf"
    assert run(club_db, "report", "player", "Annie", "--out", str(out)) == 0
    text = pdf_text(out)
    assert "Lifetime results: tournaments and cash games" in text
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("Nights"))
    values = words(lines[header + 1])
    assert values[:5] == ["3", "€90.00", "€72.00", "-€18.00", "-20%"]


def test_bad_input_is_one_line_and_exit_2_with_nothing_written(
    club_db: Path, capsys, tmp_path
) -> None:
    before = hashlib.sha256(club_db.read_bytes()).hexdigest()
    assert run(club_db, "report", "payouts", "--out", str(tmp_path / "x.pdf")) == 2
    assert capsys.readouterr().err.strip() == "director: report payouts needs the EVENT"
    assert run(club_db, "report", "player", "--out", str(tmp_path / "x.pdf")) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert run(club_db, "lifetime", "--out", str(club_db)) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert main(["lifetime", "--db", str(tmp_path / "missing.db")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
    assert hashlib.sha256(club_db.read_bytes()).hexdigest() == before
