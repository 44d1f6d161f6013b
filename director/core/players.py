"""The people in an event and every movement of money and chips (R1-R6, R32).

Each entrant keeps counters for the console; the ledger keeps every movement
in time order, so that the bank can be checked to the cent at any moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from director.core.frozen import Record, dataclass
from director.core.ids import Instant, PlayerId


class EntrantStatus(StrEnum):
    REGISTERED = "registered"
    """Expected, not yet bought in."""
    PLAYING = "playing"
    BUSTED = "busted"
    LEFT = "left"
    """Cash game: cashed out and gone (may come back)."""
    REMOVED = "removed"
    """Entered by mistake: the entry was refunded."""


class MovementKind(StrEnum):
    BUY_IN = "buy_in"
    REENTRY = "reentry"
    REBUY = "rebuy"
    ADDON = "addon"
    TOP_UP = "top_up"
    REFUND = "refund"
    PAYMENT = "payment"
    CASH_OUT = "cash_out"
    PAYOUT = "payout"
    RAKE = "rake"
    """Cash game: the house's takings, all in ``fee``. From a pot (``player`` is the
    bank, ``chips`` the chips taken off the table), or charged to a player (``price``
    what he is charged, ``cash`` what he paid of it now)."""


PURCHASES = frozenset(
    {
        MovementKind.BUY_IN,
        MovementKind.REENTRY,
        MovementKind.REBUY,
        MovementKind.ADDON,
        MovementKind.TOP_UP,
    }
)


@dataclass(frozen=True, eq=False, repr=False)
class Movement(Record):
    """One line of the money ledger.

    ``price`` is what was bought (negative for a refund or a cash-out), split
    into ``fee``, ``season`` (the league's season pot), ``bounty`` and ``prize``
    (they add up to ``price`` for every purchase and refund); ``cash`` is the
    money that actually
    changed hands with the bank (positive: into the bank). ``chips`` are the
    chips given to the player (negative: returned).
    """

    at: Instant
    kind: MovementKind
    player: PlayerId
    price: int = 0
    fee: int = 0
    bounty: int = 0
    prize: int = 0
    cash: int = 0
    chips: int = 0
    refunded: MovementKind | None = None
    """For a refund: the kind of purchase it takes back."""
    revived: bool = False
    """A purchase that brought a busted player back (a re-entry, or a re-buy
    after a bust); a refund of it puts them out again."""
    season: int = 0
    """The part of an entry set aside for the league's season pot (0 in a log
    written before events had one: such a log replays as it always did)."""


@dataclass(frozen=True, eq=False, repr=False)
class Entrant(Record):
    """A person in this event, with the counters the console shows."""

    player: PlayerId
    name: str
    nickname: str = ""
    status: EntrantStatus = EntrantStatus.REGISTERED
    entries: int = 0
    rebuys: int = 0
    addons: int = 0
    price: int = 0
    paid: int = 0
    chips: int = 0
    cashed_out: int = 0
    paid_out: int = 0
    reentries: int = 0
    joined_at: Instant = Instant(0)
    starting_stack: int = 0
    """His own chips for his buy-in (a season final's qualifier); 0: the event's."""

    @property
    def owed(self) -> int:
        """Money this player still owes the bank for what they bought."""
        return self.price - self.paid

    @property
    def due(self) -> int:
        """Money the bank still owes this player for chips returned (cash game)."""
        return self.cashed_out - self.paid_out

    @property
    def in_play(self) -> bool:
        return self.status is EntrantStatus.PLAYING

    @property
    def display_name(self) -> str:
        return f"{self.name} ({self.nickname})" if self.nickname else self.name


@dataclass(frozen=True, eq=False, repr=False)
class Winner(Record):
    """One of several players who won a busted player's chips on one hand (a split
    pot, side pots), with how many of those chips he won: his share of the bounty."""

    player: PlayerId
    chips: int


@dataclass(frozen=True, eq=False, repr=False)
class Bust(Record):
    """One player out: who knocked them out, and their stack when the hand began."""

    player: PlayerId
    eliminator: PlayerId | None = None
    start_stack: int | None = None
    table: int = 0
    winners: tuple[Winner, ...] = ()
    """Several eliminators: each with the chips he won of the busted player, in the
    order odd units of the bounty go (R22, from the first left of the button);
    ``eliminator`` is one of them (the knock-out counts for him). Empty when
    ``eliminator`` alone (or nobody) won them."""

    def eliminators(self) -> tuple[Winner, ...]:
        """Who shares the busted player's bounty, with their weights."""
        if self.winners:
            return self.winners
        if self.eliminator is None:
            return ()
        return (Winner(player=self.eliminator, chips=1),)


@dataclass(frozen=True, eq=False, repr=False)
class BountyShare(Record):
    """Bounty money won by ``player`` at one knockout: ``cash`` paid to him, ``head``
    added to his own bounty (progressive knockout)."""

    player: PlayerId
    cash: int
    head: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class EnvelopeDraw(Record):
    """Mystery bounties: the envelope drawn when ``busted`` went out, and who won it."""

    busted: PlayerId
    amount: int
    shares: tuple[BountyShare, ...]
    at: Instant = Instant(0)
    bust: int = 0
    """Which of the busted player's busts drew it (1: his first), so that putting him
    back in returns the envelope of his latest bust only, never an earlier one's
    (0 in a log written before: the count is made when the draw is applied)."""


@dataclass(frozen=True, eq=False, repr=False)
class BustRecord(Record):
    """The players who went out on one hand (R23), in the order they were recorded."""

    hand: int
    busts: tuple[Bust, ...]
    at: Instant
    hand_for_hand: bool = False
    after_movements: int = -1
    """How many ledger movements came before this bust in the log: the bounty book
    follows the log's order, not the wall clock's, which a laptop may set back
    (-1 in a log written before: its time places it)."""
    after_deal: bool = False
    """Recorded after the players left made a deal (R31): their bounties were theirs
    at the deal, so this knockout moves no bounty money."""


def busts_of(records: Sequence[BustRecord], player: PlayerId) -> int:
    """How many times ``player`` is recorded out in ``records``."""
    return sum(1 for record in records for bust in record.busts if bust.player == player)
