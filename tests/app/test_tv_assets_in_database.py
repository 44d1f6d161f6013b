"""The TV's pictures and sounds kept in the database itself (on a file and on a
PostgreSQL server): by content, before (or with) the look that names them, within a
limit, damage named, unused ones removed only when asked and never one a log names."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from director import paths
from director.app.storage.library import Library
from director.app.tv.tv_assets import AssetStore, asset_name, wav_bytes
from director.core import commands as c
from director.core.clock import CueKind
from director.core.errors import RuleViolation
from director.core.tv import CueSound, Picture, TvLook
from director.i18n import describe_error
from director.persistence.db import open_database
from tests.app.tv_files import damage_asset_row, jpeg, png, tone
from tests.conftest import FakeClock


@pytest.fixture
def database(db_path: Path | str):
    opened = open_database(db_path)
    yield opened
    opened.close()


def fresh_store(database) -> AssetStore:
    """The database's store as a fresh start of the app finds it: nothing in memory."""
    store = AssetStore.of(database)
    store.forget()
    return store


def rows(database) -> dict[str, tuple[str, int, bytes]]:
    with database.reading() as connection:
        found = connection.execute("SELECT name, kind, size, data FROM tv_asset").fetchall()
    return {row[0]: (row[1], row[2], bytes(row[3])) for row in found}


def log_length(database, event: int) -> int:
    with database.reading() as connection:
        return connection.execute(
            "SELECT COUNT(*) FROM entry WHERE tournament_id = ?", (event,)
        ).fetchone()[0]


def test_assets_are_kept_in_the_database_by_content(database) -> None:
    store = AssetStore.of(database)
    assert store.folder == paths.data_dir() / "assets"
    logo, sound = png(), tone(0.5)
    name = store.put(logo, "png")
    assert name == hashlib.sha256(logo).hexdigest() + ".png" == asset_name(logo, "png")
    assert store.put(logo, "png") == name  # the same bytes: one row
    sound_name = store.put(sound, "wav")
    stored = rows(database)
    assert stored == {name: ("png", len(logo), logo), sound_name: ("wav", len(sound), sound)}
    assert store.usage() == (2, len(logo) + len(sound))
    listed = {asset.name: asset for asset in store.listing()}
    assert listed[name].stored_at > 1_600_000_000_000  # milliseconds since 1970
    # Read back from the database itself, the folder's copy gone.
    store.path(name).unlink()
    again = fresh_store(database)
    assert again.read(name) == logo
    assert again.path(name).read_bytes() == logo  # the folder is this computer's cache
    # A damaged row is mended by the next put of the right bytes.
    damage_asset_row(database, name)
    store.forget()
    store.path(name).unlink()
    assert store.damaged() == [name]
    store.put(logo, "png")
    assert rows(database)[name][2] == logo and store.damaged() == []


def test_a_look_is_recorded_only_with_every_picture_it_names_in_the_database(
    database, clock: FakeClock
) -> None:
    library = Library(database, clock=clock)
    session = library.create("Club night")
    event = session.tournament_id
    store = AssetStore.of(database)
    logo = store.put(png(), "png")
    nowhere = asset_name(b"never stored anywhere", "png")
    before = log_length(database, event)
    with pytest.raises(RuleViolation) as refused:
        session.dispatch(c.SetTvLook(look=TvLook(logo=nowhere)))
    assert refused.value.code == "asset_not_stored"
    assert log_length(database, event) == before and session.state.tv_look is None
    # Removed as unused between being chosen and being applied: stored again, with
    # the look, from what this copy still holds.
    assert [asset.name for asset in store.remove_unused()] == [logo]
    assert rows(database) == {}
    look = TvLook(logo=logo)
    session.dispatch(c.SetTvLook(look=look))
    assert set(rows(database)) == {logo}
    session.close()
    # The log names it: no removal takes it away, even once the look is undone.
    reopened = library.open(event)
    reopened.undo()
    assert store.unused() == [] and store.remove_unused() == []
    reopened.redo()
    assert reopened.state.tv_look == look and set(rows(database)) == {logo}
    reopened.close()


def test_the_database_keeps_at_most_its_limit_and_an_import_over_it_keeps_nothing(
    database,
) -> None:
    store = AssetStore.of(database)
    first = png(400, 200)
    store.cap = len(first) + 1000
    store.put(first, "png")
    store.put(first, "png")  # already kept: costs nothing more
    background = jpeg()
    assert len(background) > 1000
    with pytest.raises(RuleViolation) as refused:
        store.put(background, "jpg")
    assert refused.value.code == "assets_full"
    assert refused.value.args_map["maximum"] == store.cap
    said = describe_error(refused.value)
    assert f"past {-(-store.cap // 1024)} KB" in said and "Remove the unused ones" in said
    # A look's files together: all or none.
    small = tone(0.01)
    assert len(small) < 1000
    bundle = {asset_name(small, "wav"): small, asset_name(background, "jpg"): background}
    with pytest.raises(RuleViolation):
        store.put_all(bundle)
    assert set(rows(database)) == {asset_name(first, "png")}
    store.put(small, "wav")  # what fits is kept
    assert len(rows(database)) == 2


