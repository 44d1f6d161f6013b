"""The TV's pictures and sounds: checked, then kept in the data folder by content.

A picture or a sound chosen by the organizer is read once, checked (kind,
size, dimensions; an SVG with no script and no outside reference; a sound of a
few seconds), then copied into ``<data folder>/assets`` under the SHA-256 of its
bytes (``<hash>.png``). Looks name assets that way, so nothing is ever played
or shown from a path that can disappear, two events sharing a logo share one
file, and a damaged file is noticed (its bytes no longer match its name).

The checks here read headers and structure only (no Qt); decoding a picture or
a sound for real is the GUI's part (``director.gui.media``), done before
anything is stored.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
import wave
import xml.parsers.expat
from dataclasses import dataclass
from pathlib import Path

from director import paths
from director.core.errors import RuleViolation
from director.core.tv import ASSET_NAME, PICTURE_KINDS, SOUND_KINDS, require_asset
from director.files import display_path, is_regular_file, write_atomic

FOLDER_NAME = "assets"

MAX_PICTURE_BYTES = 10 * 1024 * 1024
"""A logo or a background: 10 MB is a large photograph already."""
MAX_SVG_BYTES = 1024 * 1024
MAX_SIDE_PIXELS = 8192
MAX_PIXELS = 40_000_000
"""An 8K picture at most: decoding more would take hundreds of megabytes."""
MAX_SOUND_FILE_BYTES = 5 * 1024 * 1024
MAX_SOUND_SECONDS = 30
MAX_STORED_SOUND_BYTES = 44 * 1024 * 1024 // 10
"""A stored sound: 30 s of 16-bit mono at 44.1 kHz (2.6 MB), with room to spare."""

SOUND_RATE = 44_100
"""Imported sounds are stored as 16-bit mono WAV at this rate (what every cue plays)."""


def picture_kind(data: bytes) -> str:
    """ "png", "jpg" or "svg" from the bytes themselves (never the file's name)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpg"
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<?xml", b"<svg", b"<!--")) and b"<svg" in data[:65536].lower():
        return "svg"
    raise RuleViolation("picture_not_an_image")


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 33 or data[12:16] != b"IHDR":
        raise RuleViolation("picture_damaged")
    width, height = struct.unpack(">II", data[16:24])
    if b"IEND" not in data[-64:]:
        raise RuleViolation("picture_damaged")  # cut short: the last chunk is missing
    return width, height


_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def _jpeg_size(data: bytes) -> tuple[int, int]:
    index = 2
    size: tuple[int, int] | None = None
    while index + 4 <= len(data):
        if data[index] != 0xFF:
            raise RuleViolation("picture_damaged")
        marker = data[index + 1]
        if marker == 0xFF:
            index += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            index += 2
            continue
        (length,) = struct.unpack(">H", data[index + 2 : index + 4])
        if marker in _SOF and index + 9 <= len(data):
            height, width = struct.unpack(">HH", data[index + 5 : index + 9])
            size = (width, height)
        if marker == 0xDA:  # start of the picture's data: the rest is compressed
            break
        index += 2 + length
    if size is None:
        raise RuleViolation("picture_damaged")
    if data.rfind(b"\xff\xd9") < index:
        raise RuleViolation("picture_damaged")  # cut short: no end-of-image mark
    return size


class _SvgGuard:
    """Reads an SVG with expat and refuses what could reach outside or run: a
    DOCTYPE or an entity (billion laughs, outside files), a script, an event
    handler, a reference to anything but the file itself or an embedded picture."""

    ALLOWED_REFERENCE = re.compile(r"\s*(#|data:image/(png|jpeg|gif|webp);base64,)", re.I)
    URL = re.compile(r"url\s*\(\s*['\"]?\s*([^)'\"\s]*)", re.I)
    IMPORT = re.compile(r"@import", re.I)

    def __init__(self) -> None:
        self.root: str | None = None
        self.in_style = False

    def refuse(self, code: str) -> None:
        raise RuleViolation(code)

    def doctype(self, *_args: object) -> None:
        self.refuse("svg_doctype")

    def entity(self, *_args: object) -> None:
        self.refuse("svg_doctype")

    def start(self, name: str, attributes: dict[str, str]) -> None:
        local = name.rsplit(":", 1)[-1].rsplit("}", 1)[-1].lower()
        if self.root is None:
            self.root = local
        if local in ("script", "foreignobject", "iframe", "embed", "object", "handler"):
            self.refuse("svg_script")
        self.in_style = local == "style"
        for key, value in attributes.items():
            attribute = key.rsplit(":", 1)[-1].rsplit("}", 1)[-1].lower()
            if attribute.startswith("on"):
                self.refuse("svg_script")
            if attribute in ("href", "src") and not self.ALLOWED_REFERENCE.match(value):
                self.refuse("svg_external")
            if attribute == "style":
                self.check_style(value)

    def end(self, _name: str) -> None:
        self.in_style = False

    def text(self, data: str) -> None:
        if self.in_style:
            self.check_style(data)

    def check_style(self, css: str) -> None:
        if self.IMPORT.search(css):
            self.refuse("svg_external")
        for target in self.URL.findall(css):
            if not self.ALLOWED_REFERENCE.match(target or "#"):
                self.refuse("svg_external")
        if "javascript:" in css.lower():
            self.refuse("svg_script")


def check_svg(data: bytes) -> None:
    """Refuse an SVG that is not well-formed XML, not an SVG, or that could reach
    outside or run anything (``_SvgGuard``)."""
    if len(data) > MAX_SVG_BYTES:
        raise RuleViolation("picture_too_large", maximum=MAX_SVG_BYTES // 1024 // 1024)
    guard = _SvgGuard()
    parser = xml.parsers.expat.ParserCreate()
    parser.StartDoctypeDeclHandler = guard.doctype
    parser.EntityDeclHandler = guard.entity
    parser.ExternalEntityRefHandler = guard.entity  # type: ignore[assignment]
    parser.StartElementHandler = guard.start
    parser.EndElementHandler = guard.end
    parser.CharacterDataHandler = guard.text
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise RuleViolation("svg_unreadable", detail=str(error)[:120]) from None
    if guard.root != "svg":
        raise RuleViolation("picture_not_an_image")


def check_picture(data: bytes) -> str:
    """The picture's kind, once its size, dimensions and structure are acceptable
    (``RuleViolation`` naming the problem otherwise). Decoding is checked apart."""
    if not data:
        raise RuleViolation("picture_not_an_image")
    if len(data) > MAX_PICTURE_BYTES:
        raise RuleViolation("picture_too_large", maximum=MAX_PICTURE_BYTES // 1024 // 1024)
    kind = picture_kind(data)
    if kind == "svg":
        check_svg(data)
        return kind
    width, height = _png_size(data) if kind == "png" else _jpeg_size(data)
    if width <= 0 or height <= 0:
        raise RuleViolation("picture_damaged")
    if width > MAX_SIDE_PIXELS or height > MAX_SIDE_PIXELS or width * height > MAX_PIXELS:
        raise RuleViolation(
            "picture_too_many_pixels", width=width, height=height, maximum=MAX_SIDE_PIXELS
        )
    return kind


# -- sounds --------------------------------------------------------------------------


def sound_kind(data: bytes) -> str:
    """ "wav", "ogg" or "mp3" from the bytes themselves."""
    if data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return "wav"
    if data[:4] == b"OggS":
        return "ogg"
    if data[:3] == b"ID3" or (len(data) > 1 and data[0] == 0xFF and data[1] & 0xE0 == 0xE0):
        return "mp3"
    raise RuleViolation("sound_unknown_format")


def check_sound_file(data: bytes) -> str:
    """The sound's kind, once its size is acceptable; decoding is checked apart."""
    if not data:
        raise RuleViolation("sound_unknown_format")
    if len(data) > MAX_SOUND_FILE_BYTES:
        raise RuleViolation("sound_too_large", maximum=MAX_SOUND_FILE_BYTES // 1024 // 1024)
    return sound_kind(data)


def wav_bytes(samples: bytes, *, rate: int = SOUND_RATE) -> bytes:
    """16-bit mono PCM ``samples`` as a WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(samples)
    return out.getvalue()


def check_stored_sound(data: bytes) -> float:
    """A stored sound (16-bit PCM WAV, as ``wav_bytes`` makes) read whole: its length
    in seconds. Refused: not such a WAV, empty, cut short, too long."""
    if len(data) > MAX_STORED_SOUND_BYTES:
        raise RuleViolation("sound_too_large", maximum=MAX_SOUND_FILE_BYTES // 1024 // 1024)
    try:
        with wave.open(io.BytesIO(data), "rb") as handle:
            channels, width, rate = (
                handle.getnchannels(),
                handle.getsampwidth(),
                handle.getframerate(),
            )
            frames = handle.getnframes()
            pcm = handle.readframes(frames)
    except (wave.Error, EOFError, struct.error) as error:
        raise RuleViolation("sound_undecodable", detail=str(error)[:120]) from None
    if channels not in (1, 2) or width != 2 or not 8000 <= rate <= 96000:
        detail = f"{channels} ch, {8 * width} bit, {rate} Hz"
        raise RuleViolation("sound_undecodable", detail=detail)
    if not frames or len(pcm) < frames * channels * width:
        raise RuleViolation("sound_undecodable", detail="cut short")
    seconds = frames / rate
    if seconds > MAX_SOUND_SECONDS:
        raise RuleViolation("sound_too_long", seconds=round(seconds), maximum=MAX_SOUND_SECONDS)
    return seconds


# -- the store ---------------------------------------------------------------------------


def asset_name(data: bytes, kind: str) -> str:
    """The name stored bytes go under: their SHA-256 and their kind."""
    return f"{hashlib.sha256(data).hexdigest()}.{kind}"


@dataclass
class AssetStore:
    """The data folder's assets, by content."""

    folder: Path

    @classmethod
    def default(cls) -> AssetStore:
        return cls(paths.data_dir() / FOLDER_NAME)

    def path(self, name: str) -> Path:
        """Where the asset ``name`` lives (``name`` must be a stored asset's name)."""
        require_asset(name, PICTURE_KINDS | SOUND_KINDS)
        return self.folder / name

    def put(self, data: bytes, kind: str) -> str:
        """Keep ``data`` (already checked) and return its name; a file already there with
        the right bytes is left alone, a damaged one is written again."""
        name = asset_name(data, kind)
        target = self.path(name)
        if self.intact(name):
            return name
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        return name

    def intact(self, name: str) -> bool:
        """Whether the asset is there with the bytes its name says."""
        try:
            return self.read(name) is not None
        except RuleViolation:
            return False

    def read(self, name: str) -> bytes:
        """The asset's bytes; refused when it is missing or damaged."""
        target = self.path(name)
        if not is_regular_file(target):
            raise RuleViolation("asset_missing", name=name[:12], path=display_path(target))
        try:
            data = target.read_bytes()
        except OSError as error:
            raise RuleViolation(
                "asset_missing", name=name[:12], path=display_path(target)
            ) from error
        if asset_name(data, name.rsplit(".", 1)[1]) != name:
            raise RuleViolation("asset_damaged", name=name[:12], path=display_path(target))
        return data

    def names(self) -> list[str]:
        """Every asset stored (damaged ones included)."""
        if not self.folder.is_dir():
            return []
        return sorted(entry for entry in os.listdir(self.folder) if ASSET_NAME.fullmatch(entry))


def read_chosen_file(path: Path, maximum: int) -> bytes:
    """The bytes of a file the organizer chose: a plain file, at most ``maximum`` bytes
    (never read past it: a FIFO or a huge file cannot hang or fill the memory)."""
    if not is_regular_file(path):
        raise RuleViolation("file_unreadable", path=display_path(path))
    try:
        with path.open("rb") as handle:
            data = handle.read(maximum + 1)
    except OSError as error:
        raise RuleViolation(
            "file_unreadable", path=display_path(path), detail=str(error)[:120]
        ) from None
    if len(data) > maximum:
        raise RuleViolation(
            "file_too_large", path=display_path(path), maximum=maximum // 1024 // 1024
        )
    return data
