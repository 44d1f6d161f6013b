"""One mapping from a refusal to the reply a phone or the door's page gets: its
status and its words, wherever the routes meet it.

- not understood (``BadRequest``): 400;
- another phone's action (a dealer's or a helper's ``NotAllowed``): 403;
- the rules' refusal of an action: 409; of what was typed (a name, a code): 400,
  or 409 when the list it joins is full;
- a database another copy writes (``REFUSED_STORE_CODES``): 409, refused like a
  rule; any other database failure: 503, to try again.

An action's refusal says why in ``why`` (the phones show it beside the button); a
request's, in ``error``.
"""

from __future__ import annotations

from enum import Enum

from director.app.phones import dealers, helpers
from director.app.phones.remote import BadRequest
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.i18n import describe_error
from director.web.replies import Reply, error_reply, json_reply

REFUSED_STORE_CODES = frozenset(
    {"db_in_use", "event_leased", "event_moved_on", "db_read_only", "following_read_only"}
)
"""A database that another copy writes: the command is refused like a rule's refusal."""
FULL_CODES = frozenset({"door_full"})
"""What was typed is fine but the list it joins is full: a conflict, not bad input."""

Refusal = BadRequest | RuleViolation | StoreError


class Asked(Enum):
    """What the refused request was."""

    ACTION = "action"
    """A command for the event (a phone's button)."""
    INPUT = "input"
    """Something typed (a name checked in, a phone's name when pairing)."""


def refusal_reply(error: Refusal, asked: Asked = Asked.ACTION) -> Reply:
    """The reply for ``error`` (see the module's list)."""
    if isinstance(error, BadRequest):
        return error_reply(
            400, describe_error(RuleViolation("remote_bad_request", detail=str(error)))
        )
    if isinstance(error, StoreError):
        status = 409 if error.code in REFUSED_STORE_CODES else 503
    elif isinstance(error, (dealers.NotAllowed, helpers.NotAllowed)):
        status = 403
    elif asked is Asked.INPUT and error.code not in FULL_CODES:
        status = 400
    else:
        status = 409
    text = describe_error(error)
    if asked is Asked.INPUT:
        return error_reply(status, text)
    return json_reply(status, {"ok": False, "why": text})
