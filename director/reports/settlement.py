"""The settlement: for a cash game, results, the bank and chip checks and who pays
whom; for a tournament, each player's purchases, debts, prize and bounties, the
host's added money and guarantee, and what the bank still pays out."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from director.app.views.format_display import pool_breakdown
from director.i18n import _, format_money, format_number
from director.reports.base import RenderOptions, Report
from director.reports.bounty_cells import bounty_paragraphs
from director.reports.box_cells import box_lines
from director.reports.data import SettlementData, TournamentSettlementData
from director.reports.rake_text import rake_text


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
        if result.rake:
            story.append(self.paragraph(rake_text(result.rake)))
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


class TournamentSettlementReport(Report):
    landscape = True

    def __init__(
        self, data: TournamentSettlementData, options: RenderOptions | None = None
    ) -> None:
        super().__init__(data.header, options)
        self.title = _("Settlement")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        width = self.text_width()
        rows = [
            [
                _("Player"),
                _("Bought"),
                _("Still owes"),
                _("Prize"),
                _("Bounties"),
                _("Paid"),
                _("Still to pay him"),
            ]
        ]
        totals = [0] * 6
        for row in data.rows:
            values = (row.bought, row.owed, row.prize, row.bounties, row.paid_out, row.due)
            rows.append([row.name, *(format_money(value) if value else "" for value in values)])
            totals = [total + value for total, value in zip(totals, values, strict=True)]
        rows.append([_("Total"), *(format_money(value) for value in totals)])
        numbers = data.figures
        pool = data.pool
        book = data.bounties
        checks = [
            _("Money taken in: {taken}; paid out: {paid}; in the box: {box}.").format(
                taken=format_money(numbers.money_in),
                paid=format_money(numbers.money_out),
                box=format_money(numbers.money_in - numbers.money_out),
            ),
            _("Prize pool {pool} ({parts}); the payouts add up to {prizes}.").format(
                pool=format_money(pool.total),
                parts=pool_breakdown(pool),
                prizes=format_money(data.prizes_total),
            ),
        ]
        if pool.host_money:
            checks.append(
                _("The host puts in {amount} (added money and guarantee).").format(
                    amount=format_money(pool.host_money)
                )
            )
        checks.append(_("Fees kept apart: {fees}.").format(fees=format_money(numbers.fees)))
        if numbers.season_pot:
            checks.append(
                _("Set aside for the league's season pot: {amount}").format(
                    amount=format_money(numbers.season_pot)
                )
            )
        if book.pool:
            checks += bounty_paragraphs(book)
        checks += box_lines(data.box)
        story: list[Flowable] = [
            self.table(
                rows,
                [width * w for w in (0.28, 0.12, 0.12, 0.12, 0.12, 0.12, 0.12)],
                right=(1, 2, 3, 4, 5, 6),
                font_size=9,
                bold_last=True,
            ),
            Spacer(1, 5 * mm),
            self.paragraph(_("Checks"), "h2"),
        ]
        story += [self.paragraph(line) for line in checks]
        return story
