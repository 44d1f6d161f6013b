"""The tables page: draw, hand done (click or hotkey), moves confirmed one by one."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from director.app.files import structures
from director.app.views.display import MoveRow, SectionKind, display_data, seat_rows
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import MoneySettings
from director.core.players import Bust
from director.gui.pages.tables_page import TablesPage


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[
            c.SetStructure(structure=structures.find("regular-5000").template.structure),
            c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
            *(c.BuyIn(player=PlayerId(n), name=f"Player {n}") for n in range(1, 19)),
        ],
        page="tables",
        shown=True,
    )


def page_of(window) -> TablesPage:
    page = window.console.page("tables")
    assert isinstance(page, TablesPage)
    return page


def test_draw_then_button_then_hand_done_by_click_and_hotkey(qtbot, window) -> None:
    page = page_of(window)
    assert not page.empty.isHidden()
    page.draw_seats()
    assert page.empty.isHidden()
    visible = [card for card in page.cards if not card.isHidden()]
    assert len(visible) == 2 and not visible[0].done.isEnabled()
    window.controller.dispatch(c.DrawForButton())
    before = window.controller.state.tables.tables[1].positions
    visible[0].done.click()
    after = window.controller.state.tables.tables[1].positions
    assert after != before and window.controller.state.tables.tables[1].hands == 1
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state.tables.tables[2].hands == 1
    assert window.undo_action.text() == "&Undo: hand done at table 2"


def test_moves_are_shown_as_instructions_and_confirmed(qtbot, window) -> None:
    page = page_of(window)
    page.draw_seats()
    window.controller.dispatch(c.DrawForButton())
    table_two = sorted(window.controller.state.tables.tables[2].seats.values())
    for player in table_two[:2]:
        window.controller.dispatch(c.BustPlayers(busts=(Bust(player=player),)))
    state = window.controller.state
    (move,) = state.tables.pending
    labels = [w.text() for w in page.moves_host.findChildren(type(page.h4h))]
    assert any(text.startswith("Move Player") and "to table 2" in text for text in labels)
    data = display_data(state, window.controller.now())
    moves = data.sections[0]
    assert moves.kind is SectionKind.MOVES and moves.title == "Table moves"
    (row,) = moves.rows
    assert isinstance(row, MoveRow) and not row.done
    assert row.destination == f"table 2, seat {move.to_seat}"
    assert (row.to_table, row.to_seat) == (2, move.to_seat)
    assert row.name == state.player_name(move.player)
    window.controller.dispatch(c.ConfirmMove(move=move))
    assert window.controller.state.tables.pending == ()
    assert window.controller.state.tables.where(PlayerId(int(move.player))) == (2, move.to_seat)
    # Just confirmed: still on the TV for a little while, as done.
    data = display_data(window.controller.state, window.controller.now())
    assert data.sections[0].kind is SectionKind.MOVES and data.sections[0].rows[0].done
    assert window.display is None or window.display.face.data == window.feed.data


def test_seats_on_the_tv(qtbot, window) -> None:
    page = page_of(window)
    page.draw_seats()
    page.on_tv.setChecked(True)
    assert window.display is not None
    assert window.display.stack.currentWidget() is window.display.seating
    rows = seat_rows(window.controller.state)
    assert len(rows) == 18 and rows[0].text.startswith("Table ")
    assert window.display.seating.rows == rows == window.feed.data.seats
    assert window.feed.data.show_seats
    window.display.resize(1920, 1080)
    _columns, size = window.display.seating.layout_for(1920, 1080)
    assert size >= 30  # readable across the room for 18 players
    page.on_tv.setChecked(False)
    assert window.display.stack.currentWidget() is window.display.face
    assert not window.feed.data.show_seats


def test_six_tables_fit_on_a_laptop_screen(qtbot, window_factory) -> None:
    window = window_factory()
    session = window.library.create("Big night")
    session.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)))
    for number in range(1, 55):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    session.dispatch(c.DrawSeats())
    window.open_session(session)
    window.console.show_page("tables")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    page = page_of(window)
    cards = [card for card in page.cards if not card.isHidden()]
    assert len(cards) == 6
    viewport = page.grid_host.parentWidget()
    for card in cards:
        top_left = card.mapTo(viewport, card.rect().topLeft())
        assert top_left.y() + card.height() <= viewport.height() + 1
        assert card.view.width() >= 240
    window.grab().save(
        str(
            __import__("pathlib").Path(__file__).resolve().parents[2]
            / "build"
            / "screenshots"
            / "tables-1366x768.png"
        )
    )


def test_seats_on_the_tv_follow_a_bust(qtbot, window) -> None:
    page = page_of(window)
    page.draw_seats()
    page.on_tv.setChecked(True)
    board = window.display.seating
    assert len(board.rows) == 18
    out = sorted(window.controller.state.tables.tables[1].seats.values())[0]
    window.controller.dispatch(c.BustPlayers(busts=(Bust(player=out),)))
    assert len(board.rows) == 17
    assert board.rows == seat_rows(window.controller.state)


def test_console_and_tv_show_the_same_reading_of_the_clock(qtbot, window) -> None:
    window.show_display()
    window.controller.dispatch(c.StartClock())
    clock_page = window.console.page("clock")
    assert window.display.face.data is window.feed.data
    assert clock_page.face.data is window.feed.data
    data = window.feed.data
    assert data == display_data(window.controller.state, data.timing.computed_at)


def test_a_name_too_wide_for_one_line_goes_on_two_before_being_shortened(qtbot) -> None:
    from PySide6.QtGui import QFont, QFontMetrics

    from director.gui.table_view import fit_lines

    metrics = QFontMetrics(QFont("DejaVu Sans", 12))
    whole = metrics.horizontalAdvance("Priya Keller")
    assert fit_lines("Priya Keller", metrics, whole) == ["Priya Keller"]
    narrow = max(metrics.horizontalAdvance("Priya"), metrics.horizontalAdvance("Keller"))
    assert fit_lines("Priya Keller", metrics, narrow) == ["Priya", "Keller"]
    assert fit_lines("Anna Maria Keller", metrics, metrics.horizontalAdvance("Anna Maria")) == [
        "Anna Maria",
        "Keller",
    ]
    (short,) = fit_lines("Bartholomew", metrics, metrics.horizontalAdvance("Bart"))
    assert short.endswith("…")
    # A first name too long for any line: cut, over the last name whole.
    long_name = "Maximilienne-Alexandrine de Montmorillon"
    first, last = fit_lines(long_name, metrics, metrics.horizontalAdvance("Montmorillon"))
    assert first.startswith("Maximili") and first.endswith("…") and last == "Montmorillon"


def test_r12_missed_blind_amounts_on_the_tables_page_and_the_floor(
    qtbot, window_factory, refusals_fail
) -> None:
    """Seed 002 §4.1.10: "un montant égal à la mise minimale sert de mise. Le reste est
    pris par le croupier et mis au centre du pot"."""
    from director.app.views.table_texts import seat_tags
    from director.core.money import CashSettings
    from director.core.state import EventKind
    from director.core.structure import simple
    from director.gui.pages.floor_page import FloorPage

    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    session.dispatch(c.SetStructure(structure=simple([(100, 200)])))
    session.dispatch(c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=5)))
    for number in range(1, 7):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"P{number}", amount=100))
    session.dispatch(c.DrawSeats())
    seats = session.state.tables.tables[1].seats
    ordered = [seats[s] for s in sorted(seats)]
    session.dispatch(c.SetButton(table=1, seat=min(seats)))
    window.open_session(session)
    window.console.show_page("tables")
    away = ordered[4]
    window.controller.dispatch(c.SitOut(player=away))
    for _ in range(6):
        window.controller.dispatch(c.HandDone(table=1))
    window.controller.dispatch(c.SitIn(player=away))
    page = page_of(window)
    seat = window.controller.state.tables.where(away)[1]
    # Said once, in the few words beside the seat: he sits out because he waits.
    assert page.cards[0].view.tags[seat] == ["waits for BB", "owes 200 live + 100 dead"]
    assert window.controller.session.refusal(c.PostBlinds(player=away)) is None
    window.controller.dispatch(c.PostBlinds(player=away))
    table = window.controller.state.tables.tables[1]
    assert "posted 200 live + 100 dead" in seat_tags(table, seat, None)
    assert "posted 200 live + 100 dead" in page.cards[0].view.tags[seat]
    refused = window.controller.session.refusal(c.PostBlinds(player=away))
    assert refused is not None and refused.code == "blinds_already_posted"
    window.console.show_page("floor")
    floor_page = window.console.page("floor")
    assert isinstance(floor_page, FloorPage)
    floor_page.preflop.setChecked(True)
    floor_page.fill_from_table()
    rows = floor_page._read_players()
    posted = {row.name: row.posted for row in rows}
    assert posted[f"P{int(away)}"] == 200
    assert "Dead blinds posted with missed blinds: 100" in floor_page.refusal.text()


