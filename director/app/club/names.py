"""Finding a player by a name typed in a hurry: one rule for every place a name is
typed (the players page's entry, the bust dialog's eliminator, the roster's search,
the command line).

A typed name matches, best first: the whole name (or nickname), the start of the
name (or nickname), the start of one of its words, a part of it. Case, accents and
spaces never matter ("zoe" finds "Zoë"). Where one player must be picked, the best
level that matches anyone decides, and only when it names exactly one player: two
players starting with "Jo" are a question, never a guess.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TypeVar

Key = TypeVar("Key")

WHOLE, START, WORD, PART = 0, 1, 2, 3
"""How well a typed name matches, best first."""


def fold(text: str) -> str:
    """``text`` for comparison: no case, no accents, single spaces (Zoë -> zoe)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("ł", "l").replace("ø", "o").replace("đ", "d").split())


_NUMBER = re.compile(r"(\d+)")


def order_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """How names are listed: folded, and numbers by their value, so "Player 2"
    comes before "Player 10" and "zoe" sits with "Zoë"."""
    return tuple(
        (1, int(part)) if index % 2 else (0, part)
        for index, part in enumerate(_NUMBER.split(fold(name)))
    )


def match(typed: str, names: Sequence[str]) -> int | None:
    """How well ``typed`` matches a player known by ``names`` (his name, his
    nickname, how he is shown): ``WHOLE``, ``START``, ``WORD`` or ``PART``, or None."""
    wanted = fold(typed)
    if not wanted:
        return None
    folded = [fold(name) for name in names if name]
    if any(name == wanted for name in folded):
        return WHOLE
    if any(name.startswith(wanted) for name in folded):
        return START
    if any(word.startswith(wanted) for name in folded for word in name.split()):
        return WORD
    if any(wanted in name for name in folded):
        return PART
    return None


def ranked(typed: str, candidates: Iterable[tuple[Key, Sequence[str]]]) -> list[Key]:
    """The candidates ``typed`` matches, best match first, then by their first name
    in alphabetical order (no case, no accents)."""
    found = []
    for key, names in candidates:
        level = match(typed, names)
        if level is not None:
            found.append((level, fold(names[0]) if names else "", key))
    found.sort(key=lambda item: (item[0], item[1]))
    return [key for _level, _name, key in found]


def pick(
    typed: str, candidates: Iterable[tuple[Key, Sequence[str]]], *, deepest: int = PART
) -> Key | None:
    """The one player ``typed`` names: the best level that matches anyone decides,
    and only when it matches exactly one (None: nobody, or several). Levels beyond
    ``deepest`` are not tried (``START``: the name as typed or its start only)."""
    by_level: dict[int, list[Key]] = {}
    for key, names in candidates:
        level = match(typed, names)
        if level is not None and level <= deepest:
            by_level.setdefault(level, []).append(key)
    if not by_level:
        return None
    best = by_level[min(by_level)]
    distinct = list(dict.fromkeys(best))
    return distinct[0] if len(distinct) == 1 else None
