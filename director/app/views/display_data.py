"""The typed values of what the clock display shows: the texts ready to paint,
the raw numbers behind them (time left and when it was read, blinds, players,
prize pool), and the side column's typed sections of typed rows, so no view
parses text. Built by ``display.display_data``."""

from __future__ import annotations

from enum import StrEnum

from director.core.frozen import Record, dataclass, evolve
from director.core.ids import Instant
from director.core.structure import AnteKind, Betting, Level

NEVER = Instant(0)

# -- the typed values -------------------------------------------------------------
#
# Each is a ``Record`` (``core.frozen``): its comparison, hash and text are the
# shared ones, not written and compiled by dataclass for each class, which was
# half of this module's import (some 10 ms of a reopened event's first paint).


@dataclass(frozen=True, eq=False, repr=False)
class Stat(Record):
    """One figure in the display's bottom band: a caption and a value."""

    caption: str
    value: str
    key: str = ""
    """What the figure is: "players", "average", "prize_pool", "rebuys", "addon",
    "late", "next_break", "estimated_end", "entries", "started", "ends"."""


ELEMENT_STATS = frozenset({"next_break", "estimated_end"})
"""Figures the TV places as elements of their own, not among the room's figures."""


class SectionKind(StrEnum):
    """The blocks of the TV's side column, most urgent first."""

    HAND_FOR_HAND = "hand_for_hand"
    MOVES = "moves"
    CHIP_RACE = "chip_race"
    PAYOUTS = "payouts"
    BOUNTIES = "bounties"
    FIGURES = "figures"
    CHIPS = "chips"
    STANDINGS = "standings"
    LEAGUE = "league"
    """The league table if the season ended now (a night that counts for a season)."""


@dataclass(frozen=True, eq=False, repr=False)
class MoveRow(Record):
    """A player to move (or just moved) and where to: ``destination`` is "table 2, seat 5"."""

    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    destination: str
    done: bool = False
    """The move was made (it stays on the screen a little while after)."""


@dataclass(frozen=True, eq=False, repr=False)
class PlaceRow(Record):
    """A paid place ("1. €132.00"), or a place of the final standings with its player
    ("1. Ann Smith · €132.00"); ``amount`` in minor units, 0 when nothing is won."""

    place: int
    amount: int
    text: str
    name: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Figure(Record):
    """One number of a figures row: ``key`` is "rebuys", "addons", "chips", "bounties",
    "added", "guarantee"; in the bounties section "bounty" (a player's) or
    "envelopes"; in the chips section "chip" (a denomination in play)."""

    key: str
    value: int
    money: bool = False
    """``value`` is money in minor units (else a count or chips)."""
    colour: str = ""
    """A chip's colour, ``#rrggbb``, painted as a swatch beside it ("" for none)."""


@dataclass(frozen=True, eq=False, repr=False)
class FigureRow(Record):
    """One line of the room's figures ("Re-buys 3 · add-ons 2") and its numbers."""

    text: str
    figures: tuple[Figure, ...]


@dataclass(frozen=True, eq=False, repr=False)
class NoteRow(Record):
    """A sentence the room must notice: ``key`` "bubble", "deal", "envelope" (the last
    mystery envelope drawn), "mystery" (when the draws begin), in hand-for-hand
    "playing" and "waiting" (the tables still playing the hand, those done), or
    "race" (the chips a chip race changed: "The 25s change into 100s")."""

    text: str
    key: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class MoreRow(Record):
    """The places left out of a long list: "… 12 places paid"."""

    text: str
    count: int


@dataclass(frozen=True, eq=False, repr=False)
class RaceRow(Record):
    """A player the chip race gave a chip to (R28): ``text`` is "wins a 100", or
    "keeps a 100 (not raced out)" for one whose odd chips were all he had."""

    name: str
    table: int
    seat: int
    chip: int
    text: str
    kept_in: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class LeagueRow(Record):
    """A player of the live league table: ``text`` is "1. Ann · 45 pts", ``points``
    the points as shown ("45", "12.5"), ``playing`` whether he is still in tonight."""

    rank: int
    name: str
    points: str
    text: str
    playing: bool = False


Row = MoveRow | PlaceRow | FigureRow | NoteRow | MoreRow | RaceRow | LeagueRow


@dataclass(frozen=True, eq=False, repr=False)
class Section(Record):
    """A block of the side column: a title and its rows."""

    kind: SectionKind
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True, eq=False, repr=False)
class SeatRow(Record):
    """A seated player for the seat draw: ``text`` is "Table 2 · Seat 5"."""

    name: str
    table: int
    seat: int
    text: str