def test_r28_chip_race_from_the_tables_page(qtbot, window, refusals_fail) -> None:
    """R28: "when a denomination is removed, whole chips are changed up; leftovers are
    raced off with one card per leftover chip, highest card first, at most one chip per
    player; nobody is raced out of the tournament"."""
    from director.app.views.display import display_data
    from director.core.structure import Break, Level, Structure
    from director.gui.dialogs.chip_race import ChipRaceDialog

    structure = Structure(
        items=(
            Level(small_blind=25, big_blind=50),
            Break(seconds=600),
            Level(small_blind=100, big_blind=200),
        ),
        chips=(25, 100, 500),
    )
    page = page_of(window)
    assert not page.race_button.isEnabled()
    window.controller.dispatch(c.SetStructure(structure=structure))
    page.draw_seats()
    assert page.race_button.isEnabled()
    window.controller.dispatch(c.StartClock())
    on_break = window.controller.now() + 21 * 60_000
    assert "Chip race: the 25s go." in display_data(window.controller.state, on_break).note
    dialog = ChipRaceDialog(window.controller.state, on_break, page)
    qtbot.addWidget(dialog)
    assert dialog.chip_choice.currentData() == 25
    for row in range(dialog.players.rowCount()):
        dialog.set_count(row, row + 1, nothing_else=row == 0)
    window.controller.dispatch(dialog.command())
    (race,) = window.controller.state.tables.races
    assert race.result.next_denomination == 100
    assert "change into 100s" in page.race_text.text()
    assert sum(entry.won for entry in race.result.entries) == race.result.raced


