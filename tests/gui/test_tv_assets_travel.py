"""The TV's pictures and sounds travel with the database: a backup restored on another
machine, ``director copy`` to a club's PostgreSQL server and back, a second copy
following the event on the server, a database made by the previous version (its
pictures only in the data folder), and a damaged picture in the database. Each time
the TV is looked at: the logo's pixels on the screen, each sound's file."""

from __future__ import annotations

import io
import shutil
import sqlite3
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QColor

from director.app.files.settings import Settings
from director.app.night.demo import create_demo
from director.app.tv.tv_assets import AssetStore, check_stored_sound
from director.cli import main as cli
from director.core import commands as c
from director.core.clock import CueKind
from director.core.tv import CueSound, TvLook
from director.persistence.db import SCHEMA_HEAD, open_database
from tests.app.tv_files import damage_asset_row, png, tone, write

GOLD = (201, 162, 39)
BLUE = (30, 90, 200)


def logo_png(colour: tuple[int, int, int] = GOLD) -> bytes:
    """A logo of one colour all over: where the TV shows it, its pixels say so."""
    out = io.BytesIO()
    Image.new("RGBA", (240, 120), (*colour, 255)).save(out, "PNG")
    return out.getvalue()


def machine(monkeypatch, tmp_path: Path, name: str) -> Path:
    """Work as another computer: its own data folder (the pictures' cache) and settings."""
    home = tmp_path / name
    monkeypatch.setenv("DIRECTOR_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("DIRECTOR_CONFIG_DIR", str(home / "config"))
    return home


def close(window) -> None:
    window.close_session()
    window.close()
    window.database.close()


def logo_share(window, colour: tuple[int, int, int] = GOLD) -> float:
    """The share of the TV's logo box painted in ``colour`` (0 when no logo is drawn)."""
    if window.display is None:
        window.show_display()
    display = window.display
    display.showNormal()
    display.resize(1280, 720)
    face = display.face
    face.resize(1280, 720)
    image = face.grab().toImage()
    box = face.regions.get("logo")
    if box is None:
        return 0.0
    rect = box.toAlignedRect().intersected(image.rect())
    wanted = QColor(*colour)
    seen = hits = 0
    for y in range(rect.top(), rect.bottom() + 1, 2):
        for x in range(rect.left(), rect.right() + 1, 2):
            pixel = image.pixelColor(x, y)
            seen += 1
            close_enough = (
                abs(pixel.red() - wanted.red()) <= 3
                and abs(pixel.green() - wanted.green()) <= 3
                and abs(pixel.blue() - wanted.blue()) <= 3
            )
            hits += close_enough
    return hits / seen if seen else 0.0


def sound_file(window, cue: CueKind) -> Path:
    """The file the cue plays, once the look is shown."""
    source = window.sound.source(cue)
    assert source is not None
    return source


def night_with_a_look(database, clock) -> tuple[int, TvLook]:
    """The demo night with a gold logo and its own bubble and final-table sounds,
    stored as the app stores them (the picture first, then the look)."""
    store = AssetStore.of(database)
    logo = store.put(logo_png(), "png")
    bubble = store.put(tone(0.6), "wav")
    final = store.put(tone(1.2), "wav")
    session = create_demo(database, clock=clock)
    look = TvLook(
        logo=logo,
        sounds=(CueSound(CueKind.BUBBLE, bubble, volume=70), CueSound(CueKind.FINAL_TABLE, final)),
    )
    session.dispatch(c.SetTvLook(look=look))
    event = session.tournament_id
    session.close()
    return event, look


def shows_the_look(window, event: int, look: TvLook) -> None:
    """The event open in ``window``: the TV paints the logo, each sound plays its own
    bytes from a file in this machine's data folder."""
    window.open_event(event)
    assert window.controller is not None and window.controller.state.tv_look == look
    assert logo_share(window) > 0.9
    for sound in look.sounds:
        played = sound_file(window, sound.cue)
        assert played.name == sound.asset
        assert played.parent == window.assets.folder
        check_stored_sound(played.read_bytes())
        assert AssetStore(played.parent).read(sound.asset) == played.read_bytes()
    assert sound_file(window, CueKind.LEVEL_START).name == "level_start.wav"  # built in


def test_a_look_restored_from_a_backup_on_another_machine_shows_its_logo_and_sounds(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock, refusals_fail
) -> None:
    from director.gui.dialogs.tv_display import TvDisplayDialog

    machine(monkeypatch, tmp_path, "laptop")
    first = window_factory(tmp_path / "laptop" / "director.db", settings=Settings())
    first.open_demo()
    dialog = TvDisplayDialog(first.tv, first, data=first.feed.data)
    qtbot.addWidget(dialog)
    assert dialog.use_picture("logo", write(tmp_path / "our logo.png", logo_png()))
    assert dialog.use_sound(CueKind.BUBBLE, write(tmp_path / "bell.wav", tone(0.6)))
    assert dialog.apply_to_event()
    look = first.controller.state.tv_look
    event = first.controller.session.tournament_id
    assert logo_share(first) > 0.9
    backup = first.backups.back_up()
    close(first)

    # The laptop is gone; a new one with an empty data folder gets the backup.
    home = machine(monkeypatch, tmp_path, "new laptop")
    (home / "data").mkdir(parents=True)
    shutil.copyfile(backup, home / "data" / "director.db")
    second = window_factory(home / "data" / "director.db", settings=Settings())
    assert not (home / "data" / "assets").exists()
    shows_the_look(second, event, look)
    # There the event is deleted (a copy is made first), and what no look uses any
    # more removed from the database, on purpose. (The demo night's money is not
    # settled, which refuses its deletion: that rule is not what this test is about.)
    second.close_session()
    monkeypatch.setattr(type(second.library), "delete_refusal", lambda _self, _event: None)
    second.library.delete(event)
    removed = second.assets.remove_unused()
    assert {asset.name for asset in removed} == set(look.assets())
    assert second.assets.names() == []
    before_delete = next(
        info for info in second.backups.backups() if info.reason == "before-delete"
    )
    close(second)
    shutil.rmtree(home / "data" / "assets")  # nor anything left in this machine's cache

    # Restored from that copy: the event and its pictures and sounds are all back.
    third = window_factory(home / "data" / "director.db", settings=Settings())
    third.maintenance.restore_backup(before_delete.path)
    assert sorted(third.assets.names()) == sorted(look.assets())
    shows_the_look(third, event, look)
    close(third)


def test_a_look_goes_to_postgresql_and_back_with_director_copy(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock, pg_url, capsys
) -> None:
    machine(monkeypatch, tmp_path, "laptop")
    source = tmp_path / "laptop" / "director.db"
    database = open_database(source)
    event, look = night_with_a_look(database, clock)
    database.close()
    assert cli(["copy", "--from", str(source), "--to", pg_url]) == 0
    assert "3 pictures and sounds" in capsys.readouterr().out
    back = tmp_path / "elsewhere" / "copy.db"
    assert cli(["copy", "--from", pg_url, "--to", str(back)]) == 0
    said = capsys.readouterr()
    assert "3 pictures and sounds" in said.out and said.err == ""
    # Neither copy needed this computer's folder: another machine, nothing in it.
    machine(monkeypatch, tmp_path, "another machine")
    window = window_factory(back, settings=Settings())
    shows_the_look(window, event, look)
    close(window)
    # The server's copy shows it too.
    window = window_factory(pg_url, settings=Settings())
    shows_the_look(window, event, look)
    close(window)


def test_a_follower_on_postgresql_shows_the_writers_logo_and_plays_its_sounds(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock, pg_url
) -> None:
    from director.gui.window import session_host

    machine(monkeypatch, tmp_path, "writer")
    writer = window_factory(pg_url, settings=Settings())
    event, look = night_with_a_look(writer.database, clock)
    writer.open_event(event)
    assert logo_share(writer) > 0.9

    monkeypatch.setattr(session_host, "confirm", lambda *_a, **_k: True)
    machine(monkeypatch, tmp_path, "second station")
    follower = window_factory(pg_url, settings=Settings())
    follower.open_event(event)  # leased by the writer: followed live, read-only
    assert follower.controller.session.following
    assert logo_share(follower) > 0.9
    for sound in look.sounds:
        played = sound_file(follower, sound.cue)
        assert played.parent == tmp_path / "second station" / "data" / "assets"
        check_stored_sound(played.read_bytes())

    # The writer changes the logo: the follower shows the new one within a moment.
    new_logo = writer.assets.put(logo_png(BLUE), "png")
    writer.controller.dispatch(c.SetTvLook(look=TvLook(logo=new_logo, sounds=look.sounds)))
    qtbot.waitUntil(lambda: follower.controller.state.tv_look.logo == new_logo, timeout=3000)
    assert logo_share(follower, BLUE) > 0.9
    close(follower)
    close(writer)


def test_a_damaged_picture_is_said_once_and_the_tv_goes_on(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock, capsys
) -> None:
    machine(monkeypatch, tmp_path, "laptop")
    path = tmp_path / "laptop" / "director.db"
    database = open_database(path)
    event, look = night_with_a_look(database, clock)
    damage_asset_row(database, look.logo, logo_png()[:-20] + bytes(20))
    damage_asset_row(database, look.sounds[0].asset, b"RIFF not a sound")
    database.close()
    shutil.rmtree(tmp_path / "laptop" / "data" / "assets")  # no good copy anywhere

    window = window_factory(path, settings=Settings())
    said: list[str] = []
    monkeypatch.setattr(window, "warn", said.append)
    window.open_event(event)
    assert len(said) == 1 and "damaged in the database" in said[0], said
    assert look.logo[:12] in said[0]
    for _ in range(50):  # the night goes on: the TV paints without the logo
        assert logo_share(window) == 0.0
        window.tv.apply_tv_look()
    assert len(said) == 1
    assert "time" in window.display.face.regions
    # The damaged sound: the cue plays its built-in sound; the other its own.
    assert sound_file(window, CueKind.BUBBLE).name == "bubble.wav"
    assert sound_file(window, CueKind.FINAL_TABLE).name == look.sounds[1].asset
    close(window)

    # The checks name both: ``director assets`` and the copy's check.
    assert cli(["assets", "--db", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.count("\tdamaged\t") == 2 and out.count("\tintact\t") == 1
    assert look.logo[:12] in err and look.sounds[0].asset[:12] in err
    assert cli(["copy", "--from", str(path), "--to", str(tmp_path / "copy.db")]) == 0
    out, err = capsys.readouterr()
    assert err.count("damaged in the database") == 2
    assert look.logo[:12] in err


def previous_version(path: Path) -> None:
    """Turn the database at ``path`` into what the previous version left: the schema
    before ``tv_asset`` (Alembic's own downgrade), no picture inside."""
    from alembic import command
    from sqlalchemy import create_engine

    from director.persistence.migrations import alembic_config

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0008_remote_devices")
    engine.dispose()
    with sqlite3.connect(path) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        assert "tv_asset" not in tables
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        assert revision == ("0008_remote_devices",)


def test_the_previous_versions_pictures_move_into_the_database_on_upgrade(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock
) -> None:
    from director.gui import app as app_module

    home = machine(monkeypatch, tmp_path, "laptop")
    path = home / "director.db"
    folder = AssetStore(home / "data" / "assets")  # the previous version's store: files
    database = open_database(path)
    event, look = night_with_a_look(database, clock)
    for name in look.assets():
        folder.put(AssetStore.of(database).read(name), name.rsplit(".", 1)[1])
    stray = folder.put(png(colour="#123456"), "png")  # chosen once, never applied
    default_logo = folder.put(logo_png(BLUE), "png")  # the default look's, in the settings
    database.close()
    previous_version(path)

    settings = Settings(welcomed=True, tv_look=TvLook(logo=default_logo))
    window = app_module.start(path, settings)
    assert window is not None
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: len(window.assets.names()) == 4, timeout=5000)
    assert sorted(window.assets.names()) == sorted({*look.assets(), default_logo})
    assert stray not in window.assets.names()
    with window.database.reading() as connection:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision[0] == SCHEMA_HEAD
    assert list((home / "backups").glob("*before-upgrade.db"))
    # The start-up backup was made first: of the file as opened, without the pictures.
    backups = window.backups.backups()
    assert any(info.reason == "auto" for info in backups)
    backup = window.backups.back_up()
    close(window)

    # That backup on another machine: everything is in it.
    other = machine(monkeypatch, tmp_path, "other machine")
    other.mkdir()
    shutil.copyfile(backup, other / "director.db")
    again = window_factory(other / "director.db", settings=Settings())
    shows_the_look(again, event, look)
    close(again)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_pictures_row_of_the_tv_dialog(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock, size
):
    """The dialog says what the database keeps and removes what no look uses."""
    from director.gui.dialogs.tv_display import TvDisplayDialog

    machine(monkeypatch, tmp_path, "laptop")
    window = window_factory(tmp_path / "laptop" / "director.db", settings=Settings())
    event, look = night_with_a_look(window.database, clock)
    window.assets.put(png(colour="#0000aa"), "png")  # chosen once, never applied
    window.open_event(event)
    dialog = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(1)
    dialog.resize(min(size[0], dialog.sizeHint().width()), min(size[1], dialog.sizeHint().height()))
    assert "4 pictures and sounds" in dialog.stored.text()
    assert "1 used by no look" in dialog.stored.text()
    assert dialog.remove_unused_button.isEnabled()
    shots = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "tv"
    shots.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(shots / f"dialog-pictures-{size[0]}.png"))
    assert dialog.remove_unused() == 1
    assert "3 pictures and sounds" in dialog.stored.text()
    assert not dialog.remove_unused_button.isEnabled()
    assert sorted(window.assets.names()) == sorted(look.assets())
    close(window)


def test_a_full_database_refuses_a_picture_and_a_look_file_and_keeps_nothing(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock
) -> None:
    """Past the database's limit, the dialog says how much is kept and what to do, and
    nothing of the refused picture or look file is kept; with room again, it goes in."""
    from director.gui.dialogs.tv_display import TvDisplayDialog

    machine(monkeypatch, tmp_path, "laptop")
    window = window_factory(tmp_path / "laptop" / "director.db", settings=Settings())
    window.open_demo()
    dialog = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(dialog)
    assert dialog.use_picture("logo", write(tmp_path / "logo.png", logo_png()))
    assert dialog.use_sound(CueKind.BUBBLE, write(tmp_path / "bell.wav", tone(0.6)))
    shared = tmp_path / "our look.zip"
    assert dialog.export_to(shared)
    look = dialog.look
    assert len(window.assets.remove_unused()) == 2  # chosen, never applied
    assert window.assets.names() == []

    window.assets.cap = 4096  # a logo of a few hundred bytes fits; the sound does not
    other = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(other)
    assert not other.import_from(shared)
    said = other.problems.text()
    assert "past 4 KB" in said and "Remove the unused ones" in said, said
    assert other.look != look and window.assets.names() == []  # all or nothing
    big = write(tmp_path / "photo.png", png(1600, 900, colour="#336699"))
    assert not other.use_picture("background", big)
    assert "past 4 KB" in other.picture_error.text()
    assert window.assets.names() == [] and other.look.background is None

    window.assets.cap = 64 * 1024 * 1024
    assert other.import_from(shared), other.problems.text()
    assert other.look == look and window.assets.names() == sorted(look.assets())
    close(window)


def test_a_picture_out_of_reach_for_a_moment_shows_once_the_database_answers(
    qtbot, window_factory, tmp_path: Path, monkeypatch, clock
) -> None:
    from director.persistence.errors import StoreError

    machine(monkeypatch, tmp_path, "second station")
    path = tmp_path / "club.db"
    database = open_database(path)
    event, look = night_with_a_look(database, clock)
    database.close()
    shutil.rmtree(tmp_path / "second station" / "data" / "assets")
    assert look.logo
    window = window_factory(path, settings=Settings())
    window.open_event(event)  # the event is read; then the server goes away
    window.assets.forget()  # a fresh start, nothing kept in memory nor in the cache
    window.tv._pictures.clear()
    shutil.rmtree(window.assets.folder)
    answering = {"now": False}
    reading = window.database.reading

    def cut_off():
        if not answering["now"]:
            raise StoreError("db_server_unreachable", path="club", detail="connection refused")
        return reading()

    monkeypatch.setattr(window.database, "reading", cut_off)
    said: list[str] = []
    monkeypatch.setattr(window, "warn", said.append)
    window.tv.apply_tv_look()
    assert logo_share(window) == 0.0
    assert len(said) == 1 and "cannot be read from the database" in said[0], said
    assert "connection refused" in said[0]
    answering["now"] = True
    window.maintenance.show_connection(True)  # the follower's connection is back
    assert logo_share(window) > 0.9
    close(window)
