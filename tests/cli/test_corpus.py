"""Every command against every item of the bad-input corpus (tests/corpus.py):
no traceback, no changed file, no hang, nothing printed that acts on a terminal."""

from __future__ import annotations

import hashlib
import os
import re
import signal
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.cli import main
from tests import corpus

COMMANDS: list[list[str]] = [
    ["events"],
    ["status", "1"],
    ["status", "2", "--json"],
    ["status", "¹"],
    ["report", "standings", "1"],
    ["report", "seating", "1"],
    ["report", "settlement", "2"],
    ["demo"],
]
TIMEOUT_SECONDS = 30
UNSAFE_OUTPUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def fingerprint(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: what it is and, for files, a hash of the bytes.

    Never opens anything but plain files (a FIFO would block).
    """
    found: dict[str, object] = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root) / name
            info = os.lstat(path)
            key = os.fsencode(path.relative_to(folder)).decode("latin-1")
            if stat.S_ISLNK(info.st_mode):
                found[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                found[key] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                found[key] = ("other", stat.S_IFMT(info.st_mode))
    return found


def log_rows(path: Path, events: tuple[int, ...] | None = None) -> list[object] | None:
    """The log rows of ``events`` (those there now if None), to check that a write
    kept them; None if the file cannot be read."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        connection.text_factory = bytes
        try:
            if events is None:
                events = tuple(row[0] for row in connection.execute("SELECT id FROM tournament"))
            marks = ",".join("?" * len(events))
            rows = connection.execute(
                "SELECT 'entry', tournament_id, seq, action, target, type, payload, at "
                f"FROM entry WHERE tournament_id IN ({marks}) UNION ALL "
                "SELECT 'event', tournament_id, seq, entry_seq, type, version, payload, at "
                f"FROM event WHERE tournament_id IN ({marks}) ORDER BY 1, 2, 3",
                events + events,
            ).fetchall()
            return [events, rows]
        finally:
            connection.close()
    except (sqlite3.Error, OSError):
        return None


class Hang(Exception):
    pass


def _alarm(_signal: int, _frame: object) -> None:
    raise Hang


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("base") / "base.db"
    corpus.build_base(path)
    return path


@pytest.fixture
def alarm() -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.slow
def test_every_command_against_every_corpus_item(
    base: Path, tmp_path: Path, capsys, alarm: None
) -> None:
    runs = tracebacks = changed = hangs = unsafe = refused = 0
    problems: list[str] = []
    outputs = tmp_path / "outputs"
    outputs.mkdir()
    for number, entry in enumerate(corpus.ITEMS):
        folder = tmp_path / f"item-{number:02d}"
        folder.mkdir()
        db = entry.build(folder, base)
        for command in COMMANDS:
            args = list(command)
            if args[0] == "report":
                args += ["--out", str(outputs / f"{number}-{args[1]}.pdf")]
            before = fingerprint(folder)
            rows_before = log_rows(db) if entry.usable and command == ["demo"] else None
            runs += 1
            signal.alarm(TIMEOUT_SECONDS)
            try:
                status = main([*args, "--db", str(db)])
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else 1
            except Hang:
                hangs += 1
                problems.append(f"{entry.name}: {command}: no answer in {TIMEOUT_SECONDS} s")
                continue
            except BaseException as error:  # what the user would see as a traceback
                tracebacks += 1
                problems.append(f"{entry.name}: {command}: {type(error).__name__}: {error}")
                continue
            finally:
                signal.alarm(0)
            captured = capsys.readouterr()
            if status not in (0, 2) or "Traceback" in captured.err:
                tracebacks += 1
                problems.append(f"{entry.name}: {command}: exit {status}: {captured.err}")
            refused += status == 2
            if status == 2 and captured.err.count("\n") != 1:
                problems.append(f"{entry.name}: {command}: not one line: {captured.err!r}")
            if UNSAFE_OUTPUT.search(captured.out.replace("\n", "").replace("\t", "")) or (
                UNSAFE_OUTPUT.search(captured.err.replace("\n", ""))
            ):
                unsafe += 1
                problems.append(f"{entry.name}: {command}: control characters printed")
            if fingerprint(folder) != before:
                if entry.usable and command == ["demo"]:
                    kept = None if rows_before is None else log_rows(db, rows_before[0])
                    if rows_before is not None and kept != rows_before:
                        changed += 1
                        problems.append(f"{entry.name}: demo changed the events already there")
                else:
                    changed += 1
                    problems.append(f"{entry.name}: {command} changed the files")
    with capsys.disabled():
        print(
            f"\ncorpus: {len(corpus.ITEMS)} items x {len(COMMANDS)} commands = {runs} runs "
            f"({refused} refused in one line); tracebacks {tracebacks}, changed files "
            f"{changed}, hangs {hangs}, unsafe output {unsafe}"
        )
    assert not problems, "\n".join(problems)
    assert (tracebacks, changed, hangs, unsafe) == (0, 0, 0, 0)
