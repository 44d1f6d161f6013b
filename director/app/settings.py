"""The user's settings: a small JSON file in the config folder.

A missing or damaged file gives the defaults (never a crash); saving writes a
new file and renames it over the old one, so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from director import paths
from director.core import codec
from director.core.errors import RuleViolation
from director.core.frozen import evolve

FILE_NAME = "settings.json"
PAPER_SIZES = ("A4", "Letter")


@dataclass(frozen=True)
class Settings:
    language: str = "system"
    currency: str = "EUR"
    volume: int = 80
    muted: bool = False
    voice: bool = False
    display_screen: str = ""
    backup_folder: str = ""
    paper: str = "A4"
    welcomed: bool = False

    def with_changes(self, **changes: Any) -> Settings:
        return evolve(self, **changes)


def settings_path() -> Path:
    return paths.config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults for anything missing or unreadable."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {field.name for field in fields(Settings)}
    settings = Settings()
    for key, value in data.items():
        if key not in known:
            continue
        try:
            candidate = codec.decode(Settings, {**codec.encode(settings), key: value})
        except RuleViolation:
            continue  # one bad value keeps its default, the rest still load
        settings = candidate
    volume = min(100, max(0, settings.volume))
    paper = settings.paper if settings.paper in PAPER_SIZES else "A4"
    return settings.with_changes(volume=volume, paper=paper)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(codec.encode(settings), indent=2), encoding="utf-8")
    os.replace(partial, path)