def test_blind_labels_fit_their_chips_and_moves_read_whole_at_1366(qtbot, window) -> None:
    page = page_of(window)
    page.draw_seats()
    window.controller.dispatch(c.DrawForButton())
    window.resize(1366, 768)
    qtbot.wait(10)
    card = page.card_of(1)
    assert card is not None
    card.view.grab()
    assert {"D", "SB", "BB"} <= set(card.view.marker_fits)
    for marker, (width, diameter) in card.view.marker_fits.items():
        assert width <= 0.75 * diameter, marker
    # A move: its instruction on its own lines across the panel, Done beneath.
    table_one = [p for p, (t, _s) in window.controller.state.tables.seated().items() if t == 1]
    for player in table_one[:4]:
        window.controller.dispatch(c.BustPlayers(busts=(Bust(player=player),)))
    assert window.controller.state.tables.pending
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    label = next(w for w in page.moves_host.findChildren(QLabel) if w.text().startswith("Move"))
    done = next(b for b in label.parentWidget().findChildren(QPushButton) if b.text() == "Done")
    assert done.geometry().top() >= label.geometry().bottom()
    assert label.width() >= page.moves_host.width() - 20


def test_r7_the_draw_for_the_button_shows_each_seats_card(qtbot, window) -> None:
    """The guide says a card is dealt to each seat: the page shows them, and which
    seat the highest card gives the button, until the tables move on."""
    page = page_of(window)
    page.draw_seats()
    window.controller.dispatch(c.DrawForButton())
    lines = page.draw_text.text().splitlines()
    assert [line.split(",")[0] for line in lines] == ["Table 1", "Table 2"]
    for number, line in zip((1, 2), lines, strict=True):
        table = window.controller.state.tables.tables[number]
        for seat in table.seats:
            assert f"seat {seat} " in line
        assert f"The button: seat {table.positions.button} (" in line
        assert any(suit in line for suit in "♠♥♦♣")
    page.cards[0].done.click()
    assert page.draw_text.text() == ""


