"""The data of every report, gathered from the state; renderers only format it.

Amounts stay integers here (minor units, chips); the renderers format them
in the user's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from director.app.views.charts import NightChart, night_chart
from director.app.views.table_texts import seat_lock_text, table_label
from director.core import clock as clk
from director.core.bounties import BountyBook, bounty_book
from director.core.chip_sets import ChipSet
from director.core.ids import Instant
from director.core.ledger import BANK, Figures, Settlement, figures, settle
from director.core.payouts import Deal
from director.core.players import EntrantStatus, Movement
from director.core.prize_pool import PrizePool, prize_pool
from director.core.results import (
    BoxCheck,
    PlayerResult,
    box_check,
    bubble,
    player_results,
    prize_amounts,
)
from director.core.state import EventKind, TournamentState
from director.core.structure import Break, Level, Structure
from director.core.text import name_order
from director.i18n import _, format_date, format_datetime

if TYPE_CHECKING:
    from director.app.club.balances import NightExpense


@dataclass(frozen=True)
class ReportHeader:
    event: str
    kind: str
    date: str
    venue: str
    generated: str


def header(state: TournamentState, now: Instant) -> ReportHeader:
    kind = _("Tournament") if state.kind is EventKind.TOURNAMENT else _("Cash game")
    return ReportHeader(
        event=state.name,
        kind=kind,
        date=format_date(state.event_date),
        venue=state.venue,
        generated=format_datetime(now),
    )


@dataclass(frozen=True)
class PayoutsData:
    header: ReportHeader
    figures: Figures
    amounts: list[int]
    shares: list[int]
    winners: dict[int, str]
    deal: Deal | None
    names: dict[int, str]
    to_the_money: int
    pool: PrizePool = PrizePool(collected=0)
    bounties: BountyBook | None = None


def payouts_data(state: TournamentState, now: Instant) -> PayoutsData:
    amounts = prize_amounts(state)
    pool = sum(amounts)
    shares = [amount * 10_000 // pool if pool else 0 for amount in amounts]
    results = player_results(state)
    winners = {r.place.best: r.name for r in results if r.place is not None and not r.place.tied}
    return PayoutsData(
        header=header(state, now),
        figures=figures(state.players, state.ledger),
        amounts=amounts,
        shares=shares,
        winners=winners,
        deal=state.deal,
        names={int(p): e.name for p, e in state.players.items()},
        to_the_money=bubble(state).to_the_money,
        pool=prize_pool(state),
        bounties=bounty_book(state),
    )


@dataclass(frozen=True)
class StandingsData:
    header: ReportHeader
    results: list[PlayerResult]
    entries: dict[int, tuple[int, int, int]]
    """player -> (entries, re-buys, add-ons)."""
    figures: Figures
    cash: bool = False
    chart: NightChart | None = None
    """The night's players left, entries and re-buys (None: a cash game)."""


def standings_data(state: TournamentState, now: Instant) -> StandingsData:
    results = player_results(state)
    entries = {int(p): (e.entries, e.rebuys, e.addons) for p, e in state.players.items()}
    if state.is_cash:
        results = sorted(results, key=lambda r: -r.net)
    return StandingsData(
        header=header(state, now),
        results=results,
        entries=entries,
        figures=figures(state.players, state.ledger),
        cash=state.is_cash,
        chart=None if state.is_cash else night_chart(state),
    )


@dataclass(frozen=True)
class LedgerData:
    header: ReportHeader
    movements: list[Movement]
    names: dict[int, str]
    figures: Figures
    paid_out_prizes: int
    prize_pool_check: int
    """Prize pool less the sum of the payouts (0 when everything adds up)."""
    season: bool = False
    """Whether the event sets money aside for a season pot (a column of its own)."""
    pool: PrizePool = PrizePool(collected=0)
    bounties: BountyBook | None = None
    box: BoxCheck | None = None
    """The cash box checked against the books (a tournament's)."""
    expenses: tuple[NightExpense, ...] = ()
    """The night's shared expenses, from the club's journal (not the box's money)."""