@dataclass(frozen=True, eq=False, repr=False)
class ShotRow(Record):
    """A shot clock on the screens: the player's name, where he sits ("Table 2 ·
    Seat 5"), the whole seconds left (rounded up) and when it runs out, whether it
    is in its last ten seconds or over, and his time-bank chips left."""

    table: int
    name: str
    place: str
    seconds: int
    ends_at: int
    warning: bool
    over: bool
    banks_left: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class Blinds(Record):
    """A level's blinds and ante in chips (and its bets in a limit game)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    small_bet: int = 0
    big_bet: int = 0
    betting: Betting = Betting.NO_LIMIT

    @classmethod
    def of(cls, level: Level | None) -> Blinds | None:
        if level is None:
            return None
        return cls(
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            ante_kind=level.ante_kind,
            small_bet=level.small_bet,
            big_bet=level.big_bet,
            betting=level.betting,
        )


@dataclass(frozen=True, eq=False, repr=False)
class Timing(Record):
    """The clock as numbers at one instant, for a viewer that counts by itself between
    two pushes and must never show a wrong time.

    All instants are the app's own clock (epoch milliseconds): a viewer compares
    ``computed_at`` with its own clock when the data arrives to learn the offset.
    """

    computed_at: int
    """The instant these values hold at."""
    remaining_ms: int | None = None
    """Time left in the level or break at ``computed_at``; None for a level counted in
    hands or without a structure."""
    ends_at: int | None = None
    """The instant the level or break ends, while the clock runs (else None)."""
    overtime_ms: int = 0
    """Time past the end of the last level."""
    until_break_ms: int | None = None
    hand: int = 0
    """Hands dealt in a level counted in hands (of ``hands``)."""
    hands: int = 0
    cash_ends_at: int | None = None
    """A cash game's end time."""
    starts_at: int | None = None
    """The planned start, while the clock waits for it: the viewer counts down to it."""


@dataclass(frozen=True, eq=False, repr=False)
class Room(Record):
    """The event's public figures: players, stacks, the money at stake (R29)."""

    players_left: int = 0
    entries: int = 0
    average_stack: int = 0
    average_big_blinds: int | None = None
    """The average stack in big blinds of the level in force, rounded down."""
    prize_pool: int = 0
    """Minor units of ``currency``: the pool the payouts share (the host's added money
    and the guarantee's overlay included)."""
    added_money: int = 0
    guarantee: int = 0
    currency: str = ""
    payouts: tuple[int, ...] = ()
    """Each paid place's amount (minor units), first place first."""
    to_the_money: int = 0
    """Players still to go out before everyone left is paid (0: in the money)."""
    bubble: str = ""
    """The sentence about the bubble ("" when far from the money)."""
    rebuys: int = 0
    addons: int = 0
    chips_in_play: int = 0
    bounty_pool: int = 0
    rebuys_open: bool | None = None
    """None when the event has no re-buys."""


@dataclass(frozen=True, eq=False, repr=False)
class DisplayData(Record):
    """The clock display at one instant: texts ready to paint, and the values behind."""

    event_name: str
    level_label: str
    time_text: str
    time_caption: str
    blinds_text: str
    ante_text: str
    pending_text: str
    next_text: str
    note: str
    started: bool
    running: bool
    on_break: bool
    overtime: bool
    hands_level: bool
    stats: tuple[Stat, ...] = ()
    sections: tuple[Section, ...] = ()
    """The side column: table moves, then payouts and figures, or the final standings."""
    finished: bool = False
    """The winner is known: ``time_text`` is the winner's name, ``blinds_text``
    their prize, ``sections`` the final standings; no clock runs."""
    level: int = 0
    """The level's number (on a break, the level before it)."""
    blinds: Blinds | None = None
    """The blinds of the hand being played (R9); None on a break."""
    next_hand: Blinds | None = None
    """Blinds the next hand takes when a level ran out during a hand (R9)."""
    next_blinds: Blinds | None = None
    timing: Timing = Timing(computed_at=0)
    room: Room = Room()
    seats: tuple[SeatRow, ...] = ()
    """The seat draw: every seated player by name."""
    show_seats: bool = False
    """The seat draw is on the TV instead of the clock."""
    message: str = ""
    """The message line for the room ("" for none)."""
    addon_text: str = ""
    """On a break while the add-on is on offer (R4): "Add-on: 5,000 chips for
    €10" ("" otherwise; during a level the figures say it is open)."""
    language: str = "en"
    """The language of the texts."""
    shot_clocks: tuple[ShotRow, ...] = ()
    """The shot clocks on the screens, by table."""

    @property
    def paused(self) -> bool:
        return self.started and not self.running and not self.finished

    def same_screen(self, other: DisplayData | None) -> bool:
        """Whether ``other`` shows exactly the same: only the instant it was read (and
        the milliseconds that follow from it) differ."""
        return other is not None and evolve(other, timing=self.timing) == self


# -- texts -------------------------------------------------------------------------
