"""The network page's files, read once when the server starts. Every HTML page
(the clock, the remote, a dealer's and a helper's phone, the door) opens with the
same head (``head.html``: the viewport, the colours, no referrer, the icon, the
shared sheet ``live.css``); a page says where with ``HEAD_MARK`` and adds only its
own sheet and scripts. Assembled here, not in the browser: the CSP allows no inline
script, and the page arrives whole."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from director import paths
from director.i18n import LANGUAGES, language
from director.web.http import Request
from director.web.replies import Reply, error_reply

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


class Site:
    """One router's paths: those read with GET (its static files among them), those
    sent with POST, and its static files, read once."""

    def __init__(
        self, static: Mapping[str, tuple[str, str]], gets: Collection[str], posts: Collection[str]
    ) -> None:
        self.static = static
        self.gets = frozenset({*static, *gets})
        self.posts = frozenset(posts)
        self._bodies = load_static(static)

    def before_routes(self, request: Request) -> Reply | None:
        """What every router answers before its own routes: a method its path does not
        take (405), a path it does not serve (404), a language it does not speak
        (400), one of its static files; None when the router's routes answer."""
        path = request.path
        if path in self.gets:
            if request.method not in ("GET", "HEAD"):
                return error_reply(405, "GET only", (("Allow", "GET, HEAD"),))
        elif path in self.posts:
            if request.method != "POST":
                return error_reply(405, "POST only", (("Allow", "POST"),))
        else:
            return error_reply(404, "nothing here")
        if asked_language(request) not in LANGUAGES:
            return error_reply(400, "unknown language")
        if path in self.static:
            body = self._bodies.get(path)
            if body is None:
                return error_reply(404, "nothing here")
            return Reply(200, body, self.static[path][1])
        return None


def asked_language(request: Request) -> str:
    """The language a page asks for (``?lang=``), the app's own when it does not say."""
    return request.query.get("lang", language())