def test_unused_pictures_go_only_when_asked_and_the_kept_ones_stay(
    database, clock: FakeClock
) -> None:
    library = Library(database, clock=clock)
    store = AssetStore.of(database)
    used = store.put(png(colour="#aa0000"), "png")
    undone = store.put(jpeg(), "jpg")
    default = store.put(png(colour="#00aa00"), "png")
    sound = store.put(wav_bytes(bytes(4410)), "wav")
    spare = store.put(png(colour="#0000aa"), "png")
    first = library.create("First")
    first.dispatch(c.SetTvLook(look=TvLook(logo=used, sounds=(CueSound(CueKind.BUBBLE, sound),))))
    first.close()
    second = library.create("Second")
    dark = Picture(undone, low="#000000", high="#203020")  # a dark felt under the veil
    second.dispatch(c.SetTvLook(look=TvLook(background=dark)))
    second.undo()
    second.close()
    assert {asset.name for asset in store.unused(keep=[default])} == {spare}
    removed = store.remove_unused(keep=[default])
    assert [asset.name for asset in removed] == [spare]
    assert set(rows(database)) == {used, undone, default, sound}
    # Nothing is removed unless asked: deleting an event leaves its pictures.
    library.delete(first.tournament_id)
    assert set(rows(database)) == {used, undone, default, sound}
    assert {asset.name for asset in store.unused()} == {used, default, sound}


def test_a_damaged_row_is_named_and_mended_from_a_good_copy(database) -> None:
    store = AssetStore.of(database)
    logo = png()
    name = store.put(logo, "png")
    damage_asset_row(database, name, logo[:-10] + b"x" * 10)
    store.forget()
    store.path(name).unlink()
    assert store.damaged() == [name]
    with pytest.raises(RuleViolation) as caught:
        store.read(name)
    assert caught.value.code == "asset_damaged_in_database"
    assert caught.value.args_map["where"] == database.location
    assert not store.intact(name)
    # The good bytes turn up in this computer's folder (an older version left them
    # there): read from it, and the row is mended on the way.
    store.folder.mkdir(parents=True, exist_ok=True)
    store.path(name).write_bytes(logo)
    assert store.read(name) == logo
    assert store.damaged() == [] and rows(database)[name][2] == logo


def test_a_database_opened_read_only_reads_its_pictures_and_writes_nothing(
    database, db_path
) -> None:
    store = AssetStore.of(database)
    name = store.put(png(), "png")
    store.path(name).unlink()
    reader = open_database(db_path, create=False, readonly=True)
    try:
        theirs = AssetStore.of(reader)
        assert theirs is not store and theirs.read(name) == png()
        assert theirs.adopt() == [] and theirs.remove_unused() == []
        other = theirs.put(jpeg(), "jpg")  # kept on this computer only
        assert other not in rows(database)
    finally:
        reader.close()


def test_a_data_folder_that_cannot_be_written_loses_nothing(database, tmp_path: Path) -> None:
    """The pictures' cache is a file, not a folder (or the disk is full): pictures are
    kept in the database all the same, and a sound plays from a folder of its own."""
    store = AssetStore.of(database)
    store.folder = tmp_path / "not a folder"
    store.folder.write_text("in the way")
    sound = tone(0.4)
    name = store.put(sound, "wav")
    assert rows(database)[name][2] == sound
    store.forget()
    played = store.file(name)
    assert played.read_bytes() == sound and played.parent != store.folder
    assert store.file(name) == played  # written once
    assert store.folder.read_text() == "in the way"


def test_on_a_server_a_look_recorded_while_unused_pictures_go_keeps_its_own(
    pg_url: str, clock: FakeClock
) -> None:
    """Two copies of director on one club database: one removes the unused pictures
    while the other records a look naming one of them. The look waits for the
    removal, then stores its picture again in its own transaction: the database
    never holds a look naming a picture it lacks."""
    import threading
    import time

    from director.persistence import assets as stored
    from director.persistence.postgres import lock_logs

    writer_db, remover_db = open_database(pg_url), open_database(pg_url)
    try:
        session = Library(writer_db, clock=clock).create("Club night")
        logo = AssetStore.of(writer_db).put(png(), "png")  # chosen, not applied yet
        done: list[object] = []

        def record() -> None:
            try:
                done.append(session.dispatch(c.SetTvLook(look=TvLook(logo=logo))))
            except Exception as error:  # reported by the test below
                done.append(error)

        with remover_db.transaction() as connection:
            lock_logs(connection)
            assert logo not in stored.named_in_logs(connection)
            assert stored.delete(connection, [logo]) == 1
            thread = threading.Thread(target=record)
            thread.start()
            time.sleep(0.5)
            assert thread.is_alive() and not done  # held back until the removal ends
        thread.join(timeout=10)
        assert len(done) == 1 and not isinstance(done[0], Exception), done
        assert session.state.tv_look == TvLook(logo=logo)
        assert set(rows(remover_db)) == {logo}
        session.close()
    finally:
        writer_db.close()
        remover_db.close()
