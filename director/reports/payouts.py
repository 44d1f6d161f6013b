"""The payouts, large, to pin by the table."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from director.app.views.format_display import pool_breakdown
from director.i18n import _, format_money, format_number, format_percent
from director.reports.base import RenderOptions, Report
from director.reports.bounty_cells import bounty_paragraphs
from director.reports.data import PayoutsData


class PayoutsReport(Report):
    def __init__(self, data: PayoutsData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Payouts")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        numbers = data.figures
        pool = data.pool
        story: list[Flowable] = [
            self.paragraph(_("Prize pool {pool}").format(pool=format_money(pool.total)), "big"),
            self.paragraph(
                _("Entries: {entries} · re-buys: {rebuys} · add-ons: {addons}").format(
                    entries=format_number(numbers.entries),
                    rebuys=format_number(numbers.rebuys),
                    addons=format_number(numbers.addons),
                )
            ),
        ]
        if pool.host_money or pool.guarantee:
            story.append(self.paragraph(pool_breakdown(pool)))
        if pool.guarantee:
            story.append(
                self.paragraph(
                    _("Guaranteed: {amount}").format(amount=format_money(pool.guarantee))
                )
            )
        story.append(Spacer(1, 6 * mm))
        rows = [[_("Place"), _("Share"), _("Amount"), _("Player")]]
        for place, (amount, share) in enumerate(
            zip(data.amounts, data.shares, strict=True), start=1
        ):
            rows.append(
                [
                    str(place),
                    format_percent(share),
                    format_money(amount),
                    data.winners.get(place, ""),
                ]
            )
        width = self.text_width()
        story.append(
            self.table(
                rows,
                [width * 0.12, width * 0.16, width * 0.26, width * 0.46],
                right=(0, 1, 2),
                font_size=14,
            )
        )
        if data.deal is not None:
            story.append(Spacer(1, 6 * mm))
            story.append(self.paragraph(_("Deal"), "h2"))
            deal_rows = [[_("Player"), _("Chips"), _("Amount")]]
            for share in data.deal.shares:
                deal_rows.append(
                    [
                        data.names.get(share.player, str(share.player)),
                        format_number(share.stack),
                        format_money(share.amount),
                    ]
                )
            story.append(
                self.table(
                    deal_rows, [width * 0.5, width * 0.25, width * 0.25], right=(1, 2), font_size=11
                )
            )
            if data.deal.kept_aside:
                story.append(
                    self.paragraph(
                        _("{amount} kept aside for the winner.").format(
                            amount=format_money(data.deal.kept_aside)
                        )
                    )
                )
        if numbers.fees:
            story.append(Spacer(1, 4 * mm))
            story.append(
                self.paragraph(
                    _("Fees kept apart: {fees}.").format(fees=format_money(numbers.fees))
                )
            )
        if numbers.season_pot:
            story.append(
                self.paragraph(
                    _("Set aside for the league's season pot: {amount}").format(
                        amount=format_money(numbers.season_pot)
                    )
                )
            )
        if data.bounties is not None and data.bounties.pool:
            story.append(Spacer(1, 4 * mm))
            story += [self.paragraph(line) for line in bounty_paragraphs(data.bounties)]
        return story
