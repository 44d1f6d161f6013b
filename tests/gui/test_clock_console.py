"""The console's clock: hotkeys, buttons, resume after a crash, sounds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from director.app.files import structures
from director.core import commands as c
from director.core.clock import CueKind
from director.gui.pages.clock_page import ClockPage
from director.gui.sound import SoundPlayer
from tests.core.helpers import MIN


@pytest.fixture
def window(event_window):
    return event_window(
        commands=[c.SetStructure(structure=structures.find("regular-5000").template.structure)],
        page="clock",
        shown=True,
    )


def test_hotkeys_drive_the_clock(qtbot, window, clock) -> None:
    state = lambda: window.controller.state  # noqa: E731
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert state().clock.running
    clock.advance(MIN)
    qtbot.keyClick(window, Qt.Key.Key_Minus)
    assert window.ticker.view().remaining == 18 * MIN
    qtbot.keyClick(window, Qt.Key.Key_Plus)
    assert window.ticker.view().remaining == 19 * MIN
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.ticker.view().index == 1
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.ticker.view().index == 0
    clock.advance(20 * MIN)
    assert window.ticker.view().pending is not None
    qtbot.keyClick(window, Qt.Key.Key_N)
    assert window.ticker.view().pending is None
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not state().clock.running
    assert window.undo_action.text() == "&Undo: pause the clock"


def test_typing_in_a_text_field_does_not_trigger_hotkeys(qtbot, window) -> None:
    window.console.show_page("event")
    field = window.console.page("event").venue
    field.setFocus()
    qtbot.keyClicks(field, "N +")
    assert field.text() == "N +"
    assert not window.controller.state.clock.started


def test_buttons_and_face_follow_the_state(qtbot, window, clock) -> None:
    page = window.console.page("clock")
    assert isinstance(page, ClockPage)
    assert page.start_button.text() == "Start"
    page.start_button.click()
    assert page.start_button.text() == "Pause"
    clock.advance(5 * MIN)
    window.ticker.update()
    assert page.face.data.time_text == "15:00"
    page.start_button.click()
    assert page.start_button.text() == "Resume"
    assert page.face.data.paused


def test_help_overlay_lists_the_hotkeys(qtbot, window) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    descriptions = [text for _keys, text in window.help_overlay.lines()]
    assert "Next level" in descriptions and "Add a minute" in descriptions
    qtbot.keyClick(window.help_overlay, Qt.Key.Key_Escape)
    assert not window.help_overlay.isVisible()


def test_cues_play_sounds_and_silence_never_stops_the_clock(
    qtbot, window, clock, monkeypatch
) -> None:
    window.controller.dispatch(c.StartClock())
    played = []
    monkeypatch.setattr(window.sound, "play", lambda kind: played.append(kind) or False)
    clock.advance(19 * MIN + 1)
    window.ticker.update()
    clock.advance(MIN)
    window.ticker.update()
    assert played == [CueKind.ONE_MINUTE, CueKind.LEVEL_START]


def test_a_broken_audio_stack_is_silent_not_fatal(monkeypatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_multimedia(name, *args, **kwargs):
        if name.startswith("PySide6.QtMultimedia") or name.startswith("PySide6.QtTextToSpeech"):
            raise ImportError("libpulse.so.0: cannot open shared object file")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_multimedia)
    player = SoundPlayer(voice=True)
    assert player.play(CueKind.LEVEL_START) is False
    assert player.say("Level 2") is False
    assert player.available() is False


def test_muted_plays_nothing() -> None:
    player = SoundPlayer(muted=True)
    assert player.play(CueKind.LEVEL_START) is False


@pytest.mark.parametrize("choice", ["catch_up", "paused"])
def test_reopening_a_running_clock_offers_catch_up_or_resume_paused(
    qtbot, window_factory, clock, monkeypatch, choice
) -> None:
    from tests.gui.conftest import close

    first = window_factory()
    session = first.library.create("Crash night")
    session.dispatch(c.SetStructure(structure=structures.find("regular-5000").template.structure))
    first.open_session(session)
    first.controller.dispatch(c.StartClock())
    clock.advance(3 * MIN)
    first.controller.session.mark_alive(running=True)
    event_id = session.tournament_id
    # The laptop dies: no clean close, the clock was running.
    first.sessions.controller = None
    close(first)
    clock.advance(10 * MIN)

    second = window_factory()
    second.sessions.ask_resume = True
    monkeypatch.setattr(second.sessions, "ask_resume_choice", lambda *found: choice)
    second.open_event(event_id)
    view = second.ticker.view()
    if choice == "catch_up":
        assert view.running and view.remaining == 7 * MIN
    else:
        assert not view.running and view.remaining == 17 * MIN


def test_f5_opens_the_display_which_follows_the_clock(qtbot, window, clock) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.display is not None and window.display.isVisible()
    window.controller.dispatch(c.StartClock())
    clock.advance(2 * MIN)
    window.ticker.update()
    assert window.display.face.data.time_text == "18:00"
    window.display.close()
    assert not window.display.isVisible()


def test_closing_an_event_stops_its_clock_ticker_and_display(qtbot, window) -> None:
    window.show_display()
    window.controller.dispatch(c.StartClock())
    ticker, feed, session = window.ticker, window.feed, window.controller.session
    assert ticker._timer.isActive()
    window.close_session()
    assert window.ticker is None and window.display is None and window.feed is None
    assert not ticker._timer.isActive()
    # Neither the feed nor the ticker follows the closed session any more.
    assert len(session._listeners) == 0 and len(feed._listeners) == 0


def test_tables_keep_their_arrow_keys(qtbot, window) -> None:
    window.console.show_page("structure")
    page = window.console.page("structure")
    page.table.setFocus()
    page.table.selectRow(0)
    before = window.ticker.view().index
    qtbot.keyClick(page.table, Qt.Key.Key_Down)
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    assert window.ticker.view().index == before  # the arrows moved in the table, not the clock
    assert page.table.currentIndex().row() == 1


def test_the_voice_speaks_the_language_of_the_app() -> None:
    from PySide6.QtCore import QLocale

    from director.gui.sound import voice_locale

    engine = [QLocale("en_US"), QLocale("fr_CA"), QLocale("fr_FR"), QLocale("de_DE")]
    assert voice_locale(engine, "fr").name() == "fr_FR"
    assert voice_locale(engine, "en").name() == "en_US"
    assert voice_locale([QLocale("fr_CA")], "fr").name() == "fr_CA"
    assert voice_locale([QLocale("en_GB")], "fr") is None


@pytest.fixture
def no_desktop(monkeypatch):
    """A Linux session without a desktop bus: the system refuses for real."""
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("the refusal is made for real on Linux only")
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.delenv("WAKEPY_FAKE_SUCCESS", raising=False)


def test_the_status_bar_says_when_the_screen_cannot_be_kept_awake(
    qtbot, window, no_desktop
) -> None:
    """Issue 34, item 1: while the clock runs or the TV is full screen the screen is
    held awake; where the system refuses, a status-bar line says so."""
    note = window.tv.awake_note
    assert note.isHidden()
    window.controller.dispatch(c.StartClock())
    assert window.awake.state.refused and not note.isHidden()
    assert note.text() == "The screen may go to sleep: the system refused to keep it awake."
    assert "org.freedesktop.ScreenSaver" in note.toolTip()  # the ways tried, and why not
    assert "DBUS_SESSION_BUS_ADDRESS" in note.toolTip()
    window.controller.dispatch(c.PauseClock())
    assert note.isHidden() and not window.awake.state.wanted
    # The TV full screen wants it too, paused or not; back in a window, it does not.
    window.show_display()
    assert window.display.isFullScreen() and window.awake.state.wanted
    assert not note.isHidden()
    qtbot.keyClick(window.display, Qt.Key.Key_Escape)
    assert not window.display.isFullScreen()
    assert not window.awake.state.wanted and note.isHidden()
    qtbot.keyClick(window.display, Qt.Key.Key_F11)
    assert window.awake.state.wanted
    window.display.close()
    qtbot.waitUntil(lambda: not window.awake.state.wanted)


def test_the_screen_is_held_awake_while_the_clock_runs(qtbot, window, monkeypatch) -> None:
    """Granted (wakepy's own fake method): held while the clock runs, nothing said,
    let go when the clock stops and when the event closes."""
    import wakepy

    monkeypatch.setenv("WAKEPY_FAKE_SUCCESS", "1")
    window.controller.dispatch(c.StartClock())
    assert window.awake.state.held and window.tv.awake_note.isHidden()
    assert wakepy.modecount() == 1
    window.controller.dispatch(c.PauseClock())
    assert wakepy.modecount() == 0
    window.controller.dispatch(c.StartClock())
    assert wakepy.modecount() == 1
    window.close_session()
    assert wakepy.modecount() == 0 and not window.awake.state.wanted


def test_closing_an_event_whose_clock_runs_marks_it_alive(window_factory, clock) -> None:
    """The next start tells a clock left running from a crash by the alive mark: an
    event closed with its clock running says when it was last seen alive."""
    window = window_factory()
    session = window.library.create("Friday")
    window.open_session(session)
    structure = structures.find("regular-5000").template.structure
    window.controller.run(c.SetStructure(structure=structure))
    window.controller.run(c.StartClock())
    clock.now += 90_000
    window.close_session()
    assert session.alive_at() == clock.now
