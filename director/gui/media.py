"""Pictures and sounds for the TV, decoded for real with Qt before they are kept.

``director.app.tv.tv_assets`` checks a file's kind, size and structure without
decoding it; here a picture is decoded (within a memory limit) and its tones
measured, and a sound is decoded whole (OGG and MP3 through Qt Multimedia) and
turned into the 16-bit mono WAV every cue plays. Nothing is stored until both
checks pass. ``choose_picture`` and ``choose_sound`` do the whole import of a
file the organizer picked.
"""

from __future__ import annotations

import array
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QEventLoop, QIODevice, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from director.app.tv import tv_assets
from director.app.tv.tv_assets import (
    MAX_PICTURE_BYTES,
    MAX_SOUND_FILE_BYTES,
    MAX_SOUND_SECONDS,
    SOUND_RATE,
    AssetStore,
    check_picture,
    check_sound_file,
    check_stored_sound,
    read_chosen_file,
    sound_too_long,
    wav_bytes,
)
from director.core.colours import colour_text
from director.core.errors import RuleViolation

ALLOCATION_LIMIT_MB = 256
"""What Qt may allocate to decode one picture (an 8K picture takes 128 MB)."""
TONE_SAMPLES = 64
"""A picture is folded onto itself (its extremes kept) until this small, then read."""
TONE_SVG_SIDE = 3840
"""An SVG's tones are measured drawn this large on its longer side (a 4K screen)."""
DECODE_TIMEOUT_MS = 20_000
KEPT_SIDE = 4096
"""A decoded picture is kept at most this wide and high."""


@dataclass
class LoadedPicture:
    """A decoded picture: a raster image, or an SVG drawn at whatever size is asked."""

    image: QImage | None = None
    svg: object | None = None
    """A ``QSvgRenderer`` (QtSvg is imported only when an SVG is shown)."""

    def natural_size(self) -> QSize:
        if self.image is not None:
            return self.image.size()
        assert self.svg is not None
        size: QSize = self.svg.defaultSize()  # type: ignore[attr-defined]
        return size if size.width() > 0 and size.height() > 0 else QSize(400, 400)

    def render(self, width: int, height: int, *, cover: bool) -> QImage:
        """The picture at ``width`` x ``height``: fitted inside, keeping its shape
        (transparent around), or covering the whole area (cropped in the middle)."""
        width, height = max(1, width), max(1, height)
        out = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        out.fill(Qt.GlobalColor.transparent)
        natural = self.natural_size()
        mode = (
            Qt.AspectRatioMode.KeepAspectRatioByExpanding
            if cover
            else Qt.AspectRatioMode.KeepAspectRatio
        )
        scaled = natural.scaled(width, height, mode)
        target = QRectF(
            (width - scaled.width()) / 2,
            (height - scaled.height()) / 2,
            scaled.width(),
            scaled.height(),
        )
        painter = QPainter(out)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.image is not None:
            painter.drawImage(target, self.image, QRectF(self.image.rect()))
        else:
            self.svg.render(painter, target)  # type: ignore[attr-defined]
        painter.end()
        return out


