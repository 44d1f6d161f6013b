"""Events: the facts stored in an event's log, from which its state is folded.

Each event is a frozen dataclass registered under its class name with a
schema version (see ``records``). Events record outcomes, including any
randomness already drawn (a seat draw stores the seats), so replaying a log
always gives the same state.
"""

from __future__ import annotations

from director.core.buttons import Positions
from director.core.chip_race import RaceResult
from director.core.chip_sets import ChipSet
from director.core.clock import NewLevelApplies
from director.core.frozen import Record, dataclass
from director.core.ids import Instant, PlayerId
from director.core.money import CashSettings, MoneySettings
from director.core.payouts import Deal, PayoutSettings
from director.core.players import BustRecord, EnvelopeDraw, Movement
from director.core.records import Registry, Versioned
from director.core.seating import Move
from director.core.shot_clock import ShotClockSettings
from director.core.state import EventKind
from director.core.structure import Structure, upcast_structure
from director.core.tv import TvLook

EVENTS: Registry[Event] = Registry("event")


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Event(Versioned):
    """Base of every event; ``at`` is when it happened."""

    at: Instant


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TournamentCreated(Event):
    """The first event of every log. Version 2: each level carries its betting
    (see ``structure.upcast_structure``)."""

    VERSION = 2
    name: str
    kind: EventKind
    event_date: str
    venue: str = ""
    structure: Structure = Structure()


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TournamentRenamed(Event):
    name: str


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class DetailsChanged(Event):
    """Date and place, as printed on every report."""

    event_date: str
    venue: str


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ArchiveChanged(Event):
    archived: bool


# -- the blind structure and the clock (R8, R9) --------------------------------


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StructureChanged(Event):
    """Version 2: each level carries its betting (no limit, pot limit, limit)."""

    VERSION = 2
    structure: Structure


def _structure_v1(payload: dict[str, object]) -> dict[str, object]:
    """A version 1 record's structure: one limit flag for every level."""
    if "structure" not in payload:
        return payload
    return {**payload, "structure": upcast_structure(payload["structure"])}


EVENTS.upcaster("TournamentCreated", 1)(_structure_v1)
EVENTS.upcaster("StructureChanged", 1)(_structure_v1)


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ClockStarted(Event):
    """The clock runs from ``at`` (a first start or a resume)."""


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StartPlanned(Event):
    """The start is planned at ``planned`` (None: no longer planned); with ``auto_start``
    the clock starts by itself then."""

    planned: Instant | None = None
    auto_start: bool = True


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ClockPaused(Event):
    """The clock stopped at ``at``, which may lie in the past (resuming after a crash)."""


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class LevelChanged(Event):
    """The organizer moved the clock to the start of item ``index``."""

    index: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TimeAdjusted(Event):
    """``delta_ms`` added to the time left (negative: removed)."""

    delta_ms: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TimeLeftSet(Event):
    remaining_ms: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class HandStarted(Event):
    """A new hand is dealt: counts hands in hand-counted levels, confirms pending blinds."""


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ClockOptionsChanged(Event):
    applies: NewLevelApplies


# -- the shot clock -----------------------------------------------------------------


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ShotClockOptionsChanged(Event):
    settings: ShotClockSettings


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ShotClockStarted(Event):
    """A shot clock of ``duration_ms`` from ``at`` for ``player`` at ``table``."""

    player: PlayerId
    table: int
    duration_ms: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ShotClockStopped(Event):
    table: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TimeBankUsed(Event):
    """A time-bank chip added ``added_ms`` to ``table``'s shot clock (its player's)."""

    table: int
    added_ms: int


# -- players and money (R1-R6, R23, R29, R32) ---------------------------------


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class MoneySettingsChanged(Event):
    settings: MoneySettings


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class CashSettingsChanged(Event):
    settings: CashSettings


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayerRegistered(Event):
    player: PlayerId
    name: str
    nickname: str = ""


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StartingStackSet(Event):
    """A registered player's own starting stack (0: the event's)."""

    player: PlayerId
    chips: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class MoneyMoved(Event):
    """A line of the ledger: a purchase, a refund, a payment or a cash-out."""

    movement: Movement


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayersBusted(Event):
    """One or more players out on one hand."""

    record: BustRecord


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class EnvelopesDrawn(Event):
    """Mystery bounties: the envelopes drawn by the knockouts of one hand."""

    draws: tuple[EnvelopeDraw, ...]


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ChipSetChanged(Event):
    """The organizer's chips for this event (None: none given)."""

    chip_set: ChipSet | None


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BustReverted(Event):
    """A bust recorded by mistake: the player is back in."""

    player: PlayerId


