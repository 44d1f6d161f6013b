"""The layers, as the import contracts in ``pyproject.toml`` state them (import-linter).

core (the rules, pure) <- persistence <- app <- reports, web <- gui <- cli <-
__main__; the window, the network page and the reports never reach the database;
the app layer imports no SQL library and no Qt. ``lint-imports`` runs the same.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "director"
WEB_QT = ("PySide6.QtCore", "PySide6.QtNetwork", "PySide6.QtWebSockets")
"""The Qt modules the network page may use (no widget: ``director serve``)."""


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package under ``root``, with its pyproject's contracts."""
    program = Path(sys.executable).with_name("lint-imports")
    if not program.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    return subprocess.run(
        [str(program), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_every_layer_contract_is_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        (
            "gui/pages/clock_page.py",
            "from director.persistence.db import open_database",
            "The window, the network page and the reports never reach the database",
        ),
        ("app/night/session.py", "import PySide6.QtCore", "The app layer imports no SQL library"),
        ("core/clock.py", "from director.app import session", "Each layer imports only"),
        ("cli.py", "import director.__main__", "Each layer imports only"),
        ("messages.py", "from director.i18n import _", "The texts come before their translation"),
    ],
)
def test_the_contracts_catch_an_import_across_the_layers(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    """Each contract fails on a copy of the tree with one import that breaks it."""
    shutil.copytree(PACKAGE, tmp_path / "director", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "director" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    broken = done.stdout[done.stdout.index("Broken contracts") :]
    assert contract in broken


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_the_network_page_uses_no_widget() -> None:
    """``director serve`` runs in Qt's core loop: the web layer may use Qt's core,
    network and WebSocket modules, never its widgets, painting or sound (a contract
    cannot name part of an external package, so this reads the imports itself)."""
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in (PACKAGE / "web").rglob("*.py")
        for name in imports_of(path)
        if name.startswith("PySide6") and name not in (*WEB_QT, "PySide6")
    ]
    assert offenders == []
