"""The tables of an event: who sits where, the button and blinds at each table,
the moves waiting for the organizer, hand-for-hand (R5, R7, R11-R14, R24-R27).

Seat numbers count from 1 clockwise; table numbers from 1. Moves use the
player's id as text, as ``seating`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from director.core.buttons import DEAD, MAX_SEATS, Positions
from director.core.chip_race import RaceResult
from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant, PlayerId
from director.core.seating import Move, Table
from director.core.structure import Level

DEFAULT_SEATS = 9
RECENT_MOVE_MS = 2 * 60_000
"""How long a confirmed move stays on the clock display."""


@dataclass(frozen=True, eq=False, repr=False)
class Posting(Record):
    """Blinds a player puts in to be dealt in: ``live`` counts as his bet, ``dead``
    goes to the middle (seed 002 §4.1.10)."""

    live: int = 0
    dead: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class PlayedOver(Record):
    """Cash game, seed 002 §4.1.6: the away player whose seat someone else plays."""

    owner: PlayerId
    owes_big: bool = False
    owes_small: bool = False
    """The blinds he owed when the other player sat down: still his on return."""
    back: bool = False
    """He is back: he takes his seat again when the hand being played is over."""


@dataclass(frozen=True, eq=False, repr=False)
class TableState(Record):
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
    held: Mapping[int, int] = field(default_factory=dict)
    """Cash game: a player who changed seats away from the big blind sits out the
    coming hand and this many more (seed 002 §4.1.15), unless he posts a big blind."""
    posted: Mapping[int, Posting] = field(default_factory=dict)
    """Cash game: missed blinds posted for the coming hand, live and dead (§4.1.10)."""
    blinds_seen: frozenset[int] = frozenset()
    """Seats the blinds have reached since the button was drawn (§4.1.13)."""
    first_orbit: int = 0
    """Hands left before the button has gone round once since it was drawn (§4.1.13)."""
    must_post: frozenset[int] = frozenset()
    """Cash game: dealt in by mistake while owing blinds and kept his hand; he posts
    what he owes on the next hand, without waiting for the big blind (§4.1.11)."""
    after_button: frozenset[int] = frozenset()
    """Cash game: changed seats right after the button and sits out the blinds; he
    plays again, posting nothing, once the button has passed his seat (§4.1.16)."""
    last_button: int | None = None
    """The button of the hand before the one being played (None before that)."""
    over: Mapping[int, PlayedOver] = field(default_factory=dict)
    """Cash game: seats played over -> their away owner (§4.1.6); the seat holds the
    player playing over, a newcomer."""
    hand_since: Instant | None = None
    """When the hand being played began: the last "hand done" at this table, or the
    button placed (None before that)."""
    hand_level: Level | None = None
    """The blinds the hand being played was dealt at (R9: a new level reaches each
    table with its next hand; another table may already play it). None before the
    first hand."""

    def seat_of(self, player: PlayerId) -> int | None:
        for seat, occupant in self.seats.items():
            if occupant == player:
                return seat
        return None

    def owned_seat(self, player: PlayerId) -> int | None:
        """The seat ``player`` owns while someone plays over it (§4.1.6)."""
        for seat, record in self.over.items():
            if record.owner == player:
                return seat
        return None

    def active(self) -> frozenset[int]:
        """Seats that play the next hand's button and blinds (not away)."""
        return frozenset(seat for seat in self.seats if seat not in self.sitting_out)

    @property
    def deals(self) -> bool:
        """Whether a hand can be dealt here (two players at least)."""
        return len(self.active()) >= 2


@dataclass(frozen=True, eq=False, repr=False)
class ConfirmedMove(Record):
    move: Move
    at: Instant


@dataclass(frozen=True, eq=False, repr=False)
class SeatRecord(Record):
    """Where a player sat before leaving their seat (to give it back on a re-buy)."""

    table: int
    seat: int
    owes_big: bool = False
    owes_small: bool = False
    """Missed blinds go with the player (seed 002 §4.1.12)."""


@dataclass(frozen=True, eq=False, repr=False)
class TableRace(Record):
    """R28: a chip race run at a table."""

    table: int
    at: Instant
    result: RaceResult


@dataclass(frozen=True, eq=False, repr=False)
class TableSetup(Record):
    """What the organizer set for one table, drawn or not (issue 34): its name,
    its own number of seats, its locked and reserved seats."""

    name: str = ""
    seats: int = 0
    """The table's own number of seats; 0: the event's seats per table."""
    locked: frozenset[int] = frozenset()
    """Seats nobody ever takes (a dealer's seat)."""
    reserved: Mapping[int, PlayerId] = field(default_factory=dict)
    """Seat -> the only player who ever sits there."""


