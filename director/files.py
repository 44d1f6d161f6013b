"""Writing files safely, and showing file names and outside text on one line.

Every file the app writes (reports, templates, exports, settings, backups)
goes through :func:`write_atomic`: the bytes go to a temporary file in the
same folder, are flushed to the disk, and only then renamed over the target.
A full disk or a crash leaves the old file as it was, never half a file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

TEMPORARY_MARK = ".partial-"
"""Temporary files are named ``.<name>.partial-<random>``, so they are easy to spot."""


def temporary_sibling(path: Path) -> Path:
    """A free name for a temporary file beside ``path``."""
    import secrets  # on first write: commands that only read do not need it

    return path.with_name(f".{path.name}{TEMPORARY_MARK}{secrets.token_hex(4)}")


def write_atomic(path: Path, data: bytes | str, *, encoding: str = "utf-8") -> None:
    """Write ``data`` to ``path`` through a temporary file renamed into place.

    Text is encoded before anything is created, so text that cannot be
    written (a lone surrogate) fails without touching the disk. On any error
    the temporary file is removed and the old ``path`` is left as it was.
    """
    content = data.encode(encoding) if isinstance(data, str) else data
    with atomic_output(path) as handle:
        handle.write(content)


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """A binary file to fill; renamed over ``path`` when the block ends without error."""
    target = Path(path)
    mode = _mode_for(target)
    temporary = temporary_sibling(target)
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    sync_folder(target.parent)


def produce_atomic(path: Path, produce: Callable[[Path], None]) -> None:
    """Let ``produce`` write a temporary path beside ``path``, then rename it into place.

    For writers that need a file name rather than a stream (SQLite's backup).
    The temporary file is removed if ``produce`` fails.
    """
    target = Path(path)
    temporary = temporary_sibling(target)
    try:
        produce(temporary)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    sync_folder(target.parent)


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask applies)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows it)."""
    flags = getattr(os, "O_DIRECTORY", 0) | os.O_RDONLY
    try:
        descriptor = os.open(folder, flags)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` is a plain file (not a folder, FIFO, device or socket).

    Looked up without opening it: opening a FIFO would wait forever.
    """
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def display_path(path: Path | str) -> str:
    """A file name as text that can always be printed or shown.

    A name that is not valid in the system's encoding (bytes such as
    ``caf\\xe9`` on a UTF-8 system) shows its odd bytes as "�".
    """
    text = os.fspath(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = os.fsencode(text).decode("utf-8", errors="replace")
    return one_line(text)


def one_line(text: str) -> str:
    """``text`` safe to print on one line of a terminal or a log.

    Control characters (line breaks, escape sequences, NUL...) are shown as
    ``\\n``, ``\\x1b`` and so on instead of acting on the terminal; text that
    could not be printed at all (lone surrogates) is shown the same way.
    """
    if text.isprintable():
        return text
    parts = []
    for character in text:
        if character.isprintable() or unicodedata.category(character) == "Zs":
            # Spaces of every width print as spaces (French money and thousands use
            # no-break ones); Python deems only " " printable among them.
            parts.append(character)
        elif unicodedata.category(character) == "Cf" and character not in _BIDI_CONTROLS:
            parts.append(character)  # joiners and marks that shape letters and emoji
        else:
            parts.append(character.encode("unicode_escape", "backslashreplace").decode("ascii"))
    return "".join(parts)


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
