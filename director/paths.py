"""The one place that finds resources, the data folder and the settings file."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "director"
DATABASE_NAME = "director.db"


def resources_dir() -> Path:
    """The ``resources`` folder: inside the package when installed or frozen,
    at the top of the repository in a source checkout."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "director" / "resources"
    package = Path(__file__).resolve().parent
    installed = package / "resources"
    if installed.is_dir():
        return installed
    return package.parent / "resources"


def resource(*parts: str) -> Path:
    """A file under ``resources``, e.g. ``resource("sounds", "level.wav")``."""
    return resources_dir().joinpath(*parts)


def data_dir() -> Path:
    """The user's data folder for director (``DIRECTOR_DATA_DIR`` overrides it)."""
    override = os.environ.get("DIRECTOR_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs  # on first use: ``director --version`` does not need it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Where settings live (``DIRECTOR_CONFIG_DIR`` overrides it)."""
    override = os.environ.get("DIRECTOR_CONFIG_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def default_database() -> Path:
    """The database used when no ``--db`` is given."""
    return data_dir() / DATABASE_NAME
