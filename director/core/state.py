"""The state of one event (a tournament or a cash game), folded from its events.

Every part is a frozen dataclass, replaced rather than changed, so the session
can tell which parts an event touched by identity (``old.clock is new.clock``)
and keep earlier states around for undo at no cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from director.core.chip_sets import ChipSet
from director.core.clock import ClockState
from director.core.frozen import Record, dataclass
from director.core.ids import Instant, PlayerId
from director.core.kinds import EventKind as EventKind
from director.core.kinds import Status as Status
from director.core.money import CashSettings, MoneySettings
from director.core.payouts import Deal, PayoutSettings
from director.core.players import BustRecord, Entrant, EntrantStatus, EnvelopeDraw, Movement
from director.core.shot_clock import ShotClocks
from director.core.structure import Structure
from director.core.tables import TablesState
from director.core.tv import TvLook


@dataclass(frozen=True, eq=False, repr=False)
class TournamentState(Record):
    """Everything known about one event. ``version`` counts applied events."""

    name: str = ""
    kind: EventKind = EventKind.TOURNAMENT
    created_at: Instant = Instant(0)
    event_date: str = ""
    venue: str = ""
    status: Status = Status.SETUP
    archived: bool = False
    structure: Structure = Structure()
    clock: ClockState = ClockState()
    money: MoneySettings = MoneySettings()
    cash: CashSettings = CashSettings()
    players: Mapping[PlayerId, Entrant] = field(default_factory=dict)
    ledger: tuple[Movement, ...] = ()
    busts: tuple[BustRecord, ...] = ()
    tables: TablesState = TablesState()
    payout: PayoutSettings = PayoutSettings()
    deal: Deal | None = None
    draws: tuple[EnvelopeDraw, ...] = ()
    """Mystery bounties: the envelopes drawn, in order."""
    chip_set: ChipSet | None = None
    """The organizer's chips for this event."""
    tv_look: TvLook | None = None
    """The TV's look for this event; None: the defaults from the settings."""
    room_message: str = ""
    """The message line on the TV ("" for none)."""
    shot_clocks: ShotClocks = ShotClocks()
    """The shot clocks running, their settings and the time-bank chips used."""
    version: int = 0

    @property
    def created(self) -> bool:
        """Whether the creation event has been applied."""
        return self.version > 0

    @property
    def is_cash(self) -> bool:
        return self.kind is EventKind.CASH

    def entrant(self, player: PlayerId) -> Entrant | None:
        return self.players.get(player)

    def player_name(self, player: int | str, fallback: str | None = None) -> str:
        """The player's name; for one not in this event, ``fallback`` or the id."""
        entrant = self.players.get(PlayerId(int(player)))
        if entrant is not None:
            return entrant.name
        return str(player) if fallback is None else fallback

    def alive(self) -> list[PlayerId]:
        """Players still in (tournament) or seated (cash game)."""
        return [p for p, e in self.players.items() if e.status is EntrantStatus.PLAYING]
