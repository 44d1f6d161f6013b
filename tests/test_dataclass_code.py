"""The table of compiled dataclass methods: the same classes as without it, kept
between runs, and never needed (a damaged or foreign file is ignored)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from director import dataclass_code
from director.dataclass_code import CodeTable


def make_classes() -> tuple[type, type]:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    @dataclasses.dataclass(order=True, kw_only=True)
    class Box:
        width: int
        items: list[int] = dataclasses.field(default_factory=list)

    return Point, Box


@pytest.fixture
def table_at(monkeypatch):
    """Install a table kept in a given file, for this test only."""

    def install(path: Path) -> CodeTable:
        table = CodeTable(path)
        monkeypatch.setattr(dataclasses, "exec", table.exec, raising=False)
        return table

    return install


def check(point_class: type, box_class: type) -> None:
    point = point_class(1, tags=("a",))
    assert point == point_class(1, 0, ("a",)) and hash(point) == hash(point_class(1, 0, ("a",)))
    assert repr(point).endswith("Point(x=1, y=0, tags=('a',))")
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2
    with pytest.raises(TypeError):
        point_class()
    first, second = box_class(width=1), box_class(width=2)
    assert first < second and first.items == [] and first.items is not second.items
    with pytest.raises(TypeError):
        box_class(1)  # keyword only


def test_classes_made_through_the_table_are_the_same(table_at, tmp_path: Path) -> None:
    check(*make_classes())  # without the table
    path = tmp_path / "codes.bin"
    table = table_at(path)
    check(*make_classes())
    assert table.learned > 0
    table.save()
    assert path.exists() and table.learned == 0
    again = table_at(path)  # the next run reads them back
    check(*make_classes())
    assert again.learned == 0 and again.codes.keys() == table.codes.keys()


@pytest.mark.parametrize("content", [b"", b"not a table", b"\x00" * 64])
def test_a_damaged_or_foreign_table_is_ignored(table_at, tmp_path: Path, content) -> None:
    path = tmp_path / "codes.bin"
    path.write_bytes(content)
    table = table_at(path)
    assert table.codes == {}
    check(*make_classes())
    table.save()
    assert CodeTable(path).codes.keys() == table.codes.keys()


def test_a_table_that_cannot_be_written_is_no_problem(table_at, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    table = table_at(blocker / "codes.bin")  # its folder cannot be made
    check(*make_classes())
    table.save()
    assert not (blocker / "codes.bin").exists()


def test_the_command_line_keeps_the_table_beside_the_bytecode(tmp_path: Path) -> None:
    script = "import sys; from director.cli import main; main(['--db', sys.argv[1], 'events'])"
    environment = {"PYTHONPYCACHEPREFIX": str(tmp_path / "pyc"), "HOME": str(tmp_path)}
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    environment["XDG_DATA_HOME"] = str(tmp_path / "data")
    for _ in range(2):
        subprocess.run(
            [sys.executable, "-c", script, str(tmp_path / "night.db")],
            env=environment,
            check=True,
            capture_output=True,
        )
    (kept,) = (tmp_path / "pyc").rglob("dataclass-code.*.bin")
    assert len(CodeTable(kept).codes) > 100
    assert dataclass_code.default_path() is not None
