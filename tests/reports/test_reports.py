"""Reports: read the PDFs back and check names, places and amounts against the event."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from director import reports
from director.app.files import structures
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, Fee, MoneySettings
from director.core.players import Bust
from director.core.results import player_results
from director.core.state import EventKind
from director.i18n import format_money
from director.persistence.db import open_database
from director.reports.base import RenderOptions

NAMES = ["Łukasz Żółć", "Ørjan", "José", "Дмитрий", "Zoë", "Ann", "Bob", "Carl", "Dana", "Eve"]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "reports"


def text_of(pdf: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages), len(reader.pages)


@pytest.fixture
def finished(db_path, clock):
    database = open_database(db_path)
    session = Library(database, clock=clock).create(
        "Friday night", event_date="2026-11-21", venue="Chez Zoë"
    )
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(
        c.SetMoneySettings(
            settings=MoneySettings(buy_in=2000, chips=5000, fee=Fee(fixed=200), bounty=300)
        )
    )
    for number, name in enumerate(NAMES, start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    session.dispatch(c.StartClock())
    for number in range(10, 1, -1):
        clock.advance(5 * 60_000)
        session.dispatch(
            c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(1)),))
        )
    yield session
    database.close()


def test_every_name_prints_in_the_standings(finished) -> None:
    pdf = reports.render("standings", finished.state, finished.now())
    text, _pages = text_of(pdf)
    for name in NAMES:
        assert name in text
    results = player_results(finished.state)
    winner = results[0]
    assert winner.name == "Łukasz Żółć" and winner.place.best == 1
    assert format_money(winner.prize) in text
    assert "Friday night" in text and "Chez Zoë" in text and "Page 1 of 1" in text


def test_payouts_report_lists_places_and_amounts(finished) -> None:
    text, _pages = text_of(reports.render("payouts", finished.state, finished.now()))
    assert "Prize pool €150.00" in text
    assert "€75.00" in text and "€45.00" in text and "€30.00" in text


def test_ledger_report_adds_up(finished) -> None:
    text, _pages = text_of(reports.render("ledger", finished.state, finished.now()))
    assert text.count("Buy-in") == 10
    assert "Prize pool: €150.00" in text and "Fees kept apart: €20.00" in text
    assert "The payouts add up to the prize pool." in text


def test_structure_and_seating_reports(finished) -> None:
    text, _pages = text_of(reports.render("structure", finished.state, finished.now()))
    assert "Colour up the 25s" in text and "3,000 / 6,000" in text
    text, pages = text_of(reports.render("seating", finished.state, finished.now()))
    assert "Łukasz Żółć" in text and "Table 1 · Seat" in text
    assert pages >= 2  # the chart, then the seat cards


def test_settlement_report(db_path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Cash", EventKind.CASH)
    session.dispatch(c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=1)))
    session.dispatch(c.BuyIn(player=PlayerId(1), name="Ørjan", amount=5000))
    session.dispatch(c.BuyIn(player=PlayerId(2), name="Дмитрий", amount=5000, paid=False))
    session.dispatch(c.CashOut(player=PlayerId(1), chips=1500, paid=False))
    session.dispatch(c.CashOut(player=PlayerId(2), chips=500))
    text, _pages = text_of(reports.render("settlement", session.state, session.now()))
    assert "Ørjan" in text and "Дмитрий" in text
    assert "Дмитрий pays Ørjan €25.00" in text or "pays Ørjan" in text
    with pytest.raises(Exception) as caught:
        reports.render("payouts", session.state, session.now())
    assert getattr(caught.value, "code", "") == "report_not_for_this_event"
    database.close()


def test_paper_size_and_many_pages_have_page_n_of_m(finished) -> None:
    pdf = reports.render("ledger", finished.state, finished.now(), RenderOptions(paper="Letter"))
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width)) == 792  # Letter, landscape


def test_cli_report_writes_a_pdf_and_refuses_unknown_kinds(
    finished, db_path, tmp_path, capsys
) -> None:
    finished.database.close()
    out = tmp_path / "standings.pdf"
    assert main(["report", "standings", "1", "--out", str(out), "--db", str(db_path)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert main(["report", "nonsense", "1", "--out", str(out), "--db", str(db_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nonsense" in err
    assert (
        main(["report", "payouts", "99", "--out", str(tmp_path / "x.pdf"), "--db", str(db_path)])
        == 2
    )
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_pages_render_to_images(finished) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for kind in reports.available(finished.state):
        path = SHOTS / f"{kind}.pdf"
        path.write_bytes(reports.render(kind, finished.state, finished.now()))
        subprocess.run(
            ["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(path), str(SHOTS / kind)],
            check=True,
        )
        assert list(SHOTS.glob(f"{kind}*.png"))


def test_french_reports(finished) -> None:
    from director.i18n import set_language

    set_language("fr")
    try:
        text, _pages = text_of(reports.render("standings", finished.state, finished.now()))
    finally:
        set_language("en")
    assert "Classement" in text and "Page 1 sur 1" in text


def test_r28_the_structure_report_names_the_chips_that_go(db_path, clock) -> None:
    """R28: "when a denomination is removed" the structure sheet says which chips go."""
    from director.core.structure import Break, Level, Structure

    database = open_database(db_path)
    try:
        session = Library(database, clock=clock).create("Chips")
        structure = Structure(
            items=(
                Level(small_blind=25, big_blind=50),
                Break(seconds=600),
                Level(small_blind=100, big_blind=200),
            ),
            chips=(25, 100, 500),
        )
        session.dispatch(c.SetStructure(structure=structure))
        text, _pages = text_of(reports.render("structure", session.state, session.now()))
        assert "Chip race: the 25s go." in text
        session.close()
    finally:
        database.close()


def test_the_ledger_totals_row_says_every_total_zero_included(db_path, clock) -> None:
    """Bought in and paid out to the cent: the Cash total is €0.00, never an empty cell."""
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Even night")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    session.dispatch(c.BuyIn(player=PlayerId(1), name="Ann", paid=False))
    text, _pages = text_of(reports.render("ledger", session.state, clock()))
    lines = text.splitlines()
    at = lines.index("Totals")
    # Price, fee, bounty, prize pool, cash (nothing paid yet), chips.
    assert lines[at + 1 : at + 7] == ["€20.00", "€0.00", "€0.00", "€20.00", "€0.00", "5,000"]
    database.close()