def ledger_data(
    state: TournamentState, now: Instant, expenses: Sequence[NightExpense] = ()
) -> LedgerData:
    numbers = figures(state.players, state.ledger)
    from director.core.players import MovementKind
    from director.reports.table_cells import has_season_pot

    paid_out = -sum(m.cash for m in state.ledger if m.kind is MovementKind.PAYOUT)
    pool = prize_pool(state)
    check = pool.total - sum(prize_amounts(state)) if not state.is_cash else 0
    return LedgerData(
        header=header(state, now),
        movements=list(state.ledger),
        names={int(p): e.name for p, e in state.players.items()},
        figures=numbers,
        paid_out_prizes=paid_out,
        prize_pool_check=check,
        season=has_season_pot(state),
        pool=pool,
        bounties=None if state.is_cash else bounty_book(state),
        box=None if state.is_cash else box_check(state),
        expenses=tuple(expenses),
    )


@dataclass(frozen=True)
class StructureRow:
    number: int | None
    item: Level | Break
    starts_at: int | None
    """Estimated start (epoch ms), once the clock has started or a start is planned, for
    the current and coming items while only timed items lie before."""


@dataclass(frozen=True)
class StructureData:
    header: ReportHeader
    structure: Structure
    rows: list[StructureRow]
    current: int | None
    chip_set: ChipSet | None = None
    """The event's chips (values and colours), printed under the levels."""


def structure_data(state: TournamentState, now: Instant) -> StructureData:
    structure = state.structure
    view = clk.view(state.clock, structure, now)
    # The times are the clock's schedule (the end in sight), printed once the clock
    # has started or a start is planned: from "now" they would mean nothing on paper.
    plan = clk.schedule(state.clock, structure, now)
    timed = view.started or plan.starts_at is not None
    rows = [
        StructureRow(
            number=structure.level_number(index) if isinstance(item, Level) else None,
            item=item,
            starts_at=starts if timed else None,
        )
        for index, (item, starts) in enumerate(zip(structure.items, plan.starts, strict=True))
    ]
    return StructureData(
        header=header(state, now),
        structure=structure,
        rows=rows,
        current=view.index if view.started else None,
        chip_set=state.chip_set,
    )


@dataclass(frozen=True)
class SeatingData:
    header: ReportHeader
    tables: list[tuple[int, list[tuple[int, str]]]]
    """(table, [(seat, name)]) with every seat, empty ones with ""."""
    cards: list[tuple[str, int, int]]
    """(name, table, seat) for the seat cards, by name."""
    labels: dict[int, str] = field(default_factory=dict)
    """Table -> "Table 2" or its name, "Table Ann's kitchen"."""


def seating_data(state: TournamentState, now: Instant) -> SeatingData:
    tables = []
    names = {int(player): entrant.name for player, entrant in state.players.items()}
    for number in sorted(state.tables.tables):
        table = state.tables.tables[number]
        seats = [
            (
                seat,
                state.player_name(table.seats[seat])
                if seat in table.seats
                else seat_lock_text(state.tables, number, seat, names),
            )
            for seat in range(1, state.tables.seats_at(number) + 1)
        ]
        tables.append((number, seats))
    cards = sorted(
        (
            (state.player_name(player), table, seat)
            for player, (table, seat) in state.tables.seated().items()
        ),
        key=lambda card: name_order(card[0]),
    )
    labels = {number: table_label(state.tables, number) for number in state.tables.tables}
    return SeatingData(header=header(state, now), tables=tables, cards=cards, labels=labels)


@dataclass(frozen=True)
class SettlementData:
    header: ReportHeader
    settlement: Settlement
    names: dict[int, str] = field(default_factory=dict)

    def name(self, party: int) -> str:
        return _("The bank") if party == BANK else self.names.get(party, str(party))


