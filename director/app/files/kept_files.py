"""The organizer's own settings, kept as files from one night to the next: payout
structures and tables, chip sets (blind structures have their own module).

Each is a JSON file with a format name and a version, in its own folder of the
user's data folder, written through ``files.write_atomic``: they belong to the
organizer, not to one event, so they are not in an event's log, and a file can
be copied to another machine, imported and exported. Reading refuses anything
that is not such a file, naming the problem; a damaged file in the folder is
skipped when listing, never hiding the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from director.core import codec
from director.core.errors import RuleViolation
from director.files import display_path, is_regular_file, write_atomic
from director.i18n import _, describe_error

MAX_FILE_BYTES = 2_000_000
T = TypeVar("T")


def dumps(format_name: str, version: int, value: Any) -> str:
    data = {"format": format_name, "version": version, **codec.encode(value)}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def read(
    path: Path,
    *,
    format_name: str,
    version: int,
    cls: type[T],
    invalid: str,
    check: Callable[[T], None],
) -> T:
    """The value in ``path``; ``RuleViolation(invalid, path=..., detail=...)`` names
    what is wrong: unreadable, not JSON, another kind of file, a newer version,
    a missing or mistyped field, or a value ``check`` refuses."""
    shown = display_path(path)

    def refuse(detail: str) -> RuleViolation:
        return RuleViolation(invalid, path=shown, detail=detail)

    if not is_regular_file(path):
        raise refuse(_("not a file"))
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise refuse(_("too large"))
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        raise refuse(_("cannot be read")) from None
    except (ValueError, RecursionError):
        raise refuse(_("not JSON")) from None
    if not isinstance(data, dict) or data.get("format") != format_name:
        raise refuse(_("another kind of file"))
    found = data.get("version")
    if type(found) is not int or found < 1:
        raise refuse(_("no version"))
    if found > version:
        raise refuse(_("written by a newer version of director"))
    payload = {key: value for key, value in data.items() if key not in ("format", "version")}
    try:
        value = codec.decode(cls, payload)
        check(value)
    except RuleViolation as error:
        if error.code == "bad_data":
            raise refuse(str(error.args_map.get("detail", ""))) from None
        raise refuse(describe_error(error)) from None
    return value


def listed(folder: Path, load: Callable[[Path], T]) -> list[tuple[Path, T]]:
    """Every readable file of ``folder`` with its value; damaged ones are skipped."""
    found = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            try:
                found.append((path, load(path)))
            except RuleViolation:
                continue
    return found


def write_kept(path: Path, text: str) -> None:
    """Write a kept file through a temporary file renamed into place (a full disk
    leaves the old file whole); ``OSError`` when the disk refuses."""
    write_atomic(path, text)
