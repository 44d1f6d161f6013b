"""The TV display dialog and the message line, as the organizer uses them: bad files
refused with the problem said and nothing changed, the look applied to the event
(undone, kept over a restart) or kept as the default, shared as one file, sounds
imported and played, the message shown, spoken and cleared."""

from __future__ import annotations

import math
import re
import struct
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from director.app.files.settings import load_settings
from director.app.tv.tv_assets import AssetStore, check_stored_sound
from director.core import commands as c
from director.core.clock import CueKind
from director.core.tv import PRESETS, THEMES, Element, TvLook
from director.gui.dialogs.tv_display import TvDisplayDialog
from tests.app.tv_files import (
    BAD_SVGS,
    damage_asset_row,
    huge_png_header,
    jpeg,
    png,
    silent_mp3,
    tone,
    write,
)

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "tv"


@pytest.fixture
def window(demo_window, refusals_fail):
    return demo_window


@pytest.fixture
def dialog(qtbot, window):
    made = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(made)
    return made


def ogg_tone(path: Path, seconds: float = 2.0) -> Path:
    """An Ogg file (FLAC inside), made with Qt's own encoder: a real OGG to import."""
    from PySide6.QtCore import QEventLoop, QTimer, QUrl
    from PySide6.QtMultimedia import (
        QAudioBuffer,
        QAudioBufferInput,
        QAudioFormat,
        QMediaCaptureSession,
        QMediaFormat,
        QMediaRecorder,
    )

    session = QMediaCaptureSession()
    source = QAudioBufferInput()
    session.setAudioBufferInput(source)
    recorder = QMediaRecorder()
    session.setRecorder(recorder)
    wanted = QMediaFormat(QMediaFormat.FileFormat.Ogg)
    wanted.setAudioCodec(QMediaFormat.AudioCodec.FLAC)
    recorder.setMediaFormat(wanted)
    recorder.setOutputLocation(QUrl.fromLocalFile(str(path)))
    audio = QAudioFormat()
    audio.setSampleFormat(QAudioFormat.SampleFormat.Int16)
    audio.setSampleRate(44_100)
    audio.setChannelCount(1)
    chunk = 4410
    buffers = []
    for index in range(int(seconds * 10)):
        samples = [
            int(8000 * math.sin(2 * math.pi * 440 * (index * chunk + i) / 44_100))
            for i in range(chunk)
        ]
        buffers.append(QAudioBuffer(struct.pack(f"<{chunk}h", *samples), audio))
    sent = {"count": 0}

    def feed() -> None:
        while sent["count"] < len(buffers) and source.sendAudioBuffer(buffers[sent["count"]]):
            sent["count"] += 1
        if sent["count"] >= len(buffers):
            recorder.stop()

    loop = QEventLoop()
    source.readyToSendAudioBuffer.connect(feed)
    recorder.recorderStateChanged.connect(
        lambda state: state == QMediaRecorder.RecorderState.StoppedState and loop.quit()
    )
    recorder.record()
    QTimer.singleShot(10_000, loop.quit)
    loop.exec()
    assert path.is_file() and path.read_bytes()[:4] == b"OggS"
    return path


def assets_now(window) -> list[str]:
    return window.assets.names()


def says(code: str, text: str) -> bool:
    """Whether ``text`` is the sentence for ``code``: every literal part of its template,
    in order, with the arguments (paths, sizes) in between."""
    from director.i18n import _
    from director.messages import MESSAGES

    parts = [part for part in re.split(r"\{[^}]*\}", _(MESSAGES[code])) if part.strip()]
    pattern = ".*".join(re.escape(part) for part in parts)
    return re.fullmatch(f".*{pattern}.*", text, re.S) is not None


# -- pictures ---------------------------------------------------------------------------


