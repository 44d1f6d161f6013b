"""HTTP/1.1 requests and responses, strictly and within fixed limits.

The server reads only what it can route: a request line, a few headers and at
most a small JSON body. Anything else is a 4xx here, before any routing: a
request head too large (431), a target too long (414), a body too large (413)
or sent without a length (411), a malformed line (400). Every response carries
the same security headers and is never cached.

Why by hand and not with h11: fed the hostile-request corpus of
``tests/web/test_hostile.py`` (54 requests), h11 0.16 takes 12 of the ones refused
here as good requests (a lower-case method, HTTP/2.0, an absolute-form target, a
folded header, chunked bodies, a 5,000-byte target, 49 headers, a header or a
declared body over our limits, a malformed query). Every check below would stay on
top of it, so it would add a dependency without taking any code away.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass, field

MAX_HEAD = 8_192
"""Request line and headers, in bytes."""
MAX_TARGET = 2_048
MAX_HEADERS = 48
MAX_BODY = 4_096
MAX_QUERY_FIELDS = 8

REASONS = {
    101: "Switching Protocols",
    200: "OK",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    411: "Length Required",
    413: "Content Too Large",
    414: "URI Too Long",
    415: "Unsupported Media Type",
    426: "Upgrade Required",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    503: "Service Unavailable",
}

_METHOD = re.compile(rb"^[A-Z]{1,16}$")
_TOKEN = re.compile(rb"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
_TARGET = re.compile(rb"^/[\x21-\x7e]*$")
_FIELD_VALUE = re.compile(rb"^[\t\x20-\x7e\x80-\xff]*$")
_SINGLE = ("host", "content-length", "content-type", "authorization", "origin")
"""Headers a request may carry once only (two Hosts is a smuggling attempt)."""


class HttpError(Exception):
    """A request refused before routing: its status and a short reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Request:
    method: str
    target: str
    path: str
    """The target up to "?", exactly as sent (never decoded: routes are literal)."""
    version: str
    headers: dict[str, str]
    """Lower-case names; each header once."""
    query: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def header(self, name: str) -> str:
        return self.headers.get(name, "")

    @property
    def keep_alive(self) -> bool:
        connection = self.header("connection").lower()
        if self.version == "HTTP/1.0":
            return "keep-alive" in connection
        return "close" not in connection

    @property
    def content_length(self) -> int:
        text = self.header("content-length")
        return int(text) if text else 0

    @property
    def wants_websocket(self) -> bool:
        return (
            self.header("upgrade").lower() == "websocket"
            and "upgrade" in self.header("connection").lower()
        )


def head_end(buffer: bytes) -> int:
    """Where the request head ends in ``buffer`` (just after the blank line), or -1;
    ``HttpError(431)`` once more than ``MAX_HEAD`` bytes came without one."""
    end = buffer.find(b"\r\n\r\n", 0, MAX_HEAD + 4)
    if end >= 0:
        return end + 4
    if len(buffer) > MAX_HEAD:
        raise HttpError(431, "request head too large")
    return -1


def parse_head(head: bytes) -> Request:
    """A request's line and headers (``head`` ends with the blank line)."""
    lines = head[:-4].split(b"\r\n") if head.endswith(b"\r\n\r\n") else head.split(b"\r\n")
    parts = lines[0].split(b" ")
    if len(parts) != 3:
        raise HttpError(400, "malformed request line")
    method, target, version = parts
    if not _METHOD.match(method):
        raise HttpError(400, "malformed method")
    if version not in (b"HTTP/1.1", b"HTTP/1.0"):
        raise HttpError(400, "unsupported HTTP version")
    if len(target) > MAX_TARGET:
        raise HttpError(414, "target too long")
    if not _TARGET.match(target):
        raise HttpError(400, "malformed target")
    if len(lines) - 1 > MAX_HEADERS:
        raise HttpError(431, "too many headers")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if not line or line[:1] in (b" ", b"\t"):
            raise HttpError(400, "malformed header")
        name, colon, value = line.partition(b":")
        if not colon or not _TOKEN.match(name) or not _FIELD_VALUE.match(value):
            raise HttpError(400, "malformed header")
        key = name.decode("ascii").lower()
        text = value.strip(b" \t").decode("latin-1")
        if key in headers:
            if key in _SINGLE:
                raise HttpError(400, f"{key} given twice")
            headers[key] = f"{headers[key]}, {text}"
        else:
            headers[key] = text
    if version == b"HTTP/1.1" and "host" not in headers:
        raise HttpError(400, "no host")
    if "transfer-encoding" in headers:
        raise HttpError(411, "a body needs a length")
    length = headers.get("content-length", "")
    if length and (not length.isascii() or not length.isdigit() or len(length) > 9):
        raise HttpError(400, "malformed content length")
    if length and int(length) > MAX_BODY:
        raise HttpError(413, "body too large")
    raw = target.decode("ascii")
    path, _mark, query_text = raw.partition("?")
    try:
        pairs = urllib.parse.parse_qsl(
            query_text,
            keep_blank_values=True,
            strict_parsing=False,
            max_num_fields=MAX_QUERY_FIELDS,
            errors="strict",
        )
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "malformed query") from None
    query: dict[str, str] = {}
    for query_key, content in pairs:
        if query_key in query or "\x00" in query_key or "\x00" in content:
            raise HttpError(400, "malformed query")
        query[query_key] = content
    return Request(
        method=method.decode("ascii"),
        target=raw,
        path=path,
        version=version.decode("ascii"),
        headers=headers,
        query=query,
    )


def csp(host: str) -> str:
    """The page's Content-Security-Policy: its own files, its own push channel only."""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{host}; manifest-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )


def response(
    status: int,
    body: bytes = b"",
    *,
    content_type: str = "text/plain; charset=utf-8",
    headers: tuple[tuple[str, str], ...] = (),
    keep_alive: bool = True,
    head_only: bool = False,
    host: str = "",
) -> bytes:
    """A whole response: status line, the security headers, then ``body``."""
    lines = [
        f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}",
        f"Content-Type: {content_type}",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "X-Frame-Options: DENY",
        "Referrer-Policy: no-referrer",
        "Cross-Origin-Resource-Policy: same-origin",
        f"Content-Security-Policy: {csp(host)}",
        "Connection: keep-alive" if keep_alive else "Connection: close",
    ]
    lines += [f"{name}: {value}" for name, value in headers]
    head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    return head if head_only else head + body
