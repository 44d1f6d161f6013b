"""The night's results as text for the group chat, and ``director summary``."""

from __future__ import annotations

import pytest

from director.app.files import structures
from director.app.storage.library import Library
from director.app.views.summary import night_summary
from director.cli import main
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import CashSettings, MoneySettings
from director.core.players import Bust
from director.core.results import player_results
from director.core.state import EventKind
from director.i18n import format_money, set_language
from director.persistence.db import open_database

NAMES = ["Ann", "Bob", "Zoë", "Dmitri", "Eve", "Farid"]


@pytest.fixture
def night(db_path, clock):
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Rebuy Night", event_date="2026-11-14")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number, name in enumerate(NAMES, start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    session.dispatch(c.StartClock())
    yield session
    database.close()


def bust(session, clock, number: int, by: int = 1) -> None:
    clock.advance(60_000)
    session.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(number), eliminator=PlayerId(by)),)))


def test_a_finished_night_in_a_few_lines(night, clock) -> None:
    for number in (6, 5, 4, 3, 2):
        bust(night, clock, number)
    text = night_summary(night.state)
    first, places, knockouts = text.splitlines()
    assert first == f"Rebuy Night, 6 players, {format_money(12_000)} (Nov 14, 2026)"
    paid = [r for r in player_results(night.state) if r.total]
    assert paid, "the standard payouts pay someone"
    for result in paid:
        assert f"{result.place.best}. {result.name} {format_money(result.total)}" in places
    assert places.startswith("1. Ann ")
    assert knockouts == "Most knock-outs: Ann (5)"
    assert "Still playing" not in text


def test_a_night_still_running_says_how_many_are_left(night, clock) -> None:
    bust(night, clock, 6, by=2)
    lines = night_summary(night.state).splitlines()
    assert lines[-1] == "Still playing: 5 players left."
    assert lines[1] == "Most knock-outs: Bob (1)"
    assert len(lines) == 3  # no place is paid or on the podium yet


def test_a_cash_game_gives_each_result(db_path, clock) -> None:
    database = open_database(db_path)
    session = Library(database, clock=clock).create("Cash Friday", kind=EventKind.CASH)
    session.dispatch(
        c.SetCashSettings(settings=CashSettings(chip_money=1, chip_count=1, min_buy_in=1000))
    )
    session.dispatch(c.BuyIn(player=PlayerId(1), name="Ann", amount=5000))
    session.dispatch(c.BuyIn(player=PlayerId(2), name="Bob", amount=5000))
    session.dispatch(c.CashOut(player=PlayerId(1), chips=8000))
    session.dispatch(c.CashOut(player=PlayerId(2), chips=2000))
    lines = night_summary(session.state).splitlines()
    assert lines[0] == "Cash Friday, 2 players"
    assert lines[1] == f"Ann +{format_money(3000)} · Bob −{format_money(3000)}"
    database.close()


def test_in_french(night, clock) -> None:
    for number in (6, 5, 4, 3, 2):
        bust(night, clock, number)
    set_language("fr")
    text = night_summary(night.state)
    assert text.startswith(f"Rebuy Night, 6 joueurs, {format_money(12_000)}")
    assert "Le plus d’éliminations : Ann (5)" in text


def test_director_summary_prints_it(night, clock, db_path, capsys) -> None:
    for number in (6, 5, 4, 3, 2):
        bust(night, clock, number)
    expected = night_summary(night.state)
    night.database.close()
    assert main(["summary", "Rebuy Night", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == expected + "\n"
    assert main(["summary", "No such night", "--db", str(db_path)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
