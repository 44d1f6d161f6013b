"""A helper's phone: a trusted friend at the door or the bank.

It may take buy-ins, re-buys, re-entries and add-ons for the event's players and
record a debt paid, nothing else. Each is the console's own command through the
same rules (``Target.refusal``), logged with the phone (``Origin``) and undoable
from the console. What it may not do (the clock, busts, tables) is refused before
the rules are asked. No Qt and no HTTP here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from director.app.remote import BadRequest, Target, answer, whole_number
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import EntrantStatus
from director.core.state import TournamentState


class NotAllowed(RuleViolation):
    """A helper's phone asked for what is not a helper's to do: refused before the
    rules are asked."""


def _paid(data: Mapping[str, Any]) -> bool:
    paid = data.get("paid", True)
    if type(paid) is not bool:
        raise BadRequest("paid: expected true or false")
    return paid


_MAKERS: Mapping[str, Callable[[PlayerId, Mapping[str, Any]], c.Command]] = {
    "buy_in": lambda player, data: c.BuyIn(player=player, paid=_paid(data)),
    "rebuy": lambda player, data: c.Rebuy(player=player, paid=_paid(data)),
    "reentry": lambda player, data: c.Reentry(player=player, paid=_paid(data)),
    "addon": lambda player, data: c.Addon(player=player, paid=_paid(data)),
    "pay": lambda player, _data: c.PayDebt(player=player),
}
"""A helper's actions, each the console's own command for one player."""
_FIELDS: Mapping[str, frozenset[str]] = {
    **{name: frozenset({"action", "player", "paid"}) for name in ("buy_in", "rebuy", "reentry")},
    "addon": frozenset({"action", "player", "paid"}),
    "pay": frozenset({"action", "player"}),
}
_ORGANIZER_ACTIONS = frozenset(
    {
        "start",
        "pause",
        "next_level",
        "previous_level",
        "add_minute",
        "remove_minute",
        "hand_done",
        "bust",
        "move_done",
        "call_floor",
    }
)
"""The remote's and the dealers' actions: a helper asking for one is told it may not."""


def command_for(data: object, state: TournamentState) -> c.Command:
    """The command a helper's phone asks for: ``{"action": "buy_in", "player": 7,
    "paid": true}`` (also ``rebuy``, ``reentry``, ``addon``), ``{"action": "pay",
    "player": 7}``. ``BadRequest`` when not understood, ``NotAllowed`` for another
    phone's action (the rules are asked later)."""
    if not isinstance(data, dict):
        raise BadRequest("expected an object")
    action = data.get("action")
    if isinstance(action, str) and action in _ORGANIZER_ACTIONS:
        raise NotAllowed("helper_not_allowed")
    if not isinstance(action, str) or action not in _FIELDS:
        raise BadRequest("unknown action")
    unknown = set(data) - _FIELDS[action]
    if unknown:
        raise BadRequest(f"unknown field: {sorted(unknown)[0][:40]}")
    player = PlayerId(whole_number(data, "player") or 0)
    if player not in state.players:
        raise BadRequest("unknown player")
    return _MAKERS[action](player, data)


def view(target: Target) -> dict[str, Any]:
    """The event's players for a helper's phone, each action with whether it may be
    done now and why not, as the console's guard greys its buttons."""
    state = target.state
    listed = []
    shown = (EntrantStatus.REGISTERED, EntrantStatus.PLAYING, EntrantStatus.BUSTED)
    people = [(p, e) for p, e in state.players.items() if e.status in shown]
    for player, entrant in sorted(people, key=lambda item: item[1].name.casefold()):
        listed.append(
            {
                "id": int(player),
                "name": entrant.name,
                "status": str(entrant.status),
                **{
                    name: answer(target.refusal(make(player, {}))) for name, make in _MAKERS.items()
                },
            }
        )
    return {"event": target.event_id, "players": listed}
