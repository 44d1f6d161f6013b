"""Reports of a progressive knockout with added money and a guarantee, and of a
mystery bounty event: every PDF and the CSV export show the formats' money."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from director import reports
from director.app.files import structures
from director.app.storage.library import Library
from director.core import commands as c
from director.core.bounties import bounty_book
from director.core.ids import PlayerId
from director.core.money import MYSTERY, PROGRESSIVE, BountySettings, Envelope, Fee, MoneySettings
from director.core.players import Bust, Winner
from director.core.prize_pool import prize_pool
from director.core.results import prize_amounts
from director.i18n import format_money, set_language
from director.persistence.db import open_database
from director.reports.table_cells import event_table

NAMES = ["Ann", "Bob", "Carl", "Dana", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo"]


def text_of(pdf: bytes) -> str:
    """The PDF's text with every run of blanks made one space (cells wrap)."""
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def night(db_path, clock, bounties: BountySettings, **money):
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Knockout night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    settings = MoneySettings(
        buy_in=3000, chips=5000, fee=Fee(fixed=200), bounty=1000, bounties=bounties, **money
    )
    session.dispatch(c.SetMoneySettings(settings=settings))
    for number, name in enumerate(NAMES, start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.StartClock())
    return database, session


@pytest.fixture
def pko(db_path, clock):
    database, session = night(
        db_path, clock, BountySettings(kind=PROGRESSIVE), added=2000, guarantee=25_000
    )
    # Jo's bounty is shared: Ann won 3,000 of his chips, Bob 1,000.
    clock.advance(60_000)
    session.dispatch(
        c.BustPlayers(
            busts=(
                Bust(
                    player=PlayerId(10),
                    eliminator=PlayerId(1),
                    winners=(Winner(PlayerId(1), 3000), Winner(PlayerId(2), 1000)),
                ),
            )
        )
    )
    for number in range(9, 1, -1):
        clock.advance(60_000)
        session.dispatch(
            c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(1)),))
        )
    yield session
    database.close()


def test_pko_reports_show_bounties_added_money_and_guarantee(pko) -> None:
    state = pko.state
    pool = prize_pool(state)
    assert (pool.collected, pool.added, pool.overlay, pool.total) == (18_000, 2000, 5000, 25_000)
    book = bounty_book(state)
    assert book.held == 0 and book.paid == 10_000
    now = pko.now()
    payouts = text_of(reports.render("payouts", state, now))
    assert "Prize pool €250.00" in payouts
    assert "added €20.00" in payouts and "overlay €50.00" in payouts
    assert "Guaranteed: €250.00" in payouts and "Progressive knockout" in payouts
    for amount in prize_amounts(state):
        assert format_money(amount) in payouts
    ledger = text_of(reports.render("ledger", state, now))
    assert "Added money" in ledger and "Guarantee overlay" in ledger
    assert "The payouts add up to the prize pool." in ledger
    assert "Bounty money €100.00: won €100.00, unclaimed €0.00, still held €0.00." in ledger
    assert "on his bounty" in ledger  # the PKO's half added to Ann's own bounty
    standings = text_of(reports.render("standings", state, now))
    assert format_money(book.won[PlayerId(1)]) in standings
    settlement = text_of(reports.render("settlement", state, now))
    assert "The host puts in €70.00" in settlement
    assert format_money(book.won[PlayerId(1)]) in settlement


def test_pko_csv_ledger_has_the_host_lines(pko) -> None:
    header, rows = event_table("ledger", pko.state, pko.now())
    host = [row for row in rows if row[1] == "The host"]
    assert [row[2] for row in host] == ["Added money", "Guarantee overlay"]
    assert [row[6] for row in host] == ["€20.00", "€50.00"]
    header, rows = event_table("standings", pko.state, pko.now())
    ann = next(row for row in rows if row[1] == "Ann")
    assert ann[header.index("Bounties")] == format_money(bounty_book(pko.state).won[PlayerId(1)])


def test_pko_reports_in_french(pko) -> None:
    set_language("fr")
    try:
        payouts = text_of(reports.render("payouts", pko.state, pko.now()))
        ledger = text_of(reports.render("ledger", pko.state, pko.now()))
    finally:
        set_language("en")
    assert "Garanti" in payouts and "Knock-out progressif" in payouts
    assert "Argent ajouté" in ledger


