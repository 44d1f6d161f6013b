"""A TV look as one file between clubs: round trip, and every bad file refused with
the problem named and nothing kept."""

from __future__ import annotations

import json
import warnings
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from director.app.tv.tv_assets import AssetStore
from director.app.tv.tv_bundle import (
    BUNDLE_FORMAT,
    BUNDLE_VERSION,
    MAX_BUNDLE_BYTES,
    export_look,
    import_bundle,
    read_bundle,
)
from director.core import codec
from director.core.clock import CueKind
from director.core.errors import RuleViolation
from director.core.tv import PRESETS, THEMES, CueSound, Picture, TvLook
from tests.app.tv_files import jpeg, png, tone, zip_of


@pytest.fixture
def checker(qapp):
    from director.gui.media import check_picture_bytes

    return check_picture_bytes


@pytest.fixture
def club(tmp_path: Path) -> tuple[AssetStore, TvLook]:
    """A club's look: felt, tables layout, a logo, a dark background, a bubble sound."""
    store = AssetStore(tmp_path / "club-a")
    logo = store.put(png(), "png")
    background = store.put(jpeg(), "jpg")
    bubble = store.put(tone(0.8), "wav")
    look = TvLook(
        theme=THEMES["felt"],
        layout=PRESETS["tables"],
        logo=logo,
        background=Picture(background, low="#000000", high="#303030"),
        veil=60,
        sounds=(CueSound(CueKind.BUBBLE, asset=bubble, volume=70),),
    )
    return store, look


def manifest(value: TvLook, **changes: object) -> bytes:
    data = {"format": BUNDLE_FORMAT, "version": BUNDLE_VERSION, "look": codec.encode(value)}
    data.update(changes)
    return json.dumps(data).encode()


def test_a_look_goes_to_another_club_whole(tmp_path: Path, club, checker) -> None:
    store, look = club
    shared = tmp_path / "our look.zip"
    export_look(look, store, shared)
    other = AssetStore(tmp_path / "club-b")
    received = import_bundle(shared, other, check_picture_bytes=checker)
    # The tones are measured again on arrival (the file's word is not taken).
    assert received.background is not None and look.background is not None
    measured = replace(look.background, low=received.background.low, high=received.background.high)
    assert received == replace(look, background=measured)
    assert sorted(other.names()) == sorted(look.assets())
    for name in look.assets():
        assert other.read(name) == store.read(name)
    with zipfile.ZipFile(shared) as archive:
        assert sorted(archive.namelist()) == sorted(
            ["manifest.json", *(f"assets/{name}" for name in look.assets())]
        )


def test_a_look_with_a_missing_file_is_not_exported(tmp_path: Path, club) -> None:
    store, look = club
    store.path(look.logo).unlink()
    target = tmp_path / "look.zip"
    with pytest.raises(RuleViolation) as refused:
        export_look(look, store, target)
    assert refused.value.code == "asset_missing"
    assert not target.exists() and list(tmp_path.glob(".look.zip*")) == []


def bad_files(tmp_path: Path, look: TvLook, store: AssetStore) -> dict[str, tuple[Path, str]]:
    """Every kind of bad look file, with the code it must be refused with."""
    assets = {f"assets/{name}": store.read(name) for name in look.assets()}
    good = {"manifest.json": manifest(look), **assets}
    files: dict[str, tuple[Path, str]] = {}

    def add(name: str, entries: dict[str, bytes], code: str, **options: int) -> None:
        files[name] = (zip_of(tmp_path / f"{name}.zip", entries, **options), code)

    not_zip = tmp_path / "not-a-zip.zip"
    not_zip.write_bytes(b"PK\x03\x04 this is no zip at all")
    files["not a zip"] = (not_zip, "bundle_not_zip")
    text = tmp_path / "text.zip"
    text.write_text("hello")
    files["text"] = (text, "bundle_not_zip")
    empty = tmp_path / "empty.zip"
    empty.write_bytes(b"")
    files["empty file"] = (empty, "bundle_not_zip")
    add("no manifest", assets, "bundle_no_manifest")
    add("dot dot", {**good, "../evil.txt": b"x"}, "bundle_bad_path")
    add("absolute", {**good, "/etc/cron.d/evil": b"x"}, "bundle_bad_path")
    add("backslash", {**good, "assets\\..\\evil": b"x"}, "bundle_bad_path")
    add("drive", {**good, "C:/evil": b"x"}, "bundle_bad_path")
    add("unexpected", {**good, "readme.txt": b"hi"}, "bundle_unexpected_file")
    add("folder", {**good, "assets/": b""}, "bundle_unexpected_file")
    add("unused asset", {**good, "assets/" + "0" * 64 + ".png": png()}, "bundle_unexpected_file")
    add(
        "too many files",
        {"manifest.json": manifest(look), **{f"assets/{i:064x}.png": b"" for i in range(20)}},
        "bundle_too_many_files",
    )
    add("newer version", {**good, "manifest.json": manifest(look, version=2)}, "bundle_version")
    add("no version", {**good, "manifest.json": manifest(look, version=None)}, "bundle_version")
    add(
        "other format",
        {**good, "manifest.json": manifest(look, format="something")},
        "bundle_bad_manifest",
    )
    add("not json", {**good, "manifest.json": b"{not json"}, "bundle_bad_manifest")
    add("list json", {**good, "manifest.json": b"[1, 2]"}, "bundle_bad_manifest")
    add("deep json", {**good, "manifest.json": b"[" * 100_000}, "bundle_bad_manifest")
    add(
        "damaged look",
        {**good, "manifest.json": manifest(look, look={"theme": 3})},
        "bundle_bad_manifest",
    )
    missing = dict(good)
    del missing[f"assets/{look.logo}"]
    add("missing asset", missing, "bundle_missing_asset")
    add(
        "swapped asset",
        {**good, f"assets/{look.logo}": png(colour="#ff0000")},
        "bundle_asset_mismatch",
    )
    wrong_kind = store.put(tone(0.5), "wav")
    renamed = wrong_kind.replace(".wav", ".png")
    add(
        "sound named as a picture",
        {
            **{k: v for k, v in good.items() if k != f"assets/{look.logo}"},
            "manifest.json": manifest(replace(look, logo=renamed)),
            f"assets/{renamed}": store.read(wrong_kind),
        },
        "picture_not_an_image",
    )
    unreadable = replace(look, theme=replace(look.theme, name="custom", text=look.theme.background))
    add("unreadable colours", {**good, "manifest.json": manifest(unreadable)}, "tv_contrast")
    traversal = replace(look, logo="../../../.bashrc")
    add(
        "asset name traversal",
        {**good, "manifest.json": manifest(traversal)},
        "bundle_missing_asset",
    )
    # A bomb: a few kilobytes that would be far more than an asset may be.
    add(
        "zip bomb",
        {**good, f"assets/{look.logo}": b"\0" * (11 * 1024 * 1024)},
        "bundle_too_large_entry",
    )
    add("repeated name", good, "bundle_repeats")
    with (
        warnings.catch_warnings(),
        zipfile.ZipFile(files["repeated name"][0], "a") as archive,
    ):
        warnings.simplefilter("ignore")  # zipfile warns of the very thing made here
        archive.writestr("manifest.json", manifest(look))
    return files


