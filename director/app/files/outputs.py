"""Where the app may write a report or an export the user named.

Never over a database: not the open one (under any of its names), not its
journal or lock files, not a backup nor any other SQLite file. A report
written over the database would destroy every event in it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from director.files import display_path, write_atomic
from director.persistence.db import files_beside, is_database_file
from director.persistence.errors import StoreError

LOCK_SUFFIX = ".lock"


def check_output(target: Path, database: Path | None = None) -> Path:
    """``target`` made absolute, if a file may be written there; else ``StoreError``
    ``output_is_database`` (or ``output_not_a_file`` for a folder, a FIFO, a device)."""
    target = Path(target).expanduser().absolute()
    shown = display_path(target)
    if database is not None and _names_database_file(target, Path(database)):
        raise StoreError("output_is_database", path=shown)
    try:
        status = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as error:
        raise StoreError("output_unwritable", path=shown, detail=error.strerror) from error
    if not stat.S_ISREG(status.st_mode):
        raise StoreError("output_not_a_file", path=shown)
    if is_database_file(target):
        raise StoreError("output_is_database", path=shown)
    return target


def write_output(target: Path, data: bytes | str, database: Path | None = None) -> Path:
    """Check ``target`` (see ``check_output``) and write ``data`` there atomically."""
    target = check_output(target, database)
    try:
        write_atomic(target, data)
    except OSError as error:
        raise StoreError(
            "output_unwritable", path=display_path(target), detail=error.strerror or str(error)
        ) from error
    except UnicodeEncodeError as error:
        raise StoreError(
            "output_unwritable", path=display_path(target), detail=str(error)
        ) from None
    return target


def _names_database_file(target: Path, database: Path) -> bool:
    """Whether ``target`` is the database or one of the files SQLite keeps beside it."""
    database = database.expanduser().absolute()
    if _same_file(target, database):
        return True
    for base in {database, Path(os.path.realpath(database))}:
        companions = [*files_beside(base), base.with_name(base.name + LOCK_SUFFIX)]
        real_target = Path(os.path.realpath(target))
        if target in companions or real_target in companions or real_target == base:
            return True
    return False


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return False
