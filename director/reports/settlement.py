"""The cash game's settlement: results, the bank and chip checks, who pays whom."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from director.i18n import _, format_money, format_number
from director.reports.base import RenderOptions, Report
from director.reports.data import SettlementData


class SettlementReport(Report):
    def __init__(self, data: SettlementData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Settlement")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        result = data.settlement
        width = self.text_width()
        rows = [[_("Player"), _("Bought"), _("Cashed out"), _("Result")]]
        for line in sorted(result.results, key=lambda r: -r.net):
            rows.append(
                [
                    data.name(line.player),
                    format_money(line.bought),
                    format_money(line.cashed_out),
                    format_money(line.net),
                ]
            )
        rows.append([_("Total"), "", "", format_money(result.net_total)])
        story: list[Flowable] = [
            self.table(
                rows,
                [width * 0.4, width * 0.2, width * 0.2, width * 0.2],
                right=(1, 2, 3),
                font_size=11,
                bold_last=True,
            ),
            Spacer(1, 5 * mm),
            self.paragraph(_("Checks"), "h2"),
            self.paragraph(
                _("Chips: {sold} sold, {returned} returned, difference {difference}.").format(
                    sold=format_number(result.chips_sold),
                    returned=format_number(result.chips_returned),
                    difference=format_number(result.chip_difference),
                )
            ),
            self.paragraph(
                _("Bank: {taken} taken in, {paid} paid out, {holds} in the box.").format(
                    taken=format_money(result.money_in),
                    paid=format_money(result.money_out),
                    holds=format_money(result.bank_holds),
                )
            ),
        ]
        if result.unsettled:
            story.append(
                self.paragraph(
                    _(
                        "The books are off by {amount}: the payments below leave that unpaid."
                    ).format(amount=format_money(result.unsettled))
                )
            )
        story.append(self.paragraph(_("Payments still to make"), "h2"))
        if not result.payments:
            story.append(self.paragraph(_("Nobody owes anybody anything.")))
        for payment in result.payments:
            story.append(
                self.paragraph(
                    _("{payer} pays {payee} {amount}").format(
                        payer=data.name(payment.payer),
                        payee=data.name(payment.payee),
                        amount=format_money(payment.amount),
                    ),
                    "big",
                )
            )
        return story
