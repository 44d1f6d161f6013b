"""The paired phones' requests: the organizer's remote, the tables' dealers and the
helpers.

Plain functions of a request to a reply (no socket). What every phone's request goes
through (pairing with a one-time code, the token checked on every request in the
Authorization header, never a cookie, failures counted per address, the command run
through the same rules as the console's) is ``web.phone_desk``. What each phone
may ask for is the action catalogue's (``app.night.actions``); its rights are decided in
the app layer (``app.phones.remote``, ``app.phones.dealers``, ``app.phones.helpers``).
"""

from __future__ import annotations

import contextlib

from director.app.night.actions import Need
from director.app.phones import dealers, helpers
from director.app.phones.door import new_player
from director.app.phones.remote import (
    BadRequest,
    command_for,
    controls,
)
from director.app.storage.databases import StoreError
from director.core.commands import Command
from director.core.errors import RuleViolation
from director.i18n import _, describe_error
from director.web import http
from director.web.phone_desk import NOT_PAIRED as NOT_PAIRED
from director.web.phone_desk import PhoneDesk
from director.web.phone_desk import PhoneNews as PhoneNews
from director.web.refusals import refusal_reply
from director.web.replies import Reply, error_reply, json_reply


class Phones(PhoneDesk):
    """The remote's, the dealers' and the helpers' routes."""

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
            return self._unpaired(device, now)
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
            return refusal_reply(error)
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
            return self._unpaired(device, now)
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
        except (BadRequest, RuleViolation) as error:
            return refusal_reply(error)
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
            return self._unpaired(device, now)
        target = self._target()
        if target is None:
            return error_reply(409, describe_error(RuleViolation("serve_no_event")))
        if device.event != target.event_id:
            return error_reply(409, describe_error(RuleViolation("helper_other_event")))
        if request.path == "/api/helper":
            shown = helpers.view(target)
            return json_reply(200, {"ok": True, "device": device.name, **shown})
        try:
            action, asked = helpers.read(data, target.state)
            if Need.NAME in action.needs:
                # A newcomer: the roster's record (added when new) bought in.
                if self.door is None:
                    return json_reply(403, {"ok": False, "why": _("The roster cannot be reached.")})
                command: Command = new_player(asked, target, self.door)
            else:
                command = action.command(asked)
        except (BadRequest, RuleViolation, StoreError) as error:
            return refusal_reply(error)
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
