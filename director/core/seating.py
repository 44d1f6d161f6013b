"""Seat draws, balancing and breaking tables (R5, R7, R24-R26).

The draw fills tables evenly and spreads each table's players around it;
who sits where is a fair shuffle. After each bust, ``plan_moves`` breaks the
next table in the breaking order as soon as the players fit at one table
fewer, with its players drawn into the open seats (keeping tables even), then
balances: a table two or more short of the largest takes the player due to
be big blind next at the largest table, into its worst position (the open
seat the big blind reaches first, never the small blind).

>>> import random
>>> sorted(draw_seats(["a", "b", "c"], seats_per_table=9, rng=random.Random(1)).values())
[(1, 3), (1, 6), (1, 9)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from director.core.buttons import MAX_SEATS, MIN_SEATS, Positions, next_occupied
from director.core.errors import require

if TYPE_CHECKING:
    import random  # the rules take a generator; they never make one


@dataclass(frozen=True)
class Table:
    number: int
    seats: Mapping[int, str]
    """Occupied seat -> player."""
    last_hand: Positions | None = None


@dataclass(frozen=True)
class Move:
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


def table_count(players: int, seats_per_table: int) -> int:
    """The fewest tables that seat ``players``."""
    return max(1, -(-players // seats_per_table))


def spread_seats(count: int, seats: int, rng: random.Random) -> list[int]:
    """``count`` seats spread evenly around a table of ``seats``, turned at random."""
    require(0 <= count <= seats, "too_many_players_for_table")
    if count == 0:
        return []
    offset = rng.randrange(seats)
    chosen = sorted({(offset + (index * seats) // count) % seats + 1 for index in range(count)})
    return chosen


def draw_seats(
    players: Sequence[str], *, seats_per_table: int, rng: random.Random, tables: int | None = None
) -> dict[str, tuple[int, int]]:
    """R7: a seat for every player, as (table, seat) counted from 1.

    Tables are filled evenly (their sizes differ by at most one); players are
    shuffled fairly into the seats.
    """
    require(
        MIN_SEATS <= seats_per_table <= MAX_SEATS,
        "seats_per_table_out_of_range",
        minimum=MIN_SEATS,
        maximum=MAX_SEATS,
    )
    require(len(set(players)) == len(players), "player_listed_twice")
    count = tables or table_count(len(players), seats_per_table)
    require(count * seats_per_table >= len(players), "not_enough_seats")
    sizes = [
        len(players) // count + (1 if index < len(players) % count else 0) for index in range(count)
    ]
    places = [
        (table, seat)
        for table, size in enumerate(sizes, start=1)
        for seat in spread_seats(size, seats_per_table, rng)
    ]
    shuffled = list(players)
    rng.shuffle(shuffled)
    return dict(zip(shuffled, places, strict=True))


def draw_open_seat(
    tables: Sequence[Table],
    *,
    seats_per_table: int,
    rng: random.Random,
    exclude: Iterable[int] = (),
) -> tuple[int, int]:
    """R5: a seat for a late entrant, drawn among the open seats of the tables
    with the fewest players, so that tables stay balanced."""
    excluded = set(exclude)
    candidates = [
        table
        for table in tables
        if table.number not in excluded and len(table.seats) < seats_per_table
    ]
    require(bool(candidates), "no_open_seat")
    fewest = min(len(table.seats) for table in candidates)
    open_seats = [
        (table.number, seat)
        for table in candidates
        if len(table.seats) == fewest
        for seat in range(1, seats_per_table + 1)
        if seat not in table.seats
    ]
    return open_seats[rng.randrange(len(open_seats))]


@dataclass
class _Working:
    number: int
    seats: Mapping[int, str]
    """The table's own seat map until a move changes it (copied on first write)."""
    last_hand: Positions | None
    broken: bool = False
    arrived: set[int] = field(default_factory=set)
    owned: bool = False

    def _own(self) -> dict[int, str]:
        if not self.owned:
            self.seats = dict(self.seats)
            self.owned = True
        assert isinstance(self.seats, dict)
        return self.seats

    def take(self, seat: int, player: str) -> None:
        self._own()[seat] = player
        self.arrived.add(seat)

    def leave(self, seat: int) -> str:
        return self._own().pop(seat)


def _next_big_blind_player(table: _Working, seats_per_table: int, rng: random.Random) -> int:
    """The seat of the player due to be big blind next at ``table`` (R24)."""
    occupied = set(table.seats)
    if table.last_hand is not None:
        return next_occupied(table.last_hand.big_blind, occupied, seats=seats_per_table)
    return sorted(occupied)[rng.randrange(len(occupied))]


