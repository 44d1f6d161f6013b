"""The organizer's own payout structures, saved as files to reuse on other nights."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from director import paths
from director.app.structures import slug
from director.core import codec
from director.core.errors import RuleViolation
from director.core.payouts import PayoutSettings, check_payout_settings
from director.core.text import require_plain_texts
from director.files import display_path, is_regular_file, write_atomic

FORMAT = "director-payouts"
VERSION = 1


@dataclass(frozen=True)
class PayoutTemplate:
    name: str
    settings: PayoutSettings


def folder() -> Path:
    return paths.data_dir() / "payouts"


def save(template: PayoutTemplate) -> Path:
    require_plain_texts(template)
    check_payout_settings(template.settings)
    folder().mkdir(parents=True, exist_ok=True)
    path = folder() / f"{slug(template.name)}.json"
    data = {"format": FORMAT, "version": VERSION, **codec.encode(template)}
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2))
    return path


def load(path: Path) -> PayoutTemplate:
    shown = display_path(path)
    if not is_regular_file(path):
        raise RuleViolation("payout_file_invalid", path=shown)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        raise RuleViolation("payout_file_invalid", path=shown) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation("payout_file_invalid", path=shown)
    if type(data.get("version")) is not int or data["version"] > VERSION:
        raise RuleViolation("payout_file_invalid", path=shown)
    payload = {key: value for key, value in data.items() if key not in ("format", "version")}
    template = codec.decode(PayoutTemplate, payload)
    try:
        require_plain_texts(template)
    except RuleViolation:
        raise RuleViolation("payout_file_invalid", path=shown) from None
    check_payout_settings(template.settings)
    return template


def templates() -> list[PayoutTemplate]:
    """The user's payout templates by name; damaged files are skipped."""
    found = []
    if folder().is_dir():
        for path in sorted(folder().glob("*.json")):
            try:
                found.append(load(path))
            except RuleViolation:
                continue
    return sorted(found, key=lambda template: template.name.casefold())
