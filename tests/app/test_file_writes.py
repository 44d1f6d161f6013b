"""Every file the app writes is replaced whole or not at all (a real full disk)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director import paths
from director.app.files import payout_templates, structures
from director.app.files.settings import Settings, load_settings, save_settings
from director.core.errors import RuleViolation
from director.core.structure import Level, Structure
from director.core.structure_file import StructureTemplate, loads
from director.files import write_atomic


def template(name: str, levels: int, note: str = "") -> StructureTemplate:
    items = tuple(
        Level(small_blind=25 * (n + 1), big_blind=50 * (n + 1), note=note) for n in range(levels)
    )
    return StructureTemplate(name=name, structure=Structure(items=items))


@pytest.fixture
def data_on_small_disk(small_disk, monkeypatch) -> Path:
    monkeypatch.setenv("DIRECTOR_DATA_DIR", str(small_disk.root / "data"))
    monkeypatch.setenv("DIRECTOR_CONFIG_DIR", str(small_disk.root / "config"))
    return small_disk.root


def test_a_template_saved_on_a_full_disk_keeps_the_old_one(small_disk, data_on_small_disk) -> None:
    path = structures.save_user_template(template("Club night", 3))
    before = path.read_bytes()
    small_disk.fill()
    with pytest.raises(OSError):
        structures.save_user_template(template("Club night", 60, note="x" * 200))
    assert path.read_bytes() == before
    assert loads(path.read_text(encoding="utf-8")).name == "Club night"
    assert small_disk.files() == ["data/structures/club-night.json"]


def test_a_template_with_text_that_cannot_be_saved_is_refused_and_the_old_one_kept(
    data_on_small_disk,
) -> None:
    path = structures.save_user_template(template("Club night", 3))
    before = path.read_bytes()
    for bad in ("lone\ud800", "tab\there", "esc\x1b[2J"):
        with pytest.raises(RuleViolation):
            structures.save_user_template(template("Club night", 3, note=bad))
        with pytest.raises(RuleViolation):
            structures.save_user_template(template(f"Club {bad}", 3))
    assert path.read_bytes() == before
    assert [entry.path.name for entry in structures.templates() if not entry.shipped] == [
        "club-night.json"
    ]


def test_an_export_on_a_full_disk_keeps_the_old_file(small_disk) -> None:
    from director.persistence.db import StoreError

    target = small_disk.root / "export.json"
    structures.export_file(template("Export", 3), target)
    before = target.read_bytes()
    small_disk.fill()
    with pytest.raises(StoreError) as caught:
        structures.export_file(template("Export", 60, note="x" * 200), target)
    assert caught.value.code == "output_unwritable"
    assert target.read_bytes() == before
    assert small_disk.files() == ["export.json"]


def test_settings_saved_on_a_full_disk_keep_the_old_file(small_disk, data_on_small_disk) -> None:
    settings_file = paths.config_dir() / "settings.json"
    save_settings(Settings(volume=30))
    small_disk.fill()
    with pytest.raises(OSError):
        save_settings(Settings(volume=70, backup_folder="x" * 100_000))
    assert load_settings(settings_file).volume == 30
    assert small_disk.files() == ["config/settings.json"]


def test_a_payout_template_on_a_full_disk_keeps_the_old_one(small_disk, data_on_small_disk):
    from director.core.payouts import PayoutSettings

    saved = payout_templates.save(payout_templates.PayoutTemplate("Usual", PayoutSettings()))
    before = saved.read_bytes()
    small_disk.fill()
    with pytest.raises(OSError):
        payout_templates.save(payout_templates.PayoutTemplate("Usual", PayoutSettings()))
    assert saved.read_bytes() == before
    assert small_disk.files() == ["data/payouts/usual.json"]


def test_write_atomic_keeps_the_permissions_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640
    with pytest.raises(UnicodeEncodeError):
        write_atomic(target, "lone \ud800")
    assert target.read_bytes() == b"new"
    assert [path.name for path in tmp_path.iterdir()] == ["report.pdf"]


# -- item 9: structure files ---------------------------------------------------------------


def structure_json(**changes: object) -> str:
    data = {
        "format": "director-structure",
        "version": 1,
        "name": "Imported",
        "structure": {"items": [{"type": "Level", "small_blind": 25, "big_blind": 50}]},
    }
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "director-structure", "version": 1, "name": ' + "[" * 50_000,
        structure_json(version=True),
        structure_json(version=1.0),
        structure_json(name="Lone \ud800 surrogate"),
        structure_json(name="Escape \x1b[2J"),
        structure_json(
            structure={
                "items": [{"type": "Level", "small_blind": 25, "big_blind": 50, "note": "\udfff"}]
            }
        ),
        structure_json(name="x" * 500),
        "\ufeff" + structure_json(version=True),
    ],
)
def test_a_bad_structure_file_is_refused_with_a_clear_message(tmp_path: Path, text: str) -> None:
    path = tmp_path / "structure.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleViolation) as caught:
        structures.import_file(path)
    assert caught.value.code.startswith(("structure_file", "not_a_structure"))
    from director.i18n import describe_error

    assert "\n" not in describe_error(caught.value)


def test_a_structure_file_that_is_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(RuleViolation) as caught:
        structures.import_file(fifo)
    assert caught.value.code == "structure_file_unreadable"


def test_a_good_structure_file_still_imports(tmp_path: Path) -> None:
    path = tmp_path / "structure.json"
    path.write_text(structure_json(), encoding="utf-8")
    assert structures.import_file(path).name == "Imported"
