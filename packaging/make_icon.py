"""Render resources/icons/director.svg to every icon the desktops and installers want:
the PNG sizes (Linux, the window icon), director.ico (Windows: the program's icon in
packaging/director.spec) and director.icns (macOS: the .app bundle).

Run: QT_QPA_PLATFORM=offscreen python packaging/make_icon.py

The .ico and .icns files hold PNG images (Windows Vista and later, macOS 10.7 and
later read them), written here by ``ico_bytes`` and ``icns_bytes``: no ImageMagick
or iconutil needed, and the same result on every system.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128, 256)
"""The PNG files kept in resources/icons (256 is director.png)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),  # 512 at 2x
    ("ic11", 32),  # 16 at 2x
    ("ic12", 64),  # 32 at 2x
    ("ic13", 256),  # 128 at 2x
    ("ic14", 512),  # 256 at 2x
)


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (sizes up to 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    images = b""
    for size in sizes:
        if not 1 <= size <= 256:
            raise ValueError(f"an .ico image is 1 to 256 pixels, not {size}")
        data = pngs[size]
        side = 0 if size == 256 else size  # 0 means 256 in an .ico
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        images += data
    return header + entries + images


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A macOS .icns holding the PNG of each icon type whose size is given."""
    chunks = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            data = pngs[size]
            chunks += kind.encode("ascii") + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(chunks) + 8) + chunks


def render(sizes: set[int]) -> dict[int, bytes]:
    """The SVG as a PNG of each size."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(ICONS / "director.svg"))
    made = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        buffer.close()
        made[size] = bytes(data.data())
    return made


def main() -> None:
    from PySide6.QtGui import QGuiApplication

    sys.path.insert(0, str(ROOT))
    from director.files import write_atomic

    app = QGuiApplication([])
    pngs = render(set(SIZES) | set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES})
    for size in SIZES:
        name = "director.png" if size == 256 else f"director-{size}.png"
        write_atomic(ICONS / name, pngs[size])
        print(f"wrote {name}")
    write_atomic(ICONS / "director.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    print("wrote director.ico")
    write_atomic(ICONS / "director.icns", icns_bytes(pngs))
    print("wrote director.icns")
    del app


if __name__ == "__main__":
    main()
