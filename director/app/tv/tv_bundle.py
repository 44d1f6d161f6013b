"""A TV look as one file, to share between clubs: a zip with a manifest and its assets.

The file holds ``manifest.json`` (``{"format": "director-tv-look", "version": 1,
"look": ..., "assets": {name: size}}``) and each picture or sound the look uses
under ``assets/<sha256>.<kind>``. Reading one never trusts it: it must be a
zip of a few entries with only those names (no folders, no ``..``, no absolute
path), nothing larger than an asset may be (sizes are checked as read, not as
declared, so a zip bomb stops at the limit), a known version, every asset
present with the bytes its name says and passing the same checks as a file
chosen by hand, and a look the rules accept. Anything wrong is refused naming
the problem, and nothing is written until everything is checked.
"""

from __future__ import annotations

import json
import stat
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from director.app.tv.tv_assets import (
    MAX_PICTURE_BYTES,
    MAX_STORED_SOUND_BYTES,
    AssetStore,
    asset_name,
    check_picture,
    check_stored_sound,
)
from director.core import codec
from director.core.errors import RuleViolation
from director.core.tv import ASSET_NAME, TvLook, require_valid_look
from director.files import atomic_output, display_path, is_regular_file

BUNDLE_FORMAT = "director-tv-look"
BUNDLE_VERSION = 1
MANIFEST = "manifest.json"
MAX_MANIFEST_BYTES = 256 * 1024
MAX_ENTRIES = 16
MAX_BUNDLE_BYTES = 48 * 1024 * 1024
"""A logo, a background and six sounds, each at its largest, fit well under this."""

PictureCheck = Callable[[bytes, str], tuple[str, str]]
"""Decodes a picture for real (``director.gui.media``): its darkest and lightest tones
("#rrggbb" per channel), or ``RuleViolation`` when it cannot be shown."""


@dataclass(frozen=True)
class Bundle:
    """A checked look and the assets it needs, not yet stored."""

    look: TvLook
    assets: dict[str, bytes]


def export_look(look: TvLook, store: AssetStore, path: Path) -> None:
    """Write ``look`` and its assets to ``path`` (a zip), atomically. A missing or
    damaged asset is refused before anything is written."""
    assets = {name: store.read(name) for name in dict.fromkeys(look.assets())}
    manifest = {
        "format": BUNDLE_FORMAT,
        "version": BUNDLE_VERSION,
        "look": codec.encode(look),
        "assets": {name: len(data) for name, data in assets.items()},
    }
    with atomic_output(path) as handle, zipfile.ZipFile(handle, "w") as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, indent=2), zipfile.ZIP_DEFLATED)
        for name, data in assets.items():
            # Pictures and sounds are compressed already, or hardly compress.
            archive.writestr(f"assets/{name}", data, zipfile.ZIP_STORED)


def _limit(name: str) -> int:
    if name == MANIFEST:
        return MAX_MANIFEST_BYTES
    return MAX_STORED_SOUND_BYTES if name.endswith(".wav") else MAX_PICTURE_BYTES


def _read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """An entry's bytes, never more than its limit whatever its header says."""
    limit = _limit(info.filename)
    if info.file_size > limit:
        raise RuleViolation("bundle_too_large_entry", name=info.filename[:80])
    with archive.open(info) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise RuleViolation("bundle_too_large_entry", name=info.filename[:80])
    return data


def _check_name(name: str) -> None:
    if (
        name.startswith(("/", "\\"))
        or "\\" in name
        or ":" in name
        or any(part in ("..", ".") for part in name.split("/"))
    ):
        raise RuleViolation("bundle_bad_path", name=name[:80])
    if name != MANIFEST and not (
        name.startswith("assets/") and ASSET_NAME.fullmatch(name[len("assets/") :])
    ):
        raise RuleViolation("bundle_unexpected_file", name=name[:80])


def _check_kind(info: zipfile.ZipInfo) -> None:
    """Refuse an entry locked by a password (zipfile would raise RuntimeError) or
    one that is a symbolic link (its bytes name another file)."""
    name = info.filename[:80]
    if info.flag_bits & 0x1:
        raise RuleViolation("bundle_encrypted", name=name)
    if stat.S_ISLNK(info.external_attr >> 16):
        raise RuleViolation("bundle_link", name=name)