# -- tables (R5, R7, R11-R14, R24-R27) ----------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class SeatAssignment(Record):
    player: PlayerId
    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TableOptionsChanged(Event):
    seats_per_table: int
    method: str
    final_redraw: bool


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SeatsDrawn(Event):
    """R7: every player's seat, the tables in play and the breaking order."""

    seats: tuple[SeatAssignment, ...]
    tables: tuple[int, ...]
    break_order: tuple[int, ...]


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class FinalTableDrawn(Event):
    """R26: everyone left redrawn at the final table."""

    table: int
    seats: tuple[SeatAssignment, ...]


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayerSeated(Event):
    player: PlayerId
    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayerUnseated(Event):
    player: PlayerId
    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class MovesPlanned(Event):
    """The moves that break and balance tables, waiting for the organizer."""

    moves: tuple[Move, ...]


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayerMoved(Event):
    """A player changes seats. ``wait_hands``: in a cash game, a player who moved
    away from the big blind at his table sits out that many hands unless he posts
    a big blind (seed 002 §4.1.15). Version 2 added it (0 before)."""

    VERSION = 2
    move: Move
    wait_hands: int = 0


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ButtonPlaced(Event):
    """The first hand's button at a table; ``cards`` when drawn by high card (R7)."""

    table: int
    positions: Positions
    cards: tuple[tuple[int, str], ...] = ()


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TableHandDealt(Event):
    """A hand is over at a table: the next hand's button and blinds."""

    table: int
    positions: Positions
    dealt_out: frozenset[int] = frozenset()
    owes_big: frozenset[int] = frozenset()
    owes_small: frozenset[int] = frozenset()


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BreakOrderSet(Event):
    order: tuple[int, ...]


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TableLayoutSet(Event):
    table: int
    name: str = ""
    seats: int = 0


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SeatLocked(Event):
    table: int
    seat: int
    player: PlayerId | None = None


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SeatUnlocked(Event):
    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class HandForHandSet(Event):
    on: bool


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SittingOutChanged(Event):
    player: PlayerId
    away: bool


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BlindsPosted(Event):
    """A player posts what he owes to be dealt in: ``live`` counts as his bet,
    ``dead`` goes to the middle (seed 002 §4.1.10). Version 2 added the amounts
    (unknown, 0, before)."""

    VERSION = 2
    player: PlayerId
    live: int = 0
    dead: int = 0


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SeatPlayedOver(Event):
    """Seed 002 §4.1.6: ``player`` plays the seat of its away player, as a newcomer."""

    player: PlayerId
    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SeatGivenBack(Event):
    """Seed 002 §4.1.6: the player who was back takes his seat played over again
    (the hand is over); the one who played it goes to an open seat."""

    table: int
    seat: int


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class MistakenHandKept(Event):
    """Seed 002 §4.1.11: dealt in by mistake while owing blinds, he acted: his hand
    stands and he posts what he owes on the next hand."""

    player: PlayerId


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BlindsSatOut(Event):
    """Seed 002 §4.1.16: having changed seats right after the button, the player
    sits out the blinds until the button has passed him, then plays posting nothing."""

    player: PlayerId


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ChipRaced(Event):
    """R28: a denomination coloured up at a table, with the cards dealt."""

    table: int
    result: RaceResult


@EVENTS.upcaster("PlayerMoved", 1)
def _moved_v1(payload: dict[str, object]) -> dict[str, object]:
    return {**payload, "wait_hands": 0}


@EVENTS.upcaster("BlindsPosted", 1)
def _posted_v1(payload: dict[str, object]) -> dict[str, object]:
    return {**payload, "live": 0, "dead": 0}


# -- payouts and deals (R29-R31) --------------------------------------------------------


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PayoutsChanged(Event):
    settings: PayoutSettings


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class DealAccepted(Event):
    deal: Deal


# -- the TV ----------------------------------------------------------------------------


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TvLookChanged(Event):
    look: TvLook | None


@EVENTS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RoomMessageChanged(Event):
    text: str
