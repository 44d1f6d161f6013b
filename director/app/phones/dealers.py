"""Dealers' phones: each table's dealer reports its own hands and busts.

The console shows one pairing code per table (a QR code); the phone that sends it
becomes that table's dealer phone, for the event served, with rights on that table
only: "hand done", a bust at that table (the eliminator one of its players), a move
from or to that table done, and a call for the floor. Anything else is refused with
``NotAllowed``, whatever the rules would say. Each allowed action is an ordinary
command through the session (``remote.Target``): the same rules and refusals,
undoable from the console, logged with the phone and its table (``Origin``). A
table's phones stop when the table breaks (``Devices.revoke_broken_tables``).

No Qt and no HTTP here: the web server and the tests call these.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, replace
from typing import Any

from director.app.night import actions
from director.app.night.actions import Action, BadRequest, Need, OtherSurface, Request, Surface
from director.app.phones.remote import (
    CODE_ALPHABET,
    CODE_LENGTH,
    PairingCode,
    Target,
    answer,
    looks_like_code,
    normal_code,
)
from director.app.views.display import level_summary, move_text, shot_rows
from director.app.views.table_texts import seat_tags, table_label
from director.core import clock as clk
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import Instant, PlayerId
from director.core.seating import Move
from director.core.shot_clock import WARNING_MS
from director.core.state import TournamentState
from director.i18n import _

DEALER_CODE_MS = 10 * 60_000
"""How long a table's pairing code works (once): long enough to go round the tables."""
FLOOR_ANSWER_KEPT_MS = 2 * 60_000
"""How long a dealer's phone keeps saying "the floor is coming" after the answer."""


class NotAllowed(RuleViolation):
    """A dealer's phone asked for what is not its to do (another table, another
    command): refused before the rules are asked."""


# -- pairing codes, one per table --------------------------------------------------------


class DealerCodes:
    """The pairing code of each table of the served event. Each works once, until it
    expires; asking for a table's code gives the one still waiting, else a new one
    (so the console always shows a code that works, and a photo of a used code is
    worth nothing)."""

    def __init__(self, *, lifetime_ms: int = DEALER_CODE_MS) -> None:
        self.lifetime_ms = lifetime_ms
        self._codes: dict[tuple[int, int], PairingCode] = {}

    def code_for(self, event: int, table: int, now: int) -> PairingCode:
        code = self._codes.get((event, table))
        if code is None or now >= code.expires_at:
            code = self.renew(event, table, now)
        return code

    def renew(self, event: int, table: int, now: int) -> PairingCode:
        """A new code for ``table`` (the previous one stops working)."""
        text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        code = self._codes[(event, table)] = PairingCode(text, now + self.lifetime_ms)
        return code

    def redeem(self, text: object, now: int) -> tuple[int, int] | None:
        """The (event, table) whose current code ``text`` is (then it is used up)."""
        if not looks_like_code(text):
            return None
        typed = normal_code(text).encode()
        found = None
        for key, code in list(self._codes.items()):  # every code compared in constant time
            if now >= code.expires_at:
                del self._codes[key]
            elif hmac.compare_digest(typed, code.code.encode()):
                found = key
        if found is not None:
            del self._codes[found]
        return found

    def cancel(self) -> None:
        """Forget every code (the event served changed, or the phones were turned off)."""
        self._codes.clear()


# -- calls for the floor ---------------------------------------------------------------


@dataclass(frozen=True)
class FloorCall:
    table: int
    called_at: int
    by: str
    """The name of the phone that called."""
    answered_at: int | None = None


