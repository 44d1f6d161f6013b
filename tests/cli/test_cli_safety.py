"""The command line against odd input: it refuses with one line and exit status 2,
never a traceback, never a hang, and never writes over the database."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from director.app.storage.library import Library
from director.cli import main
from director.persistence.db import open_database


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def director(*args: str | bytes, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "director", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def filled(db_path: Path, clock) -> Path:
    database = open_database(db_path)
    Library(database, clock=clock).create("Friday night", venue="Ann's").close()
    database.close()
    return db_path


def one_error_line(capsys) -> str:
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


# -- item 2: a report never goes over the database ---------------------------------------


@pytest.mark.parametrize("target", ["{db}", "{db}-wal", "{db}-shm", "{db}.lock", "hard", "link"])
def test_a_report_is_never_written_over_the_database_or_its_files(
    filled: Path, capsys, target: str
) -> None:
    if target == "hard":
        out = filled.with_name("hard.db")
        os.link(filled, out)
    elif target == "link":
        out = filled.with_name("link.pdf")
        out.symlink_to(filled)
    else:
        out = Path(target.format(db=filled))
    before = digest(filled)
    assert main(["report", "standings", "1", "--db", str(filled), "--out", str(out)]) == 2
    assert "is a database or one of its files" in one_error_line(capsys)
    assert digest(filled) == before
    assert filled.read_bytes().startswith(b"SQLite format 3")


def test_a_report_is_never_written_over_a_backup(filled: Path, capsys) -> None:
    from director.app.storage.backups import BackupManager

    database = open_database(filled)
    backup = BackupManager(database).back_up()
    database.close()
    before = digest(backup)
    assert main(["report", "standings", "1", "--db", str(filled), "--out", str(backup)]) == 2
    assert "is a database or one of its files" in one_error_line(capsys)
    assert digest(backup) == before


def test_a_report_replaces_an_older_report_whole(filled: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "standings.pdf"
    out.write_bytes(b"%PDF old report")
    assert main(["report", "standings", "1", "--db", str(filled), "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["director.db", "standings.pdf"]


def test_a_report_on_a_full_disk_leaves_the_old_one(filled: Path, small_disk, capsys) -> None:
    out = small_disk.root / "standings.pdf"
    out.write_bytes(b"%PDF the report of last week")
    small_disk.fill()
    assert main(["report", "standings", "1", "--db", str(filled), "--out", str(out)]) == 2
    assert "could not be written" in one_error_line(capsys)
    assert out.read_bytes() == b"%PDF the report of last week"
    assert small_disk.files() == ["standings.pdf"]


# -- item 8: file names that are not UTF-8 ---------------------------------------------------


def test_a_database_name_that_is_not_utf8_works_everywhere(tmp_path: Path) -> None:
    folder = os.fsencode(str(tmp_path))
    name = os.fsdecode(folder + b"/caf\xe9.db")  # Latin-1 bytes on a UTF-8 system
    report = os.fsdecode(folder + b"/r\xe9sultats.pdf")
    missing = director("events", "--db", name)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "caf\ufffd.db" in missing.stderr
    for args in (
        ("demo", "--db", name),
        ("events", "--db", name),
        ("status", "1", "--db", name),
        ("status", "1", "--json", "--db", name),
        ("report", "standings", "1", "--db", name, "--out", report),
    ):
        result = director(*args)
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr
    assert os.path.exists(report) and os.path.exists(name)
    assert "r\ufffdsultats.pdf" in result.stdout


# -- item 11: odd event references, broken settings ------------------------------------------


@pytest.mark.parametrize(
    "reference", ["¹", "²3", "٣", "1\u0301", "-1", "99999999999999999999999", "", " ", "0x1"]
)
def test_odd_event_references_are_refused_in_one_line(filled: Path, capsys, reference: str) -> None:
    before = digest(filled)
    assert main(["status", reference, "--db", str(filled)]) == 2
    assert "no event" in one_error_line(capsys)
    assert digest(filled) == before


def test_an_error_naming_a_reference_with_control_characters_stays_one_line(
    filled: Path, capsys
) -> None:
    assert main(["status", "Friday\nnight\x1b[31m\x07", "--db", str(filled)]) == 2
    error = one_error_line(capsys)
    assert "\x1b" not in error and "\x07" not in error
    assert "Friday\\nnight\\x1b[31m\\x07" in error


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"language": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "{ not json",
        "\udcff",
        "[1, 2]",
    ],
)
def test_a_broken_settings_file_falls_back_to_defaults_once_and_is_kept(
    filled: Path, capsys, content: str
) -> None:
    from director import paths

    settings = paths.config_dir() / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_bytes(content.encode("utf-8", "surrogateescape"))
    original = settings.read_bytes()
    assert main(["events", "--db", str(filled)]) == 0
    captured = capsys.readouterr()
    assert "Friday night" in captured.out
    assert captured.err.count("\n") == 1 and "default settings" in captured.err
    kept = list(settings.parent.glob("settings.json.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert not settings.exists()
    assert main(["events", "--db", str(filled)]) == 0
    assert capsys.readouterr().err == ""  # said once


def test_a_settings_file_that_is_a_fifo_does_not_hang(filled: Path) -> None:
    from director import paths

    settings = paths.config_dir() / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(settings)
    env = dict(os.environ)
    result = subprocess.run(
        [sys.executable, "-m", "director", "events", "--db", str(filled)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 0 and "Friday night" in result.stdout
    assert "settings" in result.stderr and "Traceback" not in result.stderr


# -- item 12: the right message ---------------------------------------------------------------


def test_a_fifo_as_database_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    for args in (("events",), ("status", "1"), ("demo",)):
        result = director(*args, "--db", str(fifo), timeout=30)
        assert result.returncode == 2
        assert "not a file" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/urandom"])
def test_a_device_as_database_is_refused(capsys, device: str) -> None:
    for args in (["events"], ["demo"]):
        assert main([*args, "--db", device]) == 2
        assert "not a file" in one_error_line(capsys)


def test_an_empty_schema_version_is_called_damaged_not_newer(filled: Path, capsys) -> None:
    connection = sqlite3.connect(filled)
    connection.execute("DELETE FROM alembic_version")
    connection.commit()
    connection.close()
    before = digest(filled)
    for command in (["events"], ["demo"]):
        assert main([*command, "--db", str(filled)]) == 2
        error = one_error_line(capsys)
        assert "damaged" in error and "newer" not in error
    assert digest(filled) == before


# -- item 14: control characters in what is printed ---------------------------------------------


def test_names_stored_with_control_characters_are_printed_harmlessly(filled: Path, capsys) -> None:
    """Names from an older version (or a file changed by hand) print as escapes,
    never as terminal commands or extra lines."""
    connection = sqlite3.connect(filled)
    connection.execute("UPDATE tournament SET name = 'Evil\x1b]0;pwned\x07\nline\x9b2J'")
    connection.commit()
    connection.close()
    assert main(["events", "--db", str(filled)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    assert main(["status", "1", "--json", "--db", str(filled)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out
    json.loads(out)


@pytest.mark.parametrize("argv", [["export", "ledger", "1"], ["export", "standings", "1"]])
def test_a_csv_export_to_a_folder_that_is_not_there_exits_2_in_one_line(
    filled: Path, tmp_path: Path, capsys, argv: list[str]
) -> None:
    """It ended in a traceback (the CSV was written without the reports' checks)."""
    out = tmp_path / "no such folder" / "ledger.csv"
    assert main([*argv, "--db", str(filled), "--out", str(out)]) == 2
    assert "could not be written" in one_error_line(capsys)
    assert not out.parent.exists()
