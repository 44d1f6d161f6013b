"""A player looks up his own table and seat, or his place once he is out.

Only what the room already sees on the TV: names as the seat draw shows them,
tables and seats, places. No contact details, no nicknames, no money.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from director.app.views.table_texts import seat_label
from director.core.players import EntrantStatus
from director.core.results import player_results
from director.core.state import TournamentState
from director.core.text import name_order
from director.i18n import _


@dataclass(frozen=True)
class PublicPlayer:
    """One player as anyone in the room may look him up."""

    name: str
    status: str
    """"in" (still playing), "out" (busted), "left" (a cash game's player gone)."""
    text: str
    """Where he is: "Table 2 · Seat 5", "Out in 14th place"..."""
    table: int = 0
    seat: int = 0
    place: int = 0
    """His place once out (the best of a shared place); 0 while in."""


def place_words(best: int, worst: int) -> str:
    if worst > best:
        return _("Out, sharing places {best} to {worst}").format(best=best, worst=worst)
    return _("Out in place {place}").format(place=best)


def public_players(state: TournamentState) -> list[PublicPlayer]:
    """Every player who bought in, by name, with where he sits or how he finished."""
    seated = state.tables.seated()
    places = {result.player: result.place for result in player_results(state)}
    found = []
    for player, entrant in state.players.items():
        status = entrant.status
        if status is EntrantStatus.PLAYING:
            where = seated.get(player)
            if where is None:
                found.append(PublicPlayer(entrant.name, "in", _("Playing, no seat drawn yet")))
            else:
                table, seat = where
                text = seat_label(state.tables, table, seat)
                found.append(PublicPlayer(entrant.name, "in", text, table, seat))
        elif status is EntrantStatus.BUSTED:
            place = places.get(player)
            if place is None:
                found.append(PublicPlayer(entrant.name, "out", _("Out")))
            else:
                text = place_words(place.best, place.worst)
                found.append(PublicPlayer(entrant.name, "out", text, place=place.best))
        elif status is EntrantStatus.LEFT:
            found.append(PublicPlayer(entrant.name, "left", _("Left the game")))
    return sorted(found, key=lambda item: name_order(item.name))


def players_json(state: TournamentState) -> list[dict[str, Any]]:
    """``public_players`` as JSON-ready data."""
    return [
        {
            "name": item.name,
            "status": item.status,
            "text": item.text,
            "table": item.table,
            "seat": item.seat,
            "place": item.place,
        }
        for item in public_players(state)
    ]
