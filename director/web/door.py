"""The door's public check-in page (``/door``): a player types his name, picks it
among the roster's names offered for it or says he is new, and checks in.

No pairing: anyone in the room may check in, so every request is limited (the
server's Host check first, then the page's Origin, JSON of a few bytes, and a
number of tries per address and minute). Nothing is bought here: an arrival is
kept for the organizer (``app.phones.door``). Plain functions of a request to a reply,
testable without sockets.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from director.app.night.actions import typed_name
from director.app.night.timesource import Now
from director.app.phones.door import Door, chosen_id
from director.app.phones.remote import BadRequest, RateLimiter, Target
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.i18n import _, describe_error, in_language, language
from director.web import http
from director.web.pages import Site, asked_language
from director.web.refusals import Asked, refusal_reply
from director.web.replies import Reply, error_reply, json_reply
from director.web.security import origin_refusal

LOG = logging.getLogger(__name__)

STATIC = {
    "/door": ("door.html", "text/html; charset=utf-8"),
    "/door.js": ("door.js", "text/javascript; charset=utf-8"),
    "/door.css": ("door.css", "text/css; charset=utf-8"),
}
GETS = frozenset({*STATIC, "/api/door/texts"})
POSTS = frozenset({"/api/door/find", "/api/door/check-in"})
PATHS = GETS | POSTS
FINDS_PER_MINUTE = 60
"""Searches one address may make a minute (one per name typed, after a pause)."""
CHECK_INS_PER_MINUTE = 10
"""Check-ins one address may make a minute: a family arriving, never a flood."""


def door_texts() -> dict[str, str]:
    """The check-in page's words in the current language."""
    return {
        "language": language(),
        "title": _("director — check in"),
        "heading": _("Check in"),
        "hint": _("Type your name, then choose it, or say you are new."),
        "name": _("Your name"),
        "none": _("Not in the list yet? Check in as new."),
        "new": _("I am new: check in as “{name}”"),
        "checked_in": _("Welcome, {name}: you are checked in. The organizer will call you."),
        "again": _("You were already checked in, {name}: the organizer will call you."),
        "already": _("{name}, you are playing already."),
        "another": _("Check in someone else"),
        "closed": _("The door is closed: check in with the organizer."),
        "not_sent": _("Not sent: the connection to the console failed."),
        "working": _("Sending…"),
    }


class DoorDesk:
    """The check-in page's routes, and what they keep: whether the door is open and
    how many tries each address made."""

    def __init__(
        self,
        clock: Now,
        target: Callable[[], Target | None],
        door: Callable[[], Door | None],
        arrived: Callable[[], None],
    ) -> None:
        self.clock = clock
        self._target = target
        self._door = door
        self._arrived = arrived
        self.enabled = False
        """Whether players may check in (off until the organizer opens the door)."""
        self.finds = RateLimiter(allowed=FINDS_PER_MINUTE)
        self.check_ins = RateLimiter(allowed=CHECK_INS_PER_MINUTE)
        self._site = Site(STATIC, GETS, POSTS)

    def answer(self, request: http.Request, address: str) -> Reply:
        """The reply to a request for one of ``PATHS`` (its Host checked already)."""
        path = request.path
        early = self._site.before_routes(request)
        if early is not None:
            return early
        with in_language(asked_language(request)):
            if path == "/api/door/texts":
                return json_reply(200, door_texts())
            return self._post(request, address)

    def _post(self, request: http.Request, address: str) -> Reply:
        now = int(self.clock())
        limiter = self.finds if request.path == "/api/door/find" else self.check_ins
        wait = limiter.retry_after(address, now)
        if wait is not None:
            seconds = -(-wait // 1000)
            text = describe_error(RuleViolation("door_too_many", seconds=seconds))
            return error_reply(429, text, (("Retry-After", str(seconds)),))
        refused = origin_refusal(request)
        if refused is not None:
            return refused
        limiter.failed(address, now)  # every try counts, not only the failed ones
        door, target = self._door(), self._target()
        if not self.enabled or door is None:
            return error_reply(403, describe_error(RuleViolation("door_closed")))
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        kind = request.header("content-type").split(";")[0].strip().lower()
        if kind != "application/json":
            return error_reply(415, "send JSON")
        try:
            data = json.loads(request.body.decode("utf-8"))
        except (ValueError, RecursionError):
            return error_reply(400, "malformed JSON")
        if not isinstance(data, dict):
            return error_reply(400, "expected an object")
        try:
            if request.path == "/api/door/find":
                return self._find(door, data)
            return self._check_in(door, target, data, now)
        except (BadRequest, RuleViolation) as error:
            return refusal_reply(error, Asked.INPUT)
        except StoreError as error:
            LOG.warning("the door could not be kept: %s", describe_error(error))
            return refusal_reply(error, Asked.INPUT)

    @staticmethod
    def _find(door: Door, data: dict[str, object]) -> Reply:
        if set(data) - {"name"}:
            raise BadRequest("unknown field")
        return json_reply(200, {"ok": True, "offered": door.offer(typed_name(data))})

    def _check_in(self, door: Door, target: Target, data: dict[str, object], now: int) -> Reply:
        if set(data) - {"name", "player"}:
            raise BadRequest("unknown field")
        name = typed_name(data)
        arrival, new = door.check_in(target.state, target.event_id, name, chosen_id(data), now)
        if arrival is None:
            return json_reply(200, {"ok": True, "already": True, "name": name})
        if new:
            self._arrived()
        return json_reply(200, {"ok": True, "name": arrival.name, "new": new})
