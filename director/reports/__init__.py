"""PDF reports: payouts, standings, the money ledger, the blind structure,
seating (chart and seat cards) and the cash-game settlement.

``render(kind, state, now)`` returns PDF bytes; the GUI previews, saves and
prints them, and ``director report`` writes them from the command line.
"""

from __future__ import annotations

from collections.abc import Callable

from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.state import TournamentState
from director.i18n import N_
from director.reports import data
from director.reports.base import RenderOptions, Report
from director.reports.ledger import LedgerReport
from director.reports.payouts import PayoutsReport
from director.reports.seating import SeatingReport
from director.reports.settlement import SettlementReport
from director.reports.standings import StandingsReport
from director.reports.structure import StructureReport

Builder = Callable[[TournamentState, Instant, RenderOptions], Report]

KINDS: dict[str, tuple[str, Builder]] = {
    "payouts": (N_("Payouts"), lambda s, n, o: PayoutsReport(data.payouts_data(s, n), o)),
    "standings": (N_("Standings"), lambda s, n, o: StandingsReport(data.standings_data(s, n), o)),
    "ledger": (N_("Money ledger"), lambda s, n, o: LedgerReport(data.ledger_data(s, n), o)),
    "structure": (
        N_("Blind structure"),
        lambda s, n, o: StructureReport(data.structure_data(s, n), o),
    ),
    "seating": (
        N_("Seating and seat cards"),
        lambda s, n, o: SeatingReport(data.seating_data(s, n), o),
    ),
    "settlement": (
        N_("Cash game settlement"),
        lambda s, n, o: SettlementReport(data.settlement_data(s, n), o),
    ),
}
TOURNAMENT_ONLY = {"payouts"}
CASH_ONLY = {"settlement"}


def available(state: TournamentState) -> list[str]:
    """The report kinds that make sense for this event."""
    excluded = TOURNAMENT_ONLY if state.is_cash else CASH_ONLY
    return [kind for kind in KINDS if kind not in excluded]


def render(
    kind: str, state: TournamentState, now: Instant, options: RenderOptions | None = None
) -> bytes:
    """The report ``kind`` for ``state`` as PDF bytes; ``RuleViolation`` for an unknown
    kind or one that does not fit the event."""
    if kind not in KINDS:
        raise RuleViolation("unknown_report", kind=kind, kinds=", ".join(KINDS))
    if kind not in available(state):
        raise RuleViolation("report_not_for_this_event", kind=kind)
    return KINDS[kind][1](state, now, options or RenderOptions()).render()