def read_bundle(path: Path, *, check_picture_bytes: PictureCheck) -> Bundle:
    """The look in the file at ``path`` with its assets, every check passed."""
    where = display_path(path)
    if not is_regular_file(path):
        raise RuleViolation("file_unreadable", path=where)
    try:
        size = path.stat().st_size
    except OSError:
        raise RuleViolation("file_unreadable", path=where) from None
    if size > MAX_BUNDLE_BYTES:
        raise RuleViolation("bundle_too_large", path=where, maximum=MAX_BUNDLE_BYTES // 2**20)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, EOFError, ValueError):
        raise RuleViolation("bundle_not_zip", path=where) from None
    except OSError:
        raise RuleViolation("file_unreadable", path=where) from None
    with archive:
        entries = archive.infolist()
        if len(entries) > MAX_ENTRIES:
            raise RuleViolation("bundle_too_many_files", maximum=MAX_ENTRIES)
        names = [info.filename for info in entries]
        if len(set(names)) != len(names):
            raise RuleViolation("bundle_repeats")
        for info in entries:
            _check_name(info.filename)
            _check_kind(info)
        if MANIFEST not in names:
            raise RuleViolation("bundle_no_manifest", path=where)
        if sum(info.file_size for info in entries) > MAX_BUNDLE_BYTES:
            raise RuleViolation("bundle_too_large", path=where, maximum=MAX_BUNDLE_BYTES // 2**20)
        try:
            contents = {info.filename: _read_entry(archive, info) for info in entries}
        except RuleViolation:
            raise
        except (
            zipfile.BadZipFile,
            OSError,
            EOFError,
            NotImplementedError,
            ValueError,
            RuntimeError,
        ) as error:
            # A bad checksum, an unknown compression, a truncated entry (RuntimeError:
            # zipfile's word for an entry it cannot read without a password).
            raise RuleViolation("bundle_damaged", path=where, detail=str(error)[:120]) from None
    look = _manifest_look(contents.pop(MANIFEST), where)
    assets = {name[len("assets/") :]: data for name, data in contents.items()}
    needed = set(look.assets())
    missing = sorted(needed - set(assets))
    if missing:
        raise RuleViolation("bundle_missing_asset", name=missing[0][:12])
    unused = sorted(set(assets) - needed)
    if unused:
        raise RuleViolation("bundle_unexpected_file", name=unused[0][:80])
    for name, data in assets.items():
        kind = name.rsplit(".", 1)[1]
        if asset_name(data, kind) != name:
            raise RuleViolation("bundle_asset_mismatch", name=name[:12])
        if kind == "wav":
            check_stored_sound(data)
        else:
            if check_picture(data) != kind:
                raise RuleViolation("bundle_asset_mismatch", name=name[:12])
            tones = check_picture_bytes(data, kind)
            if look.background is not None and look.background.asset == name:
                # The file's own word for its tones is not taken: measured here.
                low, high = tones
                look = replace(look, background=replace(look.background, low=low, high=high))
    require_valid_look(look)
    return Bundle(look, assets)


def _manifest_look(data: bytes, where: str) -> TvLook:
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RuleViolation("bundle_bad_manifest", path=where) from None
    if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
        raise RuleViolation("bundle_bad_manifest", path=where)
    version = manifest.get("version")
    if version != BUNDLE_VERSION:
        raise RuleViolation("bundle_version", version=str(version)[:20], known=BUNDLE_VERSION)
    try:
        return codec.decode(TvLook, manifest.get("look"))
    except (RuleViolation, RecursionError):
        raise RuleViolation("bundle_bad_manifest", path=where) from None


def import_bundle(path: Path, store: AssetStore, *, check_picture_bytes: PictureCheck) -> TvLook:
    """Read and check the file at ``path``, then keep its assets; the look to use."""
    bundle = read_bundle(path, check_picture_bytes=check_picture_bytes)
    store.put_all(bundle.assets)  # all or none, within the database's limit
    return bundle.look
