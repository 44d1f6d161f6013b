"""A user-visible message as a code and its arguments, translated by the UI."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from director.core.frozen import dataclass


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it yet (``director.i18n``
    translates it where it is shown)."""
    return text


@dataclass(frozen=True)
class Message:
    """Something to tell the user, such as an undo label.

    ``code`` names the sentence (``"bust"``) and ``args`` fills it
    (``{"player": "Ann"}``); ``director.i18n.render`` turns it into text.
    """

    code: str
    args: Mapping[str, Any] = field(default_factory=dict)