class FloorCalls:
    """Tables calling the floor: the console shows and sounds those not answered; the
    dealer's phone shows whether the floor is coming. Kept in memory: a call changes
    nothing in the event."""

    def __init__(self) -> None:
        self._calls: dict[int, FloorCall] = {}

    def call(self, table: int, by: str, now: int) -> FloorCall:
        made = self._calls[table] = FloorCall(table, now, by)
        return made

    def answer(self, table: int, now: int) -> bool:
        """The organizer is on his way; whether that table was calling."""
        made = self._calls.get(table)
        if made is None or made.answered_at is not None:
            return False
        self._calls[table] = FloorCall(made.table, made.called_at, made.by, now)
        return True

    def waiting(self) -> list[FloorCall]:
        """Calls not answered yet, oldest first."""
        return sorted(
            (made for made in self._calls.values() if made.answered_at is None),
            key=lambda made: made.called_at,
        )

    def of(self, table: int, now: int) -> FloorCall | None:
        made = self._calls.get(table)
        answered = made.answered_at if made is not None else None
        if answered is not None and now - answered > FLOOR_ANSWER_KEPT_MS:
            del self._calls[table]
            return None
        return made

    def clear(self) -> None:
        self._calls.clear()


# -- what a dealer's phone asks for ------------------------------------------------------


CALL_FLOOR = "call_floor"
"""What ``command_for`` returns for a call for the floor (the catalogue's key of that
dealer's action, which is not a command)."""


def _at_table(state: TournamentState, player: int, table: int) -> PlayerId:
    chosen = PlayerId(player)
    if chosen not in state.players:
        raise BadRequest("unknown player")
    where = state.tables.where(chosen)
    if where is None or where[0] != table:
        raise NotAllowed("dealer_player_elsewhere", player=state.player_name(chosen), table=table)
    return chosen


def command_for(data: object, table: int, state: TournamentState) -> c.Command | str:
    """The command a dealer's phone for ``table`` asks for (``CALL_FLOOR`` for a call):
    ``{"action": "hand_done"}``, ``{"action": "bust", "player": 7, "eliminator": 3}``,
    ``{"action": "move_done", "player": 7, "to_table": 1, "to_seat": 9}``,
    ``{"action": "call_floor"}``: what the catalogue offers a dealer (``actions``).
    ``BadRequest`` when not understood, ``NotAllowed`` when it is not this table's to
    ask (another phone's action, another table, a player elsewhere); the rules are
    asked later."""
    try:
        action, request = actions.parse(data, Surface.DEALER)
    except OtherSurface:
        raise NotAllowed("dealer_not_allowed", table=table) from None
    if action.key == CALL_FLOOR:
        return CALL_FLOOR  # not a command: the console is told
    if request.table is not None and request.table != table:
        raise NotAllowed("dealer_other_table", table=table, other=request.table)
    request = replace(request, table=table)
    if Need.MOVE in action.needs:  # a move from or to this table
        request = actions.planned_move(state, request)
        assert request.move is not None
        if table not in (request.move.from_table, request.move.to_table):
            raise NotAllowed("dealer_move_elsewhere", table=table)
    elif request.player is not None:  # a player of this table
        _at_table(state, int(request.player), table)
    if request.eliminator is not None:
        _at_table(state, int(request.eliminator), table)
    return action.command(request)


# -- what a dealer's phone shows ------------------------------------------------------------


def moves_of(state: TournamentState, table: int) -> list[Move]:
    """The moves waiting that take a player from or to ``table``."""
    return [move for move in state.tables.pending if table in (move.from_table, move.to_table)]


def waiting_text(state: TournamentState, table: int) -> str:
    """R27, for one table: "" unless in hand-for-hand; then whether it plays the hand
    or waits, and for which tables."""
    tables = state.tables
    if not tables.hand_for_hand:
        return ""
    playing = tables.still_playing()
    listed = ", ".join(str(number) for number in playing)
    if table in tables.round_done and playing:
        return _("Hand-for-hand: wait. Table(s) {tables} still playing.").format(tables=listed)
    return _("Hand-for-hand: play one hand, then report it.")