def settlement_data(state: TournamentState, now: Instant) -> SettlementData:
    return SettlementData(
        header=header(state, now),
        settlement=settle(state.players, state.ledger),
        names={int(p): e.name for p, e in state.players.items()},
    )


@dataclass(frozen=True)
class TournamentSettlementRow:
    name: str
    bought: int
    owed: int
    prize: int
    bounties: int
    paid_out: int

    @property
    def due(self) -> int:
        return self.prize + self.bounties - self.paid_out


@dataclass(frozen=True)
class TournamentSettlementData:
    """A tournament's night in money: each player's purchases, debts and winnings,
    the host's money, the fees and the bounty money, and what is still to pay."""

    header: ReportHeader
    rows: list[TournamentSettlementRow]
    figures: Figures
    pool: PrizePool
    bounties: BountyBook
    prizes_total: int
    box: BoxCheck


def tournament_settlement_data(state: TournamentState, now: Instant) -> TournamentSettlementData:
    owed = {player: entrant.owed for player, entrant in state.players.items()}
    rows = [
        TournamentSettlementRow(
            name=result.name,
            bought=result.bought,
            owed=max(0, owed.get(result.player, 0)),
            prize=result.prize,
            bounties=result.bounties,
            paid_out=result.paid_out,
        )
        for result in player_results(state)
        if state.players[result.player].status is not EntrantStatus.REMOVED
    ]
    return TournamentSettlementData(
        header=header(state, now),
        rows=rows,
        figures=figures(state.players, state.ledger),
        pool=prize_pool(state),
        bounties=bounty_book(state),
        prizes_total=sum(prize_amounts(state)),
        box=box_check(state),
    )


@dataclass(frozen=True)
class Receipt:
    """One slip handed over at the door: what a player bought and paid."""

    number: int
    """The purchase's number in the event's ledger (1, 2...): the same on every print."""
    at: Instant
    player: str
    kind: str
    """The movement's kind (buy_in, rebuy, addon...)."""
    price: int
    paid: int
    """Money handed over with this purchase (the rest is owed)."""
    chips: int
    owed: int
    """What the player still owes in all, at printing."""
    seat: tuple[int, int] | None
    """(table, seat) at printing."""


@dataclass(frozen=True)
class ReceiptsData:
    header: ReportHeader
    receipts: list[Receipt]


def receipts_data(state: TournamentState, now: Instant) -> ReceiptsData:
    """A receipt for each purchase and refund in the ledger, in its order."""
    from director.core.players import PURCHASES, MovementKind

    seated = state.tables.seated()
    receipts = []
    number = 0
    for movement in state.ledger:
        if movement.kind not in PURCHASES and movement.kind is not MovementKind.REFUND:
            continue
        number += 1
        entrant = state.players.get(movement.player)
        receipts.append(
            Receipt(
                number=number,
                at=movement.at,
                player=state.player_name(movement.player),
                kind=movement.kind.value,
                price=movement.price,
                paid=movement.cash,
                chips=movement.chips,
                owed=max(0, entrant.owed) if entrant is not None else 0,
                seat=seated.get(movement.player),
            )
        )
    return ReceiptsData(header=header(state, now), receipts=receipts)


SIGN_IN_LINES = 40
"""Lines on a sign-in sheet at least: the names known, then blank lines for newcomers."""
SIGN_IN_BLANK = 10


@dataclass(frozen=True)
class SignInData:
    header: ReportHeader
    names: list[str]
    """The event's players, by name."""
    buy_in: int
    blank: int
    """Blank lines for players not known yet."""


def sign_in_data(state: TournamentState, now: Instant) -> SignInData:
    names = sorted((entrant.name for entrant in state.players.values()), key=str.casefold)
    blank = max(SIGN_IN_BLANK, SIGN_IN_LINES - len(names))
    buy_in = state.cash.min_buy_in if state.is_cash else state.money.buy_in
    return SignInData(header=header(state, now), names=names, buy_in=buy_in, blank=blank)
