"""Every item model of the console passes Qt's own model checks, through resets,
inserts, removes and edits (QAbstractItemModelTester, fatal on any breach)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester

from director.app.files import structures
from director.app.storage.library import Library
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.results import preview_deal
from director.core.structure import Break
from director.gui.models.deal_model import DealModel
from director.gui.models.events_model import EventsModel
from director.gui.models.players_model import PlayersModel
from director.gui.models.records_model import CHECK, CHIPS, MONEY, PLACE, Column, RecordsModel
from director.gui.models.structure_model import StructureModel
from tests.core.helpers import T0, created, run

FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal


def _night():
    state = created(structures.find("regular-5000").template.structure)
    state = run(state, c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)), T0)
    for number in range(1, 7):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"Player {number}"), T0)
    for number in (6, 5, 4):
        state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(number)),)), T0)
    return state


def test_players_and_deal_models(qtbot, model_checks) -> None:
    state = _night()
    players = model_checks(PlayersModel())
    players.set_state(state)
    players.set_state(created())
    players.set_state(state)
    deal = model_checks(DealModel())
    deal.set_state(state)
    for row in range(deal.rowCount()):
        deal.setData(deal.index(row, 1), "10,000")
    deal.set_preview(preview_deal(state, "even", deal.stacks()))
    deal.set_state(created())


def test_events_and_structure_models(qtbot, model_checks, db_path) -> None:
    from director.persistence.db import open_database

    database = open_database(db_path)
    library = Library(database)
    for name in ("One", "Two"):
        library.create(name).close()
    events = model_checks(EventsModel())
    events.set_events(library.events())
    events.set_events([])
    database.close()
    model = model_checks(StructureModel())
    model.load(structures.find("regular-5000").template.structure)
    model.insert(1, Break(seconds=600))
    model.move(1, 1)
    model.remove(2)
    model.setData(model.index(0, 1), "30")


def test_records_model(qtbot, model_checks) -> None:
    columns = [Column("Name"), Column("Chips", CHIPS), Column("Money", MONEY)]
    model = model_checks(RecordsModel([*columns, Column("Place", PLACE), Column("Out", CHECK)]))
    model.append_row()
    model.append_row(["Ann", 100, 250, 1, True])
    model.setData(model.index(0, 1), "1,500")
    model.setData(model.index(0, 4), 2, 10)  # Qt.CheckStateRole with Checked
    model.remove_row(1)
    model.set_rows([["Bob", 0, 0, None, False]])
    assert model.index(0, 1).data() == "" and model.value(0, 3) is None


def test_the_players_table_shows_each_prize(qtbot) -> None:
    """A Prize column beside the places: what each place wins, as the core works it out."""
    from director.core.results import prizes_by_player
    from director.gui.models.players_model import PRIZE
    from director.i18n import format_money

    state = _night()
    for number in (3, 2):
        state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(number)),)), T0)
    players = PlayersModel()
    players.set_state(state)
    assert players.headerData(PRIZE, Qt.Orientation.Horizontal) == "Prize"
    prizes = prizes_by_player(state)
    assert any(prizes.values())
    for row in range(players.rowCount()):
        player = players.player_at(row)
        shown = players.index(row, PRIZE).data()
        assert shown == (format_money(prizes[player]) if prizes.get(player) else "")


def test_an_empty_structure_tells_its_views_nothing_changed(qtbot, model_checks) -> None:
    """An event with no levels yet: new chips (or a new frozen count) change no row, so
    the model announces no change over rows it does not have."""
    from director.core.structure import Structure

    model = model_checks(StructureModel())
    model.load(Structure(items=()))
    changed: list[object] = []
    model.dataChanged.connect(lambda *args: changed.append(args))
    model.set_chips((25, 100))
    model.set_frozen(1)
    assert changed == []
