"""The organizer's main window, as the rest of the program imports it.

The window is in ``director/gui/window/`` (the frame in ``main.py``, and a host per
concern beside it); this module keeps ``from director.gui.main_window import
MainWindow`` working for the app, the benches and the tests.
"""

from __future__ import annotations

from director.gui.window.main import MainWindow
from director.gui.window.session_host import duration_text, resume_question

__all__ = ["MainWindow", "duration_text", "resume_question"]
