"""The door's sign: the check-in page's QR code, big, with short instructions in
English and French (a room of players reads either), to print and put at the door."""

from __future__ import annotations

from xml.sax.saxutils import escape

import segno
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from director.core.ids import Instant
from director.core.state import TournamentState
from director.i18n import _, in_language
from director.reports.base import FONT, FONT_BOLD, RenderOptions, Report, fit_text, printable
from director.reports.data import header

LANGUAGES = ("en", "fr")
"""Both, whatever the app's language: the sign speaks to every player."""


class QrFlowable(Flowable):
    """A QR code drawn as squares (crisp at any size, no picture file), centred."""

    def __init__(self, text: str, side: float, width: float) -> None:
        super().__init__()
        code = segno.make(text, error="m", micro=False)
        self.rows = [[bool(cell) for cell in row] for row in code.matrix_iter(border=2)]
        self.side, self.width = side, width

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.side

    def draw(self) -> None:
        cell = self.side / len(self.rows)
        left = (self.width - self.side) / 2
        self.canv.setFillColorRGB(0, 0, 0)
        for row_index, row in enumerate(self.rows):
            for column, dark in enumerate(row):
                if dark:
                    y = self.side - (row_index + 1) * cell
                    self.canv.rect(left + column * cell, y, cell, cell, stroke=0, fill=1)


class Line(Flowable):
    """One line of text, centred and shrunk to fit."""

    def __init__(self, text: str, font: str, size: float, width: float) -> None:
        super().__init__()
        self.text, self.font, self.size, self.width = printable(text), font, size, width
        self.height = size * 1.35

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        fitted, size = fit_text(self.text, self.font, self.size, self.width)
        self.canv.setFont(self.font, size)
        self.canv.drawCentredString(self.width / 2, self.height - size, fitted)


def sign_lines() -> list[tuple[str, str]]:
    """The sign's instructions in each language: a heading and its steps."""
    found = []
    for language in LANGUAGES:
        with in_language(language):
            found.append(
                (
                    _("Check in here"),
                    _(
                        "Join the room's Wi-Fi, scan this code, type your name and choose "
                        "it, or say you are new. The organizer then calls you for the "
                        "buy-in."
                    ),
                )
            )
    return found


class DoorSign(Report):
    """The door's sign for one event."""

    def __init__(
        self, state: TournamentState, now: Instant, url: str, options: RenderOptions | None = None
    ) -> None:
        super().__init__(header(state, now), options)
        self.title = _("Door sign")
        self.url = url

    def story(self) -> list[Flowable]:
        width = self.text_width()
        side = min(width, 95 * mm)
        qr = QrFlowable(self.url, side, width)
        story: list[Flowable] = [Line(self.header.event, FONT_BOLD, 22, width), Spacer(1, 4 * mm)]
        (heading_en, steps_en), (heading_fr, steps_fr) = sign_lines()
        # One line each: both in full, never shrunk into one.
        story += [Line(heading_en, FONT_BOLD, 30, width), Line(heading_fr, FONT_BOLD, 30, width)]
        story += [Spacer(1, 4 * mm)]
        story += [qr, Spacer(1, 4 * mm), Line(self.url, FONT, 16, width), Spacer(1, 8 * mm)]
        style = ParagraphStyle("sign", fontName=FONT, fontSize=15, leading=20, alignment=TA_CENTER)
        for steps in (steps_en, steps_fr):
            story += [Paragraph(escape(printable(steps)), style), Spacer(1, 5 * mm)]
        return story


def door_sign(
    state: TournamentState, now: Instant, url: str, options: RenderOptions | None = None
) -> bytes:
    """The door's sign as PDF bytes: the check-in page at ``url``."""
    return DoorSign(state, now, url, options).render()
