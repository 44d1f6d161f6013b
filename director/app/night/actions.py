"""The one catalogue of what can be asked for, and from where.

Each action the console's buttons and hotkeys, the organizer's remote, a table's
dealer phone and a helper's phone offer is one entry here: its key (the ``action``
a phone sends, the key the console binds), its label, its hotkey, what it needs
(nothing, a player, a table, whether it is paid...), the surfaces that offer it,
and how a typed ``Request`` becomes a ``director.core.commands`` command. One
parser reads the JSON a phone sends (``parse``), one builder makes the command
(``command``); each surface adds only its own rights (a dealer acts on his table,
a helper on money). A new action, say an add-on from the remote, is one entry.

Actions with no command (a call for the floor, undo, the hotkeys' help) are listed
too: the surface that offers them does them itself. No Qt and no HTTP here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from director.core.errors import RuleViolation
from director.core.frozen import Record, dataclass
from director.core.ids import MINUTE_MS, PlayerId
from director.i18n import N_

if TYPE_CHECKING:
    from director.core import commands as c
    from director.core.seating import Move
    from director.core.state import TournamentState
else:

    class _Commands:
        """``director.core.commands``, imported when a command is first built: the
        window lists its hotkeys and paints the events before loading any rule."""

        def __getattr__(self, name: str) -> Any:
            from director.core import commands

            return getattr(commands, name)

    c = _Commands()

INT_LIMIT = 2**31
"""Numbers a phone sends (players, tables, chips) stay under this."""


class BadRequest(ValueError):
    """A request a phone sent that is not understood (not a rule's refusal)."""


class OtherSurface(BadRequest):
    """A request for an action the catalogue knows, but another phone's to ask for:
    a dealer's or a helper's phone says it may not; the remote, that it is unknown."""

    def __init__(self, key: str) -> None:
        super().__init__("unknown action")
        self.key = key


class Surface(Enum):
    """Where an action is offered."""

    CONSOLE = "console"
    REMOTE = "remote"
    """The organizer's phone."""
    DEALER = "dealer"
    """A table's dealer phone: its own table only."""
    HELPER = "helper"
    """A helper's phone at the door or the bank: money only."""


PHONES = (Surface.REMOTE, Surface.DEALER, Surface.HELPER)


class Need(Enum):
    """What an action is made from; the value is the field a phone sends for it."""

    PLAYER = "player"
    TABLE = "table"
    ELIMINATOR = "eliminator"
    """Who knocked the player out (optional)."""
    STACK = "stack"
    """The player's chips now, for a re-buy under a threshold (optional)."""
    PAID = "paid"
    """Paid now (true, the default) or owed."""
    AMOUNT = "amount"
    """Money (a cash game's buy-in or top-up)."""
    CHIPS = "chips"
    """Chips handed back (a cash-out)."""
    MOVE = "move"
    """A planned move, named by its player and where he goes (``to_table``, ``to_seat``)."""
    RUNNING = "running"
    """Whether the clock runs now (the console's start-or-pause): never sent by a phone."""
    SECONDS = "seconds"
    """A shot clock's length (optional: the event's own)."""
    NAME = "name"
    """A newcomer's name, as typed (cleaned by the roster's rule for names)."""


_WIRE: Mapping[Need, tuple[str, ...]] = {
    Need.PLAYER: ("player",),
    Need.TABLE: ("table",),
    Need.ELIMINATOR: ("eliminator",),
    Need.STACK: ("stack",),
    Need.PAID: ("paid",),
    Need.AMOUNT: ("amount",),
    Need.CHIPS: ("chips",),
    Need.MOVE: ("to_table", "to_seat"),
    Need.RUNNING: (),
    Need.SECONDS: ("seconds",),
    Need.NAME: ("name",),
}
"""The JSON fields of each need."""
_OPTIONAL = frozenset({Need.ELIMINATOR, Need.STACK, Need.PAID, Need.AMOUNT, Need.SECONDS})

GIVEN: Mapping[Surface, frozenset[Need]] = {Surface.DEALER: frozenset({Need.TABLE})}
"""What a surface supplies itself: a dealer's phone acts at its own table (its
``table`` field may be left out, and must be that table when sent)."""
WITHHELD: Mapping[Surface, frozenset[Need]] = {
    Surface.HELPER: frozenset({Need.STACK, Need.AMOUNT, Need.CHIPS})
}
"""What a surface may not send: a helper's phone takes the event's prices."""


@dataclass(frozen=True, eq=False, repr=False)
class Request(Record):
    """An action asked for, typed: what its needs are filled with."""

    player: PlayerId | None = None
    table: int | None = None
    eliminator: PlayerId | None = None
    stack: int | None = None
    paid: bool = True
    amount: int | None = None
    chips: int | None = None
    to_table: int | None = None
    to_seat: int | None = None
    seconds: int | None = None
    move: Move | None = None
    """The planned move itself, once found (``planned_move``)."""
    running: bool = False
    name: str | None = None
    """A newcomer's name (cleaned)."""
    enrol: Enrol | None = None
    """How a newcomer's name becomes his roster record (``app.phones.door``): his id, name
    and nickname. Asking the rules first, a surface passes one that writes nothing."""


Enrol = Callable[[str], "tuple[PlayerId, str, str]"]


@dataclass(frozen=True, eq=False, repr=False)
class Hotkey(Record):
    """The console's keys for an action, and what the hotkeys' list says of them."""

    keys: tuple[str, ...]
    description: str
    """Marked with ``N_``: translated when shown."""
    numbered: bool = False
    """Each key is a table's (Ctrl+1 for table 1...); else the surface finds the table."""


Builder = Callable[[Request], "c.Command"]


@dataclass(frozen=True, eq=False, repr=False)
class Action(Record):
    """One entry of the catalogue."""

    key: str
    label: str
    """Marked with ``N_``: translated when shown."""
    surfaces: frozenset[Surface]
    needs: tuple[Need, ...] = ()
    build: Builder | None = None
    """How a request becomes a command; None for what is not a command (the
    surface does it itself: a call for the floor, undo, the hotkeys' help)."""
    hotkey: Hotkey | None = None

    def fields(self, surface: Surface) -> frozenset[str]:
        """The JSON fields ``surface`` may send for this action."""
        withheld = WITHHELD.get(surface, frozenset())
        sent = (name for need in self.needs if need not in withheld for name in _WIRE[need])
        return frozenset({"action", *sent})

    def command(self, request: Request) -> c.Command:
        """The command ``request`` asks for; ``BadRequest`` when one is missing."""
        if self.build is None:
            raise BadRequest(f"{self.key}: not a command")
        return self.build(request)


def _player(request: Request) -> PlayerId:
    if request.player is None:
        raise BadRequest("player: expected a whole number")
    return request.player


def _number(value: int | None, name: str) -> int:
    if value is None:
        raise BadRequest(f"{name}: expected a whole number")
    return value


def _bust(request: Request) -> c.Command:
    from director.core.players import Bust

    return c.BustPlayers(busts=(Bust(player=_player(request), eliminator=request.eliminator),))


def _new_player(request: Request) -> c.Command:
    """A newcomer: his roster record (found or added by ``request.enrol``) bought in
    at the event's price (a cash game's amount is the console's)."""
    if request.name is None:
        raise BadRequest("name: expected text")
    if request.enrol is None:
        raise BadRequest("name: the roster cannot be reached")
    player, name, nickname = request.enrol(request.name)
    return c.BuyIn(player=player, name=name, nickname=nickname, paid=request.paid)


def _confirm_move(request: Request) -> c.Command:
    if request.move is None:
        raise BadRequest("move: not found")
    return c.ConfirmMove(move=request.move)


CONSOLE = frozenset({Surface.CONSOLE})
_C, _R, _D, _H = Surface.CONSOLE, Surface.REMOTE, Surface.DEALER, Surface.HELPER
_PLAYER_PAID = (Need.PLAYER, Need.PAID)


@dataclass(frozen=True, eq=False, repr=False)
class Catalogue(Record):
    """The actions, in the order the console lists their hotkeys."""

    actions: tuple[Action, ...]
    _by_key: Mapping[str, Action] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {action.key: action for action in self.actions}
        if len(by_key) != len(self.actions):
            raise ValueError("two actions with the same key")
        object.__setattr__(self, "_by_key", by_key)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def get(self, key: str) -> Action | None:
        return self._by_key.get(key)

    def __getitem__(self, key: str) -> Action:
        return self._by_key[key]

    def offered(self, surface: Surface) -> tuple[Action, ...]:
        """What ``surface`` offers, in the catalogue's order."""
        return tuple(action for action in self.actions if surface in action.surfaces)

    def keys(self, surface: Surface) -> frozenset[str]:
        return frozenset(action.key for action in self.offered(surface))

    def hotkeys(self) -> tuple[tuple[Action, Hotkey], ...]:
        """The console's hotkeys, each with its action."""
        return tuple(
            (action, action.hotkey)
            for action in self.actions
            if action.hotkey is not None and Surface.CONSOLE in action.surfaces
        )

    def adding(self, *actions: Action) -> Catalogue:
        """This catalogue with ``actions`` added (or replaced, by key) at the end."""
        keys = {action.key for action in actions}
        return Catalogue((*(a for a in self.actions if a.key not in keys), *actions))


CATALOGUE = Catalogue(
    (
        Action(
            "start_pause",
            N_("Start or pause the clock"),
            CONSOLE,
            (Need.RUNNING,),
            lambda request: c.PauseClock() if request.running else c.StartClock(),
            Hotkey(("Space",), N_("Start, pause or resume the clock")),
        ),
        Action("start", N_("Start"), frozenset({_R}), (), lambda _request: c.StartClock()),
        Action("pause", N_("Pause"), frozenset({_R}), (), lambda _request: c.PauseClock()),
        Action(
            "next_level",
            N_("Next level"),
            frozenset({_C, _R}),
            (),
            lambda _request: c.NextLevel(),
            Hotkey(("Right",), N_("Next level")),
        ),
        Action(
            "previous_level",
            N_("Previous level"),
            frozenset({_C, _R}),
            (),
            lambda _request: c.PreviousLevel(),
            Hotkey(("Left",), N_("Previous level")),
        ),
        Action(
            "add_minute",
            N_("Add a minute"),
            frozenset({_C, _R}),
            (),
            lambda _request: c.AdjustTime(delta_ms=MINUTE_MS),
            Hotkey(("+", "="), N_("Add a minute")),
        ),
        Action(
            "remove_minute",
            N_("Remove a minute"),
            frozenset({_C, _R}),
            (),
            lambda _request: c.AdjustTime(delta_ms=-MINUTE_MS),
            Hotkey(("-",), N_("Remove a minute")),
        ),
        Action(
            "next_hand",
            N_("Next hand"),
            CONSOLE,
            (),
            lambda _request: c.NextHand(),
            Hotkey(("N",), N_("Next hand: new blinds apply, hand-counted levels move on")),
        ),
        Action(
            "hand_done",
            N_("Hand done"),
            frozenset({_C, _R, _D}),
            (Need.TABLE,),
            lambda request: c.HandDone(table=request.table or 0),
            Hotkey(
                tuple(f"Ctrl+{n}" for n in range(1, 10)),
                N_("Hand done at table 1 to 9: move the button and the blinds"),
                numbered=True,
            ),
        ),
        Action(
            "bust",
            N_("Bust"),
            frozenset({_C, _R, _D}),
            (Need.PLAYER, Need.ELIMINATOR),
            _bust,
            Hotkey(("Ctrl+B",), N_("The selected player is out (knocked out by whom, Enter)")),
        ),
        Action(
            "rebuy",
            N_("Re-buy"),
            frozenset({_C, _R, _H}),
            (Need.PLAYER, Need.STACK, Need.PAID),
            lambda request: c.Rebuy(
                player=_player(request), paid=request.paid, stack=request.stack
            ),
            Hotkey(("Ctrl+R",), N_("Re-buy for the selected player")),
        ),
        Action(
            "addon",
            N_("Add-on"),
            frozenset({_C, _H}),
            _PLAYER_PAID,
            lambda request: c.Addon(player=_player(request), paid=request.paid),
            Hotkey(("Ctrl+D",), N_("Add-on for the selected player")),
        ),
        Action(
            "buy_in",
            N_("Buy-in"),
            frozenset({_C, _H}),
            (Need.PLAYER, Need.PAID, Need.AMOUNT),
            lambda request: c.BuyIn(
                player=_player(request), paid=request.paid, amount=request.amount or 0
            ),
        ),
        Action(
            "reentry",
            N_("Re-entry"),
            frozenset({_C, _H}),
            _PLAYER_PAID,
            lambda request: c.Reentry(player=_player(request), paid=request.paid),
        ),
        Action(
            "pay",
            N_("Pay debt"),
            frozenset({_C, _H}),
            (Need.PLAYER,),
            lambda request: c.PayDebt(player=_player(request)),
        ),
        Action(
            "revert",
            N_("Put back in"),
            CONSOLE,
            (Need.PLAYER,),
            lambda request: c.RevertBust(player=_player(request)),
        ),
        Action(
            "pay_out",
            N_("Pay out"),
            CONSOLE,
            (Need.PLAYER,),
            lambda request: c.PayOutDue(player=_player(request)),
        ),
        Action(
            "remove",
            N_("Remove entry"),
            CONSOLE,
            (Need.PLAYER,),
            lambda request: c.RemoveEntry(player=_player(request)),
        ),
        Action(
            "top_up",
            N_("Top-up"),
            CONSOLE,
            (Need.PLAYER, Need.AMOUNT, Need.PAID),
            lambda request: c.TopUp(
                player=_player(request),
                amount=_number(request.amount, "amount"),
                paid=request.paid,
            ),
        ),
        Action(
            "cash_out",
            N_("Cash-out"),
            CONSOLE,
            (Need.PLAYER, Need.CHIPS, Need.PAID),
            lambda request: c.CashOut(
                player=_player(request), chips=_number(request.chips, "chips"), paid=request.paid
            ),
        ),
        Action(
            "rake",
            N_("Rake"),
            CONSOLE,
            (Need.CHIPS, Need.PAID),
            # A cash game's: ``chips`` is the pot (0 for a charge per hour or per seat).
            lambda request: c.TakeRake(pot=request.chips or 0, paid=request.paid),
        ),
        Action(
            "move_done",
            N_("Move done"),
            frozenset({_C, _D}),
            (Need.PLAYER, Need.MOVE),
            _confirm_move,
        ),
        Action(
            "shot_clock",
            N_("Start the shot clock"),
            frozenset({_C, _D}),
            (Need.PLAYER, Need.SECONDS),
            # Its length is the rules' to check (``core.shot_clock``).
            lambda request: c.StartShotClock(player=_player(request), seconds=request.seconds),
            Hotkey(("Ctrl+T",), N_("Shot clock for the selected player (the event's length)")),
        ),
        Action(
            "time_bank",
            N_("Time bank"),
            frozenset({_C, _D}),
            (Need.PLAYER,),
            lambda request: c.UseTimeBank(player=_player(request)),
        ),
        Action(
            "shot_clock_stop",
            N_("Stop the shot clock"),
            frozenset({_C, _D}),
            (Need.TABLE,),
            lambda request: c.StopShotClock(table=_number(request.table, "table")),
            Hotkey(("Ctrl+Shift+T",), N_("Stop the shot clock at the selected player's table")),
        ),
        Action("call_floor", N_("Call the floor"), frozenset({_D})),
        Action(
            "new_player", N_("New player"), frozenset({_H}), (Need.NAME, Need.PAID), _new_player
        ),
        Action(
            "show_display",
            N_("Show on TV"),
            CONSOLE,
            hotkey=Hotkey(("F5",), N_("Show the clock on the TV")),
        ),
        Action(
            "help",
            N_("Keyboard shortcuts"),
            CONSOLE,
            hotkey=Hotkey(("F1", "?"), N_("Show or hide this list")),
        ),
        Action("undo", N_("Undo"), CONSOLE, hotkey=Hotkey(("Ctrl+Z",), N_("Undo the last action"))),
        Action("redo", N_("Redo"), CONSOLE, hotkey=Hotkey(("Ctrl+Shift+Z",), N_("Redo"))),
    )
)
"""Every action, once. Surfaces read it when asked (``catalogue()``), so an entry
added here (or by a test) is offered at once where it says."""


def catalogue() -> Catalogue:
    """The catalogue in use (read at each call: a test may replace ``CATALOGUE``)."""
    return CATALOGUE


def command(key: str, request: Request | None = None) -> c.Command:
    """The console's builder: the command of action ``key`` for ``request``."""
    return catalogue()[key].command(request or Request())


# -- what a phone sends ---------------------------------------------------------------


def whole_number(data: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    """``data[key]`` as a phone sent it: a whole number under ``INT_LIMIT`` (or None
    when ``optional`` and absent); ``BadRequest`` otherwise."""
    value = data.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < INT_LIMIT:
        raise BadRequest(f"{key}: expected a whole number")
    return value


def typed_name(data: Mapping[str, Any], key: str = "name") -> str:
    """A name sent by a phone, cleaned: one line, single spaces (``BadRequest`` when
    not text; ``RuleViolation`` when empty, too long or with a control character)."""
    from director.core.decide import clean_name

    value = data.get(key)
    if not isinstance(value, str):
        raise BadRequest(f"{key}: expected text")
    return " ".join(clean_name(value).split())


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, True)
    if type(value) is not bool:
        raise BadRequest(f"{key}: expected true or false")
    return value


def parse(data: object, surface: Surface) -> tuple[Action, Request]:
    """The action a phone's JSON asks for on ``surface``, and its typed request:
    ``{"action": "bust", "player": 7, "eliminator": 3}``. ``OtherSurface`` for an
    action another phone offers, ``BadRequest`` for anything else not understood
    (an unknown action or field, a number that is not a whole number under
    ``INT_LIMIT``, a flag that is not true or false). The rules are asked later."""
    if not isinstance(data, dict):
        raise BadRequest("expected an object")
    key = data.get("action")
    known = catalogue()
    action = known.get(key) if isinstance(key, str) else None
    if action is None or surface not in action.surfaces:
        if action is not None and any(phone in action.surfaces for phone in PHONES):
            raise OtherSurface(action.key)
        raise BadRequest("unknown action")
    unknown = set(data) - action.fields(surface)
    if unknown:
        raise BadRequest(f"unknown field: {sorted(unknown)[0][:40]}")
    given = GIVEN.get(surface, frozenset())
    withheld = WITHHELD.get(surface, frozenset())
    values: dict[str, Any] = {}
    for need in action.needs:
        if need in withheld:
            continue
        optional = need in _OPTIONAL or need in given
        if need is Need.PAID:
            values["paid"] = _flag(data, "paid")
            continue
        if need is Need.NAME:
            values["name"] = typed_name(data)
            continue
        for name in _WIRE[need]:  # whole numbers, each checked
            values[name] = whole_number(data, name, optional=optional)
        if need in (Need.PLAYER, Need.ELIMINATOR) and values[need.value] is not None:
            values[need.value] = PlayerId(values[need.value])
    return action, Request(**values)


def planned_move(state: TournamentState, request: Request) -> Request:
    """``request`` with the planned move it names (its player going to ``to_table``,
    seat ``to_seat``); ``RuleViolation`` when no such move waits."""
    move = next(
        (
            move
            for move in state.tables.pending
            if request.player is not None
            and int(move.player) == int(request.player)
            and move.to_table == request.to_table
            and move.to_seat == request.to_seat
        ),
        None,
    )
    if move is None:
        raise RuleViolation("move_not_planned")
    return replace(request, move=move)
