"""The TV's pictures and sounds: checked, then kept in the database by content.

A picture or a sound chosen by the organizer is read once, checked (kind,
size, dimensions; an SVG with no script and no outside reference; a sound of a
few seconds), then kept in the database (``tv_asset``) under the SHA-256 of its
bytes (``<hash>.png``), before any look names it. Looks name assets that way, so
nothing is ever played or shown from a path that can disappear, two events
sharing a logo share one copy, a damaged copy is noticed (its bytes no longer
match its name), and backups, restores, ``director copy`` and other copies of
director on a club database have them. ``<data folder>/assets`` is this
computer's cache (sounds play from files), and where versions before the
database kept them left them: they move in when a look names them.

The checks here read headers and structure only (no Qt); decoding a picture or
a sound for real is the GUI's part (``director.gui.media``), done before
anything is stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import struct
import tempfile
import time
import wave
import weakref
import xml.parsers.expat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from director import paths
from director.core.errors import RuleViolation
from director.core.tv import ASSET_NAME, PICTURE_KINDS, SOUND_KINDS, require_asset
from director.files import display_path, is_regular_file, write_atomic
from director.i18n import decimal_mark
from director.persistence import assets as stored
from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from director.persistence.db import Database
    from director.persistence.store import AnyConnection

FOLDER_NAME = "assets"

MAX_PICTURE_BYTES = 10 * 1024 * 1024
"""A logo or a background: 10 MB is a large photograph already."""
MAX_SVG_BYTES = 1024 * 1024
MAX_SVG_ELEMENTS = 20_000
MAX_SVG_DEPTH = 100
MAX_SVG_DRAWN = 50_000
"""The elements an SVG may draw once every reference (``<use>``, ``url(#...)``) is
followed, a filtered one counting ``SVG_FILTER_WEIGHT``: a few hundred bytes of
nested ``<use>`` draw 10^8 shapes, minutes of the TV's time at each paint."""
SVG_FILTER_WEIGHT = 200
MAX_SVG_FILTER_SIZE = 64.0
"""The largest blur (``stdDeviation``) or morphology radius, in the picture's units: a
blur's cost grows with its size (one of 100,000 took 43 s to draw)."""
MAX_SVG_DRAW_SECONDS = 2
"""How long the first drawing off-screen (measuring the tones) may take: past it the
picture is refused, since the TV would draw it at every change of size."""
MAX_SIDE_PIXELS = 8192
MAX_PIXELS = 40_000_000
"""An 8K picture at most: decoding more would take hundreds of megabytes (each side
at most ``MAX_SIDE_PIXELS``, and this many pixels in all)."""
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
    NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
    SIZED_FILTERS: ClassVar[dict[str, str]] = {
        "fegaussianblur": "stddeviation",
        "femorphology": "radius",
    }

    def __init__(self) -> None:
        self.root: str | None = None
        self.in_style = False
        # The elements as a tree, to weigh what drawing them costs (``drawn``):
        # each one's children, the ids it refers to, and its own weight.
        self.children: list[list[int]] = []
        self.references: list[list[str]] = []
        self.weights: list[int] = []
        self.ids: dict[str, int] = {}
        self.open: list[int] = []

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
        node = len(self.weights)
        if node >= MAX_SVG_ELEMENTS:
            raise RuleViolation("svg_too_many_elements", maximum=MAX_SVG_ELEMENTS)
        if len(self.open) >= MAX_SVG_DEPTH:
            raise RuleViolation("svg_too_deep", maximum=MAX_SVG_DEPTH)
        if self.open:
            self.children[self.open[-1]].append(node)
        self.open.append(node)
        self.children.append([])
        references: list[str] = []
        weight = 1
        for key, value in attributes.items():
            attribute = key.rsplit(":", 1)[-1].rsplit("}", 1)[-1].lower()
            if attribute.startswith("on"):
                self.refuse("svg_script")
            if attribute in ("href", "src") and not self.ALLOWED_REFERENCE.match(value):
                self.refuse("svg_external")
            if attribute == "style":
                self.check_style(value)
            if attribute == "id":
                self.ids.setdefault(value.strip(), node)
            elif attribute == "href" and value.strip().startswith("#"):
                references.append(value.strip()[1:])
            references += [target[1:] for target in self.URL.findall(value) if target[:1] == "#"]
            if attribute == "filter" or (attribute == "style" and "filter" in value.lower()):
                weight = SVG_FILTER_WEIGHT
            if attribute == self.SIZED_FILTERS.get(local):
                self.check_filter_size(value)
        self.references.append(references)
        self.weights.append(weight)

    def check_filter_size(self, value: str) -> None:
        for number in self.NUMBER.findall(value):
            if not abs(float(number)) <= MAX_SVG_FILTER_SIZE:  # nan and inf too
                raise RuleViolation(
                    "svg_filter_too_large", size=number[:20], maximum=int(MAX_SVG_FILTER_SIZE)
                )

    def end(self, _name: str) -> None:
        self.in_style = False
        if self.open:
            self.open.pop()

    def drawn(self) -> int:
        """What drawing the picture weighs, every reference followed (the elements
        drawn, a filtered one counting ``SVG_FILTER_WEIGHT``); a reference loop, or
        more than ``MAX_SVG_DRAWN``, is refused. Computed without recursion, each
        element once: a chain of thousands of references is no deeper here."""
        weight: dict[int, int] = {}
        visiting: set[int] = set()
        for root in range(len(self.weights)):
            if root in weight:
                continue
            stack = [root]
            while stack:
                node = stack[-1]
                if node in weight:
                    stack.pop()
                    continue
                following = self.children[node] + [
                    self.ids[name] for name in self.references[node] if name in self.ids
                ]
                waiting = [other for other in following if other not in weight]
                if node not in visiting:
                    visiting.add(node)
                    for other in waiting:
                        if other in visiting:
                            raise RuleViolation("svg_too_many_shapes", maximum=MAX_SVG_DRAWN)
                    stack.extend(waiting)
                    continue
                visiting.discard(node)
                stack.pop()
                total = self.weights[node] + sum(weight[other] for other in following)
                weight[node] = min(total, MAX_SVG_DRAWN + 1)  # no need to count past it
        if weight.get(0, 0) > MAX_SVG_DRAWN:
            raise RuleViolation("svg_too_many_shapes", maximum=MAX_SVG_DRAWN)
        return weight.get(0, 0)

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
    """Refuse an SVG that is not well-formed XML, not an SVG, that could reach
    outside or run anything, or that would take too long to draw: too many
    elements, nested too deep, references drawing too much, a filter too large
    (``_SvgGuard``)."""
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
    guard.drawn()


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
    if width > MAX_SIDE_PIXELS or height > MAX_SIDE_PIXELS:
        raise RuleViolation(
            "picture_too_many_pixels", width=width, height=height, maximum=MAX_SIDE_PIXELS
        )
    if width * height > MAX_PIXELS:
        # Both sides within the limit, the whole too large: say which limit it is.
        raise RuleViolation(
            "picture_too_many_pixels_in_all",
            width=width,
            height=height,
            millions=f"{width * height / 1_000_000:.1f}".removesuffix(".0").replace(
                ".", decimal_mark()
            ),
            maximum=MAX_PIXELS // 1_000_000,
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
    """The sound's kind, once its size is acceptable and, for a WAV, the length its
    header gives too; decoding is checked apart."""
    if not data:
        raise RuleViolation("sound_unknown_format")
    if len(data) > MAX_SOUND_FILE_BYTES:
        raise RuleViolation("sound_too_large", maximum=MAX_SOUND_FILE_BYTES // 1024 // 1024)
    kind = sound_kind(data)
    seconds = wav_seconds(data) if kind == "wav" else None
    if seconds is not None and seconds > MAX_SOUND_SECONDS:
        raise sound_too_long(seconds)
    return kind


def wav_seconds(data: bytes) -> float | None:
    """How long a WAV file says it lasts (its sound bytes over its bytes per second,
    from the RIFF chunks; any encoding), or None when its header does not say."""
    at, byte_rate, size = 12, 0, None
    while at + 8 <= len(data) and size is None:
        kind, length = data[at : at + 4], int(struct.unpack_from("<I", data, at + 4)[0])
        if kind == b"fmt " and length >= 16 and at + 20 <= len(data):
            byte_rate = int(struct.unpack_from("<I", data, at + 16)[0])
        elif kind == b"data":
            # A header written before the length was known may claim more than is there.
            size = min(length, len(data) - at - 8)
        at += 8 + length + (length & 1)
    if not byte_rate or size is None:
        return None
    return size / byte_rate


def sound_too_long(seconds: float | None) -> RuleViolation:
    """The refusal of a sound longer than ``MAX_SOUND_SECONDS``: with its length when
    it is known (in whole seconds, never rounded down to the limit itself), else that
    it lasts more than the limit."""
    if seconds is not None and int(seconds) > MAX_SOUND_SECONDS:
        return RuleViolation("sound_too_long", seconds=int(seconds), maximum=MAX_SOUND_SECONDS)
    return RuleViolation("sound_longer_than", maximum=MAX_SOUND_SECONDS)


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
        raise sound_too_long(seconds)
    return seconds


# -- the store ---------------------------------------------------------------------------

MAX_TOTAL_BYTES = 64 * 1024 * 1024
"""All the pictures and sounds one database keeps. A look of a logo, a photo and six
sounds takes 1-5 MB as clubs make them, and 46 MB with every file at its largest:
a dozen looks fit, or the largest one can be. The database is copied every hour
and ten copies kept, so this also bounds what the pictures add to the backups."""

_STORES: weakref.WeakValueDictionary[int, AssetStore] = weakref.WeakValueDictionary()
"""Each open database's store while something holds it (the window does all night),
by the database's id: a store holds its database, so the database outlives no entry."""


def asset_name(data: bytes, kind: str) -> str:
    """The name stored bytes go under: their SHA-256 and their kind."""
    return f"{hashlib.sha256(data).hexdigest()}.{kind}"


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass(eq=False)
class AssetStore:
    """The TV's pictures and sounds, by content.

    With a ``database`` (the app's case) the database holds them: a backup, a copy
    and every copy of director reading the same database have them. ``folder``
    (``<data folder>/assets``) is then this computer's cache: the files Qt
    Multimedia plays sounds from, and where pictures chosen before the database
    kept them still are (they are moved in when a look names them, see ``adopt``
    and ``read``). What was read once is kept in memory: painting never reads the
    database. Without a database, the folder is the store (a look file's checks).
    """

    folder: Path
    database: Database | None = None
    cap: int = MAX_TOTAL_BYTES
    _memory: dict[str, bytes] = field(default_factory=dict, repr=False)
    _spare: Path | None = field(default=None, repr=False)

    @classmethod
    def default(cls) -> AssetStore:
        """This computer's folder alone (no database)."""
        return cls(paths.data_dir() / FOLDER_NAME)

    @classmethod
    def of(cls, database: Database) -> AssetStore:
        """The store of ``database`` (one per open database, its cache in this
        computer's data folder)."""
        store = _STORES.get(id(database))
        if store is None or store.database is not database:
            store = cls(paths.data_dir() / FOLDER_NAME, database)
            _STORES[id(database)] = store
        return store

    @property
    def _writable(self) -> bool:
        return self.database is not None and not self.database.readonly

    def path(self, name: str) -> Path:
        """Where the asset ``name``'s file is (or would be) in the folder (``name``
        must be a stored asset's name)."""
        require_asset(name, PICTURE_KINDS | SOUND_KINDS)
        return self.folder / name

    # -- storing -------------------------------------------------------------------

    def put(self, data: bytes, kind: str) -> str:
        """Keep ``data`` (already checked) and return its name. In the database first
        (refused past ``cap``; a damaged row of the same name is mended), then in the
        folder; without a database, a file already there with the right bytes is
        left alone and a damaged one written again."""
        name = asset_name(data, kind)
        self.put_all({name: data})
        return name

    def put_all(self, assets: Mapping[str, bytes]) -> None:
        """Keep every one of ``assets`` (names as ``asset_name`` makes them, bytes
        checked), in one transaction: all of them or, refused, none."""
        for name, data in assets.items():
            if asset_name(data, self.path(name).suffix[1:]) != name:
                raise RuleViolation("asset_damaged", name=name[:12], path=name[:12])
        if self._writable:
            self._store(assets, capped=True)
            self._memory.update(assets)
            for name, data in assets.items():
                self._cache(name, data)
            return
        for name, data in assets.items():
            if not self._file_intact(name):
                self.folder.mkdir(parents=True, exist_ok=True)
                write_atomic(self.path(name), data)
            if self.database is not None:
                self._memory[name] = data  # read-only database: this copy's own, for now

    def _store(self, assets: Mapping[str, bytes], *, capped: bool) -> list[str]:
        """Write the rows ``assets`` lacks (and mend damaged ones), in one transaction;
        returns the names added."""
        assert self.database is not None
        with self.database.transaction() as connection:
            return self._store_in(connection, assets, capped=capped)

    def _store_in(
        self, connection: AnyConnection, assets: Mapping[str, bytes], *, capped: bool
    ) -> list[str]:
        found = stored.present(connection, assets)
        for name in found:
            kept = stored.read(connection, name)
            if kept is None or not stored.matches(name, kept):
                stored.repair(connection, name, assets[name])
        new = {name: data for name, data in assets.items() if name not in found}
        if not new:
            return []
        if capped:
            used = stored.total_size(connection)
            adding = sum(len(data) for data in new.values())
            if used + adding > self.cap:
                raise RuleViolation("assets_full", size=adding, used=used, maximum=self.cap)
        at = _now_ms()
        for name, data in sorted(new.items()):
            stored.insert(connection, name, name.rsplit(".", 1)[1], data, at=at)
        return sorted(new)

    def _cache(self, name: str, data: bytes) -> None:
        """Keep a copy in the folder if it lacks one; the database holds the truth,
        so a folder that cannot be written (a full disk) is no failure."""
        with contextlib.suppress(OSError):
            if not self._file_intact(name):
                self.folder.mkdir(parents=True, exist_ok=True)
                write_atomic(self.path(name), data)

    # -- reading -------------------------------------------------------------------

    def read(self, name: str) -> bytes:
        """The asset's bytes, checked against its name; refused when it is missing or
        damaged. From memory, else the database, else the folder (a picture chosen
        before the database kept them: then stored in the database on the way)."""
        target = self.path(name)
        kept = self._memory.get(name)
        if kept is not None:
            return kept
        damaged_in = ""
        unreachable: StoreError | None = None
        if self.database is not None:
            try:
                with self.database.reading() as connection:
                    data = stored.read(connection, name)
            except StoreError as error:
                data = None  # out of reach for a moment: the folder may still have it
                unreachable = error
            if data is not None:
                if stored.matches(name, data):
                    self._memory[name] = data
                    self._cache(name, data)
                    return data
                damaged_in = self.database.location
        data = self._file_bytes(name)
        if data is not None and asset_name(data, target.suffix[1:]) == name:
            if self._writable:
                # An older version's file, or the right bytes for a damaged row.
                with contextlib.suppress(StoreError, RuleViolation):
                    self._store({name: data}, capped=False)
            if self.database is not None:
                self._memory[name] = data
            return data
        if damaged_in:
            raise RuleViolation("asset_damaged_in_database", name=name[:12], where=damaged_in)
        if unreachable is not None and self.database is not None:
            detail = unreachable.args_map.get("detail") or unreachable.code
            raise RuleViolation(
                "asset_out_of_reach",
                name=name[:12],
                where=self.database.location,
                detail=str(detail)[:200],
            )
        if self.database is not None:
            raise RuleViolation("asset_not_stored", name=name[:12], where=self.database.location)
        if data is None:
            raise RuleViolation("asset_missing", name=name[:12], path=display_path(target))
        raise RuleViolation("asset_damaged", name=name[:12], path=display_path(target))

    def intact(self, name: str) -> bool:
        """Whether the asset can be read with the bytes its name says."""
        try:
            return self.read(name) is not None
        except RuleViolation:
            return False

    def file(self, name: str) -> Path:
        """A file holding the asset (what Qt Multimedia plays a sound from): its copy
        in the folder, written again from the database when missing or damaged; in a
        folder of this process's own when the data folder cannot be written (a full
        disk, a folder made read-only). ``RuleViolation`` when the asset cannot be
        read, ``OSError`` when no file can be written at all."""
        data = self.read(name)
        target = self.path(name)
        if self._file_intact(name):
            return target
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)
            return target
        except OSError:
            if self.database is None:
                raise  # the folder is the store: nowhere else to keep it
        spare = self._spare_folder() / name
        if not (is_regular_file(spare) and spare.read_bytes() == data):
            write_atomic(spare, data)
        return spare

    def _spare_folder(self) -> Path:
        if self._spare is None:
            self._spare = Path(tempfile.mkdtemp(prefix="director-assets-"))
        return self._spare

    def _file_bytes(self, name: str) -> bytes | None:
        target = self.path(name)
        if not is_regular_file(target):
            return None
        try:
            return target.read_bytes()
        except OSError:
            return None

    def _file_intact(self, name: str) -> bool:
        data = self._file_bytes(name)
        return data is not None and asset_name(data, name.rsplit(".", 1)[1]) == name

    def forget(self) -> None:
        """Drop what is kept in memory: the next read goes to the database again."""
        self._memory.clear()

    def names(self) -> list[str]:
        """Every asset stored: the database's (damaged ones included), or the folder's."""
        if self.database is not None:
            with self.database.reading() as connection:
                return sorted(asset.name for asset in stored.listing(connection))
        return self._folder_names()

    def _folder_names(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        try:
            entries = os.listdir(self.folder)
        except OSError:
            return []
        return sorted(entry for entry in entries if ASSET_NAME.fullmatch(entry))

    # -- the database's own ----------------------------------------------------------

    def keep(self, connection: AnyConnection, names: Iterable[str], *, strict: bool) -> None:
        """In the caller's write transaction (the one recording a look): every one of
        ``names`` is in the database, so no look is ever recorded naming a picture
        the database lacks. One removed since it was chosen (as unused) is stored
        again from memory or the folder; one found nowhere refuses the look
        (``strict``, a new command: nothing is written) or is let be (an undo or a
        redo, never refused for a picture: the TV then says it is missing)."""
        wanted = set(names)
        missing = wanted - stored.present(connection, wanted)
        found: dict[str, bytes] = {}
        for name in sorted(missing):
            data = self._memory.get(name)
            if data is None:
                data = self._file_bytes(name)
                if data is not None and not stored.matches(name, data):
                    data = None
            if data is not None:
                found[name] = data
            elif strict:
                where = self.database.location if self.database is not None else ""
                raise RuleViolation("asset_not_stored", name=name[:12], where=where)
        if found:
            self._store_in(connection, found, capped=strict)

    def adopt(self, also: Iterable[str] = ()) -> list[str]:
        """Move into the database the pictures and sounds an older version kept only
        in the folder: those some event's look names (in its whole log) or ``also``
        names (the default look), when the database lacks them. Returns their names.
        Cheap when there is nothing to do (the folder holds nothing the database
        lacks); never refused for the cap (the organizer's data comes first)."""
        if not self._writable:
            return []
        assert self.database is not None
        on_disk = set(self._folder_names())
        if not on_disk:
            return []
        with self.database.reading() as connection:
            candidates = on_disk - stored.present(connection, on_disk)
            if not candidates:
                return []
            wanted = candidates & (stored.named_in_logs(connection) | set(also))
        moving = {}
        for name in sorted(wanted):
            data = self._file_bytes(name)
            if data is not None and stored.matches(name, data):
                moving[name] = data
        if not moving:
            return []
        return self._store(moving, capped=False)

    def usage(self) -> tuple[int, int]:
        """How many assets the database holds, and their bytes."""
        if self.database is None:
            return len(self._folder_names()), 0
        with self.database.reading() as connection:
            listed = stored.listing(connection)
        return len(listed), sum(asset.size for asset in listed)

    def listing(self) -> list[stored.StoredAsset]:
        """Every asset the database holds (without its bytes)."""
        if self.database is None:
            return []
        with self.database.reading() as connection:
            return stored.listing(connection)

    def unused(self, keep: Iterable[str] = ()) -> list[stored.StoredAsset]:
        """The assets no event's look names (in its whole log, undone looks too) and
        ``keep`` does not (the default look, a look being edited)."""
        if self.database is None:
            return []
        kept = set(keep)
        with self.database.reading() as connection:
            used = stored.named_in_logs(connection) | kept
            return [asset for asset in stored.listing(connection) if asset.name not in used]

    def remove_unused(self, keep: Iterable[str] = ()) -> list[stored.StoredAsset]:
        """Remove from the database what ``unused`` lists (checked again in the removing
        transaction); returns what went. The folder's copies stay (a cache)."""
        if not self._writable:
            return []
        assert self.database is not None
        return stored.remove_unused(self.database, keep)

    def damaged(self) -> list[str]:
        """The names of the rows whose bytes do not match their name."""
        if self.database is None:
            return [name for name in self._folder_names() if not self._file_intact(name)]
        with self.database.reading() as connection:
            return stored.damaged(connection)


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
