"""The floor page: raise calculator, side pots, showdown; kept after a restart."""

from __future__ import annotations

import pytest

from director.app import floor
from director.core import commands as c
from director.core.structure import simple
from director.gui.pages.floor_page import FloorPage
from tests.gui.conftest import close


@pytest.fixture
def window(qtbot, window_factory):
    made = window_factory()
    session = made.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=simple([(1000, 2000)])))
    made.open_session(session)
    made.console.show_page("floor")
    return made


def page_of(window) -> FloorPage:
    page = window.console.page("floor")
    assert isinstance(page, FloorPage)
    return page


def set_players(page: FloorPage, rows) -> None:
    page.players.setRowCount(0)
    for name, stack, posted in rows:
        page._add_player_row(name, stack, posted)


def test_the_raise_calculator_follows_mr4_and_refuses_with_the_rule(qtbot, window) -> None:
    page = page_of(window)
    assert page.big_blind.value() == 2000  # the current level's big blind
    page.preflop.setChecked(False)
    set_players(page, [("Ann", 1500, 0), ("Bob", 50_000, 0), ("Cat", 50_000, 0)])
    page.start_round()
    assert "To act: Ann" in page.advice.text()
    page.act("all_in")
    assert "Raise to at least 3,500" in page.advice.text()
    page.amount.setText("3000")
    page.act("raise")
    assert "(R16)" in page.refusal.text() and "3,500" in page.refusal.text()
    page.amount.setText("3,500")
    page.act("raise")
    assert "Raise to at least 5,500" in page.advice.text()
    assert page.history.count() == 2


def test_r17_is_explained_when_raising_is_closed(qtbot, window) -> None:
    page = page_of(window)
    page.preflop.setChecked(False)
    page.big_blind.setValue(200)
    set_players(page, [("Ann", 50_000, 0), ("Bob", 1500, 0), ("Cat", 50_000, 0)])
    page.start_round()
    page.amount.setText("1000")
    page.act("raise")
    page.act("all_in")
    page.act("call")
    assert "may only call or fold" in page.advice.text()
    page.act("all_in")
    assert "R17" in page.refusal.text()


def test_side_pots_and_showdown_sp1(qtbot, window) -> None:
    page = page_of(window)
    page.preflop.setChecked(True)
    page.big_blind.setValue(10)
    set_players(page, [("BTN", 500, 0), ("SB", 100, 5), ("BB", 300, 10)])
    page.start_round()
    page.act("all_in")
    page.act("all_in")
    page.act("all_in")
    page.send_to_pots()
    lines = page.pot_lines()
    assert lines[0].startswith("Main pot: 300")
    assert lines[1].startswith("Side pot 1: 400")
    assert lines[2] == "Returned to BTN (not called): 200"
    page.board.setText("2c 7d 9h Jc Qs")
    holes = {"SB": "As Ad", "BB": "Ks Kd", "BTN": "3h 4h"}
    for row in range(page.hands_table.rowCount()):
        name = page.hands_table.item(row, 0).text()
        page.hands_table.item(row, 1).setText(holes[name])
    page._showdown_changed()
    assert "SB wins 300" in page.result.text() and "BB wins 400" in page.result.text()
    hand_texts = [page.hands_table.item(r, 3).text() for r in range(3)]
    assert any(text.startswith("Pair (A♠ A♦") for text in hand_texts)


def test_ranking_by_hand_when_cards_are_not_entered(qtbot, window) -> None:
    page = page_of(window)
    page.draft = floor.FloorDraft(
        pot_rows=(floor.PotRow("A", 100), floor.PotRow("B", 100), floor.PotRow("C", 100)), unit=25
    )
    page._load_pots()
    page._load_showdown()
    for row, place in enumerate(["1", "1", "2"]):
        page.hands_table.item(row, 2).setText(place)
    page._showdown_changed()
    # 300 split between A and B in 25s: 12 chips, 6 each.
    assert "A wins 150" in page.result.text() and "B wins 150" in page.result.text()


def test_the_floor_is_kept_after_a_restart(qtbot, window, window_factory) -> None:
    page = page_of(window)
    set_players(page, [("Ann", 5000, 0), ("Bob", 5000, 0)])
    page.preflop.setChecked(False)
    page.start_round()
    page.act("check")
    event_id = window.controller.session.tournament_id
    close(window)
    again = window_factory()
    again.open_event(event_id)
    restored = again.console.page("floor")
    assert [p.name for p in restored.draft.players] == ["Ann", "Bob"]
    assert restored.round is not None and restored.round.to_act == "Bob"


def test_r8_limit_hold_em_on_the_raise_calculator(qtbot, window) -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"."""
    page = page_of(window)
    page.preflop.setChecked(False)
    page.big_blind.setValue(100)
    page.limit.setValue(100)
    set_players(page, [("Ann", 5000, 0), ("Bob", 5000, 0), ("Cat", 5000, 0)])
    page.start_round()
    assert "Limit: bet or raise to exactly 100" in page.advice.text()
    page.amount.setText("300")
    page.act("raise")
    assert "exactly 100" in page.refusal.text()
    for total in ("100", "200", "300", "400"):
        page.amount.setText(total)
        page.act("raise")
    assert "capped" in page.advice.text()


def test_r8_antes_on_the_floor_reach_the_side_pots(qtbot, window) -> None:
    """RULES R8: "optional ante or big-blind ante"; antes are dead money that the side
    pots and the showdown count."""
    page = page_of(window)
    page.preflop.setChecked(True)
    page.big_blind.setValue(200)
    page.ante.setValue(200)
    page.big_blind_ante.setChecked(True)
    set_players(page, [("Ann", 5000, 0), ("SB", 5000, 100), ("BB", 5000, 200)])
    page.start_round()
    assert "To call: 200" in page.advice.text()
    page.act("call")
    page.act("call")
    page.act("check")
    page.send_to_pots()
    assert page.dead.value() == 200
    assert page.pot_lines()[0].startswith("Main pot: 800")


def test_r8_the_betting_round_sets_the_limit_bet_from_the_level(qtbot, window) -> None:
    """Seed 000: "avec la variante limite, le montant du pari est limité"; the small
    bet on the first two rounds, the big bet on the last two."""
    from director.core.structure import Level, Structure

    level = Level(small_blind=50, big_blind=100, small_bet=100, big_bet=200)
    window.controller.dispatch(c.SetStructure(structure=Structure(items=(level,), limit=True)))
    page = page_of(window)
    page.street.setCurrentIndex(2)  # turn
    page._street_chosen()
    assert page.limit.value() == 200 and not page.preflop.isChecked()
    page.street.setCurrentIndex(0)
    page._street_chosen()
    assert page.limit.value() == 100 and page.preflop.isChecked()
