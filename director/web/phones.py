"""The paired phones' requests: the organizer's remote, the tables' dealers and the
helpers.

Plain functions of a request to a reply (no socket): pairing with a one-time code
(read once for every kind of phone, ``_pairing``), the phone's token checked on every
request (in the Authorization header, never a cookie), failures counted per address,
and the command asked run through the same rules as the console's. What each phone
may ask for is the action catalogue's (``app.actions``); its rights are decided in
the app layer (``app.remote``, ``app.dealers``, ``app.helpers``).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from director.app import dealers, helpers
from director.app.databases import StoreError
from director.app.dealers import DealerCodes, FloorCalls, NotAllowed
from director.app.devices import Devices
from director.app.door import Door, new_player
from director.app.remote import (
    BadRequest,
    Device,
    PairingCodes,
    RateLimiter,
    Target,
    command_for,
    controls,
    device_name,
    looks_like_code,
    run,
)
from director.app.timesource import Now
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.i18n import _, describe_error, render
from director.web import http
from director.web.replies import Reply, error_reply, json_reply
from director.web.security import origin_refusal

LOG = logging.getLogger(__name__)

REFUSED_STORE_CODES = frozenset(
    {"db_in_use", "event_leased", "event_moved_on", "db_read_only", "following_read_only"}
)
"""A database that another copy writes: the command is refused like a rule's refusal."""
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