def worst_open_seat(table: _Working | Table, seats_per_table: int, rng: random.Random) -> int:
    """R24: the open seat the big blind reaches first, never the small blind.

    The next small blind is the seat of the last big blind, so that seat is
    never given even when empty. Without a hand played yet, any open seat.
    """
    occupied = set(table.seats)
    open_seats = [seat for seat in range(1, seats_per_table + 1) if seat not in occupied]
    require(bool(open_seats), "no_open_seat")
    if table.last_hand is None:
        return open_seats[rng.randrange(len(open_seats))]
    big = table.last_hand.big_blind
    for step in range(1, seats_per_table):
        seat = (big - 1 + step) % seats_per_table + 1
        if seat not in occupied and seat != big:
            return seat
    return open_seats[0]


def plan_moves(
    tables: Sequence[Table],
    *,
    seats_per_table: int,
    break_order: Sequence[int],
    rng: random.Random,
) -> list[Move]:
    """The moves that break a table when the players fit at one table fewer
    (the next in ``break_order``), then balance the rest (R24, R25).

    Every table that breaks in one plan is known before anyone moves, and its
    players are drawn only into the open seats of tables that stay, so nobody
    moves twice (TDA: nobody moves twice when once will do).
    """
    working = {
        table.number: _Working(table.number, table.seats, table.last_hand) for table in tables
    }
    moves: list[Move] = []
    order = [number for number in break_order if number in working]
    listed = set(order)
    order += sorted((n for n in working if n not in listed), reverse=True)

    # R25: every table that breaks, decided first.
    total = sum(len(table.seats) for table in working.values())
    staying = len(working)
    breaking: list[_Working] = []
    for number in order:
        if staying <= 1 or total > (staying - 1) * seats_per_table:
            break
        breaking.append(working[number])
        working[number].broken = True
        staying -= 1
    if breaking:
        moves.extend(_break_tables(breaking, working, seats_per_table, rng))

    # R24: balance, taking from the largest table in the announced order.
    remaining = [table for table in working.values() if not table.broken]
    if len(remaining) < 2:
        return moves
    rank = {number: position for position, number in enumerate(order)}
    while True:
        largest = max(len(table.seats) for table in remaining)
        smallest = min(len(table.seats) for table in remaining)
        if largest - smallest < 2:
            break
        giver = min(
            (table for table in remaining if len(table.seats) == largest),
            key=lambda table: rank[table.number],
        )
        taker = min(
            (table for table in remaining if len(table.seats) == smallest),
            key=lambda table: rank[table.number],
        )
        candidates = {
            seat: player for seat, player in giver.seats.items() if seat not in giver.arrived
        }
        from_seat = _next_big_blind_player(
            _Working(giver.number, candidates or giver.seats, giver.last_hand),
            seats_per_table,
            rng,
        )
        player = giver.leave(from_seat)
        to_seat = worst_open_seat(taker, seats_per_table, rng)
        taker.take(to_seat, player)
        moves.append(Move(player, giver.number, from_seat, taker.number, to_seat))
    return moves


def _break_tables(
    breaking: Sequence[_Working],
    working: Mapping[int, _Working],
    seats_per_table: int,
    rng: random.Random,
) -> list[Move]:
    """R25: the players of the breaking tables get new seats by a random draw
    among the open seats of the tables that stay, the shortest tables filled
    first so that tables stay even."""
    leaving = [
        (table.number, seat, player)
        for table in breaking
        for seat, player in sorted(table.seats.items())
    ]
    rng.shuffle(leaving)
    staying = [table for table in working.values() if not table.broken]
    sizes = [len(table.seats) for table in staying]
    # How many each staying table takes: raise the shortest tables level by
    # level; the last, partial level goes to tables drawn at random.
    level = min(sizes)
    left = len(leaving)
    while level < seats_per_table:
        need = sum(1 for size in sizes if size <= level)
        if need > left:
            break
        left -= need
        level += 1
    takes = [max(0, level - size) for size in sizes]
    if left:
        at_level = [index for index, size in enumerate(sizes) if size <= level]
        for index in rng.sample(at_level, left):
            takes[index] += 1
    moves: list[Move] = []
    arrivals = iter(leaving)
    every_seat = range(1, seats_per_table + 1)
    for table, count in zip(staying, takes, strict=True):
        if not count:
            continue
        open_seats = [seat for seat in every_seat if seat not in table.seats]
        chosen = open_seats if count == len(open_seats) else rng.sample(open_seats, count)
        for seat in chosen:
            from_table, from_seat, player = next(arrivals)
            table.take(seat, player)
            moves.append(Move(player, from_table, from_seat, table.number, seat))
    for table in breaking:
        table.seats = {}
    return moves


def redraw(
    players: Sequence[str], *, table: int, seats_per_table: int, rng: random.Random
) -> dict[str, tuple[int, int]]:
    """R26: new seats for everyone at the final table."""
    seats = spread_seats(len(players), seats_per_table, rng)
    shuffled = list(players)
    rng.shuffle(shuffled)
    return {player: (table, seat) for player, seat in zip(shuffled, seats, strict=True)}
