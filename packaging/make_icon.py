"""Render resources/icons/director.svg to the PNG sizes desktops and installers want.

Run: QT_QPA_PLATFORM=offscreen python packaging/make_icon.py
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128, 256)


def main() -> None:
    app = QGuiApplication([])
    renderer = QSvgRenderer(str(ICONS / "director.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        name = "director.png" if size == 256 else f"director-{size}.png"
        image.save(str(ICONS / name))
        print(f"wrote {name}")
    del app


if __name__ == "__main__":
    main()
