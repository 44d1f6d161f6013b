"""The money ledger: every movement in time order, the totals and the checks."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from director.app.club.balances import expense_header, expense_totals
from director.i18n import _, format_date, format_money, format_number
from director.reports.base import RenderOptions, Report
from director.reports.bounty_cells import bounty_paragraphs, knockout_rows
from director.reports.box_cells import box_lines
from director.reports.data import LedgerData
from director.reports.table_cells import host_rows, ledger_header, ledger_row


def money(amount: int) -> str:
    return format_money(amount) if amount else ""


class LedgerReport(Report):
    landscape = True

    def __init__(self, data: LedgerData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Money ledger")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        season = data.season
        rows = [ledger_header(season=season)]
        # Price, fee, (season pot), bounty, prize pool, cash, chips.
        totals = [0] * (7 if season else 6)
        for movement in data.movements:
            rows.append(ledger_row(movement, data.names, season=season))
            amounts = (
                movement.price,
                movement.fee,
                *((movement.season,) if season else ()),
                movement.bounty,
                movement.prize,
                movement.cash,
                movement.chips,
            )
            for index, value in enumerate(amounts):
                totals[index] += value
        rows += host_rows(data.pool, season=season)
        # The host's money goes to the prize pool column (after the season pot's, if any).
        totals[4 if season else 3] += data.pool.host_money
        # Every total is said, 0 included: an empty Cash total read as a missing figure
        # (it is what the box should hold).
        rows.append(
            [
                "",
                _("Totals"),
                "",
                *[format_money(v) for v in totals[:-1]],
                format_number(totals[-1]),
            ]
        )
        width = self.text_width()
        widths = (
            [0.08, 0.17, 0.1, 0.09, 0.08, 0.09, 0.08, 0.11, 0.1, 0.1]
            if season
            else [0.08, 0.2, 0.11, 0.1, 0.09, 0.09, 0.11, 0.11, 0.11]
        )
        numbers = data.figures
        checks = [
            _("Money taken in: {amount}").format(amount=format_money(numbers.money_in)),
            _("Money paid out: {amount}").format(amount=format_money(numbers.money_out)),
            _("In the box now: {amount}").format(
                amount=format_money(numbers.money_in - numbers.money_out)
            ),
            _("Still owed by players: {amount}").format(amount=format_money(numbers.owed)),
            _("Fees kept apart: {amount}").format(amount=format_money(numbers.fees)),
        ]
        if numbers.season_pot:
            checks.append(
                _("Set aside for the league's season pot: {amount}").format(
                    amount=format_money(numbers.season_pot)
                )
            )
            checks.append(
                _(
                    "Prize pool: {amount} (buy-ins, re-buys and add-ons less fees, the season "
                    "pot and bounties)"
                ).format(amount=format_money(numbers.prize_pool))
            )
        else:
            checks.append(
                _(
                    "Prize pool: {amount} (buy-ins, re-buys and add-ons less fees and bounties)"
                ).format(amount=format_money(numbers.prize_pool))
            )
        checks += [
            *pool_checks(data),
            _("Bounty pool: {amount}").format(amount=format_money(numbers.bounty_pool)),
            _("Prizes and bounties paid so far: {amount}").format(
                amount=format_money(data.paid_out_prizes)
            ),
        ]
        if data.prize_pool_check:
            checks.append(
                _("The payouts differ from the prize pool by {amount}!").format(
                    amount=format_money(data.prize_pool_check)
                )
            )
        else:
            checks.append(_("The payouts add up to the prize pool."))
        if data.box is not None:
            checks += box_lines(data.box)
        story: list[Flowable] = [
            self.table(
                rows,
                [width * w for w in widths],
                right=tuple(range(3, len(widths))),
                font_size=8,
                bold_last=True,
            ),
            Spacer(1, 5 * mm),
            self.paragraph(_("Checks"), "h2"),
        ]
        story += [self.paragraph(line) for line in checks]
        story += self.expenses()
        if data.bounties is not None and data.bounties.pool:
            story.append(Spacer(1, 4 * mm))
            story.append(self.paragraph(_("Bounties"), "h2"))
            story += [self.paragraph(line) for line in bounty_paragraphs(data.bounties)]
            knockouts = knockout_rows(data.bounties, data.names)
            if len(knockouts) > 1:
                story.append(
                    self.table(
                        knockouts,
                        [width * w for w in (0.1, 0.25, 0.15, 0.5)],
                        right=(2,),
                        font_size=8,
                    )
                )
        return story

    def expenses(self) -> list[Flowable]:
        """The night's shared expenses from the club's journal: each with who paid and
        each sharer's part, their total, and what they leave each player (paid less
        share), which the club's balances take in. None: nothing."""
        expenses = self.data.expenses
        if not expenses:
            return []
        width = self.text_width()
        rows = [expense_header()]
        for expense in expenses:
            parts = ", ".join(f"{name} {format_money(part)}" for name, part in expense.shares)
            rows.append(
                [
                    format_date(expense.date),
                    expense.paid_by,
                    expense.note,
                    format_money(expense.amount),
                    expense.split_text,
                    parts,
                ]
            )
        total = sum(expense.amount for expense in expenses)
        rows.append(["", _("Totals"), "", format_money(total), "", ""])
        people = [[_("Player"), _("Paid"), _("Share"), _("Net")]]
        for name, paid, share in expense_totals(expenses):
            people.append([name, money(paid), money(share), format_money(paid - share)])
        # One block: the expenses and what they leave each player read together.
        return [
            Spacer(1, 4 * mm),
            KeepTogether(self._expense_parts(rows, people, total, width)),
        ]

    def _expense_parts(
        self, rows: list[list[str]], people: list[list[str]], total: int, width: float
    ) -> list[Flowable]:
        return [
            self.paragraph(_("Shared expenses"), "h2"),
            self.paragraph(
                _(
                    "Shared expenses of the night: {amount}, paid by players and shared "
                    "between them (not in the box: the club's balances take them in)"
                ).format(amount=format_money(total))
            ),
            self.table(
                rows,
                [width * w for w in (0.11, 0.13, 0.15, 0.1, 0.19, 0.32)],
                right=(3,),
                font_size=8,
                bold_last=True,
            ),
            Spacer(1, 3 * mm),
            self.table(people, [width * w for w in (0.46, 0.18, 0.18, 0.18)], right=(1, 2, 3)),
        ]


def pool_checks(data: LedgerData) -> list[str]:
    """The host's money and the pool the payouts share, when the host put some in."""
    pool = data.pool
    if not pool.host_money and not pool.guarantee:
        return []
    lines = []
    if pool.added:
        lines.append(_("Added by the host: {amount}").format(amount=format_money(pool.added)))
    if pool.guarantee:
        lines.append(
            _("Guarantee: {amount}; the host tops the pool up by {overlay}").format(
                amount=format_money(pool.guarantee), overlay=format_money(pool.overlay)
            )
        )
    lines.append(
        _("Prize pool the payouts share: {amount}").format(amount=format_money(pool.total))
    )
    return lines