def load_picture(data: bytes, kind: str | None = None) -> LoadedPicture:
    """Decode ``data`` (checked by ``check_picture`` first); ``RuleViolation`` when
    it cannot be shown."""
    kind = kind or check_picture(data)
    if kind == "svg":
        from PySide6.QtSvg import QSvgRenderer

        renderer = QSvgRenderer(QByteArray(data))
        if not renderer.isValid():
            raise RuleViolation("picture_unreadable", detail="SVG")
        return LoadedPicture(svg=renderer)
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAllocationLimit(ALLOCATION_LIMIT_MB)
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        raise RuleViolation("picture_unreadable", detail=reader.errorString()[:120])
    if image.width() > KEPT_SIDE or image.height() > KEPT_SIDE:
        # Kept all night: no more than a 4K screen can show (an 8K photo is 128 MB).
        image = image.scaled(
            KEPT_SIDE,
            KEPT_SIDE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    return LoadedPicture(image=image)


def picture_tones(picture: LoadedPicture) -> tuple[str, str]:
    """The least and the greatest red, green and blue of the picture's pixels, as
    ``#rrggbb``: where it is transparent, both black and white are counted, since
    either could show through.

    Every pixel counts, at the resolution the TV can show the picture (a raster
    picture as it was kept, up to 4096 a side; an SVG drawn as large as a 4K screen
    shows it): a thin bright stripe is as light as it is, never averaged away. The
    picture is folded onto itself (``_fold``) until it is small, then read."""
    size = picture.natural_size()
    if picture.image is None:
        size = size.scaled(TONE_SVG_SIDE, TONE_SVG_SIDE, Qt.AspectRatioMode.KeepAspectRatio)
    width, height = max(1, size.width()), max(1, size.height())
    image = picture.image
    if image is not None and not image.hasAlphaChannel():
        # Opaque: folded as it is (RGB32 composes like opaque ARGB32), else converted.
        opaque = image if image.format() in _FOLDABLE else image.convertToFormat(_TONE_FORMAT)
        return (
            _extreme(_fold(opaque, QPainter.CompositionMode.CompositionMode_Darken), min),
            _extreme(_fold(opaque, QPainter.CompositionMode.CompositionMode_Lighten), max),
        )
    # Seen through: over black for the darkest tones, over white for the lightest.
    low = _fold(
        _over(picture, width, height, "#000000"), QPainter.CompositionMode.CompositionMode_Darken
    )
    high = _fold(
        _over(picture, width, height, "#ffffff"), QPainter.CompositionMode.CompositionMode_Lighten
    )
    return _extreme(low, min), _extreme(high, max)


_TONE_FORMAT = QImage.Format.Format_ARGB32_Premultiplied
_FOLDABLE = (QImage.Format.Format_RGB32, _TONE_FORMAT)


def _over(picture: LoadedPicture, width: int, height: int, ground: str) -> QImage:
    """The picture drawn at ``width`` x ``height`` over a plain ``ground`` (opaque)."""
    out = QImage(width, height, _TONE_FORMAT)
    out.fill(QColor(ground))
    painter = QPainter(out)
    if picture.image is not None:
        painter.drawImage(0, 0, picture.image)
    else:
        picture.svg.render(painter, QRectF(0, 0, width, height))  # type: ignore[attr-defined]
    painter.end()
    return out


def _fold(image: QImage, mode: QPainter.CompositionMode) -> QImage:
    """An opaque ``image`` folded in two again and again (one half laid over the other,
    keeping the lighter or the darker of each pair of pixels, channel by channel:
    ``mode`` is Lighten or Darken) until it is at most ``TONE_SAMPLES`` a side. Each
    fold keeps every pixel's extreme, so the small image's extremes are the whole
    picture's, and the work is about one pass over it."""
    while image.width() > TONE_SAMPLES or image.height() > TONE_SAMPLES:
        width, height = image.width(), image.height()
        if width >= height:
            kept = (width + 1) // 2
            out = image.copy(0, 0, kept, height)
            painter = QPainter(out)
            painter.setCompositionMode(mode)
            painter.drawImage(0, 0, image, kept, 0, width - kept, height)
        else:
            kept = (height + 1) // 2
            out = image.copy(0, 0, width, kept)
            painter = QPainter(out)
            painter.setCompositionMode(mode)
            painter.drawImage(0, 0, image, 0, kept, width, height - kept)
        painter.end()
        image = out
    return image


def _extreme(image: QImage, pick: Callable[[bytes], int]) -> str:
    """The least (``min``) or greatest (``max``) of each channel of a small opaque
    image, as ``#rrggbb``."""
    stride, row = image.bytesPerLine(), image.width() * 4
    bits = bytes(image.constBits())
    pixels = b"".join(bits[y * stride : y * stride + row] for y in range(image.height()))
    # Premultiplied ARGB32 in memory: blue, green, red, alpha (little-endian words).
    offsets = (2, 1, 0) if sys.byteorder == "little" else (1, 2, 3)
    red, green, blue = (pick(pixels[offset::4]) for offset in offsets)
    return colour_text((red, green, blue))


def measured_tones(picture: LoadedPicture) -> tuple[str, str]:
    """``picture_tones``, the picture's first drawing off-screen: an SVG whose drawing
    took longer than ``MAX_SVG_DRAW_SECONDS`` is refused (the checks of its structure
    bound this drawing; the TV would draw it again at every change of size)."""
    started = time.monotonic()
    tones = picture_tones(picture)
    limit = tv_assets.MAX_SVG_DRAW_SECONDS
    if picture.svg is not None and time.monotonic() - started > limit:
        raise RuleViolation("svg_too_slow", maximum=limit)
    return tones


def check_picture_bytes(data: bytes, kind: str) -> tuple[str, str]:
    """Decode a picture for real and measure its tones (for ``tv_bundle``)."""
    return measured_tones(load_picture(data, kind))


@dataclass(frozen=True)
class ChosenPicture:
    name: str
    """The stored asset's name."""
    low: str
    high: str


def choose_picture(path: Path, store: AssetStore) -> ChosenPicture:
    """Import the picture at ``path``: read, checked, decoded, then kept in ``store``."""
    data = read_chosen_file(path, MAX_PICTURE_BYTES)
    kind = check_picture(data)
    low, high = measured_tones(load_picture(data, kind))
    return ChosenPicture(store.put(data, kind), low, high)


# -- sounds ---------------------------------------------------------------------------


def decode_sound(data: bytes, *, timeout_ms: int = DECODE_TIMEOUT_MS) -> bytes:
    """The sound file ``data`` decoded whole by Qt Multimedia, as 16-bit mono PCM at
    ``SOUND_RATE``. ``RuleViolation`` when it cannot be decoded or lasts too long
    (decoding stops as soon as it is known to be too long)."""
    from PySide6.QtMultimedia import QAudioDecoder, QAudioFormat

    decoder = QAudioDecoder()
    wanted = QAudioFormat()
    wanted.setSampleFormat(QAudioFormat.SampleFormat.Int16)
    wanted.setSampleRate(SOUND_RATE)
    wanted.setChannelCount(1)
    decoder.setAudioFormat(wanted)
    source = QBuffer()
    source.setData(QByteArray(data))
    source.open(QIODevice.OpenModeFlag.ReadOnly)
    decoder.setSourceDevice(source)
    chunks: list[bytes] = []
    state = {"frames": 0, "error": "", "done": False, "duration": -1}
    most = MAX_SOUND_SECONDS * SOUND_RATE
    loop = QEventLoop()

    def ready() -> None:
        buffer = decoder.read()
        if not buffer.isValid():
            return
        chunks.append(bytes(buffer.constData()))
        state["frames"] = int(state["frames"]) + buffer.frameCount()
        if int(state["frames"]) > most:
            # The whole length, when the decoder knows it (-1 otherwise).
            state["duration"] = decoder.duration()
            decoder.stop()
            loop.quit()

    def failed(_error: object) -> None:
        state["error"] = decoder.errorString() or "error"
        loop.quit()

    def finished() -> None:
        state["done"] = True
        loop.quit()

    decoder.bufferReady.connect(ready)
    decoder.finished.connect(finished)
    decoder.error.connect(failed)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(timeout_ms)
    decoder.start()
    if not state["done"] and not state["error"]:
        loop.exec()
    timer.stop()
    decoder.stop()
    frames = int(state["frames"])
    if frames > most:
        # Decoding stopped just past the limit: the real length only if the decoder
        # knew it, else "more than" the limit.
        duration = int(state["duration"])
        raise sound_too_long(duration / 1000 if duration > 0 else None)
    if state["error"]:
        raise RuleViolation("sound_undecodable", detail=str(state["error"])[:120])
    if not state["done"]:
        raise RuleViolation("sound_undecodable", detail="no end")
    if not frames:
        raise RuleViolation("sound_undecodable", detail="empty")
    pcm = b"".join(chunks)
    if sys.byteorder != "little":
        samples = array.array("h", pcm)
        samples.byteswap()
        pcm = samples.tobytes()
    return pcm


def choose_sound(path: Path, store: AssetStore) -> str:
    """Import the sound at ``path``: size and kind checked, decoded whole, kept as WAV
    in ``store``; the stored name."""
    data = read_chosen_file(path, MAX_SOUND_FILE_BYTES)
    check_sound_file(data)
    stored = wav_bytes(decode_sound(data))
    check_stored_sound(stored)
    return store.put(stored, "wav")
