"""Moments the room hears that come from the players, not the clock: the bubble,
the final table, a new message line.

``Moments`` sums up what matters of a state; ``moment_cues`` compares two of
them, before and after one change of the event, and names what was just
reached. Only a change that goes there says so: opening an event already on
the bubble, replaying its log or restarting the app announce nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from director.core.clock import Cue, CueKind
from director.core.state import TournamentState


class Moments(NamedTuple):
    left: int = 0
    """Players still in."""
    paid: int = 0
    """Places paid (0 for a cash game, or before the payouts are known)."""
    deal: bool = False
    tables_in_use: int = 0
    """Tables with at least one player seated."""
    seats_per_table: int = 0
    message: str = ""

    @property
    def on_the_bubble(self) -> bool:
        """The next player out wins nothing, everyone after does."""
        return self.paid > 0 and not self.deal and self.left == self.paid + 1

    @property
    def fits_one_table(self) -> bool:
        return 1 < self.left <= self.seats_per_table


def moments(state: TournamentState, paid: int) -> Moments:
    """What ``state`` says about the room, ``paid`` places being paid."""
    if state.is_cash:
        return Moments(message=state.room_message)
    tables = state.tables
    return Moments(
        left=len(state.alive()),
        paid=paid,
        deal=state.deal is not None,
        tables_in_use=sum(1 for table in tables.tables.values() if table.seats),
        seats_per_table=tables.seats_per_table,
        message=state.room_message,
    )


def moment_cues(before: Moments, after: Moments, index: int) -> list[Cue]:
    """What one change of the event from ``before`` to ``after`` brings the room to
    (``index`` is the clock's item, for the cue): the bubble when a player going
    out made it, the final table when the players left came to fit at one table
    while several were in play, a message line newly shown."""
    found: list[Cue] = []
    if after.on_the_bubble and not before.on_the_bubble and after.left < before.left:
        found.append(Cue(CueKind.BUBBLE, index))
    if (
        after.fits_one_table
        and before.left > before.seats_per_table
        and before.tables_in_use > 1
        and after.left < before.left
    ):
        found.append(Cue(CueKind.FINAL_TABLE, index))
    if after.message and after.message != before.message:
        found.append(Cue(CueKind.MESSAGE, index))
    return found