def _cash_window(window_factory, count: int = 6):
    from director.core.money import CashSettings
    from director.core.state import EventKind
    from director.core.structure import simple

    window = window_factory()
    session = window.library.create("Cash night", EventKind.CASH)
    session.dispatch(c.SetStructure(structure=simple([(100, 200)])))
    session.dispatch(c.SetCashSettings(settings=CashSettings(chip_money=5, chip_count=5)))
    for number in range(1, count + 1):
        session.dispatch(c.BuyIn(player=PlayerId(number), name=f"P{number}", amount=100))
    session.dispatch(c.DrawSeats())
    seats = session.state.tables.tables[1].seats
    session.dispatch(c.SetButton(table=1, seat=min(seats)))
    window.open_session(session)
    window.console.show_page("tables")
    ordered = [seats[s] for s in sorted(seats)]
    return window, ordered


def _action(menu, text: str):
    """The menu's action (or a submenu's) whose text starts with ``text``."""
    for action in menu.actions():
        if action.text().startswith(text):
            return action
        if action.menu() is not None:
            found = _action(action.menu(), text)
            if found is not None:
                return found
    return None


def test_seed_002_4_1_6_played_over_from_the_seat_menu(
    qtbot, window_factory, refusals_fail, monkeypatch
) -> None:
    """Seed 002 §4.1.6: "Une personne qui joue au siège de quelqu'un d'autre pendant
    son absence est considérée comme étant une nouveau joueur"."""
    from director.gui.pages import tables_page as page_module

    window, ordered = _cash_window(window_factory)
    controller = window.controller
    owner = ordered[3]
    controller.session.dispatch(c.RegisterPlayer(player=PlayerId(40), name="Guest"))
    page = page_of(window)
    seat = controller.state.tables.where(owner)[1]
    assert _action(page.seat_menu(1, seat), "Guest") is None  # not away: no playing over
    controller.dispatch(c.SitOut(player=owner))
    monkeypatch.setattr(page_module.QInputDialog, "getText", lambda *a, **k: ("100", True))
    _action(page.seat_menu(1, seat), "Guest").trigger()
    table = controller.state.tables.tables[1]
    assert table.seats[seat] == PlayerId(40) and table.over[seat].owner == owner
    assert "plays over an away player's seat" in page.cards[0].view.tags[seat]
    assert "waits for BB" in page.cards[0].view.tags[seat]
    # He cannot play over two seats: greyed, with the reason.
    other = controller.state.tables.where(ordered[1])[1]
    controller.dispatch(c.SitOut(player=ordered[1]))
    twice = _action(page.seat_menu(1, other), "Guest")
    assert not twice.isEnabled() and "already plays over" in twice.toolTip()
    owner_name = controller.state.players[owner].name
    _action(page.seat_menu(1, seat), f"{owner_name} is back").trigger()
    assert controller.state.tables.tables[1].over[seat].back
    controller.dispatch(c.HandDone(table=1))
    assert controller.state.tables.tables[1].seats[seat] == owner


def test_seed_002_4_1_11_the_hand_dealt_by_mistake_stands_from_the_seat_menu(
    qtbot, window_factory, refusals_fail
) -> None:
    """Seed 002 §4.1.11: "sa main reste valable et il devra poster son dû lors de la
    main suivante"."""
    window, ordered = _cash_window(window_factory)
    controller = window.controller
    away = ordered[4]
    controller.dispatch(c.SitOut(player=away))
    for _ in range(6):
        controller.dispatch(c.HandDone(table=1))
    controller.dispatch(c.SitIn(player=away))
    page = page_of(window)
    seat = controller.state.tables.where(away)[1]
    action = _action(page.seat_menu(1, seat), "Dealt in by mistake")
    assert action is not None and action.isEnabled()
    action.trigger()
    assert seat in controller.state.tables.tables[1].must_post
    assert "posts it this hand" in page.cards[0].view.tags[seat]
    again = _action(page.seat_menu(1, seat), "Dealt in by mistake")
    assert not again.isEnabled() and "already" in again.toolTip()


