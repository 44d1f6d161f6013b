"""The tournament formats in the console and on the TV: bounty settings, the
players' bounties, shared knockouts, payout tables, chip sets, pot limit."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from director.app.files import chip_set_files, payout_templates
from director.app.views.display import display_data
from director.core import commands as c
from director.core.bounties import bounty_book
from director.core.chip_sets import Chip, ChipSet
from director.core.ids import PlayerId
from director.core.money import MYSTERY, PROGRESSIVE, BountySettings, MoneySettings
from director.core.players import Bust, Winner
from director.core.structure import Betting, Level, Structure, simple
from director.gui.dialogs.chip_sets import ChipSetDialog
from director.gui.dialogs.payout_tables import PayoutTablesDialog
from director.gui.dialogs.split_bounty import SplitBountyDialog
from director.gui.models import structure_model as sm
from director.gui.models.players_model import BOUNTY
from director.gui.pages.money_form import TournamentMoneyForm

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn"]
HOME_CHIPS = (Chip(25, 100, "white"), Chip(100, 100, "red"), Chip(500, 60, "green"))


def side_texts(data) -> list[str]:
    """The TV's side column as the lines it paints (the default look's layout)."""
    from director.core.tv import TvLook
    from director.gui.clock_face import side_lines

    return [line.text for line in side_lines(data, TvLook())]


@pytest.fixture
def window(event_window, refusals_fail):
    money = MoneySettings(
        buy_in=3000, chips=5000, bounty=1000, bounties=BountySettings(kind=PROGRESSIVE)
    )
    return event_window(
        "Knockout night",
        [
            c.SetStructure(structure=simple([(25, 50), (50, 100), (100, 200)])),
            c.SetMoneySettings(settings=money),
            *(c.BuyIn(player=PlayerId(n), name=name) for n, name in enumerate(NAMES, start=1)),
        ],
    )


def test_money_form_sets_the_formats(qtbot, window) -> None:
    window.console.show_page("event")
    form = window.console.page("event").findChild(TournamentMoneyForm)
    fields = form.formats
    assert fields.kind.currentData() == PROGRESSIVE and fields.cash_share.value() == 50
    fields.cash_share.setValue(40)
    fields.added.setText("20")
    fields.guarantee.setText("250")
    form.save()
    money = window.controller.state.money
    assert money.bounties.cash_share_bp == 4000
    assert (money.added, money.guarantee) == (2000, 25_000)
    # Mystery envelopes: a bad row is named inline and nothing is saved.
    fields.kind.setCurrentIndex(fields.kind.findData(MYSTERY))
    fields._add_envelope_row("50", "1")
    fields._add_envelope_row("lots", "2")
    form.save()
    assert "Envelope row 2" in form.error.text() and not form.error.isHidden()
    assert window.controller.state.money.bounties.kind == PROGRESSIVE
    fields.envelopes.removeRow(1)
    fields._add_envelope_row("2.50", "4")
    fields.refresh_checks()
    assert "5 envelopes, €60.00 in all" in fields.envelope_check.text()
    assert "bounty money so far €60.00" in fields.envelope_check.text()
    form.save()
    bounties = window.controller.state.money.bounties
    assert bounties.kind == MYSTERY and bounties.envelope_total == 6000


def test_players_page_shows_each_bounty_and_shares_a_knockout(qtbot, window) -> None:
    window.console.show_page("players")
    page = window.console.page("players")
    row = page.model.row_of(PlayerId(1))
    assert page.model.index(row, BOUNTY).data() == "€10.00"
    assert page.model.headerData(BOUNTY, Qt.Orientation.Horizontal) == "Bounty"
    # Finn goes out; Ann won 3,000 of his chips, Bob 1,000.
    dialog = SplitBountyDialog(window.controller.state, PlayerId(6))
    qtbot.addWidget(dialog)
    first, first_chips = dialog.rows[0]
    second, second_chips = dialog.rows[1]
    first.setCurrentIndex(first.findData(1))
    first_chips.setText("3000")
    second.setCurrentIndex(second.findData(2))
    dialog.accept()
    assert not dialog.error.isHidden()  # Bob's chips missing
    second_chips.setText("1000")
    dialog.accept()
    assert dialog.winners == (Winner(PlayerId(1), 3000), Winner(PlayerId(2), 1000))
    bust = Bust(player=PlayerId(6), eliminator=PlayerId(1), winners=dialog.winners)
    window.controller.dispatch(c.BustPlayers(busts=(bust,)))
    book = bounty_book(window.controller.state)
    assert book.won == {PlayerId(1): 375, PlayerId(2): 125}
    row = page.model.row_of(PlayerId(1))
    assert page.model.index(row, BOUNTY).data() == "€13.75"


def test_payout_tables_dialog_checks_keeps_exports_imports_and_uses(
    qtbot, window, tmp_path
) -> None:
    dialog = PayoutTablesDialog(window.controller)
    qtbot.addWidget(dialog)
    names = [dialog.tables.item(row).text() for row in range(dialog.tables.count())]
    assert "Flat (shipped)" in names and "One in ten paid (shipped)" in names
    dialog.tables.setCurrentRow(names.index("Flat (shipped)"))
    assert "band 2-10" in dialog.preview.text() and "6 entries" in dialog.preview.text()
    # A band that no longer adds up is named; nothing can be used.
    dialog.grid.item(0, 3).setText("50")
    assert "Band 2-10: the percentages add up to" in dialog.error.text()
    assert not dialog.buttons["use"].isEnabled()
    dialog.grid.item(0, 3).setText("55.56")
    assert dialog.error.isHidden() and dialog.buttons["use"].isEnabled()
    assert dialog.grid.item(0, 2).text() == "100%"
    dialog.name.setText("Our flat")
    dialog.keep()
    assert [t.name for t in payout_templates.templates()] == ["Our flat"]
    target = tmp_path / "ours.json"
    assert dialog.export_path(dialog.table(), target)
    assert json.loads(target.read_text())["format"] == "director-payouts"
    # A damaged file is refused with its problem named, and the grid is kept.
    data = json.loads(target.read_text())
    data["settings"]["table"]["bands"][0]["shares"] = [6000, 3000]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert not dialog.import_path(bad)
    assert "bad.json is not a director payout table" in dialog.error.text()
    assert "Band 2-10: the percentages add up to 90%" in dialog.error.text()
    assert dialog.import_path(target)
    dialog.use()
    payout = window.controller.state.payout
    assert payout.mode == "table" and payout.table.name == "Our flat"


def test_payout_percentages_are_read_strictly_and_a_bad_one_never_freezes_the_grid(
    qtbot, window
) -> None:
    """A huge or odd percentage is named inline; the grid keeps checking after it."""
    dialog = PayoutTablesDialog(window.controller)
    qtbot.addWidget(dialog)
    dialog.tables.setCurrentRow(1)
    for bad in ("1e28", "100.5", "nan", "-5", "12.345"):
        dialog.grid.item(0, 3).setText(bad)
        assert not dialog.grid.signalsBlocked()
        assert f"“{bad}” is not a percentage from 0 to 100" in dialog.error.text()
        assert not dialog.buttons["use"].isEnabled()
    dialog.grid.item(0, 0).setText("x")  # still checked: the grid is not frozen
    assert "Row 1: the entries must be whole numbers" in dialog.error.text()
    # The payouts page's percentages: refused inline, every cell still paints.
    window.console.show_page("payouts")
    page = window.console.page("payouts")
    page.mode.setCurrentIndex(page.mode.findData("percent"))
    page._mode_changed()
    places = page.places_model
    for bad in ("1e30", "101", "1_0"):
        assert not places.setData(places.index(0, 1), bad)
        assert "a percentage from 0 to 100" in page.error.text()
    assert places.setData(places.index(0, 1), "100")
    assert places.index(0, 1).data() == "100%"


def test_payouts_page_pays_by_the_table(qtbot, window) -> None:
    window.console.show_page("payouts")
    page = window.console.page("payouts")
    page.mode.setCurrentIndex(page.mode.findData("table"))
    page._mode_changed()
    page.apply()
    assert window.controller.state.payout.mode == "table"
    assert "band 4-6" in page.table_note.text()  # the standard table, six entries
    assert page.now.rowCount() == 2


def test_chip_set_dialog_checks_the_stack_and_sets_the_event_chips(qtbot, window) -> None:
    dialog = ChipSetDialog(window.controller)
    qtbot.addWidget(dialog)
    dialog.load(
        ChipSet(
            name="Home",
            chips=(Chip(25, 100, "white"), Chip(100, 100, "red"), Chip(500, 60, "green")),
        )
    )
    assert "Starting stack 5,000: each of the 6 stacks given out" in dialog.stack.text()
    dialog.grid.item(2, 2).setText("10")
    assert "makes at most" in dialog.stack.text()
    dialog.grid.item(2, 2).setText("60")
    for bad in ("lots", "25.5"):
        dialog.grid.item(1, 0).setText(bad)
        assert "Row 2" in dialog.error.text() and not dialog.buttons["use"].isEnabled()
    dialog.grid.item(1, 0).setText("100")
    dialog.grid.item(1, 2).setText("1.5")  # a count is whole: never read as 15
    assert "Row 2" in dialog.error.text() and not dialog.buttons["use"].isEnabled()
    dialog.grid.item(1, 2).setText("100")
    # A colour is a name the app knows or #rrggbb: anything else is named inline.
    for bad in ("#zzzzzz", "transparent"):
        dialog.grid.item(1, 1).setText(bad)
        assert f"“{bad}” is not a chip colour" in dialog.error.text()
        assert not dialog.buttons["use"].isEnabled()
        assert dialog.grid.item(1, 1).background().style() == Qt.BrushStyle.NoBrush
    dialog.grid.item(1, 1).setText("#C0392B")
    assert dialog.error.isHidden()
    assert dialog.grid.item(1, 1).background().color().name() == "#c0392b"
    dialog.grid.item(1, 1).setText("rouge")
    assert dialog.grid.item(1, 1).background().color().name() == "#c0392b"
    dialog.keep()
    assert [kept.name for kept in chip_set_files.chip_sets()] == ["Home"]
    dialog.use()
    state = window.controller.state
    assert state.chip_set.name == "Home" and state.structure.chips == (25, 100, 500)
    window.controller.undo()
    assert window.controller.state.chip_set is None


def test_chip_set_short_of_chips_is_used_only_once_the_organizer_says_so(
    qtbot, window, monkeypatch
) -> None:
    """Six players bought in and one re-entered: seven stacks went out; a set that
    makes six is advisory, but the organizer is told plainly before using it."""
    money = window.controller.state.money
    window.controller.dispatch(
        c.SetMoneySettings(settings=type(money)(**{**money.__dict__, "reentry": True}))
    )
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(6)),)))
    window.controller.dispatch(c.Reentry(player=PlayerId(6)))
    dialog = ChipSetDialog(window.controller)
    qtbot.addWidget(dialog)
    six = (Chip(25, 24), Chip(100, 24), Chip(500, 6), Chip(1000, 24))  # 6 x 5,000
    dialog.load(ChipSet(name="Six", chips=six))
    assert "makes at most 6 stacks of 5,000, not 7" in dialog.stack.text()
    asked = []
    monkeypatch.setattr(
        "director.gui.dialogs.chip_sets.confirm", lambda *args, **kw: asked.append(args[2])
    )
    dialog.use()
    assert window.controller.state.chip_set is None
    assert "“Six” cannot make every stack given out" in asked[0]
    monkeypatch.setattr("director.gui.dialogs.chip_sets.confirm", lambda *args, **kw: True)
    dialog.use()
    assert window.controller.state.chip_set.name == "Six"


def test_structure_template_keeps_the_chip_sets_chips(qtbot, window, monkeypatch) -> None:
    """Structure page, a template loaded then applied: the chips stay the event's chip
    set's (the TV keeps its chips in play), and the page says so."""
    window.controller.dispatch(c.SetChipSet(chip_set=ChipSet(name="Home", chips=HOME_CHIPS)))
    window.console.show_page("structure")
    page = window.console.page("structure")
    assert page.chips.isReadOnly() and "“Home”" in page.chips.toolTip()
    monkeypatch.setattr("director.gui.pages.structure_page.confirm", lambda *a, **k: True)
    page.templates.setCurrentIndex(page.templates.findData("regular-1000"))
    page.load_template()
    assert page.chips.text() == "25, 100, 500"
    assert "The chips in play stay those of your chip set “Home”." in page.status.text()
    page.apply()
    state = window.controller.state
    assert state.structure.chips == (25, 100, 500) == state.chip_set.denominations
    lines = side_texts(display_data(state, window.controller.now()))
    assert "Chips in play" in lines and "25 · white" in lines
    window.controller.dispatch(c.SetChipSet(chip_set=None))
    assert not page.chips.isReadOnly()


