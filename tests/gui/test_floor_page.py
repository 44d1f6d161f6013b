"""The floor page: raise calculator, side pots, showdown; kept after a restart."""

from __future__ import annotations

import pytest
from PySide6.QtTest import QAbstractItemModelTester

from director.app.night import floor
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.structure import simple
from director.gui.pages.floor_page import FloorPage
from director.i18n import format_number
from tests.gui.conftest import close


@pytest.fixture
def window(event_window):
    return event_window(commands=[c.SetStructure(structure=simple([(1000, 2000)]))], page="floor")


def page_of(window) -> FloorPage:
    page = window.console.page("floor")
    assert isinstance(page, FloorPage)
    return page


def set_players(page: FloorPage, rows) -> None:
    """Type the players as the organizer would: a row each, then name and chips."""
    model = page.players_model
    model.set_rows([])
    for name, stack, posted in rows:
        row = model.append_row()
        model.setData(model.index(row, 0), name)
        model.setData(model.index(row, 1), format_number(stack))
        model.setData(model.index(row, 2), str(posted))


def test_every_floor_model_passes_the_model_tester(qtbot, window) -> None:
    page = page_of(window)
    for model in (page.players_model, page.pots_model, page.hands_model):
        QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    set_players(page, [("Ann", 1500, 0), ("Bob", 50_000, 0)])
    model = page.players_model
    assert model.index(1, 1).data() == "50,000"  # the one formatter
    assert not model.setData(model.index(0, 1), "lots")  # the one reader refuses
    assert page.refusal.text() == "Chips must be whole numbers."
    assert model.value(0, 1) == 1500  # and nothing changed
    model.remove_row(0)
    assert [row[0] for row in model.rows()] == ["Bob"]


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
    hands = page.hands_model
    for row in range(hands.rowCount()):
        name = hands.index(row, 0).data()
        hands.setData(hands.index(row, 1), holes[name])
    page._showdown_changed()
    assert "SB wins 300" in page.result.text() and "BB wins 400" in page.result.text()
    hand_texts = [hands.index(r, 3).data() for r in range(3)]
    assert any(text.startswith("Pair (A♠ A♦") for text in hand_texts)


def test_ranking_by_hand_when_cards_are_not_entered(qtbot, window) -> None:
    page = page_of(window)
    page.draft = floor.FloorDraft(
        pot_rows=(floor.PotRow("A", 100), floor.PotRow("B", 100), floor.PotRow("C", 100)), unit=25
    )
    page._load_pots()
    page._load_showdown()
    for row, place in enumerate(["1", "1", "2"]):
        page.hands_model.setData(page.hands_model.index(row, 2), place)
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
    from director.core.structure import Betting, Level, Structure

    level = Level(small_blind=50, big_blind=100, small_bet=100, big_bet=200, betting=Betting.LIMIT)
    window.controller.dispatch(c.SetStructure(structure=Structure(items=(level,))))
    page = page_of(window)
    page.street.setCurrentIndex(2)  # turn
    page._street_chosen()
    assert page.limit.value() == 200 and not page.preflop.isChecked()
    page.street.setCurrentIndex(0)
    page._street_chosen()
    assert page.limit.value() == 100 and page.preflop.isChecked()


def speak_out_of_turn(page: FloorPage, player: str, key: str) -> None:
    index = page.speaker.findData(player)
    assert index > 0, f"{player} cannot speak out of turn"
    page.speaker.setCurrentIndex(index)
    page.act(key)


def test_seed001_out_of_turn_on_the_floor_binds_only_if_the_action_is_unchanged(
    qtbot, window, window_factory
) -> None:
    """Seed 001: an action said out of turn waits for the player's turn; it binds if
    nobody bet or raised in between, else the player is free (and the page says so)."""
    page = page_of(window)
    page.preflop.setChecked(False)
    page.big_blind.setValue(200)
    set_players(page, [("Ann", 5000, 0), ("Bob", 5000, 0), ("Cat", 5000, 0)])
    page.start_round()
    assert page.speaker.currentText() == "Ann (to act)"
    speak_out_of_turn(page, "Cat", "check")
    assert "To act: Ann" in page.advice.text()
    waiting = [page.history.item(i).text() for i in range(page.history.count())]
    assert waiting == [
        "Cat, out of turn: checks (waits for the turn; binding if the action does not change)"
    ]
    page.act("check")  # Ann
    page.amount.setText("400")
    page.act("raise")  # Bob bets: the action changed for Cat
    assert "To act: Cat" in page.advice.text()
    lines = [page.history.item(i).text() for i in range(page.history.count())]
    assert "Cat is no longer bound by “checks” said out of turn: the action changed." in lines
    page.act("call")  # Cat, free
    page.act("call")  # Ann
    assert "betting round is over" in page.advice.text()
    # Saved with the event: reopened, the same round.
    close(window)
    again = page_of_reopened(window_factory)
    assert [entry[:2] for entry in again.round.history] == [
        ("Ann", "check"),
        ("Bob", "bet"),
        ("Cat", "call"),
        ("Ann", "call"),
    ]


