"""The organizer's phone as a remote: pairing codes, tokens, the rate limit, and the
commands a paired phone may send.

Pairing: the console shows a one-time code (in a QR code) that works once and for
two minutes; the phone that sends it gets a long random token, which it keeps and
sends back with every command. Only a hash of the token is stored (SHA-256 of 32
random bytes), compared in constant time; a revoked phone's token stops at once.
Failed pairing attempts and bad tokens are counted per client address: too many
in a minute and that address must wait. The paired phones themselves are kept in
the database (``app.phones.devices``).

What the remote may ask for is the catalogue's (``app.night.actions``, its ``REMOTE``
surface). A phone's command is an ordinary command (``director.core.commands``) through the
session: refused by the same rules with the same messages, undoable from the
console, and logged with the phone it came from (``Origin``). No Qt and no HTTP
here: the web server, ``director serve`` and the tests call these.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
import unicodedata
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from director.app.club.names import order_key
from director.app.night import actions
from director.app.night.actions import INT_LIMIT, Need, Request, Surface
from director.app.night.actions import BadRequest as BadRequest  # where the tests and the web ask
from director.app.night.changes import Changes, Origin
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.handlers.players import rebuy_stack_question
from director.core.ids import PlayerId
from director.core.players import EntrantStatus
from director.core.state import TournamentState
from director.core.text import refused_character
from director.i18n import _, describe_error
from director.persistence.errors import StoreError

PAIRING_CODE_MS = 120_000
"""How long a pairing code works (once)."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another when typed by hand."""
CODE_LENGTH = 8
TOKEN_BYTES = 32
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{43}$")
"""What ``secrets.token_urlsafe(32)`` gives: anything else is refused unread."""
DEVICE_NAME_MAX = 40
FAILURES_ALLOWED = 10
"""Failed pairing attempts or bad tokens per client address in ``FAILURE_WINDOW_MS``."""
FAILURE_WINDOW_MS = 60_000
ADDRESSES_KEPT = 4_096
"""Client addresses the rate limit remembers (the oldest are forgotten first)."""


# -- pairing codes and tokens ---------------------------------------------------------


@dataclass(frozen=True)
class PairingCode:
    code: str
    expires_at: int

    @property
    def shown(self) -> str:
        """The code as the console shows it, for typing by hand: "ABCD-EFGH"."""
        return f"{self.code[:4]}-{self.code[4:]}"


CODE_TYPED_MAX = 64
"""Characters a typed code may have, spaces and dashes included (else not read)."""
CODE_SHAPE = re.compile(rf"[A-Z0-9]{{{CODE_LENGTH}}}")
"""A code once spaces and dashes are taken out: anything else is not a code at all."""


def normal_code(text: str) -> str:
    """A code as typed (any case, with dashes or spaces, as a phone's keyboard or a
    copy and paste may give them) in its stored form."""
    # Spaces and dashes of any kind (a no-break space, an en dash); a control
    # character (a tab, a line break) is kept, and makes the code no code at all.
    return "".join(ch for ch in text.upper() if unicodedata.category(ch) not in ("Zs", "Pd"))


def looks_like_code(text: object) -> TypeGuard[str]:
    """Whether ``text`` has a code's shape once typed (8 letters and digits; case,
    spaces and dashes do not matter): anything else is refused as not a code, before
    any code is compared with it."""
    if not isinstance(text, str) or len(text) > CODE_TYPED_MAX:
        return False
    return CODE_SHAPE.fullmatch(normal_code(text)) is not None


class PairingCodes:
    """The one pairing code the console shows: a new one replaces the previous one;
    it works once, until it expires."""

    def __init__(self, *, lifetime_ms: int = PAIRING_CODE_MS) -> None:
        self.lifetime_ms = lifetime_ms
        self._current: PairingCode | None = None

    def issue(self, now: int) -> PairingCode:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self._current = PairingCode(code, now + self.lifetime_ms)
        return self._current

    def current(self, now: int) -> PairingCode | None:
        """The code still waiting to be used, if any."""
        code = self._current
        if code is not None and now >= code.expires_at:
            self._current = code = None
        return code

    def redeem(self, text: object, now: int) -> bool:
        """Whether ``text`` is the current code (then it is used up)."""
        code = self.current(now)
        if code is None or not looks_like_code(text):
            return False
        if not hmac.compare_digest(normal_code(text).encode(), code.code.encode()):
            return False
        self._current = None
        return True

    def cancel(self) -> None:
        self._current = None