@dataclass(frozen=True, eq=False, repr=False)
class TablesState(Record):
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
    races: tuple[TableRace, ...] = ()
    """Chip races, in the order they were run (R28)."""
    setups: Mapping[int, TableSetup] = field(default_factory=dict)
    """Table number -> its name, own seats, locked and reserved seats."""

    def setup(self, number: int) -> TableSetup:
        return self.setups.get(number, TableSetup())

    def seats_at(self, number: int) -> int:
        """How many seats table ``number`` has."""
        return self.setup(number).seats or self.seats_per_table

    def reserved_seat(self, player: PlayerId) -> tuple[int, int] | None:
        """(table, seat) reserved for ``player``, if any."""
        for number, setup in sorted(self.setups.items()):
            for seat, owner in setup.reserved.items():
                if owner == player:
                    return number, seat
        return None

    def layout(self) -> dict[int, Table]:
        """Each table's setup in the form ``seating.draw_seats`` takes."""
        return {number: self.planning_table(number, {}) for number in self.setups}

    def planning_table(
        self, number: int, seats: Mapping[int, str], last_hand: Positions | None = None
    ) -> Table:
        setup = self.setup(number)
        return Table(
            number,
            seats,
            last_hand,
            capacity=setup.seats,
            locked=setup.locked,
            reserved={seat: str(player) for seat, player in setup.reserved.items()},
        )

    @property
    def drawn(self) -> bool:
        return bool(self.tables)

    def where(self, player: PlayerId) -> tuple[int, int] | None:
        """(table, seat) of ``player``, if seated (or owning a seat played over)."""
        for table in self.tables.values():
            seat = table.seat_of(player)
            if seat is None:
                seat = table.owned_seat(player)
            if seat is not None:
                return table.number, seat
        return None

    def still_playing(self) -> tuple[int, ...]:
        """R27: in hand-for-hand, the tables that have not finished the round's hand
        (each waits for all of them before dealing the next); () otherwise. A table
        that cannot deal (one player left, waiting to be moved) is not waited for."""
        if not self.hand_for_hand:
            return ()
        return tuple(
            sorted(
                number
                for number, table in self.tables.items()
                if table.deals and number not in self.round_done
            )
        )

    def waits(self, number: int) -> bool:
        """R27: whether table ``number`` finished the hand-for-hand hand and waits for
        the others (no hand going on there; its next hand is dealt with theirs)."""
        return self.hand_for_hand and number in self.round_done

    def settle_round(self) -> TablesState:
        """R27: the next hand-for-hand hand begins once every table that deals has
        finished the current one (the last report, or a table broken or left with
        one player while the others waited). With one table left, hand-for-hand is
        over: its hands follow one another."""
        if not self.hand_for_hand or self.still_playing() or not self.round_done:
            return self
        return self.next_round(hand_for_hand=sum(1 for t in self.tables.values() if t.seats) > 1)

    def next_round(self, *, hand_for_hand: bool) -> TablesState:
        """A new hand-for-hand hand: busts from now on are not the last hand's (R23)."""
        return evolve(
            self, hand_for_hand=hand_for_hand, round=self.round + 1, round_done=frozenset()
        )

    def seated(self) -> dict[PlayerId, tuple[int, int]]:
        """Every seated player, and the away owner of a seat played over (§4.1.6)."""
        seated = {
            record.owner: (table.number, seat)
            for table in self.tables.values()
            for seat, record in table.over.items()
        }
        seated.update(
            (player, (table.number, seat))
            for table in self.tables.values()
            for seat, player in table.seats.items()
        )
        return seated

    def for_planning(self) -> list[Table]:
        """The tables in the form ``seating.plan_moves`` takes."""
        return [
            self.planning_table(
                table.number,
                {seat: str(player) for seat, player in table.seats.items()},
                table.positions,
            )
            for table in sorted(self.tables.values(), key=lambda t: t.number)
        ]


def blinds_to_post(table: TableState, seat: int, level: Level | None) -> Posting | None:
    """What the player at ``seat`` posts to be dealt in at once, at ``level``'s
    blinds; None when he owes nothing and need not wait (seed 002 §4.1.4-15).

    All missed blinds: the big blind is live (it counts as his bet), the small
    blind dead in the middle (§4.1.10). A newcomer, or a player who changed seats
    away from the big blind, posts a big blind, live (§4.1.4, §4.1.15).
    """
    big = level.big_blind if level is not None else 0
    small = level.small_blind if level is not None else 0
    owes_big, owes_small = seat in table.owes_big, seat in table.owes_small
    if owes_big:
        return Posting(live=big, dead=small if owes_small else 0)
    if owes_small:
        return Posting(live=0, dead=small)
    if seat in table.waiting or table.held.get(seat) is not None:
        return Posting(live=big, dead=0)
    return None


def hands_until_big_blind(table: TableState, seat: int, occupied: frozenset[int]) -> int:
    """How many hands before the big blind reaches ``seat`` (0: it is on it)."""
    if table.positions is None:
        return 0
    big = table.positions.big_blind
    if seat == big:
        return 0
    count = 0
    for step in range(1, MAX_SEATS + 1):
        candidate = (big - 1 + step) % MAX_SEATS + 1
        if candidate in occupied or candidate == seat:
            count += 1
        if candidate == seat:
            return count
    return count


def seat_change_wait(table: TableState, old: int, new: int) -> int:
    """Cash game, seed 002 §4.1.14-15: hands a player moving from seat ``old`` to
    seat ``new`` at ``table`` sits out (unless he posts a big blind). Moving to a
    seat the big blind reaches sooner is dealt in at once; moving away waits as
    many hands as it gained. §4.1.13(c): free while the old seat has not had a
    blind since the game started."""
    if table.positions is None:
        return 0
    if table.first_orbit > 0 and old not in table.blinds_seen:
        return 0
    others = table.active() - {old}
    before = hands_until_big_blind(table, old, others | {old})
    after = hands_until_big_blind(table, new, others | {new})
    return max(0, after - before)


def default_break_order(numbers: list[int]) -> tuple[int, ...]:
    """The highest-numbered table breaks first."""
    return tuple(sorted(numbers, reverse=True))