def test_every_bad_look_file_is_refused_naming_the_problem_and_nothing_is_kept(
    tmp_path: Path, club, checker
) -> None:
    store, look = club
    (tmp_path / "files").mkdir()
    files = bad_files(tmp_path / "files", look, store)
    other = AssetStore(tmp_path / "club-b")
    for name, (path, code) in files.items():
        with pytest.raises(RuleViolation) as refused:
            import_bundle(path, other, check_picture_bytes=checker)
        assert refused.value.code == code, name
        assert other.names() == [], name


def test_a_lying_manifest_cannot_make_the_tv_unreadable(tmp_path: Path, club, checker) -> None:
    """The tones come from the picture itself: a wide-range picture claimed dark, under a
    thin veil, is refused."""
    store, look = club
    bright = store.put(jpeg(dark=False), "jpg")
    lying = replace(look, background=Picture(bright, low="#000000", high="#101010"), veil=30)
    entries = {
        "manifest.json": manifest(lying),
        **{f"assets/{name}": store.read(name) for name in lying.assets()},
    }
    path = zip_of(tmp_path / "lying.zip", entries)
    with pytest.raises(RuleViolation) as refused:
        read_bundle(path, check_picture_bytes=checker)
    assert refused.value.code == "tv_contrast"


def test_a_picture_that_does_not_decode_is_refused(tmp_path: Path, club, checker) -> None:
    """Structure fine, pixels not: Qt's decoder has the last word."""
    store, look = club
    broken = png()
    # Keep the signature, the header and the end; spoil the compressed pixels.
    start = broken.index(b"IDAT") + 8
    broken = broken[:start] + bytes(40) + broken[start + 40 :]
    name = store.put(broken, "png")
    entries = {
        "manifest.json": manifest(replace(look, logo=name)),
        **{f"assets/{n}": store.read(n) for n in replace(look, logo=name).assets()},
    }
    path = zip_of(tmp_path / "broken.zip", entries)
    with pytest.raises(RuleViolation) as refused:
        read_bundle(path, check_picture_bytes=checker)
    assert refused.value.code == "picture_unreadable"


def test_a_huge_file_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    huge = tmp_path / "huge.zip"
    with huge.open("wb") as handle:
        handle.truncate(MAX_BUNDLE_BYTES + 1)
    with pytest.raises(RuleViolation) as refused:
        read_bundle(huge, check_picture_bytes=lambda data, kind: ("#000000", "#ffffff"))
    assert refused.value.code == "bundle_too_large"
    with pytest.raises(RuleViolation) as refused:
        read_bundle(tmp_path, check_picture_bytes=lambda data, kind: ("#000000", "#ffffff"))
    assert refused.value.code == "file_unreadable"


def test_a_bomb_that_lies_about_its_size_stops_at_the_limit(tmp_path: Path, club, checker) -> None:
    """The headers say 100 bytes; the data inflates to 11 MB: never read past the limit
    (or past what the header said), and refused."""
    import struct

    store, look = club
    entries = {
        "manifest.json": manifest(look),
        **{f"assets/{name}": store.read(name) for name in look.assets()},
    }
    entries[f"assets/{look.logo}"] = b"\0" * (11 * 1024 * 1024)
    path = zip_of(tmp_path / "liar.zip", entries)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(f"assets/{look.logo}")
    local = info.header_offset
    struct.pack_into("<I", data, local + 22, 100)  # the local header's size
    name = info.filename.encode()
    central = data.index(b"PK\x01\x02")
    while data[central + 46 : central + 46 + len(name)] != name:
        central = data.index(b"PK\x01\x02", central + 4)
    struct.pack_into("<I", data, central + 24, 100)  # the central directory's
    path.write_bytes(bytes(data))
    other = AssetStore(tmp_path / "club-b")
    with pytest.raises(RuleViolation) as refused:
        import_bundle(path, other, check_picture_bytes=checker)
    assert refused.value.code in ("bundle_damaged", "bundle_asset_mismatch")
    assert other.names() == []
