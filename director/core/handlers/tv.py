"""The TV: its look for this event, and the message line for the room."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.decide import clean_line, handles
from director.core.errors import require
from director.core.ids import Instant
from director.core.state import TournamentState
from director.core.tv import MESSAGE_MAX_LENGTH, require_valid_look


@handles(c.SetTvLook)
def _look(state: TournamentState, command: c.SetTvLook, now: Instant) -> list[e.Event]:
    if command.look is not None:
        require_valid_look(command.look)
    require(command.look != state.tv_look, "tv_look_unchanged")
    return [e.TvLookChanged(at=now, look=command.look)]


@handles(c.SetRoomMessage)
def _message(state: TournamentState, command: c.SetRoomMessage, now: Instant) -> list[e.Event]:
    text = clean_line(command.text, maximum=MESSAGE_MAX_LENGTH, too_long="message_too_long")
    require(text != state.room_message, "message_unchanged" if text else "no_message")
    return [e.RoomMessageChanged(at=now, text=text)]
