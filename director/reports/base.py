"""The base of every report: fonts, styles, the page template and "page n of m".

A report is data gathered elsewhere (``data``) and a renderer that only
formats it: subclasses give a title and a story (ReportLab flowables); this
class lays the pages out on A4 or Letter, with the event's name, date and
place on every page and the page count at the bottom. A Unicode TrueType font
(DejaVu Sans) is embedded, so every name prints.
"""

from __future__ import annotations

import io
import unicodedata
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from director import paths
from director.i18n import _
from director.reports.data import ReportHeader
from director.reports.options import RenderOptions

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
PAPERS = {"A4": A4, "Letter": letter}
MARGIN = 15 * mm
HEADER_SPACE = 18 * mm
FOOTER_SPACE = 12 * mm
MIN_CELL_FONT = 6.0
"""The smallest size a table cell's text is set at to keep a word whole."""
CELL_PADDING = 6  # ReportLab's own default, kept
MIN_FONT_SIZE = 6
CELL_TEXT_LIMIT = 300
"""Longer texts (only old or damaged data can hold them) are cut, so that a cell
never grows taller than a page."""
PARAGRAPH_TEXT_LIMIT = 5_000
GRID = colors.HexColor("#c8ccd0")
SHADE = colors.HexColor("#eef1f4")