def test_tv_shows_bounties_guarantee_and_chips_in_play(qtbot, window) -> None:
    money = window.controller.state.money
    window.controller.dispatch(
        c.SetMoneySettings(settings=type(money)(**{**money.__dict__, "guarantee": 30_000}))
    )
    window.controller.dispatch(
        c.SetChipSet(chip_set=ChipSet(name="Home", chips=(Chip(25, 100, "white"), Chip(100, 100))))
    )
    window.controller.dispatch(
        c.BustPlayers(busts=(Bust(player=PlayerId(6), eliminator=PlayerId(1)),))
    )
    data = display_data(window.controller.state, window.controller.now())
    lines = side_texts(data)
    assert lines.index("Bounties (PKO)") + 1 == lines.index("Ann · €15.00")
    assert "Chips in play" in lines and "25 · white" in lines and "Guaranteed €300.00" in lines
    kinds = [section.kind.value for section in data.sections]
    assert kinds == ["payouts", "bounties", "figures", "chips"]
    assert data.room.prize_pool == 30_000 and data.room.guarantee == 30_000
    pool = next(stat for stat in data.stats if stat.caption.endswith("pool"))
    assert pool.caption == "Guaranteed pool" and pool.value == "€300.00"


def test_structure_page_mixes_betting_per_level(qtbot, window) -> None:
    window.console.show_page("structure")
    page = window.console.page("structure")
    model = page.model
    model.setData(model.index(1, sm.BETTING), sm.BETTINGS.index(Betting.POT_LIMIT))
    model.setData(model.index(2, sm.BETTING), sm.BETTINGS.index(Betting.LIMIT))
    assert not page.table.isColumnHidden(sm.SMALL_BET)
    assert model.index(2, sm.SMALL_BET).data() == "200"  # the big blind
    page.apply()
    levels = [item for item in window.controller.state.structure.items if isinstance(item, Level)]
    assert [level.betting for level in levels] == [
        Betting.NO_LIMIT,
        Betting.POT_LIMIT,
        Betting.LIMIT,
    ]


