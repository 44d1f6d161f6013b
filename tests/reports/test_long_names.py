"""Names at the length limit stay inside their column, their card and the page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from director import reports
from director.app.files import structures
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.text import NAME_MAX_LENGTH, VENUE_MAX_LENGTH
from director.persistence.db import open_database
from director.reports.base import FONT, FONT_BOLD, MARGIN, RenderOptions, register_fonts

WIDE = "W" * NAME_MAX_LENGTH  # the widest letter, no space to break at
WORDS = ("Wolfgang Maximilian " * 10)[:NAME_MAX_LENGTH].strip()


@pytest.fixture
def long_names(db_path, clock):
    database = open_database(db_path)
    session = Library(database, clock=clock).create(
        "E" * NAME_MAX_LENGTH, event_date="2026-11-21", venue="V" * VENUE_MAX_LENGTH
    )
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    names = [WIDE, WORDS, "Ann", "Bob"]
    for number, name in enumerate(names, start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.StartClock())
    session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(4), eliminator=PlayerId(1)),)))
    yield session
    database.close()


Piece = tuple[float, float, str, float, str, float]


def pieces(pdf: bytes) -> list[Piece]:
    """(x, y, text, font size, font, page width) of every piece of text drawn."""
    found: list[Piece] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        page_width = float(page.mediabox.width)

        def visit(text, cm, tm, font, size, page_width=page_width) -> None:
            if text.strip():
                name = FONT_BOLD if "Bold" in str((font or {}).get("/BaseFont", "")) else FONT
                x = tm[4] * cm[0] + cm[4]
                found.append((x, tm[5], text.strip(), size * abs(tm[0] or 1), name, page_width))

        page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("kind", ["standings", "seating", "payouts", "ledger"])
def test_names_at_the_limit_stay_inside_the_page_and_are_not_cut(long_names, kind) -> None:
    register_fonts()
    pdf = reports.render(kind, long_names.state, long_names.now(), RenderOptions(paper="A4"))
    drawn = pieces(pdf)
    assert drawn
    for x, _y, text, size, font, width in drawn:
        assert x >= MARGIN - 2, (kind, text[:40], x)
        right = x + stringWidth(text, font, size)
        assert right <= width - MARGIN + 2, (kind, text[:40], right)
    joined = "".join(piece[2] for piece in drawn).replace(" ", "")
    if kind in ("standings", "seating"):
        assert WIDE in joined  # wrapped, not cut
        assert WORDS.replace(" ", "") in joined


def test_a_long_name_wraps_within_its_column(long_names) -> None:
    register_fonts()
    pdf = reports.render("standings", long_names.state, long_names.now(), RenderOptions())
    name_pieces = [piece for piece in pieces(pdf) if set(piece[2]) == {"W"}]
    assert len(name_pieces) >= 3  # on several lines
    for _x, _y, text, size, font, width in name_pieces:
        column = (width - 2 * MARGIN) * 0.3  # the name column of the standings
        assert stringWidth(text, font, size) <= column
