"""A helper's phone: a trusted friend at the door or the bank.

It may take buy-ins, re-buys, re-entries and add-ons for the event's players and
record a debt paid, nothing else: what the catalogue offers a helper
(``app.night.actions``, its ``HELPER`` surface). Each is the console's own command through
the same rules (``Target.refusal``), logged with the phone (``Origin``) and undoable
from the console. What it may not do (the clock, busts, tables) is refused before
the rules are asked. No Qt and no HTTP here.
"""

from __future__ import annotations

from typing import Any

from director.app.club.names import order_key
from director.app.night import actions
from director.app.night.actions import Action, BadRequest, Need, OtherSurface, Request, Surface
from director.app.phones.remote import Target, answer
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.players import EntrantStatus
from director.core.state import TournamentState


class NotAllowed(RuleViolation):
    """A helper's phone asked for what is not a helper's to do: refused before the
    rules are asked."""


def read(data: object, state: TournamentState) -> tuple[Action, Request]:
    """The action a helper's phone asks for and its request: ``{"action": "buy_in",
    "player": 7, "paid": true}`` (also ``rebuy``, ``reentry``, ``addon``),
    ``{"action": "pay", "player": 7}``, ``{"action": "new_player", "name": "Zoé"}``.
    ``BadRequest`` when not understood (a player the event does not know included),
    ``NotAllowed`` for another phone's action (the rules are asked later)."""
    try:
        action, request = actions.parse(data, Surface.HELPER)
    except OtherSurface:
        raise NotAllowed("helper_not_allowed") from None
    if request.player is not None and request.player not in state.players:
        raise BadRequest("unknown player")
    return action, request


def command_for(data: object, state: TournamentState) -> c.Command:
    """The command a helper's phone asks for (``read``). A newcomer
    (``new_player``) is one the roster cannot give here: ``BadRequest`` (the phones'
    routes add him through ``app.phones.door.new_player``)."""
    action, request = read(data, state)
    return action.command(request)


def view(target: Target) -> dict[str, Any]:
    """The event's players for a helper's phone, each action the catalogue offers a
    helper with whether it may be done now and why not, as the console's guard greys
    its buttons."""
    state = target.state
    # Per player: what names a player (a newcomer's name is typed on the page).
    offered = [a for a in actions.catalogue().offered(Surface.HELPER) if Need.PLAYER in a.needs]
    listed = []
    shown = (EntrantStatus.REGISTERED, EntrantStatus.PLAYING, EntrantStatus.BUSTED)
    people = [(p, e) for p, e in state.players.items() if e.status in shown]
    for player, entrant in sorted(people, key=lambda item: order_key(item[1].name)):
        asked = Request(player=player)
        listed.append(
            {
                "id": int(player),
                "name": entrant.name,
                "status": str(entrant.status),
                **{action.key: answer(target.refusal(action.command(asked))) for action in offered},
            }
        )
    return {"event": target.event_id, "players": listed}