def new_token() -> str:
    """A phone's token: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def device_name(text: object) -> str:
    """A phone's name as typed, cleaned; ``RuleViolation`` when unusable."""
    if not isinstance(text, str):
        raise RuleViolation("device_name_missing")
    name = " ".join(text.split())
    if not name:
        raise RuleViolation("device_name_missing")
    if refused_character(name) is not None or len(name) > DEVICE_NAME_MAX:
        raise RuleViolation("device_name_bad", maximum=DEVICE_NAME_MAX)
    return name


# -- the rate limit ---------------------------------------------------------------------


class RateLimiter:
    """Counts failures per client address over a sliding window."""

    def __init__(
        self,
        *,
        allowed: int = FAILURES_ALLOWED,
        window_ms: int = FAILURE_WINDOW_MS,
        addresses: int = ADDRESSES_KEPT,
    ) -> None:
        self.allowed = allowed
        self.window_ms = window_ms
        self.addresses = addresses
        self._failures: OrderedDict[str, deque[int]] = OrderedDict()

    def retry_after(self, address: str, now: int) -> int | None:
        """Milliseconds ``address`` must wait before trying again, or None."""
        failures = self._recent(address, now)
        if failures is None or len(failures) < self.allowed:
            return None
        return max(1, failures[0] + self.window_ms - now)

    def failed(self, address: str, now: int) -> None:
        failures = self._recent(address, now)
        if failures is None:
            failures = self._failures[address] = deque(maxlen=self.allowed)
            while len(self._failures) > self.addresses:
                self._failures.popitem(last=False)
        failures.append(now)
        self._failures.move_to_end(address)

    def _recent(self, address: str, now: int) -> deque[int] | None:
        failures = self._failures.get(address)
        if failures is None:
            return None
        while failures and (now - failures[0] >= self.window_ms or now < failures[0]):
            failures.popleft()
        if not failures:
            del self._failures[address]
            return None
        return failures

    def __len__(self) -> int:
        return len(self._failures)


# -- paired phones ------------------------------------------------------------------------


@dataclass(frozen=True)
class Device:
    """A paired phone, as the console lists it: the organizer's remote, a table's
    dealer phone (``event`` and ``table`` set) or a helper's (``event`` alone)."""

    id: int
    name: str
    paired_at: int
    last_seen: int | None
    last_address: str = ""
    event: int | None = None
    table: int | None = None

    @property
    def dealer(self) -> bool:
        return self.table is not None

    @property
    def helper(self) -> bool:
        """A helper's phone at the door or the bank: paired for one event, no table."""
        return self.event is not None and self.table is None

    @property
    def origin(self) -> Origin:
        return Origin(device=self.id, name=self.name, table=self.table)


# -- what a phone may do -------------------------------------------------------------------


class Target(Protocol):
    """Where a phone's commands go: the open session, or ``director serve``'s writer."""

    @property
    def state(self) -> TournamentState: ...

    @property
    def event_id(self) -> int: ...

    def refusal(self, command: c.Command) -> Exception | None: ...

    def dispatch(self, command: c.Command, *, origin: Origin) -> Changes: ...


def command_for(data: object) -> c.Command:
    """The command a phone's request asks for: ``{"action": "pause"}``,
    ``{"action": "hand_done", "table": 2}``, ``{"action": "bust", "player": 7,
    "eliminator": 3}``, ``{"action": "rebuy", "player": 7, "stack": 1200, "paid": true}``:
    any action the catalogue offers the remote (``actions``). ``BadRequest`` for
    anything else (the rules are asked later)."""
    action, request = actions.parse(data, Surface.REMOTE)
    return action.command(request)