def bad_pictures(folder: Path) -> dict[str, tuple[Path, str]]:
    good = png()
    start = good.index(b"IDAT") + 8
    undecodable = good[:start] + bytes(40) + good[start + 40 :]
    files = {
        "truncated png": (write(folder / "cut.png", good[: len(good) // 2]), "picture_damaged"),
        "truncated jpeg": (write(folder / "cut.jpg", jpeg()[:3000]), "picture_damaged"),
        "huge dimensions": (
            write(folder / "huge.png", huge_png_header()),
            "picture_too_many_pixels",
        ),
        "too many pixels in all": (
            write(folder / "wide.png", huge_png_header(8000, 6000)),
            "picture_too_many_pixels_in_all",
        ),
        "not an image": (
            write(folder / "notes.png", b"shopping list: chips"),
            "picture_not_an_image",
        ),
        "pixels that do not decode": (
            write(folder / "broken.png", undecodable),
            "picture_unreadable",
        ),
        "empty": (write(folder / "empty.png", b""), "picture_not_an_image"),
        "missing": (folder / "nowhere.png", "file_unreadable"),
        "a folder": (folder, "file_unreadable"),
    }
    for name, (data, code) in BAD_SVGS.items():
        files[f"svg: {name}"] = (write(folder / f"{name}.svg", data), code)
    return files


def test_bad_pictures_are_refused_with_the_problem_said_and_nothing_changes(
    dialog, window, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    before_look, before_assets = dialog.look, assets_now(window)
    for name, (path, code) in bad_pictures(folder).items():
        for which in ("logo", "background"):
            assert not dialog.use_picture(which, path), name
            assert not dialog.picture_error.isHidden(), name
            assert says(code, dialog.picture_error.text()), (name, dialog.picture_error.text())
            assert dialog.look == before_look and assets_now(window) == before_assets, name


def test_a_logo_and_a_background_are_kept_by_content_and_shown(dialog, window, tmp_path) -> None:
    logo = write(tmp_path / "our club.png", png())
    assert dialog.use_picture("logo", logo)
    assert dialog.picture_error.isHidden()
    stored = dialog.look.logo
    assert window.assets.read(stored) == logo.read_bytes()
    logo.unlink()  # the file chosen can go: the copy stays
    bright = write(tmp_path / "beach.jpg", jpeg(dark=False))
    dialog.veil.setValue(30)
    assert dialog.use_picture("background", bright)
    # A wide-range picture under a thin veil would hide texts: the veil went up by itself.
    assert dialog.look.veil > 30 and not dialog.problem()
    assert "veil" in dialog.note.text()
    assert dialog.apply_to_event()
    state = window.controller.state
    assert state.tv_look == dialog.look
    face = window.display.face
    assert face.look == dialog.look and stored in face.pictures
    image = face.grab().toImage()
    assert "logo" in face.regions
    assert not face.regions["logo"].intersects(face.regions["time"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    image.save(str(SHOTS / "window-with-pictures.png"))


# -- sounds -----------------------------------------------------------------------------


def test_bad_sounds_are_refused_with_the_problem_said_and_nothing_changes(
    dialog, window, tmp_path: Path
) -> None:
    before_look, before_assets = dialog.look, assets_now(window)
    cases = {
        "text": (write(tmp_path / "a.mp3", b"this is not a sound at all"), "sound_unknown_format"),
        "a picture": (write(tmp_path / "b.wav", png()), "sound_unknown_format"),
        "too large": (
            write(tmp_path / "c.wav", b"RIFF" + bytes(6 * 1024 * 1024)),
            "file_too_large",
        ),
        "too long": (write(tmp_path / "d.wav", tone(31, rate=8000)), "sound_too_long"),
        "mp3 of noise": (
            write(tmp_path / "e.mp3", b"ID3\x03\x00\x00\x00\x00\x00\x00" + bytes(2000)),
            "sound_undecodable",
        ),
        "cut wav": (write(tmp_path / "f.wav", tone(1.0)[:40]), "sound_undecodable"),
    }
    cases["empty"] = (write(tmp_path / "g.ogg", b""), "sound_unknown_format")

    for name, (path, code) in cases.items():
        assert not dialog.use_sound(CueKind.BUBBLE, path), name
        assert says(code, dialog.sound_error.text()), (name, dialog.sound_error.text())
        assert dialog.look == before_look and assets_now(window) == before_assets, name


def test_a_long_sound_is_refused_with_its_length_never_as_long_as_the_limit(
    dialog, tmp_path: Path
) -> None:
    """A ten-minute WAV (its header tells) and a 42-second MP3 (decoding stops past
    30 s; the decoder knows the whole length): neither is said to last 30 seconds."""
    from tests.app.test_tv_assets import long_wav

    for path, longer_than in (
        (write(tmp_path / "ten minutes.wav", long_wav(600)), 599),
        (write(tmp_path / "long.mp3", silent_mp3(1600)), 40),
    ):
        assert not dialog.use_sound(CueKind.BUBBLE, path)
        said = dialog.sound_error.text()
        assert "lasts 30 seconds" not in said, said
        seconds = re.search(r"lasts (more than )?(\d+) seconds", said)
        assert seconds is not None, said
        assert seconds.group(1) or int(seconds.group(2)) > longer_than, said


@pytest.mark.parametrize("kind", ["wav", "ogg", "mp3"])
def test_sounds_are_imported_as_wav_and_played_from_the_data_folder(
    dialog, window, tmp_path: Path, kind: str
) -> None:
    if kind == "wav":
        chosen = write(tmp_path / "bell.wav", tone(1.5))
        length = 1.5
    elif kind == "ogg":
        chosen = ogg_tone(tmp_path / "bell.ogg", 2.0)
        length = 2.0
    else:
        chosen = write(tmp_path / "bell.mp3", silent_mp3(80))
        length = 80 * 1152 / 44_100
    assert dialog.use_sound(CueKind.FINAL_TABLE, chosen), dialog.sound_error.text()
    name = dialog.look.sound_for(CueKind.FINAL_TABLE).asset
    assert name.endswith(".wav")
    assert abs(check_stored_sound(window.assets.read(name)) - length) < 0.15
    chosen.unlink()  # the original can go
    dialog.sound_volume[CueKind.FINAL_TABLE].setValue(40)
    assert dialog.look.sound_for(CueKind.FINAL_TABLE).volume == 40
    assert dialog.test_sound(CueKind.FINAL_TABLE)
    assert window.sound.played[-1] is CueKind.FINAL_TABLE
    assert dialog.apply_to_event()
    player = window.sound
    assert player.source(CueKind.FINAL_TABLE) == window.assets.path(name)
    assert abs(player.cue_volume(CueKind.FINAL_TABLE) - player.volume / 100 * 0.4) < 1e-9
    assert player.source(CueKind.LEVEL_START).name == "level_start.wav"  # built in


def test_an_imported_sound_is_named_whole_at_the_dialogs_natural_size(
    qtbot, dialog, tmp_path: Path
) -> None:
    """The dialog opened at its own size, a sound imported: its choice reads whole
    ("Imported sound (1a2b3c4d…)", not "Imported sour…"); the hint says where the
    sounds are kept (in the database, not a folder)."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QLabel

    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.tabs.setCurrentIndex(3)
    assert dialog.use_sound(CueKind.BUBBLE, write(tmp_path / "b.wav", tone(0.5)))
    qtbot.wait(10)
    choice = dialog.sound_choice[CueKind.BUBBLE]
    text = choice.currentText()
    assert text.startswith("Imported sound (") and text.endswith("…)")
    # The text's width, and room for the arrow and the frame.
    arrow = choice.style().pixelMetric(choice.style().PixelMetric.PM_ScrollBarExtent)
    assert QFontMetrics(choice.font()).horizontalAdvance(text) + arrow <= choice.width()
    hints = [label.text() for label in dialog.tabs.widget(3).findChildren(QLabel)]
    assert any("database" in hint for hint in hints)
    assert not any("data folder" in hint for hint in hints)
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "dialog-sounds-natural.png"))


def test_a_stored_sound_that_went_missing_plays_the_built_in_one_and_silent_plays_none(
    dialog, window, tmp_path: Path
) -> None:
    assert dialog.use_sound(CueKind.BUBBLE, write(tmp_path / "b.wav", tone(0.5)))
    silent_row = dialog.sound_choice[CueKind.ONE_MINUTE]
    silent_row.setCurrentIndex(silent_row.findData("silent"))
    dialog._sound_chosen(CueKind.ONE_MINUTE)
    assert dialog.look.sound_for(CueKind.ONE_MINUTE).silent
    assert dialog.apply_to_event()
    name = dialog.look.sound_for(CueKind.BUBBLE).asset
    # The data folder's copy damaged: written again from the database, and played.
    window.assets.path(name).write_bytes(b"damaged")
    window.tv.apply_tv_look()
    assert window.sound.source(CueKind.BUBBLE) == window.assets.path(name)
    assert window.assets.path(name).read_bytes() == window.assets.read(name)
    # Damaged in the database too, nothing kept in memory: the built-in sound plays.
    damage_asset_row(window.database, name)
    window.assets.path(name).write_bytes(b"damaged")
    window.assets.forget()
    window.tv.apply_tv_look()
    assert window.sound.source(CueKind.BUBBLE).name == "bubble.wav"
    assert not window.sound.play(CueKind.ONE_MINUTE)
    assert window.sound.play(CueKind.BUBBLE)


# -- colours, layout, applying ------------------------------------------------------------


def test_an_unreadable_colour_is_named_inline_and_cannot_be_applied(dialog, window) -> None:
    dialog.hex_fields["dim"].setText(THEMES["dark"].background)
    dialog._typed_colour("dim")
    assert dialog.look.theme.name == "custom"
    assert not dialog.problems.isHidden()
    assert "The event's name and the caption above the time" in dialog.problems.text()
    assert "1.00:1" in dialog.problems.text()
    assert not dialog.apply_button.isEnabled() and not dialog.default_button.isEnabled()
    assert not dialog.apply_to_event() and window.controller.state.tv_look is None
    dialog.hex_fields["dim"].setText("not a colour")
    dialog._typed_colour("dim")
    assert "is not a colour" in dialog.colour_error.text()
    dialog.hex_fields["dim"].setText("#a0a8b0")
    dialog._typed_colour("dim")
    assert dialog.problems.isHidden() and dialog.apply_button.isEnabled()


def test_a_theme_and_a_layout_applied_to_the_event_undone_and_kept_over_a_restart(
    qtbot, dialog, window, window_factory
) -> None:
    dialog._theme_chosen(dialog.theme.findData("light"))
    dialog._preset_chosen(dialog.preset.findData("tables"))
    assert dialog.look.theme == THEMES["light"] and dialog.look.layout == PRESETS["tables"]
    # One element off, another moved: the organizer's own arrangement.
    dialog.shown[Element.MESSAGE].setChecked(False)
    dialog.move(Element.SEATS, -1)
    layout = dialog.look.layout
    assert layout.preset == "custom" and layout.place_of(Element.MESSAGE) is None
    assert layout.at(layout.place_of(Element.SEATS))[0] is Element.SEATS
    assert dialog.apply_to_event()
    look = window.controller.state.tv_look
    assert look == dialog.look
    assert window.display.face.look == look == window.clock_page().face.look
    assert window.display.seating.theme == THEMES["light"]
    assert "TV" in window.undo_action.text()
    window.undo()
    assert window.controller.state.tv_look is None
    assert window.display.face.look == window.settings.tv_look
    window.redo()
    event = window.controller.session.tournament_id
    window.close()
    window.database.close()
    again = window_factory()
    again.open_event(event)
    assert again.controller.state.tv_look == look
    assert again.clock_page().face.look == look
    again.show_display()
    assert again.display.face.look == look


def test_a_clock_page_built_after_the_event_opened_shows_its_look(
    qtbot, window_factory, refusals_fail
) -> None:
    """An event whose clock has not started opens on its event page; the clock page is
    built when first visited, with the event's look on its preview."""
    made = window_factory()
    session = made.library.create("Friday")
    look = TvLook(theme=THEMES["light"], layout=PRESETS["tables"])
    session.dispatch(c.SetTvLook(look=look))
    made.open_session(session)
    assert made.console.current_key() == "event"
    assert made.console.built_page("clock") is None
    made.console.show_page("clock")
    assert made.clock_page().face.look == look
    assert made.sound.look == look


def test_the_default_look_is_kept_in_the_settings_for_new_events(qtbot, dialog, window) -> None:
    dialog._theme_chosen(dialog.theme.findData("felt"))
    assert dialog.save_default()
    assert load_settings().tv_look.theme == THEMES["felt"]
    # The open event has no look of its own: it follows the default at once.
    assert window.controller.state.tv_look is None
    assert window.display.face.look.theme == THEMES["felt"]
    session = window.library.create("Next Friday")
    window.open_session(session)
    assert window.tv.tv_look().theme == THEMES["felt"]


def test_a_look_goes_to_another_club_as_one_file(
    qtbot, dialog, window, tmp_path: Path, monkeypatch
) -> None:
    assert dialog.use_picture("logo", write(tmp_path / "logo.png", png()))
    assert dialog.use_sound(CueKind.BUBBLE, write(tmp_path / "b.wav", tone(0.7)))
    dialog._theme_chosen(dialog.theme.findData("contrast"))
    shared = tmp_path / "our look.zip"
    assert dialog.export_to(shared)
    look = dialog.look
    # Another club: another database and data folder, nothing of ours in them.
    monkeypatch.setenv("DIRECTOR_DATA_DIR", str(tmp_path / "other club"))
    assert window.maintenance.open_database(str(tmp_path / "other club" / "director.db"))
    window.tv._pictures.clear()
    assert window.assets.names() == []
    other = TvDisplayDialog(window.tv, window)
    qtbot.addWidget(other)
    assert other.import_from(shared), other.problems.text()
    assert other.look == look
    assert other.pictures[look.logo] is not None
    # Kept in the other club's database, with a copy in its data folder.
    assert window.assets.names() == sorted(look.assets())
    assert AssetStore(tmp_path / "other club" / "assets").names() == sorted(look.assets())
    # A bad file is said, and the editor keeps what it had.
    garbage = write(tmp_path / "not a look.zip", b"hello")
    assert not other.import_from(garbage)
    assert "not a TV look file" in other.problems.text()
    assert other.look == look


# -- the message line ---------------------------------------------------------------------


def test_the_message_is_shown_spoken_and_cleared_from_the_clock_page(
    qtbot, window, monkeypatch
) -> None:
    spoken: list[str] = []
    monkeypatch.setattr(window.sound, "say", lambda text: spoken.append(text) or True)
    page = window.clock_page()
    assert not page.message_button.isEnabled()  # nothing typed: nothing to show
    page.message.setFocus()
    qtbot.keyClicks(page.message, "Last orders at the bar")
    assert page.message_button.isEnabled()
    qtbot.keyClick(page.message, Qt.Key.Key_Return)  # one action: Enter
    assert window.controller.state.room_message == "Last orders at the bar"
    assert window.display.face.data.message == "Last orders at the bar"
    assert spoken[-1] == "Last orders at the bar"
    assert not page.message_button.isEnabled()  # the same text again: refused
    assert page.clear_message_button.isEnabled()
    qtbot.mouseClick(page.clear_message_button, Qt.MouseButton.LeftButton)  # one click
    assert window.controller.state.room_message == ""
    assert page.message.text() == "" and window.display.face.data.message == ""
    assert not page.clear_message_button.isEnabled()
    window.undo()
    assert page.message.text() == "Last orders at the bar"
    assert window.display.face.data.message == "Last orders at the bar"


def test_the_message_in_the_dialog_and_a_refused_one(qtbot, dialog, window) -> None:
    dialog.message.setText("Add-on at the break")
    dialog.show_message()
    assert window.controller.state.room_message == "Add-on at the break"
    assert dialog.preview.data.message == "Add-on at the break"
    dialog.message.setText("x" * 300)
    dialog.show_message()
    assert "too long" in dialog.message_error.text()
    assert window.controller.state.room_message == "Add-on at the break"
    dialog.clear_message()
    assert window.controller.state.room_message == ""


def test_the_dialog_without_an_event_edits_the_defaults(qtbot, window_factory) -> None:
    window = window_factory()
    dialog = TvDisplayDialog(window.tv, window)
    qtbot.addWidget(dialog)
    assert dialog.apply_button.isHidden() and dialog.preview.data is not None
    assert not dialog.message.isEnabled()
    dialog._preset_chosen(dialog.preset.findData("clock_only"))
    assert dialog.save_default()
    assert load_settings().tv_look.layout == PRESETS["clock_only"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_dialog_and_the_tv_in_each_language(qtbot, window, language) -> None:
    from director.i18n import set_language

    window.apply_settings(window.settings.with_changes(language=language))
    set_language(language)
    dialog = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(dialog)
    dialog.resize(dialog.sizeHint())
    SHOTS.mkdir(parents=True, exist_ok=True)
    titles = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    if language == "fr":
        assert titles == ["Couleurs", "Images", "Disposition", "Sons", "Message"]
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        dialog.grab().save(str(SHOTS / f"dialog-{language}-{index}.png"))
    # The dialog fits a 1366x768 laptop.
    assert dialog.sizeHint().width() <= 1366 and dialog.sizeHint().height() <= 700
    window.controller.run(c.SetRoomMessage(text="Dernière commande au bar"))
    window.ticker.update()
    face = window.display.face
    face.resize(1920, 1080)
    face.grab().save(str(SHOTS / f"tv-{language}-1920x1080.png"))
    window.resize(1366, 768)
    window.grab().save(str(SHOTS / f"console-{language}-1366x768.png"))
    assert TvLook() == window.tv.tv_look()


def test_a_full_disk_refuses_the_picture_and_leaves_nothing_half_written(
    qtbot, window_factory, small_disk, monkeypatch, clock
) -> None:
    """The database and the data folder on a disk with no room left: the picture is
    refused saying the disk is full, the look and the database stay as they were."""

    monkeypatch.setenv("DIRECTOR_DATA_DIR", str(small_disk.root / "data"))
    window = window_factory(small_disk.root / "director.db")
    database = window.database
    window.open_demo()
    dialog = TvDisplayDialog(window.tv, window, data=window.feed.data)
    qtbot.addWidget(dialog)
    outside = small_disk.root.parent / "logo.png"
    outside.write_bytes(png(1600, 800))
    (small_disk.root / "data" / "assets").mkdir(parents=True)
    small_disk.fill()
    before = dialog.look
    assert not dialog.use_picture("logo", outside)
    assert says("disk_full", dialog.picture_error.text()), dialog.picture_error.text()
    assert dialog.look == before
    assert window.assets.names() == []
    assert list((small_disk.root / "data" / "assets").iterdir()) == []
    small_disk.free()
    assert dialog.use_picture("logo", outside)
    assert window.assets.read(dialog.look.logo) == outside.read_bytes()
    window.close()
    database.close()


def test_a_hostile_look_file_is_refused_in_the_dialog_with_the_problem_said(
    dialog, window, tmp_path: Path
) -> None:
    """Issue 35: a look file whose SVG nests ``<use>`` (10^8 shapes) hung the import for
    minutes, one with a password raised a RuntimeError; each is now said, the editor
    and the database's assets as they were."""
    from tests.app.test_hostile_looks import look_file
    from tests.hostile_files import SVG_ITEMS, ZIP_ITEMS

    files = {
        f"svg: {name}": (look_file(tmp_path / f"svg {number}.zip", data), code)
        for number, (name, (data, code)) in enumerate(sorted(SVG_ITEMS.items()))
    }
    for number, (name, (data, code)) in enumerate(sorted(ZIP_ITEMS.items())):
        files[f"zip: {name}"] = (write(tmp_path / f"zip {number}.zip", data), code)
    before_look, before_assets = dialog.look, assets_now(window)
    for name, (path, code) in files.items():
        assert not dialog.import_from(path), name
        assert says(code, dialog.problems.text()), (name, dialog.problems.text())
        assert dialog.look == before_look and assets_now(window) == before_assets, name
