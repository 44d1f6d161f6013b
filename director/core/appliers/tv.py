"""How the TV's look and the room's message line change the state."""

from __future__ import annotations

from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.state import TournamentState


@applies(e.TvLookChanged)
def _look_changed(state: TournamentState, event: e.TvLookChanged) -> TournamentState:
    return evolve(state, tv_look=event.look)


@applies(e.RoomMessageChanged)
def _message_changed(state: TournamentState, event: e.RoomMessageChanged) -> TournamentState:
    return evolve(state, room_message=event.text)
