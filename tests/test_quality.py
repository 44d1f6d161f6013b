"""Checks that keep the code base honest: lint, types, messages (the layers:
``test_layers.py``)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "director"


def test_the_rules_never_use_floats() -> None:
    """Money and chips are integers (fractions where exact shares are needed)."""
    offenders = []
    for path in (PACKAGE / "core").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "float":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Constant) and isinstance(node.value, float):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


CODE_PATTERNS = [
    re.compile(r"RuleViolation\(\s*\"([a-z_]+)\""),
    re.compile(r"StoreError\(\s*\"([a-z_]+)\""),
    re.compile(r"require\([^\"]*?,\s*\"([a-z_]+)\"", re.S),
]


def test_every_error_code_has_a_message() -> None:
    from director.messages import MESSAGES

    missing = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in CODE_PATTERNS:
            for code in pattern.findall(text):
                if code not in MESSAGES:
                    missing.add(f"{code} ({path.relative_to(ROOT)})")
    assert sorted(missing) == []


def sample_value(hint: object) -> object:
    """A plain value of type ``hint``, to build any command for the label check."""
    import dataclasses
    import enum
    import types
    import typing

    while hasattr(hint, "__supertype__"):
        hint = hint.__supertype__
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return (
            None if type(None) in typing.get_args(hint) else sample_value(typing.get_args(hint)[0])
        )
    if origin in (tuple, list, frozenset):
        return ()
    if origin is not None and origin.__name__ in ("Mapping", "dict"):
        return {}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return hint(
            **{
                field.name: sample_value(typing.get_type_hints(hint)[field.name])
                for field in dataclasses.fields(hint)
                if field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            }
        )
    return {int: 0, str: "x", bool: False}.get(hint)  # type: ignore[call-overload]


def test_every_command_has_an_undo_label() -> None:
    import dataclasses
    import typing

    from director.core.commands import COMMANDS
    from director.core.state import TournamentState
    from director.messages import MESSAGES

    missing = []
    for cls in COMMANDS.classes():
        hints = typing.get_type_hints(cls)
        instance = cls(**{f.name: sample_value(hints[f.name]) for f in dataclasses.fields(cls)})
        code = instance.label(TournamentState()).code
        if code not in MESSAGES:
            missing.append(f"{cls.__name__}: {code}")
    assert missing == []


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [tool("ruff"), "check", "director", "tests", "bench", "packaging"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def mypy_files() -> list[str]:
    """What pyproject.toml has mypy check: the core and the Qt-free app modules."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as file:
        files: list[str] = tomllib.load(file)["tool"]["mypy"]["files"]
    return files


def test_core_app_persistence_and_web_pass_mypy_strict() -> None:
    files = mypy_files()
    assert {"director/core", "director/app", "director/persistence", "director/web"} <= set(files)
    result = subprocess.run(
        [tool("mypy"), "--strict", *files], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