def test_mystery_reports_show_the_envelopes(db_path, clock) -> None:
    envelopes = (Envelope(amount=5000, count=1), Envelope(amount=500, count=10))
    database, session = night(db_path, clock, BountySettings(kind=MYSTERY, envelopes=envelopes))
    try:
        clock.advance(60_000)
        session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(5), eliminator=PlayerId(1)),)))
        state = session.state
        drawn = state.draws[0].amount
        ledger = text_of(reports.render("ledger", state, session.now()))
        assert "Mystery bounties" in ledger and f"envelope {format_money(drawn)}" in ledger
        assert "10 envelopes left" in ledger
    finally:
        database.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_r29_ledger_and_settlement_reconcile_the_box_with_the_season_pot(
    db_path, clock, language
) -> None:
    """A PKO night with a guarantee and a season pot, the winner paid, the runner-up
    not yet: each PDF says what the box holds once everything is settled and what
    that money is (the season pot was missing from the settlement, and the ledger
    called prizes and bounties together "prizes"), and that it balances."""
    database, session = night(
        db_path, clock, BountySettings(kind=PROGRESSIVE), guarantee=25_000, season_pot=300
    )
    try:
        for number in range(10, 1, -1):
            clock.advance(60_000)
            session.dispatch(
                c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(1)),))
            )
        session.dispatch(c.PayPrize(player=PlayerId(1)))
        state, now = session.state, session.now()
        set_language(language)
        try:
            ledger = text_of(reports.render("ledger", state, now))
            settlement = text_of(reports.render("settlement", state, now))
        finally:
            set_language("en")
    finally:
        database.close()
    # In: 10 x 30.00 = 300.00: fees 20.00, season pot 30.00, bounties 100.00 and
    # prizes 150.00, topped up to 250.00 (overlay 100.00). Ann is paid 125.00 and all
    # the bounties, 100.00; the 2nd and 3rd prizes (75.00, 50.00) are still to pay. The
    # box: 300.00 - 225.00 = 75.00, + 100.00 from the host - 125.00 due = 50.00, which
    # is the fees 20.00 and the season pot 30.00.
    box = 30_000 - (prize_amounts(state)[0] + 10_000)
    end = box + 10_000 - sum(prize_amounts(state)[1:])
    assert end == 2000 + 3000
    money = {amount: format_money(amount) for amount in (box, end, 2000, 3000)}
    if language == "en":
        assert "Prizes and bounties paid so far" in ledger
        assert "Set aside for the league's season pot: €30.00" in settlement
        for text in (ledger, settlement):
            assert f"leaves {money[end]}: fees {money[2000]}, season pot {money[3000]}." in text
            assert "The box balances to the cent." in text
    else:
        for text in (ledger, settlement):
            flat = text.replace("\u202f", " ").replace("\u00a0", " ")
            assert "La caisse tombe juste au centime près." in flat
            assert "cagnotte de saison 30,00 €" in flat


def mixed_night(db_path, clock):
    """No limit, pot limit and limit levels, a break that races the 25s off, and a
    chip set with a colour by name, one by code and one written in French."""
    from director.core.chip_sets import Chip, ChipSet
    from director.core.structure import Betting, Break, Level, Structure

    database = open_database(db_path)
    session = Library(database, clock=clock).create("Mixed night")
    structure = Structure(
        items=(
            Level(25, 50),
            Level(50, 100, betting=Betting.POT_LIMIT),
            Break(),
            Level(100, 200, small_bet=200, big_bet=400, betting=Betting.LIMIT),
        )
    )
    session.dispatch(c.SetStructure(structure=structure))
    chips = (Chip(25, 100, "white"), Chip(100, 100, "#ff0000"), Chip(500, 50, "vert"))
    session.dispatch(c.SetChipSet(chip_set=ChipSet(name="Home", chips=chips)))
    return database, session


def test_structure_sheet_says_each_levels_betting_and_prints_the_chips(db_path, clock) -> None:
    database, session = mixed_night(db_path, clock)
    text = text_of(reports.render("structure", session.state, session.now()))
    assert "Level Betting Blinds Bets Ante Length Starts" in text
    assert "1 No limit 25 / 50 20 min" in text
    assert "2 Pot limit 50 / 100 20 min" in text
    # A limit level: its small bet and big bet, and the blinds posted.
    assert "3 Limit 100 / 200 200 / 400 20 min" in text
    assert "Break Chip race: the 25s go." in text
    # The chips: a colour by its name, one given as a code by its swatch only.
    assert "Chips · Home Chip Colour 25 white 100 500 green" in text
    assert "#ff0000" not in text
    set_language("fr")
    try:
        french = text_of(reports.render("structure", session.state, session.now()))
    finally:
        set_language("en")
    assert "Niveau Enchères Blinds Mises Ante Durée Début" in french
    assert "3 Limit 100 / 200 200 / 400" in french and "Jetons · Home" in french
    assert "25 blanc 100 500 vert" in french
    session.close()
    database.close()


def test_structure_sheet_all_no_limit_keeps_its_columns(db_path, clock) -> None:
    database, session = night(db_path, clock, BountySettings())
    text = text_of(reports.render("structure", session.state, session.now()))
    assert "Level Blinds Ante Length Starts" in text and "Betting" not in text
    assert "Chips ·" not in text  # no chip set
    session.close()
    database.close()
