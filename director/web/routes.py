"""The network page's routes: a request (already read, its body included) and the
client's address, to a reply. No socket here, so each route can be tested alone."""

from __future__ import annotations

from collections.abc import Callable

from director.app.views.feed import ClockFeed
from director.app.views.lookup import players_json
from director.i18n import in_language
from director.web import door, http
from director.web.pages import Site, asked_language
from director.web.phones import Phones
from director.web.replies import Reply, json_reply
from director.web.security import host_refusal
from director.web.texts import page_texts

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
    "/live.js": ("live.js", "text/javascript; charset=utf-8"),
    "/live.css": ("live.css", "text/css; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
    "/dealer": ("dealer.html", "text/html; charset=utf-8"),
    "/dealer.js": ("dealer.js", "text/javascript; charset=utf-8"),
    "/dealer.css": ("dealer.css", "text/css; charset=utf-8"),
    "/helper": ("helper.html", "text/html; charset=utf-8"),
    "/helper.js": ("helper.js", "text/javascript; charset=utf-8"),
    "/helper.css": ("helper.css", "text/css; charset=utf-8"),
}
GETS = ("/api/state", "/api/texts", "/api/players", "/api/controls", "/api/dealer", "/api/helper")
POSTS = (
    "/api/pair",
    "/api/control",
    "/api/unpair",
    "/api/dealer/pair",
    "/api/dealer/act",
    "/api/dealer/unpair",
    "/api/helper/pair",
    "/api/helper/act",
    "/api/helper/unpair",
)
DEALER_PATHS = frozenset(path for path in (*GETS, *POSTS) if path.startswith("/api/dealer"))
HELPER_PATHS = frozenset(path for path in (*GETS, *POSTS) if path.startswith("/api/helper"))


class Routes:
    """Which route answers a request, and the public ones (the page, its state and
    texts, the players' names); the phones' routes are ``Phones``'."""

    def __init__(
        self,
        phones: Phones,
        *,
        hosts: Callable[[], frozenset[str]],
        feed: Callable[[], ClockFeed | None],
        state_message: Callable[[str], str],
        door_desk: door.DoorDesk | None = None,
    ) -> None:
        self.phones = phones
        self.door_desk = door_desk
        self._hosts = hosts
        self._feed = feed
        self._state_message = state_message
        self._site = Site(STATIC, GETS, POSTS)

    def answer(self, request: http.Request, address: str) -> Reply:
        refused = host_refusal(request, self._hosts())
        if refused is not None:
            return refused
        path = request.path
        if path in door.PATHS and self.door_desk is not None:
            return self.door_desk.answer(request, address)
        early = self._site.before_routes(request)
        if early is not None:
            return early
        chosen = asked_language(request)
        with in_language(chosen):
            if path in DEALER_PATHS:
                return self.phones.dealer(request, address)
            if path in HELPER_PATHS:
                return self.phones.helper(request, address)
            if path == "/api/state":
                return Reply(200, self._state_message(chosen).encode("utf-8"))
            if path == "/api/texts":
                return json_reply(200, page_texts())
            if path == "/api/players":
                feed = self._feed()
                return json_reply(200, players_json(feed.source.state) if feed is not None else [])
            return self.phones.remote(request, address)
