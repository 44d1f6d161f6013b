"""PDF reports: payouts, standings, the money ledger, the blind structure,
seating (chart and seat cards), the settlement (a cash game's or a
tournament's: who still pays whom), and the door's paper: entry receipts and
the sign-in sheet.

``render(kind, state, now)`` returns PDF bytes; the GUI previews, saves and
prints them, and ``director report`` writes them from the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.state import TournamentState
from director.i18n import N_
from director.reports.options import RenderOptions

if TYPE_CHECKING:
    from director.app.club.balances import NightExpense
    from director.reports.base import Report

Builder = Callable[[TournamentState, Instant, RenderOptions], "Report"]

# ReportLab (and each report's module) is imported only when a report is made:
# the window and the command line start without it.


def _payouts(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.payouts import PayoutsReport

    return PayoutsReport(data.payouts_data(state, now), options)


def _standings(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.standings import StandingsReport

    return StandingsReport(data.standings_data(state, now), options)


def _ledger(
    state: TournamentState,
    now: Instant,
    options: RenderOptions,
    expenses: Sequence[NightExpense] = (),
) -> Report:
    from director.reports import data
    from director.reports.ledger import LedgerReport

    return LedgerReport(data.ledger_data(state, now, expenses), options)


def _structure(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.structure import StructureReport

    return StructureReport(data.structure_data(state, now), options)


def _seating(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.seating import SeatingReport

    return SeatingReport(data.seating_data(state, now), options)


def _settlement(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.settlement import SettlementReport, TournamentSettlementReport

    if not state.is_cash:
        return TournamentSettlementReport(data.tournament_settlement_data(state, now), options)
    return SettlementReport(data.settlement_data(state, now), options)


def _receipts(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.door import ReceiptsReport

    return ReceiptsReport(data.receipts_data(state, now), options)


def _sign_in(state: TournamentState, now: Instant, options: RenderOptions) -> Report:
    from director.reports import data
    from director.reports.door import SignInReport

    return SignInReport(data.sign_in_data(state, now), options)


KINDS: dict[str, tuple[str, Builder]] = {
    "payouts": (N_("Payouts"), _payouts),
    "standings": (N_("Standings"), _standings),
    "ledger": (N_("Money ledger"), _ledger),
    "structure": (N_("Blind structure"), _structure),
    "seating": (N_("Seating and seat cards"), _seating),
    "settlement": (N_("Settlement"), _settlement),
    "receipts": (N_("Entry receipts"), _receipts),
    "sign-in": (N_("Sign-in sheet"), _sign_in),
}
TOURNAMENT_ONLY = {"payouts"}
CASH_ONLY: set[str] = set()


def available(state: TournamentState) -> list[str]:
    """The report kinds that make sense for this event."""
    excluded = TOURNAMENT_ONLY if state.is_cash else CASH_ONLY
    return [kind for kind in KINDS if kind not in excluded]


def render(
    kind: str,
    state: TournamentState,
    now: Instant,
    options: RenderOptions | None = None,
    *,
    expenses: Sequence[NightExpense] = (),
) -> bytes:
    """The report ``kind`` for ``state`` as PDF bytes; ``RuleViolation`` for an unknown
    kind or one that does not fit the event. ``expenses``: the night's shared
    expenses from the club's journal (``app.club.balances.night_expenses``), which the
    ledger lists."""
    if kind not in KINDS:
        raise RuleViolation("unknown_report", kind=kind, kinds=", ".join(KINDS))
    if kind not in available(state):
        raise RuleViolation("report_not_for_this_event", kind=kind)
    options = options or RenderOptions()
    if kind == "ledger":
        return _ledger(state, now, options, expenses).render()
    return KINDS[kind][1](state, now, options).render()