def test_floor_pot_limit_calculator(qtbot, window) -> None:
    window.controller.dispatch(
        c.SetStructure(structure=Structure(items=(Level(100, 200, betting=Betting.POT_LIMIT),)))
    )
    window.console.show_page("floor")
    page = window.console.page("floor")
    model = page.players_model
    model.set_rows([["Cy", 10_000, 0], ["Ann", 10_000, 100], ["Bob", 10_000, 200]])
    page.preflop.setChecked(True)
    page.big_blind.setValue(200)
    page.pot_limit.setChecked(True)
    page.start_round()
    text = page.advice.text()
    assert "Pot limit: raise to at least 400, at most 700" in text
    assert "The pot after the call: 500" in text
    page.amount.setText("800")
    page.act("raise")
    assert "largest raise is to 700" in page.refusal.text()


def test_mystery_envelope_drawn_is_announced_on_the_console_and_the_tv(qtbot, window) -> None:
    from director.core.money import Envelope

    money = window.controller.state.money
    envelopes = (Envelope(amount=3000, count=1), Envelope(amount=1000, count=3))
    mystery = BountySettings(kind=MYSTERY, envelopes=envelopes)
    window.controller.dispatch(
        c.SetMoneySettings(settings=type(money)(**{**money.__dict__, "bounties": mystery}))
    )
    window.console.show_page("players")
    page = window.console.page("players")
    window.controller.dispatch(
        c.BustPlayers(busts=(Bust(player=PlayerId(6), eliminator=PlayerId(2)),))
    )
    drawn = window.controller.state.draws[0].amount
    assert page.status.text() == f"Bob draws an envelope: €{drawn // 100}.00"
    # The players page's bounty column: what each player won from the envelopes.
    assert page.model.headerData(BOUNTY, Qt.Orientation.Horizontal) == "Envelopes won"
    row = page.model.row_of(PlayerId(2))
    assert page.model.index(row, BOUNTY).data() == f"€{drawn // 100}.00"
    assert page.model.index(page.model.row_of(PlayerId(1)), BOUNTY).data() == ""
    lines = side_texts(display_data(window.controller.state, window.controller.now()))
    assert "3 envelopes left" in lines
    assert f"→ Last envelope €{drawn // 100}.00: Bob" in lines
    window.controller.undo()
    assert window.controller.state.draws == ()
    lines = side_texts(display_data(window.controller.state, window.controller.now()))
    assert "4 envelopes left" in lines
    # A re-entry brings bounty money with no envelope: said at once, on the page.
    money = window.controller.state.money
    window.controller.dispatch(
        c.SetMoneySettings(settings=type(money)(**{**money.__dict__, "reentry": True}))
    )
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(6)),)))
    window.controller.dispatch(c.Reentry(player=PlayerId(6)))
    assert "The envelopes add up to €60.00 but the bounty money is €70.00" in (page.status.text())