def test_seed_002_4_1_16_seat_change_after_the_button_from_the_seat_menu(
    qtbot, window_factory, refusals_fail
) -> None:
    """Seed 002 §4.1.16: "Un joueur qui change de place juste après avoir été au bouton
    peut ne pas jouer les coups dans les blinds qui suivent"."""
    window, _ordered = _cash_window(window_factory)
    controller = window.controller
    for _ in range(8):
        controller.dispatch(c.HandDone(table=1))
    table = controller.state.tables.tables[1]
    mover = table.seats[table.last_button]
    free = next(s for s in range(1, 10) if s not in table.seats)
    page = page_of(window)
    action = _action(page.seat_menu(1, free), f"Move P{int(mover)} here, sitting out")
    assert action is not None and action.isEnabled()
    action.trigger()
    table = controller.state.tables.tables[1]
    assert table.seats[free] == mover and free in table.after_button
    assert page.cards[0].view.tags[free] == ["sits out the blinds until the button passes"]


def test_a_broken_table_s_moves_scroll_in_the_panel_at_1366x768(qtbot, event_window) -> None:
    """A table broken sends its players to the others at once (R24): the nine moves
    and their Done buttons scroll within the side panel, and the window stays as tall
    as a laptop's screen (it grew past it, the status bar and the bottom buttons out
    of sight, on this page and every page after it)."""
    commands = [
        c.SetStructure(structure=structures.find("regular-5000").template.structure),
        c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)),
        *(c.BuyIn(player=PlayerId(n), name=f"Jean-Christophe {n}") for n in range(1, 55)),
    ]
    window = event_window(commands=commands, page="tables", shown=True)
    window.resize(1366, 768)
    page = page_of(window)
    page.draw_seats()
    window.controller.dispatch(c.DrawForButton())
    tables = window.controller.state.tables.tables
    # Three busts at each of five tables of nine: the sixth table is broken up.
    for number in sorted(tables)[:-1]:
        seated = sorted(tables[number].seats.values())
        window.controller.dispatch(c.BustPlayers(busts=tuple(Bust(player=p) for p in seated[:3])))
    pending = window.controller.state.tables.pending
    assert len(pending) >= 8
    qtbot.wait(20)
    buttons = [b for b in page.moves_host.findChildren(QPushButton) if b.text() == "Done"]
    assert len(buttons) == len(pending)
    assert window.height() <= 768 and window.minimumSizeHint().height() <= 768
    # The panel scrolls (once laid out) rather than growing.
    qtbot.waitUntil(lambda: page.side_scroll.verticalScrollBar().maximum() > 0, timeout=2000)
    # Every move can be brought into view and confirmed there.
    page.side_scroll.ensureWidgetVisible(buttons[-1])
    buttons[-1].click()
    assert len(window.controller.state.tables.pending) == len(pending) - 1


TOURNAMENT_CONTROLS = ("race_button", "hand_for_hand", "final_redraw", "confirm_all", "moves_host")


def test_a_cash_game_shows_no_tournament_control(qtbot, window_factory) -> None:
    """A cash game breaks no table, plays no hand-for-hand and races no chip (R24-R28):
    the Tables page shows no moves panel, chip race, hand-for-hand or final-table
    redraw for it."""
    window, _ordered = _cash_window(window_factory)
    page = page_of(window)
    assert all(getattr(page, name).isHidden() for name in TOURNAMENT_CONTROLS)
    assert not page.dealers.isHidden() and not page.on_tv.isHidden()


def test_a_tournament_shows_its_table_controls(qtbot, window) -> None:
    page = page_of(window)
    assert not any(getattr(page, name).isHidden() for name in TOURNAMENT_CONTROLS)
