"""A quiet start: Qt's multimedia and PulseAudio chatter stays off stderr unless
``--verbose``; with no audio output the status bar says once that sounds are off
and the clock runs as ever; ``director status 1 --json | head -1`` ends quietly."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from director.core import commands as c
from director.gui.qt_messages import is_chatter, quiet_environment

CHATTER = ("qt.multimedia", "PulseAudioService", "pa_context_connect")

START_AND_QUIT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    import director.gui.app as gui

    started = gui.start

    def start(*args, **kwargs):
        window = started(*args, **kwargs)
        print("status bar:", window.sound_note.text(), flush=True)
        QTimer.singleShot(200, QApplication.quit)
        return window

    gui.start = start
    from director.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)


def start_app(db_path, *extra: str) -> subprocess.CompletedProcess[str]:
    from director.cli import main

    if not db_path.exists():
        assert main(["demo", "--db", str(db_path)]) == 0  # no welcome dialog
    return subprocess.run(
        [sys.executable, "-c", START_AND_QUIT, "--db", str(db_path), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def test_the_app_starts_without_multimedia_chatter_unless_verbose(db_path) -> None:
    quiet = start_app(db_path)
    assert quiet.returncode == 0, quiet.stderr
    assert not [line for line in quiet.stderr.splitlines() if any(w in line for w in CHATTER)], (
        quiet.stderr
    )
    assert "status bar:" in quiet.stdout
    verbose = start_app(db_path, "--verbose")
    assert verbose.returncode == 0, verbose.stderr
    if not any(word in verbose.stderr for word in CHATTER):
        pytest.skip("this machine's sound system says nothing even with --verbose")


def test_quiet_rules_keep_the_users_own() -> None:
    environ = {"QT_LOGGING_RULES": "qt.widgets*=true"}
    quiet_environment(False, environ)
    assert environ["QT_LOGGING_RULES"] == "qt.widgets*=true;qt.multimedia*=false"
    quiet_environment(False, environ)  # not twice
    assert environ["QT_LOGGING_RULES"].count("multimedia") == 1
    verbose: dict[str, str] = {}
    quiet_environment(True, verbose)
    assert verbose == {}
    assert is_chatter("qt.multimedia.ffmpeg", "Using Qt multimedia with FFmpeg")
    assert is_chatter("default", "PulseAudioService: pa_context_connect() failed")
    assert not is_chatter("default", "Database is locked")


def test_no_audio_output_says_once_that_sounds_are_off_and_the_clock_runs(
    window_factory, clock, monkeypatch
) -> None:
    from director.gui.sound import SoundPlayer

    monkeypatch.setattr(SoundPlayer, "available", lambda self: False)
    window = window_factory()
    path_message = window.statusBar().currentMessage()
    window.check_audio()
    assert window.sound_note.text() == "No audio output found: sounds are off."
    assert window.sound_note.isVisibleTo(window)
    assert window.statusBar().currentMessage() == path_message  # the database's path stays
    assert window.sound.no_output
    from director.core.clock import CueKind

    assert not window.sound.play(CueKind.LEVEL_START)
    session = window.library.create("Quiet night")
    window.open_session(session)
    from director.app.files import structures

    template = structures.find("regular-5000")
    assert template is not None
    window.controller.run(c.SetStructure(structure=template.template.structure))
    window.controller.run(c.StartClock())
    first = window.ticker.data.time_text
    clock.advance(61_000)
    window.ticker.update()
    assert window.ticker.data.running and window.ticker.data.time_text != first


def test_no_message_when_there_is_an_audio_output(window_factory, monkeypatch) -> None:
    from director.gui.sound import SoundPlayer

    monkeypatch.setattr(SoundPlayer, "available", lambda self: True)
    window = window_factory()
    window.check_audio()
    assert not window.sound_note.isVisibleTo(window)
    assert not window.sound.no_output


def test_status_json_into_a_closed_pipe_ends_quietly(db_path) -> None:
    """``director status 1 --json | head -1``: the reader goes away early."""
    from director.cli import main

    assert main(["demo", "--db", str(db_path)]) == 0
    process = subprocess.Popen(
        [sys.executable, "-m", "director", "status", "1", "--json", "--db", str(db_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like ``head`` once it has its line
    with process.stderr:
        errors = process.stderr.read()
    assert process.wait(timeout=120) == 0
    assert "Traceback" not in errors and "BrokenPipe" not in errors, errors
    assert errors == ""


def test_status_json_read_to_the_first_line_only(db_path) -> None:
    from director.cli import main

    assert main(["demo", "--db", str(db_path)]) == 0
    command = (
        f"{sys.executable} -m director status 1 --json --db '{db_path}' | head -1; "
        'exit "${PIPESTATUS[0]}"'
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout == "{\n"
    assert done.stderr == "" and done.returncode == 0
