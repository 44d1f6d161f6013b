"""The screen kept awake (issue 34, item 1) through wakepy's keep.presenting mode:
refused for real where the system has no way to do it (this machine has no desktop
session bus), granted through wakepy's own fake method (WAKEPY_FAKE_SUCCESS)."""

from __future__ import annotations

import sys

import pytest
import wakepy

from director.app.tv.awake import AwakeState, ScreenAwake


@pytest.fixture
def no_desktop(monkeypatch):
    """A Linux session without a desktop bus: every way wakepy knows is refused."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the refusal is made for real on Linux only")
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.delenv("WAKEPY_FAKE_SUCCESS", raising=False)


def test_a_refusal_is_said_with_the_ways_tried_and_nothing_is_held(no_desktop) -> None:
    awake = ScreenAwake()
    state = awake.want(True)
    assert state.wanted and not state.held and state.refused
    assert "org.freedesktop.ScreenSaver" in state.refused_by
    # The system's own reason, and the ways tried, for the tooltip.
    assert "DBUS_SESSION_BUS_ADDRESS" in state.detail
    assert all(way in state.detail for way in state.refused_by)
    assert state.text() == "The screen may go to sleep: the system refused to keep it awake."
    assert wakepy.modecount() == 0  # a refused mode is not left entered
    # Asked once: wanting it again changes nothing until it was let go.
    assert awake.want(True) is state
    assert awake.want(False) == AwakeState()
    assert awake.state.text() == ""


def test_granted_the_lock_is_held_until_let_go(monkeypatch) -> None:
    monkeypatch.setenv("WAKEPY_FAKE_SUCCESS", "1")
    awake = ScreenAwake()
    state = awake.want(True)
    assert state.held and not state.refused and state.text() == ""
    (mode,) = wakepy.global_modes()
    assert mode.active and mode.active_method is not None
    assert mode.active_method.name == "WakepyFakeSuccess"
    awake.want(False)
    assert wakepy.modecount() == 0 and not mode.active
    awake.want(True)
    awake.release()
    assert wakepy.modecount() == 0 and awake.state == AwakeState()


def test_without_wakepy_the_screen_is_said_to_be_unheld(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "wakepy", None)  # import wakepy raises ImportError
    state = ScreenAwake().want(True)
    assert state.refused and state.refused_by == ()
    assert state.text() == "The screen may go to sleep: it cannot be kept awake on this system."


def test_the_refusal_is_said_in_french(no_desktop) -> None:
    from director.i18n import in_language

    state = ScreenAwake().want(True)
    with in_language("fr"):
        assert state.text() == (
            "L'écran peut se mettre en veille : le système refuse de le garder allumé."
        )
