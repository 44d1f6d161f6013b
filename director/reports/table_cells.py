"""An event's tables (standings, money ledger) as header and text rows, for CSV
export from the command line and the reports page (no ReportLab here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from director.core.ids import Instant
from director.core.players import Movement, MovementKind
from director.core.prize_pool import PrizePool
from director.core.state import TournamentState
from director.i18n import N_, _, format_money, format_number, format_time

if TYPE_CHECKING:
    from director.app.club.balances import NightExpense

KINDS = {
    MovementKind.BUY_IN: N_("Buy-in"),
    MovementKind.REENTRY: N_("Re-entry"),
    MovementKind.REBUY: N_("Re-buy"),
    MovementKind.ADDON: N_("Add-on"),
    MovementKind.TOP_UP: N_("Top-up"),
    MovementKind.REFUND: N_("Refund"),
    MovementKind.PAYMENT: N_("Debt paid"),
    MovementKind.CASH_OUT: N_("Cash-out"),
    MovementKind.PAYOUT: N_("Paid to player"),
    MovementKind.RAKE: N_("Rake"),
}
TABLES = ("standings", "ledger")


def standings_header() -> list[str]:
    """The columns of an event's standings, in the PDF and in CSV alike."""
    return [
        _("Place"),
        _("Player"),
        _("Entries"),
        _("Re-buys"),
        _("Add-ons"),
        _("Knock-outs"),
        _("Bounties"),
        _("Prize"),
        _("Net"),
    ]


def ledger_header(*, season: bool = False) -> list[str]:
    """The columns of an event's money ledger, in the PDF and in CSV alike;
    ``season``: with the part of each entry set aside for the league's season pot."""
    return [
        _("Time"),
        _("Player"),
        _("What"),
        _("Price"),
        _("Fee"),
        *([_("Season pot")] if season else []),
        _("Bounty"),
        _("Prize pool"),
        _("Cash"),
        _("Chips"),
    ]


def has_season_pot(state: TournamentState) -> bool:
    """Whether the event sets money aside for a season pot (its ledger then shows it)."""
    return bool(state.money.season_pot) or any(m.season for m in state.ledger)


def ledger_row(movement: Movement, names: Mapping[int, str], *, season: bool) -> list[str]:
    """One line of the ledger, under ``ledger_header(season=season)``."""
    return [
        format_time(movement.at),
        names.get(int(movement.player), str(movement.player))
        if int(movement.player) or movement.kind is not MovementKind.RAKE
        else _("The house"),
        _(KINDS[movement.kind]),
        _money(movement.price),
        _money(movement.fee),
        *([_money(movement.season)] if season else []),
        _money(movement.bounty),
        _money(movement.prize),
        _money(movement.cash),
        format_number(movement.chips) if movement.chips else "",
    ]


def _money(amount: int) -> str:
    return format_money(amount) if amount else ""


def host_rows(pool: PrizePool, *, season: bool = False) -> list[list[str]]:
    """The host's lines of the ledger: money added to the prize pool, and the
    overlay that tops it up to the guarantee (columns as ``ledger_header(season=...)``)."""
    rows = []
    for amount, what in (
        (pool.added, _("Added money")),
        (pool.overlay, _("Guarantee overlay")),
    ):
        if amount:
            # Price, fee, (season pot), bounty are empty: the host's money goes to the pool.
            empty = [""] * (4 if season else 3)
            rows.append(["", _("The host"), what, *empty, format_money(amount), "", ""])
    return rows


def expense_table(expenses: Sequence[NightExpense]) -> tuple[list[str], list[list[str]]]:
    """Shared expenses as a header and rows, one row per share: the expense's number in
    the club's journal, date, who paid, what for, amount and how it was split, then
    the sharer and his part (an expense's shares add up to its amount)."""
    header = [
        _("Expense"),
        _("Date"),
        _("Paid by"),
        _("For"),
        _("Amount"),
        _("Split"),
        _("Player"),
        _("Share"),
    ]
    rows = [
        [
            str(expense.number),
            expense.date,
            expense.paid_by,
            expense.note,
            format_money(expense.amount),
            expense.split_text,
            name,
            format_money(part),
        ]
        for expense in expenses
        for name, part in expense.shares
    ]
    return header, rows


def event_table(
    kind: str, state: TournamentState, now: Instant, expenses: Sequence[NightExpense] = ()
) -> tuple[list[str], list[list[str]]]:
    """``kind`` ("standings" or "ledger") of ``state`` as a header and rows. The
    ledger's ``expenses`` (the night's shared expenses, from the club's journal, not
    the box's money) follow its lines after an empty row, under their own header
    (``expense_table``)."""
    from director.reports import data

    if kind == "standings":
        standings = data.standings_data(state, now)
        header = standings_header()
        rows = []
        for result in standings.results:
            place = result.place
            entries, rebuys, addons = standings.entries.get(int(result.player), (0, 0, 0))
            rows.append(
                [
                    ""
                    if place is None
                    else (f"{place.best}–{place.worst}" if place.tied else str(place.best)),
                    result.name,
                    str(entries),
                    str(rebuys),
                    str(addons),
                    str(result.knockouts),
                    _money(result.bounties),
                    _money(result.prize),
                    format_money(result.net),
                ]
            )
        return header, rows
    ledger = data.ledger_data(state, now)
    rows = [
        ledger_row(movement, ledger.names, season=ledger.season) for movement in ledger.movements
    ]
    rows += host_rows(ledger.pool, season=ledger.season)
    if expenses:
        header, shares = expense_table(expenses)
        rows += [[], header, *shares]
    return ledger_header(season=ledger.season), rows
