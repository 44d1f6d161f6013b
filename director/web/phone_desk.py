"""What every paired phone's request goes through, whatever the phone: the feature
switched on, the address's failures counted, the page's Origin, a JSON body; pairing
with a one-time code (read once for every kind of phone), the token checked on each
request, and the command run through the console's rules. The routes of each kind of
phone (``web.phones``) build on it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from director.app.night.timesource import Now
from director.app.phones.dealers import DealerCodes, FloorCalls
from director.app.phones.devices import Devices
from director.app.phones.door import Door
from director.app.phones.remote import (
    Device,
    PairingCodes,
    RateLimiter,
    Target,
    device_name,
    looks_like_code,
    run,
)
from director.app.storage.databases import StoreError
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.i18n import describe_error, render
from director.web import http
from director.web.refusals import Asked, refusal_reply
from director.web.replies import Reply, error_reply, json_reply
from director.web.security import origin_refusal

LOG = logging.getLogger(__name__)

_Found = TypeVar("_Found")
"""What a pairing code opens: the remote's or a helper's (True), a table's (event, table);
None or False when it opens nothing."""
NOT_PAIRED = (("WWW-Authenticate", 'Bearer realm="director"'),)


@dataclass
class PhoneNews:
    """What the phones' requests tell the rest of the server (and the window)."""

    devices_changed: Callable[[], None]
    paired: Callable[[str], None]
    """A phone was paired: its name."""
    floor_changed: Callable[[], None]
    tables_news: Callable[[], None]
    """Every dealer's phone should read its table again."""


class PhoneDesk:
    """The phones' shared state (codes, failures, the paired phones' book, the tables'
    calls for the floor) and the checks every phone's request goes through."""

    def __init__(self, clock: Now, target: Callable[[], Target | None], news: PhoneNews) -> None:
        self.clock = clock
        self._target = target
        self._news = news
        self.codes = PairingCodes()
        self.limiter = RateLimiter()
        self.devices: Devices | None = None
        self.remote_enabled = False
        """Whether paired phones may send commands (off until the organizer turns it on)."""
        self.dealers_enabled = False
        """Whether tables' dealer phones may pair and report (off until turned on)."""
        self.dealer_codes = DealerCodes()
        self.helpers_enabled = False
        """Whether helpers' phones may pair and act (off until turned on)."""
        self.helper_codes = PairingCodes()
        """The helpers' pairing code: a phone pairing with it helps with the open event."""
        self.floor = FloorCalls()
        self.door: Door | None = None
        """The roster and the arrivals (a helper's phone registers newcomers)."""

    @property
    def _known_devices(self) -> Devices:
        """The paired phones' book, once a phone was found in it (so it is there)."""
        assert self.devices is not None
        return self.devices

    def _phone_request(
        self, request: http.Request, address: str, now: int, *, enabled: bool, off: str
    ) -> object:
        """What a phone's request carries (its JSON body, {} or None), or the ``Reply``
        refusing it: the feature off (``off`` says why), too many failures from that
        address, another page's Origin, a body that is not JSON."""
        if not enabled or self.devices is None:
            return error_reply(403, describe_error(RuleViolation(off)))
        wait = self.limiter.retry_after(address, now)
        if wait is not None:
            seconds = -(-wait // 1000)
            text = describe_error(RuleViolation("remote_too_many", seconds=seconds))
            return error_reply(429, text, (("Retry-After", str(seconds)),))
        refused = origin_refusal(request)
        if refused is not None:
            return refused
        if request.method != "POST":
            return None
        kind = request.header("content-type").split(";")[0].strip().lower()
        if kind != "application/json":
            return error_reply(415, "send JSON")
        try:
            return json.loads(request.body.decode("utf-8")) if request.body else {}
        except (ValueError, RecursionError):
            return error_reply(400, "malformed JSON")

    def _pairing(
        self,
        data: object,
        address: str,
        now: int,
        redeem: Callable[[object, int], _Found | None],
        wrong: str,
    ) -> tuple[str, _Found] | Reply:
        """A pairing request read: the phone's name cleaned and what its code opens
        (``redeem`` uses the code up), or the ``Reply`` refusing it: not an object, a
        name that cannot be a phone's, what cannot be a code at all, a wrong code
        (``wrong`` says so). A code that is not one, or a wrong one, counts as a
        failure for ``address``."""
        if not isinstance(data, dict):
            return error_reply(400, "expected an object")
        try:
            name = device_name(data.get("name"))
        except RuleViolation as error:
            return refusal_reply(error, Asked.INPUT)
        typed = data.get("code")
        if not looks_like_code(typed):
            self.limiter.failed(address, now)
            return error_reply(400, describe_error(RuleViolation("pairing_code_malformed")))
        found = redeem(typed, now)
        if not found:  # None, or False
            self.limiter.failed(address, now)
            return error_reply(403, describe_error(RuleViolation(wrong)))
        return name, found

    def _paired(
        self, name: str, now: int, *, event: int | None = None, table: int | None = None
    ) -> tuple[Device, str] | Reply:
        """The phone written in the paired phones' book (and the news told), with its
        token; the ``Reply`` refusing it when the book cannot be written."""
        try:
            device, token = self._known_devices.pair(name, now, event=event, table=table)
        except StoreError as error:
            return refusal_reply(error, Asked.INPUT)
        self._news.devices_changed()
        self._news.paired(device.name)
        return device, token

    def _unpaired(self, device: Device, now: int) -> Reply:
        """A phone that asked to be forgotten: its token revoked, the news told."""
        self._known_devices.revoke(device.id, now)
        self._news.devices_changed()
        return json_reply(200, {"ok": True})

    def _device(self, request: http.Request, address: str, now: int) -> Device | None:
        assert self.devices is not None
        scheme, _space, token = request.header("authorization").partition(" ")
        device = None
        if scheme.lower() == "bearer":
            try:
                device = self.devices.check(token.strip(), now, address)
            except StoreError as error:
                LOG.warning("paired phones could not be read: %s", describe_error(error))
                return None
        if device is None:
            self.limiter.failed(address, now)
        return device

    def _perform(
        self, target: Target, command: Command, device: Device, address: str, now: int
    ) -> Reply:
        """Run a phone's command through ``target``: the rules asked first, nothing
        written when refused."""
        try:
            changes = run(target, command, device)
        except (RuleViolation, StoreError) as error:
            return refusal_reply(error)
        self._known_devices.note_seen(device, now, address)
        self._news.devices_changed()
        done = render(changes.label) if changes.label is not None else ""
        return json_reply(200, {"ok": True, "done": done})
