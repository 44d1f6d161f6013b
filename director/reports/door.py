"""Paper at the door: entry receipts (one slip per purchase, with cut marks) and
the sign-in sheet (the players known, then blank lines for newcomers)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from director.core.players import MovementKind
from director.i18n import _, format_money, format_number, format_time
from director.reports.base import (
    FONT,
    FONT_BOLD,
    RenderOptions,
    Report,
    draw_cut_marks,
    fit_text,
    printable,
)
from director.reports.data import Receipt, ReceiptsData, SignInData
from director.reports.table_cells import KINDS

SLIP_COLUMNS = 2
SLIP_ROWS = 4


class ReceiptSlips(Flowable):
    """A page of receipts, SLIP_COLUMNS x SLIP_ROWS, with cut marks at the corners."""

    def __init__(self, event: str, receipts: list[Receipt], width: float, height: float) -> None:
        super().__init__()
        self.event = event
        self.receipts = receipts
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        pdf = self.canv
        slip_width = self.width / SLIP_COLUMNS
        slip_height = self.height / SLIP_ROWS
        for index, receipt in enumerate(self.receipts):
            column, row = index % SLIP_COLUMNS, index // SLIP_COLUMNS
            left = column * slip_width + 5 * mm
            top = self.height - row * slip_height - 8 * mm
            self._slip(receipt, left, top, slip_width - 10 * mm)
        draw_cut_marks(pdf, SLIP_COLUMNS, SLIP_ROWS, slip_width, slip_height)

    def _line(
        self, text: str, font: str, size: float, left: float, top: float, room: float
    ) -> None:
        fitted, fitted_size = fit_text(printable(text), font, size, room)
        self.canv.setFont(font, fitted_size)
        self.canv.drawString(left, top, fitted)

    def _slip(self, receipt: Receipt, left: float, top: float, room: float) -> None:
        what = _(KINDS[MovementKind(receipt.kind)])
        self._line(self.event, FONT, 9, left, top, room * 0.7)
        self.canv.setFont(FONT, 9)
        self.canv.drawRightString(
            left + room, top, _("Receipt No. {number}").format(number=receipt.number)
        )
        self._line(receipt.player, FONT_BOLD, 16, left, top - 8 * mm, room)
        self._line(
            _("{what}: {price}").format(what=what, price=format_money(receipt.price)),
            FONT_BOLD,
            12,
            left,
            top - 15 * mm,
            room,
        )
        lines = [_("Paid: {amount}").format(amount=format_money(receipt.paid))]
        if receipt.chips:
            lines.append(_("Chips: {chips}").format(chips=format_number(receipt.chips)))
        if receipt.owed:
            lines.append(_("Still owed: {amount}").format(amount=format_money(receipt.owed)))
        if receipt.seat is not None:
            table, seat = receipt.seat
            lines.append(_("Table {table} · Seat {seat}").format(table=table, seat=seat))
        lines.append(format_time(receipt.at))
        for number, line in enumerate(lines):
            self._line(line, FONT, 10, left, top - (21 + 5 * number) * mm, room)


class ReceiptsReport(Report):
    def __init__(self, data: ReceiptsData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Entry receipts")
        self.data = data

    def story(self) -> list[Flowable]:
        receipts = self.data.receipts
        if not receipts:
            return [self.paragraph(_("Nobody has bought in yet."))]
        width = self.text_width()
        height = self.page_size()[1] - 2 * 15 * mm - 30 * mm - 8 * mm
        per_page = SLIP_COLUMNS * SLIP_ROWS
        story: list[Flowable] = []
        for start in range(0, len(receipts), per_page):
            if story:
                story.append(PageBreak())
            story.append(
                ReceiptSlips(self.header.event, receipts[start : start + per_page], width, height)
            )
        return story


class SignInReport(Report):
    def __init__(self, data: SignInData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Sign-in sheet")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        width = self.text_width()
        price = format_money(data.buy_in) if data.buy_in else ""
        rows = [[_("No."), _("Player"), _("Buy-in"), _("Paid"), _("Signature")]]
        names = data.names + [""] * data.blank
        for number, name in enumerate(names, start=1):
            rows.append([str(number), name, price if name else "", "☐", ""])
        table = self.table(
            rows,
            [width * 0.07, width * 0.38, width * 0.15, width * 0.08, width * 0.32],
            right=(0, 2),
            font_size=11,
        )
        table.setStyle(
            [("TOPPADDING", (0, 1), (-1, -1), 5), ("BOTTOMPADDING", (0, 1), (-1, -1), 5)]
        )
        return [
            self.paragraph(
                _("Sign in as you arrive; the organizer ticks “Paid” when the buy-in is taken.")
            ),
            table,
        ]
