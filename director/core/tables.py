"""The tables of an event: who sits where, the button and blinds at each table,
the moves waiting for the organizer, hand-for-hand (R5, R7, R11-R14, R24-R27).

Seat numbers count from 1 clockwise; table numbers from 1. Moves use the
player's id as text, as ``seating`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from director.core.buttons import DEAD, Positions
from director.core.ids import Instant, PlayerId
from director.core.seating import Move, Table

DEFAULT_SEATS = 9
RECENT_MOVE_MS = 2 * 60_000
"""How long a confirmed move stays on the clock display."""


@dataclass(frozen=True)
class TableState:
    number: int
    seats: Mapping[int, PlayerId] = field(default_factory=dict)
    """Occupied seat -> player."""
    positions: Positions | None = None
    """The button and blinds of the hand being played (after "hand done": the next one)."""
    hands: int = 0
    newcomers: frozenset[int] = frozenset()
    """Seats taken since the last hand was dealt (R14)."""
    dealt_out: frozenset[int] = frozenset()
    """Seats not dealt in the current hand (R14)."""
    sitting_out: frozenset[int] = frozenset()
    """Cash game: players away from the table."""
    waiting: frozenset[int] = frozenset()
    """Cash game: newcomers waiting for the big blind or to post one (R14)."""
    owes_big: frozenset[int] = frozenset()
    """Cash game: missed a big blind while away (R12)."""
    owes_small: frozenset[int] = frozenset()
    """Cash game: missed a small blind while away (R12)."""

    def seat_of(self, player: PlayerId) -> int | None:
        for seat, occupant in self.seats.items():
            if occupant == player:
                return seat
        return None

    def active(self) -> frozenset[int]:
        """Seats that play the next hand's button and blinds (not away)."""
        return frozenset(seat for seat in self.seats if seat not in self.sitting_out)


@dataclass(frozen=True)
class ConfirmedMove:
    move: Move
    at: Instant


@dataclass(frozen=True)
class SeatRecord:
    """Where a player sat before leaving their seat (to give it back on a re-buy)."""

    table: int
    seat: int


@dataclass(frozen=True)
class TablesState:
    seats_per_table: int = DEFAULT_SEATS
    method: str = DEAD
    tables: Mapping[int, TableState] = field(default_factory=dict)
    break_order: tuple[int, ...] = ()
    pending: tuple[Move, ...] = ()
    """Moves planned after the last change, waiting for the organizer (R24, R25)."""
    recent: tuple[ConfirmedMove, ...] = ()
    hand_for_hand: bool = False
    round: int = 0
    round_done: frozenset[int] = frozenset()
    final_redraw: bool = True
    vacated: Mapping[PlayerId, SeatRecord] = field(default_factory=dict)

    @property
    def drawn(self) -> bool:
        return bool(self.tables)

    def where(self, player: PlayerId) -> tuple[int, int] | None:
        """(table, seat) of ``player``, if seated."""
        for table in self.tables.values():
            seat = table.seat_of(player)
            if seat is not None:
                return table.number, seat
        return None

    def seated(self) -> dict[PlayerId, tuple[int, int]]:
        return {
            player: (table.number, seat)
            for table in self.tables.values()
            for seat, player in table.seats.items()
        }

    def for_planning(self) -> list[Table]:
        """The tables in the form ``seating.plan_moves`` takes."""
        return [
            Table(
                table.number,
                {seat: str(player) for seat, player in table.seats.items()},
                table.positions,
            )
            for table in sorted(self.tables.values(), key=lambda t: t.number)
        ]


def default_break_order(numbers: list[int]) -> tuple[int, ...]:
    """The highest-numbered table breaks first."""
    return tuple(sorted(numbers, reverse=True))
