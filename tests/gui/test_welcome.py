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
    session = window.event_list.create_from_welcome(wizard.values())
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
    state = window.event_list.create_from_welcome(wizard.values()).state
    assert state.kind is EventKind.CASH
    assert all(e.status is EntrantStatus.REGISTERED for e in state.players.values())


def test_the_demo_opens_with_a_running_clock(qtbot, window_factory) -> None:
    window = window_factory()
    window.open_demo()
    assert window.controller is not None
    assert window.controller.state.clock.running
    assert window.console.current_key() == "clock"


def test_opening_the_demo_does_not_ask_about_an_interrupted_clock(
    qtbot, window_factory, db_path, clock, monkeypatch
) -> None:

    window = window_factory(ask_resume=True)
    database = window.database
    asked = []
    monkeypatch.setattr(
        window.sessions, "ask_resume_choice", lambda *f: asked.append(1) or "paused"
    )
    window.open_demo()
    assert asked == []
    assert window.controller.state.clock.running
    window.close()
    database.close()


def test_the_first_night_is_one_undo_step_and_bad_input_writes_nothing(
    qtbot, window_factory, monkeypatch
) -> None:
    from director.app.club.roster import Roster

    window = window_factory()
    wizard = WelcomeWizard(window)
    qtbot.addWidget(wizard)
    wizard.name.setText("First Friday")
    wizard.players.setPlainText("Ann\nBob")
    session = window.event_list.create_from_welcome(wizard.values())
    assert window.undo_action.text() == "&Undo: set up the event (2 players)"
    session.undo()
    state = session.state
    assert state.players == {} and state.money.chips == 0 and not state.structure.items
    assert not session.can_undo()  # the event itself stays, empty
    # Refused input (a bounty... here a name too long): shown, nothing written at all.
    shown = []
    monkeypatch.setattr(
        "director.gui.window.events_page.show_error", lambda parent, error, **k: shown.append(error)
    )
    before = len(window.library.events())
    wizard.name.setText("x" * 500)
    wizard.players.setPlainText("Carl")
    assert window.event_list.create_from_welcome(wizard.values()) is None
    assert shown and len(window.library.events()) == before
    assert Roster(window.database).find("Carl") is None


def test_the_currency_is_chosen_in_the_welcome(qtbot, window_factory, monkeypatch) -> None:
    from director.i18n import system_currency

    for variable in ("LC_ALL", "LC_MONETARY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert system_currency() == "EUR"
    monkeypatch.setenv("LANG", "C")
    assert system_currency() is None  # LANG=C says nothing: the organizer chooses
    window = window_factory()
    wizard = WelcomeWizard(window)
    qtbot.addWidget(wizard)
    assert wizard.currency.currentText() == ""
    prices = wizard.page(1)
    assert not prices.validatePage()
    assert "currency" in wizard.second_note.text()
    wizard.currency.setCurrentText("usd")
    assert prices.validatePage()
    assert wizard.buy_in.text() == "$20.00" and wizard.buy_in.value() == 2000
    assert wizard.values()["currency"] == "USD"
