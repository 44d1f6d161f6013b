"""The network page's files, read once when the server starts. Every HTML page
(the clock, the remote, a dealer's and a helper's phone, the door) opens with the
same head (``head.html``: the viewport, the colours, no referrer, the icon, the
shared sheet ``live.css``); a page says where with ``HEAD_MARK`` and adds only its
own sheet and scripts. Assembled here, not in the browser: the CSP allows no inline
script, and the page arrives whole."""

from __future__ import annotations

from collections.abc import Mapping

from director import paths

HEAD_MARK = b"<!--shared head-->"
"""Where a page's shared head goes (in its ``<head>``, first)."""


def shared_head() -> bytes:
    return paths.resource("web", "head.html").read_bytes().strip()


def load_static(table: Mapping[str, tuple[str, str]]) -> dict[str, bytes]:
    """``table``'s files (URL path: file name, type), each read once; an HTML page
    with its shared head. A file missing (or a page whose head is) is answered 404."""
    found = {}
    head: bytes | None = None
    for path, (name, _kind) in table.items():
        try:
            body = paths.resource("web", name).read_bytes()
            if name.endswith(".html") and HEAD_MARK in body:
                head = shared_head() if head is None else head
                body = body.replace(HEAD_MARK, head, 1)
        except OSError:
            continue
        found[path] = body
    return found
