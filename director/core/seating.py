"""Seat draws, balancing and breaking tables (R5, R7, R24-R26).

The draw fills tables evenly and spreads each table's players around it;
who sits where is a fair shuffle. After each bust, ``plan_moves`` breaks the
next table in the breaking order as soon as the players fit at one table
fewer, with its players drawn into the open seats (keeping tables even), then
balances: a table two or more short of the largest takes the player due to
be big blind next at the largest table, into its worst position (the open
seat the big blind reaches first, never the small blind).

Seats that never move (issue 34): a table may have its own number of seats,
locked seats (a dealer's: nobody sits there) and reserved seats (only their
player sits there). No draw, late seat, break or balance ever puts anyone in a
locked seat or another player's reserved seat, nor moves a player out of his
reserved seat; a table holding such a player never breaks.

>>> import random
>>> sorted(draw_seats(["a", "b", "c"], seats_per_table=9, rng=random.Random(1)).values())
[(1, 3), (1, 6), (1, 9)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING

from director.core.buttons import MAX_SEATS, MIN_SEATS, Positions, next_occupied
from director.core.errors import require
from director.core.frozen import dataclass

if TYPE_CHECKING:
    import random  # the rules take a generator; they never make one


@dataclass(frozen=True)
class Table:
    number: int
    seats: Mapping[int, str]
    """Occupied seat -> player."""
    last_hand: Positions | None = None
    capacity: int = 0
    """The table's own number of seats; 0: the event's seats per table."""
    locked: frozenset[int] = frozenset()
    """Seats nobody ever takes (a dealer's seat)."""
    reserved: Mapping[int, str] = field(default_factory=dict)
    """Seat -> the only player who may sit there."""

    def size(self, seats_per_table: int) -> int:
        """How many seats the table has."""
        return self.capacity or seats_per_table

    def open_seats(self, seats_per_table: int, player: str | None = None) -> list[int]:
        """The empty seats ``player`` (anyone when None) may take, in order."""
        return [
            seat
            for seat in range(1, self.size(seats_per_table) + 1)
            if seat not in self.seats
            and seat not in self.locked
            and self.reserved.get(seat, player) == player
        ]

    def usable(self, seats_per_table: int) -> int:
        """Seats players can fill: neither locked nor reserved and empty."""
        return len(self.seats) + len(self.open_seats(seats_per_table))

    def fixed(self) -> frozenset[int]:
        """Seats held by their own reserved player: they never move."""
        return frozenset(
            seat for seat, player in self.reserved.items() if self.seats.get(seat) == player
        )


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


def _spread_among(open_seats: Sequence[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``open_seats`` spread evenly around them, turned at random."""
    require(0 <= count <= len(open_seats), "too_many_players_for_table")
    if count == 0:
        return []
    total = len(open_seats)
    offset = rng.randrange(total)
    return sorted(
        {open_seats[(offset + (index * total) // count) % total] for index in range(count)}
    )


def draw_seats(
    players: Sequence[str],
    *,
    seats_per_table: int,
    rng: random.Random,
    tables: int | None = None,
    layout: Mapping[int, Table] | None = None,
) -> dict[str, tuple[int, int]]:
    """R7: a seat for every player, as (table, seat) counted from 1.

    Tables are filled evenly (their sizes differ by at most one, unless a table
    is full); players are shuffled fairly into the seats. ``layout`` gives a
    table's own seats, locked and reserved seats (empty ``Table`` records): a
    player with a reserved seat gets it, nobody else does.
    """
    require(
        MIN_SEATS <= seats_per_table <= MAX_SEATS,
        "seats_per_table_out_of_range",
        minimum=MIN_SEATS,
        maximum=MAX_SEATS,
    )
    require(len(set(players)) == len(players), "player_listed_twice")
    plans = layout or {}
    present = set(players)

    def empty(number: int) -> Table:
        """The table as drawn: reserved seats of absent players stay empty."""
        setup = plans.get(number, Table(number, {}))
        held = {seat: p for seat, p in setup.reserved.items() if p in present}
        return Table(
            number, held, capacity=setup.capacity, locked=setup.locked, reserved=setup.reserved
        )

    reserved_at = {
        player: (number, seat)
        for number, setup in plans.items()
        for seat, player in setup.reserved.items()
        if player in present
    }
    count = tables or 0
    if not count:
        room = 0
        while room < len(players) or count < max((t for t, _ in reserved_at.values()), default=1):
            count += 1
            require(count <= len(players), "not_enough_seats")
            room += empty(count).usable(seats_per_table)
    count = max(count, *(t for t, _ in reserved_at.values()), 1)
    drawn = [empty(number) for number in range(1, count + 1)]
    require(sum(t.usable(seats_per_table) for t in drawn) >= len(players), "not_enough_seats")
    # Even tables: each next player goes to the shortest table with room.
    sizes = [len(t.seats) for t in drawn]
    rooms = [t.usable(seats_per_table) for t in drawn]
    for _ in range(len(players) - len(reserved_at)):
        index = min((i for i in range(count) if sizes[i] < rooms[i]), key=lambda i: sizes[i])
        sizes[index] += 1
    places = [
        (table.number, seat)
        for table, size in zip(drawn, sizes, strict=True)
        for seat in _spread_among(table.open_seats(seats_per_table), size - len(table.seats), rng)
    ]
    shuffled = [player for player in players if player not in reserved_at]
    rng.shuffle(shuffled)
    return {**dict(zip(shuffled, places, strict=True)), **reserved_at}


def draw_open_seat(
    tables: Sequence[Table],
    *,
    seats_per_table: int,
    rng: random.Random,
    exclude: Iterable[int] = (),
    player: str | None = None,
) -> tuple[int, int]:
    """R5: a seat for a late entrant, drawn among the open seats of the tables
    with the fewest players, so that tables stay balanced. A player with a
    reserved seat gets it."""
    excluded = set(exclude)
    for table in tables:
        for seat, owner in sorted(table.reserved.items()):
            if owner == player and seat not in table.seats and table.number not in excluded:
                return table.number, seat
    candidates = [
        table
        for table in tables
        if table.number not in excluded and table.open_seats(seats_per_table, player)
    ]
    require(bool(candidates), "no_open_seat")
    fewest = min(len(table.seats) for table in candidates)
    open_seats = [
        (table.number, seat)
        for table in candidates
        if len(table.seats) == fewest
        for seat in table.open_seats(seats_per_table, player)
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
    setup: Table | None = None
    """The table's own seats, locked and reserved seats."""

    def shape(self) -> Table:
        """The table as it is now, with its setup."""
        setup = self.setup or Table(self.number, {})
        return Table(
            self.number,
            self.seats,
            self.last_hand,
            capacity=setup.capacity,
            locked=setup.locked,
            reserved=setup.reserved,
        )

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


def _next_big_blind_player(
    table: _Working, movable: Iterable[int], seats_per_table: int, rng: random.Random
) -> int:
    """The seat of the player due to be big blind next at ``table`` among the
    ``movable`` seats (R24)."""
    occupied = set(movable)
    if table.last_hand is not None:
        seats = table.shape().size(seats_per_table)
        return next_occupied(table.last_hand.big_blind, occupied, seats=seats)
    return sorted(occupied)[rng.randrange(len(occupied))]


def worst_open_seat(
    table: _Working | Table, seats_per_table: int, rng: random.Random, player: str | None = None
) -> int:
    """R24: the open seat the big blind reaches first, never the small blind.

    The next small blind is the seat of the last big blind, so that seat is
    never given even when empty. Without a hand played yet, any open seat.
    Locked seats and other players' reserved seats are never open.
    """
    shape = table.shape() if isinstance(table, _Working) else table
    size = shape.size(seats_per_table)
    open_seats = shape.open_seats(seats_per_table, player)
    require(bool(open_seats), "no_open_seat")
    if table.last_hand is None:
        return open_seats[rng.randrange(len(open_seats))]
    big = table.last_hand.big_blind
    for step in range(1, size):
        seat = (big - 1 + step) % size + 1
        if seat in open_seats and seat != big:
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
    moves twice (TDA: nobody moves twice when once will do). A table holding a
    player in his reserved seat never breaks, and he never moves.
    """
    working = {
        table.number: _Working(table.number, table.seats, table.last_hand, setup=table)
        for table in tables
    }
    moves: list[Move] = []
    order = [number for number in break_order if number in working]
    listed = set(order)
    order += sorted((n for n in working if n not in listed), reverse=True)

    # R25: every table that breaks, decided first.
    total = sum(len(table.seats) for table in working.values())
    room = {n: table.shape().usable(seats_per_table) for n, table in working.items()}
    staying = set(working)
    breaking: list[_Working] = []
    for number in order:
        if working[number].shape().fixed():
            continue  # its reserved player never moves, so it never breaks
        if len(staying) <= 1 or total > sum(room[n] for n in staying if n != number):
            break
        breaking.append(working[number])
        working[number].broken = True
        staying.discard(number)
    if breaking:
        moves.extend(_break_tables(breaking, working, seats_per_table, rng))

    # R24: balance, taking from the largest table in the announced order.
    remaining = [table for table in working.values() if not table.broken]
    if len(remaining) < 2:
        return moves
    rank = {number: position for position, number in enumerate(order)}
    while True:
        takers = [t for t in remaining if t.shape().open_seats(seats_per_table)]
        givers = [t for t in remaining if set(t.seats) - t.shape().fixed()]
        if not takers or not givers:
            break
        largest = max(len(table.seats) for table in givers)
        smallest = min(len(table.seats) for table in takers)
        if largest - smallest < 2:
            break
        giver = min(
            (table for table in givers if len(table.seats) == largest),
            key=lambda table: rank[table.number],
        )
        taker = min(
            (table for table in takers if len(table.seats) == smallest),
            key=lambda table: rank[table.number],
        )
        movable = set(giver.seats) - giver.shape().fixed()
        candidates = (movable - giver.arrived) or movable
        from_seat = _next_big_blind_player(giver, candidates, seats_per_table, rng)
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
    rooms = [table.shape().usable(seats_per_table) for table in staying]
    takes = [0] * len(staying)
    # How many each staying table takes: raise the shortest tables level by
    # level (a full table takes no more); the last, partial level goes to
    # tables drawn at random.
    level = min(sizes)
    left = len(leaving)

    def at_level() -> list[int]:
        return [
            index
            for index, size in enumerate(sizes)
            if size + takes[index] <= level and size + takes[index] < rooms[index]
        ]

    while left and level < max(rooms):
        need = at_level()
        if len(need) > left:
            break
        for index in need:
            takes[index] += 1
        left -= len(need)
        level += 1
    if left:
        for index in rng.sample(at_level(), left):
            takes[index] += 1
    moves: list[Move] = []
    arrivals = iter(leaving)
    for table, count in zip(staying, takes, strict=True):
        if not count:
            continue
        open_seats = table.shape().open_seats(seats_per_table)
        chosen = open_seats if count == len(open_seats) else rng.sample(open_seats, count)
        for seat in chosen:
            from_table, from_seat, player = next(arrivals)
            table.take(seat, player)
            moves.append(Move(player, from_table, from_seat, table.number, seat))
    for table in breaking:
        table.seats = {}
    return moves


def redraw(
    players: Sequence[str],
    *,
    table: int,
    seats_per_table: int,
    rng: random.Random,
    setup: Table | None = None,
) -> dict[str, tuple[int, int]]:
    """R26: new seats for everyone at the final table (a player with a reserved
    seat there keeps it; locked seats stay empty)."""
    shape = setup or Table(table, {})
    kept = {player: seat for seat, player in shape.reserved.items() if player in set(players)}
    empty = Table(
        table,
        {seat: p for p, seat in kept.items()},
        capacity=shape.capacity,
        locked=shape.locked,
        reserved=shape.reserved,
    )
    others = [player for player in players if player not in kept]
    seats = _spread_among(empty.open_seats(seats_per_table), len(others), rng)
    shuffled = list(others)
    rng.shuffle(shuffled)
    drawn = {player: (table, seat) for player, seat in zip(shuffled, seats, strict=True)}
    return {**drawn, **{player: (table, seat) for player, seat in kept.items()}}
