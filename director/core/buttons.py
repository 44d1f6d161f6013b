"""The button and the blinds at one table (R11-R14). Seats are numbered 1..seats
clockwise.

Dead button (tournaments, R11, TDA 32): the big blind always moves to the next
player still in; the small blind goes to the seat that had the big blind, and
is not posted if that seat is now empty; the button goes to the seat that had
the small blind, even if it is empty. Moving button (cash games, R12): the
button moves to the next player and the blinds follow. Heads-up (R13): the
button is the small blind, and the player who had the big blind most
recently gets the button.

>>> first_hand(3, range(1, 10), seats=9)
Positions(button=3, small_blind=4, big_blind=5)
>>> next_hand(Positions(3, 4, 5), [1, 2, 3, 5, 6, 7, 8, 9], seats=9)
Positions(button=4, small_blind=5, big_blind=6)
"""

from __future__ import annotations

from collections.abc import Collection

from director.core.errors import RuleViolation, require
from director.core.frozen import dataclass

DEAD = "dead"
MOVING = "moving"
MIN_SEATS = 2
MAX_SEATS = 10


@dataclass(frozen=True)
class Positions:
    """Who has the button and the blinds for a hand."""

    button: int
    """May be an empty seat (dead button)."""
    small_blind: int
    """No small blind is posted when this seat is empty (dead small blind)."""
    big_blind: int
    """Always a seated player."""


def _check(occupied: Collection[int], seats: int) -> list[int]:
    require(
        MIN_SEATS <= seats <= MAX_SEATS,
        "seats_per_table_out_of_range",
        minimum=MIN_SEATS,
        maximum=MAX_SEATS,
    )
    ordered = sorted(set(occupied))
    require(all(1 <= seat <= seats for seat in ordered), "no_such_seat")
    require(len(ordered) >= 2, "table_needs_two_players")
    return ordered


def next_occupied(seat: int, occupied: Collection[int], *, seats: int) -> int:
    """The first occupied seat clockwise after ``seat`` (``seat`` itself last)."""
    for step in range(1, seats + 1):
        candidate = (seat - 1 + step) % seats + 1
        if candidate in occupied:
            return candidate
    raise RuleViolation("table_needs_two_players")


def first_hand(button: int, occupied: Collection[int], *, seats: int) -> Positions:
    """The positions for the first hand, the button being on ``button`` (R7)."""
    taken = set(_check(occupied, seats))
    require(button in taken, "button_on_empty_seat", seat=button)
    if len(taken) == 2:
        return Positions(button, button, next_occupied(button, taken, seats=seats))
    small = next_occupied(button, taken, seats=seats)
    return Positions(button, small, next_occupied(small, taken, seats=seats))


def next_hand(
    previous: Positions,
    occupied: Collection[int],
    *,
    seats: int,
    method: str = DEAD,
    waiting: Collection[int] = (),
    newcomers: Collection[int] = (),
) -> Positions:
    """The positions for the hand after ``previous``, with ``occupied`` the seats
    holding a player for that hand (newcomers included).

    ``waiting`` (moving button only): seats whose player is not dealt in until
    the big blind reaches him (R12, R14). The button and the small blind move
    over the players who are dealt in only; the big blind may fall on a
    waiting player, who is then dealt in.

    ``newcomers`` (moving button only): seats taken since ``previous`` was
    dealt. One who sat between the button and the big blind does not take the
    button or the small blind: he waits until the button has passed him (R14,
    seed 002 §4.1.7), and the blinds move on to players dealt in.

    >>> next_hand(Positions(3, 4, 5), range(1, 10), seats=9, method=MOVING, waiting=[5])
    Positions(button=4, small_blind=6, big_blind=7)
    >>> next_hand(Positions(5, 7, 8), range(1, 10), seats=9, method=MOVING, newcomers=[6])
    Positions(button=7, small_blind=8, big_blind=9)
    """
    taken = set(_check(occupied, seats))
    if method == MOVING:
        passing = set(waiting)
        if previous.button != previous.small_blind:
            # §4.1.7: the button passes over a newcomer who sat where it goes next.
            gap = between(previous.button, previous.big_blind, seats=seats)
            passing |= set(newcomers) & set(gap)
        dealt = taken - passing
        if len(dealt) < 2:
            dealt = taken
        button = next_occupied(previous.button, dealt, seats=seats)
        small = next_occupied(button, dealt, seats=seats)
        big = next_occupied(small, taken, seats=seats)
        if big != button:
            return Positions(button, small, big)
        # Only two players dealt in, nobody waiting on the way to the big
        # blind: heads-up between them (below).
        taken = dealt
    big = next_occupied(previous.big_blind, taken, seats=seats)
    if len(taken) == 2:
        # Heads-up (R13): the player who did not just have the big blind gets
        # it; the other (who had it most recently) has the button and the
        # small blind.
        other = next_occupied(big, taken, seats=seats)
        return Positions(other, other, big)
    require(method == DEAD, "unknown_button_method", method=method)
    return Positions(previous.small_blind, previous.big_blind, big)


def between(start: int, end: int, *, seats: int) -> list[int]:
    """The seats strictly between ``start`` and ``end``, clockwise."""
    found: list[int] = []
    seat = start % seats + 1
    while seat != end and len(found) < seats:
        found.append(seat)
        seat = seat % seats + 1
    return found


def dealt_out(positions: Positions, newcomers: Collection[int], *, seats: int) -> frozenset[int]:
    """Newcomers who sit out this hand: those between the small blind and the
    button (R14, TDA 10-A), who would otherwise play the button without
    posting."""
    if positions.button == positions.small_blind:
        return frozenset()
    gap = set(between(positions.button, positions.small_blind, seats=seats))
    return frozenset(seat for seat in newcomers if seat in gap)
