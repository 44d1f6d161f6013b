"""Hostile files handed to the organizer (issue 35): CSV files to import and TV look
files (.zip with SVG pictures), built by code, not kept as binaries.

Each item lays its file out in an empty folder and returns its path, with a piece of
the one-line message the refusal must carry (None: the file is good and must be
read).
"""

from __future__ import annotations

import io
import json
import os
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CsvItem:
    name: str
    kind: str
    """``players`` or ``results``: which import reads it."""
    build: Callable[[Path], Path]
    refusal: str | None
    """A piece of the message that refuses it; None for a file that must be read."""


CSV_ITEMS: list[CsvItem] = []


def csv_item(name: str, kind: str, data: bytes, refusal: str | None) -> None:
    def build(folder: Path) -> Path:
        path = folder / "file.csv"
        path.write_bytes(data)
        return path

    CSV_ITEMS.append(CsvItem(name, kind, build, refusal))


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "players.csv")
    return folder / "players.csv"


CSV_ITEMS.append(CsvItem("a FIFO", "players", _fifo, "a folder, a pipe or a device"))
CSV_ITEMS.append(
    CsvItem("a device", "players", lambda _folder: Path("/dev/zero"), "a pipe or a device")
)
csv_item(
    "a place of 5,000 digits",
    "results",
    b"date,event,player,place\n2025-12-01,Dec,Ann," + b"9" * 5000 + b"\n",
    "Row 2, column place: the number is too large",
)
csv_item(
    "a place of 5,000 zeros then a 1",
    "results",
    b"date,event,player,place\n2025-12-01,Dec,Ann," + b"0" * 5000 + b"1\n",
    None,
)
csv_item(
    "a place past the largest",
    "results",
    b"date,event,player,place\n2025-12-01,Dec,Ann,20001\n",
    "Row 2, column place: the number is too large (at most 20,000)",
)
csv_item(
    "old-Mac line endings, then a byte that is not UTF-8",
    "players",
    b"name\rCat\rD\xe9e\r",
    "Row 3: the file is not UTF-8",
)
csv_item(
    "a knock-out count of 30 digits",
    "results",
    b"date,event,player,place,knockouts\n2025-12-01,Dec,Ann,1," + b"7" * 30 + b"\n",
    "Row 2, column knockouts: the number is too large",
)
csv_item(
    "a prize of 5,000 digits",
    "results",
    b"date,event,player,place,prize\n2025-12-01,Dec,Ann,1," + b"9" * 5000 + b"\n",
    "Row 2, column prize",
)
csv_item(
    "a row with more values than the header",
    "players",
    b"name,nickname\nAnn,Annie\nBob,Bobby,bob@example.org\n",
    "Row 3, column 3: 3 values where the header has 2",
)
csv_item(
    "a row with more values than a header of one column",
    "players",
    b"name\nAnn\nBob,bob@example.org\n",
    "Row 3, column 2: 2 values where the header has 1",
)
csv_item(
    "a row with more values than the header (results)",
    "results",
    b"date,event,player,place\n2025-12-01,Dec,Ann,1,extra\n",
    "Row 2, column 5: 5 values where the header has 4",
)
csv_item(
    "another tool's export with a row longer than its header",
    "players",
    b"First Name,Last Name,Address,Notes\nAnn,Lee,,\nBob,Ray,,,,extra\n",
    "Row 3, column 5: 6 values where the header has 4",
)
csv_item("old-Mac line endings (CR only)", "players", b"name,nickname\rCat,C\rDee,D\r", None)
csv_item(
    "old-Mac line endings (results)",
    "results",
    b"date,event,player,place\r2025-12-01,Dec,Ann,1\r2025-12-01,Dec,Bob,2\r",
    None,
)
csv_item(
    "old-Mac line endings, then a bad row",
    "players",
    b"name,nickname\rAnn,A\rBob,B,C\r",
    "Row 3, column 3",
)


# -- TV look files ----------------------------------------------------------------


