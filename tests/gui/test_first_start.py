"""The very first start as users have it: a real locale, an empty data folder, the
welcome steps walked through to a first event.

The tests elsewhere read English under whatever the machine says (``LANGUAGE=en``,
and often ``LANG=C``); users run under ``en_US.UTF-8``, ``fr_FR.UTF-8``... Under
every usual locale the welcome once crashed before it showed (its currency step
updated a note not made yet), and under ``C`` its second step could not be
finished: these walk through it under each, in the process (offscreen) and as the
real program on a real X server (Xvfb, Qt's xcb plugin).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWizard

from director.app.files.settings import Settings
from director.core.state import EventKind
from director.gui.dialogs.welcome import WelcomeWizard

LOCALES = {
    # locale: (the language director speaks, the currency it proposes)
    "en_US.UTF-8": ("en", "USD"),
    "en_GB.UTF-8": ("en", "GBP"),
    "fr_FR.UTF-8": ("fr", "EUR"),
    "de_DE.UTF-8": ("en", "EUR"),
    "C": ("en", ""),
}


def as_users_run(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The environment of a user's session under locale ``name`` (no ``LANGUAGE=en``)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_MONETARY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", name)


@pytest.fixture(params=sorted(LOCALES))
def user_locale(request, monkeypatch) -> Iterator[str]:
    as_users_run(monkeypatch, request.param)
    yield request.param
    from director.gui.app import apply_language

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_language(app, Settings(language="en"))  # Qt's own texts back to English too


def walk_through(wizard: WelcomeWizard, qtbot, proposed: str, seen: dict[str, object]) -> None:
    """What a new user does: a name, Next, the currency proposed (or typed), Next,
    two players, Finish. ``seen`` keeps what the steps showed."""
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    try:
        seen["title"] = wizard.windowTitle()
        qtbot.keyClicks(wizard.name, "First Friday")
        assert next_button.isEnabled()
        next_button.click()
        seen["currency shown"] = wizard.currency.currentText()
        seen["next with the currency proposed"] = next_button.isEnabled()
        if not proposed:
            qtbot.keyClicks(wizard.currency.lineEdit(), "chf")
            seen["next once typed"] = next_button.isEnabled()
        next_button.click()
        seen["page"] = wizard.currentId()
        wizard.players.setPlainText("Ann\nBob")
        wizard.button(QWizard.WizardButton.FinishButton).click()
    finally:
        if wizard.isVisible():  # a step failed: never leave a modal dialog open
            wizard.reject()


def test_the_first_start_walks_through_the_welcome_in_every_usual_locale(
    qtbot, db_path, user_locale
) -> None:
    """The real start (``gui.app.start``, as ``director`` runs it) on an empty
    database: the welcome shows, proposes the country's currency, and its three
    steps create the first event, in the locale's language."""
    from director.gui.app import apply_language, start
    from director.i18n import _, language

    spoken, proposed = LOCALES[user_locale]
    settings = Settings()  # language and currency: the system's, as on a first start
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_language(app, settings)
    assert language() == spoken
    seen: dict[str, object] = {}

    def drive() -> None:
        wizard = QApplication.activeModalWidget()
        if not isinstance(wizard, WelcomeWizard):  # not shown yet: look again
            QTimer.singleShot(20, drive)
            return
        walk_through(wizard, qtbot, proposed, seen)

    QTimer.singleShot(0, drive)
    window = start(db_path, settings)
    assert window is not None
    try:
        assert seen["title"] == _("Welcome to director")
        assert seen["currency shown"] == proposed
        assert seen["next with the currency proposed"] is bool(proposed)
        if not proposed:
            assert seen["next once typed"] is True
        assert seen["page"] == 2
        state = window.controller.state
        assert state.name == "First Friday" and state.kind is EventKind.TOURNAMENT
        assert sorted(entrant.name for entrant in state.players.values()) == ["Ann", "Bob"]
        assert window.settings.welcomed
        assert window.settings.currency == (proposed or "CHF")
    finally:
        window.close()
        window.database.close()


def test_the_welcome_can_be_opened_again_from_help_in_every_usual_locale(
    qtbot, window_factory, user_locale
) -> None:
    """Help > Welcome steps opens the same steps later (it once did nothing, the
    steps failing before they showed)."""
    window = window_factory()
    wizard = WelcomeWizard(window)
    qtbot.addWidget(wizard)
    _spoken, proposed = LOCALES[user_locale]
    assert wizard.currency.currentText() == proposed
    assert wizard.second_note.text() == ""
    wizard.show()
    qtbot.keyClicks(wizard.name, "Later")
    wizard.next()
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert next_button.isEnabled() is bool(proposed)
    wizard.currency.setCurrentText("")
    assert not next_button.isEnabled()  # no currency: Next waits
    qtbot.keyClicks(wizard.currency.lineEdit(), "gbp")
    assert next_button.isEnabled()
    wizard.currency.setCurrentText("XYZ")
    assert next_button.isEnabled() and not wizard.page(1).validatePage()
    assert "XYZ" in wizard.second_note.text()  # named, and Next does not go on