def register_fonts() -> None:
    """Make DejaVu Sans available to ReportLab (once)."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(FONT, str(paths.resource("fonts", "DejaVuSans.ttf"))))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(paths.resource("fonts", "DejaVuSans-Bold.ttf"))))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
    )


class NumberedCanvas(canvas.Canvas):
    """Holds every page until the end, then writes "page n of m" on each."""

    def __init__(self, *args: Any, footer: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for page in self._pages:
            self.__dict__.update(page)
            self._draw_page_number(total)
            super().showPage()
        super().save()

    def _draw_page_number(self, total: int) -> None:
        width, _height = self._pagesize
        self.setFont(FONT, 8)
        self.setFillColor(colors.HexColor("#555555"))
        text = _("Page {page} of {pages}").format(page=self._pageNumber, pages=total)
        self.drawRightString(width - MARGIN, MARGIN * 0.6, text)


class Report:
    """Subclasses set ``title`` and implement ``story``."""

    title = ""
    landscape = False

    def __init__(self, header: ReportHeader, options: RenderOptions | None = None) -> None:
        register_fonts()
        self.header = header
        self.options = options or RenderOptions()
        self.styles = {
            "body": ParagraphStyle("body", fontName=FONT, fontSize=10, leading=13),
            "small": ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10),
            "h1": ParagraphStyle("h1", fontName=FONT_BOLD, fontSize=16, leading=20, spaceAfter=6),
            "h2": ParagraphStyle(
                "h2", fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4
            ),
            "big": ParagraphStyle("big", fontName=FONT_BOLD, fontSize=20, leading=26),
            "right": ParagraphStyle(
                "right", fontName=FONT, fontSize=10, leading=13, alignment=TA_RIGHT
            ),
        }

    # -- hooks -----------------------------------------------------------------------

    def story(self) -> list[Flowable]:
        raise NotImplementedError

    # -- helpers ---------------------------------------------------------------------

    def page_size(self) -> tuple[float, float]:
        size = PAPERS.get(self.options.paper, A4)
        return (size[1], size[0]) if self.landscape else size

    def text_width(self) -> float:
        return self.page_size()[0] - 2 * MARGIN

    def paragraph(self, text: str, style: str = "body") -> Paragraph:
        return Paragraph(escape(printable(text, PARAGRAPH_TEXT_LIMIT)), self.styles[style])

    def table(
        self,
        rows: list[list[str]],
        widths: list[float],
        *,
        right: tuple[int, ...] = (),
        font_size: float = 9,
        bold_last: bool = False,
        header: bool = True,
    ) -> Table:
        """A grid with a shaded header row repeated on every page.

        A text too wide for its column (a name at the length limit) wraps onto
        more lines instead of running over the next column.
        """
        cells: list[list[str | Paragraph]] = [
            [
                self._fitted_cell(
                    cell,
                    widths[column] - 2 * CELL_PADDING,
                    font_size,
                    bold=(header and number == 0) or (bold_last and number == len(rows) - 1),
                    right=column in right,
                )
                for column, cell in enumerate(row)
            ]
            for number, row in enumerate(rows)
        ]
        table = Table(cells, colWidths=widths, repeatRows=1 if header else 0)
        style = [
            ("FONT", (0, 0), (-1, -1), FONT, font_size),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ]
        if header:
            style += [
                ("FONT", (0, 0), (-1, 0), FONT_BOLD, font_size),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ]
        for column in right:
            style.append(("ALIGN", (column, 0), (column, -1), "RIGHT"))
        if bold_last:
            style.append(("FONT", (0, -1), (-1, -1), FONT_BOLD, font_size))
        table.setStyle(TableStyle(style))
        return table

    def _fitted_cell(
        self, cell: str, room: float, font_size: float, *, bold: bool, right: bool
    ) -> str | Paragraph:
        font = FONT_BOLD if bold else FONT
        if not isinstance(cell, str):
            return cell
        cell = printable(cell)
        if stringWidth(cell, font, font_size) <= room:
            return cell
        # Lines break between words; a word wider than the column ("Knock-outs" in a
        # narrow header) is set a little smaller rather than cut in two. Only a word
        # that would still not fit at the smallest size (a name with no space at the
        # length limit) is split.
        widest = max((stringWidth(word, font, font_size) for word in cell.split()), default=0)
        size = font_size
        if widest > room:
            size = max(MIN_CELL_FONT, font_size * room / widest * 0.98)
        style = ParagraphStyle(
            "cell",
            fontName=font,
            fontSize=size,
            leading=size * 1.2,
            alignment=TA_RIGHT if right else 0,
            splitLongWords=widest * size / font_size > room,
        )
        return Paragraph(escape(cell), style)

    # -- rendering ---------------------------------------------------------------------

    def _decorate(self, pdf: canvas.Canvas, _doc: BaseDocTemplate) -> None:
        width, height = self.page_size()
        pdf.saveState()
        room = width - 2 * MARGIN
        title_width = stringWidth(self.title, FONT_BOLD, 12)
        pdf.setFont(FONT_BOLD, 12)
        pdf.drawRightString(width - MARGIN, height - MARGIN, self.title)
        event, size = fit_text(self.header.event, FONT_BOLD, 12, room - title_width - 6 * mm)
        pdf.setFont(FONT_BOLD, size)
        pdf.drawString(MARGIN, height - MARGIN, event)
        details = " · ".join(
            part for part in (self.header.kind, self.header.date, self.header.venue) if part
        )
        details, size = fit_text(details, FONT, 9, room)
        pdf.setFont(FONT, size)
        pdf.drawString(MARGIN, height - MARGIN - 12, details)
        pdf.setStrokeColor(GRID)
        pdf.line(MARGIN, height - MARGIN - 17, width - MARGIN, height - MARGIN - 17)
        pdf.setFont(FONT, 8)
        pdf.setFillColor(colors.HexColor("#555555"))
        pdf.drawString(
            MARGIN,
            MARGIN * 0.6,
            _("Printed {moment} by director").format(moment=self.header.generated),
        )
        pdf.restoreState()

    def render(self) -> bytes:
        """The report as PDF bytes."""
        buffer = io.BytesIO()
        width, height = self.page_size()
        doc = BaseDocTemplate(
            buffer,
            pagesize=(width, height),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + HEADER_SPACE,
            bottomMargin=MARGIN + FOOTER_SPACE,
            title=printable(f"{self.title} - {self.header.event}"),
            author="director",
            creator="director",
            invariant=1,
        )
        frame = Frame(
            MARGIN,
            MARGIN + FOOTER_SPACE,
            width - 2 * MARGIN,
            height - 2 * MARGIN - HEADER_SPACE - FOOTER_SPACE,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._decorate)])
        doc.build(self.story(), canvasmaker=NumberedCanvas)
        return buffer.getvalue()


def draw_cut_marks(
    pdf: canvas.Canvas, columns: int, rows: int, cell_width: float, cell_height: float
) -> None:
    """Small crosses at every corner of a grid of ``columns`` x ``rows`` cells (seat
    cards, receipts), where the scissors go."""
    pdf.setStrokeColor(colors.HexColor("#888888"))
    pdf.setLineWidth(0.5)
    mark = 4 * mm
    for column in range(columns + 1):
        for row in range(rows + 1):
            x, y = column * cell_width, row * cell_height
            pdf.line(x - mark / 2, y, x + mark / 2, y)
            pdf.line(x, y - mark / 2, x, y + mark / 2)


def fit_text(text: str, font: str, size: float, room: float) -> tuple[str, float]:
    """``text`` and a font size at which it fits in ``room`` points: the size shrinks
    down to ``MIN_FONT_SIZE``, then the text is cut with "…"."""
    text = printable(text)
    width = stringWidth(text, font, size)
    if width <= room:
        return text, size
    smaller = max(MIN_FONT_SIZE, size * room / width)
    if stringWidth(text, font, smaller) <= room:
        return text, smaller
    # The longest start that fits, found by halving (a text may be very long).
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if stringWidth(text[:middle] + "…", font, smaller) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…", smaller


def printable(text: str, limit: int = CELL_TEXT_LIMIT) -> str:
    """``text`` as it can be printed: control characters become spaces, what is not
    text at all (lone surrogates) becomes "�", and only the first ``limit``
    characters are kept. Names are checked when typed; this is for older data."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():
        return text
    return "".join(
        " "
        if unicodedata.category(character) == "Cc"
        else "\ufffd"
        if unicodedata.category(character) == "Cs"
        else character
        for character in text
    )


def escape(text: str) -> str:
    """Text safe inside a ReportLab paragraph (which reads a little XML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
