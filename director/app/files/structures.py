"""Blind structure templates: those shipped with the app and the user's own.

Shipped templates are read from ``resources/structures``; the user's are kept
as files in ``<data folder>/structures``. Import and export use the same file
format (``core.structure_file``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from director import paths
from director.app.files.outputs import write_output
from director.core.errors import RuleViolation
from director.core.structure_file import (
    MAX_FILE_CHARS,
    StructureTemplate,
    dumps,
    loads,
    require_valid_template,
)
from director.files import display_path, is_regular_file, write_atomic
from director.i18n import _

SUFFIX = ".json"


@dataclass(frozen=True)
class TemplateEntry:
    """A template and where it comes from."""

    key: str
    template: StructureTemplate
    path: Path
    shipped: bool


def shipped_folder() -> Path:
    return paths.resource("structures")


def user_folder() -> Path:
    return paths.data_dir() / "structures"


def _read(path: Path) -> StructureTemplate:
    # A FIFO or a device would never end (or never start) reading.
    if not is_regular_file(path):
        raise RuleViolation("structure_file_unreadable", path=display_path(path))
    try:
        if path.stat().st_size > 4 * MAX_FILE_CHARS:
            raise RuleViolation("structure_file_invalid", detail="too large")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise RuleViolation("structure_file_unreadable", path=display_path(path)) from None
    return loads(text)


def translated(template: StructureTemplate) -> StructureTemplate:
    """A shipped template in the user's language: its name, description and notes.

    Done when the template is read, so an event made from it keeps the notes
    ("Colour up the 25s") in the language it was set up in.
    """
    items = tuple(
        replace(item, note=_(item.note)) if item.note else item for item in template.structure.items
    )
    return replace(
        template,
        name=_(template.name),
        description=_(template.description) if template.description else "",
        structure=replace(template.structure, items=items),
    )


def templates() -> list[TemplateEntry]:
    """Shipped templates first (by starting stack), then the user's (by name).

    A damaged user file is skipped rather than hiding every other template.
    """
    found = []
    for folder, shipped in ((shipped_folder(), True), (user_folder(), False)):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob(f"*{SUFFIX}")):
            try:
                template = _read(path)
            except RuleViolation:
                continue
            if shipped:
                template = translated(template)
            found.append(
                TemplateEntry(key=path.stem, template=template, path=path, shipped=shipped)
            )
    found.sort(key=lambda e: (not e.shipped, e.template.starting_stack, e.template.name.casefold()))
    return found


def find(key: str) -> TemplateEntry | None:
    for entry in templates():
        if entry.key == key:
            return entry
    return None


def slug(name: str) -> str:
    cleaned = re.sub(r"[^\w-]+", "-", name.strip().casefold()).strip("-")
    return cleaned or "structure"


def save_user_template(template: StructureTemplate) -> Path:
    """Save ``template`` among the user's own (replacing one of the same name).

    Written to a temporary file first: a failed write (a full disk) leaves the
    template that was there intact. Raises ``RuleViolation`` for a template
    that cannot be saved, ``OSError`` when the disk refuses.
    """
    require_valid_template(template)
    folder = user_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug(template.name)}{SUFFIX}"
    write_atomic(path, dumps(template))
    return path


def delete_user_template(key: str) -> None:
    entry = find(key)
    if entry is None or entry.shipped:
        raise RuleViolation("template_not_deletable")
    entry.path.unlink(missing_ok=True)


def import_file(path: Path) -> StructureTemplate:
    """Read a structure file chosen by the user; raises ``RuleViolation`` if unusable."""
    return _read(path)


def export_file(template: StructureTemplate, path: Path, database: Path | None = None) -> None:
    """Write ``template`` to the file the user chose (never over ``database``).

    Raises ``RuleViolation`` for a template that cannot be written,
    ``StoreError`` for a place that cannot be written to.
    """
    require_valid_template(template)
    write_output(path, dumps(template), database)
