"""The seating chart, and seat cards (one per player) with cut marks."""

from __future__ import annotations

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from director.i18n import _
from director.reports.base import (
    FONT,
    FONT_BOLD,
    RenderOptions,
    Report,
    draw_cut_marks,
    escape,
    printable,
)
from director.reports.data import SeatingData

CARD_COLUMNS = 2
CARD_ROWS = 4
NAME_SIZES = (16, 13, 10, 8)
"""Font sizes tried, largest first, for a name on a seat card."""


class SeatCards(Flowable):
    """A page of seat cards, CARD_COLUMNS x CARD_ROWS, with cut marks at the corners."""

    def __init__(
        self,
        cards: list[tuple[str, int, int]],
        width: float,
        height: float,
        labels: dict[int, str] | None = None,
    ) -> None:
        super().__init__()
        self.cards = cards
        self.labels = labels or {}
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        pdf = self.canv
        card_width = self.width / CARD_COLUMNS
        card_height = self.height / CARD_ROWS
        for index, (name, table, seat) in enumerate(self.cards):
            column, row = index % CARD_COLUMNS, index // CARD_COLUMNS
            left = column * card_width
            top = self.height - row * card_height
            pdf.setFont(FONT_BOLD, 26)
            pdf.drawCentredString(
                left + card_width / 2,
                top - card_height * 0.42,
                _("{table} · Seat {seat}").format(
                    table=self.labels.get(table) or _("Table {number}").format(number=table),
                    seat=seat,
                ),
            )
            self._draw_name(name, left, top - card_height * 0.6, card_width, card_height * 0.35)
        draw_cut_marks(pdf, CARD_COLUMNS, CARD_ROWS, card_width, card_height)

    def _draw_name(self, name: str, left: float, top: float, width: float, room: float) -> None:
        """The name centred under the seat, wrapped (long words too) and made smaller
        until it fits in the card."""
        text = escape(printable(name))
        for size in NAME_SIZES:
            style = ParagraphStyle(
                "card", fontName=FONT, fontSize=size, leading=size * 1.2, alignment=TA_CENTER
            )
            paragraph = Paragraph(text, style)
            _width, height = paragraph.wrap(width - 8 * mm, room)
            if height <= room:
                break
        paragraph.drawOn(self.canv, left + 4 * mm, top - height)


class SeatingReport(Report):
    def __init__(self, data: SeatingData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Seating")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        width = self.text_width()
        story: list[Flowable] = []
        if not data.tables:
            return [self.paragraph(_("The seats have not been drawn yet."))]
        for number, seats in data.tables:
            rows = [[_("Seat"), _("Player")]] + [[str(seat), name] for seat, name in seats]
            story.append(
                KeepTogether(
                    [
                        self.paragraph(
                            data.labels.get(number) or _("Table {number}").format(number=number),
                            "h2",
                        ),
                        self.table(rows, [width * 0.15, width * 0.85], right=(0,), font_size=11),
                        Spacer(1, 4 * mm),
                    ]
                )
            )
        height = self.page_size()[1] - 2 * 15 * mm - 30 * mm - 8 * mm
        per_page = CARD_COLUMNS * CARD_ROWS
        for start in range(0, len(data.cards), per_page):
            story.append(PageBreak())
            story.append(
                SeatCards(data.cards[start : start + per_page], width, height, data.labels)
            )
        return story