def page_of_reopened(window_factory) -> FloorPage:
    window = window_factory()
    window.open_session(window.library.open(window.library.events()[0].id))
    window.console.show_page("floor")
    return page_of(window)


def test_seed000_the_showdown_says_who_shows_first(qtbot, window) -> None:
    """Seed 000 §2: "en commençant par le joueur qui a relancé en dernier [...] Si
    personne ne relance, le premier joueur à gauche du croupier révèle ses cartes"."""
    page = page_of(window)
    page.preflop.setChecked(False)
    page.big_blind.setValue(200)
    set_players(page, [("Ann", 5000, 0), ("Bob", 5000, 0), ("Cat", 5000, 0)])
    page.start_round()
    page.act("check")
    page.amount.setText("400")
    page.act("raise")  # Bob bets
    page.act("call")
    page.act("call")
    page.send_to_pots()
    text = page.showing_label.text()
    assert text.startswith("Shows first: Bob (the last to bet or raise)")
    assert "Then, in turn: Cat, Ann" in text and "show or muck" in text
    page.undo_action()
    page.undo_action()
    page.undo_action()
    page.act("check")
    page.act("check")
    page.send_to_pots()
    assert page.showing_label.text().startswith(
        "Shows first: Ann (nobody bet: the first left of the button)"
    )


def test_tda16_an_all_in_with_the_betting_over_shows_every_hand(qtbot, window) -> None:
    page = page_of(window)
    page.preflop.setChecked(True)
    page.big_blind.setValue(10)
    set_players(page, [("BTN", 500, 0), ("SB", 100, 5), ("BB", 300, 10)])
    page.start_round()
    page.act("all_in")
    page.act("all_in")
    page.act("all_in")
    page.send_to_pots()
    assert [row.name for row in page.draft.pot_rows] == ["SB", "BB", "BTN"]
    text = page.showing_label.text()
    # BTN's all-in was the raise; SB's and BB's all-ins only called it.
    assert text.startswith("Shows first: BTN (the last to bet or raise)")
    assert "Then, in turn: SB, BB" in text
    assert "every hand is turned face up (TDA 16)" in text


def test_seed002_a_live_straddle_on_the_floor_when_the_cash_game_allows_it(
    qtbot, window_factory
) -> None:
    """The straddle box follows the game's settings (seed 002 §4.1.17); filled from the
    table, the straddler posts two big blinds and acts last, the next raise is one
    straddle more, and the showdown order starts from the button's left."""
    from director.core.money import CashSettings
    from director.core.state import EventKind
    from director.gui.pages.money_form import CashMoneyForm

    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    session.dispatch(c.SetStructure(structure=simple([(100, 200)])))
    session.dispatch(c.SetCashSettings(settings=CashSettings(min_buy_in=1000)))
    for number, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"], start=1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=name, amount=10_000))
    session.dispatch(c.DrawSeats())
    session.dispatch(c.DrawForButton())
    window.open_session(session)
    window.console.show_page("floor")
    page = page_of(window)
    page.preflop.setChecked(True)
    assert not page.straddle.isEnabled()
    assert "does not allow a live straddle" in page.straddle.toolTip()
    # The organizer allows it in the cash game's settings.
    form = window.console.page("event").findChild(CashMoneyForm)
    form.live_straddle.setChecked(True)
    form.save()
    assert window.controller.state.cash.live_straddle
    assert page.straddle.isEnabled()
    page.straddle.setChecked(True)
    page.table_choice.setCurrentIndex(0)
    page.fill_from_table()
    rows = page.players_model.rows()
    assert [row[2] for row in rows][-3:] == [100, 200, 400]  # SB, BB, then the straddle
    model = page.players_model
    for row in range(model.rowCount()):
        model.setData(model.index(row, 1), "10000")
    page.start_round()
    assert page.draft.straddle == 400
    first = rows[0][0]
    assert f"To act: {first}" in page.advice.text()
    assert "To call: 400" in page.advice.text() and "Raise to at least 800" in page.advice.text()
    straddler = rows[-1][0]
    for _player in range(4):
        page.act("call")
    assert f"To act: {straddler}" in page.advice.text()  # his option
    page.act("check")
    page.send_to_pots()
    names = [row.name for row in page.draft.pot_rows]
    assert names == [rows[-3][0], rows[-2][0], straddler, *[row[0] for row in rows[:-3]]]
