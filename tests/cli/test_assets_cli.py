"""director assets: the TV's pictures and sounds in a database (a file, a server's),
each checked against its name, and the removal of those no look uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.files.settings import Settings, save_settings
from director.app.storage.library import Library
from director.app.tv.tv_assets import AssetStore
from director.cli import main
from director.core import commands as c
from director.core.clock import CueKind
from director.core.tv import CueSound, TvLook
from director.persistence.db import open_database
from tests.app.tv_files import damage_asset_row, png, tone
from tests.conftest import KINDS, database_of_kind


@pytest.fixture(params=KINDS)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return str(database_of_kind(request.param, tmp_path))


def club(target: str, clock) -> dict[str, str]:
    """A look with a logo, a sound kept for the default look, one picture nobody uses."""
    database = open_database(target)
    store = AssetStore.of(database)
    names = {
        "logo": store.put(png(), "png"),
        "default": store.put(tone(0.3), "wav"),
        "stray": store.put(png(colour="#123456"), "png"),
    }
    session = Library(database, clock=clock).create("Friday")
    session.dispatch(c.SetTvLook(look=TvLook(logo=names["logo"])))
    session.close()
    database.close()
    return names


def listed(out: str) -> dict[str, list[str]]:
    return {line.split("\t")[0]: line.split("\t")[1:] for line in out.splitlines() if "\t" in line}


def test_assets_are_listed_checked_and_the_unused_removed(target: str, clock, capsys) -> None:
    names = club(target, clock)
    save_settings(Settings(tv_look=TvLook(sounds=(CueSound(CueKind.BUBBLE, names["default"]),))))
    assert main(["assets", "--db", target]) == 0
    said = capsys.readouterr()
    rows = listed(said.out)
    assert rows[names["logo"]] == ["png", str(len(png())), "intact", "used"]
    assert rows[names["default"]][2:] == ["intact", "used"]  # the default look's
    assert rows[names["stray"]][2:] == ["intact", "unused"]
    assert "3 pictures and sounds" in said.out and "1 used by no look" in said.out
    assert said.err == ""
    assert main(["assets", "--db", target, "--remove-unused"]) == 0
    assert "Removed 1 pictures and sounds" in capsys.readouterr().out
    assert main(["assets", "--db", target]) == 0
    assert set(listed(capsys.readouterr().out)) == {names["logo"], names["default"]}
    # Damage is named, on stderr, and the status says so.
    database = open_database(target)
    damage_asset_row(database, names["logo"])
    database.close()
    assert main(["assets", "--db", target]) == 1
    said = capsys.readouterr()
    assert listed(said.out)[names["logo"]][2] == "damaged"
    assert said.err.count("\n") == 1 and names["logo"][:12] in said.err
    assert "damaged in the database" in said.err


def test_bad_databases_are_one_line_and_exit_2(tmp_path: Path, clock, capsys) -> None:
    assert main(["assets", "--db", str(tmp_path / "nowhere.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("director:")
    assert main(["assets", "--db", str(tmp_path / "nowhere.db"), "--remove-unused"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not (tmp_path / "nowhere.db").exists()
    # While the app writes to the file, nothing is removed and the user is told why.
    path = tmp_path / "club.db"
    names = club(str(path), clock)
    writer = open_database(path)
    try:
        assert main(["assets", "--db", str(path), "--remove-unused"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "already open in another copy" in err
    finally:
        writer.close()
    reader = open_database(path)
    assert names["stray"] in AssetStore.of(reader).names()
    reader.close()


def test_a_copy_goes_only_into_a_database_without_pictures(tmp_path: Path, clock, capsys) -> None:
    source = tmp_path / "club.db"
    names = club(str(source), clock)
    target = tmp_path / "laptop.db"
    laptop = open_database(target)
    AssetStore.of(laptop).put(png(colour="#654321"), "png")  # its own logo, nothing else
    laptop.close()
    assert main(["copy", "--from", str(source), "--to", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "laptop.db" in err
    laptop = open_database(target)
    assert names["logo"] not in AssetStore.of(laptop).names()
    laptop.close()