def view(target: Target, table: int, *, now: int, floor: FloorCall | None = None) -> dict[str, Any]:
    """What table ``table``'s dealer phone shows: its seats with the button and the
    blinds of the hand being played (dead button and dead small blind on an empty seat,
    the players who sit out), the hands played, when this hand began, hand-for-hand,
    the moves from or to it, and what each button would do (with the reason when
    refused, as the console's guard says it)."""
    state = target.state
    tables = state.tables
    current = tables.tables.get(table)
    if current is None:
        return {"table": table, "exists": False}
    level = clk.blinds_level(state.clock, state.structure, Instant(now))
    positions = current.positions
    marked = set()
    if positions is not None:
        marked = {positions.button, positions.small_blind, positions.big_blind}
    seats = []
    for seat in sorted(set(current.seats) | marked):
        player = current.seats.get(seat)
        seats.append(
            {
                "seat": seat,
                "player": None if player is None else int(player),
                "name": "" if player is None else state.player_name(player),
                "button": positions is not None and seat == positions.button,
                "small_blind": positions is not None and seat == positions.small_blind,
                "big_blind": positions is not None and seat == positions.big_blind,
                "tags": [] if player is None else seat_tags(current, seat, level),
            }
        )
    offered = actions.catalogue().offered(Surface.DEALER)
    for_moves = [action for action in offered if Need.MOVE in action.needs]
    for_players = [
        action for action in offered if Need.PLAYER in action.needs and action not in for_moves
    ]
    for_table = [action for action in offered if action.needs == (Need.TABLE,)]

    def answers(chosen: list[Action], request: Request) -> dict[str, Any]:
        return {action.key: answer(target.refusal(action.command(request))) for action in chosen}

    players = [
        {
            "id": int(player),
            "name": state.player_name(player),
            "seat": seat,
            **answers(for_players, Request(player=player, table=table)),
        }
        for seat, player in sorted(current.seats.items())
    ]
    moves = [
        {
            "text": move_text(state, move),
            "player": int(move.player),
            "from_table": move.from_table,
            "from_seat": move.from_seat,
            "to_table": move.to_table,
            "to_seat": move.to_seat,
            # The move's one button is "done" on the wire (the catalogue's "move_done").
            **{
                "done" if action.key == "move_done" else action.key: answer(
                    target.refusal(action.command(Request(move=move)))
                )
                for action in for_moves
            },
        }
        for move in moves_of(state, table)
    ]
    # R9: this table plays the blinds its hand was dealt at; its next hand, what the
    # room has come to (another table may already play the new level).
    upcoming = clk.level_dealt(state.clock, state.structure, Instant(now))
    playing = current.hand_level or upcoming
    return {
        "table": table,
        "label": table_label(tables, table),
        "exists": True,
        "event": state.name,
        "blinds": {
            "this_hand": level_summary(playing) if playing is not None else "",
            "next_hand": _("Next hand: {blinds}").format(blinds=level_summary(upcoming))
            if upcoming is not None and upcoming != playing
            else "",
        },
        "hands": current.hands,
        # R27: a table that finished the hand-for-hand hand has no hand going on.
        "hand_since": None if tables.waits(table) else current.hand_since,
        "button_placed": positions is not None,
        "seats": seats,
        "players": players,
        "moves": moves,
        "hand_for_hand": {
            "on": tables.hand_for_hand,
            "round": tables.round,
            "still_playing": list(tables.still_playing()),
            "waiting": tables.waits(table),
            "text": waiting_text(state, table),
        },
        "actions": answers(for_table, Request(table=table)),
        "floor": None
        if floor is None
        else {"called_at": floor.called_at, "answered_at": floor.answered_at},
        "shot_clock": shot_clock_view(target, table, Instant(now)),
    }


def shot_clock_view(target: Target, table: int, now: Instant) -> dict[str, Any] | None:
    """This table's shot clock as its phone counts it down (None: none shown): the
    player, the seconds, when it runs out (the phone counts from the server's ``now``),
    the time-bank chips left and whether one may be used, and Stop."""
    row = next((row for row in shot_rows(target.state, now) if row.table == table), None)
    if row is None:
        return None
    running = target.state.shot_clocks.running[table]
    return {
        "player": int(running.player),
        "name": row.name,
        "place": row.place,
        "seconds": row.seconds,
        "ends_at": row.ends_at,
        "warning_ms": WARNING_MS,
        "over": row.over,
        "banks_left": row.banks_left,
        "time_bank": answer(
            target.refusal(actions.command("time_bank", Request(player=running.player)))
        ),
        "stop": answer(target.refusal(actions.command("shot_clock_stop", Request(table=table)))),
    }
