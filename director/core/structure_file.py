"""Blind structure files: templates shipped with the app, saved by the user,
imported and exported. JSON with a format name and a schema version; a bad or
foreign file is refused with a code and changes nothing."""

from __future__ import annotations

import json

from director.core import codec
from director.core.errors import RuleViolation
from director.core.frozen import dataclass
from director.core.structure import Structure, require_valid, upcast_structure
from director.core.text import NAME_MAX_LENGTH, clean_line, require_plain_texts

FORMAT = "director-structure"
VERSION = 2
"""Version 2: each level carries its betting; a version 1 file's ``limit`` flag is
read as every level limit (``upcast_structure``)."""
MAX_FILE_CHARS = 2_000_000


@dataclass(frozen=True)
class StructureTemplate:
    """A named structure, with the stack and chips it was made for."""

    name: str
    structure: Structure
    description: str = ""
    starting_stack: int = 0
    chips: tuple[int, ...] = ()


def dumps(template: StructureTemplate) -> str:
    """The file content for ``template``."""
    data = {"format": FORMAT, "version": VERSION, **codec.encode(template)}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def loads(text: str) -> StructureTemplate:
    """Read a structure file; raises ``RuleViolation`` for anything not usable."""
    if len(text) > MAX_FILE_CHARS:
        raise RuleViolation("structure_file_invalid", detail="too large")
    try:
        data = json.loads(text)
    except ValueError:
        raise RuleViolation("structure_file_not_json") from None
    except RecursionError:
        # Thousands of nested brackets: no structure file looks like that.
        raise RuleViolation("structure_file_invalid", detail="nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("not_a_structure_file")
    version = data.get("version")
    if type(version) is not int or version < 1:  # ``true`` is an int to Python, not here
        raise RuleViolation("structure_file_invalid", detail="version")
    if version > VERSION:
        raise RuleViolation("structure_file_newer", version=version)
    payload = {key: value for key, value in data.items() if key not in ("format", "version")}
    if version == 1 and "structure" in payload:
        payload["structure"] = upcast_structure(payload["structure"])
    try:
        template = codec.decode(StructureTemplate, payload)
    except RuleViolation as error:
        raise RuleViolation(
            "structure_file_invalid", detail=str(error.args_map.get("detail", ""))
        ) from None
    require_valid_template(template)
    return template


def require_valid_template(template: StructureTemplate) -> None:
    """Refuse a template that could not be used or saved: a bad structure, a name that
    is empty, too long or holds a control character (so do its notes)."""
    try:
        require_plain_texts(template)
        clean_line(template.name, maximum=NAME_MAX_LENGTH)
    except RuleViolation as error:
        raise RuleViolation("structure_file_invalid", detail=error.code) from None
    require_valid(template.structure)
