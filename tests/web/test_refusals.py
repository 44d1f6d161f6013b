"""One mapping from a refusal to a reply (``web.refusals``): every phone route and
the door's page answer the same refusal with the same status, and no route keeps its
own mapping."""

from __future__ import annotations

import json
from pathlib import Path

import director.web
from director.app.night.actions import BadRequest
from director.app.phones import dealers, helpers
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.i18n import describe_error
from director.web.refusals import Asked, refusal_reply


def _said(error: BadRequest | RuleViolation | StoreError, asked: Asked) -> tuple[int, dict]:
    reply = refusal_reply(error, asked)
    return reply.status, json.loads(reply.body)


def test_each_refusal_has_one_status_whichever_route_meets_it() -> None:
    late = RuleViolation("late_registration_closed")
    why = describe_error(late)
    assert _said(late, Asked.ACTION) == (409, {"ok": False, "why": why})
    assert _said(late, Asked.INPUT) == (400, {"ok": False, "error": why})
    full = RuleViolation("door_full")
    assert _said(full, Asked.INPUT) == (409, {"ok": False, "error": describe_error(full)})
    for not_allowed in (dealers.NotAllowed("x"), helpers.NotAllowed("helper_not_allowed")):
        assert _said(not_allowed, Asked.ACTION)[0] == 403
    status, body = _said(BadRequest("name: expected text"), Asked.ACTION)
    assert status == 400 and "name: expected text" in body["error"]
    for asked in Asked:
        # Another copy writes the database: refused like a rule; a failure: try again.
        assert _said(StoreError("event_leased"), asked)[0] == 409
        assert _said(StoreError("db_unreadable"), asked)[0] == 503


def test_no_route_maps_a_refusal_to_a_status_itself() -> None:
    folder = Path(director.web.__file__).parent
    for path in sorted(folder.glob("*.py")):
        if path.name == "refusals.py":
            continue
        text = path.read_text(encoding="utf-8")
        for own in ("remote_bad_request", "REFUSED_STORE_CODES", '"why": describe_error'):
            assert own not in text, (path.name, own)