# --- The real program on a real X server --------------------------------------------


def _xvfb() -> Iterator[str]:
    """A private X server (Xvfb at 1366x768, a laptop's screen); its display name.

    Its display is drawn at random among the high numbers, not the first free one
    (``-displayfd``): twice on a CI machine the server given display :0 did not keep
    it (it did not answer there, or a client was refused there a moment after it had
    answered). A server that stops, or does not answer, is replaced, up to three
    times; the last one's own words are in the failure."""
    if shutil.which("Xvfb") is None or shutil.which("xwininfo") is None:
        pytest.skip("Xvfb and xwininfo (Debian: xvfb, x11-utils) are not installed")
    said = ""
    draw = random.Random()
    for _attempt in range(3):
        number = draw.randrange(100, 1000)
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        display = f":{number}"
        # Its words to a file: a pipe nobody reads would stop it once full.
        with tempfile.TemporaryFile() as words:
            server = subprocess.Popen(
                ["Xvfb", display, "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=words,
            )
            try:
                if _answers_within(display, server, seconds=20):
                    yield display
                    return
            finally:
                server.terminate()
                server.wait(timeout=30)
                words.seek(0)
                said = words.read().decode(errors="replace")[-2000:]
    raise AssertionError(f"Xvfb does not answer: {said}")


def _answers_within(display: str, server: subprocess.Popen[bytes], seconds: float) -> bool:
    """Whether a client gets in (the socket is there and answers) within ``seconds``,
    the server still running (a display already held makes it stop at once)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        if _answers(display):
            return server.poll() is None
        time.sleep(0.1)
    return False


def _answers(display: str) -> bool:
    probe = subprocess.run(
        ["xwininfo", "-root"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        check=False,
    )
    return probe.returncode == 0


@pytest.fixture(scope="session")
def x_display() -> Iterator[str]:
    """One X server per test process for the whole run: servers started and stopped
    while another process starts its own could take each other's display."""
    yield from _xvfb()


def window_titles(display: str) -> list[str]:
    tree = subprocess.run(
        ["xwininfo", "-root", "-tree"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return [line.split('"')[1] for line in tree.splitlines() if line.count('"') >= 2]


@pytest.mark.parametrize("name", ["en_US.UTF-8", "fr_FR.UTF-8", "de_DE.UTF-8", "C"])
def test_director_starts_on_a_real_x_server_in_every_usual_locale(
    tmp_path: Path, x_display: str, name: str
) -> None:
    """``director`` itself, as a user starts it: Qt's xcb plugin (not offscreen), the
    locale's language, an empty home. The welcome must show, and the program must
    still be running, with nothing on stderr that looks like a failure."""
    from director.i18n import _, set_language

    spoken, _currency = LOCALES[name]
    set_language(spoken)
    expected = _("Welcome to director")
    set_language("en")
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("QT_", "LC_", "LANGUAGE", "WAYLAND"))
    }
    environment.update(
        LANG=name,
        DISPLAY=x_display,
        HOME=str(tmp_path),
        DIRECTOR_DATA_DIR=str(tmp_path / "data"),
        DIRECTOR_CONFIG_DIR=str(tmp_path / "config"),
        XDG_RUNTIME_DIR=str(tmp_path),
    )
    for attempt in range(2):
        process = subprocess.Popen(
            [sys.executable, "-m", "director"],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        titles: list[str] = []
        try:
            deadline = time.monotonic() + 120  # a loaded CI machine; usually 2 s
            while time.monotonic() < deadline and process.poll() is None:
                titles = window_titles(x_display)
                if expected in titles:
                    break
                time.sleep(0.2)
            running = process.poll() is None
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                _out, errors = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                _out, errors = process.communicate()
        # The X server refusing a client is the machine's, not director's (seen on a
        # CI machine): once, director is started again on the same server.
        if running or "could not connect to display" not in errors or attempt:
            break
        assert _answers(x_display), f"the X server stopped: {errors}"
    assert running, f"director exited with {process.returncode}: {errors}"
    assert expected in titles, titles
    assert "Traceback" not in errors and "Could not load the Qt platform plugin" not in errors


def test_every_page_and_the_tv_paint_in_every_usual_locale(
    qtbot, window_factory, user_locale
) -> None:
    """The demo night opened in the locale's language and currency: each page of the
    console and the TV window paint (numbers, dates and money in the locale's way)."""
    from director.gui.app import apply_language
    from director.i18n import language

    spoken, _currency = LOCALES[user_locale]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_language(app, Settings())
    assert language() == spoken
    window = window_factory()
    window.resize(1366, 768)
    window.show()
    window.open_demo()
    console = window.console
    pages = console.keys()
    assert "clock" in pages and "players" in pages
    for key in pages:
        console.show_page(key)
        assert not console.page(key).grab().isNull(), key
    window.show_display()
    assert window.display is not None
    window.display.resize(1920, 1080)
    assert not window.display.grab().isNull()
    window.display.close()
