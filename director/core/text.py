"""Text typed by the organizer: what every name, place and note may contain.

Control characters are refused everywhere, in every text of every command:
an escape character printed by ``director events`` would act on the
terminal, a line break would split one line of a list or a message in two,
a NUL or a lone surrogate cannot even be saved. Tabs and line breaks are
refused too (a name is one line), and so are the characters that reverse the
rest of a line (a name shown as another). Each text also has a length limit, so a
pasted page never ends up on the clock or in a report.
"""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from collections.abc import Mapping
from typing import Any

from director.core.errors import RuleViolation, require

NAME_MAX_LENGTH = 120
"""Event and player names."""
VENUE_MAX_LENGTH = 120
TEXT_MAX_LENGTH = 1_000
"""Any other text of a command (notes, nicknames, labels)."""

_REFUSED_CATEGORIES = frozenset(
    {
        "Cc",  # C0 controls (NUL, tab, line feed, ESC...), DEL and the C1 controls
        "Cs",  # lone surrogates: not text at all, they cannot be saved
        "Zl",  # LINE SEPARATOR
        "Zp",  # PARAGRAPH SEPARATOR
    }
)


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: printable to Python, but one of them turns the
rest of a line backwards, so a name could show as another in a list or on a phone
(other format characters, such as the joiners of an emoji, stay allowed)."""


def refused_character(text: str) -> str | None:
    """The first character of ``text`` that no text may contain, or None."""
    if text.isprintable() and _BIDI_CONTROLS.isdisjoint(text):
        return None  # the common case, checked in C
    for character in text:
        if character in _BIDI_CONTROLS or unicodedata.category(character) in _REFUSED_CATEGORIES:
            return character
    return None


def require_plain_text(text: str, *, maximum: int = TEXT_MAX_LENGTH) -> str:
    """``text`` itself, if it has no control character and is at most ``maximum`` long."""
    if not isinstance(text, str):
        raise RuleViolation("text_not_text")
    character = refused_character(text)
    if character is not None:
        raise RuleViolation("text_control_character", character=f"U+{ord(character):04X}")
    require(len(text) <= maximum, "text_too_long", maximum=maximum)
    return text


def clean_line(text: str, *, maximum: int, too_long: str = "text_too_long") -> str:
    """One line of text with runs of spaces made single and the ends trimmed.

    Refused (``RuleViolation``): control characters, or more than ``maximum``
    characters once cleaned (code ``too_long``).
    """
    require_plain_text(text, maximum=max(maximum, TEXT_MAX_LENGTH))
    cleaned = " ".join(text.split())
    require(len(cleaned) <= maximum, too_long, maximum=maximum)
    return cleaned


def require_plain_texts(value: Any) -> None:
    """Check every text inside ``value`` (a command, with its nested values).

    ``decide`` runs this on every command, so no text field of any command,
    present or future, can carry a control character into the log.
    """
    if isinstance(value, str):
        require_plain_text(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            require_plain_texts(getattr(value, field.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            require_plain_texts(key)
            require_plain_texts(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            require_plain_texts(item)


@functools.lru_cache(maxsize=4096)
def name_order(name: str) -> tuple[str, str, str]:
    """The key that puts names in the order people look for theirs in: letters
    compared without accents or case ("Éloïse" among the E's, not after "Zoé", where
    a plain comparison puts every accented first letter), then with them, then as
    written, so that the order never depends on the order found. Kept for the names
    of a night: lists and the TV sort the same names again and again."""
    folded = name.casefold()
    plain = "".join(
        letter
        for letter in unicodedata.normalize("NFKD", folded)
        if not unicodedata.combining(letter)
    )
    return plain, folded, name
