"""The club's money as PDF: every open balance, and the payments that settle them
(all, or one night's)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from director.app.club.balances import (
    ClubBalances,
    balance_cells,
    balance_header,
    expense_rows,
    settle_rows,
    settled_expenses,
)
from director.core.ledger import Payment
from director.i18n import _, format_money
from director.reports.base import RenderOptions, Report
from director.reports.league import league_header


class ClubReport(Report):
    def __init__(
        self,
        found: ClubBalances,
        payments: Sequence[Payment],
        now: int,
        *,
        night: str = "",
        event: int | None = None,
        options: RenderOptions | None = None,
    ) -> None:
        """``night``: the night settled (its date and name, ``event`` its number), ""
        for every open balance (then the balances are listed first); the shared
        expenses standing (the night's, or all) are listed last."""
        super().__init__(league_header(_("Club"), night or _("All open balances"), now), options)
        self.title = _("Settle up") if night else _("Balances")
        self.found = found
        self.payments = payments
        self.night = night
        self.event = event

    def story(self) -> list[Flowable]:
        width = self.text_width()
        parts: list[Flowable] = []
        if not self.night:
            rows = [balance_header()] + [balance_cells(p) for p in self.found.players]
            rows.append([_("The club"), format_money(self.found.club), "", "", ""])
            parts.append(
                self.table(
                    rows,
                    [width * w for w in (0.34, 0.16, 0.16, 0.16, 0.18)],
                    right=(1, 2, 3, 4),
                    bold_last=True,
                )
            )
            parts.append(self.paragraph(_("Settle up"), "h2"))
        payments = settle_rows(self.payments, self.found)
        if payments[1:]:
            parts.append(self.table(payments, [width * w for w in (0.4, 0.4, 0.2)], right=(2,)))
        else:
            parts.append(self.paragraph(_("Everyone is square.")))
        expenses = settled_expenses(self.found, self.event if self.night else None)
        if expenses:
            parts.append(self.paragraph(_("Shared expenses"), "h2"))
            parts.append(
                self.table(
                    expense_rows(expenses, self.found),
                    [width * w for w in (0.13, 0.13, 0.14, 0.1, 0.2, 0.3)],
                    right=(3,),
                    font_size=8,
                )
            )
        return parts


def club_pdf(
    found: ClubBalances,
    payments: Sequence[Payment],
    now: int,
    *,
    night: str = "",
    event: int | None = None,
    options: RenderOptions | None = None,
) -> bytes:
    return ClubReport(found, payments, now, night=night, event=event, options=options).render()
