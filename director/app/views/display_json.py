"""The display as JSON, versioned: what a phone or a TV on the network receives
(``display_json``), and read back (``display_from_json``)."""

from __future__ import annotations

from typing import Any

from director.app.views.display_data import DisplayData
from director.core import codec

DISPLAY_FORMAT = "director-display"
DISPLAY_VERSION = 1
"""Bump when the JSON form changes meaning; a viewer refuses a version it does not know."""


def display_json(data: DisplayData) -> dict[str, Any]:
    """``data`` as plain dicts, lists, strings, integers, booleans and None, versioned:
    what a remote viewer receives (``json.dumps`` takes it as it is)."""
    return {
        "format": DISPLAY_FORMAT,
        "version": DISPLAY_VERSION,
        "paused": data.paused,
        "display": codec.encode(data),
    }


def display_from_json(payload: object) -> DisplayData:
    """The ``DisplayData`` that ``display_json`` gave ``payload`` for. Raises
    ``ValueError`` for anything else (another format or version, damaged data)."""
    if not isinstance(payload, dict) or payload.get("format") != DISPLAY_FORMAT:
        raise ValueError("not a director display")
    if payload.get("version") != DISPLAY_VERSION:
        raise ValueError(f"display version {payload.get('version')!r} is not {DISPLAY_VERSION}")
    try:
        return codec.decode(DisplayData, payload.get("display"))
    except ValueError as error:  # the codec's RuleViolation("bad_data") is one
        raise ValueError(f"damaged display: {error}") from error
