"""Paper at the door: entry receipts and the sign-in sheet, read back from the PDF."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from director import reports
from director.app.files import structures
from director.app.storage.library import Library
from director.cli import main
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.i18n import format_money, set_language
from director.persistence.db import open_database

NAMES = ["Ann", "Bob", "Zoë", "Łukasz Żółć", "Dmitri"]


def text_of(pdf: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages), len(reader.pages)


@pytest.fixture
def night(db_path, clock):
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Door night", event_date="2026-11-21")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number, name in enumerate(NAMES, start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name, paid=name != "Bob"))
    session.dispatch(c.RegisterPlayer(player=PlayerId(9), name="Late Larry"))
    session.dispatch(c.DrawSeats())
    yield session
    database.close()


def test_a_receipt_for_each_purchase_with_what_was_paid_owed_and_the_seat(night, clock) -> None:
    state = night.state
    text, pages = text_of(reports.render("receipts", state, clock()))
    assert pages == 1
    for number, name in enumerate(NAMES, start=1):
        assert f"Receipt No. {number}" in text
        assert name in text
    assert "Receipt No. 6" not in text  # Larry has only registered
    assert text.count(f"Buy-in: {format_money(2000)}") == len(NAMES)
    assert text.count(f"Paid: {format_money(2000)}") == len(NAMES) - 1
    assert f"Paid: {format_money(0)}" in text and f"Still owed: {format_money(2000)}" in text
    for player, (table, seat) in state.tables.seated().items():
        if state.players[player].entries:
            assert f"Table {table} · Seat {seat}" in text


def test_receipts_go_eight_to_a_page_and_keep_their_numbers(db_path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Big night")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
    for number in range(1, 20):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    text, pages = text_of(reports.render("receipts", session.state, clock()))
    assert pages == 3  # 19 slips, 8 a page
    assert re.findall(r"Receipt No\. (\d+)", text) == [str(n) for n in range(1, 20)]
    database.close()


def test_the_sign_in_sheet_lists_every_player_and_lines_for_newcomers(night, clock) -> None:
    text, _pages = text_of(reports.render("sign-in", night.state, clock()))
    names = sorted([*NAMES, "Late Larry"], key=str.casefold)
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)  # by name
    assert "Signature" in text and format_money(2000) in text
    numbers = [int(n) for n in re.findall(r"^(\d+)\b", text, re.MULTILINE)]
    assert max(numbers) == 40  # the names known, then blank lines up to 40


def test_the_door_reports_in_french(night, clock) -> None:
    set_language("fr")
    receipts, _ = text_of(reports.render("receipts", night.state, clock()))
    sheet, _ = text_of(reports.render("sign-in", night.state, clock()))
    assert "Reçu n° 1" in receipts and "Table" in receipts
    assert "Feuille d’émargement" in sheet and "Signature" in sheet


def test_the_command_line_writes_both(night, db_path, tmp_path, capsys) -> None:
    night.database.close()
    for kind in ("receipts", "sign-in"):
        out = tmp_path / f"{kind}.pdf"
        status = main(["report", kind, "Door night", "--db", str(db_path), "--out", str(out)])
        assert status == 0, capsys.readouterr().err
        assert out.read_bytes().startswith(b"%PDF")
    assert main(["report", "receipt", "1", "--db", str(db_path), "--out", str(out)]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "receipts" in error[0] and "sign-in" in error[0]