class Phones:
    """The remote's and the dealers' routes, and what they keep: codes, failures,
    the paired phones' book and the tables' calls for the floor."""

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

    # -- the remote -------------------------------------------------------------------

    def remote(self, request: http.Request, address: str) -> Reply:
        """The paired phone's requests (in the viewer's language already)."""
        now = int(self.clock())
        data = self._phone_request(
            request, address, now, enabled=self.remote_enabled, off="remote_off"
        )
        if isinstance(data, Reply):
            return data
        if request.path == "/api/pair":
            return self._pair(address, now, data)
        device = self._device(request, address, now)
        if device is None:
            return error_reply(401, describe_error(RuleViolation("remote_not_paired")), NOT_PAIRED)
        target = self._target()
        if request.path == "/api/unpair":
            self._known_devices.revoke(device.id, now)
            self._news.devices_changed()
            return json_reply(200, {"ok": True})
        if device.dealer:
            refused = RuleViolation("dealer_is_not_remote", table=device.table)
            return error_reply(403, describe_error(refused))
        if device.helper:
            return error_reply(403, describe_error(RuleViolation("helper_is_not_remote")))
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        if request.path == "/api/controls":
            return json_reply(200, {"ok": True, "device": device.name, **controls(target)})
        try:
            command = command_for(data)
        except BadRequest as error:
            text = describe_error(RuleViolation("remote_bad_request", detail=str(error)))
            return error_reply(400, text)
        return self._perform(target, command, device, address, now)

    def _pair(self, address: str, now: int, data: object) -> Reply:
        asked = self._pairing(data, address, now, self.codes.redeem, "pairing_code_wrong")
        if isinstance(asked, Reply):
            return asked
        name, _code = asked
        paired = self._paired(name, now)
        if isinstance(paired, Reply):
            return paired
        device, token = paired
        answer = {"ok": True, "token": token, "device": {"id": device.id, "name": name}}
        return json_reply(200, answer)

    # -- the dealers ------------------------------------------------------------------

    def dealer(self, request: http.Request, address: str) -> Reply:
        """A table's dealer phone: pairing with the table's code, its table's view, and
        what it may do there (in the viewer's language already)."""
        now = int(self.clock())
        data = self._phone_request(
            request, address, now, enabled=self.dealers_enabled, off="dealers_off"
        )
        if isinstance(data, Reply):
            return data
        if request.path == "/api/dealer/pair":
            return self._pair_dealer(address, now, data)
        device = self._device(request, address, now)
        if device is None:
            gone = self._broken_table(request)
            if gone is not None:
                refused = RuleViolation("dealer_table_gone", table=gone)
                return error_reply(410, describe_error(refused))
        if device is None or not device.dealer:
            return error_reply(401, describe_error(RuleViolation("dealer_not_paired")), NOT_PAIRED)
        assert device.table is not None
        if request.path == "/api/dealer/unpair":
            self._known_devices.revoke(device.id, now)
            self._news.devices_changed()
            return json_reply(200, {"ok": True})
        target = self._target()
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        if device.event != target.event_id:
            refused_event = RuleViolation("dealer_other_event", table=device.table)
            return error_reply(409, describe_error(refused_event))
        table = device.table
        if table not in target.state.tables.tables:
            # The table broke: its phones' rights end with it.
            with contextlib.suppress(StoreError):
                self._known_devices.revoke(device.id, now)
                self._news.devices_changed()
            refused = RuleViolation("dealer_table_gone", table=table)
            return error_reply(410, describe_error(refused))
        if request.path == "/api/dealer":
            floor = self.floor.of(table, now)
            shown = dealers.view(target, table, now=now, floor=floor)
            return json_reply(200, {"ok": True, "device": device.name, "now": now, **shown})
        try:
            asked = dealers.command_for(data, table, target.state)
        except BadRequest as error:
            text = describe_error(RuleViolation("remote_bad_request", detail=str(error)))
            return error_reply(400, text)
        except NotAllowed as error:
            return json_reply(403, {"ok": False, "why": describe_error(error)})
        except RuleViolation as error:
            return json_reply(409, {"ok": False, "why": describe_error(error)})
        if isinstance(asked, str):  # a call for the floor: nothing changes in the event
            self.floor.call(table, device.name, now)
            self._known_devices.note_seen(device, now, address)
            self._news.floor_changed()
            self._news.tables_news()
            return json_reply(200, {"ok": True, "done": _("the floor is called")})
        return self._perform(target, asked, device, address, now)

    def _broken_table(self, request: http.Request) -> int | None:
        """The table a revoked dealer's phone dealt for, when that table broke (the
        phone is told so rather than only "not paired")."""
        target, devices = self._target(), self.devices
        if target is None or devices is None:
            return None
        _scheme, _space, token = request.header("authorization").partition(" ")
        try:
            gone = devices.revoked_dealer(token.strip())
        except StoreError:
            return None
        if gone is None or gone.event != target.event_id:
            return None
        return gone.table if gone.table not in target.state.tables.tables else None

    def _pair_dealer(self, address: str, now: int, data: object) -> Reply:
        asked = self._pairing(data, address, now, self.dealer_codes.redeem, "dealer_code_wrong")
        if isinstance(asked, Reply):
            return asked
        name, (event, table) = asked
        target = self._target()
        if target is None or target.event_id != event:
            return error_reply(409, describe_error(RuleViolation("dealer_code_wrong")))
        if table not in target.state.tables.tables:
            refused_table = RuleViolation("dealer_table_gone", table=table)
            return error_reply(410, describe_error(refused_table))
        # The console shows a fresh code once told of the phone (the used one is gone).
        self.dealer_codes.renew(event, table, now)
        paired = self._paired(name, now, event=event, table=table)
        if isinstance(paired, Reply):
            return paired
        device, token = paired
        device_data = {"id": device.id, "name": name}
        return json_reply(200, {"ok": True, "token": token, "table": table, "device": device_data})

    # -- the helpers ------------------------------------------------------------------

    def helper(self, request: http.Request, address: str) -> Reply:
        """A helper's phone: pairing with the helpers' code, the event's players, and
        the buy-ins, re-buys, re-entries, add-ons and payments it may take (in the
        viewer's language already)."""
        now = int(self.clock())
        data = self._phone_request(
            request, address, now, enabled=self.helpers_enabled, off="helpers_off"
        )
        if isinstance(data, Reply):
            return data
        if request.path == "/api/helper/pair":
            return self._pair_helper(address, now, data)
        device = self._device(request, address, now)
        if device is None or not device.helper:
            return error_reply(401, describe_error(RuleViolation("helper_not_paired")), NOT_PAIRED)
        if request.path == "/api/helper/unpair":
            self._known_devices.revoke(device.id, now)
            self._news.devices_changed()
            return json_reply(200, {"ok": True})
        target = self._target()
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        if device.event != target.event_id:
            return error_reply(409, describe_error(RuleViolation("helper_other_event")))
        if request.path == "/api/helper":
            shown = helpers.view(target)
            return json_reply(200, {"ok": True, "device": device.name, **shown})
        try:
            if isinstance(data, dict) and data.get("action") == "new_player":
                # A newcomer: the roster's record (added when new) bought in.
                if self.door is None:
                    return json_reply(403, {"ok": False, "why": _("The roster cannot be reached.")})
                command: Command = new_player(data, target, self.door)
            else:
                command = helpers.command_for(data, target.state)
        except StoreError as error:
            return json_reply(503, {"ok": False, "why": describe_error(error)})
        except BadRequest as error:
            text = describe_error(RuleViolation("remote_bad_request", detail=str(error)))
            return error_reply(400, text)
        except helpers.NotAllowed as error:
            return json_reply(403, {"ok": False, "why": describe_error(error)})
        except RuleViolation as error:
            return json_reply(409, {"ok": False, "why": describe_error(error)})
        return self._perform(target, command, device, address, now)

    def _pair_helper(self, address: str, now: int, data: object) -> Reply:
        asked = self._pairing(data, address, now, self.helper_codes.redeem, "pairing_code_wrong")
        if isinstance(asked, Reply):
            return asked
        name, _code = asked
        target = self._target()
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        paired = self._paired(name, now, event=target.event_id)
        if isinstance(paired, Reply):
            return paired
        device, token = paired
        answer = {"ok": True, "token": token, "device": {"id": device.id, "name": name}}
        return json_reply(200, answer)

    # -- shared -----------------------------------------------------------------------

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
            return error_reply(400, describe_error(error))
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
            return error_reply(409, describe_error(error))
        self._news.devices_changed()
        self._news.paired(device.name)
        return device, token

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
        except RuleViolation as error:
            return json_reply(409, {"ok": False, "why": describe_error(error)})
        except StoreError as error:
            status = 409 if error.code in REFUSED_STORE_CODES else 503
            return json_reply(status, {"ok": False, "why": describe_error(error)})
        self._known_devices.note_seen(device, now, address)
        self._news.devices_changed()
        done = render(changes.label) if changes.label is not None else ""
        return json_reply(200, {"ok": True, "done": done})
