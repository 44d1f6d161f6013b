"""The first start: welcome steps and the demo."""

from __future__ import annotations

from director.core.players import EntrantStatus
from director.core.state import EventKind
from director.gui.dialogs.welcome import WelcomeWizard


def test_first_start_offers_the_welcome_only_once(qtbot, window_factory, monkeypatch) -> None:
    window = window_factory()
    shown = []
    monkeypatch.setattr(window, "show_welcome", lambda: shown.append(True))
    window.settings = window.settings.with_changes(welcomed=False)
    window.welcome_if_new()
    assert shown == [True]
    window.library.create("Already one").close()
    window.welcome_if_new()
    assert shown == [True]


def test_the_three_steps_create_a_first_event(qtbot, window_factory) -> None:
    window = window_factory()
    wizard = WelcomeWizard(window)
    qtbot.addWidget(wizard)
    wizard.name.setText("First Friday")
    wizard.buy_in.setText("25")
    wizard.chips.setText("10,000")
    wizard.template.setCurrentIndex(wizard.template.findData("deep-10000"))
    wizard.players.setPlainText("Ann\nBob\n\nZoë\nann")
    session = window.create_from_welcome(wizard.values())
    state = session.state
    assert state.name == "First Friday" and state.kind is EventKind.TOURNAMENT
    assert state.money.buy_in == 2500 and state.money.chips == 10_000
    assert len(state.structure.levels()) > 10
    assert sorted(e.name for e in state.players.values()) == ["Ann", "Bob", "Zoë"]
    assert all(e.status is EntrantStatus.PLAYING for e in state.players.values())
    assert window.console is not None


def test_a_first_cash_game_registers_players(qtbot, window_factory) -> None:
    window = window_factory()
    wizard = WelcomeWizard(window)
    qtbot.addWidget(wizard)
    wizard.kind.setCurrentIndex(1)
    wizard.name.setText("Cash Saturday")
    wizard.players.setPlainText("Ann\nBob")
    state = window.create_from_welcome(wizard.values()).state
    assert state.kind is EventKind.CASH
    assert all(e.status is EntrantStatus.REGISTERED for e in state.players.values())


def test_the_demo_opens_with_a_running_clock(qtbot, window_factory) -> None:
    window = window_factory()
    window.open_demo()
    assert window.controller is not None
    assert window.controller.state.clock.running
    assert window.console.current_key() == "clock"


def test_opening_the_demo_does_not_ask_about_an_interrupted_clock(
    qtbot, db_path, clock, monkeypatch
) -> None:
    from director.gui.main_window import MainWindow
    from director.persistence.db import open_database

    database = open_database(db_path)
    window = MainWindow(database, clock=clock, ask_resume=True)
    qtbot.addWidget(window)
    asked = []
    monkeypatch.setattr(window, "ask_resume_choice", lambda: asked.append(1) or "paused")
    window.open_demo()
    assert asked == []
    assert window.controller.state.clock.running
    window.close()
    database.close()
