"""What the network page's routes answer: a status, a body and its headers."""

from __future__ import annotations

import json
from dataclasses import dataclass

Headers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Reply:
    status: int
    body: bytes = b""
    content_type: str = "application/json; charset=utf-8"
    headers: Headers = ()


def json_reply(status: int, data: object, headers: Headers = ()) -> Reply:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Reply(status, body, headers=headers)


def error_reply(status: int, text: str, headers: Headers = ()) -> Reply:
    return json_reply(status, {"ok": False, "error": text}, headers)