def answer(refusal: Exception | None) -> dict[str, Any]:
    """A button's answer for a phone: whether it may be pressed, and why not."""
    return {"ok": refusal is None, "why": "" if refusal is None else describe_error(refusal)}


def controls(target: Target) -> dict[str, Any]:
    """What a paired phone may do now, each with the reason when it may not (in the
    current language), as the console's guard greys its own buttons."""
    state = target.state
    clock = state.clock
    offered = actions.catalogue().offered(Surface.REMOTE)
    for_players = [action for action in offered if Need.PLAYER in action.needs]
    for_tables = [
        action for action in offered if Need.TABLE in action.needs and action not in for_players
    ]
    buttons = {
        action.key: answer(target.refusal(action.command(Request())))
        for action in offered
        if not action.needs
    }
    seated = state.tables.seated()
    tables = [
        {
            "table": number,
            **{
                action.key: answer(target.refusal(action.command(Request(table=number))))
                for action in for_tables
            },
        }
        for number in sorted(state.tables.tables)
    ]
    players = []
    people = [
        (player, entrant)
        for player, entrant in state.players.items()
        if entrant.status in (EntrantStatus.PLAYING, EntrantStatus.BUSTED)
    ]

    def order(item: tuple[PlayerId, Any]) -> tuple[int, int, int, tuple[object, ...]]:
        player, entrant = item
        where = seated.get(player)
        out = int(entrant.status is not EntrantStatus.PLAYING)
        table, seat = where if where is not None else (INT_LIMIT, 0)
        return (out, table, seat, order_key(entrant.name))

    for player, entrant in sorted(people, key=order):
        where = seated.get(player)
        playing = entrant.status is EntrantStatus.PLAYING
        stack = rebuy_stack_question(state, player)
        asked = Request(player=player, stack=stack)
        shown: dict[str, Any] = {
            "id": int(player),
            "name": entrant.name,
            "in": playing,
            "where": _("T{table} S{seat}").format(table=where[0], seat=where[1])
            if where is not None
            else "",
        }
        for action in for_players:
            if action.key == "bust" and not playing:
                # Said plainly on the phone, whatever the rules' own word for it.
                shown[action.key] = answer(RuleViolation("player_not_playing", player=entrant.name))
            else:
                shown[action.key] = answer(target.refusal(action.command(asked)))
        shown["rebuy_stack_at_most"] = stack
        players.append(shown)
    # Whether the clock runs as the rules see it now: a planned start that came runs
    # it before any event says so (the rules store that start with the next command).
    running = bool(buttons["pause"]["ok"]) if "pause" in buttons else clock.running
    return {
        "running": running,
        "started": clock.started or running,
        "actions": buttons,
        "tables": tables,
        "players": players,
    }


def perform(target: Target, data: object, device: Device) -> Changes:
    """Run a phone's command through ``target``: ``BadRequest`` when not understood,
    the rules' ``RuleViolation`` (or a ``StoreError``) when refused; nothing is
    written then."""
    return run(target, command_for(data), device)


def run(target: Target, command: c.Command, device: Device) -> Changes:
    """Run ``command`` from ``device`` through ``target``: the rules asked first (their
    ``RuleViolation``, or a ``StoreError``, when refused: nothing is written then)."""
    refused = target.refusal(command)
    if refused is not None:
        raise refused
    return target.dispatch(command, origin=device.origin)


class SessionTarget:
    """A phone's commands to the open session (the app's): what its console does."""

    def __init__(self, session: Any) -> None:
        self.session = session

    @property
    def state(self) -> TournamentState:
        state: TournamentState = self.session.state
        return state

    @property
    def event_id(self) -> int:
        return int(self.session.tournament_id)

    def refusal(self, command: c.Command) -> Exception | None:
        refused: Exception | None = self.session.refusal(command)
        return refused

    def dispatch(self, command: c.Command, *, origin: Origin) -> Changes:
        try:
            changes: Changes = self.session.dispatch(command, origin=origin)
        except StoreError as error:
            if error.code == "event_moved_on":
                # Another copy wrote the event meanwhile: show what it holds now.
                with contextlib.suppress(StoreError):
                    self.session.reload()
            raise
        return changes
