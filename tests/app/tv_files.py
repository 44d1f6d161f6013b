"""Pictures, sounds and look files for the TV tests: good ones, and every bad kind."""

from __future__ import annotations

import io
import math
import struct
import wave
import zipfile
from pathlib import Path

from PIL import Image, ImageDraw


def png(width: int = 320, height: int = 160, colour: str = "#c9a227") -> bytes:
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((4, 4, height - 4, height - 4), fill=colour)
    draw.rectangle((height, height // 3, width - 8, 2 * height // 3), fill="#ffffff")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def jpeg(width: int = 640, height: int = 360, dark: bool = True) -> bytes:
    """A felt-like background: greens, dark (or a wide range of tones)."""
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        shade = int(20 + 30 * y / height) if dark else int(255 * y / height)
        draw.line((0, y, width, y), fill=(shade // 3, shade, shade // 2))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def pinstripes(
    width: int = 1920, height: int = 1080, *, every: int = 80, svg: bool = False
) -> bytes:
    """A near-black picture crossed by white stripes one pixel wide, ``every`` pixels
    apart (a PNG, or the same as an SVG): mostly dark, with fine bright detail."""
    if svg:
        lines = "".join(
            f'<rect x="{x}" y="0" width="1" height="{height}" fill="#fafafa"/>'
            for x in range(0, width, every)
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
            f'<rect width="{width}" height="{height}" fill="#0a0a0e"/>{lines}</svg>'
        ).encode()
    image = Image.new("RGB", (width, height), (10, 10, 14))
    draw = ImageDraw.Draw(image)
    for x in range(0, width, every):
        draw.line((x, 0, x, height), fill=(250, 250, 250))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


SVG_LOGO = b"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
  <style>.t { fill: #ffffff; }</style>
  <circle cx="50" cy="50" r="45" fill="#c9a227"/>
  <rect class="t" x="110" y="35" width="180" height="30"/>
</svg>
"""

BAD_SVGS = {
    "script": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        "svg_script",
    ),
    "onload": (
        b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
        "svg_script",
    ),
    "external image": (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        b'<image xlink:href="http://example.com/x.png" width="10" height="10"/></svg>',
        "svg_external",
    ),
    "file image": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
        "svg_external",
    ),
    "css url": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(http://x/y.svg#p)"/>'
        b"</svg>",
        "svg_external",
    ),
    "css import": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><style>@import "http://x/y.css";</style></svg>',
        "svg_external",
    ),
    "billion laughs": (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>',
        "svg_doctype",
    ),
    "external entity": (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        "svg_doctype",
    ),
    "foreign object": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe/></foreignObject></svg>',
        "svg_script",
    ),
    "javascript link": (
        b'<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
        "svg_external",
    ),
    "not well formed": (b'<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', "svg_unreadable"),
}


def huge_png_header(width: int = 100_000, height: int = 100_000) -> bytes:
    """A PNG that claims enormous dimensions (a decompression bomb's header), whole."""
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
        + chunk(b"IEND", b"")
    )


def tone(seconds: float, *, rate: int = 44_100, frequency: float = 660.0) -> bytes:
    """A WAV of a sine tone, 16-bit mono."""
    count = int(rate * seconds)
    samples = [int(9000 * math.sin(2 * math.pi * frequency * i / rate)) for i in range(count)]
    out = io.BytesIO()
    with wave.open(out, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(struct.pack(f"<{count}h", *samples))
    return out.getvalue()


def silent_mp3(frames: int = 80) -> bytes:
    """MPEG-1 layer III frames of silence (128 kbit/s, 44.1 kHz): a real MP3, 26 ms each."""
    return (bytes([0xFF, 0xFB, 0x90, 0x64]) + bytes(413)) * frames


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def zip_of(
    path: Path, entries: dict[str, bytes], *, compression: int = zipfile.ZIP_DEFLATED
) -> Path:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def damage_asset_row(database: object, name: str, data: bytes = b"damaged") -> None:
    """Put bytes in the database's row of ``name`` that do not match its name (a disk
    fault, a hand edit): the size stays as it was."""
    with database.transaction() as connection:  # type: ignore[attr-defined]
        cursor = connection.cursor()
        try:
            cursor.execute("UPDATE tv_asset SET data = ? WHERE name = ?", (data, name))
            assert cursor.rowcount == 1
        finally:
            cursor.close()
