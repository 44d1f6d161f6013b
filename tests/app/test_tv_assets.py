"""The TV's pictures and sounds: checked before anything is kept, kept by content."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from director.app.tv.tv_assets import (
    MAX_PICTURE_BYTES,
    MAX_SOUND_FILE_BYTES,
    AssetStore,
    asset_name,
    check_picture,
    check_sound_file,
    check_stored_sound,
    read_chosen_file,
    wav_bytes,
    wav_seconds,
)
from director.core.errors import RuleViolation
from tests.app.tv_files import BAD_SVGS, SVG_LOGO, huge_png_header, jpeg, png, silent_mp3, tone


def code_of(action, *args) -> str:
    with pytest.raises(RuleViolation) as refused:
        action(*args)
    return refused.value.code


def test_pictures_are_known_by_their_bytes_not_their_name() -> None:
    assert check_picture(png()) == "png"
    assert check_picture(jpeg()) == "jpg"
    assert check_picture(SVG_LOGO) == "svg"
    assert check_picture(b"\xef\xbb\xbf" + SVG_LOGO) == "svg"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "picture_not_an_image"),
        (b"hello, this is text", "picture_not_an_image"),
        (b"%PDF-1.4 ...", "picture_not_an_image"),
        (b"<html><body>no</body></html>", "picture_not_an_image"),
        (b'<?xml version="1.0"?><note>not svg</note>', "picture_not_an_image"),
        (png()[:200], "picture_damaged"),
        (png()[: len(png()) - 12], "picture_damaged"),
        (jpeg()[: len(jpeg()) // 2], "picture_damaged"),
        (jpeg()[:40], "picture_damaged"),
        (huge_png_header(), "picture_too_many_pixels"),
        (huge_png_header(9000, 10), "picture_too_many_pixels"),
        (b"\x89PNG\r\n\x1a\n" + os.urandom(64), "picture_damaged"),
        (b"\xff\xd8\xff" + os.urandom(64), "picture_damaged"),
    ],
    ids=[
        "empty",
        "text",
        "pdf",
        "html",
        "other xml",
        "png cut at 200",
        "png without its end",
        "jpeg cut in half",
        "jpeg header only",
        "100000 x 100000",
        "9000 wide",
        "png noise",
        "jpeg noise",
    ],
)
def test_bad_pictures_are_refused_naming_the_problem(data: bytes, code: str) -> None:
    assert code_of(check_picture, data) == code


@pytest.mark.parametrize("name", sorted(BAD_SVGS))
def test_svgs_that_could_reach_outside_or_run_are_refused(name: str) -> None:
    data, code = BAD_SVGS[name]
    assert code_of(check_picture, data) == code


def test_an_svg_may_embed_its_own_pictures_and_refer_to_itself() -> None:
    inline = (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        b'<defs><linearGradient id="g"/></defs><rect style="fill: url(#g)"/>'
        b'<use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/></svg>'
    )
    assert check_picture(inline) == "svg"


def test_a_picture_too_large_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    assert code_of(check_picture, b"\x89PNG\r\n\x1a\n" + bytes(MAX_PICTURE_BYTES)) == (
        "picture_too_large"
    )
    big = tmp_path / "big.png"
    with big.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: 200 MB on paper
    assert code_of(read_chosen_file, big, MAX_PICTURE_BYTES) == "file_too_large"


def test_only_plain_files_are_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.png"
    os.mkfifo(fifo)
    assert code_of(read_chosen_file, fifo, 1000) == "file_unreadable"  # never waits
    assert code_of(read_chosen_file, tmp_path, 1000) == "file_unreadable"
    assert code_of(read_chosen_file, tmp_path / "missing.png", 1000) == "file_unreadable"
    link = tmp_path / "link.png"
    link.symlink_to(tmp_path / "nowhere.png")
    assert code_of(read_chosen_file, link, 1000) == "file_unreadable"


def test_sounds_are_known_by_their_bytes() -> None:
    assert check_sound_file(tone(0.5)) == "wav"
    assert check_sound_file(silent_mp3()) == "mp3"
    assert check_sound_file(b"ID3\x04\x00" + bytes(100)) == "mp3"
    assert check_sound_file(b"OggS" + bytes(100)) == "ogg"
    for bad in (b"", b"hello", png(), b"RIFF\x00\x00\x00\x00AVI LIST"):
        assert code_of(check_sound_file, bad) == "sound_unknown_format"
    assert code_of(check_sound_file, b"RIFF" + bytes(MAX_SOUND_FILE_BYTES)) == "sound_too_large"


def refusal(action, *args) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        action(*args)
    return refused.value


def long_wav(seconds: float, *, rate: int = 8000, width: int = 1) -> bytes:
    """A WAV of silence, 8-bit at 8 kHz by default (ten minutes fit under 5 MB)."""
    import io
    import wave

    out = io.BytesIO()
    with wave.open(out, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(width)
        handle.setframerate(rate)
        handle.writeframes(bytes(int(seconds * rate) * width))
    return out.getvalue()


def test_a_long_wav_is_refused_with_its_real_length_never_the_limit() -> None:
    """A ten-minute WAV says it lasts 600 seconds (its header says so, nothing decoded);
    just over the limit, it says "more than 30 seconds", not "lasts 30"."""
    from director.i18n import describe_error

    ten_minutes = long_wav(600)
    assert len(ten_minutes) < MAX_SOUND_FILE_BYTES
    assert wav_seconds(ten_minutes) == 600.0
    refused = refusal(check_sound_file, ten_minutes)
    assert refused.code == "sound_too_long" and refused.args_map["seconds"] == 600
    assert wav_seconds(long_wav(30.5)) == 30.5
    just_over = refusal(check_sound_file, long_wav(30.5))
    assert just_over.code == "sound_longer_than"
    said = describe_error(just_over)
    assert "more than 30 seconds" in said and "lasts 30 seconds" not in said
    # Stored sounds read whole: the same words.
    assert refusal(check_stored_sound, wav_bytes(bytes(2 * 44_100 * 30 + 2000))).code == (
        "sound_longer_than"
    )
    assert refusal(check_stored_sound, tone(31, rate=8000)).args_map["seconds"] == 31
    # Within the limit, or a header that says nothing: left to the decoder.
    assert check_sound_file(long_wav(29)) == "wav"
    assert wav_seconds(b"RIFF\x00\x00\x00\x00WAVE") is None
    assert wav_seconds(b"RIFF\x00\x00\x00\x00WAVEfmt \x10\x00\x00\x00") is None


def test_a_picture_too_large_in_all_names_that_limit() -> None:
    """8000 x 6000: each side is under 8192, the whole (48 million) over 40 million."""
    from director.app.tv.tv_assets import MAX_PIXELS, MAX_SIDE_PIXELS
    from director.i18n import describe_error

    assert max(8000, 6000) < MAX_SIDE_PIXELS < 8000 * 6000 and MAX_PIXELS < 8000 * 6000
    refused = refusal(check_picture, huge_png_header(8000, 6000))
    assert refused.code == "picture_too_many_pixels_in_all"
    said = describe_error(refused)
    assert "48 million" in said and "40 million" in said and "8192" not in said
    side = refusal(check_picture, huge_png_header(9000, 10))
    assert side.code == "picture_too_many_pixels" and side.args_map["maximum"] == MAX_SIDE_PIXELS


def test_a_stored_sound_is_read_whole_and_its_length_checked() -> None:
    assert 0.49 < check_stored_sound(tone(0.5)) < 0.51
    stored = wav_bytes(bytes(44_100 * 2))
    assert check_stored_sound(stored) == 1.0
    assert code_of(check_stored_sound, tone(31, rate=8000)) == "sound_too_long"
    assert code_of(check_stored_sound, tone(1.0)[:-1000]) == "sound_undecodable"
    assert code_of(check_stored_sound, tone(1.0)[:30]) == "sound_undecodable"
    assert code_of(check_stored_sound, wav_bytes(b"")) == "sound_undecodable"


def test_the_store_keeps_files_by_content_and_notices_damage(tmp_path: Path) -> None:
    store = AssetStore(tmp_path / "assets")
    data = png()
    name = store.put(data, "png")
    assert name == hashlib.sha256(data).hexdigest() + ".png" == asset_name(data, "png")
    assert store.read(name) == data
    assert store.put(data, "png") == name  # the same bytes: the same file, once
    assert store.names() == [name]
    # Damaged on disk: noticed, and written again by the next put.
    store.path(name).write_bytes(data[:-5])
    assert not store.intact(name)
    assert code_of(store.read, name) == "asset_damaged"
    store.put(data, "png")
    assert store.read(name) == data
    # Nothing half-written is left beside the files.
    assert [p.name for p in (tmp_path / "assets").iterdir()] == [name]
    store.path(name).unlink()
    assert code_of(store.read, name) == "asset_missing"
    # Names that are not a stored file's never reach the file system.
    for bad in ("../settings.json", "/etc/passwd", "x.png", name.upper()):
        assert code_of(store.path, bad) == "bad_asset_name"