def svg_nested_uses(levels: int = 8, fan: int = 10) -> bytes:
    """The "billion laughs" of SVG: each group draws the one before ``fan`` times, so
    a few hundred bytes draw ``fan ** levels`` shapes."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">']
    parts.append('<defs><rect id="l0" width="1" height="1"/>')
    for level in range(1, levels + 1):
        uses = "".join(f'<use xlink:href="#l{level - 1}"/>' for _ in range(fan))
        parts.append(f'<g id="l{level}">{uses}</g>')
    parts.append(f'</defs><use xlink:href="#l{levels}"/></svg>')
    return "".join(parts).encode()


def svg_huge_blur() -> bytes:
    return (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000">'
        b'<filter id="b"><feGaussianBlur stdDeviation="100000"/></filter>'
        b'<rect width="4000" height="4000" fill="red" filter="url(#b)"/></svg>'
    )


def svg_many_elements(count: int = 25_000) -> bytes:
    return b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' + (
        b"<g/>" * count + b"</svg>"
    )


def svg_deep(depth: int = 2_000) -> bytes:
    return (
        b'<svg xmlns="http://www.w3.org/2000/svg">' + b"<g>" * depth + b"</g>" * depth + b"</svg>"
    )


def svg_entities() -> bytes:
    return (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'
    )


SVG_ITEMS: dict[str, tuple[bytes, str]] = {
    "nested <use> (10^8 shapes)": (svg_nested_uses(), "svg_too_many_shapes"),
    "a <use> of itself": (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        b'<g id="a"><use xlink:href="#a"/></g></svg>',
        "svg_too_many_shapes",
    ),
    "two groups using each other": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#b"/></g>'
        b'<g id="b"><use href="#a"/></g></svg>',
        "svg_too_many_shapes",
    ),
    "a huge blur": (svg_huge_blur(), "svg_filter_too_large"),
    "25,000 elements": (svg_many_elements(), "svg_too_many_elements"),
    "groups 2,000 deep": (svg_deep(), "svg_too_deep"),
    "a gradient used by 1,000 blurred shapes": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feGaussianBlur '
        b'stdDeviation="20"/></filter>'
        + b'<rect width="9" height="9" filter="url(#f)"/>' * 1000
        + b"</svg>",
        "svg_too_many_shapes",
    ),
    "entities (billion laughs)": (svg_entities(), "svg_doctype"),
}
"""SVG pictures that would take the TV's import (or its first paint) minutes: code of
the refusal expected."""


def zip_bytes(entries: list[tuple[zipfile.ZipInfo | str, bytes]]) -> bytes:
    out = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(out, "w") as archive:
        warnings.simplefilter("ignore")  # "Duplicate name": what one item is made of
        for info, data in entries:
            archive.writestr(info, data)
    return out.getvalue()


def manifest(assets: dict[str, int] | None = None) -> bytes:
    return json.dumps(
        {"format": "director-tv-look", "version": 1, "look": {}, "assets": assets or {}}
    ).encode()


def encrypted(data: bytes) -> bytes:
    """``data`` (a zip) with its first entry marked as encrypted (bit 0 of its flags,
    in the local header and in the central directory): what a zip tool's password
    option writes, as far as a reader can tell."""
    patched = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = patched.find(signature)
        patched[at + offset] |= 0x01
    return bytes(patched)


def _link(name: str, target: bytes) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(name)
    info.create_system = 3  # Unix: the mode in the upper bits is read
    info.external_attr = (0o120777 << 16) | 0  # a symbolic link
    return info, target


def _bomb() -> bytes:
    info = zipfile.ZipInfo("assets/" + "0" * 64 + ".png")
    info.compress_type = zipfile.ZIP_DEFLATED
    return zip_bytes([("manifest.json", manifest()), (info, b"\0" * (20 * 1024 * 1024))])


def _lying_bomb() -> bytes:
    """A bomb whose headers say its entry is 100 bytes: read, it goes on for 20 MB."""
    patched = bytearray(_bomb())
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = patched.find(signature, patched.find(signature) + 1)  # the second entry
        patched[at + offset : at + offset + 4] = (100).to_bytes(4, "little")
    return bytes(patched)


ZIP_ITEMS: dict[str, tuple[bytes, str]] = {
    "an encrypted entry": (
        encrypted(zip_bytes([("manifest.json", manifest())])),
        "bundle_encrypted",
    ),
    "a zip bomb (20 MB of zeros in 20 kB)": (_bomb(), "bundle_too_large_entry"),
    "a zip bomb whose headers lie about its size": (_lying_bomb(), "bundle_damaged"),
    "too many entries": (
        zip_bytes(
            [("manifest.json", manifest())] + [(f"assets/{n:064x}.png", b"x") for n in range(40)]
        ),
        "bundle_too_many_files",
    ),
    "a name with ../": (
        zip_bytes([("manifest.json", manifest()), ("../../evil.png", b"x")]),
        "bundle_bad_path",
    ),
    "an absolute name": (
        zip_bytes([("manifest.json", manifest()), ("/etc/evil.png", b"x")]),
        "bundle_bad_path",
    ),
    "a symbolic link": (
        zip_bytes(
            [("manifest.json", manifest()), _link("assets/" + "1" * 64 + ".png", b"/etc/passwd")]
        ),
        "bundle_link",
    ),
    "a name twice": (
        zip_bytes([("manifest.json", manifest()), ("manifest.json", manifest())]),
        "bundle_repeats",
    ),
}
"""Look files built to attack the reader: code of the refusal expected."""
