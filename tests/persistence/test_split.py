"""Persistence is split three ways: what every database shares (``db``: the
``Database`` interface, ``open_database``), SQLite's module and PostgreSQL's.
These checks read the sources: each kind's own SQL and driver stay in its
module, and the session, the app, the window, the reports and the command line
depend on neither."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "director"
SQLITE_MODULE = PACKAGE / "persistence" / "sqlite.py"
POSTGRES_MODULE = PACKAGE / "persistence" / "postgres.py"

SQLITE_ONLY = {
    "PRAGMA": re.compile(r"\bPRAGMA\b", re.I),
    "sqlite_master": re.compile(r"\bsqlite_(master|schema|sequence)\b", re.I),
    "BEGIN IMMEDIATE": re.compile(r"\bBEGIN\s+(IMMEDIATE|EXCLUSIVE|DEFERRED)\b", re.I),
    "OR REPLACE / OR IGNORE": re.compile(
        r"\b(INSERT|UPDATE)\s+OR\s+(REPLACE|IGNORE|ABORT|FAIL|ROLLBACK)\b|\bREPLACE\s+INTO\b",
        re.I,
    ),
    "LIMIT -1": re.compile(r"\bLIMIT\s+-1\b", re.I),
    "AUTOINCREMENT": re.compile(r"\bAUTOINCREMENT\b", re.I),
    "rowid": re.compile(r"\b(_?rowid_?|oid)\b", re.I),
    "VACUUM / ATTACH": re.compile(r"^\s*(VACUUM|ATTACH|DETACH)\b", re.I),
}
POSTGRES_ONLY = {
    "pg_ functions": re.compile(r"\bpg_\w+\s*\("),
    "LISTEN / NOTIFY": re.compile(r"^\s*(LISTEN|NOTIFY|UNLISTEN)\b", re.I),
    "row locks": re.compile(r"\bFOR\s+(SHARE|UPDATE|NO KEY UPDATE)\b", re.I),
    "casts": re.compile(r"::\s*[a-z]", re.I),
    "sequences": re.compile(r"\b(setval|nextval|currval)\s*\(", re.I),
    "information_schema": re.compile(r"\binformation_schema\b", re.I),
    "plpgsql / triggers": re.compile(r"\b(plpgsql|CREATE\s+TRIGGER|DROP\s+TRIGGER)\b", re.I),
    "ANY(array)": re.compile(r"\bANY\s*\(", re.I),
    "ILIKE": re.compile(r"\bILIKE\b", re.I),
    "SET TRANSACTION": re.compile(r"\bSET\s+TRANSACTION\b", re.I),
    "ALTER COLUMN TYPE": re.compile(r"\bALTER\s+COLUMN\s+\w+\s+TYPE\b", re.I),
    "server clock": re.compile(r"\b(clock_timestamp|now)\s*\(\s*\)", re.I),
}
DRIVERS = {"sqlite3": SQLITE_MODULE, "psycopg": POSTGRES_MODULE}


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def string_literals(path: Path) -> list[tuple[int, str]]:
    """Every string in the code that is not a docstring (SQL is in strings), with
    adjacent literals joined as Python joins them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
        # A string standing alone after an assignment documents it.
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                for statement in statements:
                    if isinstance(statement, ast.Expr) and isinstance(
                        statement.value, ast.Constant
                    ):
                        docstrings.add(id(statement.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
            )
            found.append((node.lineno, text))
    return found


def offences(patterns: dict[str, re.Pattern[str]], allowed: Path) -> list[str]:
    found = []
    for path in sources():
        if path == allowed:
            continue
        for line, text in string_literals(path):
            for name, pattern in patterns.items():
                if pattern.search(text):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {name}: {text[:60]!r}")
    return found


def test_no_sqlite_only_sql_outside_the_sqlite_module() -> None:
    assert offences(SQLITE_ONLY, SQLITE_MODULE) == []


def test_no_postgresql_only_sql_outside_the_postgresql_module() -> None:
    assert offences(POSTGRES_ONLY, POSTGRES_MODULE) == []


@pytest.mark.parametrize("driver", sorted(DRIVERS))
def test_each_driver_is_imported_by_its_own_module_only(driver: str) -> None:
    importers = []
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == driver or name.startswith(driver + ".") for name in names):
                importers.append(path)
    assert set(importers) <= {DRIVERS[driver]}, importers


def test_above_persistence_nothing_depends_on_a_kind_of_database() -> None:
    """The session, the app, the window, the reports and the command line see
    ``db.Database`` only: neither kind's module is imported outside persistence."""
    kinds = ("director.persistence.sqlite", "director.persistence.postgres")
    importers = []
    for path in sources():
        if path.is_relative_to(PACKAGE / "persistence"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
                if node.module == "director.persistence":
                    names += [f"director.persistence.{alias.name}" for alias in node.names]
            importers += [f"{path.relative_to(ROOT)} imports {n}" for n in names if n in kinds]
    assert importers == []


def test_the_checks_see_what_they_look_for() -> None:
    """The scanner finds the SQL it must forbid (so a pass above means something)."""
    assert offences(SQLITE_ONLY, PACKAGE / "nothing.py")  # sqlite.py's own pragmas
    assert offences(POSTGRES_ONLY, PACKAGE / "nothing.py")  # postgres.py's own SQL
    found = string_literals(SQLITE_MODULE)
    assert any("PRAGMA quick_check" in text for _line, text in found)


def test_both_kinds_answer_the_same_interface(tmp_path: Path, pg_url: str) -> None:
    """Every member of ``db.Database`` exists on a file's database and a server's."""
    from director.persistence.db import Database, open_database

    members = [name for name in dir(Database) if not name.startswith("_")]
    members += list(Database.__annotations__)
    for target in (tmp_path / "director.db", pg_url):
        database = open_database(target)
        try:
            missing = [name for name in members if not hasattr(database, name)]
            assert missing == [], (database.kind, missing)
            again = open_database(database.target, readonly=True)
            assert again.kind == database.kind and again.key == database.key
            again.close()
        finally:
            database.close()
